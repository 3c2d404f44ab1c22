//! `sudoku ml`: learning difficulty scales from labelled puzzles, mirroring
//! the thesis' tool (`cross`, `test`, `map`, `write`) plus `train`,
//! `features`, `select` (ranking by use in trees, or CFS), `tune` (the grid
//! search over C and M) and `show` (a saved model as Weka prints a tree).
//!
//! The work is `sudoku-ml`'s (classifiers, evaluation) and `sudoku-rate`'s
//! (feature vectors); this module reads the files, runs everything on a
//! rayon pool of `--jobs` threads and prints text or JSON.

use crate::batch::{self, BatchArgs, Frame, Input};
use crate::messages::{Msg, Threads};
use crate::output;
use anyhow::{Context, bail};
use clap::{Args as ClapArgs, Subcommand};
use serde_json::{Value, json};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;
use sudoku_core::Variant;
use sudoku_ml::{
    C45Params, CfsParams, Confusion, Dataset, ForestParams, Labelled, Mapping, Model, ModelKind,
    TrainParams, cfs, cross_validate, rank_features, show_model, tune_c45, write_arff,
};
use sudoku_rate::features::EXTENDED_DOC;
use sudoku_rate::{FeatureSet, FeatureSpec, Stage};

/// Arguments of `sudoku ml`.
#[derive(ClapArgs, Debug)]
#[command(
    about = "Learn difficulty scales from labelled puzzles (the 2014 thesis' tool)",
    long_about = "Learn difficulty scales from labelled puzzles (the 2014 thesis' tool).\n\n\
Labelled files use the thesis' format: a line with a class name (not starting \
with a digit or '.') labels the puzzle lines after it. Every puzzle is solved \
along the easiest path and described by a feature vector (`sudoku ml features \
--names`); C4.5 trees and random forests are trained on them.",
    after_long_help = "\
EXAMPLES:
  sudoku ml cross --model c45 --c 0.1 --m 30 hodoku-levels.txt
  sudoku ml cross --model forest --features extended hodoku-levels.txt
  sudoku ml train --model forest --features extended hodoku-levels.txt -o hodoku.model
  sudoku ml test hodoku.model other-levels.txt
  sudoku ml map hodoku-levels.txt se-bands.txt
  sudoku ml write hodoku-levels.txt -o hodoku.arff
  sudoku ml select --runs 100 --top 17 hodoku-levels.txt
  sudoku ml select --method cfs -o cfs.model hodoku-levels.txt
  sudoku ml tune --c 0.05,0.1,0.25 --m 2,10,30 hodoku-levels.txt
  sudoku ml show hodoku.model
  sudoku rate --model hodoku.model puzzles.txt

EXIT STATUS:
  0  done
  2  usage error, unreadable or malformed file, invalid puzzle (the message
     names the file and line), or a model of another feature version"
)]
pub struct Args {
    #[command(subcommand)]
    command: MlCommand,
}

#[derive(Subcommand, Debug)]
enum MlCommand {
    /// k-fold cross-validation: accuracy, per-class precision/recall, confusion matrix.
    Cross(CrossArgs),
    /// Train a model on a labelled file and save it.
    Train(TrainArgs),
    /// Evaluate a saved model on a labelled file.
    Test(TestArgs),
    /// Train on scale A (without B's puzzles), classify B's puzzles: the mapping matrix.
    Map(MapArgs),
    /// Write the feature vectors of a labelled file as Weka ARFF.
    Write(WriteArgs),
    /// List the feature names, or print the feature vectors of puzzles.
    Features(FeaturesArgs),
    /// Choose features: ranked by how often C4.5 uses them, or by CFS.
    Select(SelectArgs),
    /// Grid search over C4.5's C and M by cross-validation.
    Tune(TuneArgs),
    /// Print a saved model: a C4.5 tree as Weka prints it, a forest summarised.
    Show(ShowArgs),
}

/// Which features are extracted.
#[derive(ClapArgs, Debug, Clone)]
struct FeatureOpts {
    /// Feature set: thesis (the thesis' 261 columns: givens, initial
    /// candidates, one block of 9 per method of its chapter 2.4 along its
    /// path), table (one block per technique of our table along our path) or
    /// extended (table plus derived features).
    #[arg(long = "features", value_name = "SET", default_value = "thesis", value_parser = parse_set)]
    set: FeatureSet,

