//! ALS-XY-chain: almost locked sets A1, A2, …, Ak, each consecutive pair
//! sharing no cell and linked by a restricted common candidate, consecutive
//! RCCs different. If A1 lacks a digit Z it is locked and holds its RCC to A2,
//! so A2 loses that RCC, is locked and holds the next RCC, and so on to Ak,
//! which then holds all its digits but its incoming RCC. So for Z in A1 and Ak
//! that is neither the first nor the last RCC, A1 or Ak holds Z: Z goes from
//! every cell seeing all places of Z in both.
//!
//! Each implication uses only two consecutive sets, so sets further apart in
//! the chain may share cells (HoDoKu forbids that; the argument does not need
//! it). That turns the search into a reachability question: from a start set
//! and digit Z, the sets reachable after t links and the RCCs they can be
//! entered by (a set entered by two different RCCs can leave by any; by one
//! only, by any other) are propagated link by link over the RCC graph —
//! exhaustive, fast and independent of the order of cells and digits, which
//! the synchronous solver needs. The layers of 256 starts (a set and Z) are
//! built at once, one bit per start, over the graph's *slots* (a set and an
//! RCC it can be entered by), so a link costs a few word operations for all
//! of them. A chain is read back from the layers for the step; an index of
//! which sets a cell sees names each start's possible ends.
//!
//! Chains of two and three sets are ALS-XZ and ALS-XY-wing; this finder takes
//! four to [`MAX_SETS`] sets (HoDoKu allows six; five keeps rating within
//! its time budget). House-generic like every ALS technique.

use super::als::{self, Als, chain_step, push_new};
use crate::Candidates;
use crate::step::Step;
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, Digit, DigitSet};

/// The most sets in a chain.
pub(crate) const MAX_SETS: usize = 5;
/// The fewest sets (fewer are ALS-XZ and ALS-XY-wing).
pub(crate) const MIN_SETS: usize = 4;

/// Reports ALS-XY-chains with eliminations, once per set of eliminations.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let sets = als::all(pos);
    let n = sets.list.len();
    if n == 0 {
        return;
    }
    let start = out.len();
    let graph = Graph::new(&sets);
    let seen_by = SeenBy::new(pos, &sets);
    // The starts: a set and a digit Z some later set could end a chain with
    // (some cell sees all places of Z in both).
    let mut starts: Vec<(usize, Digit, CellSet)> = Vec::with_capacity(3 * n);
    for (s, a) in sets.list.iter().enumerate() {
        for z in a.live.iter() {
            let reach = pos.cells_with(z) & a.sees[z.index()];
            if reach
                .iter()
                .any(|c| seen_by.of(z, c).last().is_some_and(|&k| k as usize > s))
            {
                starts.push((s, z, reach));
            }
        }
    }
    let mut layers = Layers::new(&graph);
    // Per end set and digit that a start of the batch may end at (`at`:
    // its place in `ends_here`, `u32::MAX` for none): the starts that may
    // end there, and those already found with a shorter chain.
    let mut at = vec![u32::MAX; n * 9];
    let mut ends_here: Vec<(usize, Lanes, Lanes)> = Vec::new();
    let mut hits: Vec<(u32, u32, u32)> = Vec::new();
    for chunk in starts.chunks(Lanes::BITS) {
        for &(i, _, _) in &ends_here {
            at[i] = u32::MAX;
        }
        ends_here.clear();
        layers.clear();
        for (b, &(s, z, reach)) in chunk.iter().enumerate() {
            let zs = DigitSet::single(z);
            for &(j, m) in &sets.adj[s] {
                layers.enter(&graph, j, m - zs, b);
            }
            for c in reach.iter() {
                let list = seen_by.of(z, c);
                let later = list.partition_point(|&k| k as usize <= s);
                for &k in &list[later..] {
                    let i = k as usize * 9 + z.index();
                    if at[i] == u32::MAX {
                        at[i] = ends_here.len() as u32;
                        ends_here.push((i, Lanes::ZERO, Lanes::ZERO));
                    }
                    ends_here[at[i] as usize].1.set(b);
                }
            }
        }
        // Layer t holds the chains of t links (t + 1 sets).
        hits.clear();
        for t in 2..MAX_SETS {
            layers.spread(t, &graph);
            if t + 1 < MIN_SETS {
                continue;
            }
            for (i, wanted, found) in &mut ends_here {
                let (k, z) = (*i / 9, *i % 9);
                let h = wanted
                    .and(found.not())
                    .and(layers.entered_except(&graph, t, k, z));
                *found = found.or(h);
                h.each(|b| hits.push((b as u32, t as u32, k as u32)));
            }
        }
        // In the order of a search start by start, length by length, end
        // by end.
        hits.sort_unstable();
        for &(b, t, k) in &hits {
            let (s, z, reach) = chunk[b as usize];
            let (t, k) = (t as usize, k as usize);
            let mut victims = [CellSet::EMPTY; 9];
            victims[z.index()] = reach & sets.list[k].sees[z.index()];
            let (path, rccs) = read_back(&sets, &graph, &layers, b as usize, s, k, t, z);
            let chain: Vec<&Als> = path.iter().map(|&i| &sets.list[i]).collect();
            let Some(step) = chain_step(Technique::AlsXyChain, &chain, &rccs, &victims, false)
            else {
                continue;
            };
            if push_new(out, start, step) && mode == FindMode::First {
                return;
            }
        }
    }
}

