//! The low-clue walk: reaching clue counts that random reduction of one grid
//! almost never gives (standard 18 and 19, diagonal 12 and 13, colour 11).
//!
//! Random reduction keeps one solution grid, and only a tiny share of grids
//! have a puzzle with so few clues at all. The walk moves between grids
//! instead: it keeps a unique puzzle and changes its givens, and with them its
//! solution.
//!
//! * **{-1}**: a given whose removal keeps the puzzle unique goes.
//! * **{-2+1}**: two givens go; the puzzle then has many solutions. Every
//!   solution is enumerated (up to a cap), and a digit that only one of them
//!   has in an empty cell makes that solution the only one: adding it gives a
//!   unique puzzle with one clue fewer, whose solution is usually a new grid.
//! * **{-1+1}**: when no pair helps, one given goes and a clue that only one
//!   of the new solutions has is added: a sideways move to another puzzle with
//!   the same number of clues (and usually another grid), from which the next
//!   {-2+1} is tried. A short tabu list keeps the walk from undoing its last
//!   moves.
//!
//! Counting the solutions of the under-determined puzzle once decides all its
//! one-clue extensions at the same time, so a move costs one enumeration
//! rather than one uniqueness check per candidate clue. When the enumeration
//! hits its cap, a candidate is checked by the exact solver before it is used.
//! The walk gives up after a number of sideways moves without progress, and
//! the caller starts again from a fresh puzzle.

use crate::Rng;
use crate::enumerate::Enumerator;
use rand::seq::SliceRandom;
use sudoku_core::{Cell, Grid, Variant};

/// Work done by walks (summed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkStats {
    /// Walks started.
    pub walks: u64,
    /// Moves that lowered the clue count ({-1} or {-2+1}).
    pub down: u64,
    /// Sideways {-1+1} moves.
    pub sideways: u64,
    /// Under-determined puzzles whose solutions were enumerated.
    pub enumerations: u64,
    /// Solutions enumerated in all.
    pub solutions: u64,
    /// The fewest clues a walk reached (0 before any walk).
    pub lowest: usize,
}

impl std::ops::AddAssign for WalkStats {
    fn add_assign(&mut self, o: WalkStats) {
        self.walks += o.walks;
        self.down += o.down;
        self.sideways += o.sideways;
        self.enumerations += o.enumerations;
        self.solutions += o.solutions;
        self.lowest = match (self.lowest, o.lowest) {
            (0, l) | (l, 0) => l,
            (a, b) => a.min(b),
        };
    }
}

/// How hard a walk tries.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WalkLimits {
    /// Solutions enumerated for a {-2+1} move at most: a pair whose removal
    /// leaves more solutions is passed over (there are better pairs).
    pub pair_cap: usize,
    /// Solutions enumerated for a sideways move at most; beyond, candidates
    /// are checked by the exact solver.
    pub cap: usize,
    /// Pairs tried for a {-2+1} move before a sideways move.
    pub pairs: usize,
    /// Sideways moves in a row without a lower count before the walk gives up.
    pub plateau: usize,
    /// Moves a touched cell stays untouchable.
    pub tabu: usize,
}

impl WalkLimits {
    /// The limits measured best for `variant`.
    pub(crate) fn for_variant(variant: Variant) -> WalkLimits {
        match variant {
            Variant::Standard => WalkLimits {
                pair_cap: 300,
                cap: 4000,
                pairs: 400,
                plateau: 200,
                tabu: 6,
            },
            _ => WalkLimits {
                pair_cap: 60,
                cap: 300,
                pairs: 400,
                plateau: 100,
                tabu: 4,
            },
        }
    }
}

/// One extension of an under-determined puzzle that makes it unique.
struct Extension {
    cell: Cell,
    digit: u8,
    solution: [u8; 81],
}

/// A unique puzzle being walked.
struct State {
    values: [u8; 81],
    solution: [u8; 81],
    clues: usize,
}

