//! The pages' files, compiled into the binary so the trainer works offline: one
//! HTML page (trainer, database and help as tabs) and the printable solution
//! path (`explain.html`, laid out by `explain.js`), their scripts (ES modules: the
//! page's wiring in `app.js`, the player's game and its storage in `game.js`,
//! the hint drawing in `overlay.js`) and style sheet.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const OVERLAY: &str = include_str!("../assets/overlay.js");
const GAME: &str = include_str!("../assets/game.js");
const EXPLAIN_PAGE: &str = include_str!("../assets/explain.html");
const EXPLAIN_SCRIPT: &str = include_str!("../assets/explain.js");
const STYLE: &str = include_str!("../assets/style.css");
const FAVICON: &str = include_str!("../assets/favicon.svg");

const NO_CACHE: (header::HeaderName, &str) = (header::CACHE_CONTROL, "no-cache");

pub async fn index() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8"), NO_CACHE],
        INDEX,
    )
}

pub async fn script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            NO_CACHE,
        ],
        SCRIPT,
    )
}

pub async fn overlay() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            NO_CACHE,
        ],
        OVERLAY,
    )
}

pub async fn game() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            NO_CACHE,
        ],
        GAME,
    )
}

pub async fn explain_page() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8"), NO_CACHE],
        EXPLAIN_PAGE,
    )
}

pub async fn explain_script() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            NO_CACHE,
        ],
        EXPLAIN_SCRIPT,
    )
}

pub async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8"), NO_CACHE],
        STYLE,
    )
}

pub async fn favicon() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "image/svg+xml"), NO_CACHE], FAVICON)
}
