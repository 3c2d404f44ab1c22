//! `sudoku hint`: the next step only — the easiest one the logical solver would
//! take — from the position after the givens, or from the player's position:
//! their entries (`--entries`) and pencil marks (`--candidates`). The hint comes
//! in three levels (`--level`): where to look, the pattern, the whole step; JSON
//! carries all three. A position that has already gone wrong (a wrong entry, a
//! mark that lost the solution digit) gets that said instead of a step.
//!
//! The candidate state is outside data: `sudoku-explain` parses and validates
//! it field by field (every error names the cell, `r3c5`); here it is also
//! checked against the solution, since pencil marks that lost a true digit
//! cannot lead to a sound hint: the hint names the cell and the lost digit.

use crate::batch;
use crate::messages::{self, Msg};
use anyhow::Context;
use std::io::{self, Write};
use sudoku_analysis::{Hint, Puzzle};
use sudoku_core::{
    Cell, CellSet, DigitSet, Grid, Parsed, PuzzleReader, Variant, parse_text, parse_text_located,
};
use sudoku_explain::{Lang, parse_candidate_fields, render_at, technique_name};
use sudoku_logic::{Candidates, Step, next_round_among};
use sudoku_trainer::Mistake;

/// Output formats of `hint`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Technique, cells and explanation, one per line (the default).
    #[default]
    Text,
    /// One JSON object.
    Json,
    /// The position as a framed candidate grid (as HoDoKu prints it), then
    /// the text.
    Pm,
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
    - a field that has lost the solution's digit is a mistake: the hint names
      it (status `mistake`) instead of a step, since no sound step follows.
  Errors name the field by its cell, e.g. `r3c5: empty field`.
  CANDS may also be a candidate grid as HoDoKu, Sudoku Explainer or SudokuWiki
  print it (framed or not), a HoDoKu library line or a sukaku line: its marks
  less those its placed digits exclude. PUZZLE itself may be such a grid: its
  placed digits are the puzzle (those marked `+` the player's entries) and
  its candidates the position, unless --candidates says otherwise.

THE PLAYER'S ENTRIES (--entries GRID):
  81 cells like PUZZLE: the digits the player has entered (`.` or 0 elsewhere,
  and on the givens). A wrong entry comes first: the hint names it (status
  `mistake`) instead of a step. Without --entries, PUZZLE is the whole board.

LEVELS (--level):
  1  the technique and where to look (`Look in box 7`): never a cell or digit
     of the result
  2  the cells of the pattern (and the digits it is about)
  3  the whole step with its reason and result (the default)

OUTPUT (--format):
  text  `Technique: <name>`, `Cells: <cells of the pattern>`, then the explanation.
  pm    The position as a framed candidate grid as HoDoKu prints it, then the
        text.
  json  {\"puzzle\", \"variant\", \"status\" (ok, solved, mistake, or a refusal
        with \"error\"), \"step\" (the whole step as `explain --format json`
        writes it: technique, name, placements, eliminations, links, points,
        text, shapes, ...), \"cells\", \"houses\" ([{\"name\", \"cells\"}]),
        \"levels\": [three objects {\"level\", \"text\", \"houses\", \"cells\",
        \"shapes\", \"placements\", \"eliminations\"}]} (--level does not change
        it); status `solved` has no step; status `mistake` has \"mistake\":
        {\"kind\" (wrong-entry, lost-candidate), \"cell\", \"digit\", \"text\"}.
        The same format as the server's POST /api/hint
        (docs/wire-format.v1.schema.json).

EXIT STATUS:
  0  a hint was given (a step, a mistake named, or the position is solved)
  1  the puzzle is invalid, has no or several solutions, or CANDS is wrong
  2  usage error: bad option, unreadable file

EXAMPLES:
  sudoku hint 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
  sudoku hint --level 1 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
  sudoku hint --lang de puzzle.txt --entries entries.txt --candidates pencilmarks.txt"
)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,

    /// Language of the explanation: en or de.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = crate::explain::lang_parser())]
    pub lang: Lang,

    #[command(flatten)]
    pub output: crate::output::FormatArg<Format>,

    /// How much the hint tells: 1 where to look, 2 the pattern, 3 the whole
    /// step (text output; JSON carries all three).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=3))]
    pub level: u8,

    /// The solver mode whose next step is shown: async (the step it takes),
    /// sync, semi or pseudo (the first step of their round).
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub mode: crate::rate::SolveMode,

    /// The seed's direct methods C and D before candidates are written:
    /// singles (none), simple (one reason each) or all.
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub direct: crate::rate::DirectArg,
}

