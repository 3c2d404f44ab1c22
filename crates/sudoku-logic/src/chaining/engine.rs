//! Propagation: from one assumed literal, every literal it implies, each node
//! remembering its cause and parents in an arena (no allocation per node).
//!
//! The rules are Sudoku Explainer's:
//! * on → off: the other candidates of the cell (not in Nishio mode, which
//!   uses single-digit links only), then the other places of the digit in each
//!   house of the cell (box, row, column, then the variant's extra houses);
//! * off → on: the cell's last other candidate (naked single; not in Nishio
//!   mode), then the digit's last other place in each house (hidden single).
//!
//! Pending on-literals are processed before pending off-literals, each in the
//! order they were found; that order decides which of several derivations of a
//! literal is kept and hence the length SE counts. In *dynamic* mode an
//! off-literal, once processed, is removed from the working board, so later
//! rules see it gone: a naked or hidden single then also rests on those
//! removed candidates ("hidden parents"). A literal implied both on and off
//! ends the run with a contradiction.

use super::advanced;
use super::board::{
    Board, Geometry, cells_of, digits_of, other_cell, other_digit, two_cells, two_digits,
};

/// No node.
pub(crate) const NONE: u32 = u32::MAX;
/// The number of literal keys: 81 cells × 9 digits × on/off.
pub(crate) const KEYS: usize = 81 * 9 * 2;
/// Words of a bit set over literal keys.
pub(crate) const KEY_WORDS: usize = KEYS.div_ceil(64);

/// A set of literal keys.
pub(crate) type KeySet = [u64; KEY_WORDS];

/// The key of a literal.
#[inline]
pub(crate) fn key(cell: usize, digit: usize, on: bool) -> usize {
    (cell * 9 + digit) * 2 + on as usize
}

/// Per key divided by two: its cell and digit (one load instead of two
/// divisions in the engine's hottest loop).
static CELL_DIGIT: [(u8, u8); KEYS / 2] = {
    let mut table = [(0u8, 0u8); KEYS / 2];
    let mut i = 0;
    while i < KEYS / 2 {
        table[i] = ((i / 9) as u8, (i % 9) as u8);
        i += 1;
    }
    table
};

/// Cell, digit and truth of a key.
#[inline]
pub(crate) fn unkey(k: usize) -> (usize, usize, bool) {
    match CELL_DIGIT.get(k >> 1) {
        Some(&(cell, digit)) => (usize::from(cell), usize::from(digit), k & 1 == 1),
        None => (k / 18, k / 2 % 9, k & 1 == 1),
    }
}

/// The rule that produced a node (see [`crate::Cause`] for the public form).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RawCause {
    Assumption,
    /// Same cell (on → off) or naked single (off → on).
    Cell,
    /// Same house (on → off) or hidden single in it (off → on); global index.
    House(u8),
    /// A nested rule (level ≥ 1): which rule, and the nested hint's index in
    /// the run's nested list (or `NONE`).
    Advanced {
        rule: u8,
        nested: u32,
    },
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) key: u16,
    /// A lower bound of the links on its longest path of parents back to
    /// the assumption, so its ancestor count (see [`Marks::ancestors`]) is
    /// at least one more and a hint can be priced from below without
    /// walking them: for a node the engine derives by its basic rules, the
    /// links on its path of first parents (the node being processed); 0
    /// for the others (nested rules, the unary search's chains, which do
    /// not read it).
    pub(crate) depth: u16,
    pub(crate) cause: RawCause,
    pub(crate) first_parent: u32,
    pub(crate) parent_count: u32,
}

/// The nodes of one run and the literal → node map of the registered ones.
pub(crate) struct Chain {
    pub(crate) nodes: Vec<Node>,
    pub(crate) parents: Vec<u32>,
    index: Vec<u32>,
    /// The registered literals as a bit set (for intersecting runs).
    pub(crate) bits: KeySet,
    /// Nested chain hints found by level ≥ 2 rules, referenced by nodes.
    /// Shared with the nested searches' memo (see `advanced.rs`): the
    /// runs of one search keep thousands of them, mostly the same ones.
    pub(crate) nested: Vec<std::rc::Rc<super::hint::ChainHint>>,
}

