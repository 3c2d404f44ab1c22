// Sudoku Trainer page: the trainer, the puzzle database and the help as tabs.
// Plain JavaScript, no build step: the page's state lives here, every rule is
// asked of the server's JSON API (/api/...), which holds no session. ES
// modules: the player's game (entries, pencil marks, undo history, clock) and
// its storage in the browser live in game.js, the drawing of a hint's shapes
// over the grid in overlay.js.
import * as overlay from './overlay.js';
import { Game, STORE_KEY, ENTRY, MARKS, bit, maskDigits, candidatesOf, peersOf, line } from './game.js';

const T = {
  en: {
    tabTrainer: 'Trainer', tabDb: 'Puzzle database', tabHelp: 'Help', language: 'Language',
    puzzle: 'Puzzle', level: 'Level', steps: 'Steps', backtracks: 'Backtrack runs',
    init: 'Init', reset: 'Reset', new: 'New', check: 'Check', define: 'Define', solve: 'Solve',
    start: 'Start', pause: 'Pause', stop: 'Stop', step: 'Step', speed: 'Speed',
    next: 'Next solution', hint: 'Hint', modes: 'Candidate evaluation', m_none: 'None',
    m_sp: 'Strict +', m_sm: 'Strict −', saveAs: 'Save as', overwrite: 'Overwrite', print: 'Print',
    namePh: 'Name', load: 'Load', delete: 'Delete', c_name: 'Name', c_givens: 'Givens',
    c_status: 'Status', c_lazy: 'Steps (lazy)', c_strict: 'Steps (strict)', c_back: 'Backtrack runs',
    c_date: 'Date', c_variant: 'Variant',
    v_standard: 'Standard', v_diagonal: 'Diagonal', v_color: 'Colour', 'v_color-diagonal': 'Colour + diagonal',
    lvl_easy: 'Easy', lvl_medium: 'Medium', lvl_hard: 'Hard', 'lvl_very-hard': 'Very hard', 'lvl_extremely-hard': 'Extremely hard',
    selectHint: 'Select a cell with a green or red number.',
    noReason: 'Nothing to explain in this cell.',
    lockedGiven: 'Givens are locked while solving; press Define to change them.',
    rating: 'Computing the level …', generating: 'Generating a puzzle …',
    wrongN: n => `${n} wrong ${n === 1 ? 'entry' : 'entries'} (framed red).`,
    allRight: 'All entries are right so far.', solvedMsg: 'Solved — congratulations!',
    searchSolved: 'The solver found a solution.', exhausted: 'No (further) solution found.',
    lazyStrict: (l, s) => `Lazy ${l} / Strict ${s} steps (Strict saves ${l - s})`,
    saved: id => `Saved as ${id}.`, deleted: id => `Deleted ${id}.`,
    confirmDelete: id => `Delete puzzle ${id}?`, noSelection: 'Select a puzzle first.',
    noHint: 'No hint: the grid is full or no technique applies.',
    hintPrefix: 'Hint', reasonOf: (i, n) => `(${i}/${n})`, contradiction: 'Contradiction',
    status_unsolved: 'unsolved', 'status_in-progress': 'in progress', status_solved: 'solved',
    nameDefault: () => `Saved ${new Date().toLocaleString('en-GB')}`,
    notes: 'Notes', fill: 'Fill in candidates', undo: 'Undo', redo: 'Redo', autoRemove: 'Remove ruled-out marks',
    timer: 'Time', apply: 'Apply', hintN: n => `Hint ${n}/3`, hintMore: 'press Hint again for more',
    lostN: n => `${n} ${n === 1 ? 'mark has' : 'marks have'} lost the solution digit (framed red).`,
    storageBad: why => `The saved game could not be read (${why}); starting clean.`,
    left: n => `${n} left`,
    a_row: 'row', a_col: 'column', a_empty: 'empty', a_cands: 'candidates', a_given: 'given', a_wrong: 'wrong',
    logic: 'Watch the logic', path: 'Solution path', copyLink: 'Copy link', close: 'Close',
    linkCopied: 'Link copied.', linkIs: url => `Link: ${url}`, badLink: why => `The link does not give a puzzle (${why}).`,
    replayStep: (k, n) => `Step ${k} of ${n}`, replayStart: n => `The solution path has ${n} steps: ▶ walks forward, ◀ back.`,
    replayEnd: 'Solved: the end of the path.', computing: 'Computing the solution path …',
    offline: 'Offline: your game goes on; evaluation, hints and rating come back with the connection.',
    daily: d => `Puzzle of the day ${d}`, tourSkip: 'Skip tour', tourNext: 'Next', tourDone: 'Done',
    tour1: "Welcome! Today's puzzle is ready. Select a cell, then a number on the pad — or type 1–9.",
    tour2: 'Notes writes your own pencil marks (key N); Undo takes anything back (Ctrl+Z).',
    tour3: 'Stuck? Hint helps in three levels: where to look, the pattern, the whole step. Pasting a puzzle anywhere opens it.',
    tourOf: (k, n) => `${k}/${n}`,
    logout: 'Log out', login: 'Log in', register: 'Register', accName: 'Name', accPassword: 'Password',
    loggedIn: n => `Logged in as ${n}`, loginFirst: 'Log in (top right) to save and open your puzzles.',
    welcome: n => `Welcome, ${n}.`,
    pasted: 'Pasted puzzle', badPaste: n => `The pasted text is not a puzzle: it has ${n} cells, 81 are needed (1-9 for givens, 0 or . for empty cells).`,
  },
  de: {
    tabTrainer: 'Solver/Generator', tabDb: 'Puzzle-Datenbank', tabHelp: 'Hilfe', language: 'Sprache',
    puzzle: 'Puzzle', level: 'Schwierigkeitsgrad', steps: 'Schritte', backtracks: 'Rückwärtsläufe',
    init: 'Init', reset: 'Zurück', new: 'Neu', check: 'Prüfen', define: 'Definieren', solve: 'Lösen',
    start: 'Start', pause: 'Pause', stop: 'Stop', step: 'Schritt', speed: 'Tempo',
    next: 'Nächste Lösung', hint: 'Tipp', modes: 'Kandidatenauswertung', m_none: 'Keine',
    m_sp: 'Strikt +', m_sm: 'Strikt −', saveAs: 'Speichern unter', overwrite: 'Überschreiben', print: 'Drucken',
    namePh: 'Name', load: 'Laden', delete: 'Löschen', c_name: 'Name', c_givens: 'Def. Zellen',
    c_status: 'Status', c_lazy: 'Schritte (lazy)', c_strict: 'Schritte (strikt)', c_back: '#Rückwärts',
    c_date: 'Datum', c_variant: 'Variante',
    v_standard: 'Standard', v_diagonal: 'Diagonal', v_color: 'Farbe', 'v_color-diagonal': 'Farbe + diagonal',
    lvl_easy: 'Leicht', lvl_medium: 'Mittel', lvl_hard: 'Schwer', 'lvl_very-hard': 'Sehr schwer', 'lvl_extremely-hard': 'Extrem schwer',
    selectHint: 'Erläuterung: < Selektiere Zelle mit grüner oder roter Nummer >',
    noReason: 'In dieser Zelle gibt es nichts zu erläutern.',
    lockedGiven: 'Givens sind beim Lösen gesperrt; zum Ändern Definieren drücken.',
    rating: 'Schwierigkeitsgrad wird ermittelt …', generating: 'Puzzle wird erzeugt …',
    wrongN: n => `${n} falsch gesetzte ${n === 1 ? 'Nummer' : 'Nummern'} (rot umrandet).`,
    allRight: 'Alle bisher gesetzten Nummern sind richtig.', solvedMsg: 'Gelöst – Glückwunsch!',
    searchSolved: 'Der Solver hat eine Lösung gefunden.', exhausted: 'Keine weitere Lösung gefunden.',
    lazyStrict: (l, s) => `Lazy ${l} / Strikt ${s} Schritte (Strikt spart ${l - s})`,
    saved: id => `Gespeichert als ${id}.`, deleted: id => `${id} gelöscht.`,
    confirmDelete: id => `Puzzle ${id} löschen?`, noSelection: 'Bitte zuerst ein Puzzle selektieren.',
    noHint: 'Kein Tipp: die Tabelle ist voll oder keine Technik greift.',
    hintPrefix: 'Tipp', reasonOf: (i, n) => `(${i}/${n})`, contradiction: 'Widerspruch',
    status_unsolved: 'ungelöst', 'status_in-progress': 'in Arbeit', status_solved: 'gelöst',
    nameDefault: () => `Gespeichert am (${new Date().toLocaleString('de-DE')})`,
    notes: 'Notizen', fill: 'Kandidaten eintragen', undo: 'Rückgängig', redo: 'Wiederholen', autoRemove: 'Ausgeschlossene Notizen löschen',
    timer: 'Zeit', apply: 'Anwenden', hintN: n => `Tipp ${n}/3`, hintMore: 'noch einmal Tipp drücken für mehr',
    lostN: n => `${n} ${n === 1 ? 'Notiz hat' : 'Notizen haben'} die Lösungsziffer verloren (rot umrandet).`,
    storageBad: why => `Das gespeicherte Spiel ist nicht lesbar (${why}); es geht neu los.`,
    left: n => `noch ${n}`,
    a_row: 'Reihe', a_col: 'Spalte', a_empty: 'leer', a_cands: 'Kandidaten', a_given: 'vorgegeben', a_wrong: 'falsch',
    logic: 'Logik zusehen', path: 'Lösungsweg', copyLink: 'Link kopieren', close: 'Schließen',
    linkCopied: 'Link kopiert.', linkIs: url => `Link: ${url}`, badLink: why => `Der Link enthält kein Puzzle (${why}).`,
    replayStep: (k, n) => `Schritt ${k} von ${n}`, replayStart: n => `Der Lösungsweg hat ${n} Schritte: ▶ geht vor, ◀ zurück.`,
    replayEnd: 'Gelöst: das Ende des Wegs.', computing: 'Der Lösungsweg wird berechnet …',
    offline: 'Offline: das Spiel geht weiter; Auswertung, Tipps und Bewertung kommen mit der Verbindung zurück.',
    daily: d => `Puzzle des Tages ${d}`, tourSkip: 'Tour überspringen', tourNext: 'Weiter', tourDone: 'Fertig',
    tour1: 'Willkommen! Das Puzzle des Tages ist geladen. Zelle wählen, dann eine Nummer im Tastenblock – oder 1–9 tippen.',
    tour2: 'Notizen schreibt eigene Kandidaten (Taste N); Rückgängig nimmt alles zurück (Strg+Z).',
    tour3: 'Nicht weiter? Tipp hilft in drei Stufen: wo suchen, das Muster, der ganze Schritt. Ein irgendwo eingefügtes Puzzle wird geöffnet.',
    tourOf: (k, n) => `${k}/${n}`,
    logout: 'Abmelden', login: 'Anmelden', register: 'Registrieren', accName: 'Name', accPassword: 'Passwort',
    loggedIn: n => `Angemeldet als ${n}`, loginFirst: 'Melden Sie sich (oben rechts) an, um Ihre Puzzles zu speichern und zu öffnen.',
    welcome: n => `Willkommen, ${n}.`,
    pasted: 'Eingefügtes Puzzle', badPaste: n => `Der eingefügte Text ist kein Puzzle: er hat ${n} Zellen, 81 sind nötig (1-9 für Vorgaben, 0 oder . für leere Zellen).`,
  },
};

