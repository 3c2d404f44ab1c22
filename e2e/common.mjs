// What every browser test file shares: the puzzles it plays, where screenshots
// go, how Debian's Chromium is started, and small waits on the page.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer, stopServer } from './server.mjs';

/// A puzzle of the trainer's level Easy, and its solution.
export const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
export const EASY_SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
export const SHOTS = path.resolve(import.meta.dirname, '..', 'target', 'e2e-screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/// Debian's headless Chromium (never a downloaded browser); the screenshot
/// folder is made first.
export function launch() {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/// Marks a context or page as not a first visit: no puzzle of the day, no
/// tour (first.test.mjs tests those).
/// Collects into `list` the page's uncaught errors and every resource or
/// script its Content-Security-Policy refused (the page must need nothing
/// the server's policy forbids).
export function watchErrors(page, list) {
  page.on('pageerror', e => list.push(e));
  page.on('console', m => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) list.push(new Error(m.text()));
  });
}

export const notFirstVisit = target => target.addInitScript(() => localStorage.setItem('tourSeen', '1'));

/// Waits for the page's requests to finish (<body data-pending="0">).
export const settle = page => page.waitForFunction(() => document.body.dataset.pending === '0');

/// The trainer grid's digits as one line (`.` for an empty cell).
export const gridLine = page => page.$$eval('#grid .cell', cs => cs.map(c =>
  Array.from(c.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('') || '.').join(''));

/// Registers the usual before/after hooks of a test file: a real `sudoku
/// serve` on a free port with a fresh database, Chromium, and at the end no
/// script error on any page (tests push page errors to `env.errors`).
export function useServerAndBrowser() {
  const env = { server: null, browser: null, errors: [] };
  before(async () => {
    env.server = await startServer();
    env.browser = await launch();
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.server) await stopServer(env.server);
    assert.deepEqual(env.errors, [], 'no script error on any page');
  });
  return env;
}

/// A fresh context that is not a first visit, with one page on `address`
/// of the server in `env` (useServerAndBrowser), its errors watched, once
/// its requests are done. `mobile`: touch and a phone's viewport handling.
export async function openPage(env, address, { viewport = { width: 1100, height: 900 }, mobile = false } = {}) {
  const context = await env.browser.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
  await notFirstVisit(context);
  const page = await context.newPage();
  watchErrors(page, env.errors);
  await page.goto(`${env.server.url}${address}`);
  await settle(page);
  return { context, page };
}
