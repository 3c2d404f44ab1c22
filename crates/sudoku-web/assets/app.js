// Sudoku Trainer page: the trainer, the puzzle database and the help as tabs.
// Plain JavaScript, no build step: state lives here, every rule is asked of the
// server's JSON API (/api/...), which holds no session. An ES module: the
// drawing of a hint's shapes over the grid lives in overlay.js.
import * as overlay from './overlay.js';

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
  },
};

const S = {
  lang: localStorage.getItem('lang') === 'de' ? 'de' : 'en',
  phase: 'define', givens: new Array(81).fill(0), entries: new Array(81).fill(0),
  variant: 'standard', mode: 'lazy', selected: -1,
  view: null,          // last /api/evaluate answer
  search: null,        // last search answer while a search is started
  running: false, timer: null, busy: false,
  trainer: null,       // manual-step state between the two presses
  reasons: [], reasonIdx: -1,
  wrong: new Set(), highlight: new Set(), hintCells: new Set(),
  shapes: [], shapesBoard: '', // the last hint's shapes and the board they belong to
  rating: null, puzzleId: null, puzzleName: '',
  db: { sort: 'date', desc: false, rows: [], sel: -1 },
};

const $ = id => document.getElementById(id);
const t = key => { const v = T[S.lang][key]; return typeof v === 'function' ? v : (v ?? key); };
const line = a => a.map(v => (v ? String(v) : '.')).join('');
const parseLine = s => Array.from(s, ch => (ch >= '1' && ch <= '9' ? ch.charCodeAt(0) - 48 : 0));

// Requests in flight, shown on <body data-pending> (the browser tests wait for 0).
let pending = 0;
function setPending(d) { pending += d; document.body.dataset.pending = String(pending); }

async function api(method, path, body) {
  setPending(1);
  try { return await request(method, path, body); } finally { setPending(-1); }
}

async function request(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) { opts.headers['Content-Type'] = 'application/json'; opts.body = JSON.stringify(body); }
  const resp = await fetch('/api' + path, opts);
  const data = await resp.json().catch(() => ({ error: `HTTP ${resp.status}` }));
  if (!resp.ok) throw new Error(data.error || `HTTP ${resp.status}`);
  return data;
}

function message(text, isError) {
  const m = $('message');
  m.textContent = text || '';
  m.classList.toggle('err', !!isError);
}
function explain(text) { $('explain').textContent = text || t('selectHint'); }

// ---------- grid ----------
const cells = [];
function buildGrid(container, interactive) {
  const list = [];
  for (let i = 0; i < 81; i++) {
    const d = document.createElement('div');
    const r = Math.floor(i / 9), c = i % 9;
    d.className = 'cell' + (c % 3 === 0 && c ? ' bl' : '') + (r % 3 === 0 && r ? ' bt' : '');
    d.dataset.cell = i;
    if (interactive) {
      d.tabIndex = -1;
      d.setAttribute('role', 'gridcell');
      d.addEventListener('click', () => clickCell(i));
    }
    container.appendChild(d);
    list.push(d);
  }
  return list;
}

const COLORS = ['#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4', '#42d4f4', '#f032e6', '#9a6324'];
const isDiag = i => { const r = Math.floor(i / 9), c = i % 9; return r === c || r + c === 8; };

function board() {
  if (S.search) return parseLine(S.search.board);
  return S.givens.map((g, i) => g || S.entries[i]);
}

function currentView() { return S.search || S.view; }

