//! The analysis a HoDoKu or Sudoku Explainer user brings, end to end:
//! `steps` (every step at a position), `explain --until`, `--techniques` and
//! `--without` on the commands that walk, and the partial path of a puzzle
//! with several solutions, with the variant in which it is unique.

mod common;

use common::{EASY, HARD, assert_exit, json_lines, run, stderr, stdout};
use sudoku_core::{Grid, Variant};

/// Every candidate the givens allow, as 81 comma-separated fields.
fn marks(puzzle: &str) -> String {
    let grid: Grid = puzzle.parse().expect("puzzle");
    sudoku_explain::candidate_fields(&grid, Variant::Standard).join(",")
}

/// The cell a name like `r3c5` names.
fn cell_of(name: &serde_json::Value) -> sudoku_core::Cell {
    let b = name.as_str().expect("cell name").as_bytes();
    let (row, col) = (usize::from(b[1] - b'1'), usize::from(b[3] - b'1'));
    sudoku_core::Cell::at(row, col).expect("a cell")
}

/// The true solution of a standard puzzle.
fn solution(puzzle: &str) -> Grid {
    let grid: Grid = puzzle.parse().expect("puzzle");
    sudoku_solve::solve(&grid, Variant::Standard).expect("a solution")
}

#[test]
fn steps_lists_every_technique_sound_and_the_hint_first() {
    let cands = marks(HARD);
    let out = run(&["steps", "-f", "json", HARD, "--candidates", &cands], "");
    assert_exit(&out, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "ok");
    let steps = v["steps"].as_array().expect("steps");
    assert!(steps.len() > 100, "{}", steps.len());
    // Many techniques, each listed together, easiest first.
    let mut order: Vec<&str> = Vec::new();
    for s in steps {
        let t = s["technique"].as_str().expect("technique");
        if order.last() != Some(&t) {
            assert!(!order.contains(&t), "{t} listed in two places");
            order.push(t);
        }
    }
    assert!(order.len() >= 20, "{order:?}");
    assert_eq!(order[0], "hidden-single");
    // Sound: no listed step places a wrong digit or removes the true one.
    let truth = solution(HARD);
    for s in steps {
        for p in s["placements"].as_array().expect("placements") {
            let cell = cell_of(&p["cell"]);
            assert_eq!(
                truth.get(cell).map(|d| d.get() as u64),
                p["digit"].as_u64(),
                "{s}"
            );
        }
        for e in s["eliminations"].as_array().expect("eliminations") {
            let cell = cell_of(&e["cell"]);
            assert_ne!(
                truth.get(cell).map(|d| d.get() as u64),
                e["digit"].as_u64(),
                "{s}"
            );
        }
    }
    // The hint is the first step listed.
    let hint = run(&["hint", "-f", "json", HARD, "--candidates", &cands], "");
    let h = &json_lines(&hint)[0];
    assert_eq!(h["step"]["technique"], steps[0]["technique"]);
    assert!(
        steps
            .iter()
            .any(|s| s["placements"] == h["step"]["placements"]
                && s["eliminations"] == h["step"]["eliminations"])
    );

    // Text: numbered lines and a count, in German too.
    let out = run(
        &[
            "steps",
            "--lang",
            "de",
            "--techniques",
            "pointing,claiming",
            HARD,
            "--candidates",
            &cands,
        ],
        "",
    );
    assert_exit(&out, 0);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Puzzle: 4...3"), "{text}");
    assert!(lines[1].trim_start().starts_with("1. "), "{text}");
    assert!(
        lines.last().expect("count").ends_with(" Schritte"),
        "{text}"
    );
    assert!(
        lines[1..lines.len() - 1]
            .iter()
            .all(|l| l.contains("Zeilen-/Spalten-Test") || l.contains("Box-Test")),
        "{text}"
    );
}

#[test]
fn steps_names_mistakes_and_refusals() {
    let out = run(
        &["steps", EASY, "--entries", &format!("9{}", &".".repeat(80))],
        "",
    );
    // r1c1's 9 is wrong or a clash: either way a mistake or a refusal, named.
    let text = stdout(&out);
    assert!(
        text.contains("mistake:") || text.contains("invalid-entries"),
        "{text}"
    );
    let out = run(&["steps", &".".repeat(81)], "");
    assert_exit(&out, 1);
    assert!(stdout(&out).contains("multiple: "), "{}", stdout(&out));
    let out = run(&["steps", "--techniques", "no-such", EASY], "");
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("unknown technique or family 'no-such'"));
}

#[test]
fn explain_until_a_step_or_a_technique() {
    let out = run(
        &["explain", "-f", "json", "--until", "skyscraper", HARD],
        "",
    );
    assert_exit(&out, 0);
    let v = &json_lines(&out)[0];
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(
        steps.last().expect("a step")["technique"],
        "skyscraper",
        "{v}"
    );
    assert_eq!(v["until"].as_u64(), Some(steps.len() as u64));
    assert_eq!(v["stop"]["board"], v["end"]);
    assert!(v["stop"]["candidates"].is_array());
    // The rating is the whole path's.
    let whole = run(&["explain", "-f", "json", HARD], "");
    let w = &json_lines(&whole)[0];
    assert_eq!(v["rating"], w["rating"]);
    assert!(w["steps"].as_array().expect("steps").len() > steps.len());

    let out = run(&["explain", "--until", "3", HARD], "");
    let text = stdout(&out);
    assert!(text.contains("\n3. "), "{text}");
    assert!(!text.contains("\n4. "), "{text}");
    assert!(text.contains("Stopped after step 3 (--until); the position:\n.---"));
    for bad in ["0", "fish", "x-wnig"] {
        let out = run(&["explain", "--until", bad, HARD], "");
        assert_exit(&out, 2);
    }
    assert!(
        stderr(&run(&["explain", "--until", "x-wnig", HARD], ""))
            .contains("did you mean 'x-wing'?")
    );
}

