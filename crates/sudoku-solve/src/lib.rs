//! Exact Sudoku solving for every variant: the first solution, the number of
//! solutions (optionally capped), uniqueness, and all solutions one after another.
//!
//! The public functions take the plain [`Grid`] and a [`Variant`]; the search works
//! on private boards. Standard Sudoku is counted by the box-major triad solver
//! (`triad`, the fastest we have); the variants use per-digit 81-bit masks over the
//! variant's house list (`generic`). Enumeration in a documented order uses band
//! masks (`standard`) or the house-list board, walked by one resumable depth-first
//! search (`search`). [`reference`](mod@reference) holds a
//! naive solver kept only as the oracle the fast one is tested against.
//!
//! Every function is total: any [`Grid`] is accepted, and givens that clash simply
//! give no solution.
//!
//! ```
//! use sudoku_core::{parse_line, Variant};
//! use sudoku_solve::{count, uniqueness, Uniqueness};
//! let p = parse_line(
//!     "000000003007000009063007000000026800400000000000009200000240010180000040070100060",
//! ).unwrap().grid;
//! assert_eq!(count(&p, Variant::Standard, None), 127);
//! assert!(matches!(uniqueness(&p, Variant::Standard), Uniqueness::Multiple(_)));
//! ```
#![warn(missing_docs)]

mod enumerate;
mod generic;
pub mod reference;
mod search;
mod standard;
#[allow(dead_code)]
mod triad;

pub use enumerate::Solutions;

use generic::HouseBoard;
use search::{Order, Search};
use sudoku_core::{Grid, Variant};

/// How many solutions a puzzle has, with the first one found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Uniqueness {
    /// No solution.
    None,
    /// Exactly one solution.
    Unique(Grid),
    /// Two or more; the first solution in the solver's order.
    Multiple(Grid),
}

impl Uniqueness {
    /// Whether there is exactly one solution.
    pub fn is_unique(&self) -> bool {
        matches!(self, Uniqueness::Unique(_))
    }
}

/// Runs the fastest search for `variant`: counts up to `limit` solutions and keeps
/// the first.
fn run(puzzle: &Grid, variant: Variant, limit: u64) -> (u64, Option<Grid>) {
    if limit == 0 {
        return (0, None);
    }
    match variant {
        Variant::Standard if givens_clash(puzzle) => (0, None),
        Variant::Standard => triad::count_triad(puzzle, limit),
        _ => Search::new(HouseBoard::new(puzzle, variant), Order::Fast).count(limit),
    }
}

/// Whether two givens of `puzzle` share a row, column or box. The triad solver
/// expects consistent givens (a clash would otherwise surface only deep in the
/// search), so this cheap test runs first: one pass with a digit mask per house.
fn givens_clash(puzzle: &Grid) -> bool {
    let values = puzzle.values();
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    let mut clash = 0u16;
    // Branch-free: an empty cell (value 0) contributes bit 0, which is masked off.
    for r in 0..9 {
        for c in 0..9 {
            let bit = (1u16 << values[r * 9 + c]) & 0x3fe;
            let b = r / 3 * 3 + c / 3;
            clash |= (rows[r] | cols[c] | boxes[b]) & bit;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    clash != 0
}

/// The first solution of `puzzle` as `variant`, if any.
///
/// Which solution is "first" is the fast solver's business; use [`Solutions`] for a
/// documented order.
pub fn solve(puzzle: &Grid, variant: Variant) -> Option<Grid> {
    run(puzzle, variant, 1).1
}

/// The number of solutions of `puzzle` as `variant`, counting no further than
/// `limit` when given.
pub fn count(puzzle: &Grid, variant: Variant, limit: Option<u64>) -> u64 {
    run(puzzle, variant, limit.unwrap_or(u64::MAX)).0
}

/// Whether `puzzle` has no, one or several solutions as `variant`, in one search
/// that stops at the second solution.
pub fn uniqueness(puzzle: &Grid, variant: Variant) -> Uniqueness {
    match run(puzzle, variant, 2) {
        (1, Some(s)) => Uniqueness::Unique(s),
        (2, Some(s)) => Uniqueness::Multiple(s),
        _ => Uniqueness::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use standard::BandBoard;
    use sudoku_core::parse_line;

    /// Regression: clashing givens in an almost empty grid sent the triad solver
    /// into an exhaustive search (79 s) before the clash test ran first.
    #[test]
    fn clashing_sparse_givens_answer_at_once() {
        let p = parse_line(
            "...7.....2..7..........1..6.63.......1...........................................",
        )
        .unwrap()
        .grid;
        assert_eq!(count(&p, Variant::Standard, Some(2)), 0);
        assert_eq!(solve(&p, Variant::Standard), None);
        assert_eq!(uniqueness(&p, Variant::Standard), Uniqueness::None);
    }

    /// The house-list board, run on standard Sudoku, agrees with the band board.
    #[test]
    fn both_boards_agree_on_standard() {
        let lines = [
            "000000003007000009063007000000026800400000000000009200000240010180000040070100060",
            "000000089406009200000630000000000050000004000001720030010000008075000000032070060",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
            "000490062000000017130005000000000070360700490000000000600000900800000000002300700",
        ];
        for line in lines {
            let p = parse_line(line).unwrap().grid;
            for order in [Order::Fast, Order::Lexicographic] {
                let fast = Search::new(BandBoard::new(&p), order).count(2000);
                let generic =
                    Search::new(HouseBoard::new(&p, Variant::Standard), order).count(2000);
                assert_eq!(fast.0, generic.0, "{line}");
                if order == Order::Lexicographic {
                    assert_eq!(fast.1, generic.1, "{line}");
                }
            }
        }
    }
}
