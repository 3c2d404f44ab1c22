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
        // The data sets' puzzles have one solution each.
        unique: true,
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

/// The synchronous property on the hardest set, where depth-2 trial and error
/// is common (every 5th puzzle; its whole-grid refutation order was the last
/// thing that depended on how the grid is turned).
#[test]
fn synchronous_traces_of_hardest_isomorphs_agree() {
    for (i, puzzle) in puzzles("forum-hardest-1106.txt", usize::MAX, 5)
        .into_iter()
        .enumerate()
    {
        let a = trace(&puzzle, Variant::Standard, Mode::Synchronous);
        let t = Transform::random(Variant::Standard, 9000 + i as u64);
        let b = trace(&t.apply(&puzzle), Variant::Standard, Mode::Synchronous);
        assert_eq!(a.technique_counts(), b.technique_counts(), "{puzzle}");
        if (a.total_points() - b.total_points()).abs() > 1e-6 {
            for (x, y) in a.steps.iter().zip(&b.steps) {
                if (x.points - y.points).abs() > 1e-6 || x.technique != y.technique {
                    eprintln!(
                        "first difference: {:?} {} vs {:?} {}",
                        x.detail, x.points, y.detail, y.points
                    );
                    break;
                }
            }
        }
        assert!(
            (a.total_points() - b.total_points()).abs() < 1e-6,
            "{puzzle}: {} vs {}",
            a.total_points(),
            b.total_points()
        );
    }
}
