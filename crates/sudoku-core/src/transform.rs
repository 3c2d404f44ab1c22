//! Symmetry transforms: relabelling digits, permuting rows and columns within bands
//! and stacks, permuting bands and stacks, transposing, rotating and mirroring.
//!
//! Every transform of a valid grid gives a valid grid with the same number of
//! solutions *for the standard houses*. Variants add houses, so only a subset keeps
//! them: [`Transform::preserves`] checks that generically (each house of the variant
//! must map onto a house of the variant), and [`Transform::random`] draws from the
//! subset each variant keeps. Tests use them for metamorphic checks; the rater uses
//! the eight rotations and mirrors.

use crate::grid::Grid;
use crate::index::{Cell, House};
use crate::set::CellSet;
use crate::variant::Variant;

/// A grid transform: optionally transpose, then reorder rows and columns, then
/// relabel digits. `rows[r]` is the source row that lands in row `r` (likewise
/// `cols`), and digit `d` becomes `digits[d - 1]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Transform {
    transpose: bool,
    rows: [u8; 9],
    cols: [u8; 9],
    digits: [u8; 9],
}

const ID: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const REV: [u8; 9] = [8, 7, 6, 5, 4, 3, 2, 1, 0];

/// Whether `p` is a permutation of 0..9 that keeps bands together (maps each band of
/// three lines onto a band).
fn is_line_permutation(p: &[u8; 9]) -> bool {
    let mut seen = 0u16;
    for &x in p {
        if x > 8 {
            return false;
        }
        seen |= 1 << x;
    }
    seen == 0x1ff && (0..3).all(|b| (0..3).all(|i| p[b * 3 + i] / 3 == p[b * 3] / 3))
}

/// A small deterministic random source (SplitMix64), so the core needs no
/// dependency for drawing transforms; the command line draws its fixed
/// copies of a puzzle (`rate --variants100`) with it too.
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The next 64 bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number below `n` (not 0).
    pub fn below(&mut self, n: u64) -> usize {
        (self.next_u64() % n) as usize
    }
    /// A fair coin.
    pub fn coin(&mut self) -> bool {
        self.next_u64() & 1 == 1
    }
    /// A random order of 0, 1, 2.
    pub fn shuffle3(&mut self) -> [u8; 3] {
        let mut p = [0u8, 1, 2];
        for i in (1..3).rev() {
            p.swap(i, self.below(i as u64 + 1));
        }
        p
    }
    fn shuffle9(&mut self) -> [u8; 9] {
        let mut p = ID;
        for i in (1..9).rev() {
            p.swap(i, self.below(i as u64 + 1));
        }
        p
    }
}

