//! Basic fish on one digit: X-Wing (2), Swordfish (3), Jellyfish (4).
//!
//! If in N base lines (rows, say) every candidate of a digit lies in the same N
//! cover lines (columns), those N placements fill the cover lines, so the digit
//! goes from the cover lines outside the base. Base rows with cover columns and
//! base columns with cover rows are both searched. Only rows and columns are used
//! as lines, in every variant: fish over diagonals or colour groups are not part
//! of the seed's method and would need cover sets that are not parallel lines.
//! Points: 3N.

use super::small_unions;
use crate::Candidates;
use crate::step::{Detail, Step};
use crate::technique::{FindMode, Technique};
use sudoku_core::{CellSet, Digit, DigitSet, House, HouseSet, Variant};

fn find(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode, size: usize, technique: Technique) {
    for digit in Digit::ALL {
        let cells = pos.cells_with(digit);
        if cells.is_empty() {
            continue;
        }
        // by_row[r]: columns of the digit's candidates in row r; by_col likewise.
        let mut by_row = [0u16; 9];
        let mut by_col = [0u16; 9];
        for c in cells.iter() {
            by_row[c.row()] |= 1 << c.col();
            by_col[c.col()] |= 1 << c.row();
        }
        for (lines, base_house, cover_house) in [
            (
                &by_row,
                House::row as fn(usize) -> House,
                House::column as fn(usize) -> House,
            ),
            (&by_col, House::column, House::row),
        ] {
            // Only lines that still miss the digit take part.
            let mut idx = [0usize; 9];
            let mut masks = [0u16; 9];
            let mut k = 0;
            for (i, &m) in lines.iter().enumerate() {
                if m != 0 {
                    idx[k] = i;
                    masks[k] = m;
                    k += 1;
                }
            }
            if k <= size {
                continue; // every remaining line is in the fish: nothing outside it
            }
            let stop = small_unions(&masks[..k], size, &mut |chosen, union| {
                if union.count_ones() as usize != size {
                    return false;
                }
                let mut base = HouseSet::EMPTY;
                let mut base_cells = CellSet::EMPTY;
                for i in (0..k).filter(|i| chosen >> i & 1 == 1) {
                    let h = base_house(idx[i]);
                    base.insert(h);
                    base_cells |= Variant::house_cells(h);
                }
                let mut cover = HouseSet::EMPTY;
                let mut cover_cells = CellSet::EMPTY;
                for j in (0..9).filter(|j| union >> j & 1 == 1) {
                    let h = cover_house(j);
                    cover.insert(h);
                    cover_cells |= Variant::house_cells(h);
                }
                let gone = cells & (cover_cells - base_cells);
                if gone.is_empty() {
                    return false;
                }
                let mut step = Step::new(technique, technique.info().points);
                step.eliminate_all(digit, gone);
                step.cells = cells & base_cells;
                step.houses = base.iter().chain(cover.iter()).collect();
                step.digits = DigitSet::single(digit);
                step.detail = Detail::Fish { digit, base, cover };
                out.push(step);
                mode == FindMode::First
            });
            if stop {
                return;
            }
        }
    }
}

/// X-Wing.
pub(crate) fn find_2(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 2, Technique::XWing)
}

/// Swordfish.
pub(crate) fn find_3(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 3, Technique::Swordfish)
}

/// Jellyfish.
pub(crate) fn find_4(pos: &Candidates, out: &mut Vec<Step>, mode: FindMode) {
    find(pos, out, mode, 4, Technique::Jellyfish)
}
