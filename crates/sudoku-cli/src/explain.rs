//! `sudoku explain`: the whole logical path of every puzzle, step by step, in
//! English or German, as text or one JSON object per puzzle.
//!
//! The path is the logic crate's trace (always the easiest step, trial and error
//! as the counted last resort), checked against the true solution while it is
//! made; the text of each step comes from `sudoku-explain`, the rating from
//! `sudoku-rate`. Puzzles that are not valid, have no solution or several get a
//! status and a message instead of a path.

use crate::batch::{self, BatchArgs, Input};
use crate::output;
use crate::rate::SolverArgs;
use serde::Serialize;
use std::io::{self, Write};
use sudoku_core::{Grid, Variant};
use sudoku_explain::{Lang, Shape, explain_trace, trace_shapes};
use sudoku_logic::{Candidates, LinkKind, Options, Outcome, Step, solve_logically};
use sudoku_rate::Rating;
use sudoku_solve::Uniqueness;
use sudoku_trainer::explain::Subject;

/// Output formats of `explain`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Numbered steps with their points, then a summary.
    #[default]
    Text,
    /// One JSON object per puzzle and line.
    Json,
}

/// Which path `explain` shows.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PathKind {
    /// Our own path: the easiest step by the diagonal solver's points.
    #[default]
    Own,
    /// Sudoku Explainer's walk: its producers in its order, each step with its
    /// difficulty, and the ER/EP/ED read off it.
    Se,
}

