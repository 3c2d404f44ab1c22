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
//!   `k % 3`), lane `4 * band + stack` belonging to the box in that band and
//!   stack;
//! * `h[r]`, `r` in `0..3`: the digits still possible in box row `r` of every box;
//! * `v[c]`, `c` in `0..3`: the digits still possible in box column `c`.
//!
//! Lanes 3, 7, 11 and 12–15 are padding and always hold all nine digits, a state
//! every rule leaves alone and none reads as a contradiction. With this layout
//! every box rule is a plain lane-wise operation on up to 15 vectors (no
//! shuffles), and the rules that tie boxes together need one fixed lane
//! permutation each: the partners of a box in its band are lanes rotated within
//! its group of four (one byte shuffle inside 128-bit halves, `vpshufb`), its
//! partners in its stack are whole groups of four rotated (one 64-bit permute,
//! `vpermq`). The vectors are plain `[u16; 16]` arrays with
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
//! claiming), and naked and hidden triples confined to a triad. That is much more
//! than a plain singles solver, so far fewer guesses are needed. One round of all
//! rules ([`Board::pass`]) is about 470 AVX2 instructions for the whole board; a
//! node of the search takes about four rounds.
//!
//! Contradictions are flagged lane-wise (an empty cell, a digit with no place in a
//! box, a triad with fewer than three digits) and tested once per round. A digit
//! repeated in a box is not tested every round (it shows up later as a missing
//! digit), only before the tail search, which relies on consistent solved cells.
//! When every cell is solved at a fixpoint, the grid is valid: each triad then has
//! exactly its three cells' digits, all required, so any overlap with a partner
//! would have emptied a triad.
//!
//! # Search
//!
//! Depth-first with an explicit stack of whole boards (480 bytes each). It
//! branches on the cell with two candidates that has the most unsolved peers
//! (first in reading order on ties; about 20% fewer nodes on the hard sets than
//! the first such cell in the box with most unsolved cells, 10% fewer
//! instructions), else on the cell with the fewest candidates (same tie-breaks).
//! The choice works on 108-bit masks of open cells (`12 * slot + lane`) and a
//! table of peers. Once at most [`TAIL`] cells are open ([`FEW_TAIL`] when
//! counting to two at most), a small
//! forward-checking search over just those cells ([`Tail`]) finishes the node: it
//! is far cheaper per node than whole-board rounds, which matters when counting
//! many solutions.

// Lane loops index several arrays in step; written as index loops on purpose so
// the compiler sees fixed 16-lane trip counts and vectorises them.
#![allow(clippy::needless_range_loop)]

use std::cell::Cell;
use sudoku_core::Grid;

/// All nine digits.
const ALL: u16 = 0x1FF;

/// One 16-lane vector: lane `4 * band + stack` belongs to that box, the other
/// lanes (3, 7, 11, 12–15) are padding.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C, align(32))]
struct V([u16; 16]);

/// Lane `b` of the result is lane `P[b]` of the input.
type Perm = [usize; 16];

/// The next box in the same band (stack + 1 mod 3).
const BAND1: Perm = [1, 2, 0, 3, 5, 6, 4, 7, 9, 10, 8, 11, 12, 13, 14, 15];
/// The box after that in the band (stack + 2 mod 3).
const BAND2: Perm = [2, 0, 1, 3, 6, 4, 5, 7, 10, 8, 9, 11, 12, 13, 14, 15];
/// The next box in the same stack (band + 1 mod 3).
const STACK1: Perm = [4, 5, 6, 7, 8, 9, 10, 11, 0, 1, 2, 3, 12, 13, 14, 15];
/// The box after that in the stack (band + 2 mod 3).
const STACK2: Perm = [8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15];