/// Line permutation from a band order and a within-band order per band.
fn lines(bands: [u8; 3], inner: [[u8; 3]; 3]) -> [u8; 9] {
    let mut p = [0u8; 9];
    for b in 0..3 {
        for i in 0..3 {
            p[b * 3 + i] = bands[b] * 3 + inner[b][i];
        }
    }
    p
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: ID,
        cols: ID,
        digits: ID,
    };

    /// A transform from its parts, or `None` when `rows`/`cols` do not keep bands and
    /// stacks together or `digits` is not a permutation of 0..9 (0-based digits).
    pub fn new(transpose: bool, rows: [u8; 9], cols: [u8; 9], digits: [u8; 9]) -> Option<Self> {
        let mut seen = 0u16;
        for &d in &digits {
            if d > 8 {
                return None;
            }
            seen |= 1 << d;
        }
        (seen == 0x1ff && is_line_permutation(&rows) && is_line_permutation(&cols)).then_some(
            Transform {
                transpose,
                rows,
                cols,
                digits,
            },
        )
    }

    /// Mirror along the main diagonal.
    pub const TRANSPOSE: Transform = Transform {
        transpose: true,
        rows: ID,
        cols: ID,
        digits: ID,
    };

    /// Rotation by 90° clockwise.
    pub const ROTATE90: Transform = Transform {
        transpose: true,
        rows: ID,
        cols: REV,
        digits: ID,
    };

    /// The eight rotations and mirrors of the square (identity first), which keep
    /// every variant's houses.
    pub fn dihedral() -> [Transform; 8] {
        let r1 = Self::ROTATE90;
        let r2 = r1.then(&r1);
        let r3 = r2.then(&r1);
        let t = Self::TRANSPOSE;
        [
            Self::IDENTITY,
            r1,
            r2,
            r3,
            t,
            t.then(&r1),
            t.then(&r2),
            t.then(&r3),
        ]
    }

    /// The same cell moves with only the digits renamed: digit `d` becomes
    /// `digits[d - 1]` (0-based entries).
    pub fn relabel(digits: [u8; 9]) -> Option<Self> {
        Self::new(false, ID, ID, digits)
    }

    /// The transform that applies `self` first and `next` after it.
    pub fn then(&self, next: &Transform) -> Transform {
        let digits = self.digits.map(|d| next.digits[d as usize]);
        let compose = |a: &[u8; 9], b: &[u8; 9]| {
            let mut p = [0u8; 9];
            for i in 0..9 {
                p[i] = a[b[i] as usize];
            }
            p
        };
        if next.transpose {
            Transform {
                transpose: !self.transpose,
                rows: compose(&self.cols, &next.rows),
                cols: compose(&self.rows, &next.cols),
                digits,
            }
        } else {
            Transform {
                transpose: self.transpose,
                rows: compose(&self.rows, &next.rows),
                cols: compose(&self.cols, &next.cols),
                digits,
            }
        }
    }

    /// The source cell whose content lands in `target`.
    pub fn source_of(&self, target: Cell) -> Cell {
        let r = self.rows[target.row()] as usize;
        let c = self.cols[target.col()] as usize;
        let (r, c) = if self.transpose { (c, r) } else { (r, c) };
        Cell::at(r, c).expect("permutations stay inside the grid")
    }

    /// Where the content of `source` lands.
    pub fn target_of(&self, source: Cell) -> Cell {
        let (r, c) = if self.transpose {
            (source.col(), source.row())
        } else {
            (source.row(), source.col())
        };
        let r = self.rows.iter().position(|&x| x as usize == r).unwrap_or(0);
        let c = self.cols.iter().position(|&x| x as usize == c).unwrap_or(0);
        Cell::at(r, c).expect("permutations stay inside the grid")
    }

    /// The house `house` is moved onto, or `None` when its cells land on no
    /// house (a diagonal under a transform that breaks it).
    pub fn house_image(&self, house: House) -> Option<House> {
        let image: CellSet = house.cells().iter().map(|&c| self.target_of(c)).collect();
        House::all().find(|&g| Variant::house_cells(g) == image)
    }

    /// The new value of 0-based digit index `d`.
    pub fn digit_map(&self, d: usize) -> u8 {
        self.digits[d % 9]
    }

    /// The transformed grid.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let src = grid.values();
        let mut out = [0u8; 81];
        for target in Cell::all() {
            let v = src[self.source_of(target).index()];
            out[target.index()] = if v == 0 {
                0
            } else {
                self.digits[v as usize - 1] + 1
            };
        }
        Grid::from_values(out).expect("relabelled values stay in 0..=9")
    }

    /// The transform that undoes `self`.
    pub fn inverse(&self) -> Transform {
        let invert = |p: &[u8; 9]| {
            let mut q = [0u8; 9];
            for i in 0..9 {
                q[p[i] as usize] = i as u8;
            }
            q
        };
        let digits = invert(&self.digits);
        if self.transpose {
            // (T, R, C) maps old[c'][r'] ... its inverse transposes back.
            Transform {
                transpose: true,
                rows: invert(&self.cols),
                cols: invert(&self.rows),
                digits,
            }
        } else {
            Transform {
                transpose: false,
                rows: invert(&self.rows),
                cols: invert(&self.cols),
                digits,
            }
        }
    }

    /// Whether every house of `variant` is mapped onto a house of `variant`, so a
    /// puzzle keeps its solutions under the transform.
    pub fn preserves(&self, variant: Variant) -> bool {
        let houses = variant.house_set();
        variant.houses().iter().all(|&h| {
            let image: CellSet = h.cells().iter().map(|&c| self.target_of(c)).collect();
            House::all().any(|g| houses.contains(g) && Variant::house_cells(g) == image)
        })
    }

    /// A transform drawn from `seed` among those that keep `variant`'s houses.
    /// The same seed always gives the same transform.
    pub fn random(variant: Variant, seed: u64) -> Transform {
        let mut rng = SplitMix(seed ^ 0x5u64.rotate_left(40));
        let digits = rng.shuffle9();
        let t = match variant {
            Variant::Standard => {
                let rows = lines(
                    rng.shuffle3(),
                    [rng.shuffle3(), rng.shuffle3(), rng.shuffle3()],
                );
                let cols = lines(
                    rng.shuffle3(),
                    [rng.shuffle3(), rng.shuffle3(), rng.shuffle3()],
                );
                Transform {
                    transpose: rng.coin(),
                    rows,
                    cols,
                    digits,
                }
            }
            Variant::Color => {
                // The position inside the band must move the same way in every band.
                let ri = rng.shuffle3();
                let rows = lines(rng.shuffle3(), [ri, ri, ri]);
                let ci = rng.shuffle3();
                let cols = lines(rng.shuffle3(), [ci, ci, ci]);
                Transform {
                    transpose: rng.coin(),
                    rows,
                    cols,
                    digits,
                }
            }
            Variant::Diagonal | Variant::ColorDiagonal => {
                // One line permutation for rows and columns alike that commutes with
                // reversal keeps both diagonals; compose with a rotation or mirror.
                let sigma = if variant == Variant::Diagonal {
                    let top = rng.shuffle3();
                    let bottom = [2 - top[2], 2 - top[1], 2 - top[0]];
                    let middle = if rng.coin() { [0, 1, 2] } else { [2, 1, 0] };
                    let bands = if rng.coin() { [0, 1, 2] } else { [2, 1, 0] };
                    let inner = [top, middle, bottom];
                    let inner = if bands[0] == 2 {
                        [inner[2], inner[1], inner[0]]
                    } else {
                        inner
                    };
                    lines(bands, inner)
                } else {
                    let i = if rng.coin() { [0, 1, 2] } else { [2, 1, 0] };
                    let bands = if rng.coin() { [0, 1, 2] } else { [2, 1, 0] };
                    lines(bands, [i, i, i])
                };
                let base = Transform {
                    transpose: false,
                    rows: sigma,
                    cols: sigma,
                    digits,
                };
                base.then(&Self::dihedral()[rng.below(8)])
            }
        };
        debug_assert!(t.preserves(variant), "{t:?} must keep {variant}");
        t
    }

    /// A uniformly drawn digit relabelling for `seed` (keeps every variant).
    pub fn random_relabel(seed: u64) -> Transform {
        let mut rng = SplitMix(seed);
        Transform {
            digits: rng.shuffle9(),
            ..Self::IDENTITY
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn rotation_moves_corner() {
        let g: Grid = P.parse().unwrap();
        let r = Transform::ROTATE90.apply(&g);
        // r1c1 (4) goes to r1c9 under a clockwise quarter turn
        assert_eq!(r.values()[8], 4);
        let back = Transform::ROTATE90.inverse().apply(&r);
        assert_eq!(back, g);
        let four = (0..4).fold(g, |acc, _| Transform::ROTATE90.apply(&acc));
        assert_eq!(four, g);
    }

    #[test]
    fn composition_matches_sequential_application() {
        let g: Grid = P.parse().unwrap();
        for seed in 0..200 {
            let a = Transform::random(Variant::Standard, seed);
            let b = Transform::random(Variant::Standard, seed + 1000);
            assert_eq!(a.then(&b).apply(&g), b.apply(&a.apply(&g)));
            assert_eq!(a.inverse().apply(&a.apply(&g)), g);
            for c in Cell::all() {
                assert_eq!(a.source_of(a.target_of(c)), c);
            }
        }
    }

    #[test]
    fn random_transforms_keep_their_variant() {
        for v in Variant::ALL {
            for seed in 0..300 {
                assert!(Transform::random(v, seed).preserves(v), "{v} seed {seed}");
            }
        }
        for t in Transform::dihedral() {
            for v in Variant::ALL {
                assert!(t.preserves(v));
            }
        }
    }

    #[test]
    fn band_swap_breaks_colour_only_when_non_uniform() {
        // swapping rows 1 and 2 only in the first band breaks colour groups
        let rows = [1, 0, 2, 3, 4, 5, 6, 7, 8];
        let t = Transform::new(false, rows, ID, ID).unwrap();
        assert!(t.preserves(Variant::Standard));
        assert!(!t.preserves(Variant::Color));
        assert!(!t.preserves(Variant::Diagonal));
        assert!(Transform::new(false, [0, 3, 2, 1, 4, 5, 6, 7, 8], ID, ID).is_none());
    }

    #[test]
    fn random_draws_vary() {
        let distinct: std::collections::HashSet<_> = (0..50)
            .map(|s| Transform::random(Variant::Diagonal, s))
            .collect();
        assert!(distinct.len() > 40);
    }
}
