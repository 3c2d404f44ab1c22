//! The rating of one puzzle: status check, the logical solve in the chosen
//! mode, and every number read off it (see the crate documentation).

use crate::hodoku::{self, HodokuEstimate};
use crate::levels::{SeedLevel, TrainerLevel};
use crate::path::TrialCache;
use crate::se::{self, SeEstimate};
use sudoku_core::{Conflict, Grid, Transform, Variant};
use sudoku_logic::{
    Detail, DirectMethods, Family, LogicError, Mode, Options, Orientation, Technique, Trace,
    solve_logically,
};
use sudoku_solve::Uniqueness;

/// What to compute.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RateOptions {
    /// How many hits of a round the solver applies (the seed's four modes).
    pub mode: Mode,
    /// Which grid every walk takes: the canonical orientation (the default:
    /// every isomorphic copy gets the same rating, Sudoku Explainer's and
    /// HoDoKu's estimates included) or the grid as given (Sudoku Explainer's
    /// own figure for exactly this grid).
    pub orientation: Orientation,
    /// Which of the seed's direct methods C and D may place digits.
    pub direct: DirectMethods,
    /// Also rate the 8 rotated and mirrored copies, each walked as given (the
    /// seed's "8 VARIANTEN"; 8 times the work).
    pub variants8: bool,
}

/// Why a puzzle cannot be rated at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RateError {
    /// Two givens clash.
    #[error("invalid puzzle: {0}")]
    Invalid(#[from] Conflict),
    /// The logical solver failed otherwise.
    #[error(transparent)]
    Logic(LogicError),
}

impl From<LogicError> for RateError {
    fn from(e: LogicError) -> RateError {
        match e {
            LogicError::Invalid(c) => RateError::Invalid(c),
            other => RateError::Logic(other),
        }
    }
}

/// The points of the 8 rotated and mirrored copies of a puzzle, each walked as
/// given (the seed's "8 VARIANTEN": the seed's points depend on how the grid is
/// turned, the canonical rating does not), in the order of
/// [`Transform::dihedral`] (the first is the puzzle itself).
#[derive(Clone, Debug, PartialEq)]
pub struct Variants8 {
    /// The total points of each copy; `None` where the transform does not keep
    /// the variant's houses or the copy was not solved.
    pub points: [Option<f64>; 8],
    /// The smallest of them.
    pub min: f64,
}

/// Every number rated for a unique puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// Whether the logical solver solved it (always, short of a bug: trial and
    /// error is the last resort). Unsolved ratings cover the steps made.
    pub solved: bool,
    /// The sum of the step points (the diagonal solver's scale).
    pub points: f64,
    /// The Euclidean norm of the step points.
    pub norm2: f64,
    /// The largest step points.
    pub max: f64,
    /// The text level of `points`.
    pub level: SeedLevel,
    /// The trainer's level.
    pub trainer_level: TrainerLevel,
    /// Sudoku Explainer estimate; `None` when its path did not solve it.
    pub se: Option<SeEstimate>,
    /// HoDoKu estimate; `None` when its path did not solve it.
    pub hodoku: Option<HodokuEstimate>,
    /// The number of steps (writing candidates included).
    pub steps: usize,
    /// False when trial and error was needed.
    pub logic_only: bool,
    /// How often each technique was used, in table order.
    pub techniques: Vec<(Technique, usize)>,
    /// The 8 copies, when asked for.
    pub variants8: Option<Variants8>,
}

/// What became of a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum Assessment {
    /// A unique puzzle, rated.
    Rated(Box<Rating>),
    /// Two or more solutions: no rating, but the trainer's level is "extremely
    /// hard" by definition (SPEC §4).
    Multiple,
    /// No solution.
    NoSolution,
}

impl Assessment {
    /// The status word used in reports: `unique`, `multiple`, `none`, or
    /// `unsolved` for a unique puzzle the logical solver did not finish.
    pub fn status(&self) -> &'static str {
        match self {
            Assessment::Rated(r) if r.solved => "unique",
            Assessment::Rated(_) => "unsolved",
            Assessment::Multiple => "multiple",
            Assessment::NoSolution => "none",
        }
    }

    /// The trainer's level, where there is one.
    pub fn trainer_level(&self) -> Option<TrainerLevel> {
        match self {
            Assessment::Rated(r) => Some(r.trainer_level),
            Assessment::Multiple => Some(TrainerLevel::ExtremelyHard),
            Assessment::NoSolution => None,
        }
    }

    /// The rating, for a unique puzzle.
    pub fn rating(&self) -> Option<&Rating> {
        match self {
            Assessment::Rated(r) => Some(r),
            _ => None,
        }
    }
}

