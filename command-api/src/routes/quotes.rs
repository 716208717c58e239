//! Administrators' quotes (`/api/admin-panel/quotes`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use platform::http::ErrorEnvelope;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::caller::SignedIn;
use crate::context::{Json, Result};
use crate::execute::Actor;
use crate::ids::IdempotencyKey;
use crate::quotes::{self, CitationBody, CitationWritten};

/// Adds a quote to the home page's rotation.
#[utoipa::path(post, path = "/api/admin-panel/quotes", tag = "content", security(("session" = [])),
    request_body = CitationBody,
    responses((status = 201, body = CitationWritten), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn add_quote(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<CitationBody>,
) -> Result<Committed<CitationWritten>> {
    let ids = key.ids(Some(caller.account_id));
    let (written, position) = quotes::write(&app, &ids, Actor::from(&caller), None, body).await?;
    Ok(Committed::new(StatusCode::CREATED, position).body(written))
}

/// Replaces a quote's text and author.
#[utoipa::path(put, path = "/api/admin-panel/quotes/{id}", tag = "content", security(("session" = [])),
    request_body = CitationBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = CitationWritten), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn edit_quote(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<CitationBody>,
) -> Result<Committed<CitationWritten>> {
    let ids = key.ids(Some(caller.account_id));
    let (written, position) =
        quotes::write(&app, &ids, Actor::from(&caller), Some(id), body).await?;
    Ok(Committed::new(StatusCode::OK, position).body(written))
}

/// Moves a quote to the trash: it leaves the rotation.
#[utoipa::path(post, path = "/api/admin-panel/quotes/{id}/trash", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn trash_quote(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = quotes::trash_or_restore(&app, &ids, Actor::from(&caller), id, true).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Takes a quote out of the trash.
#[utoipa::path(post, path = "/api/admin-panel/quotes/{id}/restore", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn restore_quote(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = quotes::trash_or_restore(&app, &ids, Actor::from(&caller), id, false).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}
