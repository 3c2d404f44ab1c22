//! The puzzle table: save (also once per idempotency key), overwrite, load,
//! delete, list and count, each written once against the backends' common
//! interface (`sql.rs`) and each limited to the store's [`Scope`]: a puzzle
//! outside it is "not found", so another user's ids reveal nothing, not even
//! that they exist.

use crate::sql::{Cell, Conn, Sql, Val};
use crate::{
    MAX_IDEMPOTENCY_KEY, Progress, Puzzle, Record, Scope, Sort, Stats, Status, Store, StoreError,
    check_puzzle, level_code, line, new_id, progress_json, sqlite, to_record,
};
use sudoku_core::Variant;
use sudoku_trainer::{Level, wire};

const SELECT: &str = "SELECT id, name, variant, givens, entries, given_count, status, level, \
     steps_lazy, steps_strict, backtrack_runs, saved_at, progress FROM puzzles";

impl Store {
    /// Opens (creating on first use, with its directory) the SQLite database
    /// at `path` and migrates it to the current schema; the store sees all
    /// puzzles.
    pub fn open(path: &std::path::Path) -> Result<Store, StoreError> {
        Ok(Store {
            conn: Conn::Sqlite(sqlite::open(path)?),
            scope: Scope::All,
        })
    }

    /// A SQLite database in memory (for tests and throw-away sessions).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        Ok(Store {
            conn: Conn::Sqlite(sqlite::open_in_memory()?),
            scope: Scope::All,
        })
    }

    /// The same connection limited to `scope`.
    pub fn within(mut self, scope: Scope) -> Store {
        self.scope = scope;
        self
    }

    /// The scope this store works in.
    pub fn scope(&self) -> &Scope {
        &self.scope
    }

    /// The schema version of the open database.
    pub fn schema_version(&mut self) -> Result<i64, StoreError> {
        match &mut self.conn {
            Conn::Sqlite(c) => sqlite::schema_version(c),
            Conn::Postgres(c) => crate::postgres::schema_version(c),
        }
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
        let owner = self.owner();
        self.conn.write(|tx| {
            let mut out = Vec::with_capacity(puzzles.len());
            for p in puzzles {
                out.push(insert(tx, to_record(new_id(), p), &owner)?);
            }
            Ok(out)
        })
    }

    /// Saves `puzzle` as [`save`](Store::save) does, once per idempotency
    /// `key`: the first call with a key saves and returns the record with
    /// `true`; a later one (a retried request) saves nothing and returns the
    /// puzzle saved then with `false` — or [`StoreError::NotFound`] of its
    /// id if it has been deleted since. Keys are per owner (the scope's user;
    /// one space for the puzzles without owner) and must be 1 to
    /// [`MAX_IDEMPOTENCY_KEY`] visible ASCII characters, else
    /// [`StoreError::BadIdempotencyKey`].
    ///
    /// One transaction; concurrent calls with one key, on any connections,
    /// save one puzzle between them (the key's row is claimed first, and the
    /// database lets only one claim it).
    pub fn save_once(&mut self, key: &str, puzzle: &Puzzle) -> Result<(Record, bool), StoreError> {
        check_key(key)?;
        check_puzzle(puzzle)?;
        let owner = self.owner();
        let key_owner = Val::from(owner.clone().unwrap_or_default());
        let (filter, extra) = self.filter(2);
        self.conn.write(|tx| {
            let record = to_record(new_id(), puzzle);
            let claimed = tx.execute(
                "INSERT INTO idempotency (owner, key, puzzle_id, created_at) \
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING",
                &[
                    key_owner.clone(),
                    Val::from(key),
                    Val::from(record.id.as_str()),
                    Val::from(record.saved_at),
                ],
            )?;
            if claimed == 1 {
                let first_id = record.id.clone();
                let record = insert(tx, record, &owner)?;
                if record.id != first_id {
                    tx.execute(
                        "UPDATE idempotency SET puzzle_id = ?3 WHERE owner = ?1 AND key = ?2",
                        &[key_owner, Val::from(key), Val::from(record.id.as_str())],
                    )?;
                }
                return Ok((record, true));
            }
            let rows = tx.query(
                "SELECT puzzle_id FROM idempotency WHERE owner = ?1 AND key = ?2",
                &[key_owner, Val::from(key)],
            )?;
            let id = match rows.first().and_then(|r| r.first()) {
                Some(Cell::Text(id)) => id.clone(),
                other => {
                    return Err(StoreError::BadRow {
                        id: "?".into(),
                        column: "idempotency",
                        message: format!(
                            "the puzzle of a key is {}",
                            other.map_or("missing".into(), Cell::kind)
                        ),
                    });
                }
            };
            let mut values = vec![Val::from(id.as_str())];
            values.extend(extra);
            let rows = tx.query(&format!("{SELECT} WHERE id = ?1 AND {filter}"), &values)?;
            match rows.into_iter().next() {
                Some(row) => Ok((decode(row)?, false)),
                None => Err(StoreError::NotFound(id)),
            }
        })
    }

    /// Forgets the idempotency keys recorded at `now` more than
    /// `older_than` seconds ago (a retry after that saves anew); how many.
    pub fn prune_idempotency(&mut self, now: i64, older_than: i64) -> Result<u64, StoreError> {
        self.conn.write(|tx| {
            tx.execute(
                "DELETE FROM idempotency WHERE created_at < ?1",
                &[Val::from(now.saturating_sub(older_than))],
            )
        })
    }

    /// Replaces the puzzle saved under `id` (the seed's "Überschreiben").
    pub fn overwrite(&mut self, id: &str, puzzle: &Puzzle) -> Result<Record, StoreError> {
        check_puzzle(puzzle)?;
        let record = to_record(id.to_string(), puzzle);
        let (filter, extra) = self.filter(14);
        self.conn.write(|tx| {
            let mut values = values_of(&record);
            values.extend(extra);
            let changed = tx.execute(
                &format!(
                    "UPDATE puzzles SET name = ?2, variant = ?3, givens = ?4, entries = ?5, \
                     given_count = ?6, status = ?7, level = ?8, steps_lazy = ?9, \
                     steps_strict = ?10, backtrack_runs = ?11, saved_at = ?12, progress = ?13 \
                     WHERE id = ?1 AND {filter}"
                ),
                &values,
            )?;
            if changed == 0 {
                return Err(StoreError::NotFound(id.to_string()));
            }
            Ok(record)
        })
    }

    /// The puzzle saved under `id`.
    pub fn load(&mut self, id: &str) -> Result<Record, StoreError> {
        let (filter, extra) = self.filter(2);
        let mut values = vec![Val::from(id)];
        values.extend(extra);
        let rows = self
            .conn
            .read(|sql| sql.query(&format!("{SELECT} WHERE id = ?1 AND {filter}"), &values))?;
        match rows.into_iter().next() {
            Some(row) => decode(row),
            None => Err(StoreError::NotFound(id.to_string())),
        }
    }

    /// Deletes the puzzle saved under `id`.
    pub fn delete(&mut self, id: &str) -> Result<(), StoreError> {
        let (filter, extra) = self.filter(2);
        let mut values = vec![Val::from(id)];
        values.extend(extra);
        self.conn.write(|tx| {
            let changed = tx.execute(
                &format!("DELETE FROM puzzles WHERE id = ?1 AND {filter}"),
                &values,
            )?;
            if changed == 0 {
                return Err(StoreError::NotFound(id.to_string()));
            }
            Ok(())
        })
    }

    /// Every puzzle in scope, sorted by `sort` (ties by id; unknown values
    /// last ascending, first descending).
    pub fn list(&mut self, sort: Sort) -> Result<Vec<Record>, StoreError> {
        let dir = if sort.descending { "DESC" } else { "ASC" };
        let (filter, values) = self.filter(1);
        let sql = format!(
            "{SELECT} WHERE {filter} ORDER BY {col} IS NULL {dir}, {col} {dir}, id {dir}",
            col = sort.column.sql(matches!(self.conn, Conn::Postgres(_))),
        );
        let rows = self.conn.read(|s| s.query(&sql, &values))?;
        rows.into_iter().map(decode).collect()
    }

    /// Moves everything in SQLite's write-ahead log into the database file
    /// and empties the log (on a clean stop: the file alone then holds every
    /// save). In memory, with no log, or on PostgreSQL, nothing is to do.
    pub fn checkpoint(&mut self) -> Result<(), StoreError> {
        match &self.conn {
            Conn::Sqlite(c) => sqlite::checkpoint(c),
            Conn::Postgres(_) => Ok(()),
        }
    }

    /// The number of puzzles in scope.
    pub fn count(&mut self) -> Result<u64, StoreError> {
        let (filter, values) = self.filter(1);
        let rows = self.conn.read(|s| {
            s.query(
                &format!("SELECT count(*) FROM puzzles WHERE {filter}"),
                &values,
            )
        })?;
        match rows.first().and_then(|r| r.first()) {
            Some(Cell::Int(n)) => Ok((*n).max(0) as u64),
            other => Err(StoreError::Postgres(format!(
                "count(*) gave {}",
                other.map_or("nothing".into(), Cell::kind)
            ))),
        }
    }

    /// The owner new puzzles get.
    fn owner(&self) -> Option<String> {
        match &self.scope {
            Scope::User(id) => Some(id.clone()),
            Scope::All | Scope::Unowned => None,
        }
    }

    /// The condition limiting rows to the scope, its placeholder numbered
    /// `n`, with the value to bind (if any).
    fn filter(&self, n: usize) -> (String, Vec<Val>) {
        match &self.scope {
            Scope::All => ("TRUE".into(), Vec::new()),
            Scope::Unowned => ("owner IS NULL".into(), Vec::new()),
            Scope::User(id) => (format!("owner = ?{n}"), vec![Val::from(id.as_str())]),
        }
    }
}

