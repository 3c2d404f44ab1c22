//! The solution page as curl sees it: `/explain?p=…` is rendered on the
//! server (every step, the rating lines and the normalised score in the
//! HTML), the diagonal solver's own `?PUZZLE_MODE_NBEW` address gives the
//! short rating page its users grep, `/api/rate` takes `mode`, and
//! `/api/steps` lists every step of a position.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// The seed's example of its curl call.
const SEED: &str =
    "008050000090000400600003000000002050007018600380090071070480000003009825000000040";
/// top1465 #1 (chains, forcing chains).
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

struct App {
    router: Router,
    _dir: tempfile::TempDir,
}

fn app() -> App {
    let dir = tempfile::tempdir().expect("temp dir");
    let router = sudoku_web::router(dir.path().join("db.sqlite")).expect("router");
    App { router, _dir: dir }
}

async fn fetch(app: &App, req: Request<Body>) -> (StatusCode, String, String) {
    let resp = app.router.clone().oneshot(req).await.expect("infallible");
    let status = resp.status();
    let kind = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    (status, kind, String::from_utf8_lossy(&bytes).into_owned())
}

async fn get(app: &App, uri: &str) -> (StatusCode, String, String) {
    fetch(app, Request::get(uri).body(Body::empty()).expect("request")).await
}

async fn post(app: &App, uri: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .expect("request");
    let (status, _, text) = fetch(app, req).await;
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// The text of the `<dd>` after the `<dt>` that reads `label`.
fn line<'a>(html: &'a str, label: &str) -> Option<&'a str> {
    let at = html.find(&format!("<dt>{label}</dt><dd>"))? + label.len() + 13;
    Some(&html[at..at + html[at..].find("</dd>")?])
}

#[tokio::test]
async fn the_page_is_whole_without_a_script() {
    let app = app();
    let (status, kind, html) = get(&app, &format!("/explain?p={HARD}&lang=en")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("text/html"), "{kind}");
    // The same path as the API: every step's text is on the page.
    let (_, _, api) = get(&app, &format!("/api/explain?p={HARD}&lang=en")).await;
    let api: Value = serde_json::from_str(&api).expect("json");
    let steps = api["steps"].as_array().expect("steps");
    assert!(steps.len() > 50);
    assert_eq!(html.matches("class=\"path-step\"").count(), steps.len());
    for s in steps {
        let text = s["text"].as_str().expect("text");
        let escaped = text
            .replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
            .replace('\'', "&#39;");
        assert!(html.contains(&escaped), "missing: {text}");
    }
    let points = api["rating"]["points"].as_f64().expect("points");
    let shown: f64 = line(&html, "Points")
        .expect("points line")
        .parse()
        .expect("number");
    assert!((shown - points).abs() < 0.051, "{shown} vs {points}");
    // The normalised score is points × 64 / (81 − givens).
    let givens = HARD.bytes().filter(|&b| b != b'.').count();
    let norm: f64 = line(&html, "Normalised score (from 17 givens)")
        .expect("normalised line")
        .parse()
        .expect("number");
    assert!(
        (norm - points * 64.0 / (81 - givens) as f64).abs() < 0.051,
        "{norm}"
    );
    assert_eq!(
        api["rating"]["normalised"]
            .as_f64()
            .map(|n| (n * 10.0).round()),
        Some((norm * 10.0).round())
    );
    assert!(line(&html, "Sudoku Explainer").is_some());
    // The drawings ride along for the script; the shell is served without a query.
    assert!(html.contains("<script type=\"application/json\" id=\"shapes\">"));
    let (_, _, shell) = get(&app, "/explain").await;
    assert!(!shell.contains("path-step"));
    assert!(shell.contains("explain.js"));
}

