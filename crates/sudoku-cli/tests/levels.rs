//! One trainer level: `sudoku rate` and the trainer's `GET /api/rate` of a
//! real `sudoku serve` give the same level for every puzzle, because both
//! read the one definition (`sudoku_trainer::level`, the trainer's own
//! search). The sample mixes every HoDoKu class, the hard top1465 list and
//! puzzles with several solutions.

mod common;

use common::{http_get, run, serve, stdout};

fn data(file: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn puzzles(file: &str, every: usize, n: usize) -> Vec<String> {
    data(file)
        .lines()
        .filter(|l| l.len() == 81)
        .step_by(every)
        .take(n)
        .map(str::to_string)
        .collect()
}

fn get_json(host: &str, path: &str) -> serde_json::Value {
    serde_json::from_str(&http_get(host, path)).expect("JSON")
}

#[test]
fn rate_and_the_trainer_page_give_every_puzzle_the_same_level() {
    let mut sample = puzzles("hodoku-levels.txt", 270, 15);
    sample.extend(puzzles("top1465.txt", 113, 12));
    sample.extend(puzzles("multi-solution-10000.txt", 2001, 3));
    assert_eq!(sample.len(), 30);
    let out = run(&["rate", "--format", "json", "-"], sample.join("\n") + "\n");
    let rated: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(rated.len(), 30);
    let dir = tempfile::tempdir().expect("temp dir");
    let server = serve("127.0.0.1:0", dir.path().join("p.sqlite"), &[]);
    let mut seen = std::collections::BTreeSet::new();
    for (p, r) in sample.iter().zip(&rated) {
        let api = get_json(&server.host, &format!("/api/rate?p={p}"));
        assert_eq!(api["level"], r["trainer_level"], "{p}: {api} / {r}");
        seen.insert(api["level"].as_str().unwrap_or_default().to_string());
    }
    // The sample reaches from easy to several solutions.
    for level in ["easy", "hard", "very-hard", "extremely-hard"] {
        assert!(
            seen.contains(level),
            "no {level} puzzle in the sample: {seen:?}"
        );
    }
}