/// Arguments of `sudoku explain`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Explain the logical solving path of puzzles, step by step",
    long_about = "Explain the logical solving path of puzzles, step by step.\n\n\
Each puzzle is solved like a strong human would: always the easiest technique \
that applies, trial and error only as the counted last resort. Every step is \
explained in English or German with its points, followed by the rating.",
    after_long_help = "\
OUTPUT (--format):
  text  For each puzzle: a `Puzzle:` line, the numbered steps (`  1. <text> [<points>]`)
        and a `Summary:` line with the totals and levels; puzzles are separated by
        a blank line. A puzzle that cannot be explained prints its status and why:
        `invalid: <reason>`, `none: ...` (no solution) or `multiple: ...`.
  json  One JSON object per puzzle and line: puzzle, variant, status (unique,
        unsolved, invalid, none, multiple), error (the message, else null), steps
        (null unless explained) and rating (null unless rated). Each step has
        technique (stable name), name (display name), placements and
        eliminations ([{\"cell\":\"r3c5\",\"digit\":7}]), points, text, and for chain
        steps links ([{\"from\":{\"cell\":..,\"digit\":..},\"to\":{..},\"kind\":\"strong\"}]),
        and shapes, what the step looks like on the grid: cells
        ({\"shape\":\"cell\",\"cell\":\"r3c5\",\"role\":\"pattern|target|fin|hinge\"}), marks
        ({\"shape\":\"mark\",\"cell\":..,\"digit\":4,\"role\":\"on|off|eliminated|placed|
        assumption|pattern|alt\"}), arrows ({\"shape\":\"arrow\",\"from\":{\"cells\":[..],
        \"digit\":..},\"to\":{..},\"kind\":\"strong|weak\"}) and groups
        ({\"shape\":\"group\",\"cells\":[..],\"digit\":..}). A forcing step also has compact
        (its branches in Eureka notation) and forcing: kind, dynamic, level,
        conclusion and branches, each with nodes ({\"cell\",\"digit\",\"on\",\"cause\",
        \"house\"?, \"technique\"?, \"parents\":[indices]}) and conclusion (node indices).
        The rating has points, norm2, max, level, trainer_level, se, se_ep, se_ed,
        hodoku_score, hodoku_level (null where that rater's path got stuck),
        steps, logic_only and techniques (name -> count).

SUDOKU EXPLAINER'S PATH (--path se):
  The walk Sudoku Explainer 1.2.1 takes: its techniques in its order, always
  the first hint of the first technique that has one. Each step shows its
  difficulty on Sudoku Explainer's scale and its rule name:
  `  7. <text> [SE 2.6, Pointing]`; the summary line gives ER (the hardest
  step), EP (the hardest up to the first placement) and ED (the first step).
  JSON: steps carry se_rule (stable name), se_name and difficulty instead of
  points; rating is {se, se_ep, se_ed}.

CHAIN NOTATION:
  A candidate is written (digit)cell, e.g. (5)r1c2; ` = ` is a strong link (at
  least one of the two is true), ` - ` a weak link (at most one is true):
  (5)r1c2 = (5)r1c7 - (5)r4c7 = (5)r4c1.

EXIT STATUS:
  0  every puzzle was explained to its solution
  1  some puzzle was invalid, had no or several solutions, or was not finished
  2  usage error: bad option, unreadable file, or a read error

EXAMPLES:
  sudoku explain 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
  sudoku explain --lang de puzzles.txt
  sudoku explain --path se 000000072640000001900070300508000400090730000000005100000040000000080900073029060
  sudoku explain --format json --variant diagonal puzzle.txt | jq '.steps[].text'"
)]
pub struct Args {
    /// Language of the explanations: en or de.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = lang_parser())]
    pub lang: Lang,

    /// Output format: text or json (details in --help).
    #[arg(
        long,
        short = 'f',
        value_enum,
        default_value_t,
        hide_possible_values = true
    )]
    pub format: Format,

    /// Which path: own (the easiest step by our points) or se (Sudoku
    /// Explainer's walk with its difficulty per step and ER/EP/ED).
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub path: PathKind,

    #[command(flatten)]
    pub solver: SolverArgs,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// The `--lang` parser shared with `hint`.
pub fn lang_parser() -> impl clap::builder::TypedValueParser<Value = Lang> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(["en", "de"]).try_map(|code| code.parse::<Lang>())
}

/// A placement or elimination in JSON: `{"cell":"r3c5","digit":7}`.
#[derive(Serialize, Debug, Clone, PartialEq, Eq)]
pub struct JsonCandidate {
    cell: String,
    digit: u8,
}

impl JsonCandidate {
    fn new(cell: sudoku_core::Cell, digit: sudoku_core::Digit) -> JsonCandidate {
        JsonCandidate {
            cell: cell.to_string(),
            digit: digit.get(),
        }
    }
}

/// A chain link in JSON.
#[derive(Serialize, Debug, Clone)]
pub struct JsonLink {
    from: JsonCandidate,
    to: JsonCandidate,
    kind: &'static str,
}

/// One explained step in JSON.
#[derive(Serialize, Debug, Clone)]
pub struct JsonStep {
    technique: &'static str,
    name: &'static str,
    placements: Vec<JsonCandidate>,
    eliminations: Vec<JsonCandidate>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    links: Vec<JsonLink>,
    points: f64,
    /// Before candidates are written: how many different placements the
    /// direct methods offered (the seed's extra points for 1–3, halving for
    /// very many).
    #[serde(skip_serializing_if = "Option::is_none")]
    alternatives: Option<usize>,
    text: String,
    /// What the step looks like on the grid (cells, marked candidates, link
    /// arrows, groups), for a page to draw.
    shapes: Vec<Shape>,
    /// A forcing step's proof in Eureka notation, one branch after the other.
    #[serde(skip_serializing_if = "Option::is_none")]
    compact: Option<String>,
    /// A forcing step's implication trees.
    #[serde(skip_serializing_if = "Option::is_none")]
    forcing: Option<JsonForcing>,
}

/// One node of an implication tree in JSON.
#[derive(Serialize, Debug, Clone)]
pub struct JsonNode {
    cell: String,
    digit: u8,
    on: bool,
    /// `assumption`, `same-cell`, `same-house`, `naked-single`,
    /// `hidden-single`, `technique` (or `other`).
    cause: &'static str,
    /// The house of a `same-house` or `hidden-single` cause.
    #[serde(skip_serializing_if = "Option::is_none")]
    house: Option<String>,
    /// The technique of a `technique` cause (stable name).
    #[serde(skip_serializing_if = "Option::is_none")]
    technique: Option<&'static str>,
    parents: Vec<usize>,
}

/// One branch of a forcing step in JSON.
#[derive(Serialize, Debug, Clone)]
pub struct JsonBranch {
    nodes: Vec<JsonNode>,
    /// The node(s) the branch concludes from (two for a contradiction).
    conclusion: Vec<usize>,
}

/// A forcing step's trees in JSON.
#[derive(Serialize, Debug, Clone)]
pub struct JsonForcing {
    kind: &'static str,
    dynamic: bool,
    level: u8,
    branches: Vec<JsonBranch>,
    conclusion: JsonNode,
}

impl JsonForcing {
    fn new(f: &sudoku_logic::Forcing) -> JsonForcing {
        use sudoku_logic::{Cause, ForcingKind, ImplicationNode, Literal};
        let node = |l: Literal, cause: Cause, parents: &[usize]| {
            let (name, house, technique) = match cause {
                Cause::Assumption => ("assumption", None, None),
                Cause::SameCell => ("same-cell", None, None),
                Cause::SameHouse(h) => ("same-house", Some(h.to_string()), None),
                Cause::NakedSingle => ("naked-single", None, None),
                Cause::HiddenSingle(h) => ("hidden-single", Some(h.to_string()), None),
                Cause::Technique { technique, .. } => ("technique", None, Some(technique.name())),
            };
            JsonNode {
                cell: l.cell.to_string(),
                digit: l.digit.get(),
                on: l.on,
                cause: name,
                house,
                technique,
                parents: parents.to_vec(),
            }
        };
        let kind = match f.kind {
            ForcingKind::Cycle { .. } => "cycle",
            ForcingKind::Chain { .. } => "chain",
            ForcingKind::Contradiction => "contradiction",
            ForcingKind::DoubleImplication => "double-implication",
            ForcingKind::Cell { .. } => "cell",
            ForcingKind::Region { .. } => "region",
        };
        JsonForcing {
            kind,
            dynamic: f.dynamic,
            level: f.level,
            branches: f
                .branches
                .iter()
                .map(|b| JsonBranch {
                    nodes: b
                        .nodes
                        .iter()
                        .map(|n: &ImplicationNode| node(n.literal, n.cause, &n.parents))
                        .collect(),
                    conclusion: b.conclusion.clone(),
                })
                .collect(),
            // The literal every branch ends in; its causes are in the branches.
            conclusion: JsonNode {
                cause: "conclusion",
                ..node(f.conclusion, Cause::Assumption, &[])
            },
        }
    }
}

impl JsonStep {
    /// The JSON form of `step` with its explanation `text` and its `shapes`.
    pub fn new(step: &Step, text: String, shapes: Vec<Shape>, lang: Lang) -> JsonStep {
        JsonStep {
            technique: step.technique.name(),
            name: sudoku_explain::technique_name(step.technique, lang),
            placements: step
                .placements
                .iter()
                .map(|p| JsonCandidate::new(p.cell, p.digit))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|e| JsonCandidate::new(e.cell, e.digit))
                .collect(),
            links: step
                .links
                .iter()
                .map(|l| JsonLink {
                    from: JsonCandidate::new(l.from.0, l.from.1),
                    to: JsonCandidate::new(l.to.0, l.to.1),
                    kind: match l.kind {
                        LinkKind::Strong => "strong",
                        LinkKind::Weak => "weak",
                    },
                })
                .collect(),
            points: round(step.points),
            alternatives: step.alternatives,
            text,
            shapes,
            compact: sudoku_explain::compact(step),
            forcing: match &step.detail {
                sudoku_logic::Detail::Forcing(f) => Some(JsonForcing::new(f)),
                _ => None,
            },
        }
    }
}

/// The rating in JSON (the keys of `sudoku rate`).
#[derive(Serialize, Debug, Clone)]
struct JsonRating {
    points: f64,
    norm2: f64,
    max: f64,
    level: &'static str,
    trainer_level: &'static str,
    se: Option<f64>,
    se_ep: Option<f64>,
    se_ed: Option<f64>,
    hodoku_score: Option<u32>,
    hodoku_level: Option<&'static str>,
    steps: usize,
    logic_only: bool,
    techniques: serde_json::Map<String, serde_json::Value>,
}

impl JsonRating {
    fn new(r: &Rating) -> JsonRating {
        JsonRating {
            points: round(r.points),
            norm2: round(r.norm2),
            max: round(r.max),
            level: r.level.name(),
            trainer_level: r.trainer_level.name(),
            se: r.se.map(|s| s.er),
            se_ep: r.se.map(|s| s.ep),
            se_ed: r.se.map(|s| s.ed),
            hodoku_score: r.hodoku.map(|h| h.score),
            hodoku_level: r.hodoku.map(|h| h.level.name()),
            steps: r.steps,
            logic_only: r.logic_only,
            techniques: r
                .techniques
                .iter()
                .map(|(t, n)| (t.name().to_string(), serde_json::Value::from(*n)))
                .collect(),
        }
    }
}

/// One puzzle explained (or why not).
#[derive(Serialize, Debug)]
struct Explained {
    puzzle: String,
    variant: &'static str,
    status: &'static str,
    error: Option<String>,
    steps: Option<Vec<JsonStep>>,
    rating: Option<JsonRating>,
    #[serde(skip)]
    summary: Option<Summary>,
}

/// What the text summary needs beyond the JSON rating.
#[derive(Debug)]
struct Summary {
    rating: Option<Rating>,
    solved: bool,
}

/// Points rounded to 0.1, as the seed prints them (sums of 0.4 × count would
/// otherwise show binary noise).
fn round(points: f64) -> f64 {
    (points * 10.0).round() / 10.0
}

/// Points as text: `1`, `2.4`.
pub fn points_text(points: f64) -> String {
    let r = round(points);
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// The input's grid if it parses and no two givens clash, else the error
/// naming what is wrong and where.
fn checked_grid(input: &Input, variant: Variant) -> Result<Grid, String> {
    let grid = match &input.puzzle {
        Err(bad) => return Err(bad.to_string()),
        Ok(parsed) => parsed.grid,
    };
    grid.check(variant)
        .map_err(|conflict| input.locate(conflict))?;
    Ok(grid)
}

/// Explains one input.
fn explain(input: Input, variant: Variant, lang: Lang, solver: &SolverArgs) -> Explained {
    let mut out = Explained {
        puzzle: input.text.clone(),
        variant: variant.name(),
        status: "invalid",
        error: None,
        steps: None,
        rating: None,
        summary: None,
    };
    let grid = match checked_grid(&input, variant) {
        Ok(grid) => grid,
        Err(error) => {
            out.error = Some(error);
            return out;
        }
    };
    let solution = match sudoku_solve::uniqueness(&grid, variant) {
        Uniqueness::None => {
            out.status = "none";
            out.error = Some(message(lang, Problem::NoSolution));
            return out;
        }
        Uniqueness::Multiple(_) => {
            out.status = "multiple";
            out.error = Some(message(lang, Problem::Multiple));
            return out;
        }
        Uniqueness::Unique(solution) => solution,
    };
    // Self-check: a step contradicting the solution would be a bug; it ends the
    // explanation with a message instead of a wrong path.
    // The exact solver found one solution: the uniqueness techniques may run.
    let options = Options {
        solution: Some(solution),
        unique: true,
        ..solver.options()
    };
    let trace = match solve_logically(&grid, variant, &options) {
        Ok(trace) => trace,
        Err(e) => {
            out.status = "unsolved";
            out.error = Some(e.to_string());
            return out;
        }
    };
    let texts = explain_trace(&trace, lang);
    let shapes = trace_shapes(&trace);
    out.steps = Some(
        trace
            .steps
            .iter()
            .zip(texts)
            .zip(shapes)
            .map(|((s, text), shapes)| JsonStep::new(s, text, shapes, lang))
            .collect(),
    );
    let solved = trace.outcome == Outcome::Solved;
    out.status = if solved { "unique" } else { "unsolved" };
    if !solved {
        out.error = Some(message(lang, Problem::Unfinished));
    }
    let rating = match sudoku_rate::rate_trace_in(&trace, variant, solver.peers()) {
        Ok(r) => Some(r),
        Err(e) => {
            out.error.get_or_insert_with(|| e.to_string());
            None
        }
    };
    out.rating = rating.as_ref().map(JsonRating::new);
    out.summary = Some(Summary { rating, solved });
    out
}

/// One step of Sudoku Explainer's walk in JSON.
#[derive(Serialize, Debug, Clone)]
struct JsonSeStep {
    technique: &'static str,
    name: &'static str,
    se_rule: &'static str,
    se_name: String,
    difficulty: f64,
    placements: Vec<JsonCandidate>,
    eliminations: Vec<JsonCandidate>,
    text: String,
}

/// Sudoku Explainer's rating in JSON.
#[derive(Serialize, Debug, Clone)]
struct JsonSeRating {
    se: f64,
    se_ep: f64,
    se_ed: f64,
}

/// One puzzle's Sudoku Explainer walk (or why not).
#[derive(Serialize, Debug)]
struct SeExplained {
    puzzle: String,
    variant: &'static str,
    status: &'static str,
    error: Option<String>,
    steps: Option<Vec<JsonSeStep>>,
    rating: Option<JsonSeRating>,
}

/// Explains Sudoku Explainer's walk of one input.
fn explain_se(input: Input, variant: Variant, lang: Lang, solver: &SolverArgs) -> SeExplained {
    let mut out = SeExplained {
        puzzle: input.text.clone(),
        variant: variant.name(),
        status: "invalid",
        error: None,
        steps: None,
        rating: None,
    };
    let grid = match checked_grid(&input, variant) {
        Ok(grid) => grid,
        Err(error) => {
            out.error = Some(error);
            return out;
        }
    };
    match sudoku_solve::uniqueness(&grid, variant) {
        Uniqueness::None => {
            out.status = "none";
            out.error = Some(message(lang, Problem::NoSolution));
            return out;
        }
        Uniqueness::Multiple(_) => {
            out.status = "multiple";
            out.error = Some(message(lang, Problem::Multiple));
            return out;
        }
        Uniqueness::Unique(_) => {}
    }
    let path = match sudoku_rate::se::path_in(&grid, variant, solver.peers()) {
        Ok(path) => path,
        Err(e) => {
            out.error = Some(e.to_string());
            return out;
        }
    };
    let mut steps = Vec::with_capacity(path.steps.len());
    if let Ok(mut pos) = Candidates::new(&grid, variant) {
        pos.write_candidates();
        for s in &path.steps {
            let text = match (&s.pattern, s.step.placements.first()) {
                // A direct technique: the pattern, then the single it leaves.
                (Some(pattern), Some(p)) => {
                    let why = sudoku_explain::render_at(pattern, &pos, lang);
                    match lang {
                        Lang::De => format!(
                            "{why} Damit bleibt für die {} nur noch {}: dort wird sie gesetzt.",
                            p.digit, p.cell
                        ),
                        _ => format!(
                            "{why} That leaves {} only {}: it is placed there.",
                            p.digit, p.cell
                        ),
                    }
                }
                _ => sudoku_explain::render_at(&s.step, &pos, lang),
            };
            let _ = pos.apply(&s.step);
            steps.push(JsonSeStep {
                technique: s.step.technique.name(),
                name: sudoku_explain::technique_name(s.step.technique, lang),
                se_rule: s.rule.key(),
                se_name: sudoku_explain::se_rule_name(s.rule.key(), lang).to_string(),
                difficulty: round(s.difficulty),
                placements: s
                    .step
                    .placements
                    .iter()
                    .map(|p| JsonCandidate::new(p.cell, p.digit))
                    .collect(),
                eliminations: s
                    .step
                    .eliminations
                    .iter()
                    .map(|e| JsonCandidate::new(e.cell, e.digit))
                    .collect(),
                text,
            });
        }
    }
    out.steps = Some(steps);
    out.status = if path.solved { "unique" } else { "unsolved" };
    if !path.solved {
        out.error = Some(message(lang, Problem::Unfinished));
    }
    let e = path.estimate;
    out.rating = Some(JsonSeRating {
        se: round(e.er),
        se_ep: round(e.ep),
        se_ed: round(e.ed),
    });
    out
}

/// Writes one Sudoku Explainer walk as text.
fn write_se_text(out: &mut dyn Write, e: &SeExplained, lang: Lang) -> io::Result<()> {
    let label = match lang {
        Lang::De => "Rätsel",
        _ => "Puzzle",
    };
    writeln!(out, "{label}: {} ({})", e.puzzle, e.variant)?;
    if let Some(steps) = &e.steps {
        let width = steps.len().to_string().len();
        for (i, s) in steps.iter().enumerate() {
            writeln!(
                out,
                "{:>width$}. {} [SE {:.1}, {}]",
                i + 1,
                s.text,
                s.difficulty,
                s.se_name
            )?;
        }
    }
    if let Some(r) = &e.rating {
        let n = e.steps.as_ref().map_or(0, Vec::len);
        let (summary, steps, beyond) = match lang {
            Lang::De => (
                "Zusammenfassung: Sudoku Explainer",
                "Schritten",
                " (jenseits seines Lösers)",
            ),
            _ => ("Summary: Sudoku Explainer", "steps", " (beyond its solver)"),
        };
        writeln!(
            out,
            "{summary} ER {:.1}, EP {:.1}, ED {:.1} in {n} {steps}{}.",
            r.se,
            r.se_ep,
            r.se_ed,
            if r.se >= 20.0 { beyond } else { "" },
        )?;
    }
    if let Some(error) = &e.error {
        writeln!(out, "{}: {error}", e.status)?;
    }
    Ok(())
}

/// Why a valid puzzle has no path to explain.
#[derive(Clone, Copy)]
pub enum Problem {
    /// No solution.
    NoSolution,
    /// Several solutions.
    Multiple,
    /// The solver stopped before the end.
    Unfinished,
}

/// The message for `problem` in `lang`.
pub fn message(lang: Lang, problem: Problem) -> String {
    match (lang, problem) {
        (Lang::De, Problem::NoSolution) => "das Rätsel hat keine Lösung".to_string(),
        (Lang::De, Problem::Multiple) => {
            "das Rätsel hat mehr als eine Lösung, es gibt keinen eindeutigen logischen Weg"
                .to_string()
        }
        (Lang::De, Problem::Unfinished) => {
            "der logische Löser ist vor dem Ende stehen geblieben".to_string()
        }
        (_, Problem::NoSolution) => "the puzzle has no solution".to_string(),
        (_, Problem::Multiple) => {
            "the puzzle has more than one solution, so there is no single logical path".to_string()
        }
        (_, Problem::Unfinished) => "the logical solver stopped before the end".to_string(),
    }
}

/// Writes one puzzle as text.
fn write_text(out: &mut dyn Write, e: &Explained, lang: Lang) -> io::Result<()> {
    let label = match lang {
        Lang::De => "Rätsel",
        _ => "Puzzle",
    };
    writeln!(out, "{label}: {} ({})", e.puzzle, e.variant)?;
    if let Some(steps) = &e.steps {
        let width = steps.len().to_string().len();
        for (i, s) in steps.iter().enumerate() {
            writeln!(
                out,
                "{:>width$}. {} [{}{}]",
                i + 1,
                s.text,
                points_word(s.points, lang),
                scarcity(s.alternatives, lang)
            )?;
        }
    }
    match (&e.summary, &e.error) {
        (Some(summary), _) if summary.solved => writeln!(out, "{}", summary_text(summary, lang)),
        (_, Some(error)) => writeln!(out, "{}: {error}", e.status),
        _ => writeln!(out, "{}", e.status),
    }
}

/// Why a direct step's points were raised or halved: "; only 2 direct steps
/// possible" for 1–3 alternatives, "; 14 direct steps possible" for more than
/// 10; nothing otherwise.
fn scarcity(alternatives: Option<usize>, lang: Lang) -> String {
    match (alternatives, lang) {
        (Some(1), Lang::De) => "; nur 1 direkter Schritt möglich".to_string(),
        (Some(n @ 2..=3), Lang::De) => format!("; nur {n} direkte Schritte möglich"),
        (Some(n @ 11..), Lang::De) => format!("; {n} direkte Schritte möglich"),
        (Some(1), _) => "; only 1 direct step possible".to_string(),
        (Some(n @ 2..=3), _) => format!("; only {n} direct steps possible"),
        (Some(n @ 11..), _) => format!("; {n} direct steps possible"),
        _ => String::new(),
    }
}

/// "1 point", "2.4 points" / "1 Punkt", "2.4 Punkte".
fn points_word(points: f64, lang: Lang) -> String {
    let one = round(points) == 1.0;
    let word = match (lang, one) {
        (Lang::De, true) => "Punkt",
        (Lang::De, false) => "Punkte",
        (_, true) => "point",
        (_, false) => "points",
    };
    format!("{} {word}", points_text(points))
}

/// The words of the summary line in one language; [`summary_text`] puts them
/// into the one sentence both languages share.
struct SummaryWords {
    /// `Summary: solved`, the start of the line.
    solved: &'static str,
    /// The whole line when the puzzle was solved but not rated.
    unrated: &'static str,
    steps: &'static str,
    points: &'static str,
    norm: &'static str,
    max: &'static str,
    level: &'static str,
    trainer_level: &'static str,
    logic_only: &'static str,
    trial_and_error: &'static str,
}

impl SummaryWords {
    /// The summary's words in `lang` (English for every language but German).
    fn of(lang: Lang) -> SummaryWords {
        match lang {
            Lang::De => SummaryWords {
                solved: "Zusammenfassung: gelöst",
                unrated: "Zusammenfassung: gelöst (ohne Bewertung)",
                steps: "Schritten",
                points: "Punkte",
                norm: "2-Norm",
                max: "Maximum",
                level: "Stufe",
                trainer_level: "Trainer-Stufe",
                logic_only: "nur mit Logik gelöst",
                trial_and_error: "Trial&Error war nötig",
            },
            _ => SummaryWords {
                solved: "Summary: solved",
                unrated: "Summary: solved (no rating)",
                steps: "steps",
                points: "points",
                norm: "norm",
                max: "max",
                level: "level",
                trainer_level: "trainer level",
                logic_only: "logic only",
                trial_and_error: "trial and error was needed",
            },
        }
    }
}

/// The `Summary:` line of a solved puzzle in `lang`.
fn summary_text(summary: &Summary, lang: Lang) -> String {
    let w = SummaryWords::of(lang);
    let Some(r) = &summary.rating else {
        return w.unrated.to_string();
    };
    let se =
        r.se.map(|s| format!(", SE {:.1}", s.er))
            .unwrap_or_default();
    let hodoku = r
        .hodoku
        .map(|h| format!(", HoDoKu {} ({})", h.score, h.level.name()))
        .unwrap_or_default();
    let (level, trainer_level) = match lang {
        Lang::De => (
            r.level.name_de(),
            sudoku_trainer::explain::de(Subject::Level(r.trainer_level)),
        ),
        _ => (
            r.level.name(),
            sudoku_trainer::explain::en(Subject::Level(r.trainer_level)),
        ),
    };
    let how = if r.logic_only {
        w.logic_only
    } else {
        w.trial_and_error
    };
    format!(
        "{} in {} {}, {} {} ({} {}, {} {}), {}: {}, {}: {}{se}{hodoku}; {how}.",
        w.solved,
        r.steps,
        w.steps,
        points_text(r.points),
        w.points,
        w.norm,
        points_text(r.norm2),
        w.max,
        points_text(r.max),
        w.level,
        level,
        w.trainer_level,
        trainer_level,
    )
}

/// Runs `sudoku explain`; true when every puzzle was explained to its solution.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let sources = batch::sources(&args.batch)?;
    let variant = args.batch.variant;
    let (lang, format, solver) = (args.lang, args.format, args.solver);
    let mut all_ok = true;
    // A run that continues another (`--first-line` > 1) separates its first
    // puzzle from the output before it too.
    let mut first = !args.batch.continues();
    if args.path == PathKind::Se {
        batch::run(
            sources,
            batch::jobs(&args.batch),
            |input| explain_se(input, variant, lang, &solver),
            |out, e| {
                all_ok &= e.status == "unique";
                match format {
                    Format::Text => {
                        if !std::mem::replace(&mut first, false) {
                            writeln!(out)?;
                        }
                        write_se_text(out, &e, lang)
                    }
                    Format::Json => output::json_line(out, &e),
                }
            },
        )?;
        return Ok(all_ok);
    }
    batch::run(
        sources,
        batch::jobs(&args.batch),
        |input| explain(input, variant, lang, &solver),
        |out, e| {
            all_ok &= e.status == "unique";
            match format {
                Format::Text => {
                    if !std::mem::replace(&mut first, false) {
                        writeln!(out)?;
                    }
                    write_text(out, &e, lang)
                }
                Format::Json => output::json_line(out, &e),
            }
        },
    )?;
    Ok(all_ok)
}
