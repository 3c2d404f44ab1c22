//! The one interface both backends offer the store: run a statement with
//! parameters, read rows as plain cells, and run a closure inside a
//! transaction. Every query of the store is written once against it (with
//! SQLite's `?N` placeholders; the PostgreSQL side turns them into `$N`), so
//! SQLite and PostgreSQL cannot drift apart in what they store or return.

use crate::StoreError;
use crate::postgres::PgConn;

/// A parameter: typed even when NULL (PostgreSQL wants to know the type).
#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// An integer column (`INTEGER` / `BIGINT`).
    Int(Option<i64>),
    /// A text column.
    Text(Option<String>),
}

impl From<&str> for Val {
    fn from(s: &str) -> Val {
        Val::Text(Some(s.to_string()))
    }
}

impl From<String> for Val {
    fn from(s: String) -> Val {
        Val::Text(Some(s))
    }
}

impl From<i64> for Val {
    fn from(n: i64) -> Val {
        Val::Int(Some(n))
    }
}

/// Refuses any text parameter the backends would treat differently (a NUL
/// character: PostgreSQL refuses it, SQLite keeps it). Both backends call
/// it before every statement, so no such text reaches either server.
pub(crate) fn check_values(values: &[Val]) -> Result<(), StoreError> {
    for v in values {
        if let Val::Text(Some(s)) = v {
            crate::check_text("a text value", s)?;
        }
    }
    Ok(())
}

/// A value read back, before the store checks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Cell {
    Null,
    Int(i64),
    Text(String),
    /// A value of a type the store never writes (a row damaged from outside).
    Other(String),
}

impl Cell {
    /// What kind of value this is, for error messages.
    pub(crate) fn kind(&self) -> String {
        match self {
            Cell::Null => "NULL".into(),
            Cell::Int(_) => "an integer".into(),
            Cell::Text(_) => "text".into(),
            Cell::Other(t) => t.clone(),
        }
    }
}

/// Statements within one connection or transaction.
pub(crate) trait Sql {
    /// Runs a statement; the number of rows it changed.
    fn execute(&mut self, sql: &str, params: &[Val]) -> Result<u64, StoreError>;
    /// Runs a query; its rows.
    fn query(&mut self, sql: &str, params: &[Val]) -> Result<Vec<Vec<Cell>>, StoreError>;
}

/// An open connection of either backend.
pub(crate) enum Conn {
    Sqlite(rusqlite::Connection),
    Postgres(Box<PgConn>),
}

impl std::fmt::Debug for Conn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Conn::Sqlite(c) => f.debug_tuple("Sqlite").field(c).finish(),
            Conn::Postgres(_) => f.write_str("Postgres"),
        }
    }
}

impl Conn {
    /// Runs `work` outside a transaction (single reads).
    pub(crate) fn read<T>(
        &mut self,
        work: impl FnOnce(&mut dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match self {
            Conn::Sqlite(c) => work(&mut crate::sqlite::Lite(c)),
            Conn::Postgres(c) => work(&mut crate::postgres::Pg(&mut ***c)),
        }
    }

    /// Runs `work` in one transaction, committed when it returns `Ok` and
    /// rolled back otherwise (also when the process dies in the middle).
    pub(crate) fn write<T>(
        &mut self,
        work: impl FnOnce(&mut dyn Sql) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        match self {
            Conn::Sqlite(c) => {
                let tx = c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
                let value = work(&mut crate::sqlite::Lite(&tx))?;
                tx.commit()?;
                Ok(value)
            }
            Conn::Postgres(c) => {
                let mut tx = c.transaction().map_err(crate::postgres::error)?;
                let value = work(&mut crate::postgres::Pg(&mut tx))?;
                tx.commit().map_err(crate::postgres::error)?;
                Ok(value)
            }
        }
    }
}
