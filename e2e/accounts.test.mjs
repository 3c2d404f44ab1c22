// The page on a server started with --accounts (on the PostgreSQL test server
// when SUDOKU_TEST_PG names one, else a SQLite file): a player registers in
// the header, saves a puzzle (the page sends the session's X-CSRF-Token),
// logs out; another player registers and sees an empty database; the first
// logs in again and finds the puzzle. The cookie is HttpOnly: the page's
// script cannot read it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, stopServer, tempDb } from './server.mjs';
import { EASY, launch, notFirstVisit, settle, watchErrors } from './common.mjs';

let server, browser;
const errors = [];
const suffix = Math.random().toString(36).slice(2, 8);
const ann = `ann_${suffix}`, bob = `bob_${suffix}`;

before(async () => {
  server = await startServer(process.env.SUDOKU_TEST_PG || tempDb(), ['--accounts']);
  browser = await launch();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await stopServer(server);
  assert.deepEqual(errors, [], 'no script error on the page');
});

async function enter(page, button, name) {
  await page.fill('#account-name', name);
  await page.fill('#account-password', `${name} password`);
  await page.click(button);
  await page.waitForFunction(n => document.getElementById('account-user').textContent.includes(n), name);
  await settle(page);
}

async function dbNames(page) {
  await page.click('[data-tab=db]');
  await settle(page);
  return page.$$eval('#db-table tbody tr td:nth-child(2)', tds => tds.map(td => td.textContent));
}

test('each player sees only their own puzzles', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await notFirstVisit(context);
  const page = await context.newPage();
  watchErrors(page, errors);
  await page.goto(`${server.url}/?p=${EASY}`);
  await page.waitForSelector('#account-form:not([hidden])');
  // Not logged in: the database asks to log in first.
  await page.click('[data-tab=db]');
  await settle(page);
  assert.match(await page.textContent('#db-message'), /Log in/);
  await page.click('[data-tab=trainer]');
  await enter(page, '#account-register', ann);
  assert.equal(await page.evaluate(() => document.cookie), '', 'the session cookie is HttpOnly');
  await page.fill('#save-name', 'ann private');
  await page.click('#btn-save');
  await page.waitForFunction(() => /saved|gespeichert/i.test(document.getElementById('message').textContent));
  assert.deepEqual(await dbNames(page), ['ann private']);
  await page.click('#account-logout');
  await page.waitForSelector('#account-form:not([hidden])');
  assert.deepEqual(await dbNames(page), []);
  await enter(page, '#account-register', bob);
  assert.deepEqual(await dbNames(page), [], 'bob sees nothing of ann');
  await page.click('#account-logout');
  await page.waitForSelector('#account-form:not([hidden])');
  await enter(page, '#account-login', ann);
  assert.deepEqual(await dbNames(page), ['ann private']);
  await context.close();
});
