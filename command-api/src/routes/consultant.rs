//! The consultant's profile (`/api/consultant/profile/…`) and its review by
//! administrators (`/api/admin-panel/consultants/{id}/…`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::consultant::sections::{
    AddressForm, BankForm, BasicProfileForm, CertificateForm, DegreeForm, DocumentsForm,
    ProfileDetailsForm,
};
use platform::http::ErrorEnvelope;
use serde::Deserialize;
use store::Position;
use utoipa::ToSchema;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::caller::{Caller, SignedIn};
use crate::consultant;
use crate::context::{Json, Result};
use crate::execute::Actor;
use crate::ids::{IdempotencyKey, Ids};
use crate::reference::Added;

/// A rejection's or suspension's reason (1–1000 characters).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReasonBody {
    pub reason: String,
}

fn ids(key: &IdempotencyKey, caller: &Caller) -> Ids {
    key.ids(Some(caller.account_id))
}

fn admin(caller: &Caller) -> Actor {
    Actor {
        id: Some(caller.account_id),
        role: caller.role.as_str(),
    }
}

fn done(position: Position) -> Committed<()> {
    Committed::new(StatusCode::NO_CONTENT, Some(position))
}

fn created(id: Uuid, position: Position) -> Committed<Added> {
    Committed::new(StatusCode::CREATED, Some(position)).body(Added { id })
}

/// Saves the basic profile (title, names, gender, phone, languages, time zone).
#[utoipa::path(put, path = "/api/consultant/profile/basic-profile", tag = "consultant", security(("session" = [])),
    request_body = BasicProfileForm,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn save_basic_profile(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(form): Json<BasicProfileForm>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::save_basic_profile(&app, &ids, caller.account_id, form).await?,
    ))
}

/// Saves the address (country and city from the reference lists).
#[utoipa::path(put, path = "/api/consultant/profile/address", tag = "consultant", security(("session" = [])),
    request_body = AddressForm,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn save_address(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(form): Json<AddressForm>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::save_address(&app, &ids, caller.account_id, form).await?,
    ))
}

/// Adds a degree with its scan.
#[utoipa::path(post, path = "/api/consultant/profile/degrees", tag = "consultant", security(("session" = [])),
    request_body = DegreeForm,
    responses((status = 201, body = Added), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn add_degree(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(form): Json<DegreeForm>,
) -> Result<Committed<Added>> {
    let ids = ids(&key, &caller);
    let (id, position) = consultant::add_degree(&app, &ids, caller.account_id, form).await?;
    Ok(created(id, position))
}

/// Edits a degree.
#[utoipa::path(put, path = "/api/consultant/profile/degrees/{id}", tag = "consultant", security(("session" = [])),
    request_body = DegreeForm, params(("id" = Uuid, Path)),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn edit_degree(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(form): Json<DegreeForm>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::edit_degree(&app, &ids, caller.account_id, id, form).await?,
    ))
}

/// Removes a degree (an approved profile keeps at least one).
#[utoipa::path(delete, path = "/api/consultant/profile/degrees/{id}", tag = "consultant", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn remove_degree(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::remove_degree(&app, &ids, caller.account_id, id).await?,
    ))
}

/// Adds a certificate.
#[utoipa::path(post, path = "/api/consultant/profile/certificates", tag = "consultant", security(("session" = [])),
    request_body = CertificateForm,
    responses((status = 201, body = Added), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn add_certificate(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(form): Json<CertificateForm>,
) -> Result<Committed<Added>> {
    let ids = ids(&key, &caller);
    let (id, position) = consultant::add_certificate(&app, &ids, caller.account_id, form).await?;
    Ok(created(id, position))
}

/// Edits a certificate.
#[utoipa::path(put, path = "/api/consultant/profile/certificates/{id}", tag = "consultant", security(("session" = [])),
    request_body = CertificateForm, params(("id" = Uuid, Path)),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn edit_certificate(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(form): Json<CertificateForm>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::edit_certificate(&app, &ids, caller.account_id, id, form).await?,
    ))
}

/// Removes a certificate.
#[utoipa::path(delete, path = "/api/consultant/profile/certificates/{id}", tag = "consultant", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn remove_certificate(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::remove_certificate(&app, &ids, caller.account_id, id).await?,
    ))
}

/// Saves the bank details (IBAN checksum, SWIFT/BIC, tax number "0" when not applicable).
#[utoipa::path(put, path = "/api/consultant/profile/bank", tag = "consultant", security(("session" = [])),
    request_body = BankForm,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn save_bank(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(form): Json<BankForm>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::save_bank(&app, &ids, caller.account_id, form).await?,
    ))
}

/// Saves the profile details the directory shows.
#[utoipa::path(put, path = "/api/consultant/profile/details", tag = "consultant", security(("session" = [])),
    request_body = ProfileDetailsForm,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn save_details(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(form): Json<ProfileDetailsForm>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::save_details(&app, &ids, caller.account_id, form).await?,
    ))
}

/// Saves the documents (contract, ID document and number, criminal record).
#[utoipa::path(put, path = "/api/consultant/profile/documents", tag = "consultant", security(("session" = [])),
    request_body = DocumentsForm,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn save_documents(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(form): Json<DocumentsForm>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::save_documents(&app, &ids, caller.account_id, form).await?,
    ))
}

/// Submits the profile for review; the missing sections are field errors.
#[utoipa::path(post, path = "/api/consultant/profile/submit", tag = "consultant", security(("session" = [])),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn submit_profile(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::submit(&app, &ids, caller.account_id).await?,
    ))
}

/// Takes the submission back to edit the profile.
#[utoipa::path(post, path = "/api/consultant/profile/withdraw", tag = "consultant", security(("session" = [])),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn withdraw_profile(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::withdraw(&app, &ids, caller.account_id).await?,
    ))
}

/// Approves a submitted profile; the consultant is e-mailed.
#[utoipa::path(post, path = "/api/admin-panel/consultants/{id}/approve", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn approve_consultant(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::approve(&app, &ids, admin(&caller), id).await?,
    ))
}

/// Rejects a submitted profile with a reason; the consultant is e-mailed.
#[utoipa::path(post, path = "/api/admin-panel/consultants/{id}/reject", tag = "admin", security(("session" = [])),
    request_body = ReasonBody, params(("id" = Uuid, Path)),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn reject_consultant(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<ReasonBody>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::reject(&app, &ids, admin(&caller), id, &body.reason).await?,
    ))
}

/// Suspends an approved consultant with a reason: out of the directory.
#[utoipa::path(post, path = "/api/admin-panel/consultants/{id}/suspend", tag = "admin", security(("session" = [])),
    request_body = ReasonBody, params(("id" = Uuid, Path)),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn suspend_consultant(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<ReasonBody>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::suspend(&app, &ids, admin(&caller), id, &body.reason).await?,
    ))
}

/// Reinstates a suspended consultant.
#[utoipa::path(post, path = "/api/admin-panel/consultants/{id}/reinstate", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn reinstate_consultant(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::reinstate(&app, &ids, admin(&caller), id).await?,
    ))
}

/// Marks the sections changed since approval as reviewed.
#[utoipa::path(post, path = "/api/admin-panel/consultants/{id}/changes-reviewed", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn consultant_changes_reviewed(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = ids(&key, &caller);
    Ok(done(
        consultant::mark_changes_reviewed(&app, &ids, admin(&caller), id).await?,
    ))
}
