//! The exact solver on the variants (diagonal, colour, colour-diagonal), where it
//! runs the house-list board: low-clue and unsolvable puzzles against the naive
//! reference solver, the generator's minimal puzzles (made with the previous
//! solver) re-checked for uniqueness and minimality, enumeration of a known
//! multi-solution puzzle, and a property test over variant-preserving isomorphs
//! of low-clue puzzles.

mod common;

use common::{Rng, random_solution, remove_clues};
use proptest::prelude::*;
use sudoku_core::{Cell, Digit, Grid, Transform, Variant, parse_line};
use sudoku_solve::{Solutions, Uniqueness, count, reference, solve, uniqueness};

const VARIANTS: [Variant; 3] = [Variant::Diagonal, Variant::Color, Variant::ColorDiagonal];

/// Every public function on `puzzle` agrees with the reference count (capped at 3)
/// and with each other.
fn agree(puzzle: &Grid, variant: Variant) {
    let expected = reference::count(puzzle, variant, Some(3));
    assert_eq!(
        count(puzzle, variant, Some(3)),
        expected,
        "{variant} count of {puzzle:?}"
    );
    let first = solve(puzzle, variant);
    assert_eq!(first.is_some(), expected > 0, "{variant} {puzzle:?}");
    if let Some(s) = first {
        assert!(s.is_solution_of(puzzle, variant), "{variant} {puzzle:?}");
    }
    match (uniqueness(puzzle, variant), expected) {
        (Uniqueness::None, 0) => {}
        (Uniqueness::Unique(s), 1) | (Uniqueness::Multiple(s), 2..) => {
            assert_eq!(Some(s), first, "uniqueness keeps the first solution");
        }
        (u, n) => panic!("{variant}: uniqueness {u:?} but {n} solutions for {puzzle:?}"),
    }
    // The enumeration starts with as many distinct solutions, ascending.
    let listed: Vec<Grid> = Solutions::new(puzzle, variant).take(3).collect();
    assert_eq!(listed.len() as u64, expected, "{variant} {puzzle:?}");
    assert!(listed.iter().all(|s| s.is_solution_of(puzzle, variant)));
    assert!(listed.windows(2).all(|w| w[0].values() < w[1].values()));
}

/// Few clues: mostly several solutions (the reference stops at the third), some
/// unique ones near 20 clues.
#[test]
fn low_clue_puzzles_agree_with_reference() {
    let mut rng = Rng(0x10c1);
    for variant in VARIANTS {
        for _ in 0..12 {
            let solution = random_solution(variant, &mut rng);
            for keep in [6, 10, 13, 16, 19, 22, 26] {
                let puzzle = remove_clues(&solution, keep, &mut rng);
                agree(&puzzle, variant);
            }
        }
    }
}

/// A changed given that clashes with nothing usually leaves no solution, found
/// only by search; sometimes a different one.
#[test]
fn altered_puzzles_agree_with_reference() {
    let mut rng = Rng(0xa17e);
    let mut unsolvable = 0;
    for variant in VARIANTS {
        for _ in 0..40 {
            let solution = random_solution(variant, &mut rng);
            let mut puzzle = remove_clues(&solution, 24 + rng.below(12), &mut rng);
            let givens: Vec<Cell> = Cell::all().filter(|&c| puzzle.get(c).is_some()).collect();
            let cell = givens[rng.below(givens.len())];
            let old = puzzle.get(cell);
            for d in 1..=9 {
                puzzle.set(cell, Digit::new(d));
                if puzzle.get(cell) != old && puzzle.check(variant).is_ok() {
                    break;
                }
                puzzle.set(cell, old);
            }
            if puzzle.get(cell) == old {
                continue;
            }
            agree(&puzzle, variant);
            if count(&puzzle, variant, Some(1)) == 0 {
                unsolvable += 1;
            }
        }
    }
    assert!(unsolvable >= 20, "only {unsolvable} unsolvable cases");
}

