//! ALS-XY-chain: almost locked sets A1, A2, …, Ak (no two sharing a cell),
//! each consecutive pair linked by a restricted common candidate, consecutive
//! RCCs different. If A1 lacks a digit Z it is locked and holds its RCC to A2,
//! so A2 loses that RCC, is locked and holds the next RCC, and so on to Ak,
//! which then holds all its digits but its incoming RCC. So for Z in A1 and Ak
//! that is neither the first nor the last RCC, A1 or Ak holds Z: Z goes from
//! every cell seeing all places of Z in both.
//!
//! Chains of two and three sets are ALS-XZ and ALS-XY-wing; this finder takes
//! four to [`MAX_SETS`] sets (HoDoKu's default limit of six). The search is
//! depth first from every set with a digit some outside cell could lose, and
//! bounded: [`BUDGET`] chain extensions per position, shared evenly among the
//! starts (at least [`MIN_PER_START`] each). Unbounded, a position with a few
//! hundred sets takes tens of milliseconds, too slow for rating; the bound
//! may miss long chains HoDoKu would find. House-generic like every ALS
//! technique.

use super::als::{self, Als, chain_step, common_victims, push_new};
use crate::Candidates;
use crate::step::Step;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, Digit, DigitSet};

/// The most sets in a chain.
pub(crate) const MAX_SETS: usize = 6;
/// The fewest sets (fewer are ALS-XZ and ALS-XY-wing).
const MIN_SETS: usize = 4;
/// The chain extensions tried per position, shared among the starts.
pub(crate) const BUDGET: usize = 12_000;
/// The fewest extensions tried from one start.
pub(crate) const MIN_PER_START: usize = 40;
/// The most steps reported per position.
const MAX_STEPS: usize = 64;

struct Search<'a> {
    pos: &'a Candidates,
    sets: &'a als::Sets,
    path: Vec<usize>,
    rccs: Vec<Digit>,
    used: CellSet,
    budget: usize,
    out: &'a mut Vec<Step>,
    start: usize,
    mode: FindMode,
}

/// Reports ALS-XY-chains with eliminations, once per set of eliminations.
pub(crate) fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    let sets = als::all(pos);
    let start = out.len();
    let mut search = Search {
        pos,
        sets: &sets,
        path: Vec::with_capacity(MAX_SETS),
        rccs: Vec::with_capacity(MAX_SETS),
        used: CellSet::EMPTY,
        budget: BUDGET,
        out,
        start,
        mode,
    };
    // A start worth extending has a digit some outside cell could lose.
    let starts = sets.list.iter().filter(|a| !a.live.is_empty()).count();
    let per_start = (BUDGET / starts.max(1)).max(MIN_PER_START);
    for i in 0..sets.list.len() {
        let a = &sets.list[i];
        if a.live.is_empty() {
            continue;
        }
        search.budget = per_start;
        search.path.clear();
        search.rccs.clear();
        search.path.push(i);
        search.used = a.cells;
        if search.extend() {
            return;
        }
    }
}

impl Search<'_> {
    /// Extends the chain from its last set; `true` to stop.
    fn extend(&mut self) -> bool {
        let last = *self.path.last().expect("chain has a start");
        let incoming = self.rccs.last().copied();
        let sets = self.sets;
        for &(j, rcc) in &sets.adj[last] {
            let cells = sets.brief[j].0;
            if !(cells & self.used).is_empty() {
                continue;
            }
            for x in rcc.iter() {
                if Some(x) == incoming {
                    continue;
                }
                if self.budget == 0 {
                    return false;
                }
                self.budget -= 1;
                self.path.push(j);
                self.rccs.push(x);
                self.used |= cells;
                let stop = (self.path.len() >= MIN_SETS && self.report())
                    || (self.path.len() < MAX_SETS && self.extend());
                self.used -= cells;
                self.path.pop();
                self.rccs.pop();
                if stop {
                    return true;
                }
            }
        }
        false
    }

    /// Reports the current chain if its ends eliminate; `true` to stop.
    fn report(&mut self) -> bool {
        let (first, last) = (self.path[0], self.path[self.path.len() - 1]);
        if last < first {
            // Each chain is met from both ends; report it from the lower.
            return false;
        }
        let a: &Als = &self.sets.list[first];
        let b: &Als = &self.sets.list[last];
        let ends =
            DigitSet::single(self.rccs[0]) | DigitSet::single(self.rccs[self.rccs.len() - 1]);
        let mut victims = [CellSet::EMPTY; 9];
        for z in ((a.live & b.live) - ends).iter() {
            victims[z.index()] = common_victims(self.pos, z, &[a, b]);
        }
        let chain: Vec<&Als> = self.path.iter().map(|&i| &self.sets.list[i]).collect();
        let Some(step) = chain_step(Technique::AlsXyChain, &chain, &self.rccs, &victims, false)
        else {
            return false;
        };
        let added = push_new(self.out, self.start, step);
        (added && self.mode == FindMode::First) || self.out.len() - self.start >= MAX_STEPS
    }
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
        assert!(!steps.is_empty() && steps.len() <= MAX_STEPS);
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
