//! Side-by-side timing of the canonical (minlex) form: the column-class search of
//! `canonical_form` against the old enumeration of column orders
//! (`benches/old/canonical.rs`, the reference), in one run.
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
//! Before the timing every grid is put through both functions once and the run
//! stops if the canonical grids differ or a transform does not reach its form.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sudoku_core::{Grid, Transform, canonical_form};

#[path = "old/canonical.rs"]
mod reference;

use reference::reference_canonical_form;

/// A canonical-form function under test.
type Canonical = fn(&Grid) -> (Grid, Transform);

/// The first `n` grids of a file; `path` is relative to this crate.
fn load(path: &str, n: usize) -> Vec<Grid> {
    let path = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| l.len() >= 81)
        .take(n)
        .map(|l| {
            l[..81]
                .parse()
                .unwrap_or_else(|e| panic!("{path}: {l}: {e}"))
        })
        .collect()
}

fn sets() -> Vec<(&'static str, Vec<Grid>)> {
    vec![
        ("17-clue", load("../../../shared/data/17-clue.txt", 2000)),
        ("top1465", load("../../../shared/data/top1465.txt", 1000)),
        ("solutions", load("benches/data/solutions-200.txt", 200)),
    ]
}

fn check(name: &str, grids: &[Grid]) {
    for g in grids {
        let (c, t) = canonical_form(g);
        assert_eq!(c, reference_canonical_form(g).0, "{name}: {g:?}");
        assert_eq!(t.apply(g), c, "{name}: {g:?}");
    }
    eprintln!("{name}: {} grids, same forms as the reference", grids.len());
}

fn bench(c: &mut Criterion) {
    for (name, grids) in sets() {
        check(name, &grids);
        let mut group = c.benchmark_group(format!("canonical/{name}"));
        group.sample_size(10);
        group.throughput(Throughput::Elements(grids.len() as u64));
        let functions: [(&str, Canonical); 2] = [
            ("reference", reference_canonical_form),
            ("classes", canonical_form),
        ];
        for (label, f) in functions {
            group.bench_function(label, |b| {
                b.iter(|| {
                    for g in &grids {
                        black_box(f(black_box(g)));
                    }
                })
            });
        }
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
