//! The puzzle database (SPEC §3.8, the seed's "Puzzle-Datenbank"): saved
//! puzzles with their trainer statistics, and the accounts that own them.
//!
//! * Two backends behind one interface, chosen by the [`Location`] (the
//!   `--db` value): an embedded SQLite file (the default, a path) or a
//!   PostgreSQL server (`postgres://user[:password]@host[:port]/database`)
//!   that several trainer servers share. [`Database::open`] creates or
//!   migrates the schema up to [`SCHEMA_VERSION`] (a database of a newer
//!   program is refused rather than damaged); [`Database::connect`] gives a
//!   [`Store`], one connection, per request.
//! * [`Store::save`] gives a new puzzle a unique id, [`Store::overwrite`],
//!   [`Store::load`] and [`Store::delete`] work on one id, [`Store::list`] sorts by
//!   any [`Column`] either way, [`Store::save_all`] imports many at once. A
//!   store works within a [`Scope`]: one user's puzzles, the puzzles saved
//!   without accounts, or (for the command line) all.
//! * Every write is one transaction, so a process killed in the middle leaves
//!   either the whole row or none, and several connections can save
//!   concurrently without losing a row.
//! * Text is checked before it is sent: a NUL character, which PostgreSQL
//!   cannot store and SQLite can, is [`StoreError::BadText`] on both, and a
//!   busy or deadlocked PostgreSQL server is [`StoreError::Unavailable`]
//!   (try again), so both backends answer the same input the same way.
//! * [`Store::save_once`] saves under an idempotency key at most once, so a
//!   retried request never duplicates a puzzle; [`Store::attempt`] keeps
//!   login throttling counters in the database, so several servers sharing
//!   it allow no more guesses than one.
//! * Rows are decoded defensively: a row damaged from outside gives a
//!   [`StoreError::BadRow`] naming the id and column, never a panic.
//! * With the `testing` feature, `testing` makes throw-away databases on
//!   both backends, so other crates' tests run their cases on both.
#![warn(missing_docs)]

mod accounts;
mod history;
mod location;
mod postgres;
mod puzzles;
mod sql;
mod sqlite;
#[cfg(feature = "testing")]
pub mod testing;
mod throttle;

pub use accounts::{Session, User};
pub use history::{GameRecord, MAX_GAMES};
pub use location::{BadLocation, Location};
pub use throttle::Backoff;

use serde::{Deserialize, Serialize};
use std::collections::hash_map::RandomState;
use std::fmt;
use std::hash::{BuildHasher, Hasher};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};
use sudoku_core::{Grid, Variant};
use sudoku_trainer::{Level, Rating, wire};

/// The schema version this program writes (SQLite's `user_version`, the
/// table `sudoku_schema` on PostgreSQL).
pub const SCHEMA_VERSION: i64 = 5;

/// The longest name accepted, in characters.
pub const MAX_NAME: usize = 200;

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
    Sqlite(rusqlite::Error),
    /// The `--db` value is not a usable location.
    #[error("bad database location '{location}': {message}")]
    BadLocation {
        /// The location, password masked.
        location: String,
        /// What is wrong.
        message: String,
    },
    /// The database server refused the connection (a wrong password, an
    /// unknown database) or could not be reached when opening.
    #[error("cannot connect to the puzzle database {location}: {message}")]
    Connect {
        /// The location, password masked.
        location: String,
        /// What the server or the network said.
        message: String,
    },
    /// The database server is gone or busy: try again later (a 503).
    #[error("{0}")]
    Unavailable(String),
    /// Any other PostgreSQL error.
    #[error("database error: {0}")]
    Postgres(String),
    /// A user name already registered (or one with the same key).
    #[error("the user name '{0}' is taken")]
    NameTaken(String),
    /// Text the database cannot keep (a NUL character), refused before it
    /// reaches either backend, so both answer alike: bad input (a 4xx).
    #[error("{what} {detail}")]
    BadText {
        /// What the text is ("the name", "a text value").
        what: &'static str,
        /// What is wrong with it.
        detail: &'static str,
    },
    /// An idempotency key that is not 1 to [`MAX_IDEMPOTENCY_KEY`] visible
    /// ASCII characters (bad input, a 4xx).
    #[error(
        "the idempotency key {0}; it must be 1 to {MAX_IDEMPOTENCY_KEY} visible ASCII characters"
    )]
    BadIdempotencyKey(String),
}

/// The longest idempotency key accepted ([`Store::save_once`]), in characters.
pub const MAX_IDEMPOTENCY_KEY: usize = 100;

impl StoreError {
    /// Whether the request was at fault (a 4xx for the web), not the
    /// database: an id not found, a name too long or taken, bad progress,
    /// text with a NUL character, a bad idempotency key.
    pub fn is_client_error(&self) -> bool {
        matches!(
            self,
            StoreError::NotFound(_)
                | StoreError::NameTooLong(_)
                | StoreError::BadProgress(_)
                | StoreError::NameTaken(_)
                | StoreError::BadText { .. }
                | StoreError::BadIdempotencyKey(_)
        )
    }
}

