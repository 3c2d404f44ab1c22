//! Region forcing chains: every place of a digit in one house implies, along static chains, the same placement or elimination.
//!
//! The search is the chaining engine's (crate::chaining), which follows Sudoku
//! Explainer's rules; this module only chooses the producer and the kind of
//! conclusion, so the table can order the forcing kinds cheapest first.

use crate::Candidates;
use crate::chaining::{self, Kinds};
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Appends the region_forcing_chain steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    chaining::find_steps(
        pos,
        out,
        mode,
        Technique::RegionForcingChain,
        false,
        false,
        0,
        Kinds {
            contradiction: false,
            double: false,
            region: true,
            cell: false,
        },
    );
}

/// Catalogue entry: Region forcing chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const REGION_FORCING_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::RegionForcingChain, name: "region-forcing-chain", names: Names { en: "Region forcing chain", de: "Gruppen-Alternativkette" },
    family: Family::Forcing, phase: Phase::OnCandidates, points: 15.0, se: Some(8.0), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
