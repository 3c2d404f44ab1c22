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
//! step.
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
    // layers[t][j]: the RCCs set j can be entered by after t links; touched[t]
    // lists the j with a non-empty entry, so that resetting and scanning a
    // layer costs what the layer holds, not the number of sets.
    let mut layers: Vec<Vec<DigitSet>> = vec![vec![DigitSet::EMPTY; n]; MAX_SETS];
    let mut touched: Vec<Vec<usize>> = vec![Vec::new(); MAX_SETS];
    let mut done = vec![false; n];
    let mut done_list: Vec<usize> = Vec::new();
    // The sets holding each digit, in set order (candidates for a chain's
    // end), with the cells seeing all their places of it: compact, as the
    // count of the ends left is taken for every start.
    let mut with: [Vec<(usize, CellSet)>; 9] = Default::default();
    for (k, b) in sets.list.iter().enumerate() {
        for d in b.digits.iter() {
            with[d.index()].push((k, b.sees[d.index()]));
        }
    }
    // The RCC graph in one flat list (edges of set j at
    // `edges[offsets[j]..offsets[j + 1]]`), half the size of `sets.adj`.
    let mut offsets: Vec<usize> = Vec::with_capacity(n + 1);
    let mut edges: Vec<(u32, DigitSet)> = Vec::new();
    offsets.push(0);
    for list in &sets.adj {
        edges.extend(list.iter().map(|&(k, m)| (k as u32, m)));
        offsets.push(edges.len());
    }
    for s in 0..n {
        let a = &sets.list[s];
        for z in a.live.iter() {
            let zs = DigitSet::single(z);
            let reach = pos.cells_with(z) & a.sees[z.index()];
            let target = |k: usize| {
                let b = &sets.list[k];
                b.digits.contains(z) && !(reach & b.sees[z.index()]).is_empty()
            };
            let ends = &with[z.index()];
            let first = ends.partition_point(|&(k, _)| k <= s);
            let mut left = ends[first..]
                .iter()
                .filter(|&&(_, sees)| !(reach & sees).is_empty())
                .count();
            if left == 0 {
                continue;
            }
            for (layer, list) in layers.iter_mut().zip(touched.iter_mut()) {
                for &j in list.iter() {
                    layer[j] = DigitSet::EMPTY;
                }
                list.clear();
            }
            for &k in &done_list {
                done[k] = false;
            }
            done_list.clear();
            for &(j, m) in &sets.adj[s] {
                let m = m - zs;
                if !m.is_empty() {
                    if layers[1][j].is_empty() {
                        touched[1].push(j);
                    }
                    layers[1][j] |= m;
                }
            }
            for t in 2..MAX_SETS {
                if left == 0 {
                    break;
                }
                let (before, after) = layers.split_at_mut(t);
                let (prev, next) = (&before[t - 1], &mut after[0]);
                let (t_before, t_after) = touched.split_at_mut(t);
                let (prev_list, next_list) = (&t_before[t - 1], &mut t_after[0]);
                // Entered by two RCCs, a set leaves by any; by one, by another.
                let leaves = |f: DigitSet| {
                    if f.len() >= 2 {
                        DigitSet::ALL
                    } else {
                        DigitSet::ALL - f
                    }
                };
                if t + 1 == MAX_SETS {
                    // The last layer: only the ends still wanted matter, each
                    // entered over its own edges (the graph is symmetric),
                    // which costs a fraction of spreading the whole layer.
                    for &(k, sees) in &ends[first..] {
                        if done[k] || (reach & sees).is_empty() {
                            continue;
                        }
                        let mut enter = DigitSet::EMPTY;
                        for &(j, m) in &edges[offsets[k]..offsets[k + 1]] {
                            let f = prev[j as usize];
                            if !f.is_empty() {
                                enter |= m & leaves(f);
                            }
                        }
                        if !enter.is_empty() {
                            next[k] = enter;
                            next_list.push(k);
                        }
                    }
                } else {
                    for &j in prev_list.iter() {
                        let keep = leaves(prev[j]);
                        for &(k, m) in &edges[offsets[j]..offsets[j + 1]] {
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
                if t + 1 < MIN_SETS {
                    continue;
                }
                // In increasing set order, as a scan over all sets would.
                touched[t].sort_unstable();
                for &k in &touched[t] {
                    if k <= s || done[k] || (layers[t][k] - zs).is_empty() || !target(k) {
                        continue;
                    }
                    done[k] = true;
                    done_list.push(k);
                    left -= 1;
                    let b = &sets.list[k];
                    let mut victims = [CellSet::EMPTY; 9];
                    victims[z.index()] = reach & b.sees[z.index()];
                    let (path, rccs) = read_back(&sets, &layers, s, k, t, z);
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

    #[test]
    fn no_chain_on_an_empty_grid_or_with_a_broken_set() {
        crate::techniques::als::assert_breaks(find, &position(GRID, Variant::Standard));
        assert!(run(find, &position(&".".repeat(81), Variant::Standard)).is_empty());
    }
}
