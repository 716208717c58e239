//! Complaint commands (docs/complaints.md "HTTP"): the parties' under
//! `/api/{area}/complaints` (`area` = `client` or `consultant`), the
//! administrators' under `/api/admin-panel/complaints`. Reads are the query
//! service's. A complaint that is not the caller's answers 404.

use axum::Extension;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::account::Role;
use domain::complaint::ComplaintRole;
use domain::{DomainError, RuleCode};
use platform::http::{CorrelationId, ErrorBody, ErrorEnvelope};
use platform::lang::Lang;
use serde::Serialize;
use store::Position;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{Area, Committed};
use crate::AppState;
use crate::caller::{Caller, Reauthenticated, SignedIn};
use crate::complaints::desk::{self, DecideBody, DismissBody, RequestInformationBody};
use crate::complaints::parties::{
    self, FileBody, Filed, InformationBody, StatementBody, party_role,
};
use crate::complaints::{self, ComplaintState};
use crate::context::{Json, Result};
use crate::error::CommandError;
use crate::execute::Actor;
use crate::ids::{IdempotencyKey, Ids};

fn admin(caller: &Caller) -> Actor {
    Actor {
        id: Some(caller.account_id),
        role: caller.role.as_str(),
    }
}

/// 200 with the complaint's state as `viewer` sees it.
async fn answered(
    app: &AppState,
    id: Uuid,
    viewer: Option<Uuid>,
    position: Option<Position>,
) -> Result<Committed<ComplaintState>> {
    let state = complaints::state(app, id, viewer).await?;
    Ok(Committed::new(StatusCode::OK, position).body(state))
}

/// Runs a party's command on complaint `id` as the signed-in caller, then
/// answers with the state the caller sees.
async fn party_command(
    app: &AppState,
    role: Role,
    caller: &Caller,
    key: IdempotencyKey,
    id: Uuid,
    command: impl AsyncFnOnce(&Ids, ComplaintRole) -> Result<Position>,
) -> Result<Committed<ComplaintState>> {
    let role = party_role(role)?;
    let ids = key.ids(Some(caller.account_id));
    let position = command(&ids, role).await?;
    answered(app, id, Some(caller.account_id), Some(position)).await
}

