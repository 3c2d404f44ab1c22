//! Every function is total: arbitrary grids (clashing, unsolvable, empty, full)
//! never make the solver panic or loop.

use proptest::prelude::*;
use sudoku_core::strategy::{raw_grid, variant};
use sudoku_solve::{Solutions, Uniqueness, count, solve, uniqueness};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn never_panics(grid in raw_grid(), variant in variant()) {
        let n = count(&grid, variant, Some(2));
        let first = solve(&grid, variant);
        prop_assert_eq!(first.is_some(), n > 0);
        if let Some(s) = first {
            prop_assert!(s.is_solution_of(&grid, variant));
        }
        let u = uniqueness(&grid, variant);
        prop_assert_eq!(matches!(u, Uniqueness::None), n == 0);
        prop_assert_eq!(Solutions::new(&grid, variant).take(2).count() as u64, n);
        if grid.check(variant).is_err() {
            prop_assert_eq!(n, 0);
        }
    }

    #[test]
    fn sparse_grids_never_panic(
        cells in prop::collection::vec((0usize..81, 1u8..=9), 0..12),
        variant in variant(),
    ) {
        let mut values = [0u8; 81];
        for (c, d) in cells {
            values[c] = d;
        }
        let grid = sudoku_core::Grid::from_values(values).unwrap_or_default();
        let n = count(&grid, variant, Some(2));
        prop_assert_eq!(solve(&grid, variant).is_some(), n > 0);
    }
}
