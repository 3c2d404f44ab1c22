//! A player's session: entries, Check, the two-press manual Step, Hint, and the
//! JSON the web layer exchanges.

mod common;

use common::{EASY, TEUFLISCH, cell, grid};
use sudoku_core::{Cell, Digit, Variant};
use sudoku_solve::solve;
use sudoku_trainer::{
    EvalMode, Evaluation, ManualStep, MoveKind, Search, Trainer, TrainerError, check,
    explain::{self, Subject},
    hint,
};

#[test]
fn check_marks_exactly_the_wrong_entries() {
    let g = grid(EASY);
    let solution = solve(&g, Variant::Standard).expect("solvable");
    let mut t = Trainer::new(&g, Variant::Standard, EvalMode::None, 0);
    let empty: Vec<Cell> = Cell::all().filter(|&c| g.get(c).is_none()).collect();
    let right = empty[0];
    let wrong = empty[1];
    t.set_entry(right, solution.get(right)).expect("entry");
    let bad = Digit::ALL
        .into_iter()
        .find(|&d| Some(d) != solution.get(wrong))
        .expect("another digit");
    t.set_entry(wrong, Some(bad)).expect("entry");
    let report = t.check().expect("checked");
    assert_eq!(report.wrong.iter().collect::<Vec<_>>(), vec![wrong]);
    assert!(report.unique && !report.solved);
    // Givens are locked in the solve phase.
    let given = Cell::all().find(|&c| g.get(c).is_some()).expect("a given");
    assert_eq!(
        t.set_entry(given, None),
        Err(TrainerError::GivenLocked { cell: given })
    );
    // All right and complete: solved.
    let mut entries = solution;
    for c in Cell::all().filter(|&c| g.get(c).is_some()) {
        entries.set(c, None);
    }
    let report = check(&g, &entries, Variant::Standard).expect("checked");
    assert!(report.wrong.is_empty() && report.solved);
}

#[test]
fn the_automatic_search_continues_from_the_entries() {
    let g = grid(TEUFLISCH);
    let solution = solve(&g, Variant::Standard).expect("solvable");
    let mut t = Trainer::new(&g, Variant::Standard, EvalMode::Lazy, 4);
    t.set_entry(cell(2, 4), solution.get(cell(2, 4)))
        .expect("entry");
    let mut s = t.search();
    assert_eq!(s.run(100_000), sudoku_trainer::Phase::Solved);
    assert_eq!(*s.board(), solution);
    // The entry is part of the start and never undone; the search filled the rest.
    assert!(!s.filled().contains(cell(2, 4)));
    assert_eq!(s.filled().len(), 81 - 23 - 1);
    let r = t.rate().expect("rated");
    assert_eq!(r.level, sudoku_trainer::Level::VeryHard);
}

#[test]
fn check_with_several_solutions_accepts_any_of_them() {
    let g =
        grid("000000089406009200000630000000000050000004000001720030010000008075000000032070060");
    let mut s = Search::new(&g, Variant::Standard, EvalMode::Lazy, 0);
    s.run(100_000);
    s.next_solution();
    s.run(100_000);
    let second = *s.board();
    let report = check(&g, &second, Variant::Standard).expect("checked");
    assert!(report.wrong.is_empty() && !report.unique && report.solved);
}

#[test]
fn manual_step_first_shows_then_sets() {
    let g = grid(EASY);
    let mut t = Trainer::new(&g, Variant::Standard, EvalMode::None, 0);
    let ManualStep::Proposed { mv } = t.manual_step() else {
        panic!("a proposal first");
    };
    assert_eq!(t.board(), g, "the first press changes nothing");
    assert!(matches!(mv.kind, MoveKind::Necessary { .. }));
    let ManualStep::Placed { mv: placed } = t.manual_step() else {
        panic!("then the placement");
    };
    assert_eq!(placed, mv);
    assert_eq!(t.board().get(mv.cell), Some(mv.digit));
    let solution = solve(&g, Variant::Standard).expect("solvable");
    assert_eq!(solution.get(mv.cell), Some(mv.digit));
    // Stepping on to the end solves the puzzle.
    for _ in 0..200 {
        if t.manual_step() == ManualStep::Solved {
            break;
        }
    }
    assert_eq!(t.board(), solution);
    let text = explain::de(Subject::ManualStep(&ManualStep::Proposed { mv }));
    assert!(text.starts_with("Nächster Schritt: "), "{text}");
}

