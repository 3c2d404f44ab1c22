//! Whether SE's static "Forcing Chains & Cycles", asked as a nested rule on
//! the board a run has reduced, can find anything that rests on the run —
//! answered without the search, which at the end of most runs finds nothing
//! and costs more than the rest of the run.
//!
//! A nested finding counts only when it needs one of the run's removals
//! (see `advanced.rs`): one of its on-literals is forced by a strong link the
//! run has made — a cell the run has cut to two candidates, or a house where
//! it has left a digit two places. Every other link of the reduced board was
//! a link at the run's start already (a run only removes candidates). So a
//! forcing chain that counts is a path `x → … → u → v → … → ¬x` through such a
//! new link `u → v`, and a cycle that counts runs from `v` back to `u`.
//!
//! Static reachability screens both, per new link, with two closures over
//! bit boards: what `v` implies and what `¬u` implies (`x` reaches `u`
//! exactly when `¬u` reaches `¬x`: the graph is skew-symmetric). The answer
//! is a necessary condition, so a "no" skips a search whose findings would
//! all have been dropped, and the findings are the same. Where the run's
//! start has no static finding of its own, the same closures also name the
//! only literals whose walks can find anything ([`sources`]), and the search
//! walks from those alone.

use super::board::{
    Board, Geometry, cells_of, digits_of, other_cell, other_digit, two_cells, two_digits,
};
use super::engine::unkey;

/// A set of literals: per digit, the cells where it is on, and where off.
#[derive(Clone, Copy, Default)]
struct Literals {
    on: [u128; 9],
    off: [u128; 9],
}

/// Whether a nested static chain search on `board` (a run's board, reduced
/// from `orig`) may find a chain or cycle that rests on the run's removals:
/// whether, for some new link `u → v`, `v` and `¬u` imply a common literal.
///
/// A forcing chain `x → … → u → v → … → ¬x` makes `¬x` such a literal. A
/// cycle through `u → v` has all its literals in what `v` implies, and all
/// their negations in what `¬u` implies (each literal of it leads on to
/// `u`); the place `p` it eliminates digit `d` from sees one of its
/// literals on, `d` in `a`, and another off, `d` in `b`: so `v` implies `d`
/// off in `p` through `a`, and `¬u` through `d` on in `b`.
pub(crate) fn may_rest_on_run(geo: &Geometry, orig: &Board, board: &Board) -> bool {
    let mut memo = Closures::new(geo, board);
    any_new_link(geo, orig, board, &mut |(uc, ud), (vc, vd)| {
        let (iv, iu) = (memo.of(geo, board, vc, vd), memo.of(geo, board, uc, ud));
        let (fv, fnu) = (&memo.sets[iv], &memo.sets[iu]);
        (0..9).any(|d| fv.on[d] & fnu.on[d] | fv.off[d] & fnu.off[d] != 0)
    })
}

/// The literals a nested static search on a run's board needs to start its
/// walks from, when no finding there can do without the run (see
/// [`sources`]): the others' walks find nothing.
pub(crate) struct Sources {
    /// Per truth (off, on) and digit, the cells whose literal may be refuted
    /// by a forcing chain through a new link.
    forcing: [[u128; 9]; 2],
    /// Per digit, the cells whose on-literal may lie on an eliminating cycle
    /// through a new link.
    cycles: [u128; 9],
}

impl Sources {
    /// Whether a forcing chain from the literal `k` may rest on the run.
    pub(crate) fn forcing(&self, k: usize) -> bool {
        let (c, d, on) = unkey(k);
        self.forcing[usize::from(on)][d] >> c & 1 != 0
    }

    /// Whether a cycle through the on-literal `k` may rest on the run.
    pub(crate) fn cycle(&self, k: usize) -> bool {
        let (c, d, _) = unkey(k);
        self.cycles[d] >> c & 1 != 0
    }
}

