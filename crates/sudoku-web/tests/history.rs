//! The finished games kept on the server (`/api/history`), in process on
//! both backends (SQLite, and PostgreSQL when `SUDOKU_TEST_PG` names a
//! server): a player's games come back newest first, a game sent twice is
//! kept once, another player sees none of them, a bad record is refused
//! with its index and field and nothing of its request is kept, and the
//! endpoint needs a session (401) or says the server has no accounts (404).

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use serde_json::{Value, json};
use sudoku_store::testing::TestDatabase;
use sudoku_web::Settings;

fn app(db: &TestDatabase, accounts: bool) -> Router {
    sudoku_web::app(
        db.open().expect("open the test database"),
        Settings {
            accounts,
            ..Settings::default()
        },
    )
}

/// A session: the cookie's token and the token for writes.
struct Login {
    cookie: String,
    csrf: String,
}

async fn send(
    app: &Router,
    method: Method,
    uri: &str,
    body: Option<Value>,
    login: Option<&Login>,
) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(l) = login {
        req = req
            .header(header::COOKIE, format!("sudoku_session={}", l.cookie))
            .header("x-csrf-token", &l.csrf);
    }
    let req = match body {
        Some(b) => req
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .expect("request");
    let (status, _, value) = common::answer(app, req).await;
    (status, value)
}

async fn register(app: &Router, name: &str) -> Login {
    let (cookie, csrf) = common::register(
        app,
        std::net::SocketAddr::from(([127, 0, 0, 1], 40_000)),
        name,
    )
    .await;
    Login { cookie, csrf }
}

fn game(id: &str, at: i64, level: &str) -> Value {
    json!({
        "id": id, "puzzle": common::EASY, "variant": "standard", "level": level,
        "ms": 754_000, "hints": 2, "mistakes": 1, "date": "2026-11-27", "at": at, "solved": true,
    })
}

#[tokio::test]
async fn a_players_games_are_kept_once_and_shown_to_them_alone() {
    for db in TestDatabase::all() {
        let app = app(&db, true);
        let ann = register(&app, "ann").await;
        let bob = register(&app, "bob").await;
        let now = sudoku_store::now() * 1000;
        let (s, v) = send(
            &app,
            Method::POST,
            "/api/history",
            Some(json!({ "games": [game("g1", now - 5000, "easy"), game("g2", now - 1000, "hard")] })),
            Some(&ann),
        )
        .await;
        assert_eq!(
            (s, v["added"].as_u64()),
            (StatusCode::OK, Some(2)),
            "{db:?} {v}"
        );
        // A page syncing again sends the same game: kept once.
        let mut daily = game("g3", now - 3000, "medium");
        daily["daily"] = json!("2026-11-26");
        let (_, v) = send(
            &app,
            Method::POST,
            "/api/history",
            Some(json!({ "games": [game("g2", now - 1000, "hard"), daily] })),
            Some(&ann),
        )
        .await;
        assert_eq!(v["added"], 1, "{v}");
        let (s, v) = send(&app, Method::GET, "/api/history", None, Some(&ann)).await;
        assert_eq!(s, StatusCode::OK);
        let ids: Vec<&str> = v["games"]
            .as_array()
            .expect("games")
            .iter()
            .filter_map(|g| g["id"].as_str())
            .collect();
        assert_eq!(ids, ["g2", "g3", "g1"], "{db:?}: newest first");
        assert_eq!(v["games"][1]["daily"], "2026-11-26");
        assert_eq!(v["games"][0]["ms"], 754_000);
        let (_, v) = send(&app, Method::GET, "/api/history", None, Some(&bob)).await;
        assert_eq!(v["games"], json!([]), "{db:?}: bob sees none of ann's");
    }
}

#[tokio::test]
async fn bad_records_are_refused_whole_and_the_endpoint_needs_a_session() {
    for db in TestDatabase::all() {
        let app = app(&db, true);
        let ann = register(&app, "ann").await;
        let now = sudoku_store::now() * 1000;
        for (bad, says) in [
            (json!({ "puzzle": "123" }), "games[1].puzzle"),
            (json!({ "variant": "hexagonal" }), "games[1].variant"),
            (json!({ "level": "impossible" }), "games[1].level"),
            (json!({ "date": "27.11.2026" }), "games[1].date"),
            (json!({ "id": "a b" }), "games[1].id"),
            (json!({ "at": now + 10 * 24 * 3600 * 1000 }), "games[1].at"),
            (json!({ "daily": "2026-13-01" }), "games[1].daily"),
            (json!({ "mistakes": 100_001 }), "games[1].mistakes"),
        ] {
            let mut g = game("bad", now, "easy");
            for (k, v) in bad.as_object().expect("fields") {
                g[k] = v.clone();
            }
            let (s, v) = send(
                &app,
                Method::POST,
                "/api/history",
                Some(json!({ "games": [game("good", now, "easy"), g] })),
                Some(&ann),
            )
            .await;
            assert_eq!(
                (s, v["code"].as_str(), v["args"]["index"].as_u64()),
                (StatusCode::UNPROCESSABLE_ENTITY, Some("bad-game"), Some(1)),
                "{bad}: {v}"
            );
            assert!(
                v["error"].as_str().unwrap_or("").starts_with(says),
                "{bad}: {v}"
            );
        }
        // Too many at once (200 may be sent).
        let many: Vec<Value> = (0..=200)
            .map(|k| game(&format!("m{k}"), now, "easy"))
            .collect();
        let (s, v) = send(
            &app,
            Method::POST,
            "/api/history",
            Some(json!({ "games": many })),
            Some(&ann),
        )
        .await;
        assert_eq!(
            (s, v["code"].as_str()),
            (StatusCode::PAYLOAD_TOO_LARGE, Some("too-many-games")),
            "{v}"
        );
        // An unknown field is refused too.
        let mut g = game("x", now, "easy");
        g["score"] = json!(3);
        let (s, _) = send(
            &app,
            Method::POST,
            "/api/history",
            Some(json!({ "games": [g] })),
            Some(&ann),
        )
        .await;
        assert!(s.is_client_error());
        let (_, v) = send(&app, Method::GET, "/api/history", None, Some(&ann)).await;
        assert_eq!(
            v["games"],
            json!([]),
            "{db:?}: nothing of a refused request is kept"
        );
        let (s, v) = send(&app, Method::GET, "/api/history", None, None).await;
        assert_eq!(
            (s, v["code"].as_str()),
            (StatusCode::UNAUTHORIZED, Some("login-required"))
        );
        let plain = self::app(&db, false);
        let (s, v) = send(&plain, Method::GET, "/api/history", None, None).await;
        assert_eq!(
            (s, v["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("no-accounts"))
        );
    }
}