/// Inserts `record` for `owner`, drawing a new id in the astronomically
/// unlikely case that its id is taken; the record as saved.
fn insert(
    tx: &mut dyn Sql,
    mut record: Record,
    owner: &Option<String>,
) -> Result<Record, StoreError> {
    for _ in 0..6 {
        let mut values = values_of(&record);
        values.push(Val::Text(owner.clone()));
        let inserted = tx.execute(
            "INSERT INTO puzzles (id, name, variant, givens, entries, given_count, \
             status, level, steps_lazy, steps_strict, backtrack_runs, saved_at, \
             progress, owner) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) \
             ON CONFLICT (id) DO NOTHING",
            &values,
        )?;
        if inserted == 1 {
            return Ok(record);
        }
        record.id = new_id();
    }
    Err(StoreError::NotFound(
        "(no free id for a new puzzle)".to_string(),
    ))
}

/// Checks an idempotency key: 1 to [`MAX_IDEMPOTENCY_KEY`] visible ASCII
/// characters. The message does not repeat the key.
fn check_key(key: &str) -> Result<(), StoreError> {
    let n = key.chars().count();
    if n == 0 || n > MAX_IDEMPOTENCY_KEY {
        return Err(StoreError::BadIdempotencyKey(format!("has {n} characters")));
    }
    if let Some(i) = key.chars().position(|c| !c.is_ascii_graphic()) {
        return Err(StoreError::BadIdempotencyKey(format!(
            "has a character that is not visible ASCII at position {}",
            i + 1
        )));
    }
    Ok(())
}

