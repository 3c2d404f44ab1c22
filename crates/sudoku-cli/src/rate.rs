//! `sudoku rate`: the difficulty of every puzzle — the diagonal solver's points
//! and levels, the trainer's level, and estimates on Sudoku Explainer's and
//! HoDoKu's scales — one row per puzzle, in input order.
//!
//! The rating itself is `sudoku-rate`'s; this module only checks the input,
//! runs it through the batch pipeline and writes TSV (with a header line) or
//! JSON lines; `--variants100` adds the spread over 100 isomorphic copies
//! ([`variants100`]), `--stats` writes a summary of the techniques instead of
//! the rows ([`stats`]).

use crate::batch::{self, BatchArgs, Input};
use crate::messages::{self, Msg};
use crate::output::{self, TableFormat, tsv_field};
use serde_json::{Map, Value, json};
use std::io::{self, Write};
use std::sync::Arc;
use sudoku_core::Variant;
use sudoku_logic::{DirectMethods, Mode, Orientation};
use sudoku_rate::{
    Assessment, RateOptions, Rating, Scale, Scales, TrainerLevel, Walk, rate_puzzle,
};

mod stats;
mod variants100;

use variants100::Variants100;

/// How many hits a round of the logical solver applies (the seed's modes).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SolveMode {
    /// Non-synchronous: one step per round, the one with most eliminations,
    /// then fewest points (the seed's default).
    #[default]
    Async,
    /// Synchronous: every hit of the round's technique at once.
    Sync,
    /// Semi-synchronous: every cheapest placement, or every elimination step
    /// with most eliminations within 3 points of the cheapest, at once.
    Semi,
    /// Pseudo-synchronous: the first of what a semi-synchronous round takes.
    Pseudo,
}

/// Which grid every walk takes, when asked for (by default our own walk
/// takes the canonical orientation and Sudoku Explainer's and HoDoKu's walks
/// the grid as given).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrientationArg {
    /// The puzzle's canonical orientation for every walk, steps shown on the
    /// grid as given: every rotated, mirrored or relabelled copy gets the same
    /// rating, the SE and HoDoKu figures included.
    Canonical,
    /// The grid exactly as given for every walk (the seed's own points, which
    /// differ between copies).
    Given,
}

/// Which of the seed's direct methods C and D may place digits before
/// candidates are written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DirectArg {
    /// Only the singles A and B.
    Singles,
    /// C and D with one reason each (one obvious row/column test or 2-tuple).
    Simple,
    /// Every C and D method.
    #[default]
    All,
}

/// The solver's options shared by `rate`, `explain` and `hint`.
#[derive(clap::Args, Debug, Clone)]
pub struct SolverArgs {
    /// Solver rounds: async (one step), sync (all hits), semi (all of the
    /// best hits) or pseudo (the first of them).
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub mode: SolveMode,

    /// Which grid the walks take. By default our own walk takes the canonical
    /// orientation (the same points and levels for every isomorphic copy) and
    /// Sudoku Explainer's and HoDoKu's walks the grid as given (what serate
    /// and HoDoKu print for it); `canonical` or `given` sets all walks.
    #[arg(long, value_enum, hide_possible_values = true)]
    pub orientation: Option<OrientationArg>,

    /// The seed's direct methods C and D before candidates are written:
    /// singles (none), simple (one reason each) or all.
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub direct: DirectArg,

    #[command(flatten)]
    pub choice: crate::choice::TechniqueArgs,
}

impl SolverArgs {
    /// The logical solver's mode.
    pub fn mode(&self) -> Mode {
        match self.mode {
            SolveMode::Async => Mode::NonSynchronous,
            SolveMode::Sync => Mode::Synchronous,
            SolveMode::Semi => Mode::SemiSynchronous,
            SolveMode::Pseudo => Mode::PseudoSynchronous,
        }
    }

    /// The orientation our own walk takes.
    pub fn orientation(&self) -> Orientation {
        match self.orientation {
            Some(OrientationArg::Given) => Orientation::AsGiven,
            Some(OrientationArg::Canonical) | None => Orientation::Canonical,
        }
    }