/// The position a hint or a list of steps is about: the puzzle, the player's
/// entries and pencil marks, and the techniques that may be used.
#[derive(clap::Args, Debug)]
pub struct PositionArgs {
    /// The Sudoku variant: standard, diagonal (x), color (dg) or color-diagonal.
    #[arg(long, value_name = "V", default_value = "standard", value_parser = batch::variant_parser())]
    pub variant: Variant,

    /// The candidate state: 81 fields of candidate digits (format in --help), or
    /// a file holding them.
    #[arg(long, value_name = "CANDS")]
    pub candidates: Option<String>,

    /// The player's entries: 81 cells (a string or a file holding it); a wrong
    /// one is named before any step.
    #[arg(long, value_name = "GRID")]
    pub entries: Option<String>,

    /// The puzzle: 81 cells, a file whose first puzzle is taken, or `-` for
    /// standard input.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,

    #[command(flatten)]
    pub choice: crate::choice::TechniqueArgs,
}

/// Reads the puzzle argument: a puzzle string, a file (its first puzzle), or
/// `-` for standard input.
pub fn read_puzzle(arg: &str) -> anyhow::Result<Parsed> {
    let path = std::path::Path::new(arg);
    let (name, reader): (String, Box<dyn io::BufRead>) = if arg == "-" {
        (
            Msg::StandardInput {}.to_string(),
            Box::new(io::BufReader::new(io::stdin())),
        )
    } else if path.exists() {
        let file = std::fs::File::open(path).with_context(|| Msg::CannotOpen {
            path: path.display().to_string(),
        })?;
        (
            path.display().to_string(),
            Box::new(io::BufReader::new(file)),
        )
    } else {
        return parse_text(arg)
            .map_err(|e| Msg::NotPuzzleNorFile {
                text: arg.to_string(),
                problem: messages::parse_error(&e).to_string(),
            })
            .map_err(anyhow::Error::new);
    };
    let item = PuzzleReader::new(reader)
        .next()
        .with_context(|| Msg::NoPuzzle { name: name.clone() })?
        .with_context(|| Msg::CannotRead { path: name.clone() })?;
    let parsed = item.result.map_err(|e| {
        anyhow::Error::new(Msg::AtLine {
            line: item.line,
            problem: messages::parse_error(&e).to_string(),
        })
        .context(Msg::InputLine {
            name: name.clone(),
            line: item.line,
        })
    })?;
    Ok(parsed)
}

/// Reads `--candidates`: the text itself, or a file holding it.
fn read_candidates(arg: &str) -> anyhow::Result<String> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        return std::fs::read_to_string(path).with_context(|| Msg::CannotRead {
            path: path.display().to_string(),
        });
    }
    Ok(arg.to_string())
}

/// What the hint is about.
enum Outcome {
    /// The next step, found in this position.
    Step(Box<Candidates>, Box<Step>),
    /// Nothing left to do.
    Solved,
    /// The player's position has gone wrong here.
    Mistake(Mistake),
}

/// Where the player stands.
pub enum Standing {
    /// In this position, which keeps the solution.
    At(Box<Candidates>),
    /// Nothing left to do.
    Solved,
    /// The player's position has gone wrong here.
    Mistake(Mistake),
}

/// What `hint` and `steps` say of a position with every cell filled.
pub fn solved_text(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "Das Puzzle ist schon gelöst.",
        Lang::En => "The puzzle is already solved.",
    }
}

fn mistake_text(m: &Mistake, lang: Lang) -> String {
    let subject = sudoku_trainer::explain::Subject::Mistake(m);
    match lang {
        Lang::De => sudoku_trainer::explain::de(subject),
        Lang::En => sudoku_trainer::explain::en(subject),
    }
}

/// A refusal the user must act on: printed as `status: message`, exit status 1.
pub struct Refusal {
    /// The status word (`invalid`, `multiple`, `invalid-candidates`, …).
    pub status: &'static str,
    /// Why, in the chosen language where the message has one.
    pub message: String,
}

