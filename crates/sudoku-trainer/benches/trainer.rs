//! Latency of the trainer's per-request operations: evaluating a position in
//! Strict mode, one search step, and a hint, on positions met by the search on
//! hard puzzles of every variant. Reports percentiles per call (the web API's
//! budget is 10 ms at the 99th percentile) and, side by side as a reference, the
//! exact solver's time for the same positions.
//!
//! `cargo bench -p sudoku-trainer --bench trainer [-- --puzzles N --every K --runs R]`

use std::path::PathBuf;
use std::time::{Duration, Instant};
use sudoku_core::{Grid, Variant};
use sudoku_trainer::{EvalMode, Phase, Search, evaluate, hint};

fn data(file: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data")
        .join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn report(name: &str, timing: &str, mut times: Vec<Duration>) {
    if times.is_empty() {
        return;
    }
    times.sort();
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    let mean = times.iter().sum::<Duration>() / times.len() as u32;
    println!(
        "| {name} | {timing} | {} | {:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
        times.len(),
        mean.as_secs_f64() * 1e6,
        pct(0.5).as_secs_f64() * 1e6,
        pct(0.99).as_secs_f64() * 1e6,
        pct(0.999).as_secs_f64() * 1e6,
        times[times.len() - 1].as_secs_f64() * 1e6,
    );
}

fn main() {
    let n = arg("--puzzles", 60);
    let every = arg("--every", 5).max(1);
    let runs = arg("--runs", 3).max(1);
    let mut puzzles: Vec<(Grid, Variant)> = Vec::new();
    let top = data("top1465.txt");
    for line in top.lines().step_by(1465 / n.max(1)).take(n) {
        if let Ok(g) = line.trim().parse() {
            puzzles.push((g, Variant::Standard));
        }
    }
    let seed = data("seed_examples.tsv");
    for row in seed.lines().skip(1) {
        let mut cols = row.split('\t');
        if let (Some(p), Some(v)) = (cols.next(), cols.next())
            && let (Ok(g), Ok(v)) = (p.parse::<Grid>(), v.parse::<Variant>())
            && v != Variant::Standard
            && sudoku_solve::count(&g, v, Some(2)) == 1
        {
            puzzles.push((g, v));
        }
    }
    // The positions: snapshots of the Strict search every `every` steps.
    let mut snapshots: Vec<Search> = Vec::new();
    for (g, v) in &puzzles {
        let mut search = Search::new(g, *v, EvalMode::StrictPlus, 1);
        let mut i = 0usize;
        while matches!(search.phase(), Phase::Forward | Phase::Backward) && i < 4000 {
            if i.is_multiple_of(every) {
                snapshots.push(search.clone());
            }
            search.step();
            i += 1;
        }
    }
    // Each call is timed `runs` times, interleaved; the first run and the
    // per-call minimum (which removes preemption by other processes) are shown.
    let ops = 4;
    let mut times: Vec<Vec<Vec<Duration>>> = vec![vec![Vec::new(); snapshots.len()]; ops];
    for _ in 0..runs {
        for (k, snap) in snapshots.iter().enumerate() {
            let board = *snap.board();
            let v = snap.variant();
            let t = Instant::now();
            std::hint::black_box(evaluate(&board, v, EvalMode::StrictPlus));
            times[0][k].push(t.elapsed());
            let mut s = snap.clone();
            let t = Instant::now();
            std::hint::black_box(s.step());
            times[1][k].push(t.elapsed());
            let t = Instant::now();
            std::hint::black_box(hint(&board, v).ok());
            times[2][k].push(t.elapsed());
            let t = Instant::now();
            std::hint::black_box(sudoku_solve::count(&board, v, Some(2)));
            times[3][k].push(t.elapsed());
        }
    }
    println!(
        "{} puzzles ({n} standard from top1465, the rest the seed's unique variant puzzles), {} positions (every {every}th of the Strict search), {runs} runs\n",
        puzzles.len(),
        snapshots.len()
    );
    println!("| operation | timing | calls | mean µs | p50 µs | p99 µs | p99.9 µs | max µs |");
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    let names = [
        "evaluate (Strict+)",
        "search step (Strict+)",
        "hint",
        "reference: exact solver, count to 2",
    ];
    for (name, per_call) in names.iter().zip(&times) {
        let first: Vec<Duration> = per_call.iter().filter_map(|t| t.first().copied()).collect();
        let best: Vec<Duration> = per_call
            .iter()
            .filter_map(|t| t.iter().min().copied())
            .collect();
        report(name, "first run", first);
        report(name, &format!("min of {runs}"), best);
    }
}
