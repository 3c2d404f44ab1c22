//! `sudoku db`: the puzzle database from the command line — import a collection,
//! export it, list it. The database is the same one the trainer's web page
//! uses (`sudoku-store`): a SQLite file in the user's data directory unless
//! `--db` names another file or a PostgreSQL server (`postgres://…`). The
//! command line sees every user's puzzles; an import saves them without an
//! owner.
//!
//! Import rates every puzzle with the trainer's engine (level, steps lazy and
//! strict, backtrack runs) in parallel and writes batches of rows, each batch one
//! transaction: an import killed halfway leaves whole batches and nothing torn.
//! A bad line (not UTF-8, a NUL character, not a puzzle, a name or level the
//! store refuses) is checked before its batch is written, named with its
//! number on standard error and skipped, so SQLite and PostgreSQL import
//! the same rows and the exit status is 1 on both.

use crate::batch;
use crate::messages::{self, Msg};
use crate::output::json_line;
use anyhow::Context;
use rayon::prelude::*;
use serde::Serialize;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;
use sudoku_core::{Variant, parse_line};
use sudoku_store::{Column, Database, Location, Puzzle, Record, Sort, Stats, Store};
use sudoku_trainer::{DEFAULT_MAX_STEPS, Level, TrainerError, rate_puzzle};

/// Rows per transaction during an import.
pub const IMPORT_BATCH: usize = 256;

/// Arguments of `sudoku db`.
#[derive(clap::Args, Debug)]
#[command(
    about = "Import, export and list the puzzle database",
    long_about = "Import, export and list the puzzle database: the one the trainer's \
web page saves to. A SQLite file is created on first use, in the user's data directory \
unless --db is given; --db postgres://user:password@host:port/database uses a \
PostgreSQL server (its tables are created on first use)."
)]
pub struct Args {
    /// The database: a SQLite file, or a PostgreSQL server as
    /// `postgres://user[:password]@host[:port]/database` [default:
    /// sudoku-trainer/puzzles.sqlite in the user's data directory, e.g.
    /// ~/.local/share].
    #[arg(long, value_name = "PATH|URL", global = true)]
    pub db: Option<Location>,

    #[command(subcommand)]
    pub command: Command,
}

/// The `db` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Import puzzles from a file, one per line.
    #[command(
        long_about = "Import puzzles from a file (or - for standard input), one per \
line: PUZZLE[<TAB>NAME[<TAB>LEVEL]]. PUZZLE has 81 cells (1-9 digits, 0 . - _ * blanks); \
NAME defaults to FILE:LINE; LEVEL (easy, medium, hard, very-hard, extremely-hard, or the \
German leicht ... extrem schwer) is kept as given, otherwise the trainer computes it. \
Blank lines, # comments and a header line starting with `givens` or `puzzle` are \
skipped. Bad lines are reported with their line number and skipped; the exit status is \
then 1."
    )]
    Import(ImportArgs),
    /// Write every puzzle to standard output.
    Export(ExportArgs),
    /// Show the puzzles as a table.
    List(ListArgs),
}

/// Arguments of `sudoku db import`.
#[derive(clap::Args, Debug)]
pub struct ImportArgs {
    /// The file to read, or `-` for standard input.
    #[arg(value_name = "FILE")]
    pub file: String,

    /// The variant of every puzzle in the file.
    #[arg(long, value_name = "V", default_value = "standard", value_parser = batch::variant_parser(), hide_possible_values = true)]
    pub variant: Variant,

    /// Do not run the trainer's search (no level or step counts unless given).
    #[arg(long)]
    pub no_rate: bool,
}

/// Output formats of `sudoku db export`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// The givens, one puzzle per line (importable).
    #[default]
    Line,
    /// Tab-separated columns with a header; the first three (givens, name, level)
    /// are importable.
    Tsv,
    /// One JSON object per line.
    Json,
}

/// The sort options shared by export and list.
#[derive(clap::Args, Debug)]
pub struct SortArgs {
    /// Sort by this column: id, name, givens, status, steps-lazy, steps-strict,
    /// level, backtrack-runs, date, variant.
    #[arg(long, value_name = "COLUMN", default_value = "date")]
    pub sort: Column,

    /// Sort in descending order.
    #[arg(long)]
    pub desc: bool,
}

impl SortArgs {
    fn sort(&self) -> Sort {
        Sort {
            column: self.sort,
            descending: self.desc,
        }
    }
}

/// Arguments of `sudoku db export`.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,

    #[command(flatten)]
    pub sort: SortArgs,
}

/// Arguments of `sudoku db list`.
#[derive(clap::Args, Debug)]
pub struct ListArgs {
    #[command(flatten)]
    pub sort: SortArgs,
}

