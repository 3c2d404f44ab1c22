//! One orientation per isomorphism class, for every variant.
//!
//! A human-style solver takes "the first" of several equally easy steps, and
//! which one is first depends on how the grid is turned, how its digits are
//! named and in which order the search meets cells. So a rating read off one
//! path may differ between two copies of the same puzzle. Walking every puzzle
//! in a fixed representative of its class — its *canonical orientation* — and
//! mapping the steps back gives every copy the same path up to the transform,
//! and so the same rating.
//!
//! The representative is the minlex form (the smallest 81-digit string, blanks
//! as `0`) over the transforms that keep the variant's houses: for standard
//! Sudoku all 3,359,232 line permutations and transposes ([`canonical_form`]);
//! for the variants, whose groups are small (colour: 2,592; diagonal: 96;
//! colour-diagonal: 16 position transforms), every member of the group is
//! tried, each with the digit naming that gives the smallest string (digits
//! named in order of first appearance).

use crate::canonical::{PERMS3, canonical_form};
use crate::grid::Grid;
use crate::index::Cell;
use crate::transform::Transform;
use crate::variant::Variant;
use std::sync::OnceLock;

/// The canonical orientation of `grid` as a puzzle of `variant`, with a
/// transform that keeps the variant's houses and maps `grid` onto it.
///
/// ```
/// use sudoku_core::{canonical_orientation, Grid, Transform, Variant};
/// let g: Grid = "000000000000000000000040000300000002006070100504203907200831006000000000900000008"
///     .parse().unwrap();
/// let (c, t) = canonical_orientation(&g, Variant::Diagonal);
/// assert_eq!(t.apply(&g), c);
/// assert!(t.preserves(Variant::Diagonal));
/// let turned = Transform::random(Variant::Diagonal, 5).apply(&g);
/// assert_eq!(canonical_orientation(&turned, Variant::Diagonal).0, c);
/// ```
pub fn canonical_orientation(grid: &Grid, variant: Variant) -> (Grid, Transform) {
    if variant == Variant::Standard {
        return canonical_form(grid);
    }
    let src = grid.values();
    let mut best: Option<([u8; 81], Transform)> = None;
    for t in group(variant) {
        let (values, labels) = relabelled(src, t);
        if best.as_ref().is_none_or(|(b, _)| values < *b) {
            let relabel = Transform::relabel(labels).unwrap_or(Transform::IDENTITY);
            best = Some((values, t.then(&relabel)));
        }
    }
    match best {
        Some((values, t)) => (Grid::from_values(values).unwrap_or(*grid), t),
        None => (*grid, Transform::IDENTITY),
    }
}

/// The values of `src` moved by `t` (a position transform) and renamed in
/// order of first appearance, with the renaming (0-based, `labels[d]` the new
/// name of old digit `d + 1`; digits that do not appear get the unused names).
fn relabelled(src: &[u8; 81], t: &Transform) -> ([u8; 81], [u8; 9]) {
    let mut labels = [u8::MAX; 9];
    let mut next = 0u8;
    let mut out = [0u8; 81];
    for target in Cell::all() {
        let v = src[t.source_of(target).index()];
        if v == 0 {
            continue;
        }
        let d = v as usize - 1;
        if labels[d] == u8::MAX {
            labels[d] = next;
            next += 1;
        }
        out[target.index()] = labels[d] + 1;
    }
    for l in labels.iter_mut().filter(|l| **l == u8::MAX) {
        *l = next;
        next += 1;
    }
    (out, labels)
}

/// The position transforms (digits unchanged) that keep `variant`'s houses,
/// each once.
fn group(variant: Variant) -> &'static [Transform] {
    static GROUPS: [OnceLock<Vec<Transform>>; 4] = [const { OnceLock::new() }; 4];
    let slot = match variant {
        Variant::Standard => 0,
        Variant::Diagonal => 1,
        Variant::Color => 2,
        Variant::ColorDiagonal => 3,
    };
    GROUPS[slot].get_or_init(|| build_group(variant))
}

