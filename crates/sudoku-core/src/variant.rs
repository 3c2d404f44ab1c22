//! The four Sudoku variants, each defined only by its list of houses.
//!
//! Nothing else in the workspace branches on the variant: solvers and techniques ask
//! for the houses (or the peers derived from them) and work unchanged for standard,
//! diagonal, colour and colour-diagonal Sudoku.

use crate::index::{Cell, House};
use crate::set::{CellSet, HouseSet};
use crate::tables::HOUSE_MASKS;
use std::fmt;
use std::str::FromStr;

/// A Sudoku variant: which houses must each hold the digits 1–9 once.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Standard,
    /// Standard plus both long diagonals ("X" Sudoku).
    Diagonal,
    /// Standard plus the nine colour groups (disjoint groups): the cells at the same
    /// position inside each box.
    Color,
    /// Standard plus diagonals plus colour groups.
    ColorDiagonal,
}

const fn house_bits(variant: u8) -> u64 {
    let base = (1u64 << 27) - 1;
    let diag = 0b11u64 << 27;
    let color = 0x1ffu64 << 29;
    match variant {
        0 => base,
        1 => base | diag,
        2 => base | color,
        _ => base | diag | color,
    }
}

struct Geometry {
    houses: Vec<House>,
    houses_of: Vec<Vec<House>>,
    peers: [CellSet; 81],
}

fn geometry(bits: u64) -> Geometry {
    let set = HouseSet::from_bits(bits);
    let houses: Vec<House> = set.iter().collect();
    let mut houses_of = vec![Vec::new(); 81];
    let mut peers = [CellSet::EMPTY; 81];
    for &h in &houses {
        for c in h.cells() {
            houses_of[c.index()].push(h);
            peers[c.index()] |= HOUSE_MASKS[h.index()];
        }
    }
    for c in Cell::all() {
        peers[c.index()].remove(c);
    }
    Geometry {
        houses,
        houses_of,
        peers,
    }
}

fn geometries() -> &'static [Geometry; 4] {
    static G: std::sync::OnceLock<[Geometry; 4]> = std::sync::OnceLock::new();
    G.get_or_init(|| {
        [
            geometry(house_bits(0)),
            geometry(house_bits(1)),
            geometry(house_bits(2)),
            geometry(house_bits(3)),
        ]
    })
}

impl Variant {
    /// All four variants.
    pub const ALL: [Variant; 4] = [
        Variant::Standard,
        Variant::Diagonal,
        Variant::Color,
        Variant::ColorDiagonal,
    ];

    const fn id(self) -> u8 {
        match self {
            Variant::Standard => 0,
            Variant::Diagonal => 1,
            Variant::Color => 2,
            Variant::ColorDiagonal => 3,
        }
    }

    /// The canonical name used on the command line and in files.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Diagonal => "diagonal",
            Variant::Color => "color",
            Variant::ColorDiagonal => "color-diagonal",
        }
    }

    /// The houses of this variant as a set.
    pub const fn house_set(self) -> HouseSet {
        HouseSet::from_bits(house_bits(self.id()))
    }

    /// The houses of this variant, rows first, then columns, boxes, diagonals and
    /// colour groups.
    pub fn houses(self) -> &'static [House] {
        &geometries()[self.id() as usize].houses
    }

    /// The houses of this variant that contain `cell`.
    pub fn houses_of(self, cell: Cell) -> &'static [House] {
        &geometries()[self.id() as usize].houses_of[cell.index()]
    }

    /// The cells that share a house with `cell` in this variant (not `cell` itself).
    pub fn peers(self, cell: Cell) -> CellSet {
        geometries()[self.id() as usize].peers[cell.index()]
    }

    /// The cells of `house` as a bitset.
    pub fn house_cells(house: House) -> CellSet {
        HOUSE_MASKS[house.index()]
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name given was not one of the variants.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant '{0}' (expected standard, diagonal or x, color or dg, color-diagonal)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// Accepts the canonical names and the aliases `x` (diagonal), `dg` (colour,
    /// "disjoint groups"), `colour`, `colour-diagonal` and `xdg`, case-insensitively.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "standard" | "std" | "classic" => Ok(Variant::Standard),
            "diagonal" | "x" => Ok(Variant::Diagonal),
            "color" | "colour" | "dg" => Ok(Variant::Color),
            "color-diagonal" | "colour-diagonal" | "xdg" | "dg-x" | "x-dg" => {
                Ok(Variant::ColorDiagonal)
            }
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_counts() {
        assert_eq!(Variant::Standard.houses().len(), 27);
        assert_eq!(Variant::Diagonal.houses().len(), 29);
        assert_eq!(Variant::Color.houses().len(), 36);
        assert_eq!(Variant::ColorDiagonal.houses().len(), 38);
    }

    #[test]
    fn peer_counts() {
        let centre = Cell::at(4, 4).unwrap();
        assert_eq!(Variant::Standard.peers(centre).len(), 20);
        // centre lies on both diagonals: 20 + 8 + 8 - overlap with its box (4)
        assert_eq!(Variant::Diagonal.peers(centre).len(), 32);
        // its colour group adds 8 cells, 4 of which share its row or column
        assert_eq!(Variant::Color.peers(centre).len(), 24);
        let corner = Cell::at(0, 1).unwrap();
        assert_eq!(Variant::Diagonal.houses_of(corner).len(), 3);
    }

    #[test]
    fn parse_names() {
        assert_eq!("x".parse::<Variant>(), Ok(Variant::Diagonal));
        assert_eq!("DG".parse::<Variant>(), Ok(Variant::Color));
        assert_eq!(
            "color-diagonal".parse::<Variant>(),
            Ok(Variant::ColorDiagonal)
        );
        assert!("hex".parse::<Variant>().is_err());
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
    }
}
