//! Accounts (`sudoku serve --accounts`): who owns which saved puzzle, so that a
//! trainer reachable from other machines keeps each player's puzzles private.
//!
//! * **Register, log in, log out** (`POST /api/account/register`, `/login`,
//!   `/logout`; `GET /api/account/me` tells the page whether accounts are on
//!   and who is logged in). Passwords are hashed with Argon2id (salted, the
//!   hash string keeps its parameters); the hashing runs through the gate of
//!   expensive work, so nobody can tie up the cores with logins.
//! * **Sessions**: a random 256-bit token in an `HttpOnly`, `SameSite=Strict`
//!   cookie (with `--secure-cookies`, for a server behind HTTPS, a `Secure`
//!   one named `__Host-sudoku_session`, which only this host can set). The
//!   database keeps only its SHA-256, so a copy of the database logs no one
//!   in. Sessions live in the database, so every server sharing it knows
//!   them. A request may carry several cookies of that name (one planted by
//!   a neighbouring site, say): each is tried, and a stray one logs no one
//!   out.
//! * **Session cache**: a session verified in the database is kept for
//!   [`FRESH`] by each server, so the cheap endpoints (everything but the
//!   puzzle database and the account calls) never wait for the database:
//!   they see a session only from the cache, and work without one. When the
//!   database is unavailable, a session verified within [`STALE`] still
//!   counts, so a logged-in player keeps playing through an outage. A session
//!   ended on another server may thus still count here for up to [`FRESH`].
//! * **Cross-site request forgery**: every state-changing request from
//!   another site is refused for every server (see [`crate::site`]), and one
//!   made with a session must carry the session's own token in
//!   `X-CSRF-Token`; the page gets it from the login answer or `GET
//!   /api/account/me`.
//! * **Login attempts are limited** by counters in the database, so servers
//!   sharing it allow no more guesses than one: per client address and name
//!   ([`PER_NAME`]: 5 at once, then a wait of 1 s, 2 s, 4 s … up to 15
//!   minutes between attempts; a success starts afresh) and per client
//!   address alone ([`PER_ADDRESS`]: 20 logins or registrations at once, then
//!   1 s, 2 s … up to a minute apart). Both are forgotten after 15 quiet
//!   minutes. Guesses from one address never lock the name's owner out at
//!   another; beyond a count, 429 with `Retry-After`. Names are compared by
//!   their key (see `names.rs`).
//! * **Ownership**: the puzzle endpoints work within the logged-in user's
//!   [`Scope`]; without a session they answer 401. Another user's id is
//!   "not found", exactly like an id that never existed.
//!
//! Without `--accounts` the puzzle endpoints see the puzzles saved without
//! an owner (everything a single-user trainer saved), as before.

use crate::codes::ErrorCode;
use crate::error::{ApiError, ApiJson};
use crate::{AppState, Caller, names};
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
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use sudoku_store::{Backoff, Scope, Session, User};

/// The session cookie's name.
pub const COOKIE: &str = "sudoku_session";

/// The session cookie's name with `--secure-cookies`.
pub const SECURE_COOKIE: &str = "__Host-sudoku_session";

/// How long a server trusts a session it verified in the database.
pub const FRESH: Duration = Duration::from_secs(30);

/// How long a verified session still counts while the database is
/// unavailable.
pub const STALE: Duration = Duration::from_secs(15 * 60);

/// The most sessions a server keeps in its cache.
const MAX_CACHED: usize = 50_000;

/// The header carrying the session's token against cross-site requests.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// How long a session lasts.
const SESSION: Duration = Duration::from_secs(30 * 24 * 3600);

/// Login and register attempts from one client address.
pub const PER_ADDRESS: Backoff = Backoff {
    free: 20,
    window: 15 * 60,
    cap: 60,
};

/// Login attempts on one name from one client address (a success starts
/// afresh).
pub const PER_NAME: Backoff = Backoff {
    free: 5,
    window: 15 * 60,
    cap: 15 * 60,
};

/// The longest password accepted, and the shortest, in characters.
const MIN_PASSWORD: usize = 8;
const MAX_PASSWORD: usize = 200;

/// The time the accounts' rules read (login back-off, session expiry): the
/// system's, or one a test sets and moves by hand so that the back-off is
/// checked without depending on how fast the machine is.
#[derive(Clone, Debug, Default)]
pub enum Clock {
    /// Seconds since 1970 from the system clock.
    #[default]
    System,
    /// A time that moves only when told to; clones share it.
    Fixed(Arc<AtomicI64>),
}

