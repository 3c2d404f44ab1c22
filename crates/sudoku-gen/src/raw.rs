//! Unchecked puzzles by the naive methods of the 2018 student project
//! (seed 003's "Tests 1–5"): clues taken out of a solution grid or dropped
//! into an empty one at random, with no uniqueness check at all.
//!
//! The real generator ([`crate::Generator`]) never returns such a puzzle; these
//! methods exist so the project's experiments can be repeated — how often a
//! method gives a puzzle with no, one or several solutions at each clue count —
//! by piping `sudoku gen --raw METHOD` into `sudoku count --limit 2`. Each
//! method follows the project's description of its intent (where its printed
//! code deviates, the difference is named at the variant).

use crate::{Rng, random_solution, unavoidable_sets};
use rand::RngExt;
use rand::seq::SliceRandom;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, Variant};

/// How a raw puzzle is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RawMethod {
    /// Test 1: a random solution grid, then random cells emptied until the
    /// clue count is reached (never a puzzle without a solution).
    Remove,
    /// Test 2: random digits in random empty cells of an empty grid, no rule
    /// at all (clues may clash).
    Add,
    /// Test 3: as [`RawMethod::Add`], but the first eight clues carry eight
    /// different digits (a unique puzzle needs at least eight of the nine).
    AddDistinct,
    /// Test 4: as [`RawMethod::AddDistinct`], and every clue must be a digit
    /// none of its peers holds (cells in random order); when the next cell has
    /// no such digit left, the attempt starts over from an empty grid.
    AddConsistent,
    /// Test 5: as [`RawMethod::Remove`], but a cell is kept when it is the
    /// last clue left of one of the grid's unavoidable rectangles (4-cell
    /// unavoidable sets); when no cell can go, the order is shuffled anew (25
    /// times), then a new grid is drawn. (The project's printed code never
    /// applied the rule: it looked for one-cell sets in a list that always
    /// held four-cell ones.)
    RemoveUnavoidable,
}

impl RawMethod {
    /// Every method, in the order of the project's tests.
    pub const ALL: [RawMethod; 5] = [
        RawMethod::Remove,
        RawMethod::Add,
        RawMethod::AddDistinct,
        RawMethod::AddConsistent,
        RawMethod::RemoveUnavoidable,
    ];

    /// The method's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RawMethod::Remove => "remove",
            RawMethod::Add => "add",
            RawMethod::AddDistinct => "add-distinct",
            RawMethod::AddConsistent => "add-consistent",
            RawMethod::RemoveUnavoidable => "remove-unavoidable",
        }
    }
}

/// Shuffles of one grid's cells before [`RawMethod::RemoveUnavoidable`] draws a
/// new grid (the project's figure).
const RESHUFFLES: usize = 25;

/// A puzzle made by `method` for `variant`, drawn from `rng`, with a number of
/// givens drawn uniformly from the inclusive range `clues` (capped at 81); `None` when `stop` returned true first (asked before every
/// new attempt, so only [`RawMethod::AddConsistent`] at high counts and
/// [`RawMethod::RemoveUnavoidable`] at very low ones ever need it).
///
/// ```
/// use rand::SeedableRng;
/// use sudoku_core::Variant;
/// use sudoku_gen::{RawMethod, raw_puzzle};
/// let mut rng = sudoku_gen::Rng::seed_from_u64(3);
/// let p = raw_puzzle(RawMethod::Remove, Variant::Standard, (30, 30), &mut rng, &|| false).unwrap();
/// assert_eq!(p.filled(), 30);
/// ```
pub fn raw_puzzle(
    method: RawMethod,
    variant: Variant,
    clues: (usize, usize),
    rng: &mut Rng,
    stop: &dyn Fn() -> bool,
) -> Option<Grid> {
    let (lo, hi) = (clues.0.min(81), clues.1.min(81));
    let clues = rng.random_range(lo.min(hi)..=hi);
    match method {
        RawMethod::Remove => Some(remove(&random_solution(variant, rng), clues, rng)),
        RawMethod::Add => Some(add(clues, Rule::None, rng)),
        RawMethod::AddDistinct => Some(add(clues, Rule::Distinct, rng)),
        RawMethod::AddConsistent => loop {
            if stop() {
                return None;
            }
            if let Some(p) = add_consistent(variant, clues, rng) {
                return Some(p);
            }
        },
        RawMethod::RemoveUnavoidable => loop {
            if stop() {
                return None;
            }
            let grid = random_solution(variant, rng);
            if let Some(p) = remove_unavoidable(&grid, variant, clues, rng) {
                return Some(p);
            }
        },
    }
}

/// `grid` with all but `clues` cells (chosen at random) emptied.
fn remove(grid: &Grid, clues: usize, rng: &mut Rng) -> Grid {
    let mut cells: Vec<Cell> = Cell::all().collect();
    cells.shuffle(rng);
    let mut puzzle = *grid;
    for &c in &cells[..81 - clues] {
        puzzle.set(c, None);
    }
    puzzle
}

/// What [`add`] asks of a new clue.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    None,
    Distinct,
}

/// `clues` random digits in random empty cells; with [`Rule::Distinct`] the
/// first eight are eight different digits.
fn add(clues: usize, rule: Rule, rng: &mut Rng) -> Grid {
    let mut cells: Vec<Cell> = Cell::all().collect();
    cells.shuffle(rng);
    let mut puzzle = Grid::EMPTY;
    let mut used = DigitSet::EMPTY;
    for (i, &c) in cells[..clues].iter().enumerate() {
        let allowed = if rule == Rule::Distinct && i < 8 {
            used.complement()
        } else {
            DigitSet::ALL
        };
        let d = pick(allowed, rng);
        used.insert(d);
        puzzle.set(c, Some(d));
    }
    puzzle
}

