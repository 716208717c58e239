//! Static pages and legal texts (docs/api.md "Static pages and legal
//! texts"): a page or the legal version in force in the request's language
//! with its sanitised HTML, a version as PDF, the administrators' views
//! with the Markdown, and whether a signed-in person must accept a new
//! version. Pages never edited and the first legal version are the
//! built-in texts of `domain::site::defaults`.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::markup;
use domain::site::legal::{self, LegalKind};
use domain::site::page::PageKey;
use domain::site::settings::WebSettings;
use domain::site::{SiteText, SiteTexts, defaults};
use platform::document_pdf;
use platform::http::ErrorEnvelope;
use platform::lang::Lang;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::{IntoParams, ToSchema};

use super::accounts::{NoStore, SignedIn};
use super::files::{Disposition, file_answer};
use crate::QueryState;
use crate::error::QueryError;
use crate::render_cache::{cached_json, cached_json_until};

/// Versions are named and dated by their day in France.
const HOME_ZONE: chrono_tz::Tz = chrono_tz::Europe::Paris;

fn page_key(raw: &str) -> Result<PageKey, QueryError> {
    PageKey::parse(raw).ok_or(QueryError::NotFound)
}

fn legal_kind(raw: &str) -> Result<LegalKind, QueryError> {
    LegalKind::parse(raw).ok_or(QueryError::NotFound)
}

fn language(lang: Lang) -> domain::values::Language {
    lang.into()
}

fn texts(row: &AnyRow) -> Result<SiteTexts, sqlx::Error> {
    let text = |lang: &str| -> Result<SiteText, sqlx::Error> {
        Ok(SiteText {
            title: row.try_get(format!("title_{lang}").as_str())?,
            description: row.try_get(format!("description_{lang}").as_str())?,
            body: row.try_get(format!("body_{lang}").as_str())?,
        })
    };
    Ok(SiteTexts {
        fr: text("fr")?,
        en: text("en")?,
    })
}

/// A page's texts and when it was last edited (`None`: the built-in text).
async fn page_texts(
    state: &QueryState,
    key: PageKey,
) -> Result<(SiteTexts, Option<String>), QueryError> {
    let row = sqlx::query("SELECT * FROM rm_site_pages WHERE page_key = $1")
        .bind(key.as_str())
        .fetch_optional(&state.read.pool)
        .await?;
    Ok(match row {
        Some(row) => (texts(&row)?, Some(row.try_get("edited_at")?)),
        None => (defaults::page(key).clone(), None),
    })
}

/// A page as a visitor reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct SitePageView {
    pub key: String,
    pub title: String,
    pub description: String,
    /// The body's sanitised HTML.
    pub html: String,
    pub edited_at: Option<String>,
}

/// A static page (or the disclaimer) in the request's language.
#[utoipa::path(get, path = "/api/public/site-pages/{key}", tag = "content",
    params(("key" = String, Path, description = "`about-us`, `alternative-medicine`, `sdg-media`, `faq`, `team-and-vision`, `media` or `disclaimer`")),
    responses((status = 200, body = SitePageView), (status = 304, description = "Not modified"),
        (status = 404, body = ErrorEnvelope)))]
pub async fn site_page(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    Path(key): Path<String>,
) -> Result<Response, QueryError> {
    let key = page_key(&key)?;
    let cache_key = format!("site-page {} {}", key.as_str(), lang.as_str());
    cached_json(
        &state,
        &headers,
        cache_key,
        DateTime::<Utc>::MAX_UTC,
        async || page_view(&state, key, lang).await,
    )
    .await
}

