//! `sudoku count`: the number of solutions of every puzzle, optionally capped, one
//! answer per puzzle, in input order.
//!
//! The search always goes on to a second solution even under `--limit 1`, so the
//! JSON status (unique or multiple) is exact whatever the cap; the printed count is
//! capped.

use crate::batch::{self, BatchArgs, Frame};
use crate::output::{self, Outcome};

/// Output formats of `count`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The number of solutions alone (the default).
    #[default]
    Line,
    /// One JSON object per line.
    Json,
}

/// Arguments of `sudoku count`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Count the solutions of puzzles, one number per puzzle, in input order",
    long_about = "Count the solutions of puzzles, one number per puzzle, in input order.\n\n\
Input is streamed in constant memory, so files of any size work; puzzles are \
counted in parallel and answered in input order. Without --limit, counting a \
puzzle with very many solutions (an almost empty grid) takes very long.",
    after_long_help = "\
OUTPUT (--format):
  line  The number of solutions, capped at --limit: `0` for none. An input that
        is not a valid puzzle prints `invalid: <reason>`, e.g.
        `invalid: line 7: character '?' at position 23`. Exactly one line per puzzle.
  json  One JSON object per line with the keys input (path, `-` or `arg`), line
        (1-based), puzzle (as read), variant, status (unique, multiple, none or
        invalid; exact even when the count is capped), solution (the first
        solution, or null), count (capped at --limit; null for invalid) and
        error (the reason for invalid, else null).

EXIT STATUS:
  0  every puzzle was valid and has at least one solution
  1  some input was invalid or has no solution (the other puzzles are still counted)
  2  usage error: bad option, unreadable file, or a read error

EXAMPLES:
  sudoku count --limit 2 puzzles.txt          # 1 = unique, 2 = not unique
  sudoku count --variant x 000490062000000017130005000000000070360700490000000000600000900800000000002300700
  sudoku count --format json puzzles.txt | jq 'select(.status != \"unique\")'"
)]
pub struct Args {
    /// Stop counting a puzzle at N solutions and print N.
    #[arg(long, short = 'l', value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub output: crate::output::FormatArg<Format>,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Runs `sudoku count`; true when every puzzle was valid and solvable.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let variant = args.batch.variant;
    let limit = args.limit;
    // Counting past 1 keeps the status exact; the printed count is capped below.
    let search_limit = limit.map(|l| l.max(2));
    let want_solution = args.output.get() == Format::Json;
    let format = args.output.get();
    batch::run_rows(
        &args.batch,
        Frame::Bare,
        |input| {
            batch::row(input, variant, |grid| {
                let n = sudoku_solve::count(grid, variant, search_limit);
                let solution = if want_solution && n > 0 {
                    sudoku_solve::solve(grid, variant)
                } else {
                    None
                };
                match n {
                    0 => Outcome::NoSolution,
                    1 => Outcome::Unique { solution },
                    n => Outcome::Multiple {
                        first: solution,
                        count: limit.map_or(n, |l| n.min(l)),
                    },
                }
            })
        },
        |row| row.outcome.is_success(),
        |out, row| match format {
            Format::Line => output::count_line(out, &row),
            Format::Json => output::json(out, &row),
        },
    )
}