/// Rates `puzzle` as `variant`.
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_rate::{rate, RateOptions, TrainerLevel};
/// let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let a = rate(&p, Variant::Standard, &RateOptions::default()).unwrap();
/// let r = a.rating().unwrap();
/// assert_eq!(r.trainer_level, TrainerLevel::Easy);
/// assert!(r.logic_only);
/// ```
pub fn rate(
    puzzle: &Grid,
    variant: Variant,
    options: &RateOptions,
) -> Result<Assessment, RateError> {
    puzzle.check(variant)?;
    match sudoku_solve::uniqueness(puzzle, variant) {
        Uniqueness::None => return Ok(Assessment::NoSolution),
        Uniqueness::Multiple(_) => return Ok(Assessment::Multiple),
        Uniqueness::Unique(_) => {}
    }
    // Every walk (ours, Sudoku Explainer's, HoDoKu's) starts from the same
    // grid: the canonical orientation, unless the grid as given is asked for.
    let walked = match options.orientation {
        Orientation::Canonical => sudoku_core::canonical_orientation(puzzle, variant).0,
        Orientation::AsGiven => *puzzle,
    };
    let trace = solve(&walked, variant, options)?;
    // `walked` is already the orientation asked for.
    let mut rating = rate_trace_in(&trace, variant, Orientation::AsGiven)?;
    if options.variants8 {
        rating.variants8 = Some(variants8(puzzle, variant, options, rating.points)?);
    }
    Ok(Assessment::Rated(Box::new(rating)))
}

/// Our walk of `puzzle` as given (the caller chose the orientation).
fn solve(puzzle: &Grid, variant: Variant, options: &RateOptions) -> Result<Trace, LogicError> {
    // Only called on puzzles the exact solver found unique (`rate`).
    let options = Options {
        mode: options.mode,
        direct: options.direct,
        orientation: Orientation::AsGiven,
        unique: true,
        ..Options::default()
    };
    solve_logically(puzzle, variant, &options)
}

/// The rating of a trace of a unique puzzle (the Sudoku Explainer and HoDoKu
/// estimates walk their own paths from the canonical orientation of
/// `trace.puzzle`, as [`rate`] does by default; they use the uniqueness
/// techniques when the trace's solve did, i.e. when
/// `trace.end.unique_assumed()`).
pub fn rate_trace(trace: &Trace, variant: Variant) -> Result<Rating, RateError> {
    rate_trace_in(trace, variant, Orientation::Canonical)
}

/// [`rate_trace`] with the estimates' walks starting from `trace.puzzle` in
/// `orientation` (as given: Sudoku Explainer's own figure for that grid).
pub fn rate_trace_in(
    trace: &Trace,
    variant: Variant,
    orientation: Orientation,
) -> Result<Rating, RateError> {
    let walked = match orientation {
        Orientation::Canonical => sudoku_core::canonical_orientation(&trace.puzzle, variant).0,
        Orientation::AsGiven => trace.puzzle,
    };
    let unique = trace.end.unique_assumed();
    let points: Vec<f64> = trace.steps.iter().map(|s| s.points).collect();
    let total: f64 = points.iter().sum();
    let logic_only = !trace.steps.iter().any(|s| {
        matches!(s.detail, Detail::Trial { .. }) || s.technique.info().family == Family::Trial
    });
    let mut cache = TrialCache::default();
    Ok(Rating {
        solved: trace.is_solved(),
        points: total,
        norm2: norm2(&points),
        max: points.iter().copied().fold(0.0, f64::max),
        level: SeedLevel::from_points(total),
        trainer_level: trainer_level(trace),
        se: se::estimate_with(&walked, variant, unique)?,
        hodoku: hodoku::estimate_with(&walked, variant, &mut cache, unique)?,
        steps: trace.steps.len(),
        logic_only,
        techniques: trace.technique_counts(),
        variants8: None,
    })
}

/// The Euclidean norm of `points`.
pub(crate) fn norm2(points: &[f64]) -> f64 {
    points.iter().map(|p| p * p).sum::<f64>().sqrt()
}

/// The trainer's level of a trace of a unique puzzle (see [`TrainerLevel`]).
pub(crate) fn trainer_level(trace: &Trace) -> TrainerLevel {
    let mut level = TrainerLevel::Easy;
    for s in &trace.steps {
        let here = match s.technique.info().family {
            Family::Trial => TrainerLevel::VeryHard,
            Family::Single if s.technique == Technique::NakedSingle => TrainerLevel::Medium,
            Family::Single | Family::Bookkeeping => TrainerLevel::Easy,
            _ => TrainerLevel::Hard,
        };
        level = level.max(here);
    }
    level
}

