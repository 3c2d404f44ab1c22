//! Differential check of the chaining engine against a logging build of
//! Sudoku Explainer: reads its `STEP` lines (difficulty, rule name, hint,
//! complexity, removable candidates, placement, the position before the step)
//! from standard input and, for every chaining step, compares SE's hint with
//! the first hint of the same producer here. Prints one line per chaining
//! step and a summary. Not a test: it needs a Java oracle's output.

use std::io::BufRead;
use sudoku_core::{Cell, Digit, DigitSet, Grid, Variant};
use sudoku_logic::{Candidates, ChainingMode, first_chain_hint};

fn mode_of(name: &str) -> Option<ChainingMode> {
    if name.contains("(+ Dynamic Forcing Chains (+") {
        Some(ChainingMode::Nested(5))
    } else if name.contains("(+ Dynamic Forcing Chains)") {
        Some(ChainingMode::Nested(4))
    } else if name.contains("(+ Multiple Forcing Chains)") {
        Some(ChainingMode::Nested(3))
    } else if name.contains("(+ Forcing Chains)") {
        Some(ChainingMode::Nested(2))
    } else if name.contains("(+)") {
        Some(ChainingMode::DynamicPlus)
    } else if name.starts_with("Nishio") {
        Some(ChainingMode::Nishio)
    } else if name.starts_with("Dynamic") {
        Some(ChainingMode::Dynamic)
    } else if name.starts_with("Cell Forcing") || name.starts_with("Region Forcing") {
        Some(ChainingMode::Multiple)
    } else if name.contains("Cycle")
        || name.contains("Forcing Chain")
        || name.contains("Forcing X-Chain")
        || name == "Turbot Fish"
    {
        Some(ChainingMode::ForcingChainsAndCycles)
    } else {
        None
    }
}

fn position(state: &str) -> Option<Candidates> {
    let mut grid = Grid::EMPTY;
    let mut fields = [DigitSet::EMPTY; 81];
    for (i, tok) in state.split_whitespace().enumerate() {
        let cell = Cell::new(i)?;
        if let Some(v) = tok.strip_prefix('=') {
            grid.set(cell, Digit::new(v.parse().ok()?));
        } else {
            for ch in tok.bytes() {
                fields[i].insert(Digit::new(ch - b'0')?);
            }
        }
    }
    Candidates::from_fields(&grid, Variant::Standard, &fields).ok()
}

fn removable(h: &sudoku_logic::ChainHint) -> String {
    // SE prints {rXcY={d, e}, …} sorted by its cell name text.
    let mut by_cell: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    for e in &h.step.eliminations {
        by_cell
            .entry(format!("r{}c{}", e.cell.row() + 1, e.cell.col() + 1))
            .or_default()
            .push(e.digit.to_string());
    }
    let parts: Vec<String> = by_cell
        .into_iter()
        .map(|(c, ds)| format!("{c}={{{}}}", ds.join(", ")))
        .collect();
    format!("{{{}}}", parts.join(", "))
}

fn main() {
    let (mut total, mut same, mut same_diff) = (0, 0, 0);
    let stdin = std::io::stdin();
    for line in stdin.lock().lines().map_while(Result::ok) {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 8 || f[0] != "STEP" {
            continue;
        }
        let Some(mode) = mode_of(f[2]) else { continue };
        let Some(pos) = position(f[7]) else {
            println!("BAD POSITION {line}");
            continue;
        };
        total += 1;
        let t = std::time::Instant::now();
        let mine = first_chain_hint(&pos, mode);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let se_d: f64 = f[1].parse().unwrap_or(0.0);
        let se_c = f[4].trim();
        match mine {
            Some(h) => {
                let ok_d = (h.se_difficulty - se_d).abs() < 1e-9
                    || format!("{:.1}", h.se_difficulty) == format!("{se_d:.1}");
                let ok_r = removable(&h) == f[5];
                let my_c = format!("complexity={} sortkey={}", h.se_complexity, h.se_sort_key);
                if ok_d {
                    same_diff += 1;
                }
                if ok_d && ok_r && my_c == se_c {
                    same += 1;
                    println!("OK   {mode:?} {se_d} {se_c} {} ({ms:.1} ms)", f[5]);
                } else {
                    println!(
                        "DIFF {mode:?} SE {se_d} {se_c} {} [{}] | mine {:.1} {my_c} {} ({ms:.1} ms)",
                        f[5],
                        f[3],
                        h.se_difficulty,
                        removable(&h)
                    );
                }
            }
            None => println!("NONE {mode:?} SE {se_d} {se_c} {} [{}]", f[5], f[3]),
        }
    }
    println!("chain steps {total}, identical {same}, same difficulty {same_diff}");
}
