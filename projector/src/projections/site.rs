//! The site's own writing and who accepted which legal texts:
//! `rm_site_pages` (a static page an administrator edited; the others keep
//! their built-in text, which the query side knows), `rm_legal_versions`
//! (published versions of the terms and privacy policy; the built-in one is
//! not a row either) and `rm_legal_acceptances` (per account, the versions
//! last accepted, from its sign-up and its later acceptances).

use domain::account::AccountEvent;
use domain::codec;
use domain::site::SiteTexts;
use domain::site::legal::{self, LegalEvent};
use domain::site::page::{self, SitePageEvent};
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

pub fn interested(category: &str) -> bool {
    category == page::CATEGORY || category == legal::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
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
