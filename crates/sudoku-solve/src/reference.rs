//! A deliberately naive backtracking solver, used only as the test oracle.
//!
//! It recomputes candidates from the grid at every node and tries digits in
//! ascending order in the first empty cell with fewest candidates. It is short
//! enough to be checked by reading, which is the whole point: the fast solver is
//! trusted because it agrees with this one.

use sudoku_core::{Cell, Grid, Variant};

/// Counts solutions of `puzzle` as `variant`, stopping at `limit` when given.
/// A puzzle whose givens already clash has no solutions.
pub fn count(puzzle: &Grid, variant: Variant, limit: Option<u64>) -> u64 {
    if puzzle.check(variant).is_err() {
        return 0;
    }
    let mut g = *puzzle;
    let mut n = 0;
    let mut first = None;
    search(
        &mut g,
        variant,
        limit.unwrap_or(u64::MAX),
        &mut n,
        &mut first,
    );
    n
}

/// The first solution in the naive search order, if any.
pub fn solve(puzzle: &Grid, variant: Variant) -> Option<Grid> {
    if puzzle.check(variant).is_err() {
        return None;
    }
    let mut g = *puzzle;
    let mut n = 0;
    let mut first = None;
    search(&mut g, variant, 1, &mut n, &mut first);
    first
}

fn search(g: &mut Grid, variant: Variant, limit: u64, n: &mut u64, first: &mut Option<Grid>) {
    if *n >= limit {
        return;
    }
    let mut best: Option<(Cell, sudoku_core::DigitSet)> = None;
    for cell in Cell::all() {
        if g.get(cell).is_some() {
            continue;
        }
        let cands = g.candidates(variant, cell);
        if best.is_none_or(|(_, b)| cands.len() < b.len()) {
            best = Some((cell, cands));
        }
    }
    let Some((cell, cands)) = best else {
        *n += 1;
        if first.is_none() {
            *first = Some(*g);
        }
        return;
    };
    for d in cands.iter() {
        g.set(cell, Some(d));
        search(g, variant, limit, n, first);
        if *n >= limit {
            break;
        }
    }
    g.set(cell, None);
}