fn grid(values: &[u8; 81]) -> Grid {
    Grid::from_values(*values).unwrap_or(Grid::EMPTY)
}

/// Walks the unique puzzle `start` (with its solution) down to `target` clues.
/// Returns the puzzle and its solution, or `None` when the walk got stuck or
/// `stop` said to give up (checked between moves).
// The walk's inputs are independent; a struct for one caller would only rename them.
#[allow(clippy::too_many_arguments)]
pub(crate) fn walk(
    start: &Grid,
    solution: &Grid,
    variant: Variant,
    target: usize,
    limits: WalkLimits,
    rng: &mut Rng,
    stop: &dyn Fn() -> bool,
    stats: &mut WalkStats,
) -> Option<(Grid, Grid)> {
    stats.walks += 1;
    let enumerator = (variant != Variant::Standard).then(|| Enumerator::new(variant));
    let mut s = State {
        values: *start.values(),
        solution: *solution.values(),
        clues: start.filled(),
    };
    // Cells touched recently, with the move number until which they stay put.
    let mut tabu: Vec<(Cell, u64)> = Vec::new();
    let mut moves = 0u64;
    let mut plateau = 0usize;
    loop {
        if stats.lowest == 0 || s.clues < stats.lowest {
            stats.lowest = s.clues;
        }
        if s.clues <= target {
            return Some((grid(&s.values), grid(&s.solution)));
        }
        if stop() || plateau >= limits.plateau {
            return None;
        }
        moves += 1;
        tabu.retain(|&(_, until)| until >= moves);
        let blocked: Vec<Cell> = tabu.iter().map(|&(c, _)| c).collect();
        let is_tabu = |c: Cell| blocked.contains(&c);
        let mut givens: Vec<Cell> = Cell::all().filter(|c| s.values[c.index()] != 0).collect();
        givens.shuffle(rng);

        // {-1}: a given that is not needed.
        if let Some(&c) = givens.iter().find(|&&c| {
            let mut v = s.values;
            v[c.index()] = 0;
            sudoku_solve::count(&grid(&v), variant, Some(2)) == 1
        }) {
            s.values[c.index()] = 0;
            s.clues -= 1;
            stats.down += 1;
            plateau = 0;
            continue;
        }

        // {-2+1}: two givens out, one clue in.
        let n = givens.len();
        let mut pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        pairs.shuffle(rng);
        let mut lowered = false;
        for &(i, j) in pairs.iter().take(limits.pairs) {
            let (a, b) = (givens[i], givens[j]);
            if let Some(e) = extend(
                enumerator.as_ref(),
                &s.values,
                &[a, b],
                variant,
                limits.pair_cap,
                false,
                rng,
                stats,
                |_| true,
            ) {
                s.values[a.index()] = 0;
                s.values[b.index()] = 0;
                s.values[e.cell.index()] = e.digit;
                s.solution = e.solution;
                s.clues -= 1;
                tabu.push((e.cell, moves + limits.tabu as u64));
                stats.down += 1;
                plateau = 0;
                lowered = true;
                break;
            }
        }
        if lowered {
            continue;
        }

        // {-1+1}: a sideways move to a puzzle of the same size.
        plateau += 1;
        for &a in givens.iter().filter(|&&c| !is_tabu(c)) {
            if let Some(e) = extend(
                enumerator.as_ref(),
                &s.values,
                &[a],
                variant,
                limits.cap,
                true,
                rng,
                stats,
                |c| !is_tabu(c),
            ) {
                s.values[a.index()] = 0;
                s.values[e.cell.index()] = e.digit;
                s.solution = e.solution;
                tabu.push((e.cell, moves + limits.tabu as u64));
                tabu.push((a, moves + limits.tabu as u64));
                stats.sideways += 1;
                break;
            }
        }
    }
}

