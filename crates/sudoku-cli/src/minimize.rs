//! `sudoku minimize`: the reduction analysis of the diagonal-solver seed — how
//! many givens of a unique puzzle are necessary, and which minimal puzzles
//! random removal orders reach.
//!
//! Each input goes through the batch pipeline (streamed, parallel, in order);
//! the reduction itself is `sudoku-gen`'s. Input *n* uses the random stream of
//! `--seed` and *n*, so the answers do not depend on `--jobs`.

use crate::batch::{self, BatchArgs, Input};
use crate::messages::{self, Msg};
use crate::output::{self, TableFormat, tsv_field};
use serde_json::json;
use std::collections::BTreeMap;
use std::io::{self, Write};
use sudoku_core::{Grid, Notation, Variant};
use sudoku_gen::{Reduction, givens_of, necessary_givens, reduction_paths, rng_for};

/// Arguments of `sudoku minimize`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Reduce unique puzzles to minimal ones and count their necessary givens",
    long_about = "Reduce unique puzzles to minimal ones and count their necessary givens.\n\n\
A given is necessary when removing it alone makes the puzzle non-unique. A \
reduction removes givens one by one in a random order while the puzzle stays \
unique, ending at a minimal puzzle (every given necessary). Different orders end \
at different minimal puzzles: --all-paths K tries K orders and reports how many \
ended at each number of givens.",
    after_long_help = "\
OUTPUT (--format):
  tsv   A header line, then one line per puzzle with the columns
          line, puzzle, status, givens, necessary, minimal, minimal_givens,
          paths, distribution, error
        necessary: how many givens are necessary in the puzzle as it is;
        minimal: the smallest minimal puzzle found; distribution:
        `givens:paths,...` over the K orders.
  json  The same keys, distribution as an object.

STATUS:
  unique    reduced
  multiple  several solutions: nothing to reduce
  none      no solution
  invalid   not a puzzle, or clashing givens

EXIT STATUS:
  0  every puzzle was unique and reduced
  1  some input was not a unique puzzle
  2  usage error

EXAMPLES:
  sudoku minimize ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
  sudoku minimize --all-paths 100 --seed 1 puzzles.txt"
)]
pub struct Args {
    /// Try this many random removal orders per puzzle.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub all_paths: u32,

    /// Seed of the random orders.
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,

    #[command(flatten)]
    pub output: crate::output::FormatArg<TableFormat>,

    #[command(flatten)]
    pub batch: BatchArgs,
}

struct Analysis {
    givens: usize,
    necessary: usize,
    best: Reduction,
    histogram: BTreeMap<usize, usize>,
}

struct MinRow {
    source: std::sync::Arc<str>,
    line: usize,
    puzzle: String,
    notation: Notation,
    result: Result<Analysis, (&'static str, String)>,
}

fn analyse(input: Input, variant: Variant, paths: usize, seed: u64) -> MinRow {
    let (notation, result) = match &input.puzzle {
        Err(bad) => (Notation::Digits, Err(("invalid", bad.to_string()))),
        Ok(parsed) => (
            parsed.notation,
            reduce(&parsed.grid, &input, variant, paths, seed),
        ),
    };
    MinRow {
        source: input.source,
        line: input.line,
        puzzle: input.text,
        notation,
        result,
    }
}

fn reduce(
    grid: &Grid,
    input: &Input,
    variant: Variant,
    paths: usize,
    seed: u64,
) -> Result<Analysis, (&'static str, String)> {
    if let Err(conflict) = grid.check(variant) {
        return Err(("invalid", input.locate(messages::conflict(&conflict))));
    }
    match sudoku_solve::count(grid, variant, Some(2)) {
        0 => return Err(("none", Msg::NoSolution {}.to_string())),
        1 => {}
        _ => return Err(("multiple", Msg::MoreThanOne {}.to_string())),
    }
    let located = |e: sudoku_gen::GenError| ("invalid", input.locate(e));
    let necessary = necessary_givens(grid, variant).map_err(located)?;
    let mut rng = rng_for(seed, input.line as u64);
    let (histogram, best) = reduction_paths(grid, variant, paths, &mut rng).map_err(located)?;
    let best = best.ok_or(("invalid", Msg::NoReductionPath {}.to_string()))?;
    Ok(Analysis {
        givens: givens_of(grid).len(),
        necessary: necessary.len(),
        best,
        histogram,
    })
}

/// Runs `sudoku minimize`; true when every puzzle was unique.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let variant = args.batch.variant;
    let paths = args.all_paths as usize;
    let seed = args.seed;
    let format = args.output.get();
    batch::run_rows(
        &args.batch,
        format.frame(&header),
        |input| analyse(input, variant, paths, seed),
        |row| row.result.is_ok(),
        |out, row| match format {
            TableFormat::Tsv => tsv_row(out, &row, paths),
            TableFormat::Json => json_row(out, &row, variant, paths),
        },
    )
}

fn header(out: &mut dyn Write) -> io::Result<()> {
    writeln!(
        out,
        "line\tpuzzle\tstatus\tgivens\tnecessary\tminimal\tminimal_givens\tpaths\tdistribution\terror"
    )
}

fn distribution(h: &BTreeMap<usize, usize>) -> String {
    h.iter()
        .map(|(g, n)| format!("{g}:{n}"))
        .collect::<Vec<_>>()
        .join(",")
}

fn tsv_row(out: &mut dyn Write, row: &MinRow, paths: usize) -> io::Result<()> {
    let puzzle = tsv_field(&row.puzzle);
    match &row.result {
        Ok(a) => writeln!(
            out,
            "{}\t{puzzle}\tunique\t{}\t{}\t{}\t{}\t{paths}\t{}\t",
            row.line,
            a.givens,
            a.necessary,
            a.best.puzzle.to_line(row.notation, '.'),
            a.best.clues,
            distribution(&a.histogram),
        ),
        Err((status, e)) => writeln!(
            out,
            "{}\t{puzzle}\t{status}\t\t\t\t\t\t\t{}",
            row.line,
            tsv_field(e)
        ),
    }
}

fn json_row(out: &mut dyn Write, row: &MinRow, variant: Variant, paths: usize) -> io::Result<()> {
    let value = match &row.result {
        Ok(a) => json!({
            "input": &*row.source,
            "line": row.line,
            "puzzle": row.puzzle,
            "variant": variant.name(),
            "status": "unique",
            "givens": a.givens,
            "necessary": a.necessary,
            "minimal": a.best.puzzle.to_line(row.notation, '.'),
            "minimal_givens": a.best.clues,
            "paths": paths,
            "distribution": a.histogram.iter().map(|(g, n)| (g.to_string(), json!(n))).collect::<serde_json::Map<_, _>>(),
            "error": null,
        }),
        Err((status, e)) => json!({
            "input": &*row.source,
            "line": row.line,
            "puzzle": row.puzzle,
            "variant": variant.name(),
            "status": status,
            "givens": null,
            "necessary": null,
            "minimal": null,
            "minimal_givens": null,
            "paths": paths,
            "distribution": null,
            "error": e,
        }),
    };
    output::json_line(out, &value)
}
