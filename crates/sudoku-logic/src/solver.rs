//! The search policy: always the easiest applicable step.
//!
//! Each round walks the technique table from the top and stops at the first row
//! that finds anything (the thesis' "easiest path"). What is applied from that
//! row depends on the [`Mode`]:
//!
//! * **non-synchronous** (the seed's default): one step — among the row's hits the
//!   one with most eliminations, then fewest points, then the first found;
//! * **synchronous**: every hit of the row, found on the same position and applied
//!   together (a placement found several times is applied once, at its lowest
//!   points). The set of hits does not depend on how the grid is turned, so
//!   isomorphic puzzles get the same technique counts and points.
//!
//! Then the next round starts again from the top of the table.

use crate::candidates::Candidates;
use crate::check::{Unsound, check_step};
use crate::step::{Outcome, Step, Trace};
use crate::technique::{FindMode, TABLE};
use sudoku_core::{Conflict, Grid, Variant};

/// How many hits of a round are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// One step per round (most eliminations, then fewest points, then first).
    #[default]
    NonSynchronous,
    /// All hits of the round's technique.
    Synchronous,
}

/// Options of [`solve_logically`].
#[derive(Clone, Debug)]
pub struct Options {
    /// Non-synchronous or synchronous rounds.
    pub mode: Mode,
    /// The true solution: when given, every step is checked against it before it
    /// is applied (self-check) and a wrong step ends the solve with an error.
    pub solution: Option<Grid>,
    /// Stop after this many steps (a guard; the default is far above any need).
    pub max_steps: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            mode: Mode::NonSynchronous,
            solution: None,
            max_steps: 10_000,
        }
    }
}

/// Why a logical solve could not run or was stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LogicError {
    /// Two givens clash.
    #[error("invalid puzzle: {0}")]
    Invalid(#[from] Conflict),
    /// The self-check found a wrong step.
    #[error(transparent)]
    Unsound(#[from] Unsound),
}

/// The hits of the first technique in table order that finds anything in `pos`,
/// or an empty list when none does. This is the "next step" of a hint.
pub fn next_steps(pos: &Candidates) -> Vec<Step> {
    let mut hits = Vec::new();
    first_round(pos, &mut hits, FindMode::All);
    hits
}

fn first_round(pos: &Candidates, hits: &mut Vec<Step>, mode: FindMode) {
    for info in TABLE {
        if !info.phase.allows(pos.is_written()) {
            continue;
        }
        info.find(pos, hits, mode);
        if !hits.is_empty() {
            return;
        }
    }
}

/// The index of the step a non-synchronous round applies.
fn pick(hits: &[Step]) -> usize {
    let mut best = 0;
    for (i, s) in hits.iter().enumerate().skip(1) {
        let b = &hits[best];
        let more = s.eliminations.len() > b.eliminations.len();
        let cheaper = s.eliminations.len() == b.eliminations.len() && s.points < b.points;
        if more || cheaper {
            best = i;
        }
    }
    best
}

/// Solves `puzzle` as `variant` with the technique table, step by step, and
/// returns the trace. A puzzle may end [`Outcome::Stuck`] when the table has no
/// technique for it; with `options.solution` set, a step contradicting the
/// solution ends the solve with [`LogicError::Unsound`].
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_logic::{solve_logically, Options, Outcome};
/// let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let trace = solve_logically(&p, Variant::Standard, &Options::default()).unwrap();
/// assert_eq!(trace.outcome, Outcome::Solved);
/// ```
pub fn solve_logically(
    puzzle: &Grid,
    variant: Variant,
    options: &Options,
) -> Result<Trace, LogicError> {
    let mut pos = Candidates::new(puzzle, variant)?;
    let mut steps: Vec<Step> = Vec::new();
    let mut hits: Vec<Step> = Vec::new();
    let outcome = loop {
        if pos.is_solved() {
            break Outcome::Solved;
        }
        if let Some(c) = pos.contradiction() {
            break Outcome::Contradiction(c);
        }
        if steps.len() >= options.max_steps {
            break Outcome::StepLimit;
        }
        hits.clear();
        first_round(&pos, &mut hits, FindMode::All);
        if hits.is_empty() {
            break Outcome::Stuck;
        }
        let round: Vec<Step> = match options.mode {
            Mode::NonSynchronous => {
                let i = pick(&hits);
                vec![hits.swap_remove(i)]
            }
            Mode::Synchronous => synchronous(std::mem::take(&mut hits)),
        };
        let mut broken = None;
        for step in round {
            if let Some(solution) = &options.solution {
                check_step(&step, solution, steps.len())?;
            }
            if pos.apply(&step).is_err() {
                // Only a puzzle without solution gets here (two placements of a
                // round clash); report where.
                broken = Some(pos.contradiction());
            }
            steps.push(step);
            if broken.is_some() {
                break;
            }
        }
        if let Some(c) = broken {
            break match c.or_else(|| pos.contradiction()) {
                Some(c) => Outcome::Contradiction(c),
                None => Outcome::Stuck,
            };
        }
    };
    Ok(Trace {
        puzzle: *puzzle,
        steps,
        outcome,
        end: pos,
    })
}

/// The steps a synchronous round applies: every hit, placements deduplicated
/// (first the cheapest).
fn synchronous(mut hits: Vec<Step>) -> Vec<Step> {
    hits.sort_by(|a, b| a.points.total_cmp(&b.points));
    let mut placed = sudoku_core::CellSet::EMPTY;
    hits.retain(|s| {
        if s.placements.is_empty() {
            return true;
        }
        let new = s.placements.iter().any(|p| !placed.contains(p.cell));
        for p in &s.placements {
            placed.insert(p.cell);
        }
        new
    });
    hits
}
