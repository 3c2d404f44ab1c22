// The player's settings and what they change, in Chromium against a real
// server: the dark theme and the colour-blind-safe palette (kept across a
// reload), the row and column numbers, mistakes shown at once with their
// count and a mistake limit that stops entries until "Keep playing", the
// count of hints, cell names in a text marked on the grid and shown when
// tapped, a mode change during a running search that keeps the search's
// digits, and the settings in German. Screenshots of each state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { EASY, EASY_SOLUTION, SHOTS, useServerAndBrowser, openPage, settle, gridLine } from './common.mjs';

const env = useServerAndBrowser();

const open = (viewport = { width: 1100, height: 860 }) => openPage(env, `/?p=${EASY}`, { viewport });

const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
/// A digit that is wrong in cell i.
const wrongDigit = i => (EASY_SOLUTION[i] === '9' ? '1' : String(Number(EASY_SOLUTION[i]) + 1));
/// The empty cells of the puzzle.
const EMPTY = [...EASY].map((c, i) => (c === '.' ? i : -1)).filter(i => i >= 0);

async function setting(page, act) {
  await page.click('#btn-settings');
  await page.waitForSelector('#settings[open]');
  await act();
  await page.click('#settings-close');
  await page.waitForSelector('#settings:not([open])', { state: 'attached' });
}

test('dark theme and safe colours: chosen in the settings, kept across a reload', async () => {
  const { context, page } = await open();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  await page.click('#btn-settings');
  await page.waitForSelector('#settings[open]');
  await shot(page, '60-settings-open');
  await page.check('input[name=set-theme][value=dark]');
  await page.check('input[name=set-palette][value=safe]');
  await page.click('#settings-close');
  const look = () => page.evaluate(() => {
    const cell = document.querySelector('#grid .cell:not(.given)');
    return { theme: document.documentElement.dataset.theme, palette: document.documentElement.dataset.palette,
      cell: getComputedStyle(cell).backgroundColor, body: getComputedStyle(document.body).backgroundColor };
  });
  const dark = await look();
  assert.equal(dark.theme, 'dark');
  assert.equal(dark.palette, 'safe');
  assert.equal(dark.body, 'rgb(18, 18, 18)');
  assert.notEqual(dark.cell, 'rgb(255, 255, 255)');
  await page.reload();
  await settle(page);
  assert.deepEqual(await look(), dark, 'kept across a reload');
  await page.click('#btn-hint');
  await settle(page);
  await shot(page, '61-dark-safe-hint');
  // Back to the device's theme: light here (Chromium reports no preference).
  await setting(page, () => page.check('input[name=set-theme][value=system]'));
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  await context.close();
});

test('row and column numbers beside the grid, and off in the settings', async () => {
  const { context, page } = await open();
  const labels = () => page.$$eval('.labels', ls => ls.map(l => (l.offsetParent ? l.textContent : '')));
  assert.deepEqual(await labels(), ['123456789', '123456789']);
  // Row 1's number sits level with row 1, column 9's above column 9.
  const rowOne = await page.locator('.labels.rows span').first().boundingBox();
  const cellOne = await page.locator('#grid .cell[data-cell="0"]').boundingBox();
  assert.ok(Math.abs(rowOne.y + rowOne.height / 2 - (cellOne.y + cellOne.height / 2)) < 4);
  const colNine = await page.locator('.labels.cols span').last().boundingBox();
  const cellNine = await page.locator('#grid .cell[data-cell="8"]').boundingBox();
  assert.ok(Math.abs(colNine.x + colNine.width / 2 - (cellNine.x + cellNine.width / 2)) < 4);
  await setting(page, () => page.uncheck('#set-labels'));
  assert.deepEqual(await labels(), ['', '']);
  await setting(page, () => page.check('#set-labels'));
  await context.close();
});

test('mistakes at once: a wrong digit is framed and counted; the limit stops entries until "Keep playing"', async () => {
  const { context, page } = await open();
  // By default nothing is said before Check.
  await page.locator(`#grid .cell[data-cell="${EMPTY[0]}"]`).click();
  await page.keyboard.press(wrongDigit(EMPTY[0]));
  await settle(page);
  assert.equal(await page.locator('#grid .cell.wrong').count(), 0, 'default: no mistake shown before Check');
  assert.equal(await page.locator('#mistakes').textContent(), '0');
  await page.keyboard.press('Delete');
  await settle(page);
  await setting(page, async () => {
    await page.check('input[name=set-mistakes][value=instant]');
    await page.selectOption('#set-limit', '3');
  });
  assert.equal(await page.locator('#mistake-limit').textContent(), ' of 3');
  for (let k = 0; k < 3; k++) {
    const i = EMPTY[k];
    await page.locator(`#grid .cell[data-cell="${i}"]`).click();
    await page.keyboard.press(wrongDigit(i));
    await page.waitForFunction(c => document.querySelector(`#grid .cell[data-cell="${c}"]`).classList.contains('wrong'), i);
    assert.equal(await page.locator('#mistakes').textContent(), String(k + 1));
  }
  assert.match(await page.locator('#message').textContent(), /Mistake limit reached: 3 wrong digits/);
  // A right digit is no mistake, and the limit now refuses it.
  const next = EMPTY[5];
  await page.locator(`#grid .cell[data-cell="${next}"]`).click();
  await page.keyboard.press(EASY_SOLUTION[next]);
  await settle(page);
  assert.equal((await gridLine(page))[next], '.', 'no entry past the limit');
  assert.ok(await page.locator('#btn-keep').isVisible());
  await shot(page, '62-mistake-limit');
  await page.click('#btn-keep');
  await page.locator(`#grid .cell[data-cell="${next}"]`).click();
  await page.keyboard.press(EASY_SOLUTION[next]);
  await settle(page);
  assert.equal((await gridLine(page))[next], EASY_SOLUTION[next], 'entries go on after "Keep playing"');
  assert.equal(await page.locator('#mistakes').textContent(), '3');
  // The counts stay with the game across a reload.
  await page.reload();
  await settle(page);
  assert.equal(await page.locator('#mistakes').textContent(), '3');
  await context.close();
});

