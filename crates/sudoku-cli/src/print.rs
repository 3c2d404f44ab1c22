//! `sudoku print` and `gen --pdf`: printable A4 sheets of puzzles.
//!
//! The drawing is `sudoku-pdf`'s. This module reads the puzzles (through the
//! batch reader, so files and standard input work as everywhere), solves and
//! rates each one for its title line and solution page, and writes the file.
//! `gen` uses the same options ([`PdfArgs`]) and writer.

use crate::batch::{self, BatchArgs};
use crate::messages::Msg;
use anyhow::{Context, bail};
use std::path::{Path, PathBuf};
use sudoku_core::{Grid, Variant};
use sudoku_pdf::{Layout, PerPage, Sheet, render};
use sudoku_trainer::Level;

/// The heading of every page unless `--heading` says otherwise.
pub const DEFAULT_HEADING: &str = "Sudoku Trainer";

/// The PDF options shared by `print` and `gen`.
#[derive(clap::Args, Debug)]
pub struct PdfArgs {
    /// Write the puzzles to this PDF file (A4).
    #[arg(long, value_name = "FILE")]
    pub pdf: Option<PathBuf>,

    /// Puzzles per page: 1, 4 or 6.
    #[arg(long, value_name = "N", default_value_t = 4)]
    pub per_page: usize,

    /// Add solution pages after the puzzles.
    #[arg(long)]
    pub solutions: bool,

    /// Heading printed at the top of every page.
    #[arg(long, value_name = "TEXT", default_value = DEFAULT_HEADING)]
    pub heading: String,
}

impl PdfArgs {
    /// The layout, when a PDF is wanted; an error for a bad page layout.
    pub fn layout(&self) -> anyhow::Result<Option<Layout>> {
        let Some(per_page) = PerPage::from_count(self.per_page) else {
            bail!(Msg::BadPerPage { got: self.per_page });
        };
        Ok(self.pdf.as_ref().map(|_| Layout {
            per_page,
            solutions: self.solutions,
            variant: Variant::Standard,
            heading: self.heading.clone(),
            compress: std::env::var_os("SUDOKU_PDF_UNCOMPRESSED").is_none(),
        }))
    }
}

/// Arguments of `sudoku print`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Print puzzles to an A4 PDF: 1, 4 or 6 per page, optional solution pages",
    long_about = "Print puzzles to an A4 PDF: 1, 4 or 6 per page, optional solution pages.\n\n\
Every puzzle gets a title line with its trainer level (as `sudoku rate` finds \
it), its number and the input line it came from. Invalid puzzles and puzzles \
without a unique solution are reported and left out.",
    after_long_help = "\
EXIT STATUS:
  0  every puzzle was printed
  1  some input was left out (not a unique puzzle); the others are printed
  2  usage error, no puzzle at all, or the file cannot be written

EXAMPLES:
  sudoku print --pdf sheet.pdf puzzles.txt
  sudoku gen --count 4 --level hard | sudoku print --pdf hard.pdf --solutions
  sudoku gen --count 6 --level easy --pdf easy.pdf --per-page 6"
)]
pub struct Args {
    #[command(flatten)]
    pub pdf: PdfArgs,

    #[command(flatten)]
    pub batch: BatchArgs,
}

/// The title line of a puzzle: id, variant, level and clue count.
pub fn title_line(variant: Variant, level: &str, id: &str, clues: usize) -> String {
    let mut parts = vec![id.to_string()];
    if variant != Variant::Standard {
        parts.push(variant.name().to_string());
    }
    if !level.is_empty() {
        parts.push(format!("level {level}"));
    }
    parts.push(format!("{clues} clues"));
    parts.join("  -  ")
}

/// A sheet for one puzzle.
pub fn sheet(puzzle: &Grid, solution: Option<Grid>, title: &str) -> Sheet {
    Sheet {
        puzzle: *puzzle,
        solution,
        title: title.to_string(),
    }
}

/// Renders `sheets` and writes them to `path`.
pub fn write_pdf(path: &Path, sheets: &[Sheet], layout: &Layout) -> anyhow::Result<()> {
    let bytes = render(sheets, layout).context(Msg::CannotDrawPdf {})?;
    std::fs::write(path, bytes).with_context(|| Msg::CannotWrite {
        path: path.display().to_string(),
    })
}

/// Runs `sudoku print`; true when every input was printed.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let Some(path) = args.pdf.pdf.as_ref() else {
        bail!(Msg::PdfRequired {});
    };
    let Some(mut layout) = args.pdf.layout()? else {
        bail!(Msg::PdfRequired {});
    };
    let variant = args.batch.variant;
    layout.variant = variant;
    let sources = batch::sources(&args.batch)?;
    let mut sheets = Vec::new();
    let mut all_ok = true;
    let mut problems = Vec::new();
    batch::run_to(
        sources,
        batch::jobs(&args.batch),
        |input| {
            let line = input.line;
            let result = match &input.puzzle {
                Err(bad) => Err(bad.to_string()),
                Ok(parsed) => match sudoku_trainer::level(&parsed.grid, variant) {
                    Err(e) => Err(input.locate(e)),
                    Ok(Level::ExtremelyHard) => Err(input.locate(Msg::NotUniqueMultiple {})),
                    Ok(level) => sudoku_solve::solve(&parsed.grid, variant)
                        .map(|s| (parsed.grid, s, level.name().to_string()))
                        .ok_or_else(|| input.locate(Msg::NoSolution {})),
                },
            };
            (line, result)
        },
        std::io::sink(),
        |_, (line, result)| {
            match result {
                Ok((grid, solution, level)) => {
                    let id = format!("#{} (line {line})", sheets.len() + 1);
                    let title = title_line(variant, &level, &id, grid.filled());
                    sheets.push(sheet(&grid, Some(solution), &title));
                }
                Err(e) => {
                    all_ok = false;
                    problems.push(e);
                }
            }
            Ok(())
        },
    )?;
    for p in &problems {
        eprintln_safe(
            &Msg::LeftOut {
                command: "print",
                detail: p.to_string(),
            }
            .to_string(),
        );
    }
    if sheets.is_empty() {
        bail!(Msg::NothingToPrint {});
    }
    write_pdf(path, &sheets, &layout)?;
    Ok(all_ok)
}

/// Writes a line to stderr, ignoring a closed stderr.
fn eprintln_safe(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{text}");
}
