// The page under the server's limits on expensive work: while another request
// of the same client (127.0.0.1) holds its one share, the page's Hint gets 429
// with Retry-After, waits that long and asks again, and the hint appears — no
// error shown. (`--per-client 1 --budget 3`: the other request, a generator
// run that finds nothing for over a minute, is cut after 3 s.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, stopServer, tempDb } from './server.mjs';
import { EASY, launch, notFirstVisit, settle, watchErrors } from './common.mjs';

let server, browser;
const errors = [];

before(async () => {
  server = await startServer(tempDb(), ['--per-client', '1', '--budget', '3']);
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await stopServer(server);
  assert.deepEqual(errors, [], 'no script error on the page');
});

test('a 429 is waited out: the page asks again after Retry-After and shows the hint', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await notFirstVisit(context);
  const page = await context.newPage();
  watchErrors(page, errors);
  const statuses = [];
  page.on('response', r => { if (r.url().endsWith('/api/hint')) statuses.push(r.status()); });
  await page.goto(`${server.url}/?p=${EASY}`);
  await page.click('#btn-solve');
  await page.waitForFunction(() => document.getElementById('level').textContent !== '–');
  await settle(page);
  // The same client's long request takes its one share...
  const long = fetch(`${server.url}/api/generate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ level: 'hard', variant: 'color-diagonal', seed: 1 }),
  });
  let refused;
  for (let i = 0; i < 50 && !refused; i++) {
    await new Promise(r => setTimeout(r, 100));
    const probe = await fetch(`${server.url}/api/rate?p=${EASY}`);
    if (probe.status === 429) refused = probe;
  }
  assert.ok(refused, 'the long request holds the share');
  const wait = Number(refused.headers.get('retry-after'));
  assert.ok(wait >= 1 && wait <= 3, `Retry-After ${wait}`);
  // ...so the page's hint is refused first, then served.
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint 1\/3: /.test(document.getElementById('explain').textContent),
    null, { timeout: 15000 });
  assert.equal(statuses[0], 429, `statuses ${statuses}`);
  assert.equal(statuses.at(-1), 200, `statuses ${statuses}`);
  assert.equal(await page.locator('#message.err').count(), 0, 'no error shown');
  const answer = await long;
  assert.equal(answer.status, 503, 'the long request is cut at its budget');
  const cut = await answer.json();
  assert.equal(cut.code, 'out-of-time', JSON.stringify(cut));
  assert.match(cut.error, /more than the 3 s/);
  await context.close();
});
