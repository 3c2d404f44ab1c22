// Sudoku Trainer page: the wiring. The trainer, the puzzle database and the
// help as tabs; every button, key and paste is turned into a change of the
// store (state.js) and a redraw. Plain JavaScript, no build step; every rule
// is asked of the server's JSON API (/api/…, api.js), which holds no
// session. The modules by concern: state.js (the one store, its keeping and
// the clock), game.js (the player's game: entries, marks, undo), houses.js
// (each variant's houses, sent by the server), grid.js (the grid on the
// page), overlay.js (a hint's drawing), i18n.js (every string in English and
// German), settings.js (the player's settings), branches.js (a big step
// in parts), stats.js (the Statistics tab: finished games, games in progress).
import * as overlay from './overlay.js';
import { ENTRY, MARKS, bit, maskDigits, candidatesOf, line, VARIANTS } from './game.js';
import { cellIndex, readVariants } from './houses.js';
import { api, configure as configureApi, idempotencyKey, variants as loadVariants } from './api.js';
import { t, setLang, applyTo, translator, LANGS } from './i18n.js';
import { buildGrid, renderCells, renderPad, renderPrint as printCells } from './grid.js';
import { loadSettings, saveSettings, applySettings, limitReached } from './settings.js';
import { frames } from './branches.js';
import { createStats } from './stats.js';
import {
  createState, geometry, parseLine, saveGame, restoreGame, clockSync as syncClock, clockText, replayStep,
  boardOf, positionKey as keyOf, marksBody as marksOf, puzzleBody as bodyOf, pastedCells, readAddress,
} from './state.js';

const S = createState(localStorage);
setLang(S.lang);
const $ = id => document.getElementById(id);

// The player's settings, shown before anything is drawn; "as the device"
// follows the device's theme as it changes.
S.settings = loadSettings(localStorage);
S.named = new Set(); // the cells named in the text shown
// Statistics and history (stats.js): it records a solved game, sets a game
// aside when another takes the grid, and puts a kept one back with `play`.
const stats = createStats({
  S,
  play(game) {
    if (S.search) { pauseSearch(); S.search = null; }
    S.game = game;
    S.rating = null; S.digit = 0; S.clockFrom = null;
    clearMarks();
    $('variant').value = game.variant;
    showTab('trainer');
    changed();
    enterSolve();
  },
});
const deviceDark = window.matchMedia('(prefers-color-scheme: dark)');
applySettings(document, S.settings, deviceDark.matches);
deviceDark.addEventListener('change', () => applySettings(document, S.settings, deviceDark.matches));

configureApi({
  csrf: () => S.account.csrf,
  offline: () => t('offline'),
  sessionEnded: () => {
    if (!S.account.on) return null;
    S.account.user = null; S.account.csrf = null; renderAccount();
    return t('loginFirst');
  },
});

// An installable app that opens offline (secure contexts only: https or localhost).
if ('serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}

// The variants' houses come first: the grid, the peers and the pencil marks
// all hang on them (the service worker keeps them for offline starts).
try {
  S.variants = readVariants(await loadVariants());
  const missing = VARIANTS.filter(v => !S.variants.has(v));
  if (missing.length) throw new Error(`no houses for ${missing.join(', ')}`);
} catch (e) {
  applyTo(document);
  message(t('noVariants', e.message), true);
  throw e;
}

/// The cells each cell sees in the game's variant.
const peers = () => geometry(S).peers;
const board = () => boardOf(S);
/// The position a hint belongs to: the board and the player's marks.
const positionKey = () => keyOf(S);
const marksBody = () => marksOf(S.game);
const clockSync = () => syncClock(S, performance.now(), document.hidden);

// ---------- accounts ----------
function renderAccount() {
  const a = S.account;
  $('account').hidden = !a.on;
  // On a phone the account is one button in the header that opens a panel.
  $('account-toggle').textContent = a.user || t('logInShort');
  $('account-toggle').title = a.user ? t('accountOf', a.user) : t('logInShort');
  if (a.user) openAccount(false);
  $('account-user').textContent = a.user ? t('loggedIn', a.user) : '';
  $('account-logout').hidden = !a.user;
  $('account-form').hidden = !!a.user;
  stats.account();
}
async function loadAccount() {
  try {
    const me = await api('GET', '/account/me');
    S.account = { on: !!me.accounts, user: me.user || null, csrf: me.csrf || null };
  } catch (e) { /* offline: the trainer works without */ }
  renderAccount();
}
async function enterAccount(path) {
  try {
    const me = await api('POST', path, { name: $('account-name').value.trim(), password: $('account-password').value });
    S.account = { on: true, user: me.user, csrf: me.csrf };
    $('account-password').value = '';
    $('db-message').textContent = '';
    renderAccount();
    message(t('welcome', me.user));
    if (!$('db').hidden) loadDb();
  } catch (e) { message(e.message, true); }
}
function openAccount(open) {
  $('account').classList.toggle('open', open);
  $('account-toggle').setAttribute('aria-expanded', String(open));
}
on('account-toggle', () => {
  const open = !$('account').classList.contains('open');
  openAccount(open);
  if (open) (S.account.user ? $('account-logout') : $('account-name')).focus();
});
$('account-form').addEventListener('submit', e => { e.preventDefault(); enterAccount('/account/login'); });
$('account-register').addEventListener('click', () => enterAccount('/account/register'));
$('account-logout').addEventListener('click', async () => {
  try { await api('POST', '/account/logout'); } catch (e) { message(e.message, true); }
  S.account.user = null; S.account.csrf = null;
  S.db.rows = []; S.db.sel = -1;
  renderAccount();
  if (!$('db').hidden) renderDb();
});

function message(text, isError) {
  const m = $('message');
  m.textContent = text || '';
  m.classList.toggle('err', !!isError);
}
/// A cell name in a text: r1c1 … r9c9, not inside a longer name.
const CELL_NAME = /(?<![A-Za-z0-9])r([1-9])c([1-9])(?![0-9])/g;

/// Shows `text` (or the invitation to select a cell) under the grid. Every
/// cell it names is marked on the grid, and each name is a button that
/// shows its cell.
function explain(text) {
  const box = $('explain');
  const shown = text || t('selectHint');
  box.replaceChildren();
  S.named = new Set();
  let at = 0;
  for (const m of shown.matchAll(CELL_NAME)) {
    const i = (Number(m[1]) - 1) * 9 + Number(m[2]) - 1;
    S.named.add(i);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'cellref';
    b.dataset.cell = i;
    b.title = t('showCell', m[0]);
    b.textContent = m[0];
    box.append(shown.slice(at, m.index), b);
    at = m.index + m[0].length;
  }
  box.append(shown.slice(at));
  markNamed();
}
function markNamed() { cells.forEach((d, i) => d.classList.toggle('named', S.named.has(i))); }
$('explain').addEventListener('click', e => {
  const b = e.target.closest('button.cellref');
  if (!b) return;
  const d = cells[Number(b.dataset.cell)];
  d.classList.remove('flash');
  void d.offsetWidth; // restarts the animation
  d.classList.add('flash');
  d.scrollIntoView({ block: 'nearest' });
});

// ---------- keeping the game ----------
let saveTimer = null;
function persist() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(persistNow, 150);
}
function persistNow() {
  clearTimeout(saveTimer);
  clockSync();
  const err = saveGame(localStorage, S.game);
  if (err) message(err.message, true);
}
/// The game of the last visit, if it reads back cleanly.
function restore() {
  const kept = restoreGame(localStorage);
  if (kept.error) message(t('storageBad', kept.error.message), true);
  if (!kept.game) return false;
  S.game = kept.game;
  return true;
}
window.addEventListener('pagehide', persistNow);

