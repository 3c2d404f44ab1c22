//! Accounts (`sudoku serve --accounts`): who owns which saved puzzle, so that a
//! trainer reachable from other machines keeps each player's puzzles private.
//!
//! * **Register, log in, log out** (`POST /api/account/register`, `/login`,
//!   `/logout`; `GET /api/account/me` tells the page whether accounts are on
//!   and who is logged in). Passwords are hashed with Argon2id (salted, the
//!   hash string keeps its parameters); the hashing runs through the gate of
//!   expensive work, so nobody can tie up the cores with logins.
//! * **Sessions**: a random 256-bit token in an `HttpOnly`, `SameSite=Strict`
//!   cookie (and `Secure` with `--secure-cookies`, for a server behind HTTPS).
//!   The database keeps only its SHA-256, so a copy of the database logs no
//!   one in. Sessions live in the database, so every server sharing it knows
//!   them.
//! * **Cross-site request forgery**: every state-changing request (anything
//!   but GET and HEAD) from another site is refused (`Sec-Fetch-Site:
//!   cross-site`, or an `Origin` that is not this host), and one made with a
//!   session must carry the session's own token in `X-CSRF-Token`; the page
//!   gets it from the login answer or `GET /api/account/me`.
//! * **Login attempts are limited**: per client address (any attempts) and per
//!   name (attempts since the last success); beyond that, 429 with
//!   `Retry-After`.
//! * **Ownership**: the puzzle endpoints work within the logged-in user's
//!   [`Scope`]; without a session they answer 401. Another user's id is
//!   "not found", exactly like an id that never existed.
//!
//! Without `--accounts` the puzzle endpoints see the puzzles saved without
//! an owner (everything a single-user trainer saved), as before.

use crate::codes::ErrorCode;
use crate::error::{ApiError, ApiJson};
use crate::{AppState, Caller};
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use axum::Json;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use sudoku_store::{Scope, Session, User};

/// The session cookie's name.
pub const COOKIE: &str = "sudoku_session";

/// The header carrying the session's token against cross-site requests.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// How long a session lasts.
const SESSION: Duration = Duration::from_secs(30 * 24 * 3600);

/// Login and register attempts one client address may make per window.
const PER_ADDRESS: u32 = 20;

/// Login attempts on one name per window (a success starts afresh).
const PER_NAME: u32 = 5;

/// The most names and addresses counted at once.
const MAX_COUNTED: usize = 100_000;

/// The window of both counts.
const WINDOW: Duration = Duration::from_secs(15 * 60);

/// The longest name and password accepted, in characters.
const MAX_NAME: usize = 40;
const MIN_PASSWORD: usize = 8;
const MAX_PASSWORD: usize = 200;

/// The accounts' settings and the login counters of this server.
#[derive(Debug)]
pub(crate) struct Accounts {
    secure_cookies: bool,
    attempts: Mutex<HashMap<String, (u32, Instant)>>,
}

impl Accounts {
    pub(crate) fn new(secure_cookies: bool) -> Accounts {
        Accounts {
            secure_cookies,
            attempts: Mutex::default(),
        }
    }

    /// Counts an attempt under `key`; refuses (with the seconds to wait)
    /// when `max` were made in the window.
    fn attempt(&self, key: &str, max: u32) -> Result<(), u64> {
        let mut map = self.attempts.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        if map.len() > MAX_COUNTED {
            map.retain(|_, (_, since)| now.duration_since(*since) < WINDOW);
            if map.len() > MAX_COUNTED {
                // A flood from very many addresses: memory stays bounded; the
                // counts start afresh (each address is still limited).
                map.clear();
            }
        }
        let entry = map.entry(key.to_string()).or_insert((0, now));
        if now.duration_since(entry.1) >= WINDOW {
            *entry = (0, now);
        }
        if entry.0 >= max {
            let left = WINDOW.saturating_sub(now.duration_since(entry.1));
            return Err(left.as_secs().max(1));
        }
        entry.0 += 1;
        Ok(())
    }

