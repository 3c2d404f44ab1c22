//! REFERENCE ONLY: the canonical-form search as it was before the pattern-class
//! search in `src/canonical.rs` (commit 86f2839), kept verbatim as the oracle for the
//! unit tests and as the side-by-side baseline of `benches/canonical.rs`.
//!
//! It fixes the result rows one at a time and keeps every partial choice (transpose,
//! row order so far, a complete column order, digit labelling) that ties for the
//! smallest prefix. The first row alone tries 2 × 9 × 1,296 column orders.
//!
//! The file is included with `#[path]` by both users; it names `Grid` and
//! `Transform` through `super`, so the including module must have them in scope.

use super::{Grid, Transform};

#[derive(Clone)]
struct State {
    transpose: bool,
    cols: [u8; 9],
    rows: [u8; 9],
    used_rows: u16,
    map: [u8; 10],
    next_label: u8,
}

/// All 1,296 column orders that keep stacks together.
fn column_orders() -> Vec<[u8; 9]> {
    const P3: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = Vec::with_capacity(1296);
    for s in P3 {
        for a in P3 {
            for b in P3 {
                for c in P3 {
                    let inner = [a, b, c];
                    let mut p = [0u8; 9];
                    for k in 0..3 {
                        for i in 0..3 {
                            p[k * 3 + i] = s[k] * 3 + inner[k][i];
                        }
                    }
                    out.push(p);
                }
            }
        }
    }
    out
}

/// The row `src_row` of `g` (transposed first if asked) seen through column order
/// `cols` and the partial labelling `map`; writes the labelled row into `out` and
/// returns the extended labelling. Stops early (returning `None`) once the row is
/// larger than `best`.
fn labelled_row(
    g: &[[u8; 9]; 9],
    src_row: usize,
    cols: &[u8; 9],
    map: &[u8; 10],
    next_label: u8,
    best: &[u8; 9],
    out: &mut [u8; 9],
) -> Option<([u8; 10], u8)> {
    let mut map = *map;
    let mut next = next_label;
    let mut still_equal = true;
    for j in 0..9 {
        let v = g[src_row][cols[j] as usize];
        let l = if v == 0 {
            0
        } else {
            if map[v as usize] == 0 {
                map[v as usize] = next;
                next += 1;
            }
            map[v as usize]
        };
        out[j] = l;
        if still_equal {
            if l > best[j] {
                return None;
            }
            if l < best[j] {
                still_equal = false;
            }
        }
    }
    Some((map, next))
}

/// The canonical form of `grid` and a transform onto it, computed the old way
/// (every column order of the first row, one row at a time).
pub fn reference_canonical_form(grid: &Grid) -> (Grid, Transform) {
    let v = grid.values();
    let mut plain = [[0u8; 9]; 9];
    let mut trans = [[0u8; 9]; 9];
    for r in 0..9 {
        for c in 0..9 {
            plain[r][c] = v[r * 9 + c];
            trans[c][r] = v[r * 9 + c];
        }
    }
    let orders = column_orders();
    let mut states: Vec<State> = Vec::new();
    let mut result = [0u8; 81];

    for k in 0..9 {
        let mut best = [u8::MAX; 9];
        let mut next_states: Vec<State> = Vec::new();
        let mut row = [0u8; 9];
        let mut consider =
            |s: State, src: usize, best: &mut [u8; 9], next_states: &mut Vec<State>| {
                let g = if s.transpose { &trans } else { &plain };
                if let Some((map, next)) =
                    labelled_row(g, src, &s.cols, &s.map, s.next_label, best, &mut row)
                {
                    if row < *best {
                        *best = row;
                        next_states.clear();
                    }
                    let mut rows = s.rows;
                    rows[k] = src as u8;
                    next_states.push(State {
                        rows,
                        used_rows: s.used_rows | 1 << src,
                        map,
                        next_label: next,
                        ..s
                    });
                }
            };
        if k == 0 {
            for transpose in [false, true] {
                for src in 0..9 {
                    for cols in &orders {
                        let s = State {
                            transpose,
                            cols: *cols,
                            rows: [0; 9],
                            used_rows: 0,
                            map: [0; 10],
                            next_label: 1,
                        };
                        consider(s, src, &mut best, &mut next_states);
                    }
                }
            }
        } else {
            for s in states.drain(..) {
                let band_start = if k % 3 == 0 {
                    None
                } else {
                    Some(s.rows[k - 1] as usize / 3 * 3)
                };
                for src in 0..9usize {
                    if s.used_rows & (1 << src) != 0 {
                        continue;
                    }
                    match band_start {
                        Some(b) if src / 3 * 3 != b => continue,
                        // a new band must start with an unused band
                        None if k % 3 == 0 && s.used_rows >> (src / 3 * 3) & 0b111 != 0 => {
                            continue;
                        }
                        _ => {}
                    }
                    consider(s.clone(), src, &mut best, &mut next_states);
                }
            }
        }
        result[k * 9..k * 9 + 9].copy_from_slice(&best);
        states = next_states;
    }

    let canon = Grid::from_values(result).expect("labels stay in 0..=9");
    let s = &states[0];
    // Digits that never appear get the remaining labels in order.
    let mut digits = [0u8; 9];
    let mut taken = 0u16;
    for d in 1..10 {
        if s.map[d] != 0 {
            digits[d - 1] = s.map[d] - 1;
            taken |= 1 << (s.map[d] - 1);
        }
    }
    let mut free = (0u8..9).filter(|l| taken & (1 << l) == 0);
    for d in 1..10 {
        if s.map[d] == 0 {
            digits[d - 1] = free.next().unwrap_or(0);
        }
    }
    let t = Transform::new(s.transpose, s.rows, s.cols, digits)
        .expect("the search only builds band-preserving orders");
    (canon, t)
}
