//! What became of one puzzle ([`Outcome`], [`Row`]) and how it is written in each
//! output format.
//!
//! The subcommands decide the outcome; this module only renders it. Keeping the
//! two apart means a new format (or a new subcommand reusing the formats) cannot
//! change what was computed, and every format tells the same story.

use crate::batch::Frame;
use serde::Serialize;
use std::io::{self, Write};
use std::sync::Arc;
use sudoku_core::{DigitSet, Grid, Notation, Variant};

/// The output formats of the subcommands that write a table (`rate`,
/// `minimize`, `unavoidable`).
/// The `-f/--format` option, declared once for every subcommand that has
/// one: `F` is the subcommand's own format enum, its `Default` the default
/// (its doc says so), and its variants' docs the long help.
///
/// The default is applied by [`FormatArg::get`] rather than by clap: clap's
/// derive keeps one rendered default per field whatever the type parameter,
/// so every subcommand would show the first one's.
#[derive(clap::Args, Clone, Copy, Debug)]
pub struct FormatArg<F: clap::ValueEnum + Default + Copy + Send + Sync + 'static> {
    /// Output format (the default is marked in --help).
    #[arg(long, short = 'f', value_enum)]
    format: Option<F>,
}

impl<F: clap::ValueEnum + Default + Copy + Send + Sync + 'static> FormatArg<F> {
    /// The format asked for, or the subcommand's default.
    pub fn get(&self) -> F {
        self.format.unwrap_or_default()
    }
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TableFormat {
    /// Tab-separated values with a header line (the default).
    #[default]
    Tsv,
    /// One JSON object per line.
    Json,
}

impl TableFormat {
    /// What is written around the rows: `header` above a TSV table, nothing
    /// around JSON lines.
    pub fn frame(self, header: &dyn Fn(&mut dyn Write) -> io::Result<()>) -> Frame<'_> {
        match self {
            TableFormat::Tsv => Frame::Header(header),
            TableFormat::Json => Frame::Bare,
        }
    }
}

/// What the solver found out about one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// Not a puzzle, or its givens clash. The reason names what and where.
    Invalid {
        /// For example `line 7: character '?' at position 23`.
        reason: String,
    },
    /// A well-formed puzzle without any solution.
    NoSolution,
    /// Exactly one solution.
    Unique {
        /// The solution, when it was asked for.
        solution: Option<Grid>,
    },
    /// Two or more solutions.
    Multiple {
        /// The first solution in the solver's order, when it was asked for.
        first: Option<Grid>,
        /// Solutions counted, at least 2 unless capped lower by `--limit`.
        count: u64,
    },
    /// A solution was found and nobody asked whether it is the only one (the
    /// cheaper search behind `solve --format line|grid`).
    Solved {
        /// The first solution.
        solution: Grid,
    },
}

impl Outcome {
    /// The status word of the JSON output.
    pub fn status(&self) -> &'static str {
        match self {
            Outcome::Invalid { .. } => "invalid",
            Outcome::NoSolution => "none",
            Outcome::Unique { .. } => "unique",
            Outcome::Multiple { .. } => "multiple",
            Outcome::Solved { .. } => "solved",
        }
    }

    /// The first solution, if there is one and it was looked for.
    pub fn solution(&self) -> Option<Grid> {
        match self {
            Outcome::Unique { solution } => *solution,
            Outcome::Multiple { first, .. } => *first,
            Outcome::Solved { solution } => Some(*solution),
            Outcome::Invalid { .. } | Outcome::NoSolution => None,
        }
    }

    /// The number of solutions, when it is known.
    pub fn count(&self) -> Option<u64> {
        match self {
            Outcome::NoSolution => Some(0),
            Outcome::Unique { .. } => Some(1),
            Outcome::Multiple { count, .. } => Some(*count),
            Outcome::Invalid { .. } | Outcome::Solved { .. } => None,
        }
    }

    /// Whether the input was a valid puzzle with at least one solution; anything
    /// else makes the exit status 1.
    pub fn is_success(&self) -> bool {
        !matches!(self, Outcome::Invalid { .. } | Outcome::NoSolution)
    }
}

/// One output row: an outcome and what it is about.
#[derive(Debug, Clone)]
pub struct Row {
    /// The input it came from (a path, `-` or `arg`).
    pub source: Arc<str>,
    /// 1-based line number in that input.
    pub line: usize,
    /// The puzzle as read.
    pub puzzle: String,
    /// The variant it was solved as.
    pub variant: Variant,
    /// How its digits were written (answers are written the same way).
    pub notation: Notation,
    /// What became of it.
    pub outcome: Outcome,
}

impl Row {
    fn solution_text(&self) -> Option<String> {
        self.outcome
            .solution()
            .map(|g| g.to_line(self.notation, '.'))
    }
}

/// `solve --format line`: the first solution as 81 characters, else `none` or
/// `invalid: <reason>`.
pub fn solve_line(out: &mut dyn Write, row: &Row) -> io::Result<()> {
    match (&row.outcome, row.solution_text()) {
        (Outcome::Invalid { reason }, _) => writeln!(out, "invalid: {reason}"),
        (_, Some(solution)) => writeln!(out, "{solution}"),
        (_, None) => writeln!(out, "none"),
    }
}

