//! The site's own writing and who accepted which legal texts:
//! `rm_site_pages` (a static page an administrator edited; the others keep
//! their built-in text, which the query side knows), `rm_legal_versions`
//! (published versions of the terms and privacy policy; the built-in one is
//! not a row either) and `rm_legal_acceptances` (per account, the versions
//! last accepted, from its sign-up and its later acceptances) and
//! `rm_web_settings` (the site's settings once an administrator changed them).

use domain::account::AccountEvent;
use domain::codec;
use domain::site::SiteTexts;
use domain::site::legal::{self, LegalEvent};
use domain::site::page::{self, SitePageEvent};
use domain::site::settings::{self, WebSettingsEvent};
use sqlx::{Any, Transaction};
use store::RecordedEvent;

use super::Table;
use super::bookings::utc;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const PAGES_TABLE: Table = Table {
    name: "rm_site_pages",
    key: "page_key",
    create: "CREATE TABLE IF NOT EXISTS rm_site_pages (
        page_key TEXT PRIMARY KEY,
        title_fr TEXT NOT NULL,
        description_fr TEXT NOT NULL,
        body_fr TEXT NOT NULL,
        title_en TEXT NOT NULL,
        description_en TEXT NOT NULL,
        body_en TEXT NOT NULL,
        edited_at TEXT NOT NULL
    )",
};

pub const LEGAL_TABLE: Table = Table {
    name: "rm_legal_versions",
    key: "kind, version",
    create: "CREATE TABLE IF NOT EXISTS rm_legal_versions (
        kind TEXT NOT NULL,
        version TEXT NOT NULL,
        effective_at TEXT NOT NULL,
        title_fr TEXT NOT NULL,
        description_fr TEXT NOT NULL,
        body_fr TEXT NOT NULL,
        title_en TEXT NOT NULL,
        description_en TEXT NOT NULL,
        body_en TEXT NOT NULL,
        published_at TEXT NOT NULL,
        trashed_at TEXT,
        PRIMARY KEY (kind, version)
    )",
};

pub const ACCEPTANCES_TABLE: Table = Table {
    name: "rm_legal_acceptances",
    key: "account_id",
    create: "CREATE TABLE IF NOT EXISTS rm_legal_acceptances (
        account_id TEXT PRIMARY KEY,
        terms_version TEXT NOT NULL,
        privacy_version TEXT NOT NULL,
        accepted_at TEXT NOT NULL
    )",
};

/// The site's settings: one row (`settings_id` `site`) once changed.
pub const SETTINGS_TABLE: Table = Table {
    name: "rm_web_settings",
    key: "settings_id",
    create: "CREATE TABLE IF NOT EXISTS rm_web_settings (
        settings_id TEXT PRIMARY KEY,
        site_title TEXT NOT NULL,
        domain_name TEXT NOT NULL,
        legal_name TEXT NOT NULL,
        web_logo TEXT,
        footer_logo TEXT,
        email_logo TEXT,
        favicon TEXT,
        twitter TEXT,
        youtube TEXT,
        instagram TEXT,
        linkedin TEXT,
        changed_at TEXT NOT NULL
    )",
};

pub fn interested(category: &str) -> bool {
    category == page::CATEGORY || category == legal::CATEGORY || category == settings::CATEGORY
}