impl Clock {
    /// A clock standing at `at` (seconds since 1970) until moved.
    pub fn fixed(at: i64) -> Clock {
        Clock::Fixed(Arc::new(AtomicI64::new(at)))
    }

    /// The time now, in seconds since 1970.
    pub fn now(&self) -> i64 {
        match self {
            Clock::System => sudoku_store::now(),
            Clock::Fixed(at) => at.load(Ordering::SeqCst),
        }
    }

    /// Moves a fixed clock on by `seconds` (the system clock moves itself).
    pub fn advance(&self, seconds: i64) {
        if let Clock::Fixed(at) = self {
            at.fetch_add(seconds, Ordering::SeqCst);
        }
    }
}

impl PartialEq for Clock {
    fn eq(&self, other: &Clock) -> bool {
        match (self, other) {
            (Clock::System, Clock::System) => true,
            (Clock::Fixed(a), Clock::Fixed(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Clock {}

/// The accounts' settings and the login counters of this server.
#[derive(Debug)]
pub(crate) struct Accounts {
    secure_cookies: bool,
    clock: Clock,
    /// Sessions verified in the database, by token hash, with when.
    sessions: Mutex<HashMap<String, (Session, Instant)>>,
}

impl Accounts {
    pub(crate) fn new(secure_cookies: bool, clock: Clock) -> Accounts {
        Accounts {
            secure_cookies,
            clock,
            sessions: Mutex::default(),
        }
    }

    /// The cookie's name.
    fn cookie_name(&self) -> &'static str {
        if self.secure_cookies {
            SECURE_COOKIE
        } else {
            COOKIE
        }
    }

    /// The session cached under `hash` if verified within `age`.
    fn cached(&self, hash: &str, age: Duration) -> Option<Session> {
        let map = self.sessions.lock().unwrap_or_else(|p| p.into_inner());
        let (session, at) = map.get(hash)?;
        (at.elapsed() < age && session.expires_at > self.clock.now()).then(|| session.clone())
    }

    fn remember(&self, hash: &str, session: Option<&Session>) {
        let mut map = self.sessions.lock().unwrap_or_else(|p| p.into_inner());
        match session {
            None => {
                map.remove(hash);
            }
            Some(session) => {
                if map.len() >= MAX_CACHED {
                    map.retain(|_, (_, at)| at.elapsed() < STALE);
                    if map.len() >= MAX_CACHED {
                        map.clear();
                    }
                }
                map.insert(hash.to_string(), (session.clone(), Instant::now()));
            }
        }
    }

    /// The live session under `hash`: from the cache when fresh, else from
    /// the database (and a stale cached one when the database is
    /// unavailable).
    async fn lookup(&self, state: &AppState, hash: String) -> Result<Option<Session>, ApiError> {
        if let Some(session) = self.cached(&hash, FRESH) {
            return Ok(Some(session));
        }
        let key = hash.clone();
        match state.with_store(Scope::All, move |s| s.session(&key)).await {
            Ok(found) => {
                self.remember(&hash, found.as_ref());
                Ok(found)
            }
            Err(e) if e.code == ErrorCode::DatabaseUnavailable => match self.cached(&hash, STALE) {
                Some(session) => Ok(Some(session)),
                None => Err(e),
            },
            Err(e) => Err(e),
        }
    }

    /// The `Set-Cookie` value starting a session with `token`.
    fn cookie(&self, token: &str) -> String {
        let secure = if self.secure_cookies { "; Secure" } else { "" };
        format!(
            "{}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={}{secure}",
            self.cookie_name(),
            SESSION.as_secs()
        )
    }

    /// The `Set-Cookie` value ending it.
    fn cleared(&self) -> String {
        let secure = if self.secure_cookies { "; Secure" } else { "" };
        format!(
            "{}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0{secure}",
            self.cookie_name()
        )
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

/// The session tokens in the request's cookies named `name` (well-formed
/// ones, at most four).
fn session_tokens(headers: &HeaderMap, name: &str) -> Vec<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(n, _)| *n == name)
        .map(|(_, value)| value.trim().to_string())
        .filter(|t| t.len() == 64 && t.bytes().all(|b| b.is_ascii_hexdigit()))
        .take(4)
        .collect()
}

/// Equal without telling by its timing how much of it was.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
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
    let Some(accounts) = state.accounts.as_deref() else {
        return Ok(());
    };
    let writes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let path = req.uri().path();
    let path = path.strip_prefix("/api").unwrap_or(path);
    let needs_database = path.starts_with("/puzzles") || path.starts_with("/account/");
    let mut session = None;
    for token in session_tokens(req.headers(), accounts.cookie_name()) {
        let hash = token_hash(&token);
        session = if needs_database {
            accounts.lookup(state, hash).await?
        } else {
            accounts.cached(&hash, FRESH)
        };
        if session.is_some() {
            break;
        }
    }
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

/// Counts an attempt under `key` in the database; a 429 made by `refused`
/// from the seconds to wait when the rule says wait.
async fn attempt(
    state: &AppState,
    accounts: &Accounts,
    key: String,
    rule: Backoff,
    refused: fn(u64) -> ErrorCode,
) -> Result<(), ApiError> {
    let now = accounts.clock.now();
    let decided = state
        .with_store(Scope::All, move |s| {
            // Now and then, forget the counts that ran out.
            if now % 64 == 0 {
                s.prune_attempts(now, rule.window)?;
            }
            s.attempt(&key, now, rule)
        })
        .await?;
    decided.map_err(|wait| {
        let seconds = u64::try_from(wait).unwrap_or(1).max(1);
        ApiError::from(refused(seconds)).retry_after(seconds)
    })
}

/// The counter keys of a client address, and of a name from it.
fn address_key(caller: &Caller) -> String {
    format!("address {}", crate::conn::counted_address(caller.ip))
}

fn name_key(caller: &Caller, name: &str) -> String {
    // No name is longer than MAX_NAME, so a longer one is counted by its start.
    let start: String = name.chars().take(names::MAX_NAME + 1).collect();
    format!(
        "name {} from {}",
        names::key_of(&start),
        crate::conn::counted_address(caller.ip)
    )
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
    let expires = accounts.clock.now() + SESSION.as_secs() as i64;
    let (who, kept, key) = (user.clone(), csrf.clone(), hash.clone());
    state
        .with_store(Scope::All, move |s| {
            // Now and then, sweep the sessions that ran out.
            if key.starts_with('0') {
                s.end_expired_sessions()?;
            }
            s.create_session(&key, &who, &kept, expires)
        })
        .await?;
    accounts.remember(
        &hash,
        Some(&Session {
            user: user.clone(),
            csrf: csrf.clone(),
            expires_at: expires,
        }),
    );
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
    let name = names::checked(&req.name)?;
    check_password(&req.password)?;
    attempt(
        &state,
        accounts,
        address_key(&caller),
        PER_ADDRESS,
        |seconds| ErrorCode::LoginsFromAddress { seconds },
    )
    .await?;
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
    let user = state
        .with_store(Scope::All, move |s| {
            s.create_user(&name.shown, &name.key, &hash)
        })
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
    attempt(
        &state,
        accounts,
        address_key(&caller),
        PER_ADDRESS,
        |seconds| ErrorCode::LoginsFromAddress { seconds },
    )
    .await?;
    let pair = name_key(&caller, &req.name);
    attempt(&state, accounts, pair.clone(), PER_NAME, |seconds| {
        ErrorCode::LoginsForName { seconds }
    })
    .await?;
    let given: String = req.name.chars().take(names::MAX_NAME + 1).collect();
    let key = names::key_of(&given);
    let found = state
        .with_store(Scope::All, move |s| match s.user_by_key(&key)? {
            Some(found) => Ok(Some(found)),
            // A user from before name keys whose key went to an older
            // lookalike: by the exact name.
            None => s.user_named(&given),
        })
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
            state
                .with_store(Scope::All, move |s| s.clear_attempts(&pair))
                .await?;
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
    for token in session_tokens(&parts, accounts.cookie_name()) {
        let hash = token_hash(&token);
        accounts.remember(&hash, None);
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
        assert_eq!(session_tokens(&h, COOKIE), vec![token.clone()]);
        assert!(session_tokens(&h, SECURE_COOKIE).is_empty());
        h.insert(
            header::COOKIE,
            HeaderValue::from_static("sudoku_session=short"),
        );
        assert!(session_tokens(&h, COOKIE).is_empty());
        // A stray cookie of the same name does not hide the real one.
        let stray = "cd".repeat(32);
        h.insert(
            header::COOKIE,
            HeaderValue::from_str(&format!("{COOKIE}={stray}; {COOKIE}={token}")).expect("header"),
        );
        assert_eq!(session_tokens(&h, COOKIE), vec![stray, token]);
    }

    #[test]
    fn names_and_passwords() {
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
