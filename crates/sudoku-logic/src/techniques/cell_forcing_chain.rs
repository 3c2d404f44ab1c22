//! Cell forcing chains (the seed's setting and reducing alternative chains): every candidate of one cell implies, along static chains, the same placement or elimination.
//!
//! The search is the chaining engine's (crate::chaining), which follows Sudoku
//! Explainer's rules; this module only chooses the producer and the kind of
//! conclusion, so the table can order the forcing kinds cheapest first.

use crate::Candidates;
use crate::chaining::{self, Kinds};
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Appends the cell_forcing_chain steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    chaining::find_steps(
        pos,
        out,
        mode,
        Technique::CellForcingChain,
        false,
        false,
        0,
        Kinds {
            contradiction: false,
            double: false,
            region: false,
            cell: true,
        },
    );
}

/// Catalogue entry: Cell forcing chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const CELL_FORCING_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::CellForcingChain, name: "cell-forcing-chain", names: Names { en: "Cell forcing chain", de: "Zellen-Alternativkette" },
    family: Family::Forcing, phase: Phase::OnCandidates, points: 15.0, se: Some(8.0), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
