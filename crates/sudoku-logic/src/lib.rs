//! Human-style logical solving for every variant: the techniques a strong person
//! uses, each producing data ([`Step`]) rather than text, applied in a fixed
//! difficulty order by [`solve_logically`].
//!
//! * [`Candidates`] is the position (placed digits, candidates, whether they are
//!   written).
//! * [`TABLE`] lists every [`Technique`] in difficulty order with its name, family,
//!   points and finder; one module per technique under `techniques/`.
//! * [`solve_logically`] walks the table (non-synchronous or synchronous
//!   [`Mode`]) and returns a [`Trace`]; with the true solution in [`Options`] it
//!   checks every step ([`check_step`]) and refuses to continue past a wrong one.
//!
//! The uniqueness techniques (unique, hidden and avoidable rectangles, BUG+1)
//! hold only for puzzles with exactly one solution: they find nothing unless
//! the position declares it ([`Candidates::assume_unique`], set by
//! [`Options::unique`]), which callers do after an exact solver's check.
//!
//! Every technique iterates the variant's houses, so diagonal, colour and
//! colour-diagonal Sudoku need no special code. Rendering explanations, rating
//! and hints live in other layers that read the trace.
#![warn(missing_docs)]

mod candidates;
mod chaining;
mod check;
pub mod describe;
mod fast_hash;
mod hodoku_level;
mod implication;
mod selection;
mod solver;
mod step;
mod technique;
mod techniques;
mod transformed;
pub mod walk;

pub use candidates::{ApplyError, Candidates, CandidatesError, Contradiction};
pub use chaining::{
    ChainHint, ChainingMode, chain_hints, first_chain_hint, se_difficulty, se_length_increment,
};
pub use check::{Unsound, Violation, check_step};
pub use describe::drawing::{CellRole, HouseRole, MarkRole, Shape};
pub use describe::{Describe, Telling};
pub use hodoku_level::{HodokuLevel, UnknownHodokuLevel};
pub use implication::{Branch, Cause, Forcing, ForcingKind, ImplicationNode, Literal};
pub use selection::{Selection, SelectionError};
pub use solver::{
    DirectMethods, LogicError, Mode, Options, Orientation, PointsScale, all_steps, next_round,
    next_round_among, next_step_among, next_steps, round_steps, solve_logically,
};
pub use step::{
    AlsSet, ChainNode, ColoringKind, Detail, DirectKind, DirectReason, Elimination, GraveKind,
    GroupRole, Link, LinkKind, LoopKind, MedusaRule, NiceLoopKind, Outcome, PatternGroup,
    Placement, RectangleKind, Step, SubsetView, Trace,
};
pub use technique::{
    Family, FindMode, Finder, Hodoku, Names, Phase, StepText, TABLE, Technique, TechniqueInfo,
    UnknownTechnique,
};
pub use techniques::aligned_exclusion::AlignedExclusion;
pub use techniques::als::AlsChain;
pub use techniques::basic_fish::Fish;
pub use techniques::bivalue_grave::BivalueGrave;
pub use techniques::bug::Bug;
pub use techniques::coloring::Coloring;
pub use techniques::contradiction_chain::DigitContradiction;
pub use techniques::death_blossom::DeathBlossom;
pub use techniques::direct::Direct;
pub use techniques::empty_rectangle::Dual;
pub use techniques::empty_rectangle::EmptyRectangle;
pub use techniques::finned_fish::FinnedFish;
pub use techniques::hidden_single::Single;
pub use techniques::kraken_fish::KrakenFish;
pub use techniques::locked_candidates::Intersection;
pub use techniques::locked_subset::LockedSubset;
pub use techniques::medusa::Medusa;
pub use techniques::naked_subset::{Subset, subset_technique};
pub use techniques::nice_loop::NiceLoop;
pub use techniques::pincer::SeesAllPlaces;
pub use techniques::remote_pair::RemotePair;
pub use techniques::sue_de_coq::SueDeCoq;
pub use techniques::templates::Template;
pub use techniques::trial_and_error::TrialAndError;
pub use techniques::unique_loop::UniqueLoop;
pub use techniques::unique_rectangle::UniqueRectangle;
pub use techniques::w_wing::WWing;
pub use techniques::write_candidates::WriteCandidates;
pub use techniques::x_chain::SingleDigitChain;
pub use techniques::xy_chain::XyChain;
pub use techniques::xy_chain::se_value as xy_chain_se;
pub use techniques::xy_wing::Wing;
pub use transformed::Moved;