    /// The orientation Sudoku Explainer's and HoDoKu's walks take.
    pub fn peers(&self) -> Orientation {
        match self.orientation {
            Some(OrientationArg::Canonical) => Orientation::Canonical,
            Some(OrientationArg::Given) | None => Orientation::AsGiven,
        }
    }

    /// The direct methods allowed.
    pub fn direct(&self) -> DirectMethods {
        match self.direct {
            DirectArg::Singles => DirectMethods::Singles,
            DirectArg::Simple => DirectMethods::Simple,
            DirectArg::All => DirectMethods::All,
        }
    }

    /// The analysis request of these options in `lang`.
    pub fn request(&self, lang: sudoku_explain::Lang) -> sudoku_analysis::Request {
        sudoku_analysis::Request {
            lang,
            mode: self.mode(),
            orientation: self.orientation(),
            peers: self.peers(),
            direct: self.direct(),
            positions: false,
            selection: self.choice.chosen(),
            until: None,
        }
    }
}

/// Arguments of `sudoku rate`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Rate the difficulty of puzzles, one row per puzzle, in input order",
    long_about = "Rate the difficulty of puzzles, one row per puzzle, in input order.\n\n\
Every puzzle is solved like a strong human would, always taking the easiest \
step; the rating is read off that path. Input is streamed in constant memory \
and rated in parallel.",
    after_long_help = "\
OUTPUT (--format):
  tsv   A header line, then one line per puzzle with the columns
          line, puzzle, status, points, norm2, max, level, trainer_level,
          se, se_ep, se_ed, hodoku_level, hodoku_score, steps, logic_only,
          techniques, error
        and with --variants8 two more: variants8 (the 8 points, comma-separated)
        and variants8_min; with --variants100 four more: variants100 (the 100
        points, comma-separated, empty where a copy was not solved),
        variants100_min, variants100_max, variants100_median; with --model one
        more at the end: predicted (the
        model's class; empty where there is no rating). techniques is `name:count,...` in the solver's order.
        Fields that do not apply are empty. With --scales only the columns of
        those scales (and line, puzzle, status, error) are written.
  json  One JSON object per line with the keys input, line, puzzle, variant,
        status, error, the rating keys above (null when they do not apply;
        techniques is an object name -> count) and variants8 ({points, min} or
        null); with --variants100 also variants100 ({points, min, max, median}
        or null); with --model also predicted.

STATISTICS (--stats):
  Instead of a row per puzzle, one summary of all the puzzles' paths: per
  technique the steps, their share of all steps in %, the puzzles using it and
  their share; then the seed's six groups of elimination methods (1 row/
  column/box tests, 2 single-digit chains, fish and colouring, 3 XY-chains and
  wings, 4 subsets, 5 AICs and forcing chains, 6 uniqueness) with their share
  of all elimination steps. Text tables, or one JSON object with --format json.
  Only our walk runs (in the --mode given); memory stays constant.

STATUS:
  unique    rated
  multiple  several solutions: no rating, trainer_level `extremely-hard`
  none      no solution
  invalid   not a puzzle, or clashing givens (error says where)
  unsolved  unique, but the logical solver stopped early (partial rating)

LEVELS:
  level          the seed's text level by points: very easy (< 37), easy
                 (< 67), somewhat difficult (< 111), quite difficult (< 240),
                 really difficult
  trainer_level  the trainer's level, by the trainer's own search (the same
                 as the trainer page, the database and `gen --level`): easy
                 (necessary numbers), medium (a naked single), hard (a hidden
                 single by its four criteria), very-hard (its search must
                 guess), extremely-hard (several solutions)
  se, se_ep, se_ed  Sudoku Explainer's ER, EP, ED from its own walk
                 (`sudoku explain --path se` shows it); empty where the walk
                 gets stuck
  hodoku_level   Easy, Medium, Hard, Unfair, Extreme (estimated)

EXIT STATUS:
  0  every puzzle was valid and has at least one solution
  1  some input was invalid or has no solution (the others are still rated)
  2  usage error: bad option, unreadable file, or a read error