    /// Techniques the solving path may use, by family: basic, singles,
    /// intersections, subsets, fish, wings, single-digit, xy-chains, all.
    #[arg(long, value_name = "STAGE", default_value = "all", value_parser = parse_stage)]
    stage: Stage,

    /// The Sudoku variant of the puzzles: standard, diagonal, color or color-diagonal.
    #[arg(long, value_name = "V", default_value = "standard", value_parser = batch::variant_parser(), hide_possible_values = true)]
    variant: Variant,

    /// Worker threads [default: the number of cores]; results never depend on it.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
}

impl FeatureOpts {
    fn spec(&self) -> FeatureSpec {
        FeatureSpec {
            set: self.set,
            stage: self.stage,
        }
    }
}

fn parse_set(s: &str) -> Result<FeatureSet, String> {
    s.parse()
        .map_err(|e: sudoku_rate::features::UnknownName| e.to_string())
}

fn parse_stage(s: &str) -> Result<Stage, String> {
    s.parse()
        .map_err(|e: sudoku_rate::features::UnknownName| e.to_string())
}

fn parse_kind(s: &str) -> Result<ModelKind, String> {
    s.parse()
}

fn parse_confidence(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(c) if c > 0.0 && c <= 0.5 => Ok(c),
        _ => Err(format!("'{s}' is not a confidence in (0, 0.5]")),
    }
}

/// Which classifier and how.
#[derive(ClapArgs, Debug, Clone)]
struct ModelOpts {
    /// The classifier: c45 (decision tree) or forest (random forest).
    #[arg(long, value_name = "KIND", default_value = "c45", value_parser = parse_kind)]
    model: ModelKind,

    /// C4.5: pruning confidence in (0, 0.5]; smaller prunes more.
    #[arg(long = "c", value_name = "C", default_value = "0.1", value_parser = parse_confidence)]
    confidence: f64,

    /// C4.5: minimum rows in each branch of a split.
    #[arg(long = "m", value_name = "M", default_value = "30", value_parser = clap::value_parser!(u32).range(1..))]
    min_leaf: u32,

    /// Forest: number of trees.
    #[arg(long, value_name = "N", default_value = "100", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    trees: u32,

    /// Forest: features tried per node (0: the square root of their number).
    #[arg(long, value_name = "K", default_value = "0")]
    features_per_node: u32,

    /// Forest: minimum rows per leaf.
    #[arg(long, value_name = "N", default_value = "1", value_parser = clap::value_parser!(u32).range(1..))]
    leaf: u32,

    /// Seed of every random choice (folds, samples, features).
    #[arg(long, default_value = "1")]
    seed: u64,
}

impl ModelOpts {
    fn params(&self) -> TrainParams {
        TrainParams {
            kind: self.model,
            c45: C45Params {
                confidence: self.confidence,
                min_leaf: self.min_leaf as usize,
            },
            forest: ForestParams {
                trees: self.trees as usize,
                features_per_node: self.features_per_node as usize,
                min_leaf: self.leaf as usize,
                seed: self.seed,
            },
        }
    }
}

/// Text or JSON.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Format {
    /// Readable tables.
    #[default]
    Text,
    /// One JSON object.
    Json,
}

#[derive(ClapArgs, Debug)]
struct CrossArgs {
    #[command(flatten)]
    model: ModelOpts,
    #[command(flatten)]
    features: FeatureOpts,
    /// Number of folds.
    #[arg(long, default_value = "10", value_parser = clap::value_parser!(u32).range(2..))]
    folds: u32,
    /// Print the time of the feature extraction and of the cross-validation on stderr.
    #[arg(long)]
    timings: bool,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    format: Format,
    /// The labelled file.
    #[arg(value_name = "LABELLED_FILE")]
    file: PathBuf,
}

#[derive(ClapArgs, Debug)]
struct TrainArgs {
    #[command(flatten)]
    model: ModelOpts,
    #[command(flatten)]
    features: FeatureOpts,
    /// Where to write the model.
    #[arg(long, short = 'o', value_name = "MODEL")]
    output: PathBuf,
    /// Print the time of the feature extraction and of the training on stderr.
    #[arg(long)]
    timings: bool,
    /// The labelled file.
    #[arg(value_name = "LABELLED_FILE")]
    file: PathBuf,
}

