//! Nested forcing chains (Sudoku Explainer's levels 2 to 5, rated 9.5 to
//! 11.0 and more there): dynamic chains whose implications may also come from
//! whole forcing chains found in the position the branch has reduced — static
//! forcing chains (level 2), cell and region forcing chains (level 3), dynamic
//! forcing chains (level 4) and nested chains of level 2 (level 5).
//!
//! The search is the chaining engine's (crate::chaining), which follows Sudoku
//! Explainer's rules; this module asks the levels in turn, cheapest first, and
//! reports the steps of the first level that has any. These are what lets the
//! hardest known puzzles be solved without trial and error.

use crate::Candidates;
use crate::chaining::{self, Kinds};
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// The nesting levels tried, in order.
const LEVELS: [u8; 4] = [2, 3, 4, 5];

/// Appends the nested forcing chain steps of `pos` (Sudoku Explainer's order)
/// of the lowest level that has any. Only on puzzles the exact solver has
/// found unique (as for the uniqueness techniques): on a wide-open position
/// of a puzzle with many solutions a nested search runs at every quiet point
/// of hundreds of runs and would take minutes to prove little; trial and
/// error ends such solves.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    if !pos.unique_assumed() {
        return;
    }
    for level in LEVELS {
        let before = out.len();
        chaining::find_steps(
            pos,
            out,
            mode,
            Technique::NestedForcingChain,
            true,
            false,
            level,
            Kinds::ALL,
        );
        if out.len() > before {
            return;
        }
    }
}

/// Catalogue entry: Nested forcing chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NESTED_FORCING_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::NestedForcingChain, name: "nested-forcing-chain", names: Names { en: "Nested forcing chain", de: "Verschachtelte Alternativkette" },
    family: Family::Forcing, phase: Phase::OnCandidates, points: 19.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
