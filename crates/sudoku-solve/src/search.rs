//! The depth-first search shared by every board: an explicit stack of positions.
//!
//! A board only knows how to propagate its constraints and how to split itself into
//! two children at a branch point; this module owns the walk over the tree. The
//! stack is explicit (no recursion) so that a search can stop after any solution and
//! be resumed later, which is what [`crate::Solutions`] needs, and so that counting,
//! solving and enumerating all run the very same loop.

use sudoku_core::Grid;

/// How a board picks its branch point.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Order {
    /// Whatever is fastest: a cell with two candidates when there is one.
    Fast,
    /// The first empty cell in reading order, smallest digit first, so that
    /// solutions come out in ascending lexicographic order of their 81 digits.
    Lexicographic,
}

/// A search position: candidates plus whatever bookkeeping the board needs.
pub(crate) trait Board: Copy {
    /// Applies the board's deductions until none is left. `false` means the position
    /// has no solution.
    fn propagate(&mut self) -> bool;

    /// Whether every cell holds a digit (only meaningful after [`Board::propagate`]
    /// returned `true`).
    fn is_solved(&self) -> bool;

    /// Splits an unsolved, propagated position at a cell: `self` becomes the first
    /// child, which puts the chosen digit there, and the second child, returned,
    /// removes that digit from the cell. Together they cover exactly the solutions
    /// of the position, the first child's ones first. (Turning `self` into a child
    /// in place saves a copy per node.)
    fn split(&mut self, order: Order) -> Self;

    /// The grid of a solved position.
    fn to_grid(&self) -> Grid;
}

/// A resumable depth-first search over the positions below a root.
#[derive(Clone, Debug)]
pub(crate) struct Search<B> {
    /// The position to explore first (the root, until the search starts).
    next: Option<B>,
    /// Positions still to explore after `next`, the next one on top. Empty until
    /// the first branch, so that a puzzle solved without guessing allocates
    /// nothing.
    stack: Vec<B>,
    order: Order,
}

impl<B: Board> Search<B> {
    /// A search starting at `root`; `None` means the puzzle is already known to have
    /// no solution.
    pub(crate) fn new(root: Option<B>, order: Order) -> Self {
        Search {
            next: root,
            stack: Vec::new(),
            order,
        }
    }

    /// The next solved position in depth-first order, or `None` when the tree is
    /// exhausted.
    pub(crate) fn next_solution(&mut self) -> Option<B> {
        let mut current = match self.next.take() {
            Some(b) => b,
            None => self.stack.pop()?,
        };
        loop {
            if current.propagate() {
                if current.is_solved() {
                    return Some(current);
                }
                let rest = current.split(self.order);
                self.stack.push(rest);
            } else {
                current = self.stack.pop()?;
            }
        }
    }

    /// Counts solutions up to `limit`, keeping the first one as a grid.
    pub(crate) fn count(&mut self, limit: u64) -> (u64, Option<Grid>) {
        let mut n = 0;
        let mut first = None;
        while n < limit {
            let Some(b) = self.next_solution() else { break };
            if first.is_none() {
                first = Some(b.to_grid());
            }
            n += 1;
        }
        (n, first)
    }
}
