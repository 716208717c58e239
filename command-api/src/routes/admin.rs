use axum::extract::{Path, State};
use axum::http::StatusCode;
use platform::http::ErrorEnvelope;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::accounts::admin;
use crate::caller::SignedIn;
use crate::context::Result;
use crate::ids::IdempotencyKey;

/// Erases an account's personal data (the right to be forgotten).
#[utoipa::path(post, path = "/api/admin-panel/accounts/{id}/forget", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)), responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn forget_account(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let position =
        admin::forget_account(&app, &key.ids(Some(caller.account_id)), caller, id).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}
