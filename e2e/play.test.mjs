// Browser tests of playing comforts: graded hints (three presses, Apply), the
// player's own pencil marks (notes mode, fill in, auto-removal, Check and Hint
// naming a lost solution digit), undo/redo by buttons and keys, digit
// highlighting and the pad's counts, the clock, and the game kept in local
// storage across a reload (a corrupted one starts clean with a message).
// Desktop 1280x900, English and German. Screenshots to target/e2e-screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { startServer, stopServer } from './server.mjs';
import { EASY, EASY_SOLUTION, SHOTS, launch, notFirstVisit, settle as settleOn, watchErrors } from './common.mjs';

let server, browser, page;
const errors = [];

before(async () => {
  server = await startServer();
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await notFirstVisit(page);
  watchErrors(page, errors);
  await page.goto(server.url + '/');
  await settle();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await stopServer(server);
  assert.deepEqual(errors, [], 'no script error on the page');
});

const shot = name => page.screenshot({ path: path.join(SHOTS, name + '.png'), fullPage: true });
const cell = i => page.locator(`#grid .cell[data-cell="${i}"]`);
const explainText = () => page.locator('#explain').textContent();
const settle = () => settleOn(page);
const marksOf = i => cell(i).evaluate(c => Array.from(c.querySelectorAll('.cands.own span')).map(s => s.textContent).join(''));
const valueOf = i => cell(i).evaluate(c => Array.from(c.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('') || '.');

/// EASY, with a 4 entered in r1c1 and the marks 5 and 8 in r1c2.
async function playABit() {
  await loadPuzzle(EASY);
  await cell(0).click();
  await page.keyboard.press('4');
  await cell(1).click();
  await page.keyboard.press('Shift+Digit5');
  await page.keyboard.press('Shift+Digit8');
  await settle();
}

async function loadPuzzle(line) {
  await page.click('#btn-init');
  await settle();
  for (let i = 0; i < 81; i++) {
    if (line[i] === '.') continue;
    await cell(i).click();
    await page.keyboard.press(line[i]);
  }
  await page.click('#btn-solve');
  await page.waitForFunction(() => document.getElementById('level').textContent !== '–');
  await settle();
}

test('Hint goes one level further on each press; Apply carries out the step, undo takes it back', async () => {
  await loadPuzzle(EASY);
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint 1\/3: Next technique: /.test(document.getElementById('explain').textContent));
  assert.equal(await page.locator('#grid .cell.hint').count(), 0, 'level 1 frames no cell');
  assert.ok(await page.locator('#grid .cell.hl').count() >= 9, 'level 1 frames where to look');
  assert.equal(await page.locator('#btn-apply').isVisible(), false);
  await shot('20-hint-level-1');
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint 2\/3: /.test(document.getElementById('explain').textContent));
  assert.ok(await page.locator('#grid .cell.hint').count() > 0, 'level 2 frames the pattern');
  assert.ok(await page.locator('#overlay [data-shape]').count() > 0, 'level 2 draws the pattern');
  assert.equal(await page.locator('#overlay [data-role=eliminated], #overlay [data-role=placed]').count(), 0);
  await shot('21-hint-level-2');
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Hint 3\/3: /.test(document.getElementById('explain').textContent));
  assert.ok(await page.locator('#btn-apply').isVisible());
  assert.ok(await page.locator('#overlay [data-role=eliminated], #overlay [data-role=placed]').count() > 0, 'level 3 draws the result');
  await shot('22-hint-level-3');
  const before = [];
  for (let i = 0; i < 81; i++) before.push(await valueOf(i));
  await page.click('#btn-apply');
  await settle();
  const after = [];
  for (let i = 0; i < 81; i++) after.push(await valueOf(i));
  const placed = after.map((v, i) => (v !== before[i] ? i : -1)).filter(i => i >= 0);
  assert.ok(placed.length >= 1, 'the step placed a digit');
  for (const i of placed) assert.equal(after[i], EASY_SOLUTION[i], `r${Math.floor(i / 9) + 1}c${i % 9 + 1} is right`);
  // Undo and redo, by button and keys.
  await page.click('#btn-undo');
  await settle();
  assert.equal(await valueOf(placed[0]), '.');
  await page.keyboard.press('Control+y');
  await settle();
  assert.equal(await valueOf(placed[0]), EASY_SOLUTION[placed[0]]);
  await page.keyboard.press('Control+z');
  await settle();
  assert.equal(await valueOf(placed[0]), '.');
  await page.click('#btn-redo');
  await settle();
  assert.equal(await valueOf(placed[0]), EASY_SOLUTION[placed[0]]);
});

