//! `sudoku gen`: new puzzles of a requested variant, clue count, symmetry and
//! difficulty, one line (or rating row) per puzzle.
//!
//! The generator is `sudoku-gen`'s; this module turns the options into a
//! [`Request`] (refusing impossible ones before any work), runs puzzle *i* with
//! its own random stream derived from `--seed` and *i* on the worker threads, and
//! writes the puzzles in order. Since puzzle *i* depends on nothing else,
//! `--first-line` can write any stretch of a seed's sequence on its own (a
//! cluster's ranges, `scripts/spark/`). TSV and JSON rows are `sudoku rate`'s rows, so
//! generated puzzles can be compared with rated ones column by column. A
//! `--timeout` ends a run that cannot finish, with a report of how far it got.
//! `--se` from 9.5 up and `--from FILE` go to the neighbourhood search of
//! `hard` (`gen/hard.rs`), which explores the puzzles one or two clue
//! changes from hard seeds. `--raw METHOD` writes *unchecked* puzzles of the naive methods of a 2018
//! student project instead (its generator experiments, repeated by
//! `scripts/experiments/seed003.sh` with `sudoku count`).

#[path = "gen/hard.rs"]
mod hard;

pub use hard::HardStop;

use crate::batch;
use crate::messages::{Msg, Threads};
use crate::print::{self, PdfArgs};
use crate::rate::{self, RateRow};
use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use sudoku_core::{Notation, Variant};
use sudoku_gen::{
    Band, Generated, Generator, Level, RawMethod, Request, Symmetry, Tally, raw_puzzle, rng_for,
};
use sudoku_logic::Technique;
use sudoku_rate::{Assessment, HodokuLevel, RateOptions};

/// Output formats of `gen`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The puzzle as 81 characters (`.` for blanks) (the default).
    #[default]
    Line,
    /// `sudoku rate`'s TSV rows (with a header line).
    Tsv,
    /// `sudoku rate`'s JSON lines.
    Json,
}

/// The naive methods of `--raw` (seed 003's Tests 1 to 5).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum RawArg {
    /// Test 1: random cells emptied in a random solution grid.
    Remove,
    /// Test 2: random digits in random cells of an empty grid, no rule.
    Add,
    /// Test 3: as add, the first eight clues eight different digits.
    AddDistinct,
    /// Test 4: as add-distinct, no clue clashing with another (start over
    /// when the next cell has no digit left).
    AddConsistent,
    /// Test 5: as remove, but never the last clue of an unavoidable rectangle.
    RemoveUnavoidable,
}

impl RawArg {
    fn method(self) -> RawMethod {
        match self {
            RawArg::Remove => RawMethod::Remove,
            RawArg::Add => RawMethod::Add,
            RawArg::AddDistinct => RawMethod::AddDistinct,
            RawArg::AddConsistent => RawMethod::AddConsistent,
            RawArg::RemoveUnavoidable => RawMethod::RemoveUnavoidable,
        }
    }
}

/// Arguments of `sudoku gen`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Generate unique puzzles of a requested difficulty, clue count and symmetry",
    long_about = "Generate unique puzzles of a requested difficulty, clue count and symmetry.\n\n\
Every puzzle has exactly one solution (checked by the exact solver before it is \
written). Difficulty options are checked by rating each puzzle the way `sudoku \
rate` does; only puzzles inside the requested band are written. The same --seed \
gives the same puzzles, whatever --jobs.",
    after_long_help = "\
LEVELS (--level):
  very-easy  hidden singles only, under 10 points (many clues)
  easy       hidden singles (and full houses) only, 10 points or more
  medium     a naked single is needed, nothing harder
  hard       eliminations are needed (fair: no guessing)
  very-hard  trial and error is needed

