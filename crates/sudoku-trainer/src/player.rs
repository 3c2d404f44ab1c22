//! The player's own position — givens, entries and their pencil marks — and
//! what must be known of it before a hint is given from it or Check judges it.
//!
//! A hint from a broken position teaches nothing: once an entry is wrong, or a
//! mark has removed the cell's solution digit, every technique may "prove"
//! nonsense. So [`mistakes`] compares the position with the exact solver's
//! solution first, and [`player_hint`] names the first mistake instead of a
//! step. Cells the player has not marked count as holding every candidate the
//! placed digits allow (a note not yet written is not an empty note); cells
//! with marks hold those marks, less what the placed digits rule out.

use crate::error::TrainerError;
use crate::trainer::{Hint, hint_in};
use crate::wire;
use serde::{Deserialize, Serialize};
use sudoku_core::{Cell, Digit, DigitSet, Grid, Variant};
use sudoku_logic::Candidates;
use sudoku_solve::{Uniqueness, uniqueness};

/// A mistake in the player's position: from here on no sound reasoning leads
/// to the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mistake", rename_all = "kebab-case")]
pub enum Mistake {
    /// An entry differs from the solution.
    WrongEntry {
        /// The cell.
        #[serde(with = "wire::cell")]
        cell: Cell,
        /// The digit the player entered.
        #[serde(with = "wire::digit")]
        digit: Digit,
    },
    /// The player's marks in a cell no longer hold its solution digit.
    LostCandidate {
        /// The cell.
        #[serde(with = "wire::cell")]
        cell: Cell,
        /// The solution digit the marks have lost.
        #[serde(with = "wire::digit")]
        digit: Digit,
    },
}

impl Mistake {
    /// The cell of the mistake.
    pub fn cell(&self) -> Cell {
        match *self {
            Mistake::WrongEntry { cell, .. } | Mistake::LostCandidate { cell, .. } => cell,
        }
    }
}

/// Givens with entries on the cells the givens leave empty.
pub fn board_of(givens: &Grid, entries: &Grid) -> Grid {
    let mut b = *givens;
    for c in Cell::all() {
        if b.get(c).is_none() {
            b.set(c, entries.get(c));
        }
    }
    b
}

/// The mistakes of a position, in reading order (wrong entries first, then lost
/// candidates), judged against the solution of `givens`. Only a puzzle with
/// exactly one solution has a "right" position: with several solutions the list
/// is empty; with none the givens themselves are wrong (an error).
pub fn mistakes(
    givens: &Grid,
    entries: &Grid,
    marks: Option<&[DigitSet; 81]>,
    variant: Variant,
) -> Result<Vec<Mistake>, TrainerError> {
    givens.check(variant)?;
    let solution = match uniqueness(givens, variant) {
        Uniqueness::None => return Err(TrainerError::NoSolution),
        Uniqueness::Multiple(_) => return Ok(Vec::new()),
        Uniqueness::Unique(s) => s,
    };
    Ok(mistakes_against(givens, entries, marks, &solution))
}

/// The mistakes of a position against a known `solution` of `givens`: wrong
/// entries first, then marked cells whose marks lost the solution digit.
pub fn mistakes_against(
    givens: &Grid,
    entries: &Grid,
    marks: Option<&[DigitSet; 81]>,
    solution: &Grid,
) -> Vec<Mistake> {
    let mut out = Vec::new();
    let open = || Cell::all().filter(|&c| givens.get(c).is_none());
    for cell in open() {
        if let (Some(digit), Some(truth)) = (entries.get(cell), solution.get(cell))
            && digit != truth
        {
            out.push(Mistake::WrongEntry { cell, digit });
        }
    }
    if let Some(marks) = marks {
        for cell in open().filter(|&c| entries.get(c).is_none()) {
            let noted = marks[cell.index()];
            if let Some(truth) = solution.get(cell)
                && !noted.is_empty()
                && !noted.contains(truth)
            {
                out.push(Mistake::LostCandidate { cell, digit: truth });
            }
        }
    }
    out
}

