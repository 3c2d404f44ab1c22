//! The rating of one puzzle: status check, the logical solve in the chosen
//! mode, and every number read off it (see the crate documentation).

use crate::TrainerLevel;
use crate::hodoku::{self, HodokuEstimate};
use crate::levels::SeedLevel;
use crate::scales::{Scale, Scales};
use crate::se::{self, SeEstimate};
use sudoku_core::{Conflict, Grid, Puzzle, Transform, Variant};
use sudoku_logic::{
    Detail, DirectMethods, Family, LogicError, Mode, Options, Orientation, Technique, Trace,
    solve_logically,
};
use sudoku_solve::Uniqueness;

/// What to compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateOptions {
    /// How many hits of a round the solver applies (the seed's four modes).
    pub mode: Mode,
    /// Which grid our own walk takes: the canonical orientation (the default:
    /// every isomorphic copy gets the same points and levels) or the grid as
    /// given (the seed's own figure, which differs between copies).
    pub orientation: Orientation,
    /// Which grid the Sudoku Explainer and HoDoKu walks take: the grid as
    /// given (the default: what serate and HoDoKu print for the puzzle the
    /// user has) or the canonical orientation (an SE-like figure that is the
    /// same for every isomorphic copy).
    pub peers: Orientation,
    /// Which of the seed's direct methods C and D may place digits.
    pub direct: DirectMethods,
    /// Also rate the 8 rotated and mirrored copies, each walked as given (the
    /// seed's "8 VARIANTEN"; 8 times the work).
    pub variants8: bool,
    /// Which scales to compute (all by default); the others are not walked.
    pub scales: Scales,
    /// The techniques our own walk may use, in their order (the whole table
    /// by default; Sudoku Explainer's and HoDoKu's walks keep their own).
    pub selection: sudoku_logic::Selection,
}

impl Default for RateOptions {
    fn default() -> RateOptions {
        RateOptions {
            mode: Mode::default(),
            orientation: Orientation::Canonical,
            peers: Orientation::AsGiven,
            direct: DirectMethods::default(),
            variants8: false,
            scales: Scales::ALL,
            selection: sudoku_logic::Selection::table(),
        }
    }
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
    /// The trainer's search found no solution: the trace rated was not of a
    /// puzzle with one solution.
    #[error("the puzzle has no solution")]
    NoSolution,
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

/// Every number rated for a unique puzzle, scale by scale: a scale that was
/// not asked for ([`RateOptions::scales`]) is `None`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The scales computed.
    pub scales: Scales,
    /// Our own walk and the seed's points read off it ([`Scale::Points`]).
    pub walk: Option<Walk>,
    /// The trainer's level, by its own search
    /// (`sudoku_trainer::level_of_unique`): the same for every isomorphic copy
    /// ([`Scale::Trainer`]).
    pub trainer_level: Option<TrainerLevel>,
    /// Sudoku Explainer estimate ([`Scale::Se`]); `None` also when its path
    /// did not solve it.
    pub se: Option<SeEstimate>,
    /// HoDoKu estimate ([`Scale::Hodoku`]); `None` also when its path did not
    /// solve it.
    pub hodoku: Option<HodokuEstimate>,
}

