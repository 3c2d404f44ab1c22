//! XY-wing: the golden chain of length 3 written as a pattern.
//!
//! A bivalue hinge (pivot) `xy` sees two bivalue wings (pincers) `xz` and `yz`.
//! Whichever digit the hinge takes, one wing must be `z`, so `z` goes from every
//! cell that sees both wings. Read as a chain it is `z-xz=x-xy=y-yz=z`, the
//! seed's three-cell golden chain, which is why the XY-chain finder starts at
//! four cells. Points: 6 (seed: chain of length N scores N + 3); Sudoku
//! Explainer 4.2, HoDoKu 160.

use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, DigitSet};

/// The empty cells with exactly two candidates.
pub(crate) fn bivalue_cells(pos: &Candidates) -> CellSet {
    pos.empty_cells()
        .iter()
        .filter(|&c| pos.candidates(c).len() == 2)
        .collect()
}

/// Reports every XY-wing with an elimination, once per hinge and pair of wings.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let variant = pos.variant();
    let bivalue = bivalue_cells(pos);
    for hinge in bivalue.iter() {
        let pair = pos.candidates(hinge);
        let mut it = pair.iter();
        let (Some(x), Some(y)) = (it.next(), it.next()) else {
            continue;
        };
        let near = variant.peers(hinge) & bivalue;
        for wx in near.iter() {
            let cx = pos.candidates(wx);
            if !cx.contains(x) || cx.contains(y) {
                continue;
            }
            let Some(z) = (cx - DigitSet::single(x)).first() else {
                continue;
            };
            let want = DigitSet::single(y) | DigitSet::single(z);
            for wy in near.iter().filter(|&c| pos.candidates(c) == want) {
                let gone = variant.peers(wx) & variant.peers(wy) & pos.cells_with(z);
                if gone.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::XyWing, Technique::XyWing.info().points);
                step.eliminate_all(z, gone);
                step.cells = CellSet::single(hinge) | CellSet::single(wx) | CellSet::single(wy);
                step.digits = pair | DigitSet::single(z);
                step.detail = Detail::Wing {
                    hinge: Some(hinge),
                    wings: CellSet::single(wx) | CellSet::single(wy),
                    digit: z,
                };
                out.push(step);
                if mode == FindMode::First {
                    return;
                }
            }
        }
    }
}
