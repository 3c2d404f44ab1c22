//! Accounts end to end, in process, on both backends (SQLite, and PostgreSQL
//! when `SUDOKU_TEST_PG` names a server): registering, logging in and out,
//! the cookie's attributes, the token against cross-site request forgery,
//! the limit on login attempts, and above all that no endpoint shows,
//! changes or deletes one user's puzzle for another user or for nobody.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use common::EASY;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sudoku_store::Scope;
use sudoku_store::testing::{TestDatabase, blocking};
use sudoku_web::{Clock, Settings};
use tower::ServiceExt;

fn app(db: &TestDatabase) -> Router {
    app_at(db, Clock::System)
}

/// The server on `db` reading the time from `clock`: the login back-off
/// counts in seconds, so a test that checks it must not depend on how long
/// a password check takes on a loaded machine.
fn app_at(db: &TestDatabase, clock: Clock) -> Router {
    sudoku_web::app(
        db.open().expect("open the test database"),
        Settings {
            accounts: true,
            clock,
            ..Settings::default()
        },
    )
}

/// A logged-in client: its cookie and its token.
#[derive(Clone, Debug)]
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
    csrf: bool,
) -> (StatusCode, HeaderMap, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(l) = login {
        req = req.header(header::COOKIE, format!("sudoku_session={}", l.cookie));
        if csrf {
            req = req.header("x-csrf-token", &l.csrf);
        }
    }
    let req = match body {
        Some(b) => req
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(b.to_string())),
        None => req.body(Body::empty()),
    }
    .expect("request");
    let resp = app.clone().oneshot(req).await.expect("infallible");
    let status = resp.status();
    let headers = resp.headers().clone();
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, headers, value)
}

/// Registers (or logs in) `name`; the session from the answer's cookie.
async fn enter(app: &Router, path: &str, name: &str, password: &str) -> Login {
    let (status, headers, v) = send(
        app,
        Method::POST,
        path,
        Some(json!({ "name": name, "password": password })),
        None,
        false,
    )
    .await;
    assert!(status.is_success(), "{path} {name}: {status} {v}");
    let cookie = headers
        .get(header::SET_COOKIE)
        .and_then(|c| c.to_str().ok())
        .expect("a session cookie")
        .to_string();
    assert!(
        cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Strict")
            && cookie.contains("Path=/"),
        "{cookie}"
    );
    let token = cookie
        .strip_prefix("sudoku_session=")
        .and_then(|c| c.split(';').next())
        .expect("token")
        .to_string();
    assert_eq!(v["user"], name);
    Login {
        cookie: token,
        csrf: v["csrf"].as_str().expect("csrf").to_string(),
    }
}

/// A login attempt without a session.
async fn try_login(app: &Router, name: &str, password: &str) -> (StatusCode, HeaderMap, Value) {
    let body = json!({ "name": name, "password": password });
    send(
        app,
        Method::POST,
        "/api/account/login",
        Some(body),
        None,
        false,
    )
    .await
}

/// Saves a puzzle called `name` in `login`'s session, with or without its
/// CSRF token.
async fn save_as(
    app: &Router,
    name: &str,
    login: &Login,
    csrf: bool,
) -> (StatusCode, HeaderMap, Value) {
    let body = Some(save_body(name));
    send(app, Method::POST, "/api/puzzles", body, Some(login), csrf).await
}

/// `GET /api/account/me` in `login`'s session.
async fn me_as(app: &Router, login: &Login) -> (StatusCode, HeaderMap, Value) {
    send(
        app,
        Method::GET,
        "/api/account/me",
        None,
        Some(login),
        false,
    )
    .await
}

/// The puzzle table as `login` sees it.
async fn list_as(app: &Router, login: &Login) -> (StatusCode, HeaderMap, Value) {
    send(app, Method::GET, "/api/puzzles", None, Some(login), false).await
}

fn save_body(name: &str) -> Value {
    json!({ "name": name, "givens": EASY })
}

#[tokio::test]
async fn no_endpoint_leaks_a_puzzle_to_another_user_or_to_nobody() {
    for db in TestDatabase::all() {
        leaks(&db).await;
    }
}

