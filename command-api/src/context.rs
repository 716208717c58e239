//! Request helpers: the JSON body extractor whose rejection answers in our
//! envelope, and the handlers' result type.

use axum::extract::FromRequest;
use axum::response::Response;

use crate::error::CommandError;

/// A JSON body whose rejection is a [`CommandError`] (so it is translated).
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(CommandError))]
pub struct Json<T>(pub T);

impl<T: serde::Serialize> axum::response::IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

/// Shorthand for handler results.
pub type Result<T, E = CommandError> = std::result::Result<T, E>;
