//! Direct hidden pairs and the direct unique rectangle: singles found without
//! written candidates by obvious pairs (the seed's method D).
//!
//! An *obvious pair* (the seed's "offensichtliches 2-Tupel") is two digits that
//! the placed digits confine to the same two cells of a house. Those cells take
//! nothing else, and any other house holding both loses the two digits
//! elsewhere; pairs may chain. What they leave:
//!
//! * a hidden single in a house (D1/D2/D3, D5/D6 on diagonals): 2 or 3 points
//!   in a line (1–3 or more empty cells after taking away the pairs' cells), 2
//!   in a box, plus 2 per pair;
//! * a naked single (D0): 3–6 points by the empty peers minus twice the pairs
//!   (1–5, 6–10, …), plus 2 per pair;
//! * a cell in two different pairs holds their common digit (D7): 5 points.
//!
//! *Direct unique rectangle* (D8): three corners of a rectangle in two rows,
//! two columns and two boxes hold the same obvious pair; if the fourth corner
//! took either digit the four cells could swap them, and the puzzle would have
//! two solutions. So the fourth corner takes the one digit it has besides the
//! pair (5 points). Like every uniqueness argument it assumes one solution.

use super::direct::{
    Derivation, Facts, Scored, Single, cheapest, derive, hidden_base, naked_base, push_steps,
};
use crate::Candidates;
use crate::step::{DirectKind, DirectReason, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Variant};

/// Reports the singles obvious pairs leave in `pos`.
pub(crate) fn find_pair(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let Some(derivation) = derive(pos, Facts::Pairs) else {
        return;
    };
    let hits = cheapest(&derivation, |single, reasons| {
        Some(score(pos, single, reasons))
    });
    push_steps(Technique::DirectHiddenPair, hits, out, mode);
}

/// The seed's points of a single with these pairs.
fn score(pos: &Candidates, single: &Single, reasons: &[DirectReason]) -> (DirectKind, f64) {
    let n = reasons.len();
    match single.house {
        Some(house) => {
            let base = hidden_base(pos, house, reasons, 2.0);
            (DirectKind::HiddenSingle, base + 2.0 * n as f64)
        }
        None if in_two_pairs(single.cell, reasons) => (DirectKind::PairCrossing, 5.0),
        None => {
            let base = naked_base(pos, single.cell, 2 * n, 5, 6);
            (DirectKind::NakedSingle, base + 2.0 * n as f64)
        }
    }
}

/// The seed's D7: the cell lies in two of the reasons' pairs with different
/// digits.
fn in_two_pairs(cell: Cell, reasons: &[DirectReason]) -> bool {
    let sets: Vec<DigitSet> = reasons
        .iter()
        .filter_map(|r| match *r {
            DirectReason::Pair { digits, cells, .. } if cells.contains(cell) => Some(digits),
            _ => None,
        })
        .collect();
    sets.iter()
        .enumerate()
        .any(|(i, a)| sets[i + 1..].iter().any(|b| b != a))
}

/// Reports the seed's D8 in `pos`: a rectangle with an obvious pair in three
/// corners and one digit besides the pair in the fourth.
pub(crate) fn find_rectangle(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    // No pair fact, no rectangle: `derive` stopping there changes nothing.
    let Some(derivation) = derive(pos, Facts::Pairs) else {
        return;
    };
    let hits = rectangles(pos, &derivation)
        .into_iter()
        .map(|(cell, digit, ids)| Scored {
            cell,
            digit,
            house: None,
            kind: DirectKind::Rectangle,
            points: 5.0,
            reasons: derivation.reasons(&ids),
        });
    push_steps(Technique::DirectUniqueRectangle, hits, out, mode);
}

