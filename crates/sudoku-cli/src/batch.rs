//! The batch machinery every puzzle-taking subcommand shares: where puzzles come
//! from, how they are mapped to output rows in parallel without losing their order,
//! how rows reach stdout, and the progress bar.
//!
//! It exists so that a subcommand is little more than two functions: "what
//! becomes of one puzzle" (run in parallel, must be `Sync`) and "how a result is
//! written" (run in input order on the main thread). [`run_rows`] adds what every
//! subcommand taking [`BatchArgs`] needs around them: `--jobs`, a header or blank
//! lines around the rows ([`Frame`]) and the exit status (whether every row was a
//! success); [`run`] does the rest:
//!
//! ```text
//!  reader thread                     main thread
//!  INPUT... → PuzzleReader ──chan──▶ gather a chunk (≤ CHUNK, never waits once it
//!  (streamed, constant memory)       has one) → par_iter map on a local pool →
//!                                    collect (keeps order) → write + flush, the
//!                                    previous chunk's while this one is mapped
//! ```
//!
//! `--first-line N` numbers the lines of every file and of stdin from N, so a
//! piece of a large file processed on its own (a range of a cluster job, see
//! `scripts/spark/`) names lines by their number in the whole file.
//!
//! The bounded channel keeps memory constant (at most about 3 × `CHUNK` puzzles are
//! alive), lets reading overlap with solving, and still answers an interactive user
//! typing one puzzle at a time without waiting for a full chunk.

use crate::messages::{self, Msg, Threads};
use crate::output::{Outcome, Row};
use anyhow::{Context, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::Duration;
use sudoku_core::{Grid, Notation, ParseError, Parsed, PuzzleReader, ReadItem, Variant};

/// The most puzzles mapped in one parallel step. Large enough that rayon's
/// per-chunk overhead vanishes, small enough that one slow puzzle does not hold
/// back much finished output and memory stays small.
const CHUNK: usize = 1024;

/// Show the progress bar once this many puzzles are done…
const SHOW_AFTER_PUZZLES: u64 = 5_000;
/// …or once the batch has run this long (a list of the hardest puzzles takes
/// seconds per puzzle)…
const SHOW_AFTER: Duration = Duration::from_secs(1);
/// …or from the start when the files to read are at least this big (≈ 12,000
/// one-line puzzles).
const SHOW_FROM_START_BYTES: u64 = 1 << 20;

/// The options every batch subcommand takes.
#[derive(clap::Args, Debug)]
pub struct BatchArgs {
    /// The Sudoku variant: standard, diagonal (alias x: both long diagonals),
    /// color (alias dg: disjoint groups) or color-diagonal.
    #[arg(
        long,
        value_name = "V",
        default_value = "standard",
        value_parser = variant_parser(),
        hide_possible_values = true
    )]
    pub variant: Variant,

    /// Worker threads [default: the number of cores].
    ///
    /// `--jobs 1` works on the main thread without a thread pool. The output and
    /// its order never depend on it.
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,

    /// Number the lines of each file and of stdin from N instead of 1.
    ///
    /// For a piece of a larger file processed on its own (a partition of a
    /// cluster job): with the piece's first line number as N, every line number
    /// in the output and in error messages is the line's number in the whole
    /// file. N > 1 also means that the output continues the output of the lines
    /// before: no TSV header, and the separator of `--format grid` or of
    /// `explain`'s text comes before the first puzzle too, so the pieces'
    /// outputs concatenate to the whole file's. Puzzle strings given as
    /// arguments are not numbered.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        value_parser = parse_first_line
    )]
    pub first_line: usize,

    /// Puzzle strings, files of puzzles, or `-` for standard input (the default).
    ///
    /// A puzzle string has 81 cells: 1-9 or A-I are digits, 0 . - _ * are blanks.
    /// A file holds one puzzle per line (text after the first field is ignored) or
    /// 9×9 blocks; `#` comments and blank lines are skipped. Any INPUT that is not
    /// `-` and not an existing file is taken as a puzzle string. Other programs'
    /// formats are read too: candidate grids (framed as HoDoKu, Sudoku Explainer
    /// or SudokuWiki print them, or frameless; the placed digits are the puzzle),
    /// HoDoKu library lines (`:0000:x:<cells>:<deleted>:::`), cells with `+`
    /// before placed digits that are not givens, 81 space-separated cells and
    /// Sudoku Explainer's 729-character sukaku lines.
    #[arg(value_name = "INPUT")]
    pub inputs: Vec<String>,
}

