//! Locked candidates, for every pair of intersecting houses of the variant.
//!
//! If all candidates of a digit in house A lie in A ∩ B, the digit must be placed
//! in that intersection, so it goes from the rest of B. With A a box and B a line
//! this is *pointing* (the seed's row/column test), with B a box *claiming* (its
//! box test); any other pair — a line with a colour group, a box or colour group
//! with a diagonal read the other way round, two diagonals — is reported as plain
//! *locked candidates*. Pairs meeting in one cell are skipped: there the relation
//! is a hidden single.

use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::{FindMode, Technique};
use std::sync::OnceLock;
use sudoku_core::{CellSet, DigitSet, House, HouseKind, Variant};

/// An ordered pair of houses meeting in at least two cells.
#[derive(Clone, Copy)]
struct Pair {
    base: House,
    cover: House,
    meet: CellSet,
    technique: Technique,
}

/// The intersecting pairs of `variant`, computed once from its house list.
fn pairs(variant: Variant) -> &'static [Pair] {
    static PAIRS: OnceLock<Vec<Vec<Pair>>> = OnceLock::new();
    let all = PAIRS.get_or_init(|| {
        Variant::ALL
            .iter()
            .map(|&v| {
                let mut out = Vec::new();
                for &base in v.houses() {
                    for &cover in v.houses() {
                        let meet = Variant::house_cells(base) & Variant::house_cells(cover);
                        if base == cover || meet.len() < 2 {
                            continue;
                        }
                        let technique = if base.kind() == HouseKind::Box {
                            Technique::Pointing
                        } else if cover.kind() == HouseKind::Box {
                            Technique::Claiming
                        } else {
                            Technique::LockedCandidates
                        };
                        out.push(Pair {
                            base,
                            cover,
                            meet,
                            technique,
                        });
                    }
                }
                out
            })
            .collect()
    });
    let i = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
    &all[i]
}

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, technique: Technique) {
    let points = technique.info().points;
    for pair in pairs(pos.variant())
        .iter()
        .filter(|p| p.technique == technique)
    {
        let base = Variant::house_cells(pair.base);
        let cover = Variant::house_cells(pair.cover);
        for digit in sudoku_core::Digit::ALL {
            let cells = pos.cells_with(digit);
            let inside = cells & base;
            if inside.len() < 2 || !inside.is_subset(pair.meet) {
                continue;
            }
            let gone = cells & (cover - base);
            if gone.is_empty() {
                continue;
            }
            let mut step = Step::new(technique, points);
            step.eliminate_all(digit, gone);
            step.cells = inside;
            step.houses = vec![pair.base, pair.cover];
            step.digits = DigitSet::single(digit);
            step.detail = Detail::Intersection {
                base: pair.base,
                cover: pair.cover,
                digit,
            };
            out.push(step);
            if mode == FindMode::First {
                return;
            }
        }
    }
}

/// Pointing: from a box into another house.
pub(crate) fn find_pointing(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Technique::Pointing)
}

/// Claiming: from another house into a box.
pub(crate) fn find_claiming(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Technique::Claiming)
}

/// Locked candidates between two houses neither of which is a box.
pub(crate) fn find_other(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, Technique::LockedCandidates)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    #[test]
    fn pair_counts_follow_the_houses() {
        // Standard: 9 rows × 3 boxes + 9 columns × 3 boxes, both directions.
        assert_eq!(pairs(Variant::Standard).len(), 108);
        let other = |v: Variant| {
            pairs(v)
                .iter()
                .filter(|p| p.technique == Technique::LockedCandidates)
                .count()
        };
        assert_eq!(other(Variant::Standard), 0);
        assert_eq!(other(Variant::Diagonal), 0); // diagonals meet lines in one cell
        // Each colour group meets 3 rows and 3 columns in 3 cells each; the main
        // diagonal meets colour groups 1, 5, 9 in 3 cells, the anti-diagonal 3, 5, 7.
        assert_eq!(other(Variant::Color), 9 * 6 * 2);
        assert_eq!(other(Variant::ColorDiagonal), 9 * 6 * 2 + 6 * 2);
    }
}