EXAMPLES:
  sudoku rate puzzles.txt > ratings.tsv
  sudoku rate --format json --mode sync puzzles.txt | jq .se
  sudoku rate --scales se puzzles.txt        # only Sudoku Explainer's walk
  sudoku rate --variants8 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
  sudoku rate --mode semi --variants100 puzzles.txt   # 100 isomorphic copies: min, max, median
  sudoku rate --stats --jobs 2 ../shared/data/top1465.txt   # how often each technique is used"
)]
pub struct Args {
    #[command(flatten)]
    pub output: crate::output::FormatArg<TableFormat>,

    #[command(flatten)]
    pub solver: SolverArgs,

    /// Also rate the 8 rotated and mirrored copies, each walked as given (the
    /// seed's "8 VARIANTEN"), and report their points and the minimum (8 times
    /// the work).
    #[arg(long)]
    pub variants8: bool,

    /// Also rate the puzzle and 99 copies — digits relabelled, bands and
    /// stacks swapped, rows and columns swapped inside them, rotated and
    /// mirrored; for the diagonal and colour variants only transforms that
    /// keep their extra houses — each walked as given (the seed's "100
    /// Varianten"), and report the 100 points with their minimum, maximum and
    /// median (100 times the work). The copies are the same in every run.
    #[arg(long)]
    pub variants100: bool,

    /// Write statistics of the techniques over all puzzles' paths instead of
    /// a row per puzzle (see STATISTICS below).
    #[arg(long, conflicts_with_all = ["variants8", "variants100", "model", "scales"])]
    pub stats: bool,

    /// The scales to compute, comma-separated: points (our walk: points,
    /// norm2, max, level, steps, logic_only, techniques), trainer
    /// (trainer_level), se (se, se_ep, se_ed), hodoku (hodoku_level,
    /// hodoku_score). Only their columns are written, and only their walks run.
    #[arg(long, value_name = "LIST", default_value_t = Scales::ALL)]
    pub scales: Scales,

    /// Also classify every puzzle with a model of `sudoku ml train` (adds the
    /// column `predicted`).
    #[arg(long, value_name = "MODEL")]
    pub model: Option<std::path::PathBuf>,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// What became of one input (also the row `gen` writes for each puzzle).
pub(crate) struct RateRow {
    pub(crate) source: Arc<str>,
    pub(crate) line: usize,
    pub(crate) puzzle: String,
    pub(crate) variant: Variant,
    pub(crate) result: Result<Assessment, String>,
    pub(crate) predicted: Option<String>,
    /// The points of the 100 copies (`--variants100`, rated puzzles only).
    pub(crate) variants100: Option<Variants100>,
}

impl RateRow {
    fn status(&self) -> &'static str {
        match &self.result {
            Ok(a) => a.status(),
            Err(_) => "invalid",
        }
    }

    fn is_success(&self) -> bool {
        matches!(&self.result, Ok(a) if !matches!(a, Assessment::NoSolution))
    }
}

fn rate_input(
    input: Input,
    variant: Variant,
    options: &RateOptions,
    model: Option<&sudoku_ml::Model>,
    with_variants100: bool,
) -> RateRow {
    let mut variants100 = None;
    let result = match &input.puzzle {
        Err(bad) => Err(bad.to_string()),
        Ok(parsed) => match sudoku_core::Puzzle::new(parsed.grid, variant) {
            Err(conflict) => Err(input.locate(messages::conflict(&conflict))),
            Ok(puzzle) => {
                let result = rate_puzzle(&puzzle, options).map_err(|e| input.locate(e));
                if with_variants100 && matches!(result, Ok(Assessment::Rated(_))) {
                    variants100 = Some(variants100::rate(&puzzle, options));
                }
                result
            }
        },
    };
    let predicted = match (&result, &input.puzzle, model) {
        (Ok(Assessment::Rated(_)), Ok(parsed), Some(m)) => m
            .spec()
            .extract(&parsed.grid, variant)
            .ok()
            .map(|v| m.predict_name(&v).to_string()),
        _ => None,
    };
    RateRow {
        source: input.source,
        line: input.line,
        puzzle: input.text,
        variant,
        result,
        predicted,
        variants100,
    }
}

