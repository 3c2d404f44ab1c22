// Every string the pages write themselves, in English and German: one keyed
// catalogue per language, `t(key, …args)` to look one up in the page's
// language, and `applyTo` for the elements that name their key in the HTML
// (data-i18n for the text, data-i18n-placeholder, data-i18n-aria-label,
// data-i18n-title). The texts of the engine (hints, explanations, reasons)
// come from the server in the language asked for; the help articles are HTML
// in both languages (index.html).
//
// German uses one word per concept, the seeds' and the engine's
// (sudoku_core::house_name): Zeile, Spalte, Box, Gruppe (any house),
// Kandidat, Given (a digit of the puzzle), Nummer (a digit placed),
// Notiz (the player's own mark), Gitter (the grid), Schwierigkeitsgrad,
// Solver, Tipp. js-tests/i18n.test.mjs holds both catalogues to the same keys,
// every key the pages use to a catalogue, and the German one to German.
//
// No DOM at the top level: the unit tests import it under node.

const en = {
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
  noVariants: why => `The trainer could not load the variants from the server (${why}); reload the page.`,
  daily: d => `Puzzle of the day ${d}`, tourSkip: 'Skip tour', tourNext: 'Next', tourDone: 'Done',
  tour1: "Welcome! Today's puzzle is ready. Select a cell, then a number on the pad — or type 1–9.",
  tour2: 'Notes writes your own pencil marks (key N); Undo takes anything back (Ctrl+Z).',
  tour3: 'Stuck? Hint helps in three levels: where to look, the pattern, the whole step. Pasting a puzzle anywhere opens it.',
  tourOf: (k, n) => `${k}/${n}`,
  logout: 'Log out', login: 'Log in', register: 'Register', accName: 'Name', accPassword: 'Password',
  loggedIn: n => `Logged in as ${n}`, loginFirst: 'Log in (top right) to save and open your puzzles.',
  welcome: n => `Welcome, ${n}.`,
  pasted: 'Pasted puzzle', badPaste: n => `The pasted text is not a puzzle: it has ${n} cells, 81 are needed (1-9 for givens, 0 or . for empty cells).`,
  // Names of controls for screen readers (aria-label).
  gridLabel: 'Sudoku grid', padLabel: 'digits', newLevel: 'level of a new puzzle',
  prevStep: 'previous step', nextStep: 'next step',
  // The printable solution path (explain.html).
  pathBack: '← Trainer', openInTrainer: 'Open in the trainer', loading: 'Loading …',
  pathBad: 'This address does not give a puzzle to explain:', pathPuzzle: 'the puzzle',
  pathUnsolved: 'The logical solver did not finish this puzzle.',
  points: n => `${n} ${n === 1 ? 'point' : 'points'}`, total: 'Points', trainerLevel: 'Trainer level',
  se: 'Sudoku Explainer', hodoku: 'HoDoKu',
};