/// Removes the givens `removed` from the unique puzzle `values` and looks for
/// one clue (in a cell `allowed` accepts, other than a removed given with its
/// own digit) that makes the rest unique again, choosing at random among those
/// that do.
#[allow(clippy::too_many_arguments)]
fn extend(
    enumerator: Option<&Enumerator>,
    values: &[u8; 81],
    removed: &[Cell],
    variant: Variant,
    cap: usize,
    verify: bool,
    rng: &mut Rng,
    stats: &mut WalkStats,
    allowed: impl Fn(Cell) -> bool,
) -> Option<Extension> {
    let mut sub = *values;
    for c in removed {
        sub[c.index()] = 0;
    }
    stats.enumerations += 1;
    let mut counts = [[0u32; 10]; 81];
    let mut solutions: Vec<[u8; 81]> = Vec::new();
    let mut record = |v: &[u8; 81]| {
        for (k, &d) in v.iter().enumerate() {
            counts[k][d as usize] += 1;
        }
        solutions.push(*v);
        solutions.len() <= cap
    };
    match enumerator {
        // The band-mask enumeration of the solver crate is the fastest for
        // standard Sudoku, even in its lexicographic order (1.2 µs against
        // 4.9 µs per solution in the walk); the variants' house-list board
        // is not (39 µs against 12 µs).
        None => {
            for g in sudoku_solve::Solutions::new(&grid(&sub), Variant::Standard) {
                if !record(g.values()) {
                    break;
                }
            }
        }
        Some(e) => {
            e.each(&sub, &mut record);
        }
    }
    stats.solutions += solutions.len() as u64;
    let complete = solutions.len() <= cap;
    if !complete && !verify {
        return None;
    }
    let mut candidates: Vec<(Cell, u8)> = Vec::new();
    for c in Cell::all() {
        if sub[c.index()] != 0 || !allowed(c) {
            continue;
        }
        for d in 1..=9u8 {
            if counts[c.index()][d as usize] == 1
                && !(removed.contains(&c) && values[c.index()] == d)
            {
                candidates.push((c, d));
            }
        }
    }
    candidates.shuffle(rng);
    for (cell, digit) in candidates {
        let Some(solution) = solutions.iter().find(|s| s[cell.index()] == digit).copied() else {
            continue;
        };
        if !complete {
            // Other solutions beyond the cap may share the clue.
            let mut v = sub;
            v[cell.index()] = digit;
            if sudoku_solve::count(&grid(&v), variant, Some(2)) != 1 {
                continue;
            }
        }
        return Some(Extension {
            cell,
            digit,
            solution,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reduce::{Keep, ReduceStats, Reducer};
    use crate::{Symmetry, random_solution, rng_for};
    use sudoku_core::CellSet;

    #[test]
    fn walks_down_to_unique_puzzles_of_the_target_size() {
        for (v, target) in [(Variant::Standard, 21), (Variant::Diagonal, 15)] {
            let mut rng = rng_for(5, 0);
            let r = Reducer::new(random_solution(v, &mut rng), v);
            let mut order = Symmetry::None.orbits();
            order.shuffle(&mut rng);
            let givens = r.reduce(
                CellSet::ALL,
                &order,
                0,
                Keep::Unique,
                &mut ReduceStats::default(),
            );
            let mut stats = WalkStats::default();
            let mut found = None;
            for _ in 0..20 {
                found = walk(
                    &r.puzzle(givens),
                    r.solution(),
                    v,
                    target,
                    WalkLimits::for_variant(v),
                    &mut rng,
                    &|| false,
                    &mut stats,
                );
                if found.is_some() {
                    break;
                }
            }
            let (p, s) = found.expect("walked down");
            assert_eq!(p.filled(), target, "{v}");
            assert_eq!(sudoku_solve::count(&p, v, Some(2)), 1, "{v}");
            assert!(s.is_solution_of(&p, v), "{v}");
            assert!(stats.down > 0 && stats.enumerations > 0);
        }
    }
}
