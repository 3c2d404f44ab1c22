//! Puzzle generation for every variant: random solution grids, unique and
//! minimal puzzles with a requested clue count, symmetry and difficulty, the
//! reduction analysis of existing puzzles, and unavoidable sets.
//!
//! * [`random_solution`] draws a full grid (randomized fill plus a random
//!   isomorph and relabelling of the variant).
//! * [`Generator`] turns a [`Request`] (variant, [`Symmetry`], clue range,
//!   minimality, [`Level`], points / Sudoku Explainer / HoDoKu bands, required
//!   techniques) into puzzles. Impossible requests are refused by
//!   [`Request::validate`] before any work. Every puzzle is checked unique by
//!   the exact solver and, when a difficulty was asked for, rated by
//!   `sudoku-rate` and checked to lie in the band before it is returned.
//! * [`HardSearch`] reaches the top of Sudoku Explainer's scale (10.0 and
//!   beyond), where fresh grids stall at 9.1: it explores the {-1+1} and
//!   {-2+2} neighbourhoods of hard seeds ([`builtin_seeds`] or the caller's),
//!   screens the neighbours cheaply ([`se_screen`]) and rates the rest
//!   exactly; only puzzles isomorphic to no seed and no earlier neighbour
//!   ([`canonical_key`]) are tried.
//! * [`minimize`], [`reduction_paths`] and [`necessary_givens`] are the
//!   reduction analysis; [`unavoidable_sets`] lists a grid's small unavoidable
//!   sets, which the generator uses to skip hopeless removals.
//! * [`raw_puzzle`] makes *unchecked* puzzles by the naive methods of a 2018
//!   student project ([`RawMethod`]), so its experiments can be repeated.
//!
//! Everything random takes an [`Rng`] seeded by the caller, so a seed gives the
//! same puzzles on every machine.
#![warn(missing_docs)]

mod enumerate;
mod full;
mod generator;
mod hard;
mod minimize;
mod neighbours;
mod raw;
mod reduce;
mod request;
mod screen;
mod singles;
mod symmetry;
mod unavoidable;
mod walk;

pub use full::random_solution;
pub use generator::{Candidate, Generated, Generator, Tally};
pub use hard::{HardSearch, HardStats, Seed, Verdict, builtin_seeds, canonical_key};
pub use minimize::{Reduction, minimize, necessary_givens, reduction_paths};
pub use raw::{RawMethod, raw_puzzle};
pub use reduce::{ReduceStats, Reducer, givens_of, is_minimal};
pub use request::{Band, GenError, Level, Request, UnknownLevel, min_clues};
pub use screen::{Screen, se_screen};
pub use symmetry::{Symmetry, UnknownSymmetry};
pub use unavoidable::{UnavoidableSet, unavoidable_sets};
pub use walk::WalkStats;

/// The random number generator of the crate: small, fast and portable
/// (the same numbers for a seed on every platform).
pub type Rng = rand::rngs::Xoshiro256PlusPlus;

/// The random number generator for item `index` of a run seeded with `seed`, so
/// item *i* is the same however many threads share the work.
///
/// ```
/// let a = sudoku_gen::rng_for(42, 3);
/// let b = sudoku_gen::rng_for(42, 3);
/// assert_eq!(a, b);
/// ```
pub fn rng_for(seed: u64, index: u64) -> Rng {
    use rand::SeedableRng;
    // SplitMix64 of the pair, so neighbouring seeds and indices are unrelated.
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index.wrapping_mul(0xD1B5_4A32_D192_ED03))
        .wrapping_add(0x632B_E59B_D9B4_E019);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Rng::seed_from_u64(z ^ (z >> 31))
}
