//! The free starter kit and the deletion of a request on request.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use platform::http::ErrorEnvelope;
use platform::lang::Lang;
use uuid::Uuid;

use super::{Committed, language};
use crate::AppState;
use crate::caller::SignedIn;
use crate::context::{Json, Result};
use crate::execute::Actor;
use crate::ids::IdempotencyKey;
use crate::starter_kit::{self, StarterKitBody, StarterKitReceived};

/// Asks for the starter kit: it is mailed as a PDF, in the request's
/// language. The answer is the same whatever becomes of it.
#[utoipa::path(post, path = "/api/public/starter-kit-requests", tag = "content", request_body = StarterKitBody,
    responses((status = 202, body = StarterKitReceived), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn request_starter_kit(
    State(app): State<AppState>,
    lang: Lang,
    key: IdempotencyKey,
    Json(body): Json<StarterKitBody>,
) -> Result<Committed<StarterKitReceived>> {
    let position = starter_kit::request(&app, &key.ids(None), &body, language(&lang)).await?;
    Ok(Committed::new(StatusCode::ACCEPTED, position).body(StarterKitReceived { received: true }))
}

/// Deletes a starter-kit request on request (who asked is erased).
#[utoipa::path(delete, path = "/api/admin-panel/starter-kit-requests/{id}", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn delete_starter_kit_request(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position =
        starter_kit::delete(&app, &ids, Actor::from(&caller), caller.account_id, id).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}
