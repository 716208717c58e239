//! The public contact form and its deletion on request by an administrator.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use platform::http::ErrorEnvelope;
use platform::lang::Lang;
use uuid::Uuid;

use super::{Committed, language};
use crate::AppState;
use crate::caller::SignedIn;
use crate::contact::{self, ContactBody, ContactReceived};
use crate::context::{Json, Result};
use crate::execute::Actor;
use crate::ids::IdempotencyKey;

/// Sends a message to the team. The answer is the same whatever becomes of
/// it; the administrators are mailed.
#[utoipa::path(post, path = "/api/public/contact-messages", tag = "content", request_body = ContactBody,
    responses((status = 202, body = ContactReceived), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn send_contact_message(
    State(app): State<AppState>,
    lang: Lang,
    key: IdempotencyKey,
    Json(body): Json<ContactBody>,
) -> Result<Committed<ContactReceived>> {
    let position = contact::send(&app, &key.ids(None), body, language(&lang)).await?;
    Ok(Committed::new(StatusCode::ACCEPTED, position).body(ContactReceived { received: true }))
}

/// Deletes a contact message on request (its content is erased).
#[utoipa::path(delete, path = "/api/admin-panel/contact-messages/{id}", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn delete_contact_message(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let actor = Actor::from(&caller);
    let position = contact::delete(
        &app,
        &key.ids(Some(caller.account_id)),
        actor,
        caller.account_id,
        id,
    )
    .await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}
