//! Printable Sudoku sheets: A4 PDF pages with 1, 4 or 6 puzzles each, a title
//! line above every puzzle (level and id), and optional solution pages after
//! the puzzles — the trainer's print page of four random puzzles.
//!
//! The PDF is drawn with `printpdf` in the standard Helvetica font (no font
//! file to ship): grid lines as strokes, digits and titles as text, so the
//! titles and digits can be searched and extracted from the file. Diagonal
//! variants get their two diagonals drawn; colour variants get a small dot
//! pattern per colour group position. This crate knows nothing of solving or
//! rating; the caller hands it finished [`Sheet`]s.
#![warn(missing_docs)]

use printpdf::{
    BuiltinFont, Color, Line, LinePoint, Mm, Op, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Pt, Rgb, TextItem,
};
use sudoku_core::{Cell, Grid, Variant};

/// One puzzle to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The givens.
    pub puzzle: Grid,
    /// The solution, printed on the solution pages when asked for.
    pub solution: Option<Grid>,
    /// The title line above the grid (ASCII; other characters are replaced).
    pub title: String,
}

/// How many puzzles share a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PerPage {
    /// One large grid.
    One,
    /// Two by two.
    #[default]
    Four,
    /// Two columns by three rows.
    Six,
}

impl PerPage {
    /// The number of puzzles on a page.
    pub fn count(self) -> usize {
        match self {
            PerPage::One => 1,
            PerPage::Four => 4,
            PerPage::Six => 6,
        }
    }

    /// The layout for `n` puzzles per page, if it is 1, 4 or 6.
    pub fn from_count(n: usize) -> Option<PerPage> {
        match n {
            1 => Some(PerPage::One),
            4 => Some(PerPage::Four),
            6 => Some(PerPage::Six),
            _ => None,
        }
    }

    /// Columns, rows and grid side (mm) of the layout.
    fn geometry(self) -> (usize, usize, f32) {
        match self {
            PerPage::One => (1, 1, 160.0),
            PerPage::Four => (2, 2, 86.0),
            PerPage::Six => (2, 3, 72.0),
        }
    }
}

/// How to lay the sheets out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Puzzles per page.
    pub per_page: PerPage,
    /// Add solution pages after the puzzle pages.
    pub solutions: bool,
    /// The variant (diagonals or colour groups are marked on the grid).
    pub variant: Variant,
    /// The heading printed at the top of every page (ASCII).
    pub heading: String,
    /// Compress the page contents (smaller files; off makes the text readable
    /// in the raw file, which tests use).
    pub compress: bool,
}

impl Default for Layout {
    fn default() -> Layout {
        Layout {
            per_page: PerPage::Four,
            solutions: false,
            variant: Variant::Standard,
            heading: "Sudoku Trainer".into(),
            compress: true,
        }
    }
}

/// Why no PDF was written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PdfError {
    /// Nothing to print.
    #[error("no puzzles to print")]
    Empty,
    /// Solution pages were asked for but a sheet has no solution.
    #[error("sheet {0} has no solution to print")]
    MissingSolution(usize),
}

const PAGE_W: f32 = 210.0;
const PAGE_H: f32 = 297.0;
/// Helvetica's digits are all 556/1000 em wide.
const DIGIT_WIDTH: f32 = 0.556;

