//! The estimate on HoDoKu's scale: its score (the sum of its per-technique
//! scores along its own solving path) and its five levels.
//!
//! HoDoKu tries techniques in a fixed order (singles, locked candidates, pairs
//! and triples, quads, fish, single-digit patterns, wings, chains, and the
//! forcing chains/nets and brute force of its Extreme level) and takes the
//! first that works; that path is walked with our finders ([`crate::path`]),
//! naked singles before hidden singles as HoDoKu does, which matters for the
//! score (4 against 14 points per placement).
//!
//! Scores are HoDoKu's defaults (the `hodoku` column of the technique table);
//! where HoDoKu has no such technique: locked candidates between two non-box
//! houses 50 like its locked candidates; naked and hidden subsets of five or
//! more cells (which HoDoKu finds as the complementary smaller subset) 150;
//! the single-digit contradiction chain 260 like an X-chain; trial and error
//! 500 at depth 1 and 700 at depth 2 — HoDoKu's forcing chain and forcing
//! net, the techniques its Extreme puzzles need (its brute force, 10000, is a
//! last resort it almost never reaches).
//!
//! Each technique also has a level (HoDoKu's `DifficultyType`): singles Easy;
//! locked candidates, naked and hidden pairs and triples Medium; fish, quads,
//! wings and single-digit patterns (skyscraper, kite, turbot fish, empty
//! rectangle) Hard; chains (X-chains and loops, XY-chains, contradiction
//! chains) and subsets above four Unfair; trial and error Extreme. The level
//! of a puzzle is that of its score, raised to the level of its hardest step.

use crate::levels::HodokuLevel;
use crate::path::{self, Scale};
use sudoku_core::{Grid, Variant};
use sudoku_logic::{Candidates, Detail, LogicError, Step, Technique};

/// A puzzle's estimate on HoDoKu's scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HodokuEstimate {
    /// The sum of the step scores along HoDoKu's path.
    pub score: u32,
    /// The level: by score, never below the hardest step's.
    pub level: HodokuLevel,
}

/// HoDoKu's order of the techniques we have (its default step order).
fn rank(t: Technique) -> f64 {
    let r = match t {
        Technique::WriteCandidates => 0,
        Technique::FullHouse => 1,
        Technique::NakedSingle => 2,
        Technique::HiddenSingle => 3,
        Technique::Pointing | Technique::Claiming | Technique::LockedCandidates => 4,
        Technique::NakedPair => 5,
        Technique::NakedTriple => 6,
        Technique::HiddenPair => 7,
        Technique::HiddenTriple => 8,
        Technique::NakedQuad => 9,
        Technique::HiddenQuad => 10,
        Technique::XWing => 11,
        Technique::Swordfish => 12,
        Technique::Jellyfish => 13,
        Technique::Skyscraper => 14,
        Technique::TwoStringKite => 15,
        Technique::EmptyRectangle => 16,
        Technique::TurbotFish => 17,
        Technique::WWing => 18,
        Technique::XyWing => 19,
        Technique::XyzWing => 20,
        Technique::WxyzWing => 21,
        Technique::XChain | Technique::XLoop => 22,
        Technique::XyChain => 23,
        Technique::DigitContradictionChain => 24,
        Technique::TrialAndError => 30,
        // Subsets above four cells and anything added later.
        _ => 25,
    };
    f64::from(r)
}

/// HoDoKu's score of one step.
pub(crate) fn step_score(step: &Step) -> u32 {
    match (&step.detail, step.technique) {
        (Detail::Trial { depth, .. }, _) => {
            if *depth >= 2 {
                700
            } else {
                500
            }
        }
        (_, Technique::LockedCandidates) => 50,
        (_, Technique::DigitContradictionChain) => 260,
        (_, t) => t
            .info()
            .hodoku
            .unwrap_or(if t == Technique::WriteCandidates {
                0
            } else {
                150
            }),
    }
}

/// HoDoKu's level of a technique.
pub fn technique_level(t: Technique) -> HodokuLevel {
    match t {
        Technique::FullHouse
        | Technique::HiddenSingle
        | Technique::NakedSingle
        | Technique::WriteCandidates => HodokuLevel::Easy,
        Technique::Pointing
        | Technique::Claiming
        | Technique::LockedCandidates
        | Technique::NakedPair
        | Technique::HiddenPair
        | Technique::NakedTriple
        | Technique::HiddenTriple => HodokuLevel::Medium,
        Technique::XWing
        | Technique::Swordfish
        | Technique::Jellyfish
        | Technique::NakedQuad
        | Technique::HiddenQuad
        | Technique::XyWing
        | Technique::XyzWing
        | Technique::WxyzWing
        | Technique::WWing
        | Technique::Skyscraper
        | Technique::TwoStringKite
        | Technique::TurbotFish
        | Technique::EmptyRectangle => HodokuLevel::Hard,
        Technique::TrialAndError => HodokuLevel::Extreme,
        _ => HodokuLevel::Unfair,
    }
}

struct Hodoku;

impl Scale for Hodoku {
    fn floor(&self, t: Technique) -> f64 {
        rank(t)
    }

    fn cost(&self, step: &Step, _pos: &Candidates) -> f64 {
        rank(step.technique)
    }
}

/// The score and level of a list of steps.
pub(crate) fn from_steps<'a>(steps: impl IntoIterator<Item = &'a Step>) -> HodokuEstimate {
    let mut score = 0u32;
    let mut hardest = HodokuLevel::Easy;
    for s in steps {
        score = score.saturating_add(step_score(s));
        hardest = hardest.max(technique_level(s.technique));
    }
    HodokuEstimate {
        score,
        level: HodokuLevel::from_score(score).max(hardest),
    }
}

/// Walks HoDoKu's path. `None` when it does not solve the puzzle.
pub(crate) fn estimate(
    puzzle: &Grid,
    variant: Variant,
) -> Result<Option<HodokuEstimate>, LogicError> {
    let path = path::walk(puzzle, variant, &Hodoku)?;
    Ok(path
        .solved
        .then(|| from_steps(path.steps.iter().map(|s| &s.step))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_is_never_below_the_hardest_step() {
        let single = Step::new(Technique::HiddenSingle, 1.0);
        let wing = Step::new(Technique::XyWing, 6.0);
        let e = from_steps([&single, &single, &wing]);
        assert_eq!(e.score, 14 + 14 + 160);
        assert_eq!(e.level, HodokuLevel::Hard);
        let many: Vec<Step> = vec![single.clone(); 60];
        let e = from_steps(&many);
        assert_eq!(e.score, 840);
        assert_eq!(e.level, HodokuLevel::Medium);
    }

    #[test]
    fn singles_come_before_eliminations_and_chains_after_wings() {
        assert!(rank(Technique::NakedSingle) < rank(Technique::HiddenSingle));
        assert!(rank(Technique::HiddenSingle) < rank(Technique::Pointing));
        assert!(rank(Technique::XyzWing) < rank(Technique::XChain));
        assert!(rank(Technique::XyChain) < rank(Technique::TrialAndError));
    }
}
