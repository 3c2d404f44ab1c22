//! One analysis pipeline for the command line and the server: a checked
//! [`Puzzle`] goes through uniqueness, the logical path, the ratings and the
//! explanations once, and comes out as an [`Analysis`] in the one wire format
//! ([`wire`]) both `sudoku explain` and `GET /api/explain` write.
//!
//! ```text
//! Puzzle ──► uniqueness ──► logical path ──► rating (points, trainer, SE, HoDoKu)
//!  (checked    (exact        (sudoku-logic,    (sudoku-rate)
//!   once)       solver)       checked against  └► texts and drawings
//!                             the solution)        (sudoku-explain) ──► wire::Analysis
//! ```
//!
//! Nothing downstream checks the givens again: [`Puzzle::new`] did, and a
//! unique puzzle's solution is found once and handed to the logical solver.
#![warn(missing_docs)]

pub mod wire;

pub use sudoku_core::Puzzle;
pub use wire::{Analysis, Hint};

use sudoku_explain::Lang;
use sudoku_logic::{DirectMethods, Mode, Options, Orientation, Outcome, solve_logically};
use sudoku_solve::Uniqueness;

/// What to analyse and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// The language of texts and level words.
    pub lang: Lang,
    /// How many hits of a round the solver applies (the seed's four modes).
    pub mode: Mode,
    /// Which grid our own walk takes (canonical by default: the same path,
    /// moved back, for every isomorphic copy).
    pub orientation: Orientation,
    /// Which grid the Sudoku Explainer and HoDoKu walks take (as given by
    /// default: what those programs print).
    pub peers: Orientation,
    /// Which of the seed's direct methods may place digits.
    pub direct: DirectMethods,
    /// Also give the position each step was found in.
    pub positions: bool,
}

impl Default for Request {
    fn default() -> Request {
        Request {
            lang: Lang::En,
            mode: Mode::default(),
            orientation: Orientation::Canonical,
            peers: Orientation::AsGiven,
            direct: DirectMethods::default(),
            positions: false,
        }
    }
}

/// Why a valid puzzle has no (whole) path to explain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No solution.
    NoSolution,
    /// Several solutions.
    Multiple,
    /// The solver stopped before the end.
    Unfinished,
}

/// The solution of `puzzle` when it has exactly one, else which problem it
/// has (no solution, several).
pub fn unique_solution(puzzle: &Puzzle) -> Result<sudoku_core::Grid, Problem> {
    match sudoku_solve::uniqueness(puzzle.grid(), puzzle.variant()) {
        Uniqueness::None => Err(Problem::NoSolution),
        Uniqueness::Multiple(_) => Err(Problem::Multiple),
        Uniqueness::Unique(solution) => Ok(solution),
    }
}

impl Problem {
    /// The status word of an analysis with this problem: `none`,
    /// `multiple` or `unsolved`.
    pub fn status(self) -> &'static str {
        match self {
            Problem::NoSolution => "none",
            Problem::Multiple => "multiple",
            Problem::Unfinished => "unsolved",
        }
    }

    /// The message in `lang`.
    pub fn message(self, lang: Lang) -> &'static str {
        match (lang, self) {
            (Lang::De, Problem::NoSolution) => "das Puzzle hat keine Lösung",
            (Lang::De, Problem::Multiple) => {
                "das Puzzle hat mehr als eine Lösung, es gibt keinen eindeutigen logischen Weg"
            }
            (Lang::De, Problem::Unfinished) => {
                "der logische Löser ist vor dem Ende stehen geblieben"
            }
            (_, Problem::NoSolution) => "the puzzle has no solution",
            (_, Problem::Multiple) => {
                "the puzzle has more than one solution, so there is no single logical path"
            }
            (_, Problem::Unfinished) => "the logical solver stopped before the end",
        }
    }
}

/// Analyses `puzzle`: its solutions counted; for a unique one the logical
/// path (checked step by step against the solution), every step explained and
/// drawn in `request.lang`, and the rating of the path.
///
/// ```
/// use sudoku_core::{Grid, Puzzle, Variant};
/// use sudoku_analysis::{analyse, Request};
/// let g: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let a = analyse(&Puzzle::new(g, Variant::Standard).unwrap(), &Request::default());
/// assert_eq!(a.status, "unique");
/// assert_eq!(a.rating.unwrap().trainer_level, "easy");
/// ```
pub fn analyse(puzzle: &Puzzle, request: &Request) -> Analysis {
    let lang = request.lang;
    let (grid, variant) = (puzzle.grid(), puzzle.variant());
    let mut out = Analysis::empty(wire::grid_line(grid), variant);
    let solution = match unique_solution(puzzle) {
        Ok(solution) => solution,
        Err(problem) => {
            out.status = problem.status();
            out.error = Some(problem.message(lang).to_string());
            return out;
        }
    };
    // The exact solver found one solution: the uniqueness techniques may run,
    // and every step is checked against the solution (a step contradicting it
    // would be a bug; it ends the explanation with a message, not a wrong
    // path).
    let options = Options {
        mode: request.mode,
        orientation: request.orientation,
        direct: request.direct,
        solution: Some(solution),
        unique: true,
        ..Options::default()
    };
    let trace = match solve_logically(grid, variant, &options) {
        Ok(trace) => trace,
        Err(e) => {
            out.status = "unsolved";
            out.error = Some(e.to_string());
            return out;
        }
    };
    let texts = sudoku_explain::explain_trace(&trace, lang);
    let shapes = sudoku_explain::trace_shapes(&trace);
    out.steps = Some(
        trace
            .steps
            .iter()
            .zip(texts)
            .zip(shapes)
            .map(|((s, text), shapes)| wire::Step::new(s, text, shapes, lang))
            .collect(),
    );
    // Replay the path for the positions and the end board (a step that does
    // not apply leaves the position, as for the texts).
    if let Ok(mut pos) = sudoku_logic::Candidates::new(&trace.puzzle, variant) {
        let mut positions = Vec::new();
        for step in &trace.steps {
            if request.positions {
                positions.push(wire::Position::new(&pos));
            }
            let _ = pos.apply(step);
        }
        out.positions = request.positions.then_some(positions);
        out.end = Some(wire::grid_line(pos.grid()));
    }
    let solved = trace.outcome == Outcome::Solved;
    out.status = if solved { "unique" } else { "unsolved" };
    if !solved {
        out.error = Some(Problem::Unfinished.message(lang).to_string());
    }
    match sudoku_rate::rate_trace_in(&trace, variant, request.peers) {
        Ok(r) => {
            out.rating = wire::Rating::new(&r, lang);
            out.rated = Some(r);
        }
        Err(e) => {
            out.error.get_or_insert_with(|| e.to_string());
        }
    }
    out
}
