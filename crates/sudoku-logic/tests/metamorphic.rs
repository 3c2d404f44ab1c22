//! Metamorphic properties: a variant-preserving transform of a puzzle (relabel
//! digits, permute lines within bands, bands, transpose, rotate, mirror — as far
//! as the variant allows) must not change how hard it is.
//!
//! In synchronous mode a round applies every hit of the first technique that
//! fires, a set that does not depend on the grid's orientation, so technique counts
//! and points are identical. In non-synchronous mode the one hit taken depends on
//! scan order (the seed says so too), but every technique of the table only
//! removes candidates that stay removable as others go, so the position where the
//! solver ends — solved or stuck — is the same up to the transform.

mod common;

use common::{puzzles, seed_variant_puzzles};
use sudoku_core::{Cell, Digit, Grid, Transform, Variant};
use sudoku_logic::{Mode, Options, Trace, solve_logically};

fn sample() -> Vec<(Grid, Variant)> {
    let mut set: Vec<(Grid, Variant)> = puzzles("top1465.txt", 120, 12)
        .into_iter()
        .chain(puzzles("17-clue.txt", 40, 1013))
        .map(|p| (p, Variant::Standard))
        .collect();
    set.extend(
        seed_variant_puzzles()
            .into_iter()
            .filter(|(_, v)| *v != Variant::Standard),
    );
    set
}

fn trace(puzzle: &Grid, variant: Variant, mode: Mode) -> Trace {
    let options = Options {
        mode,
        ..Options::default()
    };
    solve_logically(puzzle, variant, &options).expect("valid puzzle")
}

#[test]
fn synchronous_traces_of_isomorphs_agree() {
    for (i, (puzzle, variant)) in sample().into_iter().enumerate() {
        let a = trace(&puzzle, variant, Mode::Synchronous);
        for seed in [1, 2] {
            let t = Transform::random(variant, seed * 1000 + i as u64);
            let b = trace(&t.apply(&puzzle), variant, Mode::Synchronous);
            assert_eq!(
                a.technique_counts(),
                b.technique_counts(),
                "{puzzle} ({variant}) {t:?}"
            );
            assert!(
                (a.total_points() - b.total_points()).abs() < 1e-6,
                "{puzzle} ({variant}): {} vs {}",
                a.total_points(),
                b.total_points()
            );
            assert_eq!(a.outcome, b.outcome);
        }
    }
}

#[test]
fn non_synchronous_solves_end_in_the_same_position() {
    for (i, (puzzle, variant)) in sample().into_iter().enumerate() {
        let a = trace(&puzzle, variant, Mode::NonSynchronous);
        let t = Transform::random(variant, 77 + i as u64);
        let b = trace(&t.apply(&puzzle), variant, Mode::NonSynchronous);
        assert_eq!(a.outcome, b.outcome, "{puzzle} ({variant})");
        assert_eq!(&t.apply(a.end.grid()), b.end.grid());
        for cell in Cell::all() {
            let mapped: sudoku_core::DigitSet = a
                .end
                .candidates(cell)
                .iter()
                .filter_map(|d| Digit::from_index(t.digit_map(d.index()) as usize))
                .collect();
            assert_eq!(
                mapped,
                b.end.candidates(t.target_of(cell)),
                "{puzzle} at {cell}"
            );
        }
    }
}
