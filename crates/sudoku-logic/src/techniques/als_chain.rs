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
//! the synchronous solver needs. A chain is read back from the layers for the
//! step. Before a digit's layers are built, the start's *wide* layers (first
//! link by any RCC, a superset of every digit's) and an index of which sets
//! a cell sees rule out the digits with no end in reach.
//!
//! Chains of two and three sets are ALS-XZ and ALS-XY-wing; this finder takes
//! four to [`MAX_SETS`] sets (HoDoKu allows six; five keeps rating within its time budget). House-generic
//! like every ALS technique.

use super::als::{self, Als, chain_step, push_new};
use crate::Candidates;
use crate::step::Step;
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
    let start = out.len();
    // The RCC graph in one flat list (edges of set j at
    // `edges[offsets[j]..offsets[j + 1]]`), half the size of `sets.adj`.
    let mut offsets: Vec<usize> = Vec::with_capacity(n + 1);
    let mut edges: Vec<(u32, DigitSet)> = Vec::new();
    offsets.push(0);
    for list in &sets.adj {
        edges.extend(list.iter().map(|&(k, m)| (k as u32, m)));
        offsets.push(edges.len());
    }
    let graph = Graph {
        edges: &edges,
        offsets: &offsets,
    };
    // The layers of one digit's chains from the start, and the wide layers
    // of the start whose first link may use any RCC.
    let mut exact = Layers::new(n);
    let mut wide = Layers::new(n);
    let mut done = vec![false; n];
    let mut done_list: Vec<usize> = Vec::new();
    // Per digit Z and cell: the sets holding Z whose places of Z that cell
    // sees all of, in set order (the ends a chain can eliminate Z with).
    let mut seen_by: Vec<Vec<u32>> = vec![Vec::new(); 9 * 81];
    for (k, b) in sets.list.iter().enumerate() {
        for z in b.digits.iter() {
            for c in (b.sees[z.index()] & pos.cells_with(z)).iter() {
                seen_by[z.index() * 81 + c.index()].push(k as u32);
            }
        }
    }
    // The later sets a chain from `s` could eliminate Z with (`reach`: the
    // cells seeing all places of Z in `s`), with repeats.
    let ends_of = |s: usize, z: Digit, reach: CellSet, out: &mut Vec<usize>| {
        for c in reach.iter() {
            let list = &seen_by[z.index() * 81 + c.index()];
            let first = list.partition_point(|&k| k as usize <= s);
            out.extend(list[first..].iter().map(|&k| k as usize));
        }
    };
    // The ends a digit's chain might reach, in set order.
    let mut wanted: Vec<usize> = Vec::new();
    for s in 0..n {
        let a = &sets.list[s];
        if a.live.is_empty() {
            continue;
        }
        // A chain for Z starts with a link other than Z: with fewer ways in,
        // a set has no more ways out, so a digit's layers lie inside the
        // wide ones (whose first link may use any RCC), and an end that no
        // wide layer of a long enough chain holds is out of reach.
        wide.clear();
        for &(j, m) in &sets.adj[s] {
            wide.enter(1, j, m);
        }
        for t in 2..MAX_SETS - 1 {
            wide.spread(t, &graph);
        }
        let last = MAX_SETS - 1;
        for z in a.live.iter() {
            let zs = DigitSet::single(z);
            let reach = pos.cells_with(z) & a.sees[z.index()];
            let target = |k: usize| {
                let b = &sets.list[k];
                b.digits.contains(z) && !(reach & b.sees[z.index()]).is_empty()
            };
            wanted.clear();
            ends_of(s, z, reach, &mut wanted);
            if wanted.is_empty() {
                continue;
            }
            wanted.sort_unstable();
            wanted.dedup();
            // Entered (by an RCC other than Z) after enough links: the last
            // wide layer is read at the ends only.
            wanted.retain(|&k| {
                (MIN_SETS - 1..last).any(|t| !(wide.rccs[t][k] - zs).is_empty())
                    || !(wide.entry(last, k, &graph) - zs).is_empty()
            });
            if wanted.is_empty() {
                continue;
            }
            let mut left = wanted.len();
            exact.clear();
            for &k in &done_list {
                done[k] = false;
            }
            done_list.clear();
            for &(j, m) in &sets.adj[s] {
                exact.enter(1, j, m - zs);
            }
            for t in 2..MAX_SETS {
                if left == 0 {
                    break;
                }
                if t + 1 == MAX_SETS {
                    // The last layer: only the ends still wanted matter.
                    exact.pull(t, &wanted, &graph, |k| done[k]);
                } else {
                    exact.spread(t, &graph);
                }
                if t + 1 < MIN_SETS {
                    continue;
                }
                // In increasing set order, as a scan over all sets would.
                exact.touched[t].sort_unstable();
                for &k in &exact.touched[t] {
                    if k <= s || done[k] || (exact.rccs[t][k] - zs).is_empty() || !target(k) {
                        continue;
                    }
                    done[k] = true;
                    done_list.push(k);
                    left -= 1;
                    let b = &sets.list[k];
                    let mut victims = [CellSet::EMPTY; 9];
                    victims[z.index()] = reach & b.sees[z.index()];
                    let (path, rccs) = read_back(&sets, &exact.rccs, s, k, t, z);
                    let chain: Vec<&Als> = path.iter().map(|&i| &sets.list[i]).collect();
                    let Some(step) =
                        chain_step(Technique::AlsXyChain, &chain, &rccs, &victims, false)
                    else {
                        continue;
                    };
                    if push_new(out, start, step) && mode == FindMode::First {
                        return;
                    }
                }
            }
        }
    }
}

