//! Every sentence the command line writes on its own account — errors,
//! warnings, the located problems of input lines — as one keyed catalogue in
//! English and German.
//!
//! A [`Msg`] names what is said with a stable key and carries the values its
//! sentence needs; its text in each language is written beside it, in the
//! `messages!` list below, so a key cannot exist without both sentences (the
//! macro would not compile) and no sentence is spelled out at the place that
//! reports it. The language is the run's ([`lang`]): `--lang` where a
//! subcommand has it, else `SUDOKU_LANG`, else the locale (`LC_ALL`,
//! `LC_MESSAGES`, `LANG`; `de…` means German), else English. Input errors
//! of the core crate (a line that is not a puzzle, two equal digits in a
//! house) are told here too ([`parse_error`], [`conflict`]), so a German run
//! says "Zeile 7: …" throughout. What clap itself prints (usage, `--help`)
//! stays English, as do the details of operating-system errors after a
//! message's colon.
//!
//! The tests render one example of every key (`examples`, compiled for the
//! tests) and fail on a key without example, on an empty sentence and on
//! English words in the German ones.

use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};
use sudoku_core::{Cell, Conflict, Digit, House, Lang, ParseError, digit_plural, house_name};

/// The run's language as a small number (0 English, 1 German).
static LANG: AtomicU8 = AtomicU8::new(0);

/// The language messages are written in.
pub fn lang() -> Lang {
    match LANG.load(Ordering::Relaxed) {
        1 => Lang::De,
        _ => Lang::En,
    }
}

/// Sets the language of every later message (a subcommand's `--lang`).
pub fn set_lang(lang: Lang) {
    LANG.store(
        match lang {
            Lang::En => 0,
            Lang::De => 1,
        },
        Ordering::Relaxed,
    );
}

/// `SUDOKU_LANG` when it is set to something that is not a language of
/// ours (for a warning: the locale decides then).
pub fn bad_lang_variable(var: impl Fn(&str) -> Option<String>) -> Option<Msg> {
    let value = var("SUDOKU_LANG")?;
    match value.trim().parse::<Lang>() {
        Ok(_) => None,
        Err(_) => Some(Msg::BadLangVariable { value }),
    }
}

/// The language the environment asks for: `SUDOKU_LANG` (`en` or `de`),
/// else the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not
/// empty (`de_DE.UTF-8` and the like mean German, anything else English).
pub fn lang_from_env(var: impl Fn(&str) -> Option<String>) -> Lang {
    if let Some(code) = var("SUDOKU_LANG")
        && let Ok(lang) = code.trim().parse::<Lang>()
    {
        return lang;
    }
    let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(&var)
        .find(|value| !value.is_empty());
    match locale {
        Some(l) if l.starts_with("de") => Lang::De,
        _ => Lang::En,
    }
}

/// Declares [`Msg`] with its keys and both sentences: `Variant { field: Type,
/// … } => "key", en: <expr>, de: <expr>;` where the expressions see the
/// fields by name (by reference).
macro_rules! messages {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident { $($field:ident : $ty:ty),* $(,)? } => $key:literal,
            en: $en:expr,
            de: $de:expr;
    )*) => {
        /// Something the command line says, with the values its sentence
        /// needs (see the module documentation).
        #[derive(Clone, Debug, PartialEq)]
        pub enum Msg {
            $(
                $(#[doc = $doc])*
                $name { $(#[allow(missing_docs)] $field: $ty),* },
            )*
        }

        impl Msg {
            /// Every key, in the order of the declaration (read by the
            /// catalogue's tests).
            #[cfg_attr(not(test), allow(dead_code))]
            pub const KEYS: &'static [&'static str] = &[$($key),*];

            /// The stable key of the message.
            #[cfg_attr(not(test), allow(dead_code))]
            pub fn key(&self) -> &'static str {
                match self {
                    $(Msg::$name { .. } => $key,)*
                }
            }

            /// The sentence in `lang`.
            pub fn text(&self, lang: Lang) -> String {
                match self {
                    $(
                        Msg::$name { $($field),* } => match lang {
                            Lang::En => $en,
                            Lang::De => $de,
                        },
                    )*
                }
            }
        }
    };
}

