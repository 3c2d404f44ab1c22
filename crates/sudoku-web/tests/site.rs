//! The checks every server makes, with or without accounts (the local
//! trainer on 127.0.0.1 included): a page of another site can neither read
//! the trainer through a rebound DNS name nor change anything through the
//! visitor's browser; every answer carries the security headers; a retried
//! save stores one puzzle.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use common::{EASY, answer};
use serde_json::json;
use tower::ServiceExt;

fn app(dir: &tempfile::TempDir) -> Router {
    sudoku_web::router(dir.path().join("db.sqlite")).expect("router")
}

fn save(host: &str, origin: Option<&str>, site: Option<&str>) -> Request<Body> {
    let mut req = Request::post("/api/puzzles")
        .header(header::HOST, host)
        .header(header::CONTENT_TYPE, "application/json");
    if let Some(o) = origin {
        req = req.header(header::ORIGIN, o);
    }
    if let Some(s) = site {
        req = req.header("sec-fetch-site", s);
    }
    req.body(Body::from(json!({"name": "x", "givens": EASY}).to_string()))
        .expect("request")
}

#[tokio::test]
async fn a_rebound_name_gets_nothing_and_other_sites_change_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(&dir);
    // DNS rebinding: evil.example resolving to 127.0.0.1.
    for (method, uri) in [
        (Method::GET, "/api/puzzles"),
        (Method::GET, "/"),
        (Method::DELETE, "/api/puzzles/abc"),
    ] {
        let req = Request::builder()
            .method(method.clone())
            .uri(uri)
            .header(header::HOST, "evil.example:8080")
            .body(Body::empty())
            .expect("request");
        let (status, _, v) = answer(&app, req).await;
        assert_eq!(
            status,
            StatusCode::MISDIRECTED_REQUEST,
            "{method} {uri}: {v}"
        );
    }
    // Cross-site writes: by Origin, by Sec-Fetch-Site, a foreign scheme.
    for (origin, site) in [
        (Some("https://evil.example"), None),
        (None, Some("cross-site")),
        (None, Some("same-site")),
        (Some("ftp://localhost:8080"), None),
        (Some("null"), None),
    ] {
        let (status, _, v) = answer(&app, save("localhost:8080", origin, site)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin:?} {site:?}: {v}");
        assert_eq!(v["code"], "cross-site");
    }
    let req = Request::delete("/api/puzzles/abc")
        .header(header::HOST, "localhost:8080")
        .header(header::ORIGIN, "http://evil.example")
        .body(Body::empty())
        .expect("request");
    assert_eq!(answer(&app, req).await.0, StatusCode::FORBIDDEN);
    // A form's body (text/plain, or no type at all) is not JSON: refused.
    for ct in [Some("text/plain"), None] {
        let mut req = Request::post("/api/puzzles").header(header::HOST, "localhost:8080");
        if let Some(ct) = ct {
            req = req.header(header::CONTENT_TYPE, ct);
        }
        let req = req
            .body(Body::from(json!({"name": "x", "givens": EASY}).to_string()))
            .expect("request");
        let (status, _, v) = answer(&app, req).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{ct:?}: {v}");
    }
    // Nothing was saved by any of them.
    let list = Request::get("/api/puzzles")
        .header(header::HOST, "127.0.0.1:8080")
        .body(Body::empty())
        .expect("request");
    let (status, _, v) = answer(&app, list).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["puzzles"], json!([]), "{v}");
    // The page itself, from its own origin, saves.
    let (status, _, v) = answer(
        &app,
        save(
            "localhost:8080",
            Some("http://localhost:8080"),
            Some("same-origin"),
        ),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(&dir);
    for uri in [
        "/",
        "/app.js",
        "/api/variants",
        "/api/nothing-here",
        "/nothing",
    ] {
        let req = Request::get(uri)
            .header(header::HOST, "localhost")
            .body(Body::empty())
            .expect("request");
        let resp = app.clone().oneshot(req).await.expect("infallible");
        let h = resp.headers();
        let csp = h
            .get(header::CONTENT_SECURITY_POLICY)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        assert!(csp.contains("frame-ancestors 'none'"), "{uri}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{uri}: {csp}");
        assert_eq!(
            h.get(header::X_CONTENT_TYPE_OPTIONS).map(|v| v.as_bytes()),
            Some(&b"nosniff"[..]),
            "{uri}"
        );
        assert!(h.contains_key(header::REFERRER_POLICY), "{uri}");
    }
}

#[tokio::test]
async fn a_retried_save_stores_one_puzzle() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(&dir);
    let send = |key: &str| {
        Request::post("/api/puzzles")
            .header(header::CONTENT_TYPE, "application/json")
            .header("idempotency-key", key)
            .body(Body::from(
                json!({"name": "once", "givens": EASY}).to_string(),
            ))
            .expect("request")
    };
    let (status, _, first) = answer(&app, send("k-1")).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    for _ in 0..3 {
        let (status, _, again) = answer(&app, send("k-1")).await;
        assert_eq!(status, StatusCode::OK, "{again}");
        assert_eq!(again["id"], first["id"]);
    }
    let (status, _, other) = answer(&app, send("k-2")).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_ne!(other["id"], first["id"]);
    let (status, _, v) = answer(&app, send("bad key with spaces")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert_eq!(v["code"], "bad-idempotency-key");
    let list = Request::get("/api/puzzles")
        .body(Body::empty())
        .expect("request");
    let (_, _, v) = answer(&app, list).await;
    assert_eq!(v["puzzles"].as_array().map(Vec::len), Some(2), "{v}");
}