OTHER SCALES:
  --points MIN..MAX      the diagonal solver's total points (`points` in rate)
  --se MIN..MAX          Sudoku Explainer rating estimate (`se`), e.g. 7.0..
  --hodoku-level L       Easy, Medium, Hard, Unfair or Extreme
  --require TECHNIQUE    the easiest path must use it (repeat or comma-separate;
                         names as in `rate`'s techniques column, e.g. x-wing,
                         xy-chain, skyscraper)
  --techniques LIST, --without LIST
                         only puzzles our walk solves with these techniques,
                         in this order (as HoDoKu's generator with its solver
                         settings), e.g. --without forcing,trial
  Ranges are MIN..MAX, MIN.. or ..MAX; a single number means exactly that.

THE TOP OF THE SCALE (--se 9.5.. and up, or --from FILE):
  Random grids give SE 9.1 at most. From 9.5 up (and always with --from) gen
  searches the neighbourhood of hard seeds instead, as the forum's lists of
  the hardest puzzles were made: it changes one given ({-1+1}: one given out,
  one clue in) or two ({-2+2}), keeps the results that are unique and
  minimal, screens them cheaply (where basic techniques stall, does a low
  chaining level already crack the position?), rates the rest exactly as
  Sudoku Explainer's serate rates the puzzle as given, and makes every
  neighbour rated near the band a seed in turn. Only new puzzles are written:
  none isomorphic to a seed of the input or to an earlier puzzle.
  --from FILE       seeds: one puzzle per line (unique, standard); without it
                    16 built-in puzzles of the forum's hardest list of 2011
                    (SE 11.0-11.8)
  --no-screen       rate every neighbour exactly (for measuring the screen)
  Not combined with --variant, --level, --points, --hodoku-level, --clues,
  --symmetry, --require, --techniques, --without, --first-line. Progress goes
  to stderr (a bar on a terminal, else a line a minute); Ctrl-C stops the run
  with a report, like --timeout.

CLUES AND SYMMETRY:
  --clues N or MIN..MAX   standard puzzles need at least 17; low counts take
                          longer (median about 3 ms for 22 clues, 20 ms for 21;
                          0.2 s for 20; from 19 down a walk between grids:
                          a few s for 19, 25-50 s for 18; a 17 needs one of
                          the rare grids that have one and is not expected
                          within --timeout); the variants' minimal puzzles
                          have about 18 (diagonal, color) or 15
                          (color-diagonal) clues; the walk reaches diagonal 13
                          and color 12 in one to two minutes each, diagonal
                          12 and color 11 (the lowest known) only by luck
  --symmetry S            none, rot180, rot90, mirror, flip, mirror-both,
                          diagonal, anti-diagonal, both-diagonals, full
  --minimal               every given is necessary (removing any one breaks
                          uniqueness)

UNCHECKED PUZZLES (--raw, with --clues; no uniqueness check, for experiments):
  remove              random cells emptied in a random solution grid
  add                 random digits in random cells, no rule (clues may clash)
  add-distinct        add, the first eight clues eight different digits
  add-consistent      add-distinct, no clue clashing with another; starts over
                      when the next cell has no digit left (slow above ~60)
  remove-unavoidable  remove, never emptying an unavoidable rectangle (4-cell
                      unavoidable set) completely
  A clue range draws each puzzle's count uniformly. `sudoku count --limit 2`
  then tells none (0), one (1) and several (2) solutions, `invalid` for
  clashing clues; scripts/experiments/seed003.sh tabulates them.

OUTPUT (--format):
  line  the puzzle, 81 characters, `.` for blanks
  tsv   `sudoku rate`'s columns (see `sudoku help rate`), with a header
  json  `sudoku rate`'s JSON lines
  With --pdf FILE the puzzles are also printed to a PDF (see `sudoku help print`).

EXIT STATUS:
  0  every puzzle was generated
  1  --timeout ended the run early (the puzzles found are written, a report
     says how far it got)
  2  usage error or impossible request (e.g. --clues 10, --level easy
     --require xy-chain, a range whose MIN is above MAX)

