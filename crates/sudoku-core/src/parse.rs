//! Reading puzzles: single 81-character lines, 9×9 blocks, and batch streams.
//!
//! The accepted alphabet follows the sources: `1`–`9` are digits; `0 . - _ *` are
//! blanks; letters `A`–`I` (either case) stand for 1–9 and switch the answer to
//! letter notation; any other letter is a blank. Everything else is an error that
//! names the character and its 1-based position, so a user can find it in a file.
//!
//! [`PuzzleReader`] streams a batch file in constant memory: lines starting with
//! `#` and blank lines are skipped, over-long lines are skipped without being held in
//! memory, and each puzzle comes back with the line number where it starts.
//!
//! Where a line or block is not a puzzle in these original formats, the reader
//! tries the formats of other programs ([`crate::formats`]: candidate grids,
//! HoDoKu library lines, `+`-marked lines, 81 space-separated cells, sukaku
//! lines), so what was read before reads the same.

use crate::formats::{self, Format, PmCell};
use crate::grid::Grid;
use crate::index::Cell;
use crate::set::DigitSet;
use std::io::{self, BufRead};

/// How digits were written in the input, so the answer can be written the same way.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum Notation {
    /// Digits 1–9.
    #[default]
    Digits,
    /// Letters A–I for 1–9 (the input used at least one such letter).
    Letters,
}

/// A parsed puzzle and the notation it was written in; for the formats that
/// hold a position, the placed digits that are not givens and the candidates.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Parsed {
    /// The grid: the givens, the puzzle every command works on. In a
    /// candidate grid every placed digit is a given unless marked with `+`.
    pub grid: Grid,
    /// How its digits were written.
    pub notation: Notation,
    /// Placed digits the format marks as not given (`+` in HoDoKu's forms);
    /// empty for the other formats.
    pub entries: Grid,
    /// The candidates of every cell when the format writes them (candidate
    /// grids, sukaku lines, library lines with deleted candidates): a placed
    /// cell holds its digit alone; a cell without marks holds all nine.
    pub candidates: Option<[DigitSet; 81]>,
    /// The format it was read in.
    pub format: Format,
}

/// Why a text is not a puzzle. Positions are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// Nothing but whitespace.
    #[error("empty input")]
    Empty,
    /// The line does not hold 81 cells.
    #[error("expected 81 cells, found {found}")]
    WrongLength {
        /// The number of cells found.
        found: usize,
    },
    /// The line is longer than the reader keeps in memory.
    #[error("line too long (more than {limit} bytes)")]
    TooLong {
        /// The limit in bytes.
        limit: usize,
    },
    /// A character that is neither a digit, a blank nor a letter.
    #[error("character {ch:?} at position {position}")]
    BadCharacter {
        /// The character.
        ch: char,
        /// Its 1-based position on the line.
        position: usize,
    },
    /// A byte that is not ASCII (binary junk or another encoding).
    #[error("non-ASCII byte 0x{byte:02x} at position {position}")]
    BadByte {
        /// The byte.
        byte: u8,
        /// Its 1-based position on the line.
        position: usize,
    },
    /// A row of a 9×9 block with the wrong number of cells.
    #[error("row {row} of the grid has {found} cells, expected 9")]
    BadRow {
        /// The 1-based row within the block.
        row: usize,
        /// The number of cells found.
        found: usize,
    },
    /// A 9×9 block that stopped before its ninth row.
    #[error("grid ends after {rows} of 9 rows")]
    IncompleteBlock {
        /// The rows read.
        rows: usize,
    },
    /// A cell of a candidate grid that is not a group of distinct candidate
    /// digits, a placed digit or `.`.
    #[error("{cell}: {text:?} at position {position} is not a group of candidate digits 1-9")]
    BadCell {
        /// The cell.
        cell: Cell,
        /// The cell as written (at most 20 characters of it).
        text: String,
        /// Its 1-based position on the line.
        position: usize,
    },
    /// A cell of a sukaku line without any candidate.
    #[error("{cell}: no candidate at position {position}")]
    NoCandidate {
        /// The cell.
        cell: Cell,
        /// The 1-based position of its first character on the line.
        position: usize,
    },
    /// A deleted candidate of a HoDoKu library line that is not a digit, a
    /// row and a column.
    #[error("deleted candidate {text:?} at position {position} is not <digit><row><column>")]
    BadDeletion {
        /// The field as written (at most 20 characters of it).
        text: String,
        /// Its 1-based position on the line.
        position: usize,
    },
}