/// The lane of box `b` (boxes in reading order).
const LANE: [usize; 9] = [0, 1, 2, 4, 5, 6, 8, 9, 10];

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
    fn add(self, o: V) -> V {
        self.zip(o, |a, b| a.wrapping_add(b))
    }

    #[inline(always)]
    fn min(self, o: V) -> V {
        self.zip(o, |a, b| a.min(b))
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

    /// Bit `i` set for each lane `i` whose top bit is set (for lane masks).
    #[inline(always)]
    fn bits(self) -> u32 {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8, _mm_packs_epi16};
            let p = self.0.as_ptr().cast::<__m128i>();
            // SAFETY: SSE2 is part of the x86-64 baseline, so these intrinsics are
            // always available; the two unaligned loads read the 32 bytes of
            // `self.0` (lanes 0–7, then 8–15).
            unsafe {
                let lo = _mm_loadu_si128(p);
                let hi = _mm_loadu_si128(p.add(1));
                // Saturating packs keep each lane's sign: one byte per lane.
                (_mm_movemask_epi8(_mm_packs_epi16(lo, hi)) as u32) & 0xFFFF
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let mut b = 0u32;
            for i in 0..16 {
                b |= u32::from(self.0[i] >> 15) << i;
            }
            b
        }
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

/// Box lane and slot of each cell, in reading order.
const PLACE: [(u8, u8); 81] = {
    let mut t = [(0, 0); 81];
    let mut i = 0;
    while i < 81 {
        let (row, col) = (i / 9, i % 9);
        t[i] = (
            LANE[(row / 3) * 3 + col / 3] as u8,
            ((row % 3) * 3 + col % 3) as u8,
        );
        i += 1;
    }
    t
};

impl Board {
    /// The starting board of `grid`: every variable full, then the givens as
    /// single candidates (clashes are found by the first propagation).
    fn new(grid: &Grid) -> Board {
        let mut b = Board {
            c: [V::FULL; 9],
            h: [V::FULL; 3],
            v: [V::FULL; 3],
        };
        for (&d, &(lane, slot)) in grid.values().iter().zip(PLACE.iter()) {
            if d != 0 {
                b.c[usize::from(slot)].0[usize::from(lane)] = 1 << ((d - 1) & 15);
            }
        }
        b
    }

    /// The solved grid (every cell a single candidate).
    fn grid(&self) -> Grid {
        let mut values = [0u8; 81];
        for (v, &(lane, slot)) in values.iter_mut().zip(PLACE.iter()) {
            *v = self.c[usize::from(slot)].0[usize::from(lane)].trailing_zeros() as u8 + 1;
        }
        Grid::from_values(values).expect("digits 1-9")
    }

    /// One round of every rule. `Err` on a contradiction, else the lane-wise sum
    /// of all variables. Every rule only removes candidates, so the board changed
    /// exactly when that sum differs from the previous round's.
    #[inline(always)]
    fn pass(&mut self) -> Result<V, ()> {
        let mut bad = V::ZERO;
        let c = &mut self.c;
        let h = &mut self.h;
        let v = &mut self.v;

        // Cells keep only what their triads allow; naked singles leave the box.
        let mut once = V::ZERO;
        let mut single = [V::ZERO; 9];
        for k in 0..9 {
            c[k] = c[k].and(h[k / 3]).and(v[k % 3]);
            single[k] = c[k].and(c[k].drop_low().is_zero());
            once = once.or(single[k]);
        }
        // Hidden singles in the box.
        let mut seen = V::ZERO;
        let mut seen2 = V::ZERO;
        let mut least = V::FULL;
        for k in 0..9 {
            c[k] = c[k].andnot(once).or(single[k]);
            least = least.min(c[k]);
            seen2 = seen2.or(seen.and(c[k]));
            seen = seen.or(c[k]);
        }
        // An empty cell, or a digit with no place in the box.
        bad = bad.or(least.is_zero()).or(seen.xor(V::FULL));
        let hidden = seen.andnot(seen2);
        for k in 0..9 {
            // (A cell with two hidden singles is left to fail a level later.)
            let t = c[k].and(hidden);
            c[k] = V::select(t.is_zero(), c[k], t);
        }

        // Triads keep only what their cells allow.
        for r in 0..3 {
            h[r] = h[r].and(c[3 * r].or(c[3 * r + 1]).or(c[3 * r + 2]));
            v[r] = v[r].and(c[r].or(c[r + 3]).or(c[r + 6]));
        }

        triads(h, &BAND1, &BAND2, &mut bad);
        // Let the horizontal results reach the vertical triads in the same round.
        for k in 0..9 {
            c[k] = c[k].and(h[k / 3]);
        }
        for r in 0..3 {
            v[r] = v[r].and(c[r].or(c[r + 3]).or(c[r + 6]));
        }
        triads(v, &STACK1, &STACK2, &mut bad);

        if bad.any() {
            return Err(());
        }
        // At most 15 × 511 per lane: no overflow.
        let mut sum = self.h[0].add(self.h[1]).add(self.h[2]);
        sum = sum.add(self.v[0]).add(self.v[1]).add(self.v[2]);
        for k in 0..9 {
            sum = sum.add(self.c[k]);
        }
        Ok(sum)
    }

    /// Propagates to a fixpoint; `false` on a contradiction.
    #[inline(always)]
    fn propagate(&mut self) -> bool {
        let mut last = V::ZERO;
        loop {
            match self.pass() {
                Err(()) => return false,
                Ok(sum) if !sum.xor(last).any() => return true,
                Ok(sum) => last = sum,
            }
        }
    }

    /// Whether two solved cells of a box hold the same digit.
    ///
    /// [`Board::pass`] leaves this to be found later (a box with a repeated
    /// digit misses another one once it is full): checking it in every round
    /// costs more than the extra nodes. The tail search relies on consistent
    /// solved cells, so it is checked before.
    #[inline(always)]
    fn box_clash(&self) -> bool {
        let mut once = V::ZERO;
        let mut twice = V::ZERO;
        for k in 0..9 {
            let single = self.c[k].and(self.c[k].drop_low().is_zero());
            twice = twice.or(once.and(single));
            once = once.or(single);
        }
        twice.any()
    }

    /// The number of unsolved cells and, if more than `tail_at`, the cell to
    /// branch on (slot, lane; see the module documentation).
    #[inline(always)]
    fn scan(&self, tail_at: u32) -> (u32, (usize, usize)) {
        // Open and two-candidate cells, bit `12 * slot + lane` (box lanes only).
        let mut open = 0u128;
        let mut pair = 0u128;
        macro_rules! slot {
            ($k:literal) => {
                let d1 = self.c[$k].drop_low();
                let solved = d1.is_zero().bits();
                let two = d1.drop_low().is_zero().bits();
                open |= u128::from(!solved & 0x777) << (12 * $k);
                pair |= u128::from(two & !solved & 0x777) << (12 * $k);
            };
        }
        slot!(0);
        slot!(1);
        slot!(2);
        slot!(3);
        slot!(4);
        slot!(5);
        slot!(6);
        slot!(7);
        slot!(8);
        let total = open.count_ones();
        if total <= tail_at {
            // (No branch: solved, or left to the tail search.)
            return (total, (0, 0));
        }
        // Most open peers, then the first in reading order; among the cells with
        // two candidates if there are any, else among those with the fewest.
        let mut best = 0u32;
        if pair != 0 {
            // (Two 64-bit halves: cheaper bit loops than one 128-bit mask.)
            for (half, mut m) in [(0, pair as u64), (64, (pair >> 64) as u64)] {
                while m != 0 {
                    let i = half + m.trailing_zeros() as usize;
                    m &= m - 1;
                    let key = (open & PEERS[i]).count_ones() << 7;
                    best = best.max(key | u32::from(FIRST[i]));
                }
            }
        } else {
            let mut m = open;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let n = self.c[i / 12].0[i % 12].count_ones();
                let key = (16 - n) << 12 | (open & PEERS[i]).count_ones() << 7;
                best = best.max(key | u32::from(FIRST[i]));
            }
        }
        let (lane, slot) = PLACE[usize::from(127 - (best & 127) as u8)];
        (total, (usize::from(slot), usize::from(lane)))
    }
}

