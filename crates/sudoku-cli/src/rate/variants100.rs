//! `rate --variants100`: the puzzle and 99 isomorphic copies, each walked as
//! given, and the spread of their points (the seed's "100 Varianten").
//!
//! Our points depend on where the solver looks first, so the seed rates a
//! puzzle many ways — rotated, mirrored, bands and stacks swapped, rows and
//! columns swapped inside them, digits renamed — and takes the smallest figure
//! as the best estimate; in the semi-synchronous mode every copy gets the same
//! points. The copies are fixed (the same 99 transforms for every puzzle and
//! run), and only transforms that keep the variant's extra houses (diagonals,
//! colour groups) are used, so every copy is the same puzzle in that variant.

use sudoku_core::{Grid, Puzzle, Transform, Variant};
use sudoku_logic::Orientation;
use sudoku_rate::{Assessment, RateOptions, Scale, Scales, rate_puzzle};

/// How many grids are rated: the puzzle and its copies.
pub(crate) const COUNT: usize = 100;

/// Seed of the drawn transforms: fixed, so every run rates the same copies.
const SEED: u64 = 0x5EED_0100;

/// The points of the puzzle and its 99 copies, in the order of
/// [`transforms`]; `None` where a copy's walk did not solve it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Variants100 {
    pub(crate) points: Vec<Option<f64>>,
}

impl Variants100 {
    /// The solved copies' points in ascending order.
    fn sorted(&self) -> Vec<f64> {
        let mut v: Vec<f64> = self.points.iter().flatten().copied().collect();
        v.sort_by(f64::total_cmp);
        v
    }

    /// The smallest points (the seed's best estimate).
    pub(crate) fn min(&self) -> Option<f64> {
        self.sorted().first().copied()
    }

    /// The largest points.
    pub(crate) fn max(&self) -> Option<f64> {
        self.sorted().last().copied()
    }

    /// The median points (the mean of the middle two for an even count).
    pub(crate) fn median(&self) -> Option<f64> {
        let v = self.sorted();
        let n = v.len();
        match n {
            0 => None,
            _ if n % 2 == 1 => Some(v[n / 2]),
            _ => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
        }
    }
}

/// A line permutation from an order of the three bands and an order of the
/// three lines inside each band.
fn lines(bands: [u8; 3], inner: [[u8; 3]; 3]) -> [u8; 9] {
    let mut p = [0u8; 9];
    for b in 0..3 {
        for i in 0..3 {
            p[b * 3 + i] = bands[b] * 3 + inner[b][i];
        }
    }
    p
}

const SAME: [u8; 3] = [0, 1, 2];

