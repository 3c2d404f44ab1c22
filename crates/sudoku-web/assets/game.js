// The player's game as data: givens, entries, their own pencil marks, the
// undo/redo history and the clock's reading; its stored form (JSON, kept in
// the browser by state.js) and how it is read back. Everything read back is
// validated here, so a
// corrupted or foreign state never reaches the grid: `Game.fromJSON` throws an
// Error naming what is wrong, and the page then starts clean.
//
// A mark set is a bit mask (bit d set: digit d noted). A move is a list of
// changes [cell, field, old, new] with field ENTRY, MARKS or GIVEN; undo
// applies them backwards. No rule of Sudoku lives here: which cells see each
// other (for removing marks a new entry rules out) is the variant's, sent by
// the server (houses.js), and passed in. No DOM either: the unit tests
// (js-tests/) run it under node.

import { cellIndex } from './houses.js';

export const STORE_KEY = 'sudoku-trainer.game';
export const VERSION = 1;
export const ENTRY = 0, MARKS = 1, GIVEN = 2;
export const VARIANTS = ['standard', 'diagonal', 'color', 'color-diagonal'];
export const MODES = ['none', 'lazy', 'strict-plus', 'strict-minus'];
const PHASES = ['define', 'solve'];
const MAX_MOVES = 5000;
/// How many colours the player paints with.
export const COLORS = 6;

const zeros = () => new Array(81).fill(0);
export const bit = d => 1 << d;
export const maskDigits = m => [1, 2, 3, 4, 5, 6, 7, 8, 9].filter(d => m & bit(d));
export const ALL = 0b1111111110;

/// Every candidate the placed digits allow, per cell (0 on filled cells);
/// `peers` is the variant's (houses.js: Geometry.peers).
export function candidatesOf(board, peers) {
  return board.map((v, i) => {
    if (v) return 0;
    let m = ALL;
    for (const p of peers[i]) if (board[p]) m &= ~bit(board[p]);
    return m;
  });
}

export class Game {
  constructor() {
    this.givens = zeros();
    this.entries = zeros();
    this.marks = zeros();
    this.variant = 'standard';
    // None until the player turns an evaluation on: Lazy and Strict show
    // what the solution needs, which gives answers away.
    this.mode = 'none';
    this.phase = 'define';
    this.undo = [];
    this.redo = [];
    this.elapsed = 0;          // ms of solving, as the clock last read
    this.solved = false;
    this.puzzleId = null;
    this.puzzleName = '';
    this.hints = 0;            // presses of Hint that showed something new
    this.mistakes = 0;         // wrong digits found (by Check, or at once)
    this.counted = [];         // the wrong digits counted, as cell * 10 + digit
    this.limitLifted = false;  // "Keep playing" past the mistake limit
    // The player's colours (1-6, 0 none): of whole cells, and of single
    // candidates (keyed cell * 10 + digit). Not moves: undo leaves them.
    this.cellColors = zeros();
    this.candColors = {};
    this.daily = null;         // the date of the daily puzzle this is, if it is one
  }

  /// Colours cell `i` with `color` (0 clears); the same colour again clears.
  paintCell(i, color) {
    this.cellColors[i] = this.cellColors[i] === color ? 0 : color;
  }

  /// Colours candidate `digit` of cell `i` likewise.
  paintCandidate(i, digit, color) {
    const key = i * 10 + digit;
    if (!color || this.candColors[key] === color) delete this.candColors[key];
    else this.candColors[key] = color;
  }

  /// Clears every colour.
  clearColors() {
    this.cellColors = zeros();
    this.candColors = {};
  }

  /// Counts the wrong digits among `found` ([cell, digit] pairs) not
  /// counted before; returns how many were new.
  countMistakes(found) {
    let fresh = 0;
    for (const [cell, digit] of found) {
      const key = cell * 10 + digit;
      if (!this.counted.includes(key)) { this.counted.push(key); fresh++; }
    }
    this.mistakes += fresh;
    return fresh;
  }

  board() { return this.givens.map((g, i) => g || this.entries[i]); }

  /// Whether the player keeps marks of their own (else the trainer's
  /// candidates are shown).
  hasMarks() { return this.marks.some(m => m !== 0); }

  field(cell, f) { return f === ENTRY ? this.entries : f === MARKS ? this.marks : this.givens; }

  /// Applies changes [cell, field, new] as one move (undoable); changes that
  /// change nothing are dropped. Returns whether anything changed.
  change(changes) {
    const move = [];
    for (const [cell, f, value] of changes) {
      const arr = this.field(cell, f);
      if (arr[cell] === value) continue;
      move.push([cell, f, arr[cell], value]);
      arr[cell] = value;
    }
    if (!move.length) return false;
    this.undo.push(move);
    if (this.undo.length > MAX_MOVES) this.undo.shift();
    this.redo = [];
    return true;
  }

