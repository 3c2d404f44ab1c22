// The page's store (state.js): the game kept in storage and read back (a
// bad copy is dropped with the reason), a full storage, the clock, the
// position a hint belongs to, what Save sends, and puzzles from an address
// or from pasted text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STORE_KEY, ENTRY, MARKS, bit, line } from '../assets/game.js';
import {
  createState, geometry, saveGame, restoreGame, clockShouldRun, clockSync, clockText, boardOf, positionKey,
  marksBody, puzzleBody, pastedCells, readAddress, replayStep, parseLine,
} from '../assets/state.js';
import { MemoryStorage, VARIANTS } from './common.mjs';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

function store(storage = new MemoryStorage()) {
  const S = createState(storage);
  S.variants = VARIANTS;
  S.game.reset(parseLine(EASY));
  S.game.phase = 'solve';
  return S;
}

test('the language and the auto-remove switch come from storage', () => {
  const storage = new MemoryStorage();
  assert.equal(createState(storage).lang, 'en');
  assert.equal(createState(storage).autoRemove, true);
  storage.setItem('lang', 'de'); storage.setItem('autoRemove', 'off');
  assert.equal(createState(storage).lang, 'de');
  assert.equal(createState(storage).autoRemove, false);
  storage.setItem('lang', 'fr');
  assert.equal(createState(storage).lang, 'en');
});

test('the geometry is the game variant\'s', () => {
  const S = store();
  assert.equal(geometry(S), VARIANTS.get('standard'));
  S.game.variant = 'diagonal';
  assert.equal(geometry(S).peers[0].length, 26);
});

test('the game is kept and read back; a bad copy is dropped with the reason', () => {
  const storage = new MemoryStorage();
  const S = store(storage);
  S.game.change([[0, ENTRY, 4]]);
  assert.equal(saveGame(storage, S.game), null);
  const back = restoreGame(storage);
  assert.equal(back.game.entries[0], 4);
  assert.equal(back.game.undo.length, 1);
  assert.deepEqual(restoreGame(new MemoryStorage()), {});
  storage.setItem(STORE_KEY, '{"version": 1, "givens": "nonsense"}');
  const bad = restoreGame(storage);
  assert.match(bad.error.message, /givens are not 81 cells/);
  assert.equal(bad.game, undefined);
  assert.equal(storage.getItem(STORE_KEY), null, 'the bad copy is gone');
  storage.setItem(STORE_KEY, '{not json');
  assert.ok(restoreGame(storage).error instanceof SyntaxError);
});

test('a full storage keeps the position and drops the older history', () => {
  const S = store();
  for (let k = 0; k < 400; k++) S.game.change([[0, MARKS, bit(1 + (k % 9))]]);
  const size = JSON.stringify(S.game).length;
  const storage = new MemoryStorage(size - 100);
  assert.equal(saveGame(storage, S.game), null);
  assert.equal(S.game.undo.length, 200);
  assert.equal(restoreGame(storage).game.marks[0], S.game.marks[0]);
  assert.ok(saveGame(new MemoryStorage(10), S.game) instanceof Error, 'a storage too small says so');
});

test('the clock runs only while solving an unsolved puzzle in a visible tab', () => {
  const S = store();
  assert.equal(clockShouldRun(S.game, false), true);
  assert.equal(clockShouldRun(S.game, true), false);
  clockSync(S, 1000, false);
  assert.equal(S.clockFrom, 1000);
  assert.equal(clockText(S, 62500), '01:01');
  clockSync(S, 5000, true); // the tab is hidden
  assert.equal(S.game.elapsed, 4000);
  assert.equal(S.clockFrom, null);
  assert.equal(clockText(S, 999999), '00:04', 'a stopped clock stands');
  S.game.elapsed = 3723000;
  assert.equal(clockText(S, 0), '1:02:03');
  S.game.phase = 'define';
  assert.equal(clockShouldRun(S.game, false), false);
  S.game.phase = 'solve'; S.game.solved = true;
  assert.equal(clockShouldRun(S.game, false), false);
});

