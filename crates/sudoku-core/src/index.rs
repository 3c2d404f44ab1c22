//! Index newtypes for digits, cells and houses.
//!
//! Every index is 0-based inside the program and 1-based only where a person reads
//! it (`r3c5`, digit `7`). Keeping them as distinct types means a cell number can
//! never be passed where a digit is expected, which is the most common bug in
//! Sudoku code built on bare integers.

use std::fmt;

/// A Sudoku digit 1–9, stored 0-based (`Digit::index()` is 0..9).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Digit(u8);

impl Digit {
    /// All nine digits in ascending order.
    pub const ALL: [Digit; 9] = [
        Digit(0),
        Digit(1),
        Digit(2),
        Digit(3),
        Digit(4),
        Digit(5),
        Digit(6),
        Digit(7),
        Digit(8),
    ];

    /// The digit with the given human value 1–9, or `None` outside that range.
    ///
    /// ```
    /// use sudoku_core::Digit;
    /// assert_eq!(Digit::new(7).map(|d| d.get()), Some(7));
    /// assert!(Digit::new(0).is_none());
    /// ```
    pub const fn new(value: u8) -> Option<Digit> {
        if value >= 1 && value <= 9 {
            Some(Digit(value - 1))
        } else {
            None
        }
    }

    /// The digit with the 0-based index `index` (0..9), or `None` outside that range.
    pub const fn from_index(index: usize) -> Option<Digit> {
        if index < 9 {
            Some(Digit(index as u8))
        } else {
            None
        }
    }

    /// The human value 1–9.
    pub const fn get(self) -> u8 {
        self.0 + 1
    }

    /// The 0-based index 0..9.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The digit written as a letter `A`–`I` (the letter notation of the sources).
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// One of the 81 cells, numbered row by row (`r1c1` = 0, `r9c9` = 80).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell with index 0..81, or `None` outside that range.
    pub const fn new(index: usize) -> Option<Cell> {
        if index < 81 {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell in 0-based `row` and `col` (each 0..9), or `None` outside the grid.
    pub const fn at(row: usize, col: usize) -> Option<Cell> {
        if row < 9 && col < 9 {
            Some(Cell((row * 9 + col) as u8))
        } else {
            None
        }
    }

    /// The cell in 0-based `row` and `col`, both clamped to the grid (for
    /// positions that are inside by construction).
    pub(crate) const fn clamped(row: usize, col: usize) -> Cell {
        let r = if row < 9 { row } else { 8 };
        let c = if col < 9 { col } else { 8 };
        Cell((r * 9 + c) as u8)
    }

    /// Iterator over all 81 cells in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> + Clone {
        (0u8..81).map(Cell)
    }

    /// The 0-based index 0..81.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 0-based row 0..9.
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// The 0-based column 0..9.
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// The 0-based box 0..9, numbered row by row.
    pub const fn boxx(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }

    /// The 0-based position of the cell inside its box (0..9, row by row); cells with
    /// the same position form a colour group.
    pub const fn box_position(self) -> usize {
        (self.row() % 3) * 3 + self.col() % 3
    }
}

/// Cells print as `r<row>c<col>`, 1-based: `r3c5`.
impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// The kind of a house, which decides how it is named to a person.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[non_exhaustive]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A 3×3 box.
    Box,
    /// The main diagonal (r1c1 to r9c9) or the anti-diagonal (r1c9 to r9c1).
    Diagonal,
    /// A colour group: the nine cells at the same position inside each box.
    Color,
}

/// A house: a set of nine cells that must hold each digit once.
///
/// Houses are numbered globally so that every variant can name them the same way:
/// 0..9 rows, 9..18 columns, 18..27 boxes, 27 the main diagonal, 28 the
/// anti-diagonal, 29..38 the colour groups. A variant is a selection of them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct House(u8);

