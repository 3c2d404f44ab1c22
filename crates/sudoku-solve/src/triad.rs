//! Experimental exact solver for standard Sudoku on a "triad" board, after the
//! published design of Tom Dillon's tdoku (ideas only; the code is our own).
//!
//! # Representation
//!
//! Besides the 81 cells the board keeps one variable per *triad*: the three cells
//! where a box meets a row (a horizontal triad) or a column (a vertical triad).
//! Every variable is a 9-bit candidate set in a `u16`. The board is stored
//! structure-of-arrays, one 16-lane vector per *slot* and one lane per box:
//!
//! * `c[k]`, `k` in `0..9`: cell `k` of every box (box row `k / 3`, box column
//!   `k % 3`), lane `b` belonging to box `b`;
//! * `h[r]`, `r` in `0..3`: the digits still possible in box row `r` of every box;
//! * `v[c]`, `c` in `0..3`: the digits still possible in box column `c`.
//!
//! Lanes 9–15 are padding and always hold all nine digits, a state every rule
//! leaves alone and none reads as a contradiction. With this layout every box
//! rule is a plain lane-wise operation on up to 15 vectors (no shuffles), and the
//! rules that tie boxes together need one fixed lane permutation: the partners of a
//! box in its band are lanes rotated within groups of three, its partners in its
//! stack are lanes rotated by three. The vectors are plain `[u16; 16]` arrays with
//! `#[inline(always)]` lane loops the compiler turns into SIMD; on x86-64 the whole
//! search is compiled a second time with AVX2 enabled and chosen at run time.
//!
//! # Constraints
//!
//! * every cell holds exactly one digit, every digit once per box (naked and hidden
//!   singles in boxes);
//! * a cell holds only digits its two triads allow; a triad allows only digits one
//!   of its cells allows, and at least three of them;
//! * every digit lies in exactly one of the three horizontal triads of a box, and
//!   in exactly one of the three horizontal triads of a row (the same for vertical
//!   triads, boxes and columns). A digit a triad must hold — the only triad of one
//!   of its two groups that allows it, or one of exactly three digits left in it —
//!   is removed from the triad's partners in both groups.
//!
//! Propagating these to a fixpoint gives naked and hidden singles in every house
//! (a digit placed in a cell leaves the box's other rows, so it is required in its
//! triad and leaves the rest of the row), locked candidates both ways (pointing and
//! claiming), and naked triples confined to a triad. That is much more than a
//! plain singles solver, so far fewer guesses are needed: the search branches on a
//! cell with the fewest candidates and keeps an explicit stack of whole boards.

// Lane loops index several arrays in step; written as index loops on purpose so
// the compiler sees fixed 16-lane trip counts and vectorises them.
#![allow(clippy::needless_range_loop)]

use sudoku_core::Grid;

/// All nine digits.
const ALL: u16 = 0x1FF;

/// One 16-lane vector: lane `b < 9` belongs to box `b`, lanes 9–15 are padding.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(32))]
struct V([u16; 16]);

/// Lane `b` of the result is lane `P[b]` of the input.
type Perm = [usize; 16];

/// The next box in the same band (box column + 1 mod 3).
const BAND1: Perm = [1, 2, 0, 4, 5, 3, 7, 8, 6, 9, 10, 11, 12, 13, 14, 15];
/// The box after that in the band (box column + 2 mod 3).
const BAND2: Perm = [2, 0, 1, 5, 3, 4, 8, 6, 7, 9, 10, 11, 12, 13, 14, 15];
/// The next box in the same stack (box row + 1 mod 3).
const STACK1: Perm = [3, 4, 5, 6, 7, 8, 0, 1, 2, 9, 10, 11, 12, 13, 14, 15];
/// The box after that in the stack (box row + 2 mod 3).
const STACK2: Perm = [6, 7, 8, 0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14, 15];

impl V {
    const FULL: V = V([ALL; 16]);
    const ZERO: V = V([0; 16]);

    #[inline(always)]
    fn map(self, f: impl Fn(u16) -> u16) -> V {
        let mut o = [0u16; 16];
        for i in 0..16 {
            o[i] = f(self.0[i]);
        }
        V(o)
    }

    #[inline(always)]
    fn zip(self, other: V, f: impl Fn(u16, u16) -> u16) -> V {
        let mut o = [0u16; 16];
        for i in 0..16 {
            o[i] = f(self.0[i], other.0[i]);
        }
        V(o)
    }

