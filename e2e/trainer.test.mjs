// Browser end-to-end tests of the trainer against a real `sudoku serve` (fresh
// database, free port) in Debian's headless Chromium driven by playwright-core.
// Screenshots of the main states go to target/e2e-screenshots/, with the page's
// transfer size and first-render time in metrics.json there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, stopServer } from './server.mjs';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const EASY_SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
const TEUFLISCH = '14...68......5...2....94.6...4...........8.3675...19.....3...1..9......58.....7..';
const SHOTS = path.resolve(import.meta.dirname, '..', 'target', 'e2e-screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

let server, browser, page;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  // Not a first visit: no puzzle of the day, no tour (first.test.mjs has those).
  await page.addInitScript(() => localStorage.setItem('tourSeen', '1'));
  page.on('pageerror', e => { throw e; });
});

after(async () => {
  if (browser) await browser.close();
  if (server) await stopServer(server);
});

const shot = name => page.screenshot({ path: path.join(SHOTS, name + '.png'), fullPage: true });
const cell = i => page.locator(`#grid .cell[data-cell="${i}"]`);
const explainText = () => page.locator('#explain').textContent();

async function settle() {
  // Wait for the page's requests to finish (the evaluation after an input).
  await page.waitForFunction(() => document.body.dataset.pending === '0');
}

/// Types a puzzle in Define: keyboard for most givens, the pad for every fifth.
async function enterPuzzle(line) {
  await page.click('#btn-init');
  await settle();
  let k = 0;
  for (let i = 0; i < 81; i++) {
    if (line[i] === '.') continue;
    await cell(i).click();
    if (k++ % 5 === 0) await page.click(`#pad button[data-digit="${line[i]}"]`);
    else await page.keyboard.press(line[i]);
  }
  await settle();
}

async function gridValues() {
  return page.$$eval('#grid .cell', cs => cs.map(c => {
    const own = Array.from(c.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('');
    return own.trim() || '.';
  }).join(''));
}

test('the page loads small and fast', async () => {
  await page.goto(server.url + '/');
  await page.waitForSelector('#grid .cell[data-cell="80"]');
  await settle();
  const m = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const res = performance.getEntriesByType('resource');
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const bytes = nav.transferSize + res.filter(r => !r.name.includes('/api/')).reduce((s, r) => s + r.transferSize, 0);
    return { transferBytes: bytes, firstContentfulPaintMs: paint ? paint.startTime : null,
      domContentLoadedMs: nav.domContentLoadedEventEnd, loadMs: nav.loadEventEnd };
  });
  writeFileSync(path.join(SHOTS, 'metrics.json'), JSON.stringify(m, null, 2));
  assert.ok(m.transferBytes > 0 && m.transferBytes < 300 * 1024, `transfer ${m.transferBytes} bytes`);
});

test('enter a puzzle in Define, switch to Solve and see the level', async () => {
  await enterPuzzle(EASY);
  assert.equal(await gridValues(), EASY);
  assert.equal(await cell(2).getAttribute('class').then(c => c.includes('given')), true);
  await page.click('#btn-solve');
  await page.waitForFunction(() => document.getElementById('level').textContent === 'Easy');
  await shot('01-solve-phase-level');
  // Givens are locked while solving.
  await cell(2).click();
  await page.keyboard.press('5');
  assert.equal((await gridValues())[2], '3');
  assert.match(await page.locator('#message').textContent(), /locked/);
});

test('keyboard and pad entries, arrows and Delete', async () => {
  await cell(0).click();
  await page.keyboard.press('4');
  await page.keyboard.press('ArrowRight');
  await page.click('#pad button[data-digit="8"]');
  await settle();
  let v = await gridValues();
  assert.equal(v.slice(0, 2), '48');
  assert.ok((await cell(1).getAttribute('class')).includes('entry'));
  await page.keyboard.press('Backspace');
  await settle();
  v = await gridValues();
  assert.equal(v[1], '.');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Delete');
  await settle();
  assert.equal((await gridValues())[0], '.');
});

test('Lazy shows a necessary number and its explanation with the house dashed', async () => {
  await page.check('input[name=mode][value=lazy]');
  await settle();
  const nec = page.locator('#grid .cands span.nec').first();
  await nec.waitFor();
  const owner = await nec.evaluate(s => Number(s.closest('.cell').dataset.cell));
  await cell(owner).click();
  await page.waitForFunction(() => /necessary/.test(document.getElementById('explain').textContent));
  assert.equal(await page.locator('#grid .cell.hl').count(), 9);
  await shot('02-lazy-necessary-explained');
});