// ---------- the clock ----------
// Runs while solving an unsolved puzzle with the tab visible (state.js).
function renderClock() {
  $('clock').textContent = clockText(S, performance.now());
  $('clock').classList.toggle('paused', S.clockFrom === null);
}
document.addEventListener('visibilitychange', () => { clockSync(); renderClock(); if (document.hidden) persistNow(); });
setInterval(renderClock, 1000);

// ---------- grid ----------
let cells = [];
let printGrid = [];

/// A cell reached by Tab is the selected one. (Only its class changes here:
/// rebuilding the cell between mousedown and mouseup would lose the click.)
function focusCell(i, d) {
  if (S.selected === i) return;
  if (S.selected >= 0) cells[S.selected].classList.remove('sel');
  S.selected = i;
  S.reasons = []; S.reasonIdx = -1;
  d.classList.add('sel');
}

function currentView() { return S.search || S.view; }

function render() {
  const b = board();
  const rp = S.replay ? replayStep(S.replay) : null;
  const v = rp ? null : currentView();
  const ev = v && v.evaluation;
  const contra = new Set(v ? v.contradiction_cells : []);
  if (S.search && S.search.turned_cells) S.search.turned_cells.forEach(c => contra.add(c));
  // The player's own marks once they keep any (the trainer's evaluation then
  // colours them), else the trainer's candidates in its mode.
  const own = !S.search && !rp && S.game.hasMarks();
  const allowed = own ? candidatesOf(b, peers()) : null;
  const candidatesAt = i => (rp ? (rp.candidates ? rp.candidates[i] : []) : own ? maskDigits(S.game.marks[i]) : (ev ? ev.candidates[i] : []));
  renderCells(cells, {
    board: b, givens: S.game.givens, selected: S.selected, digit: S.digit, highlight: S.highlight,
    hintCells: S.hintCells, wrong: S.wrong, contra, ev, candidatesOf: candidatesAt, own, allowed, geo: geometry(S), t,
    cellColors: rp ? null : S.game.cellColors, candColors: rp ? null : S.game.candColors, filter: S.filter,
  });
  // A hint's drawing belongs to the position it was asked on.
  if (S.shapes.length && positionKey() !== S.shapesBoard) S.shapes = [];
  overlay.draw(S.shapes);
  renderPad($('pad'), b, S.digit, t);
  $('btn-define').classList.toggle('on', S.game.phase === 'define');
  $('btn-solve').classList.toggle('on', S.game.phase === 'solve');
  $('btn-notes').classList.toggle('on', S.notes);
  $('btn-notes').setAttribute('aria-pressed', String(S.notes));
  $('pad').classList.toggle('notes', S.notes);
  $('replay').hidden = !S.replay;
  if (S.replay) {
    $('replay-pos').textContent = t('replayStep', Math.min(S.replay.k + 1, S.replay.steps.length), S.replay.steps.length);
    $('replay-prev').disabled = S.replay.k === 0;
    $('replay-next').disabled = S.replay.k >= S.replay.steps.length;
  }
  const link = shareLink();
  $('link-path').href = `/explain?p=${line(S.game.givens)}&v=${S.game.variant}&lang=${S.lang}`;
  $('link-path').toggleAttribute('hidden', !link);
  $('btn-undo').disabled = !S.game.undo.length || !!S.search;
  $('btn-redo').disabled = !S.game.redo.length || !!S.search;
  $('btn-apply').hidden = !appliable();
  renderFrames();
  if (S.allSteps && S.allSteps.key !== positionKey() && !$('allsteps').hidden) staleAllSteps();
  $('steps').textContent = S.search ? S.search.steps : 0;
  // The counters are the running search's (the rating's full runs are in the
  // level line): nothing before a search starts.
  $('backtracks').textContent = S.search ? S.search.backtrack_runs : 0;
  $('phase-info').textContent = S.search ? `(${t('phase_' + S.search.phase)})` : '';
  $('level').textContent = S.rating ? t('lvl_' + S.rating.level) : '–';
  $('lazy-strict').textContent = S.rating && S.rating.steps_lazy != null ? t('lazyStrict', S.rating.steps_lazy, S.rating.steps_strict) : '';
  // The other scales of the same rating (computed with the level, in the
  // background when Solve starts).
  $('ratings').textContent = S.rating ? t('ratingsLine', S.rating.points, S.rating.se, S.rating.hodoku) : '';
  $('hints-used').textContent = S.game.hints;
  $('mistakes').textContent = S.game.mistakes;
  $('mistake-limit').textContent = S.settings.limit ? t('limitOf', S.settings.limit) : '';
  $('btn-keep').hidden = !overLimit();
  markNamed();
  $('puzzle-name').textContent = S.game.puzzleName || '–';
  $('puzzle-id').textContent = S.game.puzzleId ? `(${S.game.puzzleId})` : '';
  $('btn-next').disabled = !(S.search && S.search.phase === 'solved');
  $('btn-pause').disabled = !S.running;
  $('btn-stop').disabled = !S.search;
  renderClock();
  renderPrint(S.game.givens, S.game.puzzleName);
}

function renderPrint(givens, title) {
  $('print-title').textContent = title || 'Sudoku';
  printCells(printGrid, givens, geometry(S));
}

// ---------- evaluation ----------
let evalSeq = 0;
async function refresh() {
  const seq = ++evalSeq;
  try {
    const v = await api('POST', '/evaluate', {
      givens: line(S.game.givens), entries: line(S.game.entries), variant: S.game.variant, mode: S.game.mode, lang: S.lang,
    });
    if (seq !== evalSeq) return;
    S.view = v;
    // The text says "Contradiction:" itself.
    if (v.contradiction_text) explain(v.contradiction_text);
    const full = S.game.board().every(x => x);
    if (full && !v.contradiction_text && S.game.phase === 'solve' && !S.game.solved && S.game.givens.some(x => x)) {
      S.game.solved = true;
      clockSync();
      stats.finished();
      message(t('solvedMsg'));
      // An old cell's explanation, a hint or its drawing means nothing now.
      clearMarks();
      explain('');
      persist();
    }
    render();
  } catch (e) { message(e.message, true); }
}

function clearMarks() {
  S.wrong.clear(); S.highlight.clear(); S.hintCells.clear(); S.shapes = [];
  S.reasons = []; S.reasonIdx = -1; S.trainer = null;
  S.hint = null; S.hintLevel = 0;
  S.frames = null; S.preview = null; S.frameStack = [];
}

