//! The client's file: consent form, health assessment, general information
//! (`/api/client/…`).

use axum::extract::State;
use axum::http::StatusCode;
use domain::client_file::{GeneralInfoForm, HealthAssessmentForm};
use platform::http::ErrorEnvelope;
use serde::Deserialize;
use utoipa::ToSchema;

use super::Committed;
use crate::AppState;
use crate::caller::SignedIn;
use crate::client_file;
use crate::context::{Json, Result};
use crate::ids::IdempotencyKey;

/// The upload key of the filled consent form.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ConsentFormBody {
    /// What `POST /api/client/files?kind=consent_form` answered as `key`.
    pub file_key: String,
}

/// Records the filled consent form (a PDF the client uploaded).
#[utoipa::path(put, path = "/api/client/consent-form", tag = "client", security(("session" = [])),
    request_body = ConsentFormBody,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn save_consent_form(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<ConsentFormBody>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position =
        client_file::upload_consent_form(&app, &ids, caller.account_id, &body.file_key).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Saves the health assessment.
#[utoipa::path(put, path = "/api/client/health-assessment", tag = "client", security(("session" = [])),
    request_body = HealthAssessmentForm,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn save_health_assessment(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(form): Json<HealthAssessmentForm>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = client_file::save_health_assessment(&app, &ids, caller.account_id, form).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}

/// Saves the general information.
#[utoipa::path(put, path = "/api/client/general-info", tag = "client", security(("session" = [])),
    request_body = GeneralInfoForm,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn save_general_info(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(form): Json<GeneralInfoForm>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = client_file::save_general_info(&app, &ids, caller.account_id, form).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}
