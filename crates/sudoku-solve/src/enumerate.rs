//! Every solution of a puzzle, one at a time, in ascending lexicographic order.
//!
//! This is the public face of the resumable search for callers that step through
//! solutions (the trainer's "next solution" button). It branches on the first empty
//! cell in reading order and tries digits in ascending order, which makes the order
//! of the solutions a property of the puzzle alone, not of the solver's heuristics:
//! it stays the same when the solver gets faster.

use crate::generic::HouseBoard;
use crate::search::{Order, Search};
use crate::standard::BandBoard;
use sudoku_core::{Grid, Variant};

/// The search behind [`Solutions`], per board kind.
#[derive(Clone, Debug)]
enum Engine {
    Standard(Search<BandBoard>),
    Houses(Search<HouseBoard>),
}

/// An iterator over all solutions of a puzzle as a variant.
///
/// **Order**: ascending lexicographic order of the solutions read as 81 digits
/// (row by row, `r1c1` first). The order depends only on the puzzle and the variant.
///
/// The iterator keeps its own explicit stack of search positions, so it can be kept
/// and asked for the next solution at any later time; it never recurses and never
/// allocates more than one position per branch level. A puzzle with clashing givens
/// yields nothing.
///
/// ```
/// use sudoku_core::{parse_line, Variant};
/// use sudoku_solve::Solutions;
/// let p = parse_line(
///     "000000089406009200000630000000000050000004000001720030010000008075000000032070060",
/// ).unwrap().grid;
/// let mut all = Solutions::new(&p, Variant::Standard);
/// let first = all.next().unwrap();
/// let rest: Vec<_> = all.collect();
/// assert_eq!(rest.len(), 2);
/// assert!(first.values() < rest[0].values() && rest[0].values() < rest[1].values());
/// ```
#[derive(Clone, Debug)]
pub struct Solutions {
    engine: Engine,
}

impl Solutions {
    /// Starts enumerating the solutions of `puzzle` as `variant`.
    pub fn new(puzzle: &Grid, variant: Variant) -> Solutions {
        let engine = match variant {
            Variant::Standard => {
                Engine::Standard(Search::new(BandBoard::new(puzzle), Order::Lexicographic))
            }
            _ => Engine::Houses(Search::new(
                HouseBoard::new(puzzle, variant),
                Order::Lexicographic,
            )),
        };
        Solutions { engine }
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        use crate::search::Board;
        match &mut self.engine {
            Engine::Standard(s) => s.next_solution().map(|b| b.to_grid()),
            Engine::Houses(s) => s.next_solution().map(|b| b.to_grid()),
        }
    }
}

impl std::iter::FusedIterator for Solutions {}