/// Files a complaint about one of the caller's confirmed bookings, or about
/// the platform (no `booking_id`).
#[utoipa::path(post, path = "/api/{area}/complaints", tag = "complaints", security(("session" = [])),
    params(("area" = String, Path, description = "`client` or `consultant`")),
    request_body = FileBody,
    responses((status = 201, body = Filed), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn file_complaint(
    State(app): State<AppState>,
    Area(role): Area,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<FileBody>,
) -> Result<Committed<Filed>> {
    let role = party_role(role)?;
    let ids = key.ids(Some(caller.account_id));
    let (filed, position) = parties::file(&app, &ids, caller.account_id, role, body).await?;
    Ok(Committed::new(StatusCode::CREATED, Some(position)).body(filed))
}

/// The author withdraws the complaint, until it is decided or dismissed.
#[utoipa::path(post, path = "/api/{area}/complaints/{id}/withdraw", tag = "complaints", security(("session" = [])),
    params(("area" = String, Path, description = "`client` or `consultant`"), ("id" = Uuid, Path)),
    responses((status = 200, body = ComplaintState), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn withdraw_complaint(
    State(app): State<AppState>,
    Area(role): Area,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path((_, id)): Path<(String, Uuid)>,
) -> Result<Committed<ComplaintState>> {
    party_command(&app, role, &caller, key, id, async |ids, role| {
        parties::withdraw(&app, ids, caller.account_id, role, id).await
    })
    .await
}

/// The respondent's one written statement, with attachments, while open.
#[utoipa::path(post, path = "/api/{area}/complaints/{id}/statement", tag = "complaints", security(("session" = [])),
    params(("area" = String, Path, description = "`client` or `consultant`"), ("id" = Uuid, Path)),
    request_body = StatementBody,
    responses((status = 200, body = ComplaintState), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn submit_statement(
    State(app): State<AppState>,
    Area(role): Area,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path((_, id)): Path<(String, Uuid)>,
    Json(body): Json<StatementBody>,
) -> Result<Committed<ComplaintState>> {
    party_command(&app, role, &caller, key, id, async |ids, role| {
        parties::submit_statement(&app, ids, caller.account_id, role, id, body).await
    })
    .await
}

/// Answers an administrator's request for information addressed to the caller.
#[utoipa::path(post, path = "/api/{area}/complaints/{id}/information", tag = "complaints", security(("session" = [])),
    params(("area" = String, Path, description = "`client` or `consultant`"), ("id" = Uuid, Path)),
    request_body = InformationBody,
    responses((status = 200, body = ComplaintState), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn provide_information(
    State(app): State<AppState>,
    Area(role): Area,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path((_, id)): Path<(String, Uuid)>,
    Json(body): Json<InformationBody>,
) -> Result<Committed<ComplaintState>> {
    party_command(&app, role, &caller, key, id, async |ids, role| {
        parties::provide_information(&app, ids, caller.account_id, role, id, body).await
    })
    .await
}

/// Starts the review (submitted → in review); again is a no-op.
#[utoipa::path(post, path = "/api/admin-panel/complaints/{id}/review", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = ComplaintState), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn review_complaint(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<ComplaintState>> {
    let ids = key.ids(Some(caller.account_id));
    let position = desk::start_review(&app, &ids, admin(&caller), id).await?;
    answered(&app, id, None, position).await
}

/// Asks the complainant or the respondent for more information.
#[utoipa::path(post, path = "/api/admin-panel/complaints/{id}/request-information", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)), request_body = RequestInformationBody,
    responses((status = 200, body = ComplaintState), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn request_complaint_information(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<RequestInformationBody>,
) -> Result<Committed<ComplaintState>> {
    let ids = key.ids(Some(caller.account_id));
    let position = desk::request_information(&app, &ids, admin(&caller), id, body).await?;
    answered(&app, id, None, Some(position)).await
}

/// `{"error": {…, "details": {"status": "decided"}}}`: a 409 `complaint_closed`
/// tells the complaint's current status (another administrator was first).
#[derive(Serialize, ToSchema)]
pub struct ClosedEnvelope {
    pub error: ClosedBody,
}

#[derive(Serialize, ToSchema)]
pub struct ClosedBody {
    #[serde(flatten)]
    pub body: ErrorBody,
    pub details: ClosedDetails,
}

#[derive(Serialize, ToSchema)]
pub struct ClosedDetails {
    /// `decided`, `dismissed` or `withdrawn`.
    pub status: &'static str,
}

/// Runs an administrator's closing command (decide, dismiss) on complaint
/// `id` and answers with its state; a `complaint_closed` refusal with the
/// current status in `details`; any other outcome as usual.
async fn closing(
    app: &AppState,
    id: Uuid,
    headers: &HeaderMap,
    correlation: Option<Extension<CorrelationId>>,
    command: impl Future<Output = Result<Position>>,
) -> Response {
    let result = async { answered(app, id, None, Some(command.await?)).await }.await;
    match result {
        Err(CommandError::Domain(DomainError::Rule(RuleCode::ComplaintClosed))) => {
            let status = complaints::current_status(app, id)
                .await
                .map_or("", |s| s.as_str());
            let correlation = correlation.map(|c| c.0).unwrap_or_default();
            let body = ErrorBody::new(
                RuleCode::ComplaintClosed.code(),
                Lang::from_headers(headers),
                &Default::default(),
                correlation,
            );
            (
                StatusCode::CONFLICT,
                axum::Json(ClosedEnvelope {
                    error: ClosedBody {
                        body,
                        details: ClosedDetails { status },
                    },
                }),
            )
                .into_response()
        }
        other => other.into_response(),
    }
}

/// Decides the complaint; a refund is made through the payment provider
/// after the decision is recorded (once, whatever the retries).
#[utoipa::path(post, path = "/api/admin-panel/complaints/{id}/decide", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path), ("X-Second-Factor" = Option<String>, Header, description = "A current code (docs/api.md \"Re-authentication\")")), request_body = DecideBody,
    responses((status = 200, body = ComplaintState), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope),
        (status = 409, body = ClosedEnvelope, description = "`complaint_closed`: `details.status` is the current status")))]
pub async fn decide_complaint(
    State(app): State<AppState>,
    Reauthenticated(caller): Reauthenticated,
    key: IdempotencyKey,
    headers: HeaderMap,
    correlation: Option<Extension<CorrelationId>>,
    Path(id): Path<Uuid>,
    Json(body): Json<DecideBody>,
) -> Response {
    let ids = key.ids(Some(caller.account_id));
    let command = desk::decide(&app, &ids, admin(&caller), id, body);
    closing(&app, id, &headers, correlation, command).await
}

/// Dismisses the complaint with a reason.
#[utoipa::path(post, path = "/api/admin-panel/complaints/{id}/dismiss", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)), request_body = DismissBody,
    responses((status = 200, body = ComplaintState), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope),
        (status = 409, body = ClosedEnvelope, description = "`complaint_closed`: `details.status` is the current status")))]
pub async fn dismiss_complaint(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    headers: HeaderMap,
    correlation: Option<Extension<CorrelationId>>,
    Path(id): Path<Uuid>,
    Json(body): Json<DismissBody>,
) -> Response {
    let ids = key.ids(Some(caller.account_id));
    let command = desk::dismiss(&app, &ids, admin(&caller), id, body);
    closing(&app, id, &headers, correlation, command).await
}
