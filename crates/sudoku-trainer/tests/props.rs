//! Properties: the rules are sound (checked against the exact solution on
//! positions of every variant), the evaluation agrees with the definitions, and
//! nothing panics on arbitrary input.

use proptest::prelude::*;
use std::path::PathBuf;
use sudoku_core::strategy::{raw_grid, variant};
use sudoku_core::{Cell, Digit, Grid, Variant};
use sudoku_solve::{Uniqueness, uniqueness};
use sudoku_trainer::{
    EvalMode, Evaluation, Phase, Search, Trainer, check, evaluate,
    explain::{self, Subject},
    hint,
};

fn seed_puzzles() -> Vec<(Grid, Variant, Grid)> {
    let path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/seed_examples.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for row in text.lines().skip(1) {
        let mut cols = row.split('\t');
        let (Some(p), Some(v)) = (cols.next(), cols.next()) else {
            continue;
        };
        let (Ok(g), Ok(v)) = (p.parse::<Grid>(), v.parse::<Variant>()) else {
            continue;
        };
        if let Uniqueness::Unique(s) = uniqueness(&g, v) {
            out.push((g, v, s));
        }
    }
    out
}

/// The definitions of §4, checked on the result (independent of how it was
/// computed).
fn check_definitions(e: &Evaluation) {
    for cell in Cell::all() {
        let i = cell.index();
        if e.board.get(cell).is_some() {
            assert!(e.candidates[i].is_empty());
            continue;
        }
        let mut used = sudoku_core::DigitSet::EMPTY;
        for p in e.variant.peers(cell).iter() {
            if let Some(d) = e.board.get(p) {
                used.insert(d);
            }
        }
        assert_eq!(e.candidates[i], used.complement(), "{cell}");
        assert!(e.options[i].is_subset(e.candidates[i]));
    }
    for n in &e.necessary {
        for h in &n.houses {
            let places: Vec<Cell> = h
                .cells()
                .into_iter()
                .filter(|c| e.options[c.index()].contains(n.digit))
                .collect();
            assert_eq!(places, vec![n.cell], "{} {} {h}", n.cell, n.digit);
        }
    }
    for s in &e.singles {
        assert_eq!(e.candidates[s.cell.index()].len(), 1);
    }
    for s in &e.hidden_singles {
        assert!(e.candidates[s.cell.index()].len() > 1);
        assert_eq!(e.options[s.cell.index()].len(), 1);
    }
    for i in &e.inadmissible {
        assert!(!i.reasons.is_empty());
        assert!(e.candidates[i.cell.index()].contains(i.digit));
        assert!(!e.options[i.cell.index()].contains(i.digit));
    }
}

/// On positions that are part of the solution (givens plus some solved cells),
/// nothing contradicts, every forced digit is the solution's and no inadmissible
/// candidate is — for every criterion, mode and variant.
#[test]
fn rules_are_sound_on_solution_positions_of_every_variant() {
    let puzzles = seed_puzzles();
    let mut seen = [false; 4];
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut criteria = std::collections::BTreeSet::new();
    for (g, v, solution) in &puzzles {
        if let Some(i) = Variant::ALL.iter().position(|x| x == v) {
            seen[i] = true;
        }
        for round in 0..6 {
            let mut pos = *g;
            for cell in Cell::all() {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                if pos.get(cell).is_none() && rng % 10 < round {
                    pos.set(cell, solution.get(cell));
                }
            }
            for mode in [EvalMode::Lazy, EvalMode::StrictPlus] {
                let e = evaluate(&pos, *v, mode);
                check_definitions(&e);
                assert_eq!(e.contradiction, None, "{v} {pos}");
                for n in &e.necessary {
                    assert_eq!(solution.get(n.cell), Some(n.digit));
                }
                for s in e.singles.iter().chain(&e.hidden_singles) {
                    assert_eq!(solution.get(s.cell), Some(s.digit));
                }
                for i in &e.inadmissible {
                    assert_ne!(solution.get(i.cell), Some(i.digit), "{v} {pos} {i:?}");
                    criteria.extend(i.reasons.iter().map(|r| format!("{:?}", r.criterion())));
                }
            }
        }
    }
    assert_eq!(seen, [true; 4], "a unique seed puzzle of every variant");
    assert_eq!(criteria.len(), 4, "every criterion exercised: {criteria:?}");
}

fn any_mode() -> impl Strategy<Value = EvalMode> {
    prop::sample::select(vec![
        EvalMode::None,
        EvalMode::Lazy,
        EvalMode::StrictPlus,
        EvalMode::StrictMinus,
    ])
}

/// A grid with a few random digits: mostly consistent, so the search has work.
fn sparse_grid() -> impl Strategy<Value = Grid> {
    prop::collection::vec((0usize..81, 1u8..=9), 0..24).prop_map(|v| {
        let mut g = Grid::EMPTY;
        for (i, d) in v {
            if let (Some(c), Some(d)) = (Cell::new(i), Digit::new(d)) {
                g.set(c, Some(d));
            }
        }
        g
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn nothing_panics_on_arbitrary_grids(
        g in prop_oneof![raw_grid(), sparse_grid()],
        v in variant(),
        mode in any_mode(),
        seed in any::<u64>(),
    ) {
        let e = evaluate(&g, v, mode);
        check_definitions(&e);
        for cell in Cell::all() {
            for r in e.reasons_at(cell) {
                prop_assert!(!explain::en(Subject::Reason(&r)).is_empty());
                prop_assert!(!r.highlight().is_empty());
            }
        }
        if let Some(c) = &e.contradiction {
            prop_assert!(!c.cells().is_empty());
            prop_assert!(!explain::de(Subject::Contradiction(c)).is_empty());
        }
        let shown = e.clone().for_display();
        let json = serde_json::to_string(&shown).expect("serialises");
        prop_assert_eq!(serde_json::from_str::<Evaluation>(&json).expect("reads back"), shown);

        let mut s = Search::new(&g, v, mode, seed);
        let before = s.steps();
        for _ in 0..60 {
            let ev = s.step();
            prop_assert!(!explain::en(Subject::Event(&ev)).is_empty());
        }
        prop_assert!(s.steps() <= before + 60);
        prop_assert!(s.is_consistent());
        if s.phase() == Phase::Solved {
            prop_assert!(s.board().is_solution_of(&g, v));
        }

        let mut t = Trainer::new(&g, v, mode, seed);
        let _ = t.manual_step();
        let _ = t.manual_step();
        let _ = t.check();
        let _ = hint(&g, v);
        let _ = check(&g, &g, v);
    }

    #[test]
    fn garbage_json_is_refused_without_panic(text in ".{0,200}") {
        let _ = serde_json::from_str::<Search>(&text);
        let _ = serde_json::from_str::<Trainer>(&text);
        let _ = serde_json::from_str::<Evaluation>(&text);
    }
}