    /// Forgets the attempts under `key` (after a successful login).
    fn forget(&self, key: &str) {
        let mut map = self.attempts.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(key);
    }

    /// The `Set-Cookie` value starting a session with `token`.
    fn cookie(&self, token: &str) -> String {
        let secure = if self.secure_cookies { "; Secure" } else { "" };
        format!(
            "{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}{secure}",
            SESSION.as_secs()
        )
    }

    /// The `Set-Cookie` value ending it.
    fn cleared(&self) -> String {
        let secure = if self.secure_cookies { "; Secure" } else { "" };
        format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0{secure}")
    }
}

/// Who is asking: the live session the request's cookie names, if any
/// (found by [`guard`]).
#[derive(Clone, Debug)]
pub(crate) struct Visitor(pub Option<Session>);

/// 256 random bits, as hex.
fn random_token() -> Result<String, ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| ErrorCode::Unavailable {
        detail: format!("no random numbers for a session: {e}"),
    })?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the database keeps of a session token.
fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

/// The session token in the request's cookies.
fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value.trim().to_string())
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Equal without telling by its timing how much of it was.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// Whether the request comes from another site (by what the browser says).
fn cross_site(headers: &HeaderMap) -> bool {
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    if text("sec-fetch-site") == Some("cross-site") {
        return true;
    }
    match (text("origin"), text("host")) {
        (Some(origin), Some(host)) => {
            let origin_host = origin
                .split_once("://")
                .map_or(origin, |(_, rest)| rest)
                .trim_end_matches('/');
            !origin_host.eq_ignore_ascii_case(host)
        }
        // "null" or an origin without a host to compare with.
        (Some(_), None) => true,
        (None, _) => false,
    }
}

/// Middleware on the API when accounts are on: refuses cross-site writes,
/// finds the session, and checks the token of a write made with one.
pub(crate) async fn guard(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    match check(&state, &mut req).await {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

async fn check(state: &AppState, req: &mut Request) -> Result<(), ApiError> {
    let writes = !matches!(*req.method(), Method::GET | Method::HEAD);
    if writes && cross_site(req.headers()) {
        return Err(ErrorCode::CrossSite.into());
    }
    let session = match session_token(req.headers()) {
        None => None,
        Some(token) => {
            let hash = token_hash(&token);
            state
                .with_store(Scope::All, move |s| s.session(&hash))
                .await?
        }
    };
    if writes && let Some(session) = &session {
        let given = req
            .headers()
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let path = req.uri().path();
        let logging_in = path.ends_with("/account/login") || path.ends_with("/account/register");
        if !logging_in && !same(given, &session.csrf) {
            return Err(ErrorCode::CsrfToken.into());
        }
    }
    req.extensions_mut().insert(Visitor(session));
    Ok(())
}

/// The scope of the puzzle endpoints: the logged-in user's puzzles when
/// accounts are on (401 without a session), the unowned ones otherwise.
#[derive(Clone, Debug)]
pub(crate) struct Owner(pub Scope);

impl FromRequestParts<AppState> for Owner {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Owner, ApiError> {
        if state.accounts.is_none() {
            return Ok(Owner(Scope::Unowned));
        }
        match parts.extensions.get::<Visitor>() {
            Some(Visitor(Some(session))) => Ok(Owner(Scope::User(session.user.id.clone()))),
            _ => Err(ErrorCode::LoginRequired.into()),
        }
    }
}

/// A name and a password.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The name to log in with.
    pub name: String,
    /// The password.
    pub password: String,
}

fn accounts_of(state: &AppState) -> Result<&Accounts, ApiError> {
    state
        .accounts
        .as_deref()
        .ok_or_else(|| ErrorCode::NoAccounts.into())
}

fn check_name(name: &str) -> Result<(), ApiError> {
    let n = name.chars().count();
    if n == 0
        || n > MAX_NAME
        || !name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_' || c == '.')
    {
        return Err(ErrorCode::BadName { max: MAX_NAME }.into());
    }
    Ok(())
}

fn check_password(password: &str) -> Result<(), ApiError> {
    let n = password.chars().count();
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&n) {
        return Err(ErrorCode::BadPassword {
            min: MIN_PASSWORD,
            max: MAX_PASSWORD,
        }
        .into());
    }
    Ok(())
}

