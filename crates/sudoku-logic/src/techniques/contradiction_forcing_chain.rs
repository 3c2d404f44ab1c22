//! Contradiction forcing chains (the seed's Bowman's Bingo, unbounded): assuming a candidate on (or off) implies, with removed candidates staying removed, some candidate both on and off; so the assumption is false.
//!
//! The search is the chaining engine's (crate::chaining), which follows Sudoku
//! Explainer's rules; this module only chooses the producer and the kind of
//! conclusion, so the table can order the forcing kinds cheapest first.

use crate::Candidates;
use crate::chaining::{self, Kinds};
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Appends the contradiction_forcing_chain steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find_contradictions(pos, out, mode, Technique::ContradictionForcingChain, false);
}

/// Appends the steps of the dynamic producer that end in a contradiction, as
/// `technique`; with `nishio` over single-digit links only (the
/// `nishio_forcing_chain` row).
pub(crate) fn find_contradictions(
    pos: &Candidates,
    out: &mut Vec<Step>,
    mode: FindMode,
    technique: Technique,
    nishio: bool,
) {
    chaining::find_steps(
        pos,
        out,
        mode,
        technique,
        true,
        nishio,
        0,
        Kinds {
            contradiction: true,
            double: false,
            region: false,
            cell: false,
        },
    );
}

/// Catalogue entry: Contradiction forcing chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const CONTRADICTION_FORCING_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::ContradictionForcingChain, name: "contradiction-forcing-chain", names: Names { en: "Contradiction forcing chain", de: "Widerspruchskette" },
    family: Family::Forcing, phase: Phase::OnCandidates, points: 16.0, se: Some(8.5), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