// The player's game (kept in localStorage) and the page's passing state.
let G = new Game();
const S = {
  lang: localStorage.getItem('lang') === 'de' ? 'de' : 'en',
  selected: -1,
  view: null,          // last /api/evaluate answer
  search: null,        // last search answer while a search is started
  running: false, timer: null, busy: false,
  trainer: null,       // manual-step state between the two presses
  reasons: [], reasonIdx: -1,
  wrong: new Set(), highlight: new Set(), hintCells: new Set(),
  shapes: [], shapesBoard: '', // the drawing shown and the position it belongs to
  hint: null, hintLevel: 0, hintKey: '', // the graded hint, the level shown, its position
  notes: false, autoRemove: localStorage.getItem('autoRemove') !== 'off',
  digit: 0,            // the digit highlighted everywhere
  clockFrom: null,     // performance.now() when the clock last started
  replay: null,        // "Watch the logic": { steps, end, k } (k = steps done)
  startMessage: '',    // what is wrong with the address the page was opened with
  rating: null,
  db: { sort: 'date', desc: false, rows: [], sel: -1 },
  // Accounts (a server started with --accounts): who is logged in, and the
  // token every changing request carries (X-CSRF-Token).
  account: { on: false, user: null, csrf: null },
};

const $ = id => document.getElementById(id);
const t = key => { const v = T[S.lang][key]; return typeof v === 'function' ? v : (v ?? key); };
const parseLine = s => Array.from(s, ch => (ch >= '1' && ch <= '9' ? ch.charCodeAt(0) - 48 : 0));

