//! Static pages and legal texts (`/api/admin-panel/site-pages`,
//! `/api/admin-panel/legal`) and the acceptance of a new legal version
//! (`/api/{area}/legal-acceptance`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::account::Role;
use domain::site::legal::LegalKind;
use domain::site::page::PageKey;
use platform::http::ErrorEnvelope;

use super::Committed;
use crate::AppState;
use crate::caller::SignedIn;
use crate::context::{Json, Result};
use crate::error::CommandError;
use crate::execute::Actor;
use crate::ids::IdempotencyKey;
use crate::site::{
    self, LegalAcceptanceBody, LegalVersionBody, LegalVersionPublished, SitePageBody,
    WebSettingsBody,
};

fn page_key(raw: &str) -> Result<PageKey> {
    PageKey::parse(raw).ok_or(CommandError::NotFound)
}

fn legal_kind(raw: &str) -> Result<LegalKind> {
    LegalKind::parse(raw).ok_or(CommandError::NotFound)
}

/// Replaces a static page's text (both languages).
#[utoipa::path(put, path = "/api/admin-panel/site-pages/{key}", tag = "content", security(("session" = [])),
    request_body = SitePageBody,
    params(("key" = String, Path, description = "`about-us`, `alternative-medicine`, `sdg-media`, `faq`, `team-and-vision`, `media` or `disclaimer`")),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn edit_site_page(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(page): Path<String>,
    Json(body): Json<SitePageBody>,
) -> Result<Committed<()>> {
    let page = page_key(&page)?;
    let ids = key.ids(Some(caller.account_id));
    let position = site::edit_page(&app, &ids, Actor::from(&caller), page, &body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Publishes a new version of the terms (`terms`) or the privacy policy (`privacy`).
#[utoipa::path(post, path = "/api/admin-panel/legal/{kind}", tag = "content", security(("session" = [])),
    request_body = LegalVersionBody, params(("kind" = String, Path, description = "`terms` or `privacy`")),
    responses((status = 201, body = LegalVersionPublished), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn publish_legal_version(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(kind): Path<String>,
    Json(body): Json<LegalVersionBody>,
) -> Result<Committed<LegalVersionPublished>> {
    let kind = legal_kind(&kind)?;
    let ids = key.ids(Some(caller.account_id));
    let (published, position) =
        site::publish_legal(&app, &ids, Actor::from(&caller), kind, &body).await?;
    Ok(Committed::new(StatusCode::CREATED, position).body(published))
}

/// Moves a version not yet in force to the trash.
#[utoipa::path(post, path = "/api/admin-panel/legal/{kind}/{version}/trash", tag = "content", security(("session" = [])),
    params(("kind" = String, Path), ("version" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
pub async fn trash_legal_version(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path((kind, version)): Path<(String, String)>,
) -> Result<Committed<()>> {
    let kind = legal_kind(&kind)?;
    let ids = key.ids(Some(caller.account_id));
    let position =
        site::trash_or_restore_legal(&app, &ids, Actor::from(&caller), kind, &version, true)
            .await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Takes a version whose date is still ahead out of the trash.
#[utoipa::path(post, path = "/api/admin-panel/legal/{kind}/{version}/restore", tag = "content", security(("session" = [])),
    params(("kind" = String, Path), ("version" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
pub async fn restore_legal_version(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path((kind, version)): Path<(String, String)>,
) -> Result<Committed<()>> {
    let kind = legal_kind(&kind)?;
    let ids = key.ids(Some(caller.account_id));
    let position =
        site::trash_or_restore_legal(&app, &ids, Actor::from(&caller), kind, &version, false)
            .await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Accepts the terms and privacy versions in force (a client must before booking again).
#[utoipa::path(post, path = "/api/{area}/legal-acceptance", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path, description = "`client` or `consultant`")),
    request_body = LegalAcceptanceBody,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope)))]
pub async fn accept_legal(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<LegalAcceptanceBody>,
) -> Result<Committed<()>> {
    if caller.role == Role::Admin {
        return Err(CommandError::NotFound);
    }
    let ids = key.ids(Some(caller.account_id));
    let position =
        site::accept_legal(&app, &ids, caller.account_id, Actor::from(&caller), &body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Replaces the site's settings (title, names, logos, favicon, social links).
#[utoipa::path(put, path = "/api/admin-panel/web-settings", tag = "content", security(("session" = [])),
    request_body = WebSettingsBody,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn change_web_settings(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<WebSettingsBody>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position =
        site::change_settings(&app, &ids, Actor::from(&caller), caller.account_id, &body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}