test('inadmissible candidates are red and their reasons cycle on clicks', async () => {
  await enterPuzzle(TEUFLISCH);
  await page.check('input[name=mode][value=strict-plus]');
  await settle();
  const owners = await page.$$eval('#grid .cands span.inad', ss => [...new Set(ss.map(s => Number(s.closest('.cell').dataset.cell)))]);
  assert.ok(owners.length > 0, 'Strict+ shows inadmissible candidates');
  let cycled = false;
  for (const i of owners) {
    await cell(i).click();
    await page.waitForFunction(() => /inadmissible|necessary/.test(document.getElementById('explain').textContent));
    const first = await explainText();
    const m = first.match(/\(1\/(\d+)\)/);
    if (!m) { await cell(i).click(); continue; }
    await cell(i).click();
    const second = await explainText();
    assert.match(second, /\(2\/\d+\)/);
    assert.notEqual(second, first);
    await shot('03-inadmissible-reason-cycle');
    for (let k = 2; k <= Number(m[1]); k++) await cell(i).click();
    assert.equal(await page.locator('#grid .cell.sel').count(), 0, 'after the last reason the cell is deselected');
    cycled = true;
    break;
  }
  assert.ok(cycled, 'some cell has several reasons');
});

test('Check marks a wrong entry; a digit placed twice is a contradiction', async () => {
  await enterPuzzle(EASY);
  await page.click('#btn-solve');
  await page.waitForFunction(() => document.getElementById('level').textContent !== '–');
  // Cell 0 must be 4; enter 5 (clashes with nothing) and a right 8 in cell 1.
  await cell(0).click();
  await page.keyboard.press('5');
  await cell(1).click();
  await page.keyboard.press('8');
  await settle();
  await page.click('#btn-check');
  await page.waitForFunction(() => document.querySelector('#grid .cell[data-cell="0"]').classList.contains('wrong'));
  assert.ok(!(await cell(1).getAttribute('class')).includes('wrong'));
  await shot('04-check-wrong-entry');
  // An edit elsewhere keeps Check's frame; editing the framed cell drops it.
  await cell(1).click();
  await page.keyboard.press('Delete');
  await settle();
  assert.ok((await cell(0).getAttribute('class')).includes('wrong'), 'the frame stays');
  // A 3 in cell 0 repeats the given 3 of cell 2.
  await cell(0).click();
  await page.keyboard.press('3');
  await page.waitForFunction(() => document.querySelector('#grid .cell[data-cell="0"]').classList.contains('contra'));
  assert.ok((await cell(2).getAttribute('class')).includes('contra'));
  assert.match(await explainText(), /Contradiction/);
  await shot('05-contradiction');
  await page.click('#btn-reset');
  await settle();
});

test('Hint shows a technique with its cells', async () => {
  for (let n = 1; n <= 3; n++) {
    await page.click('#btn-hint');
    await page.waitForFunction(k => document.getElementById('explain').textContent.startsWith(`Hint ${k}/3: `), n);
  }
  assert.ok(await page.locator('#grid .cell.hint').count() > 0);
  await shot('06-hint');
});

test('Start runs the search to the solution; Pause and Step work', async () => {
  await enterPuzzle(TEUFLISCH);
  await page.check('input[name=mode][value=lazy]');
  await page.click('#btn-solve');
  await page.waitForFunction(() => document.getElementById('level').textContent === 'Very hard', null, { timeout: 60000 });
  assert.match(await page.locator('#lazy-strict').textContent(), /Lazy \d+ \/ Strict \d+/);
  await page.fill('#speed', '8');
  await page.click('#btn-start');
  await page.waitForFunction(() => Number(document.getElementById('steps').textContent) >= 5);
  await page.click('#btn-pause');
  await settle();
  const before = Number(await page.locator('#steps').textContent());
  await page.click('#btn-step');
  await page.waitForFunction(b => Number(document.getElementById('steps').textContent) === b + 1, before);
  await shot('07-search-paused');
  await page.fill('#speed', '10');
  await page.click('#btn-start');
  await page.waitForFunction(() => document.getElementById('phase-info').textContent.includes('solved'), null, { timeout: 120000 });
  // The guesses are random, so a lucky run needs no backtracking: 58 empty
  // cells take at least 58 steps, and every backtrack run adds undo steps.
  const runs = Number(await page.locator('#backtracks').textContent());
  const steps = Number(await page.locator('#steps').textContent());
  assert.ok(Number.isInteger(runs) && runs >= 0);
  assert.ok(steps >= 58 + 2 * runs, `${steps} steps, ${runs} runs`);
  const g = await gridValues();
  assert.ok(!g.includes('.'), 'the grid is full');
  await shot('08-search-solved');
  await page.click('#btn-stop');
  await settle();
});

