//! In-process HTTP tests of every endpoint with tower's `oneshot`: valid input
//! gives the engine's answers, garbage (malformed JSON, wrong lengths,
//! out-of-range cells and digits, unknown names, huge bodies, wrong content
//! types, inconsistent search states) gives a 4xx with a message naming what is
//! wrong — never a 5xx — and a key of `ErrorCode` the page translates.

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::EASY;
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sudoku_core::{Grid, Variant};
use sudoku_solve::{Uniqueness, count, uniqueness};
use tower::ServiceExt;

/// The seed's "teuflisch-spezial-2" (very hard: the search backtracks).
const TEUFLISCH: &str =
    "14...68......5...2....94.6...4...........8.3675...19.....3...1..9......58.....7..";

struct App {
    router: Router,
    _dir: tempfile::TempDir,
}

fn app() -> App {
    let dir = tempfile::tempdir().expect("temp dir");
    let router = sudoku_web::router(dir.path().join("db.sqlite")).expect("router");
    App { router, _dir: dir }
}

async fn send(app: &App, req: Request<Body>) -> (StatusCode, Value) {
    let resp = app.router.clone().oneshot(req).await.expect("infallible");
    let status = resp.status();
    let bytes = resp.into_body().collect().await.expect("body").to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

async fn post_raw(app: &App, uri: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    let req = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .expect("request");
    send(app, req).await
}

async fn post(app: &App, uri: &str, body: Value) -> (StatusCode, Value) {
    post_raw(app, uri, body.to_string()).await
}

async fn get(app: &App, uri: &str) -> (StatusCode, Value) {
    send(app, Request::get(uri).body(Body::empty()).expect("request")).await
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message in {v}"))
}

/// Asserts a 4xx whose message contains `needle`, keyed by one of the
/// server's error codes with its args.
fn assert_client_error(status: StatusCode, v: &Value, needle: &str) {
    assert!(status.is_client_error(), "status {status} for {v}");
    let msg = error_of(v);
    assert!(msg.contains(needle), "'{msg}' does not mention '{needle}'");
    assert_keyed(v);
}

/// Asserts an error answer of the keyed form `{"error", "code", "args"}`.
fn assert_keyed(v: &Value) {
    let code = v["code"]
        .as_str()
        .unwrap_or_else(|| panic!("no code in {v}"));
    assert!(
        sudoku_web::ErrorCode::KEYS.contains(&code),
        "unknown code in {v}"
    );
    assert!(v["args"].is_object(), "no args in {v}");
    assert_eq!(v.as_object().map(|o| o.len()), Some(3), "{v}");
}

/// Asserts an error answer with `code` and `args`.
fn assert_code(v: &Value, code: &str, args: Value) {
    assert_keyed(v);
    assert_eq!(v["code"], code, "{v}");
    assert_eq!(v["args"], args, "{v}");
}

fn solution(line: &str) -> String {
    let g: Grid = line.parse().expect("grid");
    match uniqueness(&g, Variant::Standard) {
        Uniqueness::Unique(s) => s
            .to_string()
            .chars()
            .filter(|c| c.is_ascii_digit())
            .collect(),
        other => panic!("not unique: {other:?}"),
    }
}

const POSITION_ENDPOINTS: [&str; 7] = [
    "/api/evaluate",
    "/api/reasons",
    "/api/search/start",
    "/api/check",
    "/api/hint",
    "/api/rate",
    "/api/puzzles",
];

#[tokio::test]
async fn evaluate_shows_necessary_numbers_in_lazy_and_everything_in_strict() {
    let app = app();
    let (s, v) = post(
        &app,
        "/api/evaluate",
        json!({"givens": EASY, "mode": "lazy"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let e = &v["evaluation"];
    assert!(!e["necessary"].as_array().expect("necessary").is_empty());
    assert_eq!(e["candidates"].as_array().expect("candidates").len(), 81);
    assert!(v["contradiction_text"].is_null());

    let (s, v) = post(
        &app,
        "/api/evaluate",
        json!({"givens": TEUFLISCH, "mode": "strict-plus", "variant": "standard"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["evaluation"]["complete"], json!(true));
    assert!(
        !v["evaluation"]["inadmissible"]
            .as_array()
            .expect("inad")
            .is_empty()
    );

    // None shows nothing but a digit placed twice, which it frames.
    let clash = format!("11{}", &EASY[2..]);
    let (s, v) = post(
        &app,
        "/api/evaluate",
        json!({"givens": ".".repeat(81), "entries": clash, "mode": "none"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(
        v["evaluation"]["contradiction"]["type"],
        json!("placed-twice")
    );
    assert_eq!(v["contradiction_cells"], json!([0, 1]));
    assert!(
        v["contradiction_text"]
            .as_str()
            .expect("text")
            .contains('1')
    );
}

#[tokio::test]
async fn garbage_gets_a_clear_4xx_on_every_endpoint() {
    let app = app();
    let big = format!("{{\"givens\": \"{}\"}}", "1".repeat(200_000));
    for uri in POSITION_ENDPOINTS {
        // The other fields each endpoint needs, so the grid is what is wrong.
        let with = |mut v: Value| {
            if uri.ends_with("reasons") {
                v["cell"] = json!(0);
            }
            if uri.ends_with("puzzles") {
                v["name"] = json!("x");
            }
            v
        };
        let (s, v) = post_raw(&app, uri, "{\"givens\": ").await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{uri}");
        assert_client_error(s, &v, "malformed JSON");
        let (s, v) = post_raw(&app, uri, "").await;
        assert_client_error(s, &v, "empty");
        let (s, v) = post(&app, uri, with(json!({"givens": "123"}))).await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{uri} {v}");
        assert_client_error(s, &v, "81 characters");
        let (s, v) = post(
            &app,
            uri,
            with(json!({"givens": format!("x{}", &EASY[1..])})),
        )
        .await;
        assert_client_error(s, &v, "character 1");
        let (s, v) = post(
            &app,
            uri,
            with(json!({"givens": EASY, "variant": "hexagonal"})),
        )
        .await;
        assert_client_error(s, &v, "variant");
        let (s, v) = post_raw(&app, uri, big.clone()).await;
        assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{uri}");
        assert_client_error(s, &v, "limit");
        let req = Request::post(uri)
            .header(header::CONTENT_TYPE, "text/plain")
            .body(Body::from(json!({"givens": EASY}).to_string()))
            .expect("request");
        let (s, v) = send(&app, req).await;
        assert_client_error(s, &v, "application/json");
        let (s, v) = post(&app, uri, json!([1, 2, 3])).await;
        assert!(s.is_client_error(), "{uri} {v}");
        let (s, v) = post(&app, uri, with(json!({"givens": EASY, "bogus": 1}))).await;
        assert_client_error(s, &v, "bogus");
    }
    let (s, v) = post(
        &app,
        "/api/evaluate",
        json!({"givens": EASY, "mode": "eager"}),
    )
    .await;
    assert_client_error(s, &v, "mode");
    let (s, v) = post(&app, "/api/evaluate", json!({"givens": EASY, "lang": "fr"})).await;
    assert_client_error(s, &v, "lang");
    let (s, v) = get(&app, "/api/nothing").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_client_error(s, &v, "/api/nothing");
    assert_code(&v, "no-endpoint", json!({"path": "/api/nothing"}));
}

#[tokio::test]
async fn reasons_name_the_house_and_reject_bad_cells() {
    let app = app();
    let (_, v) = post(&app, "/api/evaluate", json!({"givens": EASY})).await;
    let n = &v["evaluation"]["necessary"][0];
    let cell = n["cell"].as_u64().expect("cell");
    for lang in ["en", "de"] {
        let (s, v) = post(
            &app,
            "/api/reasons",
            json!({"givens": EASY, "cell": cell, "lang": lang}),
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        let r = &v["reasons"][0];
        assert_eq!(r["reason"]["kind"], json!("necessary"));
        assert_eq!(r["highlight"].as_array().expect("cells").len(), 9);
        let text = r["text"].as_str().expect("text");
        assert!(
            text.contains(if lang == "de" {
                "notwendig"
            } else {
                "necessary"
            }),
            "{text}"
        );
    }
    for bad in [json!(81), json!(-1), json!("a"), json!(1.5)] {
        let (s, v) = post(&app, "/api/reasons", json!({"givens": EASY, "cell": bad})).await;
        assert_client_error(s, &v, "cell");
    }
    let (s, v) = post(&app, "/api/reasons", json!({"givens": EASY})).await;
    assert_client_error(s, &v, "cell");
}

#[tokio::test]
async fn search_runs_to_the_solution_with_backtracking_and_rejects_bad_states() {
    let app = app();
    let (s, mut v) = post(
        &app,
        "/api/search/start",
        json!({"givens": TEUFLISCH, "mode": "lazy", "seed": 1}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["phase"], json!("forward"));
    let mut turned = false;
    for _ in 0..10_000 {
        let (s, next) = post(
            &app,
            "/api/search/step",
            json!({"search": v["search"], "steps": 50, "lang": "de"}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{next}");
        turned |= next["turned_text"].is_string();
        v = next;
        if v["phase"] == json!("solved") {
            break;
        }
    }
    assert_eq!(v["phase"], json!("solved"));
    assert_eq!(v["board"].as_str().expect("board"), solution(TEUFLISCH));
    assert!(v["backtrack_runs"].as_u64().expect("runs") > 0);
    assert!(
        turned,
        "a contradiction was reported when the search turned"
    );
    assert!(v["steps"].as_u64().expect("steps") > 58);

    // A tampered state: the board is not the start plus the stack.
    let mut bad = v["search"].clone();
    bad["board"] = json!(EASY);
    let (s, e) = post(&app, "/api/search/step", json!({"search": bad})).await;
    assert_client_error(s, &e, "inconsistent");
    let mut bad = v["search"].clone();
    bad["stack"][0]["move"]["cell"] = json!(99);
    let (s, e) = post(&app, "/api/search/step", json!({"search": bad})).await;
    assert_client_error(s, &e, "cell index 99");
    assert!(error_of(&e).contains("search.stack[0].move.cell"), "{e}");
    assert_eq!(e["code"], "invalid-request");
    assert_eq!(e["args"]["path"], "search.stack[0].move.cell");
    for steps in [0, 5_001] {
        let (s, e) = post(
            &app,
            "/api/search/step",
            json!({"search": v["search"], "steps": steps}),
        )
        .await;
        assert_client_error(s, &e, "steps");
    }
    let (s, e) = post(
        &app,
        "/api/search/step",
        json!({"search": {"phase": "forward"}}),
    )
    .await;
    assert_client_error(s, &e, "search");
    let clash = format!("11{}", &EASY[2..]);
    let (s, e) = post(&app, "/api/search/start", json!({"givens": clash})).await;
    assert_client_error(s, &e, "clash");
    assert_code(
        &e,
        "digits-clash",
        json!({"clash": {"digit": 1, "house": {"kind": "row", "number": 1},
            "first": "r1c1", "second": "r1c2"}}),
    );
}

#[tokio::test]
async fn next_solution_finds_the_second_solution() {
    let app = app();
    // The easy puzzle without its first eight givens has several solutions.
    let mut line: Vec<char> = EASY.chars().collect();
    let mut removed = 0;
    for ch in line.iter_mut() {
        if *ch != '.' && removed < 8 {
            *ch = '.';
            removed += 1;
        }
    }
    let open: String = line.into_iter().collect();
    let g: Grid = open.parse().expect("grid");
    assert!(count(&g, Variant::Standard, Some(2)) >= 2);
    let (_, mut v) = post(&app, "/api/search/start", json!({"givens": open})).await;
    let (s, e) = post(&app, "/api/search/next", json!({"search": v["search"]})).await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_client_error(s, &e, "not at a solution");
    let mut solutions = Vec::new();
    for _ in 0..1000 {
        let (_, next) = post(
            &app,
            "/api/search/step",
            json!({"search": v["search"], "steps": 5000}),
        )
        .await;
        v = next;
        if v["phase"] == json!("solved") {
            solutions.push(v["board"].clone());
            if solutions.len() == 2 {
                break;
            }
            let (s, next) = post(&app, "/api/search/next", json!({"search": v["search"]})).await;
            assert_eq!(s, StatusCode::OK);
            v = next;
        }
    }
    assert_eq!(solutions.len(), 2);
    assert_ne!(solutions[0], solutions[1]);
    assert_eq!(v["solutions"], json!(2));
}

#[tokio::test]
async fn check_marks_wrong_entries() {
    let app = app();
    let sol = solution(EASY);
    let wrong_cell = EASY.find('.').expect("empty cell");
    let right = sol.as_bytes()[wrong_cell] - b'0';
    let wrong = if right == 9 { 1 } else { right + 1 };
    let mut entries = vec!['.'; 81];
    entries[wrong_cell] = (b'0' + wrong) as char;
    let second = EASY[wrong_cell + 1..].find('.').expect("second") + wrong_cell + 1;
    entries[second] = sol.as_bytes()[second] as char;
    let entries: String = entries.into_iter().collect();
    let (s, v) = post(
        &app,
        "/api/check",
        json!({"givens": EASY, "entries": entries}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["wrong"], json!([wrong_cell]));
    assert_eq!(v["solved"], json!(false));
    let (_, v) = post(&app, "/api/check", json!({"givens": EASY, "entries": sol})).await;
    assert_eq!(v["solved"], json!(true));
    // A puzzle without solution (no clash among the givens).
    let mut none: Vec<char> = TEUFLISCH.chars().collect();
    let sol_t = solution(TEUFLISCH);
    let g: Grid = TEUFLISCH.parse().expect("grid");
    let c = sudoku_core::Cell::new(80).expect("cell");
    let wrongd = g
        .candidates(Variant::Standard, c)
        .iter()
        .find(|d| d.get() != sol_t.as_bytes()[80] - b'0')
        .expect("another candidate");
    none[80] = (b'0' + wrongd.get()) as char;
    let none: String = none.into_iter().collect();
    let (s, v) = post(&app, "/api/check", json!({"givens": none})).await;
    assert_client_error(s, &v, "no solution");
}

#[tokio::test]
async fn manual_step_proposes_then_places() {
    let app = app();
    let trainer = json!({"variant": "standard", "givens": EASY, "entries": ".".repeat(81), "mode": "lazy", "seed": 3, "pending": null});
    let (s, v) = post(&app, "/api/manual-step", json!({"trainer": trainer})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["result"]["result"], json!("proposed"));
    let cell = v["result"]["move"]["cell"].as_u64().expect("cell") as usize;
    assert!(v["text"].as_str().expect("text").len() > 5);
    let (s, v2) = post(
        &app,
        "/api/manual-step",
        json!({"trainer": v["trainer"], "lang": "de"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v2["result"]["result"], json!("placed"));
    let entries = v2["trainer"]["entries"].as_str().expect("entries");
    assert_eq!(entries.as_bytes()[cell], solution(EASY).as_bytes()[cell]);
    let mut bad = trainer.clone();
    bad["pending"] = json!({"cell": 3, "digit": 10, "kind": {"kind": "single"}});
    let (s, e) = post(&app, "/api/manual-step", json!({"trainer": bad})).await;
    assert_client_error(s, &e, "digit 10");
}

#[tokio::test]
async fn hint_names_a_technique_in_both_languages() {
    let app = app();
    for (lang, _) in [("en", ()), ("de", ())] {
        let (s, v) = post(
            &app,
            "/api/hint",
            json!({"givens": TEUFLISCH, "lang": lang}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{v}");
        assert!(v["step"]["technique"].is_string());
        assert!(!v["cells"].as_array().expect("cells").is_empty());
        assert!(v["step"]["text"].as_str().expect("text").len() > 10);
    }
    let (_, v) = post(&app, "/api/hint", json!({"givens": solution(EASY)})).await;
    assert_eq!(v["status"], "solved");
    assert!(v["step"].is_null());
    let clash = format!("11{}", &EASY[2..]);
    let (s, v) = post(&app, "/api/hint", json!({"givens": clash})).await;
    assert_client_error(s, &v, "clash");
}

#[tokio::test]
async fn hint_comes_in_three_levels_from_the_players_position() {
    let app = app();
    let sol = solution(TEUFLISCH);
    let (s, v) = post(&app, "/api/hint", json!({"givens": TEUFLISCH})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "ok");
    let levels = v["levels"].as_array().expect("levels");
    assert_eq!(levels.len(), 3);
    assert!(
        levels[0]["text"]
            .as_str()
            .expect("text")
            .starts_with("Next technique: ")
    );
    assert!(levels[0]["shapes"].as_array().expect("shapes").is_empty());
    assert!(!levels[0]["houses"].as_array().expect("houses").is_empty());
    assert!(
        levels[2]["text"]
            .as_str()
            .expect("text")
            .starts_with(v["step"]["text"].as_str().expect("text"))
    );
    // Level 2 draws no effect.
    for shape in levels[1]["shapes"].as_array().expect("shapes") {
        assert_ne!(shape["role"], "eliminated", "{shape}");
        assert_ne!(shape["role"], "placed", "{shape}");
        assert_ne!(shape["role"], "target", "{shape}");
    }
    // A wrong entry is named before any step.
    let cell = TEUFLISCH.find('.').expect("open cell");
    let right = sol.as_bytes()[cell] - b'0';
    let wrong = right % 9 + 1;
    let mut entries = vec!['.'; 81];
    entries[cell] = (b'0' + wrong) as char;
    let entries: String = entries.into_iter().collect();
    let (s, v) = post(
        &app,
        "/api/hint",
        json!({"givens": TEUFLISCH, "entries": entries, "lang": "de"}),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "mistake");
    let name = format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
    assert_eq!(v["mistake"]["cell"], json!(name));
    assert_eq!(v["mistake"]["kind"], "wrong-entry");
    assert!(
        v["mistake"]["text"]
            .as_str()
            .expect("text")
            .starts_with(&format!("Die Eingabe {wrong} in "))
    );
    // Marks that lost the solution digit: named by the hint and by Check.
    let mut marks = vec![json!([]); 81];
    let all_but: Vec<u8> = (1..=9).filter(|&d| d != right).collect();
    marks[cell] = json!(all_but);
    let (_, v) = post(
        &app,
        "/api/hint",
        json!({"givens": TEUFLISCH, "marks": marks}),
    )
    .await;
    assert_eq!(v["status"], "mistake", "{v}");
    assert_eq!(v["mistake"]["kind"], "lost-candidate");
    assert_eq!(v["mistake"]["digit"], json!(right));
    let (_, v) = post(
        &app,
        "/api/check",
        json!({"givens": TEUFLISCH, "marks": marks}),
    )
    .await;
    assert_eq!(v["lost"], json!([{"cell": cell, "digit": right}]), "{v}");
    // Marks reduced to the solution digit: the hint works from them.
    let mut marks = vec![json!([]); 81];
    marks[cell] = json!([right]);
    let (_, v) = post(
        &app,
        "/api/hint",
        json!({"givens": TEUFLISCH, "marks": marks}),
    )
    .await;
    assert_eq!(v["status"], "ok", "{v}");
    // Bad marks: a clear 4xx.
    for bad in [json!([[1]]), json!(vec![json!([10]); 81]), json!("123")] {
        let (s, v) = post(
            &app,
            "/api/hint",
            json!({"givens": TEUFLISCH, "marks": bad}),
        )
        .await;
        assert!(s.is_client_error(), "{s} {v}");
    }
}

#[tokio::test]
async fn rate_gives_the_trainer_level_and_the_points() {
    let app = app();
    let (s, v) = post(&app, "/api/rate", json!({"givens": EASY, "lang": "de"})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["level"], json!("easy"));
    assert_eq!(v["level_text"], json!("Leicht"));
    assert!(v["points"].as_f64().expect("points") > 0.0);
    let (_, v) = post(&app, "/api/rate", json!({"givens": TEUFLISCH})).await;
    assert_eq!(v["level"], json!("very-hard"));
    assert!(v["backtrack_runs"].as_u64().expect("runs") > 0);
    assert!(v["steps_strict"].as_u64() <= v["steps_lazy"].as_u64());
    let (_, v) = post(&app, "/api/rate", json!({"givens": ".".repeat(81)})).await;
    assert_eq!(v["level"], json!("extremely-hard"));
    let clash = format!("11{}", &EASY[2..]);
    let (s, v) = post(&app, "/api/rate", json!({"givens": clash})).await;
    assert_client_error(s, &v, "clash");
}

#[tokio::test]
async fn generate_makes_a_unique_puzzle_of_the_level_asked_for() {
    let app = app();
    let (s, v) = post(&app, "/api/generate", json!({"level": "medium", "seed": 7})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let givens = v["givens"].as_str().expect("givens");
    let g: Grid = givens.parse().expect("grid");
    assert_eq!(count(&g, Variant::Standard, Some(2)), 1);
    let r = sudoku_trainer::rate(&g, Variant::Standard, 0, 400_000).expect("rate");
    assert_eq!(r.level, sudoku_trainer::Level::Medium);
    let (s, v) = post(&app, "/api/generate", json!({"level": "fiendish"})).await;
    assert_client_error(s, &v, "unknown level");
    let (s, v) = post(&app, "/api/generate", json!({"level": "extremely-hard"})).await;
    assert_client_error(s, &v, "several solutions");
}

#[tokio::test]
async fn a_puzzle_by_its_address_rates_and_explains() {
    let app = app();
    let (s, v) = get(&app, &format!("/api/rate?p={TEUFLISCH}")).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["level"], "very-hard");
    assert!(v["points"].as_f64().expect("points") > 0.0);
    assert_eq!(v["puzzle"], TEUFLISCH);
    let zeros = EASY.replace('.', "0");
    let (s, v) = get(
        &app,
        &format!("/api/explain?p={zeros}&v=standard&mode=sync&lang=de"),
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["status"], "unique");
    assert_eq!(v["end"], solution(EASY));
    let steps = v["steps"].as_array().expect("steps");
    let positions = v["positions"].as_array().expect("positions");
    assert!(!steps.is_empty());
    assert_eq!(positions.len(), steps.len());
    assert_eq!(positions[0]["board"], EASY);
    assert_eq!(v["rating"]["trainer_level_text"], "Leicht");
    for (step, at) in steps.iter().zip(positions) {
        assert!(step["text"].as_str().expect("text").len() > 10);
        assert_eq!(at["board"].as_str().expect("board").len(), 81);
    }
    // Bad addresses: a 4xx naming the parameter, never a 5xx.
    for (q, needle) in [
        ("/api/rate", "'p'"),
        ("/api/rate?p=12", "'p'"),
        ("/api/rate?p=..3&v=x", "'p'"),
        (&format!("/api/rate?p={EASY}&v=hex") as &str, "'v'"),
        (
            &format!("/api/rate?p={EASY}&seed=1"),
            "unknown parameter 'seed'",
        ),
        (&format!("/api/rate?p={EASY}&mode=fast"), "'mode'"),
        (&format!("/api/explain?p={EASY}&mode=fast"), "'mode'"),
        (&format!("/api/explain?p={EASY}&lang=fr"), "'lang'"),
        (
            &format!("/api/explain?p={}", ".".repeat(81)),
            "more than one solution",
        ),
        (&format!("/api/explain?p=11{}", &EASY[2..]), "clash"),
        ("/api/explain?p=%ZZ", ""),
    ] {
        let (s, v) = get(&app, q).await;
        assert_client_error(s, &v, needle);
    }
}

#[tokio::test]
async fn the_puzzle_of_the_day_is_the_same_for_everyone_and_medium() {
    let (a, b) = (app(), app());
    let (s, v) = get(&a, "/api/daily?date=2026-11-27").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let (_, w) = get(&b, "/api/daily?date=2026-11-27").await;
    assert_eq!(v, w, "two servers, one puzzle");
    let givens = v["givens"].as_str().expect("givens");
    let (_, other) = get(&a, "/api/daily?date=2026-11-28").await;
    assert_ne!(
        other["givens"].as_str(),
        Some(givens),
        "another day, another puzzle"
    );
    let (_, r) = get(&a, &format!("/api/rate?p={givens}")).await;
    assert_eq!(r["level"], "medium");
    assert_eq!(r["unique"], true);
    let (s, _) = get(&a, "/api/daily").await;
    assert_eq!(s, StatusCode::OK, "today by default");
    for (q, needle) in [
        ("/api/daily?date=2026-02-29", "not a day"),
        ("/api/daily?date=yesterday", "YYYY-MM-DD"),
        ("/api/daily?day=2026-01-01", "unknown parameter"),
    ] {
        let (s, v) = get(&a, q).await;
        assert_client_error(s, &v, needle);
    }
}

#[tokio::test]
async fn saved_progress_comes_back_and_bad_progress_is_refused() {
    let app = app();
    let mut marks = vec![json!([]); 81];
    marks[0] = json!([4, 5]);
    let progress =
        json!({"marks": marks, "elapsed_ms": 61000, "undo": [[[0, 1, 0, 48]]], "redo": []});
    let (s, v) = post(
        &app,
        "/api/puzzles",
        json!({"name": "marks", "givens": EASY, "progress": progress}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().expect("id");
    let (s, back) = get(&app, &format!("/api/puzzles/{id}")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(back["progress"], progress);
    for (bad, needle) in [
        (json!({"marks": [], "elapsed_ms": 1}), "81"),
        (
            json!({"marks": marks, "elapsed_ms": 1, "undo": [[[90, 0, 0, 1]]]}),
            "bad change",
        ),
        (json!({"marks": marks, "elapsed_ms": -5}), "elapsed_ms"),
    ] {
        let (s, v) = post(
            &app,
            "/api/puzzles",
            json!({"name": "bad", "givens": EASY, "progress": bad}),
        )
        .await;
        assert_client_error(s, &v, needle);
    }
}

#[tokio::test]
async fn database_crud_sorting_and_concurrent_saves() {
    let app = app();
    let (s, a) = post(
        &app,
        "/api/puzzles",
        json!({"name": "teuflisch", "givens": TEUFLISCH}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{a}");
    assert_eq!(a["level"], json!("very-hard"));
    assert_eq!(a["given_count"], json!(23));
    let (s, b) = post(
        &app,
        "/api/puzzles",
        json!({"name": "Anfang", "givens": EASY, "entries": format!("4{}", ".".repeat(80))}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED);
    assert_eq!(b["status"], json!("in-progress"));
    let id_a = a["id"].as_str().expect("id").to_string();
    let id_b = b["id"].as_str().expect("id").to_string();

    let names = |v: &Value| -> Vec<String> {
        v["puzzles"]
            .as_array()
            .expect("puzzles")
            .iter()
            .map(|p| p["name"].as_str().expect("name").to_string())
            .collect()
    };
    let (_, v) = get(&app, "/api/puzzles?sort=name").await;
    assert_eq!(names(&v), ["Anfang", "teuflisch"]);
    let (_, v) = get(&app, "/api/puzzles?sort=name&desc=true").await;
    assert_eq!(names(&v), ["teuflisch", "Anfang"]);
    let (_, v) = get(&app, "/api/puzzles?sort=level").await;
    assert_eq!(names(&v), ["Anfang", "teuflisch"]);
    let (_, v) = get(&app, "/api/puzzles?sort=steps-lazy&desc=1").await;
    assert_eq!(names(&v), ["teuflisch", "Anfang"]);

    let (s, v) = get(&app, &format!("/api/puzzles/{id_b}")).await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["givens"], json!(EASY));
    assert_eq!(v["entries"].as_str().expect("entries").as_bytes()[0], b'4');

    let req = Request::put(format!("/api/puzzles/{id_b}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({"name": "renamed", "givens": EASY, "entries": solution(EASY)}).to_string(),
        ))
        .expect("request");
    let (s, v) = send(&app, req).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    assert_eq!(v["status"], json!("solved"));
    assert_eq!(v["id"], json!(id_b));

    let del = |id: &str| {
        Request::delete(format!("/api/puzzles/{id}"))
            .body(Body::empty())
            .expect("request")
    };
    let (s, _) = send(&app, del(&id_a)).await;
    assert_eq!(s, StatusCode::OK);
    let (s, v) = send(&app, del(&id_a)).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_client_error(s, &v, &id_a);
    let (s, v) = get(&app, &format!("/api/puzzles/{id_a}")).await;
    assert_client_error(s, &v, "no puzzle");
    let (s, v) = get(&app, "/api/puzzles/bad%20id").await;
    assert_client_error(s, &v, "bad puzzle id");
    let (s, v) = get(&app, "/api/puzzles?sort=colour").await;
    assert_client_error(s, &v, "unknown column");
    let (s, v) = get(&app, "/api/puzzles?desc=maybe").await;
    assert_client_error(s, &v, "desc");
    assert_code(
        &v,
        "bad-parameter",
        json!({"name": "desc", "value": "maybe", "expected": ["true", "false"]}),
    );
    let (s, v) = get(&app, "/api/puzzles?order=name").await;
    assert_client_error(s, &v, "order");
    let (s, v) = post(
        &app,
        "/api/puzzles",
        json!({"name": "x".repeat(201), "givens": EASY}),
    )
    .await;
    assert_client_error(s, &v, "200");
    assert_code(&v, "name-too-long", json!({"length": 201, "max": 200}));
    let clash = format!("11{}", &EASY[2..]);
    let (s, v) = post(&app, "/api/puzzles", json!({"name": "c", "givens": clash})).await;
    assert_client_error(s, &v, "clash");
    let (s, v) = post(&app, "/api/puzzles", json!({"givens": EASY})).await;
    assert_client_error(s, &v, "name");

    // Concurrent saves lose nothing.
    let mut tasks = Vec::new();
    for i in 0..12 {
        let router = app.router.clone();
        tasks.push(tokio::spawn(async move {
            let req = Request::post("/api/puzzles")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(
                    json!({"name": format!("c{i}"), "givens": EASY}).to_string(),
                ))
                .expect("request");
            router.oneshot(req).await.expect("infallible").status()
        }));
    }
    for t in tasks {
        assert_eq!(t.await.expect("task"), StatusCode::CREATED);
    }
    let (_, v) = get(&app, "/api/puzzles").await;
    assert_eq!(v["puzzles"].as_array().expect("puzzles").len(), 13);
}

#[tokio::test]
async fn pages_are_served_from_the_binary() {
    let app = app();
    for (uri, ty) in [
        ("/", "text/html"),
        ("/app.js", "text/javascript"),
        ("/overlay.js", "text/javascript"),
        ("/game.js", "text/javascript"),
        ("/houses.js", "text/javascript"),
        ("/i18n.js", "text/javascript"),
        ("/state.js", "text/javascript"),
        ("/grid.js", "text/javascript"),
        ("/api.js", "text/javascript"),
        ("/explain", "text/html"),
        (&format!("/explain?p={EASY}") as &str, "text/html"),
        ("/explain.js", "text/javascript"),
        ("/sw.js", "text/javascript"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/icon-192.png", "image/png"),
        ("/icon-512.png", "image/png"),
        ("/style.css", "text/css"),
    ] {
        let resp = app
            .router
            .clone()
            .oneshot(Request::get(uri).body(Body::empty()).expect("req"))
            .await
            .expect("infallible");
        assert_eq!(resp.status(), StatusCode::OK, "{uri}");
        let ct = resp.headers()[header::CONTENT_TYPE]
            .to_str()
            .expect("ct")
            .to_string();
        assert!(ct.starts_with(ty), "{uri}: {ct}");
    }
    let (s, _) = get(&app, "/nothing.html").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

/// The page takes every variant's geometry from here: the houses of
/// `sudoku_core`'s definition, cells written `r3c5`.
#[tokio::test]
async fn variants_give_each_variants_houses() {
    let app = app();
    let (s, v) = get(&app, "/api/variants").await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let list = v["variants"].as_array().expect("a list of variants");
    assert_eq!(list.len(), Variant::ALL.len());
    for (entry, variant) in list.iter().zip(Variant::ALL) {
        assert_eq!(entry["variant"], variant.name());
        let houses = entry["houses"].as_array().expect("houses");
        assert_eq!(houses.len(), variant.houses().len(), "{variant}");
        for (house, h) in houses.iter().zip(variant.houses()) {
            let cells: Vec<String> = h.cells().iter().map(ToString::to_string).collect();
            assert_eq!(house["cells"], json!(cells), "{variant}: {h}");
            let kind = house["kind"].as_str().expect("kind");
            assert!(
                h.to_string().starts_with(kind)
                    || (kind == "diagonal" && h.to_string().contains("diagonal"))
                    || (kind == "color" && h.to_string().starts_with("colour")),
                "{h} is not a {kind}"
            );
        }
    }
    let kinds = |k: usize| -> Vec<&str> {
        list[k]["houses"]
            .as_array()
            .expect("houses")
            .iter()
            .map(|h| h["kind"].as_str().expect("kind"))
            .collect()
    };
    assert_eq!(kinds(3).iter().filter(|&&k| k == "diagonal").count(), 2);
    assert_eq!(kinds(3).iter().filter(|&&k| k == "color").count(), 9);
    assert!(!kinds(0).contains(&"diagonal") && !kinds(0).contains(&"color"));
}

#[tokio::test]
async fn hint_carries_the_shapes_of_a_chain() {
    let app = app();
    // top1465 #94 on the way: the next step is a grouped nice loop of 5 links.
    let chain = ".4.7...6...39............57.......3.2...8.....19...57.6...4...5.5.1......2...6.84";
    let (s, v) = post(&app, "/api/hint", json!({"givens": chain})).await;
    assert_eq!(s, StatusCode::OK, "{v}");
    let shapes = v["step"]["shapes"].as_array().expect("shapes");
    let kinds: Vec<&str> = shapes
        .iter()
        .filter(|s| s["shape"] == "arrow")
        .filter_map(|s| s["kind"].as_str())
        .collect();
    assert_eq!(kinds, ["strong", "weak", "strong", "weak", "strong"]);
    assert!(shapes.iter().any(|s| s["shape"] == "group"));
    assert!(
        shapes
            .iter()
            .any(|s| s["role"] == "eliminated" && s["cell"] == "r8c7" && s["digit"] == 9)
    );
    assert!(
        v["step"]["compact"].is_null(),
        "compact is for forcing steps"
    );
}

#[tokio::test]
async fn the_techniques_catalogue_names_every_technique_in_both_languages() {
    let app = app();
    let (status, v) = get(&app, "/api/techniques").await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let list = v["techniques"].as_array().expect("a list");
    assert_eq!(list.len(), sudoku_logic::Technique::all().count());
    let pair = list
        .iter()
        .find(|t| t["name"] == "hidden-pair")
        .expect("hidden-pair");
    assert_eq!(pair["en"], "Hidden pair");
    assert_ne!(pair["de"], pair["en"], "{pair}");
    for t in list {
        for key in ["name", "en", "de"] {
            assert!(
                t[key].as_str().is_some_and(|s| !s.is_empty()),
                "{key} of {t}"
            );
        }
    }
}
