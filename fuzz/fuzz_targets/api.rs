//! Fuzzes the trainer's HTTP API in process: arbitrary bytes become the body of
//! every JSON endpoint (the first byte picks the endpoint) or the query string
//! of every GET endpoint, sent through the real router (extractors, handlers,
//! the store on a temporary SQLite file, the limits on expensive work).
//!
//! Any input must get an answer, never a panic; every 4xx carries
//! `{"error": …}`; the only 5xx allowed is a 503 for a request that ran out of
//! its (short, here) time budget — a panic on the blocking pool would show as
//! another 503 and fails the target too.
#![no_main]

use axum::body::Body;
use axum::http::{Method, Request, header};
use http_body_util::BodyExt;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use std::time::Duration;
use tower::ServiceExt;

/// (method, path) of the endpoints that read a JSON body.
const JSON: [(&str, &str); 12] = [
    ("POST", "/api/evaluate"),
    ("POST", "/api/reasons"),
    ("POST", "/api/search/start"),
    ("POST", "/api/search/step"),
    ("POST", "/api/search/next"),
    ("POST", "/api/check"),
    ("POST", "/api/manual-step"),
    ("POST", "/api/hint"),
    ("POST", "/api/rate"),
    ("POST", "/api/generate"),
    ("POST", "/api/puzzles"),
    ("PUT", "/api/puzzles/1"),
];

/// The paths that read a query string.
const QUERY: [&str; 5] = [
    "/api/rate",
    "/api/explain",
    "/api/daily",
    "/api/puzzles",
    "/api/puzzles/",
];

struct Fixture {
    runtime: tokio::runtime::Runtime,
    router: axum::Router,
    _dir: tempfile::TempDir,
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let limits = sudoku_web::Limits {
            budget: Duration::from_millis(500),
            per_client: 4,
            workers: 1,
        };
        let router = sudoku_web::router_with(dir.path().join("fuzz.sqlite"), limits).expect("router");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("runtime");
        Fixture {
            runtime,
            router,
            _dir: dir,
        }
    })
}

/// `bytes` as a query string: unreserved characters as they are, `=` and `&`
/// kept as separators, everything else percent-encoded.
fn query_of(bytes: &[u8]) -> String {
    let mut q = String::new();
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"-._~=&".contains(&b) {
            q.push(b as char);
        } else {
            q.push_str(&format!("%{b:02X}"));
        }
    }
    q
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let f = fixture();
    let request = if pick & 0x80 == 0 {
        let (method, path) = JSON[pick as usize % JSON.len()];
        let method: Method = method.parse().expect("method");
        Request::builder()
            .method(method)
            .uri(path)
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(rest.to_vec()))
            .expect("request")
    } else {
        let path = QUERY[pick as usize % QUERY.len()];
        let uri = if path.ends_with('/') {
            // The query bytes as a puzzle id in the path.
            format!("{path}{}", query_of(rest).replace(['=', '&'], "_"))
        } else {
            format!("{path}?{}", query_of(rest))
        };
        let Ok(request) = Request::get(uri).body(Body::empty()) else {
            return;
        };
        request
    };
    f.runtime.block_on(async {
        let response = f.router.clone().oneshot(request).await.expect("infallible");
        let status = response.status();
        let bytes = response.into_body().collect().await.expect("body").to_bytes();
        if status.is_success() {
            return;
        }
        let value: serde_json::Value =
            serde_json::from_slice(&bytes).expect("an error answer is JSON");
        let message = value["error"].as_str().expect("an error answer has a message");
        if status.is_server_error() {
            assert_eq!(status.as_u16(), 503, "{message}");
            let code = value["code"].as_str().unwrap_or("");
            assert!(
                code == "busy" || code == "out-of-time",
                "a 503 other than out of time: {message}"
            );
        }
    });
});
