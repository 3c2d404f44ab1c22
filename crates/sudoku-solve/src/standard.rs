//! The specialised board for standard Sudoku: one 27-bit mask per digit and band.
//!
//! A band is three rows. For every digit and band a `u32` holds the cells of the band
//! (bit `row_in_band * 9 + column`) where the digit may still go. Working band by
//! band lets one digit's update do several deductions with a handful of operations:
//!
//! * **locked candidates inside the band**: in a band a digit occupies one
//!   mini-row (three cells of a row inside a box) per row and per box, so the live
//!   mini-rows must contain a permutation; a 512-entry table keeps only the
//!   mini-rows lying on some permutation (pointing and claiming both fall out);
//! * **hidden singles** in rows (a row left with one cell) and, through the table,
//!   in boxes; a placed digit clears its column in the other bands and its cell for
//!   the other digits;
//! * **naked singles**, found for a whole band at once with bit-sliced counters
//!   over the nine digits.
//!
//! The entries are updated in sweeps over all 27, band by band; an entry equal to
//! its copy from its last update is skipped, so removing candidates from other
//! entries is a bare AND and the removals caused by the digits one update places
//! are done once, together. Sweeps repeat until one places nothing; then come
//! the naked singles and a column pass (hidden singles in columns, box/column
//! locked candidates). The branch cell is the cell with two candidates whose
//! digits have the most candidates among its peers. The idea of band masks comes
//! from JCZSolve; this is an independent implementation.

use crate::search::{Board, Order};
use sudoku_core::Grid;

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The cells of each row of a band.
const ROW: [u32; 3] = [0x1ff, 0x1ff << 9, 0x1ff << 18];
/// The cells of the rows in a 3-bit row set.
const ROWS: [u32; 8] = [
    0,
    ROW[0],
    ROW[1],
    ROW[0] | ROW[1],
    ROW[2],
    ROW[0] | ROW[2],
    ROW[1] | ROW[2],
    ROW[0] | ROW[1] | ROW[2],
];
/// For live mini-rows (bit `row * 3 + box`): the rows holding one (3 bits).
const LIVE_ROWS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut v = 0;
    while v < 512 {
        let mut r = 0;
        while r < 3 {
            if v >> (3 * r) & 7 != 0 {
                t[v] |= 1 << r;
            }
            r += 1;
        }
        v += 1;
    }
    t
};

/// For live mini-rows (bit `row * 3 + box`): the boxes holding one (3 bits).
const LIVE_BOXES: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut v = 0;
    while v < 512 {
        let mut k = 0;
        while k < 3 {
            if v >> k & 0b1001001 != 0 {
                t[v] |= 1 << k;
            }
            k += 1;
        }
        v += 1;
    }
    t
};

/// The number of bits of a 3-bit value.
const COUNT3: [u8; 8] = [0, 1, 1, 2, 1, 2, 2, 3];

/// For a set of boxes of a band (3 bits), their columns (9 bits).
const BOX_COLUMNS: [u32; 8] = [0, 7, 0x38, 0x3f, 0x1c0, 0x1c7, 0x1f8, 0x1ff];
/// The columns of `cols` (9 bits) in all three rows of a band.
const fn columns(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// For the 9 cells of a row: bit `k` set when box `k` holds one of them.
const SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut v = 0;
    while v < 512 {
        let mut k = 0;
        while k < 3 {
            if v >> (3 * k) & 7 != 0 {
                t[v] |= 1 << k;
            }
            k += 1;
        }
        v += 1;
    }
    t
};

/// For a 3×3 pattern of live places (bit `row * 3 + column`), the places that lie on
/// a permutation (one per row and column) of live places; 0 if there is none. In a
/// band the rows are rows and the columns boxes; in a stack the rows are bands and
/// the columns are columns.
const MATCHING: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut live = 0;
    while live < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = sudoku_core::PERMS3[p];
            let perm = [perm[0] as usize, perm[1] as usize, perm[2] as usize];
            if live >> perm[0] & 1 != 0
                && live >> (3 + perm[1]) & 1 != 0
                && live >> (6 + perm[2]) & 1 != 0
            {
                t[live] |= 1 << perm[0] | 1 << (3 + perm[1]) | 1 << (6 + perm[2]);
            }
            p += 1;
        }
        live += 1;
    }
    t
};

/// For the live mini-rows of a band (bit `row * 3 + box`): the cells of the
/// mini-rows that lie on a permutation of live mini-rows, 0 if there is none.
const LOCKED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut live = 0;
    while live < 512 {
        let keep = MATCHING[live];
        let mut p = 0;
        while p < 9 {
            if keep >> p & 1 != 0 {
                t[live] |= 7 << (p / 3 * 9 + p % 3 * 3);
            }
            p += 1;
        }
        live += 1;
    }
    t
};

