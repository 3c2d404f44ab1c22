//! Nice loops and alternating inference chains (AICs), plain and grouped: the
//! general chains that mix digits and cells, of which X-chains (one digit) and
//! XY-chains (bivalue cells only) are special cases.
//!
//! **Inference graph.** The nodes are the candidates `(digit)cell` and, for the
//! grouped technique, *group nodes*: the candidates of one digit in a line∩box
//! intersection when there are two or three of them, true when the digit is in
//! one of those cells. A *strong* link ("at least one is true") joins the two
//! candidates of a bivalue cell, and two disjoint nodes of one digit that
//! together hold every candidate of the digit in a house (a conjugate pair, or
//! a node and a group). A *weak* link ("at most one is true") joins two digits
//! of one cell, and two disjoint nodes of one digit whose cells all see each
//! other. Strong links count as weak ones too. Only the variant's house list
//! is read, so diagonals and colour groups take part; group nodes are built
//! from rows, columns and boxes only (a diagonal meets a box in cells of
//! different rows and columns, which no other house shares).
//!
//! **Why it is sound.** An AIC `A = B - C = … = Z` starts and ends with strong
//! links: if `A` is false then `B` is true, so `C` is false, …, so `Z` is true.
//! At least one of `A`, `Z` is true, so every candidate weakly linked to both
//! goes. This covers HoDoKu's discontinuous nice loops with two weak links at
//! the gap (same digit in two cells: cells seeing both lose it; two digits of
//! one cell: its other digits go; two digits in two cells that see each other:
//! each loses the other's digit). When `Z` is `A` itself, "`A` false implies
//! `A` true" places `A` (a discontinuous loop with two strong links at the
//! gap). When `Z` is weakly linked back to `A`, the chain closes into a
//! continuous loop: exactly one of `Z`, `A` is true, and by turning the loop
//! the same holds for every weak link, so every candidate weakly linked to
//! both nodes of any weak link of the loop goes.
//!
//! **Search.** A breadth-first search per start node over the states "node
//! false" (reached by a weak link, or the start) and "node true" (reached by a
//! strong link), one bitset per layer, up to [`MAX_LINKS`] links. Only the
//! chains of the fewest links that change the position are reported (a shorter one found later lowers the bound for
//! every further start), each the shortest for its pair of ends and rebuilt as
//! a simple chain (no node twice, no two nodes of one digit sharing a cell);
//! chains with the same effect are reported once. (Reporting instead, for
//! every elimination, its shortest chain of any length up to the limit lowered
//! the HoDoKu estimate's accuracy from 88.2 % to 87.4 %: a solver round then
//! takes eliminations HoDoKu reaches only after cheaper steps.) With
//! [`FindMode::AllLengths`] (HoDoKu's walk, one step at a time, which takes
//! the chain deleting the most candidates) every chain up to
//! [`MAX_LINKS_ALL_LENGTHS`] is reported. The grouped finder reports
//! only chains with at least one group node; the plain one has none, so it
//! runs first in the table, after the X- and XY-chains, as HoDoKu orders them
//! (5600 nice loop / AIC, 5650 grouped).
//!
//! **Points.** 17 plain, 19 grouped. They are the seed's "Widerspruchs-Ketten"
//! (discontinuous and continuous nice loops), its last thinning group, which
//! it searches only when nothing else is found and for which it prints no
//! figure; its single-digit contradiction chains, one group earlier, score
//! 7–15. Fitted on the seed's worked examples (see the seed-examples test in
//! `sudoku-rate`): at the earlier 10 and 12, its hard diagonal examples, whose
//! paths it states run through many such chains, came out at 0.62–0.83 of its
//! figures; 17 and 19 lifted the share of examples within 15 % of the seed's
//! figure from 56 % to 67 % (standard) and from 48 % to 60 % (diagonal),
//! together with the two changes named in `solver.rs` and
//! `write_candidates.rs`.
//!
//! Which conclusions show up: each elimination of a continuous loop is also
//! made by the loop without the weak link it rests on — an AIC two links
//! shorter, which the search meets first — so loops are reported only when
//! that AIC cannot be rebuilt as a simple chain; over HoDoKu's 1,600 Unfair
//! and Extreme puzzles every reported step was an AIC (`count_kinds` test).
//!
//! **Values.** Points 10 (plain) and 12 (grouped); HoDoKu 280 and 300, level
//! Unfair. Sudoku Explainer has no such rule by name.

use crate::Candidates;
use crate::step::{ChainNode, Detail, Elimination, Link, LinkKind, NiceLoopKind, Placement, Step};
use crate::technique::catalogue::*;
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, Digit, Variant};

/// The most links of a reported chain in our own solver's search.
pub(crate) const MAX_LINKS: usize = 10;
/// The most links with [`FindMode::AllLengths`], HoDoKu's walk: HoDoKu's
/// nice-loop search reaches 20 links (its accuracy on `hodoku-levels.txt`
/// rose from 95.4 % with 10 to 96.6 % with 16 and 20; 24 adds nothing).
pub(crate) const MAX_LINKS_ALL_LENGTHS: usize = 20;
/// The layer arrays hold the longer of the two.
const LAYERS: usize = MAX_LINKS_ALL_LENGTHS + 1;
/// Single candidates: node `81 * digit + cell`.
const SINGLES: usize = 729;
/// Line∩box intersections per digit: 27 row slots, then 27 column slots.
const SLOTS: usize = 54;
/// Group node ids follow the singles: `SINGLES + SLOTS * digit + slot`.
const GROUPS: usize = 9 * SLOTS;
/// How many backward steps the rebuilding of one simple chain may take.
const WALK_BUDGET: usize = 256;

/// A set of nodes: per digit its single candidates as cell bits, and the
/// group nodes as bits of their ids.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct NodeSet {
    singles: [u128; 9],
    groups: [u64; 9],
}

impl NodeSet {
    fn insert(&mut self, n: usize) {
        if n < SINGLES {
            self.singles[n / 81] |= 1 << (n % 81);
        } else {
            let g = n - SINGLES;
            self.groups[g / SLOTS] |= 1 << (g % SLOTS);
        }
    }

    fn contains(&self, n: usize) -> bool {
        if n < SINGLES {
            self.singles[n / 81] >> (n % 81) & 1 == 1
        } else {
            let g = n - SINGLES;
            self.groups[g / SLOTS] >> (g % SLOTS) & 1 == 1
        }
    }

    fn and(&mut self, other: &NodeSet) {
        for d in 0..9 {
            self.singles[d] &= other.singles[d];
            self.groups[d] &= other.groups[d];
        }
    }

