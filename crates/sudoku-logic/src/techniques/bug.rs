//! BUG+1 (bivalue universal grave plus one).
//!
//! A *BUG* is a position where every empty cell holds two candidates and every
//! digit has exactly two places in each house it is still missing from. Such a
//! position never has exactly one solution: given one solution, give every
//! empty cell its other candidate instead; in each house each missing digit
//! moves from one of its two places to the other, so every house is again
//! complete — a second solution. (The argument needs only that every house has
//! nine cells, so it holds for diagonals and colour groups too.)
//!
//! BUG+1: every empty cell is bivalue except one cell with three candidates,
//! and taking one digit `d` out of that cell would leave a BUG. In a puzzle
//! with one solution that cannot be the end, so `d` is the digit of the cell:
//! it is placed there. (In the standard form `d` is the digit with three places
//! in the cell's row, column and box.) Sound only for puzzles known to have one
//! solution; the finder reports nothing unless the position says so
//! ([`Candidates::unique_assumed`]).
//!
//! Points: 8 (between the wings and the chains). Sudoku Explainer 5.6, HoDoKu
//! 100.

use crate::Candidates;
use crate::step::{Detail, Placement, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, Variant};

/// Reports the BUG+1 placement, if the position is one.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, _mode: FindMode) {
    if !pos.unique_assumed() || !pos.is_written() {
        return;
    }
    let Some((cell, digit)) = bug_plus_one(pos) else {
        return;
    };
    let t = Technique::BugPlusOne;
    let mut step = Step::new(t, t.info().points);
    step.placements.push(Placement { cell, digit });
    step.cells = CellSet::single(cell);
    step.digits = pos.candidates(cell);
    step.houses
        .extend(pos.variant().houses_of(cell).iter().copied());
    step.detail = Detail::Bug(Bug { cell, digit });
    out.push(step);
}

/// The trivalue cell and the digit that leaves a BUG when taken out of it.
fn bug_plus_one(pos: &Candidates) -> Option<(Cell, Digit)> {
    let mut odd: Option<Cell> = None;
    for c in pos.empty_cells().iter() {
        match pos.candidates(c).len() {
            2 => {}
            3 if odd.is_none() => odd = Some(c),
            _ => return None,
        }
    }
    let cell = odd?;
    let variant = pos.variant();
    pos.candidates(cell)
        .iter()
        .find(|&d| is_bug_without(pos, variant, cell, d))
        .map(|d| (cell, d))
}

/// Whether every digit has 0 or 2 places in every house once `d` is taken
/// out of `cell` (a digit with no place in a house is placed there: the
/// position is consistent).
fn is_bug_without(pos: &Candidates, variant: Variant, cell: Cell, d: Digit) -> bool {
    for digit in Digit::ALL {
        let mut places = pos.cells_with(digit);
        if digit == d {
            places.remove(cell);
        }
        for &h in variant.houses() {
            if !matches!((places & Variant::house_cells(h)).len(), 0 | 2) {
                return false;
            }
        }
    }
    true
}

/// BUG+1: every empty cell but `cell` holds two candidates and every digit
/// has two places in each house it is missing from; with `digit` taken from
/// `cell` the position would have no or two solutions, so `digit` goes there.
#[derive(Clone, Debug, PartialEq)]
pub struct Bug {
    /// The cell with three candidates.
    pub cell: Cell,
    /// The digit placed (the one with three places in the cell's houses).
    pub digit: Digit,
}

crate::moved_fields!(Bug { cell, digit; });

/// Catalogue entry: BUG+1 (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const BUG_PLUS_ONE: TechniqueInfo = TechniqueInfo {
    technique: Technique::BugPlusOne, name: "bug-plus-one", names: Names { en: "BUG+1", de: "BUG+1 (bivalenter Friedhof plus eins)" },
    family: Family::Uniqueness, phase: Phase::OnCandidates, points: 8.0, se: Some(5.6), finder: find, text: None,
    hodoku: Hodoku { order: Some(2900), level: HodokuLevel::Hard, score: 100 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Uniqueness techniques (unique, hidden and avoidable rectangles, BUG+1) and
    //! the remote pair. The texts say the premise aloud: these deductions hold
    //! because the puzzle has exactly one solution. German in the diagonal
    //! solver's words (Zeile, Spalte, Box, Kandidat, Kette).

    use crate::Step;
    use crate::describe::drawing::Drawing;
    use crate::describe::words::digits;
    use crate::describe::{Describe, Telling};
    use sudoku_core::Lang;
    use sudoku_core::{Cell, Digit, DigitSet};

    /// Explains BUG+1.
    pub(crate) fn bug(
        step: &Step,
        name: &str,
        cell: Cell,
        digit: Digit,
        lang: Lang,
    ) -> Option<String> {
        let others = digits(step.digits - DigitSet::single(digit), lang);
        Some(match lang {
            Lang::En => format!(
                "{name}: every empty cell but {cell} holds two candidates. Without {digit} in {cell}, every digit would have exactly two places in each house it is missing from — a position with no or two solutions (every cell could switch to its other candidate). The puzzle has exactly one, so {cell} is {digit} (not {others})."
            ),
            Lang::De => format!(
                "{name}: Jede leere Zelle außer {cell} enthält zwei Kandidaten. Ohne die {digit} in {cell} hätte jede Zahl in jeder Gruppe, in der sie fehlt, genau zwei Plätze — eine Stellung mit keiner oder zwei Lösungen (jede Zelle könnte zu ihrem anderen Kandidaten wechseln). Das Puzzle hat genau eine, also steht in {cell} die {digit} (nicht {others})."
            ),
        })
    }

    impl Describe for super::Bug {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            bug(step, at.name, self.cell, self.digit, at.lang)
        }

        fn draw(&self, _step: &Step, _out: &mut Drawing) {}
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::techniques::test_util::*;

    // From solving HoDoKu's levels with the premise (tests/scan.rs); the
    // bivalue grave's tests take the same position.
    pub(crate) const P: &str =
        "2617..3483491..756587643219893..416745697182371283659463.....7.97.3...8.1284.7.35";
    pub(crate) const E: &str = "r7c5-25 r7c6-25 r8c5-25";

    #[test]
    fn the_digit_with_three_places_goes_to_the_trivalue_cell() {
        let steps = unique_hits(find, P, E);
        assert_eq!(placements(&steps), ["r7c5=9"]);
        let Detail::Bug(Bug { cell, digit }) = steps[0].detail else {
            panic!("{:?}", steps[0].detail)
        };
        assert_eq!((cell.to_string(), digit.get()), ("r7c5".into(), 9));
        assert_eq!(steps[0].digits.len(), 3);
    }

    #[test]
    fn nothing_without_the_uniqueness_premise_or_a_bug() {
        assert_needs_premise_and_pattern(find, P, E);
    }
}
