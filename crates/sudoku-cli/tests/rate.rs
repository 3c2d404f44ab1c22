//! End-to-end tests of `sudoku rate`: the built binary run as a user would, on
//! a few easy and one hard puzzle so the suite stays fast.

mod common;

use common::{EASY, HARD, NO_SOLUTION, json_lines, run, stdout};
use std::process::Output;

/// Several solutions.
const MULTIPLE: &str =
    "000490062000000017130005000000000070360700490000000000600000900800000000002300700";

/// The TSV output as rows of named fields.
fn table(out: &Output) -> Vec<std::collections::HashMap<String, String>> {
    let text = stdout(out);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    lines
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), header.len(), "{l}");
            header
                .iter()
                .zip(cols)
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn tsv_has_a_header_and_one_row_per_puzzle_in_order() {
    let input = format!("{EASY}\n{HARD}\n{EASY}\n");
    let out = run(&["rate", "--jobs", "2"], &input);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    let header = text.lines().next().expect("header");
    assert_eq!(
        header,
        "line\tpuzzle\tstatus\tpoints\tnorm2\tmax\tlevel\ttrainer_level\tse\tse_ep\tse_ed\t\
         hodoku_level\thodoku_score\tsteps\tlogic_only\ttechniques\terror"
    );
    let rows = table(&out);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0]["line"], "1");
    assert_eq!(rows[1]["puzzle"], HARD);
    assert_eq!(rows[2]["line"], "3");
    let easy = &rows[0];
    assert_eq!(easy["status"], "unique");
    assert_eq!(easy["trainer_level"], "easy");
    assert_eq!(easy["hodoku_level"], "Easy");
    assert_eq!(easy["logic_only"], "true");
    assert_eq!(easy["error"], "");
    assert!(easy["se"].parse::<f64>().expect("se") < 2.5);
    assert!(easy["techniques"].contains("hidden-single:"));
    let counted: usize = easy["techniques"]
        .split(',')
        .map(|kv| {
            kv.rsplit(':')
                .next()
                .expect("count")
                .parse::<usize>()
                .expect("number")
        })
        .sum();
    assert_eq!(counted.to_string(), easy["steps"]);
    let hard = &rows[1];
    let points: f64 = hard["points"].parse().expect("points");
    let norm2: f64 = hard["norm2"].parse().expect("norm2");
    let max: f64 = hard["max"].parse().expect("max");
    assert!(max <= norm2 && norm2 <= points, "{hard:?}");
    assert!(hard["se"].parse::<f64>().expect("se") > 3.0);
    // Sudoku Explainer's figures keep their one decimal, as serate writes
    // them (`9.0`, never `9`).
    for row in &rows {
        for key in ["se", "se_ep", "se_ed"] {
            let v = &row[key];
            let (whole, tenth) = v.split_once('.').expect("one decimal");
            assert!(
                !whole.is_empty() && whole.bytes().all(|b| b.is_ascii_digit()),
                "{key} {v}"
            );
            assert!(
                tenth.len() == 1 && tenth.bytes().all(|b| b.is_ascii_digit()),
                "{key} {v}"
            );
        }
    }
    assert_eq!(
        rows[0],
        rows[2]
            .clone()
            .into_iter()
            .map(|(k, v)| if k == "line" {
                (k, "1".to_string())
            } else {
                (k, v)
            })
            .collect()
    );
}

#[test]
fn json_has_every_field() {
    let out = run(&["rate", "--format", "json", HARD], "");
    assert_eq!(out.status.code(), Some(0));
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    let r = &rows[0];
    for key in [
        "input",
        "line",
        "puzzle",
        "variant",
        "status",
        "error",
        "points",
        "norm2",
        "max",
        "level",
        "trainer_level",
        "se",
        "se_ep",
        "se_ed",
        "hodoku_level",
        "hodoku_score",
        "steps",
        "logic_only",
        "techniques",
        "variants8",
    ] {
        assert!(r.get(key).is_some(), "missing {key}: {r}");
    }
    assert_eq!(r["status"], "unique");
    assert_eq!(r["variant"], "standard");
    assert!(r["points"].as_f64().expect("points") > 0.0);
    let techniques = r["techniques"].as_object().expect("an object");
    let total: u64 = techniques
        .values()
        .map(|v| v.as_u64().expect("count"))
        .sum();
    assert_eq!(Some(total), r["steps"].as_u64());
    assert!(r["variants8"].is_null());
}

