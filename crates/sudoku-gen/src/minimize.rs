//! The reduction analysis of the diagonal-solver seed ("notwendige
//! Ausgangszahlen"): which givens of a puzzle are necessary, and how far random
//! removal orders can reduce it.
//!
//! Removing a given from a unique puzzle either keeps it unique or not, and
//! once a removal breaks uniqueness it stays broken for every smaller puzzle,
//! so one pass over the givens in some order reaches a minimal puzzle. Different
//! orders reach different minimal puzzles; [`reduction_paths`] samples them.

use crate::Rng;
use crate::reduce::{Keep, ReduceStats, Reducer, givens_of, unique_solution};
use crate::request::GenError;
use rand::seq::SliceRandom;
use std::collections::BTreeMap;
use sudoku_core::{CellSet, Grid, Variant};

/// The result of reducing one puzzle along one order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The minimal puzzle reached.
    pub puzzle: Grid,
    /// Its number of givens (all necessary).
    pub clues: usize,
}

fn reducer_for(puzzle: &Grid, variant: Variant) -> Result<Reducer, GenError> {
    if let Err(c) = puzzle.check(variant) {
        return Err(GenError::NotUnique(format!("invalid puzzle: {c}")));
    }
    match sudoku_solve::count(puzzle, variant, Some(2)) {
        0 => Err(GenError::NotUnique("the puzzle has no solution".into())),
        1 => unique_solution(puzzle, variant)
            .map(|s| Reducer::new(s, variant))
            .ok_or_else(|| GenError::NotUnique("the puzzle has no solution".into())),
        _ => Err(GenError::NotUnique(
            "the puzzle has more than one solution; only unique puzzles can be reduced".into(),
        )),
    }
}

/// The givens of `puzzle` that are necessary: removing any one of them alone
/// makes the puzzle non-unique. An error when the puzzle is not unique.
pub fn necessary_givens(puzzle: &Grid, variant: Variant) -> Result<CellSet, GenError> {
    let reducer = reducer_for(puzzle, variant)?;
    Ok(reducer.necessary(givens_of(puzzle), &mut ReduceStats::default()))
}

/// Reduces `puzzle` to a minimal puzzle, trying its givens in an order drawn
/// from `rng`.
///
/// ```
/// use rand::SeedableRng;
/// use sudoku_core::{Grid, Variant};
/// let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let mut rng = sudoku_gen::Rng::seed_from_u64(1);
/// let r = sudoku_gen::minimize(&p, Variant::Standard, &mut rng).unwrap();
/// assert!(r.clues < 32);
/// assert!(sudoku_gen::is_minimal(&r.puzzle, Variant::Standard));
/// ```
pub fn minimize(puzzle: &Grid, variant: Variant, rng: &mut Rng) -> Result<Reduction, GenError> {
    let reducer = reducer_for(puzzle, variant)?;
    Ok(one_path(&reducer, givens_of(puzzle), rng))
}

fn one_path(reducer: &Reducer, givens: CellSet, rng: &mut Rng) -> Reduction {
    let mut order: Vec<CellSet> = givens.iter().map(CellSet::single).collect();
    order.shuffle(rng);
    let mut stats = ReduceStats::default();
    let kept = reducer.reduce(givens, &order, 0, Keep::Unique, &mut stats);
    Reduction {
        puzzle: reducer.puzzle(kept),
        clues: kept.len(),
    }
}

/// Reduces `puzzle` along `paths` random orders and returns how many orders
/// ended at each clue count, with one minimal puzzle of the smallest count.
pub fn reduction_paths(
    puzzle: &Grid,
    variant: Variant,
    paths: usize,
    rng: &mut Rng,
) -> Result<(BTreeMap<usize, usize>, Option<Reduction>), GenError> {
    let reducer = reducer_for(puzzle, variant)?;
    let givens = givens_of(puzzle);
    let mut histogram = BTreeMap::new();
    let mut best: Option<Reduction> = None;
    for _ in 0..paths {
        let r = one_path(&reducer, givens, rng);
        *histogram.entry(r.clues).or_insert(0) += 1;
        if best.as_ref().is_none_or(|b| r.clues < b.clues) {
            best = Some(r);
        }
    }
    Ok((histogram, best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::is_minimal;
    use rand::SeedableRng;

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    #[test]
    fn reductions_are_minimal_subsets_with_the_same_solution() {
        let p: Grid = EASY.parse().expect("test puzzle");
        let solution = sudoku_solve::solve(&p, Variant::Standard).expect("solvable");
        let mut rng = Rng::seed_from_u64(5);
        let (hist, best) = reduction_paths(&p, Variant::Standard, 20, &mut rng).expect("unique");
        assert_eq!(hist.values().sum::<usize>(), 20);
        let best = best.expect("some path");
        assert!(is_minimal(&best.puzzle, Variant::Standard));
        assert!(givens_of(&best.puzzle).is_subset(givens_of(&p)));
        assert!(solution.is_solution_of(&best.puzzle, Variant::Standard));
        assert_eq!(*hist.keys().next().expect("some count"), best.clues);
    }

    #[test]
    fn necessary_givens_of_a_minimal_puzzle_are_all() {
        let p: Grid = EASY.parse().expect("test puzzle");
        let r = minimize(&p, Variant::Standard, &mut Rng::seed_from_u64(1)).expect("unique");
        let all = givens_of(&r.puzzle);
        assert_eq!(necessary_givens(&r.puzzle, Variant::Standard), Ok(all));
        // The original puzzle has spare givens.
        let n = necessary_givens(&p, Variant::Standard).expect("unique");
        assert!(n.len() < givens_of(&p).len());
    }

    #[test]
    fn non_unique_puzzles_are_refused() {
        let mut rng = Rng::seed_from_u64(1);
        assert!(minimize(&Grid::EMPTY, Variant::Standard, &mut rng).is_err());
        assert!(necessary_givens(&Grid::EMPTY, Variant::Diagonal).is_err());
    }
}
