//! What the server's integration tests share: the seed's easy puzzle and one
//! request sent in process with the answer read the way every test reads it.
#![allow(dead_code)]

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

/// The seed's easy example.
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// Sends `req` to `app` and returns the status, the `Retry-After` header and
/// the body as JSON (`Null` when it is none).
pub async fn answer(app: &Router, req: Request<Body>) -> (StatusCode, Option<String>, Value) {
    let resp = app.clone().oneshot(req).await.expect("infallible");
    let status = resp.status();
    let retry = resp
        .headers()
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    (
        status,
        retry,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Registers `name` (password "a long password") as a client from `from`;
/// the session: the cookie's token and the CSRF token.
pub async fn register(app: &Router, from: std::net::SocketAddr, name: &str) -> (String, String) {
    let mut req = Request::post("/api/account/register")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            serde_json::json!({"name": name, "password": "a long password"}).to_string(),
        ))
        .expect("request");
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(from));
    let resp = app.clone().oneshot(req).await.expect("infallible");
    assert_eq!(resp.status(), StatusCode::CREATED);
    let cookie = resp
        .headers()
        .get(header::SET_COOKIE)
        .and_then(|c| c.to_str().ok())
        .and_then(|c| c.strip_prefix("sudoku_session="))
        .and_then(|c| c.split(';').next())
        .expect("session cookie")
        .to_string();
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    let v: Value = serde_json::from_slice(&bytes).expect("json");
    (cookie, v["csrf"].as_str().expect("csrf").to_string())
}

/// The application on a SQLite file in `dir` with `settings`.
pub fn app_in(dir: &tempfile::TempDir, settings: sudoku_web::Settings) -> Router {
    let db = sudoku_store::Database::open(&sudoku_store::Location::Sqlite(
        dir.path().join("db.sqlite"),
    ))
    .expect("database");
    sudoku_web::app(db, settings)
}