pub(crate) async fn page_view(
    state: &QueryState,
    key: PageKey,
    lang: Lang,
) -> Result<SitePageView, QueryError> {
    let (texts, edited_at) = page_texts(state, key).await?;
    let text = texts.of(language(lang));
    Ok(SitePageView {
        key: key.as_str().into(),
        title: text.title.clone(),
        description: text.description.clone(),
        html: markup::render(&text.body),
        edited_at,
    })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SiteTextView {
    pub title: String,
    pub description: String,
    /// Markdown.
    pub body: String,
}

impl From<SiteText> for SiteTextView {
    fn from(text: SiteText) -> Self {
        SiteTextView {
            title: text.title,
            description: text.description,
            body: text.body,
        }
    }
}

/// A page for its editor: both languages' Markdown.
#[derive(Debug, Serialize, ToSchema)]
pub struct SitePageSource {
    pub key: String,
    pub fr: SiteTextView,
    pub en: SiteTextView,
    /// `null` while the page has its built-in text.
    pub edited_at: Option<String>,
}

/// Every static page, for the editor's list.
#[utoipa::path(get, path = "/api/admin-panel/site-pages", tag = "content", security(("session" = [])),
    responses((status = 200, body = Vec<SitePageSource>), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn admin_site_pages(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let mut pages = Vec::new();
    for key in PageKey::ALL {
        pages.push(page_source(&state, key).await?);
    }
    Ok(NoStore(Json(pages)))
}

/// One static page for its editor.
#[utoipa::path(get, path = "/api/admin-panel/site-pages/{key}", tag = "content", security(("session" = [])),
    params(("key" = String, Path)),
    responses((status = 200, body = SitePageSource), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn admin_site_page(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(key): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(page_source(&state, page_key(&key)?).await?)))
}

async fn page_source(state: &QueryState, key: PageKey) -> Result<SitePageSource, QueryError> {
    let (texts, edited_at) = page_texts(state, key).await?;
    Ok(SitePageSource {
        key: key.as_str().into(),
        fr: texts.fr.into(),
        en: texts.en.into(),
        edited_at,
    })
}

/// One version of a legal document, as stored (the built-in one first).
pub(crate) struct Version {
    version: String,
    effective_at: DateTime<Utc>,
    texts: SiteTexts,
    published_at: Option<String>,
    trashed_at: Option<String>,
}

async fn versions(state: &QueryState, kind: LegalKind) -> Result<Vec<Version>, QueryError> {
    let rows = sqlx::query(
        "SELECT * FROM rm_legal_versions WHERE kind = $1 ORDER BY effective_at, version",
    )
    .bind(kind.as_str())
    .fetch_all(&state.read.pool)
    .await?;
    let mut versions = vec![Version {
        version: legal::INITIAL_VERSION.into(),
        effective_at: legal::initial_effective_at(),
        texts: defaults::legal(kind).clone(),
        published_at: None,
        trashed_at: None,
    }];
    for row in rows {
        let effective_at: String = row.try_get("effective_at")?;
        versions.push(Version {
            version: row.try_get("version")?,
            effective_at: effective_at
                .parse()
                .map_err(|_| QueryError::Corrupt("a legal version's date"))?,
            texts: texts(&row)?,
            published_at: Some(row.try_get("published_at")?),
            trashed_at: row.try_get("trashed_at")?,
        });
    }
    Ok(versions)
}

/// A version's name, date and whether it is trashed, without its texts
/// (the built-in one first): enough to tell which is in force.
async fn version_dates(
    state: &QueryState,
    kind: LegalKind,
) -> Result<Vec<(String, DateTime<Utc>, bool)>, QueryError> {
    let rows: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT version, effective_at, trashed_at FROM rm_legal_versions WHERE kind = $1",
    )
    .bind(kind.as_str())
    .fetch_all(&state.read.pool)
    .await?;
    let mut dates = vec![(
        legal::INITIAL_VERSION.to_owned(),
        legal::initial_effective_at(),
        false,
    )];
    for (version, effective_at, trashed_at) in rows {
        let effective_at = effective_at
            .parse()
            .map_err(|_| QueryError::Corrupt("a legal version's date"))?;
        dates.push((version, effective_at, trashed_at.is_some()));
    }
    Ok(dates)
}

/// The name of the version in force at `now`.
pub(crate) async fn in_force_name(
    state: &QueryState,
    kind: LegalKind,
    now: DateTime<Utc>,
) -> Result<String, QueryError> {
    let dates = version_dates(state, kind).await?;
    Ok(legal::in_force(dates, now).unwrap_or_else(|| legal::INITIAL_VERSION.to_owned()))
}

/// The index of the version in force at `now` (the built-in one at worst).
fn in_force(versions: &[Version], now: DateTime<Utc>) -> usize {
    legal::in_force(
        versions
            .iter()
            .enumerate()
            .map(|(i, v)| (i, v.effective_at, v.trashed_at.is_some())),
        now,
    )
    .unwrap_or(0)
}

/// A version's place in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum VersionStatus {
    InForce,
    /// Comes into force later.
    Scheduled,
    /// Was in force; a later one replaced it.
    Superseded,
    Trashed,
}

