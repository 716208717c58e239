//! Admin editing of the reference lists (`/api/admin-panel/reference/{kind}`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::reference::ReferenceKind;
use platform::http::ErrorEnvelope;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::caller::SignedIn;
use crate::context::{Json, Result};
use crate::error::CommandError;
use crate::execute::Actor;
use crate::ids::IdempotencyKey;
use crate::reference::{self, Added, ReferenceBody};

const KIND: &str = "`disorders`, `keywords`, `languages`, `nationalities`, `objectives`, `specializations`, `complaint-types`, `countries` or `cities`";

fn kind(slug: &str) -> Result<ReferenceKind> {
    ReferenceKind::from_slug(slug).ok_or(CommandError::NotFound)
}

/// Adds an item to a reference list (a city names its country).
#[utoipa::path(post, path = "/api/admin-panel/reference/{kind}", tag = "reference", security(("session" = [])),
    request_body = ReferenceBody, params(("kind" = String, Path, description = KIND)),
    responses((status = 201, body = Added), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn add_reference(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(slug): Path<String>,
    Json(body): Json<ReferenceBody>,
) -> Result<Committed<Added>> {
    let kind = kind(&slug)?;
    let ids = key.ids(Some(caller.account_id));
    let (added, position) =
        reference::add(&app, &ids, Actor::from(&caller), kind, body.into()).await?;
    Ok(Committed::new(StatusCode::CREATED, Some(position)).body(added))
}

/// Renames an item (and changes its code); a city stays in its country.
#[utoipa::path(put, path = "/api/admin-panel/reference/{kind}/{id}", tag = "reference", security(("session" = [])),
    request_body = ReferenceBody, params(("kind" = String, Path, description = KIND), ("id" = Uuid, Path)),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn rename_reference(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path((slug, id)): Path<(String, Uuid)>,
    Json(body): Json<ReferenceBody>,
) -> Result<Committed<()>> {
    let kind = kind(&slug)?;
    let ids = key.ids(Some(caller.account_id));
    let position =
        reference::rename(&app, &ids, Actor::from(&caller), kind, id, body.into()).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Moves an item to the trash: it leaves every picker.
#[utoipa::path(post, path = "/api/admin-panel/reference/{kind}/{id}/trash", tag = "reference", security(("session" = [])),
    params(("kind" = String, Path, description = KIND), ("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
pub async fn trash_reference(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path((slug, id)): Path<(String, Uuid)>,
) -> Result<Committed<()>> {
    let kind = kind(&slug)?;
    let ids = key.ids(Some(caller.account_id));
    let position = reference::trash(&app, &ids, Actor::from(&caller), kind, id).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}

/// Takes an item out of the trash.
#[utoipa::path(post, path = "/api/admin-panel/reference/{kind}/{id}/restore", tag = "reference", security(("session" = [])),
    params(("kind" = String, Path, description = KIND), ("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
pub async fn restore_reference(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path((slug, id)): Path<(String, Uuid)>,
) -> Result<Committed<()>> {
    let kind = kind(&slug)?;
    let ids = key.ids(Some(caller.account_id));
    let position = reference::restore(&app, &ids, Actor::from(&caller), kind, id).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}
