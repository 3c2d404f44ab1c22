//! Scratch: level distribution.
use sudoku_core::{Grid, Variant};
use sudoku_trainer::rate;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    for line in text.lines() {
        let Ok(g) = line.trim().parse::<Grid>() else { println!("label {line}"); continue };
        let r = rate(&g, Variant::Standard, 1, 1_000_000);
        match r { Ok(r) => println!("{:?} {} {}", r.level, r.steps_lazy, line), Err(e) => println!("ERR {e} {line}") }
    }
}
