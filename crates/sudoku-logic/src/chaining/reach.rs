//! Reachability in a static implication graph: for every literal, the set
//! of literals it implies when no candidate is ever removed. Static
//! propagation reaches exactly that set unless it stops at a contradiction
//! first, so these sets are cheap upper bounds that let the chaining
//! producers skip walks and runs that cannot conclude anything.
//!
//! The sets come from the strongly connected components of the graph (every
//! literal of a component reaches the same set), closed sinks first.

use super::board::digits_of;
use super::engine::{KEY_WORDS, KEYS, KeySet, key, unkey};

/// Which literals each literal reaches in a static implication graph given
/// by its successor function: a forcing walk finds its target exactly when
/// the target is reachable, and almost no walk does, so walks run only where
/// one will; a cell or region forcing chain needs a literal every branch
/// reaches.
pub(crate) struct Reach {
    /// Node index of each literal key (`u16::MAX`: not a candidate).
    idx: Vec<u16>,
    /// The literal key of each node.
    keys: Vec<usize>,
    /// Strongly connected component of each node.
    comp: Vec<u32>,
    /// Per component, the nodes it reaches (`words` words each).
    bits: Vec<u64>,
    words: usize,
}

/// The graph [`Reach::new`] builds before condensing it, kept per thread
/// between calls (a nested search builds a reach on every board it is
/// asked about, and these lists would grow from empty each time).
#[derive(Default)]
struct Scratch {
    lits: Vec<usize>,
    link_start: Vec<u32>,
    links: Vec<usize>,
    order: Vec<usize>,
    start: Vec<u32>,
    adj: Vec<u32>,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Scratch> = std::cell::Cell::new(Scratch::default());
}

impl Reach {
    /// The reach of every candidate literal of `cells` (on and off), where
    /// `succ(k, out)` appends the literals `k` implies directly. The graph
    /// must be skew-symmetric (`u` implies `v` exactly when `¬v` implies
    /// `¬u`): then nothing leads into a literal whose negation implies
    /// nothing, and only the core — the literals that imply something and
    /// whose negations do too — is condensed; the others take their
    /// successors' reach.
    pub(crate) fn new(cells: &[u16; 81], mut succ: impl FnMut(usize, &mut Vec<usize>)) -> Reach {
        let mut scratch = SCRATCH.with(|s| s.take());
        let Scratch {
            lits,
            link_start,
            links,
            order,
            start,
            adj,
        } = &mut scratch;
        for v in [&mut *lits, &mut *links, &mut *order] {
            v.clear();
        }
        for v in [&mut *link_start, &mut *start, &mut *adj] {
            v.clear();
        }
        for (c, &m) in cells.iter().enumerate() {
            for d in digits_of(m) {
                for on in [false, true] {
                    lits.push(key(c, d, on));
                    link_start.push(links.len() as u32);
                    succ(key(c, d, on), links);
                }
            }
        }
        link_start.push(links.len() as u32);
        let n = lits.len();
        // Literals come in pairs (off, on): the negation of literal i is i ^ 1.
        let implies = |i: usize| link_start[i] < link_start[i + 1];
        let class = |i: usize| match (implies(i), implies(i ^ 1)) {
            (true, true) => 0,
            (true, false) => 1,
            _ => 2,
        };
        let mut idx = vec![u16::MAX; KEYS];
        let mut keys = Vec::with_capacity(n);
        for wanted in 0..3 {
            for i in (0..n).filter(|&i| class(i) == wanted) {
                idx[lits[i]] = keys.len() as u16;
                keys.push(lits[i]);
                order.push(i);
            }
        }
        let core = (0..n).filter(|&i| class(i) == 0).count();
        for &i in &order[..core] {
            start.push(adj.len() as u32);
            let r = link_start[i] as usize..link_start[i + 1] as usize;
            adj.extend(links[r].iter().map(|&j| u32::from(idx[j])));
        }
        start.push(adj.len() as u32);
        let Condensed {
            mut comp,
            mut bits,
            words,
            ..
        } = condense(start, adj, n);
        // Each literal outside the core is its own component, numbered after
        // the core's, with its row after theirs.
        let first = comp.iter().map(|&c| c + 1).max().unwrap_or(0);
        bits.resize(bits.len() + (n - core) * words, 0);
        for (id, (v, &i)) in (first..).zip(order.iter().enumerate().skip(core)) {
            let at = id as usize * words;
            comp.push(id);
            let (done, rest) = bits.split_at_mut(at);
            let row = &mut rest[..words];
            row[v / 64] |= 1 << (v % 64);
            for &j in &links[link_start[i] as usize..link_start[i + 1] as usize] {
                let u = usize::from(idx[j]);
                if u < core {
                    // Core rows come first, all complete.
                    let c = comp[u] as usize;
                    for (a, b) in row.iter_mut().zip(&done[c * words..(c + 1) * words]) {
                        *a |= *b;
                    }
                } else {
                    row[u / 64] |= 1 << (u % 64);
                }
            }
        }
        SCRATCH.with(|s| s.set(scratch));
        Reach {
            idx,
            keys,
            comp,
            bits,
            words,
        }
    }