async fn leaks(db: &TestDatabase) {
    let app = app(db);
    let ann = enter(&app, "/api/account/register", "ann", "ann's password").await;
    let bob = enter(&app, "/api/account/register", "bob", "bob's password").await;
    let (status, _, saved) = save_as(&app, "ann-secret-puzzle", &ann, true).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    let id = saved["id"].as_str().expect("id").to_string();
    let (status, _, _) = save_as(&app, "bob's own", &bob, true).await;
    assert_eq!(status, StatusCode::CREATED);

    // Every endpoint, with ann's id wherever one fits, as bob and as nobody.
    let by_id = format!("/api/puzzles/{id}");
    let evaluate = json!({ "givens": EASY });
    let endpoints: Vec<(Method, String, Option<Value>)> = vec![
        (Method::GET, "/api/puzzles".into(), None),
        (Method::GET, "/api/puzzles?sort=name&desc=true".into(), None),
        (Method::POST, "/api/puzzles".into(), Some(save_body("x"))),
        (Method::GET, by_id.clone(), None),
        (Method::PUT, by_id.clone(), Some(save_body("taken over"))),
        (Method::DELETE, by_id.clone(), None),
        (Method::POST, "/api/evaluate".into(), Some(evaluate.clone())),
        (Method::POST, "/api/reasons".into(), Some(evaluate.clone())),
        (Method::POST, "/api/check".into(), Some(evaluate.clone())),
        (Method::POST, "/api/hint".into(), Some(evaluate.clone())),
        (Method::POST, "/api/rate".into(), Some(evaluate.clone())),
        (Method::GET, format!("/api/rate?p={EASY}"), None),
        (Method::GET, format!("/api/explain?p={EASY}"), None),
        (Method::GET, "/api/daily".into(), None),
        (
            Method::POST,
            "/api/search/start".into(),
            Some(evaluate.clone()),
        ),
        (Method::POST, "/api/search/step".into(), Some(json!({}))),
        (Method::POST, "/api/search/next".into(), Some(json!({}))),
        (Method::POST, "/api/manual-step".into(), Some(json!({}))),
        (Method::GET, "/api/account/me".into(), None),
    ];
    let mut tried = 0;
    for (method, uri, body) in &endpoints {
        for who in [Some(&bob), None] {
            let (status, _, v) = send(&app, method.clone(), uri, body.clone(), who, true).await;
            tried += 1;
            let text = v.to_string();
            assert!(
                !text.contains("ann-secret-puzzle") && !text.contains("\"ann\""),
                "{method} {uri} as {who:?}: {status} {text}"
            );
            if uri.starts_with("/api/puzzles") {
                let expected = if who.is_some() {
                    if uri.contains(&id) {
                        StatusCode::NOT_FOUND
                    } else if *method == Method::POST {
                        StatusCode::CREATED
                    } else {
                        StatusCode::OK
                    }
                } else {
                    StatusCode::UNAUTHORIZED
                };
                assert_eq!(status, expected, "{method} {uri} as {who:?}: {v}");
            }
            if who.is_some() && *uri == "/api/puzzles" && *method == Method::GET {
                let names: Vec<_> = v["puzzles"]
                    .as_array()
                    .expect("rows")
                    .iter()
                    .map(|r| r["name"].as_str().unwrap_or("").to_string())
                    .collect();
                assert!(names.iter().all(|n| n != "ann-secret-puzzle"), "{names:?}");
            }
        }
    }
    assert_eq!(tried, endpoints.len() * 2);
    // Ann's puzzle is as she saved it, and only she lists it.
    let (status, _, v) = send(&app, Method::GET, &by_id, None, Some(&ann), true).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["name"], "ann-secret-puzzle");
    let (_, _, v) = list_as(&app, &ann).await;
    assert_eq!(v["puzzles"].as_array().map(Vec::len), Some(1), "{v}");
    // In the database: the puzzle belongs to ann's id.
    let database = db.open().expect("open");
    blocking(|| {
        let mut store = database.connect().expect("connect");
        let (ann_user, hash) = store.user_named("ann").expect("query").expect("ann");
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("ann's password"));
        let mut mine = database
            .connect()
            .expect("connect")
            .within(Scope::User(ann_user.id));
        assert_eq!(
            mine.load(&id).expect("ann's").puzzle.name,
            "ann-secret-puzzle"
        );
        // Nothing without an owner was written by the refused requests.
        let mut nobody = database.connect().expect("connect").within(Scope::Unowned);
        assert_eq!(nobody.count().expect("count"), 0);
    });
}

