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
// Kandidat, Given (a digit of the puzzle), Zahl (a digit: placed, a candidate, on the pad; as the engine and the trainer line say),
// Notiz (the player's own mark), Gitter (the grid), Schwierigkeitsgrad,
// Solver, Tipp. js-tests/i18n.test.mjs holds both catalogues to the same keys,
// every key the pages use to a catalogue, and the German one to German.
//
// The server's error answers ({"error", "code", "args"}, see api.js) are
// written by the page: `err_<code>` makes the sentence from the answer's
// args, one entry per code of the server's ErrorCode (crates/sudoku-web/
// src/codes.rs). The English entry says what the server's English says;
// the German one leaves out a detail that is English prose (a library's
// message) and keeps the data (a cell, a parameter, a value).
// js-tests/errors.json lists every code with an example of its args.
//
// No DOM at the top level: the unit tests import it under node.

/// `a, b or c` with the language's word for "or".
const either = (words, or) => words.length < 2 ? words.join('')
  : `${words.slice(0, -1).join(', ')} ${or} ${words.at(-1)}`;
/// A house of an error's args ({kind, number}, 1-based; the main diagonal
/// is 1), named as sudoku_core::house_name names it.
const houseEn = h => h.kind === 'diagonal' ? (h.number === 1 ? 'main diagonal' : 'anti-diagonal')
  : `${h.kind === 'color' ? 'colour group' : h.kind} ${h.number}`;
const HOUSE_DE = { row: 'Zeile', column: 'Spalte', box: 'Box', color: 'Farbgruppe' };
const houseDe = h => h.kind === 'diagonal' ? (h.number === 1 ? 'Hauptdiagonale' : 'Nebendiagonale')
  : `${HOUSE_DE[h.kind] || 'Gruppe'} ${h.number}`;
/// Two equal digits in a house ({digit, house, first, second}).
const clashEn = c => `two ${c.digit}s in ${houseEn(c.house)} (${c.first}, ${c.second})`;
const clashDe = c => `die ${c.digit} steht zweimal in ${houseDe(c.house)} (${c.first}, ${c.second})`;

/// What a field of a game of the history must be (the server's
/// `bad-game` answer names the field), in German.
const GAME_FIELD_DE = {
  id: '1 bis 40 Buchstaben, Ziffern, \'-\' oder \'_\' erwartet',
  puzzle: '81 Zeichen aus \'.\' und 1–9 erwartet',
  variant: "erwartet: 'standard', 'diagonal', 'color' oder 'color-diagonal'",
  level: "erwartet: 'easy', 'medium', 'hard', 'very-hard' oder 'extremely-hard'",
  ms: 'eine Dauer von höchstens 30 Tagen in Millisekunden erwartet',
  hints: 'eine Anzahl bis 100000 erwartet', mistakes: 'eine Anzahl bis 100000 erwartet',
  date: 'ein Datum JJJJ-MM-TT erwartet', daily: 'ein Datum JJJJ-MM-TT erwartet',
  at: 'Millisekunden seit 1970 erwartet, nicht in der Zukunft',
};

