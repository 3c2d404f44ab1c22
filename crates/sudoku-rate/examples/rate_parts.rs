//! Times the parts of a rating (logical solve, Sudoku Explainer path, HoDoKu
//! path) over a puzzle file: `cargo run --release -p sudoku-rate --example
//! rate_parts -- FILE [LIMIT]`. With `PART=logic|se|hodoku|all` only that part
//! runs (for a profiler); with `EACH=1` each puzzle's whole-rating time goes
//! to standard error (line number, milliseconds).

use std::time::Instant;
use sudoku_core::{Variant, parse_line};
use sudoku_logic::{Options, solve_logically};
use sudoku_rate::{RateOptions, rate};

/// The allocator of the `sudoku` binary, so that profiles match it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(file) = args.next() else {
        eprintln!("usage: rate_parts FILE [LIMIT]");
        return;
    };
    let limit: usize = args
        .next()
        .and_then(|l| l.parse().ok())
        .unwrap_or(usize::MAX);
    let Ok(text) = std::fs::read_to_string(&file) else {
        eprintln!("cannot read {file}");
        return;
    };
    let grids: Vec<_> = text
        .lines()
        .filter_map(|l| parse_line(l.trim()).ok().map(|p| p.grid))
        .take(limit)
        .collect();
    let n = grids.len() as f64;
    let part = std::env::var("PART").unwrap_or_default();
    let on = |p: &str| part.is_empty() || part == p;
    let t = Instant::now();
    for g in grids.iter().filter(|_| on("logic")) {
        let _ = solve_logically(g, Variant::Standard, &Options::default());
    }
    let logic = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for g in grids.iter().filter(|_| on("se")) {
        let _ = sudoku_rate::se::estimate(g, Variant::Standard);
    }
    let se = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for g in grids.iter().filter(|_| on("hodoku")) {
        let _ = sudoku_rate::hodoku::estimate(g, Variant::Standard);
    }
    let hodoku = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let each = std::env::var("EACH").is_ok();
    for (i, g) in grids.iter().enumerate().filter(|_| on("all")) {
        let t1 = Instant::now();
        let _ = rate(g, Variant::Standard, &RateOptions::default());
        if each {
            eprintln!("{} {:.3}", i + 1, 1e3 * t1.elapsed().as_secs_f64());
        }
    }

    let all = t.elapsed().as_secs_f64();
    println!(
        "{} puzzles, ms/puzzle: logical solve {:.3}, SE path {:.3}, HoDoKu path {:.3}, whole rating {:.3}",
        grids.len(),
        1e3 * logic / n,
        1e3 * se / n,
        1e3 * hodoku / n,
        1e3 * all / n
    );
}