    /// Calls `f` with every node id in ascending order, reading only the
    /// words named in `words` (see [`word_of`]); the others must be empty.
    fn for_each_in(&self, words: u32, mut f: impl FnMut(usize)) {
        for d in digits(words & SINGLE_WORDS) {
            let mut m = self.singles[d];
            while m != 0 {
                f(81 * d + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
        for d in digits(words >> 16) {
            let mut m = self.groups[d];
            while m != 0 {
                f(SINGLES + SLOTS * d + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
    }

    /// Empties the words named in `words`.
    fn clear_words(&mut self, words: u32) {
        for d in digits(words & SINGLE_WORDS) {
            self.singles[d] = 0;
        }
        for d in digits(words >> 16) {
            self.groups[d] = 0;
        }
    }

    /// The node ids in ascending order.
    fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let singles = (0..9).flat_map(move |d| bits(self.singles[d]).map(move |c| 81 * d + c));
        let groups = (0..9).flat_map(move |d| {
            bits(u128::from(self.groups[d])).map(move |s| SINGLES + SLOTS * d + s)
        });
        singles.chain(groups)
    }
}

/// The set bits of `x`, lowest first.
fn bits(mut x: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if x == 0 {
            None
        } else {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            Some(i)
        }
    })
}

/// The words of a [`NodeSet`] as bits of a `u32`: bit `d` for the single
/// candidates of digit `d`, bit `16 + d` for its group nodes. The breadth-first
/// search keeps, per set, which words may be non-empty: most layers hold a
/// node or two, and a pass over all 18 words per layer cost more than the
/// nodes themselves.
const SINGLE_WORDS: u32 = 0x1ff;

/// The word of node `n` (see [`SINGLE_WORDS`]).
fn word_of(n: usize) -> u32 {
    if n < SINGLES {
        1 << (n / 81)
    } else {
        1 << (16 + (n - SINGLES) / SLOTS)
    }
}

/// The set bits of a word mask (see [`SINGLE_WORDS`]), lowest first.
fn digits(mut x: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            i
        })
    })
}

/// The cells of intersection `slot` (without looking at candidates).
fn slot_cells(slot: usize) -> u128 {
    let mut m = 0u128;
    for k in 0..3 {
        let (r, c) = if slot < 27 {
            (slot / 3, (slot % 3) * 3 + k)
        } else {
            let s = slot - 27;
            ((s % 3) * 3 + k, s / 3)
        };
        m |= 1 << (r * 9 + c);
    }
    m
}

/// The inference graph of one position.
struct Graph {
    /// Per digit, the cells where it is a candidate.
    cands: [u128; 9],
    /// Per cell, its candidates as digit bits.
    cell_digits: [u16; 81],
    /// Per cell, its peers in the variant.
    peers: [u128; 81],
    /// Per group id, its cells (0 where the intersection holds fewer than two
    /// candidates, or groups are off).
    group_cells: Vec<u128>,
    /// Per group id, the cells seeing every cell of the group.
    group_seen: Vec<u128>,
    /// Per digit, its group slots.
    group_mask: [u64; 9],
    /// Per node, the group slots of its digit whose cells all see the
    /// node's cells (the group nodes weakly linked to it); filled for the
    /// grouped search only.
    weak_groups: Vec<u64>,
    /// Strong links as adjacency lists: `strong_to[strong_at[n]..strong_at[n + 1]]`.
    strong_at: Vec<u32>,
    strong_to: Vec<u16>,
    /// The nodes with at least one strong link.
    strong_nodes: NodeSet,
}

impl Graph {
    fn new(pos: &Candidates, grouped: bool) -> Graph {
        let variant = pos.variant();
        let mut cands = [0u128; 9];
        for d in Digit::ALL {
            cands[d.index()] = pos.cells_with(d).bits();
        }
        let mut cell_digits = [0u16; 81];
        let mut peers = [0u128; 81];
        for c in Cell::all() {
            cell_digits[c.index()] = pos.candidates(c).bits();
            peers[c.index()] = variant.peers(c).bits();
        }
        let mut g = Graph {
            cands,
            cell_digits,
            peers,
            group_cells: vec![0; GROUPS],
            group_seen: vec![0; GROUPS],
            group_mask: [0; 9],
            weak_groups: Vec::new(),
            strong_at: Vec::new(),
            strong_to: Vec::new(),
            strong_nodes: NodeSet::default(),
        };
        if grouped {
            for (d, &with) in cands.iter().enumerate() {
                for slot in 0..SLOTS {
                    let cells = slot_cells(slot) & with;
                    if cells.count_ones() >= 2 {
                        let id = SLOTS * d + slot;
                        g.group_cells[id] = cells;
                        g.group_seen[id] = bits(cells).fold(u128::MAX, |m, c| m & peers[c]);
                        g.group_mask[d] |= 1 << slot;
                    }
                }
            }
        }
        if grouped {
            g.weak_groups = vec![0; SINGLES + GROUPS];
            for (d, &with) in cands.iter().enumerate() {
                for s in bits(u128::from(g.group_mask[d])) {
                    let id = SLOTS * d + s;
                    // A candidate sees every cell of the group exactly when
                    // it is among the cells seeing them all.
                    for c in bits(g.group_seen[id] & with) {
                        g.weak_groups[81 * d + c] |= 1 << s;
                    }
                    let seen = g.group_seen[id];
                    g.weak_groups[SINGLES + id] = bits(u128::from(g.group_mask[d]))
                        .filter(|&t| g.group_cells[SLOTS * d + t] & !seen == 0)
                        .fold(0u64, |m, t| m | 1 << t);
                }
            }
        }
        let mut edges: Vec<(u16, u16)> = Vec::new();
        let both = |edges: &mut Vec<(u16, u16)>, a: usize, b: usize| {
            edges.push((a as u16, b as u16));
            edges.push((b as u16, a as u16));
        };
        for (c, &ds) in cell_digits.iter().enumerate() {
            if ds.count_ones() == 2 && pos.get(Cell::new(c).expect("index")).is_none() {
                let a = ds.trailing_zeros() as usize;
                let b = 15 - ds.leading_zeros() as usize;
                both(&mut edges, 81 * a + c, 81 * b + c);
            }
        }
        for &house in variant.houses() {
            let hcells = Variant::house_cells(house).bits();
            for (d, &with) in cands.iter().enumerate() {
                let m = with & hcells;
                if m.count_ones() < 2 {
                    continue;
                }
                if m.count_ones() == 2 {
                    let a = m.trailing_zeros() as usize;
                    let b = 127 - m.leading_zeros() as usize;
                    both(&mut edges, 81 * d + a, 81 * d + b);
                }
                for slot in bits(u128::from(g.group_mask[d])) {
                    let id = SLOTS * d + slot;
                    let gc = g.group_cells[id];
                    if gc & !hcells != 0 {
                        continue;
                    }
                    let rest = m & !gc;
                    if rest.count_ones() == 1 {
                        both(
                            &mut edges,
                            SINGLES + id,
                            81 * d + rest.trailing_zeros() as usize,
                        );
                    } else if rest != 0 {
                        // Each pair of groups is met from both sides: one direction each time.
                        if let Some(other) = bits(u128::from(g.group_mask[d]))
                            .find(|&s| g.group_cells[SLOTS * d + s] == rest)
                        {
                            edges.push((
                                (SINGLES + id) as u16,
                                (SINGLES + SLOTS * d + other) as u16,
                            ));
                        }
                    }
                }
            }
        }
        edges.sort_unstable();
        edges.dedup();
        let mut at = vec![0u32; SINGLES + GROUPS + 1];
        for &(a, _) in &edges {
            at[a as usize + 1] += 1;
            g.strong_nodes.insert(a as usize);
        }
        for i in 0..SINGLES + GROUPS {
            at[i + 1] += at[i];
        }
        g.strong_at = at;
        g.strong_to = edges.iter().map(|&(_, b)| b).collect();
        g
    }

