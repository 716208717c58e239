//! The command service's one error type and its one mapping to HTTP.
//!
//! Policy: application code returns `CommandError`; domain refusals arrive as
//! `DomainError` (rule code → 4xx by its kind, field errors → 400 with translated fields);
//! store and infrastructure failures become 500, logged once here with the
//! correlation id the user sees.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use domain::DomainError;
use platform::http::{FieldError, FieldErrors, PendingError, rule_status};
use store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error(transparent)]
    Domain(#[from] DomainError),
    #[error("not signed in")]
    NotSignedIn,
    #[error("signed in with another role")]
    Forbidden,
    #[error("not found")]
    NotFound,
    #[error("conflict persisted after retries")]
    Conflict,
    #[error("store: {0}")]
    Store(#[from] StoreError),
    #[error("malformed request body: {0}")]
    Malformed(String),
    #[error("internal: {0}")]
    Internal(String),
    /// The card was refused (402 with the decline's code); nothing was charged.
    #[error("card refused: {0}")]
    Payment(&'static str),
    /// The payment provider failed; whether it charged is settled by the
    /// idempotent retry, so the client may simply try again.
    #[error("payment provider: {0}")]
    PaymentUnavailable(String),
    /// The payment is not finished at the provider (a 3-D Secure challenge
    /// open, processing): 409, the client completes it and asks again.
    #[error("payment not finished")]
    PaymentPending,
    /// Too much expensive work waiting (password hashes): 503 with
    /// `Retry-After`, nothing done.
    #[error("busy")]
    Busy,
    /// Too many failed sign-ins for this account: 429 `too_many_attempts`
    /// with `Retry-After`; the password was not even checked.
    #[error("throttled for {0:?}")]
    Throttled(std::time::Duration),
    /// A payment provider's webhook call whose signature does not hold.
    #[error("webhook refused: {0}")]
    Webhook(#[from] platform::payments::WebhookError),
}

impl From<axum::extract::rejection::JsonRejection> for CommandError {
    fn from(rejection: axum::extract::rejection::JsonRejection) -> Self {
        CommandError::Malformed(rejection.body_text())
    }
}

impl From<platform::auth::AuthError> for CommandError {
    fn from(error: platform::auth::AuthError) -> Self {
        match error {
            platform::auth::AuthError::Busy => CommandError::Busy,
            other => CommandError::internal(other),
        }
    }
}

impl CommandError {
    pub fn internal(error: impl std::fmt::Display) -> Self {
        CommandError::Internal(error.to_string())
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            CommandError::Domain(DomainError::Invalid(_)) => {
                (StatusCode::BAD_REQUEST, "validation_failed")
            }
            CommandError::Domain(DomainError::Rule(code)) => {
                (rule_status(code.kind()), code.code())
            }
            CommandError::NotSignedIn => (StatusCode::UNAUTHORIZED, "not_signed_in"),
            CommandError::Forbidden => (StatusCode::FORBIDDEN, "forbidden"),
            CommandError::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            CommandError::Malformed(_) => (StatusCode::BAD_REQUEST, "malformed_body"),
            CommandError::Webhook(_) => (StatusCode::BAD_REQUEST, "webhook_signature_invalid"),
            CommandError::Conflict | CommandError::Store(StoreError::Conflict { .. }) => {
                (StatusCode::CONFLICT, "conflict")
            }
            CommandError::Payment(code) => (StatusCode::PAYMENT_REQUIRED, code),
            CommandError::PaymentUnavailable(_) => (StatusCode::BAD_GATEWAY, "payment_unavailable"),
            CommandError::PaymentPending => (StatusCode::CONFLICT, "payment_pending"),
            CommandError::Busy => (StatusCode::SERVICE_UNAVAILABLE, "server_busy"),
            CommandError::Throttled(_) => (StatusCode::TOO_MANY_REQUESTS, "too_many_attempts"),
            CommandError::Store(_) | CommandError::Internal(_) => {
                (StatusCode::INTERNAL_SERVER_ERROR, "internal")
            }
        }
    }

    fn fields(&self) -> FieldErrors {
        match self {
            CommandError::Domain(DomainError::Invalid(errors)) => errors
                .0
                .iter()
                .map(|(name, e)| {
                    (
                        name.clone(),
                        e.args
                            .iter()
                            .fold(FieldError::new(e.code), |f, (k, v)| f.arg(*k, v)),
                    )
                })
                .collect(),
            _ => FieldErrors::new(),
        }
    }
}

/// Translated later, in one place, by `platform::http::render_errors`.
impl IntoResponse for CommandError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        if status.is_server_error() {
            tracing::error!(error = %self, "command failed");
        }
        if let CommandError::Webhook(reason) = &self {
            tracing::warn!(%reason, "webhook refused");
        }
        let mut response = PendingError::response(status, code, self.fields());
        if let CommandError::Throttled(wait) = self {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                platform::http::retry_after(wait),
            );
        }
        response
    }
}
