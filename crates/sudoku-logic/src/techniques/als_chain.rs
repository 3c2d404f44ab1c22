//! ALS-XY-chain: almost locked sets A1, A2, …, Ak (no two sharing a cell),
//! each consecutive pair linked by a restricted common candidate, consecutive
//! RCCs different. If A1 lacks a digit Z it is locked and holds its RCC to A2,
//! so A2 loses that RCC, is locked and holds the next RCC, and so on to Ak,
//! which then holds all its digits but its incoming RCC. So for Z in A1 and Ak
//! that is neither the first nor the last RCC, A1 or Ak holds Z: Z goes from
//! every cell seeing all places of Z in both.
//!
//! Chains of two and three sets are ALS-XZ and ALS-XY-wing; this finder takes
//! four to [`MAX_SETS`] sets (HoDoKu's default limit of six) and stops after
//! [`BUDGET`] extensions per position, which keeps rating fast on positions
//! with many sets. House-generic like every ALS technique.

use super::als::{self, Als, chain_step, common_victims, push_new};
use crate::Candidates;
use crate::step::Step;
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, Digit, DigitSet};

/// The most sets in a chain.
pub(crate) const MAX_SETS: usize = 6;
/// The fewest sets (fewer are ALS-XZ and ALS-XY-wing).
const MIN_SETS: usize = 4;
/// The most chain extensions tried per position.
pub(crate) const BUDGET: usize = 200_000;
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
    for i in 0..sets.list.len() {
        // A start worth extending has a digit some outside cell could lose.
        let a = &sets.list[i];
        if !a
            .digits
            .iter()
            .any(|z| !(pos.cells_with(z) & a.sees[z.index()]).is_empty())
        {
            continue;
        }
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
            let b = &sets.list[j];
            if !(b.cells & self.used).is_empty() {
                continue;
            }
            for x in rcc.iter() {
                if Some(x) == incoming {
                    continue;
                }
                if self.budget == 0 {
                    return true;
                }
                self.budget -= 1;
                self.path.push(j);
                self.rccs.push(x);
                self.used |= b.cells;
                let stop = (self.path.len() >= MIN_SETS && self.report())
                    || (self.path.len() < MAX_SETS && self.extend());
                self.used -= b.cells;
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
        let ends = DigitSet::single(self.rccs[0]) | DigitSet::single(self.rccs[self.rccs.len() - 1]);
        let mut victims = [CellSet::EMPTY; 9];
        for z in (a.digits & b.digits - ends).iter() {
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
