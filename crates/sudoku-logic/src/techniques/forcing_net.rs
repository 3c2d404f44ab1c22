//! Forcing nets with nested rules (SE's "Dynamic Forcing Chains (+)"): dynamic chains of every kind that also use locked candidates, hidden and naked pairs and X-wings found on the way.
//!
//! The search is the chaining engine's (crate::chaining), which follows Sudoku
//! Explainer's rules; this module only chooses the producer and the kind of
//! conclusion, so the table can order the forcing kinds cheapest first.

use crate::Candidates;
use crate::chaining::{self, Kinds};
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Appends the forcing_net steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    chaining::find_steps(
        pos,
        out,
        mode,
        Technique::ForcingNet,
        true,
        false,
        1,
        Kinds::ALL,
    );
}

/// Catalogue entry: Forcing net (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FORCING_NET: TechniqueInfo = TechniqueInfo {
    technique: Technique::ForcingNet, name: "forcing-net", names: Names { en: "Forcing net", de: "Erzwingendes Netz" },
    family: Family::Forcing, phase: Phase::OnCandidates, points: 18.0, se: Some(9.0), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