    /// The strongly connected component of the literal `k`, if it is one of
    /// the graph's.
    #[cfg(test)]
    pub(crate) fn component(&self, k: usize) -> Option<u32> {
        let i = self.idx[k];
        (i != u16::MAX).then(|| self.comp[i as usize])
    }

    /// The literals `k` reaches (itself included), as bits over the graph's
    /// nodes, or `None` when `k` is not one of them.
    pub(crate) fn closure(&self, k: usize) -> Option<&[u64]> {
        let i = self.idx[k];
        if i == u16::MAX {
            return None;
        }
        let c = self.comp[i as usize] as usize;
        Some(&self.bits[c * self.words..(c + 1) * self.words])
    }

    /// The graph's literals that satisfy `keep`, as bits over its nodes.
    pub(crate) fn nodes_where(&self, keep: impl Fn(usize) -> bool) -> Vec<u64> {
        let mut m = vec![0u64; self.words];
        for (i, &k) in self.keys.iter().enumerate() {
            if keep(k) {
                m[i / 64] |= 1 << (i % 64);
            }
        }
        m
    }

    /// Whether some literal of `mask` is reached from every literal of
    /// `from` (each one of the graph's).
    pub(crate) fn common(&self, mask: &[u64], from: impl IntoIterator<Item = usize>) -> bool {
        // At most one word per literal key's 64 (no allocation: this is asked
        // for every cell and house of a search).
        let mut words = [0u64; KEY_WORDS];
        let acc = &mut words[..mask.len()];
        acc.copy_from_slice(mask);
        for k in from {
            let Some(row) = self.closure(k) else {
                return false;
            };
            let mut any = 0;
            for (a, b) in acc.iter_mut().zip(row) {
                *a &= *b;
                any |= *a;
            }
            if any == 0 {
                return false;
            }
        }
        acc.iter().any(|&w| w != 0)
    }

    /// Whether literal `from` reaches literal `to`.
    #[cfg(test)]
    pub(crate) fn reaches(&self, from: usize, to: usize) -> bool {
        let (a, b) = (self.idx[from], self.idx[to]);
        if a == u16::MAX || b == u16::MAX {
            return false;
        }
        let c = self.comp[a as usize] as usize;
        let b = b as usize;
        self.bits[c * self.words + b / 64] >> (b % 64) & 1 != 0
    }
}

/// Marks in [`SkewReach`]'s node index: not a candidate, or a literal that
/// implies nothing.
const NOT_A_CANDIDATE: u16 = u16::MAX;
const IMPLIES_NOTHING: u16 = u16::MAX - 1;
/// A mark in [`SkewReach`]'s node index: a literal that implies something
/// while its negation implies nothing, so that nothing implies it.
const SOURCE: u16 = u16::MAX - 2;

