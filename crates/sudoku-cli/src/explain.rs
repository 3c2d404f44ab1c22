//! `sudoku explain`: the whole logical path of every puzzle, step by step, in
//! English or German, as text or one JSON object per puzzle.
//!
//! The path is the logic crate's trace (always the easiest step, trial and error
//! as the counted last resort), checked against the true solution while it is
//! made; the text of each step comes from `sudoku-explain`, the rating from
//! `sudoku-rate`. Puzzles that are not valid, have no solution or several get a
//! status and a message instead of a path.

use crate::batch::{self, BatchArgs, Frame, Input};
use crate::messages;
use crate::output;
use crate::rate::SolverArgs;
use serde::Serialize;
use std::io::{self, Write};
use sudoku_analysis::wire::{Candidate, round};
use sudoku_analysis::{Analysis, Problem, Puzzle, Until};
use sudoku_core::{Grid, Variant};
use sudoku_explain::Lang;
use sudoku_logic::Candidates;
use sudoku_trainer::explain::Subject;

/// Output formats of `explain`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Numbered steps with their points, then a summary (the default).
    #[default]
    Text,
    /// One JSON object per puzzle and line.
    Json,
    /// As text, each step below the position it is found in as a framed
    /// candidate grid (as HoDoKu prints it).
    Pm,
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
        steps, logic_only and techniques (name -> count), and the level words
        in the chosen language (level_text, trainer_level_text,
        hodoku_level_text); end is the board after the last step. The format
        is the server's too (GET /api/explain); its schema is
        docs/wire-format.v1.schema.json.
  pm    As text, with the position before every step as a framed candidate
        grid as HoDoKu prints it (`.---.`, `:---+---:`, `'---'`; the digits
        placed so far, every cell's candidates); with --path se, as text.

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

    #[command(flatten)]
    pub output: crate::output::FormatArg<Format>,

    /// Which path: own (the easiest step by our points) or se (Sudoku
    /// Explainer's walk with its difficulty per step and ER/EP/ED).
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub path: PathKind,

    /// Stop after step N, or after the first step of TECHNIQUE (a stable
    /// name such as x-wing); the rating stays the whole path's. Text output
    /// then ends with the position there as a candidate grid.
    #[arg(long, value_name = "N|TECHNIQUE", value_parser = until_parser)]
    pub until: Option<Until>,

    #[command(flatten)]
    pub solver: SolverArgs,

    #[command(flatten)]
    pub batch: BatchArgs,
}

fn until_parser(s: &str) -> Result<Until, String> {
    s.parse()
}

