//! The puzzle database over HTTP: save as, overwrite, load, delete and the
//! sorted table. Each request takes its own connection (a new one to the
//! SQLite file, or one from the PostgreSQL pool) on the blocking pool; every
//! write is one transaction, so concurrent saves lose nothing. Each request
//! works within its [`Owner`]'s scope (see [`crate::accounts`]). A database
//! that cannot be reached is a 503 with `Retry-After`, never a hang.
//!
//! The server computes a saved puzzle's level and statistics itself with the
//! trainer engine; nothing the client claims about them is stored.

use crate::accounts::Owner;
use crate::api::RATE_MAX_STEPS;
use crate::codes::ErrorCode;
use crate::error::{ApiError, ApiJson};
use crate::{AppState, Caller};
use axum::Json;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use sudoku_core::{Grid, Variant};
use sudoku_store::{Column, Progress, Puzzle, Record, Scope, Sort, Stats, Store, StoreError};
use sudoku_trainer::wire;

/// The answer for an error of the store: bad input is a 4xx; any failure of
/// the database itself (gone, busy, locked, a damaged row) is a 503 that may
/// be asked again in two seconds, and what the database said goes to the
/// server's log (stderr), never to the client.
pub(crate) fn store_error(e: StoreError) -> ApiError {
    let detail = e.to_string();
    let code = ErrorCode::from(e);
    match code {
        ErrorCode::DatabaseUnavailable => {
            eprintln!("sudoku serve: database: {detail}");
            ApiError::from(code).retry_after(2)
        }
        _ => code.into(),
    }
}

fn record_json(r: &Record) -> Value {
    let mut v = json!(r);
    if let Value::Object(map) = &mut v {
        map.insert("date".into(), json!(r.date()));
    }
    v
}

/// What the page saves.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveReq {
    /// The name (need not be unique).
    pub name: String,
    /// The givens.
    #[serde(with = "wire::grid")]
    pub givens: Grid,
    /// The entries.
    #[serde(default = "empty", with = "wire::grid")]
    pub entries: Grid,
    /// The variant.
    #[serde(default = "standard", with = "wire::variant")]
    pub variant: Variant,
    /// The player's pencil marks, undo history and clock.
    #[serde(default)]
    pub progress: Option<Progress>,
}

fn empty() -> Grid {
    Grid::EMPTY
}

fn standard() -> Variant {
    Variant::Standard
}

fn puzzle_of(req: SaveReq) -> Result<Puzzle, ApiError> {
    if req.name.chars().count() > sudoku_store::MAX_NAME {
        return Err(store_error(StoreError::NameTooLong(
            req.name.chars().count(),
        )));
    }
    // Checked once; the trainer's statistics take the checked puzzle.
    let checked = sudoku_core::Puzzle::new(req.givens, req.variant)
        .map_err(|c| ErrorCode::GivensClash { clash: c.into() })?;
    let mut p = Puzzle::new(req.name.trim(), req.givens, req.variant);
    p.entries = req.entries;
    p.progress = req.progress;
    if let Ok(r) = sudoku_trainer::rate_puzzle(&checked, 0, RATE_MAX_STEPS) {
        p.level = Some(r.level);
        p.stats = Some(Stats::from(&r));
    }
    Ok(p)
}

impl AppState {
    /// Runs `f` on a connection within `scope`, on the blocking pool.
    pub(crate) async fn with_store<T: Send + 'static>(
        &self,
        scope: Scope,
        f: impl FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let db = self.db.clone();
        tokio::task::spawn_blocking(move || {
            let mut store = db.connect()?.within(scope);
            f(&mut store)
        })
        .await
        .map_err(ErrorCode::from)?
        .map_err(store_error)
    }
}

fn id_of(path: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    let Path(id) = path.map_err(|e| ErrorCode::BadRequest {
        detail: format!("bad puzzle id: {e}"),
    })?;
    if id.is_empty()
        || id.len() > 64
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(ErrorCode::BadPuzzleId {
            id: id.chars().take(80).collect(),
        }
        .into());
    }
    Ok(id)
}