/// After the game changed: drop what belonged to the old position, store the
/// game, redraw and ask for the new evaluation. `edited`: the one cell an
/// entry or a mark changed; Check's frames on the other cells stay.
function changed(edited = null) {
  const keep = edited === null ? [] : [...S.wrong].filter(c => c !== edited);
  S.replay = null;
  message('');
  explain('');
  clearMarks();
  keep.forEach(c => S.wrong.add(c));
  if (S.game.solved && !S.game.board().every(x => x)) S.game.solved = false;
  clockSync();
  persist();
  render();
  refresh();
}

// ---------- cell selection and reasons ----------
async function clickCell(i) {
  if (S.selected === i && S.reasons.length) {
    S.reasonIdx++;
    if (S.reasonIdx >= S.reasons.length) { select(-1); explain(''); return; }
    showReason();
    return;
  }
  select(i);
  S.reasons = []; S.reasonIdx = -1; S.highlight.clear();
  const val = board()[i];
  if (val) S.digit = val;
  if (S.game.mode === 'none' || val) { render(); return; }
  try {
    const r = await api('POST', '/reasons', {
      givens: line(S.game.givens), entries: line(S.game.entries), variant: S.game.variant, mode: S.game.mode, lang: S.lang, cell: i,
    });
    if (S.selected !== i) return;
    S.reasons = r.reasons;
    if (S.reasons.length) { S.reasonIdx = 0; showReason(); } else { explain(t('noReason')); render(); }
  } catch (e) { message(e.message, true); }
}

function showReason() {
  const r = S.reasons[S.reasonIdx];
  S.highlight = new Set(r.highlight);
  const n = S.reasons.length;
  explain(n > 1 ? `${r.text} ${t('reasonOf', S.reasonIdx + 1, n)}` : r.text);
  render();
}

function select(i) {
  if (S.selected >= 0) cells[S.selected].tabIndex = -1;
  S.selected = i;
  if (i >= 0) { cells[i].tabIndex = 0; cells[i].focus({ preventScroll: true }); }
  render();
}

// ---------- entering digits and marks ----------
function setDigit(d, asMark) {
  if (S.replay) closeReplay();
  const i = S.selected;
  if (i < 0) { S.digit = S.digit === d ? 0 : d; render(); return; }
  if (S.search) stopSearch(true);
  const notes = (asMark || S.notes) && S.game.phase === 'solve';
  if (notes) {
    if (S.game.board()[i]) return;
    S.game.change([[i, MARKS, d ? S.game.marks[i] ^ bit(d) : 0]]);
    S.digit = d;
    changed(i);
    return;
  }
  if (S.game.phase === 'solve' && S.game.givens[i]) { message(t('lockedGiven'), true); return; }
  if (d && overLimit()) { message(t('limitReached', S.game.mistakes), true); return; }
  if (S.game.phase === 'define') S.rating = null;
  S.game.change(S.game.entryChanges(i, d, S.autoRemove, peers()));
  if (d) S.digit = d;
  changed(i);
  if (d && S.settings.mistakes === 'instant' && S.game.phase === 'solve') checkAtOnce(i, d);
}

// ---------- mistakes ----------
/// Whether the mistake limit stops entries now.
function overLimit() {
  return S.game.phase === 'solve' && !S.game.solved && limitReached(S.settings, S.game.mistakes, S.game.limitLifted);
}

/// Counts the wrong digits among the cells `wrong` (as Check or a hint found
/// them) and says so when the limit is reached.
function countMistakes(wrong) {
  const b = board();
  if (!S.game.countMistakes(wrong.filter(c => b[c]).map(c => [c, b[c]]))) return;
  persist();
  if (overLimit()) message(t('limitReached', S.game.mistakes), true);
}

/// With mistakes shown at once: asks whether digit `d` in cell `i` is right
/// (offline nothing is said; Check says it later).
async function checkAtOnce(i, d) {
  try {
    const r = await api('POST', '/check', {
      givens: line(S.game.givens), entries: line(S.game.entries), variant: S.game.variant, marks: null,
    });
    if (board()[i] !== d || !r.wrong.includes(i)) return;
    S.wrong.add(i);
    message(t('wrongAtOnce', `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`), true);
    countMistakes([i]);
    if (overLimit()) message(t('limitReached', S.game.mistakes), true);
    render();
  } catch (e) { /* offline or refused: Check tells later */ }
}
on('btn-keep', () => {
  S.game.limitLifted = true;
  message('');
  persist();
  render();
});

function fillCandidates() {
  if (S.search) stopSearch(true);
  const cand = candidatesOf(S.game.board(), peers());
  S.game.change(cand.map((m, i) => [i, MARKS, m]));
  changed();
}

function undo() { if (!S.search && S.game.undoMove()) changed(); }
function redo() { if (!S.search && S.game.redoMove()) changed(); }

document.addEventListener('keydown', e => {
  if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT' || e.target.tagName === 'TEXTAREA') return;
  if (e.target.closest && e.target.closest('dialog, .account-pop')) return;
  if (!$('trainer').hidden) {
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && (e.key === 'z' || e.key === 'Z')) { e.preventDefault(); if (e.shiftKey) redo(); else undo(); return; }
    if (ctrl && (e.key === 'y' || e.key === 'Y')) { e.preventDefault(); redo(); return; }
    if (ctrl || e.altKey) return;
    // Shift+digit writes a mark whatever the mode (e.code: the key, not the
    // shifted character).
    const m = /^(Digit|Numpad)([1-9])$/.exec(e.code || '');
    if (m && e.shiftKey) { setDigit(Number(m[2]), true); e.preventDefault(); return; }
    if (e.key >= '1' && e.key <= '9') { setDigit(Number(e.key)); e.preventDefault(); return; }
    if (e.key === '0' || e.key === 'Delete' || e.key === 'Backspace') { setDigit(0); e.preventDefault(); return; }
    if (e.key === 'n' || e.key === 'N') { toggleNotes(); e.preventDefault(); return; }
    if (e.key === 'h' || e.key === 'H') { hint(); e.preventDefault(); return; }
    if ((e.key === 'a' || e.key === 'A') && !$('btn-apply').hidden) { applyHint(); e.preventDefault(); return; }
    if (S.frames && (e.key === ']' || e.key === '[')) { frameMove(e.key === ']' ? 1 : -1); e.preventDefault(); return; }
    if (S.replay && (e.key === 'PageDown' || e.key === '.')) { replayMove(1); e.preventDefault(); return; }
    if (S.replay && (e.key === 'PageUp' || e.key === ',')) { replayMove(-1); e.preventDefault(); return; }
    if (e.key === 'Escape') { if (S.replay) closeReplay(); select(-1); S.digit = 0; render(); return; }
    const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
    if (e.key in moves) {
      e.preventDefault();
      let i = S.selected < 0 ? 0 : S.selected + moves[e.key];
      if (e.key === 'ArrowLeft' && S.selected % 9 === 0) i = S.selected + 8;
      if (e.key === 'ArrowRight' && S.selected % 9 === 8) i = S.selected - 8;
      i = (i + 81) % 81;
      S.reasons = []; S.highlight.clear();
      clickCell(i);
    }
  } else if (!$('db').hidden) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = S.db.rows.length;
      if (!n) return;
      S.db.sel = Math.max(0, Math.min(n - 1, S.db.sel + (e.key === 'ArrowDown' ? 1 : -1)));
      renderDb();
    }
  }
});

