//! The puzzle database (SPEC §3.8, the seed's "Puzzle-Datenbank"): an embedded
//! SQLite file holding saved puzzles with their trainer statistics.
//!
//! * [`Store::open`] creates the file (and its directory) on first use and runs
//!   the migrations up to [`SCHEMA_VERSION`]; a file from a newer program is
//!   refused rather than damaged.
//! * [`Store::save`] gives a new puzzle a unique id, [`Store::overwrite`],
//!   [`Store::load`] and [`Store::delete`] work on one id, [`Store::list`] sorts by
//!   any [`Column`] either way, [`Store::save_all`] imports many at once.
//! * Every write is one SQLite transaction (`BEGIN IMMEDIATE`), so a process
//!   killed in the middle leaves either the whole row or none, and several
//!   connections (one per request) can save concurrently without losing a row:
//!   the file is in WAL mode and a writer waits for the lock.
//! * Rows are decoded defensively: a row damaged from outside gives a
//!   [`StoreError::BadRow`] naming the id and column, never a panic.
#![warn(missing_docs)]

use rusqlite::{
    Connection, ErrorCode, OptionalExtension, Row, TransactionBehavior, params, params_from_iter,
};
use serde::{Deserialize, Serialize};
use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use sudoku_core::{Grid, Variant};
use sudoku_trainer::{Level, Rating, wire};

/// The schema version this program writes (SQLite's `user_version`).
pub const SCHEMA_VERSION: i64 = 2;

/// The longest name accepted, in characters.
pub const MAX_NAME: usize = 200;

/// The migrations, in order: entry `i` brings a file from version `i` to `i + 1`.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE puzzles (
        id             TEXT PRIMARY KEY NOT NULL,
        name           TEXT NOT NULL,
        variant        TEXT NOT NULL,
        givens         TEXT NOT NULL CHECK (length(givens) = 81),
        entries        TEXT NOT NULL CHECK (length(entries) = 81),
        given_count    INTEGER NOT NULL,
        status         INTEGER NOT NULL,
        level          INTEGER,
        steps_lazy     INTEGER,
        steps_strict   INTEGER,
        backtrack_runs INTEGER,
        saved_at       INTEGER NOT NULL
    );",
    // 2: the player's progress beyond the entries (pencil marks, undo
    // history, the clock), as JSON; NULL when none was saved.
    "ALTER TABLE puzzles ADD COLUMN progress TEXT;",
];

/// Why a database operation failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The file could not be opened or created.
    #[error("cannot open the puzzle database {path}: {source}")]
    Open {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        source: rusqlite::Error,
    },
    /// The directory for the file could not be created.
    #[error("cannot create the directory {path}: {source}")]
    Directory {
        /// The directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file was written by a newer program.
    #[error(
        "the puzzle database has schema version {found}; this program knows up to {SCHEMA_VERSION}"
    )]
    TooNew {
        /// The file's version.
        found: i64,
    },
    /// No puzzle has this id.
    #[error("no puzzle with id '{0}'")]
    NotFound(String),
    /// A name longer than [`MAX_NAME`] characters.
    #[error("the name has {0} characters; at most {MAX_NAME} are allowed")]
    NameTooLong(usize),
    /// The progress to save is out of bounds.
    #[error("the progress cannot be saved: {0}")]
    BadProgress(String),
    /// A stored row cannot be read back.
    #[error("puzzle '{id}' in the database has a bad {column}: {message}")]
    BadRow {
        /// The row's id.
        id: String,
        /// The column.
        column: &'static str,
        /// What is wrong.
        message: String,
    },
    /// Any other SQLite error.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
}

/// How far a saved puzzle is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// No entries.
    Unsolved,
    /// Some entries.
    InProgress,
    /// Every cell filled, forming a solution.
    Solved,
}