/// The reading-order index of the cell at bit `12 * slot + lane` of a scan mask.
const fn cell_at(i: usize) -> usize {
    let (slot, lane) = (i / 12, i % 12);
    let (band, stack) = (lane / 4, lane % 4);
    (band * 3 + slot / 3) * 9 + stack * 3 + slot % 3
}

/// For bit `12 * slot + lane` of a scan mask: `127 -` its reading-order index
/// (the first cell has the largest key).
const FIRST: [u8; 108] = {
    let mut t = [0; 108];
    let mut i = 0;
    while i < 108 {
        if i % 4 != 3 {
            t[i] = 127 - cell_at(i) as u8;
        }
        i += 1;
    }
    t
};

/// For bit `12 * slot + lane` of a scan mask: the mask of its peers (itself
/// included).
const PEERS: [u128; 108] = {
    let mut t = [0u128; 108];
    let mut i = 0;
    while i < 108 {
        let a = cell_at(i);
        let mut j = 0;
        while j < 108 {
            let b = cell_at(j);
            let same_box = (a / 27 == b / 27) && ((a % 9) / 3 == (b % 9) / 3);
            if i % 4 != 3 && j % 4 != 3 && (a / 9 == b / 9 || a % 9 == b % 9 || same_box) {
                t[i] |= 1 << j;
            }
            j += 1;
        }
        i += 1;
    }
    t
};