impl Chain {
    pub(crate) fn new() -> Chain {
        Chain {
            nodes: Vec::with_capacity(256),
            parents: Vec::with_capacity(512),
            index: vec![NONE; KEYS],
            bits: [0; KEY_WORDS],
            nested: Vec::new(),
        }
    }

    pub(crate) fn clear(&mut self) {
        for n in &self.nodes {
            self.index[n.key as usize] = NONE;
        }
        self.nodes.clear();
        self.parents.clear();
        self.nested.clear();
        self.bits = [0; KEY_WORDS];
    }

    #[inline]
    pub(crate) fn get(&self, k: usize) -> Option<u32> {
        let i = self.index[k];
        (i != NONE).then_some(i)
    }

    #[inline]
    pub(crate) fn contains(&self, k: usize) -> bool {
        self.index[k] != NONE
    }

    /// Appends a node (not registered in the map), of depth 0.
    #[inline]
    pub(crate) fn push(&mut self, k: usize, cause: RawCause, parents: &[u32]) -> u32 {
        self.push_at(k, 0, cause, parents)
    }

    /// Appends a node of the given depth (the engine knows it from the
    /// node it is processing).
    #[inline]
    fn push_at(&mut self, k: usize, depth: u16, cause: RawCause, parents: &[u32]) -> u32 {
        let first = self.parents.len() as u32;
        // One by one: most nodes have one parent, and a copy of a short
        // slice would be a call to `memcpy`.
        for &q in parents {
            self.parents.push(q);
        }
        self.nodes.push(Node {
            key: k as u16,
            depth,
            cause,
            first_parent: first,
            parent_count: parents.len() as u32,
        });
        (self.nodes.len() - 1) as u32
    }

    /// Appends a node of depth 0 and registers it as the node of its
    /// literal.
    #[inline]
    pub(crate) fn add(&mut self, k: usize, cause: RawCause, parents: &[u32]) -> u32 {
        self.add_at(k, 0, cause, parents)
    }

    #[inline]
    fn add_at(&mut self, k: usize, depth: u16, cause: RawCause, parents: &[u32]) -> u32 {
        let n = self.push_at(k, depth, cause, parents);
        self.index[k] = n;
        self.bits[k / 64] |= 1 << (k % 64);
        n
    }

    #[inline]
    pub(crate) fn parents_of(&self, n: u32) -> &[u32] {
        let node = &self.nodes[n as usize];
        &self.parents[node.first_parent as usize..(node.first_parent + node.parent_count) as usize]
    }

    /// The registered nodes in registration order with the given truth.
    pub(crate) fn registered(&self, on: bool) -> impl Iterator<Item = u32> + '_ {
        self.nodes.iter().enumerate().filter_map(move |(i, n)| {
            let k = n.key as usize;
            (k & 1 == on as usize && self.index[k] == i as u32).then_some(i as u32)
        })
    }
}

/// Visited marks by literal key, reset in O(1) by a generation counter.
pub(crate) struct Marks {
    stamp: Vec<u32>,
    generation: u32,
    todo: Vec<u32>,
    /// The nested hints (indices into the chain's list) met by the last
    /// [`Marks::ancestors`] walk, each once.
    pub(crate) nested: Vec<u32>,
}

thread_local! {
    /// The stamps of the last [`Marks`] dropped on this thread, with their
    /// generation: a search makes new marks (its sink's) each time, and
    /// nested searches run by the thousand.
    static SPARE_STAMPS: std::cell::Cell<(Vec<u32>, u32)> = const { std::cell::Cell::new((Vec::new(), 0)) };
}

