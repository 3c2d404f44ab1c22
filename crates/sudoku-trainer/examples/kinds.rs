//! Scratch: first board per contradiction type met by searches.
use std::collections::BTreeMap;
use sudoku_core::{Grid, Variant};
use sudoku_trainer::{EvalMode, Event, Search, lookahead};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let mut seen: BTreeMap<String, (String, String, usize)> = BTreeMap::new();
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for line in text.lines().take(60) {
        let g: Grid = line.trim().parse().unwrap();
        for mode in [EvalMode::Lazy, EvalMode::StrictPlus] {
            let mut s = Search::new(&g, Variant::Standard, mode, 7);
            for _ in 0..100000 {
                let before = *s.board();
                let ev = s.step();
                if let Event::Undone { contradiction: Some(c), .. } = &ev {
                    let json = serde_json::to_string(c).unwrap();
                    let ty = json.split('"').nth(3).unwrap().to_string();
                    let key = format!("{:?}/{}", mode, ty);
                    *counts.entry(key.clone()).or_default() += 1;
                    let filled = before.filled();
                    let better = seen.get(&key).map_or(true, |e| filled > e.2);
                    if better { seen.insert(key, (before.to_line(sudoku_core::Notation::Digits, '.'), json, filled)); }
                    let _ = lookahead(&before, Variant::Standard, mode);
                }
                if matches!(ev, Event::Solved{..} | Event::Exhausted) { break; }
            }
        }
    }
    for (k, v) in &seen { println!("{k} n={} {} {}\n   {}", counts[k], v.2, v.0, v.1); }
}
