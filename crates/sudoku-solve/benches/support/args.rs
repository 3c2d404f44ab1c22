//! What the solver benches (`solvers`, `variants`) share: where the puzzle data
//! lives, the options both take (`--reps N`, `--data DIR`) and the µs per puzzle
//! they print. Each bench includes this file with `#[path]`, so a change to the
//! common options reaches both.

use std::path::{Path, PathBuf};
use std::time::Duration;

/// The options every solver bench takes.
pub struct Common {
    /// `--reps`: how many interleaved runs of each measurement (at least 1).
    pub reps: usize,
    /// `--data`: the folder of the shared puzzle files.
    pub data: PathBuf,
}

/// The `shared/data` folder beside the workspace, found from the crate's folder
/// upwards.
fn default_data_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .map(|a| a.join("shared").join("data"))
        .find(|p| p.is_dir())
        .unwrap_or_else(|| manifest.join("../../../shared/data"))
}

/// Reads the command line: `--reps N` (default 3) and `--data DIR`; every other
/// argument goes to `extra` with the rest of the line (to take a value from), and
/// what `extra` does not know is passed over (`cargo bench` adds `--bench`).
pub fn parse(mut extra: impl FnMut(&str, &mut dyn Iterator<Item = String>)) -> Common {
    let mut o = Common {
        reps: 3,
        data: default_data_dir(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--reps" => o.reps = args.next().and_then(|v| v.parse().ok()).unwrap_or(o.reps),
            "--data" => o.data = args.next().map(PathBuf::from).unwrap_or(o.data),
            other => extra(other, &mut args),
        }
    }
    o.reps = o.reps.max(1);
    o
}

/// `d` spread over `n` puzzles, in µs.
pub fn micros(d: Duration, n: usize) -> f64 {
    d.as_secs_f64() * 1e6 / n.max(1) as f64
}