// Requests in flight, shown on <body data-pending> (the browser tests wait for 0).
let pending = 0;
function setPending(d) { pending += d; document.body.dataset.pending = String(pending); }

async function api(method, path, body) {
  setPending(1);
  try { return await request(method, path, body); } finally { setPending(-1); }
}

async function request(method, path, body, tries = 0) {
  const opts = { method, headers: {}, credentials: 'same-origin' };
  if (body !== undefined) { opts.headers['Content-Type'] = 'application/json'; opts.body = JSON.stringify(body); }
  if (S.account.csrf && method !== 'GET') opts.headers['X-CSRF-Token'] = S.account.csrf;
  let resp;
  try {
    resp = await fetch('/api' + path, opts);
  } catch (e) {
    // No network: the game goes on, the server's help waits.
    throw new Error(t('offline'));
  }
  // Too many expensive requests of ours at once (429): the server says when
  // one will be done; wait that long (a few times, if it is short) and ask again.
  const wait = Number(resp.headers.get('Retry-After'));
  if (resp.status === 429 && tries < 3 && wait >= 1 && wait <= 10) {
    await new Promise(r => setTimeout(r, wait * 1000));
    return request(method, path, body, tries + 1);
  }
  const data = await resp.json().catch(() => ({ error: `HTTP ${resp.status}` }));
  if (resp.status === 401 && S.account.on && !path.startsWith('/account/')) {
    // The session ended (logged out elsewhere, or expired): ask to log in.
    S.account.user = null; S.account.csrf = null; renderAccount();
    throw new Error(t('loginFirst'));
  }
  if (!resp.ok) throw new Error(data.error || `HTTP ${resp.status}`);
  return data;
}

// ---------- accounts ----------
function renderAccount() {
  const a = S.account;
  $('account').hidden = !a.on;
  $('account-user').textContent = a.user ? t('loggedIn')(a.user) : '';
  $('account-logout').hidden = !a.user;
  $('account-form').hidden = !!a.user;
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
    message(t('welcome')(me.user));
    if (!$('db').hidden) loadDb();
  } catch (e) { message(e.message, true); }
}
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
function explain(text) { $('explain').textContent = text || t('selectHint'); }

// ---------- keeping the game ----------
let saveTimer = null;
function persist() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(persistNow, 150);
}
function persistNow() {
  clearTimeout(saveTimer);
  clockSync();
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(G));
  } catch (e) {
    // Over the quota: keep the position, drop the oldest history.
    try {
      G.undo.splice(0, Math.ceil(G.undo.length / 2)); G.redo = [];
      localStorage.setItem(STORE_KEY, JSON.stringify(G));
    } catch (e2) { message(e2.message, true); }
  }
}
function restore() {
  const raw = localStorage.getItem(STORE_KEY);
  if (raw === null) return false;
  try {
    G = Game.fromJSON(JSON.parse(raw));
    return true;
  } catch (e) {
    localStorage.removeItem(STORE_KEY);
    G = new Game();
    message(t('storageBad')(e.message), true);
    return false;
  }
}
window.addEventListener('pagehide', persistNow);
// An installable app that opens offline (secure contexts only: https or localhost).
if ('serviceWorker' in navigator && window.isSecureContext) {
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}

// ---------- the clock ----------
// Runs while solving an unsolved puzzle with the tab visible.
function clockShouldRun() {
  return G.phase === 'solve' && !G.solved && !document.hidden && G.givens.some(v => v);
}
function clockSync() {
  const now = performance.now();
  if (S.clockFrom !== null) G.elapsed += now - S.clockFrom;
  S.clockFrom = clockShouldRun() ? now : null;
}
function clockText() {
  const total = Math.floor((G.elapsed + (S.clockFrom !== null ? performance.now() - S.clockFrom : 0)) / 1000);
  const h = Math.floor(total / 3600), m = Math.floor(total / 60) % 60, sec = total % 60;
  const two = n => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}
function renderClock() {
  $('clock').textContent = clockText();
  $('clock').classList.toggle('paused', S.clockFrom === null);
}
document.addEventListener('visibilitychange', () => { clockSync(); renderClock(); if (document.hidden) persistNow(); });
setInterval(renderClock, 1000);