#[derive(ClapArgs, Debug)]
struct TestArgs {
    /// Worker threads [default: the number of cores].
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// The Sudoku variant of the puzzles.
    #[arg(long, value_name = "V", default_value = "standard", value_parser = batch::variant_parser(), hide_possible_values = true)]
    variant: Variant,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    format: Format,
    /// A model written by `sudoku ml train`.
    #[arg(value_name = "MODEL")]
    model: PathBuf,
    /// The labelled file (its classes must be the model's).
    #[arg(value_name = "LABELLED_FILE")]
    file: PathBuf,
}

#[derive(ClapArgs, Debug)]
struct MapArgs {
    #[command(flatten)]
    model: ModelOpts,
    #[command(flatten)]
    features: FeatureOpts,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    format: Format,
    /// The scale to train on.
    #[arg(value_name = "SET_A")]
    a: PathBuf,
    /// The scale to map onto A's.
    #[arg(value_name = "SET_B")]
    b: PathBuf,
}

#[derive(ClapArgs, Debug)]
struct WriteArgs {
    #[command(flatten)]
    features: FeatureOpts,
    /// Where to write the ARFF file.
    #[arg(long, short = 'o', value_name = "ARFF")]
    output: PathBuf,
    /// The labelled file.
    #[arg(value_name = "LABELLED_FILE")]
    file: PathBuf,
}

#[derive(ClapArgs, Debug)]
struct FeaturesArgs {
    /// Print the column names (with their index and, for derived features,
    /// their meaning) instead of vectors.
    #[arg(long)]
    names: bool,
    /// Feature set: thesis, table or extended (see `sudoku ml cross --help`).
    #[arg(long = "features", value_name = "SET", default_value = "thesis", value_parser = parse_set)]
    set: FeatureSet,
    /// Techniques the solving path may use (see `sudoku ml cross --help`).
    #[arg(long, value_name = "STAGE", default_value = "all", value_parser = parse_stage)]
    stage: Stage,
    #[command(flatten)]
    batch: BatchArgs,
}

/// How `select` chooses features.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Method {
    /// Rank by how often C4.5 splits on them over resampled trainings (the
    /// thesis' figure 5.9).
    #[default]
    Usage,
    /// Correlation-based feature selection as Weka runs it (the thesis' CFS list).
    Cfs,
}

#[derive(ClapArgs, Debug)]
struct SelectArgs {
    #[command(flatten)]
    features: FeatureOpts,
    /// usage: features ranked by splits in resampled C4.5 trees; cfs: the
    /// subset of features that correlate with the class but not with each
    /// other (MDL-discretised, symmetric uncertainty, best-first search).
    #[arg(long, value_enum, default_value_t)]
    method: Method,
    /// C4.5: pruning confidence (the trees ranked and the model evaluated).
    #[arg(long = "c", value_name = "C", default_value = "0.1", value_parser = parse_confidence)]
    confidence: f64,
    /// C4.5: minimum rows per branch.
    #[arg(long = "m", value_name = "M", default_value = "30", value_parser = clap::value_parser!(u32).range(1..))]
    min_leaf: u32,
    /// usage: number of resampled trainings.
    #[arg(long, default_value = "100", value_parser = clap::value_parser!(u32).range(1..))]
    runs: u32,
    /// usage: share of every class in each sample.
    #[arg(long, default_value = "0.66")]
    fraction: f64,
    /// Seed of the samples and the folds.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// usage: keep the K best features: cross-validate C4.5 on them (10
    /// folds) and, with -o, train a model on them. (CFS chooses its own
    /// number and is always cross-validated.)
    #[arg(long, value_name = "K")]
    top: Option<usize>,
    /// Where to write a C4.5 model trained on the chosen features.
    #[arg(long, short = 'o', value_name = "MODEL")]
    output: Option<PathBuf>,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    format: Format,
    /// The labelled file.
    #[arg(value_name = "LABELLED_FILE")]
    file: PathBuf,
}