impl ParseError {
    /// The 1-based position (column) on its line the error is about, where
    /// there is one.
    pub fn position(&self) -> Option<usize> {
        match self {
            ParseError::BadCharacter { position, .. }
            | ParseError::BadByte { position, .. }
            | ParseError::BadCell { position, .. }
            | ParseError::NoCandidate { position, .. }
            | ParseError::BadDeletion { position, .. } => Some(*position),
            ParseError::Empty
            | ParseError::WrongLength { .. }
            | ParseError::TooLong { .. }
            | ParseError::BadRow { .. }
            | ParseError::IncompleteBlock { .. } => None,
        }
    }
}

/// What one character of puzzle text stands for.
enum Symbol {
    Blank,
    Digit(u8),
    Letter(u8),
}

fn symbol(b: u8) -> Option<Symbol> {
    match b {
        b'1'..=b'9' => Some(Symbol::Digit(b - b'0')),
        b'0' | b'.' | b'-' | b'_' | b'*' => Some(Symbol::Blank),
        b'A'..=b'I' => Some(Symbol::Letter(b - b'A' + 1)),
        b'a'..=b'i' => Some(Symbol::Letter(b - b'a' + 1)),
        b'J'..=b'Z' | b'j'..=b'z' => Some(Symbol::Blank),
        _ => None,
    }
}

fn bad(bytes: &[u8], i: usize) -> ParseError {
    let b = bytes[i];
    if b.is_ascii() {
        ParseError::BadCharacter {
            ch: b as char,
            position: i + 1,
        }
    } else {
        ParseError::BadByte {
            byte: b,
            position: i + 1,
        }
    }
}

/// Parses one 81-character puzzle line (surrounding whitespace ignored).
///
/// ```
/// use sudoku_core::{parse_line, Notation};
/// let p = parse_line(&format!("{}{}", "A".repeat(1), ".".repeat(80))).unwrap();
/// assert_eq!(p.notation, Notation::Letters);
/// assert_eq!(p.grid.filled(), 1);
/// assert_eq!(
///     parse_line(&"1".repeat(80)).unwrap_err().to_string(),
///     "expected 81 cells, found 80"
/// );
/// ```
pub fn parse_line(text: &str) -> Result<Parsed, ParseError> {
    parse_line_bytes(text.as_bytes())
}

/// [`parse_line`] on raw bytes, for input that may not be UTF-8.
pub fn parse_line_bytes(bytes: &[u8]) -> Result<Parsed, ParseError> {
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .ok_or(ParseError::Empty)?;
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .map_or(start, |e| e + 1);
    let mut values = [0u8; 81];
    let mut letters = false;
    let mut n = 0;
    for i in start..end {
        let v = match symbol(bytes[i]) {
            Some(Symbol::Blank) => 0,
            Some(Symbol::Digit(d)) => d,
            Some(Symbol::Letter(d)) => {
                letters = true;
                d
            }
            None => return Err(bad(bytes, i)),
        };
        if n < 81 {
            values[n] = v;
        }
        n += 1;
    }
    if n != 81 {
        return Err(ParseError::WrongLength { found: n });
    }
    Ok(finish(values, letters))
}

fn finish(values: [u8; 81], letters: bool) -> Parsed {
    // Every value is 0..=9 by construction; the fallback is never taken.
    let grid = Grid::from_values(values).unwrap_or(Grid::EMPTY);
    Parsed {
        grid,
        notation: if letters {
            Notation::Letters
        } else {
            Notation::Digits
        },
        entries: Grid::EMPTY,
        candidates: None,
        format: Format::Line,
    }
}

