// The player's settings (settings.js): defaults, a damaged or foreign stored
// copy read as the defaults value by value, refusal of a value outside its
// choices, the theme "as the device", the mistake limit; and the game's
// counts of hints and mistakes (game.js) kept across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHOICES, defaults, loadSettings, saveSettings, themeOf, limitReached } from '../assets/settings.js';
import { Game } from '../assets/game.js';
import { MemoryStorage } from './common.mjs';

test('the defaults give nothing away: mistakes shown on Check only, no limit', () => {
  assert.deepEqual(defaults(), { mistakes: 'off', limit: 0, labels: true, theme: 'system', palette: 'standard' });
  assert.deepEqual(loadSettings(new MemoryStorage()), defaults());
});

test('settings round-trip; a bad value is refused and nothing is written', () => {
  const storage = new MemoryStorage();
  const mine = { mistakes: 'instant', limit: 3, labels: false, theme: 'dark', palette: 'safe' };
  saveSettings(storage, mine);
  assert.deepEqual(loadSettings(storage), mine);
  assert.throws(() => saveSettings(storage, { ...mine, limit: 4 }), /setting limit: 4 is not one of 0, 3, 5/);
  assert.deepEqual(loadSettings(storage), mine, 'the refused value wrote nothing');
});

test('a damaged or foreign stored copy falls back to the defaults, value by value', () => {
  const storage = new MemoryStorage();
  storage.setItem('settings', '{not json');
  assert.deepEqual(loadSettings(storage), defaults());
  storage.setItem('settings', JSON.stringify({ mistakes: 'instant', limit: '3', theme: 'purple', labels: 0, extra: 1 }));
  assert.deepEqual(loadSettings(storage), { ...defaults(), mistakes: 'instant' });
  storage.setItem('settings', '[1,2]');
  assert.deepEqual(loadSettings(storage), defaults());
  for (const [k, v] of Object.entries(CHOICES)) assert.ok(v.length >= 2, k);
});

test('the theme "as the device" follows the device; the others are fixed', () => {
  assert.equal(themeOf({ theme: 'system' }, true), 'dark');
  assert.equal(themeOf({ theme: 'system' }, false), 'light');
  assert.equal(themeOf({ theme: 'light' }, true), 'light');
  assert.equal(themeOf({ theme: 'dark' }, false), 'dark');
});

test('the mistake limit stops at its count, never without a limit or after "Keep playing"', () => {
  const three = { limit: 3 };
  assert.equal(limitReached(three, 2, false), false);
  assert.equal(limitReached(three, 3, false), true);
  assert.equal(limitReached(three, 3, true), false);
  assert.equal(limitReached({ limit: 0 }, 99, false), false);
});

test('a wrong digit is counted once; the counts survive a reload and a new puzzle clears them', () => {
  const g = new Game();
  assert.equal(g.countMistakes([[4, 7], [5, 2]]), 2);
  assert.equal(g.countMistakes([[4, 7], [4, 8]]), 1, 'the same wrong digit again is not a new mistake');
  g.hints = 4;
  const back = Game.fromJSON(JSON.parse(JSON.stringify(g)));
  assert.equal(back.mistakes, 3);
  assert.equal(back.hints, 4);
  assert.deepEqual(back.counted, [47, 52, 48]);
  // A game kept before the counts existed reads with zeros.
  const old = JSON.parse(JSON.stringify(g));
  delete old.hints; delete old.mistakes; delete old.counted; delete old.limitLifted;
  assert.equal(Game.fromJSON(old).mistakes, 0);
  assert.throws(() => Game.fromJSON({ ...JSON.parse(JSON.stringify(g)), mistakes: -1 }), /mistakes is not a count/);
  assert.throws(() => Game.fromJSON({ ...JSON.parse(JSON.stringify(g)), counted: [900] }), /counted is not a list/);
  back.reset(back.givens);
  assert.deepEqual([back.hints, back.mistakes, back.counted.length], [0, 0, 0]);
});

test('the player\'s colours: a cell or a candidate, the same colour again clears, kept across a reload', () => {
  const g = new Game();
  g.paintCell(10, 3);
  g.paintCandidate(11, 5, 2);
  g.paintCandidate(12, 7, 4);
  g.paintCandidate(12, 7, 4);
  assert.equal(g.cellColors[10], 3);
  assert.deepEqual(g.candColors, { 115: 2 });
  const back = Game.fromJSON(JSON.parse(JSON.stringify(g)));
  assert.equal(back.cellColors[10], 3);
  assert.deepEqual(back.candColors, { 115: 2 });
  back.paintCell(10, 3);
  assert.equal(back.cellColors[10], 0);
  assert.throws(() => Game.fromJSON({ ...JSON.parse(JSON.stringify(g)), cellColors: [7] }), /cellColors are not 81 colours/);
  assert.throws(() => Game.fromJSON({ ...JSON.parse(JSON.stringify(g)), candColors: { 110: 2 } }), /candColors/);
  back.clearColors();
  assert.deepEqual([back.cellColors.some(Boolean), Object.keys(back.candColors).length], [false, 0]);
});