test('save to the database, reload the page, load it back; sort the table', async () => {
  await enterPuzzle(EASY);
  await page.click('#btn-solve');
  await page.waitForFunction(() => document.getElementById('level').textContent !== '–');
  await page.fill('#save-name', 'Zeitung');
  await page.click('#btn-save');
  await page.waitForFunction(() => /Saved as/.test(document.getElementById('message').textContent));
  await enterPuzzle(TEUFLISCH);
  await page.fill('#save-name', 'Anfang teuflisch');
  await page.click('#btn-save');
  await page.waitForFunction(() => /Saved as/.test(document.getElementById('message').textContent));

  await page.reload();
  await page.click('.tab[data-tab=db]');
  await page.waitForFunction(() => document.querySelectorAll('#db-table tbody tr').length === 2);
  assert.equal(await page.locator('#grid').isVisible(), false, 'one tab at a time');
  const names = () => page.$$eval('#db-table tbody tr', rs => rs.map(r => r.children[1].textContent));
  await page.click('#db-table th[data-col=name]');
  await page.waitForFunction(() => document.querySelector('#db-table th[data-col=name]').classList.contains('asc'));
  assert.deepEqual(await names(), ['Anfang teuflisch', 'Zeitung']);
  await page.click('#db-table th[data-col=name]');
  await page.waitForFunction(() => document.querySelector('#db-table th[data-col=name]').classList.contains('desc'));
  assert.deepEqual(await names(), ['Zeitung', 'Anfang teuflisch']);
  await page.click('#db-table th[data-col=level]');
  await page.waitForFunction(() => document.querySelector('#db-table th[data-col=level]').classList.contains('asc'));
  assert.deepEqual(await names(), ['Zeitung', 'Anfang teuflisch']);
  // Arrow keys move the selection.
  await page.click('#db-table tbody tr:first-child');
  await page.keyboard.press('ArrowDown');
  assert.match(await page.locator('#db-selected').textContent(), /Anfang teuflisch/);
  await page.keyboard.press('ArrowUp');
  assert.match(await page.locator('#db-selected').textContent(), /Zeitung/);
  await shot('09-database');
  await page.click('#db-load');
  await page.waitForFunction(() => !document.getElementById('trainer').hidden);
  await settle();
  assert.equal(await gridValues(), EASY);
  assert.equal(await page.locator('#puzzle-name').textContent(), 'Zeitung');
  // Delete asks first.
  await page.click('.tab[data-tab=db]');
  await page.waitForFunction(() => document.querySelectorAll('#db-table tbody tr').length === 2);
  page.once('dialog', d => d.dismiss());
  await page.click('#db-delete');
  assert.equal(await page.locator('#db-table tbody tr').count(), 2);
  page.once('dialog', d => d.accept());
  await page.click('#db-delete');
  await page.waitForFunction(() => document.querySelectorAll('#db-table tbody tr').length === 1);
});

test('the print view shows only the puzzle', async () => {
  await page.click('.tab[data-tab=trainer]');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('#btn-start').isVisible(), false);
  assert.equal(await page.locator('#pad').isVisible(), false);
  assert.equal(await page.locator('#print-grid').isVisible(), true);
  const printed = await page.$$eval('#print-grid .cell', cs => cs.map(c => c.textContent || '.').join(''));
  assert.equal(printed, EASY);
  await shot('10-print-view');
  // Printed with the browser's defaults (no background graphics): every
  // line is a border, none is the background between the cells.
  const lines = await page.$$eval('#print-grid .cell', cs => cs.map(c => {
    const st = getComputedStyle(c);
    return [st.borderRightStyle, st.borderBottomStyle, c.classList.contains('bl') ? st.borderLeftWidth : '',
      c.classList.contains('bt') ? st.borderTopWidth : ''].join(' ');
  }));
  assert.ok(lines.every(l => l.startsWith('solid solid')), 'thin lines are borders');
  assert.ok(lines.filter(l => l.includes('2px')).length >= 18, 'box lines are thick borders');
  assert.equal(await page.locator('#print-grid').evaluate(g => getComputedStyle(g).columnGap), '0px');
  // Rows keep one height, empty or not.
  const heights = await page.$$eval('#print-grid .cell', cs => [...new Set(cs.map(c => Math.round(c.getBoundingClientRect().height)))]);
  assert.ok(Math.max(...heights) - Math.min(...heights) <= 3, `row heights ${heights}`);
  await page.emulateMedia({ media: 'screen' });
});

