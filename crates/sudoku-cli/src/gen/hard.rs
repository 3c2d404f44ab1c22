//! `sudoku gen --from FILE` and `gen --se` from 9.5 up: puzzles at the top of
//! Sudoku Explainer's scale by neighbourhood search around hard seeds
//! ([`sudoku_gen::HardSearch`]), where drawing fresh grids stalls at 9.1.
//!
//! The seeds are the puzzles of `--from` (every line checked before any
//! work: a line that is no puzzle, clashes or is not unique is an error
//! naming the file and line) or the built-in ones. Rounds of 32 neighbours
//! are rated on the worker threads and taken in order, so a `--seed` gives
//! the same puzzles whatever `--jobs`. A find is written (and flushed) the
//! moment its round is taken. `--timeout` and Ctrl-C end the run between
//! rating steps; the report on stderr says how far it got. Progress goes to
//! stderr: a bar on a terminal, else a line a minute.

use super::{Args, puzzles_bar, random_seed, workers, write_puzzle};
use crate::messages::{self, Msg};
use crate::print;
use anyhow::{Context, bail};
use indicatif::ProgressBar;
use rayon::prelude::*;
use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use sudoku_core::interrupt::{Interrupt, within};
use sudoku_core::{PuzzleReader, Variant};
use sudoku_gen::{Band, Generated, HardSearch, Seed, Symmetry, Verdict, rng_for};

/// `--se` bands from this floor up go to the neighbourhood search: random
/// grids made no puzzle rated 9.3 or more in 150 s.
pub const HARD_FLOOR: f64 = 9.5;

/// Neighbours rated per round (fixed, so the output does not depend on the
/// number of threads).
const ROUND: usize = 32;

/// How often a progress line is written when stderr is not a terminal.
const PROGRESS_EVERY: Duration = Duration::from_secs(60);

/// Why a neighbourhood search ended before it had every puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HardStop {
    /// `--timeout` passed.
    Timeout,
    /// Ctrl-C (SIGINT).
    Interrupted,
    /// Every seed's neighbourhood was searched.
    Exhausted,
}

impl HardStop {
    /// The reason in English.
    pub fn en(self) -> &'static str {
        match self {
            HardStop::Timeout => "stopped by --timeout",
            HardStop::Interrupted => "stopped by Ctrl-C",
            HardStop::Exhausted => "every neighbourhood searched",
        }
    }

    /// The reason in German.
    pub fn de(self) -> &'static str {
        match self {
            HardStop::Timeout => "durch --timeout beendet",
            HardStop::Interrupted => "durch Strg-C beendet",
            HardStop::Exhausted => "alle Nachbarschaften durchsucht",
        }
    }
}

/// Whether `args` ask for the neighbourhood search.
pub fn wanted(args: &Args) -> bool {
    args.from.is_some()
        || args
            .se
            .is_some_and(|b| b.min.is_some_and(|m| m >= HARD_FLOOR))
}

/// The first option of `args` the search cannot honour.
fn unsupported(args: &Args) -> Option<String> {
    let options = [
        (args.variant != Variant::Standard, "--variant"),
        (args.level.is_some(), "--level"),
        (args.points.is_some(), "--points"),
        (args.hodoku_level.is_some(), "--hodoku-level"),
        (args.clues.is_some(), "--clues"),
        (args.symmetry != Symmetry::None, "--symmetry"),
        (!args.require.is_empty(), "--require"),
        (args.choice.techniques.is_some(), "--techniques"),
        (args.choice.without.is_some(), "--without"),
        (args.first_line > 1, "--first-line"),
    ];
    options
        .into_iter()
        .find(|(given, _)| *given)
        .map(|(_, name)| name.to_string())
}

/// Runs the neighbourhood search; true when every puzzle was found.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    if let Some(option) = unsupported(args) {
        bail!(Msg::HardOption { option });
    }
    if !(args.timeout >= 0.0 && args.timeout.is_finite()) {
        bail!(Msg::BadTimeout {});
    }
    let band = args.se.unwrap_or(Band {
        min: Some(HARD_FLOOR),
        max: None,
    });
    let start = Instant::now();
    let interrupt = Interrupt::new(super::deadline(args, start));
    let interrupted = Arc::new(AtomicBool::new(false));
    watch_ctrl_c(&interrupt, &interrupted);
    let (_, pool) = workers(args)?;
    let inputs = match &args.from {
        Some(path) => read_seeds(path, &pool)?,
        None => sudoku_gen::builtin_seeds(),
    };
    let seed = args.seed.unwrap_or_else(random_seed);
    let mut search = HardSearch::new(band, inputs, !args.no_screen, true, rng_for(seed, 0));

    let pdf_layout = args.pdf.layout()?.map(|mut layout| {
        if args.pdf.heading == print::DEFAULT_HEADING {
            layout.heading = format!("{} - SE {band}", print::DEFAULT_HEADING);
        }
        layout
    });
    let mut sheets = Vec::new();
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.output.get() == super::Format::Tsv {
        crate::rate::tsv_header(&mut out, crate::rate::Layout::FULL)?;
    }
    let progress = Progress::new(args.count);
    let mut written = 0u64;
    let stop = loop {
        if written >= args.count {
            break None;
        }
        if interrupt.fired() {
            break Some(if interrupted.load(Ordering::Relaxed) {
                HardStop::Interrupted
            } else {
                HardStop::Timeout
            });
        }
        let round = search.candidates(ROUND);
        if round.is_empty() {
            break Some(HardStop::Exhausted);
        }
        let verdicts: Vec<Option<Verdict>> = pool.install(|| {
            round
                .par_iter()
                .map(|p| within(&interrupt, || search.evaluate(p)).ok())
                .collect()
        });
        for (puzzle, verdict) in round.iter().zip(verdicts) {
            let Some(verdict) = verdict else {
                continue;
            };
            if !search.record(puzzle, &verdict) || written >= args.count {
                continue;
            }
            let Some(solution) = sudoku_solve::solve(puzzle, Variant::Standard) else {
                continue;
            };
            let g = Generated {
                puzzle: *puzzle,
                solution,
                assessment: None,
            };
            progress.suspend(|| write_puzzle(&mut out, args, written, &g))?;
            progress.suspend(|| out.flush())?;
            if pdf_layout.is_some() {
                sheets.push(print::sheet(
                    puzzle,
                    Some(solution),
                    &super::title(args, &g, written),
                ));
            }
            written += 1;
        }
        progress.update(start, written, args.count, search.stats());
    };
    progress.finish();
    out.flush()?;
    if let (Some(layout), Some(path)) = (pdf_layout, &args.pdf.pdf) {
        print::write_pdf(path, &sheets, &layout)?;
    }
    let Some(why) = stop else {
        return Ok(true);
    };
    let report = Msg::HardStopped {
        secs: start.elapsed().as_secs_f64(),
        written,
        count: args.count,
        band: band.to_string(),
        why,
        stats: *search.stats(),
        seed,
    };
    let _ = writeln!(io::stderr(), "{report}");
    Ok(false)
}

