//! Side-by-side timing of random minimal unique puzzles (standard Sudoku): our
//! generator against the `sudoku` crate 0.8, in one run.
//!
//! ```text
//! cargo bench -p sudoku-gen --bench generate
//! ```
//!
//! Four routes, each timed by criterion per puzzle:
//!
//! * `ours/none`: [`Generator`] with `minimal` (no symmetry): one solution grid,
//!   one pass of removals;
//! * `ours/rot180`: the same with half-turn symmetry (orbit removals);
//! * `sudoku/generate`: `Sudoku::generate()` (half-turn symmetry);
//! * `sudoku/generate_from`: `Sudoku::generate_from(Sudoku::generate_solved())`
//!   (no symmetry).
//!
//! Before the timing, the average clue count of 2,000 puzzles of each route is
//! printed, since fewer clues cost more work.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use sudoku::Sudoku;
use sudoku_gen::{Generator, Request, Symmetry, Tally, rng_for};

fn ours(symmetry: Symmetry) -> Generator {
    Generator::new(Request {
        symmetry,
        minimal: symmetry == Symmetry::None,
        ..Request::default()
    })
    .expect("valid request")
}

fn clues(s: &Sudoku) -> usize {
    s.to_bytes().iter().filter(|&&b| b != 0).count()
}

fn average_clues() {
    let n = 2000u64;
    for (name, symmetry) in [
        ("ours/none", Symmetry::None),
        ("ours/rot180", Symmetry::Rot180),
    ] {
        let g = ours(symmetry);
        let mut total = 0usize;
        let mut tally = Tally::default();
        for i in 0..n {
            if let Some(p) = g.generate(&mut rng_for(1, i), &mut tally, &|| false) {
                total += p.puzzle.filled();
            }
        }
        eprintln!(
            "{name}: {:.2} clues on average over {n}",
            total as f64 / n as f64
        );
    }
    let total: usize = (0..n).map(|_| clues(&Sudoku::generate())).sum();
    eprintln!(
        "sudoku/generate: {:.2} clues on average over {n}",
        total as f64 / n as f64
    );
    let total: usize = (0..n)
        .map(|_| clues(&Sudoku::generate_from(Sudoku::generate_solved())))
        .sum();
    eprintln!(
        "sudoku/generate_from: {:.2} clues on average over {n}",
        total as f64 / n as f64
    );
}

fn bench(c: &mut Criterion) {
    average_clues();
    let mut group = c.benchmark_group("minimal-unique");
    for (name, symmetry) in [
        ("ours/none", Symmetry::None),
        ("ours/rot180", Symmetry::Rot180),
    ] {
        let g = ours(symmetry);
        let mut i = 0u64;
        let mut tally = Tally::default();
        group.bench_function(name, |b| {
            b.iter(|| {
                i += 1;
                black_box(g.generate(&mut rng_for(7, i), &mut tally, &|| false))
            })
        });
    }
    group.bench_function("sudoku/generate", |b| {
        b.iter(|| black_box(Sudoku::generate()))
    });
    group.bench_function("sudoku/generate_from", |b| {
        b.iter(|| black_box(Sudoku::generate_from(Sudoku::generate_solved())))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