/// For each cell of a band, the other cells of the band in its row, column or box
/// (padded to 32 entries so that an index masked with 31 needs no bounds check).
const PEERS: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let boxx = 7 << (c / 3 * 3);
        t[i] = (ROW[r] | columns(1 << c) | columns(boxx)) & !(1 << i);
        i += 1;
    }
    t
};

/// [`PEERS`] in both halves of a `u64`.
const PEERS2: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = PEERS[i] as u64 * 0x1_0000_0001;
        i += 1;
    }
    t
};

/// For each cell of a band, the three cells of its column in the band, in both
/// halves of a `u64` (padded like [`PEERS`]).
const COLUMN2: [u64; 32] = {
    let mut t = [0u64; 32];
    let mut i = 0;
    while i < 27 {
        t[i] = columns(1 << (i % 9)) as u64 * 0x1_0000_0001;
        i += 1;
    }
    t
};

/// The live mini-rows of a band mask, bit `row * 3 + box`.
#[inline(always)]
fn live_minirows(m: u32) -> usize {
    (SHRINK[(m & 0x1ff) as usize] as usize
        | (SHRINK[(m >> 9 & 0x1ff) as usize] as usize) << 3
        | (SHRINK[(m >> 18 & 0x1ff) as usize] as usize) << 6)
        & 0x1ff
}

/// The column pass runs only with at least this many unsolved cells: below, it
/// costs more than the branches it saves (counting millions of solutions spends
/// most of its time there).
const COLUMN_PASS_FROM: u32 = 25;

/// Below this many unsolved cells the branch cell is chosen without scoring (see
/// [`BandBoard::branch_cell`]); this matters when counting millions of solutions.
const CHEAP_BRANCH_BELOW: u32 = 20;

/// The SWAR popcount of `x` up to 4-bit fields: each nibble holds the number of
/// set bits among its four (at most 4).
#[inline(always)]
fn nibble_counts(x: u64) -> u64 {
    let x = x - (x >> 1 & 0x5555_5555_5555_5555);
    (x & 0x3333_3333_3333_3333) + (x >> 2 & 0x3333_3333_3333_3333)
}

/// A standard Sudoku position as band masks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BandBoard {
    /// Candidate cells of digit `d` in band `b` at index `b * 9 + d`. A placed digit
    /// keeps the bit of its cell.
    cand: [u32; 27],
    /// Cells of each band without a digit yet.
    unsolved: [u32; 3],
    /// Each entry of `cand` as it was after its last update: an entry differing
    /// from it needs an update (JCZSolve's comparison copy; removals stay a bare AND).
    done: [u32; 27],
    /// The entries a pass outside the entry updates removed candidates from since
    /// the last update of all entries (bit `b * 9 + d`); every other entry is up
    /// to date then.
    touched: u32,
    /// Whether the current sweep of entry updates placed a digit.
    placed_any: bool,
    /// Digits whose masks changed since the last column pass.
    digits_pending: u16,
    /// Bands whose masks changed since the last naked-single pass.
    bands_pending: u8,
    /// For each digit and band, the rows (bits 0..3) where the digit is not placed.
    rows_left: [u8; 27],
    /// For each digit, the columns (bits 0..9) where it is not placed.
    cols_left: [u16; 9],
}

impl BandBoard {
    /// The position of `puzzle`'s givens; `None` when two givens already clash.
    pub(crate) fn new(puzzle: &Grid) -> Option<BandBoard> {
        let mut given = [0u32; 27];
        let mut unsolved = [BAND; 3];
        let mut total = 0;
        for (cell, &v) in puzzle.values().iter().enumerate() {
            if (1..=9).contains(&v) {
                let (b, bit) = (cell / 27, 1u32 << (cell % 27));
                given[b * 9 + usize::from(v - 1)] |= bit;
                unsolved[b] &= !bit;
                total += 1;
            }
        }
        let mut cand = [BAND; 27];
        let mut rows_left = [7u8; 27];
        let mut cols_left = [0x1ff_u16; 9];
        // The number of (digit, house) pairs holding a given: three per given
        // (row, column, box) unless two givens of a digit share a house.
        let mut houses = 0;
        for d in 0..9 {
            let mut cols = 0;
            let mut blocked = [0u32; 3];
            for b in 0..3 {
                let g = given[b * 9 + d];
                let live = live_minirows(g);
                let (rows, boxes) = (LIVE_ROWS[live], LIVE_BOXES[live]);
                houses += u32::from(COUNT3[usize::from(rows)] + COUNT3[usize::from(boxes)]);
                cols |= (g | g >> 9 | g >> 18) & 0x1ff;
                rows_left[b * 9 + d] = 7 & !rows;
                blocked[b] = ROWS[usize::from(rows)] | columns(BOX_COLUMNS[usize::from(boxes)]);
            }
            houses += cols.count_ones();
            cols_left[d] = 0x1ff & !cols as u16;
            for b in 0..3 {
                let g = given[b * 9 + d];
                cand[b * 9 + d] = unsolved[b] & !blocked[b] & !columns(cols) | g;
            }
        }
        if houses != 3 * total {
            return None;
        }
        Some(BandBoard {
            cand,
            unsolved,
            done: [u32::MAX; 27],
            touched: BAND,
            placed_any: false,
            digits_pending: 0x1ff,
            bands_pending: 7,
            rows_left,
            cols_left,
        })
    }

