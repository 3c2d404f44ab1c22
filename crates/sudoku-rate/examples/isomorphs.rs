//! Measures how often isomorphic copies of a puzzle get the same rating:
//! `cargo run --release -p sudoku-rate --example isomorphs -- FILE [LIMIT]
//! [COPIES] [VARIANT]`. Each puzzle is rated with every mode, every walk in
//! its canonical orientation (`--orientation canonical`) and as given, together with COPIES
//! random variant-preserving transforms of it (`Transform::random`); a puzzle
//! counts as invariant when every copy's whole rating (points, norms, levels,
//! SE, HoDoKu, counts) equals the original's. Puzzles that are not unique are
//! skipped.

use sudoku_core::{Transform, Variant, parse_line};
use sudoku_logic::{Mode, Orientation};
use sudoku_rate::{RateOptions, rate};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: isomorphs FILE [LIMIT] [COPIES] [VARIANT]");
        return;
    };
    let limit: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let copies: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);
    let variant: Variant = args
        .get(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(Variant::Standard);
    let Ok(text) = std::fs::read_to_string(file) else {
        eprintln!("cannot read {file}");
        return;
    };
    let grids: Vec<_> = text
        .lines()
        .filter_map(|l| parse_line(l.split_whitespace().next()?).ok())
        .map(|p| p.grid)
        .take(limit)
        .collect();
    println!("| mode | walk | puzzles | invariant | points differ | SE differs | HoDoKu differs |");
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
    for mode in Mode::ALL {
        for orientation in [Orientation::Canonical, Orientation::AsGiven] {
            let options = RateOptions {
                mode,
                orientation,
                peers: orientation,
                ..RateOptions::default()
            };
            let (mut n, mut same, mut points, mut se, mut hodoku) = (0, 0, 0, 0, 0);
            for (i, g) in grids.iter().enumerate() {
                let Ok(a) = rate(g, variant, &options) else {
                    continue;
                };
                let Some(a) = a.rating().cloned() else {
                    continue;
                };
                n += 1;
                let (mut p, mut s, mut h, mut all) = (false, false, false, true);
                for k in 0..copies {
                    let t = Transform::random(variant, 1000 * i as u64 + k);
                    let Some(b) = rate(&t.apply(g), variant, &options)
                        .ok()
                        .and_then(|b| b.rating().cloned())
                    else {
                        continue;
                    };
                    p |= a.walk.as_ref().map(|w| w.points) != b.walk.as_ref().map(|w| w.points);
                    s |= a.se != b.se;
                    h |= a.hodoku != b.hodoku;
                    all &= a == b;
                }
                same += usize::from(all);
                points += usize::from(p);
                se += usize::from(s);
                hodoku += usize::from(h);
            }
            println!(
                "| {mode:?} | {} | {n} | {same} | {points} | {se} | {hodoku} |",
                match orientation {
                    Orientation::Canonical => "canonical",
                    Orientation::AsGiven => "as given",
                }
            );
        }
    }
}