  undoMove() {
    const move = this.undo.pop();
    if (!move) return false;
    for (let k = move.length - 1; k >= 0; k--) {
      const [cell, f, old] = move[k];
      this.field(cell, f)[cell] = old;
    }
    this.redo.push(move);
    return true;
  }

  redoMove() {
    const move = this.redo.pop();
    if (!move) return false;
    for (const [cell, f, , value] of move) this.field(cell, f)[cell] = value;
    this.undo.push(move);
    return true;
  }

  /// The changes that enter digit d (0: clear) in cell i, with the marks the
  /// new digit rules out in the cells it sees (`peers`, the variant's) when
  /// `autoRemove`.
  entryChanges(i, d, autoRemove, peers) {
    const f = this.phase === 'define' ? GIVEN : ENTRY;
    const out = [[i, f, d]];
    if (f === GIVEN) out.push([i, ENTRY, 0]);
    if (d) out.push([i, MARKS, 0]);
    // A removed or replaced entry gives back the marks it took away.
    const restored = f === ENTRY ? this.marksTakenBy(i, peers) : [];
    for (const [p, m] of restored) out.push([p, MARKS, m]);
    if (d && autoRemove) {
      for (const p of peers[i]) {
        const now = (restored.find(([q]) => q === p) || [p, this.marks[p]])[1];
        if (now & bit(d)) out.push([p, MARKS, now & ~bit(d)]);
      }
    }
    return out;
  }

  /// The marks the entry now in cell i removed from the cells it sees (the
  /// latest move that entered it), as [cell, marks with the digit back] for
  /// the cells still empty that no other placed digit of that value sees.
  marksTakenBy(i, peers) {
    const d = this.entries[i];
    if (!d) return [];
    for (let k = this.undo.length - 1; k >= 0; k--) {
      const move = this.undo[k];
      if (!move.some(([c, f, , v]) => c === i && f === ENTRY && v === d)) continue;
      const board = this.board();
      return move
        .filter(([c, f, old, v]) => f === MARKS && c !== i && (old & bit(d)) && !(v & bit(d)))
        .map(([c]) => c)
        .filter(c => !board[c] && !peers[c].some(q => q !== i && board[q] === d))
        .map(c => [c, this.marks[c] | bit(d)]);
    }
    return [];
  }

  /// The changes that carry out a step as the server sends it (placements
  /// and eliminations, cells written "r3c5"): its placements as entries, its
  /// eliminations from the player's marks — every candidate noted first when
  /// they keep none — and, with `autoRemove`, a placed digit's marks gone
  /// from the cells it sees (`peers`). One move for the whole step.
  stepChanges(step, peers, autoRemove) {
    const noted = this.hasMarks() || !step.eliminations.length;
    const marks = noted ? this.marks.slice() : candidatesOf(this.board(), peers);
    const entries = this.entries.slice();
    for (const e of step.eliminations) {
      const c = cellIndex(e.cell);
      if (c >= 0) marks[c] &= ~bit(e.digit);
    }
    for (const p of step.placements) {
      const c = cellIndex(p.cell);
      if (c < 0) continue;
      entries[c] = p.digit;
      marks[c] = 0;
      if (autoRemove) for (const q of peers[c]) marks[q] &= ~bit(p.digit);
    }
    return [...entries.map((v, i) => [i, ENTRY, v]), ...marks.map((m, i) => [i, MARKS, m])];
  }

  /// A new puzzle: no entries, no marks, no history, the clock at zero.
  reset(givens) {
    this.givens = givens.slice();
    this.entries = zeros();
    this.marks = zeros();
    this.undo = [];
    this.redo = [];
    this.elapsed = 0;
    this.solved = false;
    this.hints = 0;
    this.mistakes = 0;
    this.counted = [];
    this.limitLifted = false;
    this.clearColors();
    this.daily = null;
  }

  toJSON() {
    return {
      version: VERSION,
      givens: line(this.givens), entries: line(this.entries), marks: this.marks,
      variant: this.variant, mode: this.mode, phase: this.phase,
      undo: this.undo, redo: this.redo, elapsed: Math.round(this.elapsed), solved: this.solved,
      puzzleId: this.puzzleId, puzzleName: this.puzzleName,
      hints: this.hints, mistakes: this.mistakes, counted: this.counted, limitLifted: this.limitLifted,
      cellColors: this.cellColors, candColors: this.candColors, daily: this.daily,
    };
  }

