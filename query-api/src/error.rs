//! The query service's one error type and its mapping to HTTP; texts are
//! translated by `platform::http::render_errors`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use platform::http::{FieldErrors, PendingError, rule_status};
use platform::session::SessionError;

#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    #[error("not signed in")]
    NotSignedIn,
    #[error("signed in to another area")]
    Forbidden,
    #[error("not found")]
    NotFound,
    /// A query parameter is missing or malformed (the field's name).
    #[error("invalid parameter {0}")]
    Invalid(&'static str),
    #[error("read model behind the requested position")]
    ReadModelBehind,
    #[error("store: {0}")]
    Store(#[from] store::StoreError),
    #[error("read models: {0}")]
    ReadDb(#[from] sqlx::Error),
    #[error("projector: {0}")]
    Projector(#[from] projector::ProjectorError),
    #[error("files: {0}")]
    Files(platform::files::FileError),
    #[error("room: {0}")]
    Room(domain::room::RoomRefusal),
    /// A read-model row the projector could not have written.
    #[error("unreadable read-model row: {0}")]
    Corrupt(&'static str),
}

impl From<platform::files::FileError> for QueryError {
    fn from(error: platform::files::FileError) -> Self {
        match error {
            platform::files::FileError::InvalidKey => QueryError::NotFound,
            other => QueryError::Files(other),
        }
    }
}

impl From<SessionError> for QueryError {
    fn from(error: SessionError) -> Self {
        match error {
            SessionError::NoArea => QueryError::NotFound,
            SessionError::NotSignedIn => QueryError::NotSignedIn,
            SessionError::Forbidden => QueryError::Forbidden,
            SessionError::Store(e) => QueryError::Store(e),
        }
    }
}

impl IntoResponse for QueryError {
    fn into_response(self) -> Response {
        if let QueryError::Invalid(field) = &self {
            let fields = FieldErrors::from([(
                (*field).to_owned(),
                platform::http::FieldError::new("field.invalid"),
            )]);
            return PendingError::response(StatusCode::BAD_REQUEST, "validation_failed", fields);
        }
        let (status, code) = match &self {
            QueryError::NotSignedIn => (StatusCode::UNAUTHORIZED, "not_signed_in"),
            QueryError::Forbidden => (StatusCode::FORBIDDEN, "forbidden"),
            QueryError::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            QueryError::ReadModelBehind => (StatusCode::SERVICE_UNAVAILABLE, "read_model_behind"),
            QueryError::Room(refusal) => {
                let rule = refusal.code();
                (rule_status(rule.kind()), rule.code())
            }
            QueryError::Invalid(_) => (StatusCode::BAD_REQUEST, "validation_failed"),
            QueryError::Store(_)
            | QueryError::ReadDb(_)
            | QueryError::Projector(_)
            | QueryError::Files(_)
            | QueryError::Corrupt(_) => {
                tracing::error!(error = %self, "query failed");
                (StatusCode::INTERNAL_SERVER_ERROR, "internal")
            }
        };
        PendingError::response(status, code, FieldErrors::new())
    }
}
