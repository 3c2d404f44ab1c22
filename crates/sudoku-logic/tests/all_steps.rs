//! Every step `all_steps` lists is sound, and the list holds the step the
//! walk (a hint) takes: on 200 positions along the paths of puzzles none of
//! the steps work was tuned on (HoDoKu's level file, hard puzzles included),
//! each listed step is checked against the true solution, and the first
//! step of a round — what `sudoku hint` shows — must be among them.

mod common;

use common::{puzzles, solution};
use sudoku_core::Variant;
use sudoku_logic::{
    Candidates, DirectMethods, Mode, Options, Selection, all_steps, check_step, next_round,
    solve_logically,
};

#[test]
fn every_listed_step_is_sound_and_the_hint_is_listed() {
    // 50 puzzles from across the file (easy to extreme), 4 positions each.
    let set = puzzles("hodoku-levels.txt", 50, 80);
    assert_eq!(set.len(), 50);
    let table = Selection::table();
    let (mut positions, mut listed) = (0, 0);
    for puzzle in &set {
        let truth = solution(puzzle, Variant::Standard);
        let options = Options {
            solution: Some(truth),
            unique: true,
            orientation: sudoku_logic::Orientation::AsGiven,
            ..Options::default()
        };
        let trace = solve_logically(puzzle, Variant::Standard, &options).expect("sound walk");
        let mut pos = Candidates::new(puzzle, Variant::Standard).expect("valid");
        pos.assume_unique(true);
        let n = trace.steps.len();
        let picks: Vec<usize> = (1..=4).map(|k| k * n / 5).collect();
        for (i, step) in trace.steps.iter().enumerate() {
            if picks.contains(&i) && !pos.is_solved() {
                positions += 1;
                let steps = all_steps(&pos, &table, DirectMethods::All);
                assert!(!steps.is_empty(), "{puzzle}: nothing listed at step {i}");
                for (k, s) in steps.iter().enumerate() {
                    check_step(s, &truth, k).unwrap_or_else(|u| {
                        panic!("{puzzle}, position {i}: listed step {k} is unsound: {u}")
                    });
                }
                listed += steps.len();
                let hint = next_round(&pos, Mode::NonSynchronous, DirectMethods::All);
                let first = hint.first().expect("a hint");
                assert!(
                    steps.iter().any(|s| s.technique == first.technique
                        && s.placements == first.placements
                        && s.eliminations == first.eliminations),
                    "{puzzle}, position {i}: the hint ({}) is not listed",
                    first.technique
                );
            }
            pos.apply(step).expect("the path applies");
        }
    }
    assert!(positions >= 200, "only {positions} positions");
    println!("{positions} positions, {listed} steps listed, all sound");
}

#[test]
fn a_selection_limits_and_orders_the_list() {
    let puzzle = puzzles("top1465.txt", 1, 1)[0];
    let mut pos = Candidates::new(&puzzle, Variant::Standard).expect("valid");
    pos.write_candidates();
    let chosen = Selection::parse(Some("x-wing,pointing,claiming"), None).expect("names");
    let steps = all_steps(&pos, &chosen, DirectMethods::All);
    let order: Vec<_> = steps.iter().map(|s| s.technique).collect();
    let allowed = [
        sudoku_logic::Technique::XWing,
        sudoku_logic::Technique::Pointing,
        sudoku_logic::Technique::Claiming,
    ];
    assert!(order.iter().all(|t| allowed.contains(t)), "{order:?}");
    // In the selection's order: no x-wing after a pointing.
    let first_pointing = order.iter().position(|&t| t != allowed[0]);
    if let Some(p) = first_pointing {
        assert!(order[p..].iter().all(|&t| t != allowed[0]), "{order:?}");
    }
}
