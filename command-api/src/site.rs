//! The site's own writing (docs/api.md "Static pages and legal texts"):
//! administrators edit the static pages and publish, trash and restore
//! versions of the terms and privacy policy; a signed-in person accepts
//! the versions in force.

use chrono::{DateTime, Utc};
use domain::account::{self, AccountEvent};
use domain::site::legal::{self, InForce, LegalDocument, LegalKind};
use domain::site::page::{self, PageKey, SitePage};
use domain::site::settings::{self, RawWebSettings, WebSettings};
use domain::site::{RawSiteText, SiteTexts};
use domain::values::{FileKind, FileRef};
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::accounts::{account_stream, load_account};
use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded, already_applied, load_from, with_retry};
use crate::files;
use crate::ids::Ids;

/// One language's text as the editor sends it.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct SiteTextBody {
    #[schema(max_length = 120)]
    pub title: String,
    #[schema(max_length = 200)]
    pub description: String,
    /// Markdown.
    #[schema(max_length = 60000)]
    pub body: String,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct SitePageBody {
    pub fr: SiteTextBody,
    pub en: SiteTextBody,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct LegalVersionBody {
    pub fr: SiteTextBody,
    pub en: SiteTextBody,
    /// When it comes into force; now when absent. Never in the past, at most a year ahead.
    pub effective_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct LegalVersionPublished {
    /// The version's name: the day it comes into force in France, `2026-12-01`.
    pub version: String,
    pub effective_at: DateTime<Utc>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct LegalAcceptanceBody {
    /// The versions shown to the person, which must be those in force.
    #[schema(max_length = 40)]
    pub terms_version: String,
    #[schema(max_length = 40)]
    pub privacy_version: String,
}

fn raw(body: &SiteTextBody) -> RawSiteText<'_> {
    RawSiteText {
        title: &body.title,
        description: &body.description,
        body: &body.body,
    }
}

fn page_stream(key: PageKey) -> StreamId {
    StreamId::new(page::CATEGORY, key.as_str())
}

fn legal_stream(kind: LegalKind) -> StreamId {
    StreamId::new(legal::CATEGORY, kind.as_str())
}

async fn load_legal(
    app: &AppState,
    kind: LegalKind,
) -> Result<Loaded<LegalDocument>, CommandError> {
    load_from(
        app,
        &legal_stream(kind),
        LegalDocument::new(kind),
        LegalDocument::evolve,
    )
    .await
}

/// The terms and privacy versions in force now.
pub async fn in_force(app: &AppState, now: DateTime<Utc>) -> Result<InForce, CommandError> {
    let terms = load_legal(app, LegalKind::Terms).await?.state;
    let privacy = load_legal(app, LegalKind::Privacy).await?.state;
    Ok(InForce::of(&terms, &privacy, now))
}

/// Replaces a static page's text in both languages.
pub async fn edit_page(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    key: PageKey,
    body: &SitePageBody,
) -> Result<Option<Position>, CommandError> {
    let texts = SiteTexts::parse(raw(&body.fr), raw(&body.en))?;
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let stream = page_stream(key);
        let loaded = load_from(app, &stream, SitePage::new(key), SitePage::evolve).await?;
        let events = page::edit(&loaded.state, key, texts.clone(), app.clock.now());
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, app.clock.now())
            .events(stream, loaded.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}

/// Publishes a new version of the terms or the privacy policy.
pub async fn publish_legal(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    kind: LegalKind,
    body: &LegalVersionBody,
) -> Result<(LegalVersionPublished, Option<Position>), CommandError> {
    let texts = SiteTexts::parse(raw(&body.fr), raw(&body.en))?;
    let (published, position) = with_retry(|| async {
        let loaded = load_legal(app, kind).await?;
        if let Some(position) = already_applied(app, ids).await? {
            return Ok((loaded.state.versions.last().cloned(), Some(position)));
        }
        let events = legal::publish(
            &loaded.state,
            texts.clone(),
            body.effective_at,
            app.clock.now(),
        )?;
        let state = events.iter().fold(loaded.state, LegalDocument::evolve);
        let position = Batch::new(ids, actor, app.clock.now())
            .events(legal_stream(kind), loaded.version, &events)
            .commit(app)
            .await?;
        Ok((state.versions.last().cloned(), Some(position)))
    })
    .await?;
    let published = published.ok_or_else(|| CommandError::internal("no version"))?;
    Ok((
        LegalVersionPublished {
            version: published.version,
            effective_at: published.effective_at,
        },
        position,
    ))
}

/// Trashes a version not yet in force, or restores it.
pub async fn trash_or_restore_legal(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    kind: LegalKind,
    version: &str,
    trash: bool,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let loaded = load_legal(app, kind).await?;
        let events = legal::trash_or_restore(&loaded.state, version, trash, app.clock.now())?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, app.clock.now())
            .events(legal_stream(kind), loaded.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}

/// Records that the signed-in person accepted the versions in force.
pub async fn accept_legal(
    app: &AppState,
    ids: &Ids,
    account_id: Uuid,
    actor: Actor,
    body: &LegalAcceptanceBody,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let now = app.clock.now();
        let in_force = in_force(app, now).await?;
        let loaded = load_account(app, account_id).await?;
        let events: Vec<AccountEvent> = account::accept_legal(
            &loaded.state,
            &in_force,
            body.terms_version.trim(),
            body.privacy_version.trim(),
            now,
        )?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, now)
            .events(account_stream(account_id), loaded.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}

/// The settings as the form sends them; images are upload keys (or the
/// current key, or empty for the built-in image).
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct WebSettingsBody {
    #[schema(max_length = 60)]
    pub site_title: String,
    #[schema(max_length = 253)]
    pub domain_name: String,
    #[schema(max_length = 120)]
    pub legal_name: String,
    #[schema(max_length = 200)]
    pub web_logo: String,
    #[schema(max_length = 200)]
    pub footer_logo: String,
    #[schema(max_length = 200)]
    pub email_logo: String,
    #[schema(max_length = 200)]
    pub favicon: String,
    #[schema(max_length = 300)]
    pub twitter: String,
    #[schema(max_length = 300)]
    pub youtube: String,
    #[schema(max_length = 300)]
    pub instagram: String,
    #[schema(max_length = 300)]
    pub linkedin: String,
}

fn settings_stream() -> StreamId {
    StreamId::new(settings::CATEGORY, settings::ENTITY)
}

/// Replaces the site's settings. Each image is the current one or a file
/// the administrator uploaded for it (`site_logo`, `favicon`).
pub async fn change_settings(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    admin_id: Uuid,
    body: &WebSettingsBody,
) -> Result<Option<Position>, CommandError> {
    let new = WebSettings::parse(&RawWebSettings {
        site_title: &body.site_title,
        domain_name: &body.domain_name,
        legal_name: &body.legal_name,
        web_logo: &body.web_logo,
        footer_logo: &body.footer_logo,
        email_logo: &body.email_logo,
        favicon: &body.favicon,
        social: [
            &body.twitter,
            &body.youtube,
            &body.instagram,
            &body.linkedin,
        ],
    })?;
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let stream = settings_stream();
        let loaded = load_from(app, &stream, WebSettings::default(), settings::evolve).await?;
        let current = loaded.state.images();
        let uploads = files::lookup(app, admin_id).await?;
        let mut errors = domain::FieldErrors::default();
        for ((field, key), (_, now_key)) in new.images().into_iter().zip(current) {
            let Some(key) = key.filter(|k| Some(*k) != now_key) else {
                continue;
            };
            let kind = if field == "favicon" {
                FileKind::Favicon
            } else {
                FileKind::SiteLogo
            };
            if let Err(error) = FileRef::resolve(key, kind, admin_id, &uploads) {
                errors.add(field, error);
            }
        }
        errors.into_result()?;
        let events = settings::change(&loaded.state, new.clone(), app.clock.now());
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, app.clock.now())
            .events(stream, loaded.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}