#[tokio::test]
async fn writes_need_the_sessions_token_and_the_same_site() {
    let db = TestDatabase::sqlite();
    let app = app(&db);
    let ann = enter(&app, "/api/account/register", "ann", "ann's password").await;
    // Without the token, or with another, a write is refused and nothing saved.
    let (status, _, v) = save_as(&app, "a", &ann, false).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{v}");
    assert!(
        v["error"].as_str().unwrap_or("").contains("x-csrf-token"),
        "{v}"
    );
    assert_eq!(v["code"], "csrf-token", "{v}");
    let forged = Login {
        csrf: "0".repeat(64),
        ..ann.clone()
    };
    let (status, _, _) = save_as(&app, "a", &forged, true).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // From another site, even with the token.
    let req = Request::post("/api/puzzles")
        .header(header::HOST, "localhost:8080")
        .header(header::ORIGIN, "https://evil.example")
        .header(header::COOKIE, format!("sudoku_session={}", ann.cookie))
        .header("x-csrf-token", &ann.csrf)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(save_body("a").to_string()))
        .expect("request");
    let resp = app.clone().oneshot(req).await.expect("infallible");
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    let req = Request::post("/api/account/login")
        .header("sec-fetch-site", "cross-site")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({"name": "ann", "password": "ann's password"}).to_string(),
        ))
        .expect("request");
    assert_eq!(
        app.clone().oneshot(req).await.expect("infallible").status(),
        StatusCode::FORBIDDEN
    );
    let (_, _, v) = list_as(&app, &ann).await;
    assert_eq!(
        v["puzzles"].as_array().map(Vec::len),
        Some(0),
        "nothing was saved: {v}"
    );
    // The same site with the token: saved.
    let (status, _, _) = save_as(&app, "a", &ann, true).await;
    assert_eq!(status, StatusCode::CREATED);
    // `me` gives the page its token; logging out ends the session everywhere.
    let (_, _, me) = me_as(&app, &ann).await;
    assert_eq!(
        (me["user"].as_str(), me["csrf"].as_str()),
        (Some("ann"), Some(ann.csrf.as_str()))
    );
    let (status, headers, _) = send(
        &app,
        Method::POST,
        "/api/account/logout",
        None,
        Some(&ann),
        true,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let cleared = headers
        .get(header::SET_COOKIE)
        .and_then(|c| c.to_str().ok())
        .unwrap_or("");
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    let (status, _, _) = list_as(&app, &ann).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (_, _, me) = me_as(&app, &ann).await;
    assert_eq!(me, json!({ "accounts": true, "user": null }));
    // Logging in again finds her puzzle.
    let again = enter(&app, "/api/account/login", "ann", "ann's password").await;
    assert_ne!(again.cookie, ann.cookie);
    let (_, _, v) = list_as(&app, &again).await;
    assert_eq!(v["puzzles"].as_array().map(Vec::len), Some(1), "{v}");
}

#[tokio::test]
async fn registering_and_logging_in_refuse_bad_input_and_too_many_tries() {
    let db = TestDatabase::sqlite();
    let clock = Clock::fixed(sudoku_store::now());
    let app = app_at(&db, clock.clone());
    let login = |name: &str, password: &str| json!({ "name": name, "password": password });
    enter(&app, "/api/account/register", "ann", "ann's password").await;
    for (body, status, says) in [
        (
            login("ann", "another password"),
            StatusCode::CONFLICT,
            "taken",
        ),
        (
            login("a b", "long enough"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "name",
        ),
        (
            login("carl", "short"),
            StatusCode::UNPROCESSABLE_ENTITY,
            "password",
        ),
        (
            json!({ "name": "carl" }),
            StatusCode::UNPROCESSABLE_ENTITY,
            "password",
        ),
    ] {
        let (s, _, v) = send(
            &app,
            Method::POST,
            "/api/account/register",
            Some(body),
            None,
            false,
        )
        .await;
        assert_eq!(s, status, "{v}");
        assert!(v["error"].as_str().unwrap_or("").contains(says), "{v}");
    }
    // Wrong passwords and unknown names get the same answer.
    let (s, _, wrong) = try_login(&app, "ann", "not it at all").await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    let (s, _, unknown) = try_login(&app, "zed", "not it at all").await;
    assert_eq!(s, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong, unknown);
    assert_eq!(wrong["code"], "wrong-login", "{wrong}");
    // Five tries on one name, then 429 with Retry-After, even with the right
    // password.
    for _ in 0..3 {
        let (s, _, _) = try_login(&app, "ann", "guess guess").await;
        assert_eq!(s, StatusCode::UNAUTHORIZED);
    }
    let (s, headers, v) = try_login(&app, "ann", "guess guess").await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    let (s, headers2, v) = try_login(&app, "ann", "ann's password").await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v} {headers:?}");
    assert_eq!(v["code"], "too-many-logins-name", "{v}");
    let wait: u64 = headers2
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert_eq!(wait, 1, "the first wait after the free tries");
    // A second later one more try is allowed, then the wait doubles.
    clock.advance(1);
    let (s, _, v) = try_login(&app, "ann", "guess guess").await;
    assert_eq!(s, StatusCode::UNAUTHORIZED, "{v}");
    clock.advance(1);
    let (s, headers, v) = try_login(&app, "ann", "ann's password").await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(
        headers
            .get(header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok()),
        Some("1"),
        "{v}"
    );
    // Other names are not locked out by it.
    enter(&app, "/api/account/register", "bob", "bob's password").await;
}

