//! Removing givens from a unique puzzle while it stays unique: the engine of the
//! generator and of the reduction analysis.
//!
//! A [`Reducer`] holds one solution grid and its small unavoidable sets. It tries
//! to remove orbits of cells (single cells without symmetry) in a given order and
//! keeps a removal when the puzzle is still acceptable — unique by the exact
//! solver, or solvable by singles for the easy levels. Before the exact solver
//! runs, two cheap tests decide most removals: a removal that empties an
//! unavoidable set is hopeless, and a removal whose cells are all naked singles
//! of what remains cannot break uniqueness.

use crate::singles::{self, Singles};
use crate::unavoidable::unavoidable_sets;
use sudoku_core::{Cell, CellSet, Grid, Variant};

/// Unavoidable sets up to this size are computed for every solution grid (the
/// line swaps add the 6-cell three-digit sets; larger two-digit sets are free).
const SET_SIZE: usize = 8;

/// What a reduced puzzle must stay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// Exactly one solution (the exact solver decides).
    Unique,
    /// Solvable by these singles (which implies unique).
    Singles(Singles),
}

/// How often each test decided a removal (for the benchmark and `--verbose`
/// reports).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReduceStats {
    /// Removals skipped because they would empty an unavoidable set.
    pub unavoidable_skips: u64,
    /// Removals kept because every removed cell was a naked single.
    pub single_keeps: u64,
    /// Removals decided by the exact solver or the singles solver.
    pub solver_calls: u64,
}

impl std::ops::AddAssign for ReduceStats {
    fn add_assign(&mut self, o: ReduceStats) {
        self.unavoidable_skips += o.unavoidable_skips;
        self.single_keeps += o.single_keeps;
        self.solver_calls += o.solver_calls;
    }
}

/// Reduces puzzles of one solution grid.
pub struct Reducer {
    variant: Variant,
    solution: Grid,
    sets: Vec<CellSet>,
}

impl Reducer {
    /// A reducer for `solution` (a full valid grid of `variant`), with its
    /// unavoidable sets.
    pub fn new(solution: Grid, variant: Variant) -> Reducer {
        let sets = unavoidable_sets(&solution, variant, SET_SIZE)
            .into_iter()
            .map(|s| s.cells)
            .collect();
        Reducer {
            variant,
            solution,
            sets,
        }
    }

    /// The solution grid.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// The puzzle that gives the cells of `givens`.
    pub fn puzzle(&self, givens: CellSet) -> Grid {
        let mut values = [0u8; 81];
        for c in givens.iter() {
            values[c.index()] = self.solution.values()[c.index()];
        }
        Grid::from_values(values).unwrap_or(Grid::EMPTY)
    }

    /// Whether the puzzle giving `givens` has exactly one solution.
    pub fn is_unique(&self, givens: CellSet, stats: &mut ReduceStats) -> bool {
        if self.sets.iter().any(|&u| (u & givens).is_empty()) {
            stats.unavoidable_skips += 1;
            return false;
        }
        stats.solver_calls += 1;
        sudoku_solve::count(&self.puzzle(givens), self.variant, Some(2)) == 1
    }

    /// Whether removing `orbit` from `givens` (a puzzle that satisfies `keep`)
    /// keeps it satisfying `keep`.
    pub(crate) fn can_remove(
        &self,
        givens: CellSet,
        orbit: CellSet,
        keep: Keep,
        stats: &mut ReduceStats,
    ) -> bool {
        let rest = givens - orbit;
        match keep {
            Keep::Unique => {
                if self.sets.iter().any(|&u| (u & rest).is_empty()) {
                    stats.unavoidable_skips += 1;
                    return false;
                }
                if self.all_naked_singles(rest, orbit) {
                    stats.single_keeps += 1;
                    return true;
                }
                stats.solver_calls += 1;
                sudoku_solve::count(&self.puzzle(rest), self.variant, Some(2)) == 1
            }
            Keep::Singles(kind) => {
                if self.all_naked_singles(rest, orbit) {
                    stats.single_keeps += 1;
                    return true;
                }
                stats.solver_calls += 1;
                singles::solves(self.puzzle(rest).values(), self.variant, kind)
            }
        }
    }