impl BatchArgs {
    /// Whether this run continues the output of a run over the lines before
    /// `--first-line` (so it writes no header and no "first puzzle" layout).
    pub fn continues(&self) -> bool {
        self.first_line > 1
    }
}

/// The `--first-line` parser: a line number, so 1 or more. Shared with `gen`.
pub fn parse_first_line(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err(Msg::LineNumberZero {}.to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err(Msg::NotALineNumber {
            text: text.to_string(),
        }
        .to_string()),
    }
}

/// The `--variant` parser shared by every subcommand: the variant names and
/// their aliases (`x`, `dg`).
pub fn variant_parser() -> impl clap::builder::TypedValueParser<Value = Variant> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new([
        PossibleValue::new("standard"),
        PossibleValue::new("diagonal").alias("x"),
        PossibleValue::new("color").alias("dg"),
        PossibleValue::new("color-diagonal"),
    ])
    .try_map(|name| name.parse::<Variant>())
}

/// Where puzzles come from.
#[derive(Debug, Clone)]
pub enum Source {
    /// Standard input (`-` or no INPUT at all).
    Stdin,
    /// A file, streamed.
    File(PathBuf),
    /// The argument itself is the puzzle.
    Argument(String),
}

impl Source {
    /// The name used in JSON output: the path, `-`, or `arg` for a puzzle string.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "-".to_string(),
            Source::File(path) => path.display().to_string(),
            Source::Argument(_) => "arg".to_string(),
        }
    }
}

/// What a batch reads: its sources in order, and the number of the first line
/// of each file and of stdin (`--first-line`).
#[derive(Debug, Clone)]
pub struct Sources {
    /// The sources, read one after the other.
    pub list: Vec<Source>,
    /// The number given to the first line of every file and of stdin.
    pub first_line: usize,
}

impl Sources {
    /// `list` with lines numbered from 1.
    #[cfg(test)]
    pub fn numbered_from_1(list: Vec<Source>) -> Sources {
        Sources {
            list,
            first_line: 1,
        }
    }
}

/// The sources of a batch subcommand: its INPUT arguments ([`classify`]) and
/// `--first-line`.
pub fn sources(args: &BatchArgs) -> anyhow::Result<Sources> {
    Ok(Sources {
        list: classify(&args.inputs)?,
        first_line: args.first_line,
    })
}

/// Classifies the INPUT arguments. A path that exists but cannot be read (a
/// directory, no permission) is a usage error naming the path, reported before any
/// work is done, so a long batch does not fail halfway through.
pub fn classify(inputs: &[String]) -> anyhow::Result<Vec<Source>> {
    if inputs.is_empty() {
        if io::stdin().is_terminal() {
            // Otherwise `sudoku solve` without arguments looks like a hang.
            let _ = writeln!(
                io::stderr(),
                "sudoku: reading puzzles from the terminal, one per line (Ctrl-D ends)"
            );
        }
        return Ok(vec![Source::Stdin]);
    }
    inputs
        .iter()
        .map(|input| {
            if input == "-" {
                return Ok(Source::Stdin);
            }
            // A grid of several lines (a pasted candidate grid) is no path.
            if input.contains('\n') {
                return Ok(Source::Argument(input.clone()));
            }
            let path = PathBuf::from(input);
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => {
                    bail!(Msg::IsDirectory {
                        path: path.display().to_string()
                    })
                }
                Ok(_) => {
                    File::open(&path).with_context(|| Msg::CannotOpen {
                        path: path.display().to_string(),
                    })?;
                    Ok(Source::File(path))
                }
                Err(e)
                    if matches!(
                        e.kind(),
                        io::ErrorKind::NotFound | io::ErrorKind::InvalidFilename
                    ) =>
                {
                    Ok(Source::Argument(input.clone()))
                }
                // A puzzle string is never a path with a reachable parent, so any other
                // error (say, permission denied on a directory) is about a file.
                Err(e) => Err(e).with_context(|| Msg::CannotRead {
                    path: path.display().to_string(),
                }),
            }
        })
        .collect()
}

