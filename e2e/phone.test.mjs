// Browser tests of the trainer as a phone app: grid and pad on one screen
// without scrolling from 360x640 up, portrait and landscape, touch targets of
// at least 44 px, a web app manifest and a service worker that opens the app
// (with the kept game) without a network.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { EASY, SHOTS, useServerAndBrowser, notFirstVisit, settle, watchErrors } from './common.mjs';

const env = useServerAndBrowser();


async function phone(width, height) {
  const context = await env.browser.newContext({ viewport: { width, height }, isMobile: true, hasTouch: true });
  await notFirstVisit(context);
  const page = await context.newPage();
  watchErrors(page, env.errors);
  await page.goto(`${env.server.url}/?p=${EASY}`);
  await settle(page);
  return { context, page };
}

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
  await context.setOffline(false);
  await context.close();
});
