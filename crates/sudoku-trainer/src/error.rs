//! The errors of the trainer's operations, each naming what went wrong and where.

use sudoku_core::{Cell, Conflict};

/// Why a trainer operation could not be done.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TrainerError {
    /// Two placed digits clash.
    #[error("the digits clash: {0}")]
    Conflict(#[from] Conflict),
    /// The puzzle (or the puzzle with the entries) has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The search did not finish within its budget.
    #[error("the search did not finish within {limit} steps")]
    StepLimit {
        /// The budget.
        limit: u64,
    },
    /// The player's pencil marks are not a position (a marked cell keeps no
    /// candidate the placed digits allow).
    #[error("the pencil marks: {0}")]
    Marks(#[from] sudoku_logic::CandidatesError),
    /// A given cannot be changed in the solve phase.
    #[error("{cell} holds a given, which cannot be changed while solving")]
    GivenLocked {
        /// The cell.
        cell: Cell,
    },
}
