//! Solving paths in another scale's order: the rater that always takes the step
//! that is easiest *on that scale* (Sudoku Explainer by its difficulty value,
//! HoDoKu by its own technique order), built from the logic crate's finders.
//!
//! The logic solver's table is ordered by the diagonal solver's points, which
//! is not the order of the other raters, so their paths are walked here. Each
//! round asks the table rows in the order of their cheapest possible cost, stops
//! once no later row can beat the best hit, and applies *every* hit of the
//! lowest cost together (placements once). Applying all of them makes the path —
//! and so the rating — independent of how the grid is turned or relabelled.
//! Candidates are written at the start: both raters always see them.
//!
//! HoDoKu's own walk is different ([`walk_one_by_one`]): it applies one step at
//! a time and starts again from its cheapest technique, and among the steps of
//! a technique it takes the one that deletes the most candidates. Its score
//! counts every step, so the walk has to take the same steps to score the same.

use sudoku_core::{Cell, CellSet, Digit, Grid, Variant};
use sudoku_logic::{Candidates, Family, FindMode, Finder, LogicError, Step, TABLE, Technique};

/// A scale's view of the table: what a step costs and a lower bound per row.
pub(crate) trait Order {
    /// The lowest cost any step of `technique` can have; infinite for a
    /// technique the rater does not use (its walk leaves it out).
    fn floor(&self, technique: Technique) -> f64;
    /// What `step`, found in `pos`, costs.
    fn cost(&self, step: &Step, pos: &Candidates) -> f64;
    /// Whether the rater knows `step` in this form (a finder of ours may
    /// report more than the rater's own, e.g. larger subsets).
    fn knows(&self, _step: &Step) -> bool {
        true
    }
}

/// One applied step.
#[derive(Clone, Debug)]
pub(crate) struct PathStep {
    /// The step.
    pub step: Step,
}

/// A path in a scale's order.
#[derive(Clone, Debug, Default)]
pub(crate) struct Path {
    /// The applied steps in order.
    pub steps: Vec<PathStep>,
    /// Whether it ends with every cell filled.
    pub solved: bool,
}

/// The trial-and-error hits of positions already searched, shared by the
/// walks of one puzzle. Every other technique only removes candidates that stay
/// removable, so each walk reaches the same fixpoint before its first trial
/// round, applies the same hits there, and so on: the Sudoku Explainer and
/// HoDoKu walks search the same positions, and the second one finds them here
/// (trial and error is most of the time of a hard rating).
#[derive(Default)]
pub(crate) struct TrialCache {
    entries: Vec<([u16; 81], Vec<Step>)>,
}

impl TrialCache {
    fn key(pos: &Candidates) -> [u16; 81] {
        let mut key = [0u16; 81];
        for (k, cell) in key.iter_mut().zip(Cell::all()) {
            *k = match pos.get(cell) {
                Some(d) => 0x8000 | u16::from(d.get()),
                None => pos.candidates(cell).bits(),
            };
        }
        key
    }

    /// Appends the trial-and-error hits of `pos` to `out`.
    pub(crate) fn find(&mut self, pos: &Candidates, out: &mut Vec<Step>) {
        let key = Self::key(pos);
        if let Some((_, hits)) = self.entries.iter().find(|(k, _)| *k == key) {
            out.extend(hits.iter().cloned());
            return;
        }
        let start = out.len();
        Technique::TrialAndError
            .info()
            .find(pos, out, FindMode::All);
        self.entries.push((key, out[start..].to_vec()));
    }
}

/// At most this many steps (a guard; real paths have well under 1,000).
const MAX_STEPS: usize = 10_000;

/// The start of a walk: the puzzle with its candidates written, and the rows
/// the scale uses in the order of their floors — the table's rows by index,
/// `extra` rows (index `TABLE.len() + j`) among them by their given floor.
fn start(
    puzzle: &Grid,
    variant: Variant,
    scale: &dyn Order,
    extra: &[(f64, Finder)],
    unique: bool,
) -> Result<(Candidates, Vec<(f64, usize)>), LogicError> {
    let mut pos = Candidates::new(puzzle, variant)?;
    pos.write_candidates();
    pos.assume_unique(unique);
    let mut rows: Vec<(f64, usize)> = TABLE
        .iter()
        .enumerate()
        .filter(|(_, info)| info.phase.allows(true))
        .map(|(i, info)| (scale.floor(info.technique), i))
        // A scale leaves out the techniques its rater does not have.
        .filter(|(floor, _)| floor.is_finite())
        .chain(
            extra
                .iter()
                .enumerate()
                .map(|(j, e)| (e.0, TABLE.len() + j)),
        )
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    Ok((pos, rows))
}

