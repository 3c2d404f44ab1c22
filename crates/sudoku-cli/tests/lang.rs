//! The command line's own sentences in German: chosen by `SUDOKU_LANG`, by
//! the locale, or by `--lang` where a subcommand has it, and without English
//! left in them (the catalogue is `src/messages.rs`).

mod common;
use common::*;

/// Words that give an English sentence away.
const ENGLISH: &[&str] = &[
    "line ", "cannot", " not ", "error", "expected", "found", " is ",
];

fn assert_german(text: &str) {
    for word in ENGLISH {
        assert!(!text.contains(word), "English {word:?} in: {text}");
    }
}

/// No locale variable of the machine running the tests may decide.
const LOCALE: &[&str] = &["SUDOKU_LANG", "LC_ALL", "LC_MESSAGES", "LANG"];

#[test]
fn bad_lines_are_located_in_german() {
    let input = format!("{EASY}\n{}?\n1234\n", &EASY[..80]);
    let out = run_in(&["solve"], input, &[("SUDOKU_LANG", "de")], LOCALE);
    assert_exit(&out, 1);
    let text = stdout(&out);
    assert!(text.contains("Zeile 2: Zeichen '?' an Stelle 81"), "{text}");
    assert!(
        text.contains("Zeile 3: 81 Zellen erwartet, 4 gefunden"),
        "{text}"
    );
    assert_german(&text);
    // The same run in English, as every other test sees it.
    let out = run(&["solve"], format!("{EASY}\n{}?\n", &EASY[..80]));
    assert!(stdout(&out).contains("line 2: character '?' at position 81"));
}

#[test]
fn the_locale_chooses_german_and_c_keeps_english() {
    let clash = format!("55{}", &EASY[2..]);
    let de = run_in(&["count"], &clash, &[("LANG", "de_DE.UTF-8")], LOCALE);
    let text = stdout(&de);
    assert!(
        text.contains("zwei Fünfen in Zeile 1 (r1c1, r1c2)"),
        "{text}"
    );
    assert_german(&text);
    let c = run_in(
        &["count"],
        &clash,
        &[("LC_ALL", "C"), ("LANG", "de_DE.UTF-8")],
        LOCALE,
    );
    assert!(
        stdout(&c).contains("two 5s in row 1 (r1c1, r1c2)"),
        "{}",
        stdout(&c)
    );
}

#[test]
fn fatal_errors_in_german() {
    let dir = std::env::temp_dir();
    let dir = dir.to_str().expect("a UTF-8 temporary directory");
    let out = run_in(&["solve", dir], "", &[("SUDOKU_LANG", "de")], LOCALE);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.starts_with("sudoku: Fehler: ")
            && err.contains("ein Verzeichnis, keine Datei mit Puzzles"),
        "{err}"
    );
    assert_german(&err);
    let out = run_in(
        &["gen", "--timeout=-1"],
        "",
        &[("SUDOKU_LANG", "de")],
        LOCALE,
    );
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("--timeout muss eine Zahl von Sekunden sein"),
        "{err}"
    );
}

#[test]
fn explain_in_german_says_its_errors_in_german() {
    // --lang de decides, whatever the environment says.
    let clash = format!("55{}", &EASY[2..]);
    let input = format!("{EASY}\n{clash}\n");
    let out = run_in(
        &["explain", "--lang", "de"],
        input,
        &[("SUDOKU_LANG", "en")],
        LOCALE,
    );
    let text = stdout(&out);
    assert!(
        text.contains("Zeile 2: zwei Fünfen in Zeile 1 (r1c1, r1c2)"),
        "{text}"
    );
    assert_german(&text);
}

#[test]
fn an_unknown_sudoku_lang_is_named_and_the_locale_decides() {
    let out = run_in(
        &["solve"],
        EASY,
        &[("SUDOKU_LANG", "fr"), ("LANG", "de_DE.UTF-8")],
        LOCALE,
    );
    assert_exit(&out, 0);
    let err = stderr(&out);
    assert!(
        err.contains("SUDOKU_LANG=\"fr\" ist weder en noch de"),
        "{err}"
    );
    assert_eq!(
        stdout(&out).lines().count(),
        1,
        "the puzzle is still solved"
    );
}
