//! Errors are translated in one place: a service's error type turns itself
//! into a [`PendingError`] response extension, and [`render_errors`] (which
//! sees the request's language and correlation id) writes the envelope.

use std::sync::{Arc, Mutex};

use axum::extract::Request;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{CorrelationId, FieldErrors, error_response};
use crate::lang::Lang;

/// Status, stable code and field errors of a failure, before translation.
type Failure = (StatusCode, &'static str, FieldErrors);

/// What a failed handler answers, before translation (extensions must be
/// `Clone`, hence the shared slot the renderer takes the failure out of).
#[derive(Clone)]
pub struct PendingError(Arc<Mutex<Option<Failure>>>);

impl PendingError {
    /// A response carrying the error for [`render_errors`].
    pub fn response(status: StatusCode, code: &'static str, fields: FieldErrors) -> Response {
        let mut response = status.into_response();
        response
            .extensions_mut()
            .insert(PendingError(Arc::new(Mutex::new(Some((
                status, code, fields,
            ))))));
        response
    }
}

/// Renders pending errors in the request's language.
pub async fn render_errors(request: Request, next: Next) -> Response {
    let lang = Lang::from_headers(request.headers());
    let correlation = request
        .extensions()
        .get::<CorrelationId>()
        .copied()
        .unwrap_or_default();
    let api = request.uri().path().starts_with("/api/");
    let mut response = next.run(request).await;
    let pending = response.extensions_mut().remove::<PendingError>();
    let failure = pending
        .and_then(|p| p.0.lock().ok()?.take())
        .or_else(|| api.then(|| unrendered_rejection(&response)).flatten());
    match failure {
        Some((status, code, fields)) => {
            if status.is_server_error() {
                tracing::error!(correlation_id = %correlation.0, code, "request failed");
            }
            let mut rendered = error_response(status, code, lang, fields, correlation);
            // Headers the failure set (`Retry-After`, cookies) stay on it.
            for (name, value) in response.headers() {
                if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
                    rendered.headers_mut().insert(name.clone(), value.clone());
                }
            }
            rendered
        }
        None => response,
    }
}

/// A 4xx the framework answered itself (an unreadable query string or path
/// parameter, an unknown method, a body too large or of the wrong type) in
/// plain text: rendered as the envelope too, so every API error is JSON.
fn unrendered_rejection(response: &Response) -> Option<Failure> {
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !status.is_client_error() || json {
        return None;
    }
    let code = match status {
        StatusCode::NOT_FOUND => "not_found",
        StatusCode::METHOD_NOT_ALLOWED => "method_not_allowed",
        StatusCode::PAYLOAD_TOO_LARGE => "payload_too_large",
        StatusCode::UNSUPPORTED_MEDIA_TYPE | StatusCode::UNPROCESSABLE_ENTITY => "malformed_body",
        _ => "malformed_request",
    };
    Some((status, code, FieldErrors::new()))
}