impl Status {
    /// The status of `givens` with `entries` as `variant`.
    pub fn of(givens: &Grid, entries: &Grid, variant: Variant) -> Status {
        let mut board = *givens;
        let mut any = false;
        for cell in sudoku_core::Cell::all() {
            if board.get(cell).is_none()
                && let Some(d) = entries.get(cell)
            {
                board.set(cell, Some(d));
                any = true;
            }
        }
        if board.is_solution_of(givens, variant) && any {
            Status::Solved
        } else if any {
            Status::InProgress
        } else {
            Status::Unsolved
        }
    }

    fn code(self) -> i64 {
        self as i64
    }

    fn from_code(code: i64) -> Option<Status> {
        [Status::Unsolved, Status::InProgress, Status::Solved]
            .into_iter()
            .find(|s| s.code() == code)
    }

    /// The name used in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unsolved => "unsolved",
            Status::InProgress => "in-progress",
            Status::Solved => "solved",
        }
    }
}

/// The trainer's statistics of a puzzle (from [`sudoku_trainer::rate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Steps of the Lazy search.
    pub steps_lazy: u64,
    /// Steps of the Strict search.
    pub steps_strict: u64,
    /// Backtrack runs.
    pub backtrack_runs: u64,
}

impl From<&Rating> for Stats {
    fn from(r: &Rating) -> Stats {
        Stats {
            steps_lazy: r.steps_lazy,
            steps_strict: r.steps_strict,
            backtrack_runs: r.backtrack_runs,
        }
    }
}

/// What is saved for a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Puzzle {
    /// The name (need not be unique).
    pub name: String,
    /// The variant.
    #[serde(with = "wire::variant")]
    pub variant: Variant,
    /// The givens.
    #[serde(with = "wire::grid")]
    pub givens: Grid,
    /// The player's entries (cells with givens are ignored).
    #[serde(with = "wire::grid")]
    pub entries: Grid,
    /// The level, when known.
    pub level: Option<Level>,
    /// The search statistics, when computed.
    pub stats: Option<Stats>,
    /// The player's progress beyond the entries, when saved with them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub progress: Option<Progress>,
}

/// The most moves kept in a saved undo or redo history.
pub const MAX_MOVES: usize = 5000;

/// The player's progress beyond the entries: their pencil marks, the undo and
/// redo history and the clock. The history is the trainer page's: a move is a
/// list of changes `[cell, field, old, new]`, field 0 an entry (a digit or 0),
/// 1 a cell's marks (a bit mask, bit d for digit d), 2 a given.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// The pencil marks per cell.
    #[serde(with = "wire::fields")]
    pub marks: [sudoku_core::DigitSet; 81],
    /// Milliseconds spent solving.
    pub elapsed_ms: u64,
    /// Moves that can be undone, oldest first.
    #[serde(default)]
    pub undo: Vec<Vec<[u16; 4]>>,
    /// Moves that can be redone, the next last.
    #[serde(default)]
    pub redo: Vec<Vec<[u16; 4]>>,
}

