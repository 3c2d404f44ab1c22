//! A player's session: givens, entries, the candidate mode, and the operations the
//! trainer page offers on them — evaluate, check the entries against the
//! solution, the two-press manual Step, and a Hint from the human-style solver.
//!
//! Givens are locked while solving; entries are the player's (or solver's) digits.
//! The exact solver decides what is right (Check) and what a manual guess should
//! be; the trainer's own evaluation decides what the manual Step proposes
//! otherwise, by the same priority rule as the automatic search.

use crate::error::TrainerError;
use crate::eval::{CellDigit, Contradiction, EvalMode, Evaluation, evaluate};
use crate::level::{DEFAULT_MAX_STEPS, Rating, rate};
use crate::player::{Mistake, mistakes_against};
use crate::search::{Move, MoveKind, Search, choose, guess_cell, lookahead};
use crate::wire;
use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, House, Variant};
use sudoku_logic::{Candidates, Family, FindMode, Step, TABLE, Technique};
use sudoku_solve::{Uniqueness, count, solve, uniqueness};

/// A player's session with one puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trainer {
    #[serde(with = "wire::variant")]
    variant: Variant,
    #[serde(with = "wire::grid")]
    givens: Grid,
    #[serde(with = "wire::grid")]
    entries: Grid,
    mode: EvalMode,
    seed: u64,
    /// The move proposed by the first press of Step.
    pending: Option<Move>,
}

/// The result of Check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CheckReport {
    /// The entries that are wrong.
    #[serde(with = "wire::cell_set")]
    pub wrong: CellSet,
    /// The player's marks that removed their cell's solution digit (the cell
    /// and that digit).
    #[serde(default)]
    pub lost: Vec<CellDigit>,
    /// Whether the puzzle has exactly one solution.
    pub unique: bool,
    /// Whether every cell is filled and right.
    pub solved: bool,
}

/// What a press of the manual Step did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
pub enum ManualStep {
    /// First press: the cell to set next and why (nothing changed yet).
    Proposed {
        /// The proposal.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// Second press: the proposed digit was set.
    Placed {
        /// The placement.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// The position contradicts itself; an entry must be taken back.
    Contradiction {
        /// The contradiction.
        contradiction: Contradiction,
    },
    /// The entries cannot be completed to a solution, though nothing shows yet.
    NoSolution,
    /// Every cell is filled.
    Solved,
}

/// The next step of the human-style solver, as data.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hint {
    /// The technique.
    #[serde(with = "wire::technique")]
    pub technique: Technique,
    /// Digits it places.
    pub placements: Vec<CellDigit>,
    /// Candidates it removes.
    pub eliminations: Vec<CellDigit>,
    /// The cells of the pattern.
    #[serde(with = "wire::cell_set")]
    pub cells: CellSet,
    /// The houses the reasoning uses.
    #[serde(with = "wire::houses")]
    pub houses: Vec<House>,
    /// The digits the reasoning is about.
    #[serde(with = "wire::digit_set")]
    pub digits: DigitSet,
    /// The full step of `sudoku-logic` (for rendering its explanation with
    /// `sudoku-explain`); not serialised.
    #[serde(skip)]
    pub step: Option<Step>,
}

impl Hint {
    fn from_step(step: Step) -> Hint {
        let pair = |cell, digit| CellDigit { cell, digit };
        Hint {
            technique: step.technique,
            placements: step
                .placements
                .iter()
                .map(|p| pair(p.cell, p.digit))
                .collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|e| pair(e.cell, e.digit))
                .collect(),
            cells: step.cells,
            houses: step.houses.clone(),
            digits: step.digits,
            step: Some(step),
        }
    }
}

/// The next human-style step on `board` (givens and entries): the first hit of
/// the first technique of `sudoku_logic::TABLE` that finds anything on the
/// board's written candidates — what `sudoku_logic::next_steps` reports first.
/// `None` when the board is full or no technique applies.
///
/// Trial and error, the table's last resort, is only tried when the board has
/// exactly one solution: on an open board (a half-entered puzzle in the define
/// phase) it would search for hundreds of milliseconds and find nothing. The
/// uniqueness techniques (unique rectangles, BUG+1) likewise run only then:
/// on a board with several solutions they would be unsound.
pub fn hint(board: &Grid, variant: Variant) -> Result<Option<Hint>, TrainerError> {
    let mut pos = Candidates::new(board, variant)?;
    if pos.is_solved() {
        return Ok(None);
    }
    pos.write_candidates();
    Ok(first_hint(&pos, || count(board, variant, Some(2)) == 1))
}

