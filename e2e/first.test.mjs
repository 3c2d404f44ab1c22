// Browser tests of a first visit: the puzzle of the day is already loaded
// (the same for everyone that day: the server's /api/daily for the local
// date), a three-step tour that can be dismissed and does not come back, and
// a puzzle pasted anywhere on the page (one line, a 9×9 block or a candidate
// grid as HoDoKu prints it) is opened;
// pasted garbage gets a message and changes nothing. Desktop and phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { EASY, SHOTS, useServerAndBrowser, settle, gridLine, watchErrors } from './common.mjs';

const env = useServerAndBrowser();

/// EASY's candidate grid with r1c1 placed by the player (`+4`), as HoDoKu
/// prints a position (r5c6, r5c7 and r9c4 hold one digit: placed digits).
const PM_GRID = `.------------------.-----------------.------------------.
| +4    4578    3  | 49   2      147 | 6   5789   57    |
| 9     24678   47 | 3    47     5   | 78  278    1     |
| 25    257     1  | 8    79     6   | 4   23579  2357  |
:------------------+-----------------+------------------:
| 345   345     8  | 1    3456   2   | 9   34567  34567 |
| 7     123459  49 | 459  34569  4   | 1   13456  8     |
| 1345  13459   6  | 7    3459   8   | 2   1345   345   |
:------------------+-----------------+------------------:
| 134   1347    2  | 6    478    9   | 5   1478   47    |
| 8     1467    47 | 2    457    3   | 17  1467   9     |
| 46    4679    5  | 4    1      47  | 3   24678  2467  |
'------------------'-----------------'------------------'
`;
const PM_BOARD = '4.3.2.6..9..3.5..1..18.64....81.29..7....41.8..67.82....26.95..8..2.3..9..541.3..';

const values = gridLine;
const localDate = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function fresh(viewport, mobile = false) {
  const context = await env.browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
  const page = await context.newPage();
  watchErrors(page, env.errors);
  await page.goto(env.server.url + '/');
  return { context, page };
}

test('a first visit opens the puzzle of the day and a tour of three steps', async () => {
  const { context, page } = await fresh({ width: 1280, height: 900 });
  await page.waitForFunction(() => document.getElementById('level').textContent !== '–', null, { timeout: 60000 });
  const daily = await (await fetch(`${env.server.url}/api/daily?date=${localDate()}`)).json();
  assert.equal(await values(page), daily.givens, 'the same puzzle as the server gives everyone today');
  assert.equal(await page.locator('#level').textContent(), 'Medium');
  assert.match(await page.locator('#puzzle-name').textContent(), /Puzzle of the day/);
  assert.ok(await page.locator('#tour').isVisible());
  assert.match(await page.locator('#tour-text').textContent(), /Welcome/);
  // Nothing is given away: no evaluation until the player turns one on.
  assert.ok(await page.isChecked('input[name=mode][value=none]'), 'None on a first visit');
  assert.equal(await page.locator('#grid .cands span.nec, #grid .cands span.single').count(), 0);
  assert.ok(await page.locator('#grid').evaluate(g => g.classList.contains('tour-target')));
  await page.screenshot({ path: path.join(SHOTS, '40-first-visit-tour.png') });
  await page.click('#tour-next');
  assert.ok(await page.locator('#btn-notes').evaluate(b => b.classList.contains('tour-target')));
  await page.click('#tour-next');
  assert.equal(await page.locator('#tour-next').textContent(), 'Done');
  await page.click('#tour-next');
  assert.ok(await page.locator('#tour').isHidden());
  assert.equal(await page.locator('.tour-target').count(), 0);
  // The next visit continues the game, without the tour, in the mode chosen.
  await page.check('input[name=mode][value=lazy]');
  await settle(page);
  await page.reload();
  await settle(page);
  assert.equal(await values(page), daily.givens);
  assert.ok(await page.locator('#tour').isHidden());
  assert.ok(await page.isChecked('input[name=mode][value=lazy]'), 'the mode is remembered');
  await context.close();
});

test('the tour can be skipped on a phone, and a pasted puzzle opens', async () => {
  const { context, page } = await fresh({ width: 390, height: 844 }, true);
  await page.waitForSelector('#tour:not([hidden])');
  await page.locator('#tour-skip').tap();
  assert.ok(await page.locator('#tour').isHidden());
  await settle(page);
  const paste = text => page.evaluate(t => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, text);
  // One line.
  await paste(`  ${EASY}\n`);
  await page.waitForFunction(() => document.getElementById('level').textContent === 'Easy', null, { timeout: 60000 });
  assert.equal(await values(page), EASY);
  assert.match(await page.locator('#puzzle-name').textContent(), /Pasted puzzle/);
  // A 9×9 block with separators, zeros for empty cells.
  const block = [];
  for (let r = 0; r < 9; r++) {
    const row = EASY.slice(r * 9, r * 9 + 9).replace(/\./g, '0');
    block.push(`${row.slice(0, 3)} | ${row.slice(3, 6)} | ${row.slice(6)}`);
    if (r === 2 || r === 5) block.push('------+-------+------');
  }
  await page.click('#btn-init');
  await settle(page);
  await paste(block.join('\n'));
  await page.waitForFunction(() => document.getElementById('level').textContent === 'Easy', null, { timeout: 60000 });
  assert.equal(await values(page), EASY);
  // A candidate grid as HoDoKu prints it, r1c1 placed by the player (`+`):
  // read by the server (POST /api/parse); single candidates are placed digits.
  await page.click('#btn-init');
  await settle(page);
  await paste(PM_GRID);
  await page.waitForFunction(want => {
    const cells = Array.from(document.querySelectorAll('#grid .cell'));
    return cells.map(c => Array.from(c.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('') || '.').join('') === want;
  }, PM_BOARD, { timeout: 60000 });
  assert.equal(await values(page), PM_BOARD);
  // Garbage: a message, and the grid stays.
  await paste('hello world 123');
  assert.match(await page.locator('#message').textContent(), /not a puzzle: it has \d+ cells/);
  assert.equal(await values(page), PM_BOARD);
  await page.screenshot({ path: path.join(SHOTS, '41-phone-paste.png') });
  await context.close();
});
