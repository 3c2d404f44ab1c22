//! The independently checked facts of `shared/data/README.md`, and every puzzle
//! printed in the diagonal-solver seed (`seed_examples.tsv`).

mod common;

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

/// Every seed puzzle has a solution as its variant, and the solution counts the seed
/// claims hold.
///
/// One claim is of a different notion: the row of
/// `000490062…` is filed as diagonal (the text around it shows it as the diagonal
/// example) but its claim, 30,619, is the number of solutions *as standard Sudoku*
/// ("die Standard-Variante hat dabei 30619 Lösungen"); as diagonal it has exactly one.
/// For that row the claim is checked against the standard variant.
#[test]
fn seed_examples() {
    let path = common::data_dir().join("seed_examples.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("test data {} is missing: {e}", path.display()));
    let mut rows = 0;
    let mut claims = 0;
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (puzzle, variant, claimed) = (fields[0], fields[1], fields.get(3).copied());
        let p = grid(puzzle);
        let variant: Variant = variant.parse().expect("known variant");
        let Some(s) = solve(&p, variant) else {
            panic!("seed puzzle {puzzle} has no solution as {variant}");
        };
        assert!(s.is_solution_of(&p, variant));
        rows += 1;
        if let Some(claim) = claimed.filter(|c| !c.trim().is_empty()) {
            let claim: u64 = claim.trim().parse().expect("a number");
            let context = fields.get(4).copied().unwrap_or("");
            let counted_as = if context.contains("Standard-Variante hat dabei") {
                assert_eq!(count(&p, variant, None), 1);
                Variant::Standard
            } else {
                variant
            };
            assert_eq!(
                count(&p, counted_as, None),
                claim,
                "{puzzle} as {counted_as}"
            );
            claims += 1;
        }
    }
    assert_eq!(rows, 127);
    assert_eq!(claims, 4);
}
