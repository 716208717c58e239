use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::account::Role;
use platform::http::ErrorEnvelope;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::accounts::admin;
use crate::accounts::deactivation::{self, DeactivateBody};
use crate::caller::{Caller, Reauthenticated};
use crate::context::{Json, Result};
use crate::ids::IdempotencyKey;

/// Erases an account's personal data (the right to be forgotten).
#[utoipa::path(post, path = "/api/admin-panel/accounts/{id}/forget", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path), ("X-Second-Factor" = Option<String>, Header, description = "A current code (docs/api.md \"Re-authentication\")")),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn forget_account(
    State(app): State<AppState>,
    Reauthenticated(caller): Reauthenticated,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let position =
        admin::forget_account(&app, &key.ids(Some(caller.account_id)), caller, id).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}

/// Deactivates the `role` account `id` as the signed-in administrator.
async fn deactivate(
    app: &AppState,
    caller: &Caller,
    key: IdempotencyKey,
    role: Role,
    id: Uuid,
    body: DeactivateBody,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = deactivation::deactivate(app, &ids, caller, role, id, body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}

/// Reactivates the `role` account `id` as the signed-in administrator.
async fn reactivate(
    app: &AppState,
    caller: &Caller,
    key: IdempotencyKey,
    role: Role,
    id: Uuid,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = deactivation::reactivate(app, &ids, caller, role, id).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}

/// Deactivates a client account with a reason: sessions revoked, sign-in refused, upcoming bookings cancelled.
#[utoipa::path(post, path = "/api/admin-panel/clients/{id}/deactivate", tag = "admin", security(("session" = [])),
    request_body = DeactivateBody, params(("id" = Uuid, Path), ("X-Second-Factor" = Option<String>, Header, description = "A current code (docs/api.md \"Re-authentication\")")),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn deactivate_client(
    State(app): State<AppState>,
    Reauthenticated(caller): Reauthenticated,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<DeactivateBody>,
) -> Result<Committed<()>> {
    deactivate(&app, &caller, key, Role::Client, id, body).await
}

/// Reactivates a deactivated client account.
#[utoipa::path(post, path = "/api/admin-panel/clients/{id}/reactivate", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path), ("X-Second-Factor" = Option<String>, Header, description = "A current code (docs/api.md \"Re-authentication\")")),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn reactivate_client(
    State(app): State<AppState>,
    Reauthenticated(caller): Reauthenticated,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    reactivate(&app, &caller, key, Role::Client, id).await
}

/// Deactivates a consultant account with a reason: out of the directory, sessions revoked, upcoming bookings cancelled.
#[utoipa::path(post, path = "/api/admin-panel/consultants/{id}/deactivate", tag = "admin", security(("session" = [])),
    request_body = DeactivateBody, params(("id" = Uuid, Path), ("X-Second-Factor" = Option<String>, Header, description = "A current code (docs/api.md \"Re-authentication\")")),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn deactivate_consultant(
    State(app): State<AppState>,
    Reauthenticated(caller): Reauthenticated,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<DeactivateBody>,
) -> Result<Committed<()>> {
    deactivate(&app, &caller, key, Role::Consultant, id, body).await
}

/// Reactivates a deactivated consultant account.
#[utoipa::path(post, path = "/api/admin-panel/consultants/{id}/reactivate", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path), ("X-Second-Factor" = Option<String>, Header, description = "A current code (docs/api.md \"Re-authentication\")")),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn reactivate_consultant(
    State(app): State<AppState>,
    Reauthenticated(caller): Reauthenticated,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    reactivate(&app, &caller, key, Role::Consultant, id).await
}
