//! Nested forcing chains (SE's levels 2 and up): dynamic chains whose implications may come from whole forcing chains found in the branch's position.
//!
//! The search is the chaining engine's (crate::chaining), which follows Sudoku
//! Explainer's rules; this module only chooses the producer and the kind of
//! conclusion, so the table can order the forcing kinds cheapest first.

use crate::Candidates;
use crate::chaining::{self, Kinds};
use crate::step::Step;
use crate::technique::{FindMode, Technique};

/// Appends the nested_forcing_chain steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    chaining::find_steps(
        pos,
        out,
        mode,
        Technique::NestedForcingChain,
        true,
        false,
        2,
        Kinds::ALL,
    );
}
