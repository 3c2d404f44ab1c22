//! Grids from the data files, read the same way by the canonical-form bench and
//! the canonical-form unit tests (both include this file with `#[path]`), so the
//! two measure and check the same puzzles. It names `Grid` through `super`, so the
//! including module must have it in scope.

use super::Grid;

/// Every `step`-th grid of a data file (`shared/data/NAME` beside the workspace,
/// or a file of this crate when `name` starts with `benches/`), skipping lines
/// shorter than a grid, at most `n`. Panics with the path on a missing file or a
/// line that is not a grid: the files are fixed inputs of a test or a bench.
pub fn sample(name: &str, step: usize, n: usize) -> Vec<Grid> {
    let path = if name.starts_with("benches/") {
        format!("{}/{name}", env!("CARGO_MANIFEST_DIR"))
    } else {
        format!("{}/../../../shared/data/{name}", env!("CARGO_MANIFEST_DIR"))
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| l.len() >= 81)
        .step_by(step)
        .take(n)
        .map(|l| {
            l[..81]
                .parse()
                .unwrap_or_else(|e| panic!("{path}: {l}: {e}"))
        })
        .collect()
}
