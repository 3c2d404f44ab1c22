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
    DirectMethods, Mode, Options, Orientation, Outcome, Selection, Technique, Trace,
    solve_logically,
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
    /// Show the path only up to this step (the rating stays the whole
    /// path's).
    pub until: Option<Until>,
}

/// Where an explanation stops (`explain --until`): HoDoKu's "solve up to".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// After this many steps (1-based).
    Step(usize),
    /// After the first step of this technique.
    Technique(Technique),
}

impl std::str::FromStr for Until {
    type Err = String;

    /// A step number (1 or more) or a technique's stable name.
    fn from_str(s: &str) -> Result<Until, String> {
        let s = s.trim();
        if let Ok(n) = s.parse::<usize>() {
            return match n {
                0 => Err("the step number counts from 1".to_string()),
                n => Ok(Until::Step(n)),
            };
        }
        match s.to_ascii_lowercase().parse::<Technique>() {
            Ok(t) => Ok(Until::Technique(t)),
            // The selection's message names the closest technique.
            Err(_) => Err(Selection::parse(Some(s), None).err().map_or_else(
                || format!("'{s}' is a family; --until takes one technique or a step number"),
                |e| e.to_string().replace(" in --techniques", ""),
            )),
        }
    }
}

impl Until {
    /// How many steps of `steps` are shown: up to and including the one it
    /// names (all when the path never gets there).
    pub fn cut(self, steps: &[sudoku_logic::Step]) -> usize {
        match self {
            Until::Step(n) => n.min(steps.len()),
            Until::Technique(t) => steps
                .iter()
                .position(|s| s.technique == t)
                .map_or(steps.len(), |i| i + 1),
        }
    }
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
            until: None,
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
    // `--until`: the path up to the step it names, and the position there.
    let cut;
    let trace = match request.until.map(|u| u.cut(&trace.steps)) {
        Some(n) => {
            let mut shorter = trace.clone();
            shorter.steps.truncate(n);
            cut = shorter;
            out.until = Some(n);
            &cut
        }
        None => trace,
    };
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
        if request.until.is_some() {
            out.stop = Some(wire::Position::new(&pos));
        }
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
    let (schritte, steps) = match n {
        1 => ("Schritt", "step"),
        _ => ("Schritte", "steps"),
    };
    let where_ = match (lang, wrong.is_some()) {
        (Lang::De, false) => format!(
            "; die Logik allein kommt {n} {schritte} weit und hält mit {open} offenen Zellen an"
        ),
        (Lang::En, false) => {
            format!("; logic alone takes {n} {steps} and stops with {open} cells still open")
        }
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

/// The message part saying the puzzle is unique as variant `name`.
fn unique_as_text(name: &str, lang: Lang) -> String {
    let de = match name {
        "diagonal" => "Diagonal-Sudoku",
        "color" => "Farb-Sudoku",
        "color-diagonal" => "Farbdiagonal-Sudoku",
        _ => "Standard-Sudoku",
    };
    let en = match name {
        "diagonal" => "a diagonal Sudoku",
        "color" => "a color Sudoku",
        "color-diagonal" => "a color-diagonal Sudoku",
        _ => "a standard Sudoku",
    };
    match lang {
        Lang::De => format!("; als {de} hat es genau eine Lösung"),
        Lang::En => format!("; as {en} it has exactly one solution"),
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
            out.unique_as = unique_as(grid, variant);
            if problem == Problem::Multiple {
                partial_path(puzzle, request, &mut out);
            }
            if let (Some(other), Some(error)) = (out.unique_as, &mut out.error) {
                error.push_str(&unique_as_text(other, lang));
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
            out.rating = wire::Rating::new(&r, grid.filled(), lang);
            out.rated = Some(r);
        }
        Err(e) => {
            out.error.get_or_insert_with(|| e.to_string());
        }
    }
    out
}