fn status(versions: &[Version], i: usize, now: DateTime<Utc>) -> VersionStatus {
    if versions[i].trashed_at.is_some() {
        VersionStatus::Trashed
    } else if i == in_force(versions, now) {
        VersionStatus::InForce
    } else if versions[i].effective_at > now {
        VersionStatus::Scheduled
    } else {
        VersionStatus::Superseded
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LegalVersionSummary {
    pub version: String,
    pub effective_at: DateTime<Utc>,
    pub status: VersionStatus,
    /// The version as PDF in the request's language.
    pub pdf_url: String,
}

/// A legal text as a visitor reads it, with the other versions.
#[derive(Debug, Serialize, ToSchema)]
pub struct LegalDocumentView {
    pub kind: String,
    pub version: String,
    pub effective_at: DateTime<Utc>,
    pub status: VersionStatus,
    pub title: String,
    pub description: String,
    pub html: String,
    pub pdf_url: String,
    /// Every version in force now or before, newest first, and one scheduled.
    pub versions: Vec<LegalVersionSummary>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct LegalParams {
    /// A given version (one accepted earlier); the version in force when absent.
    #[param(max_length = 40)]
    pub version: Option<String>,
}

fn pdf_url(kind: LegalKind, version: &str, lang: Lang) -> String {
    format!(
        "/api/public/legal/{}/{version}/pdf?lang={}",
        kind.as_str(),
        lang.as_str()
    )
}

/// The terms (`terms`) or privacy policy (`privacy`) in force, or a given version.
#[utoipa::path(get, path = "/api/public/legal/{kind}", tag = "content",
    params(("kind" = String, Path, description = "`terms` or `privacy`"), LegalParams),
    responses((status = 200, body = LegalDocumentView), (status = 304, description = "Not modified"),
        (status = 404, body = ErrorEnvelope)))]
pub async fn legal_document(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    Path(kind): Path<String>,
    Query(params): Query<LegalParams>,
) -> Result<Response, QueryError> {
    let kind = legal_kind(&kind)?;
    let wanted = params.version.filter(|v| !v.is_empty());
    if wanted.as_ref().is_some_and(|v| v.len() > 40) {
        return Err(QueryError::NotFound);
    }
    let now = state.clock.now();
    let cache_key = format!(
        "legal {} {} {}",
        kind.as_str(),
        lang.as_str(),
        wanted.as_deref().unwrap_or("")
    );
    cached_json_until(&state, &headers, cache_key, async || {
        let all = versions(&state, kind).await?;
        let view = legal_view(kind, &all, wanted.as_deref(), lang, now)?;
        Ok((view, next_change(&all, now)))
    })
    .await
}

/// When the version in force next changes by the clock alone: the next
/// scheduled version's date.
pub(crate) fn next_change(all: &[Version], now: DateTime<Utc>) -> DateTime<Utc> {
    all.iter()
        .filter(|v| v.trashed_at.is_none() && v.effective_at > now)
        .map(|v| v.effective_at)
        .min()
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// A legal text as [`legal_document`] answers it (for the rendered page),
/// with when it next changes by the clock alone.
pub(crate) async fn legal_document_view(
    state: &QueryState,
    kind: LegalKind,
    lang: Lang,
    wanted: Option<&str>,
) -> Result<(LegalDocumentView, DateTime<Utc>), QueryError> {
    let all = versions(state, kind).await?;
    let now = state.clock.now();
    Ok((
        legal_view(kind, &all, wanted, lang, now)?,
        next_change(&all, now),
    ))
}

fn legal_view(
    kind: LegalKind,
    all: &[Version],
    wanted: Option<&str>,
    lang: Lang,
    now: DateTime<Utc>,
) -> Result<LegalDocumentView, QueryError> {
    let current = in_force(all, now);
    let shown = match wanted {
        None => current,
        // A trashed version was never in force: nobody accepted it.
        Some(wanted) => all
            .iter()
            .position(|v| v.version == wanted && v.trashed_at.is_none())
            .ok_or(QueryError::NotFound)?,
    };
    let summary = |i: usize| LegalVersionSummary {
        version: all[i].version.clone(),
        effective_at: all[i].effective_at,
        status: status(all, i, now),
        pdf_url: pdf_url(kind, &all[i].version, lang),
    };
    let next = (0..all.len())
        .filter(|&i| status(all, i, now) == VersionStatus::Scheduled)
        .min_by_key(|&i| all[i].effective_at);
    let mut listed: Vec<usize> = (0..all.len())
        .filter(|&i| {
            matches!(
                status(all, i, now),
                VersionStatus::InForce | VersionStatus::Superseded
            )
        })
        .chain(next)
        .collect();
    listed.sort_by_key(|&i| std::cmp::Reverse(all[i].effective_at));
    let version = &all[shown];
    let text = version.texts.of(language(lang));
    Ok(LegalDocumentView {
        kind: kind.as_str().into(),
        version: version.version.clone(),
        effective_at: version.effective_at,
        status: status(all, shown, now),
        title: text.title.clone(),
        description: text.description.clone(),
        html: markup::render(&text.body),
        pdf_url: pdf_url(kind, &version.version, lang),
        versions: listed.into_iter().map(summary).collect(),
    })
}

/// A version of the terms or privacy policy as PDF, in the request's language.
#[utoipa::path(get, path = "/api/public/legal/{kind}/{version}/pdf", tag = "content",
    params(("kind" = String, Path), ("version" = String, Path)),
    responses((status = 200, content_type = "application/pdf", description = "`Content-Disposition: attachment; filename=\"conditions-generales-{version}.pdf\"` (`terms-…`, `politique-de-confidentialite-…`, `privacy-policy-…`)"),
        (status = 404, body = ErrorEnvelope)))]