/// What the cycle and forcing-chain walks of the static chains ask of their
/// graph, and no more: the strongly connected component of a literal, and
/// whether a literal reaches its own negation.
///
/// Those graphs are skew-symmetric — `u` implies `v` exactly when `¬v`
/// implies `¬u` (a cell's or a house's weak link read backwards is the same
/// link, and so is a strong one) — and in a hard position most off-literals
/// imply nothing (their candidate is in no strong link). Such literals are
/// left out of the graph that is condensed, with every link into them: most
/// of the links. Whether `x` reaches `¬x` when `¬x` implies nothing is read
/// from `x`'s own links: the literals with a link into `¬x` are the
/// negations of the literals `x` implies, so `x` reaches `¬x` exactly when
/// it reaches the negation of one of them. The answers are [`Reach`]'s
/// (checked by a test against it), at a fraction of its cost; [`Reach`]
/// stays for the cell and region chains, which ask for whole closures.
pub(crate) struct SkewReach {
    /// Node index of each literal key, or one of the marks above.
    idx: Vec<u16>,
    /// Strongly connected component of each node.
    comp: Vec<u32>,
    /// How many components the core's nodes have (a literal outside the
    /// core — implying nothing, or implied by nothing — is its own
    /// component, numbered after them by its key).
    components: u32,
    /// The literals that reach their own negation.
    refuted: KeySet,
    /// The condensed graph: node `v`'s successors among the nodes are
    /// `adj[start[v]..start[v + 1]]`.
    start: Vec<u32>,
    adj: Vec<u32>,
    /// The literal key of each node.
    keys: Vec<u16>,
    /// The nodes grouped by component: component `c`'s are
    /// `members[comp_start[c]..comp_start[c + 1]]`.
    members: Vec<u32>,
    comp_start: Vec<u32>,
    /// Per component, whether a cycle inside it may eliminate anything (see
    /// [`SkewReach::may_eliminate`]): 0 not yet asked, 1 no, 2 yes.
    eliminates: Vec<std::cell::Cell<u8>>,
}