fn position_of(read: formats::Read, format: Format) -> Parsed {
    Parsed {
        grid: read.givens,
        notation: Notation::Digits,
        entries: read.entries,
        candidates: read.candidates,
        format,
    }
}

/// Characters that separate cells in a 9×9 block and are never cells themselves.
fn is_separator(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'|' | b'+' | b':' | b'!')
}

/// Whether a line is a ruling such as `------+-------+------` or `+=====+`.
fn is_ruling(line: &[u8]) -> bool {
    line.iter()
        .all(|&b| is_separator(b) || matches!(b, b'-' | b'='))
        && line.iter().any(|&b| !b.is_ascii_whitespace())
}

/// The cells of one row line of a 9×9 block: every byte except separators.
fn row_cells(line: &[u8]) -> impl Iterator<Item = (usize, u8)> + '_ {
    line.iter()
        .copied()
        .enumerate()
        .filter(|&(_, b)| !is_separator(b))
}

fn first_field(line: &[u8]) -> &[u8] {
    let start = line
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(line.len());
    let rest = &line[start..];
    let len = rest
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(rest.len());
    &rest[..len]
}

/// Parses a whole text holding one puzzle: an 81-character line or a 9×9 block
/// with any separators (spaces, `|`, `+`, ruling lines of `-` or `=`).
pub fn parse_text(text: &str) -> Result<Parsed, ParseError> {
    let mut reader = PuzzleReader::new(text.as_bytes());
    match reader.next() {
        Some(Ok(item)) => item.result,
        // Reading from a byte slice cannot fail; an error would mean no puzzle.
        Some(Err(_)) | None => Err(ParseError::Empty),
    }
}

/// A parse error with the 1-based line of the text it is about.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {error}")]
pub struct LocatedError {
    /// The line (of a 9×9 block or candidate grid: the row at fault, or the
    /// first row when the whole grid is).
    pub line: usize,
    /// What is wrong there.
    pub error: ParseError,
}

/// [`parse_text`] with the line of an error: for the server, whose callers
/// paste grids of many lines.
///
/// ```
/// let grid = "6 19 2 3 19 5 4 8 7\n".repeat(2) + "6 1x 2 3 19 5 4 8 7\n";
/// let e = sudoku_core::parse_text_located(&grid).unwrap_err();
/// assert_eq!(e.line, 3);
/// assert_eq!(e.error.position(), Some(3));
/// ```
pub fn parse_text_located(text: &str) -> Result<Parsed, LocatedError> {
    let mut reader = PuzzleReader::new(text.as_bytes());
    match reader.next() {
        Some(Ok(item)) => item.result.map_err(|error| LocatedError {
            line: item.line,
            error,
        }),
        Some(Err(_)) | None => Err(LocatedError {
            line: 1,
            error: ParseError::Empty,
        }),
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        parse_text(s).map(|p| p.grid)
    }
}

/// One puzzle read from a batch stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadItem {
    /// The 1-based line number where the puzzle starts.
    pub line: usize,
    /// The puzzle text as read (the first field of the line, or the block's rows
    /// joined into one line), at most 200 characters of it, for echoing back.
    pub text: String,
    /// The parsed puzzle, or why it is not one.
    pub result: Result<Parsed, ParseError>,
}

/// Streams puzzles from a reader: one per line, or one per 9×9 block.
///
/// A line whose first whitespace-separated field has 81 cells is a puzzle (the
/// fields after it, such as names or ratings, are ignored). A line with exactly nine
/// cells starts or continues a 9×9 block. Blank lines, `#` comments and ruling
/// lines are skipped. Anything else is reported as an error for that line.
pub struct PuzzleReader<R> {
    inner: R,
    line_no: usize,
    buf: Vec<u8>,
    block: Vec<u8>,
    block_text: String,
    block_rows: usize,
    block_start: usize,
    /// The block's cells read as a candidate grid, beside `block`.
    block_cells: Vec<PmCell>,
    /// Whether a row of the block had a cell of several characters: the
    /// block is a candidate grid.
    block_pm: bool,
    /// After a bad row of a candidate grid: the grid's other rows and frame
    /// lines are skipped (its error is said once).
    skipping: bool,
    pending: Option<ReadItem>,
}

