//! `sudoku hint`: the next step only — the easiest one the logical solver would
//! take — from the position after the givens or from a candidate state given on
//! the command line (a trainer's pencil marks).
//!
//! The candidate state is outside data: `sudoku-explain` parses and validates
//! it field by field (every error names the cell, `r3c5`); here it is also
//! checked against the solution, since pencil marks that lost a true digit
//! cannot lead to a sound hint.

use crate::batch;
use crate::explain::{self, JsonStep, Problem};
use anyhow::Context;
use serde::Serialize;
use std::io::{self, Write};
use sudoku_core::{Cell, DigitSet, Grid, PuzzleReader, Variant, parse_text};
use sudoku_explain::{Lang, parse_candidate_fields, render_at, shapes_at, technique_name};
use sudoku_logic::{Candidates, Step, next_round};
use sudoku_solve::Uniqueness;

/// Output formats of `hint`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Technique, cells and explanation, one per line.
    #[default]
    Text,
    /// One JSON object.
    Json,
}

/// Arguments of `sudoku hint`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Show the next logical step of a puzzle",
    long_about = "Show the next logical step of a puzzle: the easiest technique that \
applies, the cells involved and why it holds, from the position after the givens or \
from a given candidate state.",
    after_long_help = "\
CANDIDATE STATE (--candidates CANDS):
  CANDS is a string (or a file holding it) of exactly 81 fields in reading order,
  r1c1, r1c2, ..., r9c9. Fields are separated by commas when the text contains a
  comma (whitespace around them is ignored, so an empty field between two commas
  is an error), otherwise by runs of whitespace. A field lists the candidate
  digits 1-9 of its cell in any order, e.g. `147`:
    - on a given cell the field must be exactly the given digit;
    - on an empty cell it lists the cell's candidates; a single digit is a cell
      with one candidate left (the hint may then be that single), not a placement.
      To count digits the player has placed, pass the current grid as PUZZLE:
      they are then givens;
    - no candidate may contradict a given in the same row, column, box (or
      diagonal / colour group of the variant);
    - every field must keep the solution's digit: a state that has lost it is
      refused, since no sound hint follows from it.
  Errors name the field by its cell, e.g. `r3c5: empty field`.

OUTPUT (--format):
  text  `Technique: <name>`, `Cells: <cells of the pattern>`, then the explanation.
  json  {\"puzzle\", \"variant\", \"status\" (ok, solved), \"technique\", \"name\",
        \"cells\", \"houses\", \"placements\", \"eliminations\", \"links\" (chains only),
        \"points\", \"text\"}; status `solved` has no step.

EXIT STATUS:
  0  a hint was given (or the position is already solved)
  1  the puzzle is invalid, has no or several solutions, or CANDS is wrong
  2  usage error: bad option, unreadable file

EXAMPLES:
  sudoku hint 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
  sudoku hint --lang de puzzle.txt --candidates pencilmarks.txt"
)]
pub struct Args {
    /// The Sudoku variant: standard, diagonal (x), color (dg) or color-diagonal.
    #[arg(long, value_name = "V", default_value = "standard", value_parser = batch::variant_parser())]
    pub variant: Variant,

    /// Language of the explanation: en or de.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = explain::lang_parser())]
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

    /// The candidate state: 81 fields of candidate digits (format in --help), or
    /// a file holding them.
    #[arg(long, value_name = "CANDS")]
    pub candidates: Option<String>,

    /// The puzzle: 81 cells, a file whose first puzzle is taken, or `-` for
    /// standard input.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,

    /// The solver mode whose next step is shown: async (the step it takes),
    /// sync, semi or pseudo (the first step of their round).
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub mode: crate::rate::SolveMode,

    /// The seed's direct methods C and D before candidates are written:
    /// singles (none), simple (one reason each) or all.
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub direct: crate::rate::DirectArg,
}

/// The candidate state lost the solution's digit in a cell: no sound hint
/// follows from it.
fn lost_solution(cell: Cell, field: DigitSet) -> String {
    format!(
        "{cell}: the candidates \"{field}\" have lost the cell's solution digit; no sound hint follows from this state"
    )
}

/// Reads the puzzle argument: a puzzle string, a file (its first puzzle), or
/// `-` for standard input.
fn read_puzzle(arg: &str) -> anyhow::Result<Grid> {
    let path = std::path::Path::new(arg);
    let (name, reader): (String, Box<dyn io::BufRead>) = if arg == "-" {
        (
            "standard input".to_string(),
            Box::new(io::BufReader::new(io::stdin())),
        )
    } else if path.exists() {
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        (
            path.display().to_string(),
            Box::new(io::BufReader::new(file)),
        )
    } else {
        return parse_text(arg)
            .map(|p| p.grid)
            .with_context(|| format!("argument {arg:?} is not a puzzle and not a file either"));
    };
    let item = PuzzleReader::new(reader)
        .next()
        .with_context(|| format!("{name}: no puzzle"))?
        .with_context(|| format!("cannot read {name}"))?;
    let parsed = item
        .result
        .with_context(|| format!("{name}: line {}", item.line))?;
    Ok(parsed.grid)
}

/// Reads `--candidates`: the text itself, or a file holding it.
fn read_candidates(arg: &str) -> anyhow::Result<String> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        return std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()));
    }
    Ok(arg.to_string())
}

/// The hint as JSON.
#[derive(Serialize)]
struct JsonHint {
    puzzle: String,
    variant: &'static str,
    status: &'static str,
    cells: Vec<String>,
    houses: Vec<String>,
    #[serde(flatten)]
    step: Option<JsonStep>,
}

