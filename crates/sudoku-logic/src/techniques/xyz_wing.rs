//! XYZ-wing: the seed's three-cell golden chain with a trivalue hinge.
//!
//! A hinge with exactly the candidates `xyz` sees two bivalue wings `xz` and
//! `yz`. If the hinge is `x`, the first wing is `z`; if it is `y`, the second one
//! is; otherwise the hinge itself is `z`. So `z` goes from every cell that sees
//! all three. (The seed notes that the extended, hinge-less form brings nothing
//! new for three cells: it is an XY-wing.) Points: 7; Sudoku Explainer 4.4,
//! HoDoKu 180.

use super::xy_wing::bivalue_cells;
use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::{FindMode, Technique};
use sudoku_core::CellSet;

/// Reports every XYZ-wing with an elimination, once per hinge and pair of wings.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let variant = pos.variant();
    let bivalue = bivalue_cells(pos);
    for hinge in pos.empty_cells().iter() {
        let all = pos.candidates(hinge);
        if all.len() != 3 {
            continue;
        }
        let near: Vec<_> = (variant.peers(hinge) & bivalue)
            .iter()
            .filter(|&c| pos.candidates(c).is_subset(all))
            .collect();
        for (i, &w1) in near.iter().enumerate() {
            for &w2 in &near[i + 1..] {
                let (c1, c2) = (pos.candidates(w1), pos.candidates(w2));
                if c1 == c2 {
                    continue;
                }
                let Some(z) = (c1 & c2).first() else { continue };
                let gone = variant.peers(hinge)
                    & variant.peers(w1)
                    & variant.peers(w2)
                    & pos.cells_with(z);
                if gone.is_empty() {
                    continue;
                }
                let mut step = Step::new(Technique::XyzWing, Technique::XyzWing.info().points);
                step.eliminate_all(z, gone);
                let wings = CellSet::single(w1) | CellSet::single(w2);
                step.cells = wings | CellSet::single(hinge);
                step.digits = all;
                step.detail = Detail::Wing {
                    hinge: Some(hinge),
                    wings,
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
