//! A small, fast singles-only solver used as the generator's cheap filter.
//!
//! The trainer's easy and medium levels mean "solvable by hidden singles (and
//! full houses)" and "solvable by singles, naked ones included". Asking that of
//! a candidate puzzle with the full logical solver costs far more than these few
//! passes over the houses. A puzzle this solver finishes has exactly one
//! solution, so removals that keep it solvable need no exact uniqueness check.
//! Every puzzle that leaves the generator is rated by `sudoku-rate` all the
//! same; this module only decides what is worth rating.

use sudoku_core::{Cell, Variant};

/// Which singles may be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Singles {
    /// Full houses and hidden singles.
    Hidden,
    /// Also naked singles.
    All,
}

/// Whether `values` (0 = empty) is solved to the end by `singles` in `variant`.
pub(crate) fn solves(values: &[u8; 81], variant: Variant, singles: Singles) -> bool {
    let houses = variant.houses();
    let mut v = *values;
    let mut used = [0u16; 38];
    for (i, &d) in v.iter().enumerate() {
        if d != 0
            && let Some(cell) = Cell::new(i)
        {
            for h in variant.houses_of(cell) {
                if used[h.index()] & (1 << (d - 1)) != 0 {
                    return false;
                }
                used[h.index()] |= 1 << (d - 1);
            }
        }
    }
    let mut empty = v.iter().filter(|&&d| d == 0).count();
    let cands = |v: &[u8; 81], used: &[u16; 38], cell: Cell| -> u16 {
        if v[cell.index()] != 0 {
            return 0;
        }
        let mut u = 0u16;
        for h in variant.houses_of(cell) {
            u |= used[h.index()];
        }
        !u & 0x1ff
    };
    let place = |v: &mut [u8; 81], used: &mut [u16; 38], cell: Cell, bit: u16| {
        v[cell.index()] = bit.trailing_zeros() as u8 + 1;
        for h in variant.houses_of(cell) {
            used[h.index()] |= bit;
        }
    };
    while empty > 0 {
        let mut progress = false;
        for &h in houses {
            let missing = !used[h.index()] & 0x1ff;
            if missing == 0 {
                continue;
            }
            // For each digit: seen once / seen twice or more in this house.
            let mut once = 0u16;
            let mut more = 0u16;
            let cells = h.cells();
            let mut where_ = [0u16; 9];
            for (k, &c) in cells.iter().enumerate() {
                let m = cands(&v, &used, c);
                where_[k] = m;
                more |= once & m;
                once |= m;
            }
            if once & missing != missing {
                return false; // a digit has no place left
            }
            let single = missing & !more;
            if single == 0 {
                continue;
            }
            for (k, &c) in cells.iter().enumerate() {
                let hit = where_[k] & single;
                if hit != 0 {
                    if hit.count_ones() > 1 {
                        return false; // two digits need the same cell
                    }
                    if cands(&v, &used, c) & hit == 0 {
                        return false;
                    }
                    place(&mut v, &mut used, c, hit);
                    empty -= 1;
                    progress = true;
                }
            }
        }
        if singles == Singles::All {
            for cell in Cell::all() {
                if v[cell.index()] != 0 {
                    continue;
                }
                let m = cands(&v, &used, cell);
                if m == 0 {
                    return false;
                }
                if m.count_ones() == 1 {
                    place(&mut v, &mut used, cell, m);
                    empty -= 1;
                    progress = true;
                }
            }
        }
        if !progress {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Grid;

    fn values(s: &str) -> [u8; 81] {
        *s.parse::<Grid>().expect("test puzzle").values()
    }

    #[test]
    fn easy_puzzle_needs_hidden_singles_only() {
        let easy = values(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert!(solves(&easy, Variant::Standard, Singles::Hidden));
        assert!(solves(&easy, Variant::Standard, Singles::All));
    }

    #[test]
    fn hard_puzzle_is_not_solved_by_singles() {
        let hard = values(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        );
        assert!(!solves(&hard, Variant::Standard, Singles::All));
        assert!(!solves(&[0; 81], Variant::Standard, Singles::All));
    }

    #[test]
    fn clashing_givens_fail() {
        let mut v = [0u8; 81];
        v[0] = 1;
        v[1] = 1;
        assert!(!solves(&v, Variant::Standard, Singles::All));
    }
}