impl Drop for Marks {
    fn drop(&mut self) {
        if !self.stamp.is_empty() {
            let stamp = std::mem::take(&mut self.stamp);
            SPARE_STAMPS.with(|s| s.set((stamp, self.generation)));
        }
    }
}

impl Marks {
    /// Marks whose stamps are taken when first needed (most searches find
    /// nothing and never count ancestors).
    pub(crate) fn new() -> Marks {
        Marks {
            stamp: Vec::new(),
            generation: 0,
            todo: Vec::new(),
            nested: Vec::new(),
        }
    }

    fn next(&mut self) {
        if self.stamp.is_empty() {
            // Stamps of earlier marks are all below their generation, which
            // goes on from there.
            let (stamp, generation) = SPARE_STAMPS.with(|s| s.take());
            (self.stamp, self.generation) = if stamp.len() == KEYS {
                (stamp, generation)
            } else {
                (vec![0; KEYS], 0)
            };
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
    }

    /// SE's ancestor count: the number of distinct literals among `target`
    /// and all its ancestors.
    pub(crate) fn ancestors(&mut self, chain: &Chain, target: u32) -> usize {
        self.next();
        self.todo.clear();
        self.todo.push(target);
        self.nested.clear();
        let mut count = 0;
        while let Some(n) = self.todo.pop() {
            let node = &chain.nodes[n as usize];
            let k = node.key as usize;
            if self.stamp[k] == self.generation {
                continue;
            }
            self.stamp[k] = self.generation;
            count += 1;
            if let RawCause::Advanced { nested, .. } = node.cause
                && nested != NONE
                && !self.nested.contains(&nested)
            {
                self.nested.push(nested);
            }
            for &q in chain.parents_of(n) {
                self.todo.push(q);
            }
        }
        count
    }
}

/// What a run may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Rules {
    /// Removed candidates stay removed for later implications.
    pub(crate) dynamic: bool,
    /// Links inside a cell (off in Nishio mode).
    pub(crate) y_links: bool,
    /// Nesting level (0: none; 1: locked candidates, pairs, X-wing; 2+: chains).
    pub(crate) level: u8,
}

/// The propagation engine over one position.
pub(crate) struct Engine<'g> {
    pub(crate) geo: &'g Geometry,
    pub(crate) orig: Board,
    pub(crate) board: Board,
    pub(crate) rules: Rules,
    scratch: Vec<u32>,
    /// Per basic nested rule (locked candidates, hidden pairs, naked pairs,
    /// X-wings), the places of each digit when the current run last asked
    /// it (see `advanced::add_potentials`).
    pub(crate) asked: [[u128; 9]; 4],
    /// Ask the basic rules everywhere every time (tests compare the two).
    #[cfg(test)]
    pub(crate) full_basic: bool,
}

/// A contradiction: the on-node and the off-node of the same candidate.
pub(crate) type Clash = (u32, u32);

