//! `POST /api/{area}/usage-events`: a page view, after analytics consent.

use axum::extract::State;
use axum::http::StatusCode;
use domain::account::Role;
use platform::http::ErrorEnvelope;

use super::Committed;
use crate::AppState;
use crate::caller::SignedIn;
use crate::context::{Json, Result};
use crate::error::CommandError;
use crate::ids::IdempotencyKey;
use crate::usage::{self, UsageBody, UsageRecorded};

/// Records that the caller opened a measured page (anonymised).
#[utoipa::path(post, path = "/api/{area}/usage-events", tag = "content", security(("session" = [])),
    params(("area" = String, Path, description = "`client` or `consultant`")),
    request_body = UsageBody,
    responses((status = 202, body = UsageRecorded), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn record_usage(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<UsageBody>,
) -> Result<Committed<UsageRecorded>> {
    if caller.role == Role::Admin {
        return Err(CommandError::NotFound);
    }
    let ids = key.ids(Some(caller.account_id));
    usage::record(&app, &ids, caller.account_id, caller.role, body.view).await?;
    // No `X-Event-Position`: nothing the caller reads waits for a count.
    Ok(Committed::new(StatusCode::ACCEPTED, None).body(UsageRecorded { recorded: true }))
}