/// Runs `sudoku rate`; true when every puzzle was valid and solvable.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    if args.variants8 && !args.scales.has(Scale::Points) {
        anyhow::bail!(Msg::Variants8NeedsPoints {
            scales: args.scales.to_string()
        });
    }
    if args.variants100 && !args.scales.has(Scale::Points) {
        anyhow::bail!(Msg::Variants100NeedsPoints {
            scales: args.scales.to_string()
        });
    }
    if args.stats {
        return run_stats(args);
    }
    let variant = args.batch.variant;
    let options = rate_options(args);
    let model = match &args.model {
        Some(path) => Some(sudoku_ml::Model::load(path)?),
        None => None,
    };
    let layout = Layout {
        scales: args.scales,
        variants8: args.variants8,
        variants100: args.variants100,
        with_model: model.is_some(),
    };
    let format = args.output.get();
    let header = |out: &mut dyn Write| tsv_header(out, layout);
    batch::run_rows(
        &args.batch,
        format.frame(&header),
        |input| rate_input(input, variant, &options, model.as_ref(), args.variants100),
        RateRow::is_success,
        |out, row| match format {
            TableFormat::Tsv => tsv_row(out, &row, layout),
            TableFormat::Json => json_row(out, &row, layout),
        },
    )
}

/// The rating options of `args`.
fn rate_options(args: &Args) -> RateOptions {
    RateOptions {
        mode: args.solver.mode(),
        orientation: args.solver.orientation(),
        peers: args.solver.peers(),
        direct: args.solver.direct(),
        selection: args.solver.choice.chosen(),
        variants8: args.variants8,
        scales: args.scales,
    }
}

/// `rate --stats`: only our walk runs; every row is folded into the totals as
/// it arrives, and the summary is written at the end.
fn run_stats(args: &Args) -> anyhow::Result<bool> {
    let variant = args.batch.variant;
    let options = RateOptions {
        scales: Scales::NONE.with(Scale::Points),
        ..rate_options(args)
    };
    let mut totals = stats::Stats::default();
    let ok = batch::run_rows(
        &args.batch,
        batch::Frame::Bare,
        |input| rate_input(input, variant, &options, None, false),
        RateRow::is_success,
        |_, row| {
            totals.add(&row);
            Ok(())
        },
    )?;
    let mut out = io::stdout().lock();
    match args.output.get() {
        TableFormat::Tsv => totals.write_text(&mut out)?,
        TableFormat::Json => totals.write_json(&mut out)?,
    }
    out.flush()?;
    Ok(ok)
}

/// The report's columns, each with the scale it belongs to (`None`: every
/// report has it). A run with `--scales` writes only its scales' columns.
const COLUMNS: [(&str, Option<Scale>); 17] = [
    ("line", None),
    ("puzzle", None),
    ("status", None),
    ("points", Some(Scale::Points)),
    ("norm2", Some(Scale::Points)),
    ("max", Some(Scale::Points)),
    ("level", Some(Scale::Points)),
    ("trainer_level", Some(Scale::Trainer)),
    ("se", Some(Scale::Se)),
    ("se_ep", Some(Scale::Se)),
    ("se_ed", Some(Scale::Se)),
    ("hodoku_level", Some(Scale::Hodoku)),
    ("hodoku_score", Some(Scale::Hodoku)),
    ("steps", Some(Scale::Points)),
    ("logic_only", Some(Scale::Points)),
    ("techniques", Some(Scale::Points)),
    ("error", None),
];

/// What a report holds: the scales rated and the optional extra columns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    pub(crate) scales: Scales,
    pub(crate) variants8: bool,
    pub(crate) variants100: bool,
    pub(crate) with_model: bool,
}

impl Layout {
    /// Every scale, no extra column (what `gen` writes).
    pub(crate) const FULL: Layout = Layout {
        scales: Scales::ALL,
        variants8: false,
        variants100: false,
        with_model: false,
    };

    /// Whether column `i` of [`COLUMNS`] is written.
    fn keeps(&self, i: usize) -> bool {
        COLUMNS[i].1.is_none_or(|s| self.scales.has(s))
    }
}

