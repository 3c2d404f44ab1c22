//! Puzzles at the top of Sudoku Explainer's scale (10.0 and beyond) by
//! neighbourhood search from hard seeds, the method the forum's lists of the
//! hardest puzzles were built with.
//!
//! Random reduction of fresh grids practically never gives a puzzle rated
//! above 9.1. Hard puzzles cluster, though: of the minimal {-1+1} neighbours
//! of puzzles rated 11 and more, about one in six is rated 10.0 or more (see
//! BENCHMARKS.md). [`HardSearch`] keeps a pool of seeds — the puzzles it was
//! given, and every neighbour it rated near the requested band, which becomes
//! a seed in turn — and always explores the neighbourhood of the most
//! promising seed ([`crate::neighbours`]): the highest rated, lowered a
//! little for every few hundred neighbours taken from it, so the search
//! spreads once a neighbourhood has been combed.
//!
//! A round is three stages, so the work of the middle one can be shared by
//! threads without changing the result: [`HardSearch::candidates`] picks the
//! next neighbours (sequential and cheap: a neighbour isomorphic to an input
//! or to any puzzle tried before is skipped by its canonical form),
//! [`HardSearch::evaluate`] checks minimality, screens the neighbour
//! ([`crate::screen`]) and rates the survivors exactly, and
//! [`HardSearch::record`] takes the verdicts in order: a neighbour in the
//! band is a find, one near it a new seed. For the same inputs and random
//! stream the finds are the same, whatever the number of threads.
//!
//! The rating is Sudoku Explainer's walk of the puzzle as given
//! ([`sudoku_rate::se::estimate`]), the one `serate` takes; a find is written
//! as rated.

use crate::Rng;
use crate::neighbours::Neighbours;
use crate::request::Band;
use crate::screen::{Screen, se_screen};
use std::collections::{HashSet, VecDeque};
use sudoku_core::{Grid, Variant, canonical_form};
use sudoku_rate::SeEstimate;

/// The floor of a band without a minimum (the neighbourhood search is meant
/// for the top of the scale).
const DEFAULT_FLOOR: f64 = 9.0;

/// Neighbours rated this far below the floor (or more) become seeds.
const SEED_BELOW: f64 = 0.5;

/// A seed's priority drops by [`PRIORITY_STEP`] for every so many neighbours
/// taken from it.
const TAKEN_STEP: u64 = 200;
/// See [`TAKEN_STEP`].
const PRIORITY_STEP: f64 = 0.1;

/// A new input is opened when no seed's priority is within this of the
/// floor; an input without a rating has this priority below the floor, so a
/// neighbour rated close to the band is explored before the next input.
const OPEN_BELOW: f64 = 0.3;

/// How much lower a seed ranks once its {-1+1} neighbours are used up: its
/// {-2+2} neighbours are many, but rated 10.0 or more a hundred times less
/// often (BENCHMARKS.md), so every seed's {-1+1} moves come first.
const PAIRS_PENALTY: f64 = 1.0;

/// The built-in seeds (`hard_seeds.txt`: 16 puzzles of the forum's hardest
/// list of June 2011, each rated 11.0 to 11.8), with their ratings.
pub fn builtin_seeds() -> Vec<Seed> {
    include_str!("hard_seeds.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut fields = l.split_whitespace();
            let grid = fields.next()?.parse().ok()?;
            let se = fields.next()?.parse().ok()?;
            Some(Seed::new(grid, Some(se)))
        })
        .collect()
}

/// The canonical form of a standard puzzle: equal for isomorphic puzzles
/// (relabelled digits, permuted bands, stacks, rows and columns within them,
/// transposed), different otherwise.
pub fn canonical_key(puzzle: &Grid) -> [u8; 81] {
    *canonical_form(puzzle).0.values()
}

/// A puzzle to search around.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seed {
    /// The puzzle (unique, standard).
    pub puzzle: Grid,
    /// Its [`canonical_key`].
    pub key: [u8; 81],
    /// Its Sudoku Explainer rating, when known.
    pub se: Option<f64>,
}

impl Seed {
    /// A seed of `puzzle` (unique, standard) and its rating when known.
    pub fn new(puzzle: Grid, se: Option<f64>) -> Seed {
        Seed {
            puzzle,
            key: canonical_key(&puzzle),
            se,
        }
    }
}

/// What [`HardSearch::evaluate`] found out about a neighbour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// A given can go and the rest is still unique.
    NotMinimal,
    /// The screen says it is rated below the band.
    Screened(Screen),
    /// Sudoku Explainer's rating of the puzzle as given.
    Rated(SeEstimate),
    /// No rating (the walk did not finish: interrupted, or beyond the
    /// solver).
    Unrated,
}

/// How the search went so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct HardStats {
    /// Seeds taken into the pool: inputs opened, and neighbours rated close
    /// to the band.
    pub seeds: u64,
    /// Neighbours made (unique puzzles one or two clue changes from a seed).
    pub neighbours: u64,
    /// Neighbours skipped as isomorphic to an input or an earlier neighbour.
    pub duplicates: u64,
    /// Neighbours that were not minimal.
    pub not_minimal: u64,
    /// Neighbours the screen ruled out.
    pub screened_out: u64,
    /// Neighbours rated exactly.
    pub rated: u64,
    /// Finds (rated in the band).
    pub found: u64,
    /// The highest rating seen (0 before any).
    pub best: f64,
}