/// Runs `sudoku db …`; `Ok(false)` when some input lines were bad.
pub fn run(args: &Args) -> anyhow::Result<bool> {
    let path = location(args.db.as_ref())?;
    let mut store = Database::open(&path)?.connect()?;
    let out = io::stdout();
    let mut out = io::BufWriter::new(out.lock());
    let ok = match &args.command {
        Command::Import(a) => import(&mut store, &path, a, &mut out)?,
        Command::Export(a) => {
            export(&mut store, a, &mut out)?;
            true
        }
        Command::List(a) => {
            list(&mut store, a, &mut out)?;
            true
        }
    };
    out.flush()?;
    Ok(ok)
}

/// The database `--db` names, or the default file.
pub fn location(db: Option<&Location>) -> anyhow::Result<Location> {
    match db {
        Some(l) => Ok(l.clone()),
        None => Ok(Location::Sqlite(
            sudoku_store::default_path().context(Msg::NoDataDirectory {})?,
        )),
    }
}

/// One line of an import file, parsed.
struct Line {
    number: usize,
    puzzle: Puzzle,
    /// Its givens, checked once when the line was read.
    checked: sudoku_core::Puzzle,
}

fn parse(
    text: &str,
    number: usize,
    source: &str,
    variant: Variant,
) -> Result<Option<Line>, String> {
    let text = text.trim_end_matches(['\r', '\n']);
    // Refused here, for the line, rather than by the store for its whole
    // batch: PostgreSQL cannot keep a NUL, and SQLite must not differ.
    if text.contains('\0') {
        return Err(Msg::NulInLine {}.to_string());
    }
    if text.trim().is_empty() || text.trim_start().starts_with('#') {
        return Ok(None);
    }
    let mut cols = text.split('\t');
    let first = cols.next().unwrap_or("").trim();
    if number == 1 && (first.eq_ignore_ascii_case("givens") || first.eq_ignore_ascii_case("puzzle"))
    {
        return Ok(None);
    }
    // An 81-character line, or another program's one-line format (a HoDoKu
    // library or `+`-marked line, 81 spaced cells, a sukaku line): its givens.
    let givens = match parse_line(first) {
        Ok(p) => p.grid,
        Err(e) => match sudoku_core::parse_text(first) {
            Ok(p) if p.format != sudoku_core::Format::Line => p.grid,
            _ => return Err(messages::parse_error(&e).to_string()),
        },
    };
    let checked = sudoku_core::Puzzle::new(givens, variant)
        .map_err(|c| messages::conflict(&c).to_string())?;
    let name = match cols.next().map(str::trim) {
        Some(n) if !n.is_empty() => n.to_string(),
        _ => format!("{source}:{number}"),
    };
    if name.chars().count() > sudoku_store::MAX_NAME {
        return Err(Msg::NameTooLong {
            max: sudoku_store::MAX_NAME,
        }
        .to_string());
    }
    let level = match cols.next().map(str::trim) {
        Some(l) if !l.is_empty() => Some(l.parse::<Level>().map_err(|e| e.to_string())?),
        _ => None,
    };
    let mut puzzle = Puzzle::new(&name, givens, variant);
    puzzle.level = level;
    // Whatever else the store would refuse fails this line, not its batch.
    puzzle.check().map_err(|e| e.to_string())?;
    Ok(Some(Line {
        number,
        puzzle,
        checked,
    }))
}

fn rated(mut line: Line, no_rate: bool) -> Result<Line, (usize, String)> {
    if no_rate {
        return Ok(line);
    }
    let p = &mut line.puzzle;
    match rate_puzzle(&line.checked, 0, DEFAULT_MAX_STEPS) {
        Ok(r) => {
            p.level = p.level.or(Some(r.level));
            p.stats = Some(Stats::from(&r));
            Ok(line)
        }
        Err(TrainerError::StepLimit { .. }) => Ok(line),
        Err(e) => Err((line.number, e.to_string())),
    }
}