const en = {
  // Statistics and history (stats.js).
  tabStats: 'Statistics', stLevels: 'By level', stStarted: 'Started', stSolved: 'Solved',
  stBest: 'Best time', stAverage: 'Average time', stResume: 'Games in progress', stDaily: 'Puzzles of the day',
  stEarlier: 'Earlier days', stRecent: 'Recent games', stOutcome: 'Result', stWon: 'solved', stLeft: 'given up',
  stNoLevel: 'not rated', stNone: 'None yet.', stSolvedOf: n => `solved of ${n} started`,
  stStreak: best => `days in a row with a solved puzzle (best: ${best})`,
  stDailyStreak: best => `puzzles of the day in a row, each solved on its day (best: ${best})`,
  stResumeBtn: 'Resume', stResumeOf: name => `Resume ${name}`, stDeleteBtn: 'Delete', stDeleteOf: name => `Delete ${name}`,
  stDeleted: name => `${name} deleted; it counts as given up.`, stPlay: 'Play', stPlayOf: date => `Play the puzzle of ${date}`,
  stSolvedMark: '✓ solved', stOpen: 'not solved', stDailyMark: 'of the day', stFilled: n => `${n}/81 filled`,
  stSynced: user => `Kept in this browser and with the account ${user}.`,
  stLocal: 'Kept in this browser only; log in to keep it with your account.',
  stSyncFailed: why => `The history could not be merged with your account (${why}); it stays in this browser.`,
  historyFull: why => `The history cannot be kept in this browser (${why}).`,
  'err_bad-game': a => `games[${a.index}].${a.field}: expected ${a.expected}`,
  'err_too-many-games': a => `${a.count} games in one request; at most ${a.max} may be sent at once`,
  // The player's colours and filters.
  paintTitle: 'Colours and filters', paintGroup: 'Colour the selected cell', colourN: n => `Colour ${n}`, colour0: 'No colour',
  paintCand: "Colour the highlighted digit's candidate, not the cell", paintClear: 'Clear all colours',
  filter: 'Show', filterAll: 'all candidates', filterBivalue: 'cells with two candidates marked', filterDigit: d => `only candidate ${d}`,
  a_colour: n => `colour ${n}`, paintFirst: 'Select a cell first, then a colour.', paintNoCand: d => `This cell has no candidate ${d} to colour.`,
  paintDigitFirst: 'Tap a digit on the pad first: its candidate is coloured.',
  // A big step in parts (branches.js), and every step available now.
  brIs: (c, d) => `${c} is ${d}`, brIsNot: (c, d) => `${c} is not ${d}`, brAssume: (c, d) => `suppose ${c} is ${d}`,
  brSameCell: 'same cell', brLastCandidate: 'last candidate of the cell', brBy: name => `by ${name}`,
  brSameHouse: kind => (kind ? `same ${kind === 'color' ? 'colour group' : kind}` : 'same house'),
  brOnlyPlace: (kind, number) => (kind ? `only place in ${houseEn({ kind, number })}` : 'only place in its house'),
  brOverview: (n, starts) => `The step follows ${n === 1 ? 'one assumption' : `${n} assumptions`}: ${either([starts].flat().map(String), 'or')}. Each ends in the result marked; ▶ follows ${n === 1 ? 'it' : 'them'} a few implications at a time.`,
  brBranch: (k, n) => `Branch ${k} of ${n}`, brImplications: (a, b) => `implications ${a}–${b}`, brOfTotal: n => `of ${n}`,
  brEnds: list => `So ${[list].flat().join(' and ')}.`, brLinks: (k, n) => `The links, part ${k} of ${n}.`,
  brOpen: (cell, digit) => `Open the forcing step behind ${cell} ≠ ${digit}`, brInner: (cell, digit) => `${cell}≠${digit} ▸`,
  brInnerTitle: (cell, digit) => `The inner forcing step: why ${cell} is not ${digit}`, brBack: 'Back to the outer step',
  brPrev: 'previous part', brNext: 'next part', brWhole: 'Whole step', brParts: 'In parts',
  brPart: (k, n) => (k === 0 ? `Overview (1/${n})` : `Part ${k + 1}/${n}`),
  allSteps: 'All steps now', allStepsTitle: n => `${n} steps at this position, easiest first`,
  allStepsNone: 'No step applies here.', allStepsStale: 'The position has changed: press "All steps now" again.',
  allStepsPicked: (k, n) => `Step ${k} of ${n}`,
  // The narrow header, the settings and the counts (issue 34).
  tabTrainerShort: 'Trainer', tabDbShort: 'Puzzles', settings: 'Settings',
  logInShort: 'Log in', accountOf: name => `Account: ${name}`,
  setMistakes: 'Mistakes', setMistakesOff: 'Shown when I press Check', setMistakesInstant: 'Shown at once',
  setLimit: 'Mistake limit', setNoLimit: 'none', setNotes: 'Notes',
  autoRemoveNote: 'Removing the digit again brings the marks back.',
  setGrid: 'Grid', setLabels: 'Row and column numbers', setTheme: 'Theme', setSystem: 'As the device',
  setLight: 'Light', setDark: 'Dark', setPalette: 'Colours', setStandard: 'Standard',
  setSafe: 'Safe for colour blindness', hintsUsed: 'Hints', mistakesMade: 'Mistakes',
  limitOf: n => ` of ${n}`, limitReached: n => `Mistake limit reached: ${n} wrong digits. Undo, Reset or start a new puzzle; "Keep playing" lifts the limit for this puzzle.`,
  keepPlaying: 'Keep playing', wrongAtOnce: cell => `${cell} is wrong.`,
  rowN: n => `row ${n}`, colN: n => `column ${n}`, showCell: cell => `show ${cell} on the grid`,
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
  ratingsLine: (p, se, h) => [p != null ? `${p} points` : '', se != null ? `SE ${se.toFixed(1)}` : '', h ? `HoDoKu ${h}` : ''].filter(Boolean).join(' · '),
  saved: id => `Saved as ${id}.`, savedAs: name => `Saved as "${name}".`, replaced: name => `"${name}" replaced.`,
  nameExists: (name, date) => `A puzzle named "${name}" is saved already (${date}). OK replaces it; Cancel keeps both, this one under a numbered name.`,
  deleted: id => `Deleted ${id}.`,
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
  // The search's phase beside its counters.
  phase_forward: 'forward', phase_backward: 'backward', phase_solved: 'solved', phase_exhausted: 'no further solution',
  // The server's errors (err_<code>, made from the answer's args).
  'err_not-json': 'the request body must be JSON (Content-Type: application/json)',
  'err_body-too-large': a => `the request body is larger than the limit of ${a.limit} bytes`,
  'err_body-unreadable': a => `cannot read the request body: ${a.detail}`,
  'err_empty-body': 'the request body is empty; a JSON object is expected',
  'err_malformed-json': a => `malformed JSON: ${a.detail}`,
  'err_trailing-json': a => `malformed JSON after the value: ${a.detail}`,
  'err_invalid-request': a => a.path ? `invalid request at \`${a.path}\`: ${a.detail}` : `invalid request: ${a.detail}`,
  'err_bad-request': a => a.detail,
  'err_no-endpoint': a => `no API endpoint ${a.path}`,
  'err_unknown-parameter': a => `unknown parameter '${a.name}' (expected ${a.expected.join(', ')})`,
  'err_bad-parameter': a => `parameter '${a.name}': '${a.value}' is not ${either(a.expected, 'or')}`,
  'err_missing-puzzle': "parameter 'p' (the puzzle's 81 cells) is missing",
  'err_puzzle-length': a => `parameter 'p': a grid needs 81 characters, got ${a.count}`,
  'err_puzzle-character': a => `parameter 'p': character ${a.position} of the grid is '${a.character}', expected 1-9, 0 or .`,
  'err_puzzle-unreadable': a => `parameter 'p' is not a puzzle in any format read here: ${a.detail}`,
  'err_text-unreadable': a => `the text is not a puzzle in any format read here: ${a.detail}`,
  'err_unknown-variant': a => `parameter 'v': unknown variant '${a.name}' (expected standard, diagonal or x, color or dg, color-diagonal)`,
  'err_bad-date': a => `parameter 'date': ${a.detail}`,
  'err_unknown-level': a => `unknown level '${a.level}' (expected easy, medium, hard, very-hard or extremely-hard)`,
  'err_unknown-column': a => `unknown column '${a.column}' (expected one of ${a.expected.join(', ')})`,
  'err_bad-puzzle-id': a => `bad puzzle id '${a.id}': ids are 1 to 64 letters, digits, '-' or '_'`,
  'err_steps-out-of-range': a => `steps is ${a.steps}; it must be between 1 and ${a.max}`,
  'err_search-inconsistent': 'the search state is inconsistent: its board is not its start plus the placements on its stack',
  'err_not-at-solution': a => `the search is not at a solution (phase ${a.phase}); run it to a solution first`,
  'err_givens-clash': a => `the givens clash: ${clashEn(a.clash)}`,
  'err_digits-clash': a => `the digits clash: ${clashEn(a.clash)}`,
  'err_marks-clash': a => `the pencil marks: ${clashEn(a.clash)}`,
  'err_marks-no-candidate': a => `the pencil marks: ${a.cell} is empty and has no candidate`,
  'err_given-locked': a => `${a.cell} holds a given, which cannot be changed while solving`,
  'err_no-solution': 'the puzzle has no solution',
  'err_multiple-solutions': 'the puzzle has more than one solution, so there is no single logical path',
  'err_step-limit': a => `the search did not finish within ${a.limit} steps`,
  'err_generate-several': "the generator makes unique puzzles; 'extremely-hard' (several solutions) cannot be asked for",
  'err_generate-timeout': a => `no ${a.variant} puzzle of level '${a.level}' was found within ${a.seconds} s; please try again`,
  err_unprocessable: a => a.detail,
  err_busy: a => `the server is busy: no worker was free within this request's budget of ${a.budget} s; please try again`,
  'err_out-of-time': a => `this request needs more than the ${a.budget} s of work the server allows for one request`,
  'err_too-many-requests': a => `too many expensive requests at once from ${a.address ?? 'this account'}: at most ${a.limit} may run or wait; please wait for one to finish`,
  'err_cross-site': 'a state-changing request from another site is refused',
  'err_unknown-host': a => `this server does not answer to the host name '${a.host}' (see sudoku serve --allowed-host)`,
  'err_csrf-token': "this request changes data, so it must carry the session's token in x-csrf-token (from the login answer or GET /api/account/me)",
  'err_login-required': 'log in to use the puzzle database',
  'err_no-accounts': 'accounts are not enabled on this server (sudoku serve --accounts)',
  'err_bad-name': a => `a name is 1 to ${a.max} letters, digits, '-', '_' or '.'`,
  'err_bad-password': a => `a password is ${a.min} to ${a.max} characters`,
  'err_too-many-logins-address': a => `too many login attempts from this address; please wait ${a.seconds} s`,
  'err_too-many-logins-name': a => `too many login attempts for this name; please wait ${a.seconds} s`,
  'err_wrong-login': 'wrong name or password',
  'err_name-taken': a => `the name '${a.name}' is taken`,
  'err_no-puzzle': a => `no puzzle with id '${a.id}'`,
  'err_name-too-long': a => `the name has ${a.length} characters; at most ${a.max} are allowed`,
  'err_bad-progress': a => `the progress cannot be saved: ${a.detail}`,
  'err_bad-text': a => `the text cannot be stored: ${a.detail}`,
  'err_bad-idempotency-key': a => `the Idempotency-Key header must be 1 to ${a.max} visible ASCII characters`,
  'err_database-unavailable': 'the puzzle database is unavailable now; please try again',
  err_unavailable: a => a.detail,
  err_internal: a => a.detail,
};

