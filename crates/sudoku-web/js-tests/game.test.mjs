// The player's game (game.js): moves and their undo/redo, entering a digit
// with the marks it rules out, the candidates the placed digits allow, and
// a stored game read back — or refused with what is wrong with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, ENTRY, MARKS, GIVEN, VERSION, bit, maskDigits, candidatesOf, line, ALL } from '../assets/game.js';
import { VARIANTS, cell, readJson } from './common.mjs';

const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const digits = s => Array.from(s, ch => (ch === '.' ? 0 : Number(ch)));
const std = VARIANTS.get('standard').peers;

function solving() {
  const g = new Game();
  g.reset(digits(EASY));
  g.phase = 'solve';
  return g;
}

test('a move is undone and redone as a whole; a new move drops the redo', () => {
  const g = solving();
  assert.equal(g.change([[0, ENTRY, 4], [1, MARKS, bit(5) | bit(8)]]), true);
  assert.equal(g.change([[0, ENTRY, 4]]), false, 'a change that changes nothing is no move');
  assert.equal(g.undo.length, 1);
  assert.equal(g.undoMove(), true);
  assert.equal(g.entries[0], 0);
  assert.equal(g.marks[1], 0);
  assert.equal(g.undoMove(), false, 'nothing left to undo');
  assert.equal(g.redoMove(), true);
  assert.equal(g.entries[0], 4);
  assert.deepEqual(maskDigits(g.marks[1]), [5, 8]);
  g.undoMove();
  g.change([[2, ENTRY, 0], [4, ENTRY, 0], [5, ENTRY, 7]]);
  assert.deepEqual(g.redo, [], 'a new move forgets what could be redone');
  assert.equal(g.redoMove(), false);
});

test('an entry removes the marks it rules out in the cells it sees, in the variant', () => {
  const g = solving();
  g.change([[cell('r1c2'), MARKS, bit(4) | bit(8)], [cell('r2c2'), MARKS, bit(4) | bit(7)], [cell('r9c9'), MARKS, bit(4)]]);
  g.change(g.entryChanges(cell('r1c1'), 4, true, std));
  assert.equal(g.entries[cell('r1c1')], 4);
  assert.deepEqual(maskDigits(g.marks[cell('r1c2')]), [8]);
  assert.deepEqual(maskDigits(g.marks[cell('r2c2')]), [7]);
  assert.deepEqual(maskDigits(g.marks[cell('r9c9')]), [4], 'r9c9 does not see r1c1 in standard Sudoku');
  g.undoMove();
  g.change(g.entryChanges(cell('r1c1'), 4, true, VARIANTS.get('diagonal').peers));
  assert.equal(g.marks[cell('r9c9')], 0, 'on the main diagonal it does');
  g.undoMove();
  g.change(g.entryChanges(cell('r1c1'), 4, false, std));
  assert.deepEqual(maskDigits(g.marks[cell('r1c2')]), [4, 8], 'without auto-remove the marks stay');
});

test('removing or replacing an entry gives back the marks it took away', () => {
  const g = solving();
  g.change([[cell('r1c2'), MARKS, bit(4) | bit(8)], [cell('r2c2'), MARKS, bit(4) | bit(7)], [cell('r1c5'), MARKS, bit(8)]]);
  g.change(g.entryChanges(cell('r1c1'), 4, true, std));
  assert.deepEqual(maskDigits(g.marks[cell('r1c2')]), [8]);
  // A later move elsewhere does not matter; clearing the 4 brings it back.
  g.change([[cell('r9c9'), MARKS, bit(1)]]);
  g.change(g.entryChanges(cell('r1c1'), 0, true, std));
  assert.deepEqual(maskDigits(g.marks[cell('r1c2')]), [4, 8]);
  assert.deepEqual(maskDigits(g.marks[cell('r2c2')]), [4, 7]);
  // Replacing the entry: the old digit's marks come back, the new one's go.
  g.change(g.entryChanges(cell('r1c1'), 4, true, std));
  g.change(g.entryChanges(cell('r1c1'), 8, true, std));
  assert.deepEqual(maskDigits(g.marks[cell('r1c2')]), [4]);
  assert.deepEqual(maskDigits(g.marks[cell('r2c2')]), [4, 7]);
  assert.equal(g.marks[cell('r1c5')], 0);
  // One undo takes the whole replacement back.
  g.undoMove();
  assert.deepEqual(maskDigits(g.marks[cell('r1c2')]), [8]);
  assert.equal(g.entries[cell('r1c1')], 4);
  // A mark still ruled out by another placed digit stays away.
  const h = solving();
  h.change([[cell('r2c1'), MARKS, bit(5) | bit(4)]]);
  h.change(h.entryChanges(cell('r1c1'), 5, true, std));
  h.change(h.entryChanges(cell('r3c1'), 5, true, std));
  h.change(h.entryChanges(cell('r1c1'), 0, true, std));
  assert.deepEqual(maskDigits(h.marks[cell('r2c1')]), [4], 'r3c1 holds a 5 that r2c1 sees');
});

test('in the define phase a digit is a given and clears the entry', () => {
  const g = new Game();
  const changes = g.entryChanges(10, 6, true, std);
  assert.deepEqual(changes.slice(0, 2), [[10, GIVEN, 6], [10, ENTRY, 0]]);
  g.change(changes);
  assert.equal(g.givens[10], 6);
  assert.equal(g.board()[10], 6);
});