test('own pencil marks: notes mode, fill in, removal by a new entry, Check and Hint name a lost digit', async () => {
  await loadPuzzle(EASY);
  // r1c1 is empty; its solution is 4.
  await cell(0).click();
  await page.keyboard.press('n');
  assert.equal(await page.locator('#btn-notes').getAttribute('aria-pressed'), 'true');
  await page.keyboard.press('1');
  await page.click('#pad button[data-digit="4"]');
  await page.keyboard.press('7');
  await settle();
  assert.equal(await marksOf(0), '147');
  await page.keyboard.press('1');
  await settle();
  assert.equal(await marksOf(0), '47');
  await page.keyboard.press('n');
  // Fill in all candidates: every empty cell shows the player's marks.
  await page.click('#btn-fill');
  await settle();
  assert.ok((await marksOf(0)).includes('4'), 'the solution digit is among the filled-in marks');
  const empties = [...EASY].map((c, i) => (c === '.' ? i : -1)).filter(i => i >= 0);
  for (const i of empties.slice(0, 10)) assert.ok((await marksOf(i)).length > 0, `cell ${i} has marks`);
  // Entering 4 in r1c1 removes the 4s from the marks of every cell it sees.
  const sees4 = [];
  for (const i of [1, 9, 10, 18, 19, 20, 3, 5, 7, 8, 27, 36, 45, 63, 72]) if ((await marksOf(i)).includes('4')) sees4.push(i);
  assert.ok(sees4.length > 0);
  await cell(0).click();
  await page.keyboard.press('4');
  await settle();
  for (const i of sees4) assert.ok(!(await marksOf(i)).includes('4'), `cell ${i} lost its 4 mark`);
  // Take r1c2's solution digit (8) out of its marks: Check and Hint say so.
  await cell(1).click();
  if (!(await marksOf(1)).includes('8')) throw new Error('r1c2 should have 8 marked');
  await page.keyboard.press('Shift+Digit8');
  await settle();
  assert.ok(!(await marksOf(1)).includes('8'));
  await page.click('#btn-check');
  await page.waitForFunction(() => /lost the solution digit/.test(document.getElementById('message').textContent));
  assert.ok((await cell(1).getAttribute('class')).includes('wrong'));
  await page.click('#btn-hint');
  await page.waitForFunction(() => /r1c2 have lost 8/.test(document.getElementById('explain').textContent));
  await shot('23-own-marks-lost-digit');
  // A wrong entry is named by the hint first.
  await page.keyboard.press('Shift+Digit8');
  const empty = empties.find(i => i > 9);
  await cell(empty).click();
  const wrong = EASY_SOLUTION[empty] === '9' ? '1' : String(Number(EASY_SOLUTION[empty]) + 1);
  await page.keyboard.press(wrong);
  await settle();
  await page.click('#btn-hint');
  await page.waitForFunction(() => /Your entry/.test(document.getElementById('explain').textContent));
  assert.match(await explainText(), new RegExp(`entry ${wrong} in r${Math.floor(empty / 9) + 1}c${empty % 9 + 1} is wrong`));
});

