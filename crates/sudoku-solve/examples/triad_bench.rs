//! Measures the experimental triad solver against the `sudoku` crate 0.8 and our
//! public solver: the uniqueness check (count up to 2) over the first N puzzles of
//! a data file, single thread.
//!
//! ```text
//! triad_bench FILE [N] [triad|sudoku|ours|none|all] [REPS]
//! triad_bench full [triad|sudoku|ours] [PUZZLE]
//! ```
//!
//! `FILE` is a path or a name in `/work/shared/data` (with or without `.txt`).
//! With one solver (default `triad`) it runs once, for instruction counts under
//! callgrind; with `all` it prints the best of `REPS` interleaved runs in µs per
//! puzzle. `full` counts all 14,297,616 solutions of the standard test puzzle (or
//! all solutions of `PUZZLE`).
//!
//! `triad` runs this example's own copy of the module, which the compiler may
//! optimise differently from the library's: small edits have moved instruction
//! counts by 5–8% in one build and the other way in the other. Confirm a change
//! with `ours` (the library's build, plus the public function's check of the
//! givens) before keeping it.

#[allow(dead_code)]
#[path = "../src/triad.rs"]
mod triad;

use std::hint::black_box;
use std::time::Instant;
use sudoku::Sudoku;
use sudoku_core::{Grid, Variant, parse_line};

const FULL: &str =
    "050070090400000008000020000003010800000000000009060100000080000200000009060050000";

fn load(name: &str, n: usize) -> Vec<Grid> {
    let candidates = [
        name.to_string(),
        format!("/work/shared/data/{name}"),
        format!("/work/shared/data/{name}.txt"),
    ];
    let text = candidates
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())
        .unwrap_or_else(|| panic!("no data file {name}"));
    text.lines()
        .filter(|l| l.trim().len() == 81)
        .filter_map(|l| parse_line(l.trim()).ok().map(|p| p.grid))
        .take(n)
        .collect()
}

fn run(solver: &str, grids: &[Grid], theirs: &[Sudoku], limit: u64) -> u64 {
    let mut sum = 0u64;
    match solver {
        "triad" => {
            for g in grids {
                sum += triad::count_triad(black_box(g), limit).0;
            }
        }
        "sudoku" => {
            for s in theirs {
                sum += black_box(s).solutions_count_up_to(limit as usize) as u64;
            }
        }
        "ours" => {
            for g in grids {
                sum += sudoku_solve::count(black_box(g), Variant::Standard, Some(limit));
            }
        }
        "none" => {} // loading only, to subtract from instruction counts
        _ => panic!("unknown solver {solver}"),
    }
    sum
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let name = args.first().map(String::as_str).unwrap_or("top1465");
    if name == "full" {
        let solver = args.get(1).map(String::as_str).unwrap_or("triad");
        let g = parse_line(args.get(2).map(String::as_str).unwrap_or(FULL))
            .unwrap()
            .grid;
        let s = Sudoku::from_bytes(*g.values()).unwrap();
        let start = Instant::now();
        let n = run(solver, &[g], &[s], u64::MAX);
        println!(
            "{solver}: {n} solutions in {:.3} s",
            start.elapsed().as_secs_f64()
        );
        return;
    }
    let n = args
        .get(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(usize::MAX);
    let solver = args.get(2).map(String::as_str).unwrap_or("triad");
    let reps: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(5);
    let grids = load(name, n);
    let theirs: Vec<Sudoku> = grids
        .iter()
        .map(|g| Sudoku::from_bytes(*g.values()).unwrap())
        .collect();
    if solver != "all" {
        let sum = run(solver, &grids, &theirs, 2);
        println!("{solver}: {} puzzles, sum of counts {sum}", grids.len());
        return;
    }
    let names = ["triad", "sudoku", "ours"];
    let mut best = [f64::MAX; 3];
    let mut sums = [0u64; 3];
    for _ in 0..reps {
        for (i, s) in names.iter().enumerate() {
            let start = Instant::now();
            sums[i] = run(s, &grids, &theirs, 2);
            let us = start.elapsed().as_secs_f64() * 1e6 / grids.len() as f64;
            best[i] = best[i].min(us);
        }
    }
    println!(
        "{name}: {} puzzles; µs/puzzle triad {:.2}, sudoku {:.2}, ours {:.2}; triad speed-up vs sudoku {:.2}x (sums {:?})",
        grids.len(),
        best[0],
        best[1],
        best[2],
        best[1] / best[0],
        sums
    );
}