impl Progress {
    /// Checks the history's bounds and values; the message names what is wrong.
    pub fn check(&self) -> Result<(), String> {
        for (what, list) in [("undo", &self.undo), ("redo", &self.redo)] {
            if list.len() > MAX_MOVES {
                return Err(format!(
                    "{what} holds {} moves; at most {MAX_MOVES} are kept",
                    list.len()
                ));
            }
            for (k, mv) in list.iter().enumerate() {
                if mv.is_empty() || mv.len() > 243 {
                    return Err(format!("{what} move {k} has {} changes", mv.len()));
                }
                for &[cell, field, old, new] in mv {
                    let value_ok = |v: u16| match field {
                        1 => v & !0b11_1111_1110 == 0,
                        _ => v <= 9,
                    };
                    if cell > 80 || field > 2 || !value_ok(old) || !value_ok(new) {
                        return Err(format!(
                            "{what} move {k} has a bad change [{cell}, {field}, {old}, {new}]"
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

impl Puzzle {
    /// A puzzle without entries, level or statistics.
    pub fn new(name: &str, givens: Grid, variant: Variant) -> Puzzle {
        Puzzle {
            name: name.to_string(),
            variant,
            givens,
            entries: Grid::EMPTY,
            level: None,
            stats: None,
            progress: None,
        }
    }

    /// The solving status.
    pub fn status(&self) -> Status {
        Status::of(&self.givens, &self.entries, self.variant)
    }
}

/// A saved puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The unique id.
    pub id: String,
    /// What was saved.
    #[serde(flatten)]
    pub puzzle: Puzzle,
    /// The number of givens.
    pub given_count: u8,
    /// The solving status when saved.
    pub status: Status,
    /// When it was last saved, seconds since 1970 (UTC).
    pub saved_at: i64,
}

impl Record {
    /// The save date as `YYYY-MM-DD` (UTC).
    pub fn date(&self) -> String {
        format_date(self.saved_at)
    }
}

/// A column of the database table, to sort by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Column {
    /// The id.
    Id,
    /// The name.
    Name,
    /// The number of givens.
    Givens,
    /// The status.
    Status,
    /// Steps (lazy).
    StepsLazy,
    /// Steps (strict).
    StepsStrict,
    /// The level (by difficulty).
    Level,
    /// Backtrack runs.
    BacktrackRuns,
    /// The save date.
    Date,
    /// The variant.
    Variant,
}

impl Column {
    /// Every column, in table order.
    pub const ALL: [Column; 10] = [
        Column::Id,
        Column::Name,
        Column::Givens,
        Column::Status,
        Column::StepsLazy,
        Column::StepsStrict,
        Column::Level,
        Column::BacktrackRuns,
        Column::Date,
        Column::Variant,
    ];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Column::Id => "id",
            Column::Name => "name",
            Column::Givens => "givens",
            Column::Status => "status",
            Column::StepsLazy => "steps-lazy",
            Column::StepsStrict => "steps-strict",
            Column::Level => "level",
            Column::BacktrackRuns => "backtrack-runs",
            Column::Date => "date",
            Column::Variant => "variant",
        }
    }

    /// The SQL expression sorted by (a fixed string: nothing from outside).
    fn sql(self) -> &'static str {
        match self {
            Column::Id => "id",
            Column::Name => "name COLLATE NOCASE",
            Column::Givens => "given_count",
            Column::Status => "status",
            Column::StepsLazy => "steps_lazy",
            Column::StepsStrict => "steps_strict",
            Column::Level => "level",
            Column::BacktrackRuns => "backtrack_runs",
            Column::Date => "saved_at",
            Column::Variant => "variant",
        }
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name given is not a column's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown column '{0}' (expected one of id, name, givens, status, steps-lazy, steps-strict, level, backtrack-runs, date, variant)"
)]
pub struct UnknownColumn(pub String);

impl FromStr for Column {
    type Err = UnknownColumn;

    fn from_str(s: &str) -> Result<Column, UnknownColumn> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        Column::ALL
            .into_iter()
            .find(|c| c.name() == wanted)
            .ok_or_else(|| UnknownColumn(s.to_string()))
    }
}

/// How to sort a listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sort {
    /// The column.
    pub column: Column,
    /// Largest first.
    pub descending: bool,
}

impl Default for Sort {
    /// Oldest first.
    fn default() -> Sort {
        Sort {
            column: Column::Date,
            descending: false,
        }
    }
}

/// An open puzzle database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
}

/// Where the database lives unless a path is given: `puzzles.sqlite` in a
/// `sudoku-trainer` directory of the user's data directory (`$XDG_DATA_HOME` or
/// `~/.local/share` on Linux, `~/Library/Application Support` on macOS,
/// `%APPDATA%` on Windows). `None` when no such directory is known.
pub fn default_path() -> Option<PathBuf> {
    data_dir().map(|d| d.join("sudoku-trainer").join("puzzles.sqlite"))
}

fn data_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    if cfg!(windows) {
        return env("APPDATA");
    }
    if let Some(xdg) = env("XDG_DATA_HOME") {
        return Some(xdg);
    }
    let home = env("HOME")?;
    if cfg!(target_os = "macos") {
        Some(home.join("Library").join("Application Support"))
    } else {
        Some(home.join(".local").join("share"))
    }
}

