//! Sudoku Explainer's rating (ER, EP, ED) by its own walk.
//!
//! Sudoku Explainer 1.2.1 (with serate 1.2.1.3) rates a puzzle by solving it:
//! it asks its producers in a fixed order, applies the *first* hint of the
//! first producer that has one, and starts again from the top. **ER** is the
//! hardest step of that walk, **EP** the hardest up to and including the first
//! step that places a digit, **ED** the first step; 20.0 when no producer
//! finds anything (beyond its solver).
//!
//! This module is that walk as a *policy* over the logic crate's finders: an
//! ordered table of producers (`producers.rs`), each turning the hits of our
//! finders into Sudoku Explainer's hints — filtered to what its producer
//! finds, in its scan order, priced as it prices them — walked by the one
//! walk of every scale ([`sudoku_logic::walk`]) with the pick rule "the first
//! hint found". Where Sudoku Explainer's technique has no equal in our
//! catalogue (its unique loops, its BUG types, aligned pair exclusion) the
//! catalogue has a module for it.
//!
//! The chaining producers (forcing chains and cycles at 6.5 and beyond) are
//! the forcing-chain engine's ([`sudoku_logic::first_chain_hint`]), asked in
//! Sudoku Explainer's order.

mod producers;

use producers::{Hint, PRODUCERS, Producers};
use sudoku_core::{Grid, Variant};
use sudoku_logic::walk::{self, Hit, Scale};
use sudoku_logic::{Candidates, LogicError, Orientation, Outcome};

pub use producers::SeRule;

/// A puzzle's rating on Sudoku Explainer's scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeEstimate {
    /// ER: the hardest step of the walk (20.0: beyond its solver).
    pub er: f64,
    /// EP: the hardest step up to the first placement.
    pub ep: f64,
    /// ED: the first step.
    pub ed: f64,
}

/// One step of Sudoku Explainer's walk.
#[derive(Clone, Debug)]
pub struct SeStep {
    /// The step as applied (eliminations, placements, pattern).
    pub step: sudoku_logic::Step,
    /// For a direct technique: the pattern (a locked candidate or hidden
    /// subset) whose eliminations leave the single the step places. Sudoku
    /// Explainer applies only the placement.
    pub pattern: Option<sudoku_logic::Step>,
    /// Sudoku Explainer's rule that gave the hint.
    pub rule: SeRule,
    /// Its difficulty on Sudoku Explainer's scale.
    pub difficulty: f64,
}

/// Sudoku Explainer's walk of a puzzle and the rating read off it.
#[derive(Clone, Debug)]
pub struct SePath {
    /// The steps in order.
    pub steps: Vec<SeStep>,
    /// The rating.
    pub estimate: SeEstimate,
    /// Whether the walk ended with every cell filled.
    pub solved: bool,
}

/// At most this many steps (a guard; a walk places one digit or removes a
/// candidate per step, so 729 is the real bound).
const MAX_STEPS: usize = 2_000;

/// Walks Sudoku Explainer's path and rates it. `None` when the puzzle has a
/// clash. The uniqueness producers run only when the exact solver finds one
/// solution.
pub fn estimate(puzzle: &Grid, variant: Variant) -> Result<Option<SeEstimate>, LogicError> {
    crate::with_uniqueness(puzzle, variant, estimate_with)
}

/// [`estimate`] for a puzzle whose uniqueness is known (`unique`: it has one
/// solution).
pub(crate) fn estimate_with(
    puzzle: &Grid,
    variant: Variant,
    unique: bool,
) -> Result<Option<SeEstimate>, LogicError> {
    let path = walk_with(puzzle, variant, unique)?;
    Ok(path.solved.then_some(path.estimate))
}

/// Sudoku Explainer's walk of `puzzle`, step by step. The uniqueness
/// producers run only when the exact solver finds one solution.
pub fn path(puzzle: &Grid, variant: Variant) -> Result<SePath, LogicError> {
    crate::with_uniqueness(puzzle, variant, walk_with)
}

/// [`path`] walked from `puzzle` in `orientation`: for the canonical one the
/// steps are moved back onto `puzzle` as given (the walk [`crate::rate`]
/// rates by default).
pub fn path_in(
    puzzle: &Grid,
    variant: Variant,
    orientation: Orientation,
) -> Result<SePath, LogicError> {
    if orientation == Orientation::AsGiven {
        return path(puzzle, variant);
    }
    let (canonical, t) = sudoku_core::canonical_orientation(puzzle, variant);
    let back = t.inverse();
    let mut walked = path(&canonical, variant)?;
    for s in &mut walked.steps {
        s.step = s.step.transformed(&back);
        s.pattern = s.pattern.as_ref().map(|p| p.transformed(&back));
    }
    Ok(walked)
}

/// Sudoku Explainer's producers as a [`Scale`]: one row per producer in its
/// order, each row's first hint priced at its difficulty, and the pick rule
/// "the first hint found".
#[derive(Default)]
struct Explainer {
    producers: Producers,
}

