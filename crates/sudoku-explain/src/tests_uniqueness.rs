//! Texts of the uniqueness techniques (unique rectangles and loops, quasi
//! rectangles, BUG) on real positions, in both languages: each technique's
//! own module in sudoku-logic tells them; these tests read them through this
//! crate's public functions.
use crate::{Lang, covers, render_at};
use sudoku_logic::Technique;

/// The first step of `technique` found at a position of the trace of
/// `puzzle` solved with the uniqueness premise, rendered in both languages.
fn texts(puzzle: &str, technique: Technique) -> (String, String) {
    let (hit, pos) = crate::tests::found_along_in(puzzle, technique, true, |_| true);
    assert!(covers(&hit), "{technique} falls back");
    (
        render_at(&hit, &pos, Lang::En),
        render_at(&hit, &pos, Lang::De),
    )
}

// Puzzles of HoDoKu's levels where each technique is taken (found with
// sudoku-logic's tests/scan.rs `scan_uniqueness`).
const UR1: &str =
    ".4...23.......4.76..873..........1.........6446..13.2..271.8..........9....3..8..";
const UR3: &str =
    "5....7.....8...7....784.36..............589...1.9..256..5...491.3.7.4.......15...";
const BUG: &str =
    "............1..7.658..4.21...........569.1..3.1.83...4.3.....7.9........12...7.35";
const REMOTE: &str =
    ".....76.49.4..273..7.4....5.....9...6.5...2....2...35...7.8.....5......3.2.96..7.";
const AR1: &str =
    ".7...6..98..75.........2..3.4...72...875.4....5..2.1...........3.......7..168.3..";

#[test]
fn unique_rectangle_type_1() {
    let (en, de) = texts(UR1, Technique::UniqueRectangle1);
    assert_eq!(
        en,
        "Unique rectangle type 1: r2c2, r2c3, r5c2, r5c3 form a rectangle in two rows, two columns and two boxes, none of them a given. If they ended up holding only 1 and 3, the two digits could be swapped and the puzzle would have a second solution; it has only one, so that must not happen. R2c2, r2c3, r5c3 hold only 1 and 3, so r5c2 must take another digit; so these candidates can be removed: 1 from r5c2; 3 from r5c2."
    );
    assert!(
        de.starts_with("Ausschluss-Rechteck Typ 1: r2c2, r2c3, r5c2, r5c3 bilden ein Rechteck"),
        "{de}"
    );
    assert!(
        de.contains("also muss r5c2 eine andere Zahl bekommen"),
        "{de}"
    );
}

#[test]
fn quasi_rectangle_says_what_is_given_back() {
    let (en, de) = texts(
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        Technique::QuasiRectangle,
    );
    assert!(en.starts_with("Quasi unique rectangle type "), "{en}");
    assert!(en.contains("it is given back for the test ("), "{en}");
    assert!(de.starts_with("Quasi-Ausschluss-Rechteck Typ "), "{de}");
    assert!(
        de.contains("wird sie für den Test vorübergehend wieder eingetragen ("),
        "{de}"
    );
}

#[test]
fn unique_rectangle_type_3_names_the_subset() {
    let (en, de) = texts(UR3, Technique::UniqueRectangle3);
    assert!(en.contains("naked subset of"), "{en}");
    assert!(
        en.contains(" the two act as one cell holding those"),
        "{en}"
    );
    assert!(de.contains("nacktes Tupel aus"), "{de}");
}

#[test]
fn bug_plus_one_places_the_digit() {
    let (en, de) = texts(BUG, Technique::BugPlusOne);
    assert!(en.starts_with("BUG+1: every empty cell but r7c5"), "{en}");
    assert!(en.ends_with("so r7c5 is 9 (not 1 and 8)."), "{en}");
    assert!(
        de.ends_with("also steht in r7c5 die 9 (nicht 1 und 8)."),
        "{de}"
    );
}

#[test]
fn remote_pair_names_both_groups() {
    let (en, de) = texts(REMOTE, Technique::RemotePair);
    assert!(en.starts_with("Remote pair: "), "{en}");
    assert!(en.contains("all hold only 1 and 8"), "{en}");
    assert!(de.contains("enthalten alle nur 1 und 8"), "{de}");
}

#[test]
fn avoidable_rectangle_says_the_corners_were_solved() {
    let (en, de) = texts(AR1, Technique::AvoidableRectangle1);
    assert!(en.contains("solved, not given"), "{en}");
    assert!(de.contains("gelöst und sind keine Givens"), "{de}");
}