/// The RCC graph as the layers read it. A *slot* is a set and a digit it
/// shares as an RCC with some other set: the only ways a chain can enter a
/// set. Slot `q` is set `set[q]` entered by digit `digit[q]`; its
/// neighbours by that digit are `from[first[q]..first[q + 1]]`, each with
/// the neighbour's own slot of the digit.
struct Graph {
    /// The number of sets.
    n: usize,
    /// Per digit and set (`d * n + j`): its slot, `u32::MAX` for none.
    slot: Vec<u32>,
    set: Vec<u32>,
    digit: Vec<u8>,
    first: Vec<u32>,
    from: Vec<(u32, u32)>,
    /// Per set: its slots (`slots_of[j]..slots_of[j + 1]`, in digit order
    /// within `by_set`).
    by_set: Vec<u32>,
    slots_of: Vec<u32>,
}

impl Graph {
    fn new(sets: &als::Sets) -> Graph {
        let n = sets.list.len();
        // The slots in digit order, then set order.
        let rccs: Vec<DigitSet> = sets
            .adj
            .iter()
            .map(|adj| adj.iter().fold(DigitSet::EMPTY, |acc, &(_, m)| acc | m))
            .collect();
        let mut slot = vec![u32::MAX; 9 * n];
        let (mut set, mut digit) = (Vec::new(), Vec::new());
        for r in Digit::ALL {
            for (k, m) in rccs.iter().enumerate() {
                if m.contains(r) {
                    slot[r.index() * n + k] = set.len() as u32;
                    set.push(k as u32);
                    digit.push(r.index() as u8);
                }
            }
        }
        // Each slot's neighbours, in the set's edge order.
        let mut first = vec![0u32; set.len() + 1];
        for (k, adj) in sets.adj.iter().enumerate() {
            for &(_, m) in adj {
                for r in m.iter() {
                    first[slot[r.index() * n + k] as usize + 1] += 1;
                }
            }
        }
        for q in 0..set.len() {
            first[q + 1] += first[q];
        }
        let mut from = vec![(0u32, 0u32); first[set.len()] as usize];
        let mut next = first.clone();
        for (k, adj) in sets.adj.iter().enumerate() {
            for &(j, m) in adj {
                for r in m.iter() {
                    let q = slot[r.index() * n + k] as usize;
                    from[next[q] as usize] = (j as u32, slot[r.index() * n + j]);
                    next[q] += 1;
                }
            }
        }
        let mut by_set = Vec::with_capacity(set.len());
        let mut slots_of = Vec::with_capacity(n + 1);
        slots_of.push(0);
        for j in 0..n {
            by_set.extend((0..9).map(|d| slot[d * n + j]).filter(|&q| q != u32::MAX));
            slots_of.push(by_set.len() as u32);
        }
        Graph {
            n,
            slot,
            set,
            digit,
            first,
            from,
            by_set,
            slots_of,
        }
    }