    fn strong(&self, n: usize) -> &[u16] {
        &self.strong_to[self.strong_at[n] as usize..self.strong_at[n + 1] as usize]
    }

    /// The digit and cells of node `n`.
    fn node(&self, n: usize) -> (usize, u128) {
        if n < SINGLES {
            (n / 81, 1 << (n % 81))
        } else {
            let g = n - SINGLES;
            (g / SLOTS, self.group_cells[g])
        }
    }

    /// What the weak links of node `n` are made of: its digit, the cells
    /// seeing all of its cells, and for a single candidate its cell with the
    /// cell's other digits (`(0, 0)` for a group node).
    fn weak_parts(&self, n: usize) -> (usize, u128, usize, u16) {
        if n < SINGLES {
            let (d, c) = (n / 81, n % 81);
            (d, self.peers[c], c, self.cell_digits[c] & !(1 << d))
        } else {
            let g = n - SINGLES;
            (g / SLOTS, self.group_seen[g], 0, 0)
        }
    }

    /// Adds the nodes weakly linked to `n` to `out`; returns the words (see
    /// [`SINGLE_WORDS`]) they may be in.
    fn weak(&self, n: usize, out: &mut NodeSet) -> u32 {
        let (d, seen, c, mut others) = self.weak_parts(n);
        let words = u32::from(others) | 1 << d | 1 << (16 + d);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            out.singles[e] |= 1 << c;
        }
        out.singles[d] |= seen & self.cands[d];
        if let Some(&groups) = self.weak_groups.get(n) {
            out.groups[d] |= groups;
        }
        words
    }

    /// Whether a single candidate weakly linked to `n` is in `set` (the
    /// singles of `weak_set(n)` meet those of `set`), without building
    /// `weak_set(n)`.
    fn weak_meets(&self, n: usize, set: &NodeSet) -> bool {
        let (d, seen, c, mut others) = self.weak_parts(n);
        while others != 0 {
            let e = others.trailing_zeros() as usize;
            others &= others - 1;
            if set.singles[e] >> c & 1 != 0 {
                return true;
            }
        }
        set.singles[d] & seen & self.cands[d] != 0
    }

    fn weak_set(&self, n: usize) -> NodeSet {
        let mut out = NodeSet::default();
        self.weak(n, &mut out);
        out
    }

    fn chain_node(&self, n: usize) -> ChainNode {
        let (d, cells) = self.node(n);
        ChainNode {
            cells: CellSet::from_bits(cells),
            digit: Digit::from_index(d).expect("digit index"),
        }
    }
}

/// A chain found: its nodes and what it concludes.
struct Hit {
    nodes: Vec<usize>,
    kind: NiceLoopKind,
    links: usize,
    placement: Option<usize>,
    eliminations: [u128; 9],
}

/// Nice loops and AICs over single candidates.
pub(crate) fn find_plain(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, false)
}

/// Nice loops and AICs with at least one group node.
pub(crate) fn find_grouped(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, true)
}

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, grouped: bool) {
    if !pos.is_written() {
        return;
    }
    let g = Graph::new(pos, grouped);
    if grouped && g.group_mask.iter().all(|&m| m == 0) {
        return;
    }
    let mut hits: Vec<Hit> = Vec::new();
    let all_lengths = mode == FindMode::AllLengths;
    let mut best = if all_lengths {
        MAX_LINKS_ALL_LENGTHS
    } else {
        MAX_LINKS
    };
    let starts: Vec<usize> = g.strong_nodes.iter().collect();
    let mut bfs = Bfs {
        layers: [NodeSet::default(); LAYERS],
        words: [0; LAYERS],
        seen_false: NodeSet::default(),
        seen_true: NodeSet::default(),
        seen_words: 0,
        next_weak: NodeSet::default(),
        weak_words: 0,
    };
    for &start in &starts {
        search(
            &g,
            start,
            grouped,
            all_lengths,
            &mut bfs,
            &mut best,
            &mut hits,
        );
    }
    let mut seen: Vec<(Option<usize>, [u128; 9])> = Vec::new();
    for hit in hits.iter().filter(|h| all_lengths || h.links == best) {
        let key = (hit.placement, hit.eliminations);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        out.push(step(&g, hit, grouped));
        if mode == FindMode::First {
            return;
        }
    }
}

/// The breadth-first search's sets, kept from one start to the next: each
/// with the words that may be non-empty (see [`SINGLE_WORDS`]), so that only
/// those are cleared and read.
struct Bfs {
    /// Per link count, the nodes first reached with it (false at even
    /// counts, true at odd ones).
    layers: [NodeSet; LAYERS],
    words: [u32; LAYERS],
    seen_false: NodeSet,
    seen_true: NodeSet,
    /// The words of both seen sets.
    seen_words: u32,
    /// The nodes weakly linked to the last odd layer.
    next_weak: NodeSet,
    weak_words: u32,
}

