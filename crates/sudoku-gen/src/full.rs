//! Random full solution grids for every variant.
//!
//! Every generated puzzle starts from a solution grid, so any bias here shows up
//! in every puzzle. A randomized depth-first fill (fewest candidates first, ties
//! and digit order drawn at random) reaches every grid, but not with equal
//! probability; on top of it a random transform of the variant's symmetry group
//! ([`Transform::random`], which includes a uniform digit relabelling) spreads
//! each fill over its whole isomorphism class, so no grid or class is favoured by
//! more than the fill's own (small) unevenness.

use crate::Rng;
use rand::{Rng as _, RngExt};
use sudoku_core::{Cell, Grid, Transform, Variant};

/// Nodes a single fill may visit before it starts over with fresh random choices
/// (a guard against a rare long dead end in the constrained variants).
const NODE_LIMIT: u32 = 20_000;

/// A random solution grid of `variant`, drawn from `rng`.
///
/// ```
/// use rand::SeedableRng;
/// use sudoku_core::Variant;
/// let mut rng = sudoku_gen::Rng::seed_from_u64(7);
/// let grid = sudoku_gen::random_solution(Variant::Diagonal, &mut rng);
/// assert!(grid.is_full());
/// assert!(grid.check(Variant::Diagonal).is_ok());
/// ```
pub fn random_solution(variant: Variant, rng: &mut Rng) -> Grid {
    loop {
        let mut fill = Fill::new(variant);
        if fill.dfs(rng, &mut 0) {
            let grid = Grid::from_values(fill.values).unwrap_or(Grid::EMPTY);
            let transform = Transform::random(variant, rng.next_u64());
            return transform.apply(&grid);
        }
    }
}

/// The state of one randomized fill: values and the candidates of every empty
/// cell (kept up to date on every placement; a level of the search copies them
/// to undo).
struct Fill {
    variant: Variant,
    values: [u8; 81],
    cands: [u16; 81],
    /// Bit *i* set while cell *i* is empty.
    empty: u128,
}

impl Fill {
    fn new(variant: Variant) -> Fill {
        Fill {
            variant,
            values: [0; 81],
            cands: [0x1ff; 81],
            empty: (1u128 << 81) - 1,
        }
    }

    /// Fills the remaining cells; false on a dead end or when the node budget is
    /// spent.
    fn dfs(&mut self, rng: &mut Rng, nodes: &mut u32) -> bool {
        *nodes += 1;
        if *nodes > NODE_LIMIT {
            return false;
        }
        // The empty cell with fewest candidates; ties broken at random by a
        // random starting point of the scan (the empty cells as a rotated mask).
        let shift = rng.random_range(0..128u32);
        let mut rest = self.empty.rotate_right(shift);
        let mut best: Option<(usize, u32)> = None;
        while rest != 0 {
            let idx = ((rest.trailing_zeros() + shift) & 127) as usize;
            rest &= rest - 1;
            let n = self.cands[idx].count_ones();
            if n == 0 {
                return false;
            }
            if best.is_none_or(|(_, b)| n < b) {
                best = Some((idx, n));
                if n == 1 {
                    break;
                }
            }
        }
        let Some((idx, _)) = best else {
            return true; // full
        };
        let Some(cell) = Cell::new(idx) else {
            return false;
        };
        let peers = self.variant.peers(cell);
        let saved = self.cands;
        let mut cands = self.cands[idx];
        while cands != 0 {
            let pick = rng.random_range(0..cands.count_ones());
            let mut bits = cands;
            for _ in 0..pick {
                bits &= bits - 1;
            }
            let bit = bits & bits.wrapping_neg();
            cands &= !bit;
            self.values[idx] = bit.trailing_zeros() as u8 + 1;
            self.empty &= !(1u128 << idx);
            for p in peers.iter() {
                self.cands[p.index()] &= !bit;
            }
            if self.dfs(rng, nodes) {
                return true;
            }
            self.values[idx] = 0;
            self.empty |= 1u128 << idx;
            self.cands = saved;
            if *nodes > NODE_LIMIT {
                return false;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_variant_gets_valid_full_grids() {
        let mut rng = Rng::seed_from_u64(1);
        for v in Variant::ALL {
            for _ in 0..20 {
                let g = random_solution(v, &mut rng);
                assert!(g.is_full());
                assert!(g.check(v).is_ok(), "{v}");
            }
        }
    }

    #[test]
    fn same_seed_same_grid_and_grids_differ() {
        let a = random_solution(Variant::Standard, &mut Rng::seed_from_u64(5));
        let b = random_solution(Variant::Standard, &mut Rng::seed_from_u64(5));
        assert_eq!(a, b);
        let mut rng = Rng::seed_from_u64(6);
        let grids: std::collections::HashSet<Grid> = (0..50)
            .map(|_| random_solution(Variant::Standard, &mut rng))
            .collect();
        assert_eq!(grids.len(), 50);
    }

    /// Each digit should land in each cell about equally often, in every
    /// variant (a first-order test of bias: 900 grids per variant, 100 expected
    /// per digit and cell, standard deviation ≈ 9.4; the band is ± 5 of them).
    #[test]
    fn digits_spread_evenly_over_cells() {
        let mut rng = Rng::seed_from_u64(11);
        for v in Variant::ALL {
            let mut counts = [[0u32; 9]; 81];
            for _ in 0..900 {
                let g = random_solution(v, &mut rng);
                for (i, &d) in g.values().iter().enumerate() {
                    counts[i][d as usize - 1] += 1;
                }
            }
            for cell in counts {
                for c in cell {
                    assert!((53..=147).contains(&c), "{v}: {c}");
                }
            }
        }
    }
}