/// The `--lang` parser shared with `hint`.
pub fn lang_parser() -> impl clap::builder::TypedValueParser<Value = Lang> {
    use clap::builder::{PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new(["en", "de"]).try_map(|code| code.parse::<Lang>())
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
        .map_err(|conflict| input.locate(messages::conflict(&conflict)))?;
    Ok(grid)
}

/// Explains one input: the analysis pipeline on the checked puzzle, the
/// input's text kept as given.
fn explain(
    input: Input,
    variant: Variant,
    lang: Lang,
    solver: &SolverArgs,
    positions: bool,
    until: Option<Until>,
) -> Analysis {
    let puzzle = match checked_grid(&input, variant) {
        Ok(grid) => Puzzle::new(grid, variant),
        Err(error) => {
            let mut out = Analysis::empty(input.text, variant);
            out.error = Some(error);
            return out;
        }
    };
    let mut out = match puzzle {
        Ok(puzzle) => sudoku_analysis::analyse(
            &puzzle,
            &sudoku_analysis::Request {
                positions,
                until,
                ..solver.request(lang)
            },
        ),
        // checked_grid has checked the givens already.
        Err(conflict) => {
            let mut out = Analysis::empty(String::new(), variant);
            out.error = Some(input.locate(messages::conflict(&conflict)));
            out
        }
    };
    out.puzzle = input.text;
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
    placements: Vec<Candidate>,
    eliminations: Vec<Candidate>,
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
fn explain_se(
    input: Input,
    variant: Variant,
    lang: Lang,
    solver: &SolverArgs,
    until: Option<Until>,
) -> SeExplained {
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
    let puzzle = match Puzzle::new(grid, variant) {
        Ok(puzzle) => puzzle,
        Err(conflict) => {
            out.error = Some(input.locate(messages::conflict(&conflict)));
            return out;
        }
    };
    if let Err(problem) = sudoku_analysis::unique_solution(&puzzle) {
        out.status = problem.status();
        out.error = Some(problem.message(lang).to_string());
        return out;
    }
    let path = match sudoku_rate::se::path_in(&grid, variant, solver.peers()) {
        Ok(path) => path,
        Err(e) => {
            out.error = Some(e.to_string());
            return out;
        }
    };
    let mut steps = Vec::with_capacity(path.steps.len());
    let shown = match until {
        Some(u) => {
            let logic: Vec<sudoku_logic::Step> =
                path.steps.iter().map(|s| s.step.clone()).collect();
            u.cut(&logic)
        }
        None => path.steps.len(),
    };
    if let Ok(mut pos) = Candidates::new(&grid, variant) {
        pos.write_candidates();
        for s in path.steps.iter().take(shown) {
            let text = match (&s.pattern, s.step.placements.first()) {
                // A direct technique: the pattern, then the single it leaves.
                (Some(pattern), Some(p)) => {
                    let why = sudoku_explain::render_at(pattern, &pos, lang);
                    match lang {
                        Lang::De => format!(
                            "{why} Damit bleibt für die {} nur noch {}: dort wird sie gesetzt.",
                            p.digit, p.cell
                        ),
                        Lang::En => format!(
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
                    .map(|p| Candidate::new(p.cell, p.digit))
                    .collect(),
                eliminations: s
                    .step
                    .eliminations
                    .iter()
                    .map(|e| Candidate::new(e.cell, e.digit))
                    .collect(),
                text,
            });
        }
    }
    out.steps = Some(steps);
    out.status = if path.solved { "unique" } else { "unsolved" };
    if !path.solved {
        out.error = Some(Problem::Unfinished.message(lang).to_string());
    }
    let e = path.estimate;
    out.rating = Some(JsonSeRating {
        se: round(e.er),
        se_ep: round(e.ep),
        se_ed: round(e.ed),
    });
    out
}

/// Writes the `Puzzle:` line (the same word in German) and the numbered
/// steps, `  7. <text> [<note>]`, the numbers right-aligned.
fn write_steps<S>(
    out: &mut dyn Write,
    puzzle: &str,
    variant: &str,
    steps: Option<&[S]>,
    text_and_note: impl Fn(&S) -> (&str, String),
) -> io::Result<()> {
    writeln!(out, "Puzzle: {puzzle} ({variant})")?;
    let steps = steps.unwrap_or_default();
    let width = steps.len().to_string().len();
    for (i, s) in steps.iter().enumerate() {
        let (text, note) = text_and_note(s);
        writeln!(out, "{:>width$}. {text} [{note}]", i + 1)?;
    }
    Ok(())
}

/// Writes one Sudoku Explainer walk as text.
fn write_se_text(out: &mut dyn Write, e: &SeExplained, lang: Lang) -> io::Result<()> {
    write_steps(out, &e.puzzle, e.variant, e.steps.as_deref(), |s| {
        (&s.text, format!("SE {:.1}, {}", s.difficulty, s.se_name))
    })?;
    if let Some(r) = &e.rating {
        let n = e.steps.as_ref().map_or(0, Vec::len);
        let (summary, steps, beyond) = match lang {
            Lang::De => (
                "Zusammenfassung: Sudoku Explainer",
                "Schritten",
                " (jenseits seines Lösers)",
            ),
            Lang::En => ("Summary: Sudoku Explainer", "steps", " (beyond its solver)"),
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

/// Writes one puzzle as text.
fn write_text(out: &mut dyn Write, e: &Analysis, lang: Lang, variant: Variant) -> io::Result<()> {
    write_steps(out, &e.puzzle, e.variant, e.steps.as_deref(), |s| {
        let note = points_word(s.points, lang) + &scarcity(s.alternatives, lang);
        (&s.text, note)
    })?;
    write_stop(out, e, lang, variant)?;
    match &e.error {
        _ if e.status == "unique" => writeln!(out, "{}", summary_text(e.rated.as_ref(), lang)),
        Some(error) => writeln!(out, "{}: {error}{}", e.status, variant_tip(e)),
        None => writeln!(out, "{}", e.status),
    }
}

/// Writes one puzzle as text with the candidate grid of the position before
/// every step.
fn write_pm(out: &mut dyn Write, e: &Analysis, lang: Lang, variant: Variant) -> io::Result<()> {
    writeln!(out, "Puzzle: {} ({})", e.puzzle, e.variant)?;
    let steps = e.steps.as_deref().unwrap_or_default();
    let positions = e.positions.as_deref().unwrap_or_default();
    let width = steps.len().to_string().len();
    for (i, s) in steps.iter().enumerate() {
        if let Some(p) = positions.get(i) {
            write!(out, "\n{}", position_pm(p, variant))?;
        }
        let note = points_word(s.points, lang) + &scarcity(s.alternatives, lang);
        writeln!(out, "{:>width$}. {} [{note}]", i + 1, s.text)?;
    }
    if !steps.is_empty() {
        writeln!(out)?;
    }
    write_stop(out, e, lang, variant)?;
    match &e.error {
        _ if e.status == "unique" => writeln!(out, "{}", summary_text(e.rated.as_ref(), lang)),
        Some(error) => writeln!(out, "{}: {error}{}", e.status, variant_tip(e)),
        None => writeln!(out, "{}", e.status),
    }
}

/// ` (--variant diagonal)` after the message of a puzzle that is unique in
/// another variant.
fn variant_tip(e: &Analysis) -> String {
    e.unique_as
        .map(|v| format!(" (--variant {v})"))
        .unwrap_or_default()
}

/// With `--until`: where the path was cut, and the position there as a
/// candidate grid.
fn write_stop(out: &mut dyn Write, e: &Analysis, lang: Lang, variant: Variant) -> io::Result<()> {
    let (Some(n), Some(stop)) = (e.until, &e.stop) else {
        return Ok(());
    };
    match lang {
        Lang::De => writeln!(out, "Angehalten nach Schritt {n} (--until); die Stellung:")?,
        Lang::En => writeln!(out, "Stopped after step {n} (--until); the position:")?,
    }
    write!(out, "{}", position_pm(stop, variant))
}

/// A step's position on the wire as HoDoKu's candidate grid: before the
/// candidates are written, every candidate the placed digits allow.
fn position_pm(p: &sudoku_analysis::wire::Position, variant: Variant) -> String {
    let board: Grid = p.board.parse().unwrap_or(Grid::EMPTY);
    let mut sets = [sudoku_core::DigitSet::EMPTY; 81];
    for cell in sudoku_core::Cell::all() {
        if board.get(cell).is_none() {
            sets[cell.index()] = match &p.candidates {
                Some(c) => c
                    .get(cell.index())
                    .into_iter()
                    .flatten()
                    .filter_map(|&d| sudoku_core::Digit::new(d))
                    .collect(),
                None => board.candidates(variant, cell),
            };
        }
    }
    sudoku_core::pm_grid(&board, &Grid::EMPTY, &sets, false)
}

/// Why a direct step's points were raised or halved: "; only 2 direct steps
/// possible" for 1–3 alternatives, "; 14 direct steps possible" for more than
/// 9 (where a non-synchronous walk halves a direct step's points); nothing
/// otherwise.
fn scarcity(alternatives: Option<usize>, lang: Lang) -> String {
    match (alternatives, lang) {
        (Some(1), Lang::De) => "; nur 1 direkter Schritt möglich".to_string(),
        (Some(n @ 2..=3), Lang::De) => format!("; nur {n} direkte Schritte möglich"),
        (Some(n @ 10..), Lang::De) => format!("; {n} direkte Schritte möglich"),
        (Some(1), Lang::En) => "; only 1 direct step possible".to_string(),
        (Some(n @ 2..=3), Lang::En) => format!("; only {n} direct steps possible"),
        (Some(n @ 10..), Lang::En) => format!("; {n} direct steps possible"),
        _ => String::new(),
    }
}

/// "1 point", "2.4 points" / "1 Punkt", "2.4 Punkte".
pub fn points_word(points: f64, lang: Lang) -> String {
    let one = round(points) == 1.0;
    let word = match (lang, one) {
        (Lang::De, true) => "Punkt",
        (Lang::De, false) => "Punkte",
        (Lang::En, true) => "point",
        (Lang::En, false) => "points",
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
                level: "Schwierigkeitsgrad",
                trainer_level: "Trainer-Schwierigkeitsgrad",
                logic_only: "nur mit Logik gelöst",
                trial_and_error: "Trial&Error war nötig",
            },
            Lang::En => SummaryWords {
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
fn summary_text(rating: Option<&sudoku_rate::Rating>, lang: Lang) -> String {
    let w = SummaryWords::of(lang);
    let Some((r, walk, trainer_level)) =
        rating.and_then(|r| Some((r, r.walk.as_ref()?, r.trainer_level?)))
    else {
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
            walk.level.name_de(),
            sudoku_trainer::explain::de(Subject::Level(trainer_level)),
        ),
        Lang::En => (
            walk.level.name(),
            sudoku_trainer::explain::en(Subject::Level(trainer_level)),
        ),
    };
    let how = if walk.logic_only {
        w.logic_only
    } else {
        w.trial_and_error
    };
    format!(
        "{} in {} {}, {} {} ({} {}, {} {}), {}: {}, {}: {}{se}{hodoku}; {how}.",
        w.solved,
        walk.steps,
        w.steps,
        points_text(walk.points),
        w.points,
        w.norm,
        points_text(walk.norm2),
        w.max,
        points_text(walk.max),
        w.level,
        level,
        w.trainer_level,
        trainer_level,
    )
}

/// Runs `sudoku explain`; true when every puzzle was explained to its solution.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let (variant, lang, solver) = (args.batch.variant, args.lang, &args.solver);
    crate::messages::set_lang(lang);
    match args.path {
        PathKind::Own => {
            let pm = args.output.get() == Format::Pm;
            explain_all(
                args,
                |input| explain(input, variant, lang, solver, pm, args.until),
                |e| e.status,
                |out, e| match pm {
                    true => write_pm(out, e, lang, variant),
                    false => write_text(out, e, lang, variant),
                },
            )
        }
        PathKind::Se => explain_all(
            args,
            |input| explain_se(input, variant, lang, solver, args.until),
            |e| e.status,
            |out, e| write_se_text(out, e, lang),
        ),
    }
}

/// Explains every input with `explain` and writes each result as text
/// (`write_text`, a blank line between puzzles) or as one JSON line; true when
/// every `status` was `unique`.
fn explain_all<T: Serialize + Send>(
    args: &Args,
    explain: impl Fn(Input) -> T + Sync + Send,
    status: impl Fn(&T) -> &str,
    write_text: impl Fn(&mut dyn Write, &T) -> io::Result<()>,
) -> anyhow::Result<bool> {
    let format = args.output.get();
    let frame = match format {
        Format::Text | Format::Pm => Frame::Separated,
        Format::Json => Frame::Bare,
    };
    batch::run_rows(
        &args.batch,
        frame,
        explain,
        |e| status(e) == "unique",
        |out, e| match format {
            Format::Text | Format::Pm => write_text(out, &e),
            Format::Json => output::json_line(out, &e),
        },
    )
}