/// The minimal puzzles of the benchmark were made by the generator with the
/// previous solver: each is unique, and without any one given it is not.
#[test]
fn generated_minimal_puzzles_stay_unique_and_minimal() {
    for variant in VARIANTS {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("benches/data")
            .join(format!("minimal-{variant}.txt"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let puzzles: Vec<Grid> = text
            .lines()
            .map(|l| parse_line(l).expect("generated puzzle parses").grid)
            .collect();
        assert_eq!(puzzles.len(), 200);
        for p in puzzles.iter().step_by(8) {
            let Uniqueness::Unique(s) = uniqueness(p, variant) else {
                panic!("{variant}: {p:?} should be unique");
            };
            assert!(s.is_solution_of(p, variant));
            for cell in Cell::all().filter(|&c| p.get(c).is_some()) {
                let mut q = *p;
                q.set(cell, None);
                assert_eq!(count(&q, variant, Some(2)), 2, "{variant}: {p:?} minimal");
            }
        }
    }
}

/// The seed's low-clue diagonal puzzles (12 and 13 givens), the slow case of the
/// previous solver: the fast search and the lexicographic enumeration (a
/// different branching order) find the same number of solutions. (The naive
/// reference needs minutes for these, too long for a test.)
#[test]
fn seed_low_clue_puzzles_agree_in_both_orders() {
    let path = common::data_dir().join("seed_examples.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("test data {} is missing: {e}", path.display()));
    let mut checked = 0;
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let p = parse_line(fields[0]).expect("seed puzzle parses").grid;
        let variant: Variant = fields[1].parse().expect("known variant");
        if variant != Variant::Standard && p.filled() <= 13 {
            let n = count(&p, variant, Some(3));
            assert!(n >= 1, "{p:?}");
            let listed: Vec<Grid> = Solutions::new(&p, variant).take(3).collect();
            assert_eq!(listed.len() as u64, n, "{variant} {p:?}");
            assert!(listed.iter().all(|s| s.is_solution_of(&p, variant)));
            if n == 1 {
                assert_eq!(uniqueness(&p, variant), Uniqueness::Unique(listed[0]));
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 6);
}

/// The five diagonal solutions of the data README, enumerated in order.
#[test]
fn five_diagonal_solutions_in_order() {
    let p = parse_line(
        "010000000002000304050092080008070000003000100000030600070000010804000900000000020",
    )
    .expect("parses")
    .grid;
    let all: Vec<Grid> = Solutions::new(&p, Variant::Diagonal).collect();
    assert_eq!(all.len(), 5);
    assert!(all.iter().all(|s| s.is_solution_of(&p, Variant::Diagonal)));
    assert!(all.windows(2).all(|w| w[0].values() < w[1].values()));
    assert_eq!(reference::count(&p, Variant::Diagonal, None), 5);
    assert!(matches!(
        uniqueness(&p, Variant::Diagonal),
        Uniqueness::Multiple(s) if all.contains(&s)
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A variant-preserving transform (random isomorph, then transposition and a
    /// digit relabelling, both of which keep every variant) keeps the capped count
    /// of a low-clue puzzle, and maps a unique solution to the new one.
    #[test]
    fn isomorphs_keep_the_count(
        seed in any::<u64>(),
        variant in prop::sample::select(VARIANTS.to_vec()),
        keep in 8usize..30,
    ) {
        let mut rng = Rng(seed);
        let solution = random_solution(variant, &mut rng);
        let p = remove_clues(&solution, keep, &mut rng);
        let t = Transform::random(variant, rng.next())
            .then(&Transform::TRANSPOSE)
            .then(&Transform::random_relabel(rng.next()));
        prop_assert!(t.preserves(variant));
        let q = t.apply(&p);
        prop_assert_eq!(count(&p, variant, Some(5)), count(&q, variant, Some(5)));
        if let Uniqueness::Unique(s) = uniqueness(&p, variant) {
            prop_assert_eq!(uniqueness(&q, variant), Uniqueness::Unique(t.apply(&s)));
        }
    }
}
