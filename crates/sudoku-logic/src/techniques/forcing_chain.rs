//! Sudoku Explainer's forcing X- and XY-chains: one static chain from a candidate (on or off) to its own negation, so the candidate is false (or true).
//!
//! The walk is the chaining engine's "Forcing Chains & Cycles" producer
//! (crate::chaining), which follows Sudoku Explainer's rules.

use crate::Candidates;
use crate::chaining;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Appends the forcing_chain steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let hints = chaining::find_unary(pos, true);
    let before = out.len();
    chaining::push(hints, Technique::ForcingChain, out);
    if mode == FindMode::First {
        out.truncate(before + 1);
    }
}

/// Catalogue entry: Forcing chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const FORCING_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::ForcingChain, name: "forcing-chain", names: Names { en: "Forcing chain", de: "Erzwingende Kette" },
    family: Family::Chain, phase: Phase::OnCandidates, points: 13.0, se: Some(6.6), finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
