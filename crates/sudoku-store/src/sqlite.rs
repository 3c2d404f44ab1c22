//! The embedded backend: one SQLite file in WAL mode, its schema version in
//! `PRAGMA user_version`. A connection is opened per use (per request in the
//! server); every write is a `BEGIN IMMEDIATE` transaction and a writer waits
//! up to ten seconds for the lock, so concurrent saves lose nothing.

use crate::StoreError;
use crate::sql::{Cell, Sql, Val, check_values};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, TransactionBehavior, params_from_iter};
use std::path::Path;
use std::time::Duration;

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
    // 3: accounts. A puzzle's owner is a user's id (NULL: saved without
    // accounts); sessions are kept by the hash of their token.
    "ALTER TABLE puzzles ADD COLUMN owner TEXT;
     CREATE INDEX puzzles_owner ON puzzles (owner);
     CREATE TABLE users (
        id            TEXT PRIMARY KEY NOT NULL,
        name          TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at    INTEGER NOT NULL
     );
     CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY NOT NULL,
        user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        csrf       TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
     );",
    // 4: login throttling counters shared by every server (`throttle.rs`),
    // idempotency keys of saves, and users found by a key of their name
    // (the web server's normalised form). Existing users get their
    // lower-case name; one whose lower-case name an older user shares gets
    // no key (found by its exact name only), so the unique index holds.
    "CREATE TABLE login_attempts (
        key      TEXT PRIMARY KEY NOT NULL,
        failures INTEGER NOT NULL,
        last_at  INTEGER NOT NULL
     );
     CREATE TABLE idempotency (
        owner      TEXT NOT NULL,
        key        TEXT NOT NULL,
        puzzle_id  TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (owner, key)
     );
     CREATE INDEX idempotency_created ON idempotency (created_at);
     ALTER TABLE users ADD COLUMN name_key TEXT;
     UPDATE users SET name_key = lower(name) WHERE NOT EXISTS (
        SELECT 1 FROM users o WHERE lower(o.name) = lower(users.name)
        AND (o.created_at < users.created_at
             OR (o.created_at = users.created_at AND o.id < users.id)));
     CREATE UNIQUE INDEX users_by_name_key ON users (name_key);",
    // 5: the games each user finished, for their statistics (`history.rs`).
    "CREATE TABLE game_history (
        owner       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        id          TEXT NOT NULL,
        finished_at INTEGER NOT NULL,
        record      TEXT NOT NULL,
        PRIMARY KEY (owner, id)
     );
     CREATE INDEX game_history_finished ON game_history (owner, finished_at);",
];

/// Statements on a SQLite connection (or transaction, which derefs to one).
pub(crate) struct Lite<'a>(pub(crate) &'a Connection);

fn params(params: &[Val]) -> impl Iterator<Item = rusqlite::types::Value> + '_ {
    params.iter().map(|p| match p {
        Val::Int(Some(n)) => rusqlite::types::Value::Integer(*n),
        Val::Text(Some(s)) => rusqlite::types::Value::Text(s.clone()),
        Val::Int(None) | Val::Text(None) => rusqlite::types::Value::Null,
    })
}

impl Sql for Lite<'_> {
    fn execute(&mut self, sql: &str, values: &[Val]) -> Result<u64, StoreError> {
        check_values(values)?;
        let mut stmt = self.0.prepare_cached(sql)?;
        Ok(stmt.execute(params_from_iter(params(values)))? as u64)
    }

    fn query(&mut self, sql: &str, values: &[Val]) -> Result<Vec<Vec<Cell>>, StoreError> {
        check_values(values)?;
        let mut stmt = self.0.prepare_cached(sql)?;
        let width = stmt.column_count();
        let mut rows = stmt.query(params_from_iter(params(values)))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let mut cells = Vec::with_capacity(width);
            for i in 0..width {
                cells.push(match row.get_ref(i)? {
                    ValueRef::Null => Cell::Null,
                    ValueRef::Integer(n) => Cell::Int(n),
                    ValueRef::Text(t) => match std::str::from_utf8(t) {
                        Ok(s) => Cell::Text(s.to_string()),
                        Err(_) => Cell::Other("text that is not UTF-8".into()),
                    },
                    ValueRef::Real(_) => Cell::Other("a real number".into()),
                    ValueRef::Blob(_) => Cell::Other("a blob".into()),
                });
            }
            out.push(cells);
        }
        Ok(out)
    }
}

/// Opens the file at `path` (creating it and its directory) and migrates it.
pub(crate) fn open(path: &Path) -> Result<Connection, StoreError> {
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
    setup(conn, true).map_err(|e| match e {
        StoreError::Sqlite(source) => StoreError::Open {
            path: path.to_path_buf(),
            source,
        },
        other => other,
    })
}

/// A database in memory, migrated.
pub(crate) fn open_in_memory() -> Result<Connection, StoreError> {
    setup(Connection::open_in_memory()?, false)
}

fn setup(mut conn: Connection, file: bool) -> Result<Connection, StoreError> {
    conn.busy_timeout(Duration::from_secs(10))?;
    conn.execute_batch("PRAGMA foreign_keys = ON")?;
    if file {
        // WAL: readers never block the writer; a killed writer's partial
        // transaction is rolled back on the next open.
        let _mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
    }
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > crate::SCHEMA_VERSION {
        return Err(StoreError::TooNew { found: version });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
        tx.execute_batch(sql)?;
        tx.execute_batch(&format!("PRAGMA user_version = {}", i + 1))?;
    }
    tx.commit()?;
    Ok(conn)
}

/// The schema version of the file.
pub(crate) fn schema_version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}

/// Empties the write-ahead log into the file.
pub(crate) fn checkpoint(conn: &Connection) -> Result<(), StoreError> {
    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_migrations_reach_the_schema_version() {
        assert_eq!(super::MIGRATIONS.len() as i64, crate::SCHEMA_VERSION);
    }
}