pub(crate) fn tsv_header(out: &mut dyn Write, layout: Layout) -> io::Result<()> {
    let names: Vec<&str> = (0..COLUMNS.len())
        .filter(|&i| layout.keeps(i))
        .map(|i| COLUMNS[i].0)
        .collect();
    let mut line = names.join("\t");
    if layout.variants8 && layout.scales.has(Scale::Points) {
        line.push_str("\tvariants8\tvariants8_min");
    }
    if layout.variants100 && layout.scales.has(Scale::Points) {
        line.push_str("\tvariants100\tvariants100_min\tvariants100_max\tvariants100_median");
    }
    if layout.with_model {
        line.push_str("\tpredicted");
    }
    writeln!(out, "{line}")
}

/// A number with at most `decimals` decimals, trailing zeros dropped
/// (`124`, `32.5`, `7.2`).
fn num(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

pub(crate) fn tsv_row(out: &mut dyn Write, row: &RateRow, layout: Layout) -> io::Result<()> {
    let mut cols: Vec<String> = vec![
        row.line.to_string(),
        tsv_field(&row.puzzle),
        row.status().to_string(),
    ];
    let assessment = row.result.as_ref().ok();
    let rating = assessment.and_then(Assessment::rating);
    cols.extend(rating_fields(
        rating,
        assessment.and_then(Assessment::trainer_level),
    ));
    cols.push(
        row.result
            .as_ref()
            .err()
            .map_or(String::new(), |e| tsv_field(e)),
    );
    let mut cols: Vec<String> = cols
        .into_iter()
        .enumerate()
        .filter(|(i, _)| layout.keeps(*i))
        .map(|(_, c)| c)
        .collect();
    if layout.variants8 && layout.scales.has(Scale::Points) {
        match rating.and_then(|r| r.walk.as_ref()?.variants8.as_ref()) {
            Some(v) => {
                let all: Vec<String> = v
                    .points
                    .iter()
                    .map(|p| p.map_or(String::new(), |p| num(p, 2)))
                    .collect();
                cols.push(all.join(","));
                cols.push(num(v.min, 2));
            }
            None => cols.extend([String::new(), String::new()]),
        }
    }
    if layout.variants100 && layout.scales.has(Scale::Points) {
        let opt = |x: Option<f64>| x.map_or(String::new(), |x| num(x, 2));
        match &row.variants100 {
            Some(v) => {
                let all: Vec<String> = v.points.iter().map(|p| opt(*p)).collect();
                cols.extend([all.join(","), opt(v.min()), opt(v.max()), opt(v.median())]);
            }
            None => cols.extend(std::iter::repeat_n(String::new(), 4)),
        }
    }
    if layout.with_model {
        cols.push(row.predicted.clone().unwrap_or_default());
    }
    writeln!(out, "{}", cols.join("\t"))
}

/// The rating columns from `points` to `techniques`, empty where they do not
/// apply (`trainer`: the assessment's trainer level, which a puzzle with
/// several solutions has without a rating).
fn rating_fields(r: Option<&Rating>, trainer: Option<TrainerLevel>) -> Vec<String> {
    // Sudoku Explainer's figures as serate writes them: always one decimal
    // (`9.0`, not `9`).
    let se = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.1}"));
    let walk = r.and_then(|r| r.walk.as_ref());
    let se_est = r.and_then(|r| r.se);
    let hodoku = r.and_then(|r| r.hodoku);
    let on_walk = |f: &dyn Fn(&Walk) -> String| walk.map_or(String::new(), f);
    vec![
        on_walk(&|w| num(w.points, 2)),
        on_walk(&|w| num(w.norm2, 2)),
        on_walk(&|w| num(w.max, 2)),
        on_walk(&|w| w.level.name().to_string()),
        trainer.map_or(String::new(), |l| l.name().to_string()),
        se(se_est.map(|s| s.er)),
        se(se_est.map(|s| s.ep)),
        se(se_est.map(|s| s.ed)),
        hodoku.map_or(String::new(), |h| h.level.name().to_string()),
        hodoku.map_or(String::new(), |h| h.score.to_string()),
        on_walk(&|w| w.steps.to_string()),
        on_walk(&|w| w.logic_only.to_string()),
        on_walk(&|w| {
            let techniques: Vec<String> = w
                .techniques
                .iter()
                .map(|(t, n)| format!("{}:{n}", t.name()))
                .collect();
            techniques.join(",")
        }),
    ]
}