/// The breadth-first search from `start` (assumed false), recording chains of
/// at most `best` links that change the position (`all_lengths`: every chain
/// up to the limit, `best` stays there).
fn search(
    g: &Graph,
    start: usize,
    grouped: bool,
    all_lengths: bool,
    bfs: &mut Bfs,
    best: &mut usize,
    hits: &mut Vec<Hit>,
) {
    let weak_start = g.weak_set(start);
    bfs.seen_false.clear_words(bfs.seen_words);
    bfs.seen_true.clear_words(bfs.seen_words);
    bfs.seen_words = word_of(start);
    bfs.seen_false.insert(start);
    bfs.layers[0].clear_words(bfs.words[0]);
    bfs.layers[0].insert(start);
    bfs.words[0] = word_of(start);
    let mut k = 1;
    while k <= *best {
        let old = bfs.words[k];
        bfs.layers[k].clear_words(old);
        let mut any = 0;
        if k % 2 == 1 {
            let (before, rest) = bfs.layers.split_at_mut(k);
            let next = &mut rest[0];
            let mut words = 0;
            before[k - 1].for_each_in(bfs.words[k - 1], |n| {
                for &t in g.strong(n) {
                    next.insert(t as usize);
                    words |= word_of(t as usize);
                }
            });
            for d in digits(words & SINGLE_WORDS) {
                next.singles[d] &= !bfs.seen_true.singles[d];
                bfs.seen_true.singles[d] |= next.singles[d];
                any |= next.singles[d];
            }
            for d in digits(words >> 16) {
                next.groups[d] &= !bfs.seen_true.groups[d];
                bfs.seen_true.groups[d] |= next.groups[d];
                any |= u128::from(next.groups[d]);
            }
            bfs.words[k] = words;
            bfs.seen_words |= words;
            bfs.next_weak.clear_words(bfs.weak_words);
            bfs.weak_words = 0;
            let Bfs {
                layers,
                next_weak,
                weak_words,
                ..
            } = bfs;
            let layers = &*layers;
            layers[k].for_each_in(words, |end| {
                *weak_words |= g.weak(end, next_weak);
                if k > *best {
                    return;
                }
                check_end(
                    g,
                    start,
                    end,
                    k,
                    grouped,
                    all_lengths,
                    &weak_start,
                    layers,
                    best,
                    hits,
                );
            });
        } else {
            let words = bfs.weak_words;
            let next = &mut bfs.layers[k];
            for d in digits(words & SINGLE_WORDS) {
                let m = bfs.next_weak.singles[d]
                    & g.strong_nodes.singles[d]
                    & !bfs.seen_false.singles[d];
                next.singles[d] = m;
                bfs.seen_false.singles[d] |= m;
                any |= m;
            }
            for d in digits(words >> 16) {
                let m =
                    bfs.next_weak.groups[d] & g.strong_nodes.groups[d] & !bfs.seen_false.groups[d];
                next.groups[d] = m;
                bfs.seen_false.groups[d] |= m;
                any |= u128::from(m);
            }
            bfs.words[k] = words;
            bfs.seen_words |= words;
        }
        if any == 0 {
            return;
        }
        k += 1;
    }
}

/// Records the chains from `start` to `end` (reached true after `k` links).
#[allow(clippy::too_many_arguments)]
fn check_end(
    g: &Graph,
    start: usize,
    end: usize,
    k: usize,
    grouped: bool,
    all_lengths: bool,
    weak_start: &NodeSet,
    layers: &[NodeSet; LAYERS],
    best: &mut usize,
    hits: &mut Vec<Hit>,
) {
    let mut record = |hit: Hit, best: &mut usize| {
        if !all_lengths && hit.links < *best {
            hits.clear();
            *best = hit.links;
        }
        hits.push(hit);
    };
    if end == start {
        // "Start false implies start true": a single is placed, a group's
        // digit goes from every cell seeing the whole group.
        let placement = (start < SINGLES).then_some(start);
        let eliminations = if placement.is_some() {
            [0; 9]
        } else {
            weak_start.singles
        };
        if placement.is_none() && eliminations.iter().all(|&b| b == 0) {
            return;
        }
        if let Some(nodes) = rebuild(g, layers, start, end, k, grouped) {
            record(
                Hit {
                    nodes,
                    kind: NiceLoopKind::Placement,
                    links: k,
                    placement,
                    eliminations,
                },
                best,
            );
        }
        return;
    }
    // Weak links are symmetric: `end` sees a single `start` sees exactly when
    // their weak sets share a single, and `end` links back to `start` exactly
    // when `start` links to `end`.
    if g.weak_meets(end, weak_start) {
        let mut both = *weak_start;
        both.and(&g.weak_set(end));
        if let Some(nodes) = rebuild(g, layers, start, end, k, grouped) {
            record(
                Hit {
                    nodes,
                    kind: NiceLoopKind::Chain,
                    links: k,
                    placement: None,
                    eliminations: both.singles,
                },
                best,
            );
        }
    } else if k >= 3 && k < *best && weak_start.contains(end) {
        // Closed by the weak link back to the start: a continuous loop, whose
        // closing link eliminates nothing by itself (checked above), but whose
        // other weak links may.
        let Some(nodes) = rebuild(g, layers, start, end, k, grouped) else {
            return;
        };
        let mut eliminations = [0u128; 9];
        let len = nodes.len();
        for i in (1..len).step_by(2) {
            let (u, v) = (nodes[i], nodes[(i + 1) % len]);
            let mut common = g.weak_set(u);
            common.and(&g.weak_set(v));
            for (e, &more) in eliminations.iter_mut().zip(&common.singles) {
                *e |= more;
            }
        }
        if eliminations.iter().any(|&b| b != 0) {
            record(
                Hit {
                    nodes,
                    kind: NiceLoopKind::Continuous,
                    links: k + 1,
                    placement: None,
                    eliminations,
                },
                best,
            );
        }
    }
}

/// A simple chain from `start` to `end` (at layer `k`) through the layers, as
/// node ids from the start; for the grouped search only one with a group node.
fn rebuild(
    g: &Graph,
    layers: &[NodeSet; LAYERS],
    start: usize,
    end: usize,
    k: usize,
    grouped: bool,
) -> Option<Vec<usize>> {
    struct Walk<'a> {
        g: &'a Graph,
        layers: &'a [NodeSet; LAYERS],
        start: usize,
        grouped: bool,
        budget: usize,
        path: Vec<usize>,
        used: [u128; 9],
    }
    impl Walk<'_> {
        fn go(&mut self, j: usize) -> bool {
            let Some(&at) = self.path.last() else {
                return false;
            };
            if j == 0 {
                return at == self.start
                    && (!self.grouped || self.path.iter().any(|&n| n >= SINGLES));
            }
            if self.budget == 0 {
                return false;
            }
            self.budget -= 1;
            let mut options = NodeSet::default();
            if j % 2 == 1 {
                for &p in self.g.strong(at) {
                    options.insert(p as usize);
                }
            } else {
                self.g.weak(at, &mut options);
            }
            options.and(&self.layers[j - 1]);
            for p in options.iter() {
                let (d, cells) = self.g.node(p);
                if p == self.start {
                    // The start belongs at layer 0 only; a loop back to itself
                    // meets its own cells there.
                    let self_loop = self.path[0] == self.start;
                    if j != 1 || (!self_loop && self.used[d] & cells != 0) {
                        continue;
                    }
                } else if self.used[d] & cells != 0 {
                    continue;
                }
                self.path.push(p);
                self.used[d] |= cells;
                if self.go(j - 1) {
                    return true;
                }
                self.used[d] &= !cells;
                self.path.pop();
            }
            false
        }
    }
    let (d, cells) = g.node(end);
    let mut used = [0u128; 9];
    used[d] = cells;
    let mut walk = Walk {
        g,
        layers,
        start,
        grouped,
        budget: WALK_BUDGET,
        path: vec![end],
        used,
    };
    if end != start {
        let (sd, sc) = g.node(start);
        // The start is met at layer 0 only; keep it out of the middle.
        if walk.used[sd] & sc != 0 {
            return None;
        }
    }
    if !walk.go(k) {
        return None;
    }
    walk.path.reverse();
    Some(walk.path)
}