const SELECT: &str = "SELECT id, name, variant, givens, entries, given_count, status, level, \
     steps_lazy, steps_strict, backtrack_runs, saved_at, progress FROM puzzles";

impl Store {
    /// Opens (creating on first use, with its directory) the database at `path`
    /// and migrates it to the current schema.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Directory {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let conn = Connection::open(path).map_err(|source| StoreError::Open {
            path: path.to_path_buf(),
            source,
        })?;
        Store::setup(conn, true).map_err(|e| match e {
            StoreError::Sqlite(source) => StoreError::Open {
                path: path.to_path_buf(),
                source,
            },
            other => other,
        })
    }

    /// A database in memory (for tests and throw-away sessions).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Store::setup(Connection::open_in_memory()?, false)
    }

    fn setup(mut conn: Connection, file: bool) -> Result<Store, StoreError> {
        conn.busy_timeout(Duration::from_secs(10))?;
        if file {
            // WAL: readers never block the writer; a killed writer's partial
            // transaction is rolled back on the next open.
            let _mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        }
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew { found: version });
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
            tx.execute_batch(sql)?;
            tx.execute_batch(&format!("PRAGMA user_version = {}", i + 1))?;
        }
        tx.commit()?;
        Ok(Store { conn })
    }

    /// The schema version of the open file.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// Saves `puzzle` under a new unique id and returns the record.
    pub fn save(&mut self, puzzle: &Puzzle) -> Result<Record, StoreError> {
        let mut out = self.save_all(std::slice::from_ref(puzzle))?;
        out.pop()
            .ok_or_else(|| StoreError::NotFound("(new puzzle)".to_string()))
    }

    /// Saves every puzzle in one transaction (all or none) and returns the
    /// records in order.
    pub fn save_all(&mut self, puzzles: &[Puzzle]) -> Result<Vec<Record>, StoreError> {
        for p in puzzles {
            check_puzzle(p)?;
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut out = Vec::with_capacity(puzzles.len());
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO puzzles (id, name, variant, givens, entries, given_count, status, \
                 level, steps_lazy, steps_strict, backtrack_runs, saved_at, progress) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            )?;
            for p in puzzles {
                let record = to_record(new_id(), p);
                let mut attempt = record;
                // An id collision is astronomically unlikely; draw again if so.
                let mut tries = 0;
                loop {
                    match insert.execute(params_from_iter(params_of(&attempt))) {
                        Ok(_) => break,
                        Err(rusqlite::Error::SqliteFailure(e, _))
                            if e.code == ErrorCode::ConstraintViolation && tries < 5 =>
                        {
                            tries += 1;
                            attempt.id = new_id();
                        }
                        Err(e) => return Err(e.into()),
                    }
                }
                out.push(attempt);
            }
        }
        tx.commit()?;
        Ok(out)
    }

    /// Replaces the puzzle saved under `id` (the seed's "Überschreiben").
    pub fn overwrite(&mut self, id: &str, puzzle: &Puzzle) -> Result<Record, StoreError> {
        check_puzzle(puzzle)?;
        let record = to_record(id.to_string(), puzzle);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let changed = tx.execute(
            "UPDATE puzzles SET name = ?2, variant = ?3, givens = ?4, entries = ?5, \
             given_count = ?6, status = ?7, level = ?8, steps_lazy = ?9, steps_strict = ?10, \
             backtrack_runs = ?11, saved_at = ?12, progress = ?13 WHERE id = ?1",
            params_from_iter(params_of(&record)),
        )?;
        if changed == 0 {
            return Err(StoreError::NotFound(id.to_string()));
        }
        tx.commit()?;
        Ok(record)
    }

    /// The puzzle saved under `id`.
    pub fn load(&self, id: &str) -> Result<Record, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(&format!("{SELECT} WHERE id = ?1"))?;
        let raw = stmt.query_row(params![id], RawRow::read).optional()?;
        raw.ok_or_else(|| StoreError::NotFound(id.to_string()))?
            .decode()
    }

    /// Deletes the puzzle saved under `id`.
    pub fn delete(&mut self, id: &str) -> Result<(), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let changed = tx.execute("DELETE FROM puzzles WHERE id = ?1", params![id])?;
        if changed == 0 {
            return Err(StoreError::NotFound(id.to_string()));
        }
        tx.commit()?;
        Ok(())
    }

    /// Every saved puzzle, sorted by `sort` (ties by id; unknown values last
    /// ascending, first descending).
    pub fn list(&self, sort: Sort) -> Result<Vec<Record>, StoreError> {
        let dir = if sort.descending { "DESC" } else { "ASC" };
        let sql = format!(
            "{SELECT} ORDER BY {col} IS NULL {nulls}, {col} {dir}, id {dir}",
            col = sort.column.sql(),
            nulls = if sort.descending { "DESC" } else { "ASC" },
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([], RawRow::read)?;
        let mut out = Vec::new();
        for raw in rows {
            out.push(raw?.decode()?);
        }
        Ok(out)
    }

    /// Moves everything in the write-ahead log into the database file and
    /// empties the log (on a clean stop: the file alone then holds every
    /// save). In memory, or with no log, nothing is to do.
    pub fn checkpoint(&self) -> Result<(), StoreError> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }

    /// The number of saved puzzles.
    pub fn count(&self) -> Result<u64, StoreError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM puzzles", [], |r| r.get(0))?;
        Ok(n.max(0) as u64)
    }
}

