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

use sudoku_core::{DigitSet, Grid, Variant};
use sudoku_explain::Lang;
use sudoku_logic::{
    DirectMethods, Mode, Options, Orientation, Outcome, Selection, Trace, solve_logically,
};
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
    /// The techniques our own walk may use, in their order (the whole table
    /// by default). Sudoku Explainer's and HoDoKu's walks are those
    /// programs' own and keep theirs.
    pub selection: Selection,
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
            selection: Selection::table(),
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

/// Writes the steps of `trace` to `out`, explained and drawn in
/// `request.lang`, with the positions when asked for and the end board.
fn write_path(trace: &Trace, variant: Variant, request: &Request, out: &mut Analysis) {
    let lang = request.lang;
    let texts = sudoku_explain::explain_trace(trace, lang);
    let shapes = sudoku_explain::trace_shapes(trace);
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
}

/// How many solutions of a puzzle with several the check of its partial
/// path looks at.
const SOLUTIONS_CHECKED: usize = 1000;

/// The logical path of a puzzle with several solutions, as far as logic
/// goes: no uniqueness technique (they assume one solution), and every step
/// checked against the first [`SOLUTIONS_CHECKED`] solutions (a placement
/// must agree with all of them, an elimination with none). A step that
/// breaks that would be a bug: the path ends before it, and the error says
/// so. The message says where the path stops.
fn partial_path(puzzle: &Puzzle, request: &Request, out: &mut Analysis) {
    let (grid, variant) = (puzzle.grid(), puzzle.variant());
    let options = Options {
        mode: request.mode,
        orientation: request.orientation,
        direct: request.direct,
        selection: request.selection,
        ..Options::default()
    };
    let Ok(mut trace) = solve_logically(grid, variant, &options) else {
        return;
    };
    let mut seen = [DigitSet::EMPTY; 81];
    for solution in sudoku_solve::Solutions::new(grid, variant).take(SOLUTIONS_CHECKED) {
        for cell in sudoku_core::Cell::all() {
            if let Some(digit) = solution.get(cell) {
                seen[cell.index()].insert(digit);
            }
        }
    }
    let wrong = trace.steps.iter().position(|s| {
        s.placements
            .iter()
            .any(|p| seen[p.cell.index()] != DigitSet::single(p.digit))
            || s.eliminations
                .iter()
                .any(|e| seen[e.cell.index()].contains(e.digit))
    });
    if let Some(at) = wrong {
        trace.steps.truncate(at);
    }
    write_path(&trace, variant, request, out);
    let open = out
        .end
        .as_deref()
        .map_or(0, |end| end.bytes().filter(|&b| b == b'.').count());
    let lang = request.lang;
    let n = trace.steps.len();
    let where_ = match (lang, wrong.is_some()) {
        (Lang::De, false) => format!(
            "; die Logik allein kommt {n} Schritte weit, dann bleiben {open} Zellen offen, die in verschiedenen Lösungen verschieden sind"
        ),
        (Lang::En, false) => format!(
            "; logic alone goes {n} steps, then {open} cells stay open that differ between solutions"
        ),
        (Lang::De, true) => format!(
            "; der Weg endet nach {n} Schritten, weil der nächste einer Lösung widersprach (ein Fehler im Löser)"
        ),
        (Lang::En, true) => format!(
            "; the path ends after {n} steps because the next one contradicted a solution (a solver bug)"
        ),
    };
    if let Some(error) = &mut out.error {
        error.push_str(&where_);
    }
}

/// The first other variant in which `grid` has exactly one solution, when it
/// has none or several in its own (a diagonal puzzle entered as standard).
pub fn unique_as(grid: &Grid, variant: Variant) -> Option<&'static str> {
    Variant::ALL
        .into_iter()
        .filter(|&v| v != variant && grid.check(v).is_ok())
        .find(|&v| matches!(sudoku_solve::uniqueness(grid, v), Uniqueness::Unique(_)))
        .map(Variant::name)
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
            out.unique_as = unique_as(grid, variant);
            if problem == Problem::Multiple {
                partial_path(puzzle, request, &mut out);
            }
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
        selection: request.selection,
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
    write_path(&trace, variant, request, &mut out);
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
