//! The board for any variant: one 81-bit candidate mask per digit and a house list.
//!
//! The variant enters only as data, the cell masks of its houses and the peers of
//! every cell, so diagonal, colour and colour-diagonal Sudoku (and standard, which
//! the tests use to cross-check [`crate::standard`]) share this code. Deductions are
//! naked singles (bit-sliced counters over the nine digit masks), hidden singles in
//! every house, and locked candidates between any two houses that share two or more
//! cells (box/line, and also diagonal/box, colour group/row and so on).

use crate::search::{Board, Order};
use std::sync::OnceLock;
use sudoku_core::{Grid, Variant};

/// All 81 cells.
const ALL: u128 = (1 << 81) - 1;

/// The houses of a variant as masks, precomputed once per variant.
#[derive(Debug)]
pub(crate) struct Geometry {
    /// The cells of each house.
    houses: Vec<u128>,
    /// The peers of each cell.
    peers: [u128; 81],
    /// Pairs of houses `(a, b)` sharing at least two cells, with the cells of `b`
    /// outside `a`.
    overlaps: Vec<(u128, u128, u128)>,
}

impl Geometry {
    fn of(variant: Variant) -> Geometry {
        let houses: Vec<u128> = variant
            .houses()
            .iter()
            .map(|&h| Variant::house_cells(h).bits())
            .collect();
        let mut peers = [0u128; 81];
        for (i, p) in peers.iter_mut().enumerate() {
            for &h in &houses {
                if h >> i & 1 != 0 {
                    *p |= h;
                }
            }
            *p &= !(1 << i);
        }
        let mut overlaps = Vec::new();
        for &a in &houses {
            for &b in &houses {
                let shared = a & b;
                if a != b && shared.count_ones() >= 2 {
                    overlaps.push((a, b, b & !a));
                }
            }
        }
        Geometry {
            houses,
            peers,
            overlaps,
        }
    }

    /// The geometry of `variant`, built on first use.
    pub(crate) fn get(variant: Variant) -> &'static Geometry {
        static CACHE: [OnceLock<Geometry>; 4] = [const { OnceLock::new() }; 4];
        let slot = match variant {
            Variant::Standard => 0,
            Variant::Diagonal => 1,
            Variant::Color => 2,
            _ => 3,
        };
        CACHE[slot].get_or_init(|| Geometry::of(variant))
    }
}

/// A position of any variant.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HouseBoard {
    /// Candidate cells of each digit; a placed digit keeps the bit of its cell.
    cand: [u128; 9],
    /// Cells without a digit yet.
    unsolved: u128,
    geometry: &'static Geometry,
}

impl HouseBoard {
    /// The position of `puzzle`'s givens as `variant`; `None` when givens clash.
    pub(crate) fn new(puzzle: &Grid, variant: Variant) -> Option<HouseBoard> {
        let mut board = HouseBoard {
            cand: [ALL; 9],
            unsolved: ALL,
            geometry: Geometry::get(variant),
        };
        for (cell, &v) in puzzle.values().iter().enumerate() {
            if v != 0 && !board.place(usize::from(v - 1), cell) {
                return None;
            }
        }
        Some(board)
    }

    /// Puts digit `d` into `cell`; `false` when `d` is no longer a candidate there.
    #[inline(always)]
    fn place(&mut self, d: usize, cell: usize) -> bool {
        let bit = 1u128 << cell;
        if self.cand[d] & bit == 0 {
            return false;
        }
        self.cand[d] &= !self.geometry.peers[cell];
        for c in &mut self.cand {
            *c &= !bit;
        }
        self.cand[d] |= bit;
        self.unsolved &= !bit;
        true
    }

    /// Places naked singles: `None` on a contradiction, else whether any was placed.
    fn naked_singles(&mut self) -> Option<bool> {
        let (mut one, mut two) = (0u128, 0u128);
        for &m in &self.cand {
            two |= one & m;
            one |= m;
        }
        if self.unsolved & !one != 0 {
            return None;
        }
        let mut singles = self.unsolved & !two;
        let found = singles != 0;
        while singles != 0 {
            let cell = singles.trailing_zeros() as usize;
            let d = (0..9).find(|&d| self.cand[d] >> cell & 1 != 0)?;
            if !self.place(d, cell) {
                return None;
            }
            singles &= singles - 1;
        }
        Some(found)
    }

    /// Places hidden singles: `None` on a contradiction, else whether any was placed.
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut found = false;
        for d in 0..9 {
            for &h in &self.geometry.houses {
                let m = self.cand[d] & h;
                if m == 0 {
                    return None;
                }
                if m & (m - 1) == 0 && m & self.unsolved != 0 {
                    if !self.place(d, m.trailing_zeros() as usize) {
                        return None;
                    }
                    found = true;
                }
            }
        }
        Some(found)
    }

    /// Removes candidates by locked candidates: when a digit's cells in one house
    /// all lie in a second house, the rest of the second house loses the digit.
    /// Returns whether anything was removed.
    fn locked_candidates(&mut self) -> bool {
        let mut found = false;
        for d in 0..9 {
            for &(a, b, b_only) in &self.geometry.overlaps {
                let m = self.cand[d] & self.unsolved;
                let inside = m & a;
                if inside != 0 && inside & !b == 0 && m & b_only != 0 {
                    self.cand[d] &= !b_only;
                    found = true;
                }
            }
        }
        found
    }
}

impl Board for HouseBoard {
    fn propagate(&mut self) -> bool {
        loop {
            if self.unsolved == 0 {
                return true;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.hidden_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.locked_candidates() {
                return true;
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    fn split(&mut self, first: &mut Self, order: Order) {
        let first_unsolved = self.unsolved.trailing_zeros() as usize;
        let cell = match order {
            Order::Lexicographic => first_unsolved,
            Order::Fast => {
                let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
                for &m in &self.cand {
                    three |= two & m;
                    two |= one & m;
                    one |= m;
                }
                let pairs = self.unsolved & two & !three;
                if pairs != 0 {
                    pairs.trailing_zeros() as usize
                } else {
                    first_unsolved
                }
            }
        }
        .min(80);
        let d = (0..9).find(|&d| self.cand[d] >> cell & 1 != 0).unwrap_or(0);
        self.cand[d] &= !(1u128 << cell);
        if !first.place(d, cell) {
            // Only when `cell` has no candidate at all: a dead position.
            first.cand = [0; 9];
        }
    }

    fn to_grid(&self) -> Grid {
        let mut values = [0u8; 81];
        for (d, &m) in self.cand.iter().enumerate() {
            let mut m = m & !self.unsolved;
            while m != 0 {
                values[m.trailing_zeros() as usize] = d as u8 + 1;
                m &= m - 1;
            }
        }
        Grid::from_values(values).unwrap_or_default()
    }
}