fn check_name(name: &str) -> Result<(), StoreError> {
    let n = name.chars().count();
    if n > MAX_NAME {
        return Err(StoreError::NameTooLong(n));
    }
    Ok(())
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// What the store refuses to write: a name too long, a progress out of bounds.
fn check_puzzle(p: &Puzzle) -> Result<(), StoreError> {
    check_name(&p.name)?;
    if let Some(progress) = &p.progress {
        progress.check().map_err(StoreError::BadProgress)?;
    }
    Ok(())
}

fn to_record(id: String, p: &Puzzle) -> Record {
    let mut entries = p.entries;
    for cell in sudoku_core::Cell::all() {
        if p.givens.get(cell).is_some() {
            entries.set(cell, None);
        }
    }
    let puzzle = Puzzle {
        entries,
        ..p.clone()
    };
    Record {
        id,
        given_count: p.givens.filled() as u8,
        status: puzzle.status(),
        puzzle,
        saved_at: now(),
    }
}

fn line(g: &Grid) -> String {
    g.values()
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

fn level_code(level: Level) -> i64 {
    Level::ALL.iter().position(|&l| l == level).unwrap_or(0) as i64
}

type Param = Box<dyn rusqlite::ToSql>;

fn params_of(r: &Record) -> Vec<Param> {
    let p = &r.puzzle;
    let stat = |f: fn(&Stats) -> u64| p.stats.as_ref().map(|s| f(s) as i64);
    vec![
        Box::new(r.id.clone()),
        Box::new(p.name.clone()),
        Box::new(p.variant.name()),
        Box::new(line(&p.givens)),
        Box::new(line(&p.entries)),
        Box::new(i64::from(r.given_count)),
        Box::new(r.status.code()),
        Box::new(p.level.map(level_code)),
        Box::new(stat(|s| s.steps_lazy)),
        Box::new(stat(|s| s.steps_strict)),
        Box::new(stat(|s| s.backtrack_runs)),
        Box::new(r.saved_at),
        Box::new(p.progress.as_ref().map(progress_json)),
    ]
}

fn progress_json(p: &Progress) -> String {
    // Plain data with string keys: serialising cannot fail.
    serde_json::to_string(p).unwrap_or_default()
}

/// A row as SQLite returned it, before validation.
struct RawRow {
    id: String,
    name: String,
    variant: String,
    givens: String,
    entries: String,
    given_count: i64,
    status: i64,
    level: Option<i64>,
    steps_lazy: Option<i64>,
    steps_strict: Option<i64>,
    backtrack_runs: Option<i64>,
    saved_at: i64,
    progress: Option<String>,
}

impl RawRow {
    fn read(r: &Row<'_>) -> rusqlite::Result<RawRow> {
        Ok(RawRow {
            id: r.get(0)?,
            name: r.get(1)?,
            variant: r.get(2)?,
            givens: r.get(3)?,
            entries: r.get(4)?,
            given_count: r.get(5)?,
            status: r.get(6)?,
            level: r.get(7)?,
            steps_lazy: r.get(8)?,
            steps_strict: r.get(9)?,
            backtrack_runs: r.get(10)?,
            saved_at: r.get(11)?,
            progress: r.get(12)?,
        })
    }

    fn decode(self) -> Result<Record, StoreError> {
        let bad = |column: &'static str, message: String| StoreError::BadRow {
            id: self.id.clone(),
            column,
            message,
        };
        let variant: Variant = self
            .variant
            .parse()
            .map_err(|e: sudoku_core::UnknownVariant| bad("variant", e.to_string()))?;
        let givens = wire::parse_grid(&self.givens).map_err(|m| bad("givens", m))?;
        let entries = wire::parse_grid(&self.entries).map_err(|m| bad("entries", m))?;
        let status = Status::from_code(self.status)
            .ok_or_else(|| bad("status", format!("unknown code {}", self.status)))?;
        let level = match self.level {
            None => None,
            Some(code) => Some(
                usize::try_from(code)
                    .ok()
                    .and_then(|i| Level::ALL.get(i).copied())
                    .ok_or_else(|| bad("level", format!("unknown code {code}")))?,
            ),
        };
        let count = |column: &'static str, v: i64| {
            u64::try_from(v).map_err(|_| bad(column, format!("negative value {v}")))
        };
        let stats = match (self.steps_lazy, self.steps_strict, self.backtrack_runs) {
            (Some(l), Some(s), Some(b)) => Some(Stats {
                steps_lazy: count("steps_lazy", l)?,
                steps_strict: count("steps_strict", s)?,
                backtrack_runs: count("backtrack_runs", b)?,
            }),
            _ => None,
        };
        let progress = match &self.progress {
            None => None,
            Some(text) => {
                let p: Progress =
                    serde_json::from_str(text).map_err(|e| bad("progress", e.to_string()))?;
                p.check().map_err(|m| bad("progress", m))?;
                Some(p)
            }
        };
        let given_count = u8::try_from(self.given_count)
            .ok()
            .filter(|&n| n <= 81)
            .ok_or_else(|| {
                bad(
                    "given_count",
                    format!("{} is not in 0..=81", self.given_count),
                )
            })?;
        Ok(Record {
            puzzle: Puzzle {
                name: self.name,
                variant,
                givens,
                entries,
                level,
                stats,
                progress,
            },
            id: self.id,
            given_count,
            status,
            saved_at: self.saved_at,
        })
    }
}

