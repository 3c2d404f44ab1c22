// The page's one store: the player's game (game.js: puzzle, entries, own
// marks, undo/redo, clock reading) and the passing state around it (the
// selection, the last evaluation, a running search, the hint shown, the
// replay, the database tab, the account); how the game is kept in the
// browser's storage and read back; the clock; and what the page derives
// from the store without a DOM — the board shown, the position a hint
// belongs to, the bodies of requests, a puzzle read from an address or from
// pasted text. Every user action is a function of this state (app.js), so
// undo is the game's stack of moves and a reload finds the game again.
//
// No DOM here: `storage` is passed in (localStorage in the browser, a Map
// in the unit tests, js-tests/state.test.mjs).

import { Game, STORE_KEY, maskDigits, line } from './game.js';

/// A fresh store; the language and the "remove ruled-out marks" switch come
/// from `storage` (kept across visits).
export function createState(storage) {
  return {
    game: new Game(),
    lang: storage.getItem('lang') === 'de' ? 'de' : 'en',
    variants: new Map(),  // name → Geometry (houses.js), from GET /api/variants
    selected: -1,
    view: null,          // last /api/evaluate answer
    search: null,        // last search answer while a search is started
    running: false, timer: null, busy: false,
    trainer: null,       // manual-step state between the two presses
    reasons: [], reasonIdx: -1,
    wrong: new Set(), highlight: new Set(), hintCells: new Set(),
    shapes: [], shapesBoard: '', // the drawing shown and the position it belongs to
    hint: null, hintLevel: 0, hintKey: '', // the graded hint, the level shown, its position
    notes: false, autoRemove: storage.getItem('autoRemove') !== 'off',
    digit: 0,            // the digit highlighted everywhere
    filter: '',          // '' all candidates, 'bivalue', or a digit shown alone
    frames: null, frameStack: [], // a big step in parts, and the outer steps of an opened inner one
    preview: null, allSteps: null, // a step picked from "All steps now", and that list
    clockFrom: null,     // performance.now() when the clock last started
    replay: null,        // "Watch the logic": { steps, end, k } (k = steps done)
    startMessage: '',    // what is wrong with the address the page was opened with
    rating: null,
    db: { sort: 'date', desc: false, rows: [], sel: -1 },
    // Accounts (a server started with --accounts): who is logged in, and the
    // token every changing request carries (X-CSRF-Token).
    account: { on: false, user: null, csrf: null },
  };
}

/// The geometry of the game's variant (houses.js).
export const geometry = S => S.variants.get(S.game.variant);

/// An 81-character line as digits (0 for anything but 1-9).
export const parseLine = s => Array.from(s, ch => (ch >= '1' && ch <= '9' ? ch.charCodeAt(0) - 48 : 0));

// ---------- keeping the game ----------

/// Writes the game to `storage`; over the quota, the older half of the
/// history goes and it tries again. Returns the Error of a second failure.
export function saveGame(storage, game) {
  try {
    storage.setItem(STORE_KEY, JSON.stringify(game));
    return null;
  } catch (e) {
    try {
      game.undo.splice(0, Math.ceil(game.undo.length / 2)); game.redo = [];
      storage.setItem(STORE_KEY, JSON.stringify(game));
      return null;
    } catch (e2) { return e2; }
  }
}

/// Reads the kept game: { game } when there is one that reads back cleanly,
/// { error } (and the stored copy removed) when it does not, {} when none.
export function restoreGame(storage) {
  const raw = storage.getItem(STORE_KEY);
  if (raw === null) return {};
  try {
    return { game: Game.fromJSON(JSON.parse(raw)) };
  } catch (e) {
    storage.removeItem(STORE_KEY);
    return { error: e };
  }
}

// ---------- the clock ----------

/// The clock runs while solving an unsolved puzzle with the tab visible.
export function clockShouldRun(game, hidden) {
  return game.phase === 'solve' && !game.solved && !hidden && game.givens.some(v => v);
}