/// A float rounded to `decimals` places, as a JSON number.
fn jnum(x: f64, decimals: i32) -> Value {
    let scale = 10f64.powi(decimals);
    json!((x * scale).round() / scale)
}

pub(crate) fn json_row(out: &mut dyn Write, row: &RateRow, layout: Layout) -> io::Result<()> {
    let mut obj = Map::new();
    obj.insert("input".into(), json!(&*row.source));
    obj.insert("line".into(), json!(row.line));
    obj.insert("puzzle".into(), json!(row.puzzle));
    obj.insert("variant".into(), json!(row.variant.name()));
    obj.insert("status".into(), json!(row.status()));
    obj.insert("error".into(), json!(row.result.as_ref().err()));
    let assessment = row.result.as_ref().ok();
    let rating = assessment.and_then(Assessment::rating);
    let trainer = assessment.and_then(Assessment::trainer_level);
    let walk = rating.and_then(|r| r.walk.as_ref());
    let get = |f: &dyn Fn(&Rating) -> Value| rating.map_or(Value::Null, f);
    let on_walk = |f: &dyn Fn(&Walk) -> Value| walk.map_or(Value::Null, f);
    obj.insert("points".into(), on_walk(&|w| jnum(w.points, 2)));
    obj.insert("norm2".into(), on_walk(&|w| jnum(w.norm2, 2)));
    obj.insert("max".into(), on_walk(&|w| jnum(w.max, 2)));
    obj.insert("level".into(), on_walk(&|w| json!(w.level.name())));
    obj.insert("trainer_level".into(), json!(trainer.map(|l| l.name())));
    obj.insert("se".into(), get(&|r| json!(r.se.map(|s| s.er))));
    obj.insert("se_ep".into(), get(&|r| json!(r.se.map(|s| s.ep))));
    obj.insert("se_ed".into(), get(&|r| json!(r.se.map(|s| s.ed))));
    obj.insert(
        "hodoku_level".into(),
        get(&|r| json!(r.hodoku.map(|h| h.level.name()))),
    );
    obj.insert(
        "hodoku_score".into(),
        get(&|r| json!(r.hodoku.map(|h| h.score))),
    );
    obj.insert("steps".into(), on_walk(&|w| json!(w.steps)));
    obj.insert("logic_only".into(), on_walk(&|w| json!(w.logic_only)));
    obj.insert(
        "techniques".into(),
        on_walk(&|w| {
            Value::Object(
                w.techniques
                    .iter()
                    .map(|(t, n)| (t.name().to_string(), json!(n)))
                    .collect(),
            )
        }),
    );
    for (i, (name, _)) in COLUMNS.iter().enumerate() {
        if !layout.keeps(i) {
            obj.remove(*name);
        }
    }
    if layout.scales.has(Scale::Points) {
        obj.insert(
            "variants8".into(),
            on_walk(&|w| {
                w.variants8.as_ref().map_or(Value::Null, |v| {
                    let points: Vec<Value> = v
                        .points
                        .iter()
                        .map(|p| p.map_or(Value::Null, |p| jnum(p, 2)))
                        .collect();
                    json!({ "points": points, "min": jnum(v.min, 2) })
                })
            }),
        );
    }
    if layout.variants100 && layout.scales.has(Scale::Points) {
        let opt = |x: Option<f64>| x.map_or(Value::Null, |x| jnum(x, 2));
        let value = row.variants100.as_ref().map_or(Value::Null, |v| {
            let points: Vec<Value> = v.points.iter().map(|p| opt(*p)).collect();
            json!({
                "points": points,
                "min": opt(v.min()),
                "max": opt(v.max()),
                "median": opt(v.median()),
            })
        });
        obj.insert("variants100".into(), value);
    }
    if layout.with_model {
        obj.insert("predicted".into(), json!(row.predicted));
    }
    output::json_line(out, &Value::Object(obj))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_drop_trailing_zeros() {
        assert_eq!(num(124.0, 2), "124");
        assert_eq!(num(32.5, 2), "32.5");
        assert_eq!(num(7.2000001, 1), "7.2");
        assert_eq!(num(0.0, 1), "0");
        assert_eq!(num(35.777, 2), "35.78");
    }
}
