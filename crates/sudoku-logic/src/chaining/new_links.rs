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
//!
//! The static cell and region forcing chains nested at level 3 are screened
//! alike, group by group ([`groups`]): a cell or a house's places of a digit
//! that the run left whole, whose branches reach no new link, and that had
//! no common static reach at the run's start, can conclude nothing.

use super::board::{
    Board, Geometry, cells_of, digits_of, other_cell, other_digit, two_cells, two_digits,
};
use super::engine::{key, unkey};
use std::rc::Rc;

/// A set of literals: per digit, the cells where it is on, and where off.
#[derive(Clone, Copy, Default)]
struct Literals {
    on: [u128; 9],
    off: [u128; 9],
}

impl Literals {
    /// Whether the literal key `k` is in the set.
    fn has(&self, k: usize) -> bool {
        let (c, d, on) = unkey(k);
        (if on { self.on[d] } else { self.off[d] }) >> c & 1 != 0
    }
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
    // Built at the first new link: a board without one needs none.
    let mut kept: Option<Closures> = None;
    let may = any_new_link(geo, orig, board, &mut |(ac, ad), (bc, bd)| {
        let memo = kept.get_or_insert_with(|| Closures::for_board(geo, board));
        let (ia, ib) = (memo.of(geo, board, ac, ad), memo.of(geo, board, bc, bd));
        let (fa, fb) = (&memo.sets[ia], &memo.sets[ib]);
        (0..9).any(|d| fa.on[d] & fb.on[d] | fa.off[d] & fb.off[d] != 0)
    });
    if let Some(memo) = kept {
        memo.keep(geo, board);
    }
    may
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
    /// Per digit, the cells with a literal of either kind to walk from.
    walked: [u128; 9],
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

    /// The cells with a literal to walk from (the walks of the others find
    /// nothing).
    pub(crate) fn cells(&self) -> u128 {
        self.walked.iter().fold(0, |a, &w| a | w)
    }

    /// The digits of cell `c` with a literal to walk from.
    pub(crate) fn digits(&self, c: usize) -> u16 {
        (0..9).fold(0, |a, d| a | u16::from(self.walked[d] >> c & 1 != 0) << d)
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
    // Built at the first new link: a board without one needs none.
    let mut kept: Option<Closures> = None;
    let mut found = Sources {
        forcing: [[0; 9]; 2],
        cycles: [0; 9],
        walked: [0; 9],
    };
    let mut any = false;
    let mut add = |(ac, ad): (usize, usize), (bc, bd): (usize, usize)| -> bool {
        let memo = kept.get_or_insert_with(|| Closures::for_board(geo, board));
        let (ia, ib) = (memo.of(geo, board, ac, ad), memo.of(geo, board, bc, bd));
        let (fa, fb) = (&memo.sets[ia], &memo.sets[ib]);
        // For the link `u → v` in either direction (`¬u` is `a` and `v` is
        // `b`, or the other way round) the same literals are refuted.
        let mut common = false;
        for d in 0..9 {
            let (on, off) = (fa.on[d] & fb.on[d], fa.off[d] & fb.off[d]);
            found.forcing[0][d] |= on;
            found.forcing[1][d] |= off;
            common |= on | off != 0;
        }
        if !common {
            return false;
        }
        any = true;
        // The literals of cycles through the link `¬a → b`: implied by `b`,
        // and leading on to `¬a` (their negations implied by `a`); through
        // `¬b → a` the other way round. Either direction has a place that
        // sees one such literal on and another off when the other does.
        let (mut seen_on, mut seen_off) = ([0u128; 9], [0u128; 9]);
        for d in 0..9 {
            for c in cells_of(fb.on[d] & fa.off[d]) {
                seen_on[d] |= geo.peers[c];
            }
            for c in cells_of(fb.off[d] & fa.on[d]) {
                seen_off[d] |= geo.peers[c];
            }
        }
        if (0..9).any(|d| seen_on[d] & seen_off[d] & board.digits[d] != 0) {
            for d in 0..9 {
                found.cycles[d] |= fb.on[d] & fa.off[d] | fa.on[d] & fb.off[d];
            }
        }
        false
    };
    any_new_link(geo, orig, board, &mut add);
    if let Some(memo) = kept {
        memo.keep(geo, board);
    }
    for d in 0..9 {
        found.walked[d] = found.forcing[0][d] | found.forcing[1][d] | found.cycles[d];
    }
    any.then_some(found)
}

/// The groups of a nested static cell and region forcing-chain search on a
/// run's board that may conclude anything (a cell's candidates, or a
/// digit's places in a house, assumed one by one), with the closures that
/// screen them further.
///
/// A finding of a group the run left whole, whose branches pass no new
/// link, uses old links only: its branches reach its conclusion at the
/// run's start too, where the conclusion was a candidate as well. So where
/// the start's static reach gives such a group no common removable literal
/// (see [`Suspects`]), the group concludes nothing on the run's board and
/// is skipped; the search finds exactly what a full search finds. A branch
/// `b` passes a new link `u → v` only if it reaches `u`, i.e. `¬u` (an
/// on-literal) reaches `¬b`.
pub(crate) struct Groups {
    /// The cells to assume in.
    cells: u128,
    /// Per digit, the houses (global index bits) to assume its places in.
    regions: [u64; 9],
    memo: Closures,
}

impl Groups {
    /// Whether the cell forcing chains of cell `c` may conclude anything.
    pub(crate) fn cell(&self, c: usize) -> bool {
        self.cells >> c & 1 != 0
    }

