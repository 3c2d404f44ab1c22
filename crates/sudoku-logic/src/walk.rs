//! The one walk every scale takes: ask the scale's rows in order, let its pick
//! rule choose what to apply, apply it, and start again from the top.
//!
//! A scale ([`Scale`]) is data plus a rule: an ordered list of rows (each a
//! finder whose hits carry the scale's price for them) and a pick rule that
//! says, after each row that found anything, whether to stop asking and which
//! of the hits gathered so far to apply. The seed's points in its four modes
//! (`solver.rs`), Sudoku Explainer's producers and HoDoKu's order (in
//! `sudoku-rate`) are such scales; [`walk`] is the only loop that applies their
//! steps, and [`round`] the only code that asks their rows — the hint of a
//! position is one round of the same scale.
//!
//! The walk ends when the grid is full, when no row finds anything, at the step
//! limit, on an interrupt, or (when asked) on a contradiction; with the true
//! solution given it checks every step before applying it.

use crate::candidates::Candidates;
use crate::check::check_step;
use crate::solver::LogicError;
use crate::step::{Outcome, Step};
use sudoku_core::Grid;

/// A step found by a scale's row, with the scale's price for it and whatever
/// else the scale keeps about it (`tag`: Sudoku Explainer's rule, …).
#[derive(Clone, Debug)]
pub struct Hit<T> {
    /// The step, as it is applied.
    pub step: Step,
    /// Its price on the scale.
    pub price: f64,
    /// The scale's own data about the hit.
    pub tag: T,
}

/// A scale: ordered rows and a pick rule (see the module docs).
pub trait Scale {
    /// What the scale keeps about each hit beside its step and price.
    type Tag;

    /// How many rows the scale has; [`walk`] asks them in order `0..rows()`.
    fn rows(&self) -> usize;

    /// Called once per round before any row is asked: a scale whose rows
    /// share finder results on one position forgets the last position's here.
    fn begin(&mut self, _pos: &Candidates) {}

    /// Appends row `row`'s hits in `pos` to `out`, in the order the scale
    /// meets them (a row that does not apply to `pos` appends nothing).
    fn find(&mut self, row: usize, pos: &Candidates, out: &mut Vec<Hit<Self::Tag>>);

    /// The pick rule, asked after each row once anything is found: `hits`
    /// holds the hits of every row asked so far this round, in order; `next`
    /// is the row that would be asked next (`None` after the last). Returns
    /// the hits to apply, in order, or `None` to ask the next row first (after
    /// the last row, `None` ends the walk as stuck).
    fn pick(
        &mut self,
        pos: &Candidates,
        hits: &mut Vec<Hit<Self::Tag>>,
        next: Option<usize>,
    ) -> Option<Vec<Hit<Self::Tag>>>;
}

/// The limits and checks of one [`walk`].
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many applied steps.
    pub max_steps: usize,
    /// Check the position for a contradiction before each round (only a
    /// puzzle without solution has one; without the check such a walk ends
    /// when a step cannot be applied or nothing is found).
    pub contradictions: bool,
    /// The true solution: every step is checked against it before it is
    /// applied, and a wrong one ends the walk with [`LogicError::Unsound`].
    pub solution: Option<Grid>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_steps: 10_000,
            contradictions: false,
            solution: None,
        }
    }
}

/// A walk's applied hits and how it ended; the position is left where the
/// walk ended.
#[derive(Clone, Debug)]
pub struct Walked<T> {
    /// The hits in the order applied.
    pub hits: Vec<Hit<T>>,
    /// How the walk ended.
    pub outcome: Outcome,
}

/// One round of `scale` in `pos`: its rows in order until the pick rule
/// chooses; `None` when no row finds anything the rule takes.
pub fn round<S: Scale + ?Sized>(scale: &mut S, pos: &Candidates) -> Option<Vec<Hit<S::Tag>>> {
    let mut hits = Vec::new();
    round_into(scale, pos, &mut hits)
}

fn round_into<S: Scale + ?Sized>(
    scale: &mut S,
    pos: &Candidates,
    hits: &mut Vec<Hit<S::Tag>>,
) -> Option<Vec<Hit<S::Tag>>> {
    hits.clear();
    scale.begin(pos);
    let rows = scale.rows();
    for row in 0..rows {
        scale.find(row, pos, hits);
        if !hits.is_empty() {
            let next = (row + 1 < rows).then_some(row + 1);
            if let Some(chosen) = scale.pick(pos, hits, next) {
                return Some(chosen);
            }
        }
    }
    None
}