async fn apply_settings(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let WebSettingsEvent::WebSettingsChanged { settings: s, at } =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    sqlx::query(
        "INSERT INTO rm_web_settings (settings_id, site_title, domain_name, legal_name, web_logo,
            footer_logo, email_logo, favicon, twitter, youtube, instagram, linkedin, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
         ON CONFLICT (settings_id) DO UPDATE SET site_title = excluded.site_title,
            domain_name = excluded.domain_name, legal_name = excluded.legal_name,
            web_logo = excluded.web_logo, footer_logo = excluded.footer_logo,
            email_logo = excluded.email_logo, favicon = excluded.favicon,
            twitter = excluded.twitter, youtube = excluded.youtube,
            instagram = excluded.instagram, linkedin = excluded.linkedin,
            changed_at = excluded.changed_at",
    )
    .bind(event.stream.entity_id())
    .bind(s.site_title)
    .bind(s.domain_name)
    .bind(s.legal_name)
    .bind(s.web_logo)
    .bind(s.footer_logo)
    .bind(s.email_logo)
    .bind(s.favicon)
    .bind(s.twitter)
    .bind(s.youtube)
    .bind(s.instagram)
    .bind(s.linkedin)
    .bind(utc(at))
    .execute(&mut **tx)
    .await?;
    Ok(())
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    if event.stream.category() == settings::CATEGORY {
        return apply_settings(tx, event).await;
    }
    if event.stream.category() == page::CATEGORY {
        let decoded: SitePageEvent =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(unreadable(event))?;
        let SitePageEvent::SitePageEdited { key, texts, at } = decoded;
        let SiteTexts { fr, en } = texts;
        sqlx::query(
            "INSERT INTO rm_site_pages (page_key, title_fr, description_fr, body_fr,
                title_en, description_en, body_en, edited_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (page_key) DO UPDATE SET title_fr = excluded.title_fr,
                description_fr = excluded.description_fr, body_fr = excluded.body_fr,
                title_en = excluded.title_en, description_en = excluded.description_en,
                body_en = excluded.body_en, edited_at = excluded.edited_at",
        )
        .bind(key.as_str())
        .bind(fr.title)
        .bind(fr.description)
        .bind(fr.body)
        .bind(en.title)
        .bind(en.description)
        .bind(en.body)
        .bind(utc(at))
        .execute(&mut **tx)
        .await?;
        return Ok(());
    }
    let decoded: LegalEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    match decoded {
        LegalEvent::LegalVersionPublished {
            kind,
            version,
            effective_at,
            texts: SiteTexts { fr, en },
            at,
        } => {
            sqlx::query(
                "INSERT INTO rm_legal_versions (kind, version, effective_at, title_fr,
                    description_fr, body_fr, title_en, description_en, body_en, published_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                 ON CONFLICT (kind, version) DO NOTHING",
            )
            .bind(kind.as_str())
            .bind(version)
            .bind(utc(effective_at))
            .bind(fr.title)
            .bind(fr.description)
            .bind(fr.body)
            .bind(en.title)
            .bind(en.description)
            .bind(en.body)
            .bind(utc(at))
            .execute(&mut **tx)
            .await?;
        }
        LegalEvent::LegalVersionTrashed { kind, version, at } => {
            sqlx::query(
                "UPDATE rm_legal_versions SET trashed_at = $3 WHERE kind = $1 AND version = $2",
            )
            .bind(kind.as_str())
            .bind(version)
            .bind(utc(at))
            .execute(&mut **tx)
            .await?;
        }
        LegalEvent::LegalVersionRestored { kind, version, .. } => {
            sqlx::query(
                "UPDATE rm_legal_versions SET trashed_at = NULL WHERE kind = $1 AND version = $2",
            )
            .bind(kind.as_str())
            .bind(version)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

/// The versions an account accepted: at sign-up, then each acceptance.
pub async fn apply_account(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    // Only these two carry versions; the others are not decoded here.
    if !matches!(
        event.event_type.as_str(),
        "AccountRegistered" | "LegalTermsAccepted"
    ) {
        return Ok(());
    }
    let decoded: AccountEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    let (terms, privacy, at) = match decoded {
        AccountEvent::AccountRegistered {
            terms_version: Some(terms),
            privacy_version: Some(privacy),
            registered_at,
            ..
        } => (terms, privacy, registered_at),
        AccountEvent::LegalTermsAccepted {
            terms_version,
            privacy_version,
            at,
        } => (terms_version, privacy_version, at),
        _ => return Ok(()),
    };
    sqlx::query(
        "INSERT INTO rm_legal_acceptances (account_id, terms_version, privacy_version, accepted_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id) DO UPDATE SET terms_version = excluded.terms_version,
            privacy_version = excluded.privacy_version, accepted_at = excluded.accepted_at",
    )
    .bind(event.stream.entity_id())
    .bind(terms)
    .bind(privacy)
    .bind(utc(at))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