test('the board shown and the position a hint belongs to', () => {
  const S = store();
  assert.equal(line(boardOf(S)), EASY);
  const before = positionKey(S);
  S.game.change([[0, MARKS, bit(4)]]);
  assert.notEqual(positionKey(S), before, 'the player\'s marks are part of the position');
  assert.deepEqual(marksBody(S.game)[0], [4]);
  S.game.change([[0, MARKS, 0]]);
  assert.equal(positionKey(S), before);
  assert.equal(marksBody(S.game), null, 'no marks: null');
  S.game.variant = 'diagonal';
  assert.notEqual(positionKey(S), before, 'and the variant');
  S.search = { board: '1'.repeat(81) };
  assert.equal(line(boardOf(S)), '1'.repeat(81));
  S.replay = { steps: [{ board: '2'.repeat(81) }], end: '3'.repeat(81), k: 0 };
  assert.equal(line(boardOf(S)), '2'.repeat(81));
  S.replay.k = 1;
  assert.equal(replayStep(S.replay).end, true);
  assert.equal(line(boardOf(S)), '3'.repeat(81));
});

test('Save sends the entries and the progress, shortening a long history', () => {
  const S = store();
  S.game.change([[0, ENTRY, 4]]);
  S.game.change([[1, MARKS, bit(5) | bit(8)]]);
  const body = puzzleBody(S.game, boardOf(S), 'mine');
  assert.equal(body.name, 'mine');
  assert.equal(body.givens, EASY);
  assert.equal(body.entries, '4' + '.'.repeat(80));
  assert.deepEqual(body.progress.marks[1], [5, 8]);
  assert.equal(body.progress.undo.length, 2);
  for (let k = 0; k < 3000; k++) {
    const m = bit(1 + (Math.floor(k / 27) % 9));
    S.game.change([[k % 27, MARKS, m], [27 + (k % 27), MARKS, m], [54 + (k % 27), MARKS, m]]);
  }
  assert.ok(JSON.stringify(S.game.undo).length > 60000);
  const long = puzzleBody(S.game, boardOf(S), 'long');
  assert.ok(JSON.stringify(long).length <= 60000);
  assert.ok(long.progress.undo.length > 0 && long.progress.undo.length < S.game.undo.length);
  assert.deepEqual(long.progress.undo.at(-1), S.game.undo.at(-1), 'the newest moves stay');
});

test('a pasted puzzle: a line or a block, with separators; otherwise the count', () => {
  assert.deepEqual(pastedCells(EASY), { cells: EASY });
  const block = EASY.match(/.{9}/g).map(r => `${r.slice(0, 3)}|${r.slice(3, 6)}|${r.slice(6)}`).join('\n');
  assert.deepEqual(pastedCells(block), { cells: EASY });
  assert.deepEqual(pastedCells(EASY.replace(/\./g, '0')), { cells: EASY.replace(/\./g, '0') });
  assert.deepEqual(pastedCells('12345'), { count: 5 });
  assert.equal(pastedCells(`puzzle ${EASY}`).cells, undefined, 'words are not a puzzle');
});

test('a puzzle from the address, or what is wrong with it', () => {
  assert.equal(readAddress('?x=1'), null);
  assert.deepEqual(readAddress(`?p=${EASY}&v=x`), { givens: parseLine(EASY), variant: 'diagonal' });
  assert.equal(readAddress(`?p=${EASY.replace(/\./g, '0')}`).variant, 'standard');
  assert.equal(readAddress(`?p=${EASY}&v=Colour-Diagonal`).variant, 'color-diagonal');
  assert.deepEqual(readAddress('?p=123'), { error: 'p: 3 characters, 81 of 1-9, 0 or . expected' });
  assert.deepEqual(readAddress(`?p=${EASY}&v=hexagonal`), { error: 'v: hexagonal' });
});
