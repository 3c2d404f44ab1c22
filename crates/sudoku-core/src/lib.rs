//! The Sudoku data model shared by every other crate of Sudoku Trainer.
//!
//! Index newtypes ([`Digit`], [`Cell`], [`House`]), typed bitsets ([`DigitSet`],
//! [`CellSet`], [`HouseSet`]), the plain [`Grid`], the four [`Variant`]s defined only
//! by their houses, the checked [`Puzzle`], parsing and formatting, symmetry [`Transform`]s and the
//! [`canonical_form`]. Besides our own lines and blocks it reads and writes the
//! formats of other programs ([`Format`]: candidate grids, HoDoKu library
//! lines, sukaku lines, …). This crate has no knowledge of solving; it depends on nothing
//! but `thiserror`.
#![warn(missing_docs)]

mod canonical;
mod format;
mod formats;
mod grid;
mod index;
pub mod interrupt;
mod lang;
mod orientation;
mod parse;
mod puzzle;
mod set;
mod tables;
mod transform;
mod variant;

#[cfg(feature = "proptest")]
pub mod strategy;

pub use canonical::{PERMS3, canonical_form};
pub use formats::{Format, library_line, plus_line, pm_grid, spaced_line, sukaku_line};
pub use grid::{Conflict, Grid};
pub use index::{Cell, Digit, House, HouseKind};
pub use lang::{Lang, UnknownLang, digit_plural, house_name};
pub use orientation::canonical_orientation;
pub use parse::{
    LocatedError, MAX_LINE, Notation, ParseError, Parsed, PuzzleReader, ReadItem, parse_line,
    parse_line_bytes, parse_text, parse_text_located,
};
pub use puzzle::Puzzle;
pub use set::{CellSet, DigitSet, HouseSet};
pub use transform::{SplitMix, Transform};
pub use variant::{UnknownVariant, Variant};