/// A 429 for too many login attempts, with the seconds to wait.
fn too_many(code: ErrorCode, seconds: u64) -> ApiError {
    ApiError::from(code).retry_after(seconds)
}

/// Starts a session for `user` and answers with its cookie and token.
async fn start_session(
    state: &AppState,
    accounts: &Accounts,
    user: User,
    status: StatusCode,
) -> Result<Response, ApiError> {
    let token = random_token()?;
    let csrf = random_token()?;
    let hash = token_hash(&token);
    let expires = sudoku_store::now() + SESSION.as_secs() as i64;
    let (who, kept) = (user.clone(), csrf.clone());
    state
        .with_store(Scope::All, move |s| {
            // Now and then, sweep the sessions that ran out.
            if hash.starts_with('0') {
                s.end_expired_sessions()?;
            }
            s.create_session(&hash, &who, &kept, expires)
        })
        .await?;
    let mut response = (
        status,
        Json(json!({ "accounts": true, "user": user.name, "csrf": csrf })),
    )
        .into_response();
    let cookie =
        HeaderValue::from_str(&accounts.cookie(&token)).map_err(|e| ErrorCode::Unavailable {
            detail: e.to_string(),
        })?;
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    Ok(response)
}

/// `POST /api/account/register {name, password}`: a new account, logged in.
pub async fn register(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<Credentials>,
) -> Result<Response, ApiError> {
    let accounts = accounts_of(&state)?;
    check_name(&req.name)?;
    check_password(&req.password)?;
    accounts
        .attempt(&format!("address {}", caller.ip), PER_ADDRESS)
        .map_err(|seconds| too_many(ErrorCode::LoginsFromAddress { seconds }, seconds))?;
    let password = req.password;
    let hash = state
        .heavy(caller, move || {
            Argon2::default()
                .hash_password(password.as_bytes())
                .map(|h| h.to_string())
        })
        .await?
        .map_err(|e| ErrorCode::Unavailable {
            detail: format!("cannot hash the password: {e}"),
        })?;
    let name = req.name.clone();
    let user = state
        .with_store(Scope::All, move |s| s.create_user(&name, &hash))
        .await?;
    start_session(&state, accounts, user, StatusCode::CREATED).await
}