/// Lines longer than this are skipped without being kept in memory.
pub const MAX_LINE: usize = 64 * 1024;

impl<R: BufRead> PuzzleReader<R> {
    /// A reader over `inner`.
    pub fn new(inner: R) -> Self {
        PuzzleReader {
            inner,
            line_no: 0,
            buf: Vec::with_capacity(128),
            block: Vec::with_capacity(81),
            block_text: String::new(),
            block_rows: 0,
            block_start: 0,
            block_cells: Vec::with_capacity(81),
            block_pm: false,
            skipping: false,
            pending: None,
        }
    }

    /// Reads one line into `self.buf` (without the newline), keeping at most
    /// `MAX_LINE` bytes. Returns `Ok(None)` at end of input, `Ok(Some(true))` when
    /// the line was cut.
    fn read_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        let mut any = false;
        let mut cut = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            let room = MAX_LINE.saturating_sub(self.buf.len());
            if take > room {
                cut = true;
            }
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            self.inner.consume(if done { take + 1 } else { take });
            if done {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.line_no += 1;
        Ok(Some(cut))
    }

    fn flush_block(&mut self) -> Option<ReadItem> {
        if self.block_rows == 0 {
            return None;
        }
        let rows = self.block_rows;
        self.block_rows = 0;
        let mut text = std::mem::take(&mut self.block_text);
        let result = if rows < 9 {
            Err(ParseError::IncompleteBlock { rows })
        } else if self.block_pm {
            let parsed = position_of(formats::pm_position(&self.block_cells), Format::Candidates);
            text = parsed.grid.to_string();
            Ok(parsed)
        } else {
            parse_line_bytes(&self.block).map(|p| Parsed {
                format: Format::Block,
                ..p
            })
        };
        self.block.clear();
        self.block_cells.clear();
        self.block_pm = false;
        Some(ReadItem {
            line: self.block_start,
            text,
            result,
        })
    }

    fn step(&mut self) -> io::Result<Option<ReadItem>> {
        loop {
            if let Some(item) = self.pending.take() {
                return Ok(Some(item));
            }
            let cut = match self.read_line()? {
                None => return Ok(self.flush_block()),
                Some(cut) => cut,
            };
            let line_no = self.line_no;
            let line = std::mem::take(&mut self.buf);
            let result = self.classify(&line, cut, line_no);
            self.buf = line;
            if let Some(item) = result {
                return Ok(Some(item));
            }
        }
    }

    fn classify(&mut self, line: &[u8], cut: bool, line_no: usize) -> Option<ReadItem> {
        let trimmed = first_field(line);
        if cut {
            let item = ReadItem {
                line: line_no,
                text: lossy_prefix(trimmed),
                result: Err(ParseError::TooLong { limit: MAX_LINE }),
            };
            return self.emit(item);
        }
        if trimmed.is_empty() {
            self.skipping = false;
            return self.flush_block();
        }
        if trimmed[0] == b'#' {
            return None;
        }
        let cells: Vec<(usize, u8)> = row_cells(line).collect();
        if self.skipping {
            // Only lines that are nothing of our own formats on their own: a
            // puzzle line or a row of a 9×9 block ends the skipping.
            let own =
                (cells.len() == 9 && trimmed.len() != 81) || parse_line_bytes(trimmed).is_ok();
            if !own && (formats::is_frame(line) || formats::pm_tokens(line).len() == 9) {
                return None;
            }
            self.skipping = false;
        }
        if cells.len() == 9 && trimmed.len() != 81 {
            return self.block_row(line, &cells, line_no);
        }
        if is_ruling(line) && trimmed.len() != 81 {
            return None;
        }
        if trimmed.len() == 81 && formats::is_hodoku_top(line.trim_ascii()) {
            return None;
        }
        let result = parse_line_bytes(trimmed);
        if result.is_err() {
            // Not a puzzle in the original formats: perhaps in another's.
            if formats::is_frame(line) {
                return None;
            }
            let tokens = formats::pm_tokens(line);
            let pm_like =
                formats::looks_like_pm(&tokens) || self.block_pm || formats::mostly_pm(&tokens);
            if pm_like && !line.trim_ascii_start().starts_with(b":") {
                if tokens.len() == 9 {
                    return self.pm_row(&tokens, line_no);
                }
                if self.block_pm {
                    return self.bad_block_row(line, line_no, tokens.len());
                }
            }
            if let Some(item) = self.other_line(line, trimmed, &tokens, line_no) {
                return self.emit(item);
            }
        }
        let item = ReadItem {
            line: line_no,
            text: lossy_prefix(trimmed),
            result: result.map(|p| Parsed {
                format: Format::Line,
                ..p
            }),
        };
        self.emit(item)
    }

