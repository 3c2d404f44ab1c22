//! End-to-end tests of `sudoku explain` and `sudoku hint`: the built binary is
//! run as a user would run it, in both languages and both formats, on good and
//! bad input (invalid puzzles, no or several solutions, wrong candidate fields).

mod common;

use common::{EASY, HARD, NO_SOLUTION, assert_exit, json_lines, stdout, temp_file};
use sudoku_core::{Cell, Grid, Variant};

/// Runs `sudoku args…` with nothing on standard input.
fn run(args: &[&str]) -> std::process::Output {
    common::run(args, "")
}

/// What `sudoku args…` printed, checking that it succeeded (exit status 0).
#[track_caller]
fn explained(args: &[&str]) -> String {
    let out = run(args);
    assert_exit(&out, 0);
    stdout(&out)
}

#[test]
fn explain_text_in_english_and_german() {
    let text = explained(&["explain", EASY]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("Puzzle: {EASY} (standard)"));
    assert_eq!(
        lines[1],
        " 1. Hidden single: 9 has only one place left in column 3, r5c3: the 9s in r2c1 and r8c9 rule out the other cells. [0.5 points; 22 direct steps possible]"
    );
    // One numbered step per empty cell (only singles), then the summary.
    let empty = EASY.bytes().filter(|&b| b == b'.').count();
    assert_eq!(lines.len(), empty + 2);
    let summary = lines[lines.len() - 1];
    assert!(
        summary.starts_with(&format!("Summary: solved in {empty} steps, ")),
        "{summary}"
    );
    assert!(summary.ends_with("; logic only."), "{summary}");

    let text = explained(&["explain", "--lang", "de", EASY]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("Puzzle: {EASY} (standard)"));
    assert_eq!(
        lines[1],
        " 1. Versteckter Single: Die 9 hat in Spalte 3 nur noch einen Platz, r5c3: die Neunen in r2c1 und r8c9 schließen die übrigen Zellen aus. [0.5 Punkte; 22 direkte Schritte möglich]"
    );
    assert!(
        lines[lines.len() - 1]
            .starts_with(&format!("Zusammenfassung: gelöst in {empty} Schritten, "))
    );
}

#[test]
fn explain_hard_puzzle_shows_chains_and_trials() {
    // As given: this very path (the canonical one takes other chains).
    let text = explained(&["explain", "--orientation", "given", HARD]);
    assert!(
        text.contains(". Skyscraper on 4: (4)r5c4 = (4)r3c4 - (4)r3c7 = (4)r6c7. If r5c4 is not 4")
    );
    // Since the forcing techniques, no trial and error: a region forcing
    // chain instead, read branch by branch.
    assert!(text.contains(
        ". Region forcing chain: In column 4, 9 goes into r1c4, r3c4 or r5c4. If r1c4 is 9, then "
    ));
    assert!(text.contains("; logic only."));
}

