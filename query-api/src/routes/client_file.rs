//! The client's file over `rm_client_files`: the consent form template (to
//! everyone), the client's own consent form, health assessment and general
//! information, the same for administrators, and the health assessment for
//! a consultant who has booked the client (docs/booking.md: a row
//! of `rm_bookings` with both ids, confirmed, completed or no-show) and
//! whom the client lets read it. Anyone else gets 404.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use platform::http::ErrorEnvelope;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use super::files::{Disposition, file_answer};
use crate::QueryState;
use crate::error::QueryError;

/// The consent form to fill in, sign and upload (`assets/make-consent-form.py`).
pub const CONSENT_FORM_FR: &[u8] = include_bytes!("../../assets/consent-form-fr.pdf");
pub const CONSENT_FORM_EN: &[u8] = include_bytes!("../../assets/consent-form-en.pdf");

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(default)]
pub struct LangParam {
    /// `fr` (default) or `en`.
    pub lang: String,
}

/// The consent form template (PDF) in French, or in English with `lang=en`.
#[utoipa::path(get, path = "/api/public/consent-form-template", tag = "client", params(LangParam),
    responses((status = 200, description = "The PDF template", content_type = "application/pdf")))]
pub async fn consent_form_template(Query(params): Query<LangParam>) -> Response {
    let (bytes, name) = match params.lang.as_str() {
        "en" => (CONSENT_FORM_EN, "consent-form-en.pdf"),
        _ => (CONSENT_FORM_FR, "consent-form-fr.pdf"),
    };
    file_answer(
        bytes.to_vec(),
        name,
        Disposition::Attachment,
        "public, max-age=3600",
    )
}

/// Whether the filled consent form is uploaded (booking needs it).
#[derive(Debug, Serialize, ToSchema)]
pub struct ConsentFormRecord {
    pub uploaded: bool,
    pub uploaded_at: Option<String>,
    /// The upload's key: `/api/{client|admin-panel}/files/{file_key}` serves it.
    pub file_key: Option<String>,
}

/// The health assessment; `answers` is null until saved, every answer reads
/// `[erased]` once the client is forgotten.
#[derive(Debug, Serialize, ToSchema)]
pub struct HealthAssessmentBody {
    pub client_id: String,
    pub saved_at: Option<String>,
    /// The client lets the experts it booked read the answers.
    pub share_with_experts: bool,
    /// `{reason, current_treatments, allergies, medical_history, pregnancy,
    /// sleep, stress, diet, lifestyle_notes}`.
    #[schema(value_type = Option<Object>)]
    pub answers: Value,
}

/// The general information; `info` is null until saved.
#[derive(Debug, Serialize, ToSchema)]
pub struct GeneralInfoBody {
    pub client_id: String,
    pub saved_at: Option<String>,
    /// `{occupation, height_cm, weight_kg, emergency_contact_name,
    /// emergency_contact_isd_code, emergency_contact_number, referral_source}`.
    #[schema(value_type = Option<Object>)]
    pub info: Value,
}

pub(crate) struct FileRow {
    consent_form_key: Option<String>,
    consent_form_at: Option<String>,
    health_assessment: Option<String>,
    share_with_experts: bool,
    health_saved_at: Option<String>,
    general_info: Option<String>,
    general_saved_at: Option<String>,
}

/// The client's row; an empty file when nothing was filled in yet.
pub(crate) async fn file_row(state: &QueryState, client_id: Uuid) -> Result<FileRow, QueryError> {
    let row = sqlx::query(
        "SELECT consent_form_key, consent_form_at, health_assessment, share_with_experts,
            health_saved_at, general_info, general_saved_at
         FROM rm_client_files WHERE client_id = $1",
    )
    .bind(client_id.to_string())
    .fetch_optional(&state.read.pool)
    .await?;
    Ok(match row {
        Some(r) => FileRow {
            consent_form_key: r.try_get(0)?,
            consent_form_at: r.try_get(1)?,
            health_assessment: r.try_get(2)?,
            share_with_experts: r.try_get::<i64, _>(3)? != 0,
            health_saved_at: r.try_get(4)?,
            general_info: r.try_get(5)?,
            general_saved_at: r.try_get(6)?,
        },
        None => FileRow {
            consent_form_key: None,
            consent_form_at: None,
            health_assessment: None,
            share_with_experts: false,
            health_saved_at: None,
            general_info: None,
            general_saved_at: None,
        },
    })
}

fn json(raw: Option<String>) -> Value {
    raw.and_then(|r| serde_json::from_str(&r).ok())
        .unwrap_or(Value::Null)
}

pub(crate) fn consent_form(row: FileRow) -> ConsentFormRecord {
    ConsentFormRecord {
        uploaded: row.consent_form_key.is_some(),
        uploaded_at: row.consent_form_at,
        file_key: row.consent_form_key,
    }
}

pub(crate) fn health(client_id: Uuid, row: FileRow) -> HealthAssessmentBody {
    HealthAssessmentBody {
        client_id: client_id.to_string(),
        saved_at: row.health_saved_at,
        share_with_experts: row.share_with_experts,
        answers: json(row.health_assessment),
    }
}

