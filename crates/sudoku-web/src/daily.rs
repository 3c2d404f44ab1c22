//! The puzzle of the day: one medium puzzle per calendar date, generated from
//! the date alone, so that everyone asking for that date gets the same puzzle
//! on any server, and kept in memory once made. A first visit to the trainer
//! opens it.

use crate::api::generate_puzzle;
use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::{AppState, Caller};
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use serde_json::{Value, json};
use std::collections::HashMap;
use sudoku_core::Variant;
use sudoku_trainer::Level;

/// The most days kept in memory (a few years of daily visits).
const KEEP: usize = 1024;

/// A calendar date, checked.
fn parse_date(text: &str) -> Result<(i32, u32, u32), String> {
    let parts: Vec<&str> = text.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(format!("'{text}' is not a date YYYY-MM-DD"));
    };
    let (Ok(y), Ok(m), Ok(d)) = (y.parse::<i32>(), m.parse::<u32>(), d.parse::<u32>()) else {
        return Err(format!("'{text}' is not a date YYYY-MM-DD"));
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(format!("'{text}': there is no month {m}")),
    };
    if !(1..=days).contains(&d) || !(1900..=9999).contains(&y) {
        return Err(format!("'{text}' is not a day of the calendar (1900-9999)"));
    }
    Ok((y, m, d))
}

/// Today in UTC, as the server sees it.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    sudoku_store::format_date(secs)
}

/// The seed of a date: its digits as a number (2026-11-27 → 20261127).
fn seed_of((y, m, d): (i32, u32, u32)) -> u64 {
    (y as u64) * 10_000 + u64::from(m) * 100 + u64::from(d)
}

fn cache_unavailable() -> ErrorCode {
    ErrorCode::Unavailable {
        detail: "the daily puzzle cache is unavailable".into(),
    }
}

/// `GET /api/daily?date=YYYY-MM-DD`: the puzzle of that day (today in UTC
/// without a date): `{"date", "givens", "variant", "level"}`.
pub async fn daily(
    State(state): State<AppState>,
    caller: Caller,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(q) = query.map_err(|e| ErrorCode::BadRequest {
        detail: e.body_text(),
    })?;
    if let Some(unknown) = q.keys().find(|k| k.as_str() != "date") {
        return Err(ErrorCode::UnknownParameter {
            name: unknown.clone(),
            expected: vec!["date"],
        }
        .into());
    }
    let date = q.get("date").cloned().unwrap_or_else(today);
    let ymd = parse_date(date.trim()).map_err(|detail| ErrorCode::BadDate {
        date: date.trim().to_string(),
        detail,
    })?;
    let key = format!("{:04}-{:02}-{:02}", ymd.0, ymd.1, ymd.2);
    let cached = state
        .daily
        .lock()
        .map_err(|_| cache_unavailable())?
        .get(&key)
        .cloned();
    let givens = match cached {
        Some(g) => g,
        None => {
            let seed = seed_of(ymd);
            let budget = state.gate.limits().budget;
            let grid = state
                .heavy(caller, move || {
                    generate_puzzle(Level::Medium, Variant::Standard, seed, budget)
                })
                .await??;
            let line = grid.to_line(sudoku_core::Notation::Digits, '.');
            let mut cache = state.daily.lock().map_err(|_| cache_unavailable())?;
            if cache.len() >= KEEP {
                cache.clear();
            }
            cache.insert(key.clone(), line.clone());
            line
        }
    };
    Ok(Json(json!({
        "date": key,
        "givens": givens,
        "variant": "standard",
        "level": "medium",
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_checked() {
        assert_eq!(parse_date("2026-11-27"), Ok((2026, 11, 27)));
        assert_eq!(parse_date("2024-02-29"), Ok((2024, 2, 29)));
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-11-31",
            "2026-11",
            "x-1-2",
            "0000-01-01",
            "",
        ] {
            assert!(parse_date(bad).is_err(), "{bad}");
        }
        assert_eq!(seed_of((2026, 11, 27)), 20_261_127);
    }
}
