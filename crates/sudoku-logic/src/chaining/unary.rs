//! Static chains from one candidate: bidirectional cycles (X-, Y- and
//! XY-cycles) and forcing X- and XY-chains, Sudoku Explainer's first chaining
//! producer ("Forcing Chains & Cycles", 6.5–7.0 plus length).
//!
//! Unlike the propagation of the other producers, the search is a
//! breadth-first walk where an off-literal may be reached again along another
//! path (only on-literals are visited once), and a literal is never derived
//! from its own ancestor on the first-parent path. A cycle is a path of at
//! least four links back to the assumed candidate; a forcing chain reaches
//! the negation of its assumption.

use super::board::{
    Board, Geometry, cells_of, digits_of, other_cell, other_digit, two_cells, two_digits,
};
use super::engine::{Chain, RawCause, key, unkey};
use super::hint::{self, ChainHint, Removable, Sink};
use super::new_links::Sources;
use super::reach::{Reach, SkewReach};
use crate::implication::ForcingKind;
use crate::technique::Technique;
use std::rc::Rc;

struct Walk<'g> {
    geo: &'g Geometry,
    board: Board,
    x: bool,
    y: bool,
    /// The walk's buffers (from this thread's pool, given back on drop).
    buf: Buffers,
}

/// The buffers of a walk, kept per thread between walks: a position asks
/// for three or four walks, each over arrays of every literal.
#[derive(Default)]
struct Buffers {
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    /// The links of every literal asked so far, each literal's in one run
    /// (the board does not change during a walk).
    links: Vec<(usize, RawCause)>,
    /// Where a literal's links start in `links` (`u32::MAX`: not yet asked)
    /// and how many there are.
    link_at: Vec<(u32, u16)>,
    /// The literals whose `link_at` is set (reset when the buffers are reused).
    asked: Vec<u16>,
    /// Off-literals already expanded in the current cycle walk (stamp =
    /// `generation`): a second node of the same literal can only add a node
    /// closing a cycle, everything else it implies is known.
    expanded: Vec<u32>,
    /// Off-literals that have a node in the current cycle walk (same stamp).
    created: Vec<u32>,
    generation: u32,
}

thread_local! {
    static POOL: std::cell::RefCell<Vec<Buffers>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Buffers {
    /// Buffers from the pool, with no literal asked, or new ones.
    fn take() -> Buffers {
        match POOL.with(|p| p.borrow_mut().pop()) {
            Some(mut b) => {
                for &k in &b.asked {
                    b.link_at[k as usize] = (u32::MAX, 0);
                }
                b.asked.clear();
                b.links.clear();
                b
            }
            None => Buffers {
                pend_on: Vec::new(),
                pend_off: Vec::new(),
                links: Vec::new(),
                link_at: vec![(u32::MAX, 0); super::engine::KEYS],
                asked: Vec::new(),
                expanded: vec![0; super::engine::KEYS],
                created: vec![0; super::engine::KEYS],
                generation: 0,
            },
        }
    }
}

impl Drop for Walk<'_> {
    fn drop(&mut self) {
        let buf = std::mem::take(&mut self.buf);
        POOL.with(|p| p.borrow_mut().push(buf));
    }
}

