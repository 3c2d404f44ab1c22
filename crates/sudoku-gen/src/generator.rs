//! From a [`Request`] to puzzles: draw a solution grid, remove givens in a
//! random order of symmetry orbits, filter cheaply, rate, check.
//!
//! One [`Generator::attempt`] makes one candidate from one fresh grid. How the
//! candidate is reduced depends on the request:
//!
//! * easy and medium levels (unless `--minimal`) keep the puzzle solvable by
//!   hidden singles (or all singles) at every removal, so the candidate is of
//!   the level by construction and no exact search is needed;
//! * everything else keeps the puzzle unique by the exact solver, which gives
//!   minimal puzzles fast; harder levels and bands pick the candidates that
//!   rate into them, after a singles pass has thrown out the easy ones without
//!   rating them.
//!
//! A clue range sets a floor (drawn inside the range) that removals may not go
//! below. Every returned puzzle has passed the exact uniqueness check, and the
//! rating check when the request names a difficulty; the caller sees only
//! puzzles that meet the request, and [`Tally`] says how much work they took.

use crate::reduce::{Keep, ReduceStats, Reducer, givens_of};
use crate::request::{GenError, Level, Request};
use crate::singles::{self, Singles};
use crate::walk::{WalkLimits, WalkStats, walk};
use crate::{Rng, random_solution};
use rand::RngExt;
use rand::seq::SliceRandom;
use sudoku_core::{CellSet, Grid, Variant};
use sudoku_logic::{Options, solve_logically};
use sudoku_rate::{Assessment, HodokuLevel, rate_trace};

/// For very easy puzzles without a clue range: the floor is drawn from this
/// range, because few empty cells mean few points.
const VERY_EASY_CLUES: (usize, usize) = (40, 48);

/// A reduction that ends at most this many clues above the requested range is
/// walked down by "remove two, add one" moves ([`Reducer::lower`]) rather than
/// thrown away. Standard puzzles reach their low counts more cheaply by fresh
/// grids (3 measured best: 6 made 20 and 22 clues slower); the variants' random
/// reductions end further from their low counts, and 6 found three 14-clue
/// diagonal puzzles in 21 s where 3 found one in 60 s.
fn lower_gap(variant: Variant) -> usize {
    if variant == Variant::Standard { 3 } else { 6 }
}
/// Clue ranges up to this many clues are reached by the low-clue walk
/// ([`crate::walk`]), which moves between grids; above it, reducing fresh grids
/// is faster (standard 20 clues: 0.19 s median by fresh grids, 0.3–0.6 s by
/// the walk).
fn walk_below(variant: Variant) -> usize {
    if variant == Variant::Standard { 19 } else { 15 }
}
/// Moves in a row that may fail before the walk gives up on its grid.
const LOWER_TRIES: usize = 40;

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Grid,
    /// Its only solution.
    pub solution: Grid,
    /// Its rating, when the request needed one.
    pub assessment: Option<Assessment>,
}

/// Work done so far (summed over attempts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Attempts (solution grids drawn).
    pub attempts: u64,
    /// Candidates that met the clue and minimality requirements.
    pub candidates: u64,
    /// Candidates rated.
    pub rated: u64,
    /// Puzzles returned.
    pub found: u64,
    /// How removals were decided.
    pub reduce: ReduceStats,
    /// The low-clue walks' work.
    pub walk: WalkStats,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, o: Tally) {
        self.attempts += o.attempts;
        self.candidates += o.candidates;
        self.rated += o.rated;
        self.found += o.found;
        self.reduce += o.reduce;
        self.walk += o.walk;
    }
}

/// What one attempt made.
#[derive(Clone, Debug, PartialEq)]
pub enum Candidate {
    /// A puzzle that meets the request.
    Found(Box<Generated>),
    /// Nothing usable from this grid.
    Rejected,
}

/// Makes puzzles for one validated request.
#[derive(Clone, Debug)]
pub struct Generator {
    request: Request,
    orbits: Vec<CellSet>,
    keep: Keep,
    beyond_singles: bool,
}

