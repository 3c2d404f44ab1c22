//! The plain grid: 81 cells, each empty or holding a digit.
//!
//! This is the representation for input, output and storage. Solvers convert it to
//! their own private bitboards at the edge; nothing here is tuned for speed.

use crate::index::{Cell, Digit, House};
use crate::set::DigitSet;
use crate::variant::Variant;
use std::fmt;

/// A 9×9 grid; each cell is empty or holds a digit. Givens of a puzzle, a partial
/// position and a solution are all `Grid`s.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid([u8; 81]);

impl Default for Grid {
    fn default() -> Self {
        Grid::EMPTY
    }
}

/// Two equal digits in one house: the grid cannot be completed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("two {digit}s in {house} ({first}, {second})")]
pub struct Conflict {
    /// The repeated digit.
    pub digit: Digit,
    /// The house where it repeats.
    pub house: House,
    /// The first cell holding it, in reading order.
    pub first: Cell,
    /// The second cell holding it.
    pub second: Cell,
}

impl Grid {
    /// The grid with no digits.
    pub const EMPTY: Grid = Grid([0; 81]);

    /// Builds a grid from 81 values, 0 meaning empty and 1–9 a digit; `None` if any
    /// value is above 9.
    pub fn from_values(values: [u8; 81]) -> Option<Grid> {
        values.iter().all(|&v| v <= 9).then_some(Grid(values))
    }

    /// The 81 values, 0 for empty and 1–9 for digits.
    pub const fn values(&self) -> &[u8; 81] {
        &self.0
    }

    /// The digit in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.0[cell.index()])
    }

    /// Puts `digit` into `cell`, or empties it with `None`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.0[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// The number of filled cells.
    pub fn filled(&self) -> usize {
        self.0.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.0.iter().all(|&v| v != 0)
    }

    /// The first pair of equal digits in a house of `variant`, in house order.
    ///
    /// ```
    /// use sudoku_core::{Grid, Variant};
    /// let g: Grid = "5....5...".repeat(1).chars().chain(std::iter::repeat('.').take(72))
    ///     .collect::<String>().parse().unwrap();
    /// let err = g.check(Variant::Standard).unwrap_err();
    /// assert_eq!(err.to_string(), "two 5s in row 1 (r1c1, r1c6)");
    /// ```
    pub fn check(&self, variant: Variant) -> Result<(), Conflict> {
        for &house in variant.houses() {
            let mut seen: [Option<Cell>; 9] = [None; 9];
            for cell in house.cells() {
                if let Some(d) = self.get(cell) {
                    if let Some(first) = seen[d.index()] {
                        return Err(Conflict {
                            digit: d,
                            house,
                            first,
                            second: cell,
                        });
                    }
                    seen[d.index()] = Some(cell);
                }
            }
        }
        Ok(())
    }

    /// The digits not yet placed among the peers of `cell` (all nine when `cell`
    /// is filled is not special-cased: the caller decides what a filled cell means).
    pub fn candidates(&self, variant: Variant, cell: Cell) -> DigitSet {
        let mut used = DigitSet::EMPTY;
        for p in variant.peers(cell).iter() {
            if let Some(d) = self.get(p) {
                used.insert(d);
            }
        }
        used.complement()
    }

    /// Whether `self` is a full, conflict-free grid that keeps every digit of
    /// `puzzle`.
    pub fn is_solution_of(&self, puzzle: &Grid, variant: Variant) -> bool {
        self.is_full()
            && self.check(variant).is_ok()
            && puzzle
                .0
                .iter()
                .zip(self.0.iter())
                .all(|(&p, &s)| p == 0 || p == s)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}