#[derive(ClapArgs, Debug)]
struct TuneArgs {
    #[command(flatten)]
    features: FeatureOpts,
    /// The confidences to try, comma-separated, each in (0, 0.5].
    #[arg(long = "c", value_name = "C,…", value_delimiter = ',', default_value = "0.05,0.1,0.15,0.2,0.25,0.3,0.4,0.5", value_parser = parse_confidence)]
    confidences: Vec<f64>,
    /// The minimum leaf sizes to try, comma-separated.
    #[arg(long = "m", value_name = "M,…", value_delimiter = ',', default_value = "2,5,10,20,30,40,50", value_parser = clap::value_parser!(u32).range(1..))]
    min_leaves: Vec<u32>,
    /// Number of folds.
    #[arg(long, default_value = "10", value_parser = clap::value_parser!(u32).range(2..))]
    folds: u32,
    /// Seed of the folds (the same folds for every pair).
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Where to write a C4.5 model trained on every row with the best pair.
    #[arg(long, short = 'o', value_name = "MODEL")]
    output: Option<PathBuf>,
    /// Print the time of the feature extraction and of the search on stderr.
    #[arg(long)]
    timings: bool,
    /// Output format.
    #[arg(long, short = 'f', value_enum, default_value_t)]
    format: Format,
    /// The labelled file.
    #[arg(value_name = "LABELLED_FILE")]
    file: PathBuf,
}

#[derive(ClapArgs, Debug)]
struct ShowArgs {
    /// A forest: print its tree N (from 1) instead of the summary.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    tree: Option<u32>,
    /// A model written by `sudoku ml train`, `select -o` or `tune -o`.
    #[arg(value_name = "MODEL")]
    model: PathBuf,
}

/// Runs `sudoku ml`.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    match &args.command {
        MlCommand::Cross(a) => in_pool(a.features.jobs, || cross(a)),
        MlCommand::Train(a) => in_pool(a.features.jobs, || train(a)),
        MlCommand::Test(a) => in_pool(a.jobs, || test(a)),
        MlCommand::Map(a) => in_pool(a.features.jobs, || map(a)),
        MlCommand::Write(a) => in_pool(a.features.jobs, || write(a)),
        MlCommand::Features(a) => features(a),
        MlCommand::Select(a) => in_pool(a.features.jobs, || select(a)),
        MlCommand::Tune(a) => in_pool(a.features.jobs, || tune(a)),
        MlCommand::Show(a) => show(a),
    }
}

fn in_pool(
    jobs: Option<u16>,
    f: impl FnOnce() -> anyhow::Result<bool> + Send,
) -> anyhow::Result<bool> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = jobs {
        builder = builder.num_threads(usize::from(n));
    }
    let pool = builder.build().context(Msg::NoThreads {
        what: Threads::Workers,
    })?;
    pool.install(f)
}

fn read_labelled(path: &Path) -> anyhow::Result<Labelled> {
    let text = std::fs::read_to_string(path).with_context(|| Msg::CannotRead {
        path: path.display().to_string(),
    })?;
    Ok(Labelled::parse(&text, &path.display().to_string())?)
}

/// The feature vectors of the labelled file at `path`, to train on.
fn dataset(path: &Path, features: &FeatureOpts) -> anyhow::Result<Dataset> {
    let labelled = read_labelled(path)?;
    training_set(&labelled, path, &features.spec(), features.variant)
}

/// [`dataset`], with the time it took on stderr under `--timings`.
fn timed_dataset(path: &Path, features: &FeatureOpts, timings: bool) -> anyhow::Result<Dataset> {
    let start = Instant::now();
    let data = dataset(path, features)?;
    timing(
        timings,
        &format!("features of {} puzzles", data.len()),
        start,
    );
    Ok(data)
}

/// The feature vectors of `labelled` (read from `path`), refused when there
/// are not two classes for a classifier to tell apart.
fn training_set(
    labelled: &Labelled,
    path: &Path,
    spec: &FeatureSpec,
    variant: Variant,
) -> anyhow::Result<Dataset> {
    let data = Dataset::extract(labelled, spec, variant)?;
    if data.classes.len() < 2 {
        bail!(Msg::TooFewClasses {
            path: path.display().to_string(),
            found: data.classes.len()
        });
    }
    Ok(data)
}