EXAMPLES:
  sudoku gen --count 10 --level hard --seed 1
  sudoku gen --clues 22 --symmetry rot180 --format tsv
  sudoku gen --se 7.0.. --count 4 --pdf hard.pdf --solutions
  sudoku gen --variant diagonal --minimal --require x-wing
  sudoku gen --se 10.0.. -n 2 --timeout 900
  sudoku gen --se 11.0.. --from hardest.txt --timeout 1800
  sudoku gen --raw remove --clues 30 --count 500 | sudoku count --limit 2 -"
)]
pub struct Args {
    /// The Sudoku variant: standard, diagonal (alias x), color (alias dg) or
    /// color-diagonal.
    #[arg(
        long,
        value_name = "V",
        default_value = "standard",
        value_parser = batch::variant_parser(),
        hide_possible_values = true
    )]
    pub variant: Variant,

    /// How many puzzles.
    #[arg(long, short = 'n', default_value_t = 1, value_name = "N")]
    pub count: u64,

    /// Trainer level: very-easy, easy, medium, hard or very-hard.
    #[arg(long, value_name = "L")]
    pub level: Option<Level>,

    /// Band of the diagonal solver's points, MIN..MAX.
    #[arg(long, value_name = "RANGE")]
    pub points: Option<Band>,

    /// Band of the Sudoku Explainer rating, MIN..MAX.
    #[arg(long, value_name = "RANGE")]
    pub se: Option<Band>,

    /// HoDoKu level: Easy, Medium, Hard, Unfair or Extreme.
    #[arg(long, value_name = "L")]
    pub hodoku_level: Option<HodokuLevel>,

    /// Number of clues, N or MIN..MAX.
    #[arg(long, value_name = "N|MIN..MAX", value_parser = parse_clues)]
    pub clues: Option<(usize, usize)>,

    /// Symmetry of the clue pattern.
    #[arg(long, value_name = "S", default_value = "none")]
    pub symmetry: Symmetry,

    /// Every given is necessary.
    #[arg(long)]
    pub minimal: bool,

    /// Techniques the easiest solving path must use.
    #[arg(long, value_name = "TECHNIQUE", value_delimiter = ',')]
    pub require: Vec<Technique>,

    /// Seed of the random choices [default: drawn at random].
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,

    /// Write puzzles N to N + count - 1 of the seed's sequence (needs --seed).
    ///
    /// Puzzle number i depends only on --seed and i, so `--first-line N --count C`
    /// writes exactly lines N to N + C - 1 of `--count (N + C - 1)` with the
    /// same seed and options, numbered as there (the `line` of tsv and json);
    /// with N > 1 the TSV header is left out, so pieces generated apart (a
    /// cluster's partitions) concatenate to the whole run's output.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = batch::parse_first_line
    )]
    pub first_line: usize,

    /// Worker threads [default: the number of cores]. The output never depends
    /// on it.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

    #[command(flatten)]
    pub output: crate::output::FormatArg<Format>,

    /// Give up after this many seconds (0: never) and report how far the run got.
    #[arg(long, value_name = "SECS", default_value_t = 600.0)]
    pub timeout: f64,

    #[command(flatten)]
    pub pdf: PdfArgs,

    /// Search the neighbourhood of the puzzles in FILE (one per line) for
    /// puzzles in the --se band (see below).
    #[arg(long, value_name = "FILE", requires = "se")]
    pub from: Option<std::path::PathBuf>,

    /// With the neighbourhood search: rate every neighbour exactly, without
    /// the cheap screen first.
    #[arg(long)]
    pub no_screen: bool,

    #[command(flatten)]
    pub choice: crate::choice::TechniqueArgs,

    /// Write unchecked puzzles made by a naive method (no uniqueness check;
    /// needs --clues): remove, add, add-distinct, add-consistent or
    /// remove-unavoidable (see below).
    #[arg(
        long,
        value_enum,
        value_name = "METHOD",
        requires = "clues",
        hide_possible_values = true,
        conflicts_with_all = ["level", "points", "se", "hodoku_level", "minimal", "require", "symmetry", "pdf", "techniques", "without", "from", "no_screen"]
    )]
    pub raw: Option<RawArg>,
}

