//! Nested rules for the higher chaining levels (SE's "Dynamic Forcing Chains
//! (+)" and nested forcing chains): when a run has nothing pending, other
//! techniques are tried on the board the run has reduced, and their
//! eliminations become off-literals whose parents are the run's removals the
//! technique needed.
//!
//! Not implemented yet: levels ≥ 1 currently propagate like level 0.

use super::engine::{Chain, Engine};
use crate::technique::Technique;

/// Adds the off-literals the level's nested rules find; whether any was added.
pub(crate) fn add_potentials(_eng: &mut Engine, _chain: &mut Chain) -> bool {
    false
}

/// Our technique for a nested rule number.
pub(crate) fn technique_of(rule: u8) -> Technique {
    match rule {
        0 => Technique::Pointing,
        1 => Technique::HiddenPair,
        2 => Technique::NakedPair,
        3 => Technique::XWing,
        4 => Technique::ForcingChain,
        5 => Technique::CellForcingChain,
        _ => Technique::DynamicForcingChain,
    }
}