/// Prints how long a part took, on stderr.
fn timing(on: bool, what: &str, since: Instant) {
    if on {
        let _ = writeln!(
            io::stderr(),
            "sudoku: {what}: {:.2} s",
            since.elapsed().as_secs_f64()
        );
    }
}

fn cross(a: &CrossArgs) -> anyhow::Result<bool> {
    let data = timed_dataset(&a.file, &a.features, a.timings)?;
    let start = Instant::now();
    let spec = a.features.spec();
    let params = a.model.params();
    let confusion = cross_validate(&data, a.folds as usize, a.model.seed, |train| {
        Model::train(train, &spec, None, &params)
    })?;
    timing(
        a.timings,
        &format!("{}-fold cross-validation", a.folds),
        start,
    );
    let mut out = io::stdout().lock();
    report(&mut out, &confusion, a.format)?;
    Ok(true)
}

fn train(a: &TrainArgs) -> anyhow::Result<bool> {
    let data = timed_dataset(&a.file, &a.features, a.timings)?;
    let start = Instant::now();
    let model = Model::train(&data, &a.features.spec(), None, &a.model.params());
    timing(a.timings, "training", start);
    model.save(&a.output)?;
    Ok(true)
}

fn test(a: &TestArgs) -> anyhow::Result<bool> {
    let model = Model::load(&a.model)?;
    let mut labelled = read_labelled(&a.file)?;
    labelled.align_to(&model.classes)?;
    let data = Dataset::extract(&labelled, &model.spec(), a.variant)?;
    let mut confusion = Confusion::new(&model.classes);
    let predicted: Vec<usize> = {
        use rayon::prelude::*;
        data.rows.par_iter().map(|r| model.predict(r)).collect()
    };
    for (&actual, p) in data.labels.iter().zip(predicted) {
        confusion.add(actual, p);
    }
    let mut out = io::stdout().lock();
    report(&mut out, &confusion, a.format)?;
    Ok(true)
}

fn map(a: &MapArgs) -> anyhow::Result<bool> {
    let spec = a.features.spec();
    let mut set_a = read_labelled(&a.a)?;
    let labelled = read_labelled(&a.b)?;
    // A model that saw B's puzzles would only repeat their A labels.
    let left_out = set_a.remove_shared(&labelled);
    if set_a.puzzles.is_empty() {
        bail!(Msg::NothingToTrain {
            a: a.a.display().to_string(),
            b: a.b.display().to_string()
        });
    }
    let train = training_set(&set_a, &a.a, &spec, a.features.variant)?;
    let model = Model::train(&train, &spec, None, &a.model.params());
    let b = Dataset::extract(&labelled, &spec, a.features.variant)?;
    let mapping = Mapping::new(&model, &b);
    let mut out = io::stdout().lock();
    match a.format {
        Format::Json => {
            let readings: Vec<Value> = (0..mapping.rows.len())
                .map(|r| json!({"class": mapping.rows[r], "reading": mapping.reading(r)}))
                .collect();
            let v = json!({
                "rows": mapping.rows,
                "columns": mapping.columns,
                "matrix": mapping.matrix,
                "readings": readings,
                "left_out": left_out,
            });
            output::json_line(&mut out, &v)?;
        }
        Format::Text => {
            writeln!(
                out,
                "mapping (rows: {} classes, columns: {} classes)",
                a.b.display(),
                a.a.display()
            )?;
            if left_out > 0 {
                writeln!(
                    out,
                    "({left_out} puzzles of {} are also in {} and were left out of training)",
                    a.a.display(),
                    a.b.display()
                )?;
            }
            table(&mut out, &mapping.rows, &mapping.columns, &mapping.matrix)?;
            writeln!(out)?;
            let width = mapping.rows.iter().map(|r| r.len()).max().unwrap_or(0);
            for (r, name) in mapping.rows.iter().enumerate() {
                writeln!(out, "{name:<width$}  {}", mapping.reading(r))?;
            }
        }
    }
    out.flush()?;
    Ok(true)
}

