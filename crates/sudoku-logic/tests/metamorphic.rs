//! Metamorphic properties: a variant-preserving transform of a puzzle (relabel
//! digits, permute lines within bands, bands, transpose, rotate, mirror — as far
//! as the variant allows) must not change how hard it is.
//!
//! By default the solver walks the canonical orientation, so in every mode two
//! copies get the same sequence of techniques and points, and the steps map onto
//! each other. Walked as given, in synchronous mode a round applies every hit of
//! the first technique that fires, a set that does not depend on the grid's
//! orientation, so technique counts and points are identical; in
//! non-synchronous mode the one hit taken depends on scan order (the seed says
//! so too), but every technique of the table only removes candidates that stay
//! removable as others go, so the position where the solver ends — solved or
//! stuck — is the same up to the transform.
//!
//! [`Step::transformed`] is checked against the finders themselves: on a
//! position and its transformed copy, a finder reports exactly the transformed
//! steps (for the techniques whose hits do not depend on scan order).

mod common;

use common::{puzzles, with_seed_variants};
use sudoku_core::{Cell, Digit, Grid, Transform, Variant};
use sudoku_logic::{
    Candidates, Detail, FindMode, Mode, Options, Orientation, Step, TABLE, Technique, Trace,
    solve_logically,
};

fn sample() -> Vec<(Grid, Variant)> {
    let mut standard = puzzles("top1465.txt", 120, 12);
    standard.extend(puzzles("17-clue.txt", 40, 1013));
    with_seed_variants(standard)
}

fn trace(puzzle: &Grid, variant: Variant, mode: Mode) -> Trace {
    let options = Options {
        mode,
        orientation: Orientation::AsGiven,
        // The data sets' puzzles have one solution each.
        unique: true,
        ..Options::default()
    };
    solve_logically(puzzle, variant, &options).expect("valid puzzle")
}

#[test]
fn synchronous_traces_of_isomorphs_agree() {
    for (i, (puzzle, variant)) in sample().into_iter().enumerate() {
        let a = trace(&puzzle, variant, Mode::Synchronous);
        for seed in [1, 2] {
            let t = Transform::random(variant, seed * 1000 + i as u64);
            let b = trace(&t.apply(&puzzle), variant, Mode::Synchronous);
            assert_eq!(
                a.technique_counts(),
                b.technique_counts(),
                "{puzzle} ({variant}) {t:?}"
            );
            assert!(
                (a.total_points() - b.total_points()).abs() < 1e-6,
                "{puzzle} ({variant}): {} vs {}",
                a.total_points(),
                b.total_points()
            );
            assert_eq!(a.outcome, b.outcome);
        }
    }
}

#[test]
fn non_synchronous_solves_end_in_the_same_position() {
    for (i, (puzzle, variant)) in sample().into_iter().enumerate() {
        let a = trace(&puzzle, variant, Mode::NonSynchronous);
        let t = Transform::random(variant, 77 + i as u64);
        let b = trace(&t.apply(&puzzle), variant, Mode::NonSynchronous);
        assert_eq!(a.outcome, b.outcome, "{puzzle} ({variant})");
        assert_eq!(&t.apply(a.end.grid()), b.end.grid());
        for cell in Cell::all() {
            let mapped: sudoku_core::DigitSet = a
                .end
                .candidates(cell)
                .iter()
                .filter_map(|d| Digit::from_index(t.digit_map(d.index()) as usize))
                .collect();
            assert_eq!(
                mapped,
                b.end.candidates(t.target_of(cell)),
                "{puzzle} at {cell}"
            );
        }
    }
}

/// The synchronous property on the hardest set, where depth-2 trial and error
/// is common (every 5th puzzle; its whole-grid refutation order was the last
/// thing that depended on how the grid is turned).
#[test]
fn synchronous_traces_of_hardest_isomorphs_agree() {
    for (i, puzzle) in puzzles("forum-hardest-1106.txt", usize::MAX, 5)
        .into_iter()
        .enumerate()
    {
        let a = trace(&puzzle, Variant::Standard, Mode::Synchronous);
        let t = Transform::random(Variant::Standard, 9000 + i as u64);
        let b = trace(&t.apply(&puzzle), Variant::Standard, Mode::Synchronous);
        assert_eq!(a.technique_counts(), b.technique_counts(), "{puzzle}");
        if (a.total_points() - b.total_points()).abs() > 1e-6 {
            for (x, y) in a.steps.iter().zip(&b.steps) {
                if (x.points - y.points).abs() > 1e-6 || x.technique != y.technique {
                    eprintln!(
                        "first difference: {:?} {} vs {:?} {}",
                        x.detail, x.points, y.detail, y.points
                    );
                    break;
                }
            }
        }
        assert!(
            (a.total_points() - b.total_points()).abs() < 1e-6,
            "{puzzle}: {} vs {}",
            a.total_points(),
            b.total_points()
        );
    }
}

fn canonical_trace(puzzle: &Grid, variant: Variant, mode: Mode) -> Trace {
    let options = Options {
        mode,
        unique: true,
        ..Options::default()
    };
    solve_logically(puzzle, variant, &options).expect("valid puzzle")
}

