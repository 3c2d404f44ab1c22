//! Scratch: print an evaluation.
use sudoku_core::{Grid, Variant};
use sudoku_trainer::{evaluate, EvalMode, rate, explain};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let g: Grid = args[1].parse().unwrap();
    let mode = match args[2].as_str() { "lazy" => EvalMode::Lazy, _ => EvalMode::StrictPlus };
    let e = evaluate(&g, Variant::Standard, mode);
    for r in 0..9 { let mut line = String::new(); for c in 0..9 { let i = r*9+c; match g.values()[i] { 0 => { line += &format!("{:>10}", format!("{}|{}", e.options[i], (e.candidates[i]-e.options[i]))); } v => line += &format!("{:>10}", v) } } println!("{line}"); }
    for n in &e.necessary { println!("nec {} {} {:?} direct={}", n.cell, n.digit, n.houses, n.direct); }
    println!("singles {:?}\nhidden {:?}", e.singles, e.hidden_singles);
    for i in &e.inadmissible { for r in &i.reasons { println!("{} {}: {}", i.cell, i.pass, explain::en(explain::Subject::Reason(&sudoku_trainer::CellReason::Inadmissible{digit:i.digit, reason:r.clone()}))); } }
    println!("contradiction {:?} complete {} passes {}", e.contradiction, e.complete, e.passes);
    println!("{:?}", rate(&g, Variant::Standard, 1, 1_000_000));
}