/// The next human-style step in a position with written candidates (the
/// player's own marks, say); `unique` says whether the puzzle has exactly one
/// solution (`None`: find out by counting, only if a row needs it).
pub(crate) fn hint_in(pos: &Candidates, unique: Option<bool>) -> Option<Hint> {
    let grid = *pos.grid();
    let variant = pos.variant();
    first_hint(pos, || {
        unique.unwrap_or_else(|| count(&grid, variant, Some(2)) == 1)
    })
}

fn first_hint(pos: &Candidates, unique: impl FnOnce() -> bool) -> Option<Hint> {
    let mut pos = pos.clone();
    let mut hits = Vec::new();
    let mut unique = Some(unique);
    let mut known: Option<bool> = None;
    for info in TABLE {
        if !info.phase.allows(pos.is_written()) {
            continue;
        }
        // Asked only here: most hints are found long before these rows.
        if info.technique == Technique::TrialAndError || info.family == Family::Uniqueness {
            let is_unique = *known.get_or_insert_with(|| unique.take().is_some_and(|f| f()));
            if !is_unique {
                continue;
            }
            pos.assume_unique(true);
        }
        info.find(&pos, &mut hits, FindMode::All);
        if let Some(step) = hits.drain(..).next() {
            return Some(Hint::from_step(step));
        }
    }
    None
}

/// Checks `entries` against the solutions of `givens`: with one solution, an
/// entry is wrong when it differs from it; with several, when no solution has the
/// entry's digit there — or, if each entry fits some solution but not all of them
/// together, when it differs from the exact solver's first solution.
pub fn check(givens: &Grid, entries: &Grid, variant: Variant) -> Result<CheckReport, TrainerError> {
    check_position(givens, entries, None, variant)
}