/// Walks `scale` from `pos` (see the module docs): round after round, every
/// chosen hit applied in order. `pos` is left at the end of the walk.
pub fn walk<S: Scale + ?Sized>(
    scale: &mut S,
    pos: &mut Candidates,
    limits: &Limits,
) -> Result<Walked<S::Tag>, LogicError> {
    let mut applied: Vec<Hit<S::Tag>> = Vec::new();
    let mut hits: Vec<Hit<S::Tag>> = Vec::new();
    let outcome = loop {
        if pos.is_solved() {
            break Outcome::Solved;
        }
        if let Some(c) = limits.contradictions.then(|| pos.contradiction()).flatten() {
            break Outcome::Contradiction(c);
        }
        if applied.len() >= limits.max_steps {
            break Outcome::StepLimit;
        }
        if sudoku_core::interrupt::requested() {
            break Outcome::Interrupted;
        }
        let Some(chosen) = round_into(scale, pos, &mut hits) else {
            break Outcome::Stuck;
        };
        if chosen.is_empty() {
            break Outcome::Stuck;
        }
        let mut broken = false;
        for hit in chosen {
            if let Some(solution) = &limits.solution {
                check_step(&hit.step, solution, applied.len())?;
            }
            broken = pos.apply(&hit.step).is_err();
            applied.push(hit);
            if broken {
                break;
            }
        }
        // Only a puzzle without solution breaks the position (two steps of a
        // round clash); report where.
        if broken {
            break match pos.contradiction() {
                Some(c) => Outcome::Contradiction(c),
                None => Outcome::Stuck,
            };
        }
    };
    Ok(Walked {
        hits: applied,
        outcome,
    })
}

