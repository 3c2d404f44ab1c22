//! Dynamic cell and region forcing chains (forcing nets): like the static ones, but an implication may use what earlier implications of the same branch removed.
//!
//! The search is the chaining engine's (crate::chaining), which follows Sudoku
//! Explainer's rules; this module only chooses the producer and the kind of
//! conclusion, so the table can order the forcing kinds cheapest first.

use crate::Candidates;
use crate::chaining::{self, Kinds};
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Appends the dynamic_forcing_chain steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    chaining::find_steps(
        pos,
        out,
        mode,
        Technique::DynamicForcingChain,
        true,
        false,
        0,
        Kinds {
            contradiction: false,
            double: false,
            region: true,
            cell: true,
        },
    );
}

/// Catalogue entry: Dynamic forcing chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const DYNAMIC_FORCING_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::DynamicForcingChain, name: "dynamic-forcing-chain", names: Names { en: "Dynamic forcing chain", de: "Dynamische Alternativkette" },
    family: Family::Forcing, phase: Phase::OnCandidates, points: 17.0, se: Some(8.5), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