/// `N` or `MIN..MAX` (inclusive), as clue counts.
fn parse_clues(s: &str) -> Result<(usize, usize), String> {
    let num = |t: &str| {
        t.trim()
            .parse::<usize>()
            .map_err(|_| format!("'{}' is not a clue count", t.trim()))
    };
    match s.split_once("..") {
        Some((a, b)) => {
            let lo = if a.trim().is_empty() { 0 } else { num(a)? };
            let b = b.trim_start_matches('=');
            let hi = if b.trim().is_empty() { 80 } else { num(b)? };
            Ok((lo, hi))
        }
        None => {
            let n = num(s)?;
            Ok((n, n))
        }
    }
}

impl Args {
    fn request(&self) -> Request {
        Request {
            variant: self.variant,
            symmetry: self.symmetry,
            clues: self.clues,
            minimal: self.minimal,
            level: self.level,
            points: self.points,
            se: self.se,
            hodoku: self.hodoku_level,
            require: self.require.clone(),
            selection: self.choice.chosen(),
        }
    }
}

/// A fresh seed when none is given: the clock mixed with the process id.
fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ u64::from(std::process::id()).rotate_left(32)
}

/// Runs `sudoku gen`; true when every puzzle was generated.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    if let Some(raw) = args.raw {
        return run_raw(args, raw.method());
    }
    if hard::wanted(args) {
        return hard::run(args);
    }
    let generator = Generator::new(args.request()).context(Msg::ImpossibleRequest {})?;
    if !(args.timeout >= 0.0 && args.timeout.is_finite()) {
        bail!(Msg::BadTimeout {});
    }
    let pdf_layout = args.pdf.layout()?.map(|mut layout| {
        layout.variant = args.variant;
        if args.pdf.heading == print::DEFAULT_HEADING {
            layout.heading = format!(
                "{} - {}",
                print::DEFAULT_HEADING,
                generator.request().describe()
            );
        }
        layout
    });
    if args.first_line > 1 && args.seed.is_none() {
        bail!(Msg::FirstLineNeedsSeed {
            line: args.first_line
        });
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    // Puzzle i (0-based) is written as line i + 1.
    let first = args.first_line as u64 - 1;
    let Some(last) = first.checked_add(args.count) else {
        bail!(Msg::FirstLineTooLarge {});
    };
    let (jobs, pool) = workers(args)?;
    let start = Instant::now();
    let deadline = deadline(args, start);
    let progress = Progress::new(args.count);
    let attempts = AtomicU64::new(0);
    let stop = || deadline.is_some_and(|d| Instant::now() >= d);

    let mut out = io::BufWriter::new(io::stdout().lock());
    // A run from a later line continues one whose header is already written.
    if args.output.get() == Format::Tsv && first == 0 {
        rate::tsv_header(&mut out, rate::Layout::FULL)?;
    }
    let mut tally = Tally::default();
    let mut written = 0u64;
    let mut sheets = Vec::new();
    let chunk = (jobs as u64 * 4).max(1);
    let mut next = first;
    let mut timed_out = false;
    while next < last && !timed_out {
        let end = (next + chunk).min(last);
        let results: Vec<(Option<Generated>, Tally)> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| {
                    let mut t = Tally::default();
                    let mut rng = rng_for(seed, i);
                    let g = generator.generate(&mut rng, &mut t, &|| {
                        attempts.fetch_add(1, Ordering::Relaxed);
                        progress.tick(attempts.load(Ordering::Relaxed));
                        stop()
                    });
                    if g.is_some() {
                        progress.found();
                    }
                    (g, t)
                })
                .collect()
        });
        for (i, (g, t)) in (next..end).zip(results) {
            tally += t;
            let Some(g) = g else {
                timed_out = true;
                continue;
            };
            written += 1;
            progress.suspend(|| write_puzzle(&mut out, args, i, &g))?;
            if pdf_layout.is_some() {
                sheets.push(print::sheet(
                    &g.puzzle,
                    Some(g.solution),
                    &title(args, &g, i),
                ));
            }
        }
        progress.suspend(|| out.flush())?;
        next = end;
    }
    progress.finish();
    out.flush()?;
    if let (Some(layout), Some(path)) = (pdf_layout, &args.pdf.pdf) {
        print::write_pdf(path, &sheets, &layout)?;
    }
    if timed_out {
        let report = Msg::GenStopped {
            secs: start.elapsed().as_secs_f64(),
            written,
            count: args.count,
            request: generator.request().describe_in(crate::messages::lang()),
            tally,
            rated: generator.request().needs_rating(),
            seed,
        };
        let _ = writeln!(io::stderr(), "{report}");
    }
    Ok(!timed_out)
}

