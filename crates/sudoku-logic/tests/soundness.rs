//! Soundness over the data sets: with the self-check on, no step may place a
//! wrong digit or eliminate the true one, and — trial and error being the last
//! row of the table — every puzzle with a unique solution ends solved. How many
//! steps each set needs, and how many of them are trial and error, is printed.

mod common;

use common::{puzzles, seed_variant_puzzles, solution};
use sudoku_core::{Grid, Variant};
use sudoku_logic::{Mode, Options, Outcome, Technique, solve_logically};

/// Solves every puzzle with the self-check in both modes; returns how many were
/// solved (non-synchronous).
fn check_all(name: &str, set: &[(Grid, Variant)]) -> usize {
    let mut solved = 0;
    let mut steps = 0;
    let mut trials = 0;
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
            assert_eq!(
                trace.outcome,
                Outcome::Solved,
                "{puzzle} ({variant}, {mode:?})"
            );
            assert_eq!(trace.end.grid(), &truth);
            if mode == Mode::NonSynchronous {
                solved += usize::from(trace.is_solved());
                steps += trace.steps.len();
                trials += trace
                    .steps
                    .iter()
                    .filter(|s| s.technique == Technique::TrialAndError)
                    .count();
            }
        }
    }
    println!(
        "{name}: {solved} of {} solved ({} steps on average, {trials} trial-and-error steps in all)",
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
fn forum_hardest_is_sound_and_solved() {
    let set = standard("forum-hardest-1106.txt", usize::MAX, 1);
    check_all("forum-hardest-1106", &set);
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