/// Adds the time since the clock last started to the game, and starts it
/// again at `now` if it should run.
export function clockSync(S, now, hidden) {
  if (S.clockFrom !== null) S.game.elapsed += now - S.clockFrom;
  S.clockFrom = clockShouldRun(S.game, hidden) ? now : null;
}

/// The clock's reading at `now`: m:ss as 00:00, with hours when there are.
export function clockText(S, now) {
  const total = Math.floor((S.game.elapsed + (S.clockFrom !== null ? now - S.clockFrom : 0)) / 1000);
  const h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, sec = total % 60;
  const two = n => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}

// ---------- what the page shows ----------

/// The replay's current position: the step about to be taken, or the end.
export function replayStep(replay) {
  return replay.k < replay.steps.length ? replay.steps[replay.k] : { board: replay.end, candidates: null, shapes: [], end: true };
}

/// The board shown: the replay's position, the search's, or the game's.
export function boardOf(S) {
  if (S.replay) return parseLine(replayStep(S.replay).board);
  if (S.search) return parseLine(S.search.board);
  return S.game.board();
}

/// The position a hint belongs to: the board and the player's marks.
export function positionKey(S) {
  const g = S.game;
  return line(boardOf(S)) + g.variant + (g.hasMarks() ? g.marks.join(',') : '');
}

/// The player's marks as the API takes them (null when they keep none).
export function marksBody(game) { return game.hasMarks() ? game.marks.map(maskDigits) : null; }

/// What Save stores: the puzzle, the entries of `board`, and the progress
/// beyond them (marks, undo/redo history, clock). The oldest moves are left
/// out if the request would pass the server's 64 KB.
export function puzzleBody(game, board, name) {
  const progress = { marks: game.marks.map(maskDigits), elapsed_ms: Math.round(game.elapsed), undo: game.undo, redo: game.redo };
  const body = { name, givens: line(game.givens), entries: line(board.map((v, i) => (game.givens[i] ? 0 : v))), variant: game.variant, progress };
  while (JSON.stringify(body).length > 60000 && (progress.undo.length || progress.redo.length)) {
    progress.undo = progress.undo.slice(Math.ceil(progress.undo.length / 4));
    progress.redo = progress.redo.slice(0, Math.floor(progress.redo.length / 2));
  }
  return body;
}

// ---------- puzzles from outside ----------

/// The 81 cells of a pasted text — one line, a 9×9 block, with or without
/// separators (| - + spaces) — or the count of cells found.
export function pastedCells(text) {
  const rows = text.split(/\r?\n/).map(l => l.replace(/[|+\-\s]/g, '')).filter(l => l.length);
  const cells = rows.join('');
  if (/^[0-9.]{81}$/.test(cells)) return { cells };
  const only = text.replace(/[^0-9.]/g, '');
  return only.length === 81 && !/[a-zA-Z]/.test(text) ? { cells: only } : { count: cells.length };
}

const VARIANT_NAMES = { standard: 'standard', diagonal: 'diagonal', x: 'diagonal', color: 'color', colour: 'color',
  dg: 'color', 'color-diagonal': 'color-diagonal', 'colour-diagonal': 'color-diagonal', xdg: 'color-diagonal' };

/// The puzzle of an address's query (`?p=<81 cells>&v=<variant>`): null
/// without `p`, { givens, variant } for a good one, { error } (what is
/// wrong, for the badLink message) for a bad one.
export function readAddress(search) {
  const q = new URLSearchParams(search);
  if (!q.has('p')) return null;
  const p = (q.get('p') || '').trim();
  const v = (q.get('v') || 'standard').trim().toLowerCase();
  if (!/^[.0-9]{81}$/.test(p)) return { error: `p: ${p.length} characters, 81 of 1-9, 0 or . expected` };
  if (!VARIANT_NAMES[v]) return { error: `v: ${v}` };
  return { givens: parseLine(p.replace(/0/g, '.')), variant: VARIANT_NAMES[v] };
}