impl From<rusqlite::Error> for StoreError {
    /// A file locked by another writer for longer than the busy timeout is
    /// [`StoreError::Unavailable`], as a lock timeout on PostgreSQL is;
    /// anything else [`StoreError::Sqlite`].
    fn from(e: rusqlite::Error) -> StoreError {
        match e.sqlite_error_code() {
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
                busy("a lock was not granted in time")
            }
            _ => StoreError::Sqlite(e),
        }
    }
}

/// The database could not serve a statement now but may well in a moment:
/// [`StoreError::Unavailable`] with `why`, worded alike on both backends
/// (the server's own text names tables and statements; the cause is all a
/// client needs).
pub(crate) fn busy(why: &str) -> StoreError {
    StoreError::Unavailable(format!("the puzzle database is busy ({why}); try again"))
}

impl From<BadLocation> for StoreError {
    fn from(e: BadLocation) -> StoreError {
        StoreError::BadLocation {
            location: e.shown,
            message: e.message,
        }
    }
}

/// Whose puzzles a [`Store`] sees and writes.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum Scope {
    /// Every puzzle; new ones are saved without an owner (the command line,
    /// which has the database file or server at hand anyway).
    #[default]
    All,
    /// Only puzzles saved without accounts (a server without `--accounts`).
    Unowned,
    /// Only this user's puzzles (by user id); new ones belong to them.
    User(String),
}

/// An open database: a SQLite file or a PostgreSQL server's pool of
/// connections. Cheap to clone; shared by a server's requests.
#[derive(Clone, Debug)]
pub struct Database {
    inner: Arc<Backend>,
    location: Location,
}

enum Backend {
    Sqlite(PathBuf),
    Postgres(postgres::Pool),
}

impl fmt::Debug for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Backend::Sqlite(p) => f.debug_tuple("Sqlite").field(p).finish(),
            Backend::Postgres(_) => f.write_str("Postgres"),
        }
    }
}

impl Database {
    /// Opens the database at `location`, creating (a SQLite file and its
    /// directory) and migrating it to the current schema. For PostgreSQL this
    /// connects once, so a wrong password or an unreachable server is
    /// reported here with its reason.
    pub fn open(location: &Location) -> Result<Database, StoreError> {
        let inner = match location {
            Location::Sqlite(path) => {
                sqlite::open(path)?;
                Backend::Sqlite(path.clone())
            }
            Location::Postgres(url) => Backend::Postgres(postgres::open(location, url)?),
        };
        Ok(Database {
            inner: Arc::new(inner),
            location: location.clone(),
        })
    }

    /// A connection, as a [`Store`] seeing everything ([`Scope::All`]).
    pub fn connect(&self) -> Result<Store, StoreError> {
        let conn = match &*self.inner {
            Backend::Sqlite(path) => sql::Conn::Sqlite(sqlite::open(path)?),
            Backend::Postgres(pool) => {
                sql::Conn::Postgres(Box::new(postgres::connect(pool, &self.location)?))
            }
        };
        Ok(Store {
            conn,
            scope: Scope::All,
        })
    }

    /// Where it is (password masked when shown).
    pub fn location(&self) -> &Location {
        &self.location
    }
}

/// One connection to the puzzle database, working within a [`Scope`].
#[derive(Debug)]
pub struct Store {
    conn: sql::Conn,
    scope: Scope,
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
    /// Names sort ignoring ASCII case on both backends.
    fn sql(self, postgres: bool) -> &'static str {
        match self {
            Column::Id => "id",
            Column::Name if postgres => "lower(name)",
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

fn check_name(name: &str) -> Result<(), StoreError> {
    let n = name.chars().count();
    if n > MAX_NAME {
        return Err(StoreError::NameTooLong(n));
    }
    check_text("the name", name)
}

/// Refuses text neither backend can keep alike: PostgreSQL cannot store a
/// NUL character at all, SQLite can; both refuse it here, before sending.
pub(crate) fn check_text(what: &'static str, text: &str) -> Result<(), StoreError> {
    if text.contains('\0') {
        return Err(StoreError::BadText {
            what,
            detail: "contains a NUL character (U+0000), which the database cannot keep",
        });
    }
    Ok(())
}

/// Now, in seconds since 1970 (UTC), as the store keeps times.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

impl Puzzle {
    /// Checks what the store refuses to write, before writing: a name too
    /// long ([`StoreError::NameTooLong`]) or with a NUL character
    /// ([`StoreError::BadText`]), a progress out of bounds
    /// ([`StoreError::BadProgress`]). An importer checks each line with it,
    /// so one bad line does not fail a whole batch.
    pub fn check(&self) -> Result<(), StoreError> {
        check_puzzle(self)
    }
}

/// What the store refuses to write: a name too long or with a NUL
/// character, a progress out of bounds.
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

fn progress_json(p: &Progress) -> String {
    // Plain data with string keys: serialising cannot fail.
    serde_json::to_string(p).unwrap_or_default()
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
    fn a_busy_sqlite_file_is_unavailable() {
        for code in [rusqlite::ffi::SQLITE_BUSY, rusqlite::ffi::SQLITE_LOCKED] {
            let e = rusqlite::Error::SqliteFailure(rusqlite::ffi::Error::new(code), None);
            assert!(
                matches!(StoreError::from(e), StoreError::Unavailable(_)),
                "{code}"
            );
        }
        let e = rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CONSTRAINT),
            None,
        );
        assert!(matches!(StoreError::from(e), StoreError::Sqlite(_)));
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