pub(crate) fn general(client_id: Uuid, row: FileRow) -> GeneralInfoBody {
    GeneralInfoBody {
        client_id: client_id.to_string(),
        saved_at: row.general_saved_at,
        info: json(row.general_info),
    }
}

/// Not found unless `id` is a client's account.
async fn client_id(state: &QueryState, raw: &str) -> Result<Uuid, QueryError> {
    let id: Uuid = raw.parse().map_err(|_| QueryError::NotFound)?;
    let found: Option<String> = sqlx::query_scalar(
        "SELECT account_id FROM rm_accounts WHERE role = 'client' AND account_id = $1",
    )
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?;
    found.map(|_| id).ok_or(QueryError::NotFound)
}

/// Whether `consultant` has booked `client` (docs/booking.md). The
/// booking projection creates `rm_bookings`; before it exists nobody has.
async fn has_booked(
    state: &QueryState,
    consultant: Uuid,
    client: Uuid,
) -> Result<bool, QueryError> {
    let found = sqlx::query_scalar::<_, String>(
        "SELECT id FROM rm_bookings WHERE consultant_id = $1 AND client_id = $2
            AND status IN ('confirmed', 'completed', 'no_show') LIMIT 1",
    )
    .bind(consultant.to_string())
    .bind(client.to_string())
    .fetch_optional(&state.read.pool)
    .await;
    match found {
        Ok(found) => Ok(found.is_some()),
        Err(sqlx::Error::Database(e)) if is_missing_table(e.message(), e.code().as_deref()) => {
            Ok(false)
        }
        Err(e) => Err(e.into()),
    }
}

/// SQLite's "no such table", PostgreSQL's `undefined_table` (42P01).
fn is_missing_table(message: &str, code: Option<&str>) -> bool {
    code == Some("42P01") || message.contains("no such table")
}

/// The signed-in client's consent form status.
#[utoipa::path(get, path = "/api/client/consent-form", tag = "client", security(("session" = [])),
    responses((status = 200, body = ConsentFormRecord), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn my_consent_form(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let row = file_row(&state, caller.account_id).await?;
    Ok(NoStore(Json(consent_form(row))))
}

/// The signed-in client's health assessment.
#[utoipa::path(get, path = "/api/client/health-assessment", tag = "client", security(("session" = [])),
    responses((status = 200, body = HealthAssessmentBody), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn my_health_assessment(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let row = file_row(&state, caller.account_id).await?;
    Ok(NoStore(Json(health(caller.account_id, row))))
}

/// The signed-in client's general information.
#[utoipa::path(get, path = "/api/client/general-info", tag = "client", security(("session" = [])),
    responses((status = 200, body = GeneralInfoBody), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn my_general_info(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let row = file_row(&state, caller.account_id).await?;
    Ok(NoStore(Json(general(caller.account_id, row))))
}

/// A client's consent form status (administrators).
#[utoipa::path(get, path = "/api/admin-panel/clients/{id}/consent-form", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = ConsentFormRecord), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn client_consent_form(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    let id = client_id(&state, &id).await?;
    Ok(NoStore(Json(consent_form(file_row(&state, id).await?))))
}

/// A client's health assessment (administrators).
#[utoipa::path(get, path = "/api/admin-panel/clients/{id}/health-assessment", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = HealthAssessmentBody), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn client_health_assessment(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    let id = client_id(&state, &id).await?;
    Ok(NoStore(Json(health(id, file_row(&state, id).await?))))
}

/// A client's general information (administrators).
#[utoipa::path(get, path = "/api/admin-panel/clients/{id}/general-info", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = GeneralInfoBody), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn client_general_info(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    let id = client_id(&state, &id).await?;
    Ok(NoStore(Json(general(id, file_row(&state, id).await?))))
}

/// A booked client's health assessment, for the consultant: only one who has
/// booked the client (confirmed, completed or no-show) and only when the
/// client shares it; 404 otherwise.
#[utoipa::path(get, path = "/api/consultant/clients/{client_id}/health-assessment", tag = "consultant", security(("session" = [])),
    params(("client_id" = Uuid, Path)),
    responses((status = 200, body = HealthAssessmentBody), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn booked_client_health_assessment(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Path(client_id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    let client: Uuid = client_id.parse().map_err(|_| QueryError::NotFound)?;
    if !has_booked(&state, caller.account_id, client).await? {
        return Err(QueryError::NotFound);
    }
    let row = file_row(&state, client).await?;
    if !row.share_with_experts {
        return Err(QueryError::NotFound);
    }
    Ok(NoStore(Json(health(client, row))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_bookings_table_is_recognised_on_both_databases() {
        assert!(is_missing_table("no such table: rm_bookings", None));
        assert!(is_missing_table(
            "relation \"rm_bookings\" does not exist",
            Some("42P01")
        ));
        assert!(!is_missing_table("syntax error", Some("42601")));
    }
}