    /// Removes the cells `mask` from entry `i` (the comparison with `done` tells the
    /// update loop whether that changed it).
    #[inline(always)]
    fn clear(&mut self, i: usize, mask: u32) {
        self.cand[i] &= !mask;
    }

    /// [`BandBoard::clear`] from outside the update loop: also notes that some
    /// entry may have changed.
    #[inline(always)]
    fn remove(&mut self, i: usize, mask: u32) {
        self.clear(i, mask);
        self.touched |= 1 << i;
    }

    /// Leaves `bit` as the only cell of its row for entry `i` (digit and band).
    #[inline(always)]
    fn restrict_row(&mut self, i: usize, bit: u32) {
        let row = ROW[bit.trailing_zeros() as usize / 9];
        self.remove(i, row & !bit);
    }

    /// Brings entry `i` (digit `i % 9`, band `i / 9`) up to date: locked candidates,
    /// then placements of rows left with one cell, until nothing changes. `false`
    /// on a contradiction.
    #[inline(always)]
    fn update(&mut self, i: usize) -> bool {
        let (d, b) = (i % 9, i / 9);
        let mut m = self.cand[i];
        if m == self.done[i] {
            return true;
        }
        self.digits_pending |= 1 << d;
        self.bands_pending |= 1 << b;
        let mut left = self.rows_left[i];
        let mut placed = 0;
        loop {
            m &= LOCKED[live_minirows(m)];
            if m == 0 {
                return false;
            }
            // Every row is non-empty now, so subtracting one per row clears each row's
            // lowest cell without borrowing across rows; rows left empty had one cell.
            let rest = m & m.wrapping_sub(0x40201);
            let single = u8::from(rest & ROW[0] == 0)
                | u8::from(rest & ROW[1] == 0) << 1
                | u8::from(rest & ROW[2] == 0) << 2;
            let rows = single & left;
            if rows == 0 {
                break;
            }
            let new = m & ROWS[usize::from(rows & 7)];
            let mut p = new;
            while p != 0 {
                m &= !PEERS[p.trailing_zeros() as usize & 31];
                p &= p - 1;
            }
            left &= !rows;
            placed |= new;
        }
        self.cand[i] = m;
        self.done[i] = m;
        if placed != 0 {
            self.placed_any = true;
            // The other entries, once for all the cells placed above.
            self.rows_left[i] = left;
            self.unsolved[b] &= !placed;
            let placed_cols = (placed | placed >> 9 | placed >> 18) & 0x1ff;
            self.cols_left[d] &= !(placed_cols as u16);
            // Branch-free: the entry itself gets an empty mask (it is already up
            // to date, and its placed cells stay).
            let cols = columns(placed_cols);
            for ob in 0..3 {
                self.clear(ob * 9 + d, cols & u32::from(ob != b).wrapping_neg());
            }
            for od in 0..9 {
                self.clear(b * 9 + od, placed & u32::from(od != d).wrapping_neg());
            }
        }
        true
    }

    /// Updates every changed entry until all are up to date: sweeps over the 27
    /// entries (skipping the unchanged ones) until a sweep places nothing.
    #[inline(always)]
    fn update_all(&mut self) -> bool {
        // First only the entries touched from outside: often a single one.
        let mut first = self.touched;
        self.touched = 0;
        self.placed_any = false;
        while first != 0 {
            let i = first.trailing_zeros() as usize;
            first &= first - 1;
            // One generic copy of the update (a jump to 27 specialised ones is
            // mispredicted about half of the time).
            if !self.update(i % 27) {
                return false;
            }
        }
        if !self.placed_any {
            return true;
        }
        loop {
            self.placed_any = false;
            macro_rules! sweep {
                ($($n:literal)*) => {
                    $(if !self.update($n) {
                        return false;
                    })*
                };
            }
            sweep!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            if !self.placed_any {
                return true;
            }
        }
    }