fn build_group(variant: Variant) -> Vec<Transform> {
    let lines = |bands: [u8; 3], inner: [[u8; 3]; 3]| {
        let mut p = [0u8; 9];
        for b in 0..3 {
            for i in 0..3 {
                p[b * 3 + i] = bands[b] * 3 + inner[b][i];
            }
        }
        p
    };
    let id = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    let mut out: Vec<Transform> = Vec::new();
    let mut push = |t: Transform| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    match variant {
        Variant::Standard | Variant::Color => {
            // Colour groups need the same move inside every band (stack).
            for transpose in [false, true] {
                for rb in PERMS3 {
                    for ri in PERMS3 {
                        for cb in PERMS3 {
                            for ci in PERMS3 {
                                let rows = lines(rb, [ri, ri, ri]);
                                let cols = lines(cb, [ci, ci, ci]);
                                if let Some(t) = Transform::new(transpose, rows, cols, id) {
                                    push(t);
                                }
                            }
                        }
                    }
                }
            }
        }
        Variant::Diagonal | Variant::ColorDiagonal => {
            // One line permutation for rows and columns that commutes with
            // reversal keeps both diagonals; then a rotation or mirror.
            let mut sigmas = Vec::new();
            for bands in [[0, 1, 2], [2, 1, 0]] {
                for middle in [[0, 1, 2], [2, 1, 0]] {
                    for top in PERMS3 {
                        if variant == Variant::ColorDiagonal
                            && !(top == [0, 1, 2] && middle == [0, 1, 2]
                                || top == [2, 1, 0] && middle == [2, 1, 0])
                        {
                            continue;
                        }
                        let bottom = [2 - top[2], 2 - top[1], 2 - top[0]];
                        let inner = if bands[0] == 2 {
                            [bottom, middle, top]
                        } else {
                            [top, middle, bottom]
                        };
                        sigmas.push(lines(bands, inner));
                    }
                }
            }
            for sigma in sigmas {
                let Some(base) = Transform::new(false, sigma, sigma, id) else {
                    continue;
                };
                for d in Transform::dihedral() {
                    push(base.then(&d));
                }
            }
        }
    }
    out.retain(|t| t.preserves(variant));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "000000000000270000000010920050000263000100080086000040510800000007900100000450070";

    #[test]
    fn groups_have_their_known_sizes_and_keep_the_houses() {
        assert_eq!(group(Variant::Color).len(), 2592);
        assert_eq!(group(Variant::Diagonal).len(), 96);
        assert_eq!(group(Variant::ColorDiagonal).len(), 16);
        for v in [Variant::Diagonal, Variant::Color, Variant::ColorDiagonal] {
            assert!(group(v).iter().all(|t| t.preserves(v)));
        }
    }

    #[test]
    fn isomorphs_share_their_canonical_orientation() {
        let g: Grid = P.parse().unwrap();
        for v in [
            Variant::Standard,
            Variant::Diagonal,
            Variant::Color,
            Variant::ColorDiagonal,
        ] {
            let (c, t) = canonical_orientation(&g, v);
            assert_eq!(t.apply(&g), c, "{v}");
            assert!(t.preserves(v), "{v}");
            for seed in 0..20 {
                let other = Transform::random(v, seed).apply(&g);
                let (c2, t2) = canonical_orientation(&other, v);
                assert_eq!(c2, c, "{v} seed {seed}");
                assert_eq!(t2.apply(&other), c2);
            }
        }
    }

    #[test]
    fn a_transform_outside_the_group_may_change_the_form() {
        // Swapping two rows of one band breaks the diagonals: the swapped grid is
        // another diagonal puzzle, generally with another canonical orientation.
        let g: Grid = P.parse().unwrap();
        let swap = Transform::new(
            false,
            [1, 0, 2, 3, 4, 5, 6, 7, 8],
            [0, 1, 2, 3, 4, 5, 6, 7, 8],
            [0, 1, 2, 3, 4, 5, 6, 7, 8],
        )
        .unwrap();
        assert!(!swap.preserves(Variant::Diagonal));
        assert_ne!(
            canonical_orientation(&swap.apply(&g), Variant::Diagonal).0,
            canonical_orientation(&g, Variant::Diagonal).0
        );
    }
}
