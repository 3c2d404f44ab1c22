//! Nishio: a candidate whose assumption leads, over single-digit links only and with removed candidates staying removed, to a candidate both on and off.
//!
//! The search is the chaining engine's (crate::chaining), which follows Sudoku
//! Explainer's rules; this module only chooses the producer and the kind of
//! conclusion, so the table can order the forcing kinds cheapest first.

use super::contradiction_forcing_chain::find_contradictions;
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Appends the nishio_forcing_chain steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find_contradictions(pos, out, mode, Technique::NishioForcingChain, true);
}

/// Catalogue entry: Nishio forcing chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NISHIO_FORCING_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::NishioForcingChain, name: "nishio-forcing-chain", names: Names { en: "Nishio forcing chain", de: "Nishio-Kette" },
    family: Family::Forcing, phase: Phase::OnCandidates, points: 14.0, se: Some(7.5), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
