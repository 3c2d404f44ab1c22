//! End-to-end tests of `sudoku rate --variants100` (the seed's "100
//! Varianten"): 100 points per puzzle in TSV and JSON with their minimum,
//! maximum and median, the same figure for every copy in the seed's
//! semi-synchronous mode, and no "-0" anywhere for a solved grid.

mod common;

use common::{HARD, assert_exit, json_lines, run, stderr, stdout};

/// Seed examples rated with 100 variants in the semi-synchronous mode, where
/// the seed says every variant gets the same points.
const SEED_EXAMPLES: [&str; 3] = [
    "800000003009000000040706090005904100000000000003002700090108070002000400700000005",
    "008900200000370500950200000607800005040000000000003910000050090700400080000000001",
    "080000104009000800007005002000020001090410070300070000500600000001000700604000030",
];

const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn points_of(v: &serde_json::Value) -> Vec<f64> {
    v["variants100"]["points"]
        .as_array()
        .expect("points")
        .iter()
        .map(|p| p.as_f64().expect("every copy solved"))
        .collect()
}

#[test]
fn semi_synchronous_mode_gives_every_copy_the_same_points() {
    let out = run(
        &[
            "rate",
            "--mode",
            "semi",
            "--scales",
            "points",
            "--variants100",
            "--format",
            "json",
            "-",
        ],
        SEED_EXAMPLES.join("\n"),
    );
    assert_exit(&out, 0);
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 3);
    for row in &rows {
        let points = points_of(row);
        assert_eq!(points.len(), 100);
        assert!(points.iter().all(|&p| p == points[0]), "{points:?}");
        let v = &row["variants100"];
        for key in ["min", "max", "median"] {
            assert_eq!(v[key].as_f64(), Some(points[0]), "{key}");
        }
    }
}

#[test]
fn the_default_mode_spreads_and_reports_min_max_median() {
    let out = run(
        &[
            "rate",
            "--scales",
            "points",
            "--variants100",
            "--format",
            "json",
            SEED_EXAMPLES[2],
        ],
        "",
    );
    assert_exit(&out, 0);
    let row = &json_lines(&out)[0];
    let mut points = points_of(row);
    assert_eq!(points.len(), 100);
    points.sort_by(f64::total_cmp);
    let v = &row["variants100"];
    assert_eq!(v["min"].as_f64(), Some(points[0]));
    assert_eq!(v["max"].as_f64(), Some(points[99]));
    assert_eq!(v["median"].as_f64(), Some((points[49] + points[50]) / 2.0));
    // The seed's example spreads over several figures (25.5, 20.5, 23 there).
    assert!(points[0] < points[99], "{points:?}");
}

#[test]
fn tsv_has_four_more_columns_with_100_values() {
    let out = run(&["rate", "--scales", "points", "--variants100", HARD], "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let row: Vec<&str> = lines.next().expect("row").split('\t').collect();
    assert_eq!(header.len(), row.len());
    let at = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let all: Vec<f64> = row[at("variants100")]
        .split(',')
        .map(|p| p.parse().expect("points"))
        .collect();
    assert_eq!(all.len(), 100);
    let min: f64 = row[at("variants100_min")].parse().expect("min");
    let max: f64 = row[at("variants100_max")].parse().expect("max");
    let median: f64 = row[at("variants100_median")].parse().expect("median");
    assert!(min <= median && median <= max);
    assert_eq!(min, all.iter().copied().fold(f64::INFINITY, f64::min));
}

#[test]
fn variants100_needs_the_points_scale() {
    let out = run(&["rate", "--scales", "se", "--variants100", HARD], "");
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("--variants100"), "{}", stderr(&out));
}

/// Regression: a solved grid (no step) printed "-0" points and norm in rate,
/// explain (text and JSON) and the 8 and 100 copies.
#[test]
fn a_solved_grid_never_prints_negative_zero() {
    let runs: [&[&str]; 5] = [
        &["rate", "--variants8", "--variants100", SOLVED],
        &[
            "rate",
            "--variants8",
            "--variants100",
            "--format",
            "json",
            SOLVED,
        ],
        &["rate", "--mode", "semi", "--format", "json", SOLVED],
        &["explain", SOLVED],
        &["explain", "--format", "json", SOLVED],
    ];
    for args in runs {
        let out = run(args, "");
        assert_exit(&out, 0);
        let text = stdout(&out);
        assert!(!text.contains("-0"), "{args:?}: {text}");
    }
}