const de = {
  // Statistics and history (stats.js).
  tabStats: 'Statistik', stLevels: 'Nach Schwierigkeitsgrad', stStarted: 'Begonnen', stSolved: 'Gelöst',
  stBest: 'Bestzeit', stAverage: 'Durchschnitt', stResume: 'Angefangene Spiele', stDaily: 'Puzzles des Tages',
  stEarlier: 'Frühere Tage', stRecent: 'Letzte Spiele', stOutcome: 'Ergebnis', stWon: 'gelöst', stLeft: 'aufgegeben',
  stNoLevel: 'nicht bewertet', stNone: 'Noch keine.', stSolvedOf: n => `gelöst von ${n} begonnenen`,
  stStreak: best => `Tage in Folge mit einem gelösten Puzzle (Rekord: ${best})`,
  stDailyStreak: best => `Puzzles des Tages in Folge, jedes an seinem Tag gelöst (Rekord: ${best})`,
  stResumeBtn: 'Weiterspielen', stResumeOf: name => `${name} weiterspielen`, stDeleteBtn: 'Löschen', stDeleteOf: name => `${name} löschen`,
  stDeleted: name => `${name} gelöscht; es zählt als aufgegeben.`, stPlay: 'Spielen', stPlayOf: date => `Das Puzzle vom ${date} spielen`,
  stSolvedMark: '✓ gelöst', stOpen: 'nicht gelöst', stDailyMark: 'des Tages', stFilled: n => `${n}/81 ausgefüllt`,
  stSynced: user => `In diesem Browser und beim Konto ${user} gespeichert.`,
  stLocal: 'Nur in diesem Browser gespeichert; nach der Anmeldung auch bei Ihrem Konto.',
  stSyncFailed: why => `Der Verlauf ließ sich nicht mit Ihrem Konto abgleichen (${why}); er bleibt in diesem Browser.`,
  historyFull: why => `Der Verlauf lässt sich in diesem Browser nicht speichern (${why}).`,
  'err_bad-game': a => `Spiel Nr. ${a.index} der Anfrage, Feld '${a.field}': ${GAME_FIELD_DE[a.field] ?? 'unbekanntes Feld'}.`,
  'err_too-many-games': a => `${a.count} Spiele in einer Anfrage; höchstens ${a.max} auf einmal.`,
  // The player's colours and filters.
  paintTitle: 'Farben und Filter', paintGroup: 'Die gewählte Zelle färben', colourN: n => `Farbe ${n}`, colour0: 'Keine Farbe',
  paintCand: 'Den Kandidaten der hervorgehobenen Zahl färben, nicht die Zelle', paintClear: 'Alle Farben löschen',
  filter: 'Zeigen', filterAll: 'alle Kandidaten', filterBivalue: 'Zellen mit zwei Kandidaten markiert', filterDigit: d => `nur Kandidat ${d}`,
  a_colour: n => `Farbe ${n}`, paintFirst: 'Erst eine Zelle wählen, dann eine Farbe.', paintNoCand: d => `Diese Zelle hat keinen Kandidaten ${d} zum Färben.`,
  paintDigitFirst: 'Erst eine Zahl im Ziffernblock antippen: ihr Kandidat wird gefärbt.',
  // A big step in parts (branches.js), and every step available now.
  brIs: (c, d) => `${c} ist die ${d}`, brIsNot: (c, d) => `${c} ist nicht die ${d}`, brAssume: (c, d) => `angenommen, ${c} ist die ${d}`,
  brSameCell: 'gleiche Zelle', brLastCandidate: 'letzter Kandidat der Zelle', brBy: name => `durch ${name}`,
  brSameHouse: kind => `gleiche ${{ row: 'Zeile', column: 'Spalte', box: 'Box', color: 'Farbgruppe', diagonal: 'Diagonale' }[kind] || 'Einheit'}`,
  brOnlyPlace: (kind, number) => (kind ? `einziger Platz in ${houseDe({ kind, number })}` : 'einziger Platz in ihrer Einheit'),
  brOverview: (n, starts) => `Der Schritt folgt ${n === 1 ? 'einer Annahme' : `${n} Annahmen`}: ${either([starts].flat().map(String), 'oder')}. Jede endet im markierten Ergebnis; ▶ verfolgt ${n === 1 ? 'sie' : 'sie einzeln'} in kleinen Teilen.`,
  brBranch: (k, n) => `Zweig ${k} von ${n}`, brImplications: (a, b) => `Folgerungen ${a}–${b}`, brOfTotal: n => `von ${n}`,
  brEnds: list => `Also ${[list].flat().join(' und ')}.`, brLinks: (k, n) => `Die Verbindungen, Teil ${k} von ${n}.`,
  brOpen: (cell, digit) => `Die erzwingende Kette hinter ${cell} ≠ ${digit} öffnen`, brInner: (cell, digit) => `${cell}≠${digit} ▸`,
  brInnerTitle: (cell, digit) => `Die innere erzwingende Kette: warum ${cell} nicht die ${digit} ist`, brBack: 'Zurück zum äußeren Schritt',
  brPrev: 'voriger Teil', brNext: 'nächster Teil', brWhole: 'Ganzer Schritt', brParts: 'In Teilen',
  brPart: (k, n) => (k === 0 ? `Überblick (1/${n})` : `Teil ${k + 1}/${n}`),
  allSteps: 'Alle Schritte jetzt', allStepsTitle: n => `${n} Schritte in dieser Stellung, die leichtesten zuerst`,
  allStepsNone: 'Hier hilft kein Schritt.', allStepsStale: 'Die Stellung hat sich geändert: noch einmal „Alle Schritte jetzt“ drücken.',
  allStepsPicked: (k, n) => `Schritt ${k} von ${n}`,
  // The narrow header, the settings and the counts (issue 34).
  tabTrainerShort: 'Trainer', tabDbShort: 'Datenbank', settings: 'Einstellungen',
  logInShort: 'Anmelden', accountOf: name => `Konto: ${name}`,
  setMistakes: 'Fehler', setMistakesOff: 'Anzeigen, wenn ich Prüfen drücke', setMistakesInstant: 'Sofort anzeigen',
  setLimit: 'Fehlergrenze', setNoLimit: 'keine', setNotes: 'Notizen',
  autoRemoveNote: 'Wird die Zahl wieder gelöscht, kommen die Notizen zurück.',
  setGrid: 'Gitter', setLabels: 'Zeilen- und Spaltennummern', setTheme: 'Farbschema', setSystem: 'Wie das Gerät',
  setLight: 'Hell', setDark: 'Dunkel', setPalette: 'Farben', setStandard: 'Standard',
  setSafe: 'Sicher bei Farbenblindheit', hintsUsed: 'Tipps', mistakesMade: 'Fehler',
  limitOf: n => ` von ${n}`, limitReached: n => `Fehlergrenze erreicht: ${n} falsche Zahlen. Rückgängig, Zurück oder ein neues Puzzle; „Weiterspielen“ hebt die Grenze für dieses Puzzle auf.`,
  keepPlaying: 'Weiterspielen', wrongAtOnce: cell => `${cell} ist falsch.`,
  rowN: n => `Zeile ${n}`, colN: n => `Spalte ${n}`, showCell: cell => `${cell} im Gitter zeigen`,
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
  selectHint: 'Erläuterung: < Selektiere Zelle mit grüner oder roter Zahl >',
  noReason: 'In dieser Zelle gibt es nichts zu erläutern.',
  lockedGiven: 'Givens sind beim Lösen gesperrt; zum Ändern Definieren drücken.',
  rating: 'Schwierigkeitsgrad wird ermittelt …', generating: 'Puzzle wird erzeugt …',
  wrongN: n => `${n} falsch gesetzte ${n === 1 ? 'Zahl' : 'Zahlen'} (rot umrandet).`,
  allRight: 'Alle bisher gesetzten Zahlen sind richtig.', solvedMsg: 'Gelöst – Glückwunsch!',
  searchSolved: 'Der Solver hat eine Lösung gefunden.', exhausted: 'Keine weitere Lösung gefunden.',
  lazyStrict: (l, s) => `Lazy ${l} / Strikt ${s} Schritte (Strikt spart ${l - s})`,
  ratingsLine: (p, se, h) => [p != null ? `${p} Punkte` : '', se != null ? `SE ${se.toFixed(1)}` : '', h ? `HoDoKu ${h}` : ''].filter(Boolean).join(' · '),
  saved: id => `Gespeichert als ${id}.`, savedAs: name => `Gespeichert als „${name}“.`, replaced: name => `„${name}“ ersetzt.`,
  nameExists: (name, date) => `Ein Puzzle namens „${name}“ ist schon gespeichert (${date}). OK ersetzt es; Abbrechen behält beide, dieses unter einem nummerierten Namen.`,
  deleted: id => `${id} gelöscht.`,
  confirmDelete: id => `Puzzle ${id} löschen?`, noSelection: 'Bitte zuerst ein Puzzle selektieren.',
  noHint: 'Kein Tipp: das Gitter ist voll oder keine Technik greift.',
  hintPrefix: 'Tipp', reasonOf: (i, n) => `(${i}/${n})`, contradiction: 'Widerspruch',
  status_unsolved: 'ungelöst', 'status_in-progress': 'in Arbeit', status_solved: 'gelöst',
  nameDefault: () => `Gespeichert am (${new Date().toLocaleString('de-DE')})`,
  notes: 'Notizen', fill: 'Kandidaten eintragen', undo: 'Rückgängig', redo: 'Wiederholen', autoRemove: 'Ausgeschlossene Notizen löschen',
  timer: 'Zeit', apply: 'Anwenden', hintN: n => `Tipp ${n}/3`, hintMore: 'noch einmal Tipp drücken für mehr',
  lostN: n => `${n} ${n === 1 ? 'Notiz hat' : 'Notizen haben'} die Lösungszahl verloren (rot umrandet).`,
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
  tour1: 'Willkommen! Das Puzzle des Tages ist geladen. Zelle wählen, dann eine Zahl im Tastenblock – oder 1–9 tippen.',
  tour2: 'Notizen schreibt eigene Kandidaten (Taste N); Rückgängig nimmt alles zurück (Strg+Z).',
  tour3: 'Nicht weiter? Tipp hilft in drei Stufen: wo suchen, das Muster, der ganze Schritt. Ein irgendwo eingefügtes Puzzle wird geöffnet.',
  tourOf: (k, n) => `${k}/${n}`,
  logout: 'Abmelden', login: 'Anmelden', register: 'Registrieren', accName: 'Name', accPassword: 'Passwort',
  loggedIn: n => `Angemeldet als ${n}`, loginFirst: 'Melden Sie sich (oben rechts) an, um Ihre Puzzles zu speichern und zu öffnen.',
  welcome: n => `Willkommen, ${n}.`,
  pasted: 'Eingefügtes Puzzle', badPaste: n => `Der eingefügte Text ist kein Puzzle: er hat ${n} Zellen, 81 sind nötig (1-9 für Givens, 0 oder . für leere Zellen).`,
  gridLabel: 'Sudoku-Gitter', padLabel: 'Zahlen', newLevel: 'Schwierigkeitsgrad eines neuen Puzzles',
  prevStep: 'vorheriger Schritt', nextStep: 'nächster Schritt',
  pathBack: '← Trainer', openInTrainer: 'Im Trainer öffnen', loading: 'Wird geladen …',
  pathBad: 'Diese Adresse gibt kein Puzzle zum Erklären:', pathPuzzle: 'das Puzzle',
  pathUnsolved: 'Der logische Löser hat dieses Puzzle nicht zu Ende gelöst.',
  points: n => `${n} ${n === 1 ? 'Punkt' : 'Punkte'}`, total: 'Punkte', trainerLevel: 'Schwierigkeitsgrad (Trainer)',
  se: 'Sudoku Explainer', hodoku: 'HoDoKu',
  phase_forward: 'vorwärts', phase_backward: 'rückwärts', phase_solved: 'gelöst', phase_exhausted: 'keine weitere Lösung',
  'err_not-json': 'Die Anfrage muss JSON enthalten (Content-Type: application/json).',
  'err_body-too-large': a => `Die Anfrage ist größer als die Grenze von ${a.limit} Bytes.`,
  'err_body-unreadable': 'Die Anfrage kann nicht gelesen werden.',
  'err_empty-body': 'Die Anfrage ist leer; erwartet wird ein JSON-Objekt.',
  'err_malformed-json': a => `Fehlerhaftes JSON an Stelle ${a.line}:${a.column}.`,
  'err_trailing-json': a => `Fehlerhaftes JSON: nach dem Wert folgt noch etwas (Stelle ${a.line}:${a.column}).`,
  'err_invalid-request': a => a.path ? `Ungültiger Wert in der Anfrage bei \`${a.path}\`.`
    : 'Ungültige Anfrage: ein Feld fehlt oder hat einen ungültigen Wert.',
  'err_bad-request': 'Die Anfrage ist fehlerhaft.',
  'err_no-endpoint': a => `Keine API-Adresse ${a.path}.`,
  'err_unknown-parameter': a => `Unbekannter Parameter '${a.name}' (erwartet: ${a.expected.join(', ')}).`,
  'err_bad-parameter': a => `Parameter '${a.name}': '${a.value}' ist nicht ${either(a.expected, 'oder')}.`,
  'err_missing-puzzle': "Parameter 'p' (die 81 Zellen des Puzzles) fehlt.",
  'err_puzzle-length': a => `Parameter 'p': ein Gitter hat 81 Zeichen, hier sind es ${a.count}.`,
  'err_puzzle-character': a => `Parameter 'p': Zeichen ${a.position} des Gitters ist '${a.character}'; erlaubt sind 1-9, 0 und '.'.`,
  'err_puzzle-unreadable': a => `Parameter 'p' ist in keinem der hier gelesenen Formate ein Puzzle (Zeile ${a.line}${a.position ? `, Stelle ${a.position}` : ''}).`,
  'err_text-unreadable': a => `Der Text ist in keinem der hier gelesenen Formate ein Puzzle (Zeile ${a.line}${a.position ? `, Stelle ${a.position}` : ''}).`,
  'err_unknown-variant': a => `Parameter 'v': unbekannte Variante '${a.name}' (erwartet: standard, diagonal oder x, color oder dg, color-diagonal).`,
  'err_bad-date': a => `Parameter 'date': '${a.date}' ist kein Tag des Kalenders (JJJJ-MM-TT, 1900–9999).`,
  'err_unknown-level': a => `Unbekannter Schwierigkeitsgrad '${a.level}' (erwartet: leicht, mittel, schwer, sehr schwer oder extrem schwer).`,
  'err_unknown-column': a => `Unbekannte Spalte '${a.column}' zum Sortieren.`,
  'err_bad-puzzle-id': a => `Ungültige Puzzle-Id '${a.id}': eine Id hat 1 bis 64 Buchstaben, Ziffern, '-' oder '_'.`,
  'err_steps-out-of-range': a => `${a.steps} Schritte verlangt; erlaubt sind 1 bis ${a.max}.`,
  'err_search-inconsistent': 'Der Zustand der Suche passt nicht zusammen: sein Gitter ist nicht der Start plus die gesetzten Zahlen seines Stapels.',
  'err_not-at-solution': 'Die Suche steht nicht bei einer Lösung; erst bis zu einer Lösung suchen lassen.',
  'err_givens-clash': a => `Die Givens sind widerspruchsvoll: ${clashDe(a.clash)}.`,
  'err_digits-clash': a => `Die Zahlen sind widerspruchsvoll: ${clashDe(a.clash)}.`,
  'err_marks-clash': a => `Die Notizen passen nicht: ${clashDe(a.clash)}.`,
  'err_marks-no-candidate': a => `Die Notizen passen nicht: ${a.cell} ist leer und hat keinen Kandidaten.`,
  'err_given-locked': a => `${a.cell} ist ein Given und kann beim Lösen nicht geändert werden.`,
  'err_no-solution': 'Das Puzzle hat keine Lösung.',
  'err_multiple-solutions': 'Das Puzzle hat mehr als eine Lösung, also keinen eindeutigen logischen Weg.',
  'err_step-limit': a => `Die Suche ist in ${a.limit} Schritten nicht fertig geworden.`,
  'err_generate-several': 'Der Generator erzeugt nur Puzzles mit einer Lösung; Extrem schwer (mehrere Lösungen) kann nicht verlangt werden.',
  'err_generate-timeout': a => `In ${a.seconds} s wurde kein Puzzle (${de['v_' + a.variant] ?? a.variant}, ${de['lvl_' + a.level] ?? a.level}) gefunden; bitte noch einmal versuchen.`,
  err_unprocessable: 'Die Anfrage kann so nicht ausgeführt werden.',
  err_busy: a => `Der Server ist ausgelastet: innerhalb der ${a.budget} s dieser Anfrage wurde kein Rechenplatz frei; bitte noch einmal versuchen.`,
  'err_out-of-time': a => `Diese Anfrage braucht mehr als die ${a.budget} s Rechenzeit, die der Server einer Anfrage erlaubt.`,
  'err_too-many-requests': a => `Zu viele aufwendige Anfragen gleichzeitig von ${a.address ?? 'diesem Konto'}: höchstens ${a.limit} dürfen laufen oder warten; bitte warten, bis eine fertig ist.`,
  'err_cross-site': 'Eine Änderung von einer anderen Website aus wird abgelehnt.',
  'err_unknown-host': a => `Dieser Server antwortet nicht unter dem Namen „${a.host}“ (siehe sudoku serve --allowed-host).`,
  'err_csrf-token': 'Diese Anfrage ändert Daten und muss deshalb das Token der Sitzung im Header x-csrf-token tragen (aus der Antwort der Anmeldung oder GET /api/account/me).',
  'err_login-required': 'Zum Benutzen der Puzzle-Datenbank bitte anmelden.',
  'err_no-accounts': 'Dieser Server hat keine Konten (sudoku serve --accounts).',
  'err_bad-name': a => `Ein Name hat 1 bis ${a.max} Buchstaben, Ziffern, '-', '_' oder '.'.`,
  'err_bad-password': a => `Ein Passwort hat ${a.min} bis ${a.max} Zeichen.`,
  'err_too-many-logins-address': a => `Zu viele Anmeldeversuche von dieser Adresse; bitte ${a.seconds} s warten.`,
  'err_too-many-logins-name': a => `Zu viele Anmeldeversuche für diesen Namen; bitte ${a.seconds} s warten.`,
  'err_wrong-login': 'Name oder Passwort falsch.',
  'err_name-taken': a => `Der Name '${a.name}' ist schon vergeben.`,
  'err_no-puzzle': a => `Es gibt kein Puzzle mit der Puzzle-Id '${a.id}'.`,
  'err_name-too-long': a => `Der Name hat ${a.length} Zeichen; erlaubt sind höchstens ${a.max}.`,
  'err_bad-progress': 'Der Spielstand kann nicht gespeichert werden: er ist fehlerhaft oder zu groß.',
  'err_bad-text': 'Der Text lässt sich nicht speichern: er enthält ein Nullzeichen.',
  'err_bad-idempotency-key': a => `Der Idempotency-Key-Header muss aus 1 bis ${a.max} sichtbaren ASCII-Zeichen bestehen.`,
  'err_database-unavailable': 'Die Puzzle-Datenbank ist nicht erreichbar; bitte gleich noch einmal versuchen.',
  err_unavailable: 'Der Server kann die Anfrage gerade nicht bearbeiten; bitte noch einmal versuchen.',
  err_internal: 'Interner Fehler des Servers.',
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

/// Whether the page's language has `key`.
export function has(key) { return key in (CATALOGUE[current] || en); }

/// Writes the page's language into every element under `root` that names a
/// key: data-i18n (text), data-i18n-placeholder, data-i18n-aria-label,
/// data-i18n-title.
export function applyTo(root) {
  root.querySelectorAll('[data-i18n]').forEach(el => { el.textContent = t(el.dataset.i18n); });
  root.querySelectorAll('[data-i18n-placeholder]').forEach(el => { el.placeholder = t(el.dataset.i18nPlaceholder); });
  root.querySelectorAll('[data-i18n-aria-label]').forEach(el => { el.setAttribute('aria-label', t(el.dataset.i18nAriaLabel)); });
  root.querySelectorAll('[data-i18n-title]').forEach(el => { el.title = t(el.dataset.i18nTitle); });
}
