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

    /// Splits an unsolved, propagated position at a cell. On entry `first` is a
    /// copy of `self`; afterwards `first` is the first child, which puts the chosen
    /// digit there, and `self` the second child, which removes that digit from the
    /// cell. Together they cover exactly the solutions of the position, the first
    /// child's ones first. (Both live on the search stack already, so a node costs
    /// one copy.)
    fn split(&mut self, first: &mut Self, order: Order);

    /// The grid of a solved position.
    fn to_grid(&self) -> Grid;
}

/// A resumable depth-first search over the positions below a root.
#[derive(Clone, Debug)]
pub(crate) struct Search<B> {
    /// Positions still to explore, the next one on top. The top is worked on in
    /// place: a dead position is popped, a split pushes a copy that becomes the
    /// first child.
    stack: Vec<B>,
    /// Whether the top of the stack is a solution already returned.
    solved_on_top: bool,
    order: Order,
}

impl<B: Board> Search<B> {
    /// A search starting at `root`; `None` means the puzzle is already known to have
    /// no solution.
    pub(crate) fn new(root: Option<B>, order: Order) -> Self {
        let mut stack = Vec::with_capacity(16);
        stack.extend(root);
        Search {
            stack,
            solved_on_top: false,
            order,
        }
    }

    /// Moves to the next solved position in depth-first order, left on top of the
    /// stack; `false` when the tree is exhausted.
    fn advance(&mut self) -> bool {
        if self.solved_on_top {
            self.stack.pop();
            self.solved_on_top = false;
        }
        loop {
            let Some(top) = self.stack.last_mut() else {
                return false;
            };
            if !top.propagate() {
                self.stack.pop();
                continue;
            }
            if top.is_solved() {
                self.solved_on_top = true;
                return true;
            }
            let n = self.stack.len();
            self.stack.extend_from_within(n - 1..);
            if let [.., rest, first] = self.stack.as_mut_slice() {
                rest.split(first, self.order);
            }
        }
    }

    /// The next solved position in depth-first order, or `None` when the tree is
    /// exhausted.
    pub(crate) fn next_solution(&mut self) -> Option<B> {
        if self.advance() {
            self.stack.last().copied()
        } else {
            None
        }
    }

    /// Counts solutions up to `limit`, keeping the first one as a grid.
    pub(crate) fn count(&mut self, limit: u64) -> (u64, Option<Grid>) {
        let mut n = 0;
        let mut first = None;
        while n < limit && self.advance() {
            if first.is_none() {
                first = self.stack.last().map(B::to_grid);
            }
            n += 1;
        }
        (n, first)
    }
}