/// The 100 transforms of `variant`: the identity and the other rotations and
/// mirrors first, then in turn a digit relabelling, a swap of bands and of
/// stacks, swaps of rows and columns inside bands and stacks, and all of them
/// at once after a rotation or mirror. A drawn transform that would break the
/// variant's extra houses, or repeat an earlier one, is replaced by a random
/// transform of the variant's own group.
pub(crate) fn transforms(variant: Variant) -> Vec<Transform> {
    let dihedral = Transform::dihedral();
    let mut out: Vec<Transform> = dihedral
        .iter()
        .copied()
        .filter(|t| t.preserves(variant))
        .collect();
    let mut draw = sudoku_core::SplitMix(SEED);
    let mut k = 0u64;
    while out.len() < COUNT {
        k += 1;
        let seed = SEED ^ k.wrapping_mul(0xD1B5_4A32_D192_ED03);
        let id = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let t = match k % 4 {
            1 => Some(Transform::random_relabel(seed)),
            2 => Transform::new(
                false,
                lines(draw.shuffle3(), [SAME; 3]),
                lines(draw.shuffle3(), [SAME; 3]),
                id,
            ),
            3 => Transform::new(
                false,
                lines(SAME, [draw.shuffle3(), draw.shuffle3(), draw.shuffle3()]),
                lines(SAME, [draw.shuffle3(), draw.shuffle3(), draw.shuffle3()]),
                id,
            ),
            _ => Some(Transform::random(variant, seed).then(&dihedral[(k % 8) as usize])),
        };
        let t = match t {
            Some(t) if t.preserves(variant) && !out.contains(&t) => t,
            _ => Transform::random(variant, seed.rotate_left(17)),
        };
        if t.preserves(variant) && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The copies of `puzzle` (the puzzle itself first).
pub(crate) fn copies(puzzle: &Grid, variant: Variant) -> Vec<Grid> {
    transforms(variant)
        .iter()
        .map(|t| t.apply(puzzle))
        .collect()
}

/// Our points of `puzzle` and its 99 copies, each walked as given in the mode
/// of `options`.
pub(crate) fn rate(puzzle: &Puzzle, options: &RateOptions) -> Variants100 {
    let options = RateOptions {
        orientation: Orientation::AsGiven,
        variants8: false,
        scales: Scales::NONE.with(Scale::Points),
        ..*options
    };
    let points = copies(puzzle.grid(), puzzle.variant())
        .iter()
        .map(|g| {
            let copy = Puzzle::new(*g, puzzle.variant()).ok()?;
            match rate_puzzle(&copy, &options).ok()? {
                Assessment::Rated(r) => r.walk.as_ref().filter(|w| w.solved).map(|w| w.points),
                _ => None,
            }
        })
        .collect();
    Variants100 { points }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HARD: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn a_hundred_distinct_transforms_that_keep_each_variant() {
        for v in Variant::ALL {
            let ts = transforms(v);
            assert_eq!(ts.len(), COUNT, "{v}");
            assert_eq!(ts[0], Transform::IDENTITY);
            assert!(ts.iter().all(|t| t.preserves(v)), "{v}");
            for (i, t) in ts.iter().enumerate() {
                assert!(!ts[..i].contains(t), "{v}: {i} repeats");
            }
            // Deterministic.
            assert_eq!(ts, transforms(v));
        }
    }

    #[test]
    fn standard_copies_use_every_kind_of_transform() {
        let ts = transforms(Variant::Standard);
        let p: Grid = HARD.parse().expect("puzzle");
        let g = |t: &Transform| t.apply(&p);
        // Some copies keep every given where it was (digits renamed only).
        assert!(ts[8..].iter().any(|t| {
            let c = g(t);
            (0..81).all(|i| (c.values()[i] == 0) == (p.values()[i] == 0))
                && c.values() != p.values()
        }));
        // All 8 rotations and mirrors are there.
        assert!(Transform::dihedral().iter().all(|d| ts.contains(d)));
    }

    /// Every copy is a valid isomorph: clashing givens exactly when the
    /// puzzle has them, and the same number of solutions in the variant
    /// (unique, several, none), for every variant.
    #[test]
    fn copies_are_valid_isomorphs_with_the_same_solution_count() {
        // Unique in all four variants (30,619 solutions as standard), and the
        // 127-solution puzzle of the data README.
        let cases = [
            "000490062000000017130005000000000070360700490000000000600000900800000000002300700",
            "000000003007000009063007000000026800400000000000009200000240010180000040070100060",
            HARD,
        ];
        for v in Variant::ALL {
            for case in cases {
                let p: Grid = case.parse().expect("puzzle");
                let count = sudoku_solve::count(&p, v, Some(200));
                let copies = copies(&p, v);
                assert_eq!(copies.len(), COUNT);
                assert_eq!(copies[0], p);
                for c in &copies {
                    // (HARD clashes on a diagonal: so must every copy.)
                    assert_eq!(c.check(v).is_ok(), p.check(v).is_ok(), "{v}: {c:?}");
                    assert_eq!(c.filled(), p.filled());
                    assert_eq!(sudoku_solve::count(c, v, Some(200)), count, "{v} {case}");
                }
            }
        }
    }

    #[test]
    fn median_min_max() {
        let v = Variants100 {
            points: vec![Some(3.0), None, Some(1.0), Some(10.0), Some(4.0)],
        };
        assert_eq!(v.min(), Some(1.0));
        assert_eq!(v.max(), Some(10.0));
        assert_eq!(v.median(), Some(3.5));
        let none = Variants100 { points: vec![None] };
        assert_eq!(none.median(), None);
    }
}