fn write(a: &WriteArgs) -> anyhow::Result<bool> {
    let labelled = read_labelled(&a.file)?;
    let data = Dataset::extract(&labelled, &a.features.spec(), a.features.variant)?;
    let file = std::fs::File::create(&a.output).with_context(|| Msg::CannotCreate {
        path: a.output.display().to_string(),
    })?;
    let mut w = io::BufWriter::new(file);
    let relation = format!("sudoku-{}", a.features.spec().version());
    write_arff(&mut w, &data, &relation)
        .and_then(|()| w.flush())
        .with_context(|| Msg::CannotWrite {
            path: a.output.display().to_string(),
        })?;
    Ok(true)
}

fn features(a: &FeaturesArgs) -> anyhow::Result<bool> {
    let spec = FeatureSpec {
        set: a.set,
        stage: a.stage,
    };
    let names = spec.names();
    if a.names {
        let mut out = io::stdout().lock();
        writeln!(out, "# feature version {}", spec.version())?;
        for (i, name) in names.iter().enumerate() {
            match EXTENDED_DOC.iter().find(|(n, _)| n == name) {
                Some((_, doc)) => writeln!(out, "{i}\t{name}\t{doc}")?,
                None => writeln!(out, "{i}\t{name}")?,
            }
        }
        out.flush()?;
        return Ok(true);
    }
    let variant = a.batch.variant;
    let header = format!("line\tpuzzle\t{}\terror", names.join("\t"));
    let width = names.len();
    batch::run_rows(
        &a.batch,
        Frame::Header(&|out| writeln!(out, "{header}")),
        |input: Input| {
            let result = match &input.puzzle {
                Err(bad) => Err(bad.to_string()),
                Ok(parsed) => spec
                    .extract(&parsed.grid, variant)
                    .map_err(|e| input.locate(e)),
            };
            (input.line, input.text, result)
        },
        |(_, _, result)| result.is_ok(),
        |out, (line, text, result)| {
            let puzzle = output::tsv_field(&text);
            match result {
                Ok(v) => {
                    let cols: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                    writeln!(out, "{line}\t{puzzle}\t{}\t", cols.join("\t"))
                }
                Err(e) => {
                    let empty = vec![""; width].join("\t");
                    writeln!(
                        out,
                        "{line}\t{puzzle}\t{empty}\t{}",
                        e.replace(['\t', '\n'], " ")
                    )
                }
            }
        },
    )
}

