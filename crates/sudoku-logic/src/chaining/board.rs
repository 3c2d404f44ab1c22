//! The chaining engine's own view of a position: candidate bits per cell and
//! per digit, plus each cell's houses in the order Sudoku Explainer visits
//! them (box, row, column, then diagonals and colour groups).
//!
//! Propagation copies and shrinks this small plain value (no heap) many
//! thousand times per puzzle, so it stays separate from [`Candidates`], whose
//! invariants (placed digits, written marks) the engine does not need.

use crate::Candidates;
use std::borrow::Cow;
use std::sync::OnceLock;
use sudoku_core::{Cell, House, HouseKind, Variant};

/// Candidate bits of a position: `cells[c]` has bit `d` (0-based digit) set
/// when `d + 1` may go into cell `c`; `digits[d]` has bit `c` set likewise.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Board {
    pub(crate) cells: [u16; 81],
    pub(crate) digits: [u128; 9],
    /// The empty cells of the position (never changed by propagation).
    pub(crate) empty: u128,
    /// How often each digit is placed (never changed by propagation).
    pub(crate) placed: [u8; 9],
}

impl Board {
    /// The cells with exactly two candidates, counted over the digits'
    /// places at once (at least one, two, three candidates so far).
    pub(crate) fn bivalue_cells(&self) -> u128 {
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for &x in &self.digits {
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        two & !three
    }

    /// The candidates of `pos` (placed cells have none).
    pub(crate) fn of(pos: &Candidates) -> Board {
        let mut b = Board {
            cells: [0; 81],
            digits: [0; 9],
            empty: pos.empty_cells().bits(),
            placed: [0; 9],
        };
        for cell in Cell::all() {
            if let Some(d) = pos.get(cell) {
                b.placed[d.index()] += 1;
            }
        }
        for cell in pos.empty_cells().iter() {
            let bits = pos.candidates(cell).bits();
            // DigitSet keeps digit d at bit d - 1 (checked by a test below).
            b.cells[cell.index()] = bits;
            let mut m = bits;
            while m != 0 {
                let d = m.trailing_zeros() as usize;
                m &= m - 1;
                b.digits[d] |= 1u128 << cell.index();
            }
        }
        b
    }

    #[inline]
    pub(crate) fn remove(&mut self, cell: usize, digit: usize) {
        self.cells[cell] &= !(1 << digit);
        self.digits[digit] &= !(1u128 << cell);
    }
}

/// The houses of a variant as the engine walks them.
#[derive(Clone)]
pub(crate) struct Geometry {
    /// Per cell: its houses (global indices) in SE's order, `count` of them.
    pub(crate) houses_of: [[u8; 5]; 81],
    pub(crate) house_count: [u8; 81],
    /// Per global house index: its cells.
    pub(crate) mask: [u128; House::COUNT],
    /// Per house (global index), its nine cells.
    pub(crate) cells: [[u8; 9]; House::COUNT],
    /// The houses of the variant in SE's order of region types (boxes, rows,
    /// columns, then the rest).
    pub(crate) houses: Vec<u8>,
    /// The variant's boxes, rows and columns by index, and its other houses
    /// (diagonals, colour groups), for the nested rules.
    pub(crate) boxes: Vec<usize>,
    pub(crate) rows: Vec<usize>,
    pub(crate) cols: Vec<usize>,
    pub(crate) extras: Vec<usize>,
    /// Per cell: the other cells of its houses.
    pub(crate) peers: [u128; 81],
    /// The pairs of distinct houses that meet, in the order the nested
    /// locked-candidates rule asks them (SE's: boxes against columns, then
    /// rows, columns and rows against boxes, then the variant's extra houses
    /// against the others and back).
    pub(crate) locking: Vec<Meeting>,
}

/// Two houses that meet, as the nested locked-candidates rule reads them:
/// a digit whose places in the first lie all where they meet leaves the
/// rest of the second.
#[derive(Clone, Copy)]
pub(crate) struct Meeting {
    /// The houses (global indices).
    pub(crate) first: u8,
    pub(crate) second: u8,
    /// Whether the first is a box (pointing; else claiming).
    pub(crate) is_box: bool,
    /// The cells of the first only, of both, and of the second only.
    pub(crate) first_only: u128,
    pub(crate) both: u128,
    pub(crate) second_only: u128,
}

fn rank(h: House) -> u8 {
    match h.kind() {
        HouseKind::Box => 0,
        HouseKind::Row => 1,
        HouseKind::Column => 2,
        HouseKind::Diagonal => 3,
        _ => 4,
    }
}

impl Geometry {
    /// The geometry of `variant`, built once per process for the variants
    /// known here.
    pub(crate) fn of(variant: Variant) -> Cow<'static, Geometry> {
        static BUILT: [OnceLock<Geometry>; 4] = [const { OnceLock::new() }; 4];
        match Variant::ALL.iter().position(|&v| v == variant) {
            Some(i) => Cow::Borrowed(BUILT[i].get_or_init(|| Geometry::new(variant))),
            None => Cow::Owned(Geometry::new(variant)),
        }
    }