    /// A row of nine single-character cells (the original 9×9 block), kept
    /// both as characters and as candidate-grid cells.
    fn block_row(
        &mut self,
        line: &[u8],
        cells: &[(usize, u8)],
        line_no: usize,
    ) -> Option<ReadItem> {
        if self.block_rows == 0 {
            self.block_start = line_no;
        }
        let tokens = formats::pm_tokens(line);
        if self.block_pm && tokens.len() != 9 {
            return self.bad_block_row(line, line_no, tokens.len());
        }
        for (k, &(i, b)) in cells.iter().enumerate() {
            let Some(sym) = symbol(b) else {
                return self.block_error(line, line_no, bad(line, i));
            };
            self.block.push(b);
            self.block_text.push(b as char);
            let cell = Cell::clamped(self.block_rows, k);
            let plain = match sym {
                Symbol::Blank => PmCell::Unmarked,
                Symbol::Digit(d) | Symbol::Letter(d) => PmCell::Digits {
                    set: crate::index::Digit::new(d).map_or(DigitSet::EMPTY, DigitSet::single),
                    plus: false,
                },
            };
            // Nine separated cells: `+` marks count as in a candidate grid.
            let pm = match tokens.get(k) {
                Some(&(at, token)) if tokens.len() == 9 => {
                    formats::pm_cell(token, cell, at + 1).unwrap_or(plain)
                }
                _ => plain,
            };
            self.block_cells.push(pm);
        }
        self.block_rows += 1;
        if self.block_rows == 9 {
            return self.flush_block();
        }
        None
    }

    /// A row of a candidate grid: nine cells, at least one of several
    /// characters (or the row of a grid that has one).
    fn pm_row(&mut self, tokens: &[(usize, &[u8])], line_no: usize) -> Option<ReadItem> {
        if self.block_rows == 0 {
            self.block_start = line_no;
        }
        let mut row = Vec::with_capacity(9);
        for (k, &(at, token)) in tokens.iter().enumerate() {
            let cell = Cell::clamped(self.block_rows, k);
            match formats::pm_cell(token, cell, at + 1) {
                Ok(pm) => row.push(pm),
                Err(e) => {
                    let text = lossy_prefix(token);
                    self.reset_block();
                    self.skipping = true;
                    return Some(ReadItem {
                        line: line_no,
                        text,
                        result: Err(e),
                    });
                }
            }
        }
        for (&(_, token), pm) in tokens.iter().zip(&row) {
            let b = match pm {
                PmCell::Digits { set, .. } if set.len() == 1 => {
                    set.first().map_or(b'.', |d| b'0' + d.get())
                }
                _ => b'.',
            };
            self.block.push(b);
            self.block_text.push(b as char);
            if token.len() > 1 {
                self.block_pm = true;
            }
        }
        self.block_cells.extend(row);
        self.block_rows += 1;
        if self.block_rows == 9 {
            return self.flush_block();
        }
        None
    }

