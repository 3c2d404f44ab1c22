// Statistics and history in Chromium against real servers: a solved puzzle
// is counted per level with its time and extends the run of days; a game
// left for another puzzle waits among the games in progress, is resumed
// with its entries, and once deleted counts as given up; the archive of
// daily puzzles marks the days solved and plays an earlier day's puzzle;
// logged in, the history goes to the server and comes back in another
// browser (a phone), and never to another account that logs in on the same
// browser; in German, in the dark theme, and with axe-core finding nothing
// serious. Screenshots: 80-statistics, 81-statistics-phone-account-de-dark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EASY, EASY_SOLUTION, SHOTS, useServerAndBrowser, notFirstVisit, settle, watchErrors, gridLine } from './common.mjs';
import { startServer, stopServer } from './server.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const env = useServerAndBrowser();
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

async function open(url, { viewport = { width: 1100, height: 900 }, colorScheme = 'light', seed = null, context = null } = {}) {
  // axe is injected as an inline script, which the page's policy forbids:
  // bypassed in these contexts only.
  const ctx = context || await env.browser.newContext({ viewport, colorScheme, bypassCSP: true, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
  await notFirstVisit(ctx);
  // Earlier days' records, written once (not again on a reload).
  if (seed) await ctx.addInitScript(s => { if (!localStorage.getItem('history')) localStorage.setItem('history', s); }, JSON.stringify(seed));
  const page = await ctx.newPage();
  watchErrors(page, env.errors);
  await page.goto(url);
  await settle(page);
  return { context: ctx, page };
}

async function axe(page, state) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = result.violations.filter(v => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; ')}`), [], `axe on ${state}`);
}

/// Types the rest of the solution of EASY and waits for "solved".
async function solveEasy(page) {
  await page.waitForFunction(() => document.getElementById('level').textContent !== '–');
  for (let i = 0; i < 81; i++) {
    if (EASY[i] !== '.') continue;
    await page.locator(`#grid .cell[data-cell="${i}"]`).click();
    await page.keyboard.press(EASY_SOLUTION[i]);
  }
  await page.waitForFunction(() => /solved|gelöst/i.test(document.getElementById('message').textContent));
}

const card = (page, key) => page.locator(`#stats-cards li[data-stat=${key}]`).textContent();
const rows = (page, id) => page.$$eval(`#${id} tbody tr`, rs => rs.map(r => [...r.children].map(c => c.textContent)));

/// The player's local day `back` days ago, as the page writes it.
const dayAgo = (page, back) => page.evaluate(b => {
  const d = new Date();
  d.setDate(d.getDate() - b);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}, back);

/// Two earlier days, each with its daily puzzle solved on the day.
function seedOf(yesterday, before) {
  const rec = (id, date, level, ms) => ({
    id, puzzle: EASY, variant: 'standard', level, ms, hints: 1, mistakes: 0, date, daily: date,
    at: Date.parse(`${date}T12:00:00`), solved: true,
  });
  return { records: [rec('seed-1', yesterday, 'medium', 600_000), rec('seed-2', before, 'medium', 400_000)], games: [] };
}

test('a solved game is counted per level; a game left waits to be resumed or deleted; the daily archive', async () => {
  // The dates come from a browser: the page's own local calendar.
  const probe = await open(`${env.server.url}/#stats`);
  const yesterday = await dayAgo(probe.page, 1), before = await dayAgo(probe.page, 2);
  assert.match(await card(probe.page, 'solved'), /^0solved of 0 started$/, 'nothing yet');
  assert.deepEqual(await rows(probe.page, 'stats-table'), [['None yet.']]);
  await probe.context.close();

  const { context, page } = await open(`${env.server.url}/?p=${EASY}`, { seed: seedOf(yesterday, before) });
  await solveEasy(page);
  await page.click('.tab[data-tab=stats]');
  assert.equal(await card(page, 'solved'), '3solved of 3 started');
  assert.equal(await card(page, 'days'), '3days in a row with a solved puzzle (best: 3)', 'two days before and today');
  assert.equal(await card(page, 'daily'), '2puzzles of the day in a row, each solved on its day (best: 2)');
  const levels = await rows(page, 'stats-table');
  assert.deepEqual(levels.map(r => r.slice(0, 3)), [['Easy', '1', '1'], ['Medium', '2', '2']]);
  assert.match(levels[0][3], /^\d+:\d\d$/, 'a best time');
  assert.deepEqual(levels[1].slice(3), ['6:40', '8:20'], 'best and average of the medium ones');
  const recent = await rows(page, 'stats-recent');
  assert.equal(recent.length, 3);
  assert.deepEqual([recent[0][1], recent[0][5]], ['Easy', 'solved']);
  assert.equal(recent[1][1], 'Medium · of the day');
  // The archive: fourteen days, the two solved ones marked; more on demand.
  assert.equal(await page.locator('#stats-daily li').count(), 14);
  assert.deepEqual(await page.$$eval('#stats-daily li.done', ls => ls.map(l => l.dataset.date)), [yesterday, before]);
  assert.match(await page.locator(`#stats-daily li[data-date="${yesterday}"]`).textContent(), /✓ solved/);
  await page.click('#stats-earlier');
  assert.equal(await page.locator('#stats-daily li').count(), 28);
  await axe(page, 'statistics with games, desktop, light');

  // A game played a little, then another puzzle: the first waits.
  await page.click('.tab[data-tab=trainer]');
  await page.click('#btn-reset');
  const empty = EASY.indexOf('.');
  await page.locator(`#grid .cell[data-cell="${empty}"]`).click();
  await page.keyboard.press(EASY_SOLUTION[empty]);
  await settle(page);
  // The archive plays an earlier day's puzzle of the day.
  await page.click('.tab[data-tab=stats]');
  await page.locator(`#stats-daily li[data-date="${before}"] button`).click();
  await settle(page);
  assert.ok(await page.locator('#trainer').isVisible());
  assert.equal(await page.locator('#puzzle-name').textContent(), `Puzzle of the day ${before}`);
  const daily = await page.evaluate(d => fetch(`/api/daily?date=${d}`).then(r => r.json()), before);
  assert.equal((await gridLine(page)).replace(/[^.]/g, 'x'), daily.givens.replace(/[^.]/g, 'x'), "that day's givens");
  await page.click('.tab[data-tab=stats]');
  const waiting = page.locator('#stats-games li');
  assert.equal(await waiting.count(), 1);
  assert.match(await waiting.textContent(), / · \d+:\d\d · \d+\/81 filled(Resume|Delete)+$/);
  assert.deepEqual((await rows(page, 'stats-table'))[0].slice(0, 3), ['Easy', '2', '1'], 'started again, not solved');
  await shot(page, '80-statistics');
  // Resumed: the entry is back (the daily puzzle, untouched, is not kept).
  await waiting.locator('button', { hasText: 'Resume' }).click();
  await settle(page);
  assert.ok(await page.locator('#trainer').isVisible());
  const line = await gridLine(page);
  assert.equal(line[empty], EASY_SOLUTION[empty], 'the entry is back');
  assert.equal([...line].filter((c, i) => EASY[i] !== '.' && c === EASY[i]).length, [...EASY].filter(c => c !== '.').length);
  await page.click('.tab[data-tab=stats]');
  assert.equal(await waiting.count(), 1);
  assert.equal(await waiting.textContent(), 'None yet.', 'the daily puzzle was not played, so it is not kept');
  // Set aside once more, then deleted: it counts as given up.
  await page.locator(`#stats-daily li[data-date="${yesterday}"] button`).click();
  await settle(page);
  await page.click('.tab[data-tab=stats]');
  await waiting.locator('button', { hasText: 'Delete' }).click();
  assert.equal(await waiting.textContent(), 'None yet.');
  assert.match(await page.locator('#stats-message').textContent(), /deleted; it counts as given up/);
  assert.deepEqual((await rows(page, 'stats-recent'))[0].slice(4), ['0', 'given up']);
  assert.deepEqual((await rows(page, 'stats-table'))[0].slice(0, 3), ['Easy', '2', '1']);
  // All of it survives a reload.
  await page.reload();
  await settle(page);
  await page.click('.tab[data-tab=stats]');
  assert.equal(await card(page, 'solved'), '3solved of 4 started');
  // German.
  await page.selectOption('#lang', 'de');
  assert.equal(await card(page, 'solved'), '3gelöst von 4 begonnenen');
  assert.equal((await rows(page, 'stats-recent'))[0][5], 'aufgegeben');
  assert.equal(await page.locator('#stats h2').textContent(), 'Statistik');
  await context.close();
});

test('logged in, the history goes with the account to another browser, and to no other account', async () => {
  const server = await startServer(undefined, ['--accounts']);
  const login = async (page, name, button) => {
    if (!(await page.locator('#account-form').isVisible())) await page.click('#account-toggle');
    await page.fill('#account-name', name);
    await page.fill('#account-password', 'a long enough password');
    await page.click(button);
    await page.waitForFunction(n => document.getElementById('account-user').textContent.includes(n), name);
    await settle(page);
  };
  const serverGames = page => page.evaluate(() => fetch('/api/history').then(r => r.json()).then(v => v.games));
  try {
    const { context, page } = await open(`${server.url}/?p=${EASY}`);
    await solveEasy(page);
    // Played logged out; kept in this browser until the player logs in.
    await page.click('.tab[data-tab=stats]');
    assert.match(await page.locator('#stats-sync').textContent(), /^Kept in this browser only/);
    await login(page, 'sam', '#account-register');
    await page.waitForFunction(async () => (await (await fetch('/api/history')).json()).games.length === 1);
    assert.equal(await page.locator('#stats-sync').textContent(), 'Kept in this browser and with the account sam.');
    // Another player on the same browser: none of Sam's games go to Kim.
    if (!(await page.locator('#account-logout').isVisible())) await page.click('#account-toggle');
    await page.click('#account-logout');
    await settle(page);
    await login(page, 'kim', '#account-register');
    assert.deepEqual(await serverGames(page), []);
    assert.equal(await card(page, 'solved'), '0solved of 0 started', "Kim sees none of Sam's");
    await context.close();

    // Another browser, a phone in German and dark: Sam's game comes back.
    const other = await open(`${server.url}/#stats`, { viewport: { width: 360, height: 640 }, colorScheme: 'dark' });
    await other.page.selectOption('#lang', 'de');
    assert.equal(await card(other.page, 'solved'), '0gelöst von 0 begonnenen');
    await login(other.page, 'sam', '#account-login');
    await other.page.waitForFunction(() => document.querySelector('#stats-cards li[data-stat=solved]').textContent.startsWith('1'));
    assert.equal(await other.page.locator('#stats-sync').textContent(), 'In diesem Browser und beim Konto sam gespeichert.');
    assert.equal((await rows(other.page, 'stats-table'))[0][0], 'Leicht');
    // Usable at 360 px: nothing wider than the screen but the scrolling tables.
    const wide = await other.page.evaluate(() => [...document.querySelectorAll('#stats *')]
      .filter(e => !e.closest('.table-wrap') && e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.id || e.tagName));
    assert.deepEqual(wide, []);
    assert.equal(await other.page.evaluate(() => document.documentElement.dataset.theme), 'dark');
    await axe(other.page, 'statistics, phone, German, dark, logged in');
    await shot(other.page, '81-statistics-phone-account-de-dark');
    // A bad record is refused with its code, in the page's language.
    const answer = await other.page.evaluate(async () => {
      const csrf = (await (await fetch('/api/account/me')).json()).csrf;
      const r = await fetch('/api/history', {
        method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
        body: JSON.stringify({ games: [{ id: 'x', puzzle: '1', variant: 'standard', ms: 1, hints: 0, mistakes: 0, date: '2026-11-27', at: 1, solved: true }] }),
      });
      return { status: r.status, body: await r.json() };
    });
    assert.equal(answer.status, 422);
    assert.equal(answer.body.code, 'bad-game');
    assert.equal(answer.body.error, "games[0].puzzle: expected 81 characters of '.' and 1-9");
    await other.context.close();
  } finally {
    await stopServer(server);
  }
});
