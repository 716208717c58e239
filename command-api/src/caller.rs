//! The caller of an area route, as a handler argument.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
pub use platform::session::{Caller, area_role};
use platform::session::{SessionError, authenticate};

use crate::AppState;
use crate::error::CommandError;

/// Extracts the signed-in caller of the path's area (401/403 otherwise).
pub struct SignedIn(pub Caller);

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = CommandError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        authenticate(
            parts,
            &app.keys,
            app.clock.now(),
            app.stores.events.as_ref(),
        )
        .await
        .map(SignedIn)
        .map_err(|e| match e {
            SessionError::NoArea => CommandError::NotFound,
            SessionError::NotSignedIn => CommandError::NotSignedIn,
            SessionError::Forbidden => CommandError::Forbidden,
            SessionError::Store(e) => CommandError::Store(e),
        })
    }
}
