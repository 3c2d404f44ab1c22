//! The trainer's engine (SPEC §4, `seeds/sudoku-trainer.de.txt`): everything the
//! trainer page does except HTTP and drawing.
//!
//! * [`evaluate`] computes candidates, necessary numbers, singles, hidden singles
//!   (trainer sense), inadmissible candidates with their [`Reason`]s by the four
//!   [`Criterion`]s, and the first [`Contradiction`], in an [`EvalMode`].
//! * [`Search`] is the step-by-step backtracking search as a state machine with
//!   step and backtrack-run counters and "next solution".
//! * [`level`] gives the five [`Level`]s (the one trainer level of the whole
//!   project) and [`rate`] adds the search statistics the database keeps.
//! * [`Trainer`] is a player's session: entries, [`check`], the two-press manual
//!   step, and a [`hint`] from `sudoku_logic::next_steps`.
//! * [`player_hint`] gives that hint from the player's own position (entries and
//!   pencil marks), naming the first [`Mistake`] in it instead when it has gone
//!   wrong.
//! * [`explain`] renders any of these as English or German text.
//!
//! Every state type is serde-serialisable (see [`wire`] for the JSON shapes) and
//! every operation is total: any grid, any entry, any state read back from JSON.
//! Variants are house lists; no rule here knows which variant it runs on.
#![warn(missing_docs)]

mod error;
mod eval;
pub mod explain;
mod level;
mod player;
mod search;
mod trainer;
pub mod wire;

pub use error::TrainerError;
pub use eval::{
    CellDigit, CellReason, Contradiction, Criterion, EvalMode, Evaluation, Inadmissible, Necessary,
    Reason, evaluate,
};
pub use level::{
    DEFAULT_MAX_STEPS, Level, Rating, UnknownLevel, level, level_of_unique, rate, rate_counted,
    rate_puzzle,
};
pub use player::{
    Mistake, PlayerHint, PlayerPosition, board_of, mistakes, mistakes_against, player_candidates,
    player_hint, player_position,
};
pub use search::{Event, Frame, Move, MoveCounts, MoveKind, Phase, Search, choose, lookahead};
pub use trainer::{CheckReport, Hint, ManualStep, Trainer, check, check_position, hint};
