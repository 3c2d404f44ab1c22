//! The trainer's five levels, computed by running its own search (SPEC §4):
//! the one definition of "the trainer level" that `rate`, `gen --level`, print
//! titles, the trainer page and the database all use.
//!
//! The search runs once in Lazy mode, which reaches for the least machinery at
//! every position: a necessary number if one shows among the plain candidates,
//! else a single, else inadmissible candidates (a hidden single or a necessary
//! number that needs them), else a guess. The hardest kind it needed decides the
//! level; several solutions (counted by the exact solver) make a puzzle extremely
//! hard. A second run in Strict mode gives the step count of the database's
//! "steps (strict)" column.

use crate::error::TrainerError;
use crate::eval::EvalMode;
use crate::search::{Event, MoveCounts, MoveKind, Phase, Search};
use serde::{Deserialize, Serialize};
use sudoku_core::{Grid, Variant};
use sudoku_solve::{Uniqueness, uniqueness};

/// The trainer's difficulty levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Necessary numbers suffice (Leicht).
    Easy,
    /// At least one single is needed (Mittel).
    Medium,
    /// At least one hidden single, i.e. inadmissible candidates, is needed; no
    /// backtracking (Schwer).
    Hard,
    /// A guess is needed: backtracking (Sehr schwer).
    VeryHard,
    /// Several solutions (Extrem schwer).
    ExtremelyHard,
}

impl Level {
    /// All levels, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::VeryHard,
        Level::ExtremelyHard,
    ];

    /// The level the placements of a solving run call for.
    pub fn from_counts(counts: &MoveCounts, several_solutions: bool) -> Level {
        if several_solutions {
            Level::ExtremelyHard
        } else if counts.guess > 0 {
            Level::VeryHard
        } else if counts.hidden_single > 0 || counts.necessary_indirect > 0 {
            Level::Hard
        } else if counts.single > 0 {
            Level::Medium
        } else {
            Level::Easy
        }
    }

    /// Whether it can be solved without backtracking (the generator's "fair").
    pub fn is_fair(self) -> bool {
        self <= Level::Hard
    }

    /// The name used in files and JSON: `easy`, `medium`, `hard`, `very-hard`,
    /// `extremely-hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::VeryHard => "very-hard",
            Level::ExtremelyHard => "extremely-hard",
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The text given is not a level's name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown level '{0}' (expected easy, medium, hard, very-hard or extremely-hard, or the German leicht, mittel, schwer, sehr schwer, extrem schwer)"
)]
pub struct UnknownLevel(pub String);

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    /// Accepts the English names (with `-`, `_` or a space between words) and the
    /// original trainer's German ones, case-insensitively.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let key: String = s
            .trim()
            .to_lowercase()
            .split(|c: char| c == '-' || c == '_' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        match key.as_str() {
            "easy" | "leicht" => Ok(Level::Easy),
            "medium" | "mittel" => Ok(Level::Medium),
            "hard" | "schwer" => Ok(Level::Hard),
            "very hard" | "sehr schwer" => Ok(Level::VeryHard),
            "extremely hard" | "extrem schwer" => Ok(Level::ExtremelyHard),
            _ => Err(UnknownLevel(s.to_string())),
        }
    }
}

/// The level and the search statistics the puzzle database stores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating {
    /// The level.
    pub level: Level,
    /// Whether the puzzle has exactly one solution.
    pub unique: bool,
    /// Steps of the Lazy search to the first solution.
    pub steps_lazy: u64,
    /// Steps of the Strict search to the first solution.
    pub steps_strict: u64,
    /// Backtrack runs of the Lazy search (the Strict search makes as many).
    pub backtrack_runs: u64,
    /// Backtrack runs of the Strict search.
    pub backtrack_runs_strict: u64,
    /// The Lazy search's placements by kind.
    pub counts: MoveCounts,
}

/// The trainer level of `puzzle`, which must have exactly one solution (the
/// caller has counted them): the Lazy search is stepped until it solves the
/// puzzle or needs its first guess. That is the level of a whole Lazy run
/// ([`Level::from_counts`]): a run that guesses once is very hard whatever
/// follows, and one that never guesses places every digit by the criteria.
/// Without a guess the search makes at most 81 placements, so this is cheap
/// even for puzzles whose full search would backtrack for a long time. The
/// criteria are sound and only grow with more placements, so every isomorphic
/// copy of a puzzle gets the same level.
///
/// `None` when the search runs into a contradiction before any guess (the
/// puzzle has no solution after all).
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_trainer::{level_of_unique, Level};
/// // AI Escargot: beyond the trainer's four criteria.
/// let p: Grid = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
///     .parse().unwrap();
/// assert_eq!(level_of_unique(&p, Variant::Standard), Some(Level::VeryHard));
/// ```
pub fn level_of_unique(puzzle: &Grid, variant: Variant) -> Option<Level> {
    let mut search = Search::new(puzzle, variant, EvalMode::Lazy, 0);
    loop {
        match search.step() {
            Event::Placed { mv } if matches!(mv.kind, MoveKind::Guess { .. }) => {
                return Some(Level::VeryHard);
            }
            Event::Placed { .. } => {}
            Event::Solved { .. } => return Some(Level::from_counts(&search.counts(), false)),
            Event::Undone { .. } | Event::Exhausted => return None,
        }
    }
}

