//! Who is calling: the session of the area named by the path (`/api/{area}/…`),
//! checked against the sessions table on every request, so a sign-out or a
//! password change takes effect at once in both services (DESIGN §2).

use axum::http::request::Parts;
use chrono::{DateTime, Utc};
use domain::account::Role;
use store::{EventStore, StoreError};
use uuid::Uuid;

use crate::auth::{Keys, TokenSource, bearer_or_cookie};

#[derive(Clone, Copy, Debug)]
pub struct Caller {
    pub account_id: Uuid,
    pub role: Role,
    pub session_id: Uuid,
    pub via: TokenSource,
}

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error("no area in the path")]
    NoArea,
    #[error("not signed in")]
    NotSignedIn,
    #[error("signed in to another area")]
    Forbidden,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The role whose area a path belongs to (`/api/admin-panel/…` → admin).
pub fn area_role(path: &str) -> Option<Role> {
    path.strip_prefix("/api/")?
        .split('/')
        .next()
        .and_then(Role::parse)
}

/// Authenticates a request for the area of its path.
pub async fn authenticate(
    parts: &Parts,
    keys: &Keys,
    now: DateTime<Utc>,
    store: &dyn EventStore,
) -> Result<Caller, SessionError> {
    let role = area_role(parts.uri.path()).ok_or(SessionError::NoArea)?;
    let (token, via) = bearer_or_cookie(parts, role).ok_or(SessionError::NotSignedIn)?;
    let claims = keys
        .decode_session(&token, now)
        .map_err(|_| SessionError::NotSignedIn)?;
    if claims.role != role {
        return Err(SessionError::Forbidden);
    }
    match store.session(claims.sid).await? {
        Some(s) if s.is_active(now) && s.account_id == claims.sub => Ok(Caller {
            account_id: claims.sub,
            role,
            session_id: claims.sid,
            via,
        }),
        _ => Err(SessionError::NotSignedIn),
    }
}
