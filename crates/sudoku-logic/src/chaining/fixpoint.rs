//! Dynamic propagation without its tree: what a dynamic run of level 0
//! reaches, or whether it breaks, computed on bit boards.
//!
//! A dynamic run only ever removes candidates, and each of its rules (the
//! other candidates of a cell and the other places of a digit go when a
//! candidate is set; a cell or a house left with one place sets it) fires
//! sooner or later whatever the order. So the literals a run registers — if it
//! meets no contradiction — are the fixpoint of those rules, and whether it
//! meets one is order-free too: the run meets one exactly when the fixpoint
//! holds a candidate both set and removed, or a cell or house with no place
//! left that had two. Only the tree (which derivation of a literal is kept)
//! depends on the order, and only hints need trees: the producers use this to
//! build exact runs only where a hint may come from.

use super::board::{Board, Geometry, cells_of, digits_of};
use super::engine::{KEY_WORDS, KeySet, key};

/// Whether a dynamic level-0 run from (`cell`, `digit`, `on`) in `board`
/// meets a contradiction (`y_links` as in the run's rules: off in Nishio
/// mode); if not, `keys` is set to the literals it registers.
pub(crate) fn clashes(
    geo: &Geometry,
    board: &Board,
    y_links: bool,
    (cell, digit, on): (usize, usize, bool),
    keys: &mut KeySet,
) -> bool {
    let mut cur = *board;
    let mut set = [0u128; 9];
    let mut applied = [0u128; 9];
    let mut removed = [0u128; 9];
    if on {
        set[digit] |= 1 << cell;
    } else {
        cur.remove(cell, digit);
        removed[digit] |= 1 << cell;
    }
    loop {
        // Apply the new placements.
        for d in 0..9 {
            let fresh = set[d] & !applied[d];
            if fresh == 0 {
                continue;
            }
            applied[d] |= fresh;
            for c in cells_of(fresh) {
                if cur.cells[c] >> d & 1 == 0 {
                    return true;
                }
                if y_links {
                    for e in digits_of(cur.cells[c] & !(1 << d)) {
                        cur.remove(c, e);
                        removed[e] |= 1 << c;
                    }
                }
                for &h in geo.houses_of(c) {
                    let gone = geo.mask[h as usize] & cur.digits[d] & !(1u128 << c);
                    for x in cells_of(gone) {
                        cur.cells[x] &= !(1 << d);
                    }
                    cur.digits[d] &= !gone;
                    removed[d] |= gone;
                }
            }
        }
        // Derive placements where removals left one place.
        let mut new = false;
        if y_links {
            let touched = removed.iter().fold(0u128, |a, &r| a | r);
            for c in cells_of(touched) {
                if board.cells[c].count_ones() < 2 {
                    continue;
                }
                let m = cur.cells[c];
                match m.count_ones() {
                    0 => return true,
                    1 => {
                        let d = m.trailing_zeros() as usize;
                        if set[d] >> c & 1 == 0 {
                            set[d] |= 1 << c;
                            new = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        for d in 0..9 {
            if removed[d] == 0 {
                continue;
            }
            for &h in &geo.houses {
                let hm = geo.mask[h as usize];
                if hm & removed[d] == 0 || (hm & board.digits[d]).count_ones() < 2 {
                    continue;
                }
                let m = hm & cur.digits[d];
                match m.count_ones() {
                    0 => return true,
                    1 => {
                        if set[d] & m == 0 {
                            set[d] |= m;
                            new = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        removed = [0; 9];
        if !new {
            break;
        }
    }
    *keys = [0u64; KEY_WORDS];
    for d in 0..9 {
        for c in cells_of(set[d]) {
            let k = key(c, d, true);
            keys[k / 64] |= 1 << (k % 64);
        }
        for c in cells_of(board.digits[d] & !cur.digits[d]) {
            let k = key(c, d, false);
            keys[k / 64] |= 1 << (k % 64);
        }
    }
    false
}
