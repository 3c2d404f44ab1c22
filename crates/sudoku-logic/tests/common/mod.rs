//! Shared helpers for the integration tests: the data sets in `../shared/data` and
//! the exact solutions.
#![allow(dead_code)]

use std::path::PathBuf;
use sudoku_core::{Grid, Variant, parse_line};
use sudoku_solve::{Uniqueness, uniqueness};

/// The shared data directory (`/work/shared/data` next to the repository).
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// The first `limit` puzzles of a data file (every `stride`-th line).
pub fn puzzles(file: &str, limit: usize, stride: usize) -> Vec<Grid> {
    let path = data_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .step_by(stride.max(1))
        .filter_map(|l| parse_line(l.trim()).ok().map(|p| p.grid))
        .take(limit)
        .collect()
}

/// The variant puzzles of the seed's examples that have a unique solution.
pub fn seed_variant_puzzles() -> Vec<(Grid, Variant)> {
    let path = data_dir().join("seed_examples.tsv");
    let text = std::fs::read_to_string(&path).expect("seed_examples.tsv");
    let mut out = Vec::new();
    for line in text.lines().skip(1) {
        let mut cols = line.split('\t');
        let (Some(p), Some(v)) = (cols.next(), cols.next()) else {
            continue;
        };
        let Ok(variant) = v.parse::<Variant>() else {
            continue;
        };
        let Ok(parsed) = parse_line(p) else { continue };
        if let Uniqueness::Unique(_) = uniqueness(&parsed.grid, variant) {
            out.push((parsed.grid, variant));
        }
    }
    out
}

/// The puzzles of [`seed_variant_puzzles`] in a variant other than standard
/// (the standard ones are covered by the data files).
pub fn seed_nonstandard_puzzles() -> Vec<(Grid, Variant)> {
    seed_variant_puzzles()
        .into_iter()
        .filter(|(_, v)| *v != Variant::Standard)
        .collect()
}

/// `standard` as standard puzzles, then [`seed_nonstandard_puzzles`]: the
/// mixed set the sweeps over every variant walk.
pub fn with_seed_variants(standard: Vec<Grid>) -> Vec<(Grid, Variant)> {
    let mut set: Vec<(Grid, Variant)> = standard
        .into_iter()
        .map(|p| (p, Variant::Standard))
        .collect();
    set.extend(seed_nonstandard_puzzles());
    set
}

/// The unique solution.
pub fn solution(puzzle: &Grid, variant: Variant) -> Grid {
    match uniqueness(puzzle, variant) {
        Uniqueness::Unique(s) => s,
        other => panic!("{puzzle} is not unique as {variant}: {other:?}"),
    }
}
