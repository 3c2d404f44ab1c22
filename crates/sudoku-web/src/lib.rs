//! The trainer in the browser (SPEC §3.6, §3.8; `seeds/sudoku-trainer.de.txt`):
//! an axum server with a JSON API over the trainer engine (`sudoku-trainer`), the
//! puzzle database (`sudoku-store`) and the generator (`sudoku-gen`), and the
//! trainer, database and help pages as plain HTML/CSS/JS embedded in the binary
//! (no build step, no CDN: it works offline).
//!
//! The database is a SQLite file or a PostgreSQL server shared by several
//! servers ([`sudoku_store::Database`]); with accounts on ([`Settings`]),
//! every saved puzzle belongs to one user (see [`accounts`]).
//!
//! [`router`] builds the application; [`serve`] runs it on a listener with
//! limits on connections (see [`conn`]) until Ctrl-C or SIGTERM, then drains
//! the requests in flight. Every request passes the Host allow-list and the
//! cross-site checks of [`site`], and every answer carries its security
//! headers; clients behind trusted proxies are found by [`proxy`]. Every endpoint
//! answers bad input with a 4xx and `{"error": "<what is wrong, in
//! English>", "code": "<key>", "args": {…}}`, one [`ErrorCode`] per kind of
//! error (see [`codes`] and [`error`]); request bodies are limited to [`BODY_LIMIT`] bytes; expensive
//! requests run within a budget and a per-client share ([`Limits`], see
//! [`limits`]).
#![warn(missing_docs)]

pub mod accounts;
pub mod api;
mod assets;
pub mod codes;
pub mod conn;
mod daily;
mod db;
pub mod error;
mod history;
pub mod limits;
mod link;
mod names;
mod page;
pub mod proxy;
pub mod site;
mod variants;

pub use accounts::Clock;
use axum::Router;
use axum::extract::{DefaultBodyLimit, OriginalUri};
use axum::http::{StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::{get, post};
pub use codes::ErrorCode;
pub use conn::{Connections, serve};
use error::ApiError;
pub use limits::{Caller, Client, Limits};
use limits::{Gate, Share};
pub use proxy::{Cidr, Proxies};
pub use site::Hosts;
use std::path::Path;
use std::sync::Arc;
use sudoku_store::{Database, Location, StoreError};

/// The largest request body accepted, in bytes (a search state is a few KB).
pub const BODY_LIMIT: usize = 64 * 1024;

/// The server's shared state.
#[derive(Clone, Debug)]
pub struct AppState {
    db: Database,
    /// Present when accounts are on.
    accounts: Option<Arc<accounts::Accounts>>,
    gate: Arc<Gate>,
    /// The puzzles of the day made so far, by date.
    daily: Arc<std::sync::Mutex<std::collections::HashMap<String, String>>>,
}

impl AppState {
    /// Runs expensive work (rating, generating, hints, explained paths,
    /// search bursts) within the caller's budget and share (see [`limits`]).
    async fn heavy<T: Send + 'static>(
        &self,
        caller: Caller,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.gate.run(caller, Share::Counted, f).await
    }

    /// Like [`AppState::heavy`], but not counted against the client's share
    /// (saves: refusing one would lose the player's work).
    async fn bounded<T: Send + 'static>(
        &self,
        caller: Caller,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        self.gate.run(caller, Share::Free, f).await
    }
}

/// How a server runs: its limits on expensive work, whether it has
/// accounts, the names it answers to and the proxies it trusts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The limits on expensive work.
    pub limits: Limits,
    /// Accounts on: register, log in, and each saved puzzle private to its
    /// owner (see [`accounts`]).
    pub accounts: bool,
    /// Session cookies only over HTTPS (for a server behind a TLS proxy).
    pub secure_cookies: bool,
    /// The Host names the server answers to (see [`site`]).
    pub hosts: Hosts,
    /// The reverse proxies whose forwarding headers name the client (see
    /// [`proxy`]).
    pub proxies: Proxies,
    /// The time the login back-off and sessions read (the system's).
    pub clock: Clock,
}