/// The step of a hit.
fn step(g: &Graph, hit: &Hit, grouped: bool) -> Step {
    let technique = if grouped {
        Technique::GroupedNiceLoop
    } else {
        Technique::NiceLoop
    };
    let mut step = Step::new(technique, technique.info().points);
    let nodes: Vec<ChainNode> = hit.nodes.iter().map(|&n| g.chain_node(n)).collect();
    let at = |n: &ChainNode| (n.cells.first().expect("node has a cell"), n.digit);
    for (i, w) in nodes.windows(2).enumerate() {
        let kind = if i % 2 == 0 {
            LinkKind::Strong
        } else {
            LinkKind::Weak
        };
        step.links.push(Link {
            from: at(&w[0]),
            to: at(&w[1]),
            kind,
        });
    }
    if hit.kind == NiceLoopKind::Continuous
        && let (Some(last), Some(first)) = (nodes.last(), nodes.first())
    {
        step.links.push(Link {
            from: at(last),
            to: at(first),
            kind: LinkKind::Weak,
        });
    }
    for n in &nodes {
        step.cells |= n.cells;
        step.digits.insert(n.digit);
    }
    if let Some(p) = hit.placement {
        let n = g.chain_node(p);
        step.placements.push(Placement {
            cell: at(&n).0,
            digit: n.digit,
        });
    }
    for (d, &cells) in hit.eliminations.iter().enumerate() {
        let digit = Digit::from_index(d).expect("digit index");
        step.eliminations.extend(
            CellSet::from_bits(cells)
                .iter()
                .map(|cell| Elimination { cell, digit }),
        );
    }
    step.eliminations.sort_unstable();
    step.detail = Detail::NiceLoop(NiceLoop {
        nodes,
        kind: hit.kind,
    });
    step
}

/// A nice loop or alternating inference chain (AIC) over candidates and,
/// when grouped, group nodes (the candidates of one digit in a line∩box
/// intersection). `nodes` holds the chain in order; links alternate strong
/// (first) and weak. `links` of the step repeats them with each group node
/// stood in for by its first cell.
#[derive(Clone, Debug, PartialEq)]
pub struct NiceLoop {
    /// The nodes in chain order (for [`NiceLoopKind::Placement`] the first
    /// and the last are the same node).
    pub nodes: Vec<ChainNode>,
    /// How the chain concludes.
    pub kind: NiceLoopKind,
}

crate::moved_fields!(NiceLoop { nodes; kind });

/// Catalogue entry: Nice loop / AIC (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const NICE_LOOP: TechniqueInfo = TechniqueInfo {
    technique: Technique::NiceLoop, name: "nice-loop", names: Names { en: "Nice loop / AIC", de: "Nice Loop / AIC (Kette)" },
    family: Family::Chain, phase: Phase::OnCandidates, points: 17.0, se: None, finder: find_plain, text: None,
    hodoku: Hodoku { order: Some(5600), level: HodokuLevel::Unfair, score: 280 },
};

/// Catalogue entry: Grouped nice loop / AIC (see [`crate::technique`]).
#[rustfmt::skip]
pub(crate) const GROUPED_NICE_LOOP: TechniqueInfo = TechniqueInfo {
    technique: Technique::GroupedNiceLoop, name: "grouped-nice-loop", names: Names { en: "Grouped nice loop / AIC", de: "Gruppierter Nice Loop / AIC (Kette mit Gruppenknoten)" },
    family: Family::Chain, phase: Phase::OnCandidates, points: 19.0, se: None, finder: find_grouped, text: None,
    hodoku: Hodoku { order: Some(5650), level: HodokuLevel::Unfair, score: 300 },
};

pub(crate) mod told {
    //! This technique's steps told in English and German and drawn, both
    //! from the step struct (see [`crate::describe`]).
    //!
    //! Nice loops and alternating inference chains (AICs), plain and grouped: the
    //! chain in Eureka notation, group nodes written `(5)r1c23`, and the rule its
    //! kind concludes by (one end true; the start true; a continuous loop).

    use crate::LinkKind;
    use crate::describe::drawing::{Drawing, MarkRole, Shape};
    use crate::describe::words::{removal, so};
    use crate::describe::{Describe, Telling};
    use crate::{ChainNode, NiceLoopKind, Step};
    use sudoku_core::Lang;

    pub(crate) use crate::describe::words::chain_node as node;

    /// The chain: nodes joined by ` = ` (strong, first) and ` - ` (weak) in turn;
    /// a continuous loop is written back to its first node.
    pub(crate) fn path(nodes: &[ChainNode], closed: bool) -> String {
        let mut out = String::new();
        for (i, n) in nodes.iter().enumerate() {
            if i > 0 {
                out.push_str(if i % 2 == 1 { " = " } else { " - " });
            }
            out.push_str(&node(n));
        }
        if closed && let Some(first) = nodes.first() {
            out.push_str(" - ");
            out.push_str(&node(first));
        }
        out
    }

    /// Explains a nice loop or AIC of `kind` through `nodes`.
    pub(crate) fn render(
        step: &Step,
        name: &str,
        nodes: &[ChainNode],
        kind: NiceLoopKind,
        lang: Lang,
    ) -> Option<String> {
        let (first, last) = (nodes.first()?, nodes.last()?);
        let closed = kind == NiceLoopKind::Continuous;
        let chain = path(nodes, closed);
        let links = nodes.len() - 1 + usize::from(closed);
        let groups = match nodes.iter().find(|n| n.is_group()) {
            Some(g) => {
                let (d, example) = (g.digit, node(g));
                match lang {
                    Lang::En => format!(
                        " A group node such as {example} is true when {d} is in one of its cells."
                    ),
                    Lang::De => format!(
                        " Ein Gruppenknoten wie {example} ist wahr, wenn die {d} in einer seiner Zellen steht."
                    ),
                }
            }
            None => String::new(),
        };
        let (a, z) = (node(first), node(last));
        let then = so(&removal(&step.eliminations, lang), lang);
        let text = match (kind, lang) {
            (NiceLoopKind::Placement, _) => {
                let conclusion = match (step.placements.first(), lang) {
                    (Some(p), Lang::En) => format!("{} goes into {}.", p.digit, p.cell),
                    (Some(p), Lang::De) => format!("die {} kommt nach {}.", p.digit, p.cell),
                    (None, _) => then,
                };
                match lang {
                    Lang::En => format!(
                        "{name} of {links} links: {chain}.{groups} If {a} were false, the chain would make it true, so it is true: {conclusion}"
                    ),
                    Lang::De => format!(
                        "{name} aus {links} Verbindungen: {chain}.{groups} Wäre {a} falsch, würde die Kette ihn wahr machen; er ist also wahr: {conclusion}"
                    ),
                }
            }
            (NiceLoopKind::Continuous, Lang::En) => format!(
                "{name}, continuous loop of {links} links: {chain}.{groups} The loop closes with a weak link, so each weak link holds exactly one true candidate, and every candidate that rules out both candidates of a weak link is false, {then}"
            ),
            (NiceLoopKind::Continuous, Lang::De) => format!(
                "{name}, geschlossene Schleife aus {links} Verbindungen: {chain}.{groups} Die Schleife schließt sich mit einer schwachen Verbindung, daher ist in jeder schwachen Verbindung genau ein Kandidat wahr, und jeder Kandidat, der beide Kandidaten einer schwachen Verbindung ausschließt, ist falsch, {then}"
            ),
            (_, Lang::En) => format!(
                "{name} of {links} links: {chain}.{groups} If {a} is false, the chain makes {z} true: at least one end is true, and a candidate that rules out both ends is false, {then}"
            ),
            (_, Lang::De) => format!(
                "{name} aus {links} Verbindungen: {chain}.{groups} Ist {a} falsch, macht die Kette {z} wahr: mindestens ein Ende ist wahr, und ein Kandidat, der beide Enden ausschließt, ist falsch, {then}"
            ),
        };
        Some(text)
    }