/// Cancels `interrupt` on the first Ctrl-C (the run then ends cleanly, with
/// its report); a second one ends the process at once.
fn watch_ctrl_c(interrupt: &Interrupt, interrupted: &Arc<AtomicBool>) {
    let interrupt = interrupt.clone();
    let interrupted = Arc::clone(interrupted);
    // Without a watcher Ctrl-C still ends the run, only without the report.
    let _ = std::thread::Builder::new()
        .name("ctrl-c".into())
        .spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async {
                if tokio::signal::ctrl_c().await.is_err() {
                    return;
                }
                interrupted.store(true, Ordering::Relaxed);
                interrupt.cancel();
                if tokio::signal::ctrl_c().await.is_ok() {
                    std::process::exit(130);
                }
            });
        });
}

/// The puzzles of `--from`: every line a unique standard puzzle, with its
/// canonical form (checked on the worker threads). The first bad line, in
/// file order, is the error.
fn read_seeds(path: &Path, pool: &rayon::ThreadPool) -> anyhow::Result<Vec<Seed>> {
    let name = path.display().to_string();
    if path.is_dir() {
        bail!(Msg::IsDirectory { path: name });
    }
    let file = File::open(path).with_context(|| Msg::CannotOpen { path: name.clone() })?;
    let mut lines = Vec::new();
    for item in PuzzleReader::new(BufReader::new(file)) {
        let item = item.with_context(|| Msg::CannotRead { path: name.clone() })?;
        match item.result {
            Ok(parsed) => lines.push((item.line, parsed.grid)),
            Err(e) => bail!(
                "{}: {}",
                Msg::InputLine {
                    name,
                    line: item.line
                },
                messages::parse_error(&e)
            ),
        }
    }
    if lines.is_empty() {
        bail!(Msg::NoPuzzle { name });
    }
    let checked: Vec<Result<Seed, (usize, String)>> = pool.install(|| {
        lines
            .par_iter()
            .map(|&(line, grid)| {
                if let Err(c) = grid.check(Variant::Standard) {
                    return Err((line, messages::conflict(&c).to_string()));
                }
                match sudoku_solve::uniqueness(&grid, Variant::Standard) {
                    sudoku_solve::Uniqueness::Unique(_) => Ok(Seed::new(grid, None)),
                    sudoku_solve::Uniqueness::Multiple(_) => {
                        Err((line, Msg::MoreThanOne {}.to_string()))
                    }
                    sudoku_solve::Uniqueness::None => Err((line, Msg::NoSolution {}.to_string())),
                }
            })
            .collect()
    });
    checked
        .into_iter()
        .map(|r| match r {
            Ok(seed) => Ok(seed),
            Err((line, problem)) => Err(anyhow::anyhow!(
                "{}: {problem}",
                Msg::InputLine {
                    name: name.clone(),
                    line
                }
            )),
        })
        .collect()
}

/// Progress on stderr: a bar on a terminal, else a line a minute.
struct Progress {
    bar: Option<ProgressBar>,
    last: std::cell::Cell<Instant>,
}

impl Progress {
    fn new(count: u64) -> Progress {
        Progress {
            bar: puzzles_bar(count),
            last: std::cell::Cell::new(Instant::now()),
        }
    }

    fn update(&self, start: Instant, written: u64, count: u64, stats: &sudoku_gen::HardStats) {
        match &self.bar {
            Some(bar) => {
                bar.set_position(written);
                bar.set_message(format!(
                    "{} rated of {} neighbours, best {:.1}",
                    stats.rated, stats.neighbours, stats.best
                ));
            }
            None => {
                if self.last.get().elapsed() >= PROGRESS_EVERY {
                    self.last.set(Instant::now());
                    let line = Msg::HardProgress {
                        secs: start.elapsed().as_secs_f64(),
                        written,
                        count,
                        stats: *stats,
                    };
                    let _ = writeln!(io::stderr(), "{line}");
                }
            }
        }
    }

    fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
