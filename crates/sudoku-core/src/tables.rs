//! Geometry tables computed at compile time: the cells of every house.
//!
//! Everything else (variants, peers, transforms) is derived from these two tables,
//! so the geometry of the grid is written down exactly once.

use crate::index::Cell;
use crate::set::CellSet;

const fn house_cell(house: usize, i: usize) -> usize {
    match house {
        0..=8 => house * 9 + i,
        9..=17 => i * 9 + (house - 9),
        18..=26 => {
            let b = house - 18;
            (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
        }
        27 => i * 10,
        28 => i * 8 + 8,
        _ => {
            // colour group g: position g inside box i
            let g = house - 29;
            (i / 3 * 3 + g / 3) * 9 + i % 3 * 3 + g % 3
        }
    }
}

const fn build_cells() -> [[Cell; 9]; 38] {
    let mut out = [[match Cell::new(0) {
        Some(c) => c,
        None => panic!(),
    }; 9]; 38];
    let mut h = 0;
    while h < 38 {
        let mut i = 0;
        while i < 9 {
            out[h][i] = match Cell::new(house_cell(h, i)) {
                Some(c) => c,
                None => panic!(),
            };
            i += 1;
        }
        h += 1;
    }
    out
}

const fn build_masks() -> [CellSet; 38] {
    let mut out = [CellSet::EMPTY; 38];
    let mut h = 0;
    while h < 38 {
        let mut bits = 0u128;
        let mut i = 0;
        while i < 9 {
            bits |= 1u128 << house_cell(h, i);
            i += 1;
        }
        out[h] = CellSet::from_bits(bits);
        h += 1;
    }
    out
}

/// The nine cells of each of the 38 houses, indexed by global house number.
pub(crate) const HOUSE_CELLS: [[Cell; 9]; 38] = build_cells();
/// The cells of each house as a bitset.
pub(crate) const HOUSE_MASKS: [CellSet; 38] = build_masks();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_house_has_nine_distinct_cells() {
        for m in HOUSE_MASKS {
            assert_eq!(m.len(), 9);
        }
    }

    #[test]
    fn rows_columns_boxes_partition_the_grid() {
        for start in [0, 9, 18, 29] {
            let mut all = CellSet::EMPTY;
            for m in &HOUSE_MASKS[start..start + 9] {
                assert!((all & *m).is_empty());
                all |= *m;
            }
            assert_eq!(all, CellSet::ALL);
        }
    }

    #[test]
    fn colour_groups_take_one_cell_per_box() {
        for g in 0..9 {
            for c in HOUSE_CELLS[29 + g] {
                assert_eq!(c.box_position(), g);
            }
        }
        assert_eq!(HOUSE_CELLS[28][0].to_string(), "r1c9");
        assert_eq!(HOUSE_CELLS[28][8].to_string(), "r9c1");
    }
}