impl Generator {
    /// A generator for `request`, or why the request cannot be met.
    pub fn new(request: Request) -> Result<Generator, GenError> {
        request.validate()?;
        let by_singles = !request.minimal;
        let keep = match request.level {
            Some(Level::VeryEasy | Level::Easy) if by_singles => Keep::Singles(Singles::Hidden),
            Some(Level::Medium) if by_singles => Keep::Singles(Singles::All),
            None if by_singles && request.hodoku == Some(HodokuLevel::Easy) => {
                Keep::Singles(Singles::All)
            }
            _ => Keep::Unique,
        };
        Ok(Generator {
            orbits: request.symmetry.orbits(),
            beyond_singles: request.needs_more_than_singles(),
            keep,
            request,
        })
    }

    /// The request.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// Attempts until one meets the request, or until `stop` says to give up
    /// (checked between attempts, and between the moves of a low-clue walk).
    pub fn generate(
        &self,
        rng: &mut Rng,
        tally: &mut Tally,
        stop: &dyn Fn() -> bool,
    ) -> Option<Generated> {
        while !stop() {
            if let Candidate::Found(g) = self.attempt_until(rng, tally, stop) {
                return Some(*g);
            }
        }
        None
    }

    /// One attempt from a fresh solution grid.
    pub fn attempt(&self, rng: &mut Rng, tally: &mut Tally) -> Candidate {
        self.attempt_until(rng, tally, &|| false)
    }

    /// Whether a clue range this low is reached by the low-clue walk
    /// ([`crate::walk`]) rather than by reducing one grid.
    fn walks(&self) -> bool {
        let r = &self.request;
        self.keep == Keep::Unique
            && r.symmetry_is_none()
            && r.clues.is_some_and(|(_, hi)| hi <= walk_below(r.variant))
    }

    /// One attempt; a low-clue walk checks `stop` between its moves.
    fn attempt_until(
        &self,
        rng: &mut Rng,
        tally: &mut Tally,
        stop: &dyn Fn() -> bool,
    ) -> Candidate {
        tally.attempts += 1;
        let r = &self.request;
        let mut reducer = Reducer::new(random_solution(r.variant, rng), r.variant);
        let mut order = self.orbits.clone();
        order.shuffle(rng);
        let (lo, hi, floor) = match (r.clues, r.level) {
            (Some((lo, hi)), _) => (lo, hi, rng.random_range(lo..=hi)),
            (None, Some(Level::VeryEasy)) => {
                let (lo, hi) = VERY_EASY_CLUES;
                (0, 81, rng.random_range(lo..=hi))
            }
            (None, _) => (0, 81, 0),
        };
        let mut givens = reducer.reduce(CellSet::ALL, &order, floor, self.keep, &mut tally.reduce);
        if givens.len() > hi && self.walks() {
            let limits = WalkLimits::for_variant(r.variant);
            let start = reducer.puzzle(givens);
            let Some((puzzle, solution)) = walk(
                &start,
                reducer.solution(),
                r.variant,
                floor,
                limits,
                rng,
                stop,
                &mut tally.walk,
            ) else {
                return Candidate::Rejected;
            };
            // The walk ends on another grid: reduce that one from here on.
            reducer = Reducer::new(solution, r.variant);
            givens = givens_of(&puzzle);
        } else if givens.len() > hi
            && self.keep == Keep::Unique
            && givens.len() <= hi + lower_gap(r.variant)
        {
            givens = reducer.lower(
                givens,
                &self.orbits,
                floor,
                LOWER_TRIES,
                rng,
                &mut tally.reduce,
            );
        }
        if givens.len() < lo || givens.len() > hi {
            return Candidate::Rejected;
        }
        let exact_minimal = self.keep == Keep::Unique && floor == 0 && r.symmetry_is_none();
        if r.minimal && !exact_minimal && reducer.necessary(givens, &mut tally.reduce) != givens {
            return Candidate::Rejected;
        }
        tally.candidates += 1;
        let puzzle = reducer.puzzle(givens);
        let values = puzzle.values();
        if self.beyond_singles && singles::solves(values, r.variant, Singles::All) {
            return Candidate::Rejected;
        }
        match r.level {
            Some(Level::VeryEasy | Level::Easy)
                if !singles::solves(values, r.variant, Singles::Hidden) =>
            {
                return Candidate::Rejected;
            }
            Some(Level::Medium)
                if singles::solves(values, r.variant, Singles::Hidden)
                    || !singles::solves(values, r.variant, Singles::All) =>
            {
                return Candidate::Rejected;
            }
            _ => {}
        }
        // The last word on uniqueness is the exact solver's, whatever the route.
        if sudoku_solve::count(&puzzle, r.variant, Some(2)) != 1 {
            return Candidate::Rejected;
        }
        let assessment = if r.needs_rating() {
            // The logical solve first (as `rate` does it: the puzzle is known
            // unique here, so the uniqueness techniques may run); the Sudoku
            // Explainer and HoDoKu walks only for a path that already fits.
            tally.rated += 1;
            let options = Options {
                unique: true,
                selection: r.selection,
                ..Options::default()
            };
            let Ok(trace) = solve_logically(&puzzle, r.variant, &options) else {
                return Candidate::Rejected;
            };
            if !r.accepts_trace(&trace) {
                return Candidate::Rejected;
            }
            let Ok(rating) = rate_trace(&trace, r.variant) else {
                return Candidate::Rejected;
            };
            if !r.accepts(&rating) {
                return Candidate::Rejected;
            }
            Some(Assessment::Rated(Box::new(rating)))
        } else {
            None
        };
        tally.found += 1;
        Candidate::Found(Box::new(Generated {
            puzzle,
            solution: *reducer.solution(),
            assessment,
        }))
    }
}