#[tokio::test]
async fn the_seeds_rating_address_gives_the_line_its_users_grep() {
    let app = app();
    let (status, _, html) = get(&app, &format!("/explain?{SEED}_0_NBEW")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("<html lang=\"de\">"));
    let norm = line(&html, "Normierte Punktzahl (ab 17 Ausgangszahlen)").expect("the line");
    let points: f64 = line(&html, "Punkte")
        .expect("points")
        .parse()
        .expect("number");
    let givens = SEED.bytes().filter(|&b| b != b'0').count();
    let want = points * 64.0 / (81 - givens) as f64;
    assert!((norm.parse::<f64>().expect("number") - want).abs() < 0.051);
    // Rating only: no steps.
    assert!(!html.contains("path-step"));
    // The seed's option numbers choose the mode; English on request.
    let (_, _, semi) = get(&app, &format!("/explain?{SEED}_2000_NBEW_EN")).await;
    assert_eq!(line(&semi, "Mode"), Some("semi"));
    assert!(line(&semi, "Normalised score (from 17 givens)").is_some());
    let (_, _, whole) = get(&app, &format!("/explain?{SEED}")).await;
    assert!(whole.matches("class=\"path-step\"").count() > 10);
    // A bad option is named, in a page.
    let (status, kind, bad) = get(&app, &format!("/explain?{SEED}_7777_NBEW")).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(kind.starts_with("text/html"));
    assert!(bad.contains("parameter &#39;mode&#39;"), "{bad}");
    assert!(bad.contains("id=\"page-error\""));
}

#[tokio::test]
async fn bad_and_open_puzzles_get_a_page_that_says_why() {
    let app = app();
    let (status, _, html) = get(&app, "/explain?p=123").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(html.contains("This address does not give a puzzle to explain:"));
    // Several solutions: the path as far as logic goes, and why it stops.
    let (status, _, html) = get(&app, &format!("/explain?p={}", ".".repeat(81))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(html.contains("more than one solution"), "{html}");
    assert!(html.contains("class=\"path-step\""));
    // Script-free injection is impossible: the puzzle text is never echoed raw.
    let (_, _, html) = get(&app, "/explain?p=%3Cscript%3Ealert(1)%3C/script%3E").await;
    assert!(!html.contains("<script>alert"), "{html}");
}

#[tokio::test]
async fn rate_takes_a_mode() {
    let app = app();
    let (_, _, a) = get(&app, &format!("/api/rate?p={HARD}")).await;
    let (_, _, s) = get(&app, &format!("/api/rate?p={HARD}&mode=sync")).await;
    let (a, s): (Value, Value) = (
        serde_json::from_str(&a).expect("json"),
        serde_json::from_str(&s).expect("json"),
    );
    assert_eq!(a["mode"], "async");
    assert_eq!(s["mode"], "sync");
    assert_ne!(a["points"], s["points"]);
    assert!(a["normalised"].as_f64().expect("normalised") > a["points"].as_f64().expect("points"));
    let (status, v) = post(&app, "/api/rate", json!({"givens": HARD, "mode": "pseudo"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["mode"], "pseudo");
    let (status, v) = post(&app, "/api/rate", json!({"givens": HARD, "mode": "fast"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["code"], "bad-parameter");
}

#[tokio::test]
async fn steps_lists_the_position() {
    let app = app();
    let (status, v) = post(
        &app,
        "/api/steps",
        json!({"givens": HARD, "without": "forcing,trial"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["status"], "ok");
    let steps = v["steps"].as_array().expect("steps");
    assert!(!steps.is_empty());
    assert!(steps.iter().all(|s| s["technique"] != "trial-and-error"));
    let (status, v) = post(
        &app,
        "/api/steps",
        json!({"givens": HARD, "techniques": "x-wnig"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        v["error"]
            .as_str()
            .expect("error")
            .contains("did you mean 'x-wing'?")
    );
    let (status, _) = post(&app, "/api/steps", json!({"givens": HARD, "extra": 1})).await;
    assert!(status.is_client_error(), "{status}");
}
