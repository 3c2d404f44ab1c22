//! Timing of the canonical (minlex) form, the column-class search of
//! `canonical_form`.
//!
//! ```text
//! cargo bench -p sudoku-core --bench canonical
//! ```
//!
//! Three sets, each timed as a whole per iteration (criterion reports the
//! throughput in grids per second):
//!
//! * `17-clue`: the first 2,000 puzzles of `shared/data/17-clue.txt` (the sparsest
//!   puzzles, with the most ties);
//! * `top1465`: the first 1,000 puzzles of `shared/data/top1465.txt`;
//! * `solutions`: 200 solution grids (`benches/data/solutions-200.txt`, answers of
//!   `sudoku solve` to puzzles of both files; sudoku-core cannot depend on the
//!   solver, so they are stored), made by
//!   `(awk 'NR%491==1' 17-clue.txt | head -100; awk 'NR%14==0' top1465.txt | head -100) | sudoku solve -j 1`.
//!
//! Before the timing every grid is put through the function once and the run
//! stops if a transform does not reach its form. The old search of all 1,296
//! column orders that `BENCHMARKS.md` compares with is no longer compiled in
//! (see there for the commit that has it).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sudoku_core::{Grid, canonical_form};

#[path = "support/sample.rs"]
mod sample;

fn sets() -> Vec<(&'static str, Vec<Grid>)> {
    vec![
        ("17-clue", sample::sample("17-clue.txt", 1, 2000)),
        ("top1465", sample::sample("top1465.txt", 1, 1000)),
        (
            "solutions",
            sample::sample("benches/data/solutions-200.txt", 1, 200),
        ),
    ]
}

fn check(name: &str, grids: &[Grid]) {
    for g in grids {
        let (c, t) = canonical_form(g);
        assert_eq!(t.apply(g), c, "{name}: {g:?}");
    }
    eprintln!(
        "{name}: {} grids, every transform reaches its form",
        grids.len()
    );
}

fn bench(c: &mut Criterion) {
    for (name, grids) in sets() {
        check(name, &grids);
        let mut group = c.benchmark_group(format!("canonical/{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(grids.len() as u64));
        group.bench_function("classes", |b| {
            b.iter(|| {
                for g in &grids {
                    black_box(canonical_form(black_box(g)));
                }
            })
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