/// The candidates of the player's position: on each empty cell the player's
/// marks (every candidate where the cell has none), less what the placed digits
/// exclude. An error when digits clash or a marked cell keeps no candidate.
pub fn player_candidates(
    board: &Grid,
    marks: Option<&[DigitSet; 81]>,
    variant: Variant,
) -> Result<Candidates, TrainerError> {
    let mut pos = Candidates::new(board, variant)?;
    pos.write_candidates();
    let Some(marks) = marks else {
        return Ok(pos);
    };
    let mut fields = [DigitSet::EMPTY; 81];
    for cell in pos.empty_cells().iter() {
        let noted = marks[cell.index()];
        fields[cell.index()] = if noted.is_empty() {
            pos.candidates(cell)
        } else {
            noted
        };
    }
    Ok(Candidates::from_fields(board, variant, &fields)?)
}

/// What a hint from the player's position is.
#[derive(Clone, Debug)]
pub enum PlayerHint {
    /// Every cell is filled (and right, if the puzzle is unique).
    Solved,
    /// The position has gone wrong: this comes first.
    Mistake(Mistake),
    /// The next step, with the candidates it was found in (to render it).
    Step {
        /// The step.
        hint: Box<Hint>,
        /// The position it was found in.
        position: Box<Candidates>,
    },
    /// No technique applies (only on a puzzle with several solutions, where
    /// trial and error and the uniqueness techniques are not tried).
    Stuck,
}

/// Where the player stands: the position of their entries and marks, or
/// that it is solved or has gone wrong.
#[derive(Clone, Debug)]
pub enum PlayerPosition {
    /// Every cell is filled (and right, if the puzzle is unique).
    Solved,
    /// The position has gone wrong: this comes first.
    Mistake(Mistake),
    /// The position (its uniqueness assumed when the puzzle is unique), and
    /// whether the puzzle is.
    At(Box<Candidates>, bool),
}

/// The player's position: the givens checked and their solutions counted,
/// the first mistake named, else the candidates of the board (the player's
/// marks where given).
pub fn player_position(
    givens: &Grid,
    entries: &Grid,
    marks: Option<&[DigitSet; 81]>,
    variant: Variant,
) -> Result<PlayerPosition, TrainerError> {
    givens.check(variant)?;
    let unique = match uniqueness(givens, variant) {
        Uniqueness::None => return Err(TrainerError::NoSolution),
        Uniqueness::Multiple(_) => false,
        Uniqueness::Unique(solution) => {
            if let Some(&m) = mistakes_against(givens, entries, marks, &solution).first() {
                return Ok(PlayerPosition::Mistake(m));
            }
            true
        }
    };
    let board = board_of(givens, entries);
    let mut pos = player_candidates(&board, marks, variant)?;
    if pos.is_solved() {
        return Ok(PlayerPosition::Solved);
    }
    pos.assume_unique(unique);
    Ok(PlayerPosition::At(Box::new(pos), unique))
}

