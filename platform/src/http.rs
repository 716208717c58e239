//! The HTTP conventions every service shares (DESIGN §3): one error envelope,
//! one list envelope, header names, the CSRF guard and correlation ids.
//!
//! Each service keeps its own error enum and converts it into
//! [`error_response`]; nothing here decides which status a rule deserves.

mod correlation;
mod csrf;
mod envelope;
mod pending;

use axum::http::HeaderName;

pub use correlation::{CorrelationId, X_CORRELATION_ID, correlation_id};
pub use csrf::{CsrfPolicy, CsrfRejected, check_csrf, csrf_guard};
pub use envelope::{
    ErrorBody, ErrorEnvelope, FieldError, FieldErrors, ListEnvelope, error_response,
};
pub use pending::{PendingError, render_errors};

/// A command's retry key; a retry with the same key acts once.
pub const IDEMPOTENCY_KEY: HeaderName = HeaderName::from_static("idempotency-key");
/// The global position (`tx.pos`) of a command's last event.
pub const X_EVENT_POSITION: HeaderName = HeaderName::from_static("x-event-position");
/// The position a read must reflect (read-your-writes).
pub const X_MIN_POSITION: HeaderName = HeaderName::from_static("x-min-position");
/// The custom header that cookie-authenticated unsafe requests must carry.
pub const X_REQUESTED_WITH: HeaderName = HeaderName::from_static("x-requested-with");
/// The value [`X_REQUESTED_WITH`] must have.
pub const X_REQUESTED_WITH_VALUE: &str = "equilibre";
/// The app identifier of the spec (optional, never a credential).
pub const X_API_KEY: HeaderName = HeaderName::from_static("x-api-key");
