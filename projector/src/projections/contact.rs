//! `rm_contact_messages`: the messages of the contact form, newest first in
//! the administrators' list. The content is a forgettable payload of the
//! message: a deleted message leaves the table, and a rebuild that meets a
//! shredded payload keeps no trace of it either.

use std::sync::Arc;

use domain::codec;
use domain::contact::{self, ContactEvent, ContactForm};
use domain::reference::name_key;
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::Table;
use super::bookings::utc;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_contact_messages",
    key: "message_id",
    create: "CREATE TABLE IF NOT EXISTS rm_contact_messages (
        message_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        phone TEXT,
        organisation TEXT,
        subject TEXT NOT NULL,
        message TEXT NOT NULL,
        language TEXT NOT NULL,
        received_at TEXT NOT NULL,
        search TEXT NOT NULL
    )",
};

pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_contact_messages_received_idx ON rm_contact_messages (received_at)",
];

pub fn interested(category: &str) -> bool {
    category == contact::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let decoded: ContactEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    match decoded {
        ContactEvent::ContactMessageReceived {
            message_id,
            language,
            content,
            at,
        } => {
            let Some(raw) = store.payload(content.subject, &content.key).await? else {
                // Deleted on request since: nothing of it is kept.
                return Ok(());
            };
            let form: ContactForm = serde_json::from_str(&raw)
                .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
            // Folded as the list's search is (case and accents ignored).
            let search = name_key(&format!(
                "{} {} {} {}",
                form.name,
                form.email,
                form.organisation.as_deref().unwrap_or_default(),
                form.subject
            ));
            sqlx::query(
                "INSERT INTO rm_contact_messages
                 (message_id, name, email, phone, organisation, subject, message, language, received_at, search)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (message_id) DO NOTHING",
            )
            .bind(message_id.to_string())
            .bind(form.name)
            .bind(form.email)
            .bind(form.phone)
            .bind(form.organisation)
            .bind(form.subject)
            .bind(form.message)
            .bind(language.as_str())
            .bind(utc(at))
            .bind(search)
            .execute(&mut **tx)
            .await?;
        }
        ContactEvent::ContactMessageDeleted { message_id, .. } => {
            sqlx::query("DELETE FROM rm_contact_messages WHERE message_id = $1")
                .bind(message_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
