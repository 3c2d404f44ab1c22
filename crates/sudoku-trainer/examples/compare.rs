//! Scratch: Lazy vs Strict on the first N puzzles of a file.
use sudoku_core::{Grid, Variant};
use sudoku_trainer::{EvalMode, Phase, Search};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let n: usize = args[2].parse().unwrap();
    for line in text.lines().take(n) {
        let g: Grid = line.trim().parse().unwrap();
        let mut l = Search::new(&g, Variant::Standard, EvalMode::Lazy, 7);
        let t = std::time::Instant::now();
        let pl = l.run(5_000_000);
        let tl = t.elapsed();
        let mut s = Search::new(&g, Variant::Standard, EvalMode::StrictPlus, 7);
        let t = std::time::Instant::now();
        let ps = s.run(5_000_000);
        let ts = t.elapsed();
        let ok = l.board() == s.board();
        println!("{:?} {} {} {:?} | {:?} {} {} {:?} same={} {}", pl, l.steps(), l.backtrack_runs(), tl, ps, s.steps(), s.backtrack_runs(), ts, ok, if l.backtrack_runs()!=s.backtrack_runs() || l.steps()<s.steps() {"MISMATCH"} else {""});
        let _ = Phase::Solved;
    }
}