/// The ways out of a set entered by the RCCs `f`: entered by two, it
/// leaves by any; by one, by another.
fn leaves(f: DigitSet) -> DigitSet {
    if f.len() >= 2 {
        DigitSet::ALL
    } else {
        DigitSet::ALL - f
    }
}

/// The RCC graph as one flat edge list.
struct Graph<'a> {
    edges: &'a [(u32, DigitSet)],
    offsets: &'a [usize],
}

impl Graph<'_> {
    /// The edges of set `j`.
    fn of(&self, j: usize) -> &[(u32, DigitSet)] {
        &self.edges[self.offsets[j]..self.offsets[j + 1]]
    }
}

/// Per number of links `t`: the RCCs each set can be entered by
/// (`rccs[t][j]`) and the sets with a non-empty entry (`touched[t]`), so
/// that resetting and scanning a layer costs what it holds, not the number
/// of sets.
struct Layers {
    rccs: Vec<Vec<DigitSet>>,
    touched: Vec<Vec<usize>>,
}

impl Layers {
    fn new(n: usize) -> Layers {
        Layers {
            rccs: vec![vec![DigitSet::EMPTY; n]; MAX_SETS],
            touched: vec![Vec::new(); MAX_SETS],
        }
    }

    fn clear(&mut self) {
        for (layer, list) in self.rccs.iter_mut().zip(self.touched.iter_mut()) {
            for &j in list.iter() {
                layer[j] = DigitSet::EMPTY;
            }
            list.clear();
        }
    }

    /// Set `j` can be entered by `m` after `t` links.
    fn enter(&mut self, t: usize, j: usize, m: DigitSet) {
        if m.is_empty() {
            return;
        }
        if self.rccs[t][j].is_empty() {
            self.touched[t].push(j);
        }
        self.rccs[t][j] |= m;
    }

    /// The RCCs set `k` can be entered by after `t` links, from layer
    /// `t - 1` over its own edges (the graph is symmetric).
    fn entry(&self, t: usize, k: usize, graph: &Graph) -> DigitSet {
        let mut enter = DigitSet::EMPTY;
        for &(j, m) in graph.of(k) {
            let f = self.rccs[t - 1][j as usize];
            if !f.is_empty() {
                enter |= m & leaves(f);
            }
        }
        enter
    }

    /// Layer `t` at the sets `ends` (but those `skip` names): the last
    /// layer is read only at the ends, a fraction of spreading it whole.
    fn pull(&mut self, t: usize, ends: &[usize], graph: &Graph, skip: impl Fn(usize) -> bool) {
        for &k in ends {
            if !skip(k) {
                let enter = self.entry(t, k, graph);
                self.enter(t, k, enter);
            }
        }
    }

    /// Layer `t` from layer `t - 1` over every edge.
    fn spread(&mut self, t: usize, graph: &Graph) {
        let (before, after) = self.rccs.split_at_mut(t);
        let (prev, next) = (&before[t - 1], &mut after[0]);
        let (t_before, t_after) = self.touched.split_at_mut(t);
        let (prev_list, next_list) = (&t_before[t - 1], &mut t_after[0]);
        for &j in prev_list.iter() {
            let keep = leaves(prev[j]);
            for &(k, m) in graph.of(j) {
                let add = m & keep;
                if !add.is_empty() {
                    let k = k as usize;
                    if next[k].is_empty() {
                        next_list.push(k);
                    }
                    next[k] |= add;
                }
            }
        }
    }
}

/// A chain of `t` links from `s` to `k` (entered by an RCC other than `z`)
/// read back from the layers: the sets in order and the RCCs between them.
fn read_back(
    sets: &als::Sets,
    layers: &[Vec<DigitSet>],
    s: usize,
    k: usize,
    t: usize,
    z: Digit,
) -> (Vec<usize>, Vec<Digit>) {
    let mut path = vec![k];
    let mut rccs = Vec::with_capacity(t);
    let mut cur = k;
    let mut x = (layers[t][k] - DigitSet::single(z))
        .first()
        .expect("k is entered by an RCC other than z");
    for u in (1..t).rev() {
        rccs.push(x);
        // A set one link earlier, entered by a digit other than x, linked
        // to `cur` by x (one exists: that is how x got into the layer).
        let (j, y) = sets.adj[cur]
            .iter()
            .filter(|&&(_, m)| m.contains(x))
            .find_map(|&(j, _)| (layers[u][j] - DigitSet::single(x)).first().map(|y| (j, y)))
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
            let Detail::AlsChain { sets, rccs, .. } = &s.detail else {
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