#[test]
fn canonical_traces_of_isomorphs_agree_in_every_mode() {
    for mode in Mode::ALL {
        for (i, (puzzle, variant)) in sample().into_iter().enumerate().step_by(4) {
            let a = canonical_trace(&puzzle, variant, mode);
            let t = Transform::random(variant, 31 + i as u64);
            let moved = t.apply(&puzzle);
            let b = canonical_trace(&moved, variant, mode);
            let key = |tr: &Trace| -> Vec<(Technique, u64)> {
                tr.steps
                    .iter()
                    .map(|s| (s.technique, s.points.to_bits()))
                    .collect()
            };
            assert_eq!(key(&a), key(&b), "{puzzle} ({variant}, {mode:?})");
            assert_eq!(a.outcome, b.outcome);
            // The steps, moved by the transform, are the copy's steps (up to an
            // automorphism of the canonical grid, which leaves the effect alone
            // but may rename cells: compare the effects as sets then).
            let mut pos = Candidates::new(&moved, variant).expect("valid");
            pos.assume_unique(true);
            for (x, y) in a.steps.iter().zip(&b.steps) {
                let x = x.transformed(&t);
                if x != *y {
                    assert_eq!(x.technique, y.technique);
                    assert_eq!(x.placements.len(), y.placements.len());
                    assert_eq!(x.eliminations.len(), y.eliminations.len());
                }
                pos.apply(&x).expect("moved step applies");
            }
            assert_eq!(pos.grid(), b.end.grid(), "{puzzle} ({variant}, {mode:?})");
        }
    }
}

/// The rows whose hits form the same set on every copy of a position.
fn orientation_free(t: Technique) -> bool {
    use Technique as T;
    matches!(
        t,
        T::Pointing
            | T::Claiming
            | T::LockedPair
            | T::LockedTriple
            | T::NakedPair
            | T::NakedTriple
            | T::HiddenPair
            | T::HiddenTriple
            | T::XWing
            | T::Swordfish
            | T::XyWing
            | T::XyzWing
            | T::UniqueRectangle1
            | T::UniqueRectangle2
            | T::UniqueRectangle3
            | T::UniqueRectangle4
            | T::UniqueRectangle5
            | T::UniqueRectangle6
            | T::HiddenRectangle
            | T::AvoidableRectangle1
            | T::AvoidableRectangle2
            | T::BugPlusOne
            | T::DiagonalCenterTest
            | T::DiagonalPincer1
            | T::DiagonalPincer2
            | T::DiagonalPairTest
            | T::TemplateSet
            | T::TemplateDelete
    )
}

#[test]
fn finders_report_the_transformed_steps_on_a_transformed_position() {
    let mut compared = 0;
    for (i, (puzzle, variant)) in sample().into_iter().enumerate().step_by(3) {
        let t = Transform::random(variant, 500 + i as u64);
        let a = trace(&puzzle, variant, Mode::NonSynchronous);
        let mut p = Candidates::new(&puzzle, variant).expect("valid");
        let mut q = Candidates::new(&t.apply(&puzzle), variant).expect("valid");
        p.assume_unique(true);
        q.assume_unique(true);
        for step in &a.steps {
            if p.is_written() {
                for info in TABLE.iter().filter(|r| orientation_free(r.technique)) {
                    let (mut x, mut y): (Vec<Step>, Vec<Step>) = (Vec::new(), Vec::new());
                    info.find(&p, &mut x, FindMode::All);
                    info.find(&q, &mut y, FindMode::All);
                    // The houses of one role keep their order through the move,
                    // not the finder's sorting: compare them as sets.
                    // A rectangle's first corner is the first the finder met:
                    // check the documented corner order, compare them as sets;
                    // likewise the links of a chain.
                    let norm = |s: &Step| {
                        let mut s = s.clone();
                        s.houses.sort();
                        if let Detail::UniqueRectangle(sudoku_logic::UniqueRectangle {
                            corners,
                            ..
                        }) = &mut s.detail
                        {
                            assert_eq!(corners[1].row(), corners[0].row());
                            assert_eq!(corners[2].col(), corners[0].col());
                            assert_eq!(corners[3].row(), corners[2].row());
                            corners.sort();
                        }
                        // A chain may be reported from either end.
                        for l in &mut s.links {
                            if l.to < l.from {
                                std::mem::swap(&mut l.from, &mut l.to);
                            }
                        }
                        s.links.sort_by_key(|l| (l.from, l.to));
                        format!("{s:?}")
                    };
                    let mut x: Vec<String> = x.iter().map(|s| norm(&s.transformed(&t))).collect();
                    let mut y: Vec<String> = y.iter().map(norm).collect();
                    x.sort();
                    y.sort();
                    assert_eq!(x, y, "{} on {puzzle} ({variant}) under {t:?}", info.name);
                    compared += x.len();
                }
            }
            p.apply(step).expect("applies");
            q.apply(&step.transformed(&t)).expect("moved step applies");
        }
    }
    assert!(compared > 1000, "only {compared} steps compared");
}
