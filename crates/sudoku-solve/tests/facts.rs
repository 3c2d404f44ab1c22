//! The independently checked facts of `shared/data/README.md`.

use sudoku_core::{Grid, Variant, parse_line};
use sudoku_solve::{Solutions, Uniqueness, count, solve, uniqueness};

fn grid(line: &str) -> Grid {
    parse_line(line).expect("test puzzle parses").grid
}

#[test]
fn fourteen_million() {
    let p =
        grid("050070090400000008000020000003010800000000000009060100000080000200000009060050000");
    assert_eq!(count(&p, Variant::Standard, None), 14_297_616);
}

#[test]
fn small_counts() {
    let p =
        grid("000000003007000009063007000000026800400000000000009200000240010180000040070100060");
    assert_eq!(count(&p, Variant::Standard, None), 127);
    let p =
        grid("000000089406009200000630000000000050000004000001720030010000008075000000032070060");
    assert_eq!(count(&p, Variant::Standard, None), 3);
    assert_eq!(Solutions::new(&p, Variant::Standard).count(), 3);
}

#[test]
fn one_grid_for_every_variant_but_standard() {
    let p =
        grid("000490062000000017130005000000000070360700490000000000600000900800000000002300700");
    assert_eq!(count(&p, Variant::Standard, None), 30_619);
    let mut grids = Vec::new();
    for v in [Variant::Diagonal, Variant::Color, Variant::ColorDiagonal] {
        let Uniqueness::Unique(s) = uniqueness(&p, v) else {
            panic!("{v}: expected a unique solution");
        };
        assert!(s.is_solution_of(&p, v));
        grids.push(s);
    }
    assert!(grids.windows(2).all(|w| w[0] == w[1]));
    assert_eq!(solve(&p, Variant::Diagonal), Some(grids[0]));
}

#[test]
fn five_diagonal() {
    let p =
        grid("010000000002000304050092080008070000003000100000030600070000010804000900000000020");
    assert_eq!(count(&p, Variant::Diagonal, None), 5);
}
