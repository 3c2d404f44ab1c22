//! Helpers shared by the integration tests: the shared data sets, a small
//! deterministic random source, and random puzzles made with the solver itself.
#![allow(dead_code)]

use std::path::PathBuf;
use sudoku_core::{Cell, Digit, Grid, Transform, Variant, parse_line};

/// `shared/data` beside the workspace (CI clones the repository next to it).
pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// The puzzle lines of a data file (lines that are not 81-cell puzzles, such as the
/// class labels of `hodoku-levels.txt`, are skipped), with the label in force.
pub fn load_labelled(name: &str) -> Vec<(String, Grid)> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "test data {} is missing ({e}); the tests expect the shared data sets in \
             shared/data beside the repository",
            path.display()
        )
    });
    let mut label = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        if t.len() == 81 {
            if let Ok(p) = parse_line(t) {
                out.push((label.clone(), p.grid));
            }
        } else if !t.is_empty() {
            label = t.to_string();
        }
    }
    out
}

/// The puzzles of a data file.
pub fn load(name: &str) -> Vec<Grid> {
    load_labelled(name).into_iter().map(|(_, g)| g).collect()
}

/// Every `step`-th element, so samples spread over a whole file.
pub fn sample<T: Clone>(items: &[T], n: usize) -> Vec<T> {
    let step = (items.len() / n.max(1)).max(1);
    items.iter().step_by(step).take(n).cloned().collect()
}

/// SplitMix64: small, deterministic, good enough for test cases.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random full grid of `variant`: a few random non-clashing digits, completed by
/// the solver (retrying until that has a solution), then moved by a random transform
/// that keeps the variant. Few digits keep unsolvable starts (slow to refute) rare.
pub fn random_solution(variant: Variant, rng: &mut Rng) -> Grid {
    loop {
        let mut g = Grid::EMPTY;
        for _ in 0..4 {
            let cell = Cell::new(rng.below(81)).expect("below 81");
            let digit = Digit::new(1 + rng.below(9) as u8);
            let before = g;
            g.set(cell, digit);
            if g.check(variant).is_err() {
                g = before;
            }
        }
        if let Some(s) = sudoku_solve::solve(&g, variant) {
            return Transform::random(variant, rng.next()).apply(&s);
        }
    }
}

/// `solution` with all but `keep` clues removed at random.
pub fn remove_clues(solution: &Grid, keep: usize, rng: &mut Rng) -> Grid {
    let mut cells: Vec<usize> = (0..81).collect();
    for i in (1..81).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let mut g = *solution;
    for &c in &cells[keep.min(81)..] {
        g.set(Cell::new(c).expect("below 81"), None);
    }
    g
}
