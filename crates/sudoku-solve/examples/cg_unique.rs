//! Uniqueness checks (count up to 2) on the first puzzles of a file, for
//! instruction counting under callgrind, with our solver or the `sudoku` crate.
//!
//! ```text
//! cargo run --release -p sudoku-solve --example cg_unique -- ours|sudoku FILE [N] [LIMIT]
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out target/release/examples/cg_unique ours FILE 200
//! ```
//!
//! Prints the number of puzzles and the sum of the capped counts (both solvers must
//! agree).

use sudoku::Sudoku;
use sudoku_core::{Variant, parse_line};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let which = args.first().map_or("ours", String::as_str);
    let file = args.get(1).cloned().unwrap_or_default();
    let max: usize = args
        .get(2)
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    let limit: u64 = args.get(3).and_then(|v| v.parse().ok()).unwrap_or(2);
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| l.len() == 81)
        .take(max)
        .collect();
    let mut sum = 0u64;
    for l in &lines {
        sum += if which == "sudoku" {
            Sudoku::from_str_line(l).map_or(0, |s| s.solutions_count_up_to(limit as usize) as u64)
        } else {
            parse_line(l).map_or(0, |p| {
                sudoku_solve::count(&p.grid, Variant::Standard, Some(limit))
            })
        };
    }
    println!("{which}: {} puzzles, {sum} solutions counted", lines.len());
}
