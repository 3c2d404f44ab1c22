//! The puzzle and position formats other programs write, read and written
//! here so that what a HoDoKu, Sudoku Explainer or SudokuWiki user copies can
//! be pasted into every command and the server as it is, and what we print can
//! be pasted back into those programs.
//!
//! * **Candidate grids** (pencil marks), framed or frameless: 9 rows of 9
//!   cells, each a group of candidate digits (`147`), a placed digit (one
//!   candidate), or `.`/`0` for a cell without marks. Frames of the common
//!   styles are skipped: HoDoKu's `.---.` / `:---+---:` / `'---'`, `+---+`,
//!   `*---*`, `|---+---|`, and `|` or `!` between boxes. Markers HoDoKu puts
//!   in front of candidates when it shows a step (`*`, `#`, `@`, `-`) are
//!   ignored. A `+` before a single digit marks a placed digit that is not a
//!   given (HoDoKu's marking); without it every placed digit is a given. The
//!   81 cells may also stand on one line, separated by spaces.
//! * **HoDoKu library lines**: `:0000:x:<81 cells>:<deleted candidates>:::`
//!   — the cells with `+` before placed non-givens, the deleted candidates as
//!   space-separated `<digit><row><column>` triples (`513` = 5 out of r1c3).
//! * **`+`-marked lines**: the 81 cells of a library line alone.
//! * **81 space-separated cells** (`0` or `.` for empty).
//! * **Sudoku Explainer's 729-character sukaku line**: 9 characters per
//!   cell, the `k`-th the digit `k` if it is a candidate, else `.` or `0`.
//!
//! The reader ([`crate::PuzzleReader`]) tries these only where the original
//! formats (81-character lines, 9×9 blocks) do not apply, so every text that
//! was a puzzle before reads as before. The writers produce what the readers
//! take back: a position written and read again is the same position.

use crate::grid::Grid;
use crate::index::{Cell, Digit};
use crate::parse::ParseError;
use crate::set::DigitSet;
use crate::variant::Variant;

/// The format a puzzle was read in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// One line of 81 cells.
    #[default]
    Line,
    /// A 9×9 block of single-character cells (with any separators).
    Block,
    /// A candidate grid (pencil marks), framed or not, on 9 rows or one line.
    Candidates,
    /// A HoDoKu library line.
    HodokuLibrary,
    /// 81 cells with `+` before placed digits that are not givens.
    PlusMarked,
    /// 81 cells separated by spaces.
    Spaced,
    /// Sudoku Explainer's 729-character sukaku line.
    Sukaku,
}

impl Format {
    /// The format's name as the command line and the server print it.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Block => "block",
            Format::Candidates => "candidates",
            Format::HodokuLibrary => "hodoku-library",
            Format::PlusMarked => "plus-marked",
            Format::Spaced => "spaced",
            Format::Sukaku => "sukaku",
        }
    }
}

/// One cell of a candidate grid as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PmCell {
    /// `.` or `0`: no marks written.
    Unmarked,
    /// Digits; one digit is a placed digit (`plus`: marked as not a given).
    Digits { set: DigitSet, plus: bool },
}

/// Characters that may make up a cell of a candidate grid.
fn pm_char(b: u8) -> bool {
    b.is_ascii_digit() || matches!(b, b'.' | b'+' | b'*' | b'#' | b'@' | b'-')
}