/// Our own walk of a unique puzzle and the seed's points read off it.
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    /// Whether the logical solver solved it (always, short of a bug: trial and
    /// error is the last resort). Unsolved walks cover the steps made.
    pub solved: bool,
    /// The sum of the step points (the diagonal solver's scale).
    pub points: f64,
    /// The Euclidean norm of the step points.
    pub norm2: f64,
    /// The largest step points.
    pub max: f64,
    /// The text level of `points`.
    pub level: SeedLevel,
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
            Assessment::Rated(r) if r.walk.as_ref().is_some_and(|w| !w.solved) => "unsolved",
            Assessment::Rated(_) => "unique",
            Assessment::Multiple => "multiple",
            Assessment::NoSolution => "none",
        }
    }

    /// The trainer's level, where there is one.
    pub fn trainer_level(&self) -> Option<TrainerLevel> {
        match self {
            Assessment::Rated(r) => r.trainer_level,
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
/// assert_eq!(r.trainer_level, Some(TrainerLevel::Easy));
/// assert!(r.walk.as_ref().unwrap().logic_only);
/// ```
pub fn rate(
    puzzle: &Grid,
    variant: Variant,
    options: &RateOptions,
) -> Result<Assessment, RateError> {
    rate_puzzle(&Puzzle::new(*puzzle, variant)?, options)
}

/// [`rate`] of a checked puzzle: its givens are not checked again.
pub fn rate_puzzle(puzzle: &Puzzle, options: &RateOptions) -> Result<Assessment, RateError> {
    let (puzzle, variant) = (puzzle.grid(), puzzle.variant());
    match sudoku_solve::uniqueness(puzzle, variant) {
        Uniqueness::None => return Ok(Assessment::NoSolution),
        Uniqueness::Multiple(_) => return Ok(Assessment::Multiple),
        Uniqueness::Unique(_) => {}
    }
    // Our walk and the peers' walks each start from the grid as given or
    // from its canonical orientation (computed once, when either needs it).
    let scales = options.scales;
    let peers = scales.has(Scale::Se) || scales.has(Scale::Hodoku);
    let canonical = if (scales.has(Scale::Points) && options.orientation == Orientation::Canonical)
        || (peers && options.peers == Orientation::Canonical)
    {
        sudoku_core::canonical_orientation(puzzle, variant).0
    } else {
        *puzzle
    };
    let grid_for = |o: Orientation| match o {
        Orientation::Canonical => canonical,
        Orientation::AsGiven => *puzzle,
    };
    let walk = if scales.has(Scale::Points) {
        let trace = solve(&grid_for(options.orientation), variant, options)?;
        let mut walk = walk_of(&trace);
        if options.variants8 {
            walk.variants8 = Some(variants8(puzzle, variant, options, walk.points)?);
        }
        Some(walk)
    } else {
        None
    };
    let rating = Rating {
        scales,
        walk,
        ..peers_of(puzzle, variant, &grid_for(options.peers), scales, true)?
    };
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
        selection: options.selection,
        ..Options::default()
    };
    solve_logically(puzzle, variant, &options)
}

/// The rating of a trace of a unique puzzle (the Sudoku Explainer and HoDoKu
/// estimates walk their own paths from `trace.puzzle` as given, as [`rate`]
/// does by default; they use the uniqueness techniques when the trace's solve
/// did, i.e. when `trace.end.unique_assumed()`).
pub fn rate_trace(trace: &Trace, variant: Variant) -> Result<Rating, RateError> {
    rate_trace_in(trace, variant, Orientation::AsGiven)
}

/// [`rate_trace`] with the estimates' walks starting from `trace.puzzle` in
/// `orientation` (canonical: the same SE-like figure for every isomorphic copy).
pub fn rate_trace_in(
    trace: &Trace,
    variant: Variant,
    orientation: Orientation,
) -> Result<Rating, RateError> {
    let walked = match orientation {
        Orientation::Canonical => sudoku_core::canonical_orientation(&trace.puzzle, variant).0,
        Orientation::AsGiven => trace.puzzle,
    };
    rating_of(trace, variant, &walked)
}

/// The rating of `trace` on every scale, the peers' walks starting from
/// `walked`.
fn rating_of(trace: &Trace, variant: Variant, walked: &Grid) -> Result<Rating, RateError> {
    Ok(Rating {
        walk: Some(walk_of(trace)),
        ..peers_of(
            &trace.puzzle,
            variant,
            walked,
            Scales::ALL,
            trace.end.unique_assumed(),
        )?
    })
}

/// Our figures read off our walk.
fn walk_of(trace: &Trace) -> Walk {
    let points: Vec<f64> = trace.steps.iter().map(|s| s.points).collect();
    // Folded from +0.0: `f64`'s `Sum` starts at -0.0, which prints as "-0".
    let total: f64 = points.iter().fold(0.0, |a, p| a + p);
    let logic_only = !trace.steps.iter().any(|s| {
        matches!(s.detail, Detail::Trial(_)) || s.technique.info().family == Family::Trial
    });
    Walk {
        solved: trace.is_solved(),
        points: total,
        norm2: norm2(&points),
        max: points.iter().copied().fold(0.0, f64::max),
        level: SeedLevel::from_points(total),
        steps: trace.steps.len(),
        logic_only,
        techniques: trace.technique_counts(),
        variants8: None,
    }
}

/// The scales other than our points: the trainer's level of `puzzle`, and the
/// Sudoku Explainer and HoDoKu walks from `walked` (`puzzle` or its canonical
/// orientation), each when `scales` has it. `puzzle` is unique; the walks use
/// the uniqueness techniques when `unique` (our walk did).
fn peers_of(
    puzzle: &Grid,
    variant: Variant,
    walked: &Grid,
    scales: Scales,
    unique: bool,
) -> Result<Rating, RateError> {
    let trainer_level = if scales.has(Scale::Trainer) {
        Some(sudoku_trainer::level_of_unique(puzzle, variant).ok_or(RateError::NoSolution)?)
    } else {
        None
    };
    let se = if scales.has(Scale::Se) {
        se::estimate_with(walked, variant, unique)?
    } else {
        None
    };
    let hodoku = if scales.has(Scale::Hodoku) {
        hodoku::estimate_with(walked, variant, unique)?
    } else {
        None
    };
    Ok(Rating {
        scales,
        walk: None,
        trainer_level,
        se,
        hodoku,
    })
}

/// The Euclidean norm of `points`.
pub(crate) fn norm2(points: &[f64]) -> f64 {
    points.iter().fold(0.0, |a, p| a + p * p).sqrt()
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
        // Not -0.0 (which compares equal but prints as "-0").
        assert!(norm2(&[]).is_sign_positive());
    }

    /// Regression: a solved grid (no steps) printed "-0" points and norm.
    #[test]
    fn solved_grid_rates_positive_zero() {
        let solved = grid(
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let options = RateOptions {
            variants8: true,
            ..RateOptions::default()
        };
        let a = rate(&solved, Variant::Standard, &options).expect("valid");
        let w = a.rating().and_then(|r| r.walk.as_ref()).expect("walk");
        for x in [w.points, w.norm2, w.max] {
            assert_eq!(format!("{x}"), "0");
        }
        let v = w.variants8.as_ref().expect("variants8");
        assert!(v.points.iter().flatten().all(|p| format!("{p}") == "0"));
        assert_eq!(format!("{}", v.min), "0");
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
        let rating = a.rating().expect("unique");
        let r = rating.walk.as_ref().expect("every scale");
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
        let se = rating.se.expect("se path solves");
        assert!(se.ed <= se.ep && se.ep <= se.er);
        assert!(rating.hodoku.is_some());
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
        let v = r.walk.as_ref().and_then(|w| w.variants8.as_ref());
        let v = v.expect("asked for");
        assert!(v.points.iter().all(Option::is_some));
        // The first copy is the puzzle itself, walked as given.
        let given = RateOptions {
            orientation: Orientation::AsGiven,
            ..RateOptions::default()
        };
        let g = rate(&p, Variant::Standard, &given).expect("valid");
        let walk = g.rating().and_then(|r| r.walk.as_ref()).expect("unique");
        assert_eq!(v.points[0], Some(walk.points));
        let min = v
            .points
            .iter()
            .flatten()
            .copied()
            .fold(f64::INFINITY, f64::min);
        assert_eq!(v.min, min);
    }

    #[test]
    fn the_trainer_level_is_the_trainers_own() {
        let o = RateOptions::default();
        // Full houses and hidden singles only.
        let easy = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let r = rate(&easy, Variant::Standard, &o).expect("valid");
        assert_eq!(r.trainer_level(), Some(TrainerLevel::Easy));
        // AI Escargot: our solver needs no trial and error, but the trainer's
        // four criteria do not suffice, so its search must guess: very hard,
        // as the trainer page and the database say.
        let escargot = grid(
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        );
        let r = rate(&escargot, Variant::Standard, &o).expect("valid");
        assert!(
            r.rating()
                .and_then(|r| r.walk.as_ref())
                .expect("unique")
                .logic_only
        );
        assert_eq!(r.trainer_level(), Some(TrainerLevel::VeryHard));
        assert_eq!(
            r.trainer_level(),
            sudoku_trainer::level(&escargot, Variant::Standard).ok()
        );
    }
}