pub async fn legal_pdf(
    State(state): State<QueryState>,
    lang: Lang,
    Path((kind, version)): Path<(String, String)>,
) -> Result<Response, QueryError> {
    let kind = legal_kind(&kind)?;
    let all = versions(&state, kind).await?;
    let found = all
        .iter()
        .find(|v| v.version == version && v.trashed_at.is_none())
        .ok_or(QueryError::NotFound)?;
    let text = found.texts.of(language(lang));
    let subtitle = match lang {
        Lang::Fr => format!(
            "Version {} — en vigueur à partir du {}",
            found.version,
            found
                .effective_at
                .with_timezone(&HOME_ZONE)
                .format("%d/%m/%Y")
        ),
        Lang::En => format!(
            "Version {} — in force from {}",
            found.version,
            found
                .effective_at
                .with_timezone(&HOME_ZONE)
                .format("%Y-%m-%d")
        ),
    };
    let name = match (kind, lang) {
        (LegalKind::Terms, Lang::Fr) => "conditions-generales",
        (LegalKind::Terms, Lang::En) => "terms",
        (LegalKind::Privacy, Lang::Fr) => "politique-de-confidentialite",
        (LegalKind::Privacy, Lang::En) => "privacy-policy",
    };
    let pdf = document_pdf::render(&text.title, &subtitle, &text.body, lang);
    // A published version never changes.
    Ok(file_answer(
        pdf,
        &format!("{name}-{}.pdf", found.version),
        Disposition::Attachment,
        "public, max-age=86400",
    ))
}

/// A version for the administrators' list.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminLegalVersion {
    pub version: String,
    pub effective_at: DateTime<Utc>,
    pub status: VersionStatus,
    pub fr: SiteTextView,
    pub en: SiteTextView,
    /// `null` for the built-in version.
    pub published_at: Option<String>,
    pub trashed_at: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct AdminLegalParams {
    /// `true`: the trash.
    pub trashed: bool,
}

