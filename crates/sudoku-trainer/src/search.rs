//! The trainer's step-by-step search as a state machine (SPEC §4, "Die Lösungssuche").
//!
//! Forward, the search places by priority: a necessary number, else a single,
//! else a hidden single, else it guesses — a cell among those with fewest options,
//! trying its options in ascending order. After every placement the position is
//! evaluated in the search's mode; on a contradiction the search turns backward
//! and undoes placements one by one until it reaches a guessed cell with an
//! untried option, which it then places. Every placement and every undo is one
//! step; every turn from forward to backward is one backtrack run. After a
//! solution, [`Search::next_solution`] turns backward again to look for the next;
//! when the first placement has no untried option left the search space is
//! exhausted.
//!
//! The next placement is always chosen from the lazy evaluation; the mode only
//! decides how a position is tested for a contradiction (see [`lookahead`]).
//!
//! One call of [`Search::step`] does one counted step (or reports the end), so a
//! page can animate the search and pause it anywhere. The guessed cell is chosen
//! from a hash of the seed and the board, not from a random stream: the choice
//! depends only on the position, so Lazy and Strict (which meet the same positions
//! at their guesses) explore the same options, and a search is reproducible.
//! The whole state serialises; a state read back from outside is never trusted to
//! be consistent, only to be safe: every operation is total.

use crate::eval::{CellDigit, Contradiction, EvalMode, Evaluation, evaluate};
use crate::wire;
use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Grid, House, Variant};

/// Why the search (or a manual step) chose a placement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum MoveKind {
    /// A necessary number: the digit's only place in `houses`.
    Necessary {
        /// The houses in which the cell is the digit's only place.
        #[serde(with = "wire::houses")]
        houses: Vec<House>,
        /// Whether it shows among the plain candidates (no inadmissible needed).
        direct: bool,
    },
    /// The cell's only candidate.
    Single,
    /// The cell's only option after inadmissible candidates are removed.
    HiddenSingle,
    /// A guess in a cell with fewest options.
    Guess {
        /// The options of the cell when it was chosen.
        #[serde(with = "wire::digit_set")]
        options: DigitSet,
    },
}

/// A placement with its reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// The cell.
    #[serde(with = "wire::cell")]
    pub cell: Cell,
    /// The digit.
    #[serde(with = "wire::digit")]
    pub digit: Digit,
    /// Why.
    pub kind: MoveKind,
}

/// Where the search is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Placing.
    Forward,
    /// Undoing after a contradiction (or to look for the next solution).
    Backward,
    /// The board is a solution; [`Search::next_solution`] continues.
    Solved,
    /// No (further) solution exists.
    Exhausted,
}

/// What one call of [`Search::step`] did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// A digit was placed (one step).
    Placed {
        /// The placement and its reason.
        #[serde(rename = "move")]
        mv: Move,
    },
    /// A placement was taken back (one step). `contradiction` is set on the
    /// first undo of a backtrack run: the reason the search turned.
    Undone {
        /// The cell emptied.
        #[serde(with = "wire::cell")]
        cell: Cell,
        /// The digit removed.
        #[serde(with = "wire::digit")]
        digit: Digit,
        /// What made the search turn backward, on the first undo of a run.
        contradiction: Option<Contradiction>,
    },
    /// The board is a solution (no step).
    Solved {
        /// The solution.
        #[serde(with = "wire::grid")]
        grid: Grid,
    },
    /// Nothing is left to try (no step): no solution, or no further one.
    Exhausted,
}

/// One placement on the search's stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The placement.
    #[serde(rename = "move")]
    pub mv: Move,
    /// For a guess, the options not yet tried.
    #[serde(with = "wire::digit_set")]
    pub untried: DigitSet,
}

/// How often each kind of placement was made going forward.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveCounts {
    /// Necessary numbers visible among the plain candidates.
    pub necessary_direct: u64,
    /// Necessary numbers that needed inadmissible candidates.
    pub necessary_indirect: u64,
    /// Singles.
    pub single: u64,
    /// Hidden singles.
    pub hidden_single: u64,
    /// Guesses (including retries of the next option).
    pub guess: u64,
}

/// The search state.
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// use sudoku_trainer::{EvalMode, Phase, Search};
/// let p: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let mut s = Search::new(&p, Variant::Standard, EvalMode::Lazy, 1);
/// assert_eq!(s.run(100_000), Phase::Solved);
/// assert!(s.board().is_solution_of(&p, Variant::Standard));
/// assert_eq!(s.steps(), 81 - p.filled() as u64);
/// assert_eq!(s.backtrack_runs(), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Search {
    #[serde(with = "wire::variant")]
    variant: Variant,
    mode: EvalMode,
    seed: u64,
    #[serde(with = "wire::grid")]
    start: Grid,
    #[serde(with = "wire::grid")]
    board: Grid,
    stack: Vec<Frame>,
    phase: Phase,
    /// A guessed cell to place its next untried option in.
    retry: Option<Frame>,
    steps: u64,
    backtrack_runs: u64,
    solutions: u64,
    counts: MoveCounts,
}

