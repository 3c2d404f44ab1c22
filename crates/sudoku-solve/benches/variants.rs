//! Side-by-side timing of the exact solver for the variants (diagonal, colour,
//! colour-diagonal) against the generic solver it replaced, in one run, single
//! thread.
//!
//! ```text
//! cargo bench -p sudoku-solve --bench variants -- [--reps N] [--data DIR]
//! BENCH=$(ls -t target/release/deps/variants-* | grep -v '\.d$' | head -1)
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null $BENCH --count old|new --set NAME
//! ```
//!
//! `--count old|new --set NAME` runs only that solver's uniqueness check once over
//! the named set (as printed, e.g. `minimal diagonal`) and prints no table: run it
//! under callgrind (and once more with `--set none` for the start-up cost) to get
//! instruction counts, which a busy machine does not distort.
//!
//! The previous solver is compiled into this benchmark from verbatim copies of its
//! sources (`benches/old/`), so both run on the same machine at the same moment.
//! Puzzle sets:
//!
//! - the variant rows of `seed_examples.tsv` (shared data), each as its variant;
//! - the 12- and 13-given diagonal puzzles among them (the hard low-clue cases);
//! - `benches/data/minimal-VARIANT.txt`: 200 minimal puzzles per variant made by
//!   `sudoku gen --variant VARIANT --minimal --count 200 --seed 1`.
//!
//! For every set it times the uniqueness check (count up to 2) and counting all
//! solutions, old and new, repeats each `--reps` times (default 3) interleaved,
//! and prints the best µs per puzzle, the slowest single puzzle of the new solver
//! and the speed-up. Both solvers must agree on every count (checked).

#[allow(dead_code)]
#[path = "old/search.rs"]
mod search;

#[allow(dead_code)]
#[path = "old/generic.rs"]
mod generic;

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use sudoku_core::{Grid, Variant, parse_line};

/// The previous generic solver: solutions of `p` as `v`, up to `limit`.
fn old_count(p: &Grid, v: Variant, limit: u64) -> u64 {
    search::Search::new(generic::HouseBoard::new(p, v), search::Order::Fast)
        .count(limit)
        .0
}

fn new_count(p: &Grid, v: Variant, limit: u64) -> u64 {
    sudoku_solve::count(p, v, Some(limit))
}

struct Options {
    reps: usize,
    data: PathBuf,
    /// `--count`: only this solver's uniqueness checks, once.
    count: Option<String>,
    /// `--set`: only this set.
    set: Option<String>,
}

fn default_data_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .map(|a| a.join("shared").join("data"))
        .find(|p| p.is_dir())
        .unwrap_or_else(|| manifest.join("../../../shared/data"))
}

fn options() -> Options {
    let mut o = Options {
        reps: 3,
        data: default_data_dir(),
        count: None,
        set: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--reps" => o.reps = args.next().and_then(|v| v.parse().ok()).unwrap_or(o.reps),
            "--data" => o.data = args.next().map(PathBuf::from).unwrap_or(o.data),
            "--count" => o.count = args.next(),
            "--set" => o.set = args.next(),
            _ => {} // `cargo bench` adds `--bench`
        }
    }
    o.reps = o.reps.max(1);
    o
}

/// The variant rows of the seed examples.
fn seed_rows(data: &Path) -> Vec<(Grid, Variant)> {
    let path = data.join("seed_examples.tsv");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("benchmark data {}: {e}", path.display()));
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let mut fields = line.split('\t');
            let p = parse_line(fields.next()?).ok()?.grid;
            let v: Variant = fields.next()?.parse().ok()?;
            (v != Variant::Standard).then_some((p, v))
        })
        .collect()
}

fn minimal(variant: Variant) -> Vec<(Grid, Variant)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/data")
        .join(format!("minimal-{variant}.txt"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("benchmark data {}: {e}", path.display()));
    text.lines()
        .filter_map(|l| parse_line(l.trim()).ok())
        .map(|p| (p.grid, variant))
        .collect()
}

/// Total time over `set` and the slowest single puzzle, plus the sum of counts.
fn time(
    set: &[(Grid, Variant)],
    limit: u64,
    f: fn(&Grid, Variant, u64) -> u64,
) -> (Duration, Duration, u64) {
    let mut sum = 0u64;
    let mut worst = Duration::ZERO;
    let start = Instant::now();
    for (p, v) in set {
        let t = Instant::now();
        sum = sum.wrapping_add(f(black_box(p), *v, limit));
        worst = worst.max(t.elapsed());
    }
    (start.elapsed(), worst, sum)
}

fn micros(d: Duration, n: usize) -> f64 {
    d.as_secs_f64() * 1e6 / n.max(1) as f64
}

fn main() {
    let o = options();
    let seeds = seed_rows(&o.data);
    let low: Vec<(Grid, Variant)> = seeds
        .iter()
        .filter(|(p, _)| p.filled() <= 13)
        .copied()
        .collect();
    let sets: Vec<(String, Vec<(Grid, Variant)>)> = vec![
        ("seed variant puzzles".to_string(), seeds),
        ("seed 12/13 givens (diagonal)".to_string(), low),
        ("minimal diagonal".to_string(), minimal(Variant::Diagonal)),
        ("minimal color".to_string(), minimal(Variant::Color)),
        (
            "minimal color-diagonal".to_string(),
            minimal(Variant::ColorDiagonal),
        ),
    ];
    if let Some(which) = &o.count {
        let f = if which == "old" { old_count } else { new_count };
        for (name, set) in sets.iter().filter(|(n, _)| o.set.as_ref() == Some(n)) {
            let (_, _, sum) = time(set, 2, f);
            println!(
                "{which} {name}: {} puzzles, {sum} solutions counted",
                set.len()
            );
        }
        return;
    }
    println!("best of {} runs, µs per puzzle, single thread", o.reps);
    println!();
    println!(
        "| set | puzzles | unique: old | unique: new | new max | speed-up | count: old | count: new | new max | speed-up |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (name, set) in sets
        .iter()
        .filter(|(n, _)| o.set.as_ref().is_none_or(|s| s == n))
    {
        // [old unique, new unique, old count, new count]: (total, worst).
        let mut best = [(Duration::MAX, Duration::MAX); 4];
        let mut sums = [0u64; 4];
        for _ in 0..o.reps {
            let runs = [
                time(set, 2, old_count),
                time(set, 2, new_count),
                time(set, u64::MAX, old_count),
                time(set, u64::MAX, new_count),
            ];
            for (i, (total, worst, sum)) in runs.into_iter().enumerate() {
                best[i].0 = best[i].0.min(total);
                best[i].1 = best[i].1.min(worst);
                sums[i] = sum;
            }
        }
        assert_eq!(sums[0], sums[1], "{name}: uniqueness counts differ");
        assert_eq!(sums[2], sums[3], "{name}: solution counts differ");
        let n = set.len();
        let us = |i: usize| micros(best[i].0, n);
        let max = |i: usize| best[i].1.as_secs_f64() * 1e6;
        println!(
            "| {name} | {n} | {:.1} | {:.1} | {:.0} | {:.0}× | {:.1} | {:.1} | {:.0} | {:.0}× |",
            us(0),
            us(1),
            max(1),
            us(0) / us(1),
            us(2),
            us(3),
            max(3),
            us(2) / us(3),
        );
    }
}