/// `GET /api/puzzles?sort=COLUMN&desc=true`: the table.
pub async fn list(
    State(state): State<AppState>,
    Owner(scope): Owner,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(q) = query.map_err(|e| ErrorCode::BadRequest {
        detail: format!("bad query: {e}"),
    })?;
    if let Some(key) = q.keys().find(|k| *k != "sort" && *k != "desc") {
        return Err(ErrorCode::UnknownParameter {
            name: key.clone(),
            expected: vec!["sort", "desc"],
        }
        .into());
    }
    let column = match q.get("sort") {
        Some(s) => s
            .parse::<Column>()
            .map_err(
                |sudoku_store::UnknownColumn(column)| ErrorCode::UnknownColumn {
                    column,
                    expected: Column::ALL.iter().map(|c| c.name()).collect(),
                },
            )?,
        None => Sort::default().column,
    };
    let descending = match q.get("desc").map(String::as_str) {
        None | Some("false") | Some("0") => false,
        Some("true") | Some("1") => true,
        Some(other) => {
            return Err(ErrorCode::BadParameter {
                name: "desc",
                value: other.to_string(),
                expected: vec!["true", "false"],
            }
            .into());
        }
    };
    let sort = Sort { column, descending };
    let records = state.with_store(scope, move |s| s.list(sort)).await?;
    Ok(Json(json!({
        "sort": column.name(),
        "desc": descending,
        "puzzles": records.iter().map(record_json).collect::<Vec<_>>(),
    })))
}

/// The header that makes a save idempotent.
pub const IDEMPOTENCY_KEY: &str = "idempotency-key";

/// `POST /api/puzzles`: save as (a new id). With an `Idempotency-Key` header
/// (the page sends a new one per save and the same one when it asks again),
/// a retried save stores nothing more: it answers 200 with the puzzle the
/// first one saved (201 the first time).
pub async fn save(
    State(state): State<AppState>,
    Owner(scope): Owner,
    caller: Caller,
    headers: HeaderMap,
    ApiJson(req): ApiJson<SaveReq>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let key = match headers.get(IDEMPOTENCY_KEY) {
        None => None,
        Some(v) => Some(
            v.to_str()
                .map_err(|_| ErrorCode::BadIdempotencyKey {
                    max: sudoku_store::MAX_IDEMPOTENCY_KEY,
                })?
                .to_string(),
        ),
    };
    let puzzle = state.bounded(caller, move || puzzle_of(req)).await??;
    let (rec, new) = state
        .with_store(scope, move |s| match key {
            Some(key) => s.save_once(&key, &puzzle),
            None => s.save(&puzzle).map(|r| (r, true)),
        })
        .await?;
    let status = if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(record_json(&rec))))
}

/// `PUT /api/puzzles/{id}`: overwrite.
pub async fn overwrite(
    State(state): State<AppState>,
    Owner(scope): Owner,
    caller: Caller,
    path: Result<Path<String>, PathRejection>,
    ApiJson(req): ApiJson<SaveReq>,
) -> Result<Json<Value>, ApiError> {
    let id = id_of(path)?;
    let puzzle = state.bounded(caller, move || puzzle_of(req)).await??;
    let rec = state
        .with_store(scope, move |s| s.overwrite(&id, &puzzle))
        .await?;
    Ok(Json(record_json(&rec)))
}

/// `GET /api/puzzles/{id}`: load.
pub async fn load(
    State(state): State<AppState>,
    Owner(scope): Owner,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    let id = id_of(path)?;
    let rec = state.with_store(scope, move |s| s.load(&id)).await?;
    Ok(Json(record_json(&rec)))
}

/// `DELETE /api/puzzles/{id}`: delete.
pub async fn delete(
    State(state): State<AppState>,
    Owner(scope): Owner,
    path: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    let id = id_of(path)?;
    let shown = id.clone();
    state.with_store(scope, move |s| s.delete(&id)).await?;
    Ok(Json(json!({ "deleted": shown })))
}