#[test]
fn invalid_none_and_multiple_get_a_status_instead_of_a_rating() {
    let clash = format!("11{}", ".".repeat(79));
    let input = format!("{clash}\n{NO_SOLUTION}\n{MULTIPLE}\nnot a puzzle\n{EASY}\n");
    let out = run(&["rate"], &input);
    assert_eq!(
        out.status.code(),
        Some(1),
        "invalid and unsolvable input exit 1"
    );
    let rows = table(&out);
    let status: Vec<&str> = rows.iter().map(|r| r["status"].as_str()).collect();
    assert_eq!(status, ["invalid", "none", "multiple", "invalid", "unique"]);
    assert!(
        rows[0]["error"].contains("line 1: two 1s in row 1"),
        "{:?}",
        rows[0]
    );
    assert!(rows[3]["error"].starts_with("line 4:"), "{:?}", rows[3]);
    assert_eq!(rows[2]["trainer_level"], "extremely-hard");
    for r in &rows[..4] {
        assert_eq!(r["points"], "");
        assert_eq!(r["se"], "");
    }
    let out = run(&["rate", "--format", "json"], format!("{MULTIPLE}\n"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "several solutions are not an error"
    );
    let r = &json_lines(&out)[0];
    assert_eq!(r["status"], "multiple");
    assert_eq!(r["trainer_level"], "extremely-hard");
    assert!(r["points"].is_null() && r["se"].is_null());
}

#[test]
fn multiple_solutions_standard_is_unique_as_diagonal() {
    let out = run(
        &[
            "rate",
            "--variant",
            "diagonal",
            "--format",
            "json",
            MULTIPLE,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(json_lines(&out)[0]["status"], "unique");
}

#[test]
fn variants8_reports_eight_points_and_the_minimum() {
    let out = run(&["rate", "--variants8", HARD], "");
    assert_eq!(out.status.code(), Some(0));
    let rows = table(&out);
    let v: Vec<f64> = rows[0]["variants8"]
        .split(',')
        .map(|p| p.parse().expect("points"))
        .collect();
    assert_eq!(v.len(), 8);
    let min: f64 = rows[0]["variants8_min"].parse().expect("min");
    assert_eq!(min, v.iter().copied().fold(f64::INFINITY, f64::min));
    // The first copy is the puzzle itself, walked as given.
    let given = run(&["rate", "--orientation", "given", HARD], "");
    assert_eq!(
        table(&given)[0]["points"].parse::<f64>().expect("points"),
        v[0]
    );
    // Synchronous rounds: every copy gets the same points.
    let out = run(
        &[
            "rate",
            "--variants8",
            "--mode",
            "sync",
            "--format",
            "json",
            HARD,
        ],
        "",
    );
    let r = &json_lines(&out)[0];
    let points: Vec<f64> = r["variants8"]["points"]
        .as_array()
        .expect("8 points")
        .iter()
        .map(|p| p.as_f64().expect("number"))
        .collect();
    assert_eq!(points.len(), 8);
    assert!(points.iter().all(|&p| p == points[0]), "{points:?}");
}

#[test]
fn no_input_prints_the_header_alone() {
    let out = run(&["rate"], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out).lines().count(), 1);
    assert!(stdout(&out).starts_with("line\tpuzzle\tstatus\t"));
}

#[test]
fn help_documents_columns_and_exit_status() {
    let out = run(&["rate", "--help"], "");
    let text = stdout(&out);
    for word in [
        "--variants8",
        "--mode",
        "trainer_level",
        "hodoku_level",
        "EXIT STATUS",
    ] {
        assert!(text.contains(word), "{word} missing from --help");
    }
}

#[test]
fn unknown_solver_options_are_refused_by_name() {
    for (option, value) in [
        ("--mode", "halfsync"),
        ("--orientation", "sideways"),
        ("--direct", "some"),
    ] {
        let out = run(&["rate", option, value, HARD], "");
        assert_eq!(out.status.code(), Some(2), "{option} {value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(value) && err.contains(option), "{err}");
    }
    // Every documented value is accepted.
    for mode in ["async", "sync", "semi", "pseudo"] {
        let out = run(
            &["rate", "--mode", mode, "--orientation", "given", HARD],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{mode}");
    }
}

#[test]
fn scales_write_only_their_columns_with_the_full_runs_figures() {
    let input = format!("{EASY}\n{HARD}\n{MULTIPLE}\n");
    let full = table(&run(&["rate"], &input));
    for (scales, columns) in [
        ("se", "se\tse_ep\tse_ed"),
        (
            "hodoku,trainer",
            "trainer_level\thodoku_level\thodoku_score",
        ),
        (
            "points",
            "points\tnorm2\tmax\tlevel\tsteps\tlogic_only\ttechniques",
        ),
    ] {
        let out = run(&["rate", "--scales", scales], &input);
        assert_eq!(out.status.code(), Some(0), "--scales {scales}");
        let header = stdout(&out).lines().next().expect("header").to_string();
        assert_eq!(header, format!("line\tpuzzle\tstatus\t{columns}\terror"));
        for (row, whole) in table(&out).iter().zip(&full) {
            for (name, value) in row {
                assert_eq!(value, &whole[name], "--scales {scales}: {name}");
            }
        }
        let json = json_lines(&run(&["rate", "-f", "json", "--scales", scales], &input));
        for name in columns.split('\t') {
            assert!(json[1].get(name).is_some(), "{scales}: {name}");
        }
        let missing = if scales == "se" { "points" } else { "se" };
        assert!(json[1].get(missing).is_none(), "{scales}: {missing}");
    }
}

#[test]
fn variants8_without_the_points_scale_is_refused() {
    let out = run(&["rate", "--variants8", "--scales", "se"], EASY);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--variants8") && err.contains("points"),
        "{err}"
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn unknown_scales_are_refused_by_name() {
    let out = run(&["rate", "--scales", "se,serate"], EASY);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("serate") && err.contains("hodoku"), "{err}");
}
