//! A puzzle by its address, as the diagonal solver's web page was called
//! (`…?PUZZLE`, `…?PUZZLE_0_NBEW` for the rating alone): `GET /api/rate` gives
//! the rating as JSON for scripts and curl (in the mode asked for, with the
//! seed's normalised score), `GET /api/explain` the whole
//! solution path — every step with its text, points, drawing and the position
//! it was found in — which the printable page `/explain` shows. The trainer
//! itself opens `/?p=…&v=…` (the page reads those parameters).
//!
//! The parameters: `p` the 81 cells (`1-9`, `0` or `.`; or a puzzle in any
//! format the command line reads, such as a candidate grid), `v` the variant
//! (standard, diagonal, color, color-diagonal, or their short names), `mode`
//! the solver's mode (async, sync, semi, pseudo), `lang` en or de. Anything
//! else, or a bad value, gets a 4xx naming the parameter.

use crate::api::{Lang, rate_puzzle};

use crate::codes::ErrorCode;
use crate::error::ApiError;
use crate::{AppState, Caller};
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use serde_json::{Value, json};
use std::collections::HashMap;
use sudoku_core::{Grid, Puzzle, Variant};
use sudoku_logic::Mode;

/// The parameters of a puzzle address, read and checked.
pub(crate) struct Address {
    pub(crate) puzzle: Grid,
    pub(crate) variant: Variant,
    pub(crate) mode: Mode,
    pub(crate) lang: Lang,
}

/// Reads the parameters of a puzzle address; any name not in `allowed` is
/// refused by name.
pub(crate) fn address(
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
    allowed: &[&'static str],
) -> Result<Address, ApiError> {
    let Query(q) = query.map_err(|e| ErrorCode::BadRequest {
        detail: e.body_text(),
    })?;
    if let Some(unknown) = q.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(ErrorCode::UnknownParameter {
            name: unknown.clone(),
            expected: allowed.to_vec(),
        }
        .into());
    }
    let p = q.get("p").ok_or(ErrorCode::MissingPuzzle)?;
    let puzzle = grid_of(p.trim())?;
    let variant = match q.get("v") {
        None => Variant::Standard,
        Some(v) => v
            .parse()
            .map_err(|sudoku_core::UnknownVariant(name)| ErrorCode::UnknownVariant { name })?,
    };
    let bad = |name, value: &str, expected: &[&'static str]| ErrorCode::BadParameter {
        name,
        value: value.to_string(),
        expected: expected.to_vec(),
    };
    let mode = match q.get("mode").map(String::as_str) {
        None | Some("async") => Mode::NonSynchronous,
        Some("sync") => Mode::Synchronous,
        Some("semi") => Mode::SemiSynchronous,
        Some("pseudo") => Mode::PseudoSynchronous,
        Some(other) => return Err(bad("mode", other, &["async", "sync", "semi", "pseudo"]).into()),
    };
    let lang = match q.get("lang").map(String::as_str) {
        None | Some("en") => Lang::En,
        Some("de") => Lang::De,
        Some(other) => return Err(bad("lang", other, &["en", "de"]).into()),
    };
    Ok(Address {
        puzzle,
        variant,
        mode,
        lang,
    })
}

/// The puzzle of parameter `p`: 81 characters, `1-9` for givens, `0` or `.`
/// for empty cells; or a puzzle in another format the command line reads
/// (a candidate grid, framed or not, a HoDoKu library or `+`-marked line, 81
/// spaced cells, a sukaku line), whose givens are the puzzle.
fn grid_of(p: &str) -> Result<Grid, ErrorCode> {
    let count = p.chars().count();
    if count != 81 {
        return match sudoku_core::parse_text_located(p) {
            Ok(parsed) => Ok(parsed.grid),
            // One line of the wrong length: said as before.
            Err(e)
                if !p.contains('\n')
                    && matches!(
                        e.error,
                        sudoku_core::ParseError::WrongLength { .. }
                            | sudoku_core::ParseError::Empty
                    ) =>
            {
                Err(ErrorCode::PuzzleLength { count })
            }
            Err(e) => Err(ErrorCode::PuzzleUnreadable {
                line: e.line,
                position: e.error.position().unwrap_or(0),
                detail: e.to_string(),
            }),
        };
    }
    if let Some((i, character)) = p
        .chars()
        .enumerate()
        .find(|&(_, c)| !matches!(c, '.' | '0'..='9'))
    {
        return Err(ErrorCode::PuzzleCharacter {
            position: i + 1,
            character,
        });
    }
    sudoku_trainer::wire::parse_grid(p).map_err(|detail| ErrorCode::BadRequest { detail })
}

/// `GET /api/rate?p=…&v=…&lang=…`: the rating alone (the trainer's level and
/// statistics, the logical solver's points and level, Sudoku Explainer's and
/// HoDoKu's estimates).
pub async fn rate_get(
    State(state): State<AppState>,
    caller: Caller,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let a = address(query, &["p", "v", "mode", "lang"])?;
    let view = state
        .heavy(caller, move || {
            rate_puzzle(&a.puzzle, a.variant, a.mode, a.lang)
        })
        .await??;
    let mut v = json!(view);
    if let Value::Object(map) = &mut v {
        map.insert("puzzle".into(), json!(line(&a.puzzle)));
        map.insert("variant".into(), json!(a.variant.name()));
    }
    Ok(Json(v))
}

fn line(g: &Grid) -> String {
    g.values()
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// `GET /api/explain?p=…&v=…&mode=…&lang=…`: the human-style solution path,
/// each step with the position it was found in (digits, and candidates once
/// they are written), its text, compact form, points and shapes, and the
/// rating of the path.
pub async fn explain_get(
    State(state): State<AppState>,
    caller: Caller,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<sudoku_analysis::Analysis>, ApiError> {
    let a = address(query, &["p", "v", "mode", "lang"])?;
    let analysis = state.heavy(caller, move || explain(&a)).await??;
    // Serialised as the struct is (not through a JSON value, which would
    // reorder the keys): the same bytes as `sudoku explain --format json`.
    Ok(Json(analysis))
}

fn explain(a: &Address) -> Result<sudoku_analysis::Analysis, ApiError> {
    let puzzle =
        Puzzle::new(a.puzzle, a.variant).map_err(|c| ErrorCode::GivensClash { clash: c.into() })?;
    let request = sudoku_analysis::Request {
        lang: a.lang,
        mode: a.mode,
        positions: true,
        ..sudoku_analysis::Request::default()
    };
    let analysis = sudoku_analysis::analyse(&puzzle, &request);
    match analysis.status {
        "none" => Err(ErrorCode::NoSolution.into()),
        "multiple" => Err(ErrorCode::MultipleSolutions.into()),
        _ => Ok(analysis),
    }
}
