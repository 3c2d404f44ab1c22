//! A logged-in player's finished games, kept on the server so that their
//! statistics (best times, streaks, the daily puzzles solved) follow them
//! from one browser to another: `GET /api/history` lists them, `POST
//! /api/history {"games": [...]}` adds the ones the server has not got (by
//! the id the page gave each game, so sending one twice stores it once).
//! The page keeps the same records in local storage and merges the two on
//! login (`assets/history.js`). Every field is checked here; a bad record is
//! refused with its index and field, and nothing of that request is stored.
//! Without accounts there is no server history (404 `no-accounts`); with
//! accounts, it needs a session (401), like the puzzle database.

use crate::AppState;
use crate::accounts::Owner;
use crate::codes::ErrorCode;
use crate::error::{ApiError, ApiJson};
use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sudoku_store::{GameRecord, Scope};

/// The most games one request may send.
pub const MAX_PER_REQUEST: usize = 500;

/// One finished game, as the page records it.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// The page's id for the game: 1 to 40 letters, digits, `-` or `_`.
    pub id: String,
    /// The givens, 81 characters of `.` and 1-9.
    pub puzzle: String,
    /// The variant's name.
    pub variant: String,
    /// The trainer level, when it was known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    /// The solving time in milliseconds.
    pub ms: u64,
    /// Presses of Hint that showed something new.
    pub hints: u32,
    /// Wrong digits found.
    pub mistakes: u32,
    /// The date of the daily puzzle it was, if it was one (YYYY-MM-DD).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub daily: Option<String>,
    /// The player's local date it was finished on (YYYY-MM-DD).
    pub date: String,
    /// When it was finished, in milliseconds since 1970.
    pub at: i64,
    /// Whether it was solved (false: given up for another puzzle).
    pub solved: bool,
}

/// The body of `POST /api/history`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Games {
    /// The games to keep.
    pub games: Vec<Game>,
}

const LEVELS: [&str; 5] = ["easy", "medium", "hard", "very-hard", "extremely-hard"];
const VARIANTS: [&str; 4] = ["standard", "diagonal", "color", "color-diagonal"];

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// What is wrong with `g`, if anything: the field and why.
fn problem(g: &Game) -> Option<String> {
    let id_ok = (1..=40).contains(&g.id.len())
        && g.id
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_');
    if !id_ok {
        return Some("id: 1 to 40 letters, digits, '-' or '_' expected".into());
    }
    if g.puzzle.len() != 81
        || !g
            .puzzle
            .bytes()
            .all(|c| c == b'.' || (b'1'..=b'9').contains(&c))
    {
        return Some("puzzle: 81 characters of '.' and 1-9 expected".into());
    }
    if !VARIANTS.contains(&g.variant.as_str()) {
        return Some(format!("variant: one of {} expected", VARIANTS.join(", ")));
    }
    if let Some(level) = &g.level
        && !LEVELS.contains(&level.as_str())
    {
        return Some(format!("level: one of {} expected", LEVELS.join(", ")));
    }
    if g.ms > 30 * 24 * 3600 * 1000 {
        return Some("ms: at most 30 days expected".into());
    }
    if g.hints > 100_000 || g.mistakes > 100_000 {
        return Some("hints, mistakes: at most 100000 expected".into());
    }
    if !is_date(&g.date) || g.daily.as_deref().is_some_and(|d| !is_date(d)) {
        return Some("date, daily: YYYY-MM-DD expected".into());
    }
    let now_ms = sudoku_store::now().saturating_mul(1000);
    if g.at <= 0 || g.at > now_ms + 2 * 24 * 3600 * 1000 {
        return Some("at: milliseconds since 1970, not in the future".into());
    }
    None
}

/// The signed-in user of `scope`, or the answer for a visitor without one.
fn user_of(state: &AppState, scope: Scope) -> Result<String, ApiError> {
    match scope {
        Scope::User(id) if state.accounts.is_some() => Ok(id),
        _ => Err(ErrorCode::NoAccounts.into()),
    }
}

/// `GET /api/history`: the player's finished games, newest first.
pub async fn list(
    State(state): State<AppState>,
    Owner(scope): Owner,
) -> Result<Json<Value>, ApiError> {
    let user = user_of(&state, scope.clone())?;
    let rows = state.with_store(scope, move |s| s.games(&user)).await?;
    // Rows were checked on the way in; one damaged since is left out.
    let games: Vec<Value> = rows
        .iter()
        .filter_map(|r| serde_json::from_str::<Game>(&r.record).ok())
        .filter(|g| problem(g).is_none())
        .map(|g| json!(g))
        .collect();
    Ok(Json(json!({ "games": games })))
}

/// `POST /api/history {"games": [...]}`: keeps the games not kept yet;
/// answers how many were new.
pub async fn add(
    State(state): State<AppState>,
    Owner(scope): Owner,
    ApiJson(req): ApiJson<Games>,
) -> Result<Json<Value>, ApiError> {
    let user = user_of(&state, scope.clone())?;
    if req.games.len() > MAX_PER_REQUEST {
        return Err(ErrorCode::BadRequest {
            detail: format!(
                "games: {} sent, at most {MAX_PER_REQUEST} per request",
                req.games.len()
            ),
        }
        .into());
    }
    let mut rows = Vec::with_capacity(req.games.len());
    for (k, g) in req.games.iter().enumerate() {
        if let Some(why) = problem(g) {
            return Err(ErrorCode::BadRequest {
                detail: format!("games[{k}]: {why}"),
            }
            .into());
        }
        rows.push(GameRecord {
            id: g.id.clone(),
            finished_at: g.at,
            record: serde_json::to_string(g).map_err(|e| ErrorCode::Internal {
                detail: e.to_string(),
            })?,
        });
    }
    let added = state
        .with_store(scope, move |s| s.add_games(&user, &rows))
        .await?;
    Ok(Json(json!({ "added": added })))
}
