//! Difficulty ratings read off the logical solver's trace.
//!
//! [`rate`] checks the puzzle (invalid, no solution, several solutions get an
//! [`Assessment`] without a rating), solves it logically and reports a
//! [`Rating`]:
//!
//! * the diagonal solver's points — sum, Euclidean norm and maximum — and its
//!   text level ([`SeedLevel`]), optionally for the 8 rotated and mirrored
//!   copies with their minimum (the seed's "8 VARIANTEN", [`Variants8`]);
//! * the trainer's level ([`TrainerLevel`], the trainer's own search's:
//!   `sudoku_trainer::level_of_unique`);
//! * estimates on Sudoku Explainer's scale ([`SeEstimate`]: ER, EP, ED) and on
//!   HoDoKu's ([`HodokuEstimate`]: score and level), each from the path that
//!   rater would take, walked with our finders in its order;
//! * the number of steps, whether trial and error was needed, and how often
//!   each technique was used.
//!
//! Each of the four scales (our points, the trainer's level, SE, HoDoKu) is
//! its own walk; [`RateOptions::scales`] says which to compute ([`Scales`]).
//!
//! The Sudoku Explainer and HoDoKu paths apply every cheapest hit of a round
//! together, so they are the same for every isomorphic copy of a puzzle; the
//! points are too in synchronous mode.
#![warn(missing_docs)]

pub mod features;
pub mod hodoku;
mod levels;
mod normalised;
mod rating;
mod scales;
pub mod se;

pub use features::{FeatureError, FeatureSet, FeatureSpec, Stage};
pub use hodoku::HodokuEstimate;
pub use levels::SeedLevel;
pub use normalised::normalised_points;
pub use rating::{
    Assessment, RateError, RateOptions, Rating, Variants8, Walk, rate, rate_puzzle, rate_trace,
    rate_trace_in,
};
pub use scales::{Scale, Scales, UnknownScale};
pub use se::{SeEstimate, SePath, SeRule, SeStep};
pub use sudoku_logic::{HodokuLevel, UnknownHodokuLevel};
/// The trainer's five levels, defined once in `sudoku-trainer` (SPEC §4).
pub use sudoku_trainer::Level as TrainerLevel;

/// `walk` of `puzzle` with the uniqueness the exact solver finds (`true`: one
/// solution), which decides whether the uniqueness techniques may run: the
/// public entry points of the SE and HoDoKu walks take no such flag.
fn with_uniqueness<T>(
    puzzle: &sudoku_core::Grid,
    variant: sudoku_core::Variant,
    walk: impl FnOnce(&sudoku_core::Grid, sudoku_core::Variant, bool) -> T,
) -> T {
    walk(
        puzzle,
        variant,
        sudoku_solve::uniqueness(puzzle, variant).is_unique(),
    )
}