function render() {
  const b = board();
  const v = currentView();
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
  const diag = S.variant.includes('diagonal'), color = S.variant.startsWith('color');
  for (let i = 0; i < 81; i++) {
    const d = cells[i];
    const given = S.givens[i] !== 0;
    const val = b[i];
    d.classList.toggle('given', given);
    d.classList.toggle('entry', !given && val !== 0);
    d.classList.toggle('sel', i === S.selected);
    d.classList.toggle('hl', S.highlight.has(i));
    d.classList.toggle('hint', S.hintCells.has(i));
    d.classList.toggle('contra', contra.has(i));
    d.classList.toggle('wrong', S.wrong.has(i));
    d.classList.toggle('diag', diag && isDiag(i));
    d.replaceChildren();
    if (color) {
      const dot = document.createElement('span');
      dot.className = 'dot';
      dot.style.background = COLORS[(Math.floor(i / 9) % 3) * 3 + (i % 3)];
      d.appendChild(dot);
    }
    if (val) {
      d.append(String(val));
    } else if (ev && ev.candidates[i].length) {
      const box = document.createElement('div');
      box.className = 'cands';
      for (let k = 1; k <= 9; k++) {
        const s = document.createElement('span');
        if (ev.candidates[i].includes(k)) {
          s.textContent = k;
          const key = i * 10 + k;
          if (inad.has(key)) s.className = 'inad';
          else if (nec.has(key)) s.className = 'nec';
          else if (singles.has(key)) s.className = 'single';
        }
        box.appendChild(s);
      }
      d.appendChild(box);
    }
    d.setAttribute('aria-label', `r${Math.floor(i / 9) + 1}c${(i % 9) + 1} ${val || ''}`);
  }
  // A hint's drawing belongs to the board it was asked on.
  if (S.shapes.length && line(b) !== S.shapesBoard) S.shapes = [];
  overlay.draw(S.shapes);
  $('btn-define').classList.toggle('on', S.phase === 'define');
  $('btn-solve').classList.toggle('on', S.phase === 'solve');
  $('steps').textContent = S.search ? S.search.steps : 0;
  $('backtracks').textContent = S.search ? S.search.backtrack_runs : (S.rating ? S.rating.backtrack_runs : 0);
  $('phase-info').textContent = S.search ? `(${S.search.phase})` : '';
  $('level').textContent = S.rating ? t('lvl_' + S.rating.level) : '–';
  $('lazy-strict').textContent = S.rating ? t('lazyStrict')(S.rating.steps_lazy, S.rating.steps_strict) : '';
  $('puzzle-name').textContent = S.puzzleName || '–';
  $('puzzle-id').textContent = S.puzzleId ? `(${S.puzzleId})` : '';
  $('btn-next').disabled = !(S.search && S.search.phase === 'solved');
  $('btn-pause').disabled = !S.running;
  $('btn-stop').disabled = !S.search;
  renderPrint(S.givens, S.puzzleName);
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
      givens: line(S.givens), entries: line(S.entries), variant: S.variant, mode: S.mode, lang: S.lang,
    });
    if (seq !== evalSeq) return;
    S.view = v;
    if (v.contradiction_text) explain(`${t('contradiction')}: ${v.contradiction_text}`);
    render();
  } catch (e) { message(e.message, true); }
}