  /// Reads a stored game; throws an Error naming the first thing wrong.
  static fromJSON(o) {
    if (!o || typeof o !== 'object') throw new Error('not an object');
    if (o.version !== VERSION) throw new Error(`version ${JSON.stringify(o.version)} is not ${VERSION}`);
    const g = new Game();
    g.givens = gridOf(o.givens, 'givens');
    g.entries = gridOf(o.entries, 'entries');
    if (!Array.isArray(o.marks) || o.marks.length !== 81 ||
        !o.marks.every(m => Number.isInteger(m) && m >= 0 && (m & ~ALL) === 0)) {
      throw new Error('marks are not 81 digit sets');
    }
    g.marks = o.marks.slice();
    if (!VARIANTS.includes(o.variant)) throw new Error(`unknown variant ${JSON.stringify(o.variant)}`);
    if (!MODES.includes(o.mode)) throw new Error(`unknown mode ${JSON.stringify(o.mode)}`);
    if (!PHASES.includes(o.phase)) throw new Error(`unknown phase ${JSON.stringify(o.phase)}`);
    g.variant = o.variant; g.mode = o.mode; g.phase = o.phase;
    g.undo = movesOf(o.undo, 'undo');
    g.redo = movesOf(o.redo, 'redo');
    if (!Number.isFinite(o.elapsed) || o.elapsed < 0) throw new Error('the clock reading is not a duration');
    g.elapsed = o.elapsed;
    g.solved = o.solved === true;
    g.puzzleId = typeof o.puzzleId === 'string' ? o.puzzleId : null;
    g.puzzleName = typeof o.puzzleName === 'string' ? o.puzzleName.slice(0, 200) : '';
    for (let i = 0; i < 81; i++) if (g.givens[i] && g.entries[i]) throw new Error(`entry on the given at cell ${i}`);
    // The counts came later: a game kept without them starts them at zero.
    const count = (v, what) => {
      if (v === undefined) return 0;
      if (!Number.isInteger(v) || v < 0 || v > 100000) throw new Error(`${what} is not a count`);
      return v;
    };
    g.hints = count(o.hints, 'hints');
    g.mistakes = count(o.mistakes, 'mistakes');
    if (o.counted !== undefined && (!Array.isArray(o.counted) || o.counted.length > 810 ||
        !o.counted.every(k => Number.isInteger(k) && k >= 1 && k <= 809))) {
      throw new Error('counted is not a list of wrong digits');
    }
    g.counted = (o.counted || []).slice();
    g.limitLifted = o.limitLifted === true;
    // The colours came later too.
    const color = c => Number.isInteger(c) && c >= 0 && c <= COLORS;
    if (o.cellColors !== undefined) {
      if (!Array.isArray(o.cellColors) || o.cellColors.length !== 81 || !o.cellColors.every(color)) {
        throw new Error('cellColors are not 81 colours');
      }
      g.cellColors = o.cellColors.slice();
    }
    if (o.candColors !== undefined) {
      if (!o.candColors || typeof o.candColors !== 'object' || Array.isArray(o.candColors) ||
          !Object.entries(o.candColors).every(([k, c]) => /^\d{1,3}$/.test(k) && Number(k) % 10 >= 1 && Number(k) <= 809 && color(c) && c > 0)) {
        throw new Error('candColors are not coloured candidates');
      }
      g.candColors = { ...o.candColors };
    }
    g.daily = typeof o.daily === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(o.daily) ? o.daily : null;
    return g;
  }
}

export const line = a => a.map(v => (v ? String(v) : '.')).join('');

function gridOf(s, what) {
  if (typeof s !== 'string' || !/^[.1-9]{81}$/.test(s)) throw new Error(`${what} are not 81 cells of . or 1-9`);
  return Array.from(s, ch => (ch === '.' ? 0 : ch.charCodeAt(0) - 48));
}

function movesOf(list, what) {
  if (!Array.isArray(list) || list.length > MAX_MOVES) throw new Error(`${what} is not a list of moves`);
  const valueOk = (f, v) => Number.isInteger(v) && v >= 0 && (f === MARKS ? (v & ~ALL) === 0 : v <= 9);
  for (const move of list) {
    if (!Array.isArray(move) || !move.length || move.length > 200 || !move.every(c =>
      Array.isArray(c) && c.length === 4 && Number.isInteger(c[0]) && c[0] >= 0 && c[0] < 81 &&
      [ENTRY, MARKS, GIVEN].includes(c[1]) && valueOk(c[1], c[2]) && valueOk(c[1], c[3]))) {
      throw new Error(`${what} holds a move that is not a list of cell changes`);
    }
  }
  return list.map(m => m.map(c => c.slice()));
}
