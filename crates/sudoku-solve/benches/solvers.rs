//! Side-by-side timing of our exact solver and the `sudoku` crate 0.8 over the
//! shared data sets, single thread, in one run.
//!
//! ```text
//! cargo bench -p sudoku-solve --bench solvers -- [--max N] [--reps N] [--data DIR] [--skip-full]
//! ```
//!
//! For every `*.txt` file of the data directory (default: the `shared/data` folder
//! beside the workspace, found from `CARGO_MANIFEST_DIR`; lines that are not
//! 81-cell puzzles are skipped) it times the first solution and the uniqueness
//! check (count up to 2) of both solvers, repeats each measurement `--reps` times
//! (default 3) interleaved, and prints the best µs per puzzle and the speed-up. The
//! last line times counting all solutions of the 14,297,616-solution puzzle.

use args::micros;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use sudoku::Sudoku;
use sudoku_core::{Grid, Variant, parse_line};

#[path = "support/args.rs"]
mod args;

struct Options {
    max: usize,
    full: bool,
    common: args::Common,
}

fn options() -> Options {
    let (mut max, mut full) = (usize::MAX, true);
    let common = args::parse(|a, rest| match a {
        "--max" => max = rest.next().and_then(|v| v.parse().ok()).unwrap_or(max),
        "--skip-full" => full = false,
        _ => {}
    });
    Options { max, full, common }
}

/// The puzzles of one file: our grids and the same puzzles for the `sudoku` crate.
fn load(path: &Path, max: usize) -> (Vec<Grid>, Vec<Sudoku>) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let grids: Vec<Grid> = text
        .lines()
        .filter(|l| l.trim().len() == 81)
        .filter_map(|l| parse_line(l).ok().map(|p| p.grid))
        .take(max)
        .collect();
    let theirs = grids
        .iter()
        .filter_map(|g| Sudoku::from_bytes(*g.values()).ok())
        .collect();
    (grids, theirs)
}

fn time<T>(items: &[T], mut f: impl FnMut(&T) -> u64) -> (Duration, u64) {
    let start = Instant::now();
    let mut sum = 0u64;
    for x in items {
        sum = sum.wrapping_add(f(black_box(x)));
    }
    (start.elapsed(), sum)
}

fn main() {
    let o = options();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&o.common.data)
        .unwrap_or_else(|e| panic!("data directory {}: {e}", o.common.data.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    println!(
        "data: {} (best of {} runs, µs per puzzle)",
        o.common.data.display(),
        o.common.reps
    );
    println!();
    println!(
        "| file | puzzles | solve: ours | solve: sudoku 0.8 | speed-up | unique: ours | unique: sudoku 0.8 | speed-up |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for path in &files {
        let (grids, theirs) = load(path, o.max);
        if grids.is_empty() || grids.len() != theirs.len() {
            continue;
        }
        let mut best = [Duration::MAX; 4];
        let mut sums = [0u64; 4];
        for _ in 0..o.common.reps {
            let runs: [(Duration, u64); 4] = [
                time(&grids, |g| {
                    sudoku_solve::solve(g, Variant::Standard).map_or(0, |s| s.values()[0] as u64)
                }),
                time(&theirs, |s| {
                    s.some_solution().map_or(0, |s| s.to_bytes()[0] as u64)
                }),
                time(&grids, |g| {
                    sudoku_solve::count(g, Variant::Standard, Some(2))
                }),
                time(&theirs, |s| s.solutions_count_up_to(2) as u64),
            ];
            for (i, (d, s)) in runs.into_iter().enumerate() {
                best[i] = best[i].min(d);
                sums[i] = s;
            }
        }
        let name = path
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        if sums[2] != sums[3] {
            println!(
                "WARNING {name}: solution counts differ ({} vs {})",
                sums[2], sums[3]
            );
        }
        let n = grids.len();
        let us: Vec<f64> = best.iter().map(|&d| micros(d, n)).collect();
        println!(
            "| {name} | {n} | {:.2} | {:.2} | {:.2}× | {:.2} | {:.2} | {:.2}× |",
            us[0],
            us[1],
            us[1] / us[0],
            us[2],
            us[3],
            us[3] / us[2]
        );
    }
    if o.full {
        let line =
            "050070090400000008000020000003010800000000000009060100000080000200000009060050000";
        let Ok(p) = parse_line(line) else { return };
        let Ok(s) = Sudoku::from_str_line(line) else {
            return;
        };
        let start = Instant::now();
        let ours = sudoku_solve::count(&p.grid, Variant::Standard, None);
        let t_ours = start.elapsed();
        let start = Instant::now();
        let theirs = s.solutions_count_up_to(usize::MAX);
        let t_theirs = start.elapsed();
        println!();
        println!(
            "count all of {line}: ours {ours} in {:.2} s, sudoku 0.8 {theirs} in {:.2} s ({:.2}×)",
            t_ours.as_secs_f64(),
            t_theirs.as_secs_f64(),
            t_theirs.as_secs_f64() / t_ours.as_secs_f64()
        );
    }
}
