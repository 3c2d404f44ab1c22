//! Every error the server answers, as data: an [`ErrorCode`] names what went
//! wrong with a stable key and carries the values its sentence needs. The
//! answer is
//!
//! ```text
//! {"error": "<the English sentence>", "code": "<key>", "args": {<the values>}}
//! ```
//!
//! with the English sentence built here from the same values, and the page
//! writing its own sentence in its language from `code` and `args` (the
//! `err_<key>` entries of `assets/i18n.js`). The keys are declared once, in
//! the `error_codes!` list below, which makes the enum, [`ErrorCode::KEYS`],
//! [`ErrorCode::key`] and [`ErrorCode::args`] (every field of a variant is an
//! arg, by its name), so a key cannot exist without its data or the other way
//! round; the English sentence and the status are exhaustive matches, so the
//! compiler names both for a new code. A test holds `js-tests/errors.json`
//! to the answers of one example of every code; the page's unit tests hold
//! the catalogues to that file (an `err_` entry in English and German for
//! every key, the English one the server's sentence, the German one German).
//!
//! Values from the request (a parameter's name and value, a cell, a field's
//! path) are args; so is the detail of an error from a library (serde's,
//! axum's), which is English prose: the English sentence shows it, the German
//! page does not.

use axum::http::StatusCode;
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};
use sudoku_core::Conflict;
use sudoku_trainer::Phase;

