//! Harmless transformations keep the answers: a random isomorph of a puzzle that
//! keeps the variant's houses has the same number of solutions, and the solution of
//! the transformed puzzle is the transformed solution.

mod common;

use common::{Rng, load, random_solution, remove_clues, sample};
use sudoku_core::{Transform, Variant};
use sudoku_solve::{Uniqueness, count, uniqueness};

#[test]
fn isomorphs_of_data_puzzles() {
    let mut puzzles = sample(&load("top1465.txt"), 150);
    puzzles.extend(sample(&load("multi-solution-10000.txt"), 150));
    puzzles.extend(sample(&load("17-clue.txt"), 150));
    for (i, p) in puzzles.iter().enumerate() {
        for variant in Variant::ALL {
            let t = Transform::random(variant, i as u64 * 4 + variant as u64);
            let q = t.apply(p);
            assert_eq!(
                count(p, variant, Some(3)),
                count(&q, variant, Some(3)),
                "{variant}: {p:?} and its isomorph {q:?}"
            );
            if let Uniqueness::Unique(s) = uniqueness(p, variant) {
                assert_eq!(uniqueness(&q, variant), Uniqueness::Unique(t.apply(&s)));
            }
        }
    }
}

#[test]
fn isomorphs_of_random_variant_puzzles() {
    let mut rng = Rng(99);
    for variant in Variant::ALL {
        for _ in 0..40 {
            let solution = random_solution(variant, &mut rng);
            let p = remove_clues(&solution, 24 + rng.below(20), &mut rng);
            let t = Transform::random(variant, rng.next());
            let q = t.apply(&p);
            assert_eq!(count(&p, variant, Some(20)), count(&q, variant, Some(20)));
            if let Uniqueness::Unique(s) = uniqueness(&p, variant) {
                assert_eq!(s, solution);
                assert_eq!(uniqueness(&q, variant), Uniqueness::Unique(t.apply(&s)));
            }
        }
    }
}
