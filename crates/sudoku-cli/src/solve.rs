//! `sudoku solve`: the first solution of every puzzle, one answer per puzzle, in
//! input order.
//!
//! Only the JSON format reports uniqueness, so only it pays for the search for a
//! second solution; `line` and `grid` stop at the first one.

use crate::batch::{self, BatchArgs, Frame};
use crate::output::{self, Outcome};
use sudoku_solve::Uniqueness;

/// Output formats of `solve`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The solution as one 81-character line (the default).
    #[default]
    Line,
    /// The solution as a ruled 9×9 grid; puzzles separated by a blank line.
    Grid,
    /// One JSON object per line.
    Json,
    /// The solution as a framed candidate grid as HoDoKu prints it (every
    /// cell placed); puzzles separated by a blank line.
    Pm,
}

/// Arguments of `sudoku solve`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Solve puzzles: one answer per puzzle, in input order",
    long_about = "Solve puzzles: one answer per puzzle, in input order.\n\n\
Input is streamed in constant memory, so files of any size work; puzzles are \
solved in parallel and answered in input order.",
    after_long_help = "\
OUTPUT (--format):
  line  The first solution as one 81-character line, in letters A-I when the
        puzzle was written in letters. A puzzle with several solutions prints its
        first solution (use --format json to see which puzzles are not unique).
        A puzzle without solution prints `none`; an input that is not a valid
        puzzle prints `invalid: <reason>`, e.g.
        `invalid: line 7: character '?' at position 23` or
        `invalid: line 3: two 5s in row 3 (r3c2, r3c8)`.
        Exactly one line per puzzle, so the output can be pasted next to the input.
  grid  The solution as a 9x9 grid (or the `none`/`invalid:` line), puzzles
        separated by a blank line.
  pm    The solution as a framed candidate grid as HoDoKu prints it
        (`.---.`, `:---+---:`, `'---'`), puzzles separated by a blank line.
  json  One JSON object per line with the keys input (path, `-` or `arg`), line
        (1-based), puzzle (as read), variant, status (unique, multiple, none or
        invalid), solution (the first solution, or null), count (1 for unique, 2
        for two or more, 0 for none, null for invalid) and error (the reason for
        invalid, else null).

EXIT STATUS:
  0  every puzzle was valid and has a solution (several solutions count as solved)
  1  some input was invalid or has no solution (the other puzzles are still solved)
  2  usage error: bad option, unreadable file, or a read error

EXAMPLES:
  sudoku solve 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
  sudoku solve puzzles.txt > solutions.txt
  sudoku solve --format json --variant diagonal puzzles.txt | jq -r .status
  cat a.txt b.txt | sudoku solve --jobs 2 -"
)]
pub struct Args {
    #[command(flatten)]
    pub output: crate::output::FormatArg<Format>,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// Runs `sudoku solve`; true when every puzzle was valid and solvable.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let variant = args.batch.variant;
    let format = args.output.get();
    // A grid takes several lines: grids are separated by a blank line.
    let frame = match format {
        Format::Grid | Format::Pm => Frame::Separated,
        Format::Line | Format::Json => Frame::Bare,
    };
    batch::run_rows(
        &args.batch,
        frame,
        |input| {
            batch::row(input, variant, |grid| {
                if format == Format::Json {
                    match sudoku_solve::uniqueness(grid, variant) {
                        Uniqueness::None => Outcome::NoSolution,
                        Uniqueness::Unique(solution) => Outcome::Unique {
                            solution: Some(solution),
                        },
                        Uniqueness::Multiple(first) => Outcome::Multiple {
                            first: Some(first),
                            count: 2,
                        },
                    }
                } else {
                    match sudoku_solve::solve(grid, variant) {
                        Some(solution) => Outcome::Solved { solution },
                        None => Outcome::NoSolution,
                    }
                }
            })
        },
        |row| row.outcome.is_success(),
        |out, row| match format {
            Format::Line => output::solve_line(out, &row),
            Format::Grid => output::solve_grid(out, &row),
            Format::Pm => output::solve_pm(out, &row),
            Format::Json => output::json(out, &row),
        },
    )
}
