// The hint's drawing: a position whose next step is a grouped nice loop, Hint
// pressed on a desktop and on a phone screen; the SVG layer over the grid must
// hold the chain's arrows (strong solid, weak dashed), its on/off marks, the
// group node and the struck candidate, cover the grid exactly, and go away
// when the board changes. Screenshots go to target/e2e-screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { BIN, startServer, stopServer } from './server.mjs';
import { watchErrors } from './common.mjs';

// top1465 #94 after the placements of our own path up to a grouped nice loop:
// (6)r8c7 = (6)r8c9 - (3)r8c9 = (3)r1c9 - (9)r1c9 = (9)r13c7, so r8c7 is not 9.
const CHAIN = '.4.7...6...39............57.......3.2...8.....19...57.6...4...5.5.1......2...6.84';
const SHOTS = path.resolve(import.meta.dirname, '..', 'target', 'e2e-screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

let server, browser;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) await stopServer(server);
});

async function open(viewport, mobile) {
  const page = await browser.newPage({ viewport, isMobile: mobile, hasTouch: mobile });
  await page.addInitScript(() => localStorage.setItem('tourSeen', '1'));
  const errors = [];
  watchErrors(page, errors);
  await page.goto(server.url + '/');
  await page.waitForSelector('#grid .cell[data-cell="80"]');
  await page.waitForFunction(() => document.body.dataset.pending === '0');
  return { page, errors };
}

const settle = page => page.waitForFunction(() => document.body.dataset.pending === '0');

async function enterPuzzle(page, line) {
  await page.click('#btn-init');
  await settle(page);
  for (let i = 0; i < 81; i++) {
    if (line[i] === '.') continue;
    await page.locator(`#grid .cell[data-cell="${i}"]`).click();
    await page.keyboard.press(line[i]);
  }
  await settle(page);
  await page.click('#btn-solve');
  await settle(page);
}

/// Presses Hint until its third level (the whole step, drawn in full: a
/// big step comes in parts, and "Whole step" shows it at once).
async function hint(page) {
  for (let n = 1; n <= 3; n++) {
    await page.click('#btn-hint');
    await page.waitForFunction(k => document.getElementById('explain').textContent.startsWith(`Hint ${k}/3: `), n);
  }
  if (await page.locator('#branches').isVisible()) await page.click('#br-whole');
  await page.waitForSelector('#overlay [data-shape="arrow"]');
}

const count = (page, sel) => page.locator(`#overlay ${sel}`).count();

async function checkDrawing(page) {
  // Five links: strong, weak, strong, weak, strong.
  assert.equal(await count(page, '[data-shape="arrow"]'), 5);
  assert.equal(await count(page, '[data-shape="arrow"][data-kind="strong"]'), 3);
  const weak = page.locator('#overlay [data-shape="arrow"][data-kind="weak"]');
  assert.equal(await weak.count(), 2);
  assert.ok(await weak.first().getAttribute('stroke-dasharray'), 'weak links are dashed');
  assert.equal(await page.locator('#overlay [data-shape="arrow"][data-kind="strong"]').first().getAttribute('stroke-dasharray'), null);
  assert.equal(await count(page, '[data-shape="mark"][data-role="off"]'), 3);
  assert.equal(await count(page, '[data-shape="mark"][data-role="on"]'), 2);
  assert.equal(await count(page, '[data-shape="mark"][data-role="eliminated"][data-cell="r8c7"][data-digit="9"]'), 1);
  assert.equal(await count(page, '[data-shape="group"]'), 1);
  // The layer covers the grid, whatever its size.
  const g = await page.locator('#grid').boundingBox();
  const o = await page.locator('#overlay').boundingBox();
  for (const k of ['x', 'y', 'width', 'height']) assert.ok(Math.abs(g[k] - o[k]) < 8, `${k}: grid ${g[k]}, overlay ${o[k]}`);
  // The off mark of (6)r8c7 sits in the top right third of cell r8c7.
  const cell = await page.locator('#grid .cell[data-cell="69"]').boundingBox();
  const mark = await page.locator('#overlay [data-role="off"][data-cell="r8c7"][data-digit="6"]').boundingBox();
  const cx = mark.x + mark.width / 2, cy = mark.y + mark.height / 2;
  assert.ok(cx > cell.x + cell.width * 2 / 3 && cx < cell.x + cell.width, `mark x ${cx} in ${JSON.stringify(cell)}`);
  assert.ok(cy > cell.y + cell.height / 3 && cy < cell.y + cell.height * 2 / 3, `mark y ${cy} in ${JSON.stringify(cell)}`);
}

