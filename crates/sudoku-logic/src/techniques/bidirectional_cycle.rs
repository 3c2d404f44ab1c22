//! Sudoku Explainer's bidirectional cycles (X-, Y- and XY-cycles): a static loop of alternating implications from a candidate back to itself; a candidate seeing an on and an off node of its digit in the loop goes.
//!
//! The walk is the chaining engine's "Forcing Chains & Cycles" producer
//! (crate::chaining), which follows Sudoku Explainer's rules.

use crate::Candidates;
use crate::chaining;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};

/// Appends the bidirectional_cycle steps of `pos` (Sudoku Explainer's order).
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let hints = chaining::find_unary(pos, true);
    let before = out.len();
    chaining::push(hints, Technique::BidirectionalCycle, out);
    if mode == FindMode::First {
        out.truncate(before + 1);
    }
}

/// Catalogue entry: Bidirectional cycle (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const BIDIRECTIONAL_CYCLE: TechniqueInfo = TechniqueInfo {
    technique: Technique::BidirectionalCycle, name: "bidirectional-cycle", names: Names { en: "Bidirectional cycle", de: "Geschlossene Implikationskette" },
    family: Family::Chain, phase: Phase::OnCandidates, points: 12.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: None, level: HodokuLevel::Unfair, score: 150 },
};
