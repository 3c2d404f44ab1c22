//! The experimental triad solver agrees with the public solver: counts up to 2 and
//! 3, valid first solutions, on the shared data sets, random clue-removed grids and
//! clashing givens.

#[allow(dead_code)]
#[path = "../src/triad.rs"]
mod triad;

mod common;

use common::{Rng, load, random_solution, remove_clues};
use sudoku_core::{Cell, Digit, Grid, Variant, parse_line};
use triad::{count_triad, count_triad_portable};

/// Checks one puzzle against `sudoku_solve` for limits 1, 2 and 3.
fn check(p: &Grid) {
    for limit in [1, 2, 3] {
        let expected = sudoku_solve::count(p, Variant::Standard, Some(limit));
        let (n, first) = count_triad(p, limit);
        assert_eq!(n, expected, "limit {limit}: {p}");
        match first {
            Some(s) => assert!(s.is_solution_of(p, Variant::Standard), "{p} -> {s}"),
            None => assert_eq!(n, 0, "{p}"),
        }
    }
}

fn check_file(name: &str, max: usize) {
    let puzzles = load(name);
    assert!(!puzzles.is_empty(), "{name}");
    for p in puzzles.iter().take(max) {
        check(p);
    }
}

#[test]
fn top1465() {
    check_file("top1465.txt", usize::MAX);
}

#[test]
fn forum_hardest_1106() {
    check_file("forum-hardest-1106.txt", usize::MAX);
}

#[test]
fn seventeen_clue() {
    check_file("17-clue.txt", 1000);
}

#[test]
fn multi_solution() {
    check_file("multi-solution-10000.txt", usize::MAX);
}

#[test]
fn random_clue_removed() {
    let mut rng = Rng(0x7121_ad00);
    for i in 0..400 {
        let s = random_solution(Variant::Standard, &mut rng);
        assert_eq!(count_triad(&s, 2), (1, Some(s)));
        let keep = 17 + i % 30;
        check(&remove_clues(&s, keep, &mut rng));
    }
}

#[test]
fn empty_and_few_clues() {
    let (n, s) = count_triad(&Grid::EMPTY, 3);
    assert_eq!(n, 3);
    assert!(s.unwrap().is_solution_of(&Grid::EMPTY, Variant::Standard));
    assert_eq!(count_triad(&Grid::EMPTY, 0), (0, None));
}

#[test]
fn clashing_givens() {
    let mut rng = Rng(0xc1a5);
    for _ in 0..300 {
        let s = random_solution(Variant::Standard, &mut rng);
        let mut p = remove_clues(&s, 25, &mut rng);
        // Copy a given digit into a peer: same row, column or box.
        let cells: Vec<usize> = (0..81).filter(|&i| p.values()[i] != 0).collect();
        let a = cells[rng.below(cells.len())];
        let d = p.values()[a];
        let (r, c) = (a / 9, a % 9);
        let b = match rng.below(3) {
            0 => r * 9 + (c + 1 + rng.below(8)) % 9,
            1 => ((r + 1 + rng.below(8)) % 9) * 9 + c,
            _ => {
                let (br, bc) = (r / 3 * 3, c / 3 * 3);
                let mut b = a;
                while b == a {
                    b = (br + rng.below(3)) * 9 + bc + rng.below(3);
                }
                b
            }
        };
        p.set(Cell::new(b).unwrap(), Digit::new(d));
        assert_eq!(count_triad(&p, 2), (0, None), "{p}");
    }
    // Clashes in every house type, on an otherwise empty grid.
    for line in [
        "11...............................................................................",
        "1........1.......................................................................",
        "1.........1......................................................................",
    ] {
        let p = parse_line(line).unwrap().grid;
        assert_eq!(count_triad(&p, 2), (0, None), "{line}");
    }
}

/// The 14,297,616 solutions of a sparse puzzle (slow in debug builds; the test
/// profile is optimised).
#[test]
fn full_count() {
    let p = parse_line(
        "050070090400000008000020000003010800000000000009060100000080000200000009060050000",
    )
    .unwrap()
    .grid;
    assert_eq!(count_triad(&p, u64::MAX).0, 14_297_616);
}

/// Larger counts (deep searches through the tail), against the public solver.
#[test]
fn random_counts() {
    let mut rng = Rng(0xc0_0e75);
    for i in 0..150 {
        let s = random_solution(Variant::Standard, &mut rng);
        let p = remove_clues(&s, 22 + i % 10, &mut rng);
        let expected = sudoku_solve::count(&p, Variant::Standard, Some(20_000));
        let (n, first) = count_triad(&p, 20_000);
        assert_eq!(n, expected, "{p}");
        assert!(first.unwrap().is_solution_of(&p, Variant::Standard));
    }
}

/// The portable build (no AVX2) gives the same counts and first solutions.
#[test]
fn portable_build_agrees() {
    let puzzles = load("top1465.txt");
    for p in puzzles.iter().take(300) {
        assert_eq!(count_triad_portable(p, 3), count_triad(p, 3), "{p}");
    }
}
