//! Hidden subsets: M digits of a house that can only go to the same M cells (pair,
//! triple, quad, … up to 7). Those cells lose every other candidate.
//!
//! The same pattern is a naked subset on the house's other empty cells; the view
//! with fewer points names and scores it (see `naked_subset`). Under the seed's
//! points (3M+2 against 3N−4) the hidden view wins only for pairs in houses with
//! at least 7 empty cells and triples in houses with 9, so the rows for hidden
//! quads and above never fire; they stay in the table for scales that prefer the
//! hidden view (Sudoku Explainer rates a hidden quad on its own).

use super::naked_subset::{naked_view_preferred, subset_step};
use super::{house_cells, small_unions};
use crate::Candidates;
use crate::step::{Step, SubsetView};
use crate::technique::FindMode;
use sudoku_core::{Cell, CellSet, Digit, DigitSet, Variant};

/// Reports every hidden subset of `size` whose hidden view is the one scored.
fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    let mut cells = [Cell::new(0).unwrap_or_else(|| unreachable!()); 9];
    let mut cands = [DigitSet::EMPTY; 9];
    for &house in pos.variant().houses() {
        let n = house_cells(pos, house, &mut cells, &mut cands);
        if n < size + 2 || naked_view_preferred(n - size, size) {
            continue;
        }
        // Where each missing digit can go, as a mask over the n empty cells.
        let mut digits = [Digit::ALL[0]; 9];
        let mut places = [0u16; 9];
        let mut k = 0;
        for d in Digit::ALL {
            let mask = (0..n)
                .filter(|&i| cands[i].contains(d))
                .fold(0u16, |m, i| m | 1 << i);
            if mask != 0 {
                digits[k] = d;
                places[k] = mask;
                k += 1;
            }
        }
        let empty = pos.empty_cells() & Variant::house_cells(house);
        small_unions(&places[..k], size, &mut |chosen, union| {
            if union.count_ones() as usize != size {
                return false;
            }
            let hidden: CellSet = (0..n)
                .filter(|i| union >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            let hidden_digits: DigitSet = (0..k)
                .filter(|i| chosen >> i & 1 == 1)
                .map(|i| digits[i])
                .collect();
            let naked = empty - hidden;
            let mut naked_digits = DigitSet::EMPTY;
            for c in naked.iter() {
                naked_digits |= pos.candidates(c);
            }
            // In a consistent position the naked cells hold exactly the other digits.
            if naked_digits.len() != naked.len() || !(naked_digits & hidden_digits).is_empty() {
                return false;
            }
            if let Some(step) =
                subset_step(pos, house, empty, naked, naked_digits, SubsetView::Hidden)
            {
                out.push(step);
                return mode == FindMode::First;
            }
            false
        });
        if mode == FindMode::First && !out.is_empty() {
            return;
        }
    }
}

macro_rules! sizes {
    ($($name:ident = $n:expr),*) => {$(
        /// Reports the hidden subsets of this size that are scored as hidden.
        pub(crate) fn $name(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
            find(pos, out, mode, $n)
        }
    )*};
}
sizes!(
    find_2 = 2,
    find_3 = 3,
    find_4 = 4,
    find_5 = 5,
    find_6 = 6,
    find_7 = 7
);
