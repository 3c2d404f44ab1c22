//! End-to-end tests of `sudoku rate --stats`: the technique statistics over a
//! file agree with the per-puzzle rows of a plain `rate` run, in text and
//! JSON, whatever --jobs, and the seed's six groups add up.

mod common;

use common::{EASY, HARD, NO_SOLUTION, assert_exit, json_lines, run, stderr, stdout, temp_file};
use std::collections::BTreeMap;

fn input() -> String {
    [EASY, HARD, NO_SOLUTION, "not a puzzle", HARD].join("\n")
}

fn stats_json(jobs: &str) -> serde_json::Value {
    let path = temp_file("rate-stats-input.txt", input());
    let path = path.to_str().expect("utf-8 path");
    let out = run(
        &["rate", "--stats", "--format", "json", "--jobs", jobs, path],
        "",
    );
    // An invalid line and one without a solution: exit 1, the summary still written.
    assert_exit(&out, 1);
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 1);
    rows.into_iter().next().expect("one object")
}

#[test]
fn statistics_agree_with_the_rows() {
    let stats = stats_json("2");
    assert_eq!(stats, stats_json("1"));
    assert_eq!(stats["puzzles"], 5);
    assert_eq!(stats["paths"], 3);
    assert_eq!(stats["statuses"]["unique"], 3);
    assert_eq!(stats["statuses"]["none"], 1);
    assert_eq!(stats["statuses"]["invalid"], 1);

    // The same counts from the rows of a plain run.
    let out = run(
        &["rate", "--scales", "points", "--format", "json", "-"],
        input(),
    );
    let mut steps: BTreeMap<String, u64> = BTreeMap::new();
    let mut puzzles: BTreeMap<String, u64> = BTreeMap::new();
    for row in json_lines(&out) {
        if let Some(t) = row["techniques"].as_object() {
            for (name, n) in t {
                *steps.entry(name.clone()).or_default() += n.as_u64().expect("count");
                *puzzles.entry(name.clone()).or_default() += 1;
            }
        }
    }
    let listed = stats["techniques"].as_array().expect("techniques");
    assert_eq!(listed.len(), steps.len());
    let total: u64 = steps.values().sum();
    assert_eq!(stats["steps"], total);
    let mut last = u64::MAX;
    let mut share_sum = 0.0;
    for t in listed {
        let name = t["technique"].as_str().expect("name");
        let n = t["steps"].as_u64().expect("steps");
        assert_eq!(Some(&n), steps.get(name), "{name}");
        assert_eq!(t["puzzles"].as_u64().as_ref(), puzzles.get(name), "{name}");
        assert!(n <= last, "most steps first");
        last = n;
        share_sum += t["share"].as_f64().expect("share");
    }
    assert!((share_sum - 100.0).abs() < 0.5, "{share_sum}");
    // Seven rows: the seed's six groups and the rest; their steps add up.
    let groups = stats["groups"].as_array().expect("groups");
    assert_eq!(groups.len(), 7);
    let grouped: u64 = groups
        .iter()
        .map(|g| g["steps"].as_u64().expect("steps"))
        .sum();
    assert_eq!(stats["elimination_steps"], grouped);
    assert!(grouped > 0 && grouped < total);
}

#[test]
fn the_text_table_lists_techniques_and_groups() {
    let out = run(&["rate", "--stats", "-"], [EASY, HARD].join("\n"));
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(text.starts_with("puzzles: 2 (unique 2,"), "{text}");
    assert!(text.contains("hidden-single"), "{text}");
    assert!(text.contains("1. row/column/box tests"), "{text}");
    assert!(text.contains("6. unique rectangles and loops"), "{text}");
    // No per-puzzle rows: no TSV header.
    assert!(!text.contains("\tpuzzle\t"), "{text}");
}

#[test]
fn stats_refuses_row_options() {
    let out = run(&["rate", "--stats", "--variants8", EASY], "");
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("--variants8"), "{}", stderr(&out));
}
