// Accessibility: axe-core (npm) on every tab and state of the trainer — the
// first visit with its tour, candidates in Lazy and Strict +, own marks in
// notes mode, a hint at each level with its drawing, the logic replay, Check
// with a wrong entry, the database and help tabs — in English and German, on
// desktop and phone, in the dark theme with the colour-blind-safe palette
// and the settings open, and on the printable solution path. Target: no serious
// or critical violation. The whole trainer is also played by keyboard alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startServer, stopServer } from './server.mjs';
import { EASY, EASY_SOLUTION, SHOTS, launch, notFirstVisit, settle, watchErrors } from './common.mjs';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

let server, browser;
const errors = [];
const report = [];

before(async () => {
  server = await startServer();
  browser = await launch();
});

after(async () => {
  writeFileSync(path.join(SHOTS, 'axe-report.json'), JSON.stringify(report, null, 2));
  if (browser) await browser.close();
  if (server) await stopServer(server);
  assert.deepEqual(errors, [], 'no script error on any page');
});


/// Runs axe on the page as it is; fails on a serious or critical violation.
async function axe(page, state) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical');
  report.push({ state, violations: result.violations.map(v => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })) });
  assert.deepEqual(bad.map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; ')}`), [],
    `axe on ${state}`);
}

async function open(viewport, mobile, firstVisit) {
  // axe is injected by the test as an inline script, which the page's own
  // Content-Security-Policy rightly forbids: bypassed here only.
  const context = await browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile, bypassCSP: true });
  if (!firstVisit) await notFirstVisit(context);
  const page = await context.newPage();
  watchErrors(page, errors);
  return { context, page };
}

async function everyState(page, lang, where) {
  const tag = `${where} ${lang}`;
  await page.goto(`${server.url}/?p=${EASY}`);
  await settle(page);
  if (lang === 'de') { await page.selectOption('#lang', 'de'); await settle(page); }
  await page.check('input[name=mode][value=lazy]');
  await settle(page);
  await axe(page, `${tag}: trainer, Lazy`);
  await page.check('input[name=mode][value=strict-plus]');
  await settle(page);
  await page.locator('#grid .cands span.inad').first().waitFor();
  await axe(page, `${tag}: trainer, Strict + with inadmissible candidates`);
  await page.check('input[name=mode][value=lazy]');
  for (let n = 1; n <= 3; n++) {
    await page.click('#btn-hint');
    await page.waitForFunction(k => new RegExp(`^(Hint|Tipp) ${k}/3`).test(document.getElementById('explain').textContent), n);
    await axe(page, `${tag}: hint level ${n}`);
  }
  await page.click('#btn-fill');
  await page.click('#btn-notes');
  await settle(page);
  await axe(page, `${tag}: own marks, notes mode`);
  await page.click('#btn-notes');
  const empty = EASY.indexOf('.');
  await page.locator(`#grid .cell[data-cell="${empty}"]`).click();
  await page.keyboard.press(EASY_SOLUTION[empty] === '9' ? '1' : String(Number(EASY_SOLUTION[empty]) + 1));
  await settle(page);
  await page.click('#btn-check');
  await page.waitForFunction(() => document.querySelector('#grid .cell.wrong'));
  await axe(page, `${tag}: Check with a wrong entry`);
  await page.click('#btn-logic');
  await page.waitForFunction(() => !document.getElementById('replay').hidden);
  await page.click('#replay-next');
  await axe(page, `${tag}: watch the logic`);
  await page.click('#replay-close');
  await page.click('.tab[data-tab=db]');
  await settle(page);
  await axe(page, `${tag}: database tab`);
  await page.click('.tab[data-tab=stats]');
  await axe(page, `${tag}: statistics tab`);
  await page.click('.tab[data-tab=help]');
  await axe(page, `${tag}: help tab`);
  await page.click('.tab[data-tab=trainer]');
}

test('axe: first visit with the tour (desktop)', async () => {
  const { context, page } = await open({ width: 1280, height: 900 }, false, true);
  await page.goto(server.url + '/');
  await page.waitForSelector('#tour:not([hidden])');
  await settle(page);
  await axe(page, 'first visit, tour');
  await context.close();
});

for (const lang of ['en', 'de']) {
  test(`axe: every tab and state, desktop, ${lang}`, async () => {
    const { context, page } = await open({ width: 1280, height: 900 }, false);
    await everyState(page, lang, 'desktop');
    await context.close();
  });
}

test('axe: every tab and state, phone 390x844', async () => {
  const { context, page } = await open({ width: 390, height: 844 }, true);
  await everyState(page, 'en', 'phone');
  await context.close();
});

test('axe: dark theme with safe colours on a 360x640 phone, every state and the settings open', async () => {
  const { context, page } = await open({ width: 360, height: 640 }, true);
  await context.addInitScript(() => localStorage.setItem('settings',
    JSON.stringify({ mistakes: 'instant', limit: 3, labels: true, theme: 'dark', palette: 'safe' })));
  await everyState(page, 'en', 'phone dark safe');
  await page.click('#btn-settings');
  await page.waitForSelector('#settings[open]');
  await axe(page, 'settings dialog, dark');
  await page.click('#settings-close');
  await context.close();
});

test('axe: the printable solution path', async () => {
  const { context, page } = await open({ width: 1280, height: 900 }, false);
  await page.goto(`${server.url}/explain?p=${EASY}&lang=de`);
  await page.waitForFunction(() => document.body.dataset.ready === 'ok');
  await axe(page, 'solution path de');
  await page.goto(`${server.url}/explain?p=123`);
  await page.waitForFunction(() => document.body.dataset.ready === 'error');
  await axe(page, 'solution path, bad address');
  await context.close();
});

test('the trainer by keyboard alone: tab to the grid, move, enter, notes, hint, undo', async () => {
  const { context, page } = await open({ width: 1280, height: 900 }, false);
  await page.goto(`${server.url}/?p=${EASY}`);
  await settle(page);
  // Tab from the top reaches the grid (one tab stop, the roving cell).
  let reached = false;
  for (let k = 0; k < 12 && !reached; k++) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement && document.activeElement.classList.contains('cell'));
  }
  assert.ok(reached, 'the grid is reachable with Tab');
  const spoken = () => page.evaluate(() => document.activeElement.querySelector('.sr-only').textContent +
    Array.from(document.activeElement.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join(''));
  // Mode None (the default): an empty cell says so, and no candidates.
  assert.equal(await spoken(), 'row 1, column 1, empty');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('4');
  await settle(page);
  assert.equal(await spoken(), 'row 1, column 1, 4');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('n');
  await page.keyboard.press('5');
  await page.keyboard.press('8');
  await page.keyboard.press('n');
  await settle(page);
  assert.equal(await spoken(), 'row 1, column 2, empty, candidates 5 8');
  await page.keyboard.press('h');
  await page.waitForFunction(() => /^Hint 1\/3/.test(document.getElementById('explain').textContent));
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await settle(page);
  assert.equal(await page.locator('#grid .cell[data-cell="0"]').evaluate(c => c.classList.contains('entry')), false);
  await context.close();
});
