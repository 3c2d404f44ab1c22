//! Times the logical solver over a puzzle file, single-threaded:
//! `cargo run --release -p sudoku-logic --example timing -- FILE [sync]`.
//! Prints puzzles, how many were solved, and the mean time per puzzle.

use std::time::Instant;
use sudoku_core::{Variant, parse_line};
use sudoku_logic::{Mode, Options, solve_logically};

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: timing FILE [sync]");
        std::process::exit(2);
    };
    let mode = match args.next().as_deref() {
        Some("sync") => Mode::Synchronous,
        _ => Mode::NonSynchronous,
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let grids: Vec<_> = text
        .lines()
        .filter_map(|l| parse_line(l.trim()).ok())
        .map(|p| p.grid)
        .collect();
    let options = Options {
        mode,
        ..Options::default()
    };
    let start = Instant::now();
    let (mut solved, mut steps) = (0usize, 0usize);
    for g in &grids {
        match solve_logically(g, Variant::Standard, &options) {
            Ok(t) => {
                solved += usize::from(t.is_solved());
                steps += t.steps.len();
            }
            Err(e) => eprintln!("{g}: {e}"),
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{path} ({mode:?}): {} puzzles, {solved} solved, {} steps/puzzle, {:.1} µs/puzzle",
        grids.len(),
        steps / grids.len().max(1),
        secs * 1e6 / grids.len().max(1) as f64
    );
}
