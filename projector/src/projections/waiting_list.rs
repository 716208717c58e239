//! `rm_waiting_list`: the entries of the waiting list, for the
//! administrators' list and for the reactions that share free slots out.
//! Names of the expert or speciality are those at the time of the entry.
//! The address is a forgettable payload of the entry: leaving or a deletion
//! on request removes the row, and a rebuild that meets a shredded payload
//! keeps no trace of it.

use std::sync::Arc;

use domain::codec;
use domain::reference::name_key;
use domain::waiting_list::{self, WaitTarget, WaitingListEvent};
use serde::Deserialize;
use sqlx::{Any, Row, Transaction};
use store::{EventStore, RecordedEvent};

use super::Table;
use super::bookings::utc;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_waiting_list",
    key: "entry_id",
    create: "CREATE TABLE IF NOT EXISTS rm_waiting_list (
        entry_id TEXT PRIMARY KEY,
        email TEXT NOT NULL,
        language TEXT NOT NULL,
        consultant_id TEXT,
        consultant_name TEXT,
        specialization_id TEXT,
        specialization_name_fr TEXT,
        specialization_name_en TEXT,
        from_day TEXT NOT NULL,
        to_day TEXT NOT NULL,
        joined_at TEXT NOT NULL,
        notified_at TEXT,
        notifications BIGINT NOT NULL DEFAULT 0,
        search TEXT NOT NULL
    )",
};

pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_waiting_list_joined_idx ON rm_waiting_list (joined_at)",
    "CREATE INDEX IF NOT EXISTS rm_waiting_list_consultant_idx ON rm_waiting_list (consultant_id, to_day)",
    "CREATE INDEX IF NOT EXISTS rm_waiting_list_speciality_idx ON rm_waiting_list (specialization_id, to_day)",
];

#[derive(Deserialize)]
struct Contact {
    email: String,
}

pub fn interested(category: &str) -> bool {
    category == waiting_list::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &Arc<dyn EventStore>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let decoded: WaitingListEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(unreadable(event))?;
    match decoded {
        WaitingListEvent::WaitingListJoined {
            entry_id,
            target,
            days,
            language,
            contact,
            at,
        } => {
            let Some(raw) = store.payload(contact.subject, &contact.key).await? else {
                // Left or deleted since: nothing of it is kept.
                return Ok(());
            };
            let contact: Contact = serde_json::from_str(&raw)
                .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
            let (mut consultant, mut speciality) = (None, None);
            let mut names = String::new();
            match target {
                WaitTarget::Expert { consultant_id } => {
                    let row = sqlx::query(
                        "SELECT given_name, family_name FROM rm_consultants WHERE consultant_id = $1",
                    )
                    .bind(consultant_id.to_string())
                    .fetch_optional(&mut **tx)
                    .await?;
                    let name = match row {
                        Some(row) => format!(
                            "{} {}",
                            row.try_get::<String, _>(0)?,
                            row.try_get::<String, _>(1)?
                        ),
                        None => String::new(),
                    };
                    names.clone_from(&name);
                    consultant = Some((consultant_id.to_string(), name));
                }
                WaitTarget::Speciality { specialization_id } => {
                    let row =
                        sqlx::query("SELECT name_fr, name_en FROM rm_reference WHERE item_id = $1")
                            .bind(specialization_id.to_string())
                            .fetch_optional(&mut **tx)
                            .await?;
                    let (fr, en) = match row {
                        Some(row) => (row.try_get::<String, _>(0)?, row.try_get::<String, _>(1)?),
                        None => (String::new(), String::new()),
                    };
                    names = format!("{fr} {en}");
                    speciality = Some((specialization_id.to_string(), fr, en));
                }
            }
            sqlx::query(
                "INSERT INTO rm_waiting_list
                 (entry_id, email, language, consultant_id, consultant_name, specialization_id,
                  specialization_name_fr, specialization_name_en, from_day, to_day, joined_at, search)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
                 ON CONFLICT (entry_id) DO NOTHING",
            )
            .bind(entry_id.to_string())
            .bind(&contact.email)
            .bind(language.as_str())
            .bind(consultant.as_ref().map(|c| c.0.clone()))
            .bind(consultant.as_ref().map(|c| c.1.clone()))
            .bind(speciality.as_ref().map(|s| s.0.clone()))
            .bind(speciality.as_ref().map(|s| s.1.clone()))
            .bind(speciality.as_ref().map(|s| s.2.clone()))
            .bind(days.from.to_string())
            .bind(days.to.to_string())
            .bind(utc(at))
            .bind(name_key(&format!("{} {names}", contact.email)))
            .execute(&mut **tx)
            .await?;
        }
        WaitingListEvent::WaitingListSlotOffered { entry_id, at, .. } => {
            sqlx::query(
                "UPDATE rm_waiting_list SET notified_at = $2, notifications = notifications + 1
                 WHERE entry_id = $1",
            )
            .bind(entry_id.to_string())
            .bind(utc(at))
            .execute(&mut **tx)
            .await?;
        }
        WaitingListEvent::WaitingListLeft { entry_id, .. }
        | WaitingListEvent::WaitingListEntryDeleted { entry_id, .. } => {
            sqlx::query("DELETE FROM rm_waiting_list WHERE entry_id = $1")
                .bind(entry_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
