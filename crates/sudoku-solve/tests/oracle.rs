//! The fast solver against the naive reference solver and against the data sets.
//!
//! The reference solver is slow on hard puzzles, so it judges the easy and medium
//! cases (HoDoKu's easier levels, serg's multi-solution puzzles, random puzzles with
//! many clues or very few); for the hard sets the tests check what can be checked
//! cheaply: every answer is a valid solution and the known uniqueness holds.

mod common;

use common::{Rng, load, load_labelled, random_solution, remove_clues, sample};
use sudoku_core::{Cell, Digit, Grid, Variant};
use sudoku_solve::{Uniqueness, count, reference, solve, uniqueness};

/// Checks every public function on `puzzle` against the reference count.
fn agree(puzzle: &Grid, variant: Variant) {
    let expected = reference::count(puzzle, variant, Some(3));
    let got = count(puzzle, variant, Some(3));
    assert_eq!(got, expected, "{variant} count of {puzzle:?}");
    let first = solve(puzzle, variant);
    assert_eq!(
        first.is_some(),
        expected > 0,
        "{variant} solve of {puzzle:?}"
    );
    if let Some(s) = first {
        assert!(
            s.is_solution_of(puzzle, variant),
            "{variant}: {s:?} solves {puzzle:?}"
        );
    }
    match (uniqueness(puzzle, variant), expected) {
        (Uniqueness::None, 0) => {}
        (Uniqueness::Unique(s), 1) | (Uniqueness::Multiple(s), 2..) => {
            assert!(s.is_solution_of(puzzle, variant));
            assert_eq!(Some(s), first, "uniqueness keeps the first solution");
        }
        (u, n) => panic!("{variant} uniqueness {u:?} but {n} solutions for {puzzle:?}"),
    }
}

/// Checks a puzzle known to be unique without the slow reference solver.
fn unique(puzzle: &Grid) {
    let Uniqueness::Unique(s) = uniqueness(puzzle, Variant::Standard) else {
        panic!("{puzzle:?} should be unique");
    };
    assert!(s.is_solution_of(puzzle, Variant::Standard));
    assert_eq!(solve(puzzle, Variant::Standard), Some(s));
    assert_eq!(count(puzzle, Variant::Standard, Some(3)), 1);
}

#[test]
fn hard_sets_are_unique_and_solved() {
    for p in load("top1465.txt") {
        unique(&p);
    }
    for p in load("forum-hardest-1106.txt") {
        unique(&p);
    }
    for p in sample(&load("17-clue.txt"), 2000) {
        unique(&p);
    }
    for p in sample(&load("forum-hardest-11plus.txt"), 300) {
        unique(&p);
    }
}

#[test]
fn hodoku_easy_levels_agree_with_reference() {
    let all = load_labelled("hodoku-levels.txt");
    let easy: Vec<Grid> = all
        .iter()
        .filter(|(label, _)| matches!(label.as_str(), "Easy" | "Medium" | "Hard"))
        .map(|(_, g)| *g)
        .collect();
    assert!(!easy.is_empty(), "hodoku-levels.txt has its labels");
    for p in sample(&easy, 300) {
        agree(&p, Variant::Standard);
    }
    // The harder levels: fast checks only.
    for (_, p) in all.iter().filter(|(l, _)| l == "Unfair" || l == "Extreme") {
        unique(p);
    }
}

#[test]
fn multi_solution_puzzles_agree_with_reference() {
    let all = load("multi-solution-10000.txt");
    for p in sample(&all, 300) {
        agree(&p, Variant::Standard);
        assert!(count(&p, Variant::Standard, Some(2)) == 2);
    }
    for p in sample(&all, 3000) {
        let Uniqueness::Multiple(s) = uniqueness(&p, Variant::Standard) else {
            panic!("{p:?} has several solutions");
        };
        assert!(s.is_solution_of(&p, Variant::Standard));
    }
}

#[test]
fn random_puzzles_agree_with_reference_in_every_variant() {
    let mut rng = Rng(0x5eed);
    for variant in Variant::ALL {
        for _ in 0..25 {
            let solution = random_solution(variant, &mut rng);
            assert!(solution.is_solution_of(&Grid::EMPTY, variant));
            for keep in [81, 60, 45, 36, 30, 5, 2, 0] {
                let puzzle = remove_clues(&solution, keep, &mut rng);
                if keep >= 30 {
                    agree(&puzzle, variant);
                } else {
                    // Nearly empty: far more than three solutions, and the
                    // naive reference can take minutes to list three of them
                    // in cell order on some variants' grids.
                    assert_eq!(count(&puzzle, variant, Some(3)), 3, "{variant}");
                    let s = solve(&puzzle, variant).expect("made from a solution");
                    assert!(s.is_solution_of(&puzzle, variant));
                }
                assert!(
                    count(&puzzle, variant, Some(1)) == 1,
                    "made from a solution"
                );
            }
        }
    }
}

#[test]
fn clashing_givens_have_no_solution() {
    let mut rng = Rng(7);
    for variant in Variant::ALL {
        for _ in 0..30 {
            let solution = random_solution(variant, &mut rng);
            let mut puzzle = remove_clues(&solution, 20 + rng.below(30), &mut rng);
            // Copy a given onto another empty cell of one of its houses.
            let given = Cell::all()
                .filter(|&c| puzzle.get(c).is_some())
                .nth(rng.below(5));
            let Some(given) = given else { continue };
            let peer = variant
                .peers(given)
                .iter()
                .find(|&p| puzzle.get(p).is_none());
            let Some(peer) = peer else { continue };
            puzzle.set(peer, puzzle.get(given));
            assert!(puzzle.check(variant).is_err());
            assert_eq!(count(&puzzle, variant, None), 0);
            assert_eq!(solve(&puzzle, variant), None);
            assert_eq!(uniqueness(&puzzle, variant), Uniqueness::None);
            assert_eq!(reference::count(&puzzle, variant, Some(3)), 0);
        }
    }
    // Two equal digits in one cell's row only as a variant house clash.
    let mut g = Grid::EMPTY;
    g.set(Cell::new(0).unwrap(), Digit::new(4));
    g.set(Cell::new(80).unwrap(), Digit::new(4));
    assert!(count(&g, Variant::Standard, Some(1)) == 1);
    assert_eq!(count(&g, Variant::Diagonal, None), 0);
}

#[test]
fn unsolvable_without_clash() {
    // Row 1 needs a 9 in r1c9, but column 9 already has one.
    let mut g = Grid::EMPTY;
    for (i, d) in (1..=8).enumerate() {
        g.set(Cell::new(i).unwrap(), Digit::new(d));
    }
    g.set(Cell::new(80).unwrap(), Digit::new(9));
    assert!(g.check(Variant::Standard).is_ok());
    for variant in Variant::ALL {
        assert_eq!(count(&g, variant, None), 0);
        assert_eq!(reference::count(&g, variant, None), 0);
    }
}
