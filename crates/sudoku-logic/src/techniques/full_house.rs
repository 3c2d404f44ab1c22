//! Full house: the last empty cell of a house takes the one digit the house misses.
//!
//! The seed gives it 0 points ("last missing digit"). A cell that is last in
//! several houses at once is reported once, for the first of them in house order.

use super::single_step;
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, DigitSet, Variant};

/// Reports every full house of `pos`.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let mut seen = CellSet::EMPTY;
    for &house in pos.variant().houses() {
        let empty = pos.empty_cells() & Variant::house_cells(house);
        let Some(cell) = empty.first() else { continue };
        if empty.len() != 1 || seen.contains(cell) {
            continue;
        }
        let missing = pos.placed_in(house).complement();
        // In a consistent position the missing digit is the cell's only candidate;
        // otherwise the position is contradictory and the solver will say so.
        let Some(digit) = (missing & pos.candidates(cell)).first() else {
            continue;
        };
        if missing.len() != 1 {
            continue;
        }
        seen.insert(cell);
        out.push(single_step(
            Technique::FullHouse,
            0.0,
            cell,
            digit,
            DigitSet::single(digit),
            Some(house),
            pos.is_written(),
        ));
        if mode == FindMode::First {
            return;
        }
    }
}

/// Catalogue entry: Full house (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FULL_HOUSE: TechniqueInfo = TechniqueInfo {
    technique: Technique::FullHouse, name: "full-house", names: Names { en: "Full house", de: "Letzte fehlende Zahl" },
    family: Family::Single, phase: Phase::Any, points: 0.0, se: Some(1.0), finder: find, text: None,
    hodoku: Hodoku { order: Some(100), level: HodokuLevel::Easy, score: 4 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    #[test]
    fn fires_on_the_last_cell_of_a_row() {
        // A solved grid with r1c1 and r5c4 emptied: both are last in their row.
        let pos = position(
            ".23456789456789123789123456234567891567.91234891234567345678912678912345912345678",
            Variant::Standard,
        );
        let steps = run(find, &pos);
        assert_eq!(placements(&steps), vec!["r1c1=1", "r5c4=8"]);
        assert!(steps.iter().all(|s| s.points == 0.0));
        assert_eq!(steps[0].houses[0].to_string(), "row 1");
    }

    #[test]
    fn does_not_fire_with_two_empty_cells_everywhere() {
        let pos = position(
            "..3456789456789123789123456234567891567891234891234567345678912678912345912345678",
            Variant::Standard,
        );
        // r1c1 and r1c2 share row 1 and box 1; column 1 and column 2 have one empty
        // cell each, so those are full houses — blank one more cell per column.
        assert_eq!(run(find, &pos).len(), 2);
        let pos = position(
            "..3456789456789123789123456234567891567891234891234567345678912678912345..2345678",
            Variant::Standard,
        );
        assert!(run(find, &pos).is_empty());
    }
}
