//! The waiting list: join and leave (public), delete an entry on request
//! (administrators).

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
use crate::waiting_list::{self, LeaveBody, WaitingListBody, WaitingListReceived};

/// Joins the waiting list of an expert or a speciality for a range of days:
/// a free slot in it is mailed. The answer is the same whatever becomes of it.
#[utoipa::path(post, path = "/api/public/waiting-list", tag = "content", request_body = WaitingListBody,
    responses((status = 202, body = WaitingListReceived), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn join_waiting_list(
    State(app): State<AppState>,
    lang: Lang,
    key: IdempotencyKey,
    Json(body): Json<WaitingListBody>,
) -> Result<Committed<WaitingListReceived>> {
    let position = waiting_list::join(&app, &key.ids(None), &body, language(&lang)).await?;
    Ok(Committed::new(StatusCode::ACCEPTED, position).body(WaitingListReceived { received: true }))
}

/// Leaves the waiting list (every mail's link); the address is erased.
#[utoipa::path(post, path = "/api/public/waiting-list/leave", tag = "content", request_body = LeaveBody,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn leave_waiting_list(
    State(app): State<AppState>,
    key: IdempotencyKey,
    Json(body): Json<LeaveBody>,
) -> Result<Committed<()>> {
    let position = waiting_list::leave(&app, &key.ids(None), &body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Deletes a waiting-list entry on request (the address is erased).
#[utoipa::path(delete, path = "/api/admin-panel/waiting-list/{entry_id}", tag = "content", security(("session" = [])),
    params(("entry_id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn delete_waiting_list_entry(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(entry_id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = waiting_list::delete(
        &app,
        &ids,
        Actor::from(&caller),
        caller.account_id,
        entry_id,
    )
    .await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}