/// [`check`], and with the player's pencil marks also the marks that removed
/// their cell's solution digit (only for a puzzle with one solution).
pub fn check_position(
    givens: &Grid,
    entries: &Grid,
    marks: Option<&[DigitSet; 81]>,
    variant: Variant,
) -> Result<CheckReport, TrainerError> {
    givens.check(variant)?;
    let first = match uniqueness(givens, variant) {
        Uniqueness::None => return Err(TrainerError::NoSolution),
        Uniqueness::Unique(s) => (s, true),
        Uniqueness::Multiple(s) => (s, false),
    };
    let (solution, unique) = first;
    let placed: Vec<(Cell, Digit)> = Cell::all()
        .filter(|&c| givens.get(c).is_none())
        .filter_map(|c| entries.get(c).map(|d| (c, d)))
        .collect();
    let mut wrong = CellSet::EMPTY;
    if unique {
        for &(c, d) in &placed {
            if solution.get(c) != Some(d) {
                wrong.insert(c);
            }
        }
    } else {
        let mut board = *givens;
        for &(c, d) in &placed {
            board.set(c, Some(d));
        }
        if board.check(variant).is_err() || solve(&board, variant).is_none() {
            for &(c, d) in &placed {
                let mut one = *givens;
                one.set(c, Some(d));
                if one.check(variant).is_err() || solve(&one, variant).is_none() {
                    wrong.insert(c);
                }
            }
            if wrong.is_empty() {
                for &(c, d) in &placed {
                    if solution.get(c) != Some(d) {
                        wrong.insert(c);
                    }
                }
            }
        }
    }
    let filled = placed.len() + givens.filled() == 81;
    let lost = if unique {
        mistakes_against(givens, entries, marks, &solution)
            .into_iter()
            .filter_map(|m| match m {
                Mistake::LostCandidate { cell, digit } => Some(CellDigit { cell, digit }),
                Mistake::WrongEntry { .. } => None,
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(CheckReport {
        wrong,
        lost,
        unique,
        solved: filled && wrong.is_empty(),
    })
}

impl Trainer {
    /// A session on `givens` as `variant`, no entries, evaluating in `mode`,
    /// guessing (in manual steps) by `seed`.
    pub fn new(givens: &Grid, variant: Variant, mode: EvalMode, seed: u64) -> Trainer {
        Trainer {
            variant,
            givens: *givens,
            entries: Grid::EMPTY,
            mode,
            seed,
            pending: None,
        }
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The entries (cells holding a given are ignored).
    pub fn entries(&self) -> &Grid {
        &self.entries
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The candidate mode.
    pub fn mode(&self) -> EvalMode {
        self.mode
    }

    /// Changes the candidate mode.
    pub fn set_mode(&mut self, mode: EvalMode) {
        self.mode = mode;
    }

    /// The proposal of the last first press of Step, if still open.
    pub fn pending(&self) -> Option<&Move> {
        self.pending.as_ref()
    }

    /// Givens and entries together.
    pub fn board(&self) -> Grid {
        let mut b = self.givens;
        for c in Cell::all() {
            if b.get(c).is_none() {
                b.set(c, self.entries.get(c));
            }
        }
        b
    }

    /// Sets (or with `None` clears) the entry of `cell`; a given cannot change.
    pub fn set_entry(&mut self, cell: Cell, digit: Option<Digit>) -> Result<(), TrainerError> {
        if self.givens.get(cell).is_some() {
            return Err(TrainerError::GivenLocked { cell });
        }
        self.entries.set(cell, digit);
        self.pending = None;
        Ok(())
    }

    /// Removes every entry, keeping the givens (the seed's "Zurück").
    pub fn reset(&mut self) {
        self.entries = Grid::EMPTY;
        self.pending = None;
    }

    /// The evaluation of the board in the session's mode.
    pub fn evaluate(&self) -> Evaluation {
        evaluate(&self.board(), self.variant, self.mode)
    }

    /// Checks the entries against the solution.
    pub fn check(&self) -> Result<CheckReport, TrainerError> {
        check(&self.givens, &self.entries, self.variant)
    }

    /// The next human-style step on the board.
    pub fn hint(&self) -> Result<Option<Hint>, TrainerError> {
        hint(&self.board(), self.variant)
    }

    /// The level and search statistics of the givens (computed when the page
    /// enters the solve phase).
    pub fn rate(&self) -> Result<Rating, TrainerError> {
        rate(&self.givens, self.variant, self.seed, DEFAULT_MAX_STEPS)
    }

    /// An automatic search from the current board (givens and entries, which it
    /// never undoes) in the session's mode (Start / Step of the page).
    pub fn search(&self) -> Search {
        Search::new(&self.board(), self.variant, self.mode, self.seed)
    }

    /// The manual Step: the first press proposes the cell the search would set
    /// next and why; the second sets it. A guess is proposed with the digit of a
    /// solution of the board, so manual play never goes wrong by Step.
    pub fn manual_step(&mut self) -> ManualStep {
        let board = self.board();
        if let Some(mv) = self.pending.take()
            && board.get(mv.cell).is_none()
        {
            self.entries.set(mv.cell, Some(mv.digit));
            return ManualStep::Placed { mv };
        }
        // As the automatic search: choose lazily, test in the session's mode.
        let (eval, contradiction) = lookahead(&board, self.variant, self.mode);
        if let Some(contradiction) = contradiction {
            return ManualStep::Contradiction { contradiction };
        }
        if board.is_full() {
            return ManualStep::Solved;
        }
        let forced = !eval.necessary.is_empty()
            || !eval.singles.is_empty()
            || !eval.hidden_singles.is_empty();
        let mv = if forced {
            choose(&eval, self.seed)
        } else {
            let Some(solution) = solve(&board, self.variant) else {
                return ManualStep::NoSolution;
            };
            guess_cell(&eval, self.seed).and_then(|cell| {
                Some(Move {
                    cell,
                    digit: solution.get(cell)?,
                    kind: MoveKind::Guess {
                        options: eval.options[cell.index()],
                    },
                })
            })
        };
        match mv {
            Some(mv) => {
                self.pending = Some(mv.clone());
                ManualStep::Proposed { mv }
            }
            None => ManualStep::NoSolution,
        }
    }
}