#[test]
fn explain_json_has_the_issue_schema() {
    let out = run(&["explain", "--format", "json", "--lang", "de", HARD]);
    assert_exit(&out, 0);
    let objects = json_lines(&out);
    assert_eq!(objects.len(), 1);
    let v = &objects[0];
    assert_eq!(v["puzzle"], HARD);
    assert_eq!(v["variant"], "standard");
    assert_eq!(v["status"], "unique");
    assert!(v["error"].is_null());
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(v["rating"]["steps"].as_u64(), Some(steps.len() as u64));
    assert_eq!(v["rating"]["logic_only"], true);
    assert!(v["rating"]["points"].as_f64().expect("points") > 0.0);
    // Every empty cell is placed exactly once; cells are written r<row>c<col>.
    let placed: usize = steps
        .iter()
        .map(|s| s["placements"].as_array().expect("placements").len())
        .sum();
    assert_eq!(placed, HARD.bytes().filter(|&b| b == b'.').count());
    let first = &steps[0];
    assert_eq!(first["technique"], "hidden-single");
    assert_eq!(
        first["placements"],
        serde_json::json!([{"cell": "r9c3", "digit": 7}])
    );
    assert_eq!(first["eliminations"], serde_json::json!([]));
    assert_eq!(first["points"], 1.0);
    assert_eq!(
        first["text"],
        "Versteckter Single: Die 7 hat in Box 7 nur noch einen Platz, r9c3: die Siebenen in r6c2 und r7c7 schließen die übrigen Zellen aus."
    );
    assert!(first.get("links").is_none(), "links only for chains");
    let chain = steps
        .iter()
        .find(|s| s["technique"] == "skyscraper")
        .expect("a skyscraper");
    assert_eq!(
        chain["links"][0],
        serde_json::json!({"from": {"cell": "r5c4", "digit": 4}, "to": {"cell": "r3c4", "digit": 4}, "kind": "strong"})
    );
    assert_eq!(chain["links"][1]["kind"], "weak");
    // What the page draws: the placement of a single, an arrow per link of a
    // chain with its kind.
    assert_eq!(
        first["shapes"],
        serde_json::json!([
            {"shape": "cell", "cell": "r9c3", "role": "target"},
            {"shape": "mark", "cell": "r9c3", "digit": 7, "role": "placed"}
        ])
    );
    let shapes = chain["shapes"].as_array().expect("shapes");
    let arrows: Vec<_> = shapes.iter().filter(|s| s["shape"] == "arrow").collect();
    assert_eq!(
        arrows.len(),
        chain["links"].as_array().expect("links").len()
    );
    assert_eq!(
        *arrows[0],
        serde_json::json!({"shape": "arrow", "from": {"cells": ["r5c4"], "digit": 4}, "to": {"cells": ["r3c4"], "digit": 4}, "kind": "strong"})
    );
    assert!(shapes.iter().any(|s| s["role"] == "eliminated"));
}

#[test]
fn explain_reports_bad_puzzles_without_a_trace() {
    let clash = format!("11{}", ".".repeat(79));
    let file = temp_file(
        "explain-mixed.txt",
        format!(
            "{EASY}\n{clash}\n{NO_SOLUTION}\n{}\nnot a puzzle\n",
            ".".repeat(81)
        ),
    );
    let path = file.to_str().expect("UTF-8 path");
    let out = run(&["explain", path]);
    assert_exit(&out, 1);
    let text = stdout(&out);
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), 5, "{text}");
    assert!(blocks[0].contains("Summary: solved"));
    assert_eq!(
        blocks[1],
        format!("Puzzle: {clash} (standard)\ninvalid: line 2: two 1s in row 1 (r1c1, r1c2)")
    );
    assert_eq!(
        blocks[2],
        format!("Puzzle: {NO_SOLUTION} (standard)\nnone: the puzzle has no solution")
    );
    assert_eq!(
        blocks[3],
        format!(
            "Puzzle: {} (standard)\n1. Writing candidates: no digit can be placed without candidates any more, so all 729 candidates are written into the 81 empty cells. [{}]\nmultiple: the puzzle has more than one solution, so there is no single logical path; logic alone takes 1 step and stops with 81 cells still open",
            ".".repeat(81),
            objects_points_of_empty_grid(),
        )
    );
    // The first field of a line is the puzzle.
    assert_eq!(
        blocks[4],
        "Puzzle: not (standard)\ninvalid: line 5: expected 81 cells, found 3\n"
    );

    let out = run(&["explain", "-f", "json", path]);
    assert_exit(&out, 1);
    let objects = json_lines(&out);
    let status: Vec<&str> = objects
        .iter()
        .map(|v| v["status"].as_str().expect("status"))
        .collect();
    assert_eq!(status, ["unique", "invalid", "none", "multiple", "invalid"]);
    for (i, v) in objects.iter().enumerate().skip(1) {
        // A puzzle with several solutions gets its path as far as it goes.
        assert_eq!(v["steps"].is_null(), i != 3, "{v}");
        assert!(v["rating"].is_null(), "{v}");
        assert!(v["error"].is_string(), "{v}");
    }
}