impl House {
    /// The number of houses any variant can draw from.
    pub const COUNT: usize = 38;
    /// The main diagonal r1c1–r9c9.
    pub const MAIN_DIAGONAL: House = House(27);
    /// The anti-diagonal r1c9–r9c1.
    pub const ANTI_DIAGONAL: House = House(28);

    /// The house with global index 0..38, or `None` outside that range.
    pub const fn new(index: usize) -> Option<House> {
        if index < Self::COUNT {
            Some(House(index as u8))
        } else {
            None
        }
    }

    /// Row `r` (0-based).
    pub const fn row(r: usize) -> House {
        assert!(r < 9);
        House(r as u8)
    }

    /// Column `c` (0-based).
    pub const fn column(c: usize) -> House {
        assert!(c < 9);
        House(9 + c as u8)
    }

    /// Box `b` (0-based, row by row).
    pub const fn boxx(b: usize) -> House {
        assert!(b < 9);
        House(18 + b as u8)
    }

    /// Colour group `g` (0-based): the cells at position `g` inside their boxes.
    pub const fn color(g: usize) -> House {
        assert!(g < 9);
        House(29 + g as u8)
    }

    /// Iterator over all 38 houses.
    pub fn all() -> impl Iterator<Item = House> + Clone {
        (0u8..Self::COUNT as u8).map(House)
    }

    /// The global index 0..38.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// What kind of house this is.
    pub const fn kind(self) -> HouseKind {
        match self.0 {
            0..=8 => HouseKind::Row,
            9..=17 => HouseKind::Column,
            18..=26 => HouseKind::Box,
            27 | 28 => HouseKind::Diagonal,
            _ => HouseKind::Color,
        }
    }

    /// The number of the house within its kind, 0-based (row 3 → 2).
    pub const fn number(self) -> usize {
        match self.0 {
            0..=8 => self.0 as usize,
            9..=17 => self.0 as usize - 9,
            18..=26 => self.0 as usize - 18,
            27 | 28 => self.0 as usize - 27,
            _ => self.0 as usize - 29,
        }
    }

    /// The nine cells of the house, in reading order.
    pub fn cells(self) -> [Cell; 9] {
        crate::tables::HOUSE_CELLS[self.index()]
    }

    /// Whether `cell` belongs to this house.
    pub fn contains(self, cell: Cell) -> bool {
        crate::tables::HOUSE_MASKS[self.index()].contains(cell)
    }
}

/// Houses print as a person names them: `row 3`, `column 5`, `box 9`,
/// `main diagonal`, `anti-diagonal`, `colour group 4`.
impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            HouseKind::Row => write!(f, "row {}", self.number() + 1),
            HouseKind::Column => write!(f, "column {}", self.number() + 1),
            HouseKind::Box => write!(f, "box {}", self.number() + 1),
            HouseKind::Diagonal if self.number() == 0 => write!(f, "main diagonal"),
            HouseKind::Diagonal => write!(f, "anti-diagonal"),
            HouseKind::Color => write!(f, "colour group {}", self.number() + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_edges() {
        assert!(Digit::new(0).is_none());
        assert!(Digit::new(10).is_none());
        assert_eq!(Digit::new(1).map(Digit::index), Some(0));
        assert_eq!(Digit::new(9).map(Digit::letter), Some('I'));
    }

    #[test]
    fn cell_geometry() {
        let c = Cell::at(4, 7).unwrap();
        assert_eq!(c.index(), 43);
        assert_eq!(c.boxx(), 5);
        assert_eq!(c.box_position(), 4);
        assert_eq!(c.to_string(), "r5c8");
        assert!(Cell::new(81).is_none());
    }

    #[test]
    fn house_names() {
        assert_eq!(House::row(2).to_string(), "row 3");
        assert_eq!(House::column(4).to_string(), "column 5");
        assert_eq!(House::boxx(8).to_string(), "box 9");
        assert_eq!(House::ANTI_DIAGONAL.to_string(), "anti-diagonal");
        assert_eq!(House::color(3).to_string(), "colour group 4");
    }
}