fn select(a: &SelectArgs) -> anyhow::Result<bool> {
    if a.method == Method::Cfs && a.top.is_some() {
        bail!(Msg::TopNeedsUsage {});
    }
    if a.method == Method::Usage && a.output.is_some() && a.top.is_none() {
        bail!(Msg::SelectNeedsTop {});
    }
    if !(a.fraction > 0.0 && a.fraction <= 1.0) {
        bail!(Msg::BadFraction {
            fraction: a.fraction
        });
    }
    let data = dataset(&a.file, &a.features)?;
    let params = C45Params {
        confidence: a.confidence,
        min_leaf: a.min_leaf as usize,
    };
    let mut out = io::stdout().lock();
    let (columns, mut json) = match a.method {
        Method::Usage => {
            let ranks = rank_features(&data, a.runs as usize, a.fraction, a.seed, &params);
            let columns = match a.top {
                Some(k) if k == 0 || k > ranks.len() => bail!(Msg::BadTop {
                    top: k,
                    used: ranks.len()
                }),
                Some(k) => Some(ranks[..k].iter().map(|r| r.index).collect::<Vec<_>>()),
                None => None,
            };
            if a.format == Format::Text {
                writeln!(out, "rank\tfeature\tsplits\ttrees")?;
                for (i, r) in ranks.iter().enumerate() {
                    writeln!(out, "{}\t{}\t{}\t{}", i + 1, r.name, r.count, r.trees)?;
                }
            }
            let ranked: Vec<Value> = ranks
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    json!({"rank": i + 1, "index": r.index, "feature": r.name, "splits": r.count, "trees": r.trees})
                })
                .collect();
            let json = json!({"method": "usage", "runs": a.runs, "ranks": ranked, "top": a.top});
            (columns, json)
        }
        Method::Cfs => {
            let chosen = cfs(&data, &CfsParams::default());
            if a.format == Format::Text {
                writeln!(
                    out,
                    "CFS (MDL-discretised features, symmetric uncertainty, best-first search): \
                     {} of {} features, merit {:.4}, {} subsets evaluated",
                    chosen.features.len(),
                    data.names.len(),
                    chosen.merit,
                    chosen.evaluated
                )?;
                writeln!(out, "index\tfeature\tclass_su\tlocally_predictive")?;
                for f in &chosen.features {
                    writeln!(
                        out,
                        "{}\t{}\t{:.4}\t{}",
                        f.index,
                        f.name,
                        f.class_correlation,
                        if f.locally_predictive { "yes" } else { "no" }
                    )?;
                }
            }
            let features: Vec<Value> = chosen
                .features
                .iter()
                .map(|f| {
                    json!({
                        "index": f.index,
                        "feature": f.name,
                        "class_su": round4(f.class_correlation),
                        "locally_predictive": f.locally_predictive,
                    })
                })
                .collect();
            let json = json!({
                "method": "cfs",
                "of": data.names.len(),
                "merit": round4(chosen.merit),
                "evaluated": chosen.evaluated,
                "features": features,
            });
            let columns = (!chosen.features.is_empty()).then(|| chosen.columns());
            (columns, json)
        }
    };
    if let Some(columns) = columns {
        let spec = a.features.spec();
        let train = TrainParams {
            kind: ModelKind::C45,
            c45: params,
            forest: ForestParams::default(),
        };
        let confusion = cross_validate(&data, 10, a.seed, |d| {
            Model::train(d, &spec, Some(&columns), &train)
        })?;
        match a.format {
            Format::Text => {
                writeln!(out)?;
                match a.method {
                    Method::Usage => writeln!(
                        out,
                        "C4.5 on the top {} features, 10-fold cross-validation:",
                        columns.len()
                    )?,
                    Method::Cfs => writeln!(
                        out,
                        "C4.5 on the {} CFS features, 10-fold cross-validation:",
                        columns.len()
                    )?,
                }
                report(&mut out, &confusion, Format::Text)?;
            }
            Format::Json => json["cross_validation"] = report_json(&confusion),
        }
        if let Some(path) = &a.output {
            Model::train(&data, &spec, Some(&columns), &train).save(path)?;
        }
    }
    if a.format == Format::Json {
        output::json_line(&mut out, &json)?;
    }
    out.flush()?;
    Ok(true)
}

fn tune(a: &TuneArgs) -> anyhow::Result<bool> {
    let data = timed_dataset(&a.file, &a.features, a.timings)?;
    let start = Instant::now();
    let min_leaves: Vec<usize> = a.min_leaves.iter().map(|&m| m as usize).collect();
    let t = tune_c45(&data, a.folds as usize, a.seed, &a.confidences, &min_leaves)?;
    timing(
        a.timings,
        &format!(
            "{} pairs, {}-fold cross-validation",
            a.confidences.len() * min_leaves.len(),
            a.folds
        ),
        start,
    );
    let (bc, bm) = t.best();
    let mut out = io::stdout().lock();
    match a.format {
        Format::Json => {
            let accuracy: Vec<Vec<f64>> = (0..t.confidences.len())
                .map(|c| {
                    (0..t.min_leaves.len())
                        .map(|m| round4(t.accuracy(c, m)))
                        .collect()
                })
                .collect();
            let v = json!({
                "features": a.features.set.name(),
                "stage": a.features.stage.name(),
                "rows": t.rows,
                "folds": t.folds,
                "seed": t.seed,
                "c": t.confidences,
                "m": t.min_leaves,
                "accuracy": accuracy,
                "correct": t.correct,
                "best": {"c": t.confidences[bc], "m": t.min_leaves[bm], "accuracy": round4(t.accuracy(bc, bm))},
            });
            output::json_line(&mut out, &v)?;
        }
        Format::Text => {
            writeln!(
                out,
                "C4.5 grid search: {}-fold stratified cross-validation (seed {}), {} puzzles, {} features",
                t.folds,
                t.seed,
                t.rows,
                a.features.set.name()
            )?;
            writeln!(out, "accuracy (rows: C, columns: M)")?;
            let mut line = format!("{:>6}", "C\\M");
            for m in &t.min_leaves {
                line.push_str(&format!("  {m:>6}"));
            }
            writeln!(out, "{line}")?;
            for (c, conf) in t.confidences.iter().enumerate() {
                let mut line = format!("{conf:>6}");
                for m in 0..t.min_leaves.len() {
                    line.push_str(&format!("  {:>6.4}", t.accuracy(c, m)));
                }
                writeln!(out, "{line}")?;
            }
            writeln!(
                out,
                "best: C {}, M {}: accuracy {:.4}",
                t.confidences[bc],
                t.min_leaves[bm],
                t.accuracy(bc, bm)
            )?;
        }
    }
    if let Some(path) = &a.output {
        let params = TrainParams {
            kind: ModelKind::C45,
            c45: t.best_params(),
            forest: ForestParams::default(),
        };
        Model::train(&data, &a.features.spec(), None, &params).save(path)?;
    }
    out.flush()?;
    Ok(true)
}