    /// Whether every cell of `removed` sees the eight other digits among the
    /// givens `rest`, so it is forced at once and the puzzle is the same.
    fn all_naked_singles(&self, rest: CellSet, removed: CellSet) -> bool {
        let values = self.solution.values();
        removed.iter().all(|cell| {
            let seen = (self.variant.peers(cell) & rest)
                .iter()
                .fold(0u16, |m, c| m | 1 << values[c.index()]);
            seen.count_ones() == 8
        })
    }

    /// Removes orbits of `orbits` (in that order) from `givens` wherever the
    /// puzzle stays as `keep` demands and at least `floor` givens remain.
    pub(crate) fn reduce(
        &self,
        mut givens: CellSet,
        orbits: &[CellSet],
        floor: usize,
        keep: Keep,
        stats: &mut ReduceStats,
    ) -> CellSet {
        for &orbit in orbits {
            if !orbit.is_subset(givens) || givens.len() < floor + orbit.len() {
                continue;
            }
            if self.can_remove(givens, orbit, keep, stats) {
                givens -= orbit;
                if givens.len() == floor {
                    break;
                }
            }
        }
        givens
    }

    /// Lowers the clue count of the unique puzzle `givens` towards `target` by
    /// "remove two, add one" moves: drop two orbits (the puzzle gets several
    /// solutions), find a second solution, and add back one orbit from the
    /// cells where it differs from ours, if that makes the puzzle unique again;
    /// then reduce as far as the floor `target` allows. Random search reaches
    /// 21 or 22 clues in a few tries; this walk goes lower from there. Gives up
    /// after `tries` moves that did not help.
    pub(crate) fn lower(
        &self,
        mut givens: CellSet,
        orbits: &[CellSet],
        target: usize,
        tries: usize,
        rng: &mut crate::Rng,
        stats: &mut ReduceStats,
    ) -> CellSet {
        use rand::RngExt;
        use rand::seq::SliceRandom;
        let mut failures = 0;
        while givens.len() > target && failures < tries {
            let present: Vec<CellSet> = orbits
                .iter()
                .copied()
                .filter(|o| o.is_subset(givens))
                .collect();
            if present.len() < 2 {
                break;
            }
            let i = rng.random_range(0..present.len());
            let mut j = rng.random_range(0..present.len() - 1);
            if j >= i {
                j += 1;
            }
            let dropped = givens - present[i] - present[j];
            stats.solver_calls += 1;
            let puzzle = self.puzzle(dropped);
            // The fast solver's first solution is usually not ours; enumerate
            // only when it is.
            let other = match sudoku_solve::uniqueness(&puzzle, self.variant) {
                sudoku_solve::Uniqueness::Multiple(s) if s != self.solution => Some(s),
                sudoku_solve::Uniqueness::Multiple(_) => {
                    sudoku_solve::Solutions::new(&puzzle, self.variant)
                        .take(2)
                        .find(|s| s != &self.solution)
                }
                _ => None,
            };
            let Some(other) = other else {
                failures += 1;
                continue;
            };
            let diff: CellSet = Cell::all()
                .filter(|&c| other.get(c) != self.solution.get(c))
                .collect();
            let mut adds: Vec<CellSet> = orbits
                .iter()
                .copied()
                .filter(|&o| (o & diff) != CellSet::EMPTY && (o & dropped).is_empty())
                .filter(|&o| o != present[i] && o != present[j])
                .filter(|o| dropped.len() + o.len() < givens.len())
                .collect();
            adds.shuffle(rng);
            let found = adds
                .into_iter()
                .find(|&o| self.is_unique(dropped | o, stats));
            match found {
                Some(o) => {
                    let mut order: Vec<CellSet> = orbits
                        .iter()
                        .copied()
                        .filter(|&x| x.is_subset(dropped | o))
                        .collect();
                    order.shuffle(rng);
                    givens = self.reduce(dropped | o, &order, target, Keep::Unique, stats);
                    failures = 0;
                }
                None => failures += 1,
            }
        }
        givens
    }