/// A new id: the time in milliseconds and 64 random bits, in base 36 (like the
/// seed's `l3t9lvrzq9zqtai02j`). Sorting ids sorts by creation time.
fn new_id() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0);
    let mut h = RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.write_u64(millis);
    h.write_u32(std::process::id());
    let random = h.finish();
    format!("{:0>9}{:0>13}", base36(millis), base36(random))
}

fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// Seconds since 1970 as a `YYYY-MM-DD` date (UTC).
pub fn format_date(secs: i64) -> String {
    // Howard Hinnant's days-to-civil algorithm.
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(format_date(0), "1970-01-01");
        assert_eq!(format_date(1_669_013_565), "2022-11-21");
        assert_eq!(format_date(951_782_400), "2000-02-29");
    }

    #[test]
    fn ids_are_unique_and_time_ordered() {
        let a = new_id();
        let b = new_id();
        assert_ne!(a, b);
        assert_eq!(a.len(), 22);
        assert!(a.bytes().all(|c| c.is_ascii_alphanumeric()));
    }

    #[test]
    fn columns_parse() {
        for c in Column::ALL {
            assert_eq!(c.name().parse::<Column>(), Ok(c));
        }
        assert_eq!("steps_lazy".parse::<Column>(), Ok(Column::StepsLazy));
        assert!("drop table".parse::<Column>().is_err());
    }
}