test('Hint draws a chain step on the grid (desktop 1280x900)', async () => {
  const { page, errors } = await open({ width: 1280, height: 900 }, false);
  await enterPuzzle(page, CHAIN);
  await hint(page);
  assert.match(await page.locator('#explain').textContent(), /nice loop/i);
  await checkDrawing(page);
  await page.locator('#grid').screenshot({ path: path.join(SHOTS, '14-hint-chain-grid.png') });
  await page.screenshot({ path: path.join(SHOTS, '14-hint-chain-desktop.png'), fullPage: true });
  // A digit entered changes the board: the drawing goes.
  await page.locator('#grid .cell[data-cell="0"]').click();
  await page.keyboard.press('1');
  await settle(page);
  assert.equal(await count(page, '[data-shape]'), 0);
  // Back to the position, Hint draws again; another Hint replaces it.
  await page.keyboard.press('Delete');
  await settle(page);
  await hint(page);
  await hint(page);
  assert.equal(await count(page, '[data-shape="arrow"]'), 5);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Hint draws a chain step on a 390x844 phone screen', async () => {
  const { page, errors } = await open({ width: 390, height: 844 }, true);
  await enterPuzzle(page, CHAIN);
  await hint(page);
  await checkDrawing(page);
  await page.screenshot({ path: path.join(SHOTS, '15-hint-chain-phone.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test('a forcing step draws its branches: assumptions, on/off marks, an arrow per implication', async () => {
  // The page draws whatever shapes the server sends; a board whose very next
  // hint is a forcing chain is rare (the hint recomputes candidates from the
  // digits), so the step comes from `sudoku explain` on HARD, whose path
  // takes a region forcing chain, and is served as the hint.
  const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
  const out = execFileSync(BIN, ['explain', '--format', 'json', HARD], { encoding: 'utf8' });
  const step = JSON.parse(out).steps.find(s => s.technique === 'region-forcing-chain');
  assert.ok(step, 'the path takes a region forcing chain');
  const edges = step.forcing.branches.reduce((n, b) => n + b.nodes.reduce((m, x) => m + x.parents.length, 0), 0);
  const { page, errors } = await open({ width: 1280, height: 900 }, false);
  await page.route('**/api/hint', route => route.fulfill({
    contentType: 'application/json',
    // The hint in the one wire format: the step as `explain` writes it.
    body: JSON.stringify({ puzzle: HARD, variant: 'standard', status: 'ok', step, cells: [], houses: [],
      levels: [
        { level: 1, text: `Next technique: ${step.name}.`, cells: [], houses: [], shapes: [] },
        { level: 2, text: `${step.name}: the drawing shows the pattern.`, cells: [], houses: [], shapes: [] },
        { level: 3, text: step.text, cells: [], houses: [], shapes: step.shapes },
      ] }),
  }));
  await enterPuzzle(page, HARD);
  await hint(page);
  const arrows = await count(page, '[data-shape="arrow"]');
  assert.ok(arrows > 0 && arrows <= edges, `${arrows} arrows for ${edges} edges`);
  assert.equal(await count(page, '[data-shape="mark"][data-role="assumption"]'), step.forcing.branches.length);
  assert.ok(await count(page, '[data-shape="mark"][data-role="on"]') > 0);
  assert.ok(await count(page, '[data-shape="mark"][data-role="off"]') > 0);
  assert.ok(await count(page, '[data-shape="label"]') >= 2, 'branches are numbered');
  assert.match(await page.locator('#explain').textContent(), /In all 3 cases/);
  await page.locator('#grid').screenshot({ path: path.join(SHOTS, '16-hint-forcing-grid.png') });
  assert.deepEqual(errors, []);
  await page.close();
});