/// Every version of a legal document (or the trash), newest first, with both languages' Markdown.
#[utoipa::path(get, path = "/api/admin-panel/legal/{kind}", tag = "content", security(("session" = [])),
    params(("kind" = String, Path), AdminLegalParams),
    responses((status = 200, body = Vec<AdminLegalVersion>), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn admin_legal_versions(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(kind): Path<String>,
    Query(params): Query<AdminLegalParams>,
) -> Result<impl IntoResponse, QueryError> {
    let kind = legal_kind(&kind)?;
    let now = state.clock.now();
    let all = versions(&state, kind).await?;
    let mut rows: Vec<AdminLegalVersion> = (0..all.len())
        .map(|i| (i, status(&all, i, now)))
        .filter(|(_, status)| (*status == VersionStatus::Trashed) == params.trashed)
        .map(|(i, status)| AdminLegalVersion {
            version: all[i].version.clone(),
            effective_at: all[i].effective_at,
            status,
            fr: all[i].texts.fr.clone().into(),
            en: all[i].texts.en.clone().into(),
            published_at: all[i].published_at.clone(),
            trashed_at: all[i].trashed_at.clone(),
        })
        .collect();
    rows.sort_by_key(|row| std::cmp::Reverse(row.effective_at));
    Ok(NoStore(Json(rows)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LegalStanding {
    /// The versions the person last accepted (`null` if never).
    pub accepted_terms: Option<String>,
    pub accepted_privacy: Option<String>,
    pub terms_in_force: String,
    pub privacy_in_force: String,
    /// `false`: a new version waits for acceptance (a client must accept before booking).
    pub up_to_date: bool,
}

/// Whether the signed-in person has accepted the legal versions in force
/// (an administrator is never asked: always up to date).
#[utoipa::path(get, path = "/api/{area}/legal-acceptance", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path, description = "`client`, `consultant` or `admin-panel`")),
    responses((status = 200, body = LegalStanding), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope)))]
pub async fn legal_standing(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let accepted: Option<(String, String)> = sqlx::query_as(
        "SELECT terms_version, privacy_version FROM rm_legal_acceptances WHERE account_id = $1",
    )
    .bind(caller.account_id.to_string())
    .fetch_optional(&state.read.pool)
    .await?;
    let in_force = in_force_versions(&state).await?;
    let (accepted_terms, accepted_privacy) = accepted.unzip();
    Ok(NoStore(Json(LegalStanding {
        // Administrators accept nothing: they are never asked.
        up_to_date: caller.role == domain::account::Role::Admin
            || in_force.accepted_by(accepted_terms.as_deref(), accepted_privacy.as_deref()),
        accepted_terms,
        accepted_privacy,
        terms_in_force: in_force.terms,
        privacy_in_force: in_force.privacy,
    })))
}

/// The terms and privacy versions in force now (the sign-up form's).
pub(crate) async fn in_force_versions(state: &QueryState) -> Result<legal::InForce, QueryError> {
    let now = state.clock.now();
    Ok(legal::InForce {
        terms: in_force_name(state, LegalKind::Terms, now).await?,
        privacy: in_force_name(state, LegalKind::Privacy, now).await?,
    })
}

/// The site's settings in force, and when they last changed (`None`: built-in).
async fn settings(state: &QueryState) -> Result<(WebSettings, Option<String>), QueryError> {
    let row = sqlx::query("SELECT * FROM rm_web_settings WHERE settings_id = $1")
        .bind(domain::site::settings::ENTITY)
        .fetch_optional(&state.read.pool)
        .await?;
    let Some(row) = row else {
        return Ok((WebSettings::default(), None));
    };
    Ok((
        WebSettings {
            site_title: row.try_get("site_title")?,
            domain_name: row.try_get("domain_name")?,
            legal_name: row.try_get("legal_name")?,
            web_logo: row.try_get("web_logo")?,
            footer_logo: row.try_get("footer_logo")?,
            email_logo: row.try_get("email_logo")?,
            favicon: row.try_get("favicon")?,
            twitter: row.try_get("twitter")?,
            youtube: row.try_get("youtube")?,
            instagram: row.try_get("instagram")?,
            linkedin: row.try_get("linkedin")?,
        },
        Some(row.try_get("changed_at")?),
    ))
}

/// The address of one of the settings' images: the uploaded one (its
/// version in the query, so a change shows at once) or the built-in one.
fn image_url(name: &str, key: Option<&str>, changed_at: Option<&str>, built_in: &str) -> String {
    match (key, changed_at) {
        (Some(_), Some(at)) => {
            let version: String = at.chars().filter(char::is_ascii_digit).collect();
            format!("/api/public/web-settings/{name}?v={version}")
        }
        _ => built_in.to_owned(),
    }
}

/// Branding served to everyone at start-up (spec §7 "Startup call").
#[derive(Serialize, ToSchema)]
pub struct WebSettingsView {
    pub web_title: String,
    pub domain_name: String,
    /// The domain name's first label (`equilibre` of `equilibre.fr`).
    pub domain_name_without_extension: String,
    pub web_logo: String,
    pub footer_logo: String,
    pub email_logo: String,
    pub fab_icon: String,
    /// `""` when there is no link.
    pub twitter: String,
    pub youtube: String,
    pub instagram: String,
    pub linkedin: String,
    pub web_legal_name: String,
    /// The advertising pixel, loaded only after the visitor's consent;
    /// `null` when none is configured.
    pub pixel: Option<Pixel>,
}

#[derive(Serialize, ToSchema)]
pub struct Pixel {
    pub script_url: String,
    pub id: String,
}

/// Title, names, logos, favicon and social links; a change shows on the next load.
#[utoipa::path(get, path = "/api/public/web-settings", tag = "public",
    responses((status = 200, body = WebSettingsView), (status = 304, description = "Not modified")))]