/// Declares [`ErrorCode`] with its keys: `Variant { field: Type, … } =>
/// "key",` per code (the fields are the args, by name).
macro_rules! error_codes {
    ($(
        $(#[doc = $doc:literal])*
        $name:ident $({ $($field:ident : $ty:ty),* $(,)? })? => $key:literal,
    )*) => {
        /// What went wrong, with the values its sentence needs (see the
        /// module documentation; each variant's fields are its `args`).
        #[derive(Clone, Debug, PartialEq)]
        pub enum ErrorCode {
            $(
                $(#[doc = $doc])*
                $name $({ $(#[allow(missing_docs)] $field: $ty),* })?,
            )*
        }

        impl ErrorCode {
            /// Every key, in the order of the declaration.
            pub const KEYS: &'static [&'static str] = &[$($key),*];

            /// The stable key the page looks its sentence up by (`err_<key>`
            /// in `assets/i18n.js`).
            pub fn key(&self) -> &'static str {
                match self {
                    $(ErrorCode::$name { .. } => $key,)*
                }
            }

            /// The values the sentence needs, by name (the `args` of the
            /// answer).
            pub fn args(&self) -> Map<String, Value> {
                let mut args = Map::new();
                match self {
                    $(ErrorCode::$name $({ $($field),* })? => {
                        $($(args.insert(stringify!($field).to_string(), arg($field));)*)?
                    })*
                }
                args
            }
        }
    };
}

fn arg<T: Serialize>(value: &T) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

error_codes! {
    // ---- the request itself ----
    /// 415: the body is not declared as JSON.
    NotJson => "not-json",
    /// 413: the body is larger than `limit` bytes.
    BodyTooLarge { limit: usize } => "body-too-large",
    /// 400: the body could not be read.
    BodyUnreadable { detail: String } => "body-unreadable",
    /// 400: the body is empty.
    EmptyBody => "empty-body",
    /// 400: the body is not JSON (serde's `detail`, at `line`:`column`).
    MalformedJson { line: usize, column: usize, detail: String } => "malformed-json",
    /// 400: something follows the JSON value.
    TrailingJson { line: usize, column: usize, detail: String } => "trailing-json",
    /// 422: a field has a value that cannot be used; `path` is the field
    /// (`search.stack[3].move.cell`), absent for the whole body.
    InvalidRequest { path: Option<String>, detail: String } => "invalid-request",
    /// 400: the address's query or path could not be read (axum's `detail`).
    BadRequest { detail: String } => "bad-request",
    /// 404: no endpoint at `path`.
    NoEndpoint { path: String } => "no-endpoint",
    /// 400: a query parameter `name` that is not one of `expected`.
    UnknownParameter { name: String, expected: Vec<&'static str> } => "unknown-parameter",
    /// 422: parameter `name` has a `value` that is not one of `expected`.
    BadParameter { name: &'static str, value: String, expected: Vec<&'static str> } => "bad-parameter",
    /// 400: the puzzle's parameter `p` is missing.
    MissingPuzzle => "missing-puzzle",
    /// 422: parameter `p` has `count` characters, not 81.
    PuzzleLength { count: usize } => "puzzle-length",
    /// 422: character `position` (1-based) of parameter `p` is not a cell.
    PuzzleCharacter { position: usize, character: char } => "puzzle-character",
    /// 422: parameter `p` is no puzzle in any format read (an 81-character
    /// line, a 9×9 block, a candidate grid, a HoDoKu library line, …): the
    /// reader's `detail` about `line` and `position` (0 when the whole line
    /// is meant).
    PuzzleUnreadable { line: usize, position: usize, detail: String } => "puzzle-unreadable",
    /// 422: a pasted text (`POST /api/parse`) is no puzzle in any format
    /// read: as [`ErrorCode::PuzzleUnreadable`].
    TextUnreadable { line: usize, position: usize, detail: String } => "text-unreadable",
    /// 422: parameter `v` names no variant.
    UnknownVariant { name: String } => "unknown-variant",
    /// 422: parameter `date` is not a day of the calendar.
    BadDate { date: String, detail: String } => "bad-date",
    /// 422: `level` is not a trainer level.
    UnknownLevel { level: String } => "unknown-level",
    /// 400: the table has no column `column` to sort by.
    UnknownColumn { column: String, expected: Vec<&'static str> } => "unknown-column",
    /// 400: `id` is not the form of a puzzle id.
    BadPuzzleId { id: String } => "bad-puzzle-id",
    /// 422: `steps` search steps were asked for; 1 to `max` may be.
    StepsOutOfRange { steps: u32, max: u32 } => "steps-out-of-range",
    /// 422: the search state sent does not hang together.
    SearchInconsistent => "search-inconsistent",
    /// 409: the search is in `phase`, not at a solution.
    NotAtSolution { phase: Phase } => "not-at-solution",

    // ---- the puzzle ----
    /// 422: two givens clash.
    GivensClash { clash: Clash } => "givens-clash",
    /// 422: two digits of the position (givens and entries) clash.
    DigitsClash { clash: Clash } => "digits-clash",
    /// 422: the placed digits under the player's pencil marks clash.
    MarksClash { clash: Clash } => "marks-clash",
    /// 422: the pencil marks leave `cell` without a candidate.
    MarksNoCandidate { cell: String } => "marks-no-candidate",
    /// 422: `cell` holds a given, which cannot change while solving.
    GivenLocked { cell: String } => "given-locked",
    /// 422: the puzzle has no solution.
    NoSolution => "no-solution",
    /// 422: the puzzle has several solutions, so no logical path.
    MultipleSolutions => "multiple-solutions",
    /// 422: the trainer's search did not finish within `limit` steps.
    StepLimit { limit: u64 } => "step-limit",
    /// 422: the generator cannot make the level with several solutions.
    GenerateSeveral => "generate-several",
    /// 503: no puzzle of `variant` and `level` was found within `seconds`.
    GenerateTimeout { variant: &'static str, level: &'static str, seconds: u64 } => "generate-timeout",
    /// 422: the engine refused the request otherwise (its English `detail`).
    Unprocessable { detail: String } => "unprocessable",

    // ---- the limits on expensive work ----
    /// 503: no worker was free within the request's budget of `budget`
    /// seconds (the server is busy with others' work).
    Busy { budget: f64 } => "busy",
    /// 503: the work itself took longer than the budget of `budget` seconds
    /// (waiting included) allows.
    OutOfTime { budget: f64 } => "out-of-time",
    /// 429: the client (`address`, or its account when absent) has `limit`
    /// expensive requests running or waiting.
    TooManyRequests { limit: usize, address: Option<String> } => "too-many-requests",

    // ---- accounts ----
    /// 403: a write from another site.
    CrossSite => "cross-site",
    /// 421: the request's `Host` is not a name of this server (DNS
    /// rebinding, see `--allowed-host`).
    UnknownHost { host: String } => "unknown-host",
    /// 403: a write with a session but without the session's token.
    CsrfToken => "csrf-token",
    /// 401: the puzzle database needs a session.
    LoginRequired => "login-required",
    /// 404: the server runs without accounts.
    NoAccounts => "no-accounts",
    /// 422: a name is 1 to `max` letters, digits, `-`, `_` or `.`.
    BadName { max: usize } => "bad-name",
    /// 422: a password is `min` to `max` characters.
    BadPassword { min: usize, max: usize } => "bad-password",
    /// 429: too many login attempts from this address; wait `seconds`.
    LoginsFromAddress { seconds: u64 } => "too-many-logins-address",
    /// 429: too many login attempts on this name; wait `seconds`.
    LoginsForName { seconds: u64 } => "too-many-logins-name",
    /// 401: the name or the password is wrong (the answer does not say which).
    WrongLogin => "wrong-login",
    /// 409: the user name `name` is taken.
    NameTaken { name: String } => "name-taken",

    // ---- the puzzle database ----
    /// 404: no puzzle (of this user) has `id`.
    NoPuzzle { id: String } => "no-puzzle",
    /// 422: a puzzle's name of `length` characters; at most `max`.
    NameTooLong { length: usize, max: usize } => "name-too-long",
    /// 422: the player's progress is out of bounds (the store's `detail`).
    BadProgress { detail: String } => "bad-progress",
    /// 422: a text (a name, a title) holds a character no database keeps
    /// (NUL); `detail` is the store's English.
    BadText { detail: String } => "bad-text",
    /// 400: the `Idempotency-Key` header is not 1 to `max` visible ASCII
    /// characters.
    BadIdempotencyKey { max: usize } => "bad-idempotency-key",
    /// 503: the database cannot be reached or failed now (its message goes
    /// to the server's log, never to the client).
    DatabaseUnavailable => "database-unavailable",

    // ---- a player's history (`crate::history`) ----
    /// 422: game `index` (0-based) of the request has a bad `field`; it
    /// must be `expected` (English).
    BadGame { index: usize, field: &'static str, expected: &'static str } => "bad-game",
    /// 413: `count` games in one request; at most `max`.
    TooManyGames { count: usize, max: usize } => "too-many-games",

    // ---- the server ----
    /// 503: the server cannot do it now (a worker or a resource failed).
    Unavailable { detail: String } => "unavailable",
    /// 500: a fault of the server.
    Internal { detail: String } => "internal",
}

/// Two equal digits in a house, as an arg: `{"digit": 5, "house": {"kind":
/// "row", "number": 3}, "first": "r3c2", "second": "r3c8"}` (numbers
/// 1-based; the main diagonal is 1, the anti-diagonal 2). Its English is
/// sudoku-core's (`two 5s in row 3 (r3c2, r3c8)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clash(pub Conflict);

impl Serialize for Clash {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = &self.0;
        serde_json::json!({
            "digit": c.digit.get(),
            "house": {
                "kind": crate::variants::kind_name(c.house.kind()),
                "number": c.house.number() + 1,
            },
            "first": c.first.to_string(),
            "second": c.second.to_string(),
        })
        .serialize(s)
    }
}

impl From<Conflict> for Clash {
    fn from(c: Conflict) -> Clash {
        Clash(c)
    }
}

/// `a, b or c` (English lists of alternatives).
fn either(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl ErrorCode {
    /// The HTTP status of the answer.
    pub fn status(&self) -> StatusCode {
        use ErrorCode::*;
        match self {
            NotJson => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            BodyTooLarge { .. } | TooManyGames { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            BodyUnreadable { .. }
            | EmptyBody
            | MalformedJson { .. }
            | TrailingJson { .. }
            | BadRequest { .. }
            | UnknownParameter { .. }
            | MissingPuzzle
            | UnknownColumn { .. }
            | BadPuzzleId { .. }
            | BadIdempotencyKey { .. } => StatusCode::BAD_REQUEST,
            InvalidRequest { .. }
            | BadParameter { .. }
            | PuzzleLength { .. }
            | PuzzleCharacter { .. }
            | PuzzleUnreadable { .. }
            | TextUnreadable { .. }
            | UnknownVariant { .. }
            | BadDate { .. }
            | UnknownLevel { .. }
            | StepsOutOfRange { .. }
            | SearchInconsistent
            | GivensClash { .. }
            | DigitsClash { .. }
            | MarksClash { .. }
            | MarksNoCandidate { .. }
            | GivenLocked { .. }
            | NoSolution
            | MultipleSolutions
            | StepLimit { .. }
            | GenerateSeveral
            | Unprocessable { .. }
            | BadName { .. }
            | BadPassword { .. }
            | NameTooLong { .. }
            | BadProgress { .. }
            | BadText { .. }
            | BadGame { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            NoEndpoint { .. } | NoAccounts | NoPuzzle { .. } => StatusCode::NOT_FOUND,
            NotAtSolution { .. } | NameTaken { .. } => StatusCode::CONFLICT,
            CrossSite | CsrfToken => StatusCode::FORBIDDEN,
            UnknownHost { .. } => StatusCode::MISDIRECTED_REQUEST,
            LoginRequired | WrongLogin => StatusCode::UNAUTHORIZED,
            TooManyRequests { .. } | LoginsFromAddress { .. } | LoginsForName { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            GenerateTimeout { .. }
            | Busy { .. }
            | OutOfTime { .. }
            | DatabaseUnavailable
            | Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Internal { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The sentence in English (the answer's `error`; the page's English
    /// catalogue says the same, a unit test holds them together).
    pub fn english(&self) -> String {
        use ErrorCode::*;
        match self {
            NotJson => "the request body must be JSON (Content-Type: application/json)".into(),
            BodyTooLarge { limit } => {
                format!("the request body is larger than the limit of {limit} bytes")
            }
            BodyUnreadable { detail } => format!("cannot read the request body: {detail}"),
            EmptyBody => "the request body is empty; a JSON object is expected".into(),
            MalformedJson { detail, .. } => format!("malformed JSON: {detail}"),
            TrailingJson { detail, .. } => format!("malformed JSON after the value: {detail}"),
            InvalidRequest { path: None, detail } => format!("invalid request: {detail}"),
            InvalidRequest {
                path: Some(path),
                detail,
            } => format!("invalid request at `{path}`: {detail}"),
            BadRequest { detail } => detail.clone(),
            NoEndpoint { path } => format!("no API endpoint {path}"),
            UnknownParameter { name, expected } => {
                format!(
                    "unknown parameter '{name}' (expected {})",
                    expected.join(", ")
                )
            }
            BadParameter {
                name,
                value,
                expected,
            } => format!("parameter '{name}': '{value}' is not {}", either(expected)),
            MissingPuzzle => "parameter 'p' (the puzzle's 81 cells) is missing".into(),
            PuzzleLength { count } => {
                format!("parameter 'p': a grid needs 81 characters, got {count}")
            }
            PuzzleCharacter {
                position,
                character,
            } => format!(
                "parameter 'p': character {position} of the grid is '{character}', expected 1-9, 0 or ."
            ),
            PuzzleUnreadable { detail, .. } => {
                format!("parameter 'p' is not a puzzle in any format read here: {detail}")
            }
            TextUnreadable { detail, .. } => {
                format!("the text is not a puzzle in any format read here: {detail}")
            }
            UnknownVariant { name } => format!(
                "parameter 'v': unknown variant '{name}' (expected standard, diagonal or x, color or dg, color-diagonal)"
            ),
            BadDate { detail, .. } => format!("parameter 'date': {detail}"),
            UnknownLevel { level } => format!(
                "unknown level '{level}' (expected easy, medium, hard, very-hard or extremely-hard)"
            ),
            UnknownColumn { column, expected } => format!(
                "unknown column '{column}' (expected one of {})",
                expected.join(", ")
            ),
            BadPuzzleId { id } => {
                format!("bad puzzle id '{id}': ids are 1 to 64 letters, digits, '-' or '_'")
            }
            StepsOutOfRange { steps, max } => {
                format!("steps is {steps}; it must be between 1 and {max}")
            }
            SearchInconsistent => "the search state is inconsistent: its board is not its start \
                                   plus the placements on its stack"
                .into(),
            NotAtSolution { phase } => format!(
                "the search is not at a solution (phase {}); run it to a solution first",
                arg(phase).as_str().unwrap_or_default()
            ),
            GivensClash { clash } => format!("the givens clash: {}", clash.0),
            DigitsClash { clash } => format!("the digits clash: {}", clash.0),
            MarksClash { clash } => format!("the pencil marks: {}", clash.0),
            MarksNoCandidate { cell } => {
                format!("the pencil marks: {cell} is empty and has no candidate")
            }
            GivenLocked { cell } => {
                format!("{cell} holds a given, which cannot be changed while solving")
            }
            NoSolution => "the puzzle has no solution".into(),
            MultipleSolutions => {
                "the puzzle has more than one solution, so there is no single logical path".into()
            }
            StepLimit { limit } => format!("the search did not finish within {limit} steps"),
            GenerateSeveral => "the generator makes unique puzzles; 'extremely-hard' (several \
                                solutions) cannot be asked for"
                .into(),
            GenerateTimeout {
                variant,
                level,
                seconds,
            } => format!(
                "no {variant} puzzle of level '{level}' was found within {seconds} s; please try again"
            ),
            Unprocessable { detail } => detail.clone(),
            Busy { budget } => format!(
                "the server is busy: no worker was free within this request's budget of \
                 {budget} s; please try again"
            ),
            OutOfTime { budget } => format!(
                "this request needs more than the {budget} s of work the server allows for one \
                 request"
            ),
            TooManyRequests { limit, address } => format!(
                "too many expensive requests at once from {}: at most {limit} may run or wait; \
                 please wait for one to finish",
                address.as_deref().unwrap_or("this account")
            ),
            CrossSite => "a state-changing request from another site is refused".into(),
            UnknownHost { host } => format!(
                "this server does not answer to the host name '{host}' (see sudoku serve \
                 --allowed-host)"
            ),
            CsrfToken => format!(
                "this request changes data, so it must carry the session's token in {} \
                 (from the login answer or GET /api/account/me)",
                crate::accounts::CSRF_HEADER
            ),
            LoginRequired => "log in to use the puzzle database".into(),
            NoAccounts => {
                "accounts are not enabled on this server (sudoku serve --accounts)".into()
            }
            BadName { max } => format!("a name is 1 to {max} letters, digits, '-', '_' or '.'"),
            BadPassword { min, max } => format!("a password is {min} to {max} characters"),
            LoginsFromAddress { seconds } => {
                format!("too many login attempts from this address; please wait {seconds} s")
            }
            LoginsForName { seconds } => {
                format!("too many login attempts for this name; please wait {seconds} s")
            }
            WrongLogin => "wrong name or password".into(),
            NameTaken { name } => format!("the name '{name}' is taken"),
            NoPuzzle { id } => format!("no puzzle with id '{id}'"),
            NameTooLong { length, max } => {
                format!("the name has {length} characters; at most {max} are allowed")
            }
            BadProgress { detail } => format!("the progress cannot be saved: {detail}"),
            BadText { detail } => format!("the text cannot be stored: {detail}"),
            BadIdempotencyKey { max } => {
                format!("the Idempotency-Key header must be 1 to {max} visible ASCII characters")
            }
            DatabaseUnavailable => {
                "the puzzle database is unavailable now; please try again".into()
            }
            BadGame {
                index,
                field,
                expected,
            } => format!("games[{index}].{field}: expected {expected}"),
            TooManyGames { count, max } => {
                format!("{count} games in one request; at most {max} may be sent at once")
            }
            Unavailable { detail } | Internal { detail } => detail.clone(),
        }
    }
}

impl From<sudoku_trainer::TrainerError> for ErrorCode {
    fn from(e: sudoku_trainer::TrainerError) -> ErrorCode {
        use sudoku_logic::CandidatesError;
        use sudoku_trainer::TrainerError;
        match e {
            TrainerError::Conflict(c) => ErrorCode::DigitsClash { clash: c.into() },
            TrainerError::NoSolution => ErrorCode::NoSolution,
            TrainerError::StepLimit { limit } => ErrorCode::StepLimit { limit },
            TrainerError::Marks(CandidatesError::Conflict(c)) => {
                ErrorCode::MarksClash { clash: c.into() }
            }
            TrainerError::Marks(CandidatesError::NoCandidate { cell }) => {
                ErrorCode::MarksNoCandidate {
                    cell: cell.to_string(),
                }
            }
            TrainerError::GivenLocked { cell } => ErrorCode::GivenLocked {
                cell: cell.to_string(),
            },
            // Both enums may grow: a new error still reaches the client, keyed.
            other => ErrorCode::Unprocessable {
                detail: other.to_string(),
            },
        }
    }
}

impl From<sudoku_rate::RateError> for ErrorCode {
    fn from(e: sudoku_rate::RateError) -> ErrorCode {
        match e {
            sudoku_rate::RateError::Invalid(c) => ErrorCode::GivensClash { clash: c.into() },
            sudoku_rate::RateError::NoSolution => ErrorCode::NoSolution,
            // The self-check found a wrong step: the engine's fault.
            other => ErrorCode::Internal {
                detail: other.to_string(),
            },
        }
    }
}

impl From<sudoku_store::StoreError> for ErrorCode {
    fn from(e: sudoku_store::StoreError) -> ErrorCode {
        use sudoku_store::StoreError;
        match e {
            StoreError::NotFound(id) => ErrorCode::NoPuzzle { id },
            StoreError::NameTaken(name) => ErrorCode::NameTaken { name },
            StoreError::NameTooLong(length) => ErrorCode::NameTooLong {
                length,
                max: sudoku_store::MAX_NAME,
            },
            StoreError::BadProgress(detail) => ErrorCode::BadProgress { detail },
            e @ StoreError::BadText { .. } => ErrorCode::BadText {
                detail: e.to_string(),
            },
            StoreError::BadIdempotencyKey(_) => ErrorCode::BadIdempotencyKey {
                max: sudoku_store::MAX_IDEMPOTENCY_KEY,
            },
            // Every other failure of the database (gone, busy, locked, a
            // damaged row): the client may try again; what the database said
            // goes to the server's log only (see `crate::db::store_error`).
            _ => ErrorCode::DatabaseUnavailable,
        }
    }
}

impl From<tokio::task::JoinError> for ErrorCode {
    /// A worker that panicked or was cancelled.
    fn from(e: tokio::task::JoinError) -> ErrorCode {
        ErrorCode::Unavailable {
            detail: e.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ApiError;
    use sudoku_core::{Cell, Digit, House};

    /// One of every code, with the values a real answer has: the fixture
    /// of the page's catalogues.
    fn examples() -> Vec<ErrorCode> {
        use ErrorCode::*;
        let clash = || {
            Clash(Conflict {
                digit: Digit::new(5).expect("digit"),
                house: House::row(2),
                first: Cell::at(2, 1).expect("cell"),
                second: Cell::at(2, 7).expect("cell"),
            })
        };
        vec![
            NotJson,
            BodyTooLarge { limit: 65536 },
            BodyUnreadable {
                detail: "error reading a body from connection".into(),
            },
            EmptyBody,
            MalformedJson {
                line: 1,
                column: 2,
                detail: "expected value at line 1 column 2".into(),
            },
            TrailingJson {
                line: 1,
                column: 4,
                detail: "trailing characters at line 1 column 4".into(),
            },
            InvalidRequest {
                path: Some("search.stack[3].move.cell".into()),
                detail: "cell index 99 is not in 0..=80".into(),
            },
            BadRequest {
                detail: "Failed to deserialize query string".into(),
            },
            NoEndpoint {
                path: "/api/nothing".into(),
            },
            UnknownParameter {
                name: "bogus".into(),
                expected: vec!["p", "v", "lang"],
            },
            BadParameter {
                name: "mode",
                value: "fast".into(),
                expected: vec!["async", "sync", "semi", "pseudo"],
            },
            MissingPuzzle,
            PuzzleLength { count: 3 },
            PuzzleCharacter {
                position: 1,
                character: 'x',
            },
            PuzzleUnreadable {
                line: 3,
                position: 9,
                detail:
                    "line 3: r2c2: \"1x8\" at position 9 is not a group of candidate digits 1-9"
                        .into(),
            },
            TextUnreadable {
                line: 1,
                position: 0,
                detail: "line 1: expected 81 cells, found 3".into(),
            },
            UnknownVariant {
                name: "hexagon".into(),
            },
            BadDate {
                date: "2026-02-30".into(),
                detail: "'2026-02-30' is not a day of the calendar (1900-9999)".into(),
            },
            UnknownLevel {
                level: "fiendish".into(),
            },
            UnknownColumn {
                column: "colour".into(),
                expected: sudoku_store::Column::ALL.iter().map(|c| c.name()).collect(),
            },
            BadPuzzleId {
                id: "bad id".into(),
            },
            StepsOutOfRange {
                steps: 0,
                max: crate::api::MAX_STEPS_PER_CALL,
            },
            SearchInconsistent,
            NotAtSolution {
                phase: Phase::Forward,
            },
            GivensClash { clash: clash() },
            DigitsClash { clash: clash() },
            MarksClash { clash: clash() },
            MarksNoCandidate {
                cell: "r1c1".into(),
            },
            GivenLocked {
                cell: "r4c7".into(),
            },
            NoSolution,
            MultipleSolutions,
            StepLimit { limit: 400_000 },
            GenerateSeveral,
            GenerateTimeout {
                variant: "color-diagonal",
                level: "very-hard",
                seconds: 30,
            },
            Unprocessable {
                detail: "--clues: 10 is below the minimum".into(),
            },
            Busy { budget: 30.0 },
            OutOfTime { budget: 30.0 },
            TooManyRequests {
                limit: 2,
                address: Some("127.0.0.1".into()),
            },
            CrossSite,
            UnknownHost {
                host: "evil.example:8080".into(),
            },
            CsrfToken,
            LoginRequired,
            NoAccounts,
            BadName { max: 40 },
            BadPassword { min: 8, max: 200 },
            LoginsFromAddress { seconds: 900 },
            LoginsForName { seconds: 42 },
            WrongLogin,
            NameTaken { name: "ann".into() },
            NoPuzzle { id: "k3x9q".into() },
            NameTooLong {
                length: 201,
                max: 200,
            },
            BadProgress {
                detail: "undo holds 5000 moves; at most 2000 are kept".into(),
            },
            BadText {
                detail: "the name holds a NUL character".into(),
            },
            BadIdempotencyKey { max: 100 },
            DatabaseUnavailable,
            BadGame {
                index: 1,
                field: "puzzle",
                expected: "81 characters of '.' and 1-9",
            },
            TooManyGames {
                count: 201,
                max: 200,
            },
            Unavailable {
                detail: "task 12 panicked".into(),
            },
            Internal {
                detail: "database error: disk I/O error".into(),
            },
        ]
    }

    #[test]
    fn keys_are_unique_kebab_case_words() {
        let mut seen = std::collections::HashSet::new();
        for key in ErrorCode::KEYS {
            assert!(seen.insert(key), "{key} twice");
            assert!(
                !key.is_empty()
                    && key
                        .split('-')
                        .all(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_lowercase())),
                "{key}"
            );
        }
    }

    #[test]
    fn the_examples_are_one_of_every_code() {
        let keys: Vec<&str> = examples().iter().map(ErrorCode::key).collect();
        assert_eq!(keys, ErrorCode::KEYS);
    }

    #[test]
    fn a_house_and_a_clash_as_args() {
        let code = ErrorCode::GivensClash {
            clash: Clash(Conflict {
                digit: Digit::new(5).expect("digit"),
                house: House::ANTI_DIAGONAL,
                first: Cell::at(0, 8).expect("cell"),
                second: Cell::at(8, 0).expect("cell"),
            }),
        };
        assert_eq!(
            Value::Object(code.args()),
            serde_json::json!({"clash": {"digit": 5, "house": {"kind": "diagonal", "number": 2},
                "first": "r1c9", "second": "r9c1"}})
        );
        assert_eq!(
            code.english(),
            "the givens clash: two 5s in anti-diagonal (r1c9, r9c1)"
        );
    }

    /// The page's unit tests (`js-tests/i18n.test.mjs`) read every code
    /// the server sends from `js-tests/errors.json`: an `err_` entry in
    /// both languages for each, the English one rendering these args as
    /// the server does. The file must be exactly these answers;
    /// `SUDOKU_WRITE_FIXTURES=1 cargo test -p sudoku-web` writes it anew.
    #[test]
    fn the_pages_error_fixture_is_the_servers() {
        let codes: Vec<Value> = examples()
            .into_iter()
            .map(|code| {
                let status = code.status().as_u16();
                let mut v = ApiError::from(code).body();
                if let Value::Object(map) = &mut v {
                    map.insert("status".into(), status.into());
                }
                v
            })
            .collect();
        let answer = serde_json::json!({ "codes": codes });
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/js-tests/errors.json");
        if std::env::var_os("SUDOKU_WRITE_FIXTURES").is_some() {
            let text = serde_json::to_string_pretty(&answer).expect("serialises") + "\n";
            std::fs::write(path, text).expect("write the fixture");
        }
        let fixture: Value = std::fs::read_to_string(path)
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or(Value::Null);
        assert!(
            fixture == answer,
            "js-tests/errors.json is not the server's codes; write it with \
             SUDOKU_WRITE_FIXTURES=1 cargo test -p sudoku-web and add the err_ entries to i18n.js"
        );
    }
}
