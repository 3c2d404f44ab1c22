//! Expensive work is bounded per request and per client (`sudoku_web::limits`),
//! in process: a client beyond its share gets 429 with `Retry-After` while
//! another client is served; a request dropped by its client (the connection
//! closed) stops its work and frees its share; time spent waiting for a worker
//! counts against the budget, so a queue of expensive requests is answered
//! within the budget, not one budget after another.
//!
//! Clients are told apart by the `ConnectInfo` address `sudoku_web::serve`
//! attaches to each request (here the tests attach it themselves); a
//! logged-in account has a share too, and a request counts against both.

mod common;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use common::{EASY, answer, app_in, register};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use sudoku_web::Limits;

/// A generator run that finds nothing for over a minute (measured: seed 1 of a
/// hard colour-diagonal puzzle), so it runs until its budget or a cancel stops
/// it.
fn long_generate() -> Value {
    json!({"level": "hard", "variant": "color-diagonal", "seed": 1})
}

/// One expensive request per client, a long budget, two workers.
const ONE_SHARE: Limits = Limits {
    budget: Duration::from_secs(60),
    per_client: 1,
    workers: 2,
};

fn app(dir: &tempfile::TempDir, limits: Limits) -> Router {
    sudoku_web::router_with(dir.path().join("db.sqlite"), limits).expect("router")
}

fn client(n: u8) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, n], 40_000))
}

/// Posts `body` to `uri` as client `from`; the status, `Retry-After` and body.
async fn post(
    app: &Router,
    from: SocketAddr,
    uri: &str,
    body: &Value,
) -> (StatusCode, Option<u64>, Value) {
    post_with(app, from, uri, body, None).await
}

/// A session: the cookie's token and the CSRF token.
type Session = (String, String);

/// [`post`] within `session`.
async fn post_with(
    app: &Router,
    from: SocketAddr,
    uri: &str,
    body: &Value,
    session: Option<&Session>,
) -> (StatusCode, Option<u64>, Value) {
    let mut req = Request::post(uri).header(header::CONTENT_TYPE, "application/json");
    if let Some((cookie, csrf)) = session {
        req = req
            .header(header::COOKIE, format!("sudoku_session={cookie}"))
            .header("x-csrf-token", csrf);
    }
    let mut req = req.body(Body::from(body.to_string())).expect("request");
    req.extensions_mut().insert(ConnectInfo(from));
    let (status, retry, value) = answer(app, req).await;
    (status, retry.and_then(|s| s.parse().ok()), value)
}

fn rate_easy() -> Value {
    json!({"givens": EASY})
}

type Answer = (StatusCode, Option<u64>, Value);

/// Starts the long request as `from` and returns once it holds its share
/// (it is still running a moment later; had it come while an earlier request
/// of `from` was still being released, it would have been refused at once).
async fn hold_share(app: &Router, from: SocketAddr) -> tokio::task::JoinHandle<Answer> {
    for _ in 0..50 {
        let long = {
            let app = app.clone();
            tokio::spawn(async move { post(&app, from, "/api/generate", &long_generate()).await })
        };
        tokio::time::sleep(Duration::from_millis(300)).await;
        if !long.is_finished() {
            return long;
        }
    }
    panic!("the long request never got its share");
}

