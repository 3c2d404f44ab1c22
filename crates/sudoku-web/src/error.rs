//! Errors as HTTP responses, and the JSON body extractor that turns every kind of
//! bad request into a 4xx answer naming what is wrong (never a 500, never a panic).
//!
//! Every error answer is an [`ErrorCode`] (see [`crate::codes`]): the English
//! sentence, the stable key the page translates, and the values the sentence
//! needs. axum's own `Json` answers malformed bodies with plain text and
//! without the path of the bad field; [`ApiJson`] reads the body (within the
//! router's size limit), parses it with `serde_path_to_error` and answers, for
//! example:
//!
//! ```text
//! {"error": "invalid request at `search.stack[3].move.cell`: cell index 99 is not in 0..=80",
//!  "code": "invalid-request",
//!  "args": {"path": "search.stack[3].move.cell", "detail": "cell index 99 is not in 0..=80"}}
//! ```

use crate::codes::ErrorCode;
use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// An error answer: what went wrong (its status, key, args and English
/// sentence) and when the client may try again.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{}: {}", .code.status(), .code.english())]
pub struct ApiError {
    /// What went wrong.
    pub code: ErrorCode,
    /// Seconds after which the client may try again (sent as `Retry-After`
    /// with 429 and 503 answers).
    pub retry_after: Option<u64>,
}

impl From<ErrorCode> for ApiError {
    fn from(code: ErrorCode) -> ApiError {
        ApiError {
            code,
            retry_after: None,
        }
    }
}

impl ApiError {
    /// The same error with a `Retry-After` of `seconds`.
    pub fn retry_after(self, seconds: u64) -> ApiError {
        ApiError {
            retry_after: Some(seconds),
            ..self
        }
    }

    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        self.code.status()
    }

    /// The answer's body: `{"error": English, "code": key, "args": {…}}`.
    pub fn body(&self) -> Value {
        json!({
            "error": self.code.english(),
            "code": self.code.key(),
            "args": self.code.args(),
        })
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        }
        response
    }
}

/// A JSON request body of type `T`, read with clear errors (see the module
/// documentation).
#[derive(Debug, Clone)]
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        // Required, not only checked when present: a page of another site
        // can send a body without a type, or as a form, but not as JSON
        // without asking first (CORS), which this server never allows.
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|ct| ct.to_str().ok())
            .is_some_and(|s| {
                s.trim_start()
                    .to_ascii_lowercase()
                    .starts_with("application/json")
            });
        if !json {
            return Err(ErrorCode::NotJson.into());
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ErrorCode::BodyTooLarge {
                    limit: crate::BODY_LIMIT,
                }
            } else {
                ErrorCode::BodyUnreadable {
                    detail: e.to_string(),
                }
            }
        })?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// Parses `bytes` as one JSON value of type `T`, naming the path of a bad field.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(ErrorCode::EmptyBody.into());
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        match inner.classify() {
            serde_json::error::Category::Data => ErrorCode::InvalidRequest {
                path: (path != ".").then_some(path),
                detail: inner.to_string(),
            },
            _ => ErrorCode::MalformedJson {
                line: inner.line(),
                column: inner.column(),
                detail: inner.to_string(),
            },
        }
    })?;
    de.end().map_err(|e| ErrorCode::TrailingJson {
        line: e.line(),
        column: e.column(),
        detail: e.to_string(),
    })?;
    Ok(value)
}