test('tapping a digit highlights it everywhere; the pad counts what is left', async () => {
  await loadPuzzle(EASY);
  // r1c3 holds the given 3.
  await cell(2).click();
  const threes = [...EASY].filter(c => c === '3').length;
  assert.equal(await page.locator('#grid .cell.same').count(), threes);
  assert.ok((await page.locator('#pad button[data-digit="3"]').getAttribute('class')).includes('hd'));
  // The key shows the count; screen readers hear "3, 4 left".
  assert.equal(await page.locator('#pad button[data-digit="3"] .left').evaluate(s =>
    Array.from(s.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('')), String(9 - threes));
  assert.equal(await page.locator('#pad button[data-digit="3"]').evaluate(b => b.textContent), `3, ${9 - threes} left`);
  // Without a selected cell a pad key highlights its digit.
  await page.keyboard.press('Escape');
  await page.click('#pad button[data-digit="8"]');
  assert.equal(await page.locator('#grid .cell.same').count(), [...EASY].filter(c => c === '8').length);
  await shot('24-digit-highlight');
});

test('the game survives a reload; the clock runs, pauses when hidden, and is kept', async () => {
  await playABit();
  await page.waitForFunction(() => document.getElementById('clock').textContent >= '00:02', null, { timeout: 10000 });
  // Hidden tab: the clock stops.
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const paused = await page.locator('#clock').textContent();
  assert.ok((await page.locator('#clock').getAttribute('class')).includes('paused'));
  await page.waitForTimeout(1500);
  assert.equal(await page.locator('#clock').textContent(), paused);
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.reload();
  await settle();
  assert.equal(await valueOf(0), '4');
  assert.equal(await marksOf(1), '58');
  assert.ok(await page.locator('#clock').textContent() >= paused, 'the clock went on from where it was');
  // The history came along: undo takes back the marks, then the entry.
  await page.click('#btn-undo');
  await page.click('#btn-undo');
  await settle();
  assert.equal(await marksOf(1), '');
  await page.click('#btn-undo');
  await settle();
  assert.equal(await valueOf(0), '.');
  await shot('25-restored-after-reload');
});

test('a corrupted or foreign stored game gives a message and a clean page', async () => {
  for (const bad of ['{not json', JSON.stringify({ version: 99 }),
    JSON.stringify({ version: 1, givens: 'x'.repeat(81) })]) {
    // Written while the trainer is not open (from another page of the same
    // origin), as if the stored game had been damaged while it was closed.
    await page.goto(server.url + '/favicon.svg');
    await page.evaluate(v => localStorage.setItem('sudoku-trainer.game', v), bad);
    await page.goto(server.url + '/');
    await settle();
    assert.match(await page.locator('#message').textContent(), /saved game could not be read/);
    assert.equal(await page.locator('#grid .cell').count(), 81, 'the grid is drawn');
    assert.equal(await page.locator('#grid .cell.given').count(), 0, 'and empty');
    assert.equal(await page.evaluate(() => localStorage.getItem('sudoku-trainer.game')), null);
  }
  await shot('26-corrupted-storage');
});

test('a contradiction is named once, in German too', async () => {
  await loadPuzzle(EASY);
  await cell(0).click();
  await page.keyboard.press('3'); // the given 3 of r1c3 repeats
  await page.waitForFunction(() => /Contradiction/.test(document.getElementById('explain').textContent));
  const text = await explainText();
  assert.match(text, /^Contradiction: /);
  assert.doesNotMatch(text, /Contradiction: Contradiction/);
  await page.selectOption('#lang', 'de');
  await page.waitForFunction(() => /^Widerspruch: /.test(document.getElementById('explain').textContent));
  assert.doesNotMatch(await explainText(), /Widerspruch: Widerspruch/);
  await page.click('#btn-hint');
  await page.waitForFunction(() => /^Tipp: Die Eingabe 3/.test(document.getElementById('explain').textContent));
  await page.selectOption('#lang', 'en');
});

test('Save keeps the marks, the history and the clock; Load brings them back', async () => {
  await playABit();
  await page.waitForFunction(() => document.getElementById('clock').textContent >= '00:01', null, { timeout: 10000 });
  await page.fill('#save-name', 'with marks');
  await page.click('#btn-save');
  await page.waitForFunction(() => /Saved as/.test(document.getElementById('message').textContent));
  const clock = await page.locator('#clock').textContent();
  await page.click('#btn-init');
  await settle();
  assert.equal(await marksOf(1), '');
  await page.click('.tab[data-tab=db]');
  await page.waitForFunction(() => [...document.querySelectorAll('#db-table tbody tr')].some(r => r.children[1].textContent === 'with marks'));
  const row = page.locator('#db-table tbody tr', { hasText: 'with marks' });
  await row.click();
  await page.click('#db-load');
  await page.waitForFunction(() => !document.getElementById('trainer').hidden);
  await settle();
  assert.equal(await valueOf(0), '4');
  assert.equal(await marksOf(1), '58');
  assert.ok(await page.locator('#clock').textContent() >= clock, 'the clock comes back');
  await page.click('#btn-undo');
  await settle();
  assert.equal(await marksOf(1), '5', 'the history comes back');
});