    #[inline(always)]
    fn and(self, o: V) -> V {
        self.zip(o, |a, b| a & b)
    }

    #[inline(always)]
    fn or(self, o: V) -> V {
        self.zip(o, |a, b| a | b)
    }

    #[inline(always)]
    fn xor(self, o: V) -> V {
        self.zip(o, |a, b| a ^ b)
    }

    /// `self & !o`.
    #[inline(always)]
    fn andnot(self, o: V) -> V {
        self.zip(o, |a, b| a & !b)
    }

    /// Each lane with its lowest set bit cleared.
    #[inline(always)]
    fn drop_low(self) -> V {
        self.map(|a| a & a.wrapping_sub(1))
    }

    /// All ones in lanes equal to zero, zero elsewhere.
    #[inline(always)]
    fn is_zero(self) -> V {
        self.map(|a| if a == 0 { 0xFFFF } else { 0 })
    }

    /// `self` where `mask` is all ones, `other` where it is zero.
    #[inline(always)]
    fn select(mask: V, a: V, b: V) -> V {
        a.and(mask).or(b.andnot(mask))
    }

    #[inline(always)]
    fn permute(self, p: &Perm) -> V {
        let mut o = [0u16; 16];
        for i in 0..16 {
            o[i] = self.0[p[i]];
        }
        V(o)
    }

    /// Whether any lane is non-zero.
    #[inline(always)]
    fn any(self) -> bool {
        let mut acc = 0u16;
        for i in 0..16 {
            acc |= self.0[i];
        }
        acc != 0
    }
}

/// The whole board (see the module documentation).
#[derive(Clone, Copy)]
struct Board {
    c: [V; 9],
    h: [V; 3],
    v: [V; 3],
}

/// The mask of the real (box) lanes.
const REAL: V = V([
    0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0, 0, 0, 0, 0, 0, 0,
]);

/// Box lane and slot of the cell at `row`, `col`.
#[inline]
fn place(row: usize, col: usize) -> (usize, usize) {
    ((row / 3) * 3 + col / 3, (row % 3) * 3 + col % 3)
}

impl Board {
    /// The starting board of `grid`: every variable full, then the givens as
    /// single candidates (clashes are found by the first propagation).
    fn new(grid: &Grid) -> Board {
        let mut b = Board {
            c: [V::FULL; 9],
            h: [V::FULL; 3],
            v: [V::FULL; 3],
        };
        for (i, &d) in grid.values().iter().enumerate() {
            if d != 0 {
                let (lane, slot) = place(i / 9, i % 9);
                b.c[slot].0[lane] = 1 << (d - 1);
            }
        }
        b
    }

    /// The solved grid (every cell a single candidate).
    fn grid(&self) -> Grid {
        let mut values = [0u8; 81];
        for (i, v) in values.iter_mut().enumerate() {
            let (lane, slot) = place(i / 9, i % 9);
            *v = self.c[slot].0[lane].trailing_zeros() as u8 + 1;
        }
        Grid::from_values(values).expect("digits 1-9")
    }

    /// One round of every rule. `Err` on a contradiction, else whether anything
    /// changed.
    #[inline(always)]
    fn pass(&mut self) -> Result<bool, ()> {
        let old = *self;
        let mut bad = V::ZERO;
        let c = &mut self.c;
        let h = &mut self.h;
        let v = &mut self.v;

        // Cells keep only what their triads allow; naked singles leave the box.
        let mut once = V::ZERO;
        let mut twice = V::ZERO;
        let mut single = [V::ZERO; 9];
        for k in 0..9 {
            c[k] = c[k].and(h[k / 3]).and(v[k % 3]);
            single[k] = c[k].and(c[k].drop_low().is_zero());
            twice = twice.or(once.and(single[k]));
            once = once.or(single[k]);
        }
        bad = bad.or(twice);
        // Hidden singles in the box.
        let mut seen = V::ZERO;
        let mut seen2 = V::ZERO;
        for k in 0..9 {
            c[k] = c[k].andnot(once).or(single[k]);
            bad = bad.or(c[k].is_zero());
            seen2 = seen2.or(seen.and(c[k]));
            seen = seen.or(c[k]);
        }
        bad = bad.or(seen.xor(V::FULL));
        let hidden = seen.andnot(seen2);
        for k in 0..9 {
            let t = c[k].and(hidden);
            bad = bad.or(t.drop_low());
            c[k] = V::select(t.is_zero(), c[k], t);
        }

        // Triads keep only what their cells allow.
        for r in 0..3 {
            h[r] = h[r].and(c[3 * r].or(c[3 * r + 1]).or(c[3 * r + 2]));
            v[r] = v[r].and(c[r].or(c[r + 3]).or(c[r + 6]));
        }

        triads(h, &BAND1, &BAND2, &mut bad);
        triads(v, &STACK1, &STACK2, &mut bad);

        if bad.any() {
            return Err(());
        }
        Ok(old.c != self.c || old.h != self.h || old.v != self.v)
    }