/// One attempt of [`RawMethod::AddConsistent`]: `None` when a cell in the
/// random order has no digit left that its peers do not hold.
fn add_consistent(variant: Variant, clues: usize, rng: &mut Rng) -> Option<Grid> {
    let mut cells: Vec<Cell> = Cell::all().collect();
    cells.shuffle(rng);
    let mut puzzle = Grid::EMPTY;
    let mut used = DigitSet::EMPTY;
    for (i, &c) in cells[..clues].iter().enumerate() {
        let free = puzzle.candidates(variant, c);
        if free.is_empty() {
            return None;
        }
        // The first eight clues differ where the cell allows it.
        let fresh = free & used.complement();
        let allowed = if i < 8 && !fresh.is_empty() {
            fresh
        } else {
            free
        };
        let d = pick(allowed, rng);
        used.insert(d);
        puzzle.set(c, Some(d));
    }
    Some(puzzle)
}

/// One grid's tries of [`RawMethod::RemoveUnavoidable`]: `None` when every
/// shuffle got stuck above `clues`.
fn remove_unavoidable(grid: &Grid, variant: Variant, clues: usize, rng: &mut Rng) -> Option<Grid> {
    let rectangles: Vec<CellSet> = unavoidable_sets(grid, variant, 4)
        .into_iter()
        .map(|s| s.cells)
        .collect();
    for _ in 0..RESHUFFLES {
        let mut order: Vec<Cell> = Cell::all().collect();
        order.shuffle(rng);
        let mut puzzle = *grid;
        let mut given = CellSet::EMPTY.complement();
        let mut left = 81;
        // One pass: a cell is kept for good once emptying it would empty a
        // rectangle, since clues only disappear.
        for &c in &order {
            if left == clues {
                break;
            }
            let last_of_a_set = rectangles
                .iter()
                .any(|&r| r.contains(c) && (r & given).len() == 1);
            if !last_of_a_set {
                puzzle.set(c, None);
                given.remove(c);
                left -= 1;
            }
        }
        if left == clues {
            return Some(puzzle);
        }
    }
    None
}

/// A digit of the non-empty set `allowed`, uniformly.
fn pick(allowed: DigitSet, rng: &mut Rng) -> Digit {
    let n = allowed.len().max(1);
    let k = rng.random_range(0..n);
    allowed.iter().nth(k).unwrap_or(Digit::ALL[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn conflict_free(p: &Grid, v: Variant) -> bool {
        p.check(v).is_ok()
    }

    #[test]
    fn every_method_gives_the_clue_count() {
        let mut rng = Rng::seed_from_u64(9);
        for v in Variant::ALL {
            for m in RawMethod::ALL {
                for clues in [0, 17, 30, 50, 81] {
                    // Consistent filling to 81 would be a random full grid by
                    // luck: far too rare to wait for.
                    if m == RawMethod::AddConsistent && clues > 60 {
                        continue;
                    }
                    let p = raw_puzzle(m, v, (clues, clues), &mut rng, &|| false).expect("no stop");
                    assert_eq!(p.filled(), clues, "{} {v} {clues}", m.name());
                }
            }
        }
    }

    #[test]
    fn removal_keeps_a_solution_and_adding_by_rule_keeps_the_peace() {
        let mut rng = Rng::seed_from_u64(4);
        for _ in 0..50 {
            let p = raw_puzzle(
                RawMethod::Remove,
                Variant::Diagonal,
                (25, 25),
                &mut rng,
                &|| false,
            );
            let p = p.expect("no stop");
            assert_eq!(sudoku_solve::count(&p, Variant::Diagonal, Some(1)), 1);
            let p = raw_puzzle(
                RawMethod::AddConsistent,
                Variant::Color,
                (30, 30),
                &mut rng,
                &|| false,
            );
            assert!(conflict_free(&p.expect("no stop"), Variant::Color));
        }
    }

    #[test]
    fn first_eight_added_digits_differ() {
        let mut rng = Rng::seed_from_u64(5);
        for _ in 0..100 {
            let p = raw_puzzle(
                RawMethod::AddDistinct,
                Variant::Standard,
                (8, 8),
                &mut rng,
                &|| false,
            )
            .expect("no stop");
            let digits: DigitSet = Cell::all().filter_map(|c| p.get(c)).collect();
            assert_eq!(digits.len(), 8);
        }
    }

    #[test]
    fn removal_by_rectangles_leaves_a_clue_in_each() {
        let mut rng = Rng::seed_from_u64(6);
        for _ in 0..30 {
            let grid = random_solution(Variant::Standard, &mut rng);
            let Some(p) = remove_unavoidable(&grid, Variant::Standard, 22, &mut rng) else {
                continue;
            };
            for s in unavoidable_sets(&grid, Variant::Standard, 4) {
                assert!(s.cells.iter().any(|c| p.get(c).is_some()));
            }
        }
    }

    #[test]
    fn a_stop_is_obeyed() {
        let mut rng = Rng::seed_from_u64(7);
        let p = raw_puzzle(
            RawMethod::AddConsistent,
            Variant::Standard,
            (81, 81),
            &mut rng,
            &|| true,
        );
        assert!(p.is_none());
    }
}