test('the candidates the placed digits allow follow the variant', () => {
  const b = digits(EASY);
  const c = candidatesOf(b, std);
  assert.equal(c[2], 0, 'a filled cell has none');
  // r1c1: row 1 has 3 2 6, column 1 has 9 7 8, box 1 has 3 9 1 → 4 5.
  assert.deepEqual(maskDigits(c[0]), [4, 5]);
  const x = candidatesOf(b, VARIANTS.get('diagonal').peers);
  assert.ok(x.every((m, i) => (m & ~c[i]) === 0), 'more houses allow no more');
  assert.ok(x.some((m, i) => m !== c[i]), 'the diagonals rule out more');
  assert.deepEqual(candidatesOf(new Array(81).fill(0), std), new Array(81).fill(ALL));
});

test('a hint\'s step is carried out as one move', () => {
  // Eliminations without marks of one's own: every candidate is noted first.
  const g = solving();
  const xwing = readJson('steps.json').steps['x-wing'];
  const all = candidatesOf(g.board(), std);
  g.change(g.stepChanges({ placements: [], eliminations: [{ cell: 'r1c1', digit: 5 }] }, std, true));
  assert.deepEqual(maskDigits(g.marks[0]), [4], 'r1c1 keeps 4 of its 4 5');
  assert.deepEqual(g.marks.slice(1), all.slice(1));
  assert.equal(g.undo.length, 1);
  // With marks, only the step's candidates go (the X-Wing's 6 of r5c5 and r9c2).
  const marks = g.marks.slice();
  g.change(g.stepChanges(xwing, std, true));
  const gone = g.marks.map((m, i) => marks[i] & ~m);
  assert.deepEqual(gone.flatMap((m, i) => (m ? [[i, maskDigits(m)]] : [])), [[cell('r5c5'), [6]], [cell('r9c2'), [6]]]);
  g.undoMove();
  // A placement: the entry, its cell's marks gone and, with auto-remove, its
  // digit from the marks of the cells it sees.
  const place = { placements: [{ cell: 'r1c1', digit: 4 }], eliminations: [] };
  g.marks[1] = bit(4) | bit(5);
  g.change(g.stepChanges(place, std, true));
  assert.equal(g.entries[0], 4);
  assert.equal(g.marks[0], 0);
  assert.deepEqual(maskDigits(g.marks[1]), [5]);
  g.undoMove();
  g.change(g.stepChanges(place, std, false));
  assert.deepEqual(maskDigits(g.marks[1]), [4, 5], 'without auto-remove the marks stay');
  // A cell the wire cannot name changes nothing.
  const before = g.toJSON();
  assert.equal(g.change(g.stepChanges({ placements: [{ cell: 'r0c0', digit: 1 }], eliminations: [] }, std, true)), false);
  assert.deepEqual(g.toJSON(), before);
});

test('a game survives a round trip through JSON', () => {
  const g = solving();
  g.variant = 'color-diagonal'; g.mode = 'strict-plus';
  g.change([[0, ENTRY, 4]]);
  g.change([[1, MARKS, bit(1) | bit(9)]]);
  g.undoMove();
  g.elapsed = 61234; g.puzzleId = 'p7'; g.puzzleName = 'mine';
  const back = Game.fromJSON(JSON.parse(JSON.stringify(g)));
  assert.deepEqual(back.toJSON(), { ...g.toJSON(), elapsed: 61234 });
  assert.equal(line(back.givens), EASY);
  assert.equal(back.redoMove(), true);
  assert.deepEqual(maskDigits(back.marks[1]), [1, 9]);
});

test('a corrupt or foreign stored game is refused, naming what is wrong', () => {
  const good = JSON.parse(JSON.stringify(solving()));
  const cases = [
    [null, /not an object/],
    ['text', /not an object/],
    [{ ...good, version: VERSION + 1 }, /version/],
    [{ ...good, givens: EASY.slice(1) }, /givens are not 81 cells/],
    [{ ...good, entries: 'x'.repeat(81) }, /entries are not 81 cells/],
    [{ ...good, marks: new Array(80).fill(0) }, /marks are not 81 digit sets/],
    [{ ...good, marks: [1, ...new Array(80).fill(0)] }, /marks are not 81 digit sets/],
    [{ ...good, variant: 'hexagonal' }, /unknown variant "hexagonal"/],
    [{ ...good, mode: 'fast' }, /unknown mode/],
    [{ ...good, phase: 'play' }, /unknown phase/],
    [{ ...good, undo: 'none' }, /undo is not a list of moves/],
    [{ ...good, undo: [[[81, ENTRY, 0, 1]]] }, /undo holds a move that is not a list of cell changes/],
    [{ ...good, redo: [[[0, ENTRY, 0, 10]]] }, /redo holds a move/],
    [{ ...good, redo: [[[0, 7, 0, 1]]] }, /redo holds a move/],
    [{ ...good, undo: [[]] }, /undo holds a move/],
    [{ ...good, elapsed: -5 }, /clock reading/],
    [{ ...good, elapsed: 'soon' }, /clock reading/],
    [{ ...good, entries: '5' + '.'.repeat(80), givens: '5' + EASY.slice(1) }, /entry on the given at cell 0/],
  ];
  for (const [stored, why] of cases) assert.throws(() => Game.fromJSON(stored), why, JSON.stringify(stored)?.slice(0, 80));
  assert.doesNotThrow(() => Game.fromJSON(good));
});