/// The literals whose walks may find a chain or cycle on `board` (a run's
/// board, reduced from `orig`) that rests on the run, or `None` when none
/// may (as [`may_rest_on_run`], over every new link).
///
/// Only where `orig` itself has no static chain and no eliminating cycle
/// are the other walks sure to find nothing at all: a finding that does
/// not rest on the run uses old links only, so it is a finding of `orig`.
/// Then a search from these literals alone finds exactly what a full search
/// finds.
///
/// For a new link `u → v`: `x` may be refuted through it when `¬x` is
/// implied by `v` and by `¬u`; an on-literal may lie on a cycle through it
/// when `v` implies it and `¬u` its negation, and the cycle may eliminate
/// only when some place sees one such literal on and another off of the
/// same digit.
pub(crate) fn sources(geo: &Geometry, orig: &Board, board: &Board) -> Option<Sources> {
    let mut memo = Closures::new(geo, board);
    let mut found = Sources {
        forcing: [[0; 9]; 2],
        cycles: [0; 9],
    };
    let mut any = false;
    let mut add = |(uc, ud): (usize, usize), (vc, vd): (usize, usize)| -> bool {
        let (iv, iu) = (memo.of(geo, board, vc, vd), memo.of(geo, board, uc, ud));
        let (fv, fnu) = (&memo.sets[iv], &memo.sets[iu]);
        let mut common = false;
        for d in 0..9 {
            let (on, off) = (fv.on[d] & fnu.on[d], fv.off[d] & fnu.off[d]);
            found.forcing[0][d] |= on;
            found.forcing[1][d] |= off;
            common |= on | off != 0;
        }
        if !common {
            return false;
        }
        any = true;
        // The literals of cycles through the link: implied by `v`, and
        // leading on to `u`.
        let (mut seen_on, mut seen_off) = ([0u128; 9], [0u128; 9]);
        for d in 0..9 {
            for c in cells_of(fv.on[d] & fnu.off[d]) {
                seen_on[d] |= geo.peers[c];
            }
            for c in cells_of(fv.off[d] & fnu.on[d]) {
                seen_off[d] |= geo.peers[c];
            }
        }
        if (0..9).any(|d| seen_on[d] & seen_off[d] & board.digits[d] != 0) {
            for d in 0..9 {
                found.cycles[d] |= fv.on[d] & fnu.off[d];
            }
        }
        false
    };
    any_new_link(geo, orig, board, &mut add);
    any.then_some(found)
}

