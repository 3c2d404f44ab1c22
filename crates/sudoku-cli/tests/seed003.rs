//! Seed 003's generator experiments end to end: `sudoku gen --raw` makes what
//! each naive method promises (checked by `sudoku count`), and
//! `scripts/experiments/seed003.sh` still runs and tabulates in its quick mode,
//! so the reproduction recorded in BENCHMARKS.md cannot rot.

mod common;

use common::{BIN, assert_exit, run, stderr, stdout};
use std::path::PathBuf;
use std::process::Command;

fn raw(method: &str, clues: &str, count: &str) -> Vec<String> {
    let out = run(
        &[
            "gen", "--raw", method, "--clues", clues, "--count", count, "--seed", "3",
        ],
        "",
    );
    assert_exit(&out, 0);
    stdout(&out).lines().map(str::to_string).collect()
}

fn clues(p: &str) -> usize {
    p.chars().filter(|c| c.is_ascii_digit()).count()
}

/// `sudoku count --limit 2` of `puzzles`, `invalid` for clashing clues.
fn counts(puzzles: &[String]) -> Vec<String> {
    let out = run(&["count", "--limit", "2"], puzzles.join("\n"));
    stdout(&out)
        .lines()
        .map(|l| {
            if l.starts_with("invalid") {
                "invalid".to_string()
            } else {
                l.to_string()
            }
        })
        .collect()
}

#[test]
fn raw_methods_keep_their_promises() {
    // Removal from a solution grid: the clue count, and always a solution.
    let ps = raw("remove", "30", "40");
    assert_eq!(ps.len(), 40);
    assert!(ps.iter().all(|p| clues(p) == 30));
    assert!(counts(&ps).iter().all(|c| c == "1" || c == "2"));
    let ps = raw("remove-unavoidable", "25..35", "40");
    assert!(ps.iter().all(|p| (25..=35).contains(&clues(p))));
    assert!(counts(&ps).iter().all(|c| c == "1" || c == "2"));
    // Adding without a rule clashes nearly always at 40 clues; by the strict
    // rule never (but then mostly without a solution).
    let free = counts(&raw("add", "40", "30"));
    assert!(
        free.iter().filter(|c| *c == "invalid").count() >= 25,
        "{free:?}"
    );
    let strict = counts(&raw("add-consistent", "40", "30"));
    assert!(strict.iter().all(|c| c != "invalid"), "{strict:?}");
    // The same seed, the same puzzles.
    assert_eq!(
        raw("add-distinct", "20", "5"),
        raw("add-distinct", "20", "5")
    );
}

#[test]
fn raw_needs_clues_and_refuses_difficulty_options() {
    let out = run(&["gen", "--raw", "remove"], "");
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("--clues"), "{}", stderr(&out));
    let out = run(
        &["gen", "--raw", "remove", "--clues", "30", "--level", "hard"],
        "",
    );
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("--level"), "{}", stderr(&out));
}

#[test]
fn raw_rows_in_tsv_carry_the_status() {
    let out = run(
        &[
            "gen", "--raw", "add", "--clues", "40", "--count", "3", "--seed", "1", "--format",
            "tsv",
        ],
        "",
    );
    assert_exit(&out, 0);
    let text = stdout(&out);
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.split('\t').nth(2) == Some("invalid")));
}

#[test]
fn the_experiment_script_runs_in_its_quick_mode() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let outdir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("seed003-quick");
    let out = Command::new("bash")
        .arg(root.join("scripts/experiments/seed003.sh"))
        .arg(BIN)
        .arg(&outdir)
        .env("SEED003_QUICK", "1")
        .env("SEED003_JOBS", "1")
        .output()
        .expect("run bash");
    assert_exit(&out, 0);
    let text = stdout(&out);
    for heading in ["Test 1", "Test 2", "Test 3", "Test 4", "Test 5", "Table 5"] {
        assert!(
            text.contains(&format!("### {heading}")),
            "{heading}:\n{text}"
        );
    }
    // Every table row of a test: ours add up to the 4 puzzles of the quick mode.
    let tsv = std::fs::read_to_string(outdir.join("counts.tsv")).expect("counts.tsv");
    let rows: Vec<Vec<&str>> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 5 * 4);
    for r in &rows {
        let n: u32 = r[2..6]
            .iter()
            .map(|x| x.parse::<u32>().expect("count"))
            .sum();
        assert_eq!(n, 4, "{r:?}");
        // Removal never leaves a puzzle without a solution.
        if r[0] == "t1" || r[0] == "t5" {
            assert_eq!((r[2], r[3]), ("0", "0"), "{r:?}");
        }
    }
    // All 81 clues kept: one solution.
    assert!(
        rows.iter()
            .any(|r| r[0] == "t1" && r[1] == "81" && r[4] == "4")
    );
    let md = std::fs::read_to_string(outdir.join("seed003.md")).expect("seed003.md");
    assert_eq!(md, text);
}
