//! The lifestyle catalogue: administrators' items
//! (`/api/admin-panel/lifestyle-products`) and an expert's recommendations
//! (`/api/consultant/recommended-products`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use platform::http::ErrorEnvelope;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::caller::SignedIn;
use crate::catalogue::{self, CatalogueItemBody, CatalogueItemWritten, RecommendationsBody};
use crate::context::{Json, Result};
use crate::execute::Actor;
use crate::ids::IdempotencyKey;

/// Adds an item to the catalogue.
#[utoipa::path(post, path = "/api/admin-panel/lifestyle-products", tag = "content", security(("session" = [])),
    request_body = CatalogueItemBody,
    responses((status = 201, body = CatalogueItemWritten), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn add_lifestyle_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<CatalogueItemBody>,
) -> Result<Committed<CatalogueItemWritten>> {
    let ids = key.ids(Some(caller.account_id));
    let (written, position) = catalogue::write(
        &app,
        &ids,
        Actor::from(&caller),
        caller.account_id,
        None,
        body,
    )
    .await?;
    Ok(Committed::new(StatusCode::CREATED, position).body(written))
}

/// Replaces an item's content.
#[utoipa::path(put, path = "/api/admin-panel/lifestyle-products/{id}", tag = "content", security(("session" = [])),
    request_body = CatalogueItemBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = CatalogueItemWritten), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn edit_lifestyle_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<CatalogueItemBody>,
) -> Result<Committed<CatalogueItemWritten>> {
    let ids = key.ids(Some(caller.account_id));
    let (written, position) = catalogue::write(
        &app,
        &ids,
        Actor::from(&caller),
        caller.account_id,
        Some(id),
        body,
    )
    .await?;
    Ok(Committed::new(StatusCode::OK, position).body(written))
}

/// Moves an item to the trash: it leaves the catalogue and the experts' recommendations.
#[utoipa::path(post, path = "/api/admin-panel/lifestyle-products/{id}/trash", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn trash_lifestyle_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = catalogue::trash_or_restore(&app, &ids, Actor::from(&caller), id, true).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Takes an item out of the trash.
#[utoipa::path(post, path = "/api/admin-panel/lifestyle-products/{id}/restore", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn restore_lifestyle_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = catalogue::trash_or_restore(&app, &ids, Actor::from(&caller), id, false).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Sets the catalogue items the expert recommends on their profile, in order.
#[utoipa::path(put, path = "/api/consultant/recommended-products", tag = "content", security(("session" = [])),
    request_body = RecommendationsBody,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn set_recommended_products(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<RecommendationsBody>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position =
        catalogue::recommend(&app, &ids, Actor::from(&caller), caller.account_id, &body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}