/// The trainer level of any puzzle: checked, its solutions counted (several
/// make it extremely hard), then [`level_of_unique`].
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_trainer::{level, Level};
/// let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// assert_eq!(level(&p, Variant::Standard), Ok(Level::Easy));
/// ```
pub fn level(puzzle: &Grid, variant: Variant) -> Result<Level, TrainerError> {
    puzzle.check(variant)?;
    match uniqueness(puzzle, variant) {
        Uniqueness::None => Err(TrainerError::NoSolution),
        Uniqueness::Multiple(_) => Ok(Level::ExtremelyHard),
        Uniqueness::Unique(_) => level_of_unique(puzzle, variant).ok_or(TrainerError::NoSolution),
    }
}

/// The default budget of search steps for [`rate`]; far above what any puzzle of
/// the data sets needs.
pub const DEFAULT_MAX_STEPS: u64 = 2_000_000;

/// Rates `puzzle` as `variant`: the level and the search statistics of a Lazy and
/// a Strict run guessing by `seed`, each limited to `max_steps` steps.
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_trainer::{rate, Level};
/// let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let r = rate(&p, Variant::Standard, 0, 100_000).unwrap();
/// assert_eq!(r.level, Level::Easy);
/// ```
pub fn rate(
    puzzle: &Grid,
    variant: Variant,
    seed: u64,
    max_steps: u64,
) -> Result<Rating, TrainerError> {
    puzzle.check(variant)?;
    rate_checked(puzzle, variant, seed, max_steps)
}

/// [`rate`] of a checked puzzle: its givens are not checked again.
pub fn rate_puzzle(
    puzzle: &sudoku_core::Puzzle,
    seed: u64,
    max_steps: u64,
) -> Result<Rating, TrainerError> {
    rate_checked(puzzle.grid(), puzzle.variant(), seed, max_steps)
}

/// Counts the solutions of checked givens, then the two searches.
fn rate_checked(
    puzzle: &Grid,
    variant: Variant,
    seed: u64,
    max_steps: u64,
) -> Result<Rating, TrainerError> {
    let several = match uniqueness(puzzle, variant) {
        Uniqueness::None => return Err(TrainerError::NoSolution),
        Uniqueness::Unique(_) => false,
        Uniqueness::Multiple(_) => true,
    };
    rate_counted(puzzle, variant, several, seed, max_steps)
}

/// [`rate`] of a puzzle whose givens are checked and whose solutions are
/// counted already (`several`: more than one): the Lazy and Strict searches
/// alone.
pub fn rate_counted(
    puzzle: &Grid,
    variant: Variant,
    several: bool,
    seed: u64,
    max_steps: u64,
) -> Result<Rating, TrainerError> {
    let lazy = solve_run(puzzle, variant, EvalMode::Lazy, seed, max_steps)?;
    let strict = solve_run(puzzle, variant, EvalMode::StrictPlus, seed, max_steps)?;
    Ok(Rating {
        level: Level::from_counts(&lazy.counts(), several),
        unique: !several,
        steps_lazy: lazy.steps(),
        steps_strict: strict.steps(),
        backtrack_runs: lazy.backtrack_runs(),
        backtrack_runs_strict: strict.backtrack_runs(),
        counts: lazy.counts(),
    })
}

fn solve_run(
    puzzle: &Grid,
    variant: Variant,
    mode: EvalMode,
    seed: u64,
    max_steps: u64,
) -> Result<Search, TrainerError> {
    let mut search = Search::new(puzzle, variant, mode, seed);
    match search.run(max_steps) {
        Phase::Solved => Ok(search),
        Phase::Exhausted => Err(TrainerError::NoSolution),
        Phase::Forward | Phase::Backward => Err(TrainerError::StepLimit { limit: max_steps }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_names() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
        }
        assert_eq!("Sehr schwer".parse::<Level>(), Ok(Level::VeryHard));
        assert_eq!("EXTREMELY_HARD".parse::<Level>(), Ok(Level::ExtremelyHard));
        assert!("fiendish".parse::<Level>().is_err());
    }
}