// ---------- grid ----------
const cells = [];
/// The grid's 81 cells; with `interactive`, nine role=row wrappers (display:
/// contents, so the CSS grid still lays out the cells) for screen readers.
function buildGrid(container, interactive) {
  const list = [];
  let row = container;
  for (let i = 0; i < 81; i++) {
    const d = document.createElement('div');
    const r = Math.floor(i / 9), c = i % 9;
    d.className = 'cell' + (c % 3 === 0 && c ? ' bl' : '') + (r % 3 === 0 && r ? ' bt' : '');
    d.dataset.cell = i;
    if (interactive) {
      if (c === 0) {
        row = document.createElement('div');
        row.className = 'grid-row';
        row.setAttribute('role', 'row');
        container.appendChild(row);
      }
      d.tabIndex = i === 0 ? 0 : -1;
      d.setAttribute('role', 'gridcell');
      d.addEventListener('click', () => clickCell(i));
      // A cell reached by Tab is the selected one. (Only its class changes
      // here: rebuilding the cell between mousedown and mouseup would lose
      // the click.)
      d.addEventListener('focus', () => {
        if (S.selected === i) return;
        if (S.selected >= 0) cells[S.selected].classList.remove('sel');
        S.selected = i;
        S.reasons = []; S.reasonIdx = -1;
        d.classList.add('sel');
      });
    }
    row.appendChild(d);
    list.push(d);
  }
  return list;
}

const COLORS = ['#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#9a6324'];
const isDiag = i => { const r = Math.floor(i / 9), c = i % 9; return r === c || r + c === 8; };

function board() {
  if (S.replay) return parseLine(replayStep().board);
  if (S.search) return parseLine(S.search.board);
  return G.board();
}

/// The replay's current position: the step about to be taken, or the end.
function replayStep() {
  const r = S.replay;
  return r.k < r.steps.length ? r.steps[r.k] : { board: r.end, candidates: null, shapes: [], end: true };
}

function currentView() { return S.search || S.view; }

/// The position a hint belongs to: the board and the player's marks.
function positionKey() { return line(board()) + G.variant + (G.hasMarks() ? G.marks.join(',') : ''); }

function render() {
  const b = board();
  const rp = S.replay ? replayStep() : null;
  const v = rp ? null : currentView();
  const ev = v && v.evaluation;
  const inad = new Set(), nec = new Set(), singles = new Set();
  if (ev) {
    ev.inadmissible.forEach(x => inad.add(x.cell * 10 + x.digit));
    ev.necessary.forEach(x => nec.add(x.cell * 10 + x.digit));
    ev.singles.forEach(x => singles.add(x.cell * 10 + x.digit));
    ev.hidden_singles.forEach(x => singles.add(x.cell * 10 + x.digit));
  }
  const contra = new Set(v ? v.contradiction_cells : []);
  if (S.search && S.search.turned_cells) S.search.turned_cells.forEach(c => contra.add(c));
  const diag = G.variant.includes('diagonal'), color = G.variant.startsWith('color');
  // The player's own marks once they keep any (the trainer's evaluation then
  // colours them), else the trainer's candidates in its mode.
  const own = !S.search && !rp && G.hasMarks();
  const allowed = own ? candidatesOf(b, G.variant) : null;
  const counts = new Array(10).fill(0);
  b.forEach(x => { counts[x]++; });
  for (let i = 0; i < 81; i++) {
    const d = cells[i];
    const given = G.givens[i] !== 0;
    const val = b[i];
    d.classList.toggle('given', given);
    d.classList.toggle('entry', !given && val !== 0);
    d.classList.toggle('sel', i === S.selected);
    d.classList.toggle('same', S.digit !== 0 && val === S.digit);
    d.classList.toggle('hl', S.highlight.has(i));
    d.classList.toggle('hint', S.hintCells.has(i));
    d.classList.toggle('contra', contra.has(i));
    d.classList.toggle('wrong', S.wrong.has(i));
    d.classList.toggle('diag', diag && isDiag(i));
    // What the cell shows, as a key: the cell is rebuilt only when it changes
    // (an input redraws a few cells, not 81 with their candidates).
    let shown = [];
    const classes = [];
    if (!val) {
      shown = rp ? (rp.candidates ? rp.candidates[i] : []) : own ? maskDigits(G.marks[i]) : (ev ? ev.candidates[i] : []);
      for (const k of shown) {
        const key = i * 10 + k;
        const cls = [];
        if (inad.has(key) || (own && !(allowed[i] & bit(k)))) cls.push('inad');
        else if (nec.has(key)) cls.push('nec');
        else if (singles.has(key)) cls.push('single');
        if (k === S.digit) cls.push('hd');
        classes.push(cls.join(' '));
      }
    }
    // What a screen reader says: "row 3, column 7, empty, candidates 1 5 7",
    // "row 1, column 3, given 3" — a hidden text before the digit (which it
    // reads after it), so the name is the cell's own content.
    const r = Math.floor(i / 9) + 1, c = (i % 9) + 1;
    const what = val ? (given ? `${t('a_given')} ` : '') :
      (shown.length ? `${t('a_empty')}, ${t('a_cands')} ${shown.join(' ')}` : t('a_empty'));
    const spoken = `${t('a_row')} ${r}, ${t('a_col')} ${c}, ${S.wrong.has(i) ? t('a_wrong') + ', ' : ''}${what}`;
    const key = `${val}|${own}|${shown.join('')}|${classes.join(',')}|${spoken}|${color}`;
    if (d.dataset.key !== key) {
      d.dataset.key = key;
      d.replaceChildren();
      const sr = document.createElement('span');
      sr.className = 'sr-only';
      sr.textContent = spoken;
      d.appendChild(sr);
      if (color) {
        const dot = document.createElement('span');
        dot.className = 'dot';
        dot.setAttribute('aria-hidden', 'true');
        dot.style.background = COLORS[(Math.floor(i / 9) % 3) * 3 + (i % 3)];
        d.appendChild(dot);
      }
      if (val) {
        d.append(String(val));
      } else if (shown.length) {
        const box = document.createElement('div');
        box.className = own ? 'cands own' : 'cands';
        // The cell's text says the candidates; the marks are what is seen.
        box.setAttribute('aria-hidden', 'true');
        for (let k = 1; k <= 9; k++) {
          const span = document.createElement('span');
          const at = shown.indexOf(k);
          if (at >= 0) {
            span.textContent = k;
            span.className = classes[at];
          }
          box.appendChild(span);
        }
        d.appendChild(box);
      }
    }
    d.setAttribute('aria-selected', String(i === S.selected));
  }
  // A hint's drawing belongs to the position it was asked on.
  if (S.shapes.length && positionKey() !== S.shapesBoard) S.shapes = [];
  overlay.draw(S.shapes);
  document.querySelectorAll('#pad button[data-digit]').forEach(btn => {
    const k = Number(btn.dataset.digit);
    if (!k) return;
    const left = Math.max(0, 9 - counts[k]);
    // Read as "4, 3 left": the count's words are hidden text around it.
    const span = btn.querySelector('.left');
    const words = t('left')(left).split(String(left));
    const hidden = text => { const h = document.createElement('span'); h.className = 'sr-only'; h.textContent = text; return h; };
    span.replaceChildren(hidden(`, ${words[0]}`), String(left), hidden(words[1] || ''));
    btn.classList.toggle('done', left === 0);
    btn.classList.toggle('hd', k === S.digit);
  });
  $('btn-define').classList.toggle('on', G.phase === 'define');
  $('btn-solve').classList.toggle('on', G.phase === 'solve');
  $('btn-notes').classList.toggle('on', S.notes);
  $('btn-notes').setAttribute('aria-pressed', String(S.notes));
  $('pad').classList.toggle('notes', S.notes);
  $('replay').hidden = !S.replay;
  if (S.replay) {
    $('replay-pos').textContent = t('replayStep')(Math.min(S.replay.k + 1, S.replay.steps.length), S.replay.steps.length);
    $('replay-prev').disabled = S.replay.k === 0;
    $('replay-next').disabled = S.replay.k >= S.replay.steps.length;
  }
  const link = shareLink();
  $('link-path').href = `/explain?p=${line(G.givens)}&v=${G.variant}&lang=${S.lang}`;
  $('link-path').toggleAttribute('hidden', !link);
  $('btn-undo').disabled = !G.undo.length || !!S.search;
  $('btn-redo').disabled = !G.redo.length || !!S.search;
  $('btn-apply').hidden = !(S.hint && S.hintLevel === 3 && S.hintKey === positionKey());
  $('steps').textContent = S.search ? S.search.steps : 0;
  $('backtracks').textContent = S.search ? S.search.backtrack_runs : (S.rating && S.rating.backtrack_runs != null ? S.rating.backtrack_runs : 0);
  $('phase-info').textContent = S.search ? `(${S.search.phase})` : '';
  $('level').textContent = S.rating ? t('lvl_' + S.rating.level) : '–';
  $('lazy-strict').textContent = S.rating && S.rating.steps_lazy != null ? t('lazyStrict')(S.rating.steps_lazy, S.rating.steps_strict) : '';
  $('puzzle-name').textContent = G.puzzleName || '–';
  $('puzzle-id').textContent = G.puzzleId ? `(${G.puzzleId})` : '';
  $('btn-next').disabled = !(S.search && S.search.phase === 'solved');
  $('btn-pause').disabled = !S.running;
  $('btn-stop').disabled = !S.search;
  renderClock();
  renderPrint(G.givens, G.puzzleName);
}