/// The rules for one orientation of triads: `t[r]` is triad `r` of every box,
/// `p1`/`p2` give each box its two partners in the line groups.
#[inline(always)]
fn triads(t: &mut [V; 3], p1: &Perm, p2: &Perm, bad: &mut V) {
    let mut req = [V::ZERO; 3];
    for r in 0..3 {
        let x = t[r];
        let a = x.permute(p1);
        let b = x.permute(p2);
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
        // Three required digits fill the triad.
        let q2 = req[r].drop_low().drop_low();
        let full = q2.is_zero().map(|m| !m);
        t[r] = V::select(full, req[r], t[r]).andnot(others);
    }
}

/// At most this many unsolved cells after propagation: finish with [`Tail`].
const TAIL: u32 = 32;

/// [`TAIL`] when counting to at most [`FEW`] solutions: the tail search pays off
/// for many solutions (a full count is much slower with it),
/// whole-board rounds for few (up to 1.5% fewer instructions on the hard sets).
const FEW_TAIL: u32 = 24;

/// See [`FEW_TAIL`].
const FEW: u64 = 2;

/// The last few unsolved cells of a propagated board, finished by a small
/// depth-first search with forward checking instead of whole-board passes.
///
/// At a fixpoint of [`Board::pass`] the solved cells agree with each other and
/// every unsolved cell's candidates exclude the digits of its solved peers (a
/// solved digit is required in both its triads, so it leaves the rest of its row,
/// column and box). The completions are then exactly the assignments of the open
/// cells from their candidates in which no two peers share a digit (a full grid
/// without repeats has every digit in every house).
///
/// The open cells are numbered 0..n and kept as 32 lanes (two vectors); lanes
/// from `n` on hold all nine digits and are nobody's peer.
struct Tail {
    n: usize,
    /// Slot and lane of each open cell.
    at: [(u8, u8); 32],
    /// For each open cell, all ones in the lanes of its open peers.
    peers: Vec<[V; 2]>,
    /// The search stack (kept to reuse its memory).
    frames: Vec<Frame>,
}

/// Lane `i` holds bit `i % 16`: with a broadcast, turns a bit set into lane masks.
const LANE_BITS: V = V([
    1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768,
]);

/// Lane `i` holds `i`, then `16 + i`.
const LANE_INDEX: [V; 2] = [
    V([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]),
    V([
        16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
    ]),
];

/// All ones in the lanes whose bit is set in `bits` (lane `i` ↔ bit `i`).
#[inline(always)]
fn lanes_of(bits: u32) -> [V; 2] {
    let lo = V([bits as u16; 16]).and(LANE_BITS).is_zero();
    let hi = V([(bits >> 16) as u16; 16]).and(LANE_BITS).is_zero();
    [lo.xor(V([0xFFFF; 16])), hi.xor(V([0xFFFF; 16]))]
}