/// Whether `f(u, v)` holds for some new link `u → v` of `board` against
/// `orig` (as cells and digits: `u` off, `v` on), asked in turn until it
/// does.
fn any_new_link(
    geo: &Geometry,
    orig: &Board,
    board: &Board,
    f: &mut impl FnMut((usize, usize), (usize, usize)) -> bool,
) -> bool {
    // New cell links: the two candidates of a cell that had more.
    for (c, &m) in board.cells.iter().enumerate() {
        if two_digits(m) && orig.cells[c] != m {
            for d in digits_of(m) {
                if f((c, d), (c, other_digit(m, d))) {
                    return true;
                }
            }
        }
    }
    // New house links: a digit's two places in a house that had more.
    for &h in &geo.houses {
        let mask = geo.mask[h as usize];
        for d in 0..9 {
            let m = mask & board.digits[d];
            if two_cells(m) && mask & orig.digits[d] != m {
                for c in cells_of(m) {
                    if f((c, d), (other_cell(m, c), d)) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The closures of the on-literals asked so far (each is asked for by up to
/// four new links).
struct Closures {
    /// Per candidate `cell * 9 + digit`, its closure's index plus one (0: not
    /// yet computed).
    at: [u16; 729],
    sets: Vec<Literals>,
    /// Per digit, the places whose off-literal implies something.
    strong: [u128; 9],
    stack: Vec<(u8, u8, bool)>,
}

/// The growing buffers of a [`Closures`]: its closures and its stack.
type Spare = (Vec<Literals>, Vec<(u8, u8, bool)>);

thread_local! {
    /// The buffers of the last [`Closures`] dropped on this thread: a run
    /// asks for new ones at every quiet point, and their list of closures
    /// would otherwise grow from empty each time.
    static SPARE: std::cell::Cell<Spare> = const { std::cell::Cell::new((Vec::new(), Vec::new())) };
}

impl Drop for Closures {
    fn drop(&mut self) {
        let buffers = (
            std::mem::take(&mut self.sets),
            std::mem::take(&mut self.stack),
        );
        SPARE.with(|s| s.set(buffers));
    }
}

impl Closures {
    fn new(geo: &Geometry, board: &Board) -> Closures {
        let mut strong = [0u128; 9];
        for (c, &m) in board.cells.iter().enumerate() {
            if two_digits(m) {
                for d in digits_of(m) {
                    strong[d] |= 1u128 << c;
                }
            }
        }
        for &h in &geo.houses {
            let mask = geo.mask[h as usize];
            for (d, s) in strong.iter_mut().enumerate() {
                let m = mask & board.digits[d];
                if two_cells(m) {
                    *s |= m;
                }
            }
        }
        let (mut sets, mut stack) = SPARE.with(|s| s.take());
        sets.clear();
        stack.clear();
        Closures {
            at: [0; 729],
            sets,
            strong,
            stack,
        }
    }

    /// What the on-literal of digit `d` in cell `c` implies, itself included,
    /// under both kinds of static links in `board`.
    /// (Its index in `sets`: the closures are read in place, not copied.)
    fn of(&mut self, geo: &Geometry, board: &Board, c: usize, d: usize) -> usize {
        let i = c * 9 + d;
        if self.at[i] == 0 {
            let set = closure(geo, board, &self.strong, &mut self.stack, c, d);
            self.sets.push(set);
            self.at[i] = self.sets.len() as u16;
        }
        usize::from(self.at[i]) - 1
    }
}

/// Everything the on-literal of digit `d0` in cell `c0` implies in
/// `board`, itself included: an on-literal forces its cell's other
/// candidates and its digit's places among its peers off; an off-literal
/// forces the other candidate of a bivalue cell and the other place of a
/// digit with two places in a house on. `strong` holds, per digit, the
/// places whose off-literal forces anything; `stack` is scratch space.
fn closure(
    geo: &Geometry,
    board: &Board,
    strong: &[u128; 9],
    stack: &mut Vec<(u8, u8, bool)>,
    c0: usize,
    d0: usize,
) -> Literals {
    let mut all = Literals::default();
    all.on[d0] = 1u128 << c0;
    stack.clear();
    stack.push((c0 as u8, d0 as u8, true));
    while let Some((c, d, on)) = stack.pop() {
        let (c, d) = (usize::from(c), usize::from(d));
        if on {
            let m = geo.peers[c] & board.digits[d] & !all.off[d];
            all.off[d] |= m;
            stack.extend(cells_of(m & strong[d]).map(|x| (x as u8, d as u8, false)));
            for e in digits_of(board.cells[c] & !(1 << d)) {
                if all.off[e] >> c & 1 == 0 {
                    all.off[e] |= 1u128 << c;
                    if strong[e] >> c & 1 != 0 {
                        stack.push((c as u8, e as u8, false));
                    }
                }
            }
        } else {
            let m = board.cells[c];
            if two_digits(m) {
                let e = other_digit(m, d);
                if all.on[e] >> c & 1 == 0 {
                    all.on[e] |= 1u128 << c;
                    stack.push((c as u8, e as u8, true));
                }
            }
            for &h in geo.houses_of(c) {
                let m = geo.mask[h as usize] & board.digits[d];
                if two_cells(m) {
                    let x = other_cell(m, c);
                    if all.on[d] >> x & 1 == 0 {
                        all.on[d] |= 1u128 << x;
                        stack.push((x as u8, d as u8, true));
                    }
                }
            }
        }
    }
    all
}
