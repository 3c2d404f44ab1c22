//! Aligned pair exclusion (Sudoku Explainer's, 6.2).
//!
//! Two cells `a` and `b` with at least two bivalue cells seeing both (the
//! *excluders*): a combination of a candidate of `a` and one of `b` is
//! impossible when an excluder holds exactly those two digits (it would be
//! left empty) or when the digits are equal and `a` sees `b`. A candidate of
//! `a` (or `b`) that is in no possible combination goes. Sudoku Explainer
//! does not require the two cells to see each other.
//!
//! Found in Sudoku Explainer's order (cells in reading order, pairs by the
//! bit mask of their indices), because its walk takes the first hit. The
//! argument uses only "sees", so it holds in every variant.

use crate::Candidates;
use crate::step::{Detail, Elimination, Step};
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, DigitSet};

/// Reports the aligned pair exclusions of `pos`.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    if !pos.is_written() {
        return;
    }
    let variant = pos.variant();
    let bivalue: CellSet = pos
        .empty_cells()
        .iter()
        .filter(|&c| pos.candidates(c).len() == 2)
        .collect();
    let mut base: Vec<(Cell, CellSet)> = Vec::new();
    for cell in pos.empty_cells().iter() {
        if pos.candidates(cell).len() < 2 {
            continue;
        }
        let peers = variant.peers(cell) & pos.empty_cells();
        // Sudoku Explainer skips a cell next to a naked single.
        if peers.iter().any(|p| pos.candidates(p).len() == 1) {
            continue;
        }
        let excluders = peers & bivalue;
        if !excluders.is_empty() {
            base.push((cell, excluders));
        }
    }
    if base.len() < 2 {
        return;
    }
    // Pairs in Sudoku Explainer's order, by the bit mask of their indices:
    // (0,1), (0,2), (1,2), (0,3), …
    let n = base.len();
    let pairs = (1..n).flat_map(|j| (0..j).map(move |i| (i, j)));
    for (i, j) in pairs {
        let (a, ea) = base[i];
        let (b, eb) = base[j];
        let excluders = ea & eb;
        if excluders.len() < 2 {
            continue;
        }
        let sees = variant.peers(a).contains(b);
        let (ca, cb) = (pos.candidates(a), pos.candidates(b));
        let mut keep_a = DigitSet::EMPTY;
        let mut keep_b = DigitSet::EMPTY;
        for x in ca.iter() {
            for y in cb.iter() {
                if x == y && sees {
                    continue;
                }
                let combo = DigitSet::single(x) | DigitSet::single(y);
                if excluders
                    .iter()
                    .any(|e| pos.candidates(e).is_subset(combo))
                {
                    continue;
                }
                keep_a.insert(x);
                keep_b.insert(y);
            }
        }
        let t = Technique::AlignedPairExclusion;
        let mut s = Step::new(t, t.info().points);
        for d in (ca - keep_a).iter() {
            s.eliminations.push(Elimination { cell: a, digit: d });
        }
        for d in (cb - keep_b).iter() {
            s.eliminations.push(Elimination { cell: b, digit: d });
        }
        if s.eliminations.is_empty() {
            continue;
        }
        s.eliminations.sort_unstable();
        s.cells = CellSet::single(a) | CellSet::single(b) | excluders;
        s.digits = ca | cb;
        s.detail = Detail::AlignedExclusion {
            cells: vec![a, b],
            excluders,
        };
        out.push(s);
        if mode == FindMode::First {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use sudoku_core::{Digit, Variant};

    fn cell(name: &str) -> Cell {
        let b = name.as_bytes();
        Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).expect("cell")
    }

    fn keep(pos: &mut Candidates, name: &str, digits: &[u8]) {
        for d in 1..=9 {
            if !digits.contains(&d) {
                pos.eliminate(cell(name), Digit::new(d).expect("digit"))
                    .expect("written");
            }
        }
    }

    #[test]
    fn two_excluders_remove_a_candidate() {
        // r1c1 {1,2,3} and r1c2 {1,2}; excluders r1c5 {1,3} and r1c6 {2,3}
        // see both. r1c1=3 leaves r1c2 1 or 2, each emptying an excluder.
        let mut pos = position(&".".repeat(81), Variant::Standard);
        keep(&mut pos, "r1c1", &[1, 2, 3]);
        keep(&mut pos, "r1c2", &[1, 2]);
        keep(&mut pos, "r1c5", &[1, 3]);
        keep(&mut pos, "r1c6", &[2, 3]);
        let steps = run(find, &pos);
        assert!(
            steps.iter().any(|s| eliminations(s) == "r1c1-3"),
            "{:?}",
            steps.iter().map(eliminations).collect::<Vec<_>>()
        );
    }

    #[test]
    fn nothing_without_two_excluders() {
        let mut pos = position(&".".repeat(81), Variant::Standard);
        assert!(run(find, &pos).is_empty());
        keep(&mut pos, "r1c5", &[1, 3]);
        assert!(run(find, &pos).is_empty());
    }
}