#[test]
fn techniques_choose_the_walk() {
    // Singles alone cannot solve the hard puzzle: the path stops, named.
    let out = run(
        &["explain", "--techniques", "single", "-f", "json", HARD],
        "",
    );
    assert_exit(&out, 1);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "unsolved");
    let used: Vec<&str> = v["steps"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|s| s["technique"].as_str().expect("technique"))
        .collect();
    assert!(
        used.iter().all(|t| matches!(
            *t,
            "full-house" | "hidden-single" | "naked-single" | "write-candidates"
        )),
        "{used:?}"
    );
    // Without forcing chains and trial and error the walk still solves it.
    let out = run(
        &["explain", "--without", "forcing,trial", "-f", "json", HARD],
        "",
    );
    let v = &json_lines(&out)[0];
    for s in v["steps"].as_array().expect("steps") {
        let t = s["technique"].as_str().expect("technique");
        assert!(!t.contains("forcing") && t != "trial-and-error", "{t}");
    }
    // The order counts: the hint with x-wing before the singles is not a single.
    let cands = marks(HARD);
    let plain = run(&["hint", "-f", "json", HARD, "--candidates", &cands], "");
    let ordered = run(
        &[
            "hint",
            "-f",
            "json",
            "--techniques",
            "claiming,pointing,single",
            HARD,
            "--candidates",
            &cands,
        ],
        "",
    );
    assert_eq!(json_lines(&plain)[0]["step"]["technique"], "hidden-single");
    let t = json_lines(&ordered)[0]["step"]["technique"].clone();
    assert!(t == "claiming" || t == "pointing", "{t}");
    // rate: our points change with the choice; SE and HoDoKu do not.
    let a = run(&["rate", "-f", "json", HARD], "");
    let b = run(&["rate", "-f", "json", "--without", "trial", HARD], "");
    let (a, b) = (&json_lines(&a)[0], &json_lines(&b)[0]);
    assert_eq!(a["se"], b["se"]);
    assert_eq!(a["hodoku_score"], b["hodoku_score"]);
    // Nothing left is a usage error.
    let out = run(
        &["rate", "--techniques", "x-wing", "--without", "fish", HARD],
        "",
    );
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("no technique left to use"));
}

#[test]
fn several_solutions_get_the_path_as_far_as_it_goes() {
    // A diagonal puzzle of the seed entered as standard.
    let diagonal =
        "000000000000270000000010920050000263000100080086000040510800000007900100000450070";
    let out = run(&["explain", "-f", "json", diagonal], "");
    assert_exit(&out, 1);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "multiple");
    assert_eq!(v["unique_as"], "diagonal");
    let steps = v["steps"].as_array().expect("a partial path");
    assert!(!steps.is_empty());
    let error = v["error"].as_str().expect("error");
    assert!(
        error.contains(&format!("logic alone takes {} steps", steps.len())),
        "{error}"
    );
    assert!(error.ends_with("as a diagonal Sudoku it has exactly one solution"));
    // Every step holds in every solution (a placement agrees with all of
    // them): the end board is a sub-board of each of the first solutions.
    let end: Grid = v["end"].as_str().expect("end").parse().expect("board");
    let givens: Grid = diagonal.parse().expect("puzzle");
    for s in sudoku_solve::Solutions::new(&givens, Variant::Standard).take(200) {
        for cell in sudoku_core::Cell::all() {
            if let Some(d) = end.get(cell) {
                assert_eq!(s.get(cell), Some(d), "{cell}");
            }
        }
    }
    let text = stdout(&run(&["explain", diagonal], ""));
    assert!(text.contains("(--variant diagonal)"), "{text}");
    let out = run(&["explain", "--variant", "diagonal", diagonal], "");
    assert_exit(&out, 0);
}

#[test]
fn gen_makes_only_puzzles_the_chosen_techniques_solve() {
    let list = "single,intersection,subset";
    let out = run(
        &[
            "gen",
            "--seed",
            "3",
            "-n",
            "2",
            "--level",
            "hard",
            "--techniques",
            list,
        ],
        "",
    );
    assert_exit(&out, 0);
    let puzzles: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(puzzles.len(), 2, "{puzzles:?}");
    for p in &puzzles {
        let out = run(&["explain", "-f", "json", "--techniques", list, p], "");
        assert_exit(&out, 0);
        let v = &json_lines(&out)[0];
        assert_eq!(v["status"], "unique", "{p}");
    }
    // --raw makes unchecked puzzles: a technique choice would mean nothing.
    let out = run(
        &[
            "gen",
            "--raw",
            "remove",
            "--clues",
            "30",
            "--techniques",
            "single",
        ],
        "",
    );
    assert_exit(&out, 2);
}
