//! The neighbourhood search's screen against the exact rating it saves:
//! recall (the share of neighbours rated at or above a floor that the
//! screen passes) and finds per CPU-second with and without it.
//!
//! The neighbours are the search's own ([`HardSearch`] around the built-in
//! seeds, every neighbour rated at or above 10.0 taken as a seed in turn, as
//! in `gen --se 10.0..`), every minimal one both screened and rated exactly,
//! single thread. For each floor the table says how many neighbours the
//! screen passes, how many of those rated at or above the floor it keeps,
//! and the CPU time of a search that screens (the screen for all, the exact
//! rating for those passed) against one that rates every neighbour.
//!
//! ```text
//! cargo bench -p sudoku-gen --bench screen -- [--n N] [--seed S]
//! ```

use std::time::Instant;
use sudoku_core::Variant;
use sudoku_gen::{Band, HardSearch, Verdict, builtin_seeds, is_minimal, rng_for, se_screen};

const FLOORS: [f64; 3] = [10.0, 10.5, 11.0];

fn main() {
    let mut n = 1000usize;
    let mut seed = 1u64;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--n" => n = args.next().and_then(|v| v.parse().ok()).unwrap_or(n),
            "--seed" => seed = args.next().and_then(|v| v.parse().ok()).unwrap_or(seed),
            _ => {}
        }
    }
    let band = Band {
        min: Some(10.0),
        max: None,
    };
    let mut search = HardSearch::new(band, builtin_seeds(), false, true, rng_for(seed, 0));
    // Per minimal neighbour: the screen per floor, its time, the rating and
    // its time.
    let mut rows: Vec<([bool; 3], f64, f64, f64)> = Vec::new();
    while rows.len() < n {
        let round = search.candidates(32);
        if round.is_empty() {
            break;
        }
        for p in round {
            if !is_minimal(&p, Variant::Standard) {
                search.record(&p, &Verdict::NotMinimal);
                continue;
            }
            let t = Instant::now();
            let passed = FLOORS.map(|f| se_screen(&p, f).may_reach(f));
            let screened = t.elapsed().as_secs_f64() / FLOORS.len() as f64;
            let t = Instant::now();
            let Ok(Some(e)) = sudoku_rate::se::estimate(&p, Variant::Standard) else {
                continue;
            };
            let rated = t.elapsed().as_secs_f64();
            search.record(&p, &Verdict::Rated(e));
            rows.push((passed, screened, e.er, rated));
        }
    }
    let rate_all: f64 = rows.iter().map(|r| r.3).sum();
    let screen_all: f64 = rows.iter().map(|r| r.1).sum();
    println!(
        "{} minimal neighbours, exact rating {:.3} s mean, screen {:.4} s mean",
        rows.len(),
        rate_all / rows.len() as f64,
        screen_all / rows.len() as f64
    );
    println!(
        "| floor | rated >= floor | screen passes | recall | CPU s, screen + rating | finds per CPU-s | CPU s, rating all | finds per CPU-s |"
    );
    println!("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (k, floor) in FLOORS.iter().enumerate() {
        let hits = rows.iter().filter(|r| r.2 >= *floor).count();
        let passed = rows.iter().filter(|r| r.0[k]).count();
        let kept = rows.iter().filter(|r| r.0[k] && r.2 >= *floor).count();
        let cost = screen_all + rows.iter().filter(|r| r.0[k]).map(|r| r.3).sum::<f64>();
        println!(
            "| {floor:.1} | {hits} | {passed} | {:.0} % | {cost:.1} | {:.2} | {rate_all:.1} | {:.2} |",
            100.0 * kept as f64 / hits.max(1) as f64,
            kept as f64 / cost,
            hits as f64 / rate_all,
        );
    }
}