/// One level of the tail search.
#[derive(Clone, Copy)]
struct Frame {
    cand: [V; 2],
    /// Open cells, one bit each.
    open: u32,
    /// The cell being tried, and the digits left to try there.
    cell: usize,
    digits: u16,
}

impl Tail {
    /// An empty tail (allocates nothing).
    const fn new() -> Tail {
        Tail {
            n: 0,
            at: [(0, 0); 32],
            peers: Vec::new(),
            frames: Vec::new(),
        }
    }

    /// Takes the open cells of `b` (at most 32); returns their candidates.
    #[inline(always)]
    fn load(&mut self, b: &Board) -> [V; 2] {
        let t = self;
        t.n = 0;
        t.peers.clear();
        let mut cand = [V::FULL; 2];
        let mut house = [(0u8, 0u8, 0u8); 32];
        let mut rows = [0u32; 9];
        let mut cols = [0u32; 9];
        let mut boxes = [0u32; 9];
        for k in 0..9 {
            for (bx, lane) in LANE.into_iter().enumerate() {
                let x = b.c[k].0[lane];
                if x & x.wrapping_sub(1) != 0 {
                    let i = t.n;
                    t.at[i] = (k as u8, lane as u8);
                    cand[i / 16].0[i % 16] = x;
                    let (r, c) = ((bx / 3) * 3 + k / 3, (bx % 3) * 3 + k % 3);
                    house[i] = (r as u8, c as u8, bx as u8);
                    rows[r] |= 1 << i;
                    cols[c] |= 1 << i;
                    boxes[bx] |= 1 << i;
                    t.n += 1;
                }
            }
        }
        for i in 0..t.n {
            let (r, c, bx) = house[i];
            let adj = (rows[r as usize] | cols[c as usize] | boxes[bx as usize]) & !(1 << i);
            t.peers.push(lanes_of(adj));
        }
        cand
    }

    /// The open cell with the fewest candidates (`open` must not be empty).
    #[inline(always)]
    fn pick(cand: &[V; 2], open: u32) -> usize {
        let closed = lanes_of(!open);
        let mut best = u16::MAX;
        for h in 0..2 {
            // Lane-wise popcount, then (count << 5 | lane), closed lanes last.
            let mut x = cand[h];
            x = x.zip(x.map(|a| (a >> 1) & 0x5555), |a, b| a - b);
            x = x.map(|a| (a & 0x3333) + ((a >> 2) & 0x3333));
            x = x.map(|a| (a + (a >> 4)) & 0x0F0F);
            x = x.map(|a| (a + (a >> 8)) & 0x1F);
            let key = x.map(|a| a << 5).or(LANE_INDEX[h]).or(closed[h]);
            for i in 0..16 {
                best = best.min(key.0[i]);
            }
        }
        usize::from(best & 31)
    }