/// Why an input is not a puzzle, located so a user can find it.
#[derive(Debug, Clone)]
pub enum BadInput {
    /// A line (or 9×9 block starting at a line) of a file or stdin.
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        error: ParseError,
    },
    /// A command-line argument that is not a puzzle (and not a file either).
    Argument {
        /// The argument, shortened for display.
        text: String,
        /// What is wrong with it as a puzzle.
        error: ParseError,
    },
}

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadInput::Line { line, error } => Msg::AtLine {
                line: *line,
                problem: messages::parse_error(error).to_string(),
            }
            .fmt(f),
            BadInput::Argument { text, error } => Msg::NotPuzzleNorFile {
                text: text.clone(),
                problem: messages::parse_error(error).to_string(),
            }
            .fmt(f),
        }
    }
}

/// One puzzle from the input, as handed to a subcommand's mapping function.
#[derive(Debug)]
pub struct Input {
    /// Where it came from ([`Source::name`]).
    pub source: Arc<str>,
    /// 1-based line number where it starts (within the argument for a puzzle
    /// argument, so usually 1).
    pub line: usize,
    /// The puzzle text as read (at most 200 characters).
    pub text: String,
    /// The puzzle, or why it is not one.
    pub puzzle: Result<Parsed, BadInput>,
    from_argument: bool,
}

impl Input {
    /// Prefixes `problem` with the puzzle's location, as in `line 7: two 5s in row 3
    /// (r3c2, r3c8)`. A puzzle given as an argument has no line to name.
    pub fn locate(&self, problem: impl fmt::Display) -> String {
        if self.from_argument {
            problem.to_string()
        } else {
            Msg::AtLine {
                line: self.line,
                problem: problem.to_string(),
            }
            .to_string()
        }
    }

    /// The input for `item`, whose line number counts from 1, in a stream whose
    /// first line is number `first_line`.
    fn from_item(source: &Arc<str>, item: ReadItem, first_line: usize) -> Input {
        let ReadItem { line, text, result } = item;
        let line = line.saturating_add(first_line.saturating_sub(1));
        Input {
            source: Arc::clone(source),
            line,
            text,
            puzzle: result.map_err(|error| BadInput::Line { line, error }),
            from_argument: false,
        }
    }

    fn from_argument(source: &Arc<str>, arg: &str, item: Option<ReadItem>) -> Input {
        let shown = shorten(arg);
        let (line, text, result) = match item {
            Some(item) => (item.line, item.text, item.result),
            None => (1, shown.clone(), Err(ParseError::Empty)),
        };
        Input {
            source: Arc::clone(source),
            line,
            text,
            // A grid of several lines is located by its line, as in a file.
            puzzle: result.map_err(|error| match arg.trim().contains('\n') {
                true => BadInput::Line { line, error },
                false => BadInput::Argument { text: shown, error },
            }),
            from_argument: true,
        }
    }
}

