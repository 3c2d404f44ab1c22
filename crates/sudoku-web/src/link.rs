//! A puzzle by its address, as the diagonal solver's web page was called
//! (`…?PUZZLE`, `…?PUZZLE_0_NBEW` for the rating alone): `GET /api/rate` gives
//! the rating as JSON for scripts and curl, `GET /api/explain` the whole
//! solution path — every step with its text, points, drawing and the position
//! it was found in — which the printable page `/explain` shows. The trainer
//! itself opens `/?p=…&v=…` (the page reads those parameters).
//!
//! The parameters: `p` the 81 cells (`1-9`, `0` or `.`), `v` the variant
//! (standard, diagonal, color, color-diagonal, or their short names), `mode`
//! the solver's mode (async, sync, semi, pseudo), `lang` en or de. Anything
//! else, or a bad value, gets a 4xx naming the parameter.

use crate::api::{Lang, rate_puzzle};
use crate::error::ApiError;
use crate::{AppState, Caller};
use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use serde_json::{Value, json};
use std::collections::HashMap;
use sudoku_core::{Cell, Grid, Variant};
use sudoku_logic::{Candidates, Mode, Options, solve_logically};
use sudoku_solve::Uniqueness;
use sudoku_trainer::explain::Subject;

/// The parameters of a puzzle address, read and checked.
struct Address {
    puzzle: Grid,
    variant: Variant,
    mode: Mode,
    lang: Lang,
}

fn address(
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
    allowed: &[&str],
) -> Result<Address, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    if let Some(unknown) = q.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(ApiError::bad_request(format!(
            "unknown parameter '{unknown}' (expected {})",
            allowed.join(", ")
        )));
    }
    let p = q
        .get("p")
        .ok_or_else(|| ApiError::bad_request("parameter 'p' (the puzzle's 81 cells) is missing"))?;
    let puzzle = sudoku_trainer::wire::parse_grid(p.trim())
        .map_err(|e| ApiError::unprocessable(format!("parameter 'p': {e}")))?;
    let variant = match q.get("v") {
        None => Variant::Standard,
        Some(v) => v.parse().map_err(|e: sudoku_core::UnknownVariant| {
            ApiError::unprocessable(format!("parameter 'v': {e}"))
        })?,
    };
    let mode = match q.get("mode").map(String::as_str) {
        None | Some("async") => Mode::NonSynchronous,
        Some("sync") => Mode::Synchronous,
        Some("semi") => Mode::SemiSynchronous,
        Some("pseudo") => Mode::PseudoSynchronous,
        Some(other) => {
            return Err(ApiError::unprocessable(format!(
                "parameter 'mode': '{other}' is not async, sync, semi or pseudo"
            )));
        }
    };
    let lang = match q.get("lang").map(String::as_str) {
        None | Some("en") => Lang::En,
        Some("de") => Lang::De,
        Some(other) => {
            return Err(ApiError::unprocessable(format!(
                "parameter 'lang': '{other}' is not en or de"
            )));
        }
    };
    Ok(Address {
        puzzle,
        variant,
        mode,
        lang,
    })
}

/// `GET /api/rate?p=…&v=…&lang=…`: the rating alone (the trainer's level and
/// statistics, the logical solver's points and level, Sudoku Explainer's and
/// HoDoKu's estimates).
pub async fn rate_get(
    State(state): State<AppState>,
    caller: Caller,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let a = address(query, &["p", "v", "lang"])?;
    let view = state
        .heavy(caller, move || rate_puzzle(&a.puzzle, a.variant, a.lang))
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
) -> Result<Json<Value>, ApiError> {
    let a = address(query, &["p", "v", "mode", "lang"])?;
    let value = state.heavy(caller, move || explain(&a)).await??;
    Ok(Json(value))
}

fn explain(a: &Address) -> Result<Value, ApiError> {
    let lang = a.lang.explain_lang();
    a.puzzle
        .check(a.variant)
        .map_err(|c| ApiError::unprocessable(format!("the givens clash: {c}")))?;
    let solution = match sudoku_solve::uniqueness(&a.puzzle, a.variant) {
        Uniqueness::None => return Err(ApiError::unprocessable("the puzzle has no solution")),
        Uniqueness::Multiple(_) => {
            return Err(ApiError::unprocessable(
                "the puzzle has more than one solution, so there is no unique logical path",
            ));
        }
        Uniqueness::Unique(s) => s,
    };
    let options = Options {
        mode: a.mode,
        solution: Some(solution),
        unique: true,
        ..Options::default()
    };
    let trace = solve_logically(&a.puzzle, a.variant, &options)
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    let texts = sudoku_explain::explain_trace(&trace, lang);
    let shapes = sudoku_explain::trace_shapes(&trace);
    let mut pos = Candidates::new(&trace.puzzle, a.variant)
        .map_err(|c| ApiError::unprocessable(format!("the givens clash: {c}")))?;
    let mut steps = Vec::with_capacity(trace.steps.len());
    for ((step, text), shapes) in trace.steps.iter().zip(texts).zip(shapes) {
        let candidates: Option<Vec<Vec<u8>>> = pos.is_written().then(|| {
            Cell::all()
                .map(|c| {
                    if pos.get(c).is_some() {
                        Vec::new()
                    } else {
                        pos.candidates(c).iter().map(|d| d.get()).collect()
                    }
                })
                .collect()
        });
        steps.push(json!({
            "technique": step.technique.name(),
            "name": sudoku_explain::technique_name(step.technique, lang),
            "points": (step.points * 100.0).round() / 100.0,
            "text": text,
            "compact": sudoku_explain::compact(step),
            "shapes": shapes,
            "board": line(pos.grid()),
            "candidates": candidates,
        }));
        // A step that does not apply leaves the position (as for the texts).
        let _ = pos.apply(step);
    }
    let rating = sudoku_rate::rate_trace(&trace, a.variant).ok();
    let de = a.lang == Lang::De;
    Ok(json!({
        "puzzle": line(&a.puzzle),
        "variant": a.variant.name(),
        "solved": trace.is_solved(),
        "end": line(pos.grid()),
        "rating": rating.map(|r| json!({
            "points": (r.points * 100.0).round() / 100.0,
            "level": r.level.name(),
            "level_text": if de { r.level.name_de() } else { r.level.name() },
            "trainer_level": r.trainer_level.name(),
            "trainer_level_text": a.lang.text(Subject::Level(r.trainer_level)),
            "se": r.se.map(|s| s.er),
            "hodoku": r.hodoku.map(|h| h.level.name()),
            "hodoku_text": r.hodoku.map(|h| if de { h.level.name_de() } else { h.level.name() }),
            "steps": r.steps,
        })),
        "steps": steps,
    }))
}