impl SkewReach {
    /// The components and refutations of the candidate literals of `cells`
    /// (on and off). `live(k)` says whether `k` implies anything, and
    /// `succ(k, only_live, out)` appends the literals `k` implies directly —
    /// with `only_live`, those of them that are live may be all it gives;
    /// `weak(k, j)`, for two on-literals, whether `k` implies `¬j`. The
    /// graph must be skew-symmetric, and only on-literals may imply
    /// off-literals.
    pub(crate) fn new(
        cells: &[u16; 81],
        live: impl Fn(usize) -> bool,
        mut succ: impl FnMut(usize, bool, &mut Vec<usize>),
        weak: impl Fn(usize, usize) -> bool,
    ) -> SkewReach {
        // The core: the live literals whose negation is live too. A link
        // into `x` is a link out of `¬x` read backwards, so nothing leads
        // into a live literal outside the core (a source), and the core's
        // links stay inside it; only the core is condensed.
        let mut idx = vec![NOT_A_CANDIDATE; KEYS];
        let mut literals: Vec<u16> = Vec::new();
        for (c, &m) in cells.iter().enumerate() {
            for d in digits_of(m) {
                for on in [false, true] {
                    let k = key(c, d, on);
                    literals.push(k as u16);
                    idx[k] = if live(k) { SOURCE } else { IMPLIES_NOTHING };
                }
            }
        }
        let mut nodes: Vec<u16> = Vec::new();
        for &k in &literals {
            let k = usize::from(k);
            if idx[k] == SOURCE && idx[k ^ 1] != IMPLIES_NOTHING {
                nodes.push(k as u16);
            }
        }
        for (i, &k) in nodes.iter().enumerate() {
            idx[usize::from(k)] = i as u16;
        }
        let mut start: Vec<u32> = Vec::with_capacity(nodes.len() + 1);
        let mut adj: Vec<u32> = Vec::new();
        let mut out: Vec<usize> = Vec::new();
        for &k in &nodes {
            start.push(adj.len() as u32);
            out.clear();
            succ(k as usize, true, &mut out);
            for &j in &out {
                let v = idx[j];
                if v < SOURCE {
                    adj.push(u32::from(v));
                }
            }
        }
        start.push(adj.len() as u32);
        let Condensed {
            comp,
            bits,
            words,
            members,
            comp_start,
        } = condense(&start, &adj, nodes.len());
        let components = comp.iter().map(|&c| c + 1).max().unwrap_or(0);
        let mut refuted = [0u64; KEY_WORDS];
        let mut acc = vec![0u64; words];
        for &k in &literals {
            let (k, u) = (k as usize, idx[k as usize]);
            let hit = match u {
                IMPLIES_NOTHING | NOT_A_CANDIDATE => continue,
                SOURCE => {
                    // What a source reaches is what its successors (all
                    // in the core) reach; its negation implies nothing, so
                    // the literals with a link into it are the negations of
                    // those it implies.
                    acc.iter_mut().for_each(|w| *w = 0);
                    out.clear();
                    succ(k, true, &mut out);
                    for &j in &out {
                        let v = idx[j];
                        if v < SOURCE {
                            let c = comp[usize::from(v)] as usize;
                            for (a, b) in acc.iter_mut().zip(&bits[c * words..(c + 1) * words]) {
                                *a |= *b;
                            }
                        }
                    }
                    if acc.iter().all(|&w| w == 0) {
                        false
                    } else if k & 1 == 1 {
                        // Only on-literals imply off-literals.
                        let mut hit = false;
                        'rows: for (i, &w) in acc.iter().enumerate() {
                            let mut w = w;
                            while w != 0 {
                                let v = i * 64 + w.trailing_zeros() as usize;
                                w &= w - 1;
                                let kv = usize::from(nodes[v]);
                                if kv & 1 == 1 && weak(k, kv) {
                                    hit = true;
                                    break 'rows;
                                }
                            }
                        }
                        hit
                    } else {
                        out.clear();
                        succ(k, false, &mut out);
                        out.iter().any(|&j| {
                            let v = idx[j ^ 1];
                            v < SOURCE && acc[usize::from(v) / 64] >> (v % 64) & 1 != 0
                        })
                    }
                }
                u => {
                    let c = comp[usize::from(u)] as usize;
                    let v = idx[k ^ 1];
                    bits[c * words + usize::from(v) / 64] >> (v % 64) & 1 != 0
                }
            };
            if hit {
                refuted[k / 64] |= 1 << (k % 64);
            }
        }
        let eliminates = vec![std::cell::Cell::new(0); components as usize];
        SkewReach {
            idx,
            comp,
            components,
            refuted,
            start,
            adj,
            keys: nodes,
            members,
            comp_start,
            eliminates,
        }
    }

    /// Whether a cycle through the literal `k` may eliminate anything: a
    /// cycle lies inside one strongly connected component, and it
    /// eliminates a digit only from a place (of `places`) that sees one of
    /// its literals of that digit on and another off. So some place must
    /// see an on-literal and an off-literal of one digit of `k`'s component
    /// (`peers`: each cell's). Asked per component once.
    pub(crate) fn may_eliminate(&self, k: usize, peers: &[u128; 81], places: &[u128; 9]) -> bool {
        let u = self.idx[k];
        if u >= SOURCE {
            return false;
        }
        let cs = self.comp[u as usize] as usize;
        let Some(known) = self.eliminates.get(cs) else {
            return true;
        };
        if known.get() == 0 {
            let (lo, hi) = (
                self.comp_start[cs] as usize,
                self.comp_start[cs + 1] as usize,
            );
            let mut seen = [[0u128; 9]; 2];
            for &v in &self.members[lo..hi] {
                let (c, d, on) = unkey(self.keys[v as usize] as usize);
                seen[usize::from(on)][d] |= peers[c];
            }
            let any = (0..9).any(|d| seen[0][d] & seen[1][d] & places[d] != 0);
            known.set(if any { 2 } else { 1 });
        }
        known.get() == 2
    }

    /// The strongly connected component of the literal `k`, if it is a
    /// candidate's.
    pub(crate) fn component(&self, k: usize) -> Option<u32> {
        match self.idx[k] {
            NOT_A_CANDIDATE => None,
            IMPLIES_NOTHING | SOURCE => Some(self.components + k as u32),
            i => Some(self.comp[i as usize]),
        }
    }

    /// Whether the literal `k` may lie on a cycle of at least four links:
    /// some literal two links away (other than `k`) lies in its strongly
    /// connected component, so it can lead back. (A literal that implies
    /// nothing, or that nothing implies, is in no other literal's
    /// component: the links into such literals, left out here, could not
    /// count.)
    pub(crate) fn may_cycle(&self, k: usize) -> bool {
        let u = self.idx[k];
        if u >= SOURCE {
            return false;
        }
        let u = u as usize;
        let cs = self.comp[u];
        let succ = |v: usize| &self.adj[self.start[v] as usize..self.start[v + 1] as usize];
        succ(u).iter().any(|&k1| {
            self.comp[k1 as usize] == cs
                && succ(k1 as usize)
                    .iter()
                    .any(|&k2| k2 as usize != u && self.comp[k2 as usize] == cs)
        })
    }

    /// Whether the literal `k` reaches its own negation.
    pub(crate) fn refutes(&self, k: usize) -> bool {
        self.refuted[k / 64] >> (k % 64) & 1 != 0
    }
}