    /// Whether the region forcing chains of digit `d` in house `h` (a
    /// global house index) may conclude anything.
    pub(crate) fn region(&self, h: usize, d: usize) -> bool {
        self.regions[d] >> h & 1 != 0
    }

    /// Whether the static runs from the on-literals `from`, the branches of
    /// `group`, may share a removable conclusion (`false` only when they
    /// surely do not).
    pub(crate) fn may_agree(
        &mut self,
        geo: &Geometry,
        board: &Board,
        from: impl IntoIterator<Item = usize>,
        group: Group,
    ) -> bool {
        // A finding concludes a literal outside its group: each branch turns
        // the group's other literals off, but its own on. (Its off-literals
        // are all removable, candidates off; an on-literal of a cell with
        // one candidate is in no other literal's closure, because the run
        // has removed the digit from the cell's peers.)
        let mut from = from.into_iter();
        let Some(first) = from.next() else {
            return true;
        };
        let (c, d, _) = unkey(first);
        let i0 = self.memo.of(geo, board, c, d);
        let Some(second) = from.next() else {
            return true;
        };
        let (c, d, _) = unkey(second);
        let i1 = self.memo.of(geo, board, c, d);
        // The first two closures' common literals, outside the group, built
        // in one pass (no copy of a closure).
        let (f0, f1) = (&self.memo.sets[i0], &self.memo.sets[i1]);
        let cut = match group {
            Group::Cell(c) => !(1u128 << c),
            Group::Region(..) => !0,
        };
        let mut acc = Literals {
            on: std::array::from_fn(|e| f0.on[e] & f1.on[e] & cut),
            off: std::array::from_fn(|e| f0.off[e] & f1.off[e] & cut),
        };
        if let Group::Region(h, d) = group {
            acc.off[d] &= !geo.mask[h];
        }
        if acc.on.iter().chain(&acc.off).all(|&m| m == 0) {
            return false;
        }
        for k in from {
            let (c, d, _) = unkey(k);
            let i = self.memo.of(geo, board, c, d);
            let f = &self.memo.sets[i];
            let mut any = 0;
            for e in 0..9 {
                acc.on[e] &= f.on[e];
                acc.off[e] &= f.off[e];
                any |= acc.on[e] | acc.off[e];
            }
            if any == 0 {
                return false;
            }
        }
        true
    }
}

/// A group of branches: a cell's candidates, or a digit's places in a house
/// (a global house index).
#[derive(Clone, Copy)]
pub(crate) enum Group {
    Cell(usize),
    Region(usize, usize),
}

/// The groups of `orig` (a run's start) whose branches have a common
/// removable literal in its static reach: per cell, and per digit the
/// houses (global index bits).
struct Suspects {
    cells: u128,
    regions: [u64; 9],
}

/// Suspects kept with the variant's houses and the board they are of.
type KeptSuspects = Option<(Vec<u8>, Board, Rc<Suspects>)>;

thread_local! {
    /// The suspects of the last run start asked on this thread (its houses
    /// and board): every run of a search starts from the same position.
    static SUSPECTS: std::cell::RefCell<KeptSuspects> = const { std::cell::RefCell::new(None) };
}

/// The suspects of `orig` (kept for the next board of the same search).
fn suspects(geo: &Geometry, orig: &Board) -> Rc<Suspects> {
    let kept = SUSPECTS.with(|s| {
        s.borrow().as_ref().and_then(|(houses, b, found)| {
            (*houses == geo.houses && b == orig).then(|| Rc::clone(found))
        })
    });
    if let Some(found) = kept {
        return found;
    }
    let reach = super::unary::static_reach(geo, orig);
    let concludable = removable(orig);
    let removable = reach.nodes_where(|k| concludable.has(k));
    let mut cells = 0u128;
    for (c, &m) in orig.cells.iter().enumerate() {
        if m.count_ones() >= 2 && reach.common(&removable, digits_of(m).map(|d| key(c, d, true))) {
            cells |= 1u128 << c;
        }
    }
    let mut regions = [0u64; 9];
    for &h in &geo.houses {
        let mask = geo.mask[h as usize];
        for (d, r) in regions.iter_mut().enumerate() {
            let places = mask & orig.digits[d];
            if places.count_ones() >= 2
                && reach.common(&removable, cells_of(places).map(|x| key(x, d, true)))
            {
                *r |= 1u64 << h;
            }
        }
    }
    let found = Rc::new(Suspects { cells, regions });
    SUSPECTS.with(|s| *s.borrow_mut() = Some((geo.houses.clone(), *orig, Rc::clone(&found))));
    found
}

/// The literals a finding on `board` may conclude: every candidate off, and
/// a candidate on in a cell with another.
fn removable(board: &Board) -> Literals {
    let mut on = [0u128; 9];
    for (c, &m) in board.cells.iter().enumerate() {
        if m.count_ones() > 1 {
            for d in digits_of(m) {
                on[d] |= 1u128 << c;
            }
        }
    }
    Literals {
        on,
        off: board.digits,
    }
}

/// The groups of a nested static cell and region forcing-chain search on
/// `board` (a run's board, reduced from `orig`) that may conclude anything:
/// those the run cut, those with a common static reach at the start, and
/// those with a branch that reaches a new link; `None` when there are none
/// (see [`Groups`]).
pub(crate) fn groups(geo: &Geometry, orig: &Board, board: &Board) -> Option<Box<Groups>> {
    let s = suspects(geo, orig);
    let mut memo = Closures::for_board(geo, board);
    // The off-literals `¬b` of the on-literals `b` that reach the tail `u`
    // of a new link `u → v` (`b` reaches `u` exactly when `¬u`, an
    // on-literal, reaches `¬b`).
    let mut to_new = [0u128; 9];
    any_new_link(geo, orig, board, &mut |a, b| {
        for (c, d) in [a, b] {
            let i = memo.of(geo, board, c, d);
            for (t, off) in to_new.iter_mut().zip(&memo.sets[i].off) {
                *t |= off;
            }
        }
        false
    });
    let mut cells = 0u128;
    for (c, &m) in board.cells.iter().enumerate() {
        if m.count_ones() < 2 {
            continue;
        }
        let cut = orig.cells[c] != m;
        let suspect = s.cells >> c & 1 != 0;
        if cut || suspect || digits_of(m).any(|d| to_new[d] >> c & 1 != 0) {
            cells |= 1u128 << c;
        }
    }
    let mut regions = [0u64; 9];
    for &h in &geo.houses {
        let mask = geo.mask[h as usize];
        for (d, r) in regions.iter_mut().enumerate() {
            let places = mask & board.digits[d];
            if places.count_ones() < 2 {
                continue;
            }
            let cut = mask & orig.digits[d] != places;
            let suspect = s.regions[d] >> h & 1 != 0;
            if cut || suspect || to_new[d] & places != 0 {
                *r |= 1u64 << h;
            }
        }
    }
    if cells == 0 && regions.iter().all(|&r| r == 0) {
        return None;
    }
    Some(Box::new(Groups {
        cells,
        regions,
        memo,
    }))
}

/// Whether `f(a, b)` holds for some new link of `board` against `orig`,
/// asked in turn until it does: a pair of candidates (as cells and digits)
/// of which the run has made one the other's only alternative, so that
/// either off forces the other on (`a → b` and `b → a` as links `u → v`).
fn any_new_link(
    geo: &Geometry,
    orig: &Board,
    board: &Board,
    f: &mut impl FnMut((usize, usize), (usize, usize)) -> bool,
) -> bool {
    // New cell links: the two candidates of a cell that had more.
    for c in cells_of(board.bivalue_cells()) {
        let m = board.cells[c];
        if orig.cells[c] != m {
            let d = m.trailing_zeros() as usize;
            if f((c, d), (c, other_digit(m, d))) {
                return true;
            }
        }
    }
    // New house links: a digit's two places in a house that had more.
    for &h in &geo.houses {
        let mask = geo.mask[h as usize];
        for d in 0..9 {
            let m = mask & board.digits[d];
            if two_cells(m) && mask & orig.digits[d] != m {
                let c = m.trailing_zeros() as usize;
                if f((c, d), (other_cell(m, c), d)) {
                    return true;
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
    at: Vec<u16>,
    sets: Vec<Literals>,
    /// Per digit, the places whose off-literal implies something.
    strong: [u128; 9],
    /// Per strong candidate `cell * 9 + digit`, the other places of the
    /// digit in the houses where it has two (what its off-literal forces on
    /// there); other entries are stale.
    partner: Vec<u128>,
    stack: Vec<(u8, u8, bool)>,
}

/// The buffers of a [`Closures`]: its closures, partners and stack.
type Spare = (Vec<u16>, Vec<Literals>, Vec<u128>, Vec<(u8, u8, bool)>);

thread_local! {
    /// The closures of the last board screened for a nested static chain
    /// search on this thread (its house count, which names the variant, and
    /// the board): at level 3 the cell and region forcing chains are
    /// screened on the board the forcing chains were screened on just
    /// before, and need closures of the same literals.
    static LAST: std::cell::RefCell<Option<(usize, Board, Closures)>> = const { std::cell::RefCell::new(None) };

    /// The buffers of the last [`Closures`] dropped on this thread: a run
    /// asks for new ones at every quiet point, and their list of closures
    /// would otherwise grow from empty each time.
    static SPARE: std::cell::Cell<Spare> = const { std::cell::Cell::new((Vec::new(), Vec::new(), Vec::new(), Vec::new())) };
}

impl Drop for Closures {
    fn drop(&mut self) {
        let buffers = (
            std::mem::take(&mut self.at),
            std::mem::take(&mut self.sets),
            std::mem::take(&mut self.partner),
            std::mem::take(&mut self.stack),
        );
        // `try_with`: a kept Closures (see `LAST`) may be dropped while the
        // thread's locals are torn down, when the spares may be gone.
        let _ = SPARE.try_with(|s| s.set(buffers));
    }
}

impl Closures {
    /// The closures of `board`: those kept by the last screening when it was
    /// of the same board, else new ones.
    fn for_board(geo: &Geometry, board: &Board) -> Closures {
        let kept = LAST.with(|last| last.borrow_mut().take());
        match kept {
            Some((houses, b, memo)) if houses == geo.houses.len() && b == *board => memo,
            other => {
                // Dropped first: its buffers are the new closures' spares.
                drop(other);
                Closures::new(geo, board)
            }
        }
    }

    /// Keeps these closures of `board` for the next screening.
    fn keep(self, geo: &Geometry, board: &Board) {
        LAST.with(|last| *last.borrow_mut() = Some((geo.houses.len(), *board, self)));
    }

    fn new(geo: &Geometry, board: &Board) -> Closures {
        let (mut at, mut sets, mut partner, mut stack) = SPARE.with(|s| s.take());
        at.clear();
        at.resize(729, 0);
        sets.clear();
        stack.clear();
        partner.resize(729, 0);
        // One pass over the houses: the strong places and their partners
        // (the first partner of a place is assigned, stale entries
        // overwritten), then the bivalue cells' candidates, strong too.
        let mut strong = [0u128; 9];
        for &h in &geo.houses {
            // The digits with two places in the house, counted over its
            // cells' candidates at once (bits seen once, twice, thrice).
            let (mut one, mut two, mut three) = (0u16, 0u16, 0u16);
            for &c in &geo.cells[h as usize] {
                let x = board.cells[usize::from(c)];
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            let mask = geo.mask[h as usize];
            for d in digits_of(two & !three) {
                let s = &mut strong[d];
                let m = mask & board.digits[d];
                for c in cells_of(m) {
                    let other = m & !(1u128 << c);
                    let p = &mut partner[c * 9 + d];
                    *p = if *s >> c & 1 == 0 { other } else { *p | other };
                }
                *s |= m;
            }
        }
        for c in cells_of(board.bivalue_cells()) {
            for d in digits_of(board.cells[c]) {
                if strong[d] >> c & 1 == 0 {
                    strong[d] |= 1u128 << c;
                    partner[c * 9 + d] = 0;
                }
            }
        }
        Closures {
            at,
            sets,
            strong,
            partner,
            stack,
        }
    }

    /// What the on-literal of digit `d` in cell `c` implies, itself included,
    /// under both kinds of static links in `board`.
    /// (Its index in `sets`: the closures are read in place, not copied.)
    fn of(&mut self, geo: &Geometry, board: &Board, c: usize, d: usize) -> usize {
        let i = c * 9 + d;
        if self.at[i] == 0 {
            closure(geo, board, self, c, d);
            self.at[i] = self.sets.len() as u16;
        }
        usize::from(self.at[i]) - 1
    }
}

/// Adds the on-literal of digit `e` in cell `x` to the closure `all`: an
/// on-literal whose closure is known already (`at`, `sets`) brings all of
/// it, and is not walked again; another goes on the walk's `stack`.
#[inline(always)]
fn reached(
    all: &mut Literals,
    stack: &mut Vec<(u8, u8, bool)>,
    at: &[u16],
    sets: &[Literals],
    x: usize,
    e: usize,
) {
    all.on[e] |= 1u128 << x;
    match at[x * 9 + e] {
        0 => stack.push((x as u8, e as u8, true)),
        i => {
            let known = &sets[usize::from(i) - 1];
            for d in 0..9 {
                all.on[d] |= known.on[d];
                all.off[d] |= known.off[d];
            }
        }
    }
}

/// Appends to `memo`'s sets everything the on-literal of digit `d0` in cell
/// `c0` implies in `board`, itself included: an on-literal forces its cell's other
/// candidates and its digit's places among its peers off; an off-literal
/// forces the other candidate of a bivalue cell and the other place of a
/// digit with two places in a house on (see `memo`'s `strong` and
/// `partner`; its stack is scratch space).
fn closure(geo: &Geometry, board: &Board, memo: &mut Closures, c0: usize, d0: usize) {
    let Closures {
        at,
        sets,
        strong,
        partner,
        stack,
    } = memo;
    // Built in place, at the end of the list (no copy of the set).
    sets.push(Literals::default());
    let known = sets.len() - 1;
    let (sets, new) = sets.split_at_mut(known);
    let all = &mut new[0];
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
                    reached(all, stack, at, sets, c, e);
                }
            }
            let p = partner[c * 9 + d] & !all.on[d];
            for x in cells_of(p) {
                if all.on[d] >> x & 1 == 0 {
                    reached(all, stack, at, sets, x, d);
                }
            }
        }
    }
}
