//! Double implication (verity): a candidate on and the same candidate off both imply, along dynamic chains, the same placement or elimination.
//!
//! The search is the chaining engine's (crate::chaining), which follows Sudoku
//! Explainer's rules; this module only chooses the producer and the kind of
//! conclusion, so the table can order the forcing kinds cheapest first.

use crate::Candidates;
use crate::chaining::{self, Kinds};
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Appends the double_implication_chain steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    chaining::find_steps(
        pos,
        out,
        mode,
        Technique::DoubleImplicationChain,
        true,
        false,
        0,
        Kinds {
            contradiction: false,
            double: true,
            region: false,
            cell: false,
        },
    );
}

/// Catalogue entry: Double implication chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DOUBLE_IMPLICATION_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::DoubleImplicationChain, name: "double-implication-chain", names: Names { en: "Double implication chain", de: "Doppelte Implikationskette" },
    family: Family::Forcing, phase: Phase::OnCandidates, points: 16.5, se: Some(8.5), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