fn show(a: &ShowArgs) -> anyhow::Result<bool> {
    let model = Model::load_unchecked(&a.model)?;
    let tree = a.tree.map(|t| t as usize);
    let Some(text) = show_model(&model, tree) else {
        let trees = match &model.classifier {
            sudoku_ml::Classifier::C45 { .. } => 1,
            sudoku_ml::Classifier::Forest { forest, .. } => forest.trees.len(),
        };
        bail!(Msg::NoSuchTree {
            tree: tree.unwrap_or(0),
            trees
        });
    };
    let mut out = io::stdout().lock();
    if !model.features_current() {
        writeln!(
            out,
            "note: this build extracts other features for this set ({}); the model can be read but not used: train it again",
            model.spec().version()
        )?;
    }
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(true)
}

/// Accuracy, the per-class table and the confusion matrix.
fn report(out: &mut dyn Write, c: &Confusion, format: Format) -> io::Result<()> {
    match format {
        Format::Json => output::json_line(out, &report_json(c))?,
        Format::Text => {
            writeln!(out, "accuracy: {:.4}", c.accuracy())?;
            writeln!(out)?;
            let width = c.classes.iter().map(|s| s.len()).max().unwrap_or(5).max(5);
            writeln!(out, "{:<width$}  precision  recall  f1      rows", "class")?;
            for i in 0..c.classes.len() {
                writeln!(
                    out,
                    "{:<width$}  {:<9.4}  {:<6.4}  {:<6.4}  {}",
                    c.classes[i],
                    c.precision(i),
                    c.recall(i),
                    c.f1(i),
                    c.matrix[i].iter().sum::<u64>()
                )?;
            }
            writeln!(out)?;
            writeln!(out, "confusion matrix (rows: actual, columns: predicted)")?;
            table(out, &c.classes, &c.classes, &c.matrix)?;
        }
    }
    out.flush()
}

/// The JSON of [`report`].
fn report_json(c: &Confusion) -> Value {
    let classes: Vec<Value> = (0..c.classes.len())
        .map(|i| {
            json!({
                "class": c.classes[i],
                "rows": c.matrix[i].iter().sum::<u64>(),
                "precision": round4(c.precision(i)),
                "recall": round4(c.recall(i)),
                "f1": round4(c.f1(i)),
            })
        })
        .collect();
    json!({
        "accuracy": round4(c.accuracy()),
        "rows": c.total(),
        "classes": classes,
        "confusion": c.matrix,
    })
}

fn round4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

/// A matrix with row and column names, right-aligned.
fn table(out: &mut dyn Write, rows: &[String], cols: &[String], m: &[Vec<u64>]) -> io::Result<()> {
    let rw = rows.iter().map(|s| s.len()).max().unwrap_or(0);
    let cw: Vec<usize> = cols
        .iter()
        .enumerate()
        .map(|(j, name)| {
            m.iter()
                .map(|r| r[j].to_string().len())
                .chain([name.len()])
                .max()
                .unwrap_or(1)
        })
        .collect();
    let mut line = format!("{:rw$}", "");
    for (name, w) in cols.iter().zip(&cw) {
        line.push_str(&format!("  {name:>w$}"));
    }
    writeln!(out, "{}", line.trim_end())?;
    for (name, r) in rows.iter().zip(m) {
        let mut line = format!("{name:<rw$}");
        for (x, w) in r.iter().zip(&cw) {
            line.push_str(&format!("  {x:>w$}"));
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}
