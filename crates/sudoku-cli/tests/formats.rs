//! End-to-end tests of the other programs' formats: candidate grids (framed
//! as HoDoKu prints them and frameless), HoDoKu library lines, `+`-marked
//! cells, 81 spaced cells and sukaku lines are read by every puzzle-reading
//! subcommand, `--format pm` writes HoDoKu's grid on `solve`, `explain` and
//! `hint`, what it writes reads back, and a bad grid is named by line and
//! position in English and German.

mod common;

use common::{EASY, HARD, assert_exit, json_lines, stdout, temp_file};
use sudoku_core::{DigitSet, Grid, plus_line, pm_grid, spaced_line, sukaku_line};

fn run(args: &[&str]) -> std::process::Output {
    common::run(args, "")
}

#[track_caller]
fn ok(args: &[&str]) -> String {
    let out = run(args);
    assert_exit(&out, 0);
    stdout(&out)
}

fn solution(puzzle: &str) -> String {
    ok(&["solve", puzzle]).trim().to_string()
}

/// The framed candidate grid of `puzzle` with every candidate its givens
/// allow, as `hint --format pm` prints it above the first hint.
fn framed(puzzle: &str) -> String {
    let out = ok(&["hint", "--format", "pm", puzzle]);
    out.lines().take(13).map(|l| format!("{l}\n")).collect()
}

#[test]
fn every_format_solves_to_the_same_solution() {
    let want = solution(HARD);
    let g: Grid = HARD.parse().unwrap();
    let all = [DigitSet::ALL; 81];
    let sukaku = sukaku_line(&g, &Grid::EMPTY, &all);
    let inputs = [
        framed(HARD),
        pm_grid(&g, &Grid::EMPTY, &all, false),
        format!(":0000:x:{HARD}:::"),
        plus_line(&g, &Grid::EMPTY),
        spaced_line(&g),
        sukaku,
    ];
    for input in &inputs {
        assert_eq!(solution(input), want, "{input}");
        // The same from a file, and from standard input.
        let file = temp_file("formats-solve.txt", input);
        assert_eq!(ok(&["solve", file.to_str().unwrap()]).trim(), want);
        let out = common::run(&["solve"], input);
        assert_exit(&out, 0);
        assert_eq!(stdout(&out).trim(), want);
    }
    // Placed digits marked with `+` are not givens: without its first given
    // the puzzle has several solutions.
    let placed = format!("+{}", &want[..1]) + &HARD[1..];
    let rows = json_lines(&run(&["solve", "--format", "json", &placed]));
    assert_eq!(rows[0]["status"], "multiple");
}

#[test]
fn a_file_of_mixed_formats_is_answered_line_by_line() {
    let g: Grid = EASY.parse().unwrap();
    let text = format!(
        "# every format\n{EASY}\n{}\n{}\n{}\n:0000:x:{EASY}:::\n",
        framed(EASY),
        spaced_line(&g),
        plus_line(&g, &Grid::EMPTY)
    );
    let file = temp_file("formats-mixed.txt", &text);
    let rows = json_lines(&run(&["solve", "--format", "json", file.to_str().unwrap()]));
    let lines: Vec<u64> = rows.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, vec![2, 4, 17, 18, 19]);
    assert!(rows.iter().all(|r| r["status"] == "unique"), "{rows:?}");
    // rate and explain take the same file.
    let rate = ok(&["rate", "--scales", "points", file.to_str().unwrap()]);
    assert_eq!(rate.lines().count(), 6, "{rate}");
    let explain = json_lines(&run(&[
        "explain",
        "--format",
        "json",
        file.to_str().unwrap(),
    ]));
    assert_eq!(explain.len(), 5);
    assert!(explain.iter().all(|e| e["status"] == "unique"));
}

#[test]
fn format_pm_on_solve_explain_and_hint() {
    let out = ok(&["solve", "--format", "pm", HARD]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 13, "{out}");
    assert_eq!(lines[0], ".---------.---------.---------.");
    assert_eq!(lines[1], "| 4  6  8 | 9  3  1 | 5  2  7 |");
    assert_eq!(lines[4], ":---------+---------+---------:");
    assert_eq!(lines[12], "'---------'---------'---------'");
    // What it writes reads back as the solution.
    assert_eq!(solution(&out), solution(HARD));

    let out = ok(&["explain", "--format", "pm", EASY]);
    assert!(out.starts_with(&format!("Puzzle: {EASY} (standard)\n\n.")));
    let grids = out.lines().filter(|l| l.starts_with(".---")).count();
    let steps = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .count();
    assert_eq!(grids, steps);
    assert!(out.lines().last().unwrap().starts_with("Summary:"), "{out}");

    let out = ok(&["hint", "--format", "pm", HARD]);
    let text = ok(&["hint", HARD]);
    assert!(out.ends_with(&text), "{out}");
    assert_eq!(out.lines().count(), 13 + text.lines().count());
}