/// Renders `sheets` as a PDF document (the bytes of the file).
///
/// ```
/// use sudoku_core::Grid;
/// use sudoku_pdf::{Layout, Sheet, render};
/// let puzzle: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let sheet = Sheet { puzzle, solution: None, title: "easy #1".into() };
/// let pdf = render(&[sheet], &Layout::default()).unwrap();
/// assert!(pdf.starts_with(b"%PDF"));
/// ```
pub fn render(sheets: &[Sheet], layout: &Layout) -> Result<Vec<u8>, PdfError> {
    if sheets.is_empty() {
        return Err(PdfError::Empty);
    }
    let mut pages = Vec::new();
    let per = layout.per_page.count();
    for chunk in sheets.chunks(per) {
        let items: Vec<(Grid, Grid, String)> = chunk
            .iter()
            .map(|s| (s.puzzle, s.puzzle, ascii(&s.title)))
            .collect();
        pages.push(page(&items, layout, &ascii(&layout.heading)));
    }
    if layout.solutions {
        for (i, s) in sheets.iter().enumerate() {
            if s.solution.is_none() {
                return Err(PdfError::MissingSolution(i + 1));
            }
        }
        for chunk in sheets.chunks(per) {
            let items: Vec<(Grid, Grid, String)> = chunk
                .iter()
                .map(|s| {
                    (
                        s.puzzle,
                        s.solution.unwrap_or(s.puzzle),
                        format!("Solution: {}", ascii(&s.title)),
                    )
                })
                .collect();
            let heading = format!("{} - solutions", ascii(&layout.heading));
            pages.push(page(&items, layout, &heading));
        }
    }
    let mut doc = PdfDocument::new(&ascii(&layout.heading));
    let options = PdfSaveOptions {
        optimize: layout.compress,
        ..PdfSaveOptions::default()
    };
    Ok(doc.with_pages(pages).save(&options, &mut Vec::new()))
}

/// Non-ASCII characters become `?` (the standard fonts' encoding is not
/// Unicode, and the text should stay searchable).
fn ascii(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii() && !c.is_ascii_control() {
                c
            } else {
                '?'
            }
        })
        .collect()
}

/// One page: the heading and each (givens, digits to show, title).
fn page(items: &[(Grid, Grid, String)], layout: &Layout, heading: &str) -> PdfPage {
    let mut ops = Vec::new();
    text(
        &mut ops,
        heading,
        20.0,
        PAGE_H - 16.0,
        11.0,
        BuiltinFont::HelveticaBold,
    );
    let (cols, rows, side) = layout.per_page.geometry();
    let gap_x = (PAGE_W - cols as f32 * side) / (cols as f32 + 1.0);
    let top = PAGE_H - 26.0;
    let slot_h = (top - 12.0) / rows as f32;
    for (k, (givens, shown, title)) in items.iter().enumerate() {
        let (col, row) = (k % cols, k / cols);
        let x = gap_x + col as f32 * (side + gap_x);
        // Title 7 mm above the grid, grid below it inside the slot.
        let slot_top = top - row as f32 * slot_h;
        let y_top = slot_top - 9.0;
        let title_size = if side > 100.0 { 12.0 } else { 9.0 };
        text(
            &mut ops,
            title,
            x,
            slot_top - 5.0,
            title_size,
            BuiltinFont::Helvetica,
        );
        grid(&mut ops, x, y_top, side, layout.variant);
        digits(&mut ops, givens, shown, x, y_top, side);
    }
    PdfPage::new(Mm(PAGE_W), Mm(PAGE_H), ops)
}

fn pt(x_mm: f32, y_mm: f32) -> LinePoint {
    LinePoint {
        p: Point::new(Mm(x_mm), Mm(y_mm)),
        bezier: false,
    }
}

fn line(ops: &mut Vec<Op>, from: (f32, f32), to: (f32, f32)) {
    ops.push(Op::DrawLine {
        line: Line {
            points: vec![pt(from.0, from.1), pt(to.0, to.1)],
            is_closed: false,
        },
    });
}

fn grey(level: f32) -> Color {
    Color::Rgb(Rgb {
        r: level,
        g: level,
        b: level,
        icc_profile: None,
    })
}

