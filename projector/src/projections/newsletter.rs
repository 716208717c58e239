//! `rm_newsletter_subscribers`: one row per address waiting for its
//! confirmation or subscribed, keyed by the address's newsletter key. The
//! address is a forgettable payload: unsubscribing or a deletion on request
//! removes the row, and a rebuild that meets a shredded payload keeps no
//! trace of it.

use std::sync::Arc;

use domain::codec;
use domain::newsletter::{self, NewsletterEvent};
use domain::reference::name_key;
use serde::Deserialize;
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::Table;
use super::bookings::utc;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_newsletter_subscribers",
    key: "subscriber_key",
    create: "CREATE TABLE IF NOT EXISTS rm_newsletter_subscribers (
        subscriber_key TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        language TEXT NOT NULL,
        status TEXT NOT NULL,
        requested_at TEXT NOT NULL,
        confirmed_at TEXT,
        search TEXT NOT NULL
    )",
};

pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_newsletter_subscribers_requested_idx ON rm_newsletter_subscribers (requested_at)",
];

#[derive(Deserialize)]
struct Contact {
    email: String,
}

pub fn interested(category: &str) -> bool {
    category == newsletter::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let key = event.stream.entity_id();
    let decoded: NewsletterEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    match decoded {
        NewsletterEvent::NewsletterSubscriptionRequested {
            language,
            contact,
            at,
            ..
        } => {
            let Some(raw) = store.payload(contact.subject, &contact.key).await? else {
                // Unsubscribed or deleted since: nothing of it is kept.
                return Ok(());
            };
            let contact: Contact = serde_json::from_str(&raw)
                .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
            sqlx::query(
                "INSERT INTO rm_newsletter_subscribers
                 (subscriber_key, email, language, status, requested_at, search)
                 VALUES ($1, $2, $3, 'pending', $4, $5)
                 ON CONFLICT (subscriber_key) DO UPDATE SET email = excluded.email,
                    language = excluded.language, requested_at = excluded.requested_at,
                    search = excluded.search",
            )
            .bind(key)
            .bind(&contact.email)
            .bind(language.as_str())
            .bind(utc(at))
            .bind(name_key(&contact.email))
            .execute(&mut **tx)
            .await?;
        }
        NewsletterEvent::NewsletterSubscriptionConfirmed { at, .. } => {
            sqlx::query(
                "UPDATE rm_newsletter_subscribers SET status = 'confirmed', confirmed_at = $2
                 WHERE subscriber_key = $1",
            )
            .bind(key)
            .bind(utc(at))
            .execute(&mut **tx)
            .await?;
        }
        NewsletterEvent::NewsletterUnsubscribed { .. }
        | NewsletterEvent::NewsletterSubscriberDeleted { .. } => {
            sqlx::query("DELETE FROM rm_newsletter_subscribers WHERE subscriber_key = $1")
                .bind(key)
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