/// A hash to verify against when the name is unknown, so that the answer
/// takes as long as for a known name.
fn decoy() -> &'static str {
    static DECOY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DECOY.get_or_init(|| {
        Argon2::default()
            .hash_password(b"no such user's password")
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

/// `POST /api/account/login {name, password}`.
pub async fn login(
    State(state): State<AppState>,
    caller: Caller,
    ApiJson(req): ApiJson<Credentials>,
) -> Result<Response, ApiError> {
    let accounts = accounts_of(&state)?;
    accounts
        .attempt(&format!("address {}", caller.ip), PER_ADDRESS)
        .map_err(|seconds| too_many(ErrorCode::LoginsFromAddress { seconds }, seconds))?;
    // No name is longer than MAX_NAME, so a longer one is counted by its start.
    let name_key = format!(
        "name {}",
        req.name.chars().take(MAX_NAME + 1).collect::<String>()
    );
    accounts
        .attempt(&name_key, PER_NAME)
        .map_err(|seconds| too_many(ErrorCode::LoginsForName { seconds }, seconds))?;
    let name = req.name.clone();
    let found = state
        .with_store(Scope::All, move |s| s.user_named(&name))
        .await?;
    let password = req.password;
    let (user, hash) = match found {
        Some((user, hash)) => (Some(user), hash),
        None => (None, String::new()),
    };
    let ok = state
        .heavy(caller, move || {
            let against = if hash.is_empty() { decoy() } else { &hash };
            Argon2::default()
                .verify_password(password.as_bytes(), against)
                .is_ok()
                && !hash.is_empty()
        })
        .await?;
    match (ok, user) {
        (true, Some(user)) => {
            accounts.forget(&name_key);
            start_session(&state, accounts, user, StatusCode::OK).await
        }
        _ => Err(ErrorCode::WrongLogin.into()),
    }
}

/// `POST /api/account/logout`: ends the session (the token was checked).
pub async fn logout(
    State(state): State<AppState>,
    parts: axum::http::HeaderMap,
) -> Result<Response, ApiError> {
    let accounts = accounts_of(&state)?;
    if let Some(token) = session_token(&parts) {
        let hash = token_hash(&token);
        state
            .with_store(Scope::All, move |s| s.end_session(&hash))
            .await?;
    }
    let mut response = Json(json!({ "accounts": true, "user": null })).into_response();
    let cookie =
        HeaderValue::from_str(&accounts.cleared()).map_err(|e| ErrorCode::Unavailable {
            detail: e.to_string(),
        })?;
    response.headers_mut().insert(header::SET_COOKIE, cookie);
    Ok(response)
}

/// `GET /api/account/me`: whether accounts are on, who is logged in, and
/// the token their writes carry.
pub async fn me(State(state): State<AppState>, parts: Request) -> Json<serde_json::Value> {
    if state.accounts.is_none() {
        return Json(json!({ "accounts": false, "user": null }));
    }
    match parts.extensions().get::<Visitor>() {
        Some(Visitor(Some(s))) => {
            Json(json!({ "accounts": true, "user": s.user.name, "csrf": s.csrf }))
        }
        _ => Json(json!({ "accounts": true, "user": null })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_are_read_strictly() {
        let mut h = HeaderMap::new();
        let token = "ab".repeat(32);
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("x=1; {COOKIE}={token}; y=2")).expect("header"),
        );
        assert_eq!(session_token(&h), Some(token));
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("sudoku_session=short"),
        );
        assert_eq!(session_token(&h), None);
    }

    #[test]
    fn cross_site_requests_are_recognised() {
        let headers = |pairs: &[(&'static str, &'static str)]| {
            let mut h = HeaderMap::new();
            for (k, v) in pairs {
                h.insert(*k, HeaderValue::from_static(v));
            }
            h
        };
        assert!(!cross_site(&headers(&[("host", "a:8080")])));
        assert!(!cross_site(&headers(&[
            ("host", "a:8080"),
            ("origin", "http://a:8080")
        ])));
        assert!(cross_site(&headers(&[
            ("host", "a:8080"),
            ("origin", "http://evil.example")
        ])));
        assert!(cross_site(&headers(&[("origin", "null")])));
        assert!(cross_site(&headers(&[("sec-fetch-site", "cross-site")])));
    }

    #[test]
    fn attempts_are_counted_per_key() {
        let a = Accounts::new(false);
        for _ in 0..3 {
            assert!(a.attempt("k", 3).is_ok());
        }
        assert!(a.attempt("k", 3).is_err());
        assert!(a.attempt("other", 3).is_ok());
        a.forget("k");
        assert!(a.attempt("k", 3).is_ok());
    }

    #[test]
    fn names_and_passwords() {
        assert!(check_name("anna-lena_1.b").is_ok());
        assert!(check_name("Jürgen").is_ok());
        for bad in ["", "a b", "x;y", &"n".repeat(41)] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
        assert!(check_password("12345678").is_ok());
        assert!(check_password("1234567").is_err());
        assert!(check_password(&"p".repeat(201)).is_err());
    }

    #[test]
    fn tokens_are_random_and_hashed() {
        let a = random_token().expect("token");
        let b = random_token().expect("token");
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        assert!(same(&a, &a.clone()) && !same(&a, &b) && !same(&a, "x"));
    }
}
