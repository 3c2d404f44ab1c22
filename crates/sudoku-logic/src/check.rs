//! Self-check: every step verified against the true solution.
//!
//! Soundness is the one property a logical solver may never lose. With the
//! solution at hand (from the exact solver), a step is wrong if it places a digit
//! the solution does not have there or eliminates the digit it does have. The
//! solver runs this check before applying each step when asked to and stops with
//! an error naming the technique and the step instead of carrying on.

use crate::step::Step;
use crate::technique::Technique;
use sudoku_core::{Cell, Digit, Grid};

/// What a wrong step did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// It placed a digit the solution does not have in that cell.
    WrongPlacement,
    /// It eliminated the solution's digit.
    TrueDigitEliminated,
}

/// A step that contradicts the true solution.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "step {index} ({technique}) is unsound: {violation:?} of {digit} in {cell} (solution has {truth})"
)]
pub struct Unsound {
    /// The 0-based index of the step in the trace.
    pub index: usize,
    /// The technique that produced it.
    pub technique: Technique,
    /// What went wrong.
    pub violation: Violation,
    /// The cell.
    pub cell: Cell,
    /// The digit placed or eliminated.
    pub digit: Digit,
    /// The solution's digit in that cell.
    pub truth: Digit,
}

/// Checks `step` (the `index`-th of its trace) against `solution`.
pub fn check_step(step: &Step, solution: &Grid, index: usize) -> Result<(), Unsound> {
    let truth = |cell: Cell| solution.get(cell);
    for p in &step.placements {
        if let Some(t) = truth(p.cell)
            && t != p.digit
        {
            return Err(Unsound {
                index,
                technique: step.technique,
                violation: Violation::WrongPlacement,
                cell: p.cell,
                digit: p.digit,
                truth: t,
            });
        }
    }
    for e in &step.eliminations {
        if truth(e.cell) == Some(e.digit) {
            return Err(Unsound {
                index,
                technique: step.technique,
                violation: Violation::TrueDigitEliminated,
                cell: e.cell,
                digit: e.digit,
                truth: e.digit,
            });
        }
    }
    Ok(())
}
