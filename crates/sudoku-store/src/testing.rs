//! Throw-away databases for tests, on both backends, so that every crate's
//! tests run the same cases against SQLite and against a real PostgreSQL
//! server. Built only with the `testing` feature (the crates' dev-dependencies
//! turn it on); nothing here is part of the trainer a user runs.
//!
//! The PostgreSQL server is the one named by the environment variable
//! `SUDOKU_TEST_PG` (a `postgres://` URL of a user allowed to create
//! databases; `scripts/test` starts one with `scripts/pg`). Each
//! [`TestDatabase`] is a new database on it, dropped again at the end. Without
//! the variable, only SQLite is tested and a notice says so.

use crate::{Database, Location, StoreError};
use postgres::{Client, NoTls};
use std::sync::atomic::{AtomicU64, Ordering};

/// Runs `f` on a thread of its own and returns its result: the PostgreSQL
/// client blocks, which a thread driving async tasks (an async test) must
/// not do.
pub fn blocking<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| match s.spawn(f).join() {
        Ok(v) => v,
        Err(panic) => std::panic::resume_unwind(panic),
    })
}

/// The environment variable naming the test server.
pub const PG_ENV: &str = "SUDOKU_TEST_PG";

/// A database that exists for one test.
pub struct TestDatabase {
    location: Location,
    /// The SQLite file's directory.
    _dir: Option<tempfile::TempDir>,
    /// The server's URL and the database's name, to drop it.
    pg: Option<(String, String)>,
}

impl std::fmt::Debug for TestDatabase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TestDatabase({})", self.location)
    }
}

impl TestDatabase {
    /// A SQLite file in a new temporary directory (not yet created).
    pub fn sqlite() -> TestDatabase {
        let dir = tempfile::tempdir().expect("a temporary directory for the test database");
        let path = dir.path().join("nested").join("puzzles.sqlite");
        TestDatabase {
            location: Location::Sqlite(path),
            _dir: Some(dir),
            pg: None,
        }
    }

    /// A new, empty database on the test server, or `None` (with a notice)
    /// when `SUDOKU_TEST_PG` is not set.
    pub fn postgres() -> Option<TestDatabase> {
        let Ok(server) = std::env::var(PG_ENV) else {
            eprintln!("note: {PG_ENV} is not set, so PostgreSQL is not tested here");
            return None;
        };
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "t_{}_{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed),
            crate::new_id().to_ascii_lowercase()
        );
        blocking(|| {
            let mut admin = Client::connect(&server, NoTls)
                .unwrap_or_else(|e| panic!("{PG_ENV}: cannot connect to the test server: {e}"));
            admin
                .batch_execute(&format!("CREATE DATABASE \"{name}\""))
                .unwrap_or_else(|e| panic!("{PG_ENV}: cannot create a test database: {e}"));
        });
        let url = with_database(&server, &name);
        let location = url.parse().expect("the test database's URL");
        Some(TestDatabase {
            location,
            _dir: None,
            pg: Some((server, name)),
        })
    }

    /// SQLite, and PostgreSQL when a test server is named.
    pub fn all() -> Vec<TestDatabase> {
        let mut out = vec![TestDatabase::sqlite()];
        out.extend(TestDatabase::postgres());
        out
    }

    /// Where it is.
    pub fn location(&self) -> &Location {
        &self.location
    }

    /// Opens (creating and migrating) it.
    pub fn open(&self) -> Result<Database, StoreError> {
        blocking(|| Database::open(&self.location))
    }

    /// Runs `sql` on it directly, past the store (to damage rows or fake a
    /// newer schema). PostgreSQL only; SQLite tests open the file themselves.
    pub fn raw_postgres(&self, sql: &str) {
        let Location::Postgres(url) = &self.location else {
            panic!("raw_postgres on a SQLite test database");
        };
        blocking(|| {
            let mut client = Client::connect(url, NoTls).expect("connect to the test database");
            client
                .batch_execute(sql)
                .expect("raw SQL on the test database");
        });
    }
}

impl TestDatabase {
    /// Runs `sql` on the test server's own database (not this one), e.g. to
    /// refuse or allow connections to this one. PostgreSQL only.
    pub fn raw_server(&self, sql: &str) {
        let Some((server, _)) = &self.pg else {
            panic!("raw_server on a SQLite test database");
        };
        blocking(|| {
            let mut client = Client::connect(server, NoTls).expect("connect to the test server");
            client
                .batch_execute(sql)
                .expect("raw SQL on the test server");
        });
    }

    /// The PostgreSQL database's name.
    pub fn name(&self) -> Option<&str> {
        self.pg.as_ref().map(|(_, name)| name.as_str())
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Some((server, name)) = &self.pg {
            blocking(|| {
                if let Ok(mut admin) = Client::connect(server, NoTls) {
                    let sql = format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)");
                    let _ = admin.batch_execute(&sql);
                }
            });
        }
    }
}

/// `url` with its database replaced by `name`.
pub fn with_database(url: &str, name: &str) -> String {
    let start = url.find("://").map_or(0, |i| i + 3);
    let path = url[start..].find('/').map(|i| start + i);
    let query = url[start..].find('?').map(|i| start + i);
    match (path, query) {
        (Some(p), Some(q)) if p < q => format!("{}/{name}{}", &url[..p], &url[q..]),
        (Some(p), None) => format!("{}/{name}", &url[..p]),
        (_, Some(q)) => format!("{}/{name}{}", &url[..q], &url[q..]),
        (None, None) => format!("{url}/{name}"),
    }
}
