// Browser tests of the trainer as a phone app: grid and pad on one screen
// without scrolling from 360x640 up, portrait and landscape, touch targets of
// at least 44 px, the hint's text and Apply on the same screen at 360x640
// (with accounts, logged out and in), a web app manifest and a service worker that opens the app
// (with the kept game) without a network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { EASY, SHOTS, useServerAndBrowser, notFirstVisit, openPage, settle, watchErrors } from './common.mjs';
import { startServer, stopServer } from './server.mjs';

const env = useServerAndBrowser();


const phone = (width, height) => openPage(env, `/?p=${EASY}`, { viewport: { width, height }, mobile: true });

for (const [w, h] of [[360, 640], [390, 844], [640, 360], [844, 390]]) {
  test(`${w}x${h}: grid, pad and the quick buttons on one screen, touch targets of 44 px`, async () => {
    const { context, page } = await phone(w, h);
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    for (const sel of ['#grid', '#pad', '.quick']) {
      const b = await page.locator(sel).boundingBox();
      assert.ok(b.x >= 0 && b.y >= 0 && b.x + b.width <= w + 0.5 && b.y + b.height <= h + 0.5,
        `${sel} ${JSON.stringify(b)} inside ${w}x${h}`);
    }
    const small = await page.$$eval('.play button, header button, header select', els => els
      .filter(e => e.offsetParent !== null)
      .map(e => { const r = e.getBoundingClientRect(); return { id: e.id || e.textContent.trim(), w: r.width, h: r.height }; })
      .filter(r => r.w < 44 || r.h < 44));
    assert.deepEqual(small, [], 'every pad, quick and header control is at least 44 px');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= w, 'no sideways scrolling');
    // Play by touch alone.
    const empty = EASY.indexOf('.');
    await page.locator(`#grid .cell[data-cell="${empty}"]`).tap();
    await page.locator('#pad button[data-digit="4"]').tap();
    await settle(page);
    assert.match(await page.locator(`#grid .cell[data-cell="${empty}"]`).textContent(), /4/);
    await page.screenshot({ path: path.join(SHOTS, `50-phone-${w}x${h}.png`) });
    await context.close();
  });
}

test('installable: a manifest with icons, and a service worker that opens the app offline', async () => {
  const { context, page } = await phone(390, 844);
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  const manifest = await (await fetch(env.server.url + href)).json();
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.start_url, '/');
  for (const icon of manifest.icons) {
    const r = await fetch(env.server.url + icon.src);
    assert.equal(r.status, 200, icon.src);
  }
  assert.ok(manifest.icons.some(i => i.sizes === '512x512'));
  await page.waitForFunction(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return !!(reg && reg.active);
  }, null, { timeout: 20000 });
  await page.reload();
  await settle(page);
  assert.ok(await page.evaluate(() => !!navigator.serviceWorker.controller), 'the worker controls the page');
  // Play a digit, go offline, reopen: the app and the game are there.
  const empty = EASY.indexOf('.');
  await page.locator(`#grid .cell[data-cell="${empty}"]`).tap();
  await page.locator('#pad button[data-digit="4"]').tap();
  await settle(page);
  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('#grid .cell[data-cell="80"]');
  assert.match(await page.locator(`#grid .cell[data-cell="${empty}"]`).textContent(), /4/);
  // Offline play goes on, and the page says what waits for the server.
  const next = EASY.indexOf('.', empty + 1);
  await page.locator(`#grid .cell[data-cell="${next}"]`).tap();
  await page.locator('#pad button[data-digit="7"]').tap();
  await page.waitForFunction(() => /Offline/.test(document.getElementById('message').textContent));
  assert.match(await page.locator(`#grid .cell[data-cell="${next}"]`).textContent(), /7/);
  await page.locator('#btn-undo').tap();
  assert.doesNotMatch(await page.locator(`#grid .cell[data-cell="${next}"]`).textContent(), /7/);
  await page.screenshot({ path: path.join(SHOTS, '51-phone-offline.png') });
  // The solution path offline: the kept shell says it needs the server, in
  // words, never the browser's "Failed to fetch".
  await page.goto(`${env.server.url}/explain?p=${EASY}`);
  await page.waitForFunction(() => ['ok', 'error'].includes(document.body.dataset.ready));
  const said = await page.locator('body').textContent();
  assert.match(said, /Offline/);
  assert.doesNotMatch(said, /Failed to fetch/);
  await context.setOffline(false);
  await context.close();
});

/// Whether `sel` lies wholly inside a w×h screen without scrolling.
async function onScreen(page, sel, w, h) {
  const b = await page.locator(sel).boundingBox();
  return b && b.x >= 0 && b.y >= 0 && b.x + b.width <= w + 0.5 && b.y + b.height <= h + 0.5 ? null : `${sel} ${JSON.stringify(b)}`;
}

test('360x640 with accounts: grid, pad, the whole hint and Apply on one screen, logged out and logged in', async () => {
  const server = await startServer(undefined, ['--accounts']);
  const context = await env.browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  try {
    await notFirstVisit(context);
    const page = await context.newPage();
    watchErrors(page, env.errors);
    await page.goto(`${server.url}/?p=${EASY}`);
    await settle(page);
    for (const who of ['logged out', 'logged in']) {
      for (let k = 1; k <= 3; k++) {
        await page.locator('#btn-hint').tap();
        await page.waitForFunction(n => document.getElementById('explain').textContent.startsWith(`Hint ${n}/3`), k);
      }
      await page.waitForSelector('#btn-apply:not([hidden])');
      assert.equal(await page.evaluate(() => window.scrollY), 0, who);
      const off = [];
      for (const sel of ['header', '#grid', '#pad', '#btn-hint', '#btn-apply', '#explain']) {
        const bad = await onScreen(page, sel, 360, 640);
        if (bad) off.push(bad);
      }
      assert.deepEqual(off, [], `${who}: everything on one 360x640 screen`);
      // The whole text can be read there (it scrolls within its box if long).
      assert.ok(await page.evaluate(() => {
        const e = document.getElementById('explain');
        return e.clientHeight >= 48 && e.getBoundingClientRect().bottom <= 640.5;
      }), who);
      await page.screenshot({ path: path.join(SHOTS, `52-phone-hint-${who.replace(' ', '-')}.png`) });
      await page.locator('#btn-apply').tap();
      await settle(page);
      if (who === 'logged out') {
        // The account is one header button that opens its form as a panel.
        await page.locator('#account-toggle').tap();
        await page.waitForSelector('#account-form:not([hidden])');
        await page.screenshot({ path: path.join(SHOTS, '53-phone-account-panel.png') });
        await page.fill('#account-name', 'phoebe');
        await page.fill('#account-password', 'a long enough password');
        await page.locator('#account-register').tap();
        await page.waitForFunction(() => document.getElementById('account-toggle').textContent === 'phoebe');
        assert.ok(await page.locator('#account-pop').isHidden(), 'the panel closes after logging in');
      }
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 360, 'no sideways scrolling');
  } finally {
    await context.close();
    await stopServer(server);
  }
});
