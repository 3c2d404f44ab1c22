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

/// Components of the two-digit link graph, for all 36 digit pairs. The graph of
/// a pair has 18 nodes (the nine cells of each digit, numbered by row) and one
/// edge per house.
fn two_digit_sets(values: &[u8; 81], variant: Variant, max_size: usize, out: &mut Vec<CellSet>) {
    // The cell of each digit in each house, and the node (row) of each cell.
    let houses = variant.houses();
    let mut pos = [[0u8; 10]; 38];
    for (hi, h) in houses.iter().enumerate() {
        for c in h.cells() {
            pos[hi][values[c.index()] as usize] = c.index() as u8;
        }
    }
    let pos = &pos[..houses.len()];
    let mut col_of = [[0usize; 9]; 10];
    for (i, &v) in values.iter().enumerate() {
        col_of[v as usize][i / 9] = i % 9;
    }
    fn find(p: &mut [u8; 18], mut x: u8) -> u8 {
        while p[x as usize] != x {
            p[x as usize] = p[p[x as usize] as usize];
            x = p[x as usize];
        }
        x
    }
    for a in 1..=9usize {
        for b in a + 1..=9 {
            let mut parent: [u8; 18] = std::array::from_fn(|i| i as u8);
            for house in pos {
                // Node of a cell: its row, plus 9 for the b-cells.
                let x = find(&mut parent, house[a] / 9);
                let y = find(&mut parent, house[b] / 9 + 9);
                if x != y {
                    parent[x as usize] = y;
                }
            }
            let mut sets = [CellSet::EMPTY; 18];
            for row in 0..9u8 {
                for (digit, node) in [(a, row), (b, row + 9)] {
                    if let Some(cell) = Cell::at(row as usize, col_of[digit][row as usize]) {
                        let root = find(&mut parent, node);
                        sets[root as usize].insert(cell);
                    }
                }
            }
            out.extend(
                sets.into_iter()
                    .filter(|s| !s.is_empty() && s.len() <= max_size),
            );
        }
    }
}

/// Three-cell exchanges between two rows or two columns: the three cells must
/// carry a 3-cycle of digits from one line to the other.
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
            // Where each digit sits along the first line.
            let mut pos1 = [0usize; 10];
            for k in 0..9 {
                pos1[values[at(l1, k)] as usize] = k;
            }
            for l2 in l1 + 1..9 {
                for k1 in 0..9 {
                    let a = values[at(l1, k1)];
                    let k2 = pos1[values[at(l2, k1)] as usize];
                    let k3 = pos1[values[at(l2, k2)] as usize];
                    // Each cycle once: from its smallest position.
                    if k2 == k1 || k3 == k1 || values[at(l2, k3)] != a || k1 > k2.min(k3) {
                        continue;
                    }
                    let ks = [k1, k2, k3];
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
                    assert!(s.digits.len() <= 3);
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