    /// The column-wise deductions for the digits changed since the last pass:
    /// hidden singles in columns (a column left with one cell) and locked candidates
    /// between columns and boxes (in a stack a digit takes one column per band and
    /// one band per column, so the live (band, column) places must contain a
    /// permutation). `false` on a contradiction.
    fn columns_pass(&mut self) -> bool {
        let mut pending = self.digits_pending;
        self.digits_pending = 0;
        while pending != 0 {
            let d = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            let (mut one, mut two) = (0u32, 0u32);
            let mut live = [0u32; 3];
            for (b, live) in live.iter_mut().enumerate() {
                let m = self.cand[b * 9 + d];
                let (r0, r1, r2) = (m & 0x1ff, m >> 9 & 0x1ff, m >> 18);
                *live = r0 | r1 | r2;
                two |= one & *live | r0 & r1 | r0 & r2 | r1 & r2;
                one |= *live;
            }
            if one != 0x1ff {
                return false;
            }
            let singles = !two & u32::from(self.cols_left[d]);
            if singles != 0 {
                for b in 0..3 {
                    let i = b * 9 + d;
                    let mut cells = self.cand[i] & columns(singles);
                    while cells != 0 {
                        let bit = cells & cells.wrapping_neg();
                        self.restrict_row(i, bit);
                        cells &= cells - 1;
                    }
                }
            }
            for s in 0..3 {
                let shift = 3 * s;
                let places = (live[0] >> shift & 7)
                    | (live[1] >> shift & 7) << 3
                    | (live[2] >> shift & 7) << 6;
                let keep = u32::from(MATCHING[places as usize]);
                if keep == 0 {
                    return false;
                }
                let dead = places & !keep;
                if dead != 0 {
                    for b in 0..3 {
                        self.remove(b * 9 + d, columns((dead >> (3 * b) & 7) << shift));
                    }
                }
            }
        }
        true
    }