#[test]
fn a_candidate_grid_is_the_position_of_hint() {
    // The position after the first hint's eliminations, as a grid: the hint
    // read from it is the one `--candidates` with 81 fields gives.
    let grid = framed(HARD);
    assert_eq!(ok(&["hint", &grid]), ok(&["hint", HARD]));
    // Thin r1c2's candidates: a grid and 81 fields say the same.
    let first_row = grid.lines().nth(1).unwrap().to_string();
    let cells: Vec<&str> = first_row
        .split(|c: char| c == '|' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    let thinned = cells[1].chars().take(2).collect::<String>();
    let changed = grid.replacen(
        &first_row,
        &first_row.replacen(
            &format!(" {} ", cells[1]),
            &format!(" {thinned:<w$} ", w = cells[1].len()),
            1,
        ),
        1,
    );
    let fields: Vec<String> = changed
        .lines()
        .filter(|l| !l.contains("---"))
        .flat_map(|l| {
            l.split(|c: char| c == '|' || c.is_whitespace())
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(fields.len(), 81);
    let by_fields = run(&[
        "hint",
        "--format",
        "json",
        HARD,
        "--candidates",
        &fields.join(" "),
    ]);
    let by_grid = run(&["hint", "--format", "json", HARD, "--candidates", &changed]);
    let as_puzzle = run(&["hint", "--format", "json", &changed]);
    assert_eq!(stdout(&by_grid), stdout(&by_fields));
    assert_eq!(
        json_lines(&as_puzzle)[0]["step"],
        json_lines(&by_fields)[0]["step"]
    );
    // A library line without deleted candidates is the puzzle's start.
    let library = format!(":0000:x:{HARD}:::");
    assert_eq!(ok(&["hint", &library]), ok(&["hint", HARD]));
}

#[test]
fn bad_grids_are_named_by_line_and_position() {
    let grid = framed(HARD);
    let bad = grid.replacen("| 4 ", "| 4x", 1);
    let out = run(&["solve", &bad]);
    assert_exit(&out, 1);
    let said = stdout(&out);
    assert!(
        said.starts_with(
            "invalid: line 2: r1c1: \"4x\" at position 3 is not a group of candidate digits 1-9"
        ),
        "{said}"
    );
    assert_eq!(said.lines().count(), 1, "one message per grid: {said}");
    let out = common::run_in(&["solve", &bad], "", &[("SUDOKU_LANG", "de")], &[]);
    assert!(
        stdout(&out).starts_with(
            "invalid: Zeile 2: r1c1: \"4x\" an Stelle 3 ist keine Gruppe von Kandidaten 1-9"
        ),
        "{}",
        stdout(&out)
    );
    let out = run(&["hint", HARD, "--candidates", &bad]);
    assert_exit(&out, 1);
    assert!(
        stdout(&out).starts_with("invalid-candidates: --candidates: line 2: r1c1:"),
        "{}",
        stdout(&out)
    );
    let out = run(&["solve", &format!(":0000:x:{HARD}:5x3::")]);
    assert_eq!(
        stdout(&out),
        format!(
            "invalid: argument \":0000:x:{HARD}:5x3::\" is not a puzzle (deleted candidate \"5x3\" \
             at position 91 is not <digit><row><column>) and not a file either\n"
        )
    );
}

#[test]
fn db_import_takes_the_one_line_formats() {
    let g: Grid = HARD.parse().unwrap();
    let text = format!(":0000:x:{HARD}:::\tlibrary\n{}\tspaced\n", spaced_line(&g));
    let file = temp_file("formats-import.txt", &text);
    let dir = std::env::temp_dir().join(format!("sudoku-formats-db-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("p.sqlite");
    let db = db.to_str().unwrap();
    ok(&[
        "db",
        "--db",
        db,
        "import",
        "--no-rate",
        file.to_str().unwrap(),
    ]);
    let list = ok(&["db", "--db", db, "export"]);
    assert_eq!(list.matches(HARD).count(), 2, "{list}");
    let _ = std::fs::remove_dir_all(&dir);
}