messages! {
    /// The prefix of every fatal error on stderr.
    Fatal { detail: String } => "fatal",
        en: format!("sudoku: error: {detail}"),
        de: format!("sudoku: Fehler: {detail}");
    /// A warning about something left out.
    LeftOut { command: &'static str, detail: String } => "left-out",
        en: format!("sudoku: {command}: left out: {detail}"),
        de: format!("sudoku: {command}: ausgelassen: {detail}");
    /// `SUDOKU_LANG` holds neither `en` nor `de`.
    BadLangVariable { value: String } => "bad-lang-variable",
        en: format!("sudoku: warning: SUDOKU_LANG={value:?} is neither en nor de; the locale decides"),
        de: format!("sudoku: Warnung: SUDOKU_LANG={value:?} ist weder en noch de; die Locale entscheidet");
    /// A file could not be opened.
    CannotOpen { path: String } => "cannot-open",
        en: format!("cannot open {path}"),
        de: format!("{path} lässt sich nicht öffnen");
    /// A file could not be read.
    CannotRead { path: String } => "cannot-read",
        en: format!("cannot read {path}"),
        de: format!("{path} lässt sich nicht lesen");
    /// A file could not be written.
    CannotWrite { path: String } => "cannot-write",
        en: format!("cannot write {path}"),
        de: format!("{path} lässt sich nicht schreiben");
    /// A file could not be created.
    CannotCreate { path: String } => "cannot-create",
        en: format!("cannot create {path}"),
        de: format!("{path} lässt sich nicht anlegen");
    /// Standard output failed.
    CannotWriteOutput {} => "cannot-write-output",
        en: "cannot write output".to_string(),
        de: "die Ausgabe lässt sich nicht schreiben".to_string();
    /// A directory where a file of puzzles was expected.
    IsDirectory { path: String } => "is-directory",
        en: format!("{path}: is a directory, not a file of puzzles"),
        de: format!("{path}: ein Verzeichnis, keine Datei mit Puzzles");
    /// A thread could not be started.
    NoThreads { what: Threads } => "no-threads",
        en: format!("cannot start {}", what.en()),
        de: format!("{} lassen sich nicht starten", what.de());
    /// `--first-line 0`.
    LineNumberZero {} => "line-number-zero",
        en: "line numbers start at 1, so N must be 1 or more".to_string(),
        de: "Zeilennummern beginnen bei 1, N muss also 1 oder mehr sein".to_string();
    /// `--first-line` with something that is not a number.
    NotALineNumber { text: String } => "not-a-line-number",
        en: format!("'{text}' is not a line number (1 or more)"),
        de: format!("'{text}' ist keine Zeilennummer (1 oder mehr)");
    /// A problem of the puzzle starting at a line.
    AtLine { line: usize, problem: String } => "at-line",
        en: format!("line {line}: {problem}"),
        de: format!("Zeile {line}: {problem}");
    /// An argument that is neither a puzzle nor a file.
    NotPuzzleNorFile { text: String, problem: String } => "not-puzzle-nor-file",
        en: format!("argument {text:?} is not a puzzle ({problem}) and not a file either"),
        de: format!("das Argument {text:?} ist kein Puzzle ({problem}) und auch keine Datei");
    /// An input without any puzzle.
    NoPuzzle { name: String } => "no-puzzle",
        en: format!("{name}: no puzzle"),
        de: format!("{name}: kein Puzzle");
    /// A line of an import file that was not imported.
    ImportLine { source: String, line: usize, reason: String } => "import-line",
        en: format!("sudoku: {source}: line {line}: {reason}"),
        de: format!("sudoku: {source}: Zeile {line}: {reason}");
    /// A line that is not UTF-8.
    NotUtf8 {} => "not-utf8",
        en: "not UTF-8 text".to_string(),
        de: "kein UTF-8-Text".to_string();
    /// A line with a NUL character, which the database cannot keep.
    NulInLine {} => "nul-in-line",
        en: "a NUL character (U+0000) in the line".to_string(),
        de: "ein NUL-Zeichen (U+0000) in der Zeile".to_string();
    /// A puzzle name longer than the database keeps.
    NameTooLong { max: usize } => "name-too-long",
        en: format!("the name has more than {max} characters"),
        de: format!("der Name hat mehr als {max} Zeichen");
    /// Standard input, as the name of a source.
    StandardInput {} => "standard-input",
        en: "standard input".to_string(),
        de: "Standardeingabe".to_string();
    /// A line of a named input.
    InputLine { name: String, line: usize } => "input-line",
        en: format!("{name}: line {line}"),
        de: format!("{name}: Zeile {line}");
    /// Input: nothing but whitespace.
    EmptyInput {} => "empty-input",
        en: "empty input".to_string(),
        de: "leere Eingabe".to_string();
    /// Input: not 81 cells.
    WrongLength { found: usize } => "wrong-length",
        en: format!("expected 81 cells, found {found}"),
        de: format!("81 Zellen erwartet, {found} gefunden");
    /// Input: a line longer than the reader keeps.
    TooLong { limit: usize } => "too-long",
        en: format!("line too long (more than {limit} bytes)"),
        de: format!("Zeile zu lang (mehr als {limit} Bytes)");
    /// Input: a character that means nothing in a puzzle.
    BadCharacter { ch: char, position: usize } => "bad-character",
        en: format!("character {ch:?} at position {position}"),
        de: format!("Zeichen {ch:?} an Stelle {position}");
    /// Input: a byte that is not ASCII.
    BadByte { byte: u8, position: usize } => "bad-byte",
        en: format!("non-ASCII byte 0x{byte:02x} at position {position}"),
        de: format!("Nicht-ASCII-Byte 0x{byte:02x} an Stelle {position}");
    /// Input: a row of a 9×9 block with the wrong number of cells.
    BadRow { row: usize, found: usize } => "bad-row",
        en: format!("row {row} of the grid has {found} cells, expected 9"),
        de: format!("Zeile {row} des Gitters hat {found} Zellen, erwartet sind 9");
    /// Input: a 9×9 block cut short.
    IncompleteBlock { rows: usize } => "incomplete-block",
        en: format!("grid ends after {rows} of 9 rows"),
        de: format!("das Gitter endet nach {rows} von 9 Zeilen");
    /// Input: a cell of a candidate grid that is not a group of candidates.
    BadCell { cell: Cell, text: String, position: usize } => "bad-cell",
        en: format!("{cell}: {text:?} at position {position} is not a group of candidate digits 1-9"),
        de: format!("{cell}: {text:?} an Stelle {position} ist keine Gruppe von Kandidaten 1-9");
    /// Input: a cell of a sukaku line without a candidate.
    NoCandidate { cell: Cell, position: usize } => "no-candidate",
        en: format!("{cell}: no candidate at position {position}"),
        de: format!("{cell}: kein Kandidat an Stelle {position}");
    /// Input: a deleted candidate of a HoDoKu library line that is not one.
    BadDeletion { text: String, position: usize } => "bad-deletion",
        en: format!("deleted candidate {text:?} at position {position} is not <digit><row><column>"),
        de: format!("gestrichener Kandidat {text:?} an Stelle {position} ist nicht <Ziffer><Zeile><Spalte>");
    /// Two equal digits in one house.
    TwoDigits { digit: Digit, house: House, first: Cell, second: Cell } => "two-digits",
        en: format!("two {} in {} ({first}, {second})", digit_plural(*digit, Lang::En), house_name(*house, Lang::En)),
        de: format!("zwei {} in {} ({first}, {second})", digit_plural(*digit, Lang::De), house_name(*house, Lang::De));
    /// A puzzle with several solutions where one is needed.
    NotUniqueMultiple {} => "not-unique-multiple",
        en: "not a unique puzzle (multiple)".to_string(),
        de: "kein eindeutiges Puzzle (mehrere Lösungen)".to_string();
    /// No solution.
    NoSolution {} => "no-solution",
        en: "no solution".to_string(),
        de: "keine Lösung".to_string();
    /// Several solutions.
    MoreThanOne {} => "more-than-one",
        en: "more than one solution".to_string(),
        de: "mehr als eine Lösung".to_string();
    /// Minimize found no path of removals.
    NoReductionPath {} => "no-reduction-path",
        en: "no reduction path".to_string(),
        de: "kein Weg, Givens zu entfernen".to_string();
    /// `unavoidable` on a grid that is neither full nor unique.
    NotFullMultiple {} => "not-full-multiple",
        en: "not a full grid, and as a puzzle it has more than one solution".to_string(),
        de: "kein volles Gitter, und als Puzzle hat es mehr als eine Lösung".to_string();
    /// `unavoidable` on a grid that is neither full nor solvable.
    NotFullNone {} => "not-full-none",
        en: "not a full grid, and as a puzzle it has no solution".to_string(),
        de: "kein volles Gitter, und als Puzzle hat es keine Lösung".to_string();
    /// `gen` with requirements no puzzle can meet.
    ImpossibleRequest {} => "impossible-request",
        en: "impossible request".to_string(),
        de: "unerfüllbare Anforderung".to_string();
    /// `gen --timeout` out of range.
    BadTimeout {} => "bad-timeout",
        en: "--timeout must be a number of seconds, 0 for none".to_string(),
        de: "--timeout muss eine Zahl von Sekunden sein, 0 für keine Grenze".to_string();
    /// `gen --first-line` without `--seed`.
    FirstLineNeedsSeed { line: usize } => "first-line-needs-seed",
        en: format!("--first-line {line} continues the sequence of puzzles of a seed: give that --seed"),
        de: format!("--first-line {line} setzt die Folge der Puzzles eines Seeds fort: dazu gehört dessen --seed");
    /// `gen --first-line` plus `--count` overflow.
    FirstLineTooLarge {} => "first-line-too-large",
        en: "--first-line plus --count is too large".to_string(),
        de: "--first-line plus --count ist zu groß".to_string();
    /// `gen` ended by `--timeout`: what it found and tried.
    GenStopped {
        secs: f64,
        written: u64,
        count: u64,
        request: String,
        tally: sudoku_gen::Tally,
        rated: bool,
        seed: u64,
    } => "gen-stopped",
        en: format!(
            "sudoku: gen: stopped by --timeout after {secs:.1} s: {written} of {count} puzzles ({request}); \
             tried {} solution grids, {} candidates met the clue and minimality conditions{}{} (seed {seed})",
            tally.attempts,
            tally.candidates,
            if *rated { format!(", {} reached the rating", tally.rated) } else { String::new() },
            walked(&tally.walk, Lang::En),
        ),
        de: format!(
            "sudoku: gen: nach {secs:.1} s durch --timeout beendet: {written} von {count} Puzzles ({request}); \
             {} Lösungsgitter versucht, {} Kandidaten erfüllten die Bedingungen an Givens und Minimalität{}{} (Seed {seed})",
            tally.attempts,
            tally.candidates,
            if *rated { format!(", {} erreichten die Bewertung", tally.rated) } else { String::new() },
            walked(&tally.walk, Lang::De),
        );
    /// `gen --raw` ended by `--timeout`.
    RawStopped { secs: f64, written: u64, count: u64, request: String, attempts: u64, seed: u64 } => "raw-stopped",
        en: format!(
            "sudoku: gen: stopped by --timeout after {secs:.1} s: {written} of {count} puzzles ({request}); \
             {attempts} attempts (seed {seed})"
        ),
        de: format!(
            "sudoku: gen: nach {secs:.1} s durch --timeout beendet: {written} von {count} Puzzles ({request}); \
             {attempts} Versuche (Seed {seed})"
        );
    /// An option the neighbourhood search of `gen` (`--from`, `--se` 9.5 and
    /// above) cannot honour.
    HardOption { option: String } => "hard-option",
        en: format!(
            "{option} cannot be combined with the neighbourhood search of --from or --se 9.5 and above \
             (it makes minimal standard puzzles without symmetry, with the clue counts of its seeds)"
        ),
        de: format!(
            "{option} lässt sich nicht mit der Nachbarschaftssuche von --from oder --se ab 9.5 verbinden \
             (sie macht minimale Standard-Puzzles ohne Symmetrie, mit der Zahl der Givens ihrer Ausgangspuzzles)"
        );
    /// Progress of the neighbourhood search (a line a minute when stderr is
    /// not a terminal).
    HardProgress { secs: f64, written: u64, count: u64, stats: sudoku_gen::HardStats } => "hard-progress",
        en: format!("sudoku: gen: {secs:.0} s: {written} of {count} puzzles; {}", searched(stats, Lang::En)),
        de: format!("sudoku: gen: {secs:.0} s: {written} von {count} Puzzles; {}", searched(stats, Lang::De));
    /// The neighbourhood search ended before it had every puzzle.
    HardStopped {
        secs: f64,
        written: u64,
        count: u64,
        band: String,
        why: crate::generate::HardStop,
        stats: sudoku_gen::HardStats,
        seed: u64,
    } => "hard-stopped",
        en: format!(
            "sudoku: gen: {} after {secs:.1} s: {written} of {count} puzzles (SE {band}); {} (seed {seed})",
            why.en(),
            searched(stats, Lang::En)
        ),
        de: format!(
            "sudoku: gen: nach {secs:.1} s {}: {written} von {count} Puzzles (SE {band}); {} (Seed {seed})",
            why.de(),
            searched(stats, Lang::De)
        );
    /// `ml` with one class only.
    TooFewClasses { path: String, found: usize } => "too-few-classes",
        en: format!("{path}: a classifier needs at least two classes, found {found}"),
        de: format!("{path}: ein Klassifikator braucht mindestens zwei Klassen, gefunden: {found}");
    /// `ml` whose training set is contained in the test set.
    NothingToTrain { a: String, b: String } => "nothing-to-train",
        en: format!("every puzzle of {a} is also in {b}: nothing left to train on"),
        de: format!("jedes Puzzle aus {a} steht auch in {b}: zum Trainieren bleibt nichts");
    /// `ml --fraction` out of range.
    BadFraction { fraction: f64 } => "bad-fraction",
        en: format!("--fraction must be in (0, 1], not {fraction}"),
        de: format!("--fraction muss in (0, 1] liegen, nicht {fraction}");
    /// `ml --top` beyond the ranked features.
    BadTop { top: usize, used: usize } => "bad-top",
        en: format!("--top {top}: only {used} features were used by any tree"),
        de: format!("--top {top}: nur {used} Merkmale kommen in einem Baum vor");
    /// `ml select -o` with the usage ranking but no `--top`.
    SelectNeedsTop {} => "select-needs-top",
        en: "-o with --method usage needs --top K: the model reads the K best-ranked features".to_string(),
        de: "-o mit --method usage braucht --top K: das Modell liest die K bestplatzierten Merkmale".to_string();
    /// `ml select --top` with CFS.
    TopNeedsUsage {} => "top-needs-usage",
        en: "--top belongs to --method usage: CFS chooses how many features it keeps".to_string(),
        de: "--top gehört zu --method usage: CFS wählt selbst, wie viele Merkmale es behält".to_string();
    /// `ml show --tree` beyond the model's trees.
    NoSuchTree { tree: usize, trees: usize } => "no-such-tree",
        en: format!("--tree {tree}: the model has {trees} tree(s), numbered from 1"),
        de: format!("--tree {tree}: das Modell hat {trees} Baum/Bäume, gezählt ab 1");
    /// `--per-page` not 1, 4 or 6.
    BadPerPage { got: usize } => "bad-per-page",
        en: format!("--per-page must be 1, 4 or 6 (got {got})"),
        de: format!("--per-page muss 1, 4 oder 6 sein (angegeben: {got})");
    /// `print` without `--pdf`.
    PdfRequired {} => "pdf-required",
        en: "--pdf FILE is required: where to write the sheet".to_string(),
        de: "--pdf DATEI fehlt: wohin das Blatt geschrieben wird".to_string();
    /// `print` with nothing printable.
    NothingToPrint {} => "nothing-to-print",
        en: "no unique puzzle to print".to_string(),
        de: "kein eindeutiges Puzzle zum Drucken".to_string();
    /// The PDF could not be drawn.
    CannotDrawPdf {} => "cannot-draw-pdf",
        en: "cannot draw the PDF".to_string(),
        de: "das PDF lässt sich nicht zeichnen".to_string();
    /// `rate --variants8` without the points scale.
    Variants8NeedsPoints { scales: String } => "variants8-needs-points",
        en: format!("--variants8 rates the 8 copies on the points scale: add points to --scales {scales}"),
        de: format!("--variants8 bewertet die 8 Kopien mit Punkten: points gehört in --scales {scales}");
    /// `rate --variants100` without the points scale.
    Variants100NeedsPoints { scales: String } => "variants100-needs-points",
        en: format!("--variants100 rates the 100 copies on the points scale: add points to --scales {scales}"),
        de: format!("--variants100 bewertet die 100 Kopien mit Punkten: points gehört in --scales {scales}");
    /// No place for the default database.
    NoDataDirectory {} => "no-data-directory",
        en: "no data directory is known (HOME is not set); pass --db PATH".to_string(),
        de: "kein Datenverzeichnis bekannt (HOME ist nicht gesetzt); --db PFAD angeben".to_string();
    /// `serve` on a public address without accounts.
    PublicNeedsAccounts { addr: String } => "public-needs-accounts",
        en: format!("--addr {addr} is reachable from other machines: start the server with --accounts, so that every saved puzzle stays private to its owner"),
        de: format!("--addr {addr} ist von anderen Rechnern erreichbar: den Server mit --accounts starten, damit jedes gespeicherte Puzzle seinem Besitzer vorbehalten bleibt");
    /// The database could not be opened.
    CannotOpenDatabase { location: String } => "cannot-open-database",
        en: format!("cannot open the puzzle database {location}"),
        de: format!("die Puzzle-Datenbank {location} lässt sich nicht öffnen");
    /// The database could not be checkpointed at the end.
    CannotCheckpoint { location: String } => "cannot-checkpoint",
        en: format!("cannot checkpoint the puzzle database {location}"),
        de: format!("die Puzzle-Datenbank {location} lässt sich nicht abschließen");
    /// The server could not bind its address.
    CannotListen { addr: String } => "cannot-listen",
        en: format!("cannot listen on {addr}"),
        de: format!("auf {addr} lässt sich nicht lauschen");
    /// The bound address could not be read back.
    CannotReadAddress {} => "cannot-read-address",
        en: "cannot read the bound address".to_string(),
        de: "die gebundene Adresse lässt sich nicht lesen".to_string();
    /// The server stopped with an error.
    ServerFailed {} => "server-failed",
        en: "the server failed".to_string(),
        de: "der Server ist ausgefallen".to_string();
    /// The server is up.
    ServerUp { url: String, location: String, accounts: bool } => "server-up",
        en: format!(
            "Sudoku Trainer on {url} (database {location}{}); Ctrl-C stops it",
            if *accounts { ", accounts on" } else { "" }
        ),
        de: format!(
            "Sudoku Trainer unter {url} (Datenbank {location}{}); Strg-C beendet ihn",
            if *accounts { ", mit Konten" } else { "" }
        );
    /// The server stopped cleanly.
    ServerStopped { location: String } => "server-stopped",
        en: format!("Sudoku Trainer stopped; every save is in {location}"),
        de: format!("Sudoku Trainer beendet; alles Gespeicherte steht in {location}");
}

/// The low-clue walks of a `gen` run, as the end of its report; nothing
/// when it made none.
fn walked(w: &sudoku_gen::WalkStats, lang: Lang) -> String {
    if w.walks == 0 {
        return String::new();
    }
    match lang {
        Lang::En => format!(
            "; {} low-clue walks reached {} clues at best ({} moves down, {} sideways, \
             {} under-determined puzzles enumerated with {} solutions)",
            w.walks, w.lowest, w.down, w.sideways, w.enumerations, w.solutions
        ),
        Lang::De => format!(
            "; {} Wege zu wenigen Givens erreichten bestenfalls {} Givens ({} Schritte abwärts, {} seitwärts, \
             {} unterbestimmte Puzzles mit {} Lösungen durchgezählt)",
            w.walks, w.lowest, w.down, w.sideways, w.enumerations, w.solutions
        ),
    }
}

/// The work of a neighbourhood search, for its progress and report.
fn searched(s: &sudoku_gen::HardStats, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "{} neighbours of {} seeds, {} isomorphic to an input or an earlier one, {} not minimal, \
             {} screened out, {} rated exactly (best {:.1})",
            s.neighbours, s.seeds, s.duplicates, s.not_minimal, s.screened_out, s.rated, s.best
        ),
        Lang::De => format!(
            "{} Nachbarn von {} Ausgangspuzzles, {} isomorph zu einer Eingabe oder einem früheren, {} nicht minimal, \
             {} vorab aussortiert, {} exakt bewertet (höchstens {:.1})",
            s.neighbours, s.seeds, s.duplicates, s.not_minimal, s.screened_out, s.rated, s.best
        ),
    }
}

