//! The pages' files, compiled into the binary so the trainer works offline: one
//! HTML page (trainer, database and help as tabs) and the printable solution
//! path (`explain.html`, laid out by `explain.js`), their scripts (ES modules
//! by concern, no bundler: the page's wiring in `app.js`, the one store and
//! its keeping in `state.js`, the player's game in `game.js`, the variants'
//! houses as the server sends them in `houses.js`, the grid in `grid.js`, the
//! requests in `api.js`, every string in both languages in `i18n.js`, the
//! drawing in `overlay.js`, the player's settings in `settings.js`, a big
//! step in parts in `branches.js`, the player's finished games in
//! `history.js` and their Statistics tab in `stats.js`), the style sheet, and the web app manifest, icons
//! and service worker that make the trainer an installable app. The service
//! worker keeps every file listed here (a test holds its list to this one).

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

/// One embedded file: where it is served, as what, and its bytes.
struct File {
    path: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// The file `assets/NAME` served as `/NAME` with content type `$type`: the
/// served path and the compiled-in file are one name.
macro_rules! asset {
    ($name:literal, $type:expr) => {
        File {
            path: concat!("/", $name),
            content_type: $type,
            body: include_bytes!(concat!("../assets/", $name)),
        }
    };
}

const FILES: &[File] = &[
    File {
        path: "/",
        content_type: HTML,
        body: include_bytes!("../assets/index.html"),
    },
    File {
        path: "/explain",
        content_type: HTML,
        body: include_bytes!("../assets/explain.html"),
    },
    asset!("app.js", JS),
    asset!("state.js", JS),
    asset!("game.js", JS),
    asset!("houses.js", JS),
    asset!("grid.js", JS),
    asset!("api.js", JS),
    asset!("i18n.js", JS),
    asset!("overlay.js", JS),
    asset!("explain.js", JS),
    asset!("settings.js", JS),
    asset!("branches.js", JS),
    asset!("history.js", JS),
    asset!("stats.js", JS),
    asset!("style.css", "text/css; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
    asset!("manifest.webmanifest", "application/manifest+json"),
    asset!("icon-192.png", "image/png"),
    asset!("icon-512.png", "image/png"),
];

const WORKER: &str = include_str!("../assets/sw.js");

/// Files are checked for changes on every load (they are small, and a new
/// binary must show at once).
const NO_CACHE: (header::HeaderName, &str) = (header::CACHE_CONTROL, "no-cache");

/// The routes of every file, and of the service worker.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let mut router = Router::new();
    // `/explain` is served by the page module: rendered for a puzzle, this
    // file (its shell) without one. It stays in the list for the service
    // worker's version.
    for file in FILES.iter().filter(|f| f.path != "/explain") {
        router = router.route(
            file.path,
            get(move || async move {
                (
                    [(header::CONTENT_TYPE, file.content_type), NO_CACHE],
                    file.body,
                )
            }),
        );
    }
    router.route("/sw.js", get(worker))
}

/// The files' version for the service worker's cache: a hash of every file
/// it keeps, so a new build replaces the cached ones.
fn version() -> String {
    // FNV-1a: stable across runs and builds of the same files.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in FILES.iter().flat_map(|f| f.body) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

async fn worker() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, JS), NO_CACHE],
        WORKER.replace("__VERSION__", &version()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The service worker keeps every page file for offline starts: its list
    /// (`FILES` in sw.js) names each file served here, and nothing else but
    /// the variants' houses.
    #[test]
    fn the_service_worker_keeps_every_file() {
        let start = WORKER.find("const FILES = [").expect("FILES in sw.js");
        let end = start + WORKER[start..].find("];").expect("end of FILES");
        let listed: Vec<&str> = WORKER[start..end].split('\'').skip(1).step_by(2).collect();
        let mut served: Vec<&str> = FILES.iter().map(|f| f.path).collect();
        served.push("/api/variants");
        let mut sorted = listed.clone();
        sorted.sort_unstable();
        served.sort_unstable();
        assert_eq!(sorted, served, "sw.js lists {listed:?}");
    }
}
