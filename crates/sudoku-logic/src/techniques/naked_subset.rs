//! Naked subsets: N empty cells of a house whose candidates together are only N
//! digits (pair, triple, quad, … up to 7). Those digits go from the house's other
//! cells.
//!
//! Every naked N-subset in a house with E empty cells is also a hidden
//! (E−N)-subset on the other cells, with the same eliminations. The seed scores a
//! naked N-subset 3N−4 and a hidden M-subset 3M+2 and counts the cheaper view
//! ([`naked_view_preferred`]; ties go to the naked view, which is easier to see).
//! Each table row reports only the patterns whose chosen view is its own, so a
//! pattern is found once, under the name and points it is scored by.

use super::{house_cells, small_unions};
use crate::Candidates;
use crate::step::{Detail, Step, SubsetView};
use crate::technique::{FindMode, Technique};
use sudoku_core::{Cell, CellSet, DigitSet, Variant};

/// Whether a subset with a naked view of size `naked` and a hidden view of size
/// `hidden` is named and scored as naked.
pub(crate) fn naked_view_preferred(naked: usize, hidden: usize) -> bool {
    3 * naked as i64 - 4 <= 3 * hidden as i64 + 2
}

/// The technique naming a subset of `size` in `view`.
pub(crate) fn technique(view: SubsetView, size: usize) -> Technique {
    use Technique as T;
    const NAKED: [Technique; 6] = [
        T::NakedPair,
        T::NakedTriple,
        T::NakedQuad,
        T::NakedQuint,
        T::NakedSextuple,
        T::NakedSeptuple,
    ];
    const HIDDEN: [Technique; 6] = [
        T::HiddenPair,
        T::HiddenTriple,
        T::HiddenQuad,
        T::HiddenQuint,
        T::HiddenSextuple,
        T::HiddenSeptuple,
    ];
    let i = size.clamp(2, 7) - 2;
    match view {
        SubsetView::Naked => NAKED[i],
        SubsetView::Hidden => HIDDEN[i],
    }
}

/// Builds the step of a subset of `house`: `naked_cells` hold only `naked_digits`;
/// `empty` are the house's empty cells. `None` if nothing would be eliminated.
pub(crate) fn subset_step(
    pos: &Candidates,
    house: sudoku_core::House,
    empty: CellSet,
    naked_cells: CellSet,
    naked_digits: DigitSet,
    view: SubsetView,
) -> Option<Step> {
    let hidden_cells = empty - naked_cells;
    let mut missing = DigitSet::EMPTY;
    for c in empty.iter() {
        missing |= pos.candidates(c);
    }
    let hidden_digits = missing - naked_digits;
    let mut eliminations = Vec::new();
    for d in naked_digits.iter() {
        for cell in (pos.cells_with(d) & hidden_cells).iter() {
            eliminations.push(crate::Elimination { cell, digit: d });
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    eliminations.sort_unstable();
    let size = match view {
        SubsetView::Naked => naked_cells.len(),
        SubsetView::Hidden => hidden_cells.len(),
    };
    let technique = technique(view, size);
    let mut step = Step::new(technique, technique.info().points);
    step.eliminations = eliminations;
    let (cells, digits) = match view {
        SubsetView::Naked => (naked_cells, naked_digits),
        SubsetView::Hidden => (hidden_cells, hidden_digits),
    };
    step.cells = cells;
    step.digits = digits;
    step.houses.push(house);
    step.detail = Detail::Subset {
        house,
        view,
        naked_cells,
        naked_digits,
        hidden_cells,
        hidden_digits,
    };
    Some(step)
}

/// Reports every naked subset of `size` whose naked view is the one scored.
fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize) {
    let mut cells = [Cell::new(0).unwrap_or_else(|| unreachable!()); 9];
    let mut cands = [DigitSet::EMPTY; 9];
    for &house in pos.variant().houses() {
        let n = house_cells(pos, house, &mut cells, &mut cands);
        // The complement must be a real subset too (size ≥ 2), else it is a single.
        if n < size + 2 || !naked_view_preferred(size, n - size) {
            continue;
        }
        let empty = pos.empty_cells() & Variant::house_cells(house);
        let masks: [u16; 9] = std::array::from_fn(|i| cands[i].bits());
        small_unions(&masks[..n], size, &mut |chosen, union| {
            if union.count_ones() as usize != size {
                return false;
            }
            let naked: CellSet = (0..n)
                .filter(|i| chosen >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            let digits = DigitSet::from_bits(union);
            if let Some(step) = subset_step(pos, house, empty, naked, digits, SubsetView::Naked) {
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
        /// Reports the naked subsets of this size that are scored as naked.
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cheaper_view_wins() {
        assert!(naked_view_preferred(2, 2)); // 2 vs 8
        assert!(naked_view_preferred(4, 2)); // 8 vs 8: tie goes to naked
        assert!(!naked_view_preferred(5, 2)); // 11 vs 8
        assert!(!naked_view_preferred(6, 3)); // 14 vs 11
        assert!(naked_view_preferred(5, 3)); // 11 vs 11
    }
}