/// Opens (creating and migrating) the SQLite database at `db_path` and
/// builds the application with the default [`Settings`].
pub fn router(db_path: impl AsRef<Path>) -> Result<Router, StoreError> {
    router_with(db_path, Limits::default())
}

/// Opens (creating and migrating) the SQLite database at `db_path` and
/// builds the application with `limits` on expensive work.
pub fn router_with(db_path: impl AsRef<Path>, limits: Limits) -> Result<Router, StoreError> {
    let db = Database::open(&Location::Sqlite(db_path.as_ref().to_path_buf()))?;
    Ok(app(
        db,
        Settings {
            limits,
            ..Settings::default()
        },
    ))
}

/// The application on an open database (a SQLite file or a PostgreSQL
/// server) with `settings`.
pub fn app(db: Database, settings: Settings) -> Router {
    let state = AppState {
        db,
        accounts: settings.accounts.then(|| {
            Arc::new(accounts::Accounts::new(
                settings.secure_cookies,
                settings.clock.clone(),
            ))
        }),
        gate: Arc::new(Gate::new(settings.limits)),
        daily: Arc::default(),
    };
    let api = Router::new()
        .route("/evaluate", post(api::evaluate_handler))
        .route("/reasons", post(api::reasons_handler))
        .route("/search/start", post(api::search_start))
        .route("/search/step", post(api::search_step))
        .route("/search/next", post(api::search_next))
        .route("/check", post(api::check_handler))
        .route("/manual-step", post(api::manual_step))
        .route("/hint", post(api::hint_handler))
        .route("/steps", post(api::steps_handler))
        .route("/techniques", get(api::techniques_handler))
        .route("/parse", post(api::parse_handler))
        .route("/rate", post(api::rate_handler).get(link::rate_get))
        .route("/explain", get(link::explain_get))
        .route("/daily", get(daily::daily))
        .route("/generate", post(api::generate_handler))
        .route("/puzzles", get(db::list).post(db::save))
        .route(
            "/puzzles/{id}",
            get(db::load).put(db::overwrite).delete(db::delete),
        )
        .route("/account/register", post(accounts::register))
        .route("/account/login", post(accounts::login))
        .route("/account/logout", post(accounts::logout))
        .route("/account/me", get(accounts::me))
        .route("/history", get(history::list).post(history::add))
        .fallback(api_not_found);
    // The accounts' guard runs inside the stamp, so waiting for the session
    // lookup counts against a request's budget.
    let api = if settings.accounts {
        api.layer(axum::middleware::from_fn_with_state(
            state.clone(),
            accounts::guard,
        ))
    } else {
        api
    };
    let api = api.layer(axum::middleware::from_fn(limits::stamp));
    let hosts = Arc::new(settings.hosts);
    let proxies = Arc::new(settings.proxies);
    assets::routes()
        .route(
            "/explain",
            get(page::explain_page).layer(axum::middleware::from_fn(limits::stamp)),
        )
        .route("/api/variants", get(variants::variants_handler))
        .nest("/api", api)
        .fallback(page_not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn(move |req, next| {
            proxy::mark(proxies.clone(), req, next)
        }))
        .layer(axum::middleware::from_fn(move |req, next| {
            site::guard(hosts.clone(), req, next)
        }))
        .with_state(state)
}

async fn api_not_found(OriginalUri(uri): OriginalUri) -> ApiError {
    ErrorCode::NoEndpoint {
        path: uri.path().to_string(),
    }
    .into()
}

async fn page_not_found(uri: Uri) -> impl IntoResponse {
    (StatusCode::NOT_FOUND, format!("not found: {}", uri.path()))
}

/// Resolves on Ctrl-C (SIGINT) or, on Unix, SIGTERM; never if neither can be
/// installed (the server then runs until killed).
pub async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}