/// Runs `sudoku hint`; false (exit status 1) when no hint can be given.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let variant = args.position.variant;
    let lang = args.lang;
    messages::set_lang(lang);
    let parsed = read_puzzle(&args.position.puzzle)?;
    let grid = parsed.grid;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let given = match hint(args, &parsed) {
        Ok(outcome) => {
            let format = match (args.output.get(), &outcome) {
                (Format::Pm, Outcome::Step(pos, _)) => {
                    write!(out, "{}", crate::output::pm_of(pos))?;
                    Format::Text
                }
                (format, _) => format,
            };
            match (format, &outcome) {
                (Format::Text | Format::Pm, Outcome::Step(pos, step)) => {
                    let graded = sudoku_explain::graded(step, pos, lang);
                    let (label_t, label_c) = match lang {
                        Lang::De => ("Technik", "Zellen"),
                        Lang::En => ("Technique", "Cells"),
                    };
                    match args.level {
                        1 => writeln!(out, "{}", graded.levels[0].text)?,
                        2 => {
                            writeln!(out, "{label_t}: {}", graded.name)?;
                            writeln!(out, "{label_c}: {}", cells_text(graded.levels[1].cells))?;
                            writeln!(out, "{}", graded.levels[1].text)?;
                        }
                        _ => {
                            writeln!(out, "{label_t}: {}", technique_name(step.technique, lang))?;
                            writeln!(out, "{label_c}: {}", cell_text(step))?;
                            writeln!(out, "{}", render_at(step, pos, lang))?;
                        }
                    }
                }
                (Format::Text | Format::Pm, Outcome::Solved) => {
                    writeln!(out, "{}", solved_text(lang))?
                }
                (Format::Text | Format::Pm, Outcome::Mistake(m)) => {
                    writeln!(out, "mistake: {}", mistake_text(m, lang))?
                }
                (Format::Json, outcome) => {
                    let value = match outcome {
                        Outcome::Step(pos, step) => Hint::step(&grid, variant, step, pos, lang),
                        Outcome::Solved => Hint::solved(&grid, variant),
                        Outcome::Mistake(m) => Hint::mistake(&grid, variant, m, lang),
                    };
                    serde_json::to_writer(&mut out, &value)?;
                    writeln!(out)?;
                }
            }
            true
        }
        Err(refusal) => {
            match args.output.get() {
                Format::Text | Format::Pm => {
                    writeln!(out, "{}: {}", refusal.status, refusal.message)?
                }
                Format::Json => {
                    let value = Hint::refused(&grid, variant, refusal.status, refusal.message);
                    serde_json::to_writer(&mut out, &value)?;
                    writeln!(out)?;
                }
            }
            false
        }
    };
    out.flush()?;
    Ok(given)
}

