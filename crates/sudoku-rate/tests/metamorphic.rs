//! Metamorphic properties of the rating: a random variant-preserving transform
//! (relabel digits, permute lines within bands, bands, transpose, rotate,
//! mirror — as far as the variant allows) of a puzzle must get the same rating.
//!
//! By default our own walk starts from the puzzle's canonical orientation, so
//! our points, norms, levels, counts and the trainer's level must agree; the
//! Sudoku Explainer and HoDoKu walks take the grid as given, as those
//! programs do. With every walk canonical (`--orientation canonical`), in
//! *every* mode every number must agree, SE's ER/EP/ED and HoDoKu's score
//! included. Walked as given, a copy may take another path (the seed and
//! Sudoku Explainer both depend on scan order); the last test shows that the
//! canonical walk is what makes the difference, on copies where the as-given
//! walks disagree.

use std::path::PathBuf;
use sudoku_core::{Grid, Transform, Variant, parse_line};
use sudoku_logic::{Mode, Orientation};
use sudoku_rate::{RateOptions, Rating, rate};

fn puzzles(file: &str, limit: usize, stride: usize) -> Vec<Grid> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(stride)
        .filter_map(|l| parse_line(l.trim()).ok().map(|p| p.grid))
        .take(limit)
        .collect()
}

/// Standard puzzles from two sets, and the seed's variant examples that have
/// one solution.
fn sample(standard: usize) -> Vec<(Grid, Variant)> {
    let mut set: Vec<(Grid, Variant)> = puzzles("top1465.txt", standard, 37)
        .into_iter()
        .chain(puzzles("17-clue.txt", standard / 2, 1601))
        .map(|p| (p, Variant::Standard))
        .collect();
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/seed_examples.tsv");
    let text = std::fs::read_to_string(&path).expect("seed examples");
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split('\t').collect();
        let Ok(variant) = f[1].parse::<Variant>() else {
            continue;
        };
        if variant == Variant::Standard {
            continue;
        }
        let Ok(p) = parse_line(f[0]) else { continue };
        if matches!(
            sudoku_solve::uniqueness(&p.grid, variant),
            sudoku_solve::Uniqueness::Unique(_)
        ) {
            set.push((p.grid, variant));
        }
    }
    set
}

/// The rating with every walk in `orientation` (`--orientation`).
fn rating(p: &Grid, variant: Variant, mode: Mode, orientation: Orientation) -> Rating {
    let options = RateOptions {
        mode,
        orientation,
        peers: orientation,
        ..RateOptions::default()
    };
    let a = rate(p, variant, &options).expect("valid");
    a.rating().expect("unique").clone()
}

#[test]
fn our_own_figures_of_isomorphs_agree_by_default() {
    for (i, (p, v)) in sample(40).into_iter().enumerate() {
        let t = Transform::random(v, 4242 + i as u64);
        let rated = |g: &Grid| {
            let r = rate(g, v, &RateOptions::default())
                .expect("valid")
                .rating()
                .expect("unique")
                .clone();
            (r.walk, r.trainer_level)
        };
        assert_eq!(rated(&p), rated(&t.apply(&p)), "{p} ({v}) under {t:?}");
    }
}

#[test]
fn canonical_ratings_of_isomorphs_agree_in_every_mode() {
    for mode in Mode::ALL {
        // The default mode on the larger sample.
        let n = if mode == Mode::NonSynchronous { 40 } else { 12 };
        for (i, (p, v)) in sample(n).into_iter().enumerate() {
            let a = rating(&p, v, mode, Orientation::Canonical);
            let t = Transform::random(v, 4242 + i as u64);
            let b = rating(&t.apply(&p), v, mode, Orientation::Canonical);
            // Every field: points, norms, levels, SE, HoDoKu, steps, counts.
            assert_eq!(a, b, "{p} ({v}, {mode:?}) under {t:?}");
        }
    }
}

#[test]
fn the_canonical_walk_is_what_makes_copies_agree() {
    // Walked as given, some copies get other points (the seed's own
    // observation); walked canonically, those very copies agree.
    let mut differing = 0;
    for (i, (p, v)) in sample(40).into_iter().enumerate().take(40) {
        let t = Transform::random(v, 77 + i as u64);
        let q = t.apply(&p);
        let a = rating(&p, v, Mode::NonSynchronous, Orientation::AsGiven);
        let b = rating(&q, v, Mode::NonSynchronous, Orientation::AsGiven);
        if a.walk.map(|w| w.points) != b.walk.map(|w| w.points) {
            differing += 1;
            let a = rating(&p, v, Mode::NonSynchronous, Orientation::Canonical);
            let b = rating(&q, v, Mode::NonSynchronous, Orientation::Canonical);
            assert_eq!(a, b, "{p} ({v})");
        }
    }
    assert!(
        differing >= 10,
        "only {differing} of 40 copies walked as given differ: the test no longer shows anything"
    );
}
