//! Hidden single: a digit that has one place left in a house (any house of the
//! variant: rows, columns, boxes, diagonals, colour groups).
//!
//! Points follow the seed. Without written candidates (its direct method A,
//! cross-hatching): 1 in a box, and in other houses 1 when at most 3 digits are
//! missing, else 2. On written candidates (E1/E2/E3): 0 when at most 3 digits are
//! missing, else 1. A placement found in several houses is reported once, at its
//! lowest points (ties: first house in house order), so the set of hits does not
//! depend on how the grid is turned.

use super::single_step;
use crate::Candidates;
use crate::step::{Placement, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{DigitSet, HouseKind, Variant};

/// Reports every hidden single of `pos`.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let start = out.len();
    for &house in pos.variant().houses() {
        let mask = Variant::house_cells(house);
        let empty = (pos.empty_cells() & mask).len();
        if empty <= 1 {
            continue; // a full house, not a hidden single
        }
        let points = match (pos.is_written(), house.kind()) {
            (true, _) => f64::from(u8::from(empty > 3)),
            (false, HouseKind::Box) => 1.0,
            (false, _) => 1.0 + f64::from(u8::from(empty > 3)),
        };
        for digit in pos.placed_in(house).complement().iter() {
            let places = pos.cells_with(digit) & mask;
            if places.len() != 1 {
                continue;
            }
            let Some(cell) = places.first() else { continue };
            let dup = out[start..]
                .iter_mut()
                .find(|s| s.placements[0] == Placement { cell, digit });
            if let Some(prev) = dup {
                if points < prev.points {
                    *prev = single(cell, digit, house, points, pos.is_written());
                }
                continue;
            }
            out.push(single(cell, digit, house, points, pos.is_written()));
            if mode == FindMode::First {
                return;
            }
        }
    }
}

fn single(
    cell: sudoku_core::Cell,
    digit: sudoku_core::Digit,
    house: sudoku_core::House,
    points: f64,
    on_candidates: bool,
) -> Step {
    single_step(
        Technique::HiddenSingle,
        points,
        cell,
        digit,
        DigitSet::single(digit),
        Some(house),
        on_candidates,
    )
}

/// A single: the house it was found in (`None` for a naked single, which looks
/// at a cell) and whether candidates had been written (the seed's direct
/// methods A/B versus E/F).
#[derive(Clone, Debug, PartialEq)]
pub struct Single {
    /// The house in which the digit has one place, for full house and hidden
    /// single.
    pub house: Option<sudoku_core::House>,
    /// Whether candidates were written when it was found.
    pub on_candidates: bool,
}

crate::moved_fields!(Single { house; on_candidates });

/// Catalogue entry: Hidden single (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const HIDDEN_SINGLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::HiddenSingle, name: "hidden-single", names: Names { en: "Hidden single", de: "Versteckter Single" },
    family: Family::Single, phase: Phase::Any, points: 1.0, se: Some(1.2), finder: find, text: None,
    hodoku: Hodoku { order: Some(300), level: HodokuLevel::Easy, score: 14 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn fires_on_a_hard_puzzle_with_exact_placements() {
        let pos = position(P, Variant::Standard);
        let steps = run(find, &pos);
        assert_sound(P, Variant::Standard, &steps);
        assert_eq!(placements(&steps), vec!["r9c3=7"]);
    }

    #[test]
    fn finds_singles_in_a_diagonal() {
        // The main diagonal holds 1–7 in r1c1–r7c7; the 9 in r8c1 keeps 9 out of
        // r8c8, so on the diagonal the 9 can only go to r9c9. No row, column or box
        // forces that.
        let mut s = String::new();
        for r in 0..9 {
            for c in 0..9 {
                s.push(match (r, c) {
                    (7, 0) => '9',
                    _ if r == c && r < 7 => (b'1' + r as u8) as char,
                    _ => '.',
                });
            }
        }
        let pos = position(&s, Variant::Diagonal);
        let steps = run(find, &pos);
        let diag = steps
            .iter()
            .find(|s| s.placements[0].cell.index() == 80)
            .expect("r9c9 is a hidden single on the main diagonal");
        assert_eq!(diag.placements[0].digit.get(), 9);
        assert_eq!(diag.houses[0].to_string(), "main diagonal");
        // As a standard Sudoku nothing forces r9c9.
        let pos = position(&s, Variant::Standard);
        assert!(!placements(&run(find, &pos)).contains(&"r9c9=9".to_string()));
    }

    #[test]
    fn does_not_fire_on_an_empty_grid() {
        let pos = position(&".".repeat(81), Variant::ColorDiagonal);
        assert!(run(find, &pos).is_empty());
    }
}