#[tokio::test]
async fn without_accounts_the_trainer_works_as_before_and_the_account_endpoints_say_so() {
    let db = TestDatabase::sqlite();
    let app = sudoku_web::app(db.open().expect("open"), Settings::default());
    let (s, _, v) = send(
        &app,
        Method::POST,
        "/api/puzzles",
        Some(save_body("a")),
        None,
        false,
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let (_, _, me) = send(&app, Method::GET, "/api/account/me", None, None, false).await;
    assert_eq!(me, json!({ "accounts": false, "user": null }));
    let (s, _, v) = send(
        &app,
        Method::POST,
        "/api/account/register",
        Some(json!({ "name": "ann", "password": "long enough" })),
        None,
        false,
    )
    .await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert!(
        v["error"].as_str().unwrap_or("").contains("--accounts"),
        "{v}"
    );
    // A puzzle saved by a user on an accounts server is not shown here.
    let mut store = db.open().expect("open").connect().expect("connect");
    let user = store
        .create_user("ann", "ann", "$argon2id$x")
        .expect("user");
    store
        .within(Scope::User(user.id))
        .save(&sudoku_store::Puzzle::new(
            "ann-private",
            EASY.parse().expect("grid"),
            sudoku_core::Variant::Standard,
        ))
        .expect("save");
    let (_, _, v) = send(&app, Method::GET, "/api/puzzles", None, None, false).await;
    let rows = v["puzzles"].as_array().expect("rows");
    assert_eq!(rows.len(), 1, "{v}");
    assert_eq!(rows[0]["name"], "a");
}

/// A login attempt from `ip` (as `sudoku_web::serve` marks a connection's
/// address); the status and body.
async fn login_from(app: &Router, ip: [u8; 4], name: &str, password: &str) -> (StatusCode, Value) {
    let mut req = Request::post("/api/account/login")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({ "name": name, "password": password }).to_string(),
        ))
        .expect("request");
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(std::net::SocketAddr::from((
            ip, 40_000,
        ))));
    let resp = app.clone().oneshot(req).await.expect("infallible");
    let status = resp.status();
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn guesses_never_lock_the_owner_out_and_two_servers_allow_no_more_than_one() {
    for db in TestDatabase::all() {
        guesses(&db).await;
    }
}

async fn guesses(db: &TestDatabase) {
    // Two servers on one database, on one stopped clock.
    let clock = Clock::fixed(sudoku_store::now());
    let one = app_at(db, clock.clone());
    let two = app_at(db, clock);
    enter(&one, "/api/account/register", "ann", "ann's password").await;
    let attacker = [203, 0, 113, 9];
    let owner = [198, 51, 100, 7];
    // Five wrong guesses from the attacker's address, spread over both
    // servers, then the sixth is refused on either: no more than one server
    // alone would allow.
    for i in 0..5 {
        let server = if i % 2 == 0 { &one } else { &two };
        let (s, v) = login_from(server, attacker, "ann", "a wrong guess").await;
        assert_eq!(s, StatusCode::UNAUTHORIZED, "{db:?} guess {i}: {v}");
    }
    for server in [&one, &two] {
        let (s, v) = login_from(server, attacker, "ann", "ann's password").await;
        assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{db:?}: {v}");
        assert_eq!(v["code"], "too-many-logins-name", "{v}");
    }
    // The owner, from elsewhere, logs in at once.
    let (s, v) = login_from(&one, owner, "ann", "ann's password").await;
    assert_eq!(s, StatusCode::OK, "{db:?}: the owner is locked out: {v}");
    // Lookalike names are hers: refused as new accounts, and her name in
    // another form logs her in.
    for lookalike in ["Ann", "ＡＮＮ", "ANN"] {
        let (s, _, v) = send(
            &one,
            Method::POST,
            "/api/account/register",
            Some(json!({ "name": lookalike, "password": "a long password" })),
            None,
            false,
        )
        .await;
        assert_eq!(s, StatusCode::CONFLICT, "{db:?} {lookalike}: {v}");
    }
    let (s, v) = login_from(&two, owner, "ＡＮＮ", "ann's password").await;
    assert_eq!(s, StatusCode::OK, "{db:?}: {v}");
    assert_eq!(v["user"], "ann", "{v}");
    // A name with a NUL is bad input on either backend, never a 500.
    let (s, v) = login_from(&one, owner, "an\u{0}n", "ann's password").await;
    assert!(s.is_client_error(), "{db:?}: {s} {v}");
}