function toggleNotes() { S.notes = !S.notes; render(); }

// ---------- phases ----------
async function enterSolve() {
  if (S.game.phase === 'solve' && S.rating) return;
  S.game.phase = 'solve';
  clockSync();
  persist();
  render();
  if (S.rating) return;
  message(t('rating'));
  try {
    S.rating = await api('POST', '/rate', { givens: line(S.game.givens), variant: S.game.variant, lang: S.lang });
    // Only the "rating…" note goes; anything said meanwhile stays.
    if ($('message').textContent === t('rating')) message(S.game.solved ? t('solvedMsg') : '');
  } catch (e) { message(e.message, true); }
  render();
}

// ---------- automatic search ----------
const SPEED = [1000, 600, 350, 200, 120, 60, 30, 10, 1, 0];
async function ensureSearch() {
  if (S.search) return true;
  if (S.game.phase !== 'solve') await enterSolve();
  try {
    S.search = await api('POST', '/search/start', {
      givens: line(S.game.givens), entries: line(S.game.entries), variant: S.game.variant,
      mode: S.game.mode, lang: S.lang, seed: Math.floor(Math.random() * 2 ** 31),
    });
    clearMarks();
    return true;
  } catch (e) { message(e.message, true); return false; }
}

async function searchStep(n) {
  if (!S.search || S.busy) return;
  S.busy = true;
  try {
    const v = await api('POST', '/search/step', { search: S.search.search, steps: n, lang: S.lang });
    if (!S.search) return;
    S.search = v;
    const parts = [];
    if (v.turned_text) parts.push(v.turned_text);
    else if (v.contradiction_text) parts.push(v.contradiction_text);
    if (v.text) parts.push(v.text);
    explain(parts.join(' — '));
    if (v.phase === 'solved') { pauseSearch(); message(t('searchSolved')); }
    if (v.phase === 'exhausted') { pauseSearch(); message(t('exhausted')); }
    render();
  } catch (e) { pauseSearch(); message(e.message, true); } finally { S.busy = false; }
}

function tick() {
  if (!S.running) return;
  const speed = Number($('speed').value);
  const delay = SPEED[speed - 1];
  const n = speed >= 10 ? 50 : speed === 9 ? 5 : 1;
  searchStep(n).then(() => { if (S.running) S.timer = setTimeout(tick, delay); });
}

async function startSearch() {
  if (S.running) return;
  if (!(await ensureSearch())) return;
  if (S.search.phase === 'solved' || S.search.phase === 'exhausted') { render(); return; }
  S.running = true;
  render();
  tick();
}

function pauseSearch() {
  S.running = false;
  clearTimeout(S.timer);
  render();
}

/// Ends the search; with `keep` its digits stay as entries (one undoable move).
function stopSearch(keep) {
  pauseSearch();
  if (S.search && keep !== false) {
    const b = parseLine(S.search.board);
    S.game.change(b.map((v, i) => [i, ENTRY, S.game.givens[i] ? 0 : v]));
  }
  S.search = null;
  changed();
}

async function stepButton() {
  if (S.search) { pauseSearch(); await searchStep(1); return; }
  if (S.game.phase !== 'solve') await enterSolve();
  const trainer = S.trainer || {
    variant: S.game.variant, givens: line(S.game.givens), entries: line(S.game.entries),
    mode: S.game.mode === 'none' ? 'lazy' : S.game.mode, seed: Math.floor(Math.random() * 2 ** 31), pending: null,
  };
  try {
    const r = await api('POST', '/manual-step', { trainer, lang: S.lang });
    explain(r.text);
    if (r.result.result === 'proposed') {
      S.trainer = r.trainer;
      S.selected = r.result.move.cell;
      render();
    } else {
      S.trainer = null;
      if (r.result.move) {
        const mv = r.result.move;
        S.game.change(S.game.entryChanges(mv.cell, mv.digit, S.autoRemove, peers()));
        S.selected = mv.cell;
        S.digit = mv.digit;
      }
      changed();
      explain(r.text);
    }
  } catch (e) { message(e.message, true); }
}

async function nextSolution() {
  if (!S.search || S.search.phase !== 'solved') return;
  try {
    S.search = await api('POST', '/search/next', { search: S.search.search, lang: S.lang });
    message('');
    render();
    startSearch();
  } catch (e) { message(e.message, true); }
}

// ---------- graded hints ----------
/// Hint: the first press names the technique and where to look, the second
/// shows the pattern, the third the whole step (which Apply carries out).
async function hint() {
  if (S.replay) closeReplay();
  const key = positionKey();
  if (S.hint && S.hintKey === key && S.hintLevel < 3) {
    S.hintLevel++;
    S.game.hints++;
    persist();
    showHint();
    return;
  }
  if (S.search) stopSearch(true);
  try {
    const r = await api('POST', '/hint', {
      givens: line(S.game.givens), entries: line(S.game.entries), variant: S.game.variant, lang: S.lang, marks: marksBody(),
    });
    clearMarks();
    if (r.status === 'mistake') {
      S.wrong = new Set([cellIndex(r.mistake.cell)]);
      S.game.hints++;
      explain(`${t('hintPrefix')}: ${r.mistake.text}`);
      countMistakes([cellIndex(r.mistake.cell)]);
      persist();
      render();
      return;
    }
    if (!r.step) { render(); explain(r.status === 'solved' ? t('solvedMsg') : t('noHint')); return; }
    S.hint = r; S.hintKey = key; S.hintLevel = 1;
    S.game.hints++;
    persist();
    showHint();
  } catch (e) { message(e.message, true); }
}

function showHint() {
  const level = S.hint.levels[S.hintLevel - 1];
  S.highlight = new Set(level.houses.flatMap(h => h.cells.map(overlay.cellIndex)));
  S.hintCells = new Set(level.cells.map(overlay.cellIndex));
  S.shapesBoard = positionKey();
  if (S.hintLevel === 3) {
    showStep({ ...S.hint.step, shapes: level.shapes || [] }, `${t('hintN', 3)}: ${level.text}`, `${t('hintN', 3)}: ${S.hint.step.name}`);
    return;
  }
  S.frames = null;
  S.shapes = level.shapes || [];
  explain(`${t('hintN', S.hintLevel)}: ${level.text} (${t('hintMore')})`);
  render();
}

// ---------- a big step in parts ----------
/// The techniques' names by stable name, from the server's catalogue (the
/// stable name itself until it has answered, or offline).
const techniqueNames = new Map();
api('GET', '/techniques').then(r => r.techniques.forEach(x => techniqueNames.set(x.name, x))).catch(() => {});
const techniqueName = name => techniqueNames.get(name)?.[S.lang] || name.replace(/-/g, ' ');