/// The points of writing every candidate of the empty grid, as `explain`
/// prints them (from the JSON, so that the text test does not repeat the
/// points rule).
fn objects_points_of_empty_grid() -> String {
    let out = run(&["explain", "-f", "json", &".".repeat(81)]);
    let v = &json_lines(&out)[0];
    let points = v["steps"][0]["points"].as_f64().expect("points");
    sudoku_cli_points(points)
}

/// `explain`'s points word: `1 point`, `2.5 points`.
fn sudoku_cli_points(points: f64) -> String {
    let r = (points * 10.0).round() / 10.0;
    let n = if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    };
    if r == 1.0 {
        format!("{n} point")
    } else {
        format!("{n} points")
    }
}

/// Every candidate the givens allow, as 81 fields.
fn full_fields(puzzle: &str) -> Vec<String> {
    let grid: Grid = puzzle.parse().expect("puzzle");
    sudoku_explain::candidate_fields(&grid, Variant::Standard)
}

#[test]
fn hint_from_the_givens() {
    let out = run(&["hint", EASY]);
    assert_exit(&out, 0);
    assert_eq!(
        stdout(&out),
        "Technique: Hidden single\nCells: r1c6\nHidden single: 1 has only one place left in column 6, r1c6: the 1s in r4c4 and r9c5 rule out the other cells.\n"
    );
    let out = run(&["hint", "--lang", "de", "--format", "json", HARD]);
    assert_exit(&out, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "ok");
    assert_eq!(v["step"]["technique"], "hidden-single");
    assert_eq!(v["step"]["name"], "Versteckter Single");
    assert_eq!(v["cells"], serde_json::json!(["r9c3"]));
    assert_eq!(v["houses"][0]["name"], "Box 7");
    assert_eq!(v["houses"][0]["cells"].as_array().map(Vec::len), Some(9));
    assert_eq!(
        v["step"]["text"],
        "Versteckter Single: Die 7 hat in Box 7 nur noch einen Platz, r9c3: die Siebenen in r6c2 und r7c7 schließen die übrigen Zellen aus."
    );
}

#[test]
fn hint_from_a_candidate_state() {
    // All candidates written: the hint works on pencil marks, and comma- and
    // whitespace-separated fields give the same answer.
    let fields = full_fields(HARD);
    let spaced = run(&["hint", HARD, "--candidates", &fields.join(" ")]);
    assert_exit(&spaced, 0);
    let commas = run(&["hint", HARD, "--candidates", &fields.join(", ")]);
    assert_eq!(stdout(&spaced), stdout(&commas));
    assert!(stdout(&spaced).starts_with("Technique: "));
    // The fields may come from a file, one per line.
    let file = temp_file("hint-cands.txt", fields.join("\n"));
    let out = run(&[
        "hint",
        "-f",
        "json",
        HARD,
        "--candidates",
        file.to_str().expect("UTF-8"),
    ]);
    assert_exit(&out, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "ok");
    assert!(
        v["step"]["text"]
            .as_str()
            .expect("text")
            .starts_with(v["step"]["name"].as_str().expect("name"))
    );
}

#[test]
fn hint_refuses_bad_candidate_fields() {
    let fields = full_fields(HARD);
    let check = |fields: &[String], sep: &str, want: &str| {
        let out = run(&["hint", HARD, "--candidates", &fields.join(sep)]);
        assert_exit(&out, 1);
        assert_eq!(stdout(&out), format!("invalid-candidates: {want}\n"));
    };
    check(
        &fields[..80],
        " ",
        "expected 81 candidate fields (r1c1 to r9c9), found 80",
    );
    let mut f = fields.clone();
    f[22] = String::new();
    check(&f, ",", "r3c5: empty field (every cell needs a candidate)");
    let mut f = fields.clone();
    f[0] = "45".to_string();
    check(&f, " ", "r1c1: the given is 4, but the field says \"45\"");
    let mut f = fields.clone();
    f[1].push('4');
    check(&f, " ", "r1c2: candidate 4 contradicts the given 4 in r1c1");
    let mut f = fields.clone();
    f[1] = "1a".to_string();
    check(&f, " ", "r1c2: 'a' is not a digit 1-9");
}