/// A peer program's walk of `puzzle` (Sudoku Explainer, HoDoKu): from the
/// position with every candidate written (those programs always see them)
/// and the uniqueness premise when `unique` (the exact solver found one
/// solution), at most `max_steps` steps. Returns the walk and the position it
/// ended in.
pub fn walk_written<S: Scale + ?Sized>(
    scale: &mut S,
    puzzle: &Grid,
    variant: sudoku_core::Variant,
    unique: bool,
    max_steps: usize,
) -> Result<(Walked<S::Tag>, Candidates), LogicError> {
    let mut pos = Candidates::new(puzzle, variant)?;
    pos.write_candidates();
    pos.assume_unique(unique);
    let limits = Limits {
        max_steps,
        ..Limits::default()
    };
    let walked = walk(scale, &mut pos, &limits)?;
    Ok((walked, pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::Placement;
    use crate::technique::{FindMode, Technique};
    use sudoku_core::{Cell, Digit, Variant};

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    /// A scale of three rows: nothing, naked singles, hidden singles. `first`:
    /// the pick takes the first hit at once; otherwise it waits for the last
    /// row and takes every hit. Counts how often each row is asked.
    struct Toy {
        first: bool,
        asked: [usize; 3],
    }

    impl Scale for Toy {
        type Tag = usize;

        fn rows(&self) -> usize {
            3
        }

        fn find(&mut self, row: usize, pos: &Candidates, out: &mut Vec<Hit<usize>>) {
            self.asked[row] += 1;
            let technique = match row {
                0 => return,
                1 => Technique::NakedSingle,
                _ => Technique::HiddenSingle,
            };
            let mut found = Vec::new();
            technique.info().find(pos, &mut found, FindMode::All);
            out.extend(found.into_iter().map(|step| Hit {
                step,
                price: row as f64,
                tag: row,
            }));
        }

        fn pick(
            &mut self,
            _pos: &Candidates,
            hits: &mut Vec<Hit<usize>>,
            next: Option<usize>,
        ) -> Option<Vec<Hit<usize>>> {
            if self.first {
                hits.truncate(1);
                return Some(std::mem::take(hits));
            }
            next.is_none().then(|| {
                // One hit per cell, as a round of placements must be.
                let mut placed = sudoku_core::CellSet::EMPTY;
                hits.retain(|h| {
                    let new = h.step.placements.iter().all(|p| !placed.contains(p.cell));
                    for p in &h.step.placements {
                        placed.insert(p.cell);
                    }
                    new
                });
                std::mem::take(hits)
            })
        }
    }

    fn written(puzzle: &str) -> Candidates {
        let grid: Grid = puzzle.parse().expect("puzzle");
        let mut pos = Candidates::new(&grid, Variant::Standard).expect("valid");
        pos.write_candidates();
        pos
    }

    #[test]
    fn a_first_hit_pick_stops_at_the_first_row_that_finds_anything() {
        let mut pos = written(EASY);
        let mut toy = Toy {
            first: true,
            asked: [0; 3],
        };
        let walked = walk(&mut toy, &mut pos, &Limits::default()).expect("walk");
        assert_eq!(walked.outcome, Outcome::Solved);
        // One hit per round, each round from the top: row 0 every round, row 2
        // only when row 1 found nothing.
        assert_eq!(toy.asked[0], walked.hits.len());
        let from_hidden = walked.hits.iter().filter(|h| h.tag == 2).count();
        assert_eq!(toy.asked[2], from_hidden);
        assert_eq!(toy.asked[1], walked.hits.len());
    }

    #[test]
    fn a_waiting_pick_sees_every_row_and_applies_its_whole_round() {
        let mut pos = written(EASY);
        let mut toy = Toy {
            first: false,
            asked: [0; 3],
        };
        let walked = walk(&mut toy, &mut pos, &Limits::default()).expect("walk");
        assert_eq!(walked.outcome, Outcome::Solved);
        assert_eq!(toy.asked[0], toy.asked[1]);
        assert_eq!(toy.asked[1], toy.asked[2]);
        // Several placements per round.
        assert!(toy.asked[0] < walked.hits.len());
    }

    #[test]
    fn nothing_found_is_stuck_and_the_step_limit_holds() {
        let empty = ".".repeat(81);
        let mut pos = written(&empty);
        let mut toy = Toy {
            first: true,
            asked: [0; 3],
        };
        let walked = walk(&mut toy, &mut pos, &Limits::default()).expect("walk");
        assert_eq!(walked.outcome, Outcome::Stuck);
        assert!(walked.hits.is_empty());
        assert!(round(&mut toy, &pos).is_none());

        let mut pos = written(EASY);
        let limits = Limits {
            max_steps: 3,
            ..Limits::default()
        };
        let walked = walk(&mut toy, &mut pos, &limits).expect("walk");
        assert_eq!(walked.outcome, Outcome::StepLimit);
        assert_eq!(walked.hits.len(), 3);
    }

    /// A scale whose only row places a wrong digit.
    struct Wrong;

    impl Scale for Wrong {
        type Tag = ();

        fn rows(&self) -> usize {
            1
        }

        fn find(&mut self, _row: usize, pos: &Candidates, out: &mut Vec<Hit<()>>) {
            let cell = Cell::new(0).expect("cell");
            let Some(digit) = pos
                .candidates(cell)
                .iter()
                .find(|&d| d != Digit::new(4).expect("digit"))
            else {
                return;
            };
            let mut step = Step::new(Technique::NakedSingle, 1.0);
            step.placements.push(Placement { cell, digit });
            out.push(Hit {
                step,
                price: 1.0,
                tag: (),
            });
        }

        fn pick(
            &mut self,
            _pos: &Candidates,
            hits: &mut Vec<Hit<()>>,
            _next: Option<usize>,
        ) -> Option<Vec<Hit<()>>> {
            Some(std::mem::take(hits))
        }
    }

    #[test]
    fn with_the_solution_a_wrong_step_ends_the_walk_unapplied() {
        let grid: Grid = EASY.parse().expect("puzzle");
        let solution = sudoku_solve::solve(&grid, Variant::Standard).expect("solution");
        assert_eq!(solution.get(Cell::new(0).expect("cell")), Digit::new(4));
        let mut pos = written(EASY);
        let before = pos.clone();
        let limits = Limits {
            solution: Some(solution),
            ..Limits::default()
        };
        let result = walk(&mut Wrong, &mut pos, &limits);
        assert!(matches!(result, Err(LogicError::Unsound(_))), "{result:?}");
        assert_eq!(
            pos.candidates(Cell::new(0).expect("cell")),
            before.candidates(Cell::new(0).expect("cell"))
        );
    }
}