    /// Propagates to a fixpoint; `false` on a contradiction.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        loop {
            match self.pass() {
                Err(()) => return false,
                Ok(true) => {}
                Ok(false) => return true,
            }
        }
    }

    /// The cell to branch on (slot, lane) with the fewest candidates, or `None`
    /// when every cell is solved.
    #[inline(always)]
    fn branch_cell(&self) -> Option<(usize, usize)> {
        let mut best = None;
        let mut best_n = 10;
        for k in 0..9 {
            let multi = self.c[k].drop_low().and(REAL);
            if !multi.any() {
                continue;
            }
            for lane in 0..9 {
                let x = self.c[k].0[lane];
                let n = x.count_ones();
                if n >= 2 && n < best_n {
                    if n == 2 {
                        return Some((k, lane));
                    }
                    best_n = n;
                    best = Some((k, lane));
                }
            }
        }
        best
    }
}

/// The rules for one orientation of triads: `t[r]` is triad `r` of every box,
/// `p1`/`p2` give each box its two partners in the line groups.
#[inline(always)]
fn triads(t: &mut [V; 3], p1: &Perm, p2: &Perm, bad: &mut V) {
    let mut req = [V::ZERO; 3];
    for r in 0..3 {
        let x = t[r];
        let a = x.permute(p1);
        let b = x.permute(p2);
        // Every digit somewhere in the line.
        *bad = bad.or(x.or(a).or(b).xor(V::FULL));
        // At least three digits; exactly three are all required.
        let y2 = x.drop_low().drop_low();
        *bad = bad.or(y2.is_zero());
        let three = x.and(y2.drop_low().is_zero());
        let in_line = x.andnot(a).andnot(b);
        let in_box = x.andnot(t[(r + 1) % 3]).andnot(t[(r + 2) % 3]);
        req[r] = in_line.or(in_box).or(three);
    }
    for r in 0..3 {
        let others = req[(r + 1) % 3]
            .or(req[(r + 2) % 3])
            .or(req[r].permute(p1))
            .or(req[r].permute(p2));
        t[r] = t[r].andnot(others);
    }
}

/// Counts solutions up to `limit`, keeping the first.
#[inline(always)]
fn count_impl(grid: &Grid, limit: u64) -> (u64, Option<Grid>) {
    let mut count = 0;
    let mut first = None;
    let mut stack: Vec<Board> = Vec::with_capacity(64);
    let mut cur = Board::new(grid);
    loop {
        if cur.propagate() {
            match cur.branch_cell() {
                None => {
                    count += 1;
                    if first.is_none() {
                        first = Some(cur.grid());
                    }
                    if count >= limit {
                        break;
                    }
                }
                Some((k, lane)) => {
                    let x = cur.c[k].0[lane];
                    let d = x & x.wrapping_neg();
                    let mut other = cur;
                    other.c[k].0[lane] = x & !d;
                    stack.push(other);
                    cur.c[k].0[lane] = d;
                    continue;
                }
            }
        }
        match stack.pop() {
            Some(b) => cur = b,
            None => break,
        }
    }
    (count, first)
}

/// [`count_impl`] compiled with AVX2.
///
/// # Safety
///
/// The CPU must support AVX2 and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
unsafe fn count_avx2(grid: &Grid, limit: u64) -> (u64, Option<Grid>) {
    count_impl(grid, limit)
}

/// The number of solutions of the standard Sudoku `grid`, counting no further than
/// `limit`, and the first solution found.
pub(crate) fn count_triad(grid: &Grid, limit: u64) -> (u64, Option<Grid>) {
    if limit == 0 {
        return (0, None);
    }
    #[cfg(target_arch = "x86_64")]
    {
        if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("popcnt") {
            // SAFETY: both features were just detected on this CPU.
            return unsafe { count_avx2(grid, limit) };
        }
    }
    count_impl(grid, limit)
}
