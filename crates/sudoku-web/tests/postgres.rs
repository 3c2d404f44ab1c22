//! The server on a PostgreSQL database that goes away and comes back: while it
//! refuses connections, the database endpoints answer 503 with `Retry-After`
//! (within the pool's wait, not a hang) and the rest of the trainer keeps
//! working; once it is back, the next request succeeds and nothing saved is
//! lost. Needs `SUDOKU_TEST_PG` (`scripts/test` sets it).

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{EASY, answer};
use serde_json::json;
use sudoku_store::testing::TestDatabase;
use sudoku_web::Settings;

fn save() -> Request<Body> {
    Request::post("/api/puzzles")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({ "name": "kept", "givens": EASY }).to_string(),
        ))
        .expect("request")
}

fn list() -> Request<Body> {
    Request::get("/api/puzzles")
        .body(Body::empty())
        .expect("request")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_that_goes_away_is_a_503_and_coming_back_heals() {
    let Some(db) = TestDatabase::postgres() else {
        return;
    };
    let name = db.name().expect("a PostgreSQL database").to_string();
    let app = sudoku_web::app(db.open().expect("open"), Settings::default());
    let (status, _, saved) = answer(&app, save()).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    // The database refuses every connection, and the open ones are ended.
    db.raw_server(&format!(
        "ALTER DATABASE \"{name}\" ALLOW_CONNECTIONS false; \
         SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
    ));
    for req in [list(), save()] {
        let (status, retry, v) = answer(&app, req).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
        assert_eq!(retry.as_deref(), Some("1"));
        let message = v["error"].as_str().unwrap_or("");
        assert!(message.contains("puzzle database"), "{message}");
        let secret = std::env::var(sudoku_store::testing::PG_ENV)
            .ok()
            .and_then(|u| {
                u.split_once("://")
                    .and_then(|(_, r)| r.split_once('@'))
                    .map(|(a, _)| a.to_string())
            })
            .and_then(|a| a.split_once(':').map(|(_, p)| p.to_string()))
            .unwrap_or_default();
        assert!(
            secret.is_empty() || !message.contains(&secret),
            "the password is shown: {message}"
        );
    }
    // The trainer itself does not need the database.
    let evaluate = Request::post("/api/evaluate")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(json!({ "givens": EASY }).to_string()))
        .expect("request");
    assert_eq!(answer(&app, evaluate).await.0, StatusCode::OK);
    // Back again: served, and the save from before is there.
    db.raw_server(&format!("ALTER DATABASE \"{name}\" ALLOW_CONNECTIONS true"));
    let (status, _, v) = answer(&app, list()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let ids: Vec<_> = v["puzzles"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["id"].clone())
        .collect();
    assert_eq!(ids, [saved["id"].clone()]);
}