/// The strongly connected components of a graph and what each reaches.
struct Condensed {
    /// Strongly connected component of each node.
    comp: Vec<u32>,
    /// Per component, the nodes it reaches (`words` words each), itself
    /// included.
    bits: Vec<u64>,
    words: usize,
    /// The nodes grouped by component, and where each component's start.
    members: Vec<u32>,
    comp_start: Vec<u32>,
}

/// Condenses the graph whose node `v` has the successors
/// `adj[start[v]..start[v + 1]]` (`start` has one entry more than nodes),
/// with reach rows over `total` nodes: a successor numbered from the
/// graph's node count up implies nothing (it reaches only itself).
fn condense(start: &[u32], adj: &[u32], total: usize) -> Condensed {
    let n = start.len() - 1;
    // Tarjan's algorithm, iteratively; components come out sinks first.
    const UNSEEN: u32 = u32::MAX;
    let mut index = vec![UNSEEN; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut comp = vec![UNSEEN; n];
    let mut stack: Vec<u32> = Vec::new();
    let mut call: Vec<(u32, u32)> = Vec::new();
    let mut members: Vec<u32> = Vec::with_capacity(n);
    let mut comp_start: Vec<u32> = Vec::new();
    let mut counter = 0u32;
    for s0 in 0..n as u32 {
        if index[s0 as usize] != UNSEEN {
            continue;
        }
        index[s0 as usize] = counter;
        low[s0 as usize] = counter;
        counter += 1;
        stack.push(s0);
        on_stack[s0 as usize] = true;
        call.push((s0, start[s0 as usize]));
        while let Some(top) = call.last_mut() {
            let v = top.0 as usize;
            if top.1 < start[v + 1] {
                let u = adj[top.1 as usize] as usize;
                top.1 += 1;
                if u >= n {
                    continue;
                }
                if index[u] == UNSEEN {
                    index[u] = counter;
                    low[u] = counter;
                    counter += 1;
                    stack.push(u as u32);
                    on_stack[u] = true;
                    call.push((u as u32, start[u]));
                } else if on_stack[u] {
                    low[v] = low[v].min(index[u]);
                }
                continue;
            }
            call.pop();
            if let Some(&(parent, _)) = call.last() {
                let p = parent as usize;
                low[p] = low[p].min(low[v]);
            }
            if low[v] == index[v] {
                let id = comp_start.len() as u32;
                comp_start.push(members.len() as u32);
                while let Some(x) = stack.pop() {
                    on_stack[x as usize] = false;
                    comp[x as usize] = id;
                    members.push(x);
                    if x as usize == v {
                        break;
                    }
                }
            }
        }
    }
    comp_start.push(members.len() as u32);
    let words = total.div_ceil(64).max(1);
    let ncomp = comp_start.len() - 1;
    let mut bits = vec![0u64; ncomp * words];
    // The component last merged into each component's row (a row is
    // merged once however many edges lead to it).
    let mut merged = vec![u32::MAX; ncomp];
    for cid in 0..ncomp {
        let (lo, hi) = (comp_start[cid] as usize, comp_start[cid + 1] as usize);
        let (done, rest) = bits.split_at_mut(cid * words);
        let row = &mut rest[..words];
        for &v in &members[lo..hi] {
            let v = v as usize;
            row[v / 64] |= 1 << (v % 64);
            for &u in &adj[start[v] as usize..start[v + 1] as usize] {
                let u = u as usize;
                if u >= n {
                    row[u / 64] |= 1 << (u % 64);
                    continue;
                }
                let cu = comp[u] as usize;
                if cu == cid || merged[cu] == cid as u32 {
                    continue;
                }
                merged[cu] = cid as u32;
                if start[u] == start[u + 1] {
                    // A literal implying nothing reaches only itself.
                    row[u / 64] |= 1 << (u % 64);
                    continue;
                }
                // Earlier components are complete (sinks first).
                for (a, b) in row.iter_mut().zip(&done[cu * words..(cu + 1) * words]) {
                    *a |= *b;
                }
            }
        }
    }
    Condensed {
        comp,
        bits,
        words,
        members,
        comp_start,
    }
}

#[cfg(test)]
mod tests {
    use crate::chaining::board::digits_of;
    use crate::chaining::engine::{Chain, Engine, KEY_WORDS, Rules, key};
    use crate::chaining::unary::static_reach;

    /// A static run registers only literals of its start's closure, and all
    /// of them when it meets no contradiction.
    #[test]
    fn static_runs_stay_inside_the_closure() {
        let rules = Rules {
            dynamic: false,
            y_links: true,
            level: 0,
        };
        let mut chain = Chain::new();
        for (geo, board) in crate::chaining::fixpoint::tests::boards() {
            let reach = static_reach(&geo, &board);
            let mut eng = Engine::new(&geo, board, rules);
            for c in 0..81 {
                for d in digits_of(board.cells[c]) {
                    for on in [true, false] {
                        let start = key(c, d, on);
                        let clash = eng.run(&mut chain, c, d, on);
                        let mut closure = [0u64; KEY_WORDS];
                        for (i, &k) in reach.keys.iter().enumerate() {
                            let row = reach.closure(start).expect("a candidate");
                            if row[i / 64] >> (i % 64) & 1 != 0 {
                                closure[k / 64] |= 1 << (k % 64);
                            }
                        }
                        for (run, all) in chain.bits.iter().zip(&closure) {
                            assert_eq!(run & !all, 0, "registered outside the closure");
                        }
                        if clash.is_none() {
                            assert_eq!(chain.bits, closure);
                        }
                        for k in (0..crate::chaining::engine::KEYS)
                            .filter(|&k| closure[k / 64] >> (k % 64) & 1 != 0)
                        {
                            assert!(reach.reaches(start, k));
                        }
                    }
                }
            }
        }
    }
}
