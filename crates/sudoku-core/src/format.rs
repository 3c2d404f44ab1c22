//! Writing grids for people and for other programs: one line, or a ruled 9×9 grid.

use crate::grid::Grid;
use crate::index::Digit;
use crate::parse::Notation;
use std::fmt;

impl Grid {
    /// The grid as one 81-character line in `notation`, with `blank` for empty cells.
    ///
    /// ```
    /// use sudoku_core::{Grid, Notation};
    /// let g = Grid::EMPTY;
    /// assert_eq!(g.to_line(Notation::Digits, '0'), "0".repeat(81));
    /// ```
    pub fn to_line(&self, notation: Notation, blank: char) -> String {
        self.values()
            .iter()
            .map(|&v| match (Digit::new(v), notation) {
                (None, _) => blank,
                (Some(d), Notation::Digits) => char::from(b'0' + d.get()),
                (Some(d), Notation::Letters) => d.letter(),
            })
            .collect()
    }

    /// The grid as nine lines with rulings between bands and stacks:
    ///
    /// ```text
    /// 4 . . | . 3 . | . . .
    /// ...
    /// ------+-------+------
    /// ```
    pub fn to_pretty(&self) -> String {
        self.to_pretty_in(Notation::Digits)
    }

    /// [`Grid::to_pretty`] in `notation`.
    pub fn to_pretty_in(&self, notation: Notation) -> String {
        let line = self.to_line(notation, '.');
        let chars: Vec<char> = line.chars().collect();
        let mut out = String::with_capacity(220);
        for r in 0..9 {
            if r == 3 || r == 6 {
                out.push_str("------+-------+------\n");
            }
            for c in 0..9 {
                if c == 3 || c == 6 {
                    out.push_str(" |");
                }
                if c > 0 {
                    out.push(' ');
                }
                out.push(chars[r * 9 + c]);
            }
            out.push('\n');
        }
        out
    }
}

/// A grid displays as one line with `.` for empty cells.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line(Notation::Digits, '.'))
    }
}
