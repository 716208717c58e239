//! Errors are translated in one place: a service's error type turns itself
//! into a [`PendingError`] response extension, and [`render_errors`] (which
//! sees the request's language and correlation id) writes the envelope.

use std::sync::{Arc, Mutex};

use axum::extract::Request;
use axum::http::StatusCode;
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
    let mut response = next.run(request).await;
    let pending = response.extensions_mut().remove::<PendingError>();
    match pending.and_then(|p| p.0.lock().ok()?.take()) {
        Some((status, code, fields)) => {
            if status.is_server_error() {
                tracing::error!(correlation_id = %correlation.0, code, "request failed");
            }
            error_response(status, code, lang, fields, correlation)
        }
        None => response,
    }
}
