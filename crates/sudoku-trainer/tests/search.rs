//! The search state machine and the levels, against the exact solver.

mod common;

use common::{TEUFLISCH, grid};
use std::path::PathBuf;
use sudoku_core::{Cell, Variant};
use sudoku_solve::{Uniqueness, count, uniqueness};
use sudoku_trainer::{EvalMode, Event, Level, Phase, Search, TrainerError, rate};

fn data(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The seed: "Im Auswertungsmodus Strikt benötigt der Solver im Allgemeinen weniger
/// Schritte … Die Anzahl der Rückwärtsläufe bleibt in beiden Ausführungsmodi
/// gleich." On 30 hard puzzles spread over top1465.
#[test]
fn strict_takes_no_more_steps_than_lazy_and_as_many_backtrack_runs() {
    let text = data("top1465.txt");
    let puzzles: Vec<&str> = text.lines().step_by(48).take(30).collect();
    assert_eq!(puzzles.len(), 30);
    let mut fewer = 0;
    for line in puzzles {
        let g = grid(line);
        let mut lazy = Search::new(&g, Variant::Standard, EvalMode::Lazy, 11);
        let mut strict = Search::new(&g, Variant::Standard, EvalMode::StrictPlus, 11);
        assert_eq!(lazy.run(1_000_000), Phase::Solved, "{line}");
        assert_eq!(strict.run(1_000_000), Phase::Solved, "{line}");
        assert!(strict.steps() <= lazy.steps(), "{line}");
        assert_eq!(strict.backtrack_runs(), lazy.backtrack_runs(), "{line}");
        assert_eq!(strict.board(), lazy.board(), "{line}");
        fewer += usize::from(strict.steps() < lazy.steps());
    }
    // Not a tautology: Strict really saves steps on most of them.
    assert!(fewer >= 10, "{fewer}");
}

/// The search ends at the exact solver's solution for puzzles of every variant
/// (the seed examples), and at some solution when there are several.
#[test]
fn search_reaches_the_exact_solution_in_every_variant() {
    let text = data("seed_examples.tsv");
    let mut per_variant = [0usize; 4];
    for row in text.lines().skip(1) {
        let mut cols = row.split('\t');
        let (Some(puzzle), Some(variant)) = (cols.next(), cols.next()) else {
            continue;
        };
        let variant: Variant = variant.parse().expect("variant column");
        let slot = Variant::ALL
            .iter()
            .position(|&v| v == variant)
            .expect("known variant");
        if per_variant[slot] >= 6 {
            continue;
        }
        let g = grid(puzzle);
        let expected = match uniqueness(&g, variant) {
            Uniqueness::None => continue,
            Uniqueness::Unique(s) => Some(s),
            Uniqueness::Multiple(_) => None,
        };
        per_variant[slot] += 1;
        let mut s = Search::new(&g, variant, EvalMode::StrictMinus, 3);
        assert_eq!(s.run(2_000_000), Phase::Solved, "{variant} {puzzle}");
        assert!(s.board().is_solution_of(&g, variant), "{variant} {puzzle}");
        if let Some(solution) = expected {
            assert_eq!(*s.board(), solution, "{variant} {puzzle}");
        }
    }
    assert!(per_variant.iter().all(|&n| n >= 3), "{per_variant:?}");
}

/// "Nach der Erfolgsmeldung mit der ersten Lösung kann der Anwender nach der
/// nächsten Lösung suchen lassen, solange bis der Solver meldet: Keine weitere
/// Lösung gefunden."
#[test]
fn next_solution_enumerates_every_solution_then_reports_exhaustion() {
    let cases = [
        (
            "000000089406009200000630000000000050000004000001720030010000008075000000032070060",
            Variant::Standard,
            3,
        ),
        (
            "010000000002000304050092080008070000003000100000030600070000010804000900000000020",
            Variant::Diagonal,
            5,
        ),
    ];
    for (line, variant, n) in cases {
        let g = grid(line);
        for mode in [EvalMode::Lazy, EvalMode::StrictPlus] {
            let mut s = Search::new(&g, variant, mode, 5);
            let mut found = Vec::new();
            loop {
                match s.run(1_000_000) {
                    Phase::Solved => {
                        assert!(s.board().is_solution_of(&g, variant));
                        found.push(*s.board());
                        assert!(s.next_solution());
                    }
                    Phase::Exhausted => break,
                    p => panic!("stopped in {p:?}"),
                }
            }
            found.sort();
            found.dedup();
            assert_eq!(found.len(), n, "{line} {mode:?}");
            assert_eq!(s.solutions(), n as u64);
            assert_eq!(s.step(), Event::Exhausted);
        }
    }
}

/// A puzzle without solution whose givens do not clash: the search runs out.
#[test]
fn search_reports_an_exhausted_search_space() {
    let mut g = grid(TEUFLISCH);
    let Uniqueness::Unique(solution) = uniqueness(&g, Variant::Standard) else {
        panic!("teuflisch-spezial-2 is unique");
    };
    // A wrong digit that clashes with no given.
    let cell = Cell::at(8, 8).expect("r9c9");
    let wrong = g
        .candidates(Variant::Standard, cell)
        .iter()
        .find(|&d| Some(d) != solution.get(cell))
        .expect("a second candidate");
    g.set(cell, Some(wrong));
    assert_eq!(count(&g, Variant::Standard, Some(1)), 0);
    let mut s = Search::new(&g, Variant::Standard, EvalMode::Lazy, 1);
    assert_eq!(s.run(1_000_000), Phase::Exhausted);
    assert_eq!(s.solutions(), 0);
    assert!(s.stack().is_empty());
    assert_eq!(s.board(), &g);
}

/// Each placement and each undo is one step; each turn backward one run.
#[test]
fn counters_follow_the_events() {
    let g = grid(TEUFLISCH);
    let mut s = Search::new(&g, Variant::Standard, EvalMode::Lazy, 9);
    let (mut placed, mut undone, mut turns) = (0u64, 0u64, 0u64);
    let mut last_was_undo = false;
    loop {
        match s.step() {
            Event::Placed { mv } => {
                assert_eq!(s.board().get(mv.cell), Some(mv.digit));
                placed += 1;
                last_was_undo = false;
            }
            Event::Undone {
                cell,
                contradiction,
                ..
            } => {
                assert_eq!(s.board().get(cell), None);
                // A run starts with the contradiction that caused it.
                assert_eq!(contradiction.is_some(), !last_was_undo);
                turns += u64::from(contradiction.is_some());
                undone += 1;
                last_was_undo = true;
            }
            Event::Solved { grid } => {
                assert!(grid.is_solution_of(&g, Variant::Standard));
                break;
            }
            Event::Exhausted => panic!("teuflisch-spezial-2 has a solution"),
        }
    }
    assert_eq!(s.steps(), placed + undone);
    assert_eq!(s.backtrack_runs(), turns);
    assert!(turns > 0, "teuflisch-spezial-2 needs backtracking");
    assert_eq!(s.stack().len() as u64, placed - undone);
}

/// Given the seed, the search is reproducible, also across a JSON round trip in
/// the middle (the web layer keeps the state as JSON).
#[test]
fn deterministic_and_resumable_from_json() {
    let g = grid(TEUFLISCH);
    let mut a = Search::new(&g, Variant::Standard, EvalMode::StrictPlus, 42);
    let mut b = a.clone();
    for _ in 0..40 {
        assert_eq!(a.step(), b.step());
    }
    let json = serde_json::to_string(&b).expect("serialise");
    let mut c: Search = serde_json::from_str(&json).expect("read back");
    assert_eq!(c, b);
    assert!(c.is_consistent());
    // A board edited behind the stack's back is recognised.
    let edited = json.replacen("\"board\":\"14", "\"board\":\"15", 1);
    let forged: Search = serde_json::from_str(&edited).expect("still well-formed");
    assert!(!forged.is_consistent());
    a.run(1_000_000);
    c.run(1_000_000);
    assert_eq!(a, c);
    // Another seed guesses elsewhere but finds the same unique solution.
    let mut d = Search::new(&g, Variant::Standard, EvalMode::StrictPlus, 43);
    d.run(1_000_000);
    assert_eq!(d.board(), a.board());
}

#[test]
fn levels_of_known_puzzles() {
    let cases = [
        // The seed's example puzzles and HoDoKu-generated ones of each kind.
        (
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            Level::Easy,
        ),
        (
            "005370200006208000040010000050000000000000103000096000000030019007020056800000740",
            Level::Easy,
        ),
        (
            "900630000000409700070005030321000000000000007000000050003000610050080043806140000",
            Level::Medium,
        ),
        (
            "000080007470600000080020036600300000000000010041059300000000050003010902500400000",
            Level::Hard,
        ),
        (TEUFLISCH, Level::VeryHard),
        (
            "000000003007000009063007000000026800400000000000009200000240010180000040070100060",
            Level::ExtremelyHard,
        ),
    ];
    for (line, level) in cases {
        let r = rate(&grid(line), Variant::Standard, 1, 1_000_000).expect("rated");
        assert_eq!(r.level, level, "{line}");
        assert_eq!(r.unique, level != Level::ExtremelyHard);
        assert!(r.steps_strict <= r.steps_lazy);
        assert_eq!(r.backtrack_runs, r.backtrack_runs_strict);
        if level <= Level::Hard {
            assert_eq!(r.backtrack_runs, 0);
            assert_eq!(r.counts.guess, 0);
        }
    }
    // The seed: teuflisch-spezial-2 is "Sehr schwer" with backtrack runs.
    let r = rate(&grid(TEUFLISCH), Variant::Standard, 1, 1_000_000).expect("rated");
    assert!(r.backtrack_runs > 0);
}

#[test]
fn rating_refuses_what_cannot_be_rated() {
    let clash = grid(&format!("11{}", ".".repeat(79)));
    assert!(matches!(
        rate(&clash, Variant::Standard, 0, 1000),
        Err(TrainerError::Conflict(_))
    ));
    let mut none = grid(TEUFLISCH);
    none.set(
        Cell::at(8, 8).expect("r9c9"),
        Some(sudoku_core::Digit::new(1).expect("1")),
    );
    if count(&none, Variant::Standard, Some(1)) == 0 && none.check(Variant::Standard).is_ok() {
        assert_eq!(
            rate(&none, Variant::Standard, 0, 1000),
            Err(TrainerError::NoSolution)
        );
    }
    assert_eq!(
        rate(&grid(TEUFLISCH), Variant::Standard, 0, 10),
        Err(TrainerError::StepLimit { limit: 10 })
    );
}
