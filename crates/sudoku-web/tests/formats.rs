//! The API reads the formats the command line reads: `GET /api/rate?p=` and
//! every JSON field holding a puzzle take a candidate grid (framed or not), a
//! HoDoKu library or `+`-marked line, 81 spaced cells or a sukaku line; the
//! pencil marks (`marks`) take a candidate grid as text; a bad one is a 422
//! naming line and position, never a 5xx.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use serde_json::{Value, json};
use sudoku_core::{DigitSet, Grid, plus_line, pm_grid, spaced_line, sukaku_line};

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

fn app() -> (Router, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("temp dir");
    let router = sudoku_web::router(dir.path().join("db.sqlite")).expect("router");
    (router, dir)
}

/// `text` percent-encoded for a query.
fn encoded(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' | b'.' | b'-' | b'_' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn get(app: &Router, uri: &str) -> (StatusCode, Value) {
    let req = Request::get(uri).body(Body::empty()).expect("request");
    let (status, _, value) = common::answer(app, req).await;
    (status, value)
}

async fn post(app: &Router, uri: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let (status, _, value) = common::answer(app, req).await;
    (status, value)
}

fn inputs() -> Vec<String> {
    let g: Grid = EASY.parse().unwrap();
    let all = [DigitSet::ALL; 81];
    vec![
        pm_grid(&g, &Grid::EMPTY, &all, false),
        format!(":0000:x:{EASY}:::"),
        plus_line(&g, &Grid::EMPTY),
        spaced_line(&g),
        sukaku_line(&g, &Grid::EMPTY, &all),
    ]
}

#[tokio::test]
async fn rate_by_address_reads_every_format() {
    let (app, _dir) = app();
    let (status, want) = get(&app, &format!("/api/rate?p={EASY}")).await;
    assert_eq!(status, StatusCode::OK, "{want}");
    for input in inputs() {
        let (status, v) = get(&app, &format!("/api/rate?p={}", encoded(&input))).await;
        assert_eq!(status, StatusCode::OK, "{input}: {v}");
        assert_eq!(v["puzzle"], want["puzzle"], "{input}");
        assert_eq!(v["trainer_level"], want["trainer_level"]);
    }
}

#[tokio::test]
async fn json_fields_read_every_format() {
    let (app, _dir) = app();
    let (_, want) = post(&app, "/api/rate", json!({ "givens": EASY })).await;
    for input in inputs() {
        let (status, v) = post(&app, "/api/rate", json!({ "givens": input })).await;
        assert_eq!(status, StatusCode::OK, "{input}: {v}");
        assert_eq!(v, want, "{input}");
    }
    // The player's pencil marks as a candidate grid: the same hint as the
    // same marks as 81 arrays.
    let g: Grid = EASY.parse().unwrap();
    let mut sets = [DigitSet::EMPTY; 81];
    let mut arrays = Vec::new();
    for cell in sudoku_core::Cell::all() {
        let set = match g.get(cell) {
            Some(_) => DigitSet::EMPTY,
            None => g.candidates(sudoku_core::Variant::Standard, cell),
        };
        sets[cell.index()] = set;
        arrays.push(set.iter().map(|d| d.get()).collect::<Vec<u8>>());
    }
    let grid = pm_grid(&g, &Grid::EMPTY, &sets, false);
    let (s1, by_arrays) = post(
        &app,
        "/api/hint",
        json!({ "givens": EASY, "marks": arrays }),
    )
    .await;
    let (s2, by_grid) = post(&app, "/api/hint", json!({ "givens": EASY, "marks": grid })).await;
    assert_eq!((s1, s2), (StatusCode::OK, StatusCode::OK), "{by_grid}");
    assert_eq!(by_arrays, by_grid);
}

#[tokio::test]
async fn bad_input_is_a_422_naming_line_and_position() {
    let (app, _dir) = app();
    let g: Grid = EASY.parse().unwrap();
    let grid = pm_grid(&g, &Grid::EMPTY, &[DigitSet::ALL; 81], false);
    // Spoil the first candidate of r1c1 (line 2, position 3).
    let mut lines: Vec<String> = grid.lines().map(str::to_string).collect();
    lines[1].replace_range(2..3, "x");
    let bad = lines.join("\n");
    let (status, v) = get(&app, &format!("/api/rate?p={}", encoded(&bad))).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "puzzle-unreadable");
    assert_eq!(v["args"]["line"], 2);
    assert_eq!(v["args"]["position"], 3);
    // One line of the wrong length is said as before.
    let (status, v) = get(&app, "/api/rate?p=123").await;
    assert_eq!(
        (status, v["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("puzzle-length"))
    );
    // In a JSON field: the reader's words, with line and position.
    let (status, v) = post(&app, "/api/rate", json!({ "givens": bad })).await;
    assert!(status.is_client_error(), "{status} {v}");
    let error = v["error"].as_str().unwrap_or_default();
    assert!(error.contains("line 2: r1c1: \"x"), "{error}");
    assert!(error.contains("at position 3 is not a group"), "{error}");
    // Marks as a text without candidates.
    let (status, v) = post(&app, "/api/hint", json!({ "givens": EASY, "marks": EASY })).await;
    assert!(status.is_client_error(), "{status} {v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap_or_default()
            .contains("holds no candidates"),
        "{v}"
    );
}

#[tokio::test]
async fn a_pasted_text_is_read_by_the_command_lines_reader() {
    let (app, _dir) = app();
    let g: Grid = EASY.parse().unwrap();
    let mut entries = Grid::EMPTY;
    let first = sudoku_core::Cell::all()
        .find(|&c| g.get(c).is_none())
        .expect("an empty cell");
    let digit = g
        .candidates(sudoku_core::Variant::Standard, first)
        .first()
        .expect("a candidate");
    entries.set(first, Some(digit));
    let all = [DigitSet::ALL; 81];
    let (status, v) = post(
        &app,
        "/api/parse",
        json!({ "text": pm_grid(&g, &entries, &all, true) }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["givens"], EASY);
    assert_eq!(v["format"], "candidates");
    assert_eq!(
        v["entries"]
            .as_str()
            .unwrap()
            .matches(|c: char| c.is_ascii_digit())
            .count(),
        1
    );
    assert_eq!(v["marks"].as_array().map(Vec::len), Some(81));
    let (status, v) = post(
        &app,
        "/api/parse",
        json!({ "text": plus_line(&g, &Grid::EMPTY) }),
    )
    .await;
    assert_eq!((status, &v["marks"]), (StatusCode::OK, &Value::Null));
    let (status, v) = post(&app, "/api/parse", json!({ "text": "hello 123" })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert_eq!(v["code"], "text-unreadable");
}
