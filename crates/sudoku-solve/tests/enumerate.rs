//! `Solutions` yields exactly the solutions `count` counts, each once, in ascending
//! lexicographic order, and can be resumed at any point.

mod common;

use common::{Rng, load, random_solution, remove_clues, sample};
use sudoku_core::{Grid, Variant, parse_line};
use sudoku_solve::{Solutions, count};

/// Checks the enumeration of `puzzle` against `count`.
fn check(puzzle: &Grid, variant: Variant) {
    let all: Vec<Grid> = Solutions::new(puzzle, variant).collect();
    assert_eq!(
        all.len() as u64,
        count(puzzle, variant, None),
        "{variant} {puzzle:?}"
    );
    for s in &all {
        assert!(s.is_solution_of(puzzle, variant));
    }
    // Strictly ascending: distinct and in the documented order.
    assert!(all.windows(2).all(|w| w[0].values() < w[1].values()));
}

#[test]
fn multi_solution_puzzles() {
    for p in sample(&load("multi-solution-10000.txt"), 200) {
        check(&p, Variant::Standard);
    }
    for p in sample(&load("top1465.txt"), 50) {
        check(&p, Variant::Standard);
    }
}

#[test]
fn random_puzzles_in_every_variant() {
    let mut rng = Rng(3);
    for variant in Variant::ALL {
        for _ in 0..20 {
            let solution = random_solution(variant, &mut rng);
            let p = remove_clues(&solution, 22 + rng.below(12), &mut rng);
            if count(&p, variant, Some(3000)) < 3000 {
                check(&p, variant);
            }
        }
    }
}

#[test]
fn seed_fact_counts() {
    let p = parse_line(
        "000000003007000009063007000000026800400000000000009200000240010180000040070100060",
    )
    .unwrap()
    .grid;
    check(&p, Variant::Standard);
    let p = parse_line(
        "010000000002000304050092080008070000003000100000030600070000010804000900000000020",
    )
    .unwrap()
    .grid;
    check(&p, Variant::Diagonal);
    assert_eq!(Solutions::new(&p, Variant::Diagonal).count(), 5);
}

#[test]
fn resumes_where_it_stopped() {
    let p = parse_line(
        "000490062000000017130005000000000070360700490000000000600000900800000000002300700",
    )
    .unwrap()
    .grid;
    let whole: Vec<Grid> = Solutions::new(&p, Variant::Standard).take(500).collect();
    let mut it = Solutions::new(&p, Variant::Standard);
    let mut pieces = Vec::new();
    while pieces.len() < 500 {
        // Keep the iterator around, clone it mid-way, and continue from both.
        let snapshot = it.clone();
        pieces.extend(it.by_ref().take(7));
        let again: Vec<Grid> = snapshot.take(7).collect();
        assert_eq!(again, pieces[pieces.len() - again.len()..]);
    }
    pieces.truncate(500);
    assert_eq!(whole, pieces);
}

#[test]
fn clash_and_solved_grid() {
    let mut rng = Rng(11);
    for variant in Variant::ALL {
        let s = random_solution(variant, &mut rng);
        assert_eq!(Solutions::new(&s, variant).collect::<Vec<_>>(), vec![s]);
        let mut bad = s;
        let v = *bad.values();
        let mut values = v;
        values[1] = values[0];
        bad = Grid::from_values(values).unwrap();
        assert_eq!(Solutions::new(&bad, variant).next(), None);
    }
    assert_eq!(
        Solutions::new(&Grid::EMPTY, Variant::Standard).count_first(3),
        3
    );
}

trait CountFirst {
    fn count_first(self, n: usize) -> usize;
}

impl<I: Iterator> CountFirst for I {
    fn count_first(self, n: usize) -> usize {
        self.take(n).count()
    }
}
