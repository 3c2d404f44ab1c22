//! The pages' files, compiled into the binary so the trainer works offline: one
//! HTML page (trainer, database and help as tabs) and the printable solution
//! path (`explain.html`, laid out by `explain.js`), the web app manifest,
//! icons and service worker that make it an installable app, their scripts (ES modules: the
//! page's wiring in `app.js`, the player's game and its storage in `game.js`,
//! the hint drawing in `overlay.js`) and style sheet.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const OVERLAY: &str = include_str!("../assets/overlay.js");
const GAME: &str = include_str!("../assets/game.js");
const MANIFEST: &str = include_str!("../assets/manifest.webmanifest");
const WORKER: &str = include_str!("../assets/sw.js");
const ICON_192: &[u8] = include_bytes!("../assets/icon-192.png");
const ICON_512: &[u8] = include_bytes!("../assets/icon-512.png");
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

pub async fn manifest() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "application/manifest+json"),
            NO_CACHE,
        ],
        MANIFEST,
    )
}

/// The files' version for the service worker's cache: a hash of every file
/// it keeps, so a new build replaces the cached ones.
fn version() -> String {
    // FNV-1a: stable across runs and builds of the same files.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in [
        INDEX,
        SCRIPT,
        OVERLAY,
        GAME,
        STYLE,
        FAVICON,
        MANIFEST,
        EXPLAIN_PAGE,
        EXPLAIN_SCRIPT,
    ]
    .iter()
    .map(|s| s.as_bytes())
    .chain([ICON_192, ICON_512])
    {
        for &b in part {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{h:016x}")
}

pub async fn worker() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            NO_CACHE,
        ],
        WORKER.replace("__VERSION__", &version()),
    )
}

pub async fn icon_192() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "image/png"), NO_CACHE], ICON_192)
}

pub async fn icon_512() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "image/png"), NO_CACHE], ICON_512)
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