function clearMarks() {
  S.wrong.clear(); S.highlight.clear(); S.hintCells.clear(); S.shapes = [];
  S.reasons = []; S.reasonIdx = -1; S.trainer = null;
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
  if (S.mode === 'none' || board()[i]) { render(); return; }
  try {
    const r = await api('POST', '/reasons', {
      givens: line(S.givens), entries: line(S.entries), variant: S.variant, mode: S.mode, lang: S.lang, cell: i,
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
  S.selected = i;
  if (i >= 0) cells[i].focus({ preventScroll: true });
  render();
}

// ---------- entering digits ----------
function setDigit(d) {
  const i = S.selected;
  if (i < 0) return;
  if (S.search) stopSearch(true);
  if (S.phase === 'define') {
    S.givens[i] = d;
    S.entries[i] = 0;
    S.rating = null;
  } else {
    if (S.givens[i]) { message(t('lockedGiven'), true); return; }
    S.entries[i] = d;
  }
  message('');
  explain('');
  clearMarks();
  render();
  refresh();
}

document.addEventListener('keydown', e => {
  if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT') return;
  if (!$('trainer').hidden) {
    if (e.key >= '1' && e.key <= '9') { setDigit(Number(e.key)); e.preventDefault(); return; }
    if (e.key === '0' || e.key === 'Delete' || e.key === 'Backspace') { setDigit(0); e.preventDefault(); return; }
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

// ---------- phases ----------
async function enterSolve() {
  if (S.phase === 'solve' && S.rating) return;
  S.phase = 'solve';
  render();
  if (S.rating) return;
  message(t('rating'));
  try {
    S.rating = await api('POST', '/rate', { givens: line(S.givens), variant: S.variant, lang: S.lang });
    message('');
  } catch (e) { message(e.message, true); }
  render();
}

// ---------- automatic search ----------
const SPEED = [1000, 600, 350, 200, 120, 60, 30, 10, 1, 0];
async function ensureSearch() {
  if (S.search) return true;
  if (S.phase !== 'solve') await enterSolve();
  try {
    S.search = await api('POST', '/search/start', {
      givens: line(S.givens), entries: line(S.entries), variant: S.variant,
      mode: S.mode, lang: S.lang, seed: Math.floor(Math.random() * 2 ** 31),
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
    if (v.turned_text) parts.push(`${t('contradiction')}: ${v.turned_text}`);
    else if (v.contradiction_text) parts.push(`${t('contradiction')}: ${v.contradiction_text}`);
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

function stopSearch(keep) {
  pauseSearch();
  if (S.search && keep !== false) {
    const b = parseLine(S.search.board);
    S.entries = b.map((v, i) => (S.givens[i] ? 0 : v));
  }
  S.search = null;
  clearMarks();
  refresh();
}

async function stepButton() {
  if (S.search) { pauseSearch(); await searchStep(1); return; }
  if (S.phase !== 'solve') await enterSolve();
  const trainer = S.trainer || {
    variant: S.variant, givens: line(S.givens), entries: line(S.entries.map((v, i) => (S.givens[i] ? 0 : v))),
    mode: S.mode === 'none' ? 'lazy' : S.mode, seed: Math.floor(Math.random() * 2 ** 31), pending: null,
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
      S.entries = parseLine(r.trainer.entries);
      if (r.result.move) S.selected = r.result.move.cell;
      await refresh();
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

// ---------- buttons ----------
function on(id, f) { $(id).addEventListener('click', f); }

on('btn-init', () => {
  if (S.search) stopSearch(false);
  S.givens.fill(0); S.entries.fill(0); S.phase = 'define'; S.rating = null;
  S.puzzleId = null; S.puzzleName = ''; clearMarks(); message(''); explain('');
  refresh();
});
on('btn-reset', () => {
  if (S.search) stopSearch(false);
  S.entries.fill(0); clearMarks(); message(''); explain('');
  refresh();
});
on('btn-define', () => { if (S.search) stopSearch(true); S.phase = 'define'; S.rating = null; render(); });
on('btn-solve', () => enterSolve());
on('btn-new', async () => {
  if (S.search) stopSearch(false);
  message(t('generating'));
  try {
    const g = await api('POST', '/generate', { level: $('new-level').value, variant: S.variant, lang: S.lang });
    S.givens = parseLine(g.givens); S.entries.fill(0); S.rating = null;
    S.puzzleId = null; S.puzzleName = `${t('new')} (${g.level_text})`;
    clearMarks(); explain('');
    await refresh();
    await enterSolve();
  } catch (e) { message(e.message, true); }
});
on('btn-check', async () => {
  try {
    const r = await api('POST', '/check', { givens: line(S.givens), entries: line(S.entries), variant: S.variant });
    S.wrong = new Set(r.wrong);
    message(r.solved ? t('solvedMsg') : r.wrong.length ? t('wrongN')(r.wrong.length) : t('allRight'), r.wrong.length > 0);
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
on('btn-hint', async () => {
  try {
    const r = await api('POST', '/hint', {
      givens: line(S.givens), entries: line(S.search ? parseLine(S.search.board) : S.entries), variant: S.variant, lang: S.lang,
    });
    if (!r.hint) { S.shapes = []; render(); explain(t('noHint')); return; }
    S.hintCells = new Set(r.hint.cells);
    S.shapes = r.hint.shapes || [];
    S.shapesBoard = line(board());
    S.highlight = new Set(r.hint.houses.flat());
    // The explanation usually opens with the technique's name already.
    const body = r.hint.text.startsWith(r.hint.name) ? r.hint.text : `${r.hint.name} — ${r.hint.text}`;
    // A forcing step's proof in Eureka notation goes on a second line.
    explain(`${t('hintPrefix')}: ${body}` + (r.hint.compact ? `\n${r.hint.compact}` : ''));
    render();
  } catch (e) { message(e.message, true); }
});
document.querySelectorAll('#pad button').forEach(b => b.addEventListener('click', () => setDigit(Number(b.dataset.digit))));
document.querySelectorAll('input[name=mode]').forEach(r => r.addEventListener('change', () => {
  S.mode = r.value;
  clearMarks();
  if (S.search) { pauseSearch(); S.search = null; }
  refresh();
}));
$('variant').addEventListener('change', e => {
  S.variant = e.target.value;
  S.rating = null;
  if (S.search) stopSearch(false);
  clearMarks();
  if (S.phase === 'solve') enterSolve();
  refresh();
});
$('lang').addEventListener('change', e => { S.lang = e.target.value; localStorage.setItem('lang', S.lang); translate(); refresh(); });

function doPrint(givens, title) {
  renderPrint(givens, title);
  window.print();
  renderPrint(S.givens, S.puzzleName);
}
on('btn-print', () => doPrint(S.givens, S.puzzleName));

// ---------- database ----------
function puzzleBody(name) {
  const b = board();
  return { name, givens: line(S.givens), entries: line(b.map((v, i) => (S.givens[i] ? 0 : v))), variant: S.variant };
}
async function saveAs() {
  const name = $('save-name').value.trim() || t('nameDefault')();
  try {
    const r = await api('POST', '/puzzles', puzzleBody(name));
    S.puzzleId = r.id; S.puzzleName = r.name;
    message(t('saved')(r.id));
    render();
  } catch (e) { message(e.message, true); }
}
on('btn-save', saveAs);
on('btn-overwrite', async () => {
  if (!S.puzzleId) { await saveAs(); return; }
  try {
    const r = await api('PUT', '/puzzles/' + encodeURIComponent(S.puzzleId), puzzleBody($('save-name').value.trim() || S.puzzleName));
    S.puzzleName = r.name;
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
    if (S.search) stopSearch(false);
    S.givens = parseLine(r.givens); S.entries = parseLine(r.entries).map((v, i) => (S.givens[i] ? 0 : v));
    S.variant = r.variant; $('variant').value = r.variant;
    S.puzzleId = r.id; S.puzzleName = r.name; $('save-name').value = r.name;
    S.rating = null; clearMarks();
    showTab('trainer');
    await refresh();
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
    if (S.puzzleId === p.id) S.puzzleId = null;
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
  render();
}

cells.push(...buildGrid($('grid'), true));
overlay.attach($('grid'));
buildGrid($('print-grid'), false);
translate();
showTab(['db', 'help'].includes(location.hash.slice(1)) ? location.hash.slice(1) : 'trainer');
refresh();