/// The worker count of `--jobs` and a pool of that many threads.
fn workers(args: &Args) -> anyhow::Result<(usize, rayon::ThreadPool)> {
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        usize::from,
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .context(Msg::NoThreads {
            what: Threads::Workers,
        })?;
    Ok((jobs, pool))
}

/// When `--timeout` ends a run started at `start` (a timeout too large to
/// represent means no deadline at all).
fn deadline(args: &Args, start: Instant) -> Option<Instant> {
    (args.timeout > 0.0)
        .then(|| Duration::try_from_secs_f64(args.timeout).ok())
        .flatten()
        .and_then(|d| start.checked_add(d))
}

/// `gen --raw`: puzzle *i* made by `method` from its own random stream, its
/// clue count drawn from the `--clues` range; nothing is checked, so a line
/// may have clashing clues, no solution or many.
fn run_raw(args: &Args, method: RawMethod) -> anyhow::Result<bool> {
    if !(args.timeout >= 0.0 && args.timeout.is_finite()) {
        bail!(Msg::BadTimeout {});
    }
    if args.first_line > 1 && args.seed.is_none() {
        bail!(Msg::FirstLineNeedsSeed {
            line: args.first_line
        });
    }
    let (lo, hi) = args.clues.unwrap_or((81, 81));
    let (lo, hi) = (lo.min(81), hi.min(81));
    if lo > hi {
        bail!(Msg::ImpossibleRequest {});
    }
    let seed = args.seed.unwrap_or_else(random_seed);
    let first = args.first_line as u64 - 1;
    let Some(last) = first.checked_add(args.count) else {
        bail!(Msg::FirstLineTooLarge {});
    };
    let (jobs, pool) = workers(args)?;
    let start = Instant::now();
    let deadline = deadline(args, start);
    let attempts = AtomicU64::new(0);
    let stop = || {
        attempts.fetch_add(1, Ordering::Relaxed);
        deadline.is_some_and(|d| Instant::now() >= d)
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    if args.output.get() == Format::Tsv && first == 0 {
        rate::tsv_header(&mut out, rate::Layout::FULL)?;
    }
    let chunk = (jobs as u64 * 64).max(1);
    let (mut next, mut written, mut timed_out) = (first, 0u64, false);
    while next < last && !timed_out {
        let end = (next + chunk).min(last);
        let puzzles: Vec<Option<sudoku_core::Grid>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map(|i| {
                    let mut rng = rng_for(seed, i);
                    raw_puzzle(method, args.variant, (lo, hi), &mut rng, &stop)
                })
                .collect()
        });
        for (i, p) in (next..end).zip(puzzles) {
            let Some(puzzle) = p else {
                timed_out = true;
                continue;
            };
            written += 1;
            write_raw(&mut out, args, i, &puzzle)?;
        }
        out.flush()?;
        next = end;
    }
    if timed_out {
        let clues = if lo == hi {
            format!("{lo}")
        } else {
            format!("{lo}..{hi}")
        };
        let report = Msg::RawStopped {
            secs: start.elapsed().as_secs_f64(),
            written,
            count: args.count,
            request: format!("{}, {clues}, --raw {}", args.variant.name(), method.name()),
            attempts: attempts.load(Ordering::Relaxed),
            seed,
        };
        let _ = writeln!(io::stderr(), "{report}");
    }
    Ok(!timed_out)
}

