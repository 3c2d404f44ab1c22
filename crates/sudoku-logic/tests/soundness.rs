//! Soundness over the data sets: with the self-check on, no step may place a
//! wrong digit or eliminate the true one, and — trial and error being the last
//! row of the table — every puzzle with a unique solution ends solved. How many
//! steps each set needs, and how many of them are trial and error, is printed.

mod common;

use common::{puzzles, seed_nonstandard_puzzles, solution};
use sudoku_core::{Grid, Variant};
use sudoku_logic::{Cause, Detail, Forcing, Mode, Options, Outcome, Technique, solve_logically};

/// A forcing proof's nested steps are the ones its nodes refer to: every
/// reference is inside the list, and every step of the list is referred to
/// (a copy of nested steps nothing uses once took hundreds of megabytes on
/// the hardest puzzles); the same for each nested proof in turn.
fn check_nested(f: &Forcing, at: &str) {
    let mut used = vec![false; f.nested.len()];
    for node in f.branches.iter().flat_map(|b| &b.nodes) {
        if let Cause::Technique {
            nested: Some(i), ..
        } = node.cause
        {
            assert!(i < used.len(), "{at}: nested step {i} of {}", used.len());
            used[i] = true;
        }
    }
    assert!(
        used.iter().all(|&u| u),
        "{at}: nested steps not referred to: {used:?}"
    );
    for n in &f.nested {
        check_nested(n, at);
    }
}

/// Solves every puzzle with the self-check in both modes; returns how many were
/// solved (non-synchronous).
fn check_all(name: &str, set: &[(Grid, Variant)]) -> usize {
    check_modes(name, set, 1)
}

/// As [`check_all`], with the synchronous mode on every `sync_every`-th
/// puzzle only (for the large sets).
fn check_modes(name: &str, set: &[(Grid, Variant)], sync_every: usize) -> usize {
    let mut solved = 0;
    let mut steps = 0;
    let mut trials = 0;
    for (i, (puzzle, variant)) in set.iter().enumerate() {
        let truth = solution(puzzle, *variant);
        let modes: &[Mode] = if i % sync_every == 0 {
            &[Mode::NonSynchronous, Mode::Synchronous]
        } else {
            &[Mode::NonSynchronous]
        };
        for &mode in modes {
            let options = Options {
                mode,
                solution: Some(truth),
                // The data sets' puzzles have one solution each.
                unique: true,
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
            for step in &trace.steps {
                if let Detail::Forcing(f) = &step.detail {
                    check_nested(f, &format!("{puzzle} ({variant}, {mode:?})"));
                }
            }
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
    // Every puzzle non-synchronously, every second one synchronously too
    // (the suite's longest test; the synchronous rounds use the same
    // finders).
    check_modes("top1465", &set, 2);
}

#[test]
fn seventeen_clue_sample_is_sound() {
    let set = standard("17-clue.txt", 3000, 16);
    assert_eq!(set.len(), 3000);
    let solved = check_all("17-clue (3000)", &set);
    // 17-clue puzzles are mostly easy: most must be solved already.
    assert!(solved * 2 > set.len());
}

#[test]
fn forum_hardest_is_sound_and_solved() {
    // Every 25th of the 375: nested forcing chains take seconds a puzzle.
    let set = standard("forum-hardest-1106.txt", usize::MAX, 25);
    assert_eq!(set.len(), 15);
    check_all("forum-hardest-1106 (every 25th)", &set);
}

#[test]
fn forum_hardest_11plus_sample_is_sound_and_solved() {
    // 24 of the 48,766 hardest known puzzles in both modes (the
    // non-synchronous solve needs forcing nets and nested chains, seconds a
    // puzzle), and 250 more synchronously (forcing chains are not used in
    // synchronous rounds, trial and error ends those solves).
    let set = standard("forum-hardest-11plus.txt", 24, 2000);
    assert_eq!(set.len(), 24);
    check_all("forum-hardest-11plus (24)", &set);
    let sync: Vec<_> = standard("forum-hardest-11plus.txt", 250, 193);
    assert_eq!(sync.len(), 250);
    check_sync("forum-hardest-11plus (250, synchronous)", &sync);
}

/// The self-check in synchronous mode only.
fn check_sync(name: &str, set: &[(Grid, Variant)]) {
    for (puzzle, variant) in set {
        let truth = solution(puzzle, *variant);
        let options = Options {
            mode: Mode::Synchronous,
            solution: Some(truth),
            unique: true,
            ..Options::default()
        };
        let trace = solve_logically(puzzle, *variant, &options)
            .unwrap_or_else(|e| panic!("{puzzle} ({variant}, synchronous): {e}"));
        assert_eq!(trace.outcome, Outcome::Solved, "{puzzle} ({variant})");
        assert_eq!(trace.end.grid(), &truth);
    }
    println!("{name}: {} solved", set.len());
}

#[test]
fn seed_variant_puzzles_are_sound() {
    let set = seed_nonstandard_puzzles();
    assert!(set.len() >= 20, "found {} variant puzzles", set.len());
    for v in [Variant::Diagonal, Variant::Color, Variant::ColorDiagonal] {
        let part: Vec<_> = set.iter().filter(|(_, w)| *w == v).copied().collect();
        check_all(&format!("seed examples, {v}"), &part);
    }
}
