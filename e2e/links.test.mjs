// Browser tests of the puzzle by its address: /?p=…&v=… opens it in the
// trainer (Copy link gives that address back), /explain?p=…&mode=…&lang=… is
// the printable solution path with a drawing per step, bad addresses get a
// message, and "Watch the logic" walks the path forward and backward.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, stopServer } from './server.mjs';
import { EASY, SHOTS, launch, notFirstVisit, settle, gridLine, watchErrors } from './common.mjs';

const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
/// One of the seed's diagonal examples (0 for an empty cell, as it writes them).
const DIAG = '000000000000000000000040000300000002006070100504203907200831006000000000900000008';

let server, browser, context;
const errors = [];

before(async () => {
  server = await startServer();
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await notFirstVisit(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});

after(async () => {
  if (browser) await browser.close();
  if (server) await stopServer(server);
  assert.deepEqual(errors, [], 'no script error on any page');
});

async function open(url) {
  const page = await context.newPage();
  watchErrors(page, errors);
  await page.goto(server.url + url);
  return page;
}
const values = gridLine;

test('an address with a puzzle opens it in the trainer, and Copy link gives it back', async () => {
  const page = await open(`/?p=${DIAG}&v=diagonal`);
  await settle(page);
  await page.waitForFunction(() => document.getElementById('level').textContent !== '–');
  assert.equal(await values(page), DIAG.replace(/0/g, '.'));
  assert.equal(await page.locator('#variant').inputValue(), 'diagonal');
  assert.ok(await page.locator('#btn-solve').evaluate(b => b.classList.contains('on')), 'in Solve');
  assert.equal(new URL(page.url()).search, '', 'the address is tidied');
  await page.click('#btn-link');
  await page.waitForFunction(() => /Link copied/.test(document.getElementById('message').textContent));
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${server.url}/?p=${DIAG.replace(/0/g, '.')}&v=diagonal`);
  await page.screenshot({ path: path.join(SHOTS, '30-opened-from-link.png') });
  await page.close();
});

test('a bad address is named and the page works on', async () => {
  const page = await open('/?p=12345&v=standard');
  await settle(page);
  assert.match(await page.locator('#message').textContent(), /does not give a puzzle/);
  assert.equal(await page.locator('#grid .cell').count(), 81);
  const other = await open(`/?p=${EASY}&v=hexagonal`);
  await settle(other);
  assert.match(await other.locator('#message').textContent(), /v: hexagonal/);
  await page.close(); await other.close();
});

test('the printable solution path: every step with its text, points and drawing (German, synchronous)', async () => {
  const page = await open(`/explain?p=${HARD}&v=standard&mode=sync&lang=de`);
  await page.waitForFunction(() => document.body.dataset.ready === 'ok', null, { timeout: 60000 });
  assert.equal(await page.locator('#title').textContent(), 'Lösungsweg');
  const steps = await page.locator('.path-step').count();
  assert.ok(steps > 20, `${steps} steps`);
  assert.match(await page.locator('#rating').textContent(), /Punkte/);
  // Every step has a grid of its position; steps past the singles draw.
  assert.equal(await page.locator('.path-step .grid.mini').count(), steps);
  const drawn = await page.$$eval('.path-step svg.overlay', ss => ss.filter(s => Number(s.dataset.count) > 0).length);
  assert.ok(drawn >= steps / 2, `${drawn} of ${steps} steps drawn`);
  assert.ok(await page.locator('.path-step svg [data-shape=house][data-role=base]').count() > 0 ||
    await page.locator('.path-step svg [data-shape=arrow]').count() > 0, 'patterns are drawn');
  await page.screenshot({ path: path.join(SHOTS, '31-explain-page-de.png') });
  await page.emulateMedia({ media: 'print' });
  assert.ok(await page.locator('.path-step').first().isVisible(), 'the path prints');
  await page.emulateMedia({ media: 'screen' });
  await page.close();
});

test('the solution path page names a bad address', async () => {
  for (const [q, needle] of [['p=123', "parameter 'p'"], [`p=${HARD}&mode=fast`, "parameter 'mode'"],
    ['', "parameter 'p'"]]) {
    const page = await open(`/explain?${q}`);
    await page.waitForFunction(() => document.body.dataset.ready === 'error');
    assert.match(await page.locator('#status').textContent(), new RegExp(needle.replace(/[()]/g, '\\$&')));
    await page.close();
  }
});

test('in German, the server\'s errors are German: its code and args, not its English', async () => {
  for (const [q, says] of [['p=123', "Parameter 'p': ein Gitter hat 81 Zeichen, hier sind es 3."],
    [`p=${HARD}&mode=fast`, "Parameter 'mode': 'fast' ist nicht async, sync, semi oder pseudo."],
    [`p=11${HARD.slice(2)}`, 'Die Givens sind widerspruchsvoll: die 1 steht zweimal in Zeile 1 (r1c1, r1c2).']]) {
    const page = await open(`/explain?${q}&lang=de`);
    await page.waitForFunction(() => document.body.dataset.ready === 'error');
    assert.equal(await page.locator('#status').textContent(), `Diese Adresse gibt kein Puzzle zum Erklären: ${says}`);
    await page.close();
  }
});

test('the page is rendered on the server: readable without JavaScript, and a puzzle with several solutions gets its partial path', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${server.url}/explain?p=${HARD}&lang=de`);
  assert.ok(await page.locator('.path-step').count() > 20);
  assert.match(await page.locator('#rating').textContent(), /Normierte Punktzahl \(ab 17 Ausgangszahlen\)/);
  await page.goto(`${server.url}/explain?${'.'.repeat(81)}`);
  assert.match(await page.locator('#status').textContent(), /mehr als eine Lösung/);
  await context.close();
  const js = await open(`/explain?p=${'.'.repeat(81)}&lang=en`);
  await js.waitForFunction(() => document.body.dataset.ready === 'ok');
  assert.match(await js.locator('#status').textContent(), /more than one solution.*logic alone takes 1 step/);
  await js.close();
});