    /// Places the naked singles of the bands changed since the last pass: `false`
    /// on a contradiction (a cell without candidates).
    fn naked_singles(&mut self) -> bool {
        let mut pending = self.bands_pending;
        self.bands_pending = 0;
        while pending != 0 {
            let b = pending.trailing_zeros() as usize;
            pending &= pending - 1;
            let unsolved = self.unsolved[b];
            let (mut one, mut two) = (0, 0);
            for d in 0..9 {
                let m = self.cand[b * 9 + d];
                two |= one & m;
                one |= m;
            }
            if unsolved & !one != 0 {
                return false;
            }
            let mut singles = unsolved & !two;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                for d in 0..9 {
                    if self.cand[b * 9 + d] & bit != 0 {
                        self.restrict_row(b * 9 + d, bit);
                        break;
                    }
                }
                singles &= singles - 1;
            }
        }
        true
    }

    /// The number of unsolved cells.
    #[inline(always)]
    fn unsolved_count(&self) -> u32 {
        let [u0, u1, u2] = self.unsolved;
        (u64::from(u0) | u64::from(u1) << 27).count_ones() + u2.count_ones()
    }

    /// Bit-sliced candidate counts of band `b`: cells with at least one, at least
    /// two and at least three candidates.
    #[inline(always)]
    fn counts(&self, b: usize) -> (u32, u32, u32) {
        let (mut one, mut two, mut three) = (0, 0, 0);
        for d in 0..9 {
            let m = self.cand[b * 9 + d];
            three |= two & m;
            two |= one & m;
            one |= m;
        }
        (one, two, three)
    }

    /// The branch cell (band, bit) for `order`.
    ///
    /// For [`Order::Fast`]: the cell with two candidates whose placements remove
    /// the most, i.e. the one with the highest score, summed over both of its
    /// digits, of the digit's candidates among the cell's peers, those in peers
    /// with two candidates (which then become naked singles) counting four times.
    /// Both children then propagate far; on hard puzzles this cuts the nodes by
    /// about 40% against "the busiest band's cell with two candidates", which is
    /// still used with fewer than [`CHEAP_BRANCH_BELOW`] unsolved cells.
    fn branch_cell(&self, order: Order) -> (usize, u32) {
        let first_unsolved = || {
            (0..3).find(|&b| self.unsolved[b] != 0).map_or((0, 1), |b| {
                (b, self.unsolved[b] & self.unsolved[b].wrapping_neg())
            })
        };
        if order == Order::Lexicographic {
            return first_unsolved();
        }
        let mut pairs = [0u32; 3];
        for (b, pairs) in pairs.iter_mut().enumerate() {
            let (_, two, three) = self.counts(b);
            *pairs = self.unsolved[b] & two & !three;
        }
        if pairs == [0; 3] {
            return first_unsolved();
        }
        if self.unsolved_count() < CHEAP_BRANCH_BELOW {
            // Near the leaves the score costs more than it saves: the last cell
            // with two candidates of the band with the most unsolved cells.
            let mut best = (0, 0, 0);
            for (b, &p) in pairs.iter().enumerate() {
                let score = self.unsolved[b].count_ones() + 1;
                if p != 0 && score > best.0 {
                    best = (score, b, 1 << (31 - p.leading_zeros()));
                }
            }
            return (best.1, best.2);
        }
        // Per digit and band: the candidates in unsolved cells (low half) and in
        // cells with two candidates (high half).
        let mut weight = [0u64; 27];
        for b in 0..3 {
            let (u, p) = (self.unsolved[b], pairs[b]);
            for d in 0..9 {
                let m = self.cand[b * 9 + d];
                weight[b * 9 + d] = u64::from(m & u) | u64::from(m & p) << 32;
            }
        }
        // Per cell, the byte-wise popcounts of the weights among its peers, summed
        // over its two digits: bytes 0..4 count unsolved peers, bytes 4..8 peers
        // with two candidates.
        let mut score = [0u64; 81];
        for b in 0..3 {
            let (o1, o2) = ([1, 2, 0][b], [2, 0, 1][b]);
            for d in 0..9 {
                let mut cells = self.cand[b * 9 + d] & pairs[b];
                while cells != 0 {
                    let i = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    let col = COLUMN2[i & 31];
                    // The other two bands' column cells, side by side in one word.
                    let others = (weight[o1 * 9 + d] & col) | (weight[o2 * 9 + d] & col) << 1;
                    let n =
                        nibble_counts(weight[b * 9 + d] & PEERS2[i & 31]) + nibble_counts(others);
                    score[b * 27 + i] +=
                        (n & 0x0f0f_0f0f_0f0f_0f0f) + (n >> 4 & 0x0f0f_0f0f_0f0f_0f0f);
                }
            }
        }
        let mut best = (0, 0, 0);
        for (b, &p) in pairs.iter().enumerate() {
            let mut cells = p;
            while cells != 0 {
                let i = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let v = score[b * 27 + i];
                // Bytes 0..4 plus three times bytes 4..8 (each byte is at most 32,
                // so the byte sums do not carry).
                let low = (v & 0xffff_ffff).wrapping_mul(0x0101_0101) >> 24 & 0xff;
                let high = (v >> 32).wrapping_mul(0x0101_0101) >> 24 & 0xff;
                let s = low + 3 * high + 1;
                if s >= best.0 {
                    best = (s, b, 1 << i);
                }
            }
        }
        (best.1, best.2)
    }
}

impl Board for BandBoard {
    #[inline]
    fn propagate(&mut self) -> bool {
        loop {
            if !self.update_all() {
                return false;
            }
            if self.is_solved() {
                return true;
            }
            if !self.naked_singles() {
                return false;
            }
            if self.touched != 0 {
                continue;
            }
            if self.unsolved_count() < COLUMN_PASS_FROM {
                // Near the leaves a branch is cheaper than the column pass.
                return true;
            }
            if !self.columns_pass() {
                return false;
            }
            if self.touched == 0 {
                return true;
            }
        }
    }

    #[inline]
    fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    fn split(&mut self, first: &mut Self, order: Order) {
        let (b, bit) = self.branch_cell(order);
        let d = (0..9)
            .find(|&d| self.cand[b * 9 + d] & bit != 0)
            .unwrap_or(0);
        self.remove(b * 9 + d, bit);
        first.restrict_row(b * 9 + d, bit);
    }

    fn to_grid(&self) -> Grid {
        // Rows of 32 so that a cell index masked with 31 needs no bounds check.
        let mut bands = [[0u8; 32]; 3];
        for (b, band) in bands.iter_mut().enumerate() {
            for d in 0..9 {
                let mut m = self.cand[b * 9 + d] & !self.unsolved[b];
                while m != 0 {
                    band[m.trailing_zeros() as usize & 31] = d as u8 + 1;
                    m &= m - 1;
                }
            }
        }
        let mut values = [0u8; 81];
        for (chunk, band) in values.chunks_exact_mut(27).zip(&bands) {
            chunk.copy_from_slice(&band[..27]);
        }
        Grid::from_values(values).unwrap_or_default()
    }
}
