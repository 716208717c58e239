//! Digital products: the administrators' shop (`/api/admin-panel/digital-products`)
//! and a client's purchase (`/api/client/digital-products/{id}/…`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use platform::http::ErrorEnvelope;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::booking::pay::PayBody;
use crate::caller::SignedIn;
use crate::context::{Json, Result};
use crate::digital_products::{self, DigitalProductBody, DigitalProductWritten, PurchaseStart};
use crate::execute::Actor;
use crate::ids::IdempotencyKey;

/// Adds a digital product to the shop.
#[utoipa::path(post, path = "/api/admin-panel/digital-products", tag = "content", security(("session" = [])),
    request_body = DigitalProductBody,
    responses((status = 201, body = DigitalProductWritten), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn add_digital_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<DigitalProductBody>,
) -> Result<Committed<DigitalProductWritten>> {
    let ids = key.ids(Some(caller.account_id));
    let (written, position) = digital_products::write(
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

/// Replaces a digital product's content.
#[utoipa::path(put, path = "/api/admin-panel/digital-products/{id}", tag = "content", security(("session" = [])),
    request_body = DigitalProductBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = DigitalProductWritten), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn edit_digital_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<DigitalProductBody>,
) -> Result<Committed<DigitalProductWritten>> {
    let ids = key.ids(Some(caller.account_id));
    let (written, position) = digital_products::write(
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

/// Moves a digital product to the trash: it leaves the shop; buyers keep it.
#[utoipa::path(post, path = "/api/admin-panel/digital-products/{id}/trash", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn trash_digital_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position =
        digital_products::trash_or_restore(&app, &ids, Actor::from(&caller), id, true).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Takes a digital product out of the trash.
#[utoipa::path(post, path = "/api/admin-panel/digital-products/{id}/restore", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn restore_digital_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position =
        digital_products::trash_or_restore(&app, &ids, Actor::from(&caller), id, false).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Prepares the payment of a product: the provider's intent the browser
/// confirms with the card (the same intent on every call), or
/// `purchased: true` when the client already has it.
#[utoipa::path(post, path = "/api/client/digital-products/{id}/payment", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = PurchaseStart), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 502, body = ErrorEnvelope)))]
pub async fn start_product_payment(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<Uuid>,
) -> Result<axum::Json<PurchaseStart>> {
    Ok(axum::Json(
        digital_products::start(&app, caller.account_id, id).await?,
    ))
}

/// Records the purchase with the intent the browser paid; a refusal answers
/// 402 with its code, an unfinished payment 409 `payment_pending`.
#[utoipa::path(post, path = "/api/client/digital-products/{id}/pay", tag = "content", security(("session" = [])),
    request_body = PayBody, params(("id" = Uuid, Path)),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 402, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 502, body = ErrorEnvelope)))]
pub async fn pay_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<PayBody>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = digital_products::complete(
        &app,
        &ids,
        Actor::from(&caller),
        caller.account_id,
        id,
        Some(&body),
    )
    .await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Takes a free product: it joins the client's downloads.
#[utoipa::path(post, path = "/api/client/digital-products/{id}/claim", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn claim_product(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = digital_products::complete(
        &app,
        &ids,
        Actor::from(&caller),
        caller.account_id,
        id,
        None,
    )
    .await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}