/// Shows a whole step (a hint's third level, a step picked from the list,
/// a replayed step): as it is when small, else in parts (branches.js),
/// starting with the overview. `text` is the step's whole text, `title` the
/// line that heads each part.
function showStep(step, text, title) {
  const list = frames(step, t, techniqueName);
  S.frameStack = [];
  // The pattern's frames belong to the whole step; a part marks its own.
  S.frames = list ? { list, k: 0, whole: false, step, text, title, cells: S.hintCells } : null;
  if (!list) { S.shapes = step.shapes || []; explain(text); render(); return; }
  showFrame();
}
function showFrame() {
  const f = S.frames;
  S.hintCells = f.whole ? f.cells : new Set();
  if (f.whole) {
    S.shapes = f.step.shapes || [];
    explain(f.text);
  } else {
    const part = f.list[f.k];
    S.shapes = part.shapes;
    explain(f.step.forcing ? `${f.title}\n${part.text}` : `${f.text}\n${part.text}`);
  }
  render();
}
function frameMove(d) {
  const f = S.frames;
  if (!f) return;
  f.whole = false;
  f.k = Math.max(0, Math.min(f.list.length - 1, f.k + d));
  showFrame();
}
function renderFrames() {
  const f = S.frames;
  $('branches').hidden = !f;
  if (!f) return;
  // The nested forcing steps this part rests on, each a button that opens
  // it (in parts of its own), and the way back out.
  const inner = f.whole ? [] : f.list[f.k].inner || [];
  const shown = $('br-inner');
  if (shown.dataset.key !== `${f.k}/${f.whole}/${inner.length}/${S.frameStack.length}`) {
    shown.dataset.key = `${f.k}/${f.whole}/${inner.length}/${S.frameStack.length}`;
    shown.replaceChildren(...inner.map((x, n) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.inner = n;
      b.textContent = t('brInner', x.cell, x.digit);
      b.setAttribute('aria-label', t('brOpen', x.cell, x.digit));
      return b;
    }));
  }
  $('br-back').hidden = !S.frameStack.length;
  $('br-pos').textContent = f.whole ? t('brWhole') : t('brPart', f.k, f.list.length);
  $('br-prev').disabled = !f.whole && f.k === 0;
  $('br-next').disabled = !f.whole && f.k >= f.list.length - 1;
  $('br-whole').textContent = f.whole ? t('brParts') : t('brWhole');
  $('br-whole').setAttribute('aria-pressed', String(f.whole));
}
on('br-prev', () => frameMove(-1));
on('br-next', () => frameMove(1));
on('br-whole', () => { if (!S.frames) return; S.frames.whole = !S.frames.whole; showFrame(); });
$('br-inner').addEventListener('click', e => {
  const b = e.target.closest('button[data-inner]');
  const f = S.frames;
  if (!b || !f) return;
  const x = f.list[f.k].inner[Number(b.dataset.inner)];
  const list = frames({ forcing: x.forcing, shapes: [] }, t, techniqueName);
  if (!list) return;
  S.frameStack.push(f);
  const title = t('brInnerTitle', x.cell, x.digit);
  S.frames = { list, k: 0, whole: false, step: { forcing: x.forcing, shapes: list.flatMap(p => p.shapes) }, text: title, title, cells: new Set() };
  showFrame();
  $('br-back').focus();
});
on('br-back', () => {
  if (!S.frameStack.length) return;
  S.frames = S.frameStack.pop();
  showFrame();
});

// ---------- every step available now ----------
/// HoDoKu's list of every step at this position (POST /api/steps), easiest
/// first, one foldable group per technique; a picked step is shown with its
/// drawing and text, and Apply carries it out.
async function allSteps() {
  if (S.replay) closeReplay();
  if (S.search) stopSearch(true);
  const key = positionKey();
  message(t('computing'));
  try {
    const r = await api('POST', '/steps', {
      givens: line(S.game.givens), entries: line(S.game.entries), variant: S.game.variant, lang: S.lang, marks: marksBody(),
    });
    message('');
    clearMarks();
    if (r.status === 'mistake') {
      S.wrong = new Set([cellIndex(r.mistake.cell)]);
      explain(`${t('hintPrefix')}: ${r.mistake.text}`);
      $('allsteps').hidden = true;
      render();
      return;
    }
    S.allSteps = { key, steps: r.steps };
    S.game.hints++;
    persist();
    renderAllSteps();
    render();
  } catch (e) { message(e.message, true); }
}

/// One line for a step in the list: its placements or eliminations.
function effects(step) {
  const name = c => c.cell;
  if (step.placements.length) return step.placements.map(p => `${name(p)}=${p.digit}`).join(', ');
  const list = step.eliminations.map(e => `${name(e)}≠${e.digit}`);
  return list.length > 6 ? `${list.slice(0, 6).join(', ')} …(${list.length})` : list.join(', ');
}

function renderAllSteps() {
  const box = $('allsteps-list');
  box.replaceChildren();
  const steps = S.allSteps.steps;
  $('allsteps-title').textContent = steps.length ? t('allStepsTitle', steps.length) : t('allStepsNone');
  // The groups in the list's order (the walk's: easiest first).
  const groups = [];
  steps.forEach((st, k) => {
    let g = groups.at(-1);
    if (!g || g.technique !== st.technique) { g = { technique: st.technique, name: st.name, items: [] }; groups.push(g); }
    g.items.push(k);
  });
  groups.forEach((g, gi) => {
    const d = document.createElement('details');
    if (gi === 0) d.open = true;
    const sum = document.createElement('summary');
    sum.textContent = `${g.name} (${g.items.length})`;
    const ol = document.createElement('ol');
    for (const k of g.items) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.k = k;
      b.textContent = effects(steps[k]);
      li.appendChild(b);
      ol.appendChild(li);
    }
    d.append(sum, ol);
    box.appendChild(d);
  });
  $('allsteps').hidden = false;
}

function pickStep(k) {
  const st = S.allSteps && S.allSteps.steps[k];
  if (!st || S.allSteps.key !== positionKey()) { staleAllSteps(); return; }
  clearMarks();
  S.preview = { step: st, key: positionKey() };
  S.shapesBoard = positionKey();
  document.querySelectorAll('#allsteps-list button').forEach(b => b.setAttribute('aria-current', String(Number(b.dataset.k) === k)));
  showStep(st, `${t('allStepsPicked', k + 1, S.allSteps.steps.length)}: ${st.text}`, `${t('allStepsPicked', k + 1, S.allSteps.steps.length)}: ${st.name}`);
}
function staleAllSteps() {
  S.allSteps = null;
  $('allsteps-title').textContent = t('allStepsStale');
  $('allsteps-list').replaceChildren();
}
$('allsteps-list').addEventListener('click', e => {
  const b = e.target.closest('button[data-k]');
  if (b) pickStep(Number(b.dataset.k));
});
on('allsteps-close', () => { $('allsteps').hidden = true; S.allSteps = null; S.preview = null; S.frames = null; S.shapes = []; explain(''); render(); });
on('btn-allsteps', allSteps);

/// The step Apply would carry out now: a picked step of the list, or the
/// hint's third level, if it still belongs to the position shown.
function appliable() {
  const key = positionKey();
  if (S.preview && S.preview.key === key) return S.preview.step;
  if (S.hint && S.hintLevel === 3 && S.hintKey === key) return S.hint.step;
  return null;
}

/// Carries out the hint's step: its placements as entries, its eliminations
/// from the player's marks (all candidates are noted first if they keep none).
function applyHint() {
  const step = appliable();
  if (!step) return;
  // Apply hides itself: keep the keyboard where play goes on (the Hint
  // button), not on <body>.
  const fromApply = document.activeElement === $('btn-apply');
  S.game.change(S.game.stepChanges(step, peers(), S.autoRemove));
  changed();
  if (fromApply) $('btn-hint').focus();
}

