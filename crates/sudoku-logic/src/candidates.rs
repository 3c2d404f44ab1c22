//! The position a human solver works on: placed digits plus the candidates of every
//! empty cell.
//!
//! [`Candidates`] keeps three views in step — per-cell candidate sets, per-digit
//! candidate cell sets and the set of empty cells — so that techniques can ask
//! either "what may go here" or "where may this digit go" with one bitset read. The
//! only ways to change it are [`Candidates::place`], [`Candidates::eliminate`] and
//! [`Candidates::apply`], which keep the views consistent. It is a plain value
//! (about 450 bytes, no heap), so cloning a position for trial and error is cheap.
//!
//! Before candidates are *written* (the step `write-candidates`), the candidate sets
//! are still maintained — they are exactly the digits no placed peer excludes — but
//! techniques that need pencil marks do not run and nothing may be eliminated.

use crate::step::{Detail, Step};
use sudoku_core::{Cell, CellSet, Conflict, Digit, DigitSet, Grid, House, Variant};

/// Why a step or a change could not be applied to a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ApplyError {
    /// The cell already holds a digit.
    #[error("{cell} already holds {held}, cannot place {digit}")]
    CellFilled {
        /// The cell.
        cell: Cell,
        /// The digit it holds.
        held: Digit,
        /// The digit that was to be placed.
        digit: Digit,
    },
    /// The digit is no longer a candidate of the cell.
    #[error("{digit} is not a candidate of {cell}")]
    NotACandidate {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
    /// Candidates were eliminated before they were written.
    #[error("cannot eliminate {digit} from {cell} before candidates are written")]
    NotWritten {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: Digit,
    },
}

/// Why a candidate state given from outside (e.g. a trainer's pencil marks) is not a
/// position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CandidatesError {
    /// Two equal placed digits in a house.
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// An empty cell without any candidate.
    #[error("{cell} is empty and has no candidate")]
    NoCandidate {
        /// The cell.
        cell: Cell,
    },
}

/// A state in which the position cannot be completed any more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Contradiction {
    /// An empty cell has no candidate left.
    EmptyCell(Cell),
    /// A digit is neither placed nor a candidate anywhere in a house.
    MissingDigit(House, Digit),
}

/// A position: the variant, the placed digits and the candidates of the empty cells.
///
/// ```
/// use sudoku_core::{Cell, Digit, Grid, Variant};
/// use sudoku_logic::Candidates;
/// let mut pos = Candidates::new(&Grid::EMPTY, Variant::Standard).unwrap();
/// let (c, d) = (Cell::at(0, 0).unwrap(), Digit::new(5).unwrap());
/// pos.place(c, d).unwrap();
/// assert!(!pos.candidates(Cell::at(0, 8).unwrap()).contains(d));
/// assert_eq!(pos.cells_with(d).len(), 81 - 1 - 20);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Candidates {
    variant: Variant,
    grid: Grid,
    cands: [DigitSet; 81],
    by_digit: [CellSet; 9],
    empty: CellSet,
    written: bool,
    givens: CellSet,
    unique: bool,
}

impl Candidates {
    /// The starting position of `puzzle`: its givens placed, candidates derived from
    /// them but not yet written. Fails when two givens clash.
    pub fn new(puzzle: &Grid, variant: Variant) -> Result<Candidates, Conflict> {
        puzzle.check(variant)?;
        let mut pos = Candidates {
            variant,
            grid: Grid::EMPTY,
            cands: [DigitSet::ALL; 81],
            by_digit: [CellSet::ALL; 9],
            empty: CellSet::ALL,
            written: false,
            givens: CellSet::EMPTY,
            unique: false,
        };
        for cell in Cell::all() {
            if let Some(d) = puzzle.get(cell) {
                // Givens do not clash, so every given is still a candidate here.
                pos.put(cell, d);
                pos.givens.insert(cell);
            }
        }
        Ok(pos)
    }

