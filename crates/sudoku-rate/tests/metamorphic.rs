//! Metamorphic properties of the rating: a random variant-preserving transform
//! (relabel digits, permute lines within bands, bands, transpose, …) of a
//! puzzle must get the same rating.
//!
//! In synchronous mode the logical solver's trace has the same technique
//! counts and points for every isomorph (see sudoku-logic's metamorphic test),
//! so *every* number must agree. In non-synchronous mode the one hit taken per
//! round depends on scan order, so points and counts may differ; the HoDoKu
//! estimate walks its own path in canonical form and must still agree.
//!
//! Sudoku Explainer's rating is left out here: Sudoku Explainer applies the
//! first hint in its scan order, so a turned copy may take another path to
//! another ER (serate itself rates such copies differently); `se_golden.rs`
//! checks isomorphs against that.

use std::path::PathBuf;
use sudoku_core::{Grid, Transform, Variant, parse_line};
use sudoku_logic::Mode;
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

fn sample() -> Vec<Grid> {
    let mut set = puzzles("top1465.txt", 40, 37);
    set.extend(puzzles("17-clue.txt", 30, 1601));
    set
}

fn rating(p: &Grid, mode: Mode) -> Rating {
    let options = RateOptions {
        mode,
        variants8: false,
    };
    let a = rate(p, Variant::Standard, &options).expect("valid");
    a.rating().expect("unique").clone()
}

#[test]
fn synchronous_ratings_of_isomorphs_agree() {
    for (i, p) in sample().into_iter().enumerate() {
        let a = rating(&p, Mode::Synchronous);
        let t = Transform::random(Variant::Standard, 4242 + i as u64);
        let b = rating(&t.apply(&p), Mode::Synchronous);
        assert!(
            (a.points - b.points).abs() < 1e-6,
            "{p}: {} vs {}",
            a.points,
            b.points
        );
        assert!((a.norm2 - b.norm2).abs() < 1e-6, "{p}");
        assert!((a.max - b.max).abs() < 1e-6, "{p}");
        assert_eq!(a.level, b.level, "{p}");
        assert_eq!(a.trainer_level, b.trainer_level, "{p}");
        assert_eq!(a.techniques, b.techniques, "{p}");
        assert_eq!(a.steps, b.steps, "{p}");
        assert_eq!(a.logic_only, b.logic_only, "{p}");
        assert_eq!(a.hodoku, b.hodoku, "{p}");
    }
}

#[test]
fn estimates_of_isomorphs_agree_in_either_mode() {
    for (i, p) in sample().into_iter().enumerate().step_by(2) {
        let a = rating(&p, Mode::NonSynchronous);
        let t = Transform::random(Variant::Standard, 99 + i as u64);
        let b = rating(&t.apply(&p), Mode::NonSynchronous);
        assert_eq!(a.hodoku, b.hodoku, "{p}");
        assert_eq!(a.solved, b.solved, "{p}");
    }
}
