//! The board for any variant: one 81-bit candidate mask per digit and a house list.
//!
//! The variant enters only as data, the cell masks of its houses and the peers of
//! every cell, so diagonal, colour and colour-diagonal Sudoku (and standard, which
//! the tests use to cross-check [`crate::standard`]) share this code.
//!
//! Propagation, repeated until nothing changes:
//!
//! * **naked singles** to a fixpoint, found for all cells at once with bit-sliced
//!   counters over the nine digit masks (a cell without candidates is a
//!   contradiction);
//! * one sweep of **hidden singles** over every house of the variant (rows,
//!   columns, boxes, diagonals, colour groups), digit by digit. Each digit keeps the
//!   set of houses it is not placed in yet, so the sweep only visits those; a house
//!   left without a place for its digit is a contradiction.
//!
//! Branching (the fast order) takes a cell with two candidates when there is one,
//! among those the cell with the most unsolved peers (its choice settles most);
//! otherwise a digit with only two places left in some house; otherwise a cell
//! with the fewest candidates. Both children of a split are binary: place the
//! digit, or remove it. Low-clue variant puzzles, which have no cell with two
//! candidates near the root, owe their speed to the house branch: a nearly empty
//! grid splits into few, strongly constrained halves instead of nine weak ones.
//!
//! Locked candidates were measured and left out: over any two overlapping houses
//! they halve the nodes but triple the time (`benches/variants.rs`, BENCHMARKS.md).

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
    /// The houses of each cell, bit `i` standing for `houses[i]`.
    cell_houses: [u64; 81],
    /// Every house, bit `i` standing for `houses[i]`.
    all_houses: u64,
}

impl Geometry {
    fn of(variant: Variant) -> Geometry {
        let houses: Vec<u128> = variant
            .houses()
            .iter()
            .map(|&h| Variant::house_cells(h).bits())
            .collect();
        // At most 38 houses (colour-diagonal), so a u64 indexes them.
        debug_assert!(houses.len() < 64);
        let mut peers = [0u128; 81];
        let mut cell_houses = [0u64; 81];
        for i in 0..81 {
            for (j, &h) in houses.iter().enumerate() {
                if h >> i & 1 != 0 {
                    peers[i] |= h;
                    cell_houses[i] |= 1 << j;
                }
            }
            peers[i] &= !(1 << i);
        }
        Geometry {
            all_houses: (1u64 << houses.len()) - 1,
            houses,
            peers,
            cell_houses,
        }
    }

    /// The geometry of `variant`, built on first use.
    pub(crate) fn get(variant: Variant) -> &'static Geometry {
        const N: usize = Variant::ALL.len();
        static CACHE: [OnceLock<Geometry>; N] = [const { OnceLock::new() }; N];
        // `ALL` lists every variant.
        let slot = Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0);
        CACHE[slot].get_or_init(|| Geometry::of(Variant::ALL[slot]))
    }
}

/// A position of any variant.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HouseBoard {
    /// Candidate cells of each digit; a placed digit keeps the bit of its cell,
    /// and no other digit has it.
    cand: [u128; 9],
    /// Cells without a digit yet.
    unsolved: u128,
    /// Per digit, the houses it is not placed in yet (bit `i` for house `i`).
    open: [u64; 9],
    geometry: &'static Geometry,
}

impl HouseBoard {
    /// The position of `puzzle`'s givens as `variant`; `None` when givens clash.
    pub(crate) fn new(puzzle: &Grid, variant: Variant) -> Option<HouseBoard> {
        let geometry = Geometry::get(variant);
        let mut board = HouseBoard {
            cand: [ALL; 9],
            unsolved: ALL,
            open: [geometry.all_houses; 9],
            geometry,
        };
        for (cell, &v) in puzzle.values().iter().enumerate() {
            if v != 0 {
                let d = usize::from(v - 1);
                if board.cand[d] >> cell & 1 == 0 {
                    return None;
                }
                board.assign(d, cell);
            }
        }
        Some(board)
    }

    /// The first digit (in ascending order) that is a candidate of `cell`.
    #[inline(always)]
    fn first_digit(&self, cell: usize) -> usize {
        (0..9).find(|&d| self.cand[d] >> cell & 1 != 0).unwrap_or(0)
    }