/// What kind of threads could not be started.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threads {
    /// The pool of worker threads.
    Workers,
    /// The thread that reads the input.
    Reader,
    /// Tokio's runtime.
    Runtime,
}

impl Threads {
    fn en(self) -> &'static str {
        match self {
            Threads::Workers => "worker threads",
            Threads::Reader => "the reader thread",
            Threads::Runtime => "the async runtime",
        }
    }

    fn de(self) -> &'static str {
        match self {
            Threads::Workers => "die Arbeits-Threads",
            Threads::Reader => "der Lese-Thread",
            Threads::Runtime => "die asynchrone Laufzeit",
        }
    }
}

impl fmt::Display for Msg {
    /// The sentence in the run's language ([`lang`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(lang()))
    }
}

impl std::error::Error for Msg {}

/// The message of a text that is not a puzzle.
pub fn parse_error(e: &ParseError) -> Msg {
    match *e {
        ParseError::BadCell {
            cell,
            ref text,
            position,
        } => Msg::BadCell {
            cell,
            text: text.clone(),
            position,
        },
        ParseError::NoCandidate { cell, position } => Msg::NoCandidate { cell, position },
        ParseError::BadDeletion { ref text, position } => Msg::BadDeletion {
            text: text.clone(),
            position,
        },
        ParseError::Empty => Msg::EmptyInput {},
        ParseError::WrongLength { found } => Msg::WrongLength { found },
        ParseError::TooLong { limit } => Msg::TooLong { limit },
        ParseError::BadCharacter { ch, position } => Msg::BadCharacter { ch, position },
        ParseError::BadByte { byte, position } => Msg::BadByte { byte, position },
        ParseError::BadRow { row, found } => Msg::BadRow { row, found },
        ParseError::IncompleteBlock { rows } => Msg::IncompleteBlock { rows },
    }
}

