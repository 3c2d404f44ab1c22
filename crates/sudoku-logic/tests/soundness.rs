//! Soundness over the data sets: with the self-check on, no step may place a
//! wrong digit or eliminate the true one. Puzzles may end stuck (the technique
//! set is not complete yet); how many each set solves is printed.

mod common;

use common::{puzzles, seed_variant_puzzles, solution};
use sudoku_core::{Grid, Variant};
use sudoku_logic::{Mode, Options, Outcome, solve_logically};

/// Solves every puzzle with the self-check in both modes; returns how many were
/// solved (non-synchronous).
fn check_all(name: &str, set: &[(Grid, Variant)]) -> usize {
    let mut solved = 0;
    let mut steps = 0;
    for (puzzle, variant) in set {
        let truth = solution(puzzle, *variant);
        for mode in [Mode::NonSynchronous, Mode::Synchronous] {
            let options = Options {
                mode,
                solution: Some(truth),
                ..Options::default()
            };
            let trace = solve_logically(puzzle, *variant, &options)
                .unwrap_or_else(|e| panic!("{puzzle} ({variant}, {mode:?}): {e}"));
            assert!(
                matches!(trace.outcome, Outcome::Solved | Outcome::Stuck),
                "{puzzle}: {:?}",
                trace.outcome
            );
            if trace.is_solved() {
                assert_eq!(trace.end.grid(), &truth);
            }
            if mode == Mode::NonSynchronous {
                solved += usize::from(trace.is_solved());
                steps += trace.steps.len();
            }
        }
    }
    println!(
        "{name}: {solved} of {} solved by the current technique set ({} steps on average)",
        set.len(),
        steps / set.len().max(1)
    );
    solved
}

fn standard(file: &str, limit: usize, stride: usize) -> Vec<(Grid, Variant)> {
    puzzles(file, limit, stride)
        .into_iter()
        .map(|p| (p, Variant::Standard))
        .collect()
}

#[test]
fn top1465_is_sound() {
    let set = standard("top1465.txt", usize::MAX, 1);
    assert_eq!(set.len(), 1465);
    check_all("top1465", &set);
}

#[test]
fn seventeen_clue_sample_is_sound() {
    let set = standard("17-clue.txt", 400, 97);
    let solved = check_all("17-clue (400)", &set);
    // 17-clue puzzles are mostly easy: most must be solved already.
    assert!(solved * 2 > set.len());
}

#[test]
fn forum_hardest_sample_is_sound() {
    let set = standard("forum-hardest-1106.txt", 300, 1);
    check_all("forum-hardest-1106 (300)", &set);
}

#[test]
fn seed_variant_puzzles_are_sound() {
    let set: Vec<_> = seed_variant_puzzles()
        .into_iter()
        .filter(|(_, v)| *v != Variant::Standard)
        .collect();
    assert!(set.len() >= 20, "found {} variant puzzles", set.len());
    for v in [Variant::Diagonal, Variant::Color, Variant::ColorDiagonal] {
        let part: Vec<_> = set.iter().filter(|(_, w)| *w == v).copied().collect();
        check_all(&format!("seed examples, {v}"), &part);
    }
}