fn variants8(
    puzzle: &Grid,
    variant: Variant,
    options: &RateOptions,
    own: f64,
) -> Result<Variants8, RateError> {
    let mut points = [None; 8];
    for (slot, t) in points.iter_mut().zip(Transform::dihedral()) {
        if !t.preserves(variant) {
            continue;
        }
        let trace = solve(&t.apply(puzzle), variant, options)?;
        if trace.is_solved() {
            *slot = Some(trace.total_points());
        }
    }
    let min = points
        .iter()
        .flatten()
        .copied()
        .fold(f64::INFINITY, f64::min);
    let min = if min.is_finite() { min } else { own };
    Ok(Variants8 { points, min })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        s.parse().expect("test puzzle")
    }

    #[test]
    fn norms_of_the_seed_example() {
        // The seed: one step of 9 points against three of 3: the same sum, norms 9 and 5.2.
        assert_eq!(norm2(&[9.0]), 9.0);
        assert!((norm2(&[3.0, 3.0, 3.0]) - 27f64.sqrt()).abs() < 1e-12);
        assert!((norm2(&[16.0; 5]) - 35.78).abs() < 0.01);
        assert_eq!(norm2(&[]), 0.0);
    }

    #[test]
    fn statuses() {
        let o = RateOptions::default();
        let clash = grid(&format!("11{}", ".".repeat(79)));
        assert!(matches!(
            rate(&clash, Variant::Standard, &o),
            Err(RateError::Invalid(_))
        ));
        let dead = grid(&format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)));
        assert_eq!(
            rate(&dead, Variant::Standard, &o),
            Ok(Assessment::NoSolution)
        );
        let a = rate(&Grid::EMPTY, Variant::Standard, &o).expect("valid");
        assert_eq!(a, Assessment::Multiple);
        assert_eq!(a.trainer_level(), Some(TrainerLevel::ExtremelyHard));
        assert_eq!(a.status(), "multiple");
    }

    #[test]
    fn numbers_agree_with_the_trace() {
        let p = grid(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let a = rate(&p, Variant::Standard, &RateOptions::default()).expect("valid");
        let r = a.rating().expect("unique");
        // The canonical walk, moved back: the same points and steps.
        let options = Options {
            unique: true,
            ..Options::default()
        };
        let t = solve_logically(&p, Variant::Standard, &options).expect("valid");
        assert!((r.points - t.total_points()).abs() < 1e-9);
        assert_eq!(r.steps, t.steps.len());
        assert!(r.max <= r.norm2 + 1e-9 && r.norm2 <= r.points + 1e-9);
        assert_eq!(r.techniques.iter().map(|(_, n)| n).sum::<usize>(), r.steps);
        assert_eq!(r.level, SeedLevel::from_points(r.points));
        let se = r.se.expect("se path solves");
        assert!(se.ed <= se.ep && se.ep <= se.er);
        assert!(r.hodoku.is_some());
        assert_eq!(a.status(), "unique");
    }

    #[test]
    fn variants8_lists_eight_points_and_their_minimum() {
        let p = grid(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let o = RateOptions {
            variants8: true,
            ..RateOptions::default()
        };
        let a = rate(&p, Variant::Standard, &o).expect("valid");
        let r = a.rating().expect("unique");
        let v = r.variants8.as_ref().expect("asked for");
        assert!(v.points.iter().all(Option::is_some));
        // The first copy is the puzzle itself, walked as given.
        let given = RateOptions {
            orientation: Orientation::AsGiven,
            ..RateOptions::default()
        };
        let g = rate(&p, Variant::Standard, &given).expect("valid");
        assert_eq!(v.points[0], Some(g.rating().expect("unique").points));
        let min = v
            .points
            .iter()
            .flatten()
            .copied()
            .fold(f64::INFINITY, f64::min);
        assert_eq!(v.min, min);
    }

    #[test]
    fn trainer_levels_by_family() {
        let o = RateOptions::default();
        // Full houses and hidden singles only.
        let easy = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let r = rate(&easy, Variant::Standard, &o).expect("valid");
        assert_eq!(r.trainer_level(), Some(TrainerLevel::Easy));
        let hard = grid(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        let r = rate(&hard, Variant::Standard, &o).expect("valid");
        let level = r.trainer_level().expect("unique");
        assert!(level >= TrainerLevel::Hard, "{level:?}");
        assert_eq!(
            level == TrainerLevel::VeryHard,
            !r.rating().expect("unique").logic_only
        );
    }
}