/// Walks on from `pos` in rounds (see the module doc), appending the applied
/// steps to `path`. `first_only`: of each round's hits other than singles
/// only the first is recorded (all are applied) — HoDoKu's walk after its
/// first forcing chain, whose level is settled by then.
fn walk_rounds(
    pos: &mut Candidates,
    rows: &[(f64, usize)],
    scale: &dyn Order,
    cache: &mut TrialCache,
    path: &mut Path,
    first_only: bool,
) {
    let mut hits: Vec<Step> = Vec::new();
    let mut round: Vec<(f64, Step)> = Vec::new();
    // No contradiction check per round (half the time of an easy rating): a
    // broken position (only from a puzzle without solution) ends the walk when
    // a step cannot be applied or nothing is found, and every step changes the
    // position, so the walk ends anyway.
    // An interrupted walk ends unsolved (its caller drops it).
    while !pos.is_solved() && path.steps.len() < MAX_STEPS && !sudoku_core::interrupt::requested() {
        round.clear();
        let mut best = f64::INFINITY;
        for &(floor, i) in rows {
            if floor > best + 1e-9 {
                break;
            }
            hits.clear();
            if TABLE[i].technique == Technique::TrialAndError {
                cache.find(pos, &mut hits);
            } else {
                TABLE[i].find(pos, &mut hits, FindMode::All);
            }
            for step in hits.drain(..).filter(|s| scale.knows(s)) {
                let cost = scale.cost(&step, pos);
                if cost < best - 1e-9 {
                    best = cost;
                    round.clear();
                }
                if cost <= best + 1e-9 {
                    round.push((cost, step));
                }
            }
        }
        if round.is_empty() {
            break;
        }
        let mut placed = CellSet::EMPTY;
        let mut recorded = false;
        for (_, step) in round.drain(..) {
            if !step.placements.is_empty()
                && step.placements.iter().all(|p| placed.contains(p.cell))
            {
                continue;
            }
            for p in &step.placements {
                placed.insert(p.cell);
            }
            if pos.apply(&step).is_err() {
                return;
            }
            let single = step.technique.info().family == Family::Single;
            if !first_only || single || !recorded {
                recorded |= !single;
                path.steps.push(PathStep { step });
            }
        }
    }
}

/// Walks `puzzle` as HoDoKu does: one step at a time, always from the
/// cheapest row on. A single is the first one found; of any other row's hits
/// the one first in [`hodoku_order`] is applied, its chains searched at every
/// length ([`FindMode::AllLengths`]).
///
/// `extra` are rows the table lacks, each with its place among the table's
/// floors (HoDoKu's locked pairs and triples).
pub(crate) fn walk_one_by_one(
    puzzle: &Grid,
    variant: Variant,
    scale: &dyn Order,
    extra: &[(f64, Finder)],
    cache: &mut TrialCache,
    unique: bool,
) -> Result<Path, LogicError> {
    let (mut pos, rows) = start(puzzle, variant, scale, extra, unique)?;
    let mut path = Path::default();
    let mut hits: Vec<Step> = Vec::new();
    // An interrupted walk ends unsolved (its caller drops it).
    while !pos.is_solved() && path.steps.len() < MAX_STEPS && !sudoku_core::interrupt::requested() {
        let mut chosen = None;
        for &(_, i) in &rows {
            hits.clear();
            match TABLE.get(i) {
                None => (extra[i - TABLE.len()].1)(&pos, &mut hits, FindMode::All),
                Some(info) if info.technique == Technique::TrialAndError => {
                    cache.find(&pos, &mut hits)
                }
                Some(info) if info.family == Family::Single => {
                    info.find(&pos, &mut hits, FindMode::First)
                }
                Some(info) => info.find(&pos, &mut hits, FindMode::AllLengths),
            }
            if let Some(step) = hits
                .drain(..)
                .filter(|s| scale.knows(s))
                .min_by_key(|s| hodoku_order(s, &pos))
            {
                chosen = Some(step);
                break;
            }
        }
        let Some(step) = chosen else { break };
        let trial = step.technique == Technique::TrialAndError;
        // A broken position (only from a puzzle without solution) ends the walk.
        let broken = pos.apply(&step).is_err();
        path.steps.push(PathStep { step });
        if broken {
            break;
        }
        if trial {
            // HoDoKu needed a forcing chain: the level is Extreme whatever
            // follows, and walking the rest one step at a time (every finder
            // again after each step) was a third of the time of rating hard
            // puzzles. The rest goes in rounds, one non-single step counted
            // per round.
            let table_rows: Vec<(f64, usize)> = rows
                .iter()
                .copied()
                .filter(|&(_, i)| i < TABLE.len())
                .collect();
            walk_rounds(&mut pos, &table_rows, scale, cache, &mut path, true);
            break;
        }
    }
    path.solved = pos.is_solved();
    Ok(path)
}

/// HoDoKu's order of the steps of one technique (its steps' natural order):
/// the most deleted candidates first, then the lower sum of `10 × cell + digit`
/// over them, then the shorter chain. A placement deletes the cell's other
/// candidates, as HoDoKu writes a chain that sets a digit.
pub(crate) fn hodoku_order(s: &Step, pos: &Candidates) -> (i64, i64, usize) {
    let key = |cell: Cell, digit: Digit| 10 * cell.index() as i64 + i64::from(digit.get());
    let mut deleted = s.eliminations.len() as i64;
    let mut sum: i64 = s.eliminations.iter().map(|e| key(e.cell, e.digit)).sum();
    for p in &s.placements {
        for d in pos.candidates(p.cell).iter().filter(|&d| d != p.digit) {
            deleted += 1;
            sum += key(p.cell, d);
        }
    }
    (-deleted, sum, s.links.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_logic::Elimination;

    fn elims(list: &[(usize, u8)]) -> Step {
        let mut s = Step::new(Technique::XyChain, 7.0);
        for &(c, d) in list {
            s.eliminations.push(Elimination {
                cell: Cell::new(c).expect("cell"),
                digit: Digit::new(d).expect("digit"),
            });
        }
        s
    }

    #[test]
    fn hodoku_order_takes_most_deletions_then_lowest_index_sum() {
        let pos = Candidates::new(&Grid::EMPTY, Variant::Standard).expect("empty grid");
        let one = elims(&[(3, 1)]);
        let two_late = elims(&[(70, 5), (80, 5)]);
        let two_early = elims(&[(10, 5), (20, 5)]);
        let mut hits = [&one, &two_late, &two_early];
        hits.sort_by_key(|s| hodoku_order(s, &pos));
        assert_eq!(hits, [&two_early, &two_late, &one]);
    }
}