#[test]
fn hint_names_a_lost_solution_digit_before_any_step() {
    // A state that lost the solution's digit cannot give a sound hint: the
    // hint names the cell and the digit instead.
    let fields = full_fields(HARD);
    let grid: Grid = HARD.parse().expect("puzzle");
    let solution = sudoku_solve::solve(&grid, Variant::Standard).expect("solvable");
    let cell = Cell::at(0, 1).expect("r1c2");
    let truth = solution.get(cell).expect("filled").to_string();
    let mut f = fields.clone();
    f[1] = f[1].replace(&truth, "");
    let out = run(&["hint", HARD, "--candidates", &f.join(" ")]);
    assert_exit(&out, 0);
    assert_eq!(
        stdout(&out),
        format!(
            "mistake: Your pencil marks in r1c2 have lost {truth}, the cell's solution digit: put it back first.\n"
        )
    );
    let out = run(&["hint", "-f", "json", HARD, "--candidates", &f.join(" ")]);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "mistake");
    assert_eq!(v["mistake"]["kind"], "lost-candidate");
    assert_eq!(v["mistake"]["cell"], "r1c2");
    assert_eq!(v["mistake"]["digit"].to_string(), truth);
    assert!(v["step"].is_null());
}

#[test]
fn hint_names_a_wrong_entry_first_and_hints_from_right_ones() {
    let grid: Grid = HARD.parse().expect("puzzle");
    let solution = sudoku_solve::solve(&grid, Variant::Standard).expect("solvable");
    let open: Vec<Cell> = Cell::all().filter(|&c| grid.get(c).is_none()).collect();
    let mut entries = vec!['.'; 81];
    // Two right entries and, later in reading order, a wrong one.
    for &c in &open[..2] {
        entries[c.index()] = (b'0' + solution.get(c).expect("solved").get()) as char;
    }
    let bad = open[5];
    let truth = solution.get(bad).expect("solved").get();
    let wrong = truth % 9 + 1;
    entries[bad.index()] = (b'0' + wrong) as char;
    let text: String = entries.iter().collect();
    let out = run(&["hint", "--lang", "de", HARD, "--entries", &text]);
    assert_exit(&out, 0);
    assert_eq!(
        stdout(&out),
        format!(
            "mistake: Die Eingabe {wrong} in {bad} ist falsch: erst zurücknehmen, aus einer falschen Stellung folgt kein Tipp.\n"
        )
    );
    // Without the wrong one, the hint is a step from the entries' position,
    // never one that places an entered cell again.
    entries[bad.index()] = '.';
    let text: String = entries.iter().collect();
    let out = run(&["hint", "-f", "json", HARD, "--entries", &text]);
    assert_exit(&out, 0);
    let v = &json_lines(&out)[0];
    assert_eq!(v["status"], "ok");
    for p in v["step"]["placements"].as_array().expect("placements") {
        let cell = p["cell"].as_str().expect("cell");
        assert!(!open[..2].iter().any(|c| c.to_string() == cell), "{cell}");
    }
    // An entry on a given must be that given.
    let mut clash = vec!['.'; 81];
    let given = Cell::all()
        .find(|&c| grid.get(c).is_some())
        .expect("a given");
    let g = grid.get(given).expect("given").get();
    clash[given.index()] = (b'0' + g % 9 + 1) as char;
    let out = run(&["hint", HARD, "--entries", &clash.iter().collect::<String>()]);
    assert_exit(&out, 1);
    assert!(stdout(&out).starts_with(&format!("invalid-entries: {given}: the entry")));
}