/// Splits a row of a candidate grid into its cells: runs of anything but
/// whitespace and box borders, each with its 0-based byte offset.
pub(crate) fn pm_tokens(line: &[u8]) -> Vec<(usize, &[u8])> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, &b) in line.iter().enumerate() {
        let sep = b.is_ascii_whitespace() || matches!(b, b'|' | b'!' | b',');
        match (sep, start) {
            (true, Some(s)) => {
                out.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((s, &line[s..]));
    }
    out
}

/// Whether every cell of `tokens` is made of candidate-grid characters and
/// there is a digit somewhere: the line is meant as a row of candidates.
pub(crate) fn looks_like_pm(tokens: &[(usize, &[u8])]) -> bool {
    tokens.iter().all(|(_, t)| t.iter().all(|&b| pm_char(b)))
        && tokens
            .iter()
            .any(|(_, t)| t.iter().any(|b| matches!(b, b'1'..=b'9')))
}

/// Whether a line of nine cells is meant as a row of a candidate grid even
/// though some cell is written wrong: most of its cells are good ones, so
/// the error is better named at the bad cell than as a bad line.
pub(crate) fn mostly_pm(tokens: &[(usize, &[u8])]) -> bool {
    let good = tokens
        .iter()
        .filter(|(_, t)| pm_cell(t, crate::index::Cell::clamped(0, 0), 0).is_ok())
        .count();
    tokens.len() == 9 && good >= 5
}

/// Reads one cell of a candidate grid; `position` is its 1-based column.
pub(crate) fn pm_cell(token: &[u8], cell: Cell, position: usize) -> Result<PmCell, ParseError> {
    let bad = || ParseError::BadCell {
        cell,
        text: String::from_utf8_lossy(&token[..token.len().min(20)]).into_owned(),
        position,
    };
    let (plus, rest) = match token.split_first() {
        Some((b'+', rest)) => (true, rest),
        _ => (false, token),
    };
    if rest == b"." || rest == b"0" {
        return if plus {
            Err(bad())
        } else {
            Ok(PmCell::Unmarked)
        };
    }
    let rest = match rest.split_first() {
        Some((b'*' | b'#' | b'@', rest)) => rest,
        _ => rest,
    };
    let mut set = DigitSet::EMPTY;
    let mut after_dash = false;
    for &b in rest {
        match b {
            b'-' if !after_dash => after_dash = true,
            b'1'..=b'9' => {
                let d = Digit::new(b - b'0').ok_or_else(bad)?;
                if set.contains(d) {
                    return Err(bad());
                }
                set.insert(d);
                after_dash = false;
            }
            _ => return Err(bad()),
        }
    }
    if set.is_empty() || after_dash || (plus && set.len() != 1) {
        return Err(bad());
    }
    Ok(PmCell::Digits { set, plus })
}

/// What a position read from text holds: the givens, the placed digits that
/// are not givens, and the candidates when the text has any.
pub(crate) struct Read {
    pub givens: Grid,
    pub entries: Grid,
    pub candidates: Option<[DigitSet; 81]>,
}

/// The position of 81 candidate-grid cells. A cell without marks keeps every
/// candidate (the placed digits' peers lose theirs where the position is
/// built, as with a player's marks).
pub(crate) fn pm_position(cells: &[PmCell]) -> Read {
    let mut givens = Grid::EMPTY;
    let mut entries = Grid::EMPTY;
    let mut candidates = [DigitSet::ALL; 81];
    for (cell, pm) in Cell::all().zip(cells) {
        if let PmCell::Digits { set, plus } = *pm {
            candidates[cell.index()] = set;
            if set.len() == 1 {
                let target = if plus { &mut entries } else { &mut givens };
                target.set(cell, set.first());
            }
        }
    }
    Read {
        givens,
        entries,
        candidates: Some(candidates),
    }
}

/// Reads 81 cells with `+` before placed digits that are not givens
/// (`field` starts at byte `offset` of its line, for positions).
pub(crate) fn parse_plus(field: &[u8], offset: usize) -> Result<Read, ParseError> {
    let mut givens = Grid::EMPTY;
    let mut entries = Grid::EMPTY;
    let mut n = 0;
    let mut plus = false;
    for (i, &b) in field.iter().enumerate() {
        let position = offset + i + 1;
        let bad = ParseError::BadCharacter {
            ch: char::from(b),
            position,
        };
        if !b.is_ascii() {
            return Err(ParseError::BadByte { byte: b, position });
        }
        if b == b'+' {
            if plus {
                return Err(bad);
            }
            plus = true;
            continue;
        }
        let value = match b {
            b'1'..=b'9' => Digit::new(b - b'0'),
            b'0' | b'.' if !plus => None,
            _ => return Err(bad),
        };
        if let Some(cell) = Cell::new(n) {
            let target = if plus { &mut entries } else { &mut givens };
            target.set(cell, value);
        }
        plus = false;
        n += 1;
    }
    if plus {
        return Err(ParseError::BadCharacter {
            ch: '+',
            position: offset + field.len(),
        });
    }
    if n != 81 {
        return Err(ParseError::WrongLength { found: n });
    }
    Ok(Read {
        givens,
        entries,
        candidates: None,
    })
}

/// Reads a HoDoKu library line (`line` trimmed, starting with `:`; `offset`
/// its position in the raw line). `None` when it has too few fields to be
/// one.
pub(crate) fn parse_library(line: &[u8], offset: usize) -> Option<Result<Read, ParseError>> {
    let mut fields = Vec::new();
    let mut start = 0;
    for (i, &b) in line.iter().enumerate() {
        if b == b':' {
            fields.push((start, &line[start..i]));
            start = i + 1;
        }
    }
    fields.push((start, &line[start..]));
    // "", type, flag, cells, deleted candidates, ...
    if fields.len() < 5 {
        return None;
    }
    let (cells_at, cells) = fields[3];
    let cells = trim(cells);
    let lead = fields[3].1.len() - fields[3].1.trim_ascii_start().len();
    let mut read = match parse_plus(cells, offset + cells_at + lead) {
        Ok(read) => read,
        Err(e) => return Some(Err(e)),
    };
    let (deleted_at, deleted) = fields[4];
    let mut candidates = [DigitSet::ALL; 81];
    let mut any = false;
    let mut i = 0;
    while i < deleted.len() {
        if deleted[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let end = deleted[i..]
            .iter()
            .position(|b| b.is_ascii_whitespace())
            .map_or(deleted.len(), |e| i + e);
        let token = &deleted[i..end];
        let position = offset + deleted_at + i + 1;
        let triple = match token {
            [d, r, c] => Digit::new(d.wrapping_sub(b'0'))
                .zip(r.checked_sub(b'1').zip(c.checked_sub(b'1')))
                .and_then(|(d, (r, c))| Cell::at(usize::from(r), usize::from(c)).map(|c| (d, c))),
            _ => None,
        };
        match triple {
            Some((digit, cell)) => {
                candidates[cell.index()].remove(digit);
                any = true;
            }
            None => {
                return Some(Err(ParseError::BadDeletion {
                    text: String::from_utf8_lossy(&token[..token.len().min(20)]).into_owned(),
                    position,
                }));
            }
        }
        i = end;
    }
    if any {
        for cell in Cell::all() {
            if let Some(d) = read.givens.get(cell).or(read.entries.get(cell)) {
                candidates[cell.index()] = DigitSet::single(d);
            }
        }
        read.candidates = Some(candidates);
    }
    Some(Ok(read))
}

/// Reads Sudoku Explainer's 729-character sukaku line: a cell with one
/// candidate is a given.
pub(crate) fn parse_sukaku(field: &[u8], offset: usize) -> Result<Read, ParseError> {
    if field.len() != 729 {
        return Err(ParseError::WrongLength {
            found: field.len() / 9,
        });
    }
    let mut givens = Grid::EMPTY;
    let mut candidates = [DigitSet::EMPTY; 81];
    for cell in Cell::all() {
        let at = cell.index() * 9;
        let mut set = DigitSet::EMPTY;
        for (k, &b) in field[at..at + 9].iter().enumerate() {
            let position = offset + at + k + 1;
            match b {
                b'.' | b'0' => {}
                _ if b == b'1' + k as u8 => {
                    if let Some(d) = Digit::from_index(k) {
                        set.insert(d);
                    }
                }
                _ if !b.is_ascii() => return Err(ParseError::BadByte { byte: b, position }),
                _ => {
                    return Err(ParseError::BadCharacter {
                        ch: char::from(b),
                        position,
                    });
                }
            }
        }
        if set.is_empty() {
            return Err(ParseError::NoCandidate {
                cell,
                position: offset + at + 1,
            });
        }
        if set.len() == 1 {
            givens.set(cell, set.first());
        }
        candidates[cell.index()] = set;
    }
    Ok(Read {
        givens,
        entries: Grid::EMPTY,
        candidates: Some(candidates),
    })
}

fn trim(bytes: &[u8]) -> &[u8] {
    bytes.trim_ascii()
}

/// The candidates of every cell for writing: the digit of a placed cell,
/// the written candidates of an empty one.
fn cell_sets(givens: &Grid, entries: &Grid, candidates: &[DigitSet; 81]) -> [DigitSet; 81] {
    let mut out = *candidates;
    for cell in Cell::all() {
        if let Some(d) = givens.get(cell).or(entries.get(cell)) {
            out[cell.index()] = DigitSet::single(d);
        }
    }
    out
}

/// A framed candidate grid as HoDoKu prints it: every column as wide as its
/// widest cell plus two, boxes framed by `.---.`, `:---+---:` and `'---'`.
/// Placed digits print alone; with `mark_entries`, those of `entries` get a
/// `+` (HoDoKu does not mark them; the reader keeps them apart from the
/// givens). A cell of `candidates` that is empty prints as `.`.
///
/// ```
/// use sudoku_core::{Grid, DigitSet, pm_grid};
/// let g: Grid = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
///     .parse().unwrap();
/// let text = pm_grid(&g, &Grid::EMPTY, &[DigitSet::ALL; 81], false);
/// assert!(text.starts_with(".----"));
/// assert_eq!(text.lines().count(), 13);
/// let back = sudoku_core::parse_text(&text).unwrap();
/// assert_eq!(back.grid, g);
/// ```
pub fn pm_grid(
    givens: &Grid,
    entries: &Grid,
    candidates: &[DigitSet; 81],
    mark_entries: bool,
) -> String {
    let sets = cell_sets(givens, entries, candidates);
    let texts: Vec<String> = Cell::all()
        .map(|cell| {
            let set = sets[cell.index()];
            let mark = mark_entries && entries.get(cell).is_some() && givens.get(cell).is_none();
            match (set.is_empty(), mark) {
                (true, _) => ".".to_string(),
                (false, true) => format!("+{set}"),
                (false, false) => set.to_string(),
            }
        })
        .collect();
    let mut widths = [0usize; 9];
    for (i, t) in texts.iter().enumerate() {
        widths[i % 9] = widths[i % 9].max(t.len() + 2);
    }
    let rule = |edge: char, junction: char| {
        let mut s = String::new();
        s.push(edge);
        for b in 0..3 {
            s.push_str(&"-".repeat(widths[b * 3..b * 3 + 3].iter().sum()));
            s.push(if b == 2 { edge } else { junction });
        }
        s.push('\n');
        s
    };
    let mut out = String::new();
    for row in 0..9 {
        match row {
            0 => out.push_str(&rule('.', '.')),
            3 | 6 => out.push_str(&rule(':', '+')),
            _ => {}
        }
        for col in 0..9 {
            let text = &texts[row * 9 + col];
            out.push_str(if col % 3 == 0 { "| " } else { " " });
            out.push_str(text);
            out.push_str(&" ".repeat(widths[col] - text.len() - 1));
        }
        out.push_str("|\n");
    }
    out.push_str(&rule('\'', '\''));
    out
}

/// HoDoKu's library line of a position: `:0000:x:<cells>:<deleted>::`, the
/// placed non-givens marked with `+`, and as deleted candidates those that
/// the placed digits allow in `variant` but `candidates` no longer holds.
pub fn library_line(
    givens: &Grid,
    entries: &Grid,
    candidates: &[DigitSet; 81],
    variant: Variant,
) -> String {
    let board = board(givens, entries);
    let mut deleted = Vec::new();
    for cell in Cell::all() {
        if board.get(cell).is_none() {
            let gone = board.candidates(variant, cell) - candidates[cell.index()];
            for d in gone.iter() {
                deleted.push(format!("{d}{}{}", cell.row() + 1, cell.col() + 1));
            }
        }
    }
    format!(
        ":0000:x:{}:{}::",
        plus_line(givens, entries),
        deleted.join(" ")
    )
}

/// The 81 cells with `+` before each placed digit that is not a given.
pub fn plus_line(givens: &Grid, entries: &Grid) -> String {
    let mut out = String::with_capacity(100);
    for cell in Cell::all() {
        match (givens.get(cell), entries.get(cell)) {
            (Some(d), _) => out.push(char::from(b'0' + d.get())),
            (None, Some(d)) => {
                out.push('+');
                out.push(char::from(b'0' + d.get()));
            }
            (None, None) => out.push('.'),
        }
    }
    out
}

/// The 81 cells separated by single spaces, `.` for empty.
pub fn spaced_line(grid: &Grid) -> String {
    let cells: Vec<String> = Cell::all()
        .map(|c| grid.get(c).map_or(".".to_string(), |d| d.to_string()))
        .collect();
    cells.join(" ")
}

/// Sudoku Explainer's sukaku line: per cell the digits 1–9 in their places,
/// `.` for those that are not candidates (a placed digit is its only one).
pub fn sukaku_line(givens: &Grid, entries: &Grid, candidates: &[DigitSet; 81]) -> String {
    let sets = cell_sets(givens, entries, candidates);
    let mut out = String::with_capacity(729);
    for set in sets {
        for d in Digit::ALL {
            out.push(if set.contains(d) {
                char::from(b'0' + d.get())
            } else {
                '.'
            });
        }
    }
    out
}

fn board(givens: &Grid, entries: &Grid) -> Grid {
    let mut out = *givens;
    for cell in Cell::all() {
        if out.get(cell).is_none() {
            out.set(cell, entries.get(cell));
        }
    }
    out
}

/// Whether `line` is a frame line of a grid (a ruling): only frame
/// characters, a run of at least three `-` or `=`, and no digit.
pub(crate) fn is_frame(line: &[u8]) -> bool {
    let t = line.trim_ascii();
    !t.is_empty()
        && t.iter().all(|&b| {
            b.is_ascii_whitespace()
                || matches!(
                    b,
                    b'-' | b'=' | b'.' | b':' | b'\'' | b'*' | b'+' | b'|' | b'#' | b'!'
                )
        })
        && (t.windows(3).any(|w| w == b"---") || t.windows(3).any(|w| w == b"==="))
}

/// HoDoKu's top frame line (`.----.----.----.`), which is 81 characters long
/// for some widths and would otherwise read as an empty puzzle.
pub(crate) fn is_hodoku_top(t: &[u8]) -> bool {
    t.first() == Some(&b'.')
        && t.last() == Some(&b'.')
        && t.iter().filter(|&&b| b == b'.').count() == 4
        && t.iter().all(|&b| matches!(b, b'.' | b'-'))
        && t.windows(2).all(|w| w != b"..")
}