    /// A position with written candidates taken from outside (a trainer's pencil
    /// marks): each empty cell keeps the given candidates that no placed peer
    /// excludes. Every filled cell of `grid` counts as a given (the board does
    /// not say which digits were solved), which keeps the avoidable rectangles,
    /// the only techniques that tell them apart, on the safe side.
    pub fn from_fields(
        grid: &Grid,
        variant: Variant,
        fields: &[DigitSet; 81],
    ) -> Result<Candidates, CandidatesError> {
        let mut pos = Candidates::new(grid, variant)?;
        pos.written = true;
        for cell in pos.empty.iter() {
            let keep = fields[cell.index()];
            for d in (pos.cands[cell.index()] - keep).iter() {
                pos.remove(cell, d);
            }
            if pos.cands[cell.index()].is_empty() {
                return Err(CandidatesError::NoCandidate { cell });
            }
        }
        Ok(pos)
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The placed digits (givens and solved cells).
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The digit placed in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.grid.get(cell)
    }

    /// The candidates of `cell` (empty for a filled cell).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.cands[cell.index()]
    }

    /// The empty cells where `digit` is still a candidate.
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        self.by_digit[digit.index()]
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> CellSet {
        self.empty
    }

    /// The cells filled from the start (the puzzle's givens). The avoidable
    /// rectangles need to know them: only digits placed while solving could
    /// be swapped into a second solution.
    pub fn givens(&self) -> CellSet {
        self.givens
    }

    /// Declares whether the puzzle is known to have exactly one solution.
    /// The uniqueness techniques (unique and avoidable rectangles, BUG+1) rest
    /// on that premise and find nothing unless it is declared; set it only
    /// after an exact solver has checked the puzzle (on a puzzle with several
    /// solutions they would remove true candidates).
    pub fn assume_unique(&mut self, unique: bool) {
        self.unique = unique;
    }

    /// Whether the puzzle is declared to have exactly one solution (see
    /// [`Candidates::assume_unique`]); `false` unless declared.
    pub fn unique_assumed(&self) -> bool {
        self.unique
    }

    /// Whether candidates have been written (pencil-mark techniques may run).
    pub fn is_written(&self) -> bool {
        self.written
    }

    /// Whether every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.empty.is_empty()
    }

    /// The number of candidates over all empty cells.
    pub fn candidate_count(&self) -> usize {
        self.by_digit.iter().map(|s| s.len()).sum()
    }

    /// The digits placed in `house`.
    pub fn placed_in(&self, house: House) -> DigitSet {
        house
            .cells()
            .iter()
            .filter_map(|&c| self.grid.get(c))
            .collect()
    }

    /// Marks the candidates as written; from now on eliminations are allowed.
    pub fn write_candidates(&mut self) {
        self.written = true;
    }

    /// Places `digit` in `cell` and removes it from the candidates of every peer.
    pub fn place(&mut self, cell: Cell, digit: Digit) -> Result<(), ApplyError> {
        if let Some(held) = self.grid.get(cell) {
            return Err(ApplyError::CellFilled { cell, held, digit });
        }
        if !self.cands[cell.index()].contains(digit) {
            return Err(ApplyError::NotACandidate { cell, digit });
        }
        self.put(cell, digit);
        Ok(())
    }

    /// Removes `digit` from the candidates of `cell`; `Ok(false)` if it was not a
    /// candidate. Fails before candidates are written.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> Result<bool, ApplyError> {
        if !self.written {
            return Err(ApplyError::NotWritten { cell, digit });
        }
        if !self.cands[cell.index()].contains(digit) {
            return Ok(false);
        }
        self.remove(cell, digit);
        Ok(true)
    }

    /// Applies a step: writes candidates, places and eliminates as it says.
    /// Eliminations of candidates already gone are no-ops (in a synchronous round an
    /// earlier step of the same round may have taken them).
    pub fn apply(&mut self, step: &Step) -> Result<(), ApplyError> {
        if matches!(step.detail, Detail::WriteCandidates(_)) {
            self.write_candidates();
        }
        for p in &step.placements {
            self.place(p.cell, p.digit)?;
        }
        for e in &step.eliminations {
            if self.grid.get(e.cell).is_none() {
                self.eliminate(e.cell, e.digit)?;
            }
        }
        Ok(())
    }

    /// The first contradiction in the position, if any: an empty cell without
    /// candidates, or a house where a digit has no place left.
    pub fn contradiction(&self) -> Option<Contradiction> {
        // Bit-parallel: the cells some digit may still go to, and per digit
        // the cells holding it.
        let mut open = CellSet::EMPTY;
        for set in &self.by_digit {
            open |= *set;
        }
        if let Some(cell) = (self.empty - open)
            .iter()
            .find(|c| self.cands[c.index()].is_empty())
        {
            return Some(Contradiction::EmptyCell(cell));
        }
        let mut held = [CellSet::EMPTY; 9];
        for cell in (CellSet::ALL - self.empty).iter() {
            if let Some(d) = self.grid.get(cell) {
                held[d.index()].insert(cell);
            }
        }
        for &house in self.variant.houses() {
            let mask = Variant::house_cells(house);
            for d in Digit::ALL {
                if ((self.by_digit[d.index()] | held[d.index()]) & mask).is_empty() {
                    return Some(Contradiction::MissingDigit(house, d));
                }
            }
        }
        None
    }

    /// Places without checks: the caller knows `digit` is a candidate of empty `cell`.
    fn put(&mut self, cell: Cell, digit: Digit) {
        self.grid.set(cell, Some(digit));
        for d in self.cands[cell.index()].iter() {
            self.by_digit[d.index()].remove(cell);
        }
        self.cands[cell.index()] = DigitSet::EMPTY;
        self.empty.remove(cell);
        let hit = self.variant.peers(cell) & self.by_digit[digit.index()];
        for p in hit.iter() {
            self.cands[p.index()].remove(digit);
        }
        self.by_digit[digit.index()] -= hit;
    }

    fn remove(&mut self, cell: Cell, digit: Digit) {
        self.cands[cell.index()].remove(digit);
        self.by_digit[digit.index()].remove(cell);
    }

    /// Takes the digit placed in `cell` back out, leaving it as its only
    /// candidate (the peers keep their candidates). A quasi rectangle works
    /// on such a position: its candidates are a superset of the truth.
    pub(crate) fn unplace(&mut self, cell: Cell) {
        if let Some(d) = self.grid.get(cell) {
            self.grid.set(cell, None);
            self.empty.insert(cell);
            self.cands[cell.index()] = DigitSet::single(d);
            self.by_digit[d.index()].insert(cell);
        }
    }

    /// Gives `digit` back to the candidates of the empty `cell`.
    pub(crate) fn restore(&mut self, cell: Cell, digit: Digit) {
        if self.grid.get(cell).is_none() {
            self.cands[cell.index()].insert(digit);
            self.by_digit[digit.index()].insert(cell);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::techniques::test_util::{cell, digit};

    #[test]
    fn views_stay_consistent() {
        let puzzle: Grid =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
                .parse()
                .unwrap();
        let mut pos = Candidates::new(&puzzle, Variant::Standard).unwrap();
        pos.write_candidates();
        pos.place(cell(0, 1), digit(1)).unwrap();
        assert!(pos.eliminate(cell(8, 8), digit(2)).unwrap());
        assert!(!pos.eliminate(cell(8, 8), digit(2)).unwrap());
        for c in Cell::all() {
            for d in Digit::ALL {
                assert_eq!(pos.candidates(c).contains(d), pos.cells_with(d).contains(c));
            }
            assert_eq!(pos.get(c).is_none(), pos.empty_cells().contains(c));
        }
        assert!(pos.contradiction().is_none());
    }

    #[test]
    fn refuses_bad_changes() {
        let mut pos = Candidates::new(&Grid::EMPTY, Variant::Diagonal).unwrap();
        assert!(matches!(
            pos.eliminate(cell(0, 0), digit(1)),
            Err(ApplyError::NotWritten { .. })
        ));
        pos.place(cell(0, 0), digit(1)).unwrap();
        assert!(matches!(
            pos.place(cell(0, 0), digit(2)),
            Err(ApplyError::CellFilled { .. })
        ));
        // r9c9 shares the main diagonal with r1c1.
        assert!(matches!(
            pos.place(cell(8, 8), digit(1)),
            Err(ApplyError::NotACandidate { .. })
        ));
    }

    #[test]
    fn fields_are_intersected_with_placements() {
        let mut grid = Grid::EMPTY;
        grid.set(cell(0, 0), Some(digit(1)));
        let mut fields = [DigitSet::ALL; 81];
        fields[1] = DigitSet::single(digit(1));
        assert_eq!(
            Candidates::from_fields(&grid, Variant::Standard, &fields),
            Err(CandidatesError::NoCandidate { cell: cell(0, 1) })
        );
        fields[1] = DigitSet::single(digit(1)) | DigitSet::single(digit(2));
        let pos = Candidates::from_fields(&grid, Variant::Standard, &fields).unwrap();
        assert_eq!(pos.candidates(cell(0, 1)), DigitSet::single(digit(2)));
        assert!(pos.is_written());
    }
}
