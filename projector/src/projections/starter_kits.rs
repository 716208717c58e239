//! `rm_starter_kit_requests`: who asked for the starter kit, newest first in
//! the administrators' list. Who asked is a forgettable payload of the
//! request: a deleted request leaves the table, and a rebuild that meets a
//! shredded payload keeps no trace of it.

use std::sync::Arc;

use domain::codec;
use domain::reference::name_key;
use domain::starter_kit::{self, StarterKitEvent, StarterKitForm};
use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use super::Table;
use super::bookings::utc;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_starter_kit_requests",
    key: "request_id",
    create: "CREATE TABLE IF NOT EXISTS rm_starter_kit_requests (
        request_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        language TEXT NOT NULL,
        requested_at TEXT NOT NULL,
        search TEXT NOT NULL
    )",
};

pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_starter_kit_requests_at_idx ON rm_starter_kit_requests (requested_at)",
];

pub fn interested(category: &str) -> bool {
    category == starter_kit::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let decoded: StarterKitEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    match decoded {
        StarterKitEvent::StarterKitRequested {
            request_id,
            language,
            contact,
            at,
        } => {
            let Some(raw) = store.payload(contact.subject, &contact.key).await? else {
                // Deleted on request since: nothing of it is kept.
                return Ok(());
            };
            let form: StarterKitForm = serde_json::from_str(&raw)
                .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
            let search = name_key(&format!("{} {}", form.name, form.email));
            sqlx::query(
                "INSERT INTO rm_starter_kit_requests
                 (request_id, name, email, language, requested_at, search)
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (request_id) DO NOTHING",
            )
            .bind(request_id.to_string())
            .bind(form.name)
            .bind(form.email)
            .bind(language.as_str())
            .bind(utc(at))
            .bind(search)
            .execute(&mut **tx)
            .await?;
        }
        StarterKitEvent::StarterKitRequestDeleted { request_id, .. } => {
            sqlx::query("DELETE FROM rm_starter_kit_requests WHERE request_id = $1")
                .bind(request_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
