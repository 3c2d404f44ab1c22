//! Timing of the exact solver for the variants (diagonal, colour,
//! colour-diagonal), single thread.
//!
//! ```text
//! cargo bench -p sudoku-solve --bench variants -- [--reps N] [--data DIR]
//! BENCH=$(ls -t target/release/deps/variants-* | grep -v '\.d$' | head -1)
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null $BENCH --count --set NAME
//! ```
//!
//! `--count --set NAME` runs only the uniqueness check once over the named set
//! (as printed, e.g. `minimal diagonal`) and prints no table: run it under
//! callgrind (and once more with `--set none` for the start-up cost) to get
//! instruction counts, which a busy machine does not distort.
//!
//! The generic solver this one replaced is no longer compiled in; `BENCHMARKS.md`
//! names the commit whose copy of it gave the old figures. Puzzle sets:
//!
//! - the variant rows of `seed_examples.tsv` (shared data), each as its variant;
//! - the 12- and 13-given diagonal puzzles among them (the hard low-clue cases);
//! - `benches/data/minimal-VARIANT.txt`: 200 minimal puzzles per variant made by
//!   `sudoku gen --variant VARIANT --minimal --count 200 --seed 1`.
//!
//! For every set it times the uniqueness check (count up to 2) and counting all
//! solutions, repeats each `--reps` times (default 3) interleaved, and prints the
//! best µs per puzzle and the slowest single puzzle.

#[path = "support/args.rs"]
mod args;

use args::micros;
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};
use sudoku_core::{Grid, Variant, parse_line};

/// The solutions of `p` as `v`, up to `limit`.
fn count(p: &Grid, v: Variant, limit: u64) -> u64 {
    sudoku_solve::count(p, v, Some(limit))
}

struct Options {
    /// `--count`: only the uniqueness checks, once.
    count: bool,
    /// `--set`: only this set.
    set: Option<String>,
    common: args::Common,
}

fn options() -> Options {
    let (mut count, mut set) = (false, None);
    let common = args::parse(|a, rest| match a {
        "--count" => count = true,
        "--set" => set = rest.next(),
        _ => {}
    });
    Options { count, set, common }
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

fn main() {
    let o = options();
    let seeds = seed_rows(&o.common.data);
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
    if o.count {
        for (name, set) in sets.iter().filter(|(n, _)| o.set.as_ref() == Some(n)) {
            let (_, _, sum) = time(set, 2, count);
            println!("{name}: {} puzzles, {sum} solutions counted", set.len());
        }
        return;
    }
    println!(
        "best of {} runs, µs per puzzle, single thread",
        o.common.reps
    );
    println!();
    println!("| set | puzzles | unique | max | count | max |");
    println!("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (name, set) in sets
        .iter()
        .filter(|(n, _)| o.set.as_ref().is_none_or(|s| s == n))
    {
        // [unique, count]: (total, worst).
        let mut best = [(Duration::MAX, Duration::MAX); 2];
        for _ in 0..o.common.reps {
            let runs = [time(set, 2, count), time(set, u64::MAX, count)];
            for (i, (total, worst, _)) in runs.into_iter().enumerate() {
                best[i].0 = best[i].0.min(total);
                best[i].1 = best[i].1.min(worst);
            }
        }
        let n = set.len();
        let us = |i: usize| micros(best[i].0, n);
        let max = |i: usize| best[i].1.as_secs_f64() * 1e6;
        println!(
            "| {name} | {n} | {:.1} | {:.0} | {:.1} | {:.0} |",
            us(0),
            max(0),
            us(1),
            max(1),
        );
    }
}