    impl Describe for super::NiceLoop {
        fn text(&self, step: &Step, at: &Telling<'_>) -> Option<String> {
            render(step, at.name, &self.nodes, self.kind, at.lang)
        }

        /// An arrow per link (strong first, then alternating; a continuous loop
        /// closes back to its first node), group nodes as groups, and each single
        /// candidate marked as the chain reads it — the first node false, so the
        /// one after a strong link true, the one after a weak link false.
        fn draw(&self, _step: &Step, out: &mut Drawing) {
            let nodes = &self.nodes;
            let closed = self.kind == NiceLoopKind::Continuous;
            let placement = self.kind == NiceLoopKind::Placement;
            for (i, node) in nodes.iter().enumerate() {
                if node.is_group() {
                    out.push(Shape::Group {
                        cells: node.cells,
                        digit: node.digit,
                    });
                } else if let Some(cell) = node.cells.first() {
                    // A placement loop returns to its first node, which the step
                    // places: its mark there is the placement.
                    if placement && i + 1 == nodes.len() && i > 0 {
                        continue;
                    }
                    let role = if i % 2 == 0 {
                        MarkRole::Off
                    } else {
                        MarkRole::On
                    };
                    out.push(Shape::mark(cell, node.digit, role));
                }
            }
            for (i, pair) in nodes.windows(2).enumerate() {
                let kind = if i % 2 == 0 {
                    LinkKind::Strong
                } else {
                    LinkKind::Weak
                };
                out.push(Shape::arrow(pair[0], pair[1], kind));
            }
            if closed && let (Some(&last), Some(&first)) = (nodes.last(), nodes.first()) {
                out.push(Shape::arrow(last, first, LinkKind::Weak));
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use sudoku_core::{Cell, Digit};

        fn n(cells: &[(usize, usize)], d: u8) -> ChainNode {
            ChainNode {
                cells: cells
                    .iter()
                    .map(|&(r, c)| Cell::at(r - 1, c - 1).unwrap())
                    .collect(),
                digit: Digit::new(d).unwrap(),
            }
        }

        #[test]
        fn group_nodes_in_eureka_notation() {
            assert_eq!(node(&n(&[(1, 2)], 5)), "(5)r1c2");
            assert_eq!(node(&n(&[(1, 2), (1, 3)], 5)), "(5)r1c23");
            assert_eq!(node(&n(&[(4, 7), (6, 7)], 2)), "(2)r46c7");
            let nodes = [
                n(&[(1, 1)], 3),
                n(&[(1, 5)], 3),
                n(&[(1, 5)], 7),
                n(&[(2, 4), (2, 6)], 7),
            ];
            assert_eq!(
                path(&nodes, false),
                "(3)r1c1 = (3)r1c5 - (7)r1c5 = (7)r2c46"
            );
            assert_eq!(
                path(&nodes, true),
                "(3)r1c1 = (3)r1c5 - (7)r1c5 = (7)r2c46 - (3)r1c1"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::techniques::test_util::*;
    use crate::{Options, solve_logically};
    use sudoku_core::{Grid, House};

    /// The oracle: checks from first principles, without the finder's graph,
    /// that every link of a reported chain is what it claims in `pos`, that the
    /// nodes are proper (present candidates; a group is all of a digit's
    /// candidates in a line∩box intersection), and that each elimination is
    /// weakly linked to both ends (or, in a continuous loop, to both nodes of a
    /// weak link).
    fn validate(pos: &Candidates, step: &Step) {
        let Detail::NiceLoop(NiceLoop { nodes, kind }) = &step.detail else {
            panic!("not a nice loop: {:?}", step.detail)
        };
        let variant = pos.variant();
        for n in nodes {
            assert!(n.cells.is_subset(pos.cells_with(n.digit)), "{n:?} present");
            if n.is_group() {
                let ok = House::all()
                    .filter(|h| matches!(h.number(), _) && h.index() < 27)
                    .any(|line| {
                        (0..9).map(House::boxx).any(|b| {
                            let inter = Variant::house_cells(line) & Variant::house_cells(b);
                            line.index() < 18 && inter & pos.cells_with(n.digit) == n.cells
                        })
                    });
                assert!(ok, "{n:?} is a line∩box group");
            }
        }
        let disjoint_same =
            |a: &ChainNode, b: &ChainNode| a.digit == b.digit && (a.cells & b.cells).is_empty();
        let strong = |a: &ChainNode, b: &ChainNode| {
            let bivalue = !a.is_group()
                && a.cells == b.cells
                && a.digit != b.digit
                && pos.candidates(a.cells.first().unwrap()).len() == 2;
            let conjugate = disjoint_same(a, b)
                && variant.houses().iter().any(|&h| {
                    pos.cells_with(a.digit) & Variant::house_cells(h) == a.cells | b.cells
                });
            bivalue || conjugate
        };
        let weak = |a: &ChainNode, b: &ChainNode| {
            let cell = !a.is_group() && !b.is_group() && a.cells == b.cells && a.digit != b.digit;
            let seen = disjoint_same(a, b)
                && a.cells
                    .iter()
                    .all(|x| b.cells.iter().all(|y| variant.peers(x).contains(y)));
            cell || seen
        };
        for (i, w) in nodes.windows(2).enumerate() {
            if i % 2 == 0 {
                assert!(strong(&w[0], &w[1]), "strong {:?} = {:?}", w[0], w[1]);
            } else {
                assert!(weak(&w[0], &w[1]), "weak {:?} - {:?}", w[0], w[1]);
            }
        }
        assert_eq!(nodes.len() % 2, 0, "starts and ends with a strong link");
        assert_eq!(
            step.links.len(),
            nodes.len() - 1 + usize::from(*kind == NiceLoopKind::Continuous)
        );
        let single = |e: &Elimination| ChainNode {
            cells: CellSet::single(e.cell),
            digit: e.digit,
        };
        let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
        match kind {
            NiceLoopKind::Chain => {
                assert!(step.placements.is_empty());
                for e in &step.eliminations {
                    assert!(weak(&single(e), &first) && weak(&single(e), &last), "{e:?}");
                }
            }
            NiceLoopKind::Placement => {
                assert_eq!(first, last);
                for p in &step.placements {
                    assert_eq!(
                        (CellSet::single(p.cell), p.digit),
                        (first.cells, first.digit)
                    );
                }
                for e in &step.eliminations {
                    assert!(weak(&single(e), &first), "{e:?}");
                }
            }
            NiceLoopKind::Continuous => {
                assert!(weak(&last, &first), "closing link");
                let mut ring = nodes.clone();
                ring.push(first);
                for e in &step.eliminations {
                    let x = single(e);
                    assert!(
                        (1..ring.len() - 1)
                            .step_by(2)
                            .any(|i| weak(&x, &ring[i]) && weak(&x, &ring[i + 1])),
                        "{e:?}"
                    );
                }
            }
        }
        // Every group node really is one, and the plain finder has none.
        assert_eq!(
            nodes.iter().any(ChainNode::is_group),
            step.technique == Technique::GroupedNiceLoop
        );
        assert!(nodes.len() - 1 <= MAX_LINKS_ALL_LENGTHS);
        assert!(!step.eliminations.is_empty() || !step.placements.is_empty());
    }

    /// The puzzles of one class of `hodoku-levels.txt`.
    fn hodoku_class(class: &str) -> Vec<String> {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/hodoku-levels.txt"
        ))
        .expect("data set");
        let mut label = "";
        let mut out = Vec::new();
        for line in text.lines().map(str::trim) {
            if line.len() == 81 {
                if label == class {
                    out.push(line.to_string());
                }
            } else if !line.is_empty() {
                label = line;
            }
        }
        out
    }

    /// A position as a puzzle (placed digits as givens) and the eliminations
    /// from its freshly written candidates, for [`position_with`].
    fn describe(pos: &Candidates) -> (String, String) {
        let grid = *pos.grid();
        let puzzle = grid.to_line(sudoku_core::Notation::Digits, '.');
        let mut elims = Vec::new();
        for c in Cell::all() {
            if grid.get(c).is_some() {
                continue;
            }
            let gone = grid.candidates(pos.variant(), c) - pos.candidates(c);
            if !gone.is_empty() {
                let ds: String = gone.iter().map(|d| d.to_string()).collect();
                elims.push(format!("{c}-{ds}"));
            }
        }
        (puzzle, elims.join(" "))
    }

    /// Solves `puzzles` with the whole table and validates every nice-loop step
    /// (with the oracle and against the solution); returns the positions where
    /// each finder fired, with the step.
    fn scan(puzzles: &[String], variant: Variant) -> Vec<(Candidates, Step)> {
        let mut found = Vec::new();
        for p in puzzles {
            let grid: Grid = p.parse().expect("puzzle");
            let truth = sudoku_solve::solve(&grid, variant).expect("solvable");
            let options = Options {
                solution: Some(truth),
                ..Options::default()
            };
            let trace = solve_logically(&grid, variant, &options).expect("sound solve");
            let mut pos = Candidates::new(&grid, variant).expect("valid");
            for s in &trace.steps {
                if matches!(
                    s.technique,
                    Technique::NiceLoop | Technique::GroupedNiceLoop
                ) {
                    validate(&pos, s);
                    found.push((pos.clone(), s.clone()));
                }
                pos.apply(s).expect("applies");
            }
        }
        found
    }

    #[test]
    #[ignore = "prints golden positions; run by hand"]
    fn collect_positions() {
        let puzzles = hodoku_class("Unfair");
        for (pos, s) in scan(&puzzles[..200], Variant::Standard) {
            let (p, e) = describe(&pos);
            println!(
                "{:?} {:?} {} | {p} | {e}",
                s.technique,
                s.detail,
                eliminations(&s)
            );
        }
    }

    /// The seed's variant puzzles (diagonal, colour, colour-diagonal).
    fn seed_variants() -> Vec<(String, Variant)> {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/data/seed_examples.tsv"
        ))
        .expect("data set");
        text.lines()
            .skip(1)
            .filter_map(|line| {
                let mut cols = line.split('\t');
                let (p, v) = (cols.next()?, cols.next()?.parse::<Variant>().ok()?);
                (v != Variant::Standard && p.len() == 81).then(|| (p.to_string(), v))
            })
            .filter(|(p, v)| {
                let grid: Grid = p.parse().expect("puzzle");
                sudoku_solve::count(&grid, *v, Some(2)) == 1
            })
            .collect()
    }