fn shorten(text: &str) -> String {
    const MAX: usize = 100;
    match text.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// How many worker threads to use.
pub fn jobs(args: &BatchArgs) -> usize {
    match args.jobs {
        Some(n) => usize::from(n),
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// Maps every puzzle of `sources` through `map` on `jobs` threads and hands the
/// results to `write` in input order, with a buffered, locked stdout.
///
/// With a pool, chunk *n* is written on the main thread while chunk *n + 1* is
/// mapped on the workers, so writing never leaves them idle. Results are written
/// as soon as the input runs dry, not only when the next chunk is full, so a
/// person typing puzzles gets each answer at once.
///
/// Errors are I/O errors only (reading an input, writing stdout). A broken pipe
/// comes back as an error like any other; [`is_broken_pipe`] recognises it.
pub fn run<T, M, W>(sources: Sources, jobs: usize, map: M, write: W) -> anyhow::Result<()>
where
    T: Send,
    M: Fn(Input) -> T + Sync + Send,
    W: FnMut(&mut dyn Write, T) -> io::Result<()>,
{
    let stdout = io::BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    run_to(sources, jobs, map, stdout, write)
}

/// What a subcommand writes around its rows.
#[derive(Clone, Copy)]
pub enum Frame<'h> {
    /// Only the rows.
    Bare,
    /// A table's header line before the first row, or alone when there is no
    /// row, so the output is still a table. A run that continues another
    /// (`--first-line` > 1) leaves it out: the other run's output has it.
    Header(&'h dyn Fn(&mut dyn Write) -> io::Result<()>),
    /// A blank line between records of several lines, and before the first
    /// one too when the run continues another.
    Separated,
}

/// [`run`] for a subcommand taking [`BatchArgs`]: maps every puzzle of the
/// inputs `args` names ([`sources`]) on `--jobs` threads, writes the rows
/// with `frame` around them, and tells whether `ok` held for every row (else
/// the exit status is 1).
pub fn run_rows<T, M, W>(
    args: &BatchArgs,
    frame: Frame<'_>,
    map: M,
    ok: impl Fn(&T) -> bool,
    mut write: W,
) -> anyhow::Result<bool>
where
    T: Send,
    M: Fn(Input) -> T + Sync + Send,
    W: FnMut(&mut dyn Write, T) -> io::Result<()>,
{
    let mut all_ok = true;
    // Whether the whole output is still empty: no row yet, and no earlier run
    // whose output this one continues.
    let mut at_start = !args.continues();
    run(sources(args)?, jobs(args), map, |out, row| {
        all_ok &= ok(&row);
        match frame {
            Frame::Header(header) if at_start => header(out)?,
            Frame::Separated if !at_start => writeln!(out)?,
            _ => {}
        }
        at_start = false;
        write(out, row)
    })?;
    if let (Frame::Header(header), true) = (frame, at_start) {
        let mut out = io::stdout().lock();
        header(&mut out)?;
        out.flush()?;
    }
    Ok(all_ok)
}

/// [`run`] writing to `out` instead of stdout (which it flushes after every
/// chunk), for subcommands that answer elsewhere and for tests.
pub fn run_to<T, M, O, W>(
    sources: Sources,
    jobs: usize,
    map: M,
    out: O,
    write: W,
) -> anyhow::Result<()>
where
    T: Send,
    M: Fn(Input) -> T + Sync + Send,
    O: Write,
    W: FnMut(&mut dyn Write, T) -> io::Result<()>,
{
    let pool = if jobs > 1 {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .thread_name(|i| format!("sudoku-worker-{i}"))
                .build()
                .context(Msg::NoThreads {
                    what: Threads::Workers,
                })?,
        )
    } else {
        None
    };
    let progress = Progress::new(&sources.list);
    let items = spawn_reader(sources, Arc::clone(&progress.bytes));
    // Counted as each puzzle is done, so that the bar moves during a chunk
    // of slow puzzles too.
    let map = |input: Input| {
        let row = map(input);
        progress.mapped();
        row
    };
    let mut sink = Sink {
        out,
        write,
        progress: &progress,
    };
    let mut chunk = Vec::with_capacity(CHUNK);
    // Mapped but not yet written, in input order.
    let mut pending: Vec<T> = Vec::new();
    let read_error = loop {
        let read_error = gather(&items, &mut chunk, || sink.emit(&mut pending))?;
        if chunk.is_empty() {
            break read_error;
        }
        progress
            .received
            .fetch_add(chunk.len() as u64, Ordering::Relaxed);
        match &pool {
            Some(pool) => {
                let mut mapped = Vec::new();
                pool.in_place_scope(|scope| {
                    scope.spawn(|_| mapped = chunk.par_drain(..).map(&map).collect());
                    sink.emit(&mut pending)
                })?;
                pending = mapped;
            }
            None => {
                pending.extend(chunk.drain(..).map(&map));
                sink.emit(&mut pending)?;
            }
        }
        if read_error.is_some() {
            break read_error;
        }
    };
    sink.emit(&mut pending)?;
    progress.bar.finish_and_clear();
    read_error.map_or(Ok(()), Err)
}

/// Where results go: `out` through `write`, keeping the progress bar out of the way.
struct Sink<'p, O, W> {
    out: O,
    write: W,
    progress: &'p Progress,
}

impl<O: Write, W> Sink<'_, O, W> {
    /// Writes and flushes `rows`, leaving it empty.
    fn emit<T>(&mut self, rows: &mut Vec<T>) -> anyhow::Result<()>
    where
        W: FnMut(&mut dyn Write, T) -> io::Result<()>,
    {
        if rows.is_empty() {
            return Ok(());
        }
        let n = rows.len() as u64;
        let Sink {
            out,
            write,
            progress,
        } = self;
        progress.bar.suspend(|| -> anyhow::Result<()> {
            for row in rows.drain(..) {
                write(out, row).context(Msg::CannotWriteOutput {})?;
            }
            // Flushing per chunk lets a consumer (or a person typing puzzles) see
            // answers as soon as they exist; a chunk is large, so this is cheap.
            out.flush().context(Msg::CannotWriteOutput {})
        })?;
        progress.advance(n);
        Ok(())
    }
}