impl Request {
    fn symmetry_is_none(&self) -> bool {
        self.symmetry == crate::Symmetry::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Symmetry, is_minimal, rng_for};
    use sudoku_rate::{RateOptions, rate};

    fn run(request: Request, seed: u64) -> Generated {
        let g = Generator::new(request).expect("valid request");
        let mut tally = Tally::default();
        let start = std::time::Instant::now();
        g.generate(&mut rng_for(seed, 0), &mut tally, &|| {
            start.elapsed().as_secs() > 60
        })
        .expect("found in time")
    }

    #[test]
    fn minimal_puzzles_for_every_variant() {
        for v in Variant::ALL {
            let g = run(
                Request {
                    variant: v,
                    minimal: true,
                    ..Request::default()
                },
                1,
            );
            assert!(is_minimal(&g.puzzle, v), "{v}");
            assert!(g.solution.is_solution_of(&g.puzzle, v));
        }
    }

    #[test]
    fn exact_clue_count_with_symmetry() {
        let g = run(
            Request {
                clues: Some((26, 26)),
                symmetry: Symmetry::Rot180,
                ..Request::default()
            },
            2,
        );
        let givens = crate::givens_of(&g.puzzle);
        assert_eq!(givens.len(), 26);
        assert!(Symmetry::Rot180.holds_for(givens));
        assert_eq!(
            sudoku_solve::count(&g.puzzle, Variant::Standard, Some(2)),
            1
        );
    }

    #[test]
    fn levels_rate_into_their_band() {
        for level in [Level::VeryEasy, Level::Easy, Level::Medium, Level::Hard] {
            let g = run(
                Request {
                    level: Some(level),
                    ..Request::default()
                },
                3,
            );
            let a = rate(&g.puzzle, Variant::Standard, &RateOptions::default()).expect("valid");
            assert!(level.contains(a.rating().expect("unique")), "{level}");
        }
    }

    #[test]
    fn same_seed_same_puzzle() {
        let request = Request {
            level: Some(Level::Hard),
            ..Request::default()
        };
        assert_eq!(run(request.clone(), 9).puzzle, run(request, 9).puzzle);
    }
}