impl Search {
    /// A search from `start` (givens and any entries, never undone) evaluating in
    /// `mode` (None searches like Lazy), guessing by `seed`.
    pub fn new(start: &Grid, variant: Variant, mode: EvalMode, seed: u64) -> Search {
        Search {
            variant,
            mode,
            seed,
            start: *start,
            board: *start,
            stack: Vec::new(),
            phase: Phase::Forward,
            retry: None,
            steps: 0,
            backtrack_runs: 0,
            solutions: 0,
            counts: MoveCounts::default(),
        }
    }

    /// The current board.
    pub fn board(&self) -> &Grid {
        &self.board
    }

    /// The board the search started from.
    pub fn start(&self) -> &Grid {
        &self.start
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The evaluation mode.
    pub fn mode(&self) -> EvalMode {
        self.mode
    }

    /// Where the search is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Placements plus undos so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Turns from forward to backward so far.
    pub fn backtrack_runs(&self) -> u64 {
        self.backtrack_runs
    }

    /// Solutions found so far.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// Forward placements by kind.
    pub fn counts(&self) -> MoveCounts {
        self.counts
    }

    /// The placements on the stack, oldest first.
    pub fn stack(&self) -> &[Frame] {
        &self.stack
    }

    /// The cells the search has filled (the stack as a set).
    pub fn filled(&self) -> CellSet {
        self.stack.iter().map(|f| f.mv.cell).collect()
    }

    /// Whether the state hangs together: the board is the start plus the stack's
    /// placements, each on a cell empty at the start, and a pending retry is on
    /// such a cell. A state read back from outside (JSON from a client) should be
    /// checked with this before use; an inconsistent one never panics, but its
    /// steps mean nothing.
    pub fn is_consistent(&self) -> bool {
        let mut board = self.start;
        for f in &self.stack {
            if board.get(f.mv.cell).is_some() {
                return false;
            }
            board.set(f.mv.cell, Some(f.mv.digit));
        }
        let retry_ok = self
            .retry
            .as_ref()
            .is_none_or(|f| board.get(f.mv.cell).is_none() && self.phase == Phase::Forward);
        board == self.board && retry_ok
    }

    /// The evaluation of the current board in the search's mode.
    pub fn evaluation(&self) -> Evaluation {
        evaluate(&self.board, self.variant, self.mode)
    }

    /// Does one step (a placement or an undo) or reports the end.
    pub fn step(&mut self) -> Event {
        match self.phase {
            Phase::Solved => Event::Solved { grid: self.board },
            Phase::Exhausted => Event::Exhausted,
            Phase::Backward => self.undo(None),
            Phase::Forward => {
                if let Some(frame) = self.retry.take() {
                    return self.retry_guess(frame);
                }
                let (eval, contradiction) = lookahead(&self.board, self.variant, self.mode);
                if let Some(c) = contradiction {
                    self.phase = Phase::Backward;
                    self.backtrack_runs += 1;
                    return self.undo(Some(c));
                }
                if self.board.is_full() {
                    self.phase = Phase::Solved;
                    self.solutions += 1;
                    return Event::Solved { grid: self.board };
                }
                match choose(&eval, self.seed) {
                    Some(mv) => {
                        let untried = match &mv.kind {
                            MoveKind::Guess { options } => *options - DigitSet::single(mv.digit),
                            _ => DigitSet::EMPTY,
                        };
                        self.place(Frame { mv, untried })
                    }
                    // Unreachable for a consistent evaluation (an empty cell has
                    // options or is a contradiction); treat it as a dead end.
                    None => {
                        self.phase = Phase::Backward;
                        self.backtrack_runs += 1;
                        self.undo(None)
                    }
                }
            }
        }
    }

    /// Steps until a solution, exhaustion or `max_steps` more steps; returns the
    /// phase reached.
    pub fn run(&mut self, max_steps: u64) -> Phase {
        let limit = self.steps.saturating_add(max_steps);
        while matches!(self.phase, Phase::Forward | Phase::Backward) && self.steps < limit {
            // Every 256 steps (a few hundred microseconds): stop when the
            // caller's interrupt fired (see `sudoku_core::interrupt`).
            if self.steps.is_multiple_of(256) && sudoku_core::interrupt::requested() {
                break;
            }
            self.step();
        }
        // A solution or a contradiction is recognised on the call after the last
        // step; do that call too when the budget ran out exactly there.
        if matches!(self.phase, Phase::Forward)
            && self.steps >= limit
            && self.retry.is_none()
            && self.board.is_full()
            && lookahead(&self.board, self.variant, self.mode).1.is_none()
        {
            self.step();
        }
        self.phase
    }

    /// After a solution, turns backward to look for the next one (a backtrack run).
    /// Returns whether the search was at a solution.
    pub fn next_solution(&mut self) -> bool {
        if self.phase != Phase::Solved {
            return false;
        }
        self.phase = Phase::Backward;
        self.backtrack_runs += 1;
        true
    }

    fn place(&mut self, frame: Frame) -> Event {
        let mv = frame.mv.clone();
        match &mv.kind {
            MoveKind::Necessary { direct: true, .. } => self.counts.necessary_direct += 1,
            MoveKind::Necessary { direct: false, .. } => self.counts.necessary_indirect += 1,
            MoveKind::Single => self.counts.single += 1,
            MoveKind::HiddenSingle => self.counts.hidden_single += 1,
            MoveKind::Guess { .. } => self.counts.guess += 1,
        }
        self.board.set(mv.cell, Some(mv.digit));
        self.stack.push(frame);
        self.steps += 1;
        Event::Placed { mv }
    }

    fn retry_guess(&mut self, mut frame: Frame) -> Event {
        match frame.untried.first() {
            Some(digit) => {
                frame.untried.remove(digit);
                frame.mv.digit = digit;
                self.place(frame)
            }
            None => self.undo(None),
        }
    }

    fn undo(&mut self, contradiction: Option<Contradiction>) -> Event {
        let Some(frame) = self.stack.pop() else {
            self.phase = Phase::Exhausted;
            return Event::Exhausted;
        };
        self.board.set(frame.mv.cell, None);
        self.steps += 1;
        let event = Event::Undone {
            cell: frame.mv.cell,
            digit: frame.mv.digit,
            contradiction,
        };
        if !frame.untried.is_empty() {
            self.phase = Phase::Forward;
            self.retry = Some(frame);
        } else {
            self.phase = Phase::Backward;
        }
        event
    }
}

/// What the search sees in a position: the lazy evaluation it chooses its next
/// placement from, and the contradiction it tests for — in Strict mode the full
/// evaluation's (reported first) or else the lazy one's.
///
/// Choosing by the lazy evaluation in both modes makes Lazy and Strict walk the
/// same path and guess at the same positions ("the solver examines the same
/// options in both modes"); Strict only recognises a dead end earlier, so it takes
/// no more steps and makes the same backtrack runs.
pub fn lookahead(
    board: &Grid,
    variant: Variant,
    mode: EvalMode,
) -> (Evaluation, Option<Contradiction>) {
    let lazy = evaluate(board, variant, EvalMode::Lazy);
    let contradiction = if mode.is_strict() {
        evaluate(board, variant, mode)
            .contradiction
            .or_else(|| lazy.contradiction.clone())
    } else {
        lazy.contradiction.clone()
    };
    (lazy, contradiction)
}

/// The next placement by the priority rule, from an evaluation without a
/// contradiction: a necessary number (those visible among the plain candidates
/// first), a single, a hidden single, else a guess (smallest option of a cell
/// chosen by `seed` among those with fewest options). `None` when no cell is empty.
pub fn choose(eval: &Evaluation, seed: u64) -> Option<Move> {
    let necessary = eval
        .necessary
        .iter()
        .find(|n| n.direct)
        .or_else(|| eval.necessary.first());
    if let Some(n) = necessary {
        return Some(Move {
            cell: n.cell,
            digit: n.digit,
            kind: MoveKind::Necessary {
                houses: n.houses.clone(),
                direct: n.direct,
            },
        });
    }
    let simple = |cd: &CellDigit, kind: MoveKind| Move {
        cell: cd.cell,
        digit: cd.digit,
        kind,
    };
    if let Some(s) = eval.singles.first() {
        return Some(simple(s, MoveKind::Single));
    }
    if let Some(s) = eval.hidden_singles.first() {
        return Some(simple(s, MoveKind::HiddenSingle));
    }
    let cell = guess_cell(eval, seed)?;
    let options = eval.options[cell.index()];
    Some(Move {
        cell,
        digit: options.first()?,
        kind: MoveKind::Guess { options },
    })
}

/// A cell among the empty ones with fewest options, picked by a hash of `seed`
/// and the board.
pub(crate) fn guess_cell(eval: &Evaluation, seed: u64) -> Option<Cell> {
    let empty: Vec<Cell> = Cell::all()
        .filter(|&c| eval.board.get(c).is_none() && !eval.options[c.index()].is_empty())
        .collect();
    let fewest = empty.iter().map(|c| eval.options[c.index()].len()).min()?;
    let ties: Vec<Cell> = empty
        .into_iter()
        .filter(|c| eval.options[c.index()].len() == fewest)
        .collect();
    let pick = (mix(seed, &eval.board) % ties.len() as u64) as usize;
    ties.get(pick).copied()
}

/// FNV-1a over the board, finished with splitmix64 and the seed.
fn mix(seed: u64, board: &Grid) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &v in board.values() {
        h ^= u64::from(v);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    let mut z = h ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
