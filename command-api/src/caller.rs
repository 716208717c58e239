//! The caller of an area route, as a handler argument.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
pub use platform::session::{Caller, area_role};
use platform::session::{SessionError, authenticate};

use crate::AppState;
use crate::accounts::second_factor;
use crate::error::CommandError;
use crate::ids::IdempotencyKey;

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

/// The header carrying a current code for a sensitive action.
pub const X_SECOND_FACTOR: &str = "x-second-factor";

/// The signed-in caller, re-authenticated for a sensitive action: a caller
/// with a second factor gave a current code (or a recovery code) in
/// `X-Second-Factor` (403 `reauthentication_required` without one).
pub struct Reauthenticated(pub Caller);

impl FromRequestParts<AppState> for Reauthenticated {
    type Rejection = CommandError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let SignedIn(caller) = SignedIn::from_request_parts(parts, app).await?;
        let Ok(key) = IdempotencyKey::from_request_parts(parts, app).await;
        let code = parts
            .headers
            .get(X_SECOND_FACTOR)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let ids = key.ids(Some(caller.account_id)).child("reauthentication");
        second_factor::reauthenticate(app, &ids, &caller, code.as_deref()).await?;
        Ok(Reauthenticated(caller))
    }
}