const de = {
  tabTrainer: 'Solver/Generator', tabDb: 'Puzzle-Datenbank', tabHelp: 'Hilfe', language: 'Sprache',
  puzzle: 'Puzzle', level: 'Schwierigkeitsgrad', steps: 'Schritte', backtracks: 'Rückwärtsläufe',
  init: 'Init', reset: 'Zurück', new: 'Neu', check: 'Prüfen', define: 'Definieren', solve: 'Lösen',
  start: 'Start', pause: 'Pause', stop: 'Stop', step: 'Schritt', speed: 'Tempo',
  next: 'Nächste Lösung', hint: 'Tipp', modes: 'Kandidatenauswertung', m_none: 'Keine',
  m_sp: 'Strikt +', m_sm: 'Strikt −', saveAs: 'Speichern unter', overwrite: 'Überschreiben', print: 'Drucken',
  namePh: 'Name', load: 'Laden', delete: 'Löschen', c_name: 'Name', c_givens: 'Givens',
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
  noHint: 'Kein Tipp: das Gitter ist voll oder keine Technik greift.',
  hintPrefix: 'Tipp', reasonOf: (i, n) => `(${i}/${n})`, contradiction: 'Widerspruch',
  status_unsolved: 'ungelöst', 'status_in-progress': 'in Arbeit', status_solved: 'gelöst',
  nameDefault: () => `Gespeichert am (${new Date().toLocaleString('de-DE')})`,
  notes: 'Notizen', fill: 'Kandidaten eintragen', undo: 'Rückgängig', redo: 'Wiederholen', autoRemove: 'Ausgeschlossene Notizen löschen',
  timer: 'Zeit', apply: 'Anwenden', hintN: n => `Tipp ${n}/3`, hintMore: 'noch einmal Tipp drücken für mehr',
  lostN: n => `${n} ${n === 1 ? 'Notiz hat' : 'Notizen haben'} die Lösungsziffer verloren (rot umrandet).`,
  storageBad: why => `Das gespeicherte Spiel ist nicht lesbar (${why}); es geht neu los.`,
  left: n => `noch ${n}`,
  a_row: 'Zeile', a_col: 'Spalte', a_empty: 'leer', a_cands: 'Kandidaten', a_given: 'Given', a_wrong: 'falsch',
  logic: 'Logik zusehen', path: 'Lösungsweg', copyLink: 'Link kopieren', close: 'Schließen',
  linkCopied: 'Link kopiert.', linkIs: url => `Link: ${url}`, badLink: why => `Der Link enthält kein Puzzle (${why}).`,
  replayStep: (k, n) => `Schritt ${k} von ${n}`, replayStart: n => `Der Lösungsweg hat ${n} Schritte: ▶ geht vor, ◀ zurück.`,
  replayEnd: 'Gelöst: das Ende des Wegs.', computing: 'Der Lösungsweg wird berechnet …',
  offline: 'Offline: das Spiel geht weiter; Auswertung, Tipps und Bewertung kommen mit der Verbindung zurück.',
  noVariants: why => `Der Trainer konnte die Varianten nicht vom Server laden (${why}); bitte die Seite neu laden.`,
  daily: d => `Puzzle des Tages ${d}`, tourSkip: 'Tour überspringen', tourNext: 'Weiter', tourDone: 'Fertig',
  tour1: 'Willkommen! Das Puzzle des Tages ist geladen. Zelle wählen, dann eine Nummer im Tastenblock – oder 1–9 tippen.',
  tour2: 'Notizen schreibt eigene Kandidaten (Taste N); Rückgängig nimmt alles zurück (Strg+Z).',
  tour3: 'Nicht weiter? Tipp hilft in drei Stufen: wo suchen, das Muster, der ganze Schritt. Ein irgendwo eingefügtes Puzzle wird geöffnet.',
  tourOf: (k, n) => `${k}/${n}`,
  logout: 'Abmelden', login: 'Anmelden', register: 'Registrieren', accName: 'Name', accPassword: 'Passwort',
  loggedIn: n => `Angemeldet als ${n}`, loginFirst: 'Melden Sie sich (oben rechts) an, um Ihre Puzzles zu speichern und zu öffnen.',
  welcome: n => `Willkommen, ${n}.`,
  pasted: 'Eingefügtes Puzzle', badPaste: n => `Der eingefügte Text ist kein Puzzle: er hat ${n} Zellen, 81 sind nötig (1-9 für Givens, 0 oder . für leere Zellen).`,
  gridLabel: 'Sudoku-Gitter', padLabel: 'Ziffern', newLevel: 'Schwierigkeitsgrad eines neuen Puzzles',
  prevStep: 'vorheriger Schritt', nextStep: 'nächster Schritt',
  pathBack: '← Trainer', openInTrainer: 'Im Trainer öffnen', loading: 'Wird geladen …',
  pathBad: 'Diese Adresse gibt kein Puzzle zum Erklären:', pathPuzzle: 'das Puzzle',
  pathUnsolved: 'Der logische Löser hat dieses Puzzle nicht zu Ende gelöst.',
  points: n => `${n} ${n === 1 ? 'Punkt' : 'Punkte'}`, total: 'Punkte', trainerLevel: 'Schwierigkeitsgrad (Trainer)',
  se: 'Sudoku Explainer', hodoku: 'HoDoKu',
};

/// The catalogues, by language code.
export const CATALOGUE = { en, de };
/// The languages of the pages, English first.
export const LANGS = Object.keys(CATALOGUE);

/// A lookup in one language: the string under `key`, or the string a
/// function under `key` makes of `args` (counts, names); the key itself
/// when neither catalogue has it (the unit test keeps that from happening).
export function translator(lang) {
  const table = CATALOGUE[lang] || en;
  return (key, ...args) => {
    const v = table[key];
    return typeof v === 'function' ? v(...args) : (v ?? key);
  };
}

let current = 'en';
let lookup = translator(current);

/// The page's language from now on (an unknown code is English).
export function setLang(lang) {
  current = LANGS.includes(lang) ? lang : 'en';
  lookup = translator(current);
  return current;
}

/// The page's language.
export function getLang() { return current; }

/// A string in the page's language (see `translator`).
export function t(key, ...args) { return lookup(key, ...args); }

/// Writes the page's language into every element under `root` that names a
/// key: data-i18n (text), data-i18n-placeholder, data-i18n-aria-label,
/// data-i18n-title.
export function applyTo(root) {
  root.querySelectorAll('[data-i18n]').forEach(el => { el.textContent = t(el.dataset.i18n); });
  root.querySelectorAll('[data-i18n-placeholder]').forEach(el => { el.placeholder = t(el.dataset.i18nPlaceholder); });
  root.querySelectorAll('[data-i18n-aria-label]').forEach(el => { el.setAttribute('aria-label', t(el.dataset.i18nAriaLabel)); });
  root.querySelectorAll('[data-i18n-title]').forEach(el => { el.title = t(el.dataset.i18nTitle); });
}