    fn reset_block(&mut self) {
        self.block_rows = 0;
        self.block.clear();
        self.block_text.clear();
        self.block_cells.clear();
        self.block_pm = false;
    }

    /// Ends the block in progress with `error` about line `line_no`.
    /// The error of a block's next row that has `found` cells, not nine.
    fn bad_block_row(&mut self, line: &[u8], line_no: usize, found: usize) -> Option<ReadItem> {
        let row = self.block_rows + 1;
        self.block_error(line, line_no, ParseError::BadRow { row, found })
    }

    fn block_error(&mut self, line: &[u8], line_no: usize, error: ParseError) -> Option<ReadItem> {
        // The rest of a candidate grid is skipped; an original block's rows
        // are read on as before.
        self.skipping = self.block_pm;
        self.reset_block();
        Some(ReadItem {
            line: line_no,
            text: lossy_prefix(first_field(line)),
            result: Err(error),
        })
    }

    /// The one-line formats of other programs, tried on a line that is not
    /// a puzzle line of ours: `None` when none of them claims it.
    fn other_line(
        &mut self,
        line: &[u8],
        field: &[u8],
        tokens: &[(usize, &[u8])],
        line_no: usize,
    ) -> Option<ReadItem> {
        let whole = line.trim_ascii();
        let lead = line.len() - line.trim_ascii_start().len();
        let field_at = field.as_ptr() as usize - line.as_ptr() as usize;
        let (result, format) = if whole.first() == Some(&b':') {
            (formats::parse_library(whole, lead)?, Format::HodokuLibrary)
        } else if field.contains(&b'+') && field.len() > 81 {
            (formats::parse_plus(field, field_at), Format::PlusMarked)
        } else if field.len() == 729 {
            (formats::parse_sukaku(field, field_at), Format::Sukaku)
        } else if tokens.len() == 81 {
            return Some(self.spaced(tokens, line_no));
        } else {
            return None;
        };
        let result = result.map(|read| position_of(read, format));
        let text = match &result {
            Ok(p) if whole.len() > 200 || format == Format::Sukaku => p.grid.to_string(),
            _ if format == Format::HodokuLibrary => lossy_prefix(whole),
            _ => lossy_prefix(field),
        };
        Some(ReadItem {
            line: line_no,
            text,
            result,
        })
    }

    /// 81 cells on one line between spaces: single characters are a puzzle
    /// as an 81-character line would be, groups of digits a candidate grid.
    fn spaced(&mut self, tokens: &[(usize, &[u8])], line_no: usize) -> ReadItem {
        let result = if tokens.iter().all(|(_, t)| t.len() == 1) {
            let joined: Vec<u8> = tokens.iter().map(|(_, t)| t[0]).collect();
            match parse_line_bytes(&joined) {
                Ok(p) => Ok(Parsed {
                    format: Format::Spaced,
                    ..p
                }),
                Err(ParseError::BadCharacter { ch, position }) => Err(ParseError::BadCharacter {
                    ch,
                    position: tokens.get(position - 1).map_or(position, |t| t.0 + 1),
                }),
                Err(ParseError::BadByte { byte, position }) => Err(ParseError::BadByte {
                    byte,
                    position: tokens.get(position - 1).map_or(position, |t| t.0 + 1),
                }),
                Err(e) => Err(e),
            }
        } else {
            let mut cells = Vec::with_capacity(81);
            let mut error = None;
            for (cell, &(at, token)) in Cell::all().zip(tokens) {
                match formats::pm_cell(token, cell, at + 1) {
                    Ok(pm) => cells.push(pm),
                    Err(e) => {
                        error = Some(e);
                        break;
                    }
                }
            }
            match error {
                Some(e) => Err(e),
                None => Ok(position_of(
                    formats::pm_position(&cells),
                    Format::Candidates,
                )),
            }
        };
        let text = match &result {
            Ok(p) => p.grid.to_string(),
            Err(_) => String::new(),
        };
        ReadItem {
            line: line_no,
            text,
            result,
        }
    }