fn cells_text(cells: CellSet) -> String {
    if cells.len() > 20 {
        return format!("{} cells", cells.len());
    }
    let v: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    v.join(", ")
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

/// Reads `--entries`: 81 cells, as the text itself or a file holding it; an
/// entry on a given must be the given's digit.
fn read_entries(arg: &str, givens: &Grid) -> Result<Grid, Refusal> {
    let refuse = |message: String| Refusal {
        status: "invalid-entries",
        message,
    };
    let text = read_candidates(arg).map_err(|e| refuse(format!("{e:#}")))?;
    let entries = parse_text(text.trim())
        .map(|p| p.grid)
        .map_err(|e| refuse(format!("--entries: {e}")))?;
    for cell in Cell::all() {
        if let (Some(g), Some(e)) = (givens.get(cell), entries.get(cell))
            && g != e
        {
            return Err(refuse(format!(
                "{cell}: the entry {e} differs from the given {g}"
            )));
        }
    }
    Ok(entries)
}

/// What the hint is about: the next step, or that the position is solved or
/// has gone wrong.
fn hint(args: &Args, parsed: &Parsed) -> Result<Outcome, Refusal> {
    let pos = match standing(&args.position, parsed, args.lang)? {
        Standing::At(pos) => pos,
        Standing::Solved => return Ok(Outcome::Solved),
        Standing::Mistake(m) => return Ok(Outcome::Mistake(m)),
    };
    // Trial and error refutes something in every unsolved position of a unique
    // puzzle whose candidates keep the solution; getting stuck is a bug,
    // reported rather than hidden (or the chosen techniques ran out).
    let solver = crate::rate::SolverArgs {
        mode: args.mode,
        orientation: Some(crate::rate::OrientationArg::Given),
        direct: args.direct,
        choice: args.position.choice.clone(),
    };
    let selection = args.position.choice.chosen();
    let Some(step) = next_round_among(&pos, solver.mode(), solver.direct(), &selection)
        .into_iter()
        .next()
    else {
        return Err(Refusal {
            status: "stuck",
            message: "no technique applies to this position".to_string(),
        });
    };
    Ok(Outcome::Step(pos, Box::new(step)))
}

/// The player's position: the puzzle (which must be unique), their entries
/// and pencil marks, checked against the solution; or that it is solved or
/// has gone wrong.
pub fn standing(args: &PositionArgs, parsed: &Parsed, lang: Lang) -> Result<Standing, Refusal> {
    let givens = &parsed.grid;
    let variant = args.variant;
    let puzzle = Puzzle::new(*givens, variant).map_err(|conflict| Refusal {
        status: "invalid",
        message: conflict.to_string(),
    })?;
    let solution = sudoku_analysis::unique_solution(&puzzle).map_err(|problem| Refusal {
        status: problem.status(),
        message: problem.message(lang).to_string(),
    })?;
    let entries = match &args.entries {
        Some(arg) => read_entries(arg, givens)?,
        // A format that keeps placed digits apart from the givens (`+`).
        None => parsed.entries,
    };
    // A wrong entry comes first: the candidates are read against the board.
    if let Some(&m) = sudoku_trainer::mistakes_against(givens, &entries, None, &solution).first() {
        return Ok(Standing::Mistake(m));
    }
    let grid = sudoku_trainer::board_of(givens, &entries);
    let text = match &args.candidates {
        Some(arg) => Some(read_candidates(arg).map_err(|e| Refusal {
            status: "invalid-candidates",
            message: format!("{e:#}"),
        })?),
        // The puzzle's own candidates, when its format writes them.
        None => parsed
            .candidates
            .map(|sets| fields_text(&sets, &grid, variant)),
    };
    let mut pos = match text {
        None => Candidates::new(&grid, variant).map_err(|c| Refusal {
            status: "invalid",
            message: c.to_string(),
        })?,
        Some(text) => {
            let text = other_format_fields(&text, &grid, variant)?.unwrap_or(text);
            let fields = parse_candidate_fields(&text, &grid, variant).map_err(|e| Refusal {
                status: "invalid-candidates",
                message: e.to_string(),
            })?;
            if let Some(&m) =
                sudoku_trainer::mistakes_against(givens, &entries, Some(&fields), &solution).first()
            {
                return Ok(Standing::Mistake(m));
            }
            Candidates::from_fields(&grid, variant, &fields).map_err(|e| Refusal {
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
        return Ok(Standing::Solved);
    }
    Ok(Standing::At(Box::new(pos)))
}

/// The candidate fields of `sets` on `board`: a cell the board leaves empty
/// keeps the marks its placed peers allow (as HoDoKu reads a grid in), a
/// placed cell its own field, so that a grid disagreeing with the board is
/// named by the fields' check.
fn fields_text(sets: &[DigitSet; 81], board: &Grid, variant: Variant) -> String {
    let fields: Vec<String> = Cell::all()
        .map(|cell| match board.get(cell) {
            Some(_) => sets[cell.index()].to_string(),
            None => (sets[cell.index()] & board.candidates(variant, cell)).to_string(),
        })
        .collect();
    // Commas: a cell whose marks are all gone is an empty field, named so.
    fields.join(",")
}

/// `--candidates` in another format than 81 fields (a candidate grid,
/// framed or not, a library or sukaku line) as 81 fields; `None` when the
/// text is 81 fields already or no other format either (the fields' own
/// error then says what is wrong).
fn other_format_fields(
    text: &str,
    board: &Grid,
    variant: Variant,
) -> Result<Option<String>, Refusal> {
    if !matches!(
        parse_candidate_fields(text, board, variant),
        Err(sudoku_explain::FieldsError::Count { .. })
    ) {
        return Ok(None);
    }
    match parse_text_located(text) {
        Ok(Parsed {
            candidates: Some(sets),
            ..
        }) => Ok(Some(fields_text(&sets, board, variant))),
        Ok(_) => Ok(None),
        // Several lines: a grid; its error is the one to name.
        Err(e) if text.trim().contains('\n') => Err(Refusal {
            status: "invalid-candidates",
            message: format!("--candidates: {}", messages::located(&e)),
        }),
        Err(_) => Ok(None),
    }
}
