//! Median time per puzzle for targeted requests, the figures the generator
//! issue asks for: exactly 22 clues, `--level hard`, `--se 7.0..`, and the
//! other levels. Each puzzle is one call of [`Generator::generate`] with its own
//! seed, single thread; the median and the spread over `--n` puzzles are
//! printed with the work behind them (attempts and ratings per puzzle).
//!
//! ```text
//! cargo bench -p sudoku-gen --bench targets -- [--n N] [--only NAME]
//! ```

use std::time::{Duration, Instant};
use sudoku_gen::{Band, Generator, Level, Request, Tally, rng_for};

struct Case {
    name: &'static str,
    request: Request,
    n: usize,
}

fn cases(n: usize) -> Vec<Case> {
    let with = |f: &dyn Fn(&mut Request)| {
        let mut r = Request::default();
        f(&mut r);
        r
    };
    vec![
        Case {
            name: "minimal",
            request: with(&|r| r.minimal = true),
            n,
        },
        Case {
            name: "clues=24",
            request: with(&|r| r.clues = Some((24, 24))),
            n,
        },
        Case {
            name: "clues=22",
            request: with(&|r| r.clues = Some((22, 22))),
            n,
        },
        Case {
            name: "clues=20",
            request: with(&|r| r.clues = Some((20, 20))),
            n: n.div_ceil(4),
        },
        Case {
            name: "clues=21",
            request: with(&|r| r.clues = Some((21, 21))),
            n: n.div_ceil(4),
        },
        Case {
            name: "level=very-easy",
            request: with(&|r| r.level = Some(Level::VeryEasy)),
            n,
        },
        Case {
            name: "level=easy",
            request: with(&|r| r.level = Some(Level::Easy)),
            n,
        },
        Case {
            name: "level=medium",
            request: with(&|r| r.level = Some(Level::Medium)),
            n,
        },
        Case {
            name: "level=hard",
            request: with(&|r| r.level = Some(Level::Hard)),
            n,
        },
        Case {
            name: "se=7.0..",
            request: with(&|r| {
                r.se = Some(Band {
                    min: Some(7.0),
                    max: None,
                })
            }),
            n: n.div_ceil(4),
        },
        Case {
            name: "level=very-hard",
            request: with(&|r| r.level = Some(Level::VeryHard)),
            n: n.div_ceil(10),
        },
    ]
}

fn main() {
    let mut n = 41;
    let mut only: Option<String> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--n" => n = args.next().and_then(|v| v.parse().ok()).unwrap_or(n),
            "--only" => only = args.next(),
            _ => {} // `cargo bench` adds `--bench`
        }
    }
    println!(
        "{:<16} {:>4} {:>10} {:>10} {:>10} {:>9} {:>8} {:>6}",
        "request", "n", "median", "p10", "p90", "attempts", "rated", "clues"
    );
    for case in cases(n) {
        if only
            .as_ref()
            .is_some_and(|o| !case.name.contains(o.as_str()))
        {
            continue;
        }
        let generator = Generator::new(case.request.clone()).expect("valid request");
        let mut times: Vec<Duration> = Vec::new();
        let mut tally = Tally::default();
        let mut clues = 0usize;
        for i in 0..case.n {
            let mut rng = rng_for(2026, i as u64);
            let start = Instant::now();
            let g = generator.generate(&mut rng, &mut tally, &|| {
                start.elapsed() > Duration::from_secs(120)
            });
            times.push(start.elapsed());
            if let Some(g) = g {
                clues += g.puzzle.filled();
            }
        }
        times.sort();
        let q = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
        let per = |x: u64| x as f64 / case.n as f64;
        println!(
            "{:<16} {:>4} {:>10.2?} {:>10.2?} {:>10.2?} {:>9.1} {:>8.1} {:>6.1}",
            case.name,
            case.n,
            q(0.5),
            q(0.1),
            q(0.9),
            per(tally.attempts),
            per(tally.rated),
            clues as f64 / tally.found.max(1) as f64
        );
    }
}