    /// Returns `item`, first flushing an unfinished block (which then comes out
    /// before it).
    fn emit(&mut self, item: ReadItem) -> Option<ReadItem> {
        match self.flush_block() {
            Some(block) => {
                self.pending = Some(item);
                Some(block)
            }
            None => Some(item),
        }
    }
}

fn lossy_prefix(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(200)];
    String::from_utf8_lossy(cut).into_owned()
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = io::Result<ReadItem>;
    fn next(&mut self) -> Option<io::Result<ReadItem>> {
        self.step().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn read(text: &str) -> Vec<ReadItem> {
        PuzzleReader::new(text.as_bytes())
            .map(|r| r.unwrap())
            .collect()
    }

    #[test]
    fn line_roundtrip() {
        let p = parse_line(P).unwrap();
        assert_eq!(p.grid.to_string(), P);
        assert_eq!(p.notation, Notation::Digits);
    }

    #[test]
    fn blanks_and_letters() {
        let text = format!("0-_*zJ{}", &P[6..]);
        let p = parse_line(&text).unwrap();
        assert_eq!(p.grid.values()[..6], [0; 6]);
        let q = parse_line(&format!("aI{}", &P[2..])).unwrap();
        assert_eq!(q.notation, Notation::Letters);
        assert_eq!(q.grid.values()[..2], [1, 9]);
    }

    #[test]
    fn bad_character_position() {
        let mut s = P.to_string();
        s.replace_range(22..23, "x");
        // 'x' is a letter after I: a blank, not an error
        assert!(parse_line(&s).is_ok());
        s.replace_range(22..23, "?");
        assert_eq!(
            parse_line(&s).unwrap_err().to_string(),
            "character '?' at position 23"
        );
        let junk = [0xffu8; 81];
        assert_eq!(
            parse_line_bytes(&junk).unwrap_err().to_string(),
            "non-ASCII byte 0xff at position 1"
        );
    }

    #[test]
    fn block_with_separators() {
        let g = parse_line(P).unwrap().grid;
        let pretty = g.to_pretty();
        let back: Grid = pretty.parse().unwrap();
        assert_eq!(back, g);
        let bordered = "+-------+\n".to_string() + &pretty + "\n+-------+\n";
        assert_eq!(bordered.parse::<Grid>().unwrap(), g);
    }

    #[test]
    fn reader_skips_comments_and_numbers_lines() {
        let text = format!("# header\n\n{P}\tname\n{P}\n123\n");
        let items = read(&text);
        assert_eq!(items.len(), 3);
        assert_eq!(items[0].line, 3);
        assert_eq!(items[1].line, 4);
        assert_eq!(items[2].line, 5);
        assert_eq!(items[2].result, Err(ParseError::WrongLength { found: 3 }));
    }

    #[test]
    fn reader_reports_incomplete_block_then_continues() {
        let rows: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
        let text = format!("{}\n{}\n{P}\n", rows[0], rows[1]);
        let items = read(&text);
        assert_eq!(items.len(), 2);
        assert_eq!(
            items[0].result,
            Err(ParseError::IncompleteBlock { rows: 2 })
        );
        assert_eq!(items[1].line, 3);
        assert!(items[1].result.is_ok());
        let text = rows.join("\n");
        let items = read(&text);
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].line, 1);
        assert_eq!(items[0].result.as_ref().unwrap().grid.to_string(), P);
    }

    #[test]
    fn reader_survives_long_lines() {
        let long = "1".repeat(MAX_LINE * 3);
        let text = format!("{long}\n{P}\n");
        let items = read(&text);
        assert_eq!(items.len(), 2);
        assert_eq!(
            items[0].result,
            Err(ParseError::TooLong { limit: MAX_LINE })
        );
        assert!(items[1].result.is_ok());
        assert_eq!(items[1].line, 2);
    }

    #[test]
    fn crlf_lines() {
        let text = format!("{P}\r\n{P}\r\n");
        let items = read(&text);
        assert_eq!(items.len(), 2);
        assert!(items.iter().all(|i| i.result.is_ok()));
    }
}
