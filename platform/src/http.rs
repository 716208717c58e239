//! The HTTP conventions every service shares (DESIGN §3): one error envelope,
//! one list envelope, header names, the CSRF guard and correlation ids.
//!
//! Each service keeps its own error enum and converts it into
//! [`error_response`]; the domain decides what kind of refusal a rule is, and
//! [`rule_status`] is the one place that kind becomes an HTTP status.

mod correlation;
mod csrf;
mod envelope;
mod limits;
mod pending;
mod security_headers;

use axum::http::{HeaderName, StatusCode};
use domain::RuleKind;

pub use correlation::{CorrelationId, X_CORRELATION_ID, correlation_id};
pub use csrf::{CsrfPolicy, CsrfRejected, check_csrf, csrf_guard};
pub use envelope::{
    ErrorBody, ErrorEnvelope, FieldError, FieldErrors, ListEnvelope, error_response,
};
pub use limits::{
    AddressLimits, ClientAddr, admit, limit_sign_ins, retry_after, too_many_requests,
};
pub use pending::{PendingError, render_errors};
pub use security_headers::{SecurityHeaders, ThirdParties, security_headers};

/// The HTTP status of a broken business rule, by its kind.
pub fn rule_status(kind: RuleKind) -> StatusCode {
    match kind {
        RuleKind::Refused => StatusCode::BAD_REQUEST,
        RuleKind::Conflict => StatusCode::CONFLICT,
        RuleKind::Forbidden => StatusCode::FORBIDDEN,
        RuleKind::Unauthorized => StatusCode::UNAUTHORIZED,
        RuleKind::NotFound => StatusCode::NOT_FOUND,
        RuleKind::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
    }
}

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
