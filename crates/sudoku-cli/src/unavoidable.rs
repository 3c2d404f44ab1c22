//! `sudoku unavoidable`: the small unavoidable sets of solution grids — the
//! cell groups of which every unique puzzle must give at least one cell.
//!
//! Input may be a full grid or a unique puzzle (its solution is used). The
//! sets are `sudoku-gen`'s; this module streams the inputs through the batch
//! pipeline and writes one row per set.

use crate::batch::{self, BatchArgs, Input};
use crate::messages::{self, Msg};
use crate::output::{self, TableFormat, tsv_field};
use serde_json::json;
use std::io::{self, Write};
use sudoku_core::{Grid, Notation, Variant};
use sudoku_gen::{UnavoidableSet, unavoidable_sets};

/// Arguments of `sudoku unavoidable`.
#[derive(clap::Args, Debug)]
#[command(
    about = "List the small unavoidable sets of solution grids",
    long_about = "List the small unavoidable sets of solution grids.\n\n\
An unavoidable set is a group of cells whose digits can be rearranged into \
another valid solution, so a unique puzzle must give at least one of them. \
Found exactly: every two-digit set up to --max-size cells (the 4-cell \
rectangles are the smallest) and the 6-cell three-digit exchanges between two \
rows or columns. Sets that contain a smaller one are not listed. INPUT may be a \
full grid or a unique puzzle (its solution is used).",
    after_long_help = "\
OUTPUT (--format):
  tsv   A header line, then one row per set: line, grid, size, cells
        (r1c2,... ), digits (e.g. 27), error. An input without sets gets one
        row with empty size/cells/digits; a bad input gets one row with error.
  json  One object per input: input, line, grid, variant, sets (array of
        {size, cells, digits}), error.

EXIT STATUS:
  0  every input was a full grid or a unique puzzle
  1  some input was not
  2  usage error

EXAMPLES:
  sudoku unavoidable 123456789456789123789123456214365897365897214897214365531642978642978531978531642
  sudoku unavoidable --max-size 4 --format json grids.txt"
)]
pub struct Args {
    /// Largest set to list (4 to 18 cells; the three-digit sets need 6).
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u8).range(4..=18))]
    pub max_size: u8,

    #[command(flatten)]
    pub output: crate::output::FormatArg<TableFormat>,

    #[command(flatten)]
    pub batch: BatchArgs,
}

struct SetRow {
    source: std::sync::Arc<str>,
    line: usize,
    text: String,
    result: Result<(Grid, Notation, Vec<UnavoidableSet>), String>,
}

fn grid_of(input: &Input, variant: Variant) -> Result<(Grid, Notation), String> {
    let parsed = input.puzzle.as_ref().map_err(|bad| bad.to_string())?;
    parsed
        .grid
        .check(variant)
        .map_err(|conflict| input.locate(messages::conflict(&conflict)))?;
    if parsed.grid.is_full() {
        return Ok((parsed.grid, parsed.notation));
    }
    match sudoku_solve::uniqueness(&parsed.grid, variant) {
        sudoku_solve::Uniqueness::Unique(solution) => Ok((solution, parsed.notation)),
        sudoku_solve::Uniqueness::Multiple(_) => Err(input.locate(Msg::NotFullMultiple {})),
        sudoku_solve::Uniqueness::None => Err(input.locate(Msg::NotFullNone {})),
    }
}

fn cells(set: &UnavoidableSet) -> String {
    set.cells
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn digits(set: &UnavoidableSet) -> String {
    set.digits.iter().map(|d| d.to_string()).collect()
}

/// Runs `sudoku unavoidable`; true when every input had a solution grid.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let variant = args.batch.variant;
    let max = usize::from(args.max_size);
    let format = args.output.get();
    let header = |out: &mut dyn Write| writeln!(out, "line\tgrid\tsize\tcells\tdigits\terror");
    batch::run_rows(
        &args.batch,
        format.frame(&header),
        |input| {
            let result =
                grid_of(&input, variant).map(|(g, n)| (g, n, unavoidable_sets(&g, variant, max)));
            SetRow {
                source: input.source,
                line: input.line,
                text: input.text,
                result,
            }
        },
        |row| row.result.is_ok(),
        |out, row| match format {
            TableFormat::Tsv => tsv_rows(out, &row),
            TableFormat::Json => json_row(out, &row, variant),
        },
    )
}

fn tsv_rows(out: &mut dyn Write, row: &SetRow) -> io::Result<()> {
    match &row.result {
        Ok((grid, notation, sets)) => {
            let g = grid.to_line(*notation, '.');
            if sets.is_empty() {
                return writeln!(out, "{}\t{g}\t\t\t\t", row.line);
            }
            for s in sets {
                writeln!(
                    out,
                    "{}\t{g}\t{}\t{}\t{}\t",
                    row.line,
                    s.cells.len(),
                    cells(s),
                    digits(s)
                )?;
            }
            Ok(())
        }
        Err(e) => writeln!(
            out,
            "{}\t{}\t\t\t\t{}",
            row.line,
            tsv_field(&row.text),
            tsv_field(e)
        ),
    }
}

fn json_row(out: &mut dyn Write, row: &SetRow, variant: Variant) -> io::Result<()> {
    let value = match &row.result {
        Ok((grid, notation, sets)) => json!({
            "input": &*row.source,
            "line": row.line,
            "grid": grid.to_line(*notation, '.'),
            "variant": variant.name(),
            "sets": sets.iter().map(|s| json!({
                "size": s.cells.len(),
                "cells": s.cells.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                "digits": digits(s),
            })).collect::<Vec<_>>(),
            "error": null,
        }),
        Err(e) => json!({
            "input": &*row.source,
            "line": row.line,
            "grid": row.text,
            "variant": variant.name(),
            "sets": null,
            "error": e,
        }),
    };
    output::json_line(out, &value)
}