/// A cheap expensive request as `from`, which must be refused with 429; its
/// `Retry-After` and body.
async fn refused(app: &Router, from: SocketAddr) -> (Option<u64>, Value) {
    let (status, retry, v) = post(app, from, "/api/rate", &rate_easy()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
    (retry, v)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_beyond_its_share_gets_429_others_are_served_and_a_dropped_request_frees_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(&dir, ONE_SHARE);
    let long = hold_share(&app, client(1)).await;
    let (retry, v) = refused(&app, client(1)).await;
    let retry = retry.expect("a 429 carries Retry-After");
    assert!((1..=60).contains(&retry), "Retry-After {retry}");
    let msg = v["error"].as_str().expect("error message");
    assert!(msg.contains("at most 1"), "{msg}");
    assert_eq!(v["code"], "too-many-requests", "{v}");
    assert_eq!(v["args"]["limit"], 1, "{v}");

    // Another client is served meanwhile.
    let (status, _, v) = post(&app, client(2), "/api/rate", &rate_easy()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["level"], "easy");

    // The first client goes away: its work stops and its share is free again
    // long before the 60 s budget would have ended it.
    long.abort();
    let start = Instant::now();
    loop {
        let (status, _, v) = post(&app, client(1), "/api/rate", &rate_easy()).await;
        if status == StatusCode::OK {
            break;
        }
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the dropped request still holds the client's share"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn waiting_for_a_worker_counts_against_the_budget() {
    let dir = tempfile::tempdir().expect("temp dir");
    let budget = Duration::from_secs(1);
    let limits = Limits {
        budget,
        per_client: 8,
        workers: 1,
    };
    let app = app(&dir, limits);
    // Six long requests for one worker: answered one budget after another,
    // the last would wait about 6 s; within the budget, all end near 1 s.
    let start = Instant::now();
    let mut calls = Vec::new();
    for _ in 0..6 {
        let app = app.clone();
        calls.push(tokio::spawn(async move {
            let answer = post(&app, client(1), "/api/generate", &long_generate()).await;
            (answer, start.elapsed())
        }));
    }
    let mut busy = 0;
    for call in calls {
        let ((status, retry, v), took) = call.await.expect("task");
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
        assert_eq!(v["args"], json!({"budget": 1.0}), "{v}");
        let msg = v["error"].as_str().expect("error message");
        // The one that got the worker ran out of time itself; the others
        // never got a worker: the server was busy, and says when to retry.
        if v["code"] == "busy" {
            busy += 1;
            assert!(msg.contains("budget of 1 s"), "{msg}");
            assert!(retry.is_some(), "a busy 503 carries Retry-After: {v}");
        } else {
            assert_eq!(v["code"], "out-of-time", "{v}");
            assert!(msg.contains("more than the 1 s"), "{msg}");
        }
        // A bound on the contract (budget + grace), far from the 6 s of a
        // queue that does not count waiting.
        assert!(
            took < budget + Duration::from_secs(2),
            "answered after {took:?}"
        );
    }
    // A request that got the worker a moment before its own deadline runs
    // out of time too; most never get it.
    assert!(busy >= 3, "{busy} of 6 found the server busy");
    // The worker is free again: a cheap expensive request is served.
    let (status, _, v) = post(&app, client(2), "/api/rate", &rate_easy()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn saves_share_the_workers_but_are_never_refused_for_the_clients_count() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app(&dir, ONE_SHARE);
    let long = hold_share(&app, client(1)).await;
    refused(&app, client(1)).await;
    for i in 0..5 {
        let body = json!({"name": format!("save {i}"), "givens": EASY});
        let (status, _, v) = post(&app, client(1), "/api/puzzles", &body).await;
        assert_eq!(status, StatusCode::CREATED, "{v}");
    }
    long.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_and_an_account_each_have_one_share_and_the_smaller_wins() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app_in(
        &dir,
        sudoku_web::Settings {
            limits: ONE_SHARE,
            accounts: true,
            ..Default::default()
        },
    );
    // Six accounts from one address get no more than one.
    let home = client(9);
    let mut people = Vec::new();
    for name in ["ann", "bob", "cy", "dee", "eve", "fay"] {
        people.push(register(&app, home, name).await);
    }
    let mut long = None;
    for _ in 0..50 {
        let task = {
            let (app, ann) = (app.clone(), people[0].clone());
            tokio::spawn(async move {
                post_with(&app, home, "/api/generate", &long_generate(), Some(&ann)).await
            })
        };
        tokio::time::sleep(Duration::from_millis(300)).await;
        if !task.is_finished() {
            long = Some(task);
            break;
        }
    }
    let long = long.expect("ann's long request got its share");
    for other in &people[1..] {
        let (status, retry, v) =
            post_with(&app, home, "/api/generate", &long_generate(), Some(other)).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
        assert!(retry.is_some());
        assert_eq!(v["args"]["address"], "10.0.0.9", "the address's share: {v}");
    }
    // Ann's account from another address is at its share too...
    let (status, _, v) = post_with(
        &app,
        client(10),
        "/api/rate",
        &rate_easy(),
        Some(&people[0]),
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(
        v["args"]["address"],
        Value::Null,
        "the account's share: {v}"
    );
    assert!(
        v["error"].as_str().unwrap_or("").contains("this account"),
        "{v}"
    );
    // ...while Bob from there, and a visitor elsewhere, are served.
    let (status, _, v) = post_with(
        &app,
        client(10),
        "/api/rate",
        &rate_easy(),
        Some(&people[1]),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let (status, _, v) = post(&app, client(11), "/api/rate", &rate_easy()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    long.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_defaults_one_client_flooding_generates_leaves_room_for_another() {
    let dir = tempfile::tempdir().expect("temp dir");
    let defaults = Limits::default();
    assert!(defaults.per_client < defaults.workers, "{defaults:?}");
    let app = app(&dir, defaults);
    let flood: Vec<_> = (0..12)
        .map(|_| {
            let app = app.clone();
            tokio::spawn(
                async move { post(&app, client(1), "/api/generate", &long_generate()).await },
            )
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let start = Instant::now();
    let (status, _, v) = post(&app, client(2), "/api/rate", &rate_easy()).await;
    let took = start.elapsed();
    assert_eq!(status, StatusCode::OK, "{v}");
    println!(
        "defaults {defaults:?}: another client's easy rating took {took:?} while one client flooded 12 generates"
    );
    // The flood got its share and no more: the rest were refused at once.
    let mut refused = 0;
    for task in flood {
        if task.is_finished() {
            let (status, retry, v) = task.await.expect("task");
            assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
            assert!(retry.is_some());
            refused += 1;
        } else {
            task.abort();
        }
    }
    assert_eq!(refused, 12 - defaults.per_client);
}

/// A POST through a proxy at `peer` naming `forwarded` as the client.
async fn post_forwarded(
    app: &Router,
    peer: SocketAddr,
    forwarded: &str,
    uri: &str,
    body: &Value,
) -> (StatusCode, Option<u64>, Value) {
    let mut req = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .header("x-forwarded-for", forwarded)
        .body(Body::from(body.to_string()))
        .expect("request");
    req.extensions_mut().insert(ConnectInfo(peer));
    let (status, retry, value) = answer(app, req).await;
    (status, retry.and_then(|s| s.parse().ok()), value)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_client_has_its_share_and_nobody_else_can_claim_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let app = app_in(
        &dir,
        sudoku_web::Settings {
            limits: ONE_SHARE,
            proxies: sudoku_web::Proxies(vec!["10.0.0.0/24".parse().expect("cidr")]),
            ..Default::default()
        },
    );
    let proxy = client(1);
    // 203.0.113.5 holds its share through the proxy...
    let mut long = None;
    for _ in 0..50 {
        let task = {
            let app = app.clone();
            tokio::spawn(async move {
                post_forwarded(
                    &app,
                    proxy,
                    "203.0.113.5",
                    "/api/generate",
                    &long_generate(),
                )
                .await
            })
        };
        tokio::time::sleep(Duration::from_millis(300)).await;
        if !task.is_finished() {
            long = Some(task);
            break;
        }
    }
    let long = long.expect("the long request got its share");
    let (status, _, v) =
        post_forwarded(&app, proxy, "203.0.113.5", "/api/rate", &rate_easy()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(v["args"]["address"], "203.0.113.5", "{v}");
    // ...another client behind the same proxy is served...
    let (status, _, v) =
        post_forwarded(&app, proxy, "198.51.100.8", "/api/rate", &rate_easy()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    // ...and a client that is no proxy cannot pose as someone else: its own
    // address counts, whatever it writes.
    let stranger = SocketAddr::from(([192, 0, 2, 77], 40_000));
    let (status, _, v) =
        post_forwarded(&app, stranger, "203.0.113.99", "/api/rate", &rate_easy()).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let held = hold_share(&app, stranger).await;
    let (status, _, v) =
        post_forwarded(&app, stranger, "198.51.100.9", "/api/rate", &rate_easy()).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(v["args"]["address"], "192.0.2.77", "{v}");
    held.abort();
    long.abort();
}