// ---------- watching the logic ----------
/// "Watch the logic": the human-style solution path from the givens, walked
/// forward and backward step by step, each with its explanation and drawing.
async function watchLogic() {
  if (S.search) stopSearch(true);
  message(t('computing'));
  try {
    const q = `p=${line(S.game.givens)}&v=${S.game.variant}&lang=${S.lang}`;
    const r = await api('GET', `/explain?${q}`);
    clearMarks();
    // Each step with the position it was found in (the analysis gives them
    // side by side).
    S.replay = { steps: r.steps.map((s, k) => ({ ...s, ...r.positions[k] })), end: r.end, k: 0 };
    message(t('replayStart', r.steps.length));
    showReplay();
  } catch (e) { message(e.message, true); }
}

function showReplay() {
  const st = replayStep(S.replay);
  S.shapesBoard = positionKey();
  if (st.end) { S.frames = null; S.shapes = []; explain(t('replayEnd')); render(); return; }
  const head = t('replayStep', S.replay.k + 1, S.replay.steps.length);
  showStep(st, `${head}: ${st.text}` + (st.compact ? `\n${st.compact}` : ''), `${head}: ${st.name}`);
}

function replayMove(d) {
  if (!S.replay) return;
  S.replay.k = Math.max(0, Math.min(S.replay.steps.length, S.replay.k + d));
  showReplay();
}

function closeReplay() {
  S.replay = null;
  clearMarks();
  explain('');
  message('');
  render();
}

// ---------- links ----------
/// The trainer's address for the current puzzle (null without givens).
function shareLink() {
  if (!S.game.givens.some(v => v)) return null;
  return `${location.origin}/?p=${line(S.game.givens)}&v=${S.game.variant}`;
}

async function copyLink() {
  const url = shareLink();
  if (!url) return;
  try {
    await navigator.clipboard.writeText(url);
    message(t('linkCopied'));
  } catch (e) {
    // No clipboard (an insecure origin, a refused permission): show it.
    message(t('linkIs', url));
  }
}

/// Opens the puzzle of the address (`/?p=<81 cells>&v=<variant>`), unless the
/// kept game is that puzzle already; a bad address is named and ignored.
function openFromAddress() {
  const got = readAddress(location.search);
  if (!got) return false;
  history.replaceState(null, '', location.pathname + location.hash);
  if (got.error) { S.startMessage = t('badLink', got.error); return false; }
  if (line(got.givens) === line(S.game.givens) && S.game.variant === got.variant) return true;
  newGame(got.givens);
  S.game.variant = got.variant;
  S.game.phase = 'solve';
  return true;
}

// ---------- first visit ----------
/// The local calendar date, YYYY-MM-DD.
function localDate() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/// A first visit opens the puzzle of the day (the same for everyone that day).
async function openDaily() {
  try {
    const r = await api('GET', `/daily?date=${localDate()}`);
    if (S.game.givens.some(v => v)) return; // something else was opened meanwhile
    newGame(parseLine(r.givens), t('daily', r.date));
    S.game.daily = r.date;
    S.game.variant = r.variant; $('variant').value = r.variant;
    S.game.phase = 'solve';
    changed();
    await enterSolve();
  } catch (e) { message(e.message, true); }
}

/// The tour's steps: the element each one points at, and its text.
const TOUR = ['grid', 'btn-notes', 'btn-hint'];
const tourText = k => [t('tour1'), t('tour2'), t('tour3')][k];
let tourAt = -1;
function showTour(k) {
  document.querySelectorAll('.tour-target').forEach(e => e.classList.remove('tour-target'));
  tourAt = k;
  if (k < 0 || k >= TOUR.length) {
    $('tour').hidden = true;
    localStorage.setItem('tourDone', '1');
    return;
  }
  const target = TOUR[k];
  $('tour-text').textContent = tourText(k);
  $('tour-step').textContent = t('tourOf', k + 1, TOUR.length);
  $('tour-next').textContent = k === TOUR.length - 1 ? t('tourDone') : t('tourNext');
  $(target).classList.add('tour-target');
  $('tour').hidden = false;
}
on('tour-next', () => showTour(tourAt + 1));
on('tour-skip', () => showTour(-1));

// ---------- pasting a puzzle ----------
// One line or a 9×9 block, with or without separators (state.js: pastedCells);
// other programs' formats (candidate grids as HoDoKu, Sudoku Explainer or
// SudokuWiki print them, HoDoKu library lines, sukaku lines, …) are read by
// the server's reader, the one the command line uses (POST /api/parse): their
// placed digits marked `+` become entries, their candidates the player's marks.
document.addEventListener('paste', async e => {
  const target = e.target;
  if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
  const text = (e.clipboardData || window.clipboardData)?.getData('text') || '';
  e.preventDefault();
  const got = pastedCells(text);
  let pasted = got.cells ? { givens: got.cells.replace(/0/g, '.'), entries: null, marks: null } : null;
  // Fewer than 17 digits is no puzzle in any format: said at once.
  if (!pasted && (text.match(/[1-9]/g) || []).length >= 17) {
    try {
      pasted = await api('POST', '/parse', { text });
    } catch (err) {
      message(err.code === 'text-unreadable' && /\n./.test(text.trim()) ? err.message : t('badPaste', got.count), true);
      return;
    }
  }
  if (!pasted) { message(t('badPaste', got.count), true); return; }
  if (S.search) { pauseSearch(); S.search = null; }
  S.replay = null;
  newGame(parseLine(pasted.givens), t('pasted'));
  if (pasted.entries) S.game.entries = parseLine(pasted.entries).map((v, i) => (S.game.givens[i] ? 0 : v));
  if (pasted.marks) {
    const board = S.game.board();
    // A cell with all nine candidates is no mark of the player's.
    S.game.marks = pasted.marks.map((ds, i) => (board[i] || ds.length >= 9 ? 0 : ds.reduce((m, d) => m | bit(d), 0)));
  }
  S.game.phase = 'solve';
  showTab('trainer');
  changed();
  enterSolve();
});

// ---------- buttons ----------
function on(id, f) { $(id).addEventListener('click', f); }

/// A new puzzle on the grid: no entries, marks or history; clock at zero.
function newGame(givens, name, id) {
  if (S.search) { pauseSearch(); S.search = null; }
  stats.setAside();
  S.game.reset(givens);
  S.game.puzzleName = name || ''; S.game.puzzleId = id || null;
  S.rating = null; S.digit = 0; S.clockFrom = null;
  clearMarks();
}

