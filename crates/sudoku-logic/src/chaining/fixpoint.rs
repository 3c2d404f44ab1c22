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
                let was = board.cells[c];
                if was & was.wrapping_sub(1) == 0 {
                    continue;
                }
                let m = cur.cells[c];
                if m == 0 {
                    return true;
                }
                if m & (m - 1) == 0 {
                    let d = m.trailing_zeros() as usize;
                    if set[d] >> c & 1 == 0 {
                        set[d] |= 1 << c;
                        new = true;
                    }
                }
            }
        }
        for d in 0..9 {
            if removed[d] == 0 {
                continue;
            }
            // The houses that lost a place of the digit, each once.
            let mut houses = 0u64;
            for c in cells_of(removed[d]) {
                for &h in geo.houses_of(c) {
                    houses |= 1 << h;
                }
            }
            while houses != 0 {
                let h = houses.trailing_zeros() as usize;
                houses &= houses - 1;
                let hm = geo.mask[h];
                let was = hm & board.digits[d];
                if was & was.wrapping_sub(1) == 0 {
                    continue;
                }
                let m = hm & cur.digits[d];
                if m == 0 {
                    return true;
                }
                if m & (m - 1) == 0 && set[d] & m == 0 {
                    set[d] |= m;
                    new = true;
                }
            }
        }
        removed = [0; 9];
        if !new {
            break;
        }
    }
    *keys = [0u64; KEY_WORDS];
    for (d, &placed) in set.iter().enumerate() {
        for c in cells_of(placed) {
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::Candidates;
    use crate::chaining::engine::{Chain, Engine, Rules};
    use sudoku_core::{Grid, Variant};

    /// Hard positions (the first from the top list, then two of the forum's
    /// hardest), in the standard and the diagonal variant where valid.
    pub(crate) fn boards() -> Vec<(Geometry, Board)> {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
            "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
        ];
        let mut out = Vec::new();
        for p in puzzles {
            let grid: Grid = p.parse().expect("puzzle");
            for variant in [Variant::Standard, Variant::Diagonal] {
                let Ok(mut pos) = Candidates::new(&grid, variant) else {
                    continue;
                };
                pos.write_candidates();
                out.push((Geometry::new(variant), Board::of(&pos)));
            }
        }
        assert!(out.len() >= 3);
        out
    }

    /// A quiet run's literals start quiet runs (what `Buffers::may_clash`
    /// relies on to skip them): on hard positions, every literal a run
    /// without contradiction registers meets none from itself either.
    #[test]
    fn literals_of_a_quiet_run_start_quiet_runs() {
        let (mut quiet_runs, mut checked) = (0, 0);
        for (geo, board) in boards() {
            for y_links in [true, false] {
                let mut keys = [0u64; KEY_WORDS];
                let mut inner = [0u64; KEY_WORDS];
                for c in 0..81 {
                    for d in digits_of(board.cells[c]) {
                        for on in [true, false] {
                            if clashes(&geo, &board, y_links, (c, d, on), &mut keys) {
                                continue;
                            }
                            quiet_runs += 1;
                            for k in 0..crate::chaining::engine::KEYS {
                                if keys[k / 64] >> (k % 64) & 1 == 0 {
                                    continue;
                                }
                                let (c2, d2, on2) = crate::chaining::engine::unkey(k);
                                assert!(
                                    !clashes(&geo, &board, y_links, (c2, d2, on2), &mut inner),
                                    "r{}c{} {} on={on} registers r{}c{} {} on={on2}",
                                    c / 9 + 1,
                                    c % 9 + 1,
                                    d + 1,
                                    c2 / 9 + 1,
                                    c2 % 9 + 1,
                                    d2 + 1
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        println!("{quiet_runs} quiet runs, {checked} literals");
        assert!(
            quiet_runs > 100 && checked > 1000,
            "{quiet_runs} runs, {checked} literals"
        );
    }

    /// The order-free outcome equals the engine's run from every literal:
    /// the same contradiction, and otherwise the same registered literals.
    #[test]
    fn fixpoint_matches_the_engine() {
        let mut chain = Chain::new();
        let mut keys = [0u64; KEY_WORDS];
        let (mut clashes_seen, mut quiet_seen) = (0, 0);
        for (geo, board) in boards() {
            for y_links in [true, false] {
                let rules = Rules {
                    dynamic: true,
                    y_links,
                    level: 0,
                };
                let mut eng = Engine::new(&geo, board, rules);
                for c in 0..81 {
                    for d in digits_of(board.cells[c]) {
                        for on in [true, false] {
                            let exact = eng.run(&mut chain, c, d, on).is_some();
                            let fast = clashes(&geo, &board, y_links, (c, d, on), &mut keys);
                            assert_eq!(
                                exact,
                                fast,
                                "r{}c{} {} on={on}",
                                c / 9 + 1,
                                c % 9 + 1,
                                d + 1
                            );
                            if exact {
                                clashes_seen += 1;
                            } else {
                                quiet_seen += 1;
                                assert_eq!(
                                    keys,
                                    chain.bits,
                                    "r{}c{} {}",
                                    c / 9 + 1,
                                    c % 9 + 1,
                                    d + 1
                                );
                            }
                        }
                    }
                }
            }
        }
        assert!(clashes_seen > 0 && quiet_seen > 0);
    }
}