/// A parse error of a text of several lines, with its line.
pub fn located(e: &sudoku_core::LocatedError) -> Msg {
    Msg::AtLine {
        line: e.line,
        problem: parse_error(&e.error).to_string(),
    }
}

/// The message of two equal digits in a house.
pub fn conflict(c: &Conflict) -> Msg {
    Msg::TwoDigits {
        digit: c.digit,
        house: c.house,
        first: c.first,
        second: c.second,
    }
}

/// One message of every key, for the tests of the catalogue (and a reader
/// who wants to see them all).
#[cfg(test)]
pub fn examples() -> Vec<Msg> {
    let cells: Vec<Cell> = Cell::all().collect();
    let digit = Digit::ALL[4];
    let path = || "puzzles.txt".to_string();
    vec![
        Msg::Fatal { detail: "x".into() },
        Msg::LeftOut {
            command: "print",
            detail: "x".into(),
        },
        Msg::BadLangVariable { value: "fr".into() },
        Msg::CannotOpen { path: path() },
        Msg::CannotRead { path: path() },
        Msg::CannotWrite { path: path() },
        Msg::CannotCreate { path: path() },
        Msg::CannotWriteOutput {},
        Msg::IsDirectory { path: path() },
        Msg::NoThreads {
            what: Threads::Workers,
        },
        Msg::NoThreads {
            what: Threads::Reader,
        },
        Msg::NoThreads {
            what: Threads::Runtime,
        },
        Msg::LineNumberZero {},
        Msg::NotALineNumber { text: "x".into() },
        Msg::AtLine {
            line: 7,
            problem: "x".into(),
        },
        Msg::NotPuzzleNorFile {
            text: "x".into(),
            problem: "x".into(),
        },
        Msg::NoPuzzle { name: path() },
        Msg::ImportLine {
            source: path(),
            line: 4,
            reason: "x".into(),
        },
        Msg::NotUtf8 {},
        Msg::NulInLine {},
        Msg::NameTooLong { max: 200 },
        Msg::StandardInput {},
        Msg::InputLine {
            name: path(),
            line: 3,
        },
        Msg::EmptyInput {},
        Msg::WrongLength { found: 80 },
        Msg::TooLong { limit: 4096 },
        Msg::BadCharacter {
            ch: '?',
            position: 23,
        },
        Msg::BadByte {
            byte: 0xc3,
            position: 4,
        },
        Msg::BadRow { row: 4, found: 8 },
        Msg::IncompleteBlock { rows: 6 },
        Msg::BadCell {
            cell: cells[40],
            text: "1x".into(),
            position: 14,
        },
        Msg::NoCandidate {
            cell: cells[2],
            position: 19,
        },
        Msg::BadDeletion {
            text: "6x3".into(),
            position: 95,
        },
        Msg::TwoDigits {
            digit,
            house: House::row(2),
            first: cells[19],
            second: cells[25],
        },
        Msg::NotUniqueMultiple {},
        Msg::NoSolution {},
        Msg::MoreThanOne {},
        Msg::NoReductionPath {},
        Msg::NotFullMultiple {},
        Msg::NotFullNone {},
        Msg::ImpossibleRequest {},
        Msg::BadTimeout {},
        Msg::FirstLineNeedsSeed { line: 5 },
        Msg::FirstLineTooLarge {},
        Msg::GenStopped {
            secs: 12.5,
            written: 3,
            count: 10,
            request: "x".into(),
            tally: sudoku_gen::Tally::default(),
            rated: true,
            seed: 7,
        },
        Msg::RawStopped {
            secs: 3.0,
            written: 2,
            count: 5,
            request: "x".into(),
            attempts: 40,
            seed: 7,
        },
        Msg::HardOption {
            option: "--clues".into(),
        },
        Msg::HardProgress {
            secs: 60.0,
            written: 1,
            count: 2,
            stats: sudoku_gen::HardStats::default(),
        },
        Msg::HardStopped {
            secs: 60.0,
            written: 1,
            count: 2,
            band: "10..".into(),
            why: crate::generate::HardStop::Timeout,
            stats: sudoku_gen::HardStats::default(),
            seed: 7,
        },
        Msg::TooFewClasses {
            path: path(),
            found: 1,
        },
        Msg::NothingToTrain {
            a: path(),
            b: path(),
        },
        Msg::BadFraction { fraction: 1.5 },
        Msg::BadTop { top: 9, used: 4 },
        Msg::SelectNeedsTop {},
        Msg::TopNeedsUsage {},
        Msg::NoSuchTree { tree: 3, trees: 1 },
        Msg::BadPerPage { got: 3 },
        Msg::PdfRequired {},
        Msg::NothingToPrint {},
        Msg::CannotDrawPdf {},
        Msg::Variants8NeedsPoints {
            scales: "se".into(),
        },
        Msg::Variants100NeedsPoints {
            scales: "se".into(),
        },
        Msg::NoDataDirectory {},
        Msg::PublicNeedsAccounts {
            addr: "0.0.0.0:8080".into(),
        },
        Msg::CannotOpenDatabase {
            location: "sudoku.db".into(),
        },
        Msg::CannotCheckpoint {
            location: "sudoku.db".into(),
        },
        Msg::CannotListen {
            addr: "127.0.0.1:8080".into(),
        },
        Msg::CannotReadAddress {},
        Msg::ServerFailed {},
        Msg::ServerUp {
            url: "http://127.0.0.1:8080/".into(),
            location: "sudoku.db".into(),
            accounts: true,
        },
        Msg::ServerStopped {
            location: "sudoku.db".into(),
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Words that mark an English sentence; none may stand in a German one.
    const ENGLISH: &[&str] = &[
        " the ", "cannot", " not ", "line ", " is ", " file", "error", "expected", "found", " of ",
        " and ", " must ", " no ", "left out", "stopped", "database", "input",
    ];

    #[test]
    fn every_key_has_an_example_and_keys_are_unique() {
        let mut keys: Vec<&str> = examples().iter().map(Msg::key).collect();
        keys.dedup();
        assert_eq!(keys, Msg::KEYS, "one example per key, in declaration order");
        let mut sorted = Msg::KEYS.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), Msg::KEYS.len(), "a key is declared twice");
    }

    #[test]
    fn every_message_has_both_languages_and_german_is_german() {
        for m in examples() {
            let (en, de) = (m.text(Lang::En), m.text(Lang::De));
            assert!(!en.is_empty() && !de.is_empty(), "{}", m.key());
            assert_ne!(en, de, "{} is not translated", m.key());
            let padded = format!(" {} ", de.to_lowercase());
            for word in ENGLISH {
                // Option names and values stay as typed (`--first-line`).
                let outside_options = padded
                    .split_whitespace()
                    .filter(|w| !w.starts_with("--"))
                    .collect::<Vec<_>>()
                    .join(" ");
                assert!(
                    !format!(" {outside_options} ").contains(word),
                    "{}: English {word:?} in {de:?}",
                    m.key()
                );
            }
        }
    }

    #[test]
    fn input_errors_in_german() {
        let e = parse_error(&ParseError::BadCharacter {
            ch: '?',
            position: 23,
        });
        assert_eq!(e.text(Lang::De), "Zeichen '?' an Stelle 23");
        let m = Msg::AtLine {
            line: 7,
            problem: e.text(Lang::De),
        };
        assert_eq!(m.text(Lang::De), "Zeile 7: Zeichen '?' an Stelle 23");
        let c = examples()
            .into_iter()
            .find(|m| m.key() == "two-digits")
            .map(|m| m.text(Lang::De));
        assert_eq!(c.as_deref(), Some("zwei Fünfen in Zeile 3 (r3c2, r3c8)"));
    }

    #[test]
    fn the_environment_chooses_the_language() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(lang_from_env(env(&[])), Lang::En);
        assert_eq!(lang_from_env(env(&[("LANG", "de_DE.UTF-8")])), Lang::De);
        assert_eq!(
            lang_from_env(env(&[("LC_ALL", "C"), ("LANG", "de_DE.UTF-8")])),
            Lang::En
        );
        assert_eq!(
            lang_from_env(env(&[("LC_ALL", ""), ("LANG", "de_AT")])),
            Lang::De
        );
        assert_eq!(
            lang_from_env(env(&[("SUDOKU_LANG", "de"), ("LC_ALL", "C")])),
            Lang::De
        );
        assert_eq!(
            lang_from_env(env(&[("SUDOKU_LANG", "en"), ("LANG", "de_DE")])),
            Lang::En
        );
    }
}
