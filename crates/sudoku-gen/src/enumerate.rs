//! All solutions of an under-determined puzzle, in whatever order is fastest,
//! for the low-clue walk ([`crate::walk`]).
//!
//! The walk enumerates the solutions of puzzles with one or two givens too few
//! (tens to thousands of solutions each) and counts which digit each cell has
//! in how many of them. `sudoku_solve::Solutions` enumerates in lexicographic
//! order, which the trainer's "next solution" needs and which forces it to
//! branch on the first empty cell; on such sparse puzzles that tree is much
//! larger than one that branches on the cell with the fewest candidates. This
//! search does the latter, with naked and hidden singles in every house of the
//! variant, and hands each solution to the caller. The solver crate's exact
//! count stays the judge of uniqueness: tests compare the two, and every
//! generated puzzle is checked by it before output.

use sudoku_core::{Cell, Variant};

/// The houses and peers of one variant as plain index tables.
#[derive(Clone, Debug)]
pub(crate) struct Enumerator {
    houses: Vec<[u8; 9]>,
    peers: Vec<Vec<u8>>,
}

/// Candidate digits of a cell as bits 1..=9 (0 once the cell is filled).
type Cands = [u16; 81];

/// Search state: candidates of open cells, digits of filled ones.
#[derive(Clone, Copy)]
struct Board {
    cands: Cands,
    values: [u8; 81],
}

const ALL_DIGITS: u16 = 0x3fe;

impl Enumerator {
    /// The tables of `variant`.
    pub(crate) fn new(variant: Variant) -> Enumerator {
        let houses = variant
            .houses()
            .iter()
            .map(|&h| {
                let mut cells = [0u8; 9];
                for (k, c) in Variant::house_cells(h).iter().enumerate().take(9) {
                    cells[k] = c.index() as u8;
                }
                cells
            })
            .collect();
        let peers = Cell::all()
            .map(|c| variant.peers(c).iter().map(|p| p.index() as u8).collect())
            .collect();
        Enumerator { houses, peers }
    }

    /// Calls `found` with every solution of `values` (0 for an empty cell)
    /// until it returns `false`. Returns `false` when it was stopped that way,
    /// `true` when every solution was seen. Clashing givens have no solution.
    pub(crate) fn each(&self, values: &[u8; 81], found: &mut dyn FnMut(&[u8; 81]) -> bool) -> bool {
        let mut b = Board {
            cands: [ALL_DIGITS; 81],
            values: [0; 81],
        };
        for (i, &d) in values.iter().enumerate() {
            if d != 0 && !self.place(&mut b, i, d) {
                return true;
            }
        }
        self.search(b, found)
    }

    /// Fills `cell` with `digit` and removes it from the peers. False on a
    /// contradiction (the digit was not a candidate, or a peer ran out).
    fn place(&self, b: &mut Board, cell: usize, digit: u8) -> bool {
        let bit = 1u16 << digit;
        if b.cands[cell] & bit == 0 {
            return false;
        }
        b.cands[cell] = 0;
        b.values[cell] = digit;
        for &p in &self.peers[cell] {
            let p = p as usize;
            if b.cands[p] & bit != 0 {
                b.cands[p] &= !bit;
                if b.cands[p] == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Naked and hidden singles until nothing changes. False on a
    /// contradiction.
    fn propagate(&self, b: &mut Board) -> bool {
        loop {
            let mut changed = false;
            for cell in 0..81 {
                let c = b.cands[cell];
                if c != 0 && c & (c - 1) == 0 {
                    if !self.place(b, cell, c.trailing_zeros() as u8) {
                        return false;
                    }
                    changed = true;
                }
            }
            for house in &self.houses {
                let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
                for &c in house {
                    let m = b.cands[c as usize];
                    twice |= once & m;
                    once |= m;
                    placed |= 1 << b.values[c as usize];
                }
                if (once | placed) & ALL_DIGITS != ALL_DIGITS {
                    return false;
                }
                let mut hidden = once & !twice & !placed & ALL_DIGITS;
                while hidden != 0 {
                    let digit = hidden.trailing_zeros() as u8;
                    hidden &= hidden - 1;
                    let bit = 1u16 << digit;
                    let Some(&cell) = house.iter().find(|&&c| b.cands[c as usize] & bit != 0)
                    else {
                        // An earlier single of this round took the digit's
                        // last place.
                        return false;
                    };
                    if !self.place(b, cell as usize, digit) {
                        return false;
                    }
                    changed = true;
                }
            }
            if !changed {
                return true;
            }
        }
    }

    fn search(&self, mut b: Board, found: &mut dyn FnMut(&[u8; 81]) -> bool) -> bool {
        if !self.propagate(&mut b) {
            return true;
        }
        let mut best = usize::MAX;
        let mut fewest = u32::MAX;
        for (i, &c) in b.cands.iter().enumerate() {
            if c != 0 {
                let n = c.count_ones();
                if n < fewest {
                    fewest = n;
                    best = i;
                    if n == 2 {
                        break;
                    }
                }
            }
        }
        if best == usize::MAX {
            return found(&b.values);
        }
        let mut digits = b.cands[best];
        while digits != 0 {
            let d = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            let mut next = b;
            if self.place(&mut next, best, d) && !self.search(next, found) {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{random_solution, rng_for};
    use rand::RngExt;
    use sudoku_core::Grid;

    /// The count agrees with the solver crate's on random under-determined
    /// puzzles of every variant, and every solution is one.
    #[test]
    fn counts_agree_with_the_exact_solver() {
        let mut rng = rng_for(7, 0);
        for v in Variant::ALL {
            let e = Enumerator::new(v);
            for _ in 0..20 {
                let solution = random_solution(v, &mut rng);
                let mut values = *solution.values();
                let keep = rng.random_range(18..30);
                let mut cells: Vec<usize> = (0..81).collect();
                rand::seq::SliceRandom::shuffle(&mut cells[..], &mut rng);
                for &i in &cells[keep..] {
                    values[i] = 0;
                }
                let puzzle = Grid::from_values(values).expect("digits");
                let mut n = 0u64;
                let complete = e.each(&values, &mut |s| {
                    let g = Grid::from_values(*s).expect("digits");
                    assert!(g.is_solution_of(&puzzle, v), "{v}");
                    n += 1;
                    n < 5000
                });
                let exact = sudoku_solve::count(&puzzle, v, Some(5000));
                assert_eq!(n, exact, "{v}");
                assert_eq!(complete, exact < 5000, "{v}");
            }
        }
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let mut values = [0u8; 81];
        values[0] = 5;
        values[1] = 5;
        let mut n = 0;
        assert!(Enumerator::new(Variant::Standard).each(&values, &mut |_| {
            n += 1;
            true
        }));
        assert_eq!(n, 0);
    }
}