/// The D8 placements of a pair derivation: cell, digit and the pair facts of
/// the three corners (one hit per cell).
pub(crate) fn rectangles(
    pos: &Candidates,
    derivation: &Derivation<'_>,
) -> Vec<(Cell, Digit, Vec<u16>)> {
    let variant = pos.variant();
    // Cells known to hold one of two digits, with the pair fact saying so.
    let mut known: Vec<(Cell, DigitSet, u16)> = Vec::new();
    for (i, fact) in derivation.facts.iter().enumerate() {
        if let DirectReason::Pair { digits, cells, .. } = fact.reason {
            for c in cells.iter() {
                known.push((c, digits, u16::try_from(i).unwrap_or(u16::MAX)));
            }
        }
    }
    let mut out: Vec<(Cell, Digit, Vec<u16>)> = Vec::new();
    if known.len() < 3 {
        return out;
    }
    for &(corner, digits, fa) in &known {
        // `corner` is the right angle: one partner in its row, one in its column.
        for &(row_mate, d2, fb) in &known {
            if d2 != digits || row_mate.row() != corner.row() || row_mate == corner {
                continue;
            }
            for &(col_mate, d3, fc) in &known {
                if d3 != digits || col_mate.col() != corner.col() || col_mate == corner {
                    continue;
                }
                let Some(target) = Cell::at(col_mate.row(), row_mate.col()) else {
                    continue;
                };
                if pos.get(target).is_some()
                    || out.iter().any(|h| h.0 == target)
                    || !is_rectangle(variant, [corner, row_mate, col_mate, target])
                {
                    continue;
                }
                let left: DigitSet = pos
                    .candidates(target)
                    .iter()
                    .filter(|d| derivation.live[d.index()].contains(target))
                    .collect();
                let rest = left - digits;
                let Some(digit) = rest.first() else { continue };
                if rest.len() != 1 || left.len() < 2 {
                    continue;
                }
                let mut ids = vec![fa, fb, fc];
                ids.sort_unstable();
                ids.dedup();
                out.push((target, digit, ids));
            }
        }
    }
    out
}

/// Whether the four cells form a deadly rectangle in `variant`: every house
/// holds none of them or exactly two in one row or column (so swapping the two
/// digits keeps every house valid), and they lie in exactly two boxes.
pub(crate) fn is_rectangle(variant: Variant, cells: [Cell; 4]) -> bool {
    let set: CellSet = cells.iter().copied().collect();
    if set.len() != 4 {
        return false;
    }
    let mut boxes: Vec<usize> = cells.iter().map(|c| c.boxx()).collect();
    boxes.sort_unstable();
    boxes.dedup();
    if boxes.len() != 2 {
        return false;
    }
    variant.houses().iter().all(|&h| {
        let inside: Vec<Cell> = (set & Variant::house_cells(h)).iter().collect();
        match inside.as_slice() {
            [] => true,
            [a, b] => a.row() == b.row() || a.col() == b.col(),
            _ => false,
        }
    })
}

/// Catalogue entry: Direct hidden pair (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DIRECT_HIDDEN_PAIR: TechniqueInfo = TechniqueInfo {
    technique: Technique::DirectHiddenPair, name: "direct-hidden-pair", names: Names { en: "Direct hidden pair", de: "Offensichtliches 2-Tupel" },
    family: Family::Direct, phase: Phase::Direct, points: 4.0, se: Some(2.0), finder: find_pair, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

