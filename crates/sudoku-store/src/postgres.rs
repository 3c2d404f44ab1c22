//! The server backend: PostgreSQL, shared by several `sudoku serve`
//! processes. Connections come from a pool (checked before use, so one the
//! server dropped is replaced rather than failing a request); the schema
//! version lives in the table `sudoku_schema`, and migrations run under an
//! advisory lock, so two servers starting at once migrate once. Every write is
//! one transaction: a client killed in the middle leaves nothing behind, as
//! the server rolls back a transaction whose connection is gone.
//!
//! A lost or unreachable server is [`StoreError::Unavailable`] (the web server
//! answers 503), never a hang: connecting gives up after five seconds and
//! statements after thirty, unless the URL says otherwise.

use crate::sql::{Cell, Sql, Val, check_values};
use crate::{Location, StoreError};
use postgres::types::{ToSql, Type};
use postgres::{Client, Config, GenericClient, NoTls};
use r2d2_postgres::PostgresConnectionManager;
use std::time::Duration;

/// A pooled connection.
pub(crate) type PgConn = r2d2::PooledConnection<PostgresConnectionManager<NoTls>>;

/// A pool of connections to one database. Its connections are closed on a
/// thread of their own when it is dropped: closing one blocks on the
/// client's own runtime, which a thread driving async tasks (the web
/// server's) must not do.
pub(crate) struct Pool(Option<r2d2::Pool<PostgresConnectionManager<NoTls>>>);

impl Drop for Pool {
    fn drop(&mut self) {
        if let Some(pool) = self.0.take() {
            let closing = std::thread::spawn(move || drop(pool));
            let _ = closing.join();
        }
    }
}

/// The most connections one process keeps open.
const POOL_SIZE: u32 = 16;

/// How long a request waits for a free connection (or a new one).
const CHECKOUT: Duration = Duration::from_secs(5);

/// A key for `pg_advisory_xact_lock`: only one process migrates at a time.
const MIGRATION_LOCK: i64 = 0x5344_4b55_5f53_4348; // "SDKU_SCH"

/// The migrations, in order, numbered as SQLite's (see `sqlite.rs`): the
/// same tables with PostgreSQL's types. Integers are `BIGINT` (Rust's `i64`
/// both sides); text sorts bytewise (`COLLATE "C"`), as SQLite's does.
const MIGRATIONS: &[&str] = &[
    "CREATE TABLE puzzles (
        id             TEXT COLLATE \"C\" PRIMARY KEY NOT NULL,
        name           TEXT COLLATE \"C\" NOT NULL,
        variant        TEXT COLLATE \"C\" NOT NULL,
        givens         TEXT NOT NULL CHECK (length(givens) = 81),
        entries        TEXT NOT NULL CHECK (length(entries) = 81),
        given_count    BIGINT NOT NULL,
        status         BIGINT NOT NULL,
        level          BIGINT,
        steps_lazy     BIGINT,
        steps_strict   BIGINT,
        backtrack_runs BIGINT,
        saved_at       BIGINT NOT NULL
    );",
    "ALTER TABLE puzzles ADD COLUMN progress TEXT;",
    "ALTER TABLE puzzles ADD COLUMN owner TEXT COLLATE \"C\";
     CREATE INDEX puzzles_owner ON puzzles (owner);
     CREATE TABLE users (
        id            TEXT COLLATE \"C\" PRIMARY KEY NOT NULL,
        name          TEXT COLLATE \"C\" NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at    BIGINT NOT NULL
     );
     CREATE TABLE sessions (
        token_hash TEXT COLLATE \"C\" PRIMARY KEY NOT NULL,
        user_id    TEXT COLLATE \"C\" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        csrf       TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
     );",
    "CREATE TABLE login_attempts (
        key      TEXT COLLATE \"C\" PRIMARY KEY NOT NULL,
        failures BIGINT NOT NULL,
        last_at  BIGINT NOT NULL
     );
     CREATE TABLE idempotency (
        owner      TEXT COLLATE \"C\" NOT NULL,
        key        TEXT COLLATE \"C\" NOT NULL,
        puzzle_id  TEXT COLLATE \"C\" NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (owner, key)
     );
     CREATE INDEX idempotency_created ON idempotency (created_at);
     ALTER TABLE users ADD COLUMN name_key TEXT COLLATE \"C\";
     UPDATE users SET name_key = lower(name) WHERE NOT EXISTS (
        SELECT 1 FROM users o WHERE lower(o.name) = lower(users.name)
        AND (o.created_at < users.created_at
             OR (o.created_at = users.created_at AND o.id < users.id)));
     CREATE UNIQUE INDEX users_by_name_key ON users (name_key);",
    // 5: the games each user finished, for their statistics (`history.rs`).
    "CREATE TABLE game_history (
        owner       TEXT COLLATE \"C\" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        id          TEXT COLLATE \"C\" NOT NULL,
        finished_at BIGINT NOT NULL,
        record      TEXT NOT NULL,
        PRIMARY KEY (owner, id)
     );
     CREATE INDEX game_history_finished ON game_history (owner, finished_at);",
];