on('btn-init', () => {
  newGame(new Array(81).fill(0));
  S.game.phase = 'define';
  changed();
});
on('btn-reset', () => {
  if (S.search) { pauseSearch(); S.search = null; }
  S.game.change([...S.game.entries.map((_, i) => [i, ENTRY, 0]), ...S.game.marks.map((_, i) => [i, MARKS, 0])]);
  changed();
});
on('btn-define', () => { if (S.search) stopSearch(true); S.game.phase = 'define'; S.rating = null; clockSync(); persist(); render(); });
on('btn-solve', () => enterSolve());
on('btn-new', async () => {
  if (S.search) stopSearch(false);
  message(t('generating'));
  try {
    const g = await api('POST', '/generate', { level: $('new-level').value, variant: S.game.variant, lang: S.lang });
    newGame(parseLine(g.givens), `${t('new')} (${g.level_text})`);
    explain('');
    changed();
    await enterSolve();
  } catch (e) { message(e.message, true); }
});
on('btn-check', async () => {
  try {
    const r = await api('POST', '/check', {
      givens: line(S.game.givens), entries: line(S.game.entries), variant: S.game.variant, marks: marksBody(),
    });
    const lost = r.lost || [];
    S.wrong = new Set([...r.wrong, ...lost.map(x => x.cell)]);
    countMistakes(r.wrong);
    const parts = [];
    if (r.wrong.length) parts.push(t('wrongN', r.wrong.length));
    if (lost.length) parts.push(t('lostN', lost.length));
    message(r.solved ? t('solvedMsg') : parts.length ? parts.join(' ') : t('allRight'), parts.length > 0);
    if (overLimit()) message(`${parts.join(' ')} ${t('limitReached', S.game.mistakes)}`, true);
    render();
  } catch (e) { message(e.message, true); }
});
on('btn-start', startSearch);
on('btn-pause', pauseSearch);
on('btn-stop', () => stopSearch(true));
on('btn-step', async () => {
  if (S.search && S.search.phase !== 'solved' && S.search.phase !== 'exhausted') { pauseSearch(); await searchStep(1); return; }
  if (S.search) return;
  await stepButton();
});
on('btn-next', nextSolution);
on('btn-hint', hint);
on('btn-logic', watchLogic);
on('btn-link', copyLink);
on('replay-prev', () => replayMove(-1));
on('replay-next', () => replayMove(1));
on('replay-close', closeReplay);
on('btn-apply', applyHint);
on('btn-notes', toggleNotes);
on('btn-fill', fillCandidates);
on('btn-undo', undo);
on('btn-redo', redo);
$('chk-auto').addEventListener('change', e => {
  S.autoRemove = e.target.checked;
  localStorage.setItem('autoRemove', S.autoRemove ? 'on' : 'off');
});
document.querySelectorAll('#pad button').forEach(b => b.addEventListener('click', () => setDigit(Number(b.dataset.digit))));
document.querySelectorAll('input[name=mode]').forEach(r => r.addEventListener('change', () => {
  S.game.mode = r.value;
  clearMarks();
  // A running search ends with its digits kept as entries (one undoable move).
  if (S.search) stopSearch(true);
  persist();
  refresh();
}));
$('variant').addEventListener('change', e => {
  S.game.variant = e.target.value;
  S.rating = null;
  if (S.search) stopSearch(false);
  clearMarks();
  persist();
  if (S.game.phase === 'solve') enterSolve();
  refresh();
});
$('lang').addEventListener('change', e => {
  S.lang = setLang(e.target.value);
  localStorage.setItem('lang', S.lang);
  translate();
  refresh();
});

function doPrint(givens, title) {
  renderPrint(givens, title);
  window.print();
  renderPrint(S.game.givens, S.game.puzzleName);
}
on('btn-print', () => doPrint(S.game.givens, S.game.puzzleName));

// ---------- database ----------
/// What Save stores (state.js: puzzleBody), with the clock read first.
function puzzleBody(name) {
  clockSync();
  return bodyOf(S.game, board(), name);
}
async function saveAs() {
  let name = $('save-name').value.trim() || t('nameDefault');
  try {
    // A name already saved: replace that puzzle, or keep both under a
    // numbered name — never two rows that only their ids tell apart.
    const { puzzles } = await api('GET', '/puzzles?sort=name');
    const same = puzzles.find(p => p.name === name);
    if (same) {
      if (window.confirm(t('nameExists', name, same.date))) {
        const r = await api('PUT', '/puzzles/' + encodeURIComponent(same.id), puzzleBody(name));
        S.game.puzzleId = r.id; S.game.puzzleName = r.name;
        persist();
        message(t('replaced', r.name));
        render();
        return;
      }
      const names = new Set(puzzles.map(p => p.name));
      let k = 2;
      while (names.has(`${name} (${k})`)) k++;
      name = `${name} (${k})`;
    }
    const r = await api('POST', '/puzzles', puzzleBody(name), { 'Idempotency-Key': idempotencyKey() });
    S.game.puzzleId = r.id; S.game.puzzleName = r.name;
    $('save-name').value = r.name;
    persist();
    message(t('savedAs', r.name));
    render();
  } catch (e) { message(e.message, true); }
}
on('btn-save', saveAs);
on('btn-overwrite', async () => {
  if (!S.game.puzzleId) { await saveAs(); return; }
  try {
    const r = await api('PUT', '/puzzles/' + encodeURIComponent(S.game.puzzleId), puzzleBody($('save-name').value.trim() || S.game.puzzleName));
    S.game.puzzleName = r.name;
    persist();
    message(t('saved', r.id));
    render();
  } catch (e) { message(e.message, true); }
});

async function loadDb() {
  try {
    const r = await api('GET', `/puzzles?sort=${S.db.sort}&desc=${S.db.desc}`);
    const selId = S.db.rows[S.db.sel] && S.db.rows[S.db.sel].id;
    S.db.rows = r.puzzles;
    S.db.sel = Math.max(0, S.db.rows.findIndex(p => p.id === selId));
    if (!S.db.rows.length) S.db.sel = -1;
    renderDb();
  } catch (e) { $('db-message').textContent = e.message; }
}

function renderDb() {
  const tb = document.querySelector('#db-table tbody');
  tb.replaceChildren();
  S.db.rows.forEach((p, k) => {
    const tr = document.createElement('tr');
    const vals = [p.id, p.name, p.given_count, t('status_' + p.status), p.stats ? p.stats.steps_lazy : '',
      p.stats ? p.stats.steps_strict : '', p.level ? t('lvl_' + p.level) : '', p.stats ? p.stats.backtrack_runs : '',
      p.date, t('v_' + p.variant)];
    vals.forEach((v, c) => {
      const td = document.createElement('td');
      // The id is long and opaque: its last eight characters tell rows
      // apart; the whole id is in the title and the selection line.
      if (c === 0) { td.textContent = `…${String(v).slice(-8)}`; td.title = v; td.className = 'id'; } else td.textContent = v;
      tr.appendChild(td);
    });
    tr.classList.toggle('sel', k === S.db.sel);
    tr.addEventListener('click', () => { S.db.sel = k; renderDb(); });
    tb.appendChild(tr);
  });
  document.querySelectorAll('#db-table th').forEach(th => {
    th.classList.toggle('asc', th.dataset.col === S.db.sort && !S.db.desc);
    th.classList.toggle('desc', th.dataset.col === S.db.sort && S.db.desc);
  });
  const p = S.db.rows[S.db.sel];
  $('db-selected').textContent = p ? `Id: ${p.id}; ${t('c_name')}: ${p.name}; ${t('level')}: ${p.level ? t('lvl_' + p.level) : '–'}` : '';
  const row = tb.children[S.db.sel];
  if (row) row.scrollIntoView({ block: 'nearest' });
}