/// Catalogue entry: Direct unique rectangle (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DIRECT_UNIQUE_RECTANGLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::DirectUniqueRectangle, name: "direct-unique-rectangle", names: Names { en: "Direct unique rectangle", de: "Offensichtliches Ausschluss-Rechteck" },
    family: Family::Direct, phase: Phase::Direct, points: 5.0, se: None, finder: find_rectangle, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    // Positions from solving 17-clue puzzles (found with tests/scan.rs).
    const PAIR: &str =
        "..3.....2..2.....1..7..2.36..6..3.2...1.4......5....6..3......4.74.8...962.4.7...";
    const RECTANGLE: &str =
        "67.......3.4....1212..3478...34..2.1..12.3..5.627..8...1.9463272473..1..9361..458";

    #[test]
    fn an_obvious_pair_leaves_a_hidden_single_in_a_box() {
        // Column 7's 2 and 6 can only be at r7c7 and r8c7, so those cells take
        // nothing else and box 9's 7 has only r7c8 left: the seed's D3, 2 + 2.
        let (pos, s) = direct_hit(find_pair, PAIR, "r7c8=7");
        assert_eq!(s.points, 4.0);
        let reasons = hidden_single_reasons(&s, "box 9");
        let [
            DirectReason::Pair {
                house,
                digits,
                cells,
            },
        ] = reasons
        else {
            panic!("{reasons:?}")
        };
        assert_eq!(house.to_string(), "column 7");
        assert_eq!(digits.to_string(), "26");
        assert_eq!(cells.len(), 2);
        assert!(!plain_singles(&pos).contains(&"r7c8=7".to_string()));
    }

    #[test]
    fn two_crossing_pairs_give_their_common_digit() {
        // Row 1: 1 and 2 only in r1c1/r1c2 (column 3 has both); column 1: 2
        // and 3 only in r1c1/r5c1 (row 8 has both). r1c1 is in both pairs, so
        // it holds their common digit 2 (the seed's D7).
        let mut givens: Vec<(usize, usize, u8)> = (4..=9).map(|c| (1, c, c as u8)).collect();
        givens.extend([(4, 3, 1), (7, 3, 2), (8, 5, 2), (8, 6, 3)]);
        givens.extend([
            (2, 1, 4),
            (3, 1, 5),
            (4, 1, 6),
            (6, 1, 7),
            (7, 1, 8),
            (9, 1, 9),
        ]);
        let (_, st) = forced_direct_hit(find_pair, &givens, "r1c1=2");
        let crate::Direct { kind, reasons, .. } = direct_detail(&st);
        assert_eq!(*kind, DirectKind::PairCrossing);
        assert_eq!(reasons.len(), 2);
        assert_eq!(st.points, 5.0);
    }

    #[test]
    fn a_rectangle_of_obvious_pairs_is_the_seeds_d8() {
        // The pair 34 sits in r1c8/r1c9 (row 1) and r1c9/r6c9 (column 9):
        // three corners of the rectangle r1/r6 × c8/c9 in boxes 3 and 6. With 3
        // or 4 in r6c8 it would be deadly, so r6c8 takes its other digit, 9.
        let (_, st) = direct_hit(find_rectangle, RECTANGLE, "r6c8=9");
        assert_eq!(st.technique, Technique::DirectUniqueRectangle);
        assert_eq!(st.points, 5.0);
        let crate::Direct { kind, reasons, .. } = direct_detail(&st);
        assert_eq!(*kind, DirectKind::Rectangle);
        assert!(
            reasons
                .iter()
                .all(|r| matches!(r, DirectReason::Pair { .. }))
        );
    }

    #[test]
    fn a_rectangle_needs_two_boxes_and_no_variant_house_across() {
        let c = |r, c| Cell::at(r, c).unwrap();
        // Rows 1/2 × columns 1/4 lie in boxes 1 and 2: a rectangle in
        // standard Sudoku; the main diagonal holds only r1c1 of it, so in the
        // diagonal variant the two digits could not swap.
        let cells = [c(0, 0), c(0, 3), c(1, 0), c(1, 3)];
        assert!(is_rectangle(Variant::Standard, cells));
        assert!(!is_rectangle(Variant::Diagonal, cells));
        // Four boxes: no.
        let cells = [c(0, 0), c(0, 3), c(3, 0), c(3, 3)];
        assert!(!is_rectangle(Variant::Standard, cells));
    }

    #[test]
    fn does_not_fire_on_written_candidates_or_an_empty_grid() {
        assert_direct_silent(PAIR, &[find_pair, find_rectangle]);
    }
}