    fn slots(&self) -> usize {
        self.set.len()
    }

    /// The slot of set `j` entered by the digit of index `d`, if it has one.
    fn slot_of(&self, d: usize, j: usize) -> Option<usize> {
        match self.slot[d * self.n + j] {
            u32::MAX => None,
            q => Some(q as usize),
        }
    }

    /// The slots of set `j`.
    fn of(&self, j: usize) -> &[u32] {
        &self.by_set[self.slots_of[j] as usize..self.slots_of[j + 1] as usize]
    }
}

/// One bit per start of a batch.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Lanes([u64; 4]);

impl Lanes {
    const ZERO: Lanes = Lanes([0; 4]);
    const BITS: usize = 256;

    fn or(self, o: Lanes) -> Lanes {
        Lanes(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
    fn and(self, o: Lanes) -> Lanes {
        Lanes(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    fn not(self) -> Lanes {
        Lanes(self.0.map(|w| !w))
    }
    fn set(&mut self, b: usize) {
        self.0[b / 64] |= 1 << (b % 64);
    }
    fn has(self, b: usize) -> bool {
        self.0[b / 64] & (1 << (b % 64)) != 0
    }
    /// Calls `f` with every set bit, lowest first.
    fn each(self, mut f: impl FnMut(usize)) {
        for (i, &w) in self.0.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                f(i * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
    }
}

/// Per digit Z and cell: the sets holding Z whose places of Z that cell
/// sees all of, in set order (the ends a chain can eliminate Z with), as
/// one flat list.
struct SeenBy {
    list: Vec<u32>,
    at: Vec<u32>,
}

impl SeenBy {
    fn new(pos: &Candidates, sets: &als::Sets) -> SeenBy {
        let mut at = vec![0u32; 9 * 81 + 1];
        let each = |f: &mut dyn FnMut(usize, u32)| {
            for (k, b) in sets.list.iter().enumerate() {
                for z in b.digits.iter() {
                    for c in (b.sees[z.index()] & pos.cells_with(z)).iter() {
                        f(z.index() * 81 + c.index(), k as u32);
                    }
                }
            }
        };
        each(&mut |i, _| at[i + 1] += 1);
        for i in 0..9 * 81 {
            at[i + 1] += at[i];
        }
        let mut list = vec![0u32; at[9 * 81] as usize];
        let mut next = at.clone();
        each(&mut |i, k| {
            list[next[i] as usize] = k;
            next[i] += 1;
        });
        SeenBy { list, at }
    }

    fn of(&self, z: Digit, c: sudoku_core::Cell) -> &[u32] {
        let i = z.index() * 81 + c.index();
        &self.list[self.at[i] as usize..self.at[i + 1] as usize]
    }
}

/// The chains of a batch of starts at once: per number of links `t` and
/// slot (a set and a digit), the starts (one bit each) from which the set
/// can be entered by the digit after `t` links. A set entered by two RCCs
/// can leave by any; by one, by another — so it can leave by `r` exactly
/// when it is entered by two digits, or by one that is not `r`.
struct Layers {
    slots: usize,
    /// Layer `t` (from 1) and slot `q` at `(t - 1) * slots + q`.
    bits: Vec<Lanes>,
    /// The slots entered in layer 1 (the only layer not written whole).
    first: Vec<u32>,
    /// Per slot of the layer being spread: the starts that can leave its
    /// set by its digit.
    leave: Vec<Lanes>,
}

impl Layers {
    fn new(graph: &Graph) -> Layers {
        let slots = graph.slots();
        // The layer arrays of the thread's last search, so that only layer 1
        // is cleared (the others are written whole before they are read).
        let mut bits = KEPT.with(|kept| std::mem::take(&mut *kept.borrow_mut()));
        let need = (MAX_SETS - 1) * slots;
        if bits.len() < need {
            bits.resize(need, Lanes::ZERO);
        }
        bits[..slots].fill(Lanes::ZERO);
        Layers {
            slots,
            bits,
            first: Vec::new(),
            leave: Vec::with_capacity(slots),
        }
    }

    /// Empties layer 1 (each later layer is written whole from the one
    /// before).
    fn clear(&mut self) {
        for &q in &self.first {
            self.bits[q as usize] = Lanes::ZERO;
        }
        self.first.clear();
    }

    /// The starts entering set `j` by the digit of index `d` after `t`
    /// links.
    fn get(&self, graph: &Graph, t: usize, d: usize, j: usize) -> Lanes {
        graph
            .slot_of(d, j)
            .map_or(Lanes::ZERO, |q| self.bits[(t - 1) * self.slots + q])
    }

    /// Set `j` can be entered by the digits `m` after one link from start
    /// `b` (each an RCC `j` shares with the start, so `j` has its slot).
    fn enter(&mut self, graph: &Graph, j: usize, m: DigitSet, b: usize) {
        for d in m.iter() {
            if let Some(q) = graph.slot_of(d.index(), j) {
                self.first.push(q as u32);
                self.bits[q].set(b);
            }
        }
    }

    /// The starts from which set `k` is entered after `t` links by a digit
    /// other than the one of index `z`.
    fn entered_except(&self, graph: &Graph, t: usize, k: usize, z: usize) -> Lanes {
        let layer = &self.bits[(t - 1) * self.slots..t * self.slots];
        graph
            .of(k)
            .iter()
            .filter(|&&q| graph.digit[q as usize] as usize != z)
            .fold(Lanes::ZERO, |acc, &q| acc.or(layer[q as usize]))
    }

    /// Layer `t` from layer `t - 1` over every edge (each slot from the
    /// neighbours by its digit: the graph is symmetric).
    fn spread(&mut self, t: usize, graph: &Graph) {
        let n = self.slots;
        let (before, after) = self.bits.split_at_mut((t - 1) * n);
        let prev = &before[(t - 2) * n..];
        let next = &mut after[..n];
        // Per slot p (set j entered by digit r): the starts from which j
        // can leave by r, towards every neighbour by r — entered by two
        // digits, or by one other than r.
        self.leave.resize(n, Lanes::ZERO);
        for j in 0..graph.n {
            let slots = graph.of(j);
            let (mut any, mut two) = (Lanes::ZERO, Lanes::ZERO);
            for &q in slots {
                let w = prev[q as usize];
                two = two.or(any.and(w));
                any = any.or(w);
            }
            for &q in slots {
                self.leave[q as usize] = two.or(any.and(prev[q as usize].not()));
            }
        }
        let leave = &self.leave[..n];
        for (q, out) in next.iter_mut().enumerate() {
            let list = &graph.from[graph.first[q] as usize..graph.first[q + 1] as usize];
            *out = list
                .iter()
                .fold(Lanes::ZERO, |acc, &(_, p)| acc.or(leave[p as usize]));
        }
    }
}

impl Drop for Layers {
    fn drop(&mut self) {
        let bits = std::mem::take(&mut self.bits);
        KEPT.with(|kept| *kept.borrow_mut() = bits);
    }
}

thread_local! {
    /// The layer arrays between searches (see [`Layers::new`]).
    static KEPT: std::cell::RefCell<Vec<Lanes>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// A chain of `t` links from `s` to `k` (entered by an RCC other than `z`)
/// read back from the layers of the start `bit`: the sets in order and the
/// RCCs between them.
#[allow(clippy::too_many_arguments)]
fn read_back(
    sets: &als::Sets,
    graph: &Graph,
    layers: &Layers,
    b: usize,
    s: usize,
    k: usize,
    t: usize,
    z: Digit,
) -> (Vec<usize>, Vec<Digit>) {
    // The lowest digit other than `x` that set `j` is entered by after
    // `u` links.
    let first_except = |u: usize, j: usize, x: Digit| {
        Digit::ALL
            .into_iter()
            .find(|&d| d != x && layers.get(graph, u, d.index(), j).has(b))
    };
    let mut path = vec![k];
    let mut rccs = Vec::with_capacity(t);
    let mut cur = k;
    let mut x = first_except(t, k, z).expect("k is entered by an RCC other than z");
    for u in (1..t).rev() {
        rccs.push(x);
        // A set one link earlier, entered by a digit other than x, linked
        // to `cur` by x (one exists: that is how x got into the layer).
        let (j, y) = sets.adj[cur]
            .iter()
            .filter(|&&(_, m)| m.contains(x))
            .find_map(|&(j, _)| first_except(u, j, x).map(|y| (j, y)))
            .expect("a predecessor");
        path.push(j);
        cur = j;
        x = y;
    }
    rccs.push(x);
    path.push(s);
    path.reverse();
    rccs.reverse();
    (path, rccs)
}

/// Catalogue entry: ALS-XY-chain (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const ALS_XY_CHAIN: TechniqueInfo = TechniqueInfo {
    technique: Technique::AlsXyChain, name: "als-xy-chain", names: Names { en: "ALS-XY-chain", de: "ALS-XY-Kette" },
    family: Family::Als, phase: Phase::OnCandidates, points: 13.0, se: None, finder: find, text: None,
    hodoku: Hodoku { order: Some(5900), level: HodokuLevel::Unfair, score: 340 },
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::Detail;
    use crate::techniques::als::{GRID, PUZZLE};
    use crate::techniques::test_util::*;
    use sudoku_core::Variant;

    #[test]
    fn als_chain_on_a_real_position() {
        let pos = position(GRID, Variant::Standard);
        let steps = run(find, &pos);
        assert_sound(PUZZLE, Variant::Standard, &steps);
        assert!(!steps.is_empty());
        for s in &steps {
            let Detail::AlsChain(crate::AlsChain { sets, rccs, .. }) = &s.detail else {
                panic!("ALS detail");
            };
            assert!((MIN_SETS..=MAX_SETS).contains(&sets.len()));
            assert!(rccs.windows(2).all(|w| w[0] != w[1]));
        }
        // Each set of eliminations once.
        for (k, s) in steps.iter().enumerate() {
            assert!(steps[..k].iter().all(|t| t.eliminations != s.eliminations));
        }
    }

    /// Every set of eliminations of a chain of 4 or 5 sets, by trying every
    /// walk over the RCC graph.
    fn every_chain(pos: &Candidates) -> std::collections::BTreeSet<String> {
        let sets = als::all(pos);
        let mut out = std::collections::BTreeSet::new();
        for s in 0..sets.list.len() {
            let a = &sets.list[s];
            for z in a.live.iter() {
                let reach = pos.cells_with(z) & a.sees[z.index()];
                let mut ends = std::collections::BTreeSet::new();
                // (set, RCC it was entered by, links so far)
                let mut stack = vec![(s, None::<Digit>, 0usize)];
                while let Some((j, last, links)) = stack.pop() {
                    for &(k, m) in &sets.adj[j] {
                        for r in m.iter() {
                            if (links == 0 && r == z) || last == Some(r) {
                                continue;
                            }
                            if links + 1 >= MIN_SETS - 1 && r != z && k > s {
                                let victims = reach & sets.list[k].sees[z.index()];
                                if !victims.is_empty() {
                                    ends.insert(k);
                                }
                            }
                            if links + 2 < MAX_SETS {
                                stack.push((k, Some(r), links + 1));
                            }
                        }
                    }
                }
                for k in ends {
                    let victims = reach & sets.list[k].sees[z.index()];
                    let cells: Vec<String> = victims.iter().map(|c| format!("{c}-{z}")).collect();
                    out.insert(cells.join(" "));
                }
            }
        }
        out
    }

    #[test]
    fn every_walk_of_the_graph_agrees() {
        use crate::techniques::als::hunt;
        let (mut positions, mut found) = (0, 0);
        for puzzle in hunt::puzzles("Extreme").iter().take(1) {
            hunt::walk(puzzle, Variant::Standard, &mut |pos| {
                let steps = run(find, pos);
                let got: std::collections::BTreeSet<String> =
                    steps.iter().map(eliminations).collect();
                assert_eq!(got, every_chain(pos));
                positions += 1;
                found += got.len();
                false
            });
        }

        assert!(
            positions > 20 && found > 0,
            "{positions} positions, {found} found"
        );
    }

    #[test]
    fn no_chain_on_an_empty_grid_or_with_a_broken_set() {
        crate::techniques::als::assert_breaks(find, &position(GRID, Variant::Standard));
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }
}