    #[test]
    #[ignore = "prints how often each kind fires; run by hand"]
    fn count_kinds() {
        let mut puzzles = hodoku_class("Unfair");
        puzzles.extend(hodoku_class("Extreme"));
        let mut counts = std::collections::BTreeMap::new();
        for (_, s) in scan(&puzzles, Variant::Standard) {
            if let Detail::NiceLoop(NiceLoop { kind, .. }) = s.detail {
                *counts
                    .entry(format!("{:?} {kind:?}", s.technique))
                    .or_insert(0) += 1;
            }
        }
        println!("{counts:?}");
        for (p, v) in seed_variants() {
            for (pos, s) in scan(std::slice::from_ref(&p), v) {
                let (p, e) = describe(&pos);
                println!("{v} {:?} {} | {p} | {e}", s.technique, eliminations(&s));
            }
        }
    }

    /// Runs `finder` on the position, validates and checks every hit against
    /// the solution, and returns the hit with eliminations `want`.
    fn golden(finder: crate::technique::Finder, puzzle: &str, elims: &str, want: &str) -> Step {
        let (pos, steps) = sound_hits(finder, puzzle, elims);
        for s in &steps {
            validate(&pos, s);
        }
        steps
            .iter()
            .find(|s| eliminations(s) == want)
            .unwrap_or_else(|| {
                let all: Vec<String> = steps.iter().map(eliminations).collect();
                panic!("{want} not in {all:?}")
            })
            .clone()
    }

    const PLAIN: &str =
        "16..938....41..2698.96..371...9...3.9..............192293857416418369527576..1983";
    const PLAIN_ELIMS: &str = "r1c3-5 r1c4-45 r4c2-5 r4c3-7 r4c5-247 r4c6-56 r5c2-5 r5c5-24 \
        r5c6-5 r6c2-5 r6c5-4 r6c6-5";