test('saving under a name already saved asks: replace it, or keep both under a numbered name', async () => {
  await page.click('.tab[data-tab=trainer]');
  const save = async (answer, said) => {
    await page.fill('#save-name', 'Twice');
    if (answer) page.once('dialog', d => (answer === 'accept' ? d.accept() : d.dismiss()));
    await page.click('#btn-save');
    await page.waitForFunction(re => new RegExp(re).test(document.getElementById('message').textContent), said);
  };
  await save(null, 'Saved as "Twice"');
  await save('dismiss', 'Saved as "Twice \\(2\\)"');
  await save('accept', '"Twice" replaced');
  await page.click('.tab[data-tab=db]');
  await page.waitForFunction(() => [...document.querySelectorAll('#db-table tbody tr')].some(r => r.children[1].textContent === 'Twice (2)'));
  const rows = await page.$$eval('#db-table tbody tr', rs => rs.map(r => [r.children[0].textContent, r.children[1].textContent]));
  assert.deepEqual(rows.filter(([, n]) => n.startsWith('Twice')).map(([, n]) => n).sort(), ['Twice', 'Twice (2)']);
  for (const [id] of rows) assert.match(id, /^…[0-9a-z]{8}$/, 'the table shows the end of the id');
  await page.click('.tab[data-tab=trainer]');
});

test('German texts and help', async () => {
  await page.selectOption('#lang', 'de');
  assert.equal(await page.locator('.tab[data-tab=db]').innerText(), 'Puzzle-Datenbank');
  await page.click('.tab[data-tab=help]');
  assert.ok(await page.locator('article.help[lang=de]').isVisible());
  assert.equal(await page.locator('#grid').isVisible(), false);
  assert.equal(await page.locator('#db-table').isVisible(), false);
  assert.equal(await page.locator('article.help[lang=en]').isVisible(), false);
  await shot('11-help-de');
  await page.selectOption('#lang', 'en');
  await page.click('.tab[data-tab=trainer]');
});

test('New generates a puzzle of the chosen level', async () => {
  await page.selectOption('#new-level', 'medium');
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('level').textContent === 'Medium', null, { timeout: 60000 });
  const g = await gridValues();
  const givens = [...g].filter(c => c !== '.').length;
  assert.ok(givens >= 17 && givens < 81, `${givens} givens`);
  assert.ok(await page.locator('#btn-solve').evaluate(b => b.classList.contains('on')));
  await shot('12-new-medium');
});

test('a 360x740 phone screen is usable', async () => {
  const phone = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  await phone.addInitScript(() => localStorage.setItem('tourSeen', '1'));
  await phone.goto(server.url + '/');
  await phone.waitForFunction(() => document.body.dataset.pending === '0');
  const box = await phone.locator('#grid').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360, `grid ${JSON.stringify(box)}`);
  assert.ok(box.width > 300, 'the grid uses the width');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(overflow <= 360, `page is ${overflow} px wide`);
  await phone.locator('#grid .cell[data-cell="0"]').tap();
  await phone.locator('#pad button[data-digit="7"]').tap();
  await phone.waitForFunction(() => document.body.dataset.pending === '0');
  const first = await phone.locator('#grid .cell[data-cell="0"]').evaluate(c => c.childNodes[c.childNodes.length - 1].textContent);
  assert.equal(first, '7');
  for (const id of ['#btn-start', '#btn-hint', '#btn-check']) {
    const b = await phone.locator(id).boundingBox();
    assert.ok(b && b.x >= 0 && b.x + b.width <= 360, `${id} fits`);
  }
  await phone.screenshot({ path: path.join(SHOTS, '13-phone-360.png'), fullPage: true });
  await phone.close();
});
