//! The seed's example puzzles and the small constructors the trainer's
//! integration tests all name cells, digits and grids with (1-based rows and
//! columns, as the seed and the texts count them).
#![allow(dead_code)]

use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid};

/// The seed's easy example.
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// The seed's "teuflisch-spezial-2" as it stands before the first step.
pub const TEUFLISCH: &str =
    "14...68......5...2....94.6...4...........8.3675...19.....3...1..9......58.....7..";

/// The grid of an 81-character line (surrounding blanks ignored).
pub fn grid(line: &str) -> Grid {
    line.trim().parse().expect("test grid")
}

/// The cell in row `r`, column `c`, both counted from 1.
pub fn cell(r: usize, c: usize) -> Cell {
    Cell::at(r - 1, c - 1).expect("test cell")
}

/// The digit `v` (1–9).
pub fn digit(v: u8) -> Digit {
    Digit::new(v).expect("test digit")
}

/// The digits `vs` as a set.
pub fn digits(vs: &[u8]) -> DigitSet {
    vs.iter().map(|&v| digit(v)).collect()
}

/// The cells `(row, column)` (1-based) as a set.
pub fn cells(cs: &[(usize, usize)]) -> CellSet {
    cs.iter().map(|&(r, c)| cell(r, c)).collect()
}
