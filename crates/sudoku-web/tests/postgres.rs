//! The server on a PostgreSQL database that goes away and comes back: while it
//! refuses connections, the database endpoints answer 503 with `Retry-After`
//! (within the pool's wait, not a hang) and the rest of the trainer keeps
//! working; once it is back, the next request succeeds and nothing saved is
//! lost. A fault run (the database stopped, its tables locked, NUL bytes
//! in every text) gives no answer of 500 or above but 503, and a logged-in
//! player keeps playing through the outage. Needs `SUDOKU_TEST_PG`
//! (`scripts/test` sets it).

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
        assert_eq!(retry.as_deref(), Some("2"));
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

/// Every answer of the fault run: (what was asked, status).
type Answers = Vec<(String, StatusCode)>;

/// A request with JSON `body` (or none), as the logged-in page sends it.
fn request(
    method: &str,
    uri: &str,
    body: Option<serde_json::Value>,
    cookie: &str,
    csrf: &str,
) -> Request<Body> {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::COOKIE, format!("sudoku_session={cookie}"))
        .header("x-csrf-token", csrf);
    let body = match body {
        Some(b) => {
            req = req.header(header::CONTENT_TYPE, "application/json");
            Body::from(b.to_string())
        }
        None => Body::empty(),
    };
    req.body(body).expect("request")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fault_run_gives_no_500s_and_a_logged_in_player_plays_on() {
    let Some(db) = TestDatabase::postgres() else {
        return;
    };
    let name = db.name().expect("a PostgreSQL database").to_string();
    // A lock timeout of 1 s instead of the default 10 s keeps the run short.
    let sudoku_store::Location::Postgres(url) = db.location().clone() else {
        unreachable!("a PostgreSQL test database");
    };
    let sep = if url.contains('?') { '&' } else { '?' };
    let short = sudoku_store::Location::Postgres(format!(
        "{url}{sep}options=-c%20lock_timeout%3D1000%20-c%20statement_timeout%3D5000"
    ));
    let open =
        sudoku_store::testing::blocking(|| sudoku_store::Database::open(&short)).expect("open");
    let app = sudoku_web::app(
        open,
        Settings {
            accounts: true,
            ..Settings::default()
        },
    );
    let (cookie, csrf) =
        common::register(&app, std::net::SocketAddr::from(([10, 0, 0, 1], 1)), "ann").await;
    let mut answers: Answers = Vec::new();
    let mut ask = async |what: &str, req: Request<Body>| -> (StatusCode, serde_json::Value) {
        let (status, _, v) = answer(&app, req).await;
        answers.push((what.to_string(), status));
        (status, v)
    };
    // NUL everywhere the page sends text.
    let nul = "a\u{0}b";
    for (what, method, uri, body) in [
        (
            "save, NUL title",
            "POST",
            "/api/puzzles",
            Some(json!({"name": nul, "givens": EASY})),
        ),
        (
            "login, NUL name",
            "POST",
            "/api/account/login",
            Some(json!({"name": nul, "password": "a long password"})),
        ),
        (
            "login, NUL password",
            "POST",
            "/api/account/login",
            Some(json!({"name": "ann", "password": "x\u{0}yyyyyyyy"})),
        ),
        (
            "register, NUL name",
            "POST",
            "/api/account/register",
            Some(json!({"name": nul, "password": "a long password"})),
        ),
        (
            "register, NUL password",
            "POST",
            "/api/account/register",
            Some(json!({"name": "cy", "password": "x\u{0}yyyyyyyy"})),
        ),
        (
            "evaluate, NUL givens",
            "POST",
            "/api/evaluate",
            Some(json!({"givens": format!("{nul}{EASY}")})),
        ),
        ("load, NUL id", "GET", "/api/puzzles/a%00b", None),
    ] {
        let (status, v) = ask(what, request(method, uri, body, &cookie, &csrf)).await;
        assert!(
            status.is_client_error() || status.is_success(),
            "{what}: {status} {v}"
        );
        assert!(
            !v.to_string()
                .to_lowercase()
                .contains("invalid byte sequence"),
            "{what}: {v}"
        );
    }
    // A table locked by another client for longer than the lock timeout.
    let locker = {
        let db = &db;
        std::thread::scope(|s| {
            let held = s.spawn(|| {
                db.raw_postgres("BEGIN; LOCK TABLE puzzles IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(3); COMMIT;")
            });
            std::thread::sleep(std::time::Duration::from_millis(300));
            let rt = tokio::runtime::Handle::current();
            let (status, v) = tokio::task::block_in_place(|| {
                rt.block_on(ask("save, table locked", save_as(&cookie, &csrf)))
            });
            let _ = held.join();
            (status, v)
        })
    };
    assert_eq!(locker.0, StatusCode::SERVICE_UNAVAILABLE, "{}", locker.1);
    assert!(
        !locker.1.to_string().contains("lock"),
        "the database's text: {}",
        locker.1
    );
    // The database stopped (every connection refused and ended).
    db.raw_server(&format!(
        "ALTER DATABASE \"{name}\" ALLOW_CONNECTIONS false; \
         SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
    ));
    // The player plays on: the cheap endpoints, and who is logged in.
    let mut me = serde_json::Value::Null;
    for (what, method, uri, body) in [
        (
            "evaluate, down",
            "POST",
            "/api/evaluate",
            Some(json!({"givens": EASY})),
        ),
        (
            "check, down",
            "POST",
            "/api/check",
            Some(json!({"givens": EASY})),
        ),
        ("me, down", "GET", "/api/account/me", None),
    ] {
        let (status, v) = ask(what, request(method, uri, body, &cookie, &csrf)).await;
        assert_eq!(status, StatusCode::OK, "{what}: {v}");
        me = v;
    }
    let v = me;
    assert_eq!(v["user"], "ann", "the session outlives the outage: {v}");
    for (what, req) in [
        (
            "list, down",
            request("GET", "/api/puzzles", None, &cookie, &csrf),
        ),
        ("save, down", save_as(&cookie, &csrf)),
        (
            "login, down",
            request(
                "POST",
                "/api/account/login",
                Some(json!({"name": "ann", "password": "a long password"})),
                &cookie,
                &csrf,
            ),
        ),
        (
            "register, down",
            request(
                "POST",
                "/api/account/register",
                Some(json!({"name": "dee", "password": "a long password"})),
                &cookie,
                &csrf,
            ),
        ),
    ] {
        let (status, v) = ask(what, req).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{what}: {v}");
    }
    db.raw_server(&format!("ALTER DATABASE \"{name}\" ALLOW_CONNECTIONS true"));
    let bad: Vec<_> = answers
        .iter()
        .filter(|(_, s)| s.as_u16() >= 500 && *s != StatusCode::SERVICE_UNAVAILABLE)
        .collect();
    println!(
        "fault run: {} answers, {} of 500 or above other than 503",
        answers.len(),
        bad.len()
    );
    assert!(bad.is_empty(), "{bad:?}");
}

fn save_as(cookie: &str, csrf: &str) -> Request<Body> {
    request(
        "POST",
        "/api/puzzles",
        Some(json!({"name": "kept", "givens": EASY})),
        cookie,
        csrf,
    )
}