/// Statements on a PostgreSQL client or transaction.
pub(crate) struct Pg<'a, C: GenericClient>(pub(crate) &'a mut C);

/// `?N` placeholders (the store's, SQLite's) as PostgreSQL's `$N`. The store's
/// statements have no `?` anywhere else.
fn placeholders(sql: &str) -> String {
    sql.replace('?', "$")
}

fn boxed(params: &[Val]) -> Vec<Box<dyn ToSql + Sync>> {
    params
        .iter()
        .map(|p| -> Box<dyn ToSql + Sync> {
            match p {
                Val::Int(n) => Box::new(*n),
                Val::Text(s) => Box::new(s.clone()),
            }
        })
        .collect()
}

impl<C: GenericClient> Sql for Pg<'_, C> {
    fn execute(&mut self, sql: &str, values: &[Val]) -> Result<u64, StoreError> {
        check_values(values)?;
        let owned = boxed(values);
        let refs: Vec<&(dyn ToSql + Sync)> = owned.iter().map(|b| b.as_ref()).collect();
        self.0.execute(&placeholders(sql), &refs).map_err(error)
    }

    fn query(&mut self, sql: &str, values: &[Val]) -> Result<Vec<Vec<Cell>>, StoreError> {
        check_values(values)?;
        let owned = boxed(values);
        let refs: Vec<&(dyn ToSql + Sync)> = owned.iter().map(|b| b.as_ref()).collect();
        let rows = self.0.query(&placeholders(sql), &refs).map_err(error)?;
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            let mut cells = Vec::with_capacity(row.len());
            for (i, column) in row.columns().iter().enumerate() {
                let ty = column.type_();
                let cell = if *ty == Type::INT8 {
                    row.try_get::<_, Option<i64>>(i)
                        .map_err(error)?
                        .map_or(Cell::Null, Cell::Int)
                } else if *ty == Type::INT4 {
                    row.try_get::<_, Option<i32>>(i)
                        .map_err(error)?
                        .map_or(Cell::Null, |n| Cell::Int(i64::from(n)))
                } else if *ty == Type::TEXT || *ty == Type::VARCHAR {
                    row.try_get::<_, Option<String>>(i)
                        .map_err(error)?
                        .map_or(Cell::Null, Cell::Text)
                } else {
                    Cell::Other(format!("a value of type {ty}"))
                };
                cells.push(cell);
            }
            out.push(cells);
        }
        Ok(out)
    }
}

/// A PostgreSQL error as the store's: a connection that is gone or cannot be
/// made, and a server too busy to answer in time (see [`busy`]), are
/// [`StoreError::Unavailable`] (try again later); anything else
/// [`StoreError::Postgres`].
pub(crate) fn error(e: postgres::Error) -> StoreError {
    let code = e.code().map(|c| c.code());
    let lost = e.is_closed()
        || code.is_some_and(|code| {
            // 08: connection exception; 57P: operator intervention (the
            // server shutting down or restarting); 53: out of resources.
            code.starts_with("08") || code.starts_with("57P") || code.starts_with("53")
        })
        || std::error::Error::source(&e).is_some_and(|s| s.is::<std::io::Error>());
    if lost {
        StoreError::Unavailable(format!("the PostgreSQL server cannot be reached: {e}"))
    } else if let Some(why) = code.and_then(busy) {
        crate::busy(why)
    } else {
        StoreError::Postgres(describe(&e))
    }
}

/// Why a statement failed that may well succeed when tried again, by its
/// SQLSTATE: it waited too long for a lock or in all, or lost a conflict
/// with another transaction. `None` for any other code.
fn busy(code: &str) -> Option<&'static str> {
    match code {
        "55P03" => Some("a lock was not granted in time"),
        "57014" => Some("a statement took too long"),
        "40001" => Some("a conflicting transaction"),
        "40P01" => Some("a deadlock"),
        _ => None,
    }
}

/// The server's message with its detail, or the client's.
fn describe(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => match db.detail() {
            Some(detail) => format!("{} ({detail})", db.message()),
            None => db.message().to_string(),
        },
        None => e.to_string(),
    }
}

/// The connection settings of `location`'s URL, with the store's defaults
/// for what it leaves open (timeouts, the application name).
fn config(url: &str) -> Result<Config, String> {
    let mut config: Config = url.parse().map_err(|e: postgres::Error| e.to_string())?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CHECKOUT);
    }
    if config.get_options().is_none() {
        config.options("-c statement_timeout=30000 -c lock_timeout=10000");
    }
    if config.get_application_name().is_none() {
        config.application_name("sudoku-trainer");
    }
    config.keepalives_idle(Duration::from_secs(30));
    Ok(config)
}