function renderPrint(givens, title) {
  $('print-title').textContent = title || 'Sudoku';
  const pcs = $('print-grid').children;
  for (let i = 0; i < 81; i++) pcs[i].textContent = givens[i] ? String(givens[i]) : '';
}

// ---------- evaluation ----------
let evalSeq = 0;
async function refresh() {
  const seq = ++evalSeq;
  try {
    const v = await api('POST', '/evaluate', {
      givens: line(G.givens), entries: line(G.entries), variant: G.variant, mode: G.mode, lang: S.lang,
    });
    if (seq !== evalSeq) return;
    S.view = v;
    // The text says "Contradiction:" itself.
    if (v.contradiction_text) explain(v.contradiction_text);
    const full = G.board().every(x => x);
    if (full && !v.contradiction_text && G.phase === 'solve' && !G.solved && G.givens.some(x => x)) {
      G.solved = true;
      clockSync();
      message(t('solvedMsg'));
      persist();
    }
    render();
  } catch (e) { message(e.message, true); }
}

function clearMarks() {
  S.wrong.clear(); S.highlight.clear(); S.hintCells.clear(); S.shapes = [];
  S.reasons = []; S.reasonIdx = -1; S.trainer = null;
  S.hint = null; S.hintLevel = 0;
}

/// After the game changed: drop what belonged to the old position, store the
/// game, redraw and ask for the new evaluation.
function changed() {
  S.replay = null;
  message('');
  explain('');
  clearMarks();
  if (G.solved && !G.board().every(x => x)) G.solved = false;
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
  if (G.mode === 'none' || val) { render(); return; }
  try {
    const r = await api('POST', '/reasons', {
      givens: line(G.givens), entries: line(G.entries), variant: G.variant, mode: G.mode, lang: S.lang, cell: i,
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
  explain(n > 1 ? `${r.text} ${t('reasonOf')(S.reasonIdx + 1, n)}` : r.text);
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
  const notes = (asMark || S.notes) && G.phase === 'solve';
  if (notes) {
    if (G.board()[i]) return;
    G.change([[i, MARKS, d ? G.marks[i] ^ bit(d) : 0]]);
    S.digit = d;
    changed();
    return;
  }
  if (G.phase === 'solve' && G.givens[i]) { message(t('lockedGiven'), true); return; }
  if (G.phase === 'define') S.rating = null;
  G.change(G.entryChanges(i, d, S.autoRemove));
  if (d) S.digit = d;
  changed();
}

function fillCandidates() {
  if (S.search) stopSearch(true);
  const cand = candidatesOf(G.board(), G.variant);
  G.change(cand.map((m, i) => [i, MARKS, m]));
  changed();
}

function undo() { if (!S.search && G.undoMove()) changed(); }
function redo() { if (!S.search && G.redoMove()) changed(); }

document.addEventListener('keydown', e => {
  if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT' || e.target.tagName === 'TEXTAREA') return;
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
  if (G.phase === 'solve' && S.rating) return;
  G.phase = 'solve';
  clockSync();
  persist();
  render();
  if (S.rating) return;
  message(t('rating'));
  try {
    S.rating = await api('POST', '/rate', { givens: line(G.givens), variant: G.variant, lang: S.lang });
    message(G.solved ? t('solvedMsg') : '');
  } catch (e) { message(e.message, true); }
  render();
}

// ---------- automatic search ----------
const SPEED = [1000, 600, 350, 200, 120, 60, 30, 10, 1, 0];
async function ensureSearch() {
  if (S.search) return true;
  if (G.phase !== 'solve') await enterSolve();
  try {
    S.search = await api('POST', '/search/start', {
      givens: line(G.givens), entries: line(G.entries), variant: G.variant,
      mode: G.mode, lang: S.lang, seed: Math.floor(Math.random() * 2 ** 31),
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
    G.change(b.map((v, i) => [i, ENTRY, G.givens[i] ? 0 : v]));
  }
  S.search = null;
  changed();
}

async function stepButton() {
  if (S.search) { pauseSearch(); await searchStep(1); return; }
  if (G.phase !== 'solve') await enterSolve();
  const trainer = S.trainer || {
    variant: G.variant, givens: line(G.givens), entries: line(G.entries),
    mode: G.mode === 'none' ? 'lazy' : G.mode, seed: Math.floor(Math.random() * 2 ** 31), pending: null,
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
        G.change(G.entryChanges(mv.cell, mv.digit, S.autoRemove));
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
/// The player's marks as the API takes them (null when they keep none).
function marksBody() { return G.hasMarks() ? G.marks.map(maskDigits) : null; }

/// Hint: the first press names the technique and where to look, the second
/// shows the pattern, the third the whole step (which Apply carries out).
async function hint() {
  if (S.replay) closeReplay();
  const key = positionKey();
  if (S.hint && S.hintKey === key && S.hintLevel < 3) {
    S.hintLevel++;
    showHint();
    return;
  }
  if (S.search) stopSearch(true);
  try {
    const r = await api('POST', '/hint', {
      givens: line(G.givens), entries: line(G.entries), variant: G.variant, lang: S.lang, marks: marksBody(),
    });
    clearMarks();
    if (r.status === 'mistake') {
      S.wrong = new Set([overlay.cellIndex(r.mistake.cell)]);
      explain(`${t('hintPrefix')}: ${r.mistake.text}`);
      render();
      return;
    }
    if (!r.step) { render(); explain(r.status === 'solved' ? t('solvedMsg') : t('noHint')); return; }
    S.hint = r; S.hintKey = key; S.hintLevel = 1;
    showHint();
  } catch (e) { message(e.message, true); }
}

function showHint() {
  const level = S.hint.levels[S.hintLevel - 1];
  S.highlight = new Set(level.houses.flatMap(h => h.cells.map(overlay.cellIndex)));
  S.hintCells = new Set(level.cells.map(overlay.cellIndex));
  S.shapes = level.shapes || [];
  S.shapesBoard = positionKey();
  const more = S.hintLevel < 3 ? ` (${t('hintMore')})` : '';
  explain(`${t('hintN')(S.hintLevel)}: ${level.text}${more}`);
  render();
}

/// Carries out the hint's step: its placements as entries, its eliminations
/// from the player's marks (all candidates are noted first if they keep none).
function applyHint() {
  if (!S.hint || S.hintKey !== positionKey()) return;
  const h = S.hint.step;
  const noted = G.hasMarks() || !h.eliminations.length;
  const marks = noted ? G.marks.slice() : candidatesOf(G.board(), G.variant);
  const entries = G.entries.slice();
  const peers = peersOf(G.variant);
  for (const e of h.eliminations) marks[overlay.cellIndex(e.cell)] &= ~bit(e.digit);
  for (const p of h.placements) {
    const c = overlay.cellIndex(p.cell);
    entries[c] = p.digit;
    marks[c] = 0;
    if (S.autoRemove) for (const q of peers[c]) marks[q] &= ~bit(p.digit);
  }
  // One undoable move for the whole step.
  G.change([...entries.map((v, i) => [i, ENTRY, v]), ...marks.map((m, i) => [i, MARKS, m])]);
  changed();
}

// ---------- watching the logic ----------
/// "Watch the logic": the human-style solution path from the givens, walked
/// forward and backward step by step, each with its explanation and drawing.
async function watchLogic() {
  if (S.search) stopSearch(true);
  message(t('computing'));
  try {
    const q = `p=${line(G.givens)}&v=${G.variant}&lang=${S.lang}`;
    const r = await api('GET', `/explain?${q}`);
    clearMarks();
    // Each step with the position it was found in (the analysis gives them
    // side by side).
    S.replay = { steps: r.steps.map((s, k) => ({ ...s, ...r.positions[k] })), end: r.end, k: 0 };
    message(t('replayStart')(r.steps.length));
    showReplay();
  } catch (e) { message(e.message, true); }
}

function showReplay() {
  const st = replayStep();
  S.shapes = st.shapes || [];
  S.shapesBoard = positionKey();
  explain(st.end ? t('replayEnd') : `${t('replayStep')(S.replay.k + 1, S.replay.steps.length)}: ${st.text}` +
    (st.compact ? `\n${st.compact}` : ''));
  render();
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
  if (!G.givens.some(v => v)) return null;
  return `${location.origin}/?p=${line(G.givens)}&v=${G.variant}`;
}

async function copyLink() {
  const url = shareLink();
  if (!url) return;
  try {
    await navigator.clipboard.writeText(url);
    message(t('linkCopied'));
  } catch (e) {
    // No clipboard (an insecure origin, a refused permission): show it.
    message(t('linkIs')(url));
  }
}

/// Opens the puzzle of the address (`/?p=<81 cells>&v=<variant>`), unless the
/// kept game is that puzzle already; a bad address is named and ignored.
function openFromAddress() {
  const q = new URLSearchParams(location.search);
  if (!q.has('p')) return false;
  history.replaceState(null, '', location.pathname + location.hash);
  const p = (q.get('p') || '').trim();
  const v = (q.get('v') || 'standard').trim().toLowerCase();
  const variants = { standard: 'standard', diagonal: 'diagonal', x: 'diagonal', color: 'color', colour: 'color',
    dg: 'color', 'color-diagonal': 'color-diagonal', 'colour-diagonal': 'color-diagonal', xdg: 'color-diagonal' };
  if (!/^[.0-9]{81}$/.test(p)) { S.startMessage = t('badLink')(`p: ${p.length} characters, 81 of 1-9, 0 or . expected`); return false; }
  if (!variants[v]) { S.startMessage = t('badLink')(`v: ${v}`); return false; }
  const givens = parseLine(p.replace(/0/g, '.'));
  if (line(givens) === line(G.givens) && G.variant === variants[v]) return true;
  newGame(givens);
  G.variant = variants[v];
  G.phase = 'solve';
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
    if (G.givens.some(v => v)) return; // something else was opened meanwhile
    newGame(parseLine(r.givens), t('daily')(r.date));
    G.variant = r.variant; $('variant').value = r.variant;
    G.phase = 'solve';
    changed();
    await enterSolve();
  } catch (e) { message(e.message, true); }
}

const TOUR = [['tour1', 'grid'], ['tour2', 'btn-notes'], ['tour3', 'btn-hint']];
let tourAt = -1;
function showTour(k) {
  document.querySelectorAll('.tour-target').forEach(e => e.classList.remove('tour-target'));
  tourAt = k;
  if (k < 0 || k >= TOUR.length) {
    $('tour').hidden = true;
    localStorage.setItem('tourDone', '1');
    return;
  }
  const [text, target] = TOUR[k];
  $('tour-text').textContent = t(text);
  $('tour-step').textContent = t('tourOf')(k + 1, TOUR.length);
  $('tour-next').textContent = k === TOUR.length - 1 ? t('tourDone') : t('tourNext');
  $(target).classList.add('tour-target');
  $('tour').hidden = false;
}
on('tour-next', () => showTour(tourAt + 1));
on('tour-skip', () => showTour(-1));

// ---------- pasting a puzzle ----------
/// The 81 cells of a pasted text — one line, a 9×9 block, with or without
/// separators (| - + spaces) — or the count of cells found.
function pastedCells(text) {
  const rows = text.split(/\r?\n/).map(l => l.replace(/[|+\-\s]/g, '')).filter(l => l.length);
  const cells = rows.join('');
  if (/^[0-9.]{81}$/.test(cells)) return { cells };
  const only = text.replace(/[^0-9.]/g, '');
  return only.length === 81 && !/[a-zA-Z]/.test(text) ? { cells: only } : { count: cells.length };
}

document.addEventListener('paste', e => {
  const target = e.target;
  if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
  const text = (e.clipboardData || window.clipboardData)?.getData('text') || '';
  e.preventDefault();
  const got = pastedCells(text);
  if (!got.cells) { message(t('badPaste')(got.count), true); return; }
  if (S.search) { pauseSearch(); S.search = null; }
  S.replay = null;
  newGame(parseLine(got.cells.replace(/0/g, '.')), t('pasted'));
  G.phase = 'solve';
  showTab('trainer');
  changed();
  enterSolve();
});

// ---------- buttons ----------
function on(id, f) { $(id).addEventListener('click', f); }

/// A new puzzle on the grid: no entries, marks or history; clock at zero.
function newGame(givens, name, id) {
  if (S.search) { pauseSearch(); S.search = null; }
  G.reset(givens);
  G.puzzleName = name || ''; G.puzzleId = id || null;
  S.rating = null; S.digit = 0; S.clockFrom = null;
  clearMarks();
}

on('btn-init', () => {
  newGame(new Array(81).fill(0));
  G.phase = 'define';
  changed();
});
on('btn-reset', () => {
  if (S.search) { pauseSearch(); S.search = null; }
  G.change([...G.entries.map((_, i) => [i, ENTRY, 0]), ...G.marks.map((_, i) => [i, MARKS, 0])]);
  changed();
});
on('btn-define', () => { if (S.search) stopSearch(true); G.phase = 'define'; S.rating = null; clockSync(); persist(); render(); });
on('btn-solve', () => enterSolve());
on('btn-new', async () => {
  if (S.search) stopSearch(false);
  message(t('generating'));
  try {
    const g = await api('POST', '/generate', { level: $('new-level').value, variant: G.variant, lang: S.lang });
    newGame(parseLine(g.givens), `${t('new')} (${g.level_text})`);
    explain('');
    changed();
    await enterSolve();
  } catch (e) { message(e.message, true); }
});
on('btn-check', async () => {
  try {
    const r = await api('POST', '/check', {
      givens: line(G.givens), entries: line(G.entries), variant: G.variant, marks: marksBody(),
    });
    const lost = r.lost || [];
    S.wrong = new Set([...r.wrong, ...lost.map(x => x.cell)]);
    const parts = [];
    if (r.wrong.length) parts.push(t('wrongN')(r.wrong.length));
    if (lost.length) parts.push(t('lostN')(lost.length));
    message(r.solved ? t('solvedMsg') : parts.length ? parts.join(' ') : t('allRight'), parts.length > 0);
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
  G.mode = r.value;
  clearMarks();
  if (S.search) { pauseSearch(); S.search = null; }
  persist();
  refresh();
}));
$('variant').addEventListener('change', e => {
  G.variant = e.target.value;
  S.rating = null;
  if (S.search) stopSearch(false);
  clearMarks();
  persist();
  if (G.phase === 'solve') enterSolve();
  refresh();
});
$('lang').addEventListener('change', e => { S.lang = e.target.value; localStorage.setItem('lang', S.lang); translate(); refresh(); });

function doPrint(givens, title) {
  renderPrint(givens, title);
  window.print();
  renderPrint(G.givens, G.puzzleName);
}
on('btn-print', () => doPrint(G.givens, G.puzzleName));

// ---------- database ----------
/// What Save stores: the puzzle, the entries, and the progress beyond them
/// (marks, undo/redo history, clock). The oldest moves are left out if the
/// request would pass the server's 64 KB.
function puzzleBody(name) {
  const b = board();
  clockSync();
  const progress = { marks: G.marks.map(maskDigits), elapsed_ms: Math.round(G.elapsed), undo: G.undo, redo: G.redo };
  const body = { name, givens: line(G.givens), entries: line(b.map((v, i) => (G.givens[i] ? 0 : v))), variant: G.variant, progress };
  while (JSON.stringify(body).length > 60000 && (progress.undo.length || progress.redo.length)) {
    progress.undo = progress.undo.slice(Math.ceil(progress.undo.length / 4));
    progress.redo = progress.redo.slice(0, Math.floor(progress.redo.length / 2));
  }
  return body;
}
async function saveAs() {
  const name = $('save-name').value.trim() || t('nameDefault')();
  try {
    const r = await api('POST', '/puzzles', puzzleBody(name));
    G.puzzleId = r.id; G.puzzleName = r.name;
    persist();
    message(t('saved')(r.id));
    render();
  } catch (e) { message(e.message, true); }
}
on('btn-save', saveAs);
on('btn-overwrite', async () => {
  if (!G.puzzleId) { await saveAs(); return; }
  try {
    const r = await api('PUT', '/puzzles/' + encodeURIComponent(G.puzzleId), puzzleBody($('save-name').value.trim() || G.puzzleName));
    G.puzzleName = r.name;
    persist();
    message(t('saved')(r.id));
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
    vals.forEach(v => { const td = document.createElement('td'); td.textContent = v; tr.appendChild(td); });
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
    G.entries = parseLine(r.entries).map((v, i) => (G.givens[i] ? 0 : v));
    if (r.progress) {
      G.marks = r.progress.marks.map(ds => ds.reduce((m, d) => m | bit(d), 0));
      G.elapsed = r.progress.elapsed_ms;
      G.undo = r.progress.undo; G.redo = r.progress.redo;
    }
    G.variant = r.variant; $('variant').value = r.variant;
    $('save-name').value = r.name;
    showTab('trainer');
    changed();
    await enterSolve();
  } catch (e) { $('db-message').textContent = e.message; }
});
on('db-delete', async () => {
  const p = S.db.rows[S.db.sel];
  if (!p) { $('db-message').textContent = t('noSelection'); return; }
  if (!window.confirm(t('confirmDelete')(p.id))) return;
  try {
    await api('DELETE', '/puzzles/' + encodeURIComponent(p.id));
    $('db-message').textContent = t('deleted')(p.id);
    if (G.puzzleId === p.id) { G.puzzleId = null; persist(); }
    loadDb();
  } catch (e) { $('db-message').textContent = e.message; }
});
on('db-print', () => {
  const p = S.db.rows[S.db.sel];
  if (!p) { $('db-message').textContent = t('noSelection'); return; }
  doPrint(parseLine(p.givens), p.name);
});

// ---------- tabs and language ----------
function showTab(name) {
  for (const id of ['trainer', 'db', 'help']) $(id).hidden = id !== name;
  document.querySelectorAll('.tab').forEach(b => b.classList.toggle('active', b.dataset.tab === name));
  if (name === 'db') { loadDb(); $('db-table').focus(); }
  // The fragment names the tab's section; its scroll margin (style.css)
  // keeps the browser from scrolling the header away.
  if (location.hash !== '#' + name) history.replaceState(null, '', '#' + name);
}
document.querySelectorAll('.tab').forEach(b => b.addEventListener('click', () => showTab(b.dataset.tab)));

function translate() {
  document.documentElement.lang = S.lang;
  $('lang').value = S.lang;
  document.querySelectorAll('[data-i18n]').forEach(el => { el.textContent = t(el.dataset.i18n); });
  document.querySelectorAll('[data-i18n-placeholder]').forEach(el => { el.placeholder = t(el.dataset.i18nPlaceholder); });
  document.querySelectorAll('article.help').forEach(a => { a.hidden = a.lang !== S.lang; });
  if (!$('explain').textContent || $('explain').textContent === T.en.selectHint || $('explain').textContent === T.de.selectHint) explain('');
  if (!$('db').hidden) renderDb();
  renderAccount();
  render();
}

cells.push(...buildGrid($('grid'), true));
overlay.attach($('grid'));
buildGrid($('print-grid'), false);
// The game of the last visit, if it reads back cleanly; a puzzle in the
// address replaces it.
const restored = restore();
if (openFromAddress() || restored) {
  $('variant').value = G.variant;
  document.querySelectorAll('input[name=mode]').forEach(r => { r.checked = r.value === G.mode; });
  persist();
}
// A first visit (nothing kept, no address) opens the puzzle of the day and
// the short tour.
if (!restored && !G.givens.some(v => v) && !S.startMessage && !localStorage.getItem('tourSeen')) {
  localStorage.setItem('tourSeen', '1');
  openDaily();
  if (!localStorage.getItem('tourDone')) showTour(0);
}
// A bad address is said last, after the level of a kept game is computed.
(G.phase === 'solve' && G.givens.some(v => v) ? enterSolve() : Promise.resolve()).then(() => {
  if (S.startMessage) message(S.startMessage, true);
});
$('chk-auto').checked = S.autoRemove;
clockSync();
translate();
loadAccount();
showTab(['db', 'help'].includes(location.hash.slice(1)) ? location.hash.slice(1) : 'trainer');
refresh();
