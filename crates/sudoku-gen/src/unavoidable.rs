//! Unavoidable sets of a solution grid: groups of cells whose digits can be
//! rearranged into another valid solution, so every unique puzzle of the grid
//! must give at least one of their cells.
//!
//! Two families are found exactly:
//!
//! * **two-digit sets**: for digits *a*, *b*, link the *a*-cell and the *b*-cell
//!   of every house of the variant; swapping *a* and *b* on a set of those
//!   cells keeps every house valid exactly when the set is a union of linked
//!   components, so each component is a minimal two-digit unavoidable set (the
//!   4-cell "unavoidable rectangle" is the smallest; components up to 18 cells
//!   come for free);
//! * **line swaps**: two rows (or columns) whose cells in some three columns
//!   (rows) hold the same three digits can exchange them when every house of the
//!   variant stays valid — the 6-cell sets with three digits.
//!
//! Sets that contain a smaller one are dropped. The generator asks these before
//! the exact solver: removing a given that empties a set cannot keep the puzzle
//! unique, so that removal is skipped without a search.

use sudoku_core::{Cell, CellSet, DigitSet, Grid, House, Variant};

/// One unavoidable set: its cells and the digits they hold in the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnavoidableSet {
    /// The cells.
    pub cells: CellSet,
    /// The digits the cells hold in the solution grid.
    pub digits: DigitSet,
}

/// The minimal unavoidable sets of `solution` as `variant` with at most
/// `max_size` cells that the two families above find, smallest first (then by
/// cells). An incomplete or invalid grid has none.
///
/// ```
/// use sudoku_core::{Grid, Variant};
/// let grid: Grid = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
///     .parse().unwrap();
/// let sets = sudoku_gen::unavoidable_sets(&grid, Variant::Standard, 6);
/// assert!(sets.iter().any(|s| s.cells.len() == 4));
/// ```
pub fn unavoidable_sets(solution: &Grid, variant: Variant, max_size: usize) -> Vec<UnavoidableSet> {
    if !solution.is_full() || solution.check(variant).is_err() {
        return Vec::new();
    }
    let values = solution.values();
    let mut found: Vec<CellSet> = Vec::new();
    two_digit_sets(values, variant, max_size, &mut found);
    if max_size >= 6 {
        line_swaps(values, variant, &mut found);
    }
    found.sort_by_key(|s| (s.len(), s.bits()));
    found.dedup();
    let mut minimal: Vec<CellSet> = Vec::new();
    for s in found {
        if !minimal.iter().any(|m| m.is_subset(s)) {
            minimal.push(s);
        }
    }
    minimal
        .into_iter()
        .map(|cells| UnavoidableSet {
            cells,
            digits: cells
                .iter()
                .filter_map(|c| solution.get(c))
                .collect::<DigitSet>(),
        })
        .collect()
}

/// Components of the two-digit link graph, for all 36 digit pairs.
fn two_digit_sets(values: &[u8; 81], variant: Variant, max_size: usize, out: &mut Vec<CellSet>) {
    // Where each digit sits in each house.
    let houses = variant.houses();
    let mut pos = vec![[0u8; 10]; houses.len()];
    for (hi, h) in houses.iter().enumerate() {
        for c in h.cells() {
            pos[hi][values[c.index()] as usize] = c.index() as u8;
        }
    }
    for a in 1..=9usize {
        for b in a + 1..=9 {
            let mut parent: [u8; 81] = std::array::from_fn(|i| i as u8);
            fn find(p: &mut [u8; 81], mut x: u8) -> u8 {
                while p[x as usize] != x {
                    p[x as usize] = p[p[x as usize] as usize];
                    x = p[x as usize];
                }
                x
            }
            for house in &pos {
                let (x, y) = (find(&mut parent, house[a]), find(&mut parent, house[b]));
                if x != y {
                    parent[x as usize] = y;
                }
            }
            let mut comps: Vec<(u8, CellSet)> = Vec::new();
            for cell in Cell::all() {
                let v = values[cell.index()] as usize;
                if v != a && v != b {
                    continue;
                }
                let root = find(&mut parent, cell.index() as u8);
                match comps.iter_mut().find(|(r, _)| *r == root) {
                    Some((_, set)) => set.insert(cell),
                    None => comps.push((root, CellSet::single(cell))),
                }
            }
            out.extend(
                comps
                    .into_iter()
                    .map(|(_, s)| s)
                    .filter(|s| s.len() <= max_size),
            );
        }
    }
}