    /// Counts completions from `cand` up to `limit`; the first is written to
    /// `first` if that is still empty.
    #[inline(always)]
    fn count(&mut self, cand: [V; 2], limit: u64, first: &mut Option<[V; 2]>) -> u64 {
        let open = if self.n == 32 {
            u32::MAX
        } else {
            (1u32 << self.n) - 1
        };
        if open == 0 {
            // Already solved.
            if first.is_none() {
                *first = Some(cand);
            }
            return 1;
        }
        let mut total = 0;
        let cell = Tail::pick(&cand, open);
        let stack = &mut self.frames;
        stack.clear();
        stack.push(Frame {
            cand,
            open,
            cell,
            digits: cand[cell / 16].0[cell % 16],
        });
        while let Some(top) = stack.last_mut() {
            let f = *top;
            if f.digits == 0 {
                stack.pop();
                continue;
            }
            let d = f.digits & f.digits.wrapping_neg();
            top.digits = f.digits & (f.digits - 1);
            let mut cand = f.cand;
            cand[f.cell / 16].0[f.cell % 16] = d;
            let mut open = f.open & !(1 << f.cell);
            let mut placed = 1u32 << f.cell;
            // Place `placed`, then every cell left with one candidate, until none.
            let dead = loop {
                while placed != 0 {
                    let i = placed.trailing_zeros() as usize;
                    placed &= placed - 1;
                    let dv = V([cand[i / 16].0[i % 16]; 16]);
                    let peers = &self.peers[i];
                    cand[0] = cand[0].andnot(dv.and(peers[0]));
                    cand[1] = cand[1].andnot(dv.and(peers[1]));
                }
                if cand[0].is_zero().or(cand[1].is_zero()).any() {
                    break true;
                }
                placed = (cand[0].drop_low().is_zero().bits()
                    | cand[1].drop_low().is_zero().bits() << 16)
                    & open;
                if placed == 0 {
                    break false;
                }
                open &= !placed;
            };
            if dead {
                continue;
            }
            if open == 0 {
                total += 1;
                if first.is_none() {
                    *first = Some(cand);
                }
                if total >= limit {
                    return total;
                }
                continue;
            }
            let cell = Tail::pick(&cand, open);
            stack.push(Frame {
                cand,
                open,
                cell,
                digits: cand[cell / 16].0[cell % 16],
            });
        }
        total
    }
}

/// Counts solutions up to `limit`, keeping the first.
#[inline(always)]
fn count_impl(grid: &Grid, limit: u64) -> (u64, Option<Grid>) {
    // (Taken out rather than used in `with`'s closure, which would not be
    // compiled with the caller's target features.)
    let (mut stack, mut tail) = SCRATCH.with(|s| s.replace((Vec::new(), Tail::new())));
    let out = search(grid, limit, &mut stack, &mut tail);
    SCRATCH.with(|s| s.set((stack, tail)));
    out
}

thread_local! {
    /// The board stack and the tail search of this thread, reused from one
    /// puzzle to the next: growing fresh vectors cost a few thousand
    /// instructions per puzzle in allocation (a sixth of the time on grids
    /// with many givens).
    static SCRATCH: Cell<(Vec<Board>, Tail)> = const { Cell::new((Vec::new(), Tail::new())) };
}

/// [`count_impl`] with the given scratch space.
#[inline(always)]
fn search(grid: &Grid, limit: u64, stack: &mut Vec<Board>, tail: &mut Tail) -> (u64, Option<Grid>) {
    let mut count = 0;
    let mut first = None;
    // The second branches still to try.
    stack.clear();
    let mut cur = Board::new(grid);
    let tail_at = if limit <= FEW { FEW_TAIL } else { TAIL };
    loop {
        if cur.propagate() {
            let (open, (k, lane)) = cur.scan(tail_at);
            if open > tail_at {
                let x = cur.c[k].0[lane];
                let d = x & x.wrapping_neg();
                stack.push(cur);
                if let Some(other) = stack.last_mut() {
                    other.c[k].0[lane] = x & !d;
                }
                cur.c[k].0[lane] = d;
                continue;
            }
            if cur.box_clash() {
                match stack.pop() {
                    Some(b) => cur = b,
                    None => break,
                }
                continue;
            }
            let cand = tail.load(&cur);
            let mut sol = None;
            count += tail.count(cand, limit - count, &mut sol);
            if first.is_none()
                && let Some(sol) = sol
            {
                let mut b = cur;
                for i in 0..tail.n {
                    let (k, lane) = tail.at[i];
                    b.c[k as usize].0[lane as usize] = sol[i / 16].0[i % 16];
                }
                first = Some(b.grid());
            }
            if count >= limit {
                break;
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

/// The portable build of the search, whatever the CPU (for the tests).
#[cfg(test)]
pub(crate) fn count_triad_portable(grid: &Grid, limit: u64) -> (u64, Option<Grid>) {
    if limit == 0 {
        return (0, None);
    }
    count_impl(grid, limit)
}