/// The grid lines (top-left corner at `x`, `y_top`), thick around boxes.
fn grid(ops: &mut Vec<Op>, x: f32, y_top: f32, side: f32, variant: Variant) {
    let cell = side / 9.0;
    if matches!(variant, Variant::Diagonal | Variant::ColorDiagonal) {
        ops.push(Op::SetOutlineColor { col: grey(0.75) });
        ops.push(Op::SetOutlineThickness { pt: Pt(0.8) });
        line(ops, (x, y_top), (x + side, y_top - side));
        line(ops, (x + side, y_top), (x, y_top - side));
    }
    if matches!(variant, Variant::Color | Variant::ColorDiagonal) {
        // A small mark in the corner of each cell, placed by its position in
        // the box, so the nine colour groups can be told apart.
        ops.push(Op::SetOutlineColor { col: grey(0.6) });
        ops.push(Op::SetOutlineThickness { pt: Pt(1.2) });
        for c in Cell::all() {
            let p = c.box_position();
            let cx = x + c.col() as f32 * cell + cell * (0.2 + 0.3 * (p % 3) as f32);
            let cy = y_top
                - c.row() as f32 * cell
                - cell * (0.2 + 0.3 * (p / 3) as f32) * 0.5
                - cell * 0.05;
            line(ops, (cx - 0.4, cy), (cx + 0.4, cy));
        }
    }
    ops.push(Op::SetOutlineColor { col: grey(0.0) });
    for i in 0..=9 {
        let thick = i % 3 == 0;
        ops.push(Op::SetOutlineThickness {
            pt: Pt(if thick { 1.8 } else { 0.5 }),
        });
        let d = i as f32 * cell;
        line(ops, (x + d, y_top), (x + d, y_top - side));
        line(ops, (x, y_top - d), (x + side, y_top - d));
    }
}

/// The digits of `shown`: givens in bold, the others (solution digits) in the
/// regular face.
fn digits(ops: &mut Vec<Op>, givens: &Grid, shown: &Grid, x: f32, y_top: f32, side: f32) {
    let cell = side / 9.0;
    let size_mm = cell * 0.62;
    let size_pt = size_mm / 25.4 * 72.0;
    for c in Cell::all() {
        let Some(d) = shown.get(c) else {
            continue;
        };
        let given = givens.get(c).is_some();
        let cx = x + (c.col() as f32 + 0.5) * cell - DIGIT_WIDTH * size_mm / 2.0;
        let cy = y_top - (c.row() as f32 + 0.5) * cell - 0.36 * size_mm;
        let font = if given {
            BuiltinFont::HelveticaBold
        } else {
            BuiltinFont::Helvetica
        };
        text(ops, &d.to_string(), cx, cy, size_pt, font);
    }
}

/// A line of text with its baseline starting at (`x`, `y`) mm.
fn text(ops: &mut Vec<Op>, s: &str, x: f32, y: f32, size: f32, font: BuiltinFont) {
    ops.push(Op::StartTextSection);
    ops.push(Op::SetFont {
        font: PdfFontHandle::Builtin(font),
        size: Pt(size),
    });
    ops.push(Op::SetTextCursor {
        pos: Point::new(Mm(x), Mm(y)),
    });
    ops.push(Op::ShowText {
        items: vec![TextItem::Text(s.to_string())],
    });
    ops.push(Op::EndTextSection);
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn sheets(n: usize) -> Vec<Sheet> {
        let puzzle: Grid = EASY.parse().expect("test puzzle");
        (0..n)
            .map(|i| Sheet {
                puzzle,
                solution: Some(puzzle),
                title: format!("easy #{}", i + 1),
            })
            .collect()
    }

    fn count(hay: &[u8], needle: &[u8]) -> usize {
        hay.windows(needle.len()).filter(|w| *w == needle).count()
    }

    #[test]
    fn pages_per_layout_and_titles_in_the_text() {
        for (per, pages) in [(PerPage::One, 5), (PerPage::Four, 2), (PerPage::Six, 1)] {
            let layout = Layout {
                per_page: per,
                compress: false,
                ..Layout::default()
            };
            let pdf = render(&sheets(5), &layout).expect("rendered");
            assert_eq!(
                count(&pdf, b"/Type /Page\n") + count(&pdf, b"/Type/Page/"),
                pages,
                "{per:?}"
            );
            for i in 1..=5 {
                assert_eq!(count(&pdf, format!("(easy #{i})").as_bytes()), 1);
            }
        }
    }

    #[test]
    fn solution_pages_follow() {
        let layout = Layout {
            solutions: true,
            compress: false,
            ..Layout::default()
        };
        let pdf = render(&sheets(4), &layout).expect("rendered");
        assert_eq!(count(&pdf, b"(Solution: easy #3)"), 1);
        let mut no_solution = sheets(1);
        no_solution[0].solution = None;
        assert_eq!(
            render(&no_solution, &layout),
            Err(PdfError::MissingSolution(1))
        );
        assert_eq!(render(&[], &layout), Err(PdfError::Empty));
    }
}