pub async fn web_settings(
    State(state): State<QueryState>,
    headers: HeaderMap,
) -> Result<Response, QueryError> {
    cached_json(
        &state,
        &headers,
        "web-settings".into(),
        DateTime::<Utc>::MAX_UTC,
        async || {
            let (s, changed_at) = settings(&state).await?;
            let at = changed_at.as_deref();
            Ok(WebSettingsView {
                domain_name_without_extension: s
                    .domain_name
                    .split('.')
                    .next()
                    .unwrap_or_default()
                    .to_owned(),
                web_logo: image_url("web_logo", s.web_logo.as_deref(), at, "/logo.svg"),
                footer_logo: image_url("footer_logo", s.footer_logo.as_deref(), at, "/logo.svg"),
                email_logo: image_url("email_logo", s.email_logo.as_deref(), at, "/logo.svg"),
                fab_icon: image_url("favicon", s.favicon.as_deref(), at, "/favicon.svg"),
                twitter: s.twitter.unwrap_or_default(),
                youtube: s.youtube.unwrap_or_default(),
                instagram: s.instagram.unwrap_or_default(),
                linkedin: s.linkedin.unwrap_or_default(),
                web_title: s.site_title,
                domain_name: s.domain_name,
                web_legal_name: s.legal_name,
                pixel: state.config.pixel.as_ref().map(|p| Pixel {
                    script_url: p.script_url.clone(),
                    id: p.id.clone(),
                }),
            })
        },
    )
    .await
}

/// One of the settings' uploaded images (`web_logo`, `footer_logo`,
/// `email_logo`, `favicon`); 404 while it is the built-in one.
#[utoipa::path(get, path = "/api/public/web-settings/{image}", tag = "public",
    params(("image" = String, Path, description = "`web_logo`, `footer_logo`, `email_logo` or `favicon`")),
    responses((status = 200, description = "The image (PNG, JPEG or ICO)"), (status = 404, body = ErrorEnvelope)))]
pub async fn web_settings_image(
    State(state): State<QueryState>,
    Path(image): Path<String>,
) -> Result<Response, QueryError> {
    let (settings, _) = settings(&state).await?;
    let key = settings
        .images()
        .into_iter()
        .find(|(name, _)| *name == image)
        .and_then(|(_, key)| key.map(str::to_owned));
    super::files::serve_public_image(&state, key).await
}

/// The settings for their editor: images as their upload keys, with their addresses.
#[derive(Serialize, ToSchema)]
pub struct WebSettingsSource {
    pub site_title: String,
    pub domain_name: String,
    pub legal_name: String,
    /// Upload keys (`""`: the built-in image).
    pub web_logo: String,
    pub footer_logo: String,
    pub email_logo: String,
    pub favicon: String,
    pub web_logo_url: String,
    pub footer_logo_url: String,
    pub email_logo_url: String,
    pub favicon_url: String,
    pub twitter: String,
    pub youtube: String,
    pub instagram: String,
    pub linkedin: String,
    /// `null` while the built-in settings stand.
    pub changed_at: Option<String>,
}

/// The site's settings, for the administrators' `websetting` screen.
#[utoipa::path(get, path = "/api/admin-panel/web-settings", tag = "content", security(("session" = [])),
    responses((status = 200, body = WebSettingsSource), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn admin_web_settings(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let (s, changed_at) = settings(&state).await?;
    let at = changed_at.as_deref();
    Ok(NoStore(Json(WebSettingsSource {
        web_logo_url: image_url("web_logo", s.web_logo.as_deref(), at, "/logo.svg"),
        footer_logo_url: image_url("footer_logo", s.footer_logo.as_deref(), at, "/logo.svg"),
        email_logo_url: image_url("email_logo", s.email_logo.as_deref(), at, "/logo.svg"),
        favicon_url: image_url("favicon", s.favicon.as_deref(), at, "/favicon.svg"),
        web_logo: s.web_logo.unwrap_or_default(),
        footer_logo: s.footer_logo.unwrap_or_default(),
        email_logo: s.email_logo.unwrap_or_default(),
        favicon: s.favicon.unwrap_or_default(),
        twitter: s.twitter.unwrap_or_default(),
        youtube: s.youtube.unwrap_or_default(),
        instagram: s.instagram.unwrap_or_default(),
        linkedin: s.linkedin.unwrap_or_default(),
        site_title: s.site_title,
        domain_name: s.domain_name,
        legal_name: s.legal_name,
        changed_at,
    })))
}