    /// The givens of `givens` whose removal alone makes the puzzle non-unique.
    pub fn necessary(&self, givens: CellSet, stats: &mut ReduceStats) -> CellSet {
        givens
            .iter()
            .filter(|&c| !self.can_remove(givens, CellSet::single(c), Keep::Unique, stats))
            .collect()
    }
}

/// Whether every given of `puzzle` is necessary: removing any one of them makes
/// the puzzle non-unique. False for a puzzle that is not unique.
pub fn is_minimal(puzzle: &Grid, variant: Variant) -> bool {
    let Some(solution) = unique_solution(puzzle, variant) else {
        return false;
    };
    let reducer = Reducer::new(solution, variant);
    let givens = givens_of(puzzle);
    let mut stats = ReduceStats::default();
    reducer.necessary(givens, &mut stats) == givens
}

/// The cells of `puzzle` that hold a digit.
pub fn givens_of(puzzle: &Grid) -> CellSet {
    Cell::all().filter(|&c| puzzle.get(c).is_some()).collect()
}

/// The only solution of `puzzle`, if it has exactly one.
pub(crate) fn unique_solution(puzzle: &Grid, variant: Variant) -> Option<Grid> {
    match sudoku_solve::uniqueness(puzzle, variant) {
        sudoku_solve::Uniqueness::Unique(s) => Some(s),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rng, Symmetry, random_solution};
    use rand::SeedableRng;
    use rand::seq::SliceRandom;

    #[test]
    fn full_reduction_gives_minimal_unique_puzzles() {
        let mut rng = Rng::seed_from_u64(2);
        for v in Variant::ALL {
            let solution = random_solution(v, &mut rng);
            let r = Reducer::new(solution, v);
            let mut order = Symmetry::None.orbits();
            order.shuffle(&mut rng);
            let mut stats = ReduceStats::default();
            let givens = r.reduce(CellSet::ALL, &order, 0, Keep::Unique, &mut stats);
            let p = r.puzzle(givens);
            assert_eq!(sudoku_solve::count(&p, v, Some(2)), 1, "{v}");
            assert!(is_minimal(&p, v), "{v}");
            assert!(stats.unavoidable_skips > 0 && stats.solver_calls > 0);
        }
    }

    #[test]
    fn singles_reduction_stays_solvable_by_singles() {
        let mut rng = Rng::seed_from_u64(4);
        let v = Variant::Standard;
        let r = Reducer::new(random_solution(v, &mut rng), v);
        let mut order = Symmetry::None.orbits();
        order.shuffle(&mut rng);
        let mut stats = ReduceStats::default();
        let keep = Keep::Singles(Singles::Hidden);
        let givens = r.reduce(CellSet::ALL, &order, 0, keep, &mut stats);
        assert!(singles::solves(
            r.puzzle(givens).values(),
            v,
            Singles::Hidden
        ));
        assert!(givens.len() < 40);
    }

    #[test]
    fn lowering_keeps_puzzles_unique_and_reaches_lower_counts() {
        let mut rng = Rng::seed_from_u64(12);
        let v = Variant::Standard;
        let r = Reducer::new(random_solution(v, &mut rng), v);
        let orbits = Symmetry::None.orbits();
        let mut order = orbits.clone();
        order.shuffle(&mut rng);
        let mut stats = ReduceStats::default();
        let start = r.reduce(CellSet::ALL, &order, 0, Keep::Unique, &mut stats);
        let target = start.len() - 2;
        let low = r.lower(start, &orbits, target, 500, &mut rng, &mut stats);
        assert_eq!(low.len(), target);
        assert_eq!(sudoku_solve::count(&r.puzzle(low), v, Some(2)), 1);
    }

    #[test]
    fn floor_is_respected_and_symmetry_kept() {
        let mut rng = Rng::seed_from_u64(8);
        let v = Variant::Standard;
        let r = Reducer::new(random_solution(v, &mut rng), v);
        let mut order = Symmetry::Rot180.orbits();
        order.shuffle(&mut rng);
        let mut stats = ReduceStats::default();
        let givens = r.reduce(CellSet::ALL, &order, 35, Keep::Unique, &mut stats);
        assert!(givens.len() >= 35 && givens.len() <= 36);
        assert!(Symmetry::Rot180.holds_for(givens));
    }
}