/// Three-cell exchanges between two rows or two columns.
fn line_swaps(values: &[u8; 81], variant: Variant, out: &mut Vec<CellSet>) {
    for transposed in [false, true] {
        let at = |line: usize, k: usize| {
            if transposed {
                k * 9 + line
            } else {
                line * 9 + k
            }
        };
        for l1 in 0..9 {
            for l2 in l1 + 1..9 {
                for k1 in 0..9 {
                    for k2 in k1 + 1..9 {
                        for k3 in k2 + 1..9 {
                            let ks = [k1, k2, k3];
                            let mask = |l: usize| {
                                ks.iter()
                                    .fold(0u16, |m, &k| m | 1 << values[at(l, k)])
                            };
                            if mask(l1) != mask(l2) {
                                continue;
                            }
                            // The same digit in the same cross line is no exchange.
                            if ks.iter().any(|&k| values[at(l1, k)] == values[at(l2, k)]) {
                                continue;
                            }
                            let mut alt = *values;
                            let mut cells = CellSet::EMPTY;
                            for &k in &ks {
                                alt.swap(at(l1, k), at(l2, k));
                                for l in [l1, l2] {
                                    if let Some(c) = Cell::new(at(l, k)) {
                                        cells.insert(c);
                                    }
                                }
                            }
                            if houses_valid(&alt, variant, cells) {
                                out.push(cells);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Whether every house of `variant` touching `changed` holds distinct digits.
fn houses_valid(values: &[u8; 81], variant: Variant, changed: CellSet) -> bool {
    let mut checked = 0u64;
    for cell in changed.iter() {
        for &h in variant.houses_of(cell) {
            if checked & (1 << h.index()) != 0 {
                continue;
            }
            checked |= 1 << h.index();
            if !house_valid(values, h) {
                return false;
            }
        }
    }
    true
}

fn house_valid(values: &[u8; 81], house: House) -> bool {
    let mut seen = 0u16;
    for c in house.cells() {
        let bit = 1u16 << values[c.index()];
        if seen & bit != 0 {
            return false;
        }
        seen |= bit;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rng, random_solution};
    use rand::SeedableRng;
    use sudoku_solve::count;

    /// Each set is unavoidable: a grid with exactly that set emptied has more
    /// than one solution (and so does one with all other cells given).
    #[test]
    fn every_set_really_is_unavoidable() {
        let mut rng = Rng::seed_from_u64(3);
        for v in Variant::ALL {
            for _ in 0..4 {
                let grid = random_solution(v, &mut rng);
                let sets = unavoidable_sets(&grid, v, 8);
                for s in &sets {
                    let mut p = grid;
                    for c in s.cells.iter() {
                        p.set(c, None);
                    }
                    assert!(count(&p, v, Some(2)) == 2, "{v} {:?}", s.cells);
                    assert_eq!(s.digits.len() <= 3, true);
                }
                // Minimal: no set contains another.
                for a in &sets {
                    for b in &sets {
                        assert!(a == b || !a.cells.is_subset(b.cells));
                    }
                }
            }
        }
    }

    /// Every 4-cell unavoidable set of standard Sudoku is a rectangle with two
    /// digits; a brute-force search over all rectangles agrees with ours.
    #[test]
    fn rectangles_match_brute_force() {
        let mut rng = Rng::seed_from_u64(9);
        for _ in 0..10 {
            let grid = random_solution(Variant::Standard, &mut rng);
            let v = grid.values();
            let mut brute = Vec::new();
            for r1 in 0..9 {
                for r2 in r1 + 1..9 {
                    for c1 in 0..9 {
                        for c2 in c1 + 1..9 {
                            let (a, b) = (v[r1 * 9 + c1], v[r1 * 9 + c2]);
                            let boxes: std::collections::HashSet<usize> =
                                [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
                                    .iter()
                                    .map(|&(r, c)| r / 3 * 3 + c / 3)
                                    .collect();
                            if v[r2 * 9 + c1] == b && v[r2 * 9 + c2] == a && boxes.len() == 2 {
                                brute.push(
                                    [(r1, c1), (r1, c2), (r2, c1), (r2, c2)]
                                        .iter()
                                        .filter_map(|&(r, c)| Cell::at(r, c))
                                        .collect::<CellSet>(),
                                );
                            }
                        }
                    }
                }
            }
            brute.sort_by_key(|s| s.bits());
            let mut ours: Vec<CellSet> = unavoidable_sets(&grid, Variant::Standard, 4)
                .iter()
                .map(|s| s.cells)
                .collect();
            ours.sort_by_key(|s| s.bits());
            assert_eq!(ours, brute);
        }
    }

    #[test]
    fn incomplete_grids_have_none() {
        assert!(unavoidable_sets(&Grid::EMPTY, Variant::Standard, 6).is_empty());
    }
}