/// The next step from the player's position, or the first mistake in it.
pub fn player_hint(
    givens: &Grid,
    entries: &Grid,
    marks: Option<&[DigitSet; 81]>,
    variant: Variant,
) -> Result<PlayerHint, TrainerError> {
    let (pos, unique) = match player_position(givens, entries, marks, variant)? {
        PlayerPosition::Solved => return Ok(PlayerHint::Solved),
        PlayerPosition::Mistake(m) => return Ok(PlayerHint::Mistake(m)),
        PlayerPosition::At(pos, unique) => (*pos, unique),
    };
    Ok(match hint_in(&pos, Some(unique)) {
        Some(hint) => PlayerHint::Step {
            hint: Box::new(hint),
            position: Box::new(pos),
        },
        None => PlayerHint::Stuck,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn grid(s: &str) -> Grid {
        s.parse().expect("test grid")
    }

    fn solution() -> Grid {
        sudoku_solve::solve(&grid(PUZZLE), Variant::Standard).expect("unique puzzle")
    }

    #[test]
    fn a_wrong_entry_comes_before_any_step() {
        let givens = grid(PUZZLE);
        let cell = Cell::at(0, 0).expect("r1c1");
        let truth = solution().get(cell).expect("solved cell");
        let wrong = Digit::new(truth.get() % 9 + 1).expect("digit");
        let mut entries = Grid::EMPTY;
        entries.set(cell, Some(wrong));
        let got = player_hint(&givens, &entries, None, Variant::Standard).expect("hint");
        assert!(
            matches!(got, PlayerHint::Mistake(Mistake::WrongEntry { cell: c, digit }) if c == cell && digit == wrong),
            "{got:?}"
        );
    }

    #[test]
    fn a_mark_without_the_solution_digit_is_named() {
        let givens = grid(PUZZLE);
        let cell = Cell::at(0, 0).expect("r1c1");
        let truth = solution().get(cell).expect("solved cell");
        let mut marks = [DigitSet::EMPTY; 81];
        marks[cell.index()] = DigitSet::ALL - DigitSet::single(truth);
        let got =
            player_hint(&givens, &Grid::EMPTY, Some(&marks), Variant::Standard).expect("hint");
        assert!(
            matches!(got, PlayerHint::Mistake(Mistake::LostCandidate { cell: c, digit }) if c == cell && digit == truth),
            "{got:?}"
        );
    }

    #[test]
    fn the_hint_reads_the_players_marks() {
        // Reduce one empty cell's marks to its solution digit: the easiest step
        // becomes the naked single the marks show there.
        let givens = grid(PUZZLE);
        let sol = solution();
        let cell = Cell::all()
            .filter(|&c| givens.get(c).is_none())
            .last()
            .expect("an empty cell");
        let mut marks = [DigitSet::EMPTY; 81];
        let truth = sol.get(cell).expect("solved");
        marks[cell.index()] = DigitSet::single(truth);
        let got =
            player_hint(&givens, &Grid::EMPTY, Some(&marks), Variant::Standard).expect("hint");
        let PlayerHint::Step { hint, position } = got else {
            panic!("expected a step, got {got:?}");
        };
        assert_eq!(position.candidates(cell), DigitSet::single(truth));
        // Whatever the step is, it is true to the solution.
        for p in &hint.placements {
            assert_eq!(sol.get(p.cell), Some(p.digit));
        }
        for e in &hint.eliminations {
            assert_ne!(sol.get(e.cell), Some(e.digit));
        }
        // Without the marks, the same cell holds more.
        let plain = player_candidates(&givens, None, Variant::Standard).expect("candidates");
        assert!(plain.candidates(cell).len() > 1);
    }

    #[test]
    fn unmarked_cells_hold_every_candidate_and_marks_lose_what_peers_exclude() {
        let givens = grid(PUZZLE);
        let mut marks = [DigitSet::EMPTY; 81];
        let cell = Cell::at(0, 0).expect("r1c1");
        marks[cell.index()] = DigitSet::ALL;
        let pos = player_candidates(&givens, Some(&marks), Variant::Standard).expect("ok");
        let plain = player_candidates(&givens, None, Variant::Standard).expect("ok");
        for c in Cell::all() {
            assert_eq!(pos.candidates(c), plain.candidates(c), "{c}");
        }
    }

    #[test]
    fn several_solutions_have_no_mistakes_and_no_solution_is_an_error() {
        let open = grid(&".".repeat(81));
        let mut entries = Grid::EMPTY;
        entries.set(Cell::at(0, 0).expect("r1c1"), Digit::new(5));
        assert_eq!(
            mistakes(&open, &entries, None, Variant::Standard),
            Ok(Vec::new())
        );
        let mut bad = grid(PUZZLE);
        // A given that fits its peers but leaves no solution.
        let cell = Cell::all()
            .find(|&c| {
                bad.get(c).is_none() && {
                    let mut g = bad;
                    g.set(c, Some(Digit::new(1).expect("1")));
                    g.check(Variant::Standard).is_ok()
                        && sudoku_solve::solve(&g, Variant::Standard).is_none()
                }
            })
            .expect("a bad given exists");
        bad.set(cell, Digit::new(1));
        assert_eq!(
            mistakes(&bad, &Grid::EMPTY, None, Variant::Standard),
            Err(TrainerError::NoSolution)
        );
    }
}
