//! A cheap screen before Sudoku Explainer's exact rating: where do the
//! singles, subsets and fish stall, and does a low chaining level crack the
//! position they stall in?
//!
//! The exact rating of a puzzle near the top of the scale walks every
//! producer up to nested forcing chains at every step and takes a second or
//! more; most neighbours of a hard puzzle are rated lower. In the hardest
//! puzzles the hardest step comes early: after a few eliminations by basic
//! techniques, before the first placement (on the forum-hardest lists SE's
//! EP equals its ER almost always). So the screen applies basic techniques
//! until they stall and asks Sudoku Explainer's chaining producers, cheapest
//! first, for a hint in that one position. A hint below the requested floor
//! means the puzzle is very likely rated below it too; no hint up to
//! "Dynamic Forcing Chains (+)" means the first hard step is a nested chain
//! (9.5 and beyond), and only then is the exact rating worth its cost.
//!
//! The screen is an estimate, not a bound: a puzzle whose first chaining step
//! is easy may still need a harder one later. Its recall (the share of
//! puzzles rated at or above a floor that it passes) is measured in
//! BENCHMARKS.md; every puzzle the generator writes is rated exactly.

use sudoku_core::{Grid, Variant};
use sudoku_logic::{
    Candidates, ChainingMode, Family, Technique, first_chain_hint, next_step_among,
};

/// What the screen saw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Screen {
    /// Basic techniques (singles, locked candidates, subsets, basic fish, XY-
    /// and XYZ-wings) solve the puzzle: rated well below any chaining level.
    Basic,
    /// Where the basic techniques stall, Sudoku Explainer's chaining producer
    /// found a hint of this difficulty (the first producer in SE's order that
    /// found one).
    Chain(f64),
    /// No producer asked finds anything where the basic techniques stall:
    /// up to "Dynamic Forcing Chains (+)" (9.0) for a floor above it, the
    /// first hard step is then a nested chain.
    Nested,
}

impl Screen {
    /// Whether a puzzle screened so may be rated `floor` or more by Sudoku
    /// Explainer (by the screen's estimate).
    pub fn may_reach(self, floor: f64) -> bool {
        match self {
            Screen::Basic => floor <= BASIC_MAX,
            Screen::Chain(d) => d >= floor - MARGIN,
            Screen::Nested => true,
        }
    }
}

/// The highest Sudoku Explainer rating of a step of the basic techniques
/// (a jellyfish is 5.2; BUG and the uniqueness steps are not applied here).
const BASIC_MAX: f64 = 6.2;

/// How far below the floor the first chaining step may be: later steps are
/// often harder than the first. Measured on 1,197 minimal {-1+1} neighbours
/// of puzzles rated 10.7 to 11.x (BENCHMARKS.md): with 1.0 the screen passes
/// a third of them and 77 % of those rated 10.0 or more, and a CPU-second
/// finds 17 % more puzzles rated 10.0 or more than rating every neighbour
/// (margins 0, 0.5 and 1.5 find fewer; for a floor of 10.5 it finds 60 %
/// more).
const MARGIN: f64 = 1.0;

/// The chaining producers asked, in SE's order (the nested levels are what
/// the screen stops short of).
const LOW_LEVELS: [ChainingMode; 5] = [
    ChainingMode::ForcingChainsAndCycles,
    ChainingMode::Nishio,
    ChainingMode::Multiple,
    ChainingMode::Dynamic,
    ChainingMode::DynamicPlus,
];

/// Whether `t` is one of the basic techniques the screen applies.
fn basic(t: Technique) -> bool {
    matches!(
        t.info().family,
        Family::Single | Family::Bookkeeping | Family::Intersection | Family::Subset
    ) || matches!(
        t,
        Technique::XWing
            | Technique::Swordfish
            | Technique::Jellyfish
            | Technique::XyWing
            | Technique::XyzWing
    )
}

/// Screens a unique standard puzzle with the chaining producers up to (and
/// including) the first whose base difficulty reaches `floor` — a harder
/// producer cannot give a hint below the floor.
pub fn se_screen(puzzle: &Grid, floor: f64) -> Screen {
    let Ok(mut pos) = Candidates::new(puzzle, Variant::Standard) else {
        return Screen::Basic;
    };
    pos.write_candidates();
    pos.assume_unique(true);
    while let Some(step) = next_step_among(&pos, &basic) {
        if pos.apply(&step).is_err() {
            return Screen::Basic;
        }
    }
    if pos.is_solved() {
        return Screen::Basic;
    }
    for mode in LOW_LEVELS {
        if let Some(h) = first_chain_hint(&pos, mode) {
            return Screen::Chain(h.se_difficulty);
        }
        if base(mode) >= floor {
            break;
        }
    }
    Screen::Nested
}

/// The base difficulty of a producer's hints (the length increments only add
/// to it).
fn base(mode: ChainingMode) -> f64 {
    match mode {
        ChainingMode::ForcingChainsAndCycles => 6.5,
        ChainingMode::Nishio => 7.5,
        ChainingMode::Multiple => 8.0,
        ChainingMode::Dynamic => 8.5,
        ChainingMode::DynamicPlus => 9.0,
        ChainingMode::Nested(l) => 9.5 + 0.5 * f64::from(l.saturating_sub(2)),
    }
}
