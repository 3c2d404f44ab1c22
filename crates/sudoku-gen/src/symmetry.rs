//! Symmetries of the clue pattern: which cells must be given or empty together.
//!
//! A symmetric puzzle keeps or removes whole orbits of cells under a group of
//! rotations and mirrors of the square. The pattern's symmetry is independent of
//! the variant (it concerns positions only, not digits), so every symmetry works
//! for every variant.

use std::fmt;
use std::str::FromStr;
use sudoku_core::{Cell, CellSet};

/// A symmetry of the clue pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Symmetry {
    /// No symmetry: cells are removed one by one.
    #[default]
    None,
    /// Half-turn rotation (the classic newspaper symmetry).
    Rot180,
    /// Quarter-turn rotation.
    Rot90,
    /// Mirror across the vertical middle line (left–right).
    Mirror,
    /// Mirror across the horizontal middle line (top–bottom).
    Flip,
    /// Both middle lines (and so the half turn).
    MirrorBoth,
    /// Mirror across the main diagonal (top-left to bottom-right).
    Diagonal,
    /// Mirror across the anti-diagonal (top-right to bottom-left).
    AntiDiagonal,
    /// Both diagonals (and so the half turn).
    BothDiagonals,
    /// All eight rotations and mirrors.
    Full,
}

/// A symmetry name that is not one of [`Symmetry::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown symmetry '{0}' (expected none, rot180, rot90, mirror, flip, mirror-both, diagonal, anti-diagonal, both-diagonals or full)"
)]
pub struct UnknownSymmetry(pub String);

type CellMap = fn(usize, usize) -> (usize, usize);

impl Symmetry {
    /// Every symmetry, in the order of the command-line help.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::MirrorBoth,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BothDiagonals,
        Symmetry::Full,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::MirrorBoth => "mirror-both",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::BothDiagonals => "both-diagonals",
            Symmetry::Full => "full",
        }
    }

    /// The generators of the symmetry's group, as maps of (row, column).
    fn generators(self) -> &'static [CellMap] {
        const ROT180: CellMap = |r, c| (8 - r, 8 - c);
        const ROT90: CellMap = |r, c| (c, 8 - r);
        const MIRROR: CellMap = |r, c| (r, 8 - c);
        const FLIP: CellMap = |r, c| (8 - r, c);
        const DIAG: CellMap = |r, c| (c, r);
        const ANTI: CellMap = |r, c| (8 - c, 8 - r);
        match self {
            Symmetry::None => &[],
            Symmetry::Rot180 => &[ROT180],
            Symmetry::Rot90 => &[ROT90],
            Symmetry::Mirror => &[MIRROR],
            Symmetry::Flip => &[FLIP],
            Symmetry::MirrorBoth => &[MIRROR, FLIP],
            Symmetry::Diagonal => &[DIAG],
            Symmetry::AntiDiagonal => &[ANTI],
            Symmetry::BothDiagonals => &[DIAG, ANTI],
            Symmetry::Full => &[ROT90, DIAG],
        }
    }

    /// The orbits of the 81 cells: sets of cells that are given or empty
    /// together, in the order of their first cell.
    pub fn orbits(self) -> Vec<CellSet> {
        let mut seen = CellSet::EMPTY;
        let mut orbits = Vec::new();
        for cell in Cell::all() {
            if seen.contains(cell) {
                continue;
            }
            let mut orbit = CellSet::single(cell);
            let mut frontier = vec![cell];
            while let Some(c) = frontier.pop() {
                for g in self.generators() {
                    let (r, k) = g(c.row(), c.col());
                    if let Some(next) = Cell::at(r, k)
                        && !orbit.contains(next)
                    {
                        orbit.insert(next);
                        frontier.push(next);
                    }
                }
            }
            seen |= orbit;
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether a puzzle with exactly `clues` givens can have this symmetry: some
    /// orbits add up to it.
    pub fn allows_clue_count(self, clues: usize) -> bool {
        let mut reachable = [false; 82];
        reachable[0] = true;
        for orbit in self.orbits() {
            let n = orbit.len();
            for total in (n..=81).rev() {
                if reachable[total - n] {
                    reachable[total] = true;
                }
            }
        }
        reachable.get(clues).copied().unwrap_or(false)
    }

    /// Whether `givens` is a union of orbits.
    pub fn holds_for(self, givens: CellSet) -> bool {
        self.orbits().iter().all(|&o| {
            let part = o & givens;
            part.is_empty() || part == o
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        let key = s.trim().to_ascii_lowercase();
        let alias = match key.as_str() {
            "rot-180" | "rotational" | "central" => "rot180",
            "rot-90" => "rot90",
            "horizontal" => "flip",
            "vertical" => "mirror",
            "dihedral" => "full",
            other => other,
        };
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name() == alias)
            .ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbit_counts() {
        let count = |s: Symmetry| s.orbits().len();
        assert_eq!(count(Symmetry::None), 81);
        assert_eq!(count(Symmetry::Rot180), 41);
        assert_eq!(count(Symmetry::Rot90), 21);
        assert_eq!(count(Symmetry::Mirror), 45);
        assert_eq!(count(Symmetry::Diagonal), 45);
        assert_eq!(count(Symmetry::MirrorBoth), 25);
        assert_eq!(count(Symmetry::Full), 15);
        for s in Symmetry::ALL {
            let total: usize = s.orbits().iter().map(|o| o.len()).sum();
            assert_eq!(total, 81, "{s}");
            assert_eq!(s.name().parse(), Ok(s));
        }
    }

    #[test]
    fn clue_counts_by_orbit_sizes() {
        assert!(Symmetry::Rot90.allows_clue_count(24));
        assert!(Symmetry::Rot90.allows_clue_count(25));
        assert!(!Symmetry::Rot90.allows_clue_count(22));
        assert!(Symmetry::Rot180.allows_clue_count(23));
        assert!(!Symmetry::Full.allows_clue_count(2));
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