    #[test]
    fn aic_with_two_digits_at_its_ends() {
        let s = golden(find_plain, PLAIN, PLAIN_ELIMS, "r5c5-7");
        // (3)r5c5 = (3)r5c2 - (3)r2c2 = (3)r2c1 - (7)r2c1 = (7)r2c5: one of the
        // ends is true, so r5c5 (3 or else a peer of r2c5) is not 7.
        assert_eq!(
            chain(&s),
            "r5c5=r5c2 r5c2-r2c2 r2c2=r2c1 r2c1-r2c1 r2c1=r2c5"
        );
        assert_eq!(s.technique, Technique::NiceLoop);
        assert_eq!(s.points, 17.0);
        let Detail::NiceLoop(NiceLoop { nodes, kind }) = &s.detail else {
            panic!()
        };
        assert_eq!(*kind, NiceLoopKind::Chain);
        let digits: Vec<u8> = nodes.iter().map(|n| n.digit.get()).collect();
        assert_eq!(digits, [3, 3, 3, 3, 7, 7]);
        assert_eq!(s.links.len(), 5);
        // No grouped chain is needed here: the grouped finder reports only
        // chains with a group node, and they are never shorter.
        let pos = position_with(PLAIN, Variant::Standard, PLAIN_ELIMS);
        for t in run(find_grouped, &pos) {
            validate(&pos, &t);
        }
    }

    #[test]
    fn grouped_chain_through_a_box_column_group() {
        let p = "...79..43.4723619......572618...2..947.....5.........1.24....8.7.85.39....98.....";
        let e = "r1c2-1 r3c2-1 r6c4-9 r6c6-9 r8c5-16 r9c5-1 r9c6-1 r9c7-4 r9c8-7 r9c9-5";
        let s = golden(find_grouped, p, e, "r6c1-3");
        let Detail::NiceLoop(NiceLoop { nodes, .. }) = &s.detail else {
            panic!()
        };
        assert_eq!(s.technique, Technique::GroupedNiceLoop);
        assert_eq!(nodes.last().map(|n| n.cells.len()), Some(2));
        assert_eq!(s.points, 19.0);
        // The plain finder cannot make this elimination within its limit.
        let pos = position_with(p, Variant::Standard, e);
        assert!(
            run(find_plain, &pos)
                .iter()
                .all(|t| eliminations(t) != "r6c1-3")
        );
    }

    #[test]
    fn nothing_before_candidates_or_on_a_solved_grid() {
        let grid: Grid = PLAIN.parse().unwrap();
        let pos = Candidates::new(&grid, Variant::Standard).unwrap();
        assert!(run(find_plain, &pos).is_empty());
        let solved = sudoku_solve::solve(&grid, Variant::Standard).unwrap();
        let solved = solved.to_line(sudoku_core::Notation::Digits, '.');
        assert!(run(find_plain, &position(&solved, Variant::Standard)).is_empty());
        assert!(run(find_grouped, &position(&solved, Variant::Standard)).is_empty());
    }

    #[test]
    fn no_chain_through_a_removed_candidate() {
        // Without (3)r2c2 the chain above has no middle: nothing reported may
        // use it, and whatever is reported is still a valid, sound chain.
        let elims = format!("{PLAIN_ELIMS} r2c2-3");
        let pos = position_with(PLAIN, Variant::Standard, &elims);
        let steps = run(find_plain, &pos);
        assert_sound(PLAIN, Variant::Standard, &steps);
        let gone = ChainNode {
            cells: CellSet::single(Cell::at(1, 1).unwrap()),
            digit: Digit::new(3).unwrap(),
        };
        for s in &steps {
            validate(&pos, s);
            let Detail::NiceLoop(NiceLoop { nodes, .. }) = &s.detail else {
                panic!()
            };
            assert!(!nodes.contains(&gone));
            assert_ne!(
                chain(s),
                "r5c5=r5c2 r5c2-r2c2 r2c2=r2c1 r2c1-r2c1 r2c1=r2c5"
            );
        }
    }

    #[test]
    fn diagonals_make_strong_links() {
        // A diagonal grid with only 5s placed, in rows 2 to 8 off the main
        // diagonal: 5 has two places left on it, r1c1 and r9c9, a conjugate
        // pair in no other house.
        let mut givens = Vec::new();
        for (r, c) in [(2, 4), (3, 7), (4, 2), (5, 6), (6, 8), (7, 5), (8, 3)] {
            givens.push((r, c, 5));
        }
        let p = from_givens(&givens);
        let pos = position(&p, Variant::Diagonal);
        let five = Digit::new(5).unwrap();
        let main: Vec<Cell> = pos
            .cells_with(five)
            .iter()
            .filter(|c| c.row() == c.col())
            .collect();
        assert_eq!(main.len(), 2, "{main:?}");
        let g = Graph::new(&pos, false);
        let (a, b) = (81 * 4 + main[0].index(), 81 * 4 + main[1].index());
        assert!(g.strong(a).contains(&(b as u16)));
        let standard = Graph::new(&position(&p, Variant::Standard), false);
        assert!(!standard.strong(a).contains(&(b as u16)));
    }

    #[test]
    fn diagonal_seed_puzzles_stay_sound() {
        // Every nice loop on the seed's variant puzzles is a valid chain and
        // sound (the oracle and the solution check run inside `scan`).
        let mut fired = 0;
        for (p, v) in seed_variants() {
            fired += scan(std::slice::from_ref(&p), v).len();
        }
        assert!(fired > 0, "nice loops fire on some diagonal seed puzzles");
    }

    #[test]
    fn all_lengths_reports_longer_valid_chains_and_keeps_the_shortest() {
        // Positions where our solver took a chain: with `AllLengths` every
        // reported chain is valid and sound, at most 20 links, the shortest
        // ones are among them, and somewhere a longer chain deletes more.
        // (`validate` checks the links, the eliminations and the length.)
        let puzzles = hodoku_class("Extreme");
        let sample: Vec<String> = puzzles.iter().step_by(50).cloned().collect();
        let found = scan(&sample, Variant::Standard);
        assert!(!found.is_empty());
        let mut longer_and_better = false;
        for (pos, _) in &found {
            let (mut short, mut all) = (Vec::new(), Vec::new());
            find_plain(pos, &mut short, FindMode::All);
            find_plain(pos, &mut all, FindMode::AllLengths);
            let most = |v: &[Step]| v.iter().map(|s| s.eliminations.len()).max().unwrap_or(0);
            for s in &all {
                validate(pos, s);
            }
            for s in &short {
                assert!(
                    all.iter()
                        .any(|a| a.eliminations == s.eliminations && a.placements == s.placements)
                );
            }
            longer_and_better |= most(&all) > most(&short);
        }
        assert!(
            longer_and_better,
            "no position where a longer chain deletes more"
        );
    }

    #[test]
    fn unfair_sample_steps_are_valid_chains() {
        let puzzles = hodoku_class("Unfair");
        let sample: Vec<String> = puzzles.iter().step_by(40).cloned().collect();
        let found = scan(&sample, Variant::Standard);
        assert!(
            found
                .iter()
                .any(|(_, s)| s.technique == Technique::NiceLoop)
        );
    }
}