#[test]
fn manual_step_guesses_right_and_reports_contradictions() {
    let g = grid(TEUFLISCH);
    let solution = solve(&g, Variant::Standard).expect("solvable");
    let mut t = Trainer::new(&g, Variant::Standard, EvalMode::StrictPlus, 0);
    // Nothing is forced at the start: the proposal is a guess, with the right digit.
    let ManualStep::Proposed { mv } = t.manual_step() else {
        panic!("a proposal");
    };
    assert!(matches!(mv.kind, MoveKind::Guess { .. }));
    assert_eq!(solution.get(mv.cell), Some(mv.digit));
    // A digit placed twice is reported instead of a proposal.
    t.set_entry(cell(1, 3), Digit::new(1)).expect("entry");
    assert!(matches!(t.manual_step(), ManualStep::Contradiction { .. }));
}

#[test]
fn hint_is_the_next_human_style_step() {
    let h = hint(&grid(EASY), Variant::Standard)
        .expect("no clash")
        .expect("a step");
    assert!(!h.placements.is_empty() || !h.eliminations.is_empty());
    // The step `sudoku_logic::next_steps` reports first.
    let mut pos = sudoku_logic::Candidates::new(&grid(EASY), Variant::Standard).expect("valid");
    pos.write_candidates();
    let steps = sudoku_logic::next_steps(&pos);
    assert_eq!(h.step.as_ref(), steps.first());
    let json = serde_json::to_value(&h).expect("json");
    assert!(json["technique"].is_string());
    // On the seed's hard position the first step is beyond singles.
    let h = hint(&grid(TEUFLISCH), Variant::Standard)
        .expect("no clash")
        .expect("a step");
    assert!(!h.cells.is_empty());
    // A clash is an error, not a hint.
    let clash = grid(&format!("11{}", ".".repeat(79)));
    assert!(matches!(
        hint(&clash, Variant::Standard),
        Err(TrainerError::Conflict(_))
    ));
}

#[test]
fn json_shapes_for_the_web_layer() {
    let e = sudoku_trainer::evaluate(&grid(TEUFLISCH), Variant::Standard, EvalMode::Lazy);
    let v = serde_json::to_value(&e).expect("json");
    assert_eq!(v["mode"], "lazy");
    assert_eq!(v["variant"], "standard");
    assert_eq!(v["candidates"].as_array().map(Vec::len), Some(81));
    let reason = &v["inadmissible"][0]["reasons"][0];
    assert_eq!(reason["criterion"], "hidden-pair");
    assert_eq!(reason["house"]["kind"], "box");
    assert_eq!(reason["house"]["cells"].as_array().map(Vec::len), Some(9));
    let back: Evaluation = serde_json::from_value(v).expect("read back");
    assert_eq!(back, e);
    // Garbage is refused with a message naming the value.
    let bad =
        serde_json::to_string(&e)
            .expect("json")
            .replacen("\"cell\":", "\"cell\":81,\"x\":", 1);
    let err = serde_json::from_str::<Evaluation>(&bad).expect_err("cell 81");
    assert!(err.to_string().contains("81"), "{err}");
    let t = Trainer::new(&grid(EASY), Variant::Diagonal, EvalMode::StrictMinus, 3);
    let json = serde_json::to_string(&t).expect("json");
    assert_eq!(serde_json::from_str::<Trainer>(&json).expect("back"), t);
    let short = json.replacen("..3.2.6", "..3.2", 1);
    let err = serde_json::from_str::<Trainer>(&short).expect_err("79 characters");
    assert!(err.to_string().contains("81 characters"), "{err}");
}

#[test]
fn explanations_in_both_languages() {
    let e = sudoku_trainer::evaluate(&grid(TEUFLISCH), Variant::Standard, EvalMode::Lazy);
    let reasons = e.reasons_at(cell(2, 4));
    let first = reasons.first().expect("a reason for r2c4");
    assert_eq!(
        explain::de(Subject::Reason(first)),
        "7 unzulässig wegen \"Verstecktem 2-Tupel\" (1, 8) in r2c4, r3c4 (Box 2)"
    );
    assert_eq!(
        explain::en(Subject::Reason(first)),
        "7 inadmissible because of the hidden pair (1, 8) in r2c4, r3c4 of box 2"
    );
}