document.querySelectorAll('#db-table th').forEach(th => th.addEventListener('click', () => {
  if (S.db.sort === th.dataset.col) S.db.desc = !S.db.desc; else { S.db.sort = th.dataset.col; S.db.desc = false; }
  loadDb();
}));
on('db-load', async () => {
  const p = S.db.rows[S.db.sel];
  if (!p) { $('db-message').textContent = t('noSelection'); return; }
  try {
    const r = await api('GET', '/puzzles/' + encodeURIComponent(p.id));
    newGame(parseLine(r.givens), r.name, r.id);
    S.game.entries = parseLine(r.entries).map((v, i) => (S.game.givens[i] ? 0 : v));
    if (r.progress) {
      S.game.marks = r.progress.marks.map(ds => ds.reduce((m, d) => m | bit(d), 0));
      S.game.elapsed = r.progress.elapsed_ms;
      S.game.undo = r.progress.undo; S.game.redo = r.progress.redo;
    }
    S.game.variant = r.variant; $('variant').value = r.variant;
    $('save-name').value = r.name;
    showTab('trainer');
    changed();
    await enterSolve();
  } catch (e) { $('db-message').textContent = e.message; }
});
on('db-delete', async () => {
  const p = S.db.rows[S.db.sel];
  if (!p) { $('db-message').textContent = t('noSelection'); return; }
  if (!window.confirm(t('confirmDelete', p.id))) return;
  try {
    await api('DELETE', '/puzzles/' + encodeURIComponent(p.id));
    $('db-message').textContent = t('deleted', p.id);
    if (S.game.puzzleId === p.id) { S.game.puzzleId = null; persist(); }
    loadDb();
  } catch (e) { $('db-message').textContent = e.message; }
});
on('db-print', () => {
  const p = S.db.rows[S.db.sel];
  if (!p) { $('db-message').textContent = t('noSelection'); return; }
  doPrint(parseLine(p.givens), p.name);
});

// ---------- the player's colours and filters ----------
/// Colours the selected cell, or with "candidate" on the highlighted digit's
/// candidate in it; colour 0 (or the same colour again) clears.
function paint(color) {
  const i = S.selected;
  if (i < 0) { message(t('paintFirst')); return; }
  if ($('paint-cand').checked) {
    if (!S.digit) { message(t('paintDigitFirst')); return; }
    S.game.paintCandidate(i, S.digit, color);
  } else {
    S.game.paintCell(i, color);
  }
  message('');
  persist();
  render();
}
document.querySelectorAll('#paint .swatch').forEach(b => b.addEventListener('click', () => paint(Number(b.dataset.color))));
on('paint-clear', () => { S.game.clearColors(); persist(); render(); });
$('filter').addEventListener('change', e => { S.filter = e.target.value; render(); });
/// The words of the colours and filters that carry a number.
function translatePaint() {
  document.querySelectorAll('#paint .swatch[data-color]').forEach(b => {
    const c = Number(b.dataset.color);
    b.setAttribute('aria-label', c ? t('colourN', c) : t('colour0'));
    b.title = b.getAttribute('aria-label');
  });
  const sel = $('filter');
  const kept = sel.value;
  sel.querySelectorAll('option[data-digit]').forEach(o => o.remove());
  for (let d = 1; d <= 9; d++) {
    const o = document.createElement('option');
    o.value = String(d);
    o.dataset.digit = String(d);
    o.textContent = t('filterDigit', d);
    sel.appendChild(o);
  }
  sel.value = kept;
}

// ---------- settings ----------
function openSettings() {
  const st = S.settings;
  const pick = (name, value) => document.querySelectorAll(`input[name=${name}]`).forEach(r => { r.checked = r.value === value; });
  pick('set-mistakes', st.mistakes);
  pick('set-theme', st.theme);
  pick('set-palette', st.palette);
  $('set-limit').value = String(st.limit);
  $('set-labels').checked = st.labels;
  $('chk-auto').checked = S.autoRemove;
  $('settings').showModal();
}
function readSettings() {
  const picked = name => document.querySelector(`input[name=${name}]:checked`)?.value;
  return {
    mistakes: picked('set-mistakes') || 'off',
    limit: Number($('set-limit').value),
    labels: $('set-labels').checked,
    theme: picked('set-theme') || 'system',
    palette: picked('set-palette') || 'standard',
  };
}
on('btn-settings', openSettings);
$('settings').addEventListener('change', e => {
  if (e.target.id === 'chk-auto') return;
  const next = readSettings();
  try { saveSettings(localStorage, next); } catch (err) { message(err.message, true); return; }
  S.settings = next;
  applySettings(document, S.settings, deviceDark.matches);
  render();
});

// ---------- tabs and language ----------
function showTab(name) {
  for (const id of ['trainer', 'db', 'stats', 'help']) $(id).hidden = id !== name;
  document.querySelectorAll('.tab').forEach(b => b.classList.toggle('active', b.dataset.tab === name));
  if (name === 'db') { loadDb(); $('db-table').focus(); }
  stats.render();
  // The fragment names the tab's section; its scroll margin (style.css)
  // keeps the browser from scrolling the header away.
  if (location.hash !== '#' + name) history.replaceState(null, '', '#' + name);
}
document.querySelectorAll('.tab').forEach(b => b.addEventListener('click', () => showTab(b.dataset.tab)));

function translate() {
  document.documentElement.lang = S.lang;
  $('lang').value = S.lang;
  applyTo(document);
  translatePaint();
  document.querySelectorAll('article.help').forEach(a => { a.hidden = a.lang !== S.lang; });
  const shown = $('explain').textContent;
  if (!shown || LANGS.some(l => translator(l)('selectHint') === shown)) explain('');
  if (!$('db').hidden) renderDb();
  stats.render();
  renderAccount();
  render();
}

// The game of the last visit, if it reads back cleanly; a puzzle in the
// address replaces it.
const restored = restore();
// The grids' box lines are the variant's (every variant has the same boxes,
// so they are built once).
cells = buildGrid($('grid'), geometry(S), { interactive: true, onClick: clickCell, onFocus: focusCell });
overlay.attach($('grid'));
printGrid = buildGrid($('print-grid'), geometry(S));
if (openFromAddress() || restored) {
  $('variant').value = S.game.variant;
  document.querySelectorAll('input[name=mode]').forEach(r => { r.checked = r.value === S.game.mode; });
  persist();
}
// A first visit (nothing kept, no address) opens the puzzle of the day and
// the short tour.
if (!restored && !S.game.givens.some(v => v) && !S.startMessage && !localStorage.getItem('tourSeen')) {
  localStorage.setItem('tourSeen', '1');
  openDaily();
  if (!localStorage.getItem('tourDone')) showTour(0);
}
// A bad address is said last, after the level of a kept game is computed.
(S.game.phase === 'solve' && S.game.givens.some(v => v) ? enterSolve() : Promise.resolve()).then(() => {
  if (S.startMessage) message(S.startMessage, true);
});
$('chk-auto').checked = S.autoRemove;
clockSync();
translate();
loadAccount();
showTab(['db', 'stats', 'help'].includes(location.hash.slice(1)) ? location.hash.slice(1) : 'trainer');
refresh();