/// The values of a record's columns, in the order of the INSERT and UPDATE
/// statements' placeholders 1 to 13.
fn values_of(r: &crate::Record) -> Vec<Val> {
    let p = &r.puzzle;
    let stat = |f: fn(&Stats) -> u64| Val::Int(p.stats.as_ref().map(|s| f(s) as i64));
    vec![
        Val::from(r.id.as_str()),
        Val::from(p.name.as_str()),
        Val::from(p.variant.name()),
        Val::from(line(&p.givens)),
        Val::from(line(&p.entries)),
        Val::from(i64::from(r.given_count)),
        Val::from(r.status.code()),
        Val::Int(p.level.map(level_code)),
        stat(|s| s.steps_lazy),
        stat(|s| s.steps_strict),
        stat(|s| s.backtrack_runs),
        Val::from(r.saved_at),
        Val::Text(p.progress.as_ref().map(progress_json)),
    ]
}

/// Checks a row read with [`SELECT`] and turns it into a record; what is
/// wrong is named with the row's id and column.
fn decode(row: Vec<Cell>) -> Result<Record, StoreError> {
    let mut cells = row.into_iter();
    let mut next = || cells.next().unwrap_or(Cell::Null);
    let id = match next() {
        Cell::Text(id) => id,
        other => {
            return Err(StoreError::BadRow {
                id: "?".into(),
                column: "id",
                message: format!("{} instead of text", other.kind()),
            });
        }
    };
    let bad = |column: &'static str, message: String| StoreError::BadRow {
        id: id.clone(),
        column,
        message,
    };
    let text = |column: &'static str, cell: Cell| match cell {
        Cell::Text(s) => Ok(s),
        other => Err(bad(column, format!("{} instead of text", other.kind()))),
    };
    let opt_text = |column: &'static str, cell: Cell| match cell {
        Cell::Null => Ok(None),
        Cell::Text(s) => Ok(Some(s)),
        other => Err(bad(column, format!("{} instead of text", other.kind()))),
    };
    let int = |column: &'static str, cell: Cell| match cell {
        Cell::Int(n) => Ok(n),
        other => Err(bad(
            column,
            format!("{} instead of an integer", other.kind()),
        )),
    };
    let opt_int = |column: &'static str, cell: Cell| match cell {
        Cell::Null => Ok(None),
        Cell::Int(n) => Ok(Some(n)),
        other => Err(bad(
            column,
            format!("{} instead of an integer", other.kind()),
        )),
    };
    let name = text("name", next())?;
    let variant = text("variant", next())?;
    let givens = text("givens", next())?;
    let entries = text("entries", next())?;
    let given_count = int("given_count", next())?;
    let status = int("status", next())?;
    let level = opt_int("level", next())?;
    let steps_lazy = opt_int("steps_lazy", next())?;
    let steps_strict = opt_int("steps_strict", next())?;
    let backtrack_runs = opt_int("backtrack_runs", next())?;
    let saved_at = int("saved_at", next())?;
    let progress = opt_text("progress", next())?;

    let variant: Variant = variant
        .parse()
        .map_err(|e: sudoku_core::UnknownVariant| bad("variant", e.to_string()))?;
    let givens = wire::parse_grid(&givens).map_err(|m| bad("givens", m))?;
    let entries = wire::parse_grid(&entries).map_err(|m| bad("entries", m))?;
    let status =
        Status::from_code(status).ok_or_else(|| bad("status", format!("unknown code {status}")))?;
    let level = match level {
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
    let stats = match (steps_lazy, steps_strict, backtrack_runs) {
        (Some(l), Some(s), Some(b)) => Some(Stats {
            steps_lazy: count("steps_lazy", l)?,
            steps_strict: count("steps_strict", s)?,
            backtrack_runs: count("backtrack_runs", b)?,
        }),
        _ => None,
    };
    let progress = match &progress {
        None => None,
        Some(text) => {
            let p: Progress =
                serde_json::from_str(text).map_err(|e| bad("progress", e.to_string()))?;
            p.check().map_err(|m| bad("progress", m))?;
            Some(p)
        }
    };
    let given_count = u8::try_from(given_count)
        .ok()
        .filter(|&n| n <= 81)
        .ok_or_else(|| bad("given_count", format!("{given_count} is not in 0..=81")))?;
    Ok(Record {
        puzzle: Puzzle {
            name,
            variant,
            givens,
            entries,
            level,
            stats,
            progress,
        },
        id,
        given_count,
        status,
        saved_at,
    })
}