/// Whether `error` is stdout having been closed by the reader (as in `| head`),
/// which ends a batch successfully, like ripgrep does.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Fills `chunk` with up to `CHUNK` inputs: the first one waiting if need be (after
/// calling `before_waiting`, so finished results are not held back while the input
/// is slow), the others only if they are already there. `Err` is a failure of
/// `before_waiting`; `Ok(Some(e))` is a read error, which comes after the inputs
/// read before it.
fn gather(
    items: &Receiver<anyhow::Result<Input>>,
    chunk: &mut Vec<Input>,
    mut before_waiting: impl FnMut() -> anyhow::Result<()>,
) -> anyhow::Result<Option<anyhow::Error>> {
    let first = match items.try_recv() {
        Ok(item) => item,
        Err(TryRecvError::Disconnected) => return Ok(None),
        Err(TryRecvError::Empty) => {
            before_waiting()?;
            match items.recv() {
                Ok(item) => item,
                Err(_) => return Ok(None), // the reader is done
            }
        }
    };
    match first {
        Ok(input) => chunk.push(input),
        Err(e) => return Ok(Some(e)),
    }
    while chunk.len() < CHUNK {
        match items.try_recv() {
            Ok(Ok(input)) => chunk.push(input),
            Ok(Err(e)) => return Ok(Some(e)),
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => break,
        }
    }
    Ok(None)
}

/// Starts the thread that reads every source in turn. It stops at the first read
/// error (sent as the last message) or when the receiver is gone. It is not joined:
/// it may be blocked reading an interactive stdin when stdout closes, and the
/// process then ends without it.
fn spawn_reader(sources: Sources, bytes: Arc<AtomicU64>) -> Receiver<anyhow::Result<Input>> {
    let (tx, rx) = mpsc::sync_channel(CHUNK);
    let Sources { list, first_line } = sources;
    std::thread::Builder::new()
        .name("sudoku-reader".to_string())
        .spawn(move || {
            for source in list {
                let name: Arc<str> = source.name().into();
                let sent = match &source {
                    Source::Argument(arg) => send_argument(&tx, &name, arg),
                    Source::Stdin => {
                        let stdin = io::stdin();
                        send_stream(
                            &tx,
                            &name,
                            stdin.lock(),
                            first_line,
                            Msg::CannotRead {
                                path: Msg::StandardInput {}.to_string(),
                            },
                        )
                    }
                    Source::File(path) => match File::open(path) {
                        Ok(file) => {
                            let counted = Counting {
                                inner: file,
                                bytes: Arc::clone(&bytes),
                            };
                            let reader = BufReader::with_capacity(64 * 1024, counted);
                            send_stream(
                                &tx,
                                &name,
                                reader,
                                first_line,
                                Msg::CannotRead {
                                    path: path.display().to_string(),
                                },
                            )
                        }
                        Err(e) => {
                            let e = anyhow::Error::new(e).context(Msg::CannotOpen {
                                path: path.display().to_string(),
                            });
                            let _ = tx.send(Err(e));
                            false
                        }
                    },
                };
                if !sent {
                    return;
                }
            }
        })
        .map_or_else(
            |e| {
                // Without a reader thread there is nothing to do but report it.
                let (tx, rx) = mpsc::sync_channel(1);
                let _ = tx.send(Err(anyhow::Error::new(e).context(Msg::NoThreads {
                    what: Threads::Reader,
                })));
                rx
            },
            |_| rx,
        )
}