test('a colour-diagonal path prints its diagonals and colour groups without background graphics', async () => {
  const P = '460090500057230004000700000009350200603001000000000000000020080140509000090000000';
  const page = await open(`/explain?p=${P}&v=color-diagonal`);
  await page.waitForFunction(() => document.body.dataset.ready === 'ok');
  await page.emulateMedia({ media: 'print' });
  const start = page.locator('#start');
  assert.equal(await start.locator('.cell.diag').count(), 17, 'both diagonals');
  const outline = await start.locator('.cell.diag').first().evaluate(c => getComputedStyle(c, '::before').borderTopStyle);
  assert.equal(outline, 'dotted', 'a diagonal cell prints an outline, not a tint');
  const letters = await start.locator('.cell[data-group]').evaluateAll(cs => cs.map(c => getComputedStyle(c, '::after').content));
  assert.equal(letters.length, 81);
  assert.equal(new Set(letters).size, 9, 'nine groups, each its letter');
  await page.screenshot({ path: path.join(SHOTS, '32-explain-print-color-diagonal.png') });
  await page.emulateMedia({ media: 'screen' });
  await page.close();
});

test('Watch the logic walks the solution path forward and backward', async () => {
  const page = await open(`/?p=${EASY}`);
  await settle(page);
  await page.click('#btn-logic');
  await page.waitForFunction(() => !document.getElementById('replay').hidden);
  assert.match(await page.locator('#explain').textContent(), /^Step 1 of \d+: /);
  const first = await values(page);
  assert.equal(first, EASY);
  await page.click('#replay-next');
  await page.click('#replay-next');
  assert.match(await page.locator('#explain').textContent(), /^Step 3 of /);
  const later = await values(page);
  assert.ok([...later].filter(c => c !== '.').length > [...EASY].filter(c => c !== '.').length, 'digits were placed');
  assert.ok(Number(await page.locator('#overlay').getAttribute('data-count')) > 0, 'the step is drawn');
  await page.screenshot({ path: path.join(SHOTS, '32-watch-the-logic.png') });
  await page.click('#replay-prev');
  assert.match(await page.locator('#explain').textContent(), /^Step 2 of /);
  await page.click('#replay-close');
  assert.ok(await page.locator('#replay').isHidden());
  assert.equal(await values(page), EASY, 'the player\'s grid is back');
  await page.close();
});

test('every technique family is drawn: chains, fish houses and fins, wing hinges, colours, ALS sets, effects', async () => {
  // A top1465 puzzle whose synchronous path takes a fish with fins, a wing,
  // a colouring, chains and almost locked sets.
  const P = '......41.9..3.....3...5.....48..7..........52.1.......6..2....5.7....8......9....';
  const page = await open(`/explain?p=${P}&mode=sync`);
  await page.waitForFunction(() => document.body.dataset.ready === 'ok', null, { timeout: 60000 });
  const count = sel => page.locator(`.path-step svg ${sel}`).count();
  const want = {
    'chain arrows, strong': '[data-shape=arrow][data-kind=strong]',
    'chain arrows, weak': '[data-shape=arrow][data-kind=weak]',
    'fish base houses': '[data-shape=house][data-role=base]',
    'fish cover houses': '[data-shape=house][data-role=cover]',
    'fins': '[data-shape=cell][data-role=fin]',
    'wing hinges': '[data-shape=cell][data-role=hinge]',
    'the other colour / side': '[data-shape=mark][data-role=alt]',
    'ALS sets with labels': '[data-shape=set][data-label=A]',
    'eliminations struck': '[data-shape=mark][data-role=eliminated] path',
    'placements marked': '[data-shape=mark][data-role=placed]',
  };
  for (const [what, sel] of Object.entries(want)) assert.ok(await count(sel) > 0, what);
  const fish = page.locator('.path-step', { has: page.locator('svg [data-shape=house][data-role=cover]') }).first();
  await fish.scrollIntoViewIfNeeded();
  await fish.screenshot({ path: path.join(SHOTS, '33-fish-drawn.png') });
  const als = page.locator('.path-step', { has: page.locator('svg [data-shape=set]') }).first();
  await als.screenshot({ path: path.join(SHOTS, '34-als-drawn.png') });
  await page.close();
});