    pub(crate) fn new(variant: Variant) -> Geometry {
        let mut g = Geometry {
            houses_of: [[0; 5]; 81],
            house_count: [0; 81],
            mask: [0; House::COUNT],
            cells: [[0; 9]; House::COUNT],
            houses: Vec::new(),
            boxes: Vec::new(),
            rows: Vec::new(),
            cols: Vec::new(),
            extras: Vec::new(),
            peers: [0; 81],
            locking: Vec::new(),
        };
        for h in House::all() {
            g.mask[h.index()] = Variant::house_cells(h).bits();
            for (slot, c) in g.cells[h.index()]
                .iter_mut()
                .zip(Variant::house_cells(h).iter())
            {
                *slot = c.index() as u8;
            }
        }
        let mut all: Vec<House> = variant.houses().to_vec();
        all.sort_by_key(|&h| (rank(h), h.index()));
        g.houses = all.iter().map(|h| h.index() as u8).collect();
        for h in &all {
            let list = match h.kind() {
                HouseKind::Box => &mut g.boxes,
                HouseKind::Row => &mut g.rows,
                HouseKind::Column => &mut g.cols,
                _ => &mut g.extras,
            };
            list.push(h.index());
        }
        for cell in Cell::all() {
            let mut hs: Vec<House> = variant.houses_of(cell).to_vec();
            hs.sort_by_key(|&h| (rank(h), h.index()));
            let i = cell.index();
            for (k, h) in hs.iter().take(5).enumerate() {
                g.houses_of[i][k] = h.index() as u8;
            }
            g.house_count[i] = hs.len().min(5) as u8;
            // The houses the engine walks (`houses_of`), no more.
            g.peers[i] = hs.iter().take(5).fold(0, |m, h| m | g.mask[h.index()]) & !(1u128 << i);
        }
        let std: Vec<usize> = g
            .boxes
            .iter()
            .chain(&g.rows)
            .chain(&g.cols)
            .copied()
            .collect();
        let orders: [(&[usize], &[usize]); 6] = [
            (&g.boxes, &g.cols),
            (&g.boxes, &g.rows),
            (&g.cols, &g.boxes),
            (&g.rows, &g.boxes),
            (&g.extras, &std),
            (&std, &g.extras),
        ];
        let mut locking = Vec::new();
        for (t1, t2) in orders {
            for &r1 in t1 {
                for &r2 in t2 {
                    let (m1, m2) = (g.mask[r1], g.mask[r2]);
                    if r1 != r2 && m1 & m2 != 0 {
                        locking.push(Meeting {
                            first: r1 as u8,
                            second: r2 as u8,
                            is_box: g.boxes.contains(&r1),
                            first_only: m1 & !m2,
                            both: m1 & m2,
                            second_only: m2 & !m1,
                        });
                    }
                }
            }
        }
        g.locking = locking;
        g
    }

    #[inline]
    pub(crate) fn houses_of(&self, cell: usize) -> &[u8] {
        &self.houses_of[cell][..self.house_count[cell] as usize]
    }
}

/// Whether the cell mask `m` has exactly two bits (without a popcount, which
/// the default x86-64 target computes in software).
#[inline]
pub(crate) fn two_cells(m: u128) -> bool {
    // Two population counts (x86-64-v2, `.cargo/config.toml`) are fewer
    // instructions than clearing the lowest bit twice across 128 bits.
    m.count_ones() == 2
}

/// Whether the digit mask `m` has exactly two bits.
#[inline]
pub(crate) fn two_digits(m: u16) -> bool {
    m.count_ones() == 2
}

/// The cell of the two-cell mask `m` other than `c` (the far end of a strong
/// link in a house); the lower one when `c` is not in `m`.
#[inline]
pub(crate) fn other_cell(m: u128, c: usize) -> usize {
    (m & !(1u128 << c)).trailing_zeros() as usize
}

/// The digit of the two-digit mask `m` other than `d` (a bivalue cell's other
/// candidate); the lower one when `d` is not in `m`.
#[inline]
pub(crate) fn other_digit(m: u16, d: usize) -> usize {
    (m & !(1u16 << d)).trailing_zeros() as usize
}

/// Iterates the set bits of a cell mask in ascending order.
#[inline]
pub(crate) fn cells_of(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(c)
        }
    })
}

/// Iterates the set bits of a digit mask in ascending order.
#[inline]
pub(crate) fn digits_of(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(d)
        }
    })
}

#[cfg(test)]
mod tests {
    use sudoku_core::{Digit, DigitSet};

    /// Every house's cell list holds its nine cells (the screens count a
    /// house's places of all digits at once over it).
    #[test]
    fn house_cell_lists_match_the_masks() {
        for variant in sudoku_core::Variant::ALL {
            let geo = super::Geometry::new(variant);
            for &h in &geo.houses {
                let h = usize::from(h);
                let listed = geo.cells[h].iter().fold(0u128, |m, &c| m | 1u128 << c);
                assert_eq!(listed, geo.mask[h], "{variant:?} house {h}");
                assert_eq!(geo.mask[h].count_ones(), 9, "{variant:?} house {h}");
            }
        }
    }

    #[test]
    fn digit_bits_are_zero_based() {
        assert_eq!(DigitSet::single(Digit::new(1).expect("digit")).bits(), 1);
    }

    /// The bivalue cells counted over the digits' places are the cells
    /// whose own candidates number two, on boards thinned step by step.
    #[test]
    fn bivalue_cells_are_the_cells_with_two_candidates() {
        let grid: sudoku_core::Grid =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
                .parse()
                .expect("a puzzle");
        let mut pos =
            crate::Candidates::new(&grid, sudoku_core::Variant::Standard).expect("a position");
        pos.write_candidates();
        let mut board = super::Board::of(&pos);
        let mut checked = 0;
        for step in 0..729 {
            let by_cell = (0..81).fold(0u128, |a, c| {
                a | u128::from(board.cells[c].count_ones() == 2) << c
            });
            assert_eq!(board.bivalue_cells(), by_cell, "after {step} removals");
            checked += by_cell.count_ones();
            let (c, d) = (step * 7 % 81, step * 5 % 9);
            if board.cells[c].count_ones() > 1 && board.cells[c] >> d & 1 != 0 {
                board.remove(c, d);
            }
        }
        assert!(checked > 0, "some boards have bivalue cells");
    }
}
