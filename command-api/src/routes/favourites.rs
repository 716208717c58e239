//! A client's favourite experts (`/api/client/favourites/{consultant_id}`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use platform::http::ErrorEnvelope;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::caller::SignedIn;
use crate::context::Result;
use crate::error::CommandError;
use crate::execute::Actor;
use crate::favourites;
use crate::ids::IdempotencyKey;

fn expert(raw: &str) -> Result<Uuid> {
    raw.parse().map_err(|_| CommandError::NotFound)
}

/// Marks a listed expert as a favourite (idempotent).
#[utoipa::path(put, path = "/api/client/favourites/{consultant_id}", tag = "directory", security(("session" = [])),
    params(("consultant_id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope)))]
pub async fn add_favourite(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(consultant_id): Path<String>,
) -> Result<Committed<()>> {
    let consultant_id = expert(&consultant_id)?;
    let ids = key.ids(Some(caller.account_id));
    let position = favourites::add(
        &app,
        &ids,
        Actor::from(&caller),
        caller.account_id,
        consultant_id,
    )
    .await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Unmarks an expert (idempotent).
#[utoipa::path(delete, path = "/api/client/favourites/{consultant_id}", tag = "directory", security(("session" = [])),
    params(("consultant_id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn remove_favourite(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(consultant_id): Path<String>,
) -> Result<Committed<()>> {
    let consultant_id = expert(&consultant_id)?;
    let ids = key.ids(Some(caller.account_id));
    let position = favourites::remove(
        &app,
        &ids,
        Actor::from(&caller),
        caller.account_id,
        consultant_id,
    )
    .await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}