/// One raw puzzle as a line, or as `rate`'s row (status `invalid`, `none`,
/// `multiple` or `unique` with its rating).
fn write_raw(
    out: &mut dyn Write,
    args: &Args,
    i: u64,
    puzzle: &sudoku_core::Grid,
) -> io::Result<()> {
    let text = puzzle.to_line(Notation::Digits, '.');
    if args.output.get() == Format::Line {
        return writeln!(out, "{text}");
    }
    let row = RateRow {
        source: Arc::from("gen"),
        line: usize::try_from(i + 1).unwrap_or(usize::MAX),
        puzzle: text,
        variant: args.variant,
        result: sudoku_rate::rate(puzzle, args.variant, &RateOptions::default())
            .map_err(|e| e.to_string()),
        predicted: None,
        variants100: None,
    };
    match args.output.get() {
        Format::Tsv => rate::tsv_row(out, &row, rate::Layout::FULL),
        _ => rate::json_row(out, &row, rate::Layout::FULL),
    }
}

/// The PDF title of puzzle `i`: its level (as asked, or as rated) and id.
fn title(args: &Args, g: &Generated, i: u64) -> String {
    let level = args
        .level
        .map(|l| l.name().to_string())
        .or_else(|| {
            g.assessment
                .as_ref()
                .and_then(Assessment::trainer_level)
                .map(|l| l.name().to_string())
        })
        .or_else(|| {
            sudoku_trainer::level(&g.puzzle, args.variant)
                .ok()
                .map(|l| l.name().to_string())
        })
        .unwrap_or_default();
    let id = match args.seed {
        Some(seed) => format!("#{} (seed {seed})", i + 1),
        None => format!("#{}", i + 1),
    };
    print::title_line(args.variant, &level, &id, g.puzzle.filled())
}

fn write_puzzle(out: &mut dyn Write, args: &Args, i: u64, g: &Generated) -> io::Result<()> {
    let text = g.puzzle.to_line(Notation::Digits, '.');
    if args.output.get() == Format::Line {
        return writeln!(out, "{text}");
    }
    let assessment = match &g.assessment {
        Some(a) => Ok(a.clone()),
        None => sudoku_rate::rate(&g.puzzle, args.variant, &RateOptions::default())
            .map_err(|e| e.to_string()),
    };
    let row = RateRow {
        source: Arc::from("gen"),
        line: usize::try_from(i + 1).unwrap_or(usize::MAX),
        puzzle: text,
        variant: args.variant,
        result: assessment,
        predicted: None,
        variants100: None,
    };
    match args.output.get() {
        Format::Tsv => rate::tsv_row(out, &row, rate::Layout::FULL),
        _ => rate::json_row(out, &row, rate::Layout::FULL),
    }
}

/// A progress bar on stderr when it is a terminal: puzzles found of the count,
/// and the attempts behind them (so a slow request visibly works).
struct Progress {
    bar: Option<ProgressBar>,
}

/// The bar of puzzles written out of `count` on stderr, when stderr is a
/// terminal (both `gen`'s searches draw it).
fn puzzles_bar(count: u64) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::with_draw_target(Some(count), ProgressDrawTarget::stderr());
    if let Ok(style) =
        ProgressStyle::with_template("{bar:30} {pos}/{len} puzzles {msg} ({elapsed})")
    {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    Some(bar)
}

impl Progress {
    fn new(count: u64) -> Progress {
        Progress {
            bar: puzzles_bar(count),
        }
    }

    fn tick(&self, attempts: u64) {
        if let Some(bar) = &self.bar
            && attempts.is_multiple_of(64)
        {
            bar.set_message(format!("{attempts} steps (grids and walk moves)"));
        }
    }

    fn found(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_ranges() {
        assert_eq!(parse_clues("22"), Ok((22, 22)));
        assert_eq!(parse_clues("20..25"), Ok((20, 25)));
        assert_eq!(parse_clues("..25"), Ok((0, 25)));
        assert_eq!(parse_clues("30.."), Ok((30, 80)));
        assert!(parse_clues("x").is_err());
    }
}