/// `solve --format grid`: the first solution as a ruled 9×9 grid, else the same
/// status line as [`solve_line`] (the blank line between puzzles is the batch
/// runner's, [`crate::batch::Frame::Separated`]).
pub fn solve_grid(out: &mut dyn Write, row: &Row) -> io::Result<()> {
    match row.outcome.solution() {
        Some(solution) if !matches!(row.outcome, Outcome::Invalid { .. }) => {
            write!(out, "{}", solution.to_pretty_in(row.notation))
        }
        _ => solve_line(out, row),
    }
}

/// `solve --format pm`: the first solution as HoDoKu's framed candidate grid
/// (every cell placed), else the same status line as [`solve_line`].
pub fn solve_pm(out: &mut dyn Write, row: &Row) -> io::Result<()> {
    match row.outcome.solution() {
        Some(solution) if !matches!(row.outcome, Outcome::Invalid { .. }) => write!(
            out,
            "{}",
            sudoku_core::pm_grid(&solution, &Grid::EMPTY, &[DigitSet::EMPTY; 81], false)
        ),
        _ => solve_line(out, row),
    }
}

/// A position as HoDoKu's framed candidate grid: the placed digits, and the
/// candidates of the empty cells (those the placed digits allow before the
/// candidates are written).
pub fn pm_of(pos: &sudoku_logic::Candidates) -> String {
    let mut sets = [DigitSet::EMPTY; 81];
    for cell in pos.empty_cells().iter() {
        sets[cell.index()] = pos.candidates(cell);
    }
    sudoku_core::pm_grid(pos.grid(), &Grid::EMPTY, &sets, false)
}

/// `count --format line`: the number of solutions (capped at `--limit`), else
/// `invalid: <reason>`.
pub fn count_line(out: &mut dyn Write, row: &Row) -> io::Result<()> {
    match (&row.outcome, row.outcome.count()) {
        (Outcome::Invalid { reason }, _) => writeln!(out, "invalid: {reason}"),
        (_, Some(n)) => writeln!(out, "{n}"),
        // Only `solve` leaves solutions uncounted: at least one.
        (_, None) => writeln!(out, "1"),
    }
}

/// The JSON object written for one row. Every key is always present (null when it
/// does not apply), so tools can rely on one schema.
#[derive(Serialize)]
struct JsonRow<'a> {
    input: &'a str,
    line: usize,
    puzzle: &'a str,
    variant: &'static str,
    status: &'static str,
    solution: Option<String>,
    count: Option<u64>,
    error: Option<&'a str>,
}

/// `--format json`: one JSON object per line.
pub fn json(out: &mut dyn Write, row: &Row) -> io::Result<()> {
    let value = JsonRow {
        input: &row.source,
        line: row.line,
        puzzle: &row.puzzle,
        variant: row.variant.name(),
        status: row.outcome.status(),
        solution: row.solution_text(),
        count: row.outcome.count(),
        error: match &row.outcome {
            Outcome::Invalid { reason } => Some(reason),
            _ => None,
        },
    };
    json_line(out, &value)
}

/// `text` as a TSV field: tabs and line breaks, which would break the table's
/// layout, become spaces.
pub fn tsv_field(text: &str) -> String {
    text.replace(['\t', '\n', '\r'], " ")
}

/// Writes `value` as one line of JSON (the JSON-lines formats of every
/// subcommand); a failed write comes back as the `io::Error` it is.
pub fn json_line(out: &mut dyn Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(outcome: Outcome) -> Row {
        Row {
            source: "-".into(),
            line: 3,
            puzzle: "p".to_string(),
            variant: Variant::Diagonal,
            notation: Notation::Digits,
            outcome,
        }
    }

    fn render(f: impl Fn(&mut dyn Write, &Row) -> io::Result<()>, row: &Row) -> String {
        let mut buf = Vec::new();
        f(&mut buf, row).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn invalid_rows_are_one_line_in_every_format() {
        let r = row(Outcome::Invalid {
            reason: "line 3: two 5s in row 1 (r1c1, r1c2)".to_string(),
        });
        let want = "invalid: line 3: two 5s in row 1 (r1c1, r1c2)\n";
        assert_eq!(render(solve_line, &r), want);
        assert_eq!(render(count_line, &r), want);
        assert_eq!(render(solve_grid, &r), want);
        assert_eq!(
            render(json, &r),
            r#"{"input":"-","line":3,"puzzle":"p","variant":"diagonal","status":"invalid","solution":null,"count":null,"error":"line 3: two 5s in row 1 (r1c1, r1c2)"}"#
                .to_string()
                + "\n"
        );
    }

    #[test]
    fn tsv_fields_stay_on_one_line() {
        assert_eq!(tsv_field("a\tb\nc\rd"), "a b c d");
    }

    #[test]
    fn no_solution() {
        let r = row(Outcome::NoSolution);
        assert_eq!(render(solve_line, &r), "none\n");
        assert_eq!(render(count_line, &r), "0\n");
        assert_eq!(render(solve_grid, &r), "none\n");
    }
}