impl<'g> Engine<'g> {
    pub(crate) fn new(geo: &'g Geometry, orig: Board, rules: Rules) -> Engine<'g> {
        Engine {
            geo,
            orig,
            board: orig,
            rules,
            scratch: Vec::with_capacity(16),
            asked: [orig.digits; 4],
            #[cfg(test)]
            full_basic: false,
        }
    }

    /// Assumes the literal (`cell`, `digit`, `on`) and propagates it into
    /// `chain` (cleared first). Returns the first contradiction, if any; the
    /// chain then holds what was derived up to it.
    pub(crate) fn run(
        &mut self,
        chain: &mut Chain,
        cell: usize,
        digit: usize,
        on: bool,
    ) -> Option<Clash> {
        chain.clear();
        self.board = self.orig;
        // Only the nested rules read these (a level-0 run, the inner search
        // of the highest levels, would copy them for nothing).
        if self.rules.level > 0 {
            self.asked = [self.orig.digits; 4];
        }
        chain.add(key(cell, digit, on), RawCause::Assumption, &[]);
        self.propagate(chain, 0)
    }

    /// Continues a run that ended quiet under rules whose nested chain
    /// rules are a prefix of this engine's (see [`advanced::extends`]), in
    /// `chain`. Up to where it ended, a run under these rules would have
    /// been the same (at every quiet point the same rules are asked in the
    /// same order and the first that finds anything decides); from there
    /// it asks the rules the shorter list lacks. The result is the full
    /// run's. Its board is rebuilt from the chain (a dynamic run removes
    /// every candidate it turns off). `basic_asked`: the shorter run asked
    /// the basic rules at its end (it had nested rules), so they have
    /// nothing to look at until something changes; else they look at
    /// everything the run removed.
    pub(crate) fn resume(&mut self, chain: &mut Chain, basic_asked: bool) -> Option<Clash> {
        self.board = self.orig;
        if self.rules.dynamic {
            for n in &chain.nodes {
                let (c, d, on) = unkey(n.key as usize);
                if !on {
                    self.board.remove(c, d);
                }
            }
        }
        let asked = if basic_asked { self.board } else { self.orig };
        self.asked = [asked.digits; 4];
        self.propagate(chain, chain.nodes.len())
    }

    /// Propagates `chain`'s nodes from `from` on (the earlier ones are
    /// processed), then asks the nested rules at each quiet point.
    fn propagate(&mut self, chain: &mut Chain, from: usize) -> Option<Clash> {
        let (mut on_cur, mut off_cur) = (from, from);
        loop {
            while on_cur < chain.nodes.len() && chain.nodes[on_cur].key & 1 == 0 {
                on_cur += 1;
            }
            if on_cur < chain.nodes.len() {
                let p = on_cur as u32;
                on_cur += 1;
                if let Some(c) = self.on_to_off(chain, p) {
                    return Some(c);
                }
                continue;
            }
            while off_cur < chain.nodes.len() && chain.nodes[off_cur].key & 1 == 1 {
                off_cur += 1;
            }
            if off_cur < chain.nodes.len() {
                let p = off_cur as u32;
                off_cur += 1;
                if let Some(c) = self.off_to_on(chain, p) {
                    return Some(c);
                }
                if self.rules.dynamic {
                    let (c, d, _) = unkey(chain.nodes[p as usize].key as usize);
                    self.board.remove(c, d);
                }
                continue;
            }
            if self.rules.level > 0 && advanced::add_potentials(self, chain) {
                continue;
            }
            return None;
        }
    }

    fn on_to_off(&mut self, chain: &mut Chain, p: u32) -> Option<Clash> {
        let node = chain.nodes[p as usize];
        let (c, d, _) = unkey(node.key as usize);
        let depth = node.depth.saturating_add(1);
        if self.rules.y_links {
            for e in digits_of(self.board.cells[c] & !(1 << d)) {
                if let Some(clash) = off(chain, c, e, RawCause::Cell, p, depth) {
                    return Some(clash);
                }
            }
        }
        let geo = self.geo;
        // A peer in two houses of the cell is met in the first (the second
        // meeting would change nothing).
        let mut seen = 1u128 << c;
        for &h in geo.houses_of(c) {
            let m = geo.mask[h as usize] & self.board.digits[d] & !seen;
            seen |= m;
            for x in cells_of(m) {
                if let Some(clash) = off(chain, x, d, RawCause::House(h), p, depth) {
                    return Some(clash);
                }
            }
        }
        None
    }

    fn off_to_on(&mut self, chain: &mut Chain, p: u32) -> Option<Clash> {
        let node = chain.nodes[p as usize];
        let (c, d, _) = unkey(node.key as usize);
        let depth = node.depth.saturating_add(1);
        if self.rules.y_links {
            let m = self.board.cells[c];
            // A single whose target is already on adds nothing: skipped
            // before its parents are gathered (here and in the houses).
            if two_digits(m) && !chain.contains(key(c, other_digit(m, d), true)) {
                let other = other_digit(m, d);
                self.scratch.clear();
                self.scratch.push(p);
                for e in digits_of(self.orig.cells[c] & !m) {
                    if let Some(q) = chain.get(key(c, e, false)) {
                        self.scratch.push(q);
                    }
                }
                if let Some(clash) = on(chain, c, other, RawCause::Cell, &self.scratch, depth) {
                    return Some(clash);
                }
            }
        }
        let geo = self.geo;
        for &h in geo.houses_of(c) {
            let hm = geo.mask[h as usize];
            let m = hm & self.board.digits[d];
            if !two_cells(m) {
                continue;
            }
            let other = other_cell(m, c);
            if chain.contains(key(other, d, true)) {
                continue;
            }
            self.scratch.clear();
            self.scratch.push(p);
            for x in cells_of(hm & self.orig.digits[d] & !self.board.digits[d]) {
                if let Some(q) = chain.get(key(x, d, false)) {
                    self.scratch.push(q);
                }
            }
            if let Some(clash) = on(chain, other, d, RawCause::House(h), &self.scratch, depth) {
                return Some(clash);
            }
        }
        None
    }
}

/// Derives "`cell` is not `digit`" from `p` (a node of depth `depth - 1`):
/// a clash when it is already on, nothing when already off.
#[inline(always)]
fn off(
    chain: &mut Chain,
    cell: usize,
    digit: usize,
    cause: RawCause,
    p: u32,
    depth: u16,
) -> Option<Clash> {
    let koff = key(cell, digit, false);
    if let Some(q) = chain.get(koff ^ 1) {
        let n = chain.push_at(koff, depth, cause, &[p]);
        return Some((q, n));
    }
    if !chain.contains(koff) {
        chain.add_at(koff, depth, cause, &[p]);
    }
    None
}

/// Derives "`cell` is `digit`" from `parents` (the first of depth `depth - 1`).
#[inline(always)]
fn on(
    chain: &mut Chain,
    cell: usize,
    digit: usize,
    cause: RawCause,
    parents: &[u32],
    depth: u16,
) -> Option<Clash> {
    let kon = key(cell, digit, true);
    if let Some(q) = chain.get(kon ^ 1) {
        let n = chain.push_at(kon, depth, cause, parents);
        return Some((n, q));
    }
    if !chain.contains(kon) {
        chain.add_at(kon, depth, cause, parents);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chaining::board::digits_of;
    use crate::chaining::fixpoint::tests::boards;

    /// A node's depth prices it from below: on hard positions, every node
    /// of every run (static and dynamic, with and without the nested rules
    /// of level 1) has at least one ancestor more than its depth, and the
    /// bound is not trivially zero.
    #[test]
    fn depth_is_below_the_ancestor_count() {
        let mut chain = Chain::new();
        let mut marks = Marks::new();
        let (mut nodes, mut deep) = (0usize, 0usize);
        for (geo, board) in boards() {
            for (dynamic, level) in [(false, 0), (true, 0), (true, 1)] {
                let rules = Rules {
                    dynamic,
                    y_links: true,
                    level,
                };
                let mut eng = Engine::new(&geo, board, rules);
                for c in (0..81).step_by(7) {
                    for d in digits_of(board.cells[c]) {
                        for on in [true, false] {
                            eng.run(&mut chain, c, d, on);
                            for n in 0..chain.nodes.len() as u32 {
                                let depth = usize::from(chain.nodes[n as usize].depth);
                                let count = marks.ancestors(&chain, n);
                                assert!(depth < count, "depth {depth}, {count} ancestors");
                                nodes += 1;
                                deep += usize::from(depth >= 5);
                            }
                        }
                    }
                }
            }
        }
        assert!(nodes > 10_000 && deep > 1_000, "{nodes} nodes, {deep} deep");
    }
}