/// A refusal the user must act on: printed as `status: message`, exit status 1.
struct Refusal {
    status: &'static str,
    message: String,
}

/// Runs `sudoku hint`; false (exit status 1) when no hint can be given.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let variant = args.variant;
    let lang = args.lang;
    let grid = read_puzzle(&args.puzzle)?;
    let shown = grid.to_line(sudoku_core::Notation::Digits, '.');
    match hint(args, &grid) {
        Ok((pos, step)) => {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            match args.format {
                Format::Text => match &step {
                    Some(step) => {
                        let (label_t, label_c) = match lang {
                            Lang::De => ("Technik", "Zellen"),
                            _ => ("Technique", "Cells"),
                        };
                        writeln!(out, "{label_t}: {}", technique_name(step.technique, lang))?;
                        writeln!(out, "{label_c}: {}", cell_text(step))?;
                        writeln!(out, "{}", render_at(step, &pos, lang))?;
                    }
                    None => writeln!(
                        out,
                        "{}",
                        match lang {
                            Lang::De => "Das Rätsel ist schon gelöst.",
                            _ => "The puzzle is already solved.",
                        }
                    )?,
                },
                Format::Json => {
                    let value = JsonHint {
                        puzzle: shown,
                        variant: variant.name(),
                        status: if step.is_some() { "ok" } else { "solved" },
                        cells: step
                            .as_ref()
                            .map(|s| s.cells.iter().map(|c| c.to_string()).collect())
                            .unwrap_or_default(),
                        houses: step
                            .as_ref()
                            .map(|s| s.houses.iter().map(|h| h.to_string()).collect())
                            .unwrap_or_default(),
                        step: step.as_ref().map(|s| {
                            JsonStep::new(s, render_at(s, &pos, lang), shapes_at(s, &pos), lang)
                        }),
                    };
                    serde_json::to_writer(&mut out, &value)?;
                    writeln!(out)?;
                }
            }
            out.flush()?;
            Ok(true)
        }
        Err(refusal) => {
            let stdout = io::stdout();
            let mut out = stdout.lock();
            match args.format {
                Format::Text => writeln!(out, "{}: {}", refusal.status, refusal.message)?,
                Format::Json => {
                    let value = serde_json::json!({
                        "puzzle": shown,
                        "variant": variant.name(),
                        "status": refusal.status,
                        "error": refusal.message,
                    });
                    serde_json::to_writer(&mut out, &value)?;
                    writeln!(out)?;
                }
            }
            out.flush()?;
            Ok(false)
        }
    }
}

/// The cells of the pattern, or of the effects when the pattern names none.
fn cell_text(step: &Step) -> String {
    let mut cells = step.cells;
    if cells.is_empty() {
        cells = step
            .placements
            .iter()
            .map(|p| p.cell)
            .chain(step.eliminations.iter().map(|e| e.cell))
            .collect();
    }
    if cells.len() > 20 {
        return format!("{} cells", cells.len());
    }
    let v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    v.join(", ")
}

/// The position and the hint step (`None` when nothing is left to do).
fn hint(args: &Args, grid: &Grid) -> Result<(Candidates, Option<Step>), Refusal> {
    let variant = args.variant;
    let lang = args.lang;
    if let Err(conflict) = grid.check(variant) {
        return Err(Refusal {
            status: "invalid",
            message: conflict.to_string(),
        });
    }
    let solution = match sudoku_solve::uniqueness(grid, variant) {
        Uniqueness::None => {
            return Err(Refusal {
                status: "none",
                message: explain::message(lang, Problem::NoSolution),
            });
        }
        Uniqueness::Multiple(_) => {
            return Err(Refusal {
                status: "multiple",
                message: explain::message(lang, Problem::Multiple),
            });
        }
        Uniqueness::Unique(solution) => solution,
    };
    let mut pos = match &args.candidates {
        None => Candidates::new(grid, variant).map_err(|c| Refusal {
            status: "invalid",
            message: c.to_string(),
        })?,
        Some(arg) => {
            let text = read_candidates(arg).map_err(|e| Refusal {
                status: "invalid-candidates",
                message: format!("{e:#}"),
            })?;
            let fields = parse_candidate_fields(&text, grid, variant).map_err(|e| Refusal {
                status: "invalid-candidates",
                message: e.to_string(),
            })?;
            for cell in Cell::all() {
                let field = fields[cell.index()];
                if solution
                    .get(cell)
                    .is_some_and(|truth| !field.contains(truth))
                {
                    return Err(Refusal {
                        status: "invalid-candidates",
                        message: lost_solution(cell, field),
                    });
                }
            }
            Candidates::from_fields(grid, variant, &fields).map_err(|e| Refusal {
                status: "invalid-candidates",
                message: e.to_string(),
            })?
        }
    };
    // The exact solver found one completion of the board: the uniqueness
    // techniques may run (every filled cell counts as a given, so nothing
    // already placed is ever swapped).
    pos.assume_unique(true);
    if pos.is_solved() {
        return Ok((pos, None));
    }
    // Trial and error refutes something in every unsolved position of a unique
    // puzzle whose candidates keep the solution; getting stuck is a bug,
    // reported rather than hidden.
    let solver = crate::rate::SolverArgs {
        mode: args.mode,
        orientation: crate::rate::OrientationArg::Given,
        direct: args.direct,
    };
    let Some(step) = next_round(&pos, solver.mode(), solver.direct())
        .into_iter()
        .next()
    else {
        return Err(Refusal {
            status: "stuck",
            message: "no technique applies to this position".to_string(),
        });
    };
    Ok((pos, Some(step)))
}
