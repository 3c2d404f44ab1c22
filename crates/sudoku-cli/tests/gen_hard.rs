//! End-to-end tests of `sudoku gen` at the top of Sudoku Explainer's scale
//! (the neighbourhood search of `--from` and `--se` from 9.5 up): every
//! puzzle written is checked by other means — `rate --scales se` for the
//! band, the exact solver for uniqueness and minimality, the canonical form
//! for novelty — so a search that lies about any of them fails here. The
//! rating of hard puzzles is slow without optimisation: run these with
//! `--release`.

mod common;

use common::{assert_exit, run, stderr, stdout, temp_file};
use std::collections::HashSet;
use sudoku_core::{Grid, Variant, canonical_form};

/// Two seeds of the built-in set (forum-hardest-1106, SE 11.0 and 11.1).
const SEEDS: &str = "\
1.....7....71.9...68..7......8.6.9..3..2...5.........2..6.1.8...4......3.....5.4.
12....7....7....366...7...........9..4.9.5.....6.2.3..5....4..8...8.......2.6.1..
";

fn key(line: &str) -> [u8; 81] {
    let grid: Grid = line.parse().expect("a puzzle");
    *canonical_form(&grid).0.values()
}

#[test]
fn finds_are_in_the_band_unique_minimal_and_new() {
    let seeds = temp_file("hard-seeds.txt", SEEDS);
    let seeds = seeds.to_str().expect("path");
    let args = [
        "gen",
        "--se",
        "10.0..10.9",
        "--from",
        seeds,
        "-n",
        "3",
        "--seed",
        "4",
        "--jobs",
        "2",
    ];
    let out = run(&args, "");
    assert_exit(&out, 0);
    let found: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(found.len(), 3);

    let rated = run(
        &["rate", "--scales", "se", "--format", "json"],
        found.join("\n"),
    );
    assert_exit(&rated, 0);
    for row in common::json_lines(&rated) {
        let se = row["se"].as_f64().expect("an SE rating");
        assert!((10.0..=10.9).contains(&se), "{row}");
    }

    let mut keys: HashSet<[u8; 81]> = SEEDS.lines().map(key).collect();
    for p in &found {
        let grid: Grid = p.parse().expect("a puzzle");
        assert_eq!(sudoku_solve::count(&grid, Variant::Standard, Some(2)), 1);
        assert!(sudoku_gen::is_minimal(&grid, Variant::Standard), "{p}");
        assert!(
            keys.insert(key(p)),
            "{p} is isomorphic to a seed or an earlier find"
        );
    }

    // The same seed on one thread: the same puzzles.
    let mut one = args.to_vec();
    one[10] = "1";
    let again = run(&one, "");
    assert_exit(&again, 0);
    assert_eq!(stdout(&again), stdout(&out));
}

#[test]
fn without_from_the_built_in_seeds_reach_ten() {
    let out = run(&["gen", "--se", "10.0..", "--seed", "2", "-f", "tsv"], "");
    assert_exit(&out, 0);
    let text = stdout(&out);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
    let row: Vec<&str> = lines.next().expect("a row").split('\t').collect();
    let se = header.iter().position(|&c| c == "se").expect("se column");
    let er: f64 = row[se].parse().expect("a rating");
    assert!(er >= 10.0, "{er}");
}

#[test]
fn bad_seed_files_are_named_with_the_line() {
    let missing = run(
        &["gen", "--se", "10.0..", "--from", "/nonexistent/seeds.txt"],
        "",
    );
    assert_exit(&missing, 2);
    assert!(stderr(&missing).contains("/nonexistent/seeds.txt"));

    let first = SEEDS.lines().next().expect("a seed");
    let bad = temp_file("hard-bad-line.txt", format!("{first}\n12x4\n"));
    let out = run(
        &[
            "gen",
            "--se",
            "10.0..",
            "--from",
            bad.to_str().expect("path"),
        ],
        "",
    );
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(err.contains("hard-bad-line.txt: line 2"), "{err}");

    // Two solutions: the seed without its first given (which it needs).
    let multiple = format!(".{}", &first[1..]);
    let not_unique = temp_file("hard-not-unique.txt", format!("{first}\n\n{multiple}\n"));
    let out = run(
        &[
            "gen",
            "--se",
            "10.0..",
            "--from",
            not_unique.to_str().expect("path"),
        ],
        "",
    );
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("hard-not-unique.txt: line 3: more than one solution"),
        "{err}"
    );
}

#[test]
fn options_the_search_cannot_honour_are_refused() {
    for extra in [
        &["--symmetry", "rot180"][..],
        &["--clues", "22"],
        &["--level", "hard"],
    ] {
        let mut args = vec!["gen", "--se", "10.0.."];
        args.extend_from_slice(extra);
        let out = run(&args, "");
        assert_exit(&out, 2);
        assert!(stderr(&out).contains(extra[0]), "{}", stderr(&out));
    }
    // --from needs a band.
    let seeds = temp_file("hard-no-band.txt", SEEDS);
    let out = run(&["gen", "--from", seeds.to_str().expect("path")], "");
    assert_exit(&out, 2);
}

#[test]
fn timeout_ends_the_search_with_a_report() {
    let out = run(
        &["gen", "--se", "12.0", "--timeout", "2", "--seed", "1"],
        "",
    );
    assert_exit(&out, 1);
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert!(err.contains("stopped by --timeout"), "{err}");
    assert!(err.contains("0 of 1 puzzles (SE 12..12)"), "{err}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_ends_the_search_with_a_report() {
    use std::process::Stdio;
    let child = common::spawn(
        &["gen", "--se", "12.0", "--timeout", "120", "--seed", "1"],
        Stdio::piped(),
    );
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let signal = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(signal.success());
    let out = child.wait_with_output().expect("wait");
    assert_exit(&out, 1);
    let err = stderr(&out);
    assert!(err.contains("stopped by Ctrl-C"), "{err}");
}