test('hints are counted; every cell a hint names is marked, and tapping its name shows the cell', async () => {
  const { context, page } = await open();
  for (let n = 1; n <= 3; n++) {
    await page.click('#btn-hint');
    await page.waitForFunction(k => document.getElementById('explain').textContent.startsWith(`Hint ${k}/3`), n);
    assert.equal(await page.locator('#hints-used').textContent(), String(n));
    const named = await page.$$eval('#explain button.cellref', bs => bs.map(b => Number(b.dataset.cell)));
    const marked = await page.$$eval('#grid .cell.named', cs => cs.map(c => Number(c.dataset.cell)));
    assert.deepEqual([...new Set(named)].sort((a, b) => a - b), marked, `level ${n}: the named cells are the marked ones`);
  }
  const ref = page.locator('#explain button.cellref').first();
  const at = Number(await ref.getAttribute('data-cell'));
  await ref.click();
  await page.waitForFunction(c => document.querySelector(`#grid .cell[data-cell="${c}"]`).classList.contains('flash'), at);
  await shot(page, '63-hint-cell-names');
  await context.close();
});

test('changing the mode during a running search keeps the search\'s digits', async () => {
  const { context, page } = await open();
  await page.fill('#speed', '7');
  await page.click('#btn-start');
  await page.waitForFunction(g => [...document.querySelectorAll('#grid .cell')].filter(c => /[1-9]/.test(
    [...c.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join(''))).length >= g + 6,
  [...EASY].filter(c => c !== '.').length);
  await page.click('#btn-pause');
  await settle(page);
  const before = await gridLine(page);
  await page.check('input[name=mode][value=lazy]');
  await settle(page);
  const after = await gridLine(page);
  assert.equal(after, before, 'every digit of the search stays, as entries');
  await context.close();
});

test('the settings in German', async () => {
  const { context, page } = await open({ width: 390, height: 844 });
  await page.selectOption('#lang', 'de');
  await settle(page);
  await page.click('#btn-settings');
  await page.waitForSelector('#settings[open]');
  const text = await page.locator('#settings').textContent();
  for (const word of ['Einstellungen', 'Fehlergrenze', 'Sofort anzeigen', 'Dunkel', 'Sicher bei Farbenblindheit', 'Zeilen- und Spaltennummern']) {
    assert.ok(text.includes(word), word);
  }
  assert.equal(await page.locator('#btn-settings').getAttribute('aria-label'), 'Einstellungen');
  await shot(page, '64-settings-de-phone');
  await context.close();
});

test('colouring cells and candidates, and the filters: only one digit, cells with two candidates', async () => {
  const { context, page } = await open();
  await page.click('#btn-fill');
  await settle(page);
  const empty = EMPTY[0];
  await page.locator(`#grid .cell[data-cell="${empty}"]`).click();
  await page.click('#paint .swatch.pc2');
  assert.ok(await page.locator(`#grid .cell[data-cell="${empty}"]`).evaluate(c => c.classList.contains('pc2')));
  assert.notEqual(await page.locator(`#grid .cell[data-cell="${empty}"]`).evaluate(c => getComputedStyle(c).backgroundImage), 'none');
  // A candidate: the highlighted digit's, in the selected cell.
  await page.keyboard.press('Escape');
  const other = EMPTY[1];
  const marks = await page.locator(`#grid .cell[data-cell="${other}"] .cands span`).allTextContents();
  const digit = marks.find(Boolean);
  await page.click(`#pad button[data-digit="${digit}"]`);
  await page.locator(`#grid .cell[data-cell="${other}"]`).click();
  await page.check('#paint-cand');
  await page.click('#paint .swatch.pc5');
  assert.equal(await page.locator(`#grid .cell[data-cell="${other}"] .cands span.pc5`).textContent(), digit);
  await page.reload();
  await settle(page);
  assert.ok(await page.locator(`#grid .cell[data-cell="${empty}"]`).evaluate(c => c.classList.contains('pc2')), 'kept across a reload');
  // Filters.
  await page.selectOption('#filter', '7');
  const shown = await page.$$eval('#grid .cands span', ss => [...new Set(ss.map(s => s.textContent).filter(Boolean))]);
  assert.deepEqual(shown, ['7']);
  await page.selectOption('#filter', 'bivalue');
  const bivalue = await page.$$eval('#grid .cell.bivalue', cs => cs.map(c => c.querySelectorAll('.cands span:not(:empty)').length));
  assert.ok(bivalue.length > 0 && bivalue.every(n => n === 2), JSON.stringify(bivalue));
  await shot(page, '65-colours-bivalue');
  await page.click('#paint-clear');
  assert.equal(await page.locator('#grid .cell.pc2, #grid .cands span.pc5').count(), 0);
  await context.close();
});
