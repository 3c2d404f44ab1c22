//! `sudoku steps`: every step available at a position, easiest first —
//! HoDoKu's "all steps" and Sudoku Explainer's "get all hints". The position
//! is read as `hint` reads it (the puzzle, the player's entries and pencil
//! marks, checked against the solution); each technique of the walk, in the
//! walk's order, lists every instance it finds, as the same step objects
//! `explain --format json` writes.

use crate::hint::{PositionArgs, Standing, read_puzzle, solved_text, standing};
use crate::messages;
use std::io::{self, Write};
use sudoku_analysis::wire::StepList;
use sudoku_explain::{Lang, render_at};

/// Output formats of `steps`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One numbered line per step: technique, explanation, points.
    #[default]
    Text,
    /// One JSON object.
    Json,
    /// The position as a framed candidate grid, then the text.
    Pm,
}

/// Arguments of `sudoku steps`.
#[derive(clap::Args, Debug)]
#[command(
    about = "List every step available at a position, easiest first",
    long_about = "List every step available at a position, easiest first: every \
technique of the walk, in the walk's order, with every instance it finds (HoDoKu's \
\"all steps\", Sudoku Explainer's \"get all hints\"). The position is the puzzle's \
after the givens, or the player's: their entries (--entries) and pencil marks \
(--candidates), read as `hint` reads them.",
    after_long_help = "\
OUTPUT (--format):
  text  `Puzzle: <givens> (<variant>)`, then one line per step:
        `  7. <explanation> [<points>]` (the explanation names the
        technique), then `<n> steps`.
  pm    The position as a framed candidate grid as HoDoKu prints it, then
        the text.
  json  {\"puzzle\", \"variant\", \"status\" (ok, solved, mistake, or a refusal
        with \"error\"), \"steps\": [the steps as `explain --format json` writes
        them]}; status `mistake` has \"mistake\": {\"kind\", \"cell\", \"digit\",
        \"text\"}. The server's POST /api/steps writes the same.

The first technique listed is the one `hint` takes; the points are the
technique's own, before the walk's extra points for scarcity. Forcing chains,
nets and trial and error are listed too: on an early position that can take
a few seconds (--without forcing,trial leaves them out).

EXIT STATUS:
  0  the steps were listed (or the position is solved, or a mistake named)
  1  the puzzle is invalid, has no or several solutions, or CANDS is wrong
  2  usage error: bad option, unreadable file

EXAMPLES:
  sudoku steps 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........
  sudoku steps --format json --without forcing,trial puzzle.txt --candidates marks.txt
  sudoku steps --techniques fish,wing --lang de puzzle.txt"
)]
pub struct Args {
    #[command(flatten)]
    pub position: PositionArgs,

    /// Language of the explanations: en or de.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = crate::explain::lang_parser())]
    pub lang: Lang,

    #[command(flatten)]
    pub output: crate::output::FormatArg<Format>,

    /// The seed's direct methods C and D before candidates are written:
    /// singles (none), simple (one reason each) or all.
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub direct: crate::rate::DirectArg,
}

/// Runs `sudoku steps`; false (exit status 1) when no list can be given.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let variant = args.position.variant;
    let lang = args.lang;
    messages::set_lang(lang);
    let parsed = read_puzzle(&args.position.puzzle)?;
    let grid = parsed.grid;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let format = args.output.get();
    let direct = crate::rate::SolverArgs {
        mode: crate::rate::SolveMode::default(),
        orientation: None,
        direct: args.direct,
        choice: args.position.choice.clone(),
    }
    .direct();
    let (list, pos, ok) = match standing(&args.position, &parsed, lang) {
        Ok(Standing::At(pos)) => {
            let steps = sudoku_logic::all_steps(&pos, &args.position.choice.chosen(), direct);
            let list = StepList::new(&grid, variant, &steps, &pos, lang);
            (list, Some((pos, steps)), true)
        }
        Ok(Standing::Solved) => (StepList::status(&grid, variant, "solved"), None, true),
        Ok(Standing::Mistake(m)) => (StepList::mistake(&grid, variant, &m, lang), None, true),
        Err(refusal) => {
            let mut list = StepList::status(&grid, variant, refusal.status);
            list.error = Some(refusal.message);
            (list, None, false)
        }
    };
    if format == Format::Json {
        serde_json::to_writer(&mut out, &list)?;
        writeln!(out)?;
        out.flush()?;
        return Ok(ok);
    }
    if let (Format::Pm, Some((pos, _))) = (format, &pos) {
        write!(out, "{}", crate::output::pm_of(pos))?;
    }
    writeln!(out, "Puzzle: {} ({})", list.puzzle, list.variant)?;
    match (&pos, &list.mistake, &list.error) {
        (Some((pos, steps)), _, _) => {
            let width = steps.len().to_string().len();
            for (i, (step, wire)) in steps.iter().zip(&list.steps).enumerate() {
                writeln!(
                    out,
                    "{:>width$}. {} [{}]",
                    i + 1,
                    render_at(step, pos, lang),
                    crate::explain::points_word(wire.points, lang),
                )?;
            }
            let word = match (lang, steps.len()) {
                (Lang::De, 1) => "Schritt",
                (Lang::De, _) => "Schritte",
                (Lang::En, 1) => "step",
                (Lang::En, _) => "steps",
            };
            writeln!(out, "{} {word}", steps.len())?;
        }
        (None, Some(m), _) => writeln!(out, "mistake: {}", m.text)?,
        (None, None, Some(error)) => writeln!(out, "{}: {error}", list.status)?,
        (None, None, None) => writeln!(out, "{}", solved_text(lang))?,
    }
    out.flush()?;
    Ok(ok)
}