/// Sends every puzzle of one stream, numbering its lines from `first_line`;
/// false when the batch must stop.
fn send_stream<R: BufRead>(
    tx: &mpsc::SyncSender<anyhow::Result<Input>>,
    name: &Arc<str>,
    reader: R,
    first_line: usize,
    what: Msg,
) -> bool {
    for item in PuzzleReader::new(reader) {
        let msg = item
            .map(|item| Input::from_item(name, item, first_line))
            .with_context(|| what.clone());
        let failed = msg.is_err();
        if tx.send(msg).is_err() || failed {
            return false;
        }
    }
    true
}

/// Sends the puzzle(s) of a puzzle-string argument: usually one, several if the
/// argument holds several lines, and one invalid input if it holds none, so that
/// every argument gets an answer.
fn send_argument(tx: &mpsc::SyncSender<anyhow::Result<Input>>, name: &Arc<str>, arg: &str) -> bool {
    let mut any = false;
    for item in PuzzleReader::new(arg.as_bytes()) {
        // Reading from memory cannot fail.
        let Ok(item) = item else { break };
        any = true;
        if tx
            .send(Ok(Input::from_argument(name, arg, Some(item))))
            .is_err()
        {
            return false;
        }
    }
    any || tx.send(Ok(Input::from_argument(name, arg, None))).is_ok()
}

/// A reader that counts the bytes read through it, for the progress bar.
struct Counting<R> {
    inner: R,
    bytes: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// The progress bar on stderr. It shows bytes read when every input is a file
/// (their total size is known), otherwise a count of puzzles. It is drawn only when
/// stderr is a terminal and stdout is not (a terminal full of answers is its own
/// progress report), and only for big batches.
struct Progress {
    bar: ProgressBar,
    bytes: Arc<AtomicU64>,
    by_bytes: bool,
    /// Puzzles written.
    puzzles: AtomicU64,
    /// Puzzles done (mapped, maybe not yet written) and received from the
    /// reader: the bar's position is the bytes read scaled by their ratio.
    done: AtomicU64,
    received: AtomicU64,
    start: std::time::Instant,
    shown: AtomicBool,
    wanted: bool,
}

impl Progress {
    fn new(sources: &[Source]) -> Progress {
        let wanted = io::stderr().is_terminal() && !io::stdout().is_terminal();
        let total: Option<u64> = sources
            .iter()
            .map(|s| match s {
                Source::File(path) => std::fs::metadata(path).ok().map(|m| m.len()),
                Source::Argument(_) => Some(0),
                Source::Stdin => None,
            })
            .sum();
        let (bar, by_bytes) = match total {
            Some(total) => {
                let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
                if let Ok(style) = ProgressStyle::with_template(
                    "{bar:40} {bytes}/{total_bytes} {msg} ({eta} left)",
                ) {
                    bar.set_style(style);
                }
                (bar, true)
            }
            None => {
                let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
                if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
                    bar.set_style(style);
                }
                (bar, false)
            }
        };
        let progress = Progress {
            bar,
            bytes: Arc::new(AtomicU64::new(0)),
            by_bytes,
            puzzles: AtomicU64::new(0),
            done: AtomicU64::new(0),
            received: AtomicU64::new(0),
            start: std::time::Instant::now(),
            shown: AtomicBool::new(false),
            wanted,
        };
        if total.is_some_and(|t| t >= SHOW_FROM_START_BYTES) {
            progress.show();
        }
        progress
    }

    fn show(&self) {
        if self.wanted && !self.shown.swap(true, Ordering::Relaxed) {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.bar.enable_steady_tick(Duration::from_millis(200));
        }
    }

    /// One more puzzle done (on any worker thread).
    fn mapped(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if !self.wanted {
            return;
        }
        // The clock is read for the first puzzles and then every 64th: fast
        // subcommands do millions of puzzles a second.
        if !self.shown.load(Ordering::Relaxed)
            && (done < 64 || done.is_multiple_of(64))
            && self.start.elapsed() >= SHOW_AFTER
        {
            self.show();
        }
        if self.shown.load(Ordering::Relaxed) {
            self.update(done);
        }
    }