#[test]
fn hint_levels_tell_more_step_by_step() {
    let one = stdout(&run(&["hint", "--level", "1", HARD]));
    let two = stdout(&run(&["hint", "--level", "2", HARD]));
    let three = stdout(&run(&["hint", "--level", "3", HARD]));
    assert_eq!(
        three,
        stdout(&run(&["hint", HARD])),
        "level 3 is the default"
    );
    assert!(one.starts_with("Next technique: "), "{one}");
    assert_eq!(one.lines().count(), 1);
    assert!(
        two.starts_with("Technique: ") && two.contains("Cells: "),
        "{two}"
    );
    let out = run(&["hint", "-f", "json", "--lang", "de", HARD]);
    let v = &json_lines(&out)[0];
    let levels = v["levels"].as_array().expect("three levels");
    assert_eq!(levels.len(), 3);
    assert!(
        levels[0]["text"]
            .as_str()
            .expect("text")
            .starts_with("Nächste Technik: ")
    );
    assert_eq!(levels[2]["text"], v["step"]["text"]);
    // Level 1 names no cell and no digit of the result.
    let first = levels[0]["text"].as_str().expect("text");
    for p in v["step"]["placements"].as_array().expect("placements") {
        assert!(
            !first.contains(p["cell"].as_str().expect("cell")),
            "{first}"
        );
    }
    for level in ["0", "4", "x"] {
        assert_exit(&run(&["hint", "--level", level, HARD]), 2);
    }
}

#[test]
fn hint_refuses_bad_puzzles() {
    let out = run(&["hint", NO_SOLUTION]);
    assert_exit(&out, 1);
    assert_eq!(stdout(&out), "none: the puzzle has no solution\n");
    let out = run(&["hint", "--lang", "de", &".".repeat(81)]);
    assert_exit(&out, 1);
    assert_eq!(
        stdout(&out),
        "multiple: das Puzzle hat mehr als eine Lösung, es gibt keinen eindeutigen logischen Weg\n"
    );
    let out = run(&["hint", &format!("11{}", ".".repeat(79))]);
    assert_exit(&out, 1);
    assert_eq!(stdout(&out), "invalid: two 1s in row 1 (r1c1, r1c2)\n");
    let out = run(&["hint", "nonsense"]);
    assert_exit(&out, 2);
}

#[test]
fn explain_names_diagonals_in_german() {
    // A diagonal puzzle from the diagonal solver's seed.
    let p = "000000000000000000000040000300000002006070100504203907200831006000000000900000008";
    let text = explained(&["explain", "--variant", "diagonal", "--lang", "de", p]);
    assert!(text.starts_with(&format!("Puzzle: {p} (diagonal)\n")));
    assert!(text.contains(
        "10. Versteckter Single: Die 9 hat in der Hauptdiagonale nur noch einen Platz, r3c3: die Neunen in r4c2, r7c8 und r9c1 schließen die übrigen Zellen aus. [4 Punkte; nur 1 direkter Schritt möglich]\n"
    ));
    assert!(text.contains(
        "16. Box-Test: In der Nebendiagonale liegen alle Kandidaten 1 in Box 3 (r1c9, r2c8), also kann die 1 aus r1c8, r3c8, r3c9 gestrichen werden. [9 Punkte]\n"
    ));
}

/// Rated 2.0/1.2/1.2 by serate 1.2.1.3: singles and direct hidden pairs.
const SE_DIRECT: &str =
    "004070001000010780500000040000500007080941600005003910600050008040060000000000300";
/// Rated 8.4/1.2/1.2 by serate 1.2.1.3 (forcing chains).
const SE_CHAINS: &str =
    "8.......9..71..6...3...5......8.6.2.......7..4.3.7...69..2......78.....3..6...9.8";