    /// Puts digit `d` into `cell`, where it must be a candidate.
    #[inline(always)]
    fn assign(&mut self, d: usize, cell: usize) {
        let bit = 1u128 << cell;
        for c in &mut self.cand {
            *c &= !bit;
        }
        self.cand[d] = (self.cand[d] & !self.geometry.peers[cell]) | bit;
        self.unsolved &= !bit;
        self.open[d] &= !self.geometry.cell_houses[cell];
    }

    /// Places naked singles until none is left; `false` on a contradiction (a cell
    /// without candidates, or two singles of one digit seeing each other).
    #[inline(always)]
    fn naked_singles(&mut self) -> bool {
        loop {
            let (mut one, mut two) = (0u128, 0u128);
            for &m in &self.cand {
                two |= one & m;
                one |= m;
            }
            let unsolved = self.unsolved;
            if unsolved & !one != 0 {
                return false;
            }
            let singles = unsolved & !two;
            if singles == 0 {
                return true;
            }
            // A single's cell is a candidate of its digit only, so placing it only
            // clears the digit's peers.
            for d in 0..9 {
                let mut s = singles & self.cand[d];
                while s != 0 {
                    let cell = s.trailing_zeros() as usize;
                    if self.cand[d] >> cell & 1 == 0 {
                        return false; // cleared by a single of the same digit
                    }
                    self.cand[d] &= !self.geometry.peers[cell];
                    self.open[d] &= !self.geometry.cell_houses[cell];
                    s &= s - 1;
                }
            }
            self.unsolved &= !singles;
        }
    }

    /// One sweep of hidden singles over the houses each digit is not placed in:
    /// `None` on a contradiction, else whether any digit was placed.
    #[inline(always)]
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut found = false;
        for d in 0..9 {
            let mut open = self.open[d];
            while open != 0 {
                let h = self.geometry.houses[open.trailing_zeros() as usize];
                open &= open - 1;
                // The digit is not placed in the house, so these are unsolved cells.
                let m = self.cand[d] & h;
                if m & m.wrapping_sub(1) == 0 {
                    if m == 0 {
                        return None;
                    }
                    self.assign(d, m.trailing_zeros() as usize);
                    open &= self.open[d];
                    found = true;
                }
            }
        }
        Some(found)
    }

    /// The branch point of the fast order: `(cell, digit)`.
    fn fast_branch(&self) -> (usize, usize) {
        let u = self.unsolved;
        let (mut one, mut two, mut three, mut four) = (0u128, 0u128, 0u128, 0u128);
        for &m in &self.cand {
            four |= three & m;
            three |= two & m;
            two |= one & m;
            one |= m;
        }
        let mut pairs = u & two & !three;
        if pairs != 0 {
            let (mut best, mut best_score) = (0, 0);
            while pairs != 0 {
                let cell = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let score = (self.geometry.peers[cell] & u).count_ones();
                if score > best_score {
                    (best, best_score) = (cell, score);
                }
            }
            return (best, self.first_digit(best));
        }
        for d in 0..9 {
            let mut open = self.open[d];
            while open != 0 {
                let h = self.geometry.houses[open.trailing_zeros() as usize];
                open &= open - 1;
                let m = self.cand[d] & h;
                if m.count_ones() == 2 {
                    return (m.trailing_zeros() as usize, d);
                }
            }
        }
        let triples = u & three & !four;
        let cell = if triples != 0 { triples } else { u }.trailing_zeros() as usize;
        (cell, self.first_digit(cell))
    }
}

impl Board for HouseBoard {
    fn propagate(&mut self) -> bool {
        loop {
            if !self.naked_singles() {
                return false;
            }
            if self.unsolved == 0 {
                return true;
            }
            match self.hidden_singles() {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    fn split(&mut self, first: &mut Self, order: Order) {
        let (cell, d) = match order {
            Order::Lexicographic => {
                let cell = (self.unsolved.trailing_zeros() as usize).min(80);
                (cell, self.first_digit(cell))
            }
            Order::Fast => self.fast_branch(),
        };
        self.cand[d] &= !(1u128 << cell);
        if first.cand[d] >> cell & 1 != 0 {
            first.assign(d, cell);
        } else {
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