    /// Moves the bar to `done` puzzles.
    fn update(&self, done: u64) {
        if self.by_bytes {
            let received = self.received.load(Ordering::Relaxed).max(done).max(1);
            let bytes = self.bytes.load(Ordering::Relaxed);
            let position = (u128::from(bytes) * u128::from(done) / u128::from(received)) as u64;
            self.bar.set_position(position.max(self.bar.position()));
        }
        self.bar.set_message(format!("{done} puzzles"));
    }

    fn advance(&self, puzzles: u64) {
        let written = self.puzzles.fetch_add(puzzles, Ordering::Relaxed) + puzzles;
        if written >= SHOW_AFTER_PUZZLES {
            self.show();
        }
        self.update(self.done.load(Ordering::Relaxed).max(written));
    }
}

/// The row for one input: invalid when it is not a puzzle or its givens clash in
/// `variant`, otherwise whatever `solve` makes of its grid. Every subcommand that
/// works on valid puzzles goes through here, so "invalid" means the same everywhere.
pub fn row(input: Input, variant: Variant, solve: impl FnOnce(&Grid) -> Outcome) -> Row {
    let (notation, outcome) = match &input.puzzle {
        Err(bad) => (
            Notation::Digits,
            Outcome::Invalid {
                reason: bad.to_string(),
            },
        ),
        Ok(parsed) => (
            parsed.notation,
            match parsed.grid.check(variant) {
                Err(conflict) => Outcome::Invalid {
                    reason: input.locate(messages::conflict(&conflict)),
                },
                Ok(()) => solve(&parsed.grid),
            },
        ),
    };
    Row {
        source: input.source,
        line: input.line,
        puzzle: input.text,
        variant,
        notation,
        outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "900630000000409700070005030321000000000000007000000050003000610050080043806140000";

    /// Maps `n` numbered inputs with uneven, shuffled delays on `jobs` threads.
    fn ordered(n: usize, jobs: usize) -> Vec<usize> {
        let text: String = (0..n).map(|i| format!("{P} {i}\n")).collect();
        let mut out = Vec::new();
        run_to(
            Sources::numbered_from_1(vec![Source::Argument(text)]),
            jobs,
            |input| {
                // Later inputs of a chunk often finish first.
                let delay = (input.line * 7919) % 13;
                std::thread::sleep(Duration::from_micros(delay as u64 * 10));
                input.line
            },
            &mut out,
            |out, line| writeln!(out, "{line}"),
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        text.lines().map(|l| l.parse().unwrap()).collect()
    }

    #[test]
    fn run_keeps_input_order_across_chunks() {
        let n = CHUNK * 2 + 17;
        for jobs in [1, 3] {
            let got = ordered(n, jobs);
            let first_wrong = got.iter().enumerate().find(|&(i, &line)| line != i + 1);
            assert_eq!(first_wrong, None, "--jobs {jobs}");
            assert_eq!(got.len(), n, "--jobs {jobs}");
        }
    }

    #[test]
    fn bad_input_names_line_or_argument() {
        let line = BadInput::Line {
            line: 7,
            error: ParseError::BadCharacter {
                ch: '?',
                position: 23,
            },
        };
        assert_eq!(line.to_string(), "line 7: character '?' at position 23");
        let arg = BadInput::Argument {
            text: shorten(&"x".repeat(300)),
            error: ParseError::WrongLength { found: 300 },
        };
        assert_eq!(
            arg.to_string(),
            format!(
                "argument \"{}…\" is not a puzzle (expected 81 cells, found 300) and not a file either",
                "x".repeat(100)
            )
        );
    }

    #[test]
    fn sources_classify_inputs() {
        let here = env!("CARGO_MANIFEST_DIR");
        let file = format!("{here}/Cargo.toml");
        let got = classify(&["-".to_string(), file.clone(), P.to_string()]).unwrap();
        assert!(matches!(&got[0], Source::Stdin));
        assert!(matches!(&got[1], Source::File(p) if p.to_str() == Some(file.as_str())));
        assert!(matches!(&got[2], Source::Argument(a) if a == P));
        let err = classify(&[here.to_string()]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("{here}: is a directory, not a file of puzzles")
        );
    }
}