/// What the walk keeps about a hint beside its step and difficulty.
#[derive(Clone, Debug)]
struct Tag {
    rule: SeRule,
    /// For a direct technique: the pattern whose eliminations it leaves out.
    pattern: Option<sudoku_logic::Step>,
}

impl Scale for Explainer {
    type Tag = Tag;

    fn rows(&self) -> usize {
        PRODUCERS
    }

    fn begin(&mut self, _pos: &Candidates) {
        self.producers.reset();
    }

    fn find(&mut self, row: usize, pos: &Candidates, out: &mut Vec<Hit<Tag>>) {
        let Some(Hint {
            mut step,
            rule,
            difficulty,
        }) = self.producers.produce(row, pos)
        else {
            return;
        };
        // A direct technique applies only its placement.
        let pattern = rule.is_direct().then(|| {
            let pattern = step.clone();
            step.eliminations.clear();
            pattern
        });
        out.push(Hit {
            step,
            price: difficulty,
            tag: Tag { rule, pattern },
        });
    }

    fn pick(
        &mut self,
        _pos: &Candidates,
        hits: &mut Vec<Hit<Tag>>,
        _next: Option<usize>,
    ) -> Option<Vec<Hit<Tag>>> {
        hits.truncate(1);
        Some(std::mem::take(hits))
    }
}

/// The walk: the first hint of the first producer, applied, from the top
/// again; ER, EP and ED as Sudoku Explainer's `getDifficulty` computes them.
pub(crate) fn walk_with(
    puzzle: &Grid,
    variant: Variant,
    unique: bool,
) -> Result<SePath, LogicError> {
    let (walked, pos) = walk::walk_written(
        &mut Explainer::default(),
        puzzle,
        variant,
        unique,
        MAX_STEPS,
    )?;
    let mut rating = Rating::default();
    for hit in &walked.hits {
        rating.add(hit.price, !hit.step.placements.is_empty());
    }
    if walked.outcome == Outcome::Stuck {
        rating.beyond();
    }
    let steps = walked
        .hits
        .into_iter()
        .map(|hit| SeStep {
            step: hit.step,
            pattern: hit.tag.pattern,
            rule: hit.tag.rule,
            difficulty: hit.price,
        })
        .collect();
    Ok(SePath {
        steps,
        estimate: rating.estimate(),
        solved: pos.is_solved(),
    })
}

/// ER, EP and ED as the walk goes.
#[derive(Debug)]
struct Rating {
    er: f64,
    ep: f64,
    ed: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            er: f64::NEG_INFINITY,
            ep: 0.0,
            ed: 0.0,
        }
    }
}

impl Rating {
    fn add(&mut self, difficulty: f64, places: bool) {
        self.er = self.er.max(difficulty);
        if self.ep == 0.0 {
            if self.ed == 0.0 {
                self.ed = self.er;
            }
            if places {
                self.ep = self.er;
            }
        }
    }

    /// No producer found anything: beyond Sudoku Explainer's solver.
    fn beyond(&mut self) {
        self.er = 20.0;
    }

    /// The figures as serate prints them: to one decimal, rounding half up
    /// (its `(int)((d + 0.05) * 10)`), so 6.699999999999999 reads 6.7.
    fn estimate(&self) -> SeEstimate {
        let printed = |d: f64| ((d + 0.05) * 10.0).floor() / 10.0;
        SeEstimate {
            er: if self.er.is_finite() {
                printed(self.er)
            } else {
                0.0
            },
            ep: printed(self.ep),
            ed: printed(self.ed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rate(p: &str) -> SeEstimate {
        let g: Grid = p.parse().expect("puzzle");
        estimate(&g, Variant::Standard)
            .expect("valid")
            .expect("solved")
    }

    #[test]
    fn pearl_and_diamond_follow_get_difficulty() {
        let mut r = Rating::default();
        r.add(2.6, false);
        r.add(1.2, true);
        r.add(3.4, false);
        let e = r.estimate();
        assert_eq!((e.er, e.ep, e.ed), (3.4, 2.6, 2.6));
    }

    #[test]
    fn serate_figures_of_easy_puzzles() {
        // ER/EP/ED by serate 1.2.1.3 (se-ratings-dev.tsv).
        let e = rate(
            "000000072640000001900070300508000400090730000000005100000040000000080900073029060",
        );
        assert_eq!((e.er, e.ep, e.ed), (2.0, 1.2, 1.2));
    }

    #[test]
    fn puzzles_without_one_solution_end_cleanly() {
        let dead: Grid = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63))
            .parse()
            .expect("grid");
        assert!(matches!(estimate(&dead, Variant::Standard), Ok(None)));
        let many: Grid =
            "000490062000000017130005000000000070360700490000000000600000900800000000002300700"
                .parse()
                .expect("grid");
        assert!(estimate(&many, Variant::Standard).is_ok());
    }
}