#[test]
fn explain_se_path_in_english_and_german() {
    let text = explained(&["explain", "--path", "se", SE_DIRECT]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], format!("Puzzle: {SE_DIRECT} (standard)"));
    assert!(
        lines[1].ends_with("[SE 1.2, Hidden single]"),
        "{}",
        lines[1]
    );
    assert!(text.contains("[SE 2.0, Direct hidden pair]"), "{text}");
    assert!(!text.contains("[SE 2.3"), "{text}");
    let summary = lines[lines.len() - 1];
    assert!(
        summary.starts_with("Summary: Sudoku Explainer ER 2.0, EP 1.2, ED 1.2 in "),
        "{summary}"
    );

    let text = explained(&["explain", "--path", "se", "--lang", "de", SE_DIRECT]);
    assert!(
        text.contains("[SE 2.0, Direktes verstecktes Paar]"),
        "{text}"
    );
    assert!(
        text.lines().last().is_some_and(
            |l| l.starts_with("Zusammenfassung: Sudoku Explainer ER 2.0, EP 1.2, ED 1.2 in ")
        ),
        "{text}"
    );
}

#[test]
fn explain_se_path_shows_why_a_puzzle_is_hard() {
    let text = explained(&["explain", "--path", "se", SE_CHAINS]);
    assert!(text.contains("[SE 8.4, "), "{text}");
    assert!(
        text.lines()
            .last()
            .is_some_and(|l| l.starts_with("Summary: Sudoku Explainer ER 8.4, EP 1.2, ED 1.2 in ")),
        "{text}"
    );

    let out = run(&["explain", "--path", "se", "--format", "json", SE_CHAINS]);
    assert_exit(&out, 0);
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!(row["status"], "unique");
    assert_eq!(row["rating"]["se"], 8.4);
    assert_eq!(row["rating"]["se_ep"], 1.2);
    assert_eq!(row["rating"]["se_ed"], 1.2);
    let steps = row["steps"].as_array().expect("steps");
    let hardest = steps
        .iter()
        .filter_map(|s| s["difficulty"].as_f64())
        .fold(0.0, f64::max);
    assert_eq!(hardest, 8.4);
    for s in steps {
        assert!(s["se_rule"].is_string() && s["se_name"].is_string(), "{s}");
        assert!(s["text"].as_str().is_some_and(|t| !t.is_empty()), "{s}");
    }
}

#[test]
fn explain_json_carries_the_implication_tree_of_a_forcing_step() {
    // Its path takes region and contradiction forcing chains.
    let out = run(&["explain", "--format", "json", HARD]);
    let v = &json_lines(&out)[0];
    let steps = v["steps"].as_array().expect("steps");
    let step = steps
        .iter()
        .find(|s| s["forcing"].is_object())
        .expect("a forcing step");
    let f = &step["forcing"];
    let branches = f["branches"].as_array().expect("branches");
    assert!(!branches.is_empty());
    let mut edges = 0;
    for b in branches {
        let nodes = b["nodes"].as_array().expect("nodes");
        assert_eq!(nodes[0]["cause"], "assumption");
        for (i, n) in nodes.iter().enumerate() {
            assert!(n["cell"].as_str().expect("cell").starts_with('r'));
            assert!(n["on"].is_boolean());
            for p in n["parents"].as_array().expect("parents") {
                assert!((p.as_u64().expect("index") as usize) < i);
                edges += 1;
            }
        }
    }
    assert!(step["compact"].as_str().expect("compact").contains(" - "));
    let arrows = step["shapes"]
        .as_array()
        .expect("shapes")
        .iter()
        .filter(|s| s["shape"] == "arrow")
        .count();
    assert!(
        arrows > 0 && arrows <= edges,
        "{arrows} arrows, {edges} edges"
    );
    let text = step["text"].as_str().expect("text");
    assert!(text.contains("If ") && text.contains("so "), "{text}");
}
