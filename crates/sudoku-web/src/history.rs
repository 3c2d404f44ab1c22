//! A logged-in player's finished games, kept on the server so that their
//! statistics (best times, streaks, the daily puzzles solved) follow them
//! from one browser to another: `GET /api/history` lists them, `POST
//! /api/history {"games": [...]}` adds the ones the server has not got (by
//! the id the page gave each game, so sending one twice stores it once).
//! The page keeps the same records in local storage and merges the two on
//! login (`assets/stats.js`). Every field is checked here; a bad record is
//! refused (422 `bad-game`, naming its index and field) and nothing of that
//! request is stored; more than [`MAX_PER_REQUEST`] at once are refused (413
//! `too-many-games`), and the page sends them in batches. Without accounts there is no server history (404 `no-accounts`); with
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

/// The most games one request may send (200 records of at most about 260
/// bytes stay under the body limit of 64 KiB).
pub const MAX_PER_REQUEST: usize = 200;

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

/// Whether `s` is a day of the calendar, `YYYY-MM-DD` (the days of a
/// month are not checked beyond 31: the page writes these dates itself).
fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        b.get(r.clone())
            .filter(|d| d.iter().all(u8::is_ascii_digit))
            .and_then(|_| s.get(r))
            .and_then(|d| d.parse().ok())
    };
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && digits(0..4).is_some_and(|y| y >= 1900)
        && digits(5..7).is_some_and(|m| (1..=12).contains(&m))
        && digits(8..10).is_some_and(|d| (1..=31).contains(&d))
}

/// What a field of a game must be, in English (the `expected` of
/// [`ErrorCode::BadGame`]; the page says it in its language by `field`).
fn expected(field: &str) -> &'static str {
    match field {
        "id" => "1 to 40 letters, digits, '-' or '_'",
        "puzzle" => "81 characters of '.' and 1-9",
        "variant" => "standard, diagonal, color or color-diagonal",
        "level" => "easy, medium, hard, very-hard or extremely-hard",
        "ms" => "a time of at most 30 days, in milliseconds",
        "hints" | "mistakes" => "a count of at most 100000",
        "date" | "daily" => "a date YYYY-MM-DD",
        "at" => "milliseconds since 1970, not in the future",
        _ => "a known field",
    }
}

/// The first field of `g` that is wrong, if any.
fn bad_field(g: &Game) -> Option<&'static str> {
    let id_ok = (1..=40).contains(&g.id.len())
        && g.id
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_');
    let puzzle_ok = g.puzzle.len() == 81
        && g.puzzle
            .bytes()
            .all(|c| c == b'.' || (b'1'..=b'9').contains(&c));
    let now_ms = sudoku_store::now().saturating_mul(1000);
    // A day of grace for a clock that runs ahead of the server's.
    let at_ok = g.at > 0 && g.at <= now_ms.saturating_add(24 * 3600 * 1000);
    [
        ("id", id_ok),
        ("puzzle", puzzle_ok),
        ("variant", VARIANTS.contains(&g.variant.as_str())),
        (
            "level",
            g.level.as_deref().is_none_or(|l| LEVELS.contains(&l)),
        ),
        ("ms", g.ms <= 30 * 24 * 3600 * 1000),
        ("hints", g.hints <= 100_000),
        ("mistakes", g.mistakes <= 100_000),
        ("date", is_date(&g.date)),
        ("daily", g.daily.as_deref().is_none_or(is_date)),
        ("at", at_ok),
    ]
    .into_iter()
    .find(|(_, ok)| !ok)
    .map(|(field, _)| field)
}

/// The answer for game `index`, if it is bad.
fn check(index: usize, g: &Game) -> Result<(), ErrorCode> {
    match bad_field(g) {
        None => Ok(()),
        Some(field) => Err(ErrorCode::BadGame {
            index,
            field,
            expected: expected(field),
        }),
    }
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
        .filter(|g| bad_field(g).is_none())
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
        return Err(ErrorCode::TooManyGames {
            count: req.games.len(),
            max: MAX_PER_REQUEST,
        }
        .into());
    }
    let mut rows = Vec::with_capacity(req.games.len());
    for (k, g) in req.games.iter().enumerate() {
        check(k, g)?;
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