impl<'g> Walk<'g> {
    fn new(geo: &'g Geometry, board: &Board, x: bool, y: bool) -> Walk<'g> {
        Walk {
            geo,
            board: *board,
            x,
            y,
            buf: Buffers::take(),
        }
    }

    /// The range in `links` of what literal `k` implies: for an on-literal
    /// the literals it forces off, for an off-literal those it forces on
    /// (over the walk's kinds of links), in SE's order, each once.
    #[inline]
    fn implied(&mut self, k: usize) -> std::ops::Range<usize> {
        let (at, n) = self.buf.link_at[k];
        if at != u32::MAX {
            return at as usize..at as usize + n as usize;
        }
        self.fill(k)
    }

    /// Lists the links of literal `k` (first asked) and returns their range.
    #[cold]
    fn fill(&mut self, k: usize) -> std::ops::Range<usize> {
        let start = self.buf.links.len();
        if k & 1 == 1 {
            self.offs(k);
        } else {
            self.ons(k);
        }
        self.buf.link_at[k] = (start as u32, (self.buf.links.len() - start) as u16);
        self.buf.asked.push(k as u16);
        start..self.buf.links.len()
    }

    /// Appends the literals an on-node forces off, in SE's order, each once.
    fn offs(&mut self, k: usize) {
        let (c, d, _) = unkey(k);
        if self.y {
            for e in digits_of(self.board.cells[c] & !(1 << d)) {
                self.buf.links.push((key(c, e, false), RawCause::Cell));
            }
        }
        let mut seen = 1u128 << c;
        for &h in self.geo.houses_of(c) {
            let m = self.geo.mask[h as usize] & self.board.digits[d] & !seen;
            seen |= m;
            for x in cells_of(m) {
                self.buf.links.push((key(x, d, false), RawCause::House(h)));
            }
        }
    }

    /// Appends the literals an off-node forces on, in SE's order, each once.
    fn ons(&mut self, k: usize) {
        let start = self.buf.links.len();
        let (c, d, _) = unkey(k);
        if self.y {
            let m = self.board.cells[c];
            if two_digits(m) {
                let other = other_digit(m, d);
                self.buf.links.push((key(c, other, true), RawCause::Cell));
            }
        }
        if self.x {
            for &h in self.geo.houses_of(c) {
                let m = self.geo.mask[h as usize] & self.board.digits[d];
                if !two_cells(m) {
                    continue;
                }
                let other = other_cell(m, c);
                let k = key(other, d, true);
                if !self.buf.links[start..].iter().any(|&(j, _)| j == k) {
                    self.buf.links.push((k, RawCause::House(h)));
                }
            }
        }
    }
}

/// Whether the on-literal `source` may lie on a cycle of at least four
/// links: some on-literal two links away (other than `source`) lies in its
/// strongly connected component, so it can lead back. The Y pass screens
/// with the XY pass's reach (its graph contains the Y pass's), over its own
/// links.
fn may_cycle(reach: &SkewReach, w: &mut Walk, source: usize) -> bool {
    if w.x {
        // The reach is of this walk's own graph (the X pass's or the XY
        // pass's): it answers without listing the walk's links.
        return reach.may_cycle(source);
    }
    let Some(cs) = reach.component(source) else {
        return false;
    };
    for i in w.implied(source) {
        let k1 = w.buf.links[i].0;
        if reach.component(k1) != Some(cs) {
            continue;
        }
        let seconds = w.implied(k1);
        if w.buf.links[seconds]
            .iter()
            .any(|&(k2, _)| k2 != source && reach.component(k2) == Some(cs))
        {
            return true;
        }
    }
    false
}

/// The components and refutations of the walk's graph over the candidates
/// of the digits in `digits` only (for a walk over single-digit links, whose
/// graph falls apart by digit). The links are [`Walk::implied`]'s, computed
/// here on bit boards, and only the ones the reach needs: of most literals
/// the walks list none.
fn reach_of_digits(w: &Walk, digits: u16) -> SkewReach {
    let (geo, board, x, y) = (w.geo, &w.board, w.x, w.y);
    let digits = digits & 0x1ff;
    let mut cells = board.cells;
    for m in &mut cells {
        *m &= digits;
    }
    let mut places = [0u128; 9];
    for d in digits_of(digits) {
        places[d] = board.digits[d];
    }
    // Per digit, the cells whose off-literal implies something: the other
    // candidate of a bivalue cell, the other place in a house of two.
    let mut live_off = [0u128; 9];
    if x {
        for d in digits_of(digits) {
            for &h in &geo.houses {
                let m = geo.mask[h as usize] & places[d];
                if two_cells(m) {
                    live_off[d] |= m;
                }
            }
        }
    }
    if y {
        for (c, &m) in cells.iter().enumerate() {
            if two_digits(m) {
                for d in digits_of(m) {
                    live_off[d] |= 1u128 << c;
                }
            }
        }
    }
    let live = |k: usize| {
        let (c, d, on) = unkey(k);
        if on {
            (y && cells[c] & !(1 << d) != 0) || geo.peers[c] & places[d] != 0
        } else {
            live_off[d] >> c & 1 != 0
        }
    };
    SkewReach::new(
        &cells,
        live,
        |k, only_live, out| {
            let (c, d, on) = unkey(k);
            if on {
                if y {
                    for e in digits_of(cells[c] & !(1 << d)) {
                        if !only_live || live_off[e] >> c & 1 != 0 {
                            out.push(key(c, e, false));
                        }
                    }
                }
                let mut m = geo.peers[c] & places[d];
                if only_live {
                    m &= live_off[d];
                }
                out.extend(cells_of(m).map(|p| key(p, d, false)));
            } else {
                if y && two_digits(cells[c]) {
                    out.push(key(c, other_digit(cells[c], d), true));
                }
                if x {
                    for &h in geo.houses_of(c) {
                        let m = geo.mask[h as usize] & places[d];
                        if two_cells(m) {
                            out.push(key(other_cell(m, c), d, true));
                        }
                    }
                }
            }
        },
        |k, j| {
            // An on-literal implies the others of its cell off (Y links) and
            // the digit's other places it sees.
            let ((c, d, _), (cj, dj, _)) = (unkey(k), unkey(j));
            if cj == c {
                y && dj != d
            } else {
                dj == d && geo.peers[c] >> cj & 1 != 0
            }
        },
    )
}

/// The full reach of the walk's graph over the candidates of `cells`.
#[cfg(test)]
fn full_reach(w: &mut Walk, cells: &[u16; 81]) -> Reach {
    Reach::new(cells, |k, out| {
        let r = w.implied(k);
        out.extend(w.buf.links[r].iter().map(|&(j, _)| j));
    })
}

/// Appends the literals `k` implies under both kinds of static links in
/// `board` (the links a [`Walk`] with X and Y links lists, read straight off
/// the bit boards: a reach needs no causes and no order).
fn static_links(geo: &Geometry, board: &Board, k: usize, out: &mut Vec<usize>) {
    let (c, d, on) = unkey(k);
    if on {
        out.extend(digits_of(board.cells[c] & !(1 << d)).map(|e| key(c, e, false)));
        out.extend(cells_of(geo.peers[c] & board.digits[d]).map(|x| key(x, d, false)));
        return;
    }
    let m = board.cells[c];
    if two_digits(m) {
        out.push(key(c, other_digit(m, d), true));
    }
    let mut others = 0u128;
    for &h in geo.houses_of(c) {
        let m = geo.mask[h as usize] & board.digits[d];
        if two_cells(m) {
            others |= m & !(1u128 << c);
        }
    }
    out.extend(cells_of(others).map(|x| key(x, d, true)));
}

/// A static reach kept with the houses and board it was built for.
type KeptReach = Option<(Vec<u8>, Board, Rc<Reach>)>;

thread_local! {
    /// The static reach of the last position asked on this thread (its
    /// houses and board): the static cell and region forcing chains ask for
    /// it, in one position several times.
    static STATIC_REACH: std::cell::RefCell<KeptReach> = const { std::cell::RefCell::new(None) };
}

/// The reach of every literal under the static rules of cell and region
/// forcing chains (both kinds of links).
pub(crate) fn static_reach(geo: &Geometry, board: &Board) -> Rc<Reach> {
    let kept = STATIC_REACH.with(|r| {
        r.borrow().as_ref().and_then(|(houses, b, reach)| {
            (*houses == geo.houses && b == board).then(|| Rc::clone(reach))
        })
    });
    if let Some(reach) = kept {
        return reach;
    }
    let reach = Rc::new(Reach::new(&board.cells, |k, out| {
        static_links(geo, board, k, out);
    }));
    STATIC_REACH.with(|r| {
        *r.borrow_mut() = Some((geo.houses.clone(), *board, Rc::clone(&reach)));
    });
    reach
}

thread_local! {
    /// The last position [`finds_nothing`] was asked about on this thread
    /// (its houses and board), and its answer: the runs of one search all
    /// start from the same position.
    static NOTHING: std::cell::RefCell<Option<(Vec<u8>, Board, bool)>> = const { std::cell::RefCell::new(None) };
}

/// Whether `board` surely has no static finding: no literal reaches its
/// own negation (no forcing chain), and no literal may lie on a cycle of
/// four links or more that eliminates anything (see
/// [`SkewReach::may_eliminate`]), over both kinds of links — whose graph
/// contains the X and Y passes' graphs.
pub(crate) fn finds_nothing(geo: &Geometry, board: &Board) -> bool {
    let kept = NOTHING.with(|n| {
        n.borrow().as_ref().and_then(|(houses, b, answer)| {
            (*houses == geo.houses && b == board).then_some(*answer)
        })
    });
    if let Some(answer) = kept {
        return answer;
    }
    let reach = reach_of_digits(&Walk::new(geo, board, true, true), 0x1ff);
    let answer = (0..81).all(|c| {
        digits_of(board.cells[c]).all(|d| {
            let (on, off) = (key(c, d, true), key(c, d, false));
            let refuted = reach.refutes(on) || reach.refutes(off);
            let cycles = reach.may_eliminate(on, &geo.peers, &board.digits) && reach.may_cycle(on);
            !refuted && !cycles
        })
    });
    NOTHING.with(|n| *n.borrow_mut() = Some((geo.houses.clone(), *board, answer)));
    answer
}

/// Whether the off-literal `off` may imply the on-literal `on` by one link:
/// the same cell, or the same digit in a shared house.
fn may_link(w: &Walk, off: usize, on: usize) -> bool {
    let (c, d, _) = unkey(off);
    let (c0, d0, _) = unkey(on);
    if c == c0 {
        return true;
    }
    d == d0
        && w.geo
            .houses_of(c)
            .iter()
            .any(|&h| w.geo.mask[h as usize] >> c0 & 1 != 0)
}

/// Whether the literal `k` is an ancestor of `p` along first parents.
fn is_parent(chain: &Chain, p: u32, k: usize) -> bool {
    let mut n = p;
    loop {
        let ps = chain.parents_of(n);
        let Some(&q) = ps.first() else {
            return false;
        };
        if chain.nodes[q as usize].key as usize == k {
            return true;
        }
        n = q;
    }
}

/// SE's producer "Forcing Chains & Cycles": X-cycles and forcing X-chains,
/// then Y-cycles, then XY-cycles and forcing XY-chains, every empty cell's
/// candidates in reading order.
pub(crate) fn find(geo: &Geometry, board: &Board, sink: &mut Sink, chain: &mut Chain) {
    find_from(geo, board, sink, chain, None);
}

/// As [`find`], with the walks of the Y and XY passes only from the
/// literals of `only` when given (a search that can find nothing from the
/// others: see [`Sources`]); no reach is built for them then.
pub(crate) fn find_from(
    geo: &Geometry,
    board: &Board,
    sink: &mut Sink,
    chain: &mut Chain,
    only: Option<&Sources>,
) {
    // The Y pass only looks for cycles; the graph of both kinds of links
    // contains its graph, so that graph's components screen its cycles too
    // (a little more loosely) and one reach is built less. It is the XY
    // pass's own graph, built with that pass's walk.
    let mut both_walk = Walk::new(geo, board, true, true);
    let mut both: Option<SkewReach> = None;
    for (x, y) in [(true, false), (false, true), (true, true)] {
        if !pass_wanted(sink, x, y) {
            continue;
        }
        if y && both.is_none() && only.is_none() {
            both = Some(reach_of_digits(&both_walk, 0x1ff));
        }
        let mut own_walk = None;
        let walk = if x && y {
            &mut both_walk
        } else {
            own_walk.insert(Walk::new(geo, board, x, y))
        };
        // The X pass skips the digits known to have no X-cycle and no forcing
        // X-chain (see `QUIET_DIGITS`); its reach covers the others only.
        let quiet = if x && !y { quiet_digits(geo, board) } else { 0 };
        let offered_before = sink.offered;
        let unbounded = sink.all || offered_before == 0;
        if x && !y && sink.all && !sink.any {
            // Every hint wanted: each digit's hints are kept (see `X_PASS`).
            x_pass_kept(walk, board, sink, chain, quiet);
            if sink.offered == offered_before {
                mark_quiet(geo, board, !quiet);
            }
            continue;
        }
        let own;
        let screen = match (y, only) {
            (true, Some(sources)) => Screen::Sources(sources),
            (true, None) => {
                let Some(r) = both.as_ref() else { continue };
                Screen::Reach(r)
            }
            (false, _) => {
                if quiet == 0x1ff {
                    continue;
                }
                own = reach_of_digits(walk, !quiet);
                Screen::Reach(&own)
            }
        };
        // Where only some literals are worth a walk, only their cells are
        // visited (in the same order: a walk from any other does nothing).
        let cells = match screen {
            Screen::Sources(sources) => sources.cells(),
            Screen::Reach(_) => !0,
        };
        for c in (0..81).filter(|&c| cells >> c & 1 != 0) {
            let m = board.cells[c];
            if m.count_ones() < 2 {
                continue;
            }
            let digits = match screen {
                Screen::Sources(sources) => sources.digits(c),
                Screen::Reach(_) => 0x1ff,
            };
            for d in digits_of(m & !quiet & digits) {
                unary(walk, &screen, sink, chain, c, d);
                if sink.done() {
                    return;
                }
            }
        }
        if x && !y && unbounded && sink.offered == offered_before {
            // Every walk ran unbounded and found nothing.
            mark_quiet(geo, board, !quiet);
        }
    }
}

/// One hint of a digit's X pass, with the cell its walk started from and
/// its effect.
struct XHint {
    cell: u8,
    hint: ChainHint,
    removable: Removable,
}

/// A digit, its places, those of them that are a cell's only candidate, and
/// the variant's house count.
type XKey = (u8, u128, u128, usize);

/// At most this many digits' X passes are kept per thread.
const X_PASS_KEPT: usize = 16_384;

thread_local! {
    /// The hints of a digit's X pass in every position asked on this
    /// thread (up to [`X_PASS_KEPT`]), in the order the pass offered them,
    /// equal effects kept once. The pass reads only the digit's places and
    /// which of them are a cell's only candidate (see `QUIET_DIGITS`), and
    /// the nested searches of the hardest puzzles ask for it in tens of
    /// thousands of positions that differ from each other in a few digits.
    static X_PASS: std::cell::RefCell<crate::fast_hash::FastMap<XKey, Rc<Vec<XHint>>>> =
        std::cell::RefCell::new(crate::fast_hash::FastMap::default());
}

/// The X pass in all-hints mode, digit by digit from [`X_PASS`] where kept:
/// offers to `sink` what the walks of the digits not in `quiet` would, in
/// the same order (cell by cell, digits in order within a cell). Equal
/// effects are dropped within a digit's list before `sink` sees them; that
/// keeps the same hint, because `sink` keeps the first in SE's order among
/// the same hints in the same order. A forcing chain concluding that a cell
/// holds the digit removes the cell's other candidates, which the key does
/// not fix: that effect is read from `board` each time.
fn x_pass_kept(w: &mut Walk, board: &Board, sink: &mut Sink, chain: &mut Chain, quiet: u16) {
    let houses = w.geo.houses.len();
    let wanted = !quiet & 0x1ff;
    let mut lists: [Option<Rc<Vec<XHint>>>; 9] = Default::default();
    let mut missing = 0u16;
    X_PASS.with(|kept| {
        let kept = kept.borrow();
        for d in digits_of(wanted) {
            let (places, lone) = digit_key(board, d);
            match kept.get(&(d as u8, places, lone, houses)) {
                Some(list) => lists[d] = Some(Rc::clone(list)),
                None => missing |= 1 << d,
            }
        }
    });
    if missing != 0 {
        // The X links of a digit join only its own literals: the reach over
        // the missing digits answers for each of them as its own would.
        let reach = reach_of_digits(w, missing);
        let mut capture = Sink::new(true);
        for d in digits_of(missing) {
            let mut starts: Vec<(usize, u8)> = Vec::new();
            for c in 0..81 {
                let m = board.cells[c];
                if m.count_ones() < 2 || m >> d & 1 == 0 {
                    continue;
                }
                starts.push((capture.offered, c as u8));
                unary(w, &Screen::Reach(&reach), &mut capture, chain, c, d);
            }
            let list: Vec<XHint> = capture
                .drain_arrivals()
                .into_iter()
                .map(|(hint, removable, seq)| {
                    let at = starts.partition_point(|&(first, _)| first <= seq);
                    let cell = starts[at.saturating_sub(1)].1;
                    XHint {
                        cell,
                        hint,
                        removable,
                    }
                })
                .collect();
            let list = Rc::new(list);
            let (places, lone) = digit_key(board, d);
            X_PASS.with(|kept| {
                let mut kept = kept.borrow_mut();
                if kept.len() >= X_PASS_KEPT {
                    kept.clear();
                }
                kept.insert((d as u8, places, lone, houses), Rc::clone(&list));
            });
            lists[d] = Some(list);
        }
    }
    let mut at = [0usize; 9];
    for c in 0..81 {
        for (d, list) in lists.iter().enumerate() {
            let Some(list) = list else { continue };
            while let Some(x) = list.get(at[d]).filter(|x| x.cell as usize == c) {
                at[d] += 1;
                match hint::on_conclusion(&x.hint) {
                    Some(k) => {
                        let removable = hint::removable_of(&board.cells, k);
                        if removable == x.removable {
                            sink.offer(x.hint.clone(), removable);
                        } else {
                            sink.offer(hint::with_removable(&x.hint, &removable), removable);
                        }
                    }
                    None => sink.offer(x.hint.clone(), x.removable.clone()),
                }
            }
        }
    }
}

/// A digit's X pass found nothing for these places (with these of them in
/// cells holding only this candidate) in these houses.
struct QuietDigit {
    houses: Vec<u8>,
    places: u128,
    lone: u128,
}

thread_local! {
    /// Per digit, the last places whose X pass found nothing: the X pass of
    /// a digit reads only that digit's places (its links, cycles and
    /// eliminations are all of the digit) and which of its places are a
    /// cell's only candidate (such a cell is no start), so a step that
    /// leaves the digit alone leaves it quiet. Recorded only after a pass
    /// whose walks were unbounded (the sink wanted every hint).
    static QUIET_DIGITS: std::cell::RefCell<[Option<QuietDigit>; 9]> =
        const { std::cell::RefCell::new([const { None }; 9]) };
}

/// The digit's places and those of them that are a cell's only candidate.
fn digit_key(board: &Board, d: usize) -> (u128, u128) {
    let places = board.digits[d];
    let lone = cells_of(places)
        .filter(|&c| board.cells[c] & board.cells[c].wrapping_sub(1) == 0)
        .fold(0u128, |m, c| m | 1 << c);
    (places, lone)
}

/// The digits (bit d for digit d + 1) whose X pass is known to find nothing.
fn quiet_digits(geo: &Geometry, board: &Board) -> u16 {
    QUIET_DIGITS.with(|q| {
        let q = q.borrow();
        let mut quiet = 0u16;
        for (d, entry) in q.iter().enumerate() {
            if let Some(e) = entry
                && (e.places, e.lone) == digit_key(board, d)
                && e.houses == geo.houses
            {
                quiet |= 1 << d;
            }
        }
        quiet
    })
}

/// Records the digits of `digits` as quiet in `board`.
fn mark_quiet(geo: &Geometry, board: &Board, digits: u16) {
    QUIET_DIGITS.with(|q| {
        let mut q = q.borrow_mut();
        for d in digits_of(digits & 0x1ff) {
            let (places, lone) = digit_key(board, d);
            q[d] = Some(QuietDigit {
                houses: geo.houses.clone(),
                places,
                lone,
            });
        }
    })
}

/// Whether `sink` wants any hint a pass over links `x` and `y` could find:
/// a cycle has at least four literals, a forcing chain (X passes) two.
fn pass_wanted(sink: &Sink, x: bool, y: bool) -> bool {
    let (b, k) = base(x, y, false);
    if sink.wants((b + hint::se_length_increment(4), 4, k)) {
        return true;
    }
    let (b, k) = base(x, y, true);
    x && sink.wants((b + hint::se_length_increment(2), 2, k))
}

/// The order key of a cycle of this walk's kind with `complexity`
/// literals: a walk stops where no cycle it could still close is wanted.
fn cycle_key(w: &Walk, complexity: usize) -> (f64, usize, u8) {
    let (b, sort_key) = base(w.x, w.y, false);
    (
        b + hint::se_length_increment(complexity),
        complexity,
        sort_key,
    )
}

fn base(x: bool, y: bool, chain_kind: bool) -> (f64, u8) {
    let key = if x && y {
        4
    } else if y {
        3
    } else {
        2
    };
    let d = if x && y {
        7.0
    } else if chain_kind {
        6.6
    } else {
        6.5
    };
    (d, key)
}

#[cfg(test)]
thread_local! {
    /// Walk every cycle the components allow, eliminating or not (tests
    /// compare the two).
    static WALK_EVERY_CYCLE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the cycle walks skip components whose cycles cannot eliminate
/// anything (always but in tests that compare).
#[inline]
fn screen_cycles() -> bool {
    #[cfg(test)]
    if WALK_EVERY_CYCLE.with(|w| w.get()) {
        return false;
    }
    true
}

/// What skips the walks that cannot find anything: the reach of the walk's
/// graph, or the only literals worth a walk.
enum Screen<'a> {
    Reach(&'a SkewReach),
    Sources(&'a Sources),
}

fn unary(w: &mut Walk, screen: &Screen, sink: &mut Sink, chain: &mut Chain, c: usize, d: usize) {
    if w.board.cells[c].count_ones() > 2 && !w.x {
        return;
    }
    let source = key(c, d, true);
    if sink.wants(cycle_key(w, 4))
        && match screen {
            Screen::Reach(reach) => {
                (reach.may_eliminate(source, &w.geo.peers, &w.board.digits) || !screen_cycles())
                    && may_cycle(reach, w, source)
            }
            Screen::Sources(sources) => sources.cycle(source),
        }
    {
        cycles(w, sink, chain, source);
    }
    if !w.x {
        return;
    }
    // Forcing chains from the candidate on, then off.
    for start_on in [true, false] {
        let start = key(c, d, start_on);
        let worth = match screen {
            Screen::Reach(reach) => reach.refutes(start),
            Screen::Sources(sources) => sources.forcing(start),
        };
        if !worth {
            continue;
        }
        // A chain has two literals at least; where every chain from here
        // would be dropped for the hint of the same effect kept already,
        // the walk is not made (its only effect would be that count).
        let (b, sort_key) = base(w.x, w.y, true);
        if sink.all
            && sink.covered(
                (b + hint::se_length_increment(2), 2, sort_key),
                &hint::removable_of(&w.board.cells, start ^ 1),
            )
        {
            continue;
        }
        if let Some(target) = forcing(w, sink, chain, start) {
            let (x, y) = (w.x, w.y);
            let complexity = sink.marks.ancestors(chain, target);
            let (b, sort_key) = base(x, y, true);
            let difficulty = b + hint::se_length_increment(complexity);
            let tk = chain.nodes[target as usize].key as usize;
            let removable = hint::removable_of(&w.board.cells, tk);
            let key = (difficulty, complexity, sort_key);
            if removable.is_empty() || !sink.wants(key) || sink.redundant(key, &removable) {
                continue;
            }
            let mut nested = Vec::new();
            let br = hint::branch(chain, &[target], &mut nested);
            let h = hint::make(
                Technique::ForcingChain,
                ForcingKind::Chain {
                    x_links: x,
                    y_links: y,
                },
                false,
                0,
                vec![br],
                nested,
                hint::literal(tk),
                &removable,
                difficulty,
                complexity,
                sort_key,
            );
            sink.offer(h, removable);
        }
    }
}

/// SE's cycle walk from the on-literal `source`: every path back to it of
/// at least four links, each offered as a cycle hint.
fn cycles(w: &mut Walk, sink: &mut Sink, chain: &mut Chain, source: usize) {
    w.buf.generation = w.buf.generation.wrapping_add(1);
    if w.buf.generation == 0 {
        w.buf.expanded.iter_mut().for_each(|s| *s = 0);
        w.buf.created.iter_mut().for_each(|s| *s = 0);
        w.buf.generation = 1;
    }
    chain.clear();
    let root = chain.add(source, RawCause::Assumption, &[]);
    let mut cycles: Vec<u32> = Vec::new();
    w.buf.pend_on.clear();
    w.buf.pend_off.clear();
    w.buf.pend_on.push(root);
    let mut length = 0;
    while !w.buf.pend_on.is_empty() || !w.buf.pend_off.is_empty() {
        // A cycle closes in an off-to-on half at length 4 or more, and its
        // literals are distinct but for the source: it has as many as its
        // length. When none that long is wanted any more, stop.
        if !sink.wants(cycle_key(w, (length + 2).max(4))) {
            break;
        }
        length += 1;
        let pend = std::mem::take(&mut w.buf.pend_on);
        for &p in &pend {
            for i in w.implied(chain.nodes[p as usize].key as usize) {
                let (k, cause) = w.buf.links[i];
                // A second node of an off-literal that cannot link back to the
                // source would never be expanded nor close a cycle: skip it.
                let seen = w.buf.created[k] == w.buf.generation;
                if seen && !may_link(w, k, source) {
                    continue;
                }
                // Only a literal with a node already can be an ancestor.
                if !seen || !is_parent(chain, p, k) {
                    w.buf.created[k] = w.buf.generation;
                    let n = chain.push(k, cause, &[p]);
                    w.buf.pend_off.push(n);
                }
            }
        }
        w.buf.pend_on = pend;
        w.buf.pend_on.clear();
        length += 1;
        let pend = std::mem::take(&mut w.buf.pend_off);
        for &p in &pend {
            let pk = chain.nodes[p as usize].key as usize;
            if w.buf.expanded[pk] == w.buf.generation {
                // Everything this literal implies is registered already; only a
                // link back to the source (closing a cycle) adds a node.
                if length < 4 || !may_link(w, pk, source) {
                    continue;
                }
            }
            w.buf.expanded[pk] = w.buf.generation;
            for i in w.implied(pk) {
                let (k, cause) = w.buf.links[i];
                let is_cycle = length >= 4 && k == source;
                let new = !chain.contains(k);
                if is_cycle || new {
                    let n = if new {
                        chain.add(k, cause, &[p])
                    } else {
                        chain.push(k, cause, &[p])
                    };
                    if is_cycle {
                        cycles.push(n);
                    }
                    if new {
                        w.buf.pend_on.push(n);
                    }
                }
            }
        }
        w.buf.pend_off = pend;
        w.buf.pend_off.clear();
    }
    for &dst in &cycles {
        cycle_hint(w, sink, chain, dst);
    }
}

/// SE's forcing-chain walk from `start`: the first node reaching its negation
/// (breadth first, every literal once), or `None` — also when any chain
/// still to be found would be too long for `sink` to want it.
fn forcing(w: &mut Walk, sink: &Sink, chain: &mut Chain, start: usize) -> Option<u32> {
    chain.clear();
    let root = chain.add(start, RawCause::Assumption, &[]);
    let target = start ^ 1;
    w.buf.pend_on.clear();
    w.buf.pend_off.clear();
    if start & 1 == 1 {
        w.buf.pend_on.push(root);
    } else {
        w.buf.pend_off.push(root);
    }
    let (b, sort_key) = base(w.x, w.y, true);
    // The depth of the nodes of the queue being expanded (each queue holds
    // one depth); every literal of the chain is distinct, so a target found
    // from depth `depth` has `depth + 2` literals.
    let mut depth = 0;
    while !w.buf.pend_on.is_empty() || !w.buf.pend_off.is_empty() {
        for on in [true, false] {
            if (if on { &w.buf.pend_on } else { &w.buf.pend_off }).is_empty() {
                continue;
            }
            let complexity = depth + 2;
            if !sink.wants((
                b + hint::se_length_increment(complexity),
                complexity,
                sort_key,
            )) {
                return None;
            }
            depth += 1;
            let pend = std::mem::take(if on {
                &mut w.buf.pend_on
            } else {
                &mut w.buf.pend_off
            });
            for &p in &pend {
                let pk = chain.nodes[p as usize].key as usize;
                for j in w.implied(pk) {
                    let (k, cause) = w.buf.links[j];
                    if k == target {
                        // Only the target's ancestors matter, and they are
                        // all in place: nothing later can change them.
                        return Some(chain.push(k, cause, &[p]));
                    }
                    // A literal seen before is not derived again (every node
                    // but the target is registered, ancestors included, so
                    // no chain leads back into itself).
                    if !chain.contains(k) {
                        let n = chain.add(k, cause, &[p]);
                        if on {
                            w.buf.pend_off.push(n);
                        } else {
                            w.buf.pend_on.push(n);
                        }
                    }
                }
            }
            let slot = if on {
                &mut w.buf.pend_on
            } else {
                &mut w.buf.pend_off
            };
            *slot = pend;
            slot.clear();
        }
    }
    None
}

fn cycle_hint(w: &Walk, sink: &mut Sink, chain: &Chain, dst: u32) {
    // The chain's cells along first parents (the loop back to the source).
    let mut path = Vec::new();
    let mut n = dst;
    let mut cells = 0u128;
    loop {
        let ps = chain.parents_of(n);
        let Some(&q) = ps.first() else { break };
        path.push(n);
        cells |= 1u128 << (chain.nodes[n as usize].key as usize / 18);
        n = q;
    }
    let mut forw = [0u128; 9];
    let mut back = [0u128; 9];
    for &p in &path {
        let (c, d, on) = unkey(chain.nodes[p as usize].key as usize);
        let mut peers = 0u128;
        for &h in w.geo.houses_of(c) {
            peers |= w.geo.mask[h as usize];
        }
        let m = peers & !cells & w.board.digits[d];
        if on {
            forw[d] |= m;
        } else {
            back[d] |= m;
        }
    }
    if (0..9).all(|d| forw[d] & back[d] == 0) {
        return;
    }
    let mut removable: Removable = Vec::new();
    for c in 0..81 {
        for d in 0..9 {
            if (forw[d] & back[d]) >> c & 1 != 0 {
                removable.push((c * 9 + d) as u16);
            }
        }
    }
    if removable.is_empty() {
        return;
    }
    let complexity = {
        // Distinct literals along the path (SE's ancestor count).
        let mut keys: Vec<u16> = path.iter().map(|&p| chain.nodes[p as usize].key).collect();
        keys.push(chain.nodes[n as usize].key);
        keys.sort_unstable();
        keys.dedup();
        keys.len()
    };
    let (b, sort_key) = base(w.x, w.y, false);
    let difficulty = b + hint::se_length_increment(complexity);
    if !sink.wants((difficulty, complexity, sort_key)) {
        return;
    }
    let mut nested = Vec::new();
    let br = hint::branch(chain, &[dst], &mut nested);
    let lit = hint::literal(chain.nodes[dst as usize].key as usize);
    let h = hint::make(
        Technique::BidirectionalCycle,
        ForcingKind::Cycle {
            x_links: w.x,
            y_links: w.y,
        },
        false,
        0,
        vec![br],
        nested,
        lit,
        &removable,
        difficulty,
        complexity,
        sort_key,
    );
    sink.offer(h, removable);
}

#[cfg(test)]
mod tests {
    use super::{Walk, full_reach, reach_of_digits, static_links};
    use crate::chaining::board::digits_of;
    use crate::chaining::engine::key;
    use crate::chaining::{ChainingMode, chain_hints, first_chain_hint};
    use crate::techniques::als::hunt;
    use sudoku_core::Variant;

    /// The static reach's links, read off the bit boards, are the links a
    /// walk with both kinds of links lists (as sets: a reach needs no order).
    #[test]
    fn static_links_are_the_walks_links() {
        let mut links = 0;
        for (geo, board) in crate::chaining::fixpoint::tests::boards() {
            let mut w = Walk::new(&geo, &board, true, true);
            for c in 0..81 {
                for d in digits_of(board.cells[c]) {
                    for on in [false, true] {
                        let k = key(c, d, on);
                        let mut direct = Vec::new();
                        static_links(&geo, &board, k, &mut direct);
                        let r = w.implied(k);
                        let mut walked: Vec<usize> =
                            w.buf.links[r].iter().map(|&(j, _)| j).collect();
                        direct.sort_unstable();
                        walked.sort_unstable();
                        assert_eq!(direct, walked, "literal {k}");
                        links += direct.len();
                    }
                }
            }
        }
        assert!(links > 1000, "{links} links");
    }

    /// The lean reach of the walks answers as the full one does: the same
    /// literals reach their own negation and pass the cycle screen, and two
    /// literals share a component in one exactly when they do in the other,
    /// for every kind of walk, over all digits and over some.
    #[test]
    fn skew_reach_agrees_with_the_full_reach() {
        let (mut refuted, mut cycling) = (0, 0);
        for (geo, board) in crate::chaining::fixpoint::tests::boards() {
            for (x, y, digits) in [
                (true, false, 0x1ff),
                (true, false, 0b1_0010_0101),
                (false, true, 0x1ff),
                (true, true, 0x1ff),
            ] {
                let mut w = Walk::new(&geo, &board, x, y);
                let skew = reach_of_digits(&w, digits);
                let mut cells = board.cells;
                for m in &mut cells {
                    *m &= digits;
                }
                let full = full_reach(&mut w, &cells);
                let literals: Vec<usize> = (0..81)
                    .flat_map(|c| digits_of(cells[c]).map(move |d| (c, d)))
                    .flat_map(|(c, d)| [key(c, d, false), key(c, d, true)])
                    .collect();
                for &a in &literals {
                    assert_eq!(skew.refutes(a), full.reaches(a, a ^ 1), "literal {a}");
                    // The cycle screen, from the walk's links and the full
                    // components.
                    let cs = full.component(a);
                    let mut seconds = Vec::new();
                    for i in w.implied(a) {
                        let k1 = w.buf.links[i].0;
                        if full.component(k1) == cs {
                            seconds.push(k1);
                        }
                    }
                    let may = seconds.into_iter().any(|k1| {
                        let r = w.implied(k1);
                        w.buf.links[r]
                            .iter()
                            .any(|&(k2, _)| k2 != a && full.component(k2) == cs)
                    });
                    assert_eq!(skew.may_cycle(a), may, "literal {a}");
                    cycling += usize::from(may);
                    refuted += usize::from(skew.refutes(a));
                    for &b in &literals {
                        assert_eq!(
                            skew.component(a) == skew.component(b),
                            full.component(a) == full.component(b),
                            "literals {a} and {b}"
                        );
                    }
                }
            }
        }
        assert!(refuted > 50, "{refuted} refuted literals");
        assert!(cycling > 50, "{cycling} literals on a cycle");
    }

    /// What the producer finds with the quiet digits kept from earlier
    /// positions equals what a fresh thread (nothing kept) finds, for all
    /// hints and for the first one, along the walks of hard puzzles.
    #[test]
    fn kept_quiet_digits_agree_with_a_fresh_search() {
        let mode = ChainingMode::ForcingChainsAndCycles;
        let mut positions = 0;
        for puzzle in hunt::puzzles("Extreme").iter().take(4) {
            hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                let kept = (
                    format!("{:?}", first_chain_hint(pos, mode)),
                    format!("{:?}", chain_hints(pos, mode)),
                );
                let fresh_pos = pos.clone();
                let fresh = std::thread::spawn(move || {
                    (
                        format!("{:?}", first_chain_hint(&fresh_pos, mode)),
                        format!("{:?}", chain_hints(&fresh_pos, mode)),
                    )
                })
                .join()
                .expect("fresh search");
                assert_eq!(kept, fresh);
                positions += 1;
                false
            });
        }
        assert!(positions > 100, "{positions} positions");
    }

    /// Skipping the cycle walks in components where no cycle can eliminate
    /// anything changes no hint: along the walks of hard puzzles, every
    /// hint of the producer (and the first) is the one found when every
    /// cycle is walked.
    #[test]
    fn cycles_skipped_where_nothing_can_go_find_the_same_hints() {
        let mode = ChainingMode::ForcingChainsAndCycles;
        let (mut positions, mut cycles) = (0, 0);
        for puzzle in hunt::puzzles("Extreme").iter().take(4) {
            hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                let search = |pos: crate::Candidates, every: bool| {
                    std::thread::spawn(move || {
                        super::WALK_EVERY_CYCLE.with(|w| w.set(every));
                        let all = chain_hints(&pos, mode);
                        (
                            format!("{:?}", first_chain_hint(&pos, mode)),
                            format!("{all:?}"),
                            all,
                        )
                    })
                    .join()
                    .expect("search")
                };
                let (first, all, hints) = search(pos.clone(), false);
                let (every_first, every_all, _) = search(pos.clone(), true);
                assert_eq!(first, every_first);
                assert_eq!(all, every_all);
                cycles += hints
                    .iter()
                    .filter(|h| h.step.technique == crate::technique::Technique::BidirectionalCycle)
                    .count();
                positions += 1;
                false
            });
        }
        assert!(positions > 100, "{positions} positions");
        assert!(cycles > 10, "{cycles} cycle hints");
    }
}
