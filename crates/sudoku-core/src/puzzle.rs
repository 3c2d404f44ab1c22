//! A puzzle checked once: a grid of givens together with the variant whose
//! rules it obeys. Code that takes a [`Puzzle`] never checks the givens again;
//! the one place a grid from outside becomes a puzzle is [`Puzzle::new`].

use crate::{Conflict, Grid, Variant};

/// Givens that obey `variant`'s rules: no digit twice in any of its houses.
/// (Whether the puzzle has a solution, and how many, is the exact solver's
/// question; this type only guarantees the givens do not clash.)
///
/// ```
/// use sudoku_core::{Grid, Puzzle, Variant};
/// let g: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let p = Puzzle::new(g, Variant::Standard).unwrap();
/// assert_eq!(p.grid().filled(), 32);
/// let clash: Grid = format!("55{}", ".".repeat(79)).parse().unwrap();
/// assert!(Puzzle::new(clash, Variant::Standard).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    grid: Grid,
    variant: Variant,
}

impl Puzzle {
    /// Checks `grid` against `variant`'s houses: the first clash is the error.
    pub fn new(grid: Grid, variant: Variant) -> Result<Puzzle, Conflict> {
        grid.check(variant)?;
        Ok(Puzzle { grid, variant })
    }

    /// The givens.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }
}