/// Checks that `url` is a usable connection URL (user, host and database
/// named); the message says what is missing or wrong.
pub(crate) fn check_url(url: &str) -> Result<(), String> {
    let config = config(url)?;
    if config.get_hosts().is_empty() {
        return Err("no host is given (postgres://user[:password]@host[:port]/database)".into());
    }
    if config.get_user().is_none_or(str::is_empty) {
        return Err("no user is given (postgres://user[:password]@host[:port]/database)".into());
    }
    if config.get_dbname().is_none_or(str::is_empty) {
        return Err(
            "no database is given (postgres://user[:password]@host[:port]/database)".into(),
        );
    }
    Ok(())
}

/// Connects once (so a wrong password or an unreachable server is reported
/// with its reason), migrates, and makes the pool.
pub(crate) fn open(location: &Location, url: &str) -> Result<Pool, StoreError> {
    let shown = location.to_string();
    let bad_url = |message: String| StoreError::BadLocation {
        location: shown.clone(),
        message,
    };
    check_url(url).map_err(&bad_url)?;
    let config = config(url).map_err(&bad_url)?;
    let mut client = config.connect(NoTls).map_err(|e| StoreError::Connect {
        location: shown.clone(),
        message: match e.as_db_error() {
            Some(_) => describe(&e),
            None => e.to_string(),
        },
    })?;
    migrate(&mut client)?;
    drop(client);
    let manager = PostgresConnectionManager::new(config, NoTls);
    Ok(Pool(Some(
        r2d2::Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(0))
            .connection_timeout(CHECKOUT)
            .error_handler(Box::new(r2d2::NopErrorHandler))
            .build_unchecked(manager),
    )))
}

/// A connection from the pool, checked to be alive.
pub(crate) fn connect(pool: &Pool, location: &Location) -> Result<PgConn, StoreError> {
    let Some(pool) = &pool.0 else {
        return Err(StoreError::Unavailable(
            "the connection pool is closed".into(),
        ));
    };
    pool.get().map_err(|e| {
        StoreError::Unavailable(format!(
            "no connection to the puzzle database {location} within {} s: {e}",
            CHECKOUT.as_secs()
        ))
    })
}

fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let mut tx = client.transaction().map_err(error)?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .map_err(error)?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS sudoku_schema (version BIGINT NOT NULL)")
        .map_err(error)?;
    let rows = tx
        .query("SELECT version FROM sudoku_schema", &[])
        .map_err(error)?;
    let version: i64 = match rows.first() {
        Some(row) => row.try_get(0).map_err(error)?,
        None => {
            tx.execute("INSERT INTO sudoku_schema (version) VALUES (0)", &[])
                .map_err(error)?;
            0
        }
    };
    if version > crate::SCHEMA_VERSION {
        return Err(StoreError::TooNew { found: version });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version.max(0) as usize) {
        tx.batch_execute(sql).map_err(error)?;
        let next = i as i64 + 1;
        tx.execute("UPDATE sudoku_schema SET version = $1", &[&next])
            .map_err(error)?;
    }
    tx.commit().map_err(error)
}

/// The schema version of the database.
pub(crate) fn schema_version(client: &mut PgConn) -> Result<i64, StoreError> {
    let row = client
        .query_one("SELECT version FROM sudoku_schema", &[])
        .map_err(error)?;
    row.try_get(0).map_err(error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_migrations_reach_the_schema_version() {
        assert_eq!(MIGRATIONS.len() as i64, crate::SCHEMA_VERSION);
    }

    #[test]
    fn urls_name_what_is_missing() {
        assert!(check_url("postgres://u:p@localhost:5432/db").is_ok());
        assert!(check_url("postgres://u@localhost/db").is_ok());
        let e = check_url("postgres://localhost/db").expect_err("no user");
        assert!(e.contains("no user"), "{e}");
        let e = check_url("postgres://u@localhost").expect_err("no database");
        assert!(e.contains("no database"), "{e}");
        assert!(check_url("postgres://u@localhost:notaport/db").is_err());
    }

    #[test]
    fn timeouts_and_conflicts_are_busy() {
        for code in ["55P03", "57014", "40001", "40P01"] {
            assert!(busy(code).is_some(), "{code}");
        }
        for code in ["23505", "22021", "42P01", "XX000"] {
            assert!(busy(code).is_none(), "{code}");
        }
    }

    #[test]
    fn placeholders_become_dollars() {
        assert_eq!(
            placeholders("UPDATE t SET a = ?2 WHERE id = ?1"),
            "UPDATE t SET a = $2 WHERE id = $1"
        );
    }
}