/// A seed whose neighbourhood is being explored.
struct Active {
    puzzle: Grid,
    /// Its rating, when known (inputs are not rated).
    se: Option<f64>,
    neighbours: Option<Neighbours>,
    taken: u64,
}

impl Active {
    fn priority(&self, floor: f64) -> f64 {
        let pairs = self.neighbours.as_ref().is_some_and(Neighbours::in_pairs);
        self.se.unwrap_or(floor - OPEN_BELOW)
            - PRIORITY_STEP * (self.taken / TAKEN_STEP) as f64
            - if pairs { PAIRS_PENALTY } else { 0.0 }
    }
}

/// A neighbourhood search for puzzles rated in a band (see the module doc).
pub struct HardSearch {
    band: Band,
    floor: f64,
    screen: bool,
    pairs: bool,
    seen: HashSet<[u8; 81]>,
    inputs: VecDeque<(Grid, Option<f64>)>,
    active: Vec<Active>,
    stats: HardStats,
    rng: Rng,
}

impl HardSearch {
    /// A search for puzzles rated in `band` around `inputs`, in an order
    /// drawn from `rng`. `screen` turns the screen before the exact
    /// rating on; `pairs` adds the {-2+2} moves after each seed's {-1+1}
    /// moves.
    pub fn new(
        band: Band,
        inputs: Vec<Seed>,
        screen: bool,
        pairs: bool,
        mut rng: Rng,
    ) -> HardSearch {
        use rand::seq::SliceRandom;
        let mut seen = HashSet::with_capacity(inputs.len() * 2);
        let mut puzzles = Vec::with_capacity(inputs.len());
        for seed in inputs {
            if seen.insert(seed.key) {
                puzzles.push((seed.puzzle, seed.se));
            }
        }
        puzzles.shuffle(&mut rng);
        HardSearch {
            band,
            floor: band.min.unwrap_or(DEFAULT_FLOOR),
            screen,
            pairs,
            seen,
            inputs: puzzles.into(),
            active: Vec::new(),
            stats: HardStats::default(),
            rng,
        }
    }

    /// The work done so far.
    pub fn stats(&self) -> &HardStats {
        &self.stats
    }

    /// Up to `n` new neighbours to evaluate, none isomorphic to an input or to
    /// a neighbour returned before; fewer only when every seed's
    /// neighbourhood is exhausted.
    pub fn candidates(&mut self, n: usize) -> Vec<Grid> {
        let mut out = Vec::with_capacity(n);
        while out.len() < n {
            let Some(i) = self.pick() else {
                break;
            };
            let a = &mut self.active[i];
            let neighbours = a
                .neighbours
                .get_or_insert_with(|| Neighbours::new(&a.puzzle, self.pairs, &mut self.rng));
            match neighbours.next(&mut self.rng) {
                None => {
                    self.active.swap_remove(i);
                }
                Some(values) => {
                    a.taken += 1;
                    self.stats.neighbours += 1;
                    let Some(grid) = Grid::from_values(values) else {
                        continue;
                    };
                    if self.seen.insert(canonical_key(&grid)) {
                        out.push(grid);
                    } else {
                        self.stats.duplicates += 1;
                    }
                }
            }
        }
        out
    }

    /// The seed to take the next neighbour from (opening inputs as needed).
    fn pick(&mut self) -> Option<usize> {
        loop {
            let floor = self.floor;
            let best = self
                .active
                .iter()
                .enumerate()
                .max_by(|(_, a), (_, b)| a.priority(floor).total_cmp(&b.priority(floor)))
                .map(|(i, a)| (i, a.priority(floor)));
            match best {
                Some((i, p)) if p >= floor - OPEN_BELOW || self.inputs.is_empty() => {
                    return Some(i);
                }
                _ => {
                    let (puzzle, se) = self.inputs.pop_front()?;
                    self.stats.seeds += 1;
                    self.active.push(Active {
                        puzzle,
                        se,
                        neighbours: None,
                        taken: 0,
                    });
                }
            }
        }
    }

    /// Minimality, the screen and the exact rating of one neighbour (the
    /// part of a round that threads may share).
    pub fn evaluate(&self, puzzle: &Grid) -> Verdict {
        if !crate::is_minimal(puzzle, Variant::Standard) {
            return Verdict::NotMinimal;
        }
        if self.screen {
            let s = se_screen(puzzle, self.floor);
            if !s.may_reach(self.floor) {
                return Verdict::Screened(s);
            }
        }
        match sudoku_rate::se::estimate(puzzle, Variant::Standard) {
            Ok(Some(e)) => Verdict::Rated(e),
            _ => Verdict::Unrated,
        }
    }

    /// Takes the verdict on `puzzle` (in the order the candidates came):
    /// true when it is a find, rated in the band. A neighbour rated near the
    /// band becomes a seed.
    pub fn record(&mut self, puzzle: &Grid, verdict: &Verdict) -> bool {
        match *verdict {
            Verdict::NotMinimal => self.stats.not_minimal += 1,
            Verdict::Screened(_) => self.stats.screened_out += 1,
            Verdict::Unrated => {}
            Verdict::Rated(e) => {
                self.stats.rated += 1;
                self.stats.best = self.stats.best.max(e.er);
                if e.er >= self.floor - SEED_BELOW && e.er < 20.0 {
                    self.active.push(Active {
                        puzzle: *puzzle,
                        se: Some(e.er),
                        neighbours: None,
                        taken: 0,
                    });
                    self.stats.seeds += 1;
                }
                if self.band.contains(e.er) {
                    self.stats.found += 1;
                    return true;
                }
            }
        }
        false
    }
}
