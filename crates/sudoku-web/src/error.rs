//! Errors as HTTP responses, and the JSON body extractor that turns every kind of
//! bad request into a 4xx answer naming what is wrong (never a 500, never a panic).
//!
//! axum's own `Json` answers malformed bodies with plain text and without the
//! path of the bad field; [`ApiJson`] reads the body (within the router's size
//! limit), parses it with `serde_path_to_error` and answers, for example:
//!
//! ```text
//! {"error": "invalid request at `search.stack[3].move.cell`: cell index 99 is not in 0..=80"}
//! ```

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::json;

/// An error answer: a status and a message for the client.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{status}: {message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for the client.
    pub message: String,
    /// Seconds after which the client may try again (sent as `Retry-After`
    /// with 429 and 503 answers).
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// An error with `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// The same error with a `Retry-After` of `seconds`.
    pub fn retry_after(self, seconds: u64) -> ApiError {
        ApiError {
            retry_after: Some(seconds),
            ..self
        }
    }

    /// 400: the request cannot be read.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 422: the request is well-formed but its content cannot be used.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 503: the server cannot serve it now.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.message }))).into_response();
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
        if let Some(ct) = req.headers().get(header::CONTENT_TYPE) {
            let ok = ct
                .to_str()
                .map(|s| {
                    s.trim_start()
                        .to_ascii_lowercase()
                        .starts_with("application/json")
                })
                .unwrap_or(false);
            if !ok {
                return Err(ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "the request body must be JSON (Content-Type: application/json)",
                ));
            }
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            let status = e.status();
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    status,
                    format!(
                        "the request body is larger than the limit of {} bytes",
                        crate::BODY_LIMIT
                    ),
                )
            } else {
                ApiError::new(status, format!("cannot read the request body: {e}"))
            }
        })?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// Parses `bytes` as one JSON value of type `T`, naming the path of a bad field.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(ApiError::bad_request(
            "the request body is empty; a JSON object is expected",
        ));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let status = match inner.classify() {
            serde_json::error::Category::Data => StatusCode::UNPROCESSABLE_ENTITY,
            _ => StatusCode::BAD_REQUEST,
        };
        let message = if status == StatusCode::BAD_REQUEST {
            format!("malformed JSON: {inner}")
        } else if path == "." {
            format!("invalid request: {inner}")
        } else {
            format!("invalid request at `{path}`: {inner}")
        };
        ApiError::new(status, message)
    })?;
    de.end()
        .map_err(|e| ApiError::bad_request(format!("malformed JSON after the value: {e}")))?;
    Ok(value)
}