fn import(
    store: &mut Store,
    path: &Location,
    args: &ImportArgs,
    out: &mut dyn Write,
) -> anyhow::Result<bool> {
    let (reader, source): (Box<dyn Read>, String) = if args.file == "-" {
        (Box::new(io::stdin()), "-".to_string())
    } else {
        let file = std::fs::File::open(&args.file).with_context(|| Msg::CannotOpen {
            path: args.file.clone(),
        })?;
        let name = Path::new(&args.file)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| args.file.clone());
        (Box::new(file), name)
    };
    let mut lines = BufReader::new(reader);
    let mut bad = 0usize;
    let mut imported = 0usize;
    let mut number = 0usize;
    let mut buf = Vec::new();
    let mut done = false;
    let err = io::stderr();
    while !done {
        let mut batch: Vec<Line> = Vec::with_capacity(IMPORT_BATCH);
        while batch.len() < IMPORT_BATCH {
            buf.clear();
            let n = lines
                .read_until(b'\n', &mut buf)
                .with_context(|| Msg::CannotRead {
                    path: args.file.clone(),
                })?;
            if n == 0 {
                done = true;
                break;
            }
            number += 1;
            let text = match std::str::from_utf8(&buf) {
                Ok(t) => t,
                Err(_) => {
                    bad += 1;
                    let msg = Msg::ImportLine {
                        source: source.to_string(),
                        line: number,
                        reason: Msg::NotUtf8 {}.to_string(),
                    };
                    let _ = writeln!(err.lock(), "{msg}");
                    continue;
                }
            };
            match parse(text, number, &source, args.variant) {
                Ok(Some(line)) => batch.push(line),
                Ok(None) => {}
                Err(reason) => {
                    bad += 1;
                    let msg = Msg::ImportLine {
                        source: source.to_string(),
                        line: number,
                        reason,
                    };
                    let _ = writeln!(err.lock(), "{msg}");
                }
            }
        }
        let results: Vec<Result<Line, (usize, String)>> = batch
            .into_par_iter()
            .map(|l| rated(l, args.no_rate))
            .collect();
        let mut rows = Vec::with_capacity(results.len());
        for r in results {
            match r {
                Ok(line) => rows.push(line.puzzle),
                Err((n, reason)) => {
                    bad += 1;
                    let msg = Msg::ImportLine {
                        source: source.to_string(),
                        line: n,
                        reason,
                    };
                    let _ = writeln!(err.lock(), "{msg}");
                }
            }
        }
        imported += store.save_all(&rows)?.len();
    }
    writeln!(out, "imported {imported} puzzles into {path}")?;
    if bad > 0 {
        writeln!(out, "skipped {bad} bad lines")?;
    }
    Ok(bad == 0)
}

#[derive(Serialize)]
struct JsonRecord<'a> {
    #[serde(flatten)]
    record: &'a Record,
    date: String,
}

fn cell_text(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn export(store: &mut Store, args: &ExportArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let records = store.list(args.sort.sort())?;
    let grid = |g: &sudoku_core::Grid| g.to_line(sudoku_core::Notation::Digits, '.');
    let opt = |v: Option<u64>| v.map(|n| n.to_string()).unwrap_or_default();
    match args.format {
        Format::Line => {
            for r in &records {
                writeln!(out, "{}", grid(&r.puzzle.givens))?;
            }
        }
        Format::Tsv => {
            writeln!(
                out,
                "givens\tname\tlevel\tid\tvariant\tentries\tgiven_count\tstatus\tsteps_lazy\tsteps_strict\tbacktrack_runs\tdate"
            )?;
            for r in &records {
                let p = &r.puzzle;
                writeln!(
                    out,
                    "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                    grid(&p.givens),
                    cell_text(&p.name),
                    p.level.map(Level::name).unwrap_or(""),
                    r.id,
                    p.variant.name(),
                    grid(&p.entries),
                    r.given_count,
                    r.status.name(),
                    opt(p.stats.map(|s| s.steps_lazy)),
                    opt(p.stats.map(|s| s.steps_strict)),
                    opt(p.stats.map(|s| s.backtrack_runs)),
                    r.date(),
                )?;
            }
        }
        Format::Json => {
            for r in &records {
                json_line(
                    out,
                    &JsonRecord {
                        record: r,
                        date: r.date(),
                    },
                )?;
            }
        }
    }
    Ok(())
}

fn list(store: &mut Store, args: &ListArgs, out: &mut dyn Write) -> anyhow::Result<()> {
    let records = store.list(args.sort.sort())?;
    let header = [
        "id",
        "name",
        "givens",
        "status",
        "steps (lazy)",
        "steps (strict)",
        "level",
        "backtrack runs",
        "date",
        "variant",
    ];
    let opt = |v: Option<u64>| v.map(|n| n.to_string()).unwrap_or_else(|| "-".into());
    let rows: Vec<[String; 10]> = records
        .iter()
        .map(|r| {
            let p = &r.puzzle;
            let mut name = cell_text(&p.name);
            if name.chars().count() > 40 {
                name = name.chars().take(39).collect::<String>() + "…";
            }
            [
                r.id.clone(),
                name,
                r.given_count.to_string(),
                r.status.name().to_string(),
                opt(p.stats.map(|s| s.steps_lazy)),
                opt(p.stats.map(|s| s.steps_strict)),
                p.level.map(Level::name).unwrap_or("-").to_string(),
                opt(p.stats.map(|s| s.backtrack_runs)),
                r.date(),
                p.variant.name().to_string(),
            ]
        })
        .collect();
    let mut width: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| -> String {
        cells
            .iter()
            .zip(&width)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    writeln!(out, "{}", line(header.to_vec()))?;
    for row in &rows {
        writeln!(out, "{}", line(row.iter().map(String::as_str).collect()))?;
    }
    if rows.is_empty() {
        writeln!(out, "(no puzzles)")?;
    }
    Ok(())
}
