//! `rm_audit`: the administrators' audit trail (docs/complaints.md). One row
//! per event of a complaint, a booking (its reminders too), a consultant
//! (account and profile streams) or a client (account and client-file
//! streams): which entity, when, who (the metadata's actor id and role) and
//! `changes`, the names of the event's fields that carry something, never
//! their values.
//!
//! `changes` comes from the stored JSON alone (no payload is read): personal
//! and health data travel as payload references, so their field names show
//! (`text`, `answers`) while the texts stay in the forgettable store, and a
//! rebuild after a subject was forgotten writes the same rows.
//!
//! Rows are gathered for the batch and written as a few multi-row INSERTs.

use std::collections::HashMap;

use serde_json::Value;
use sqlx::{Any, Transaction};
use store::RecordedEvent;

use super::Table;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_audit",
    key: "entity_kind, entity_id, position",
    create: "CREATE TABLE IF NOT EXISTS rm_audit (
        entity_kind TEXT NOT NULL,
        entity_id TEXT NOT NULL,
        position BIGINT NOT NULL,
        event_id TEXT NOT NULL,
        event_type TEXT NOT NULL,
        at TEXT NOT NULL,
        actor_id TEXT,
        actor_role TEXT,
        changes TEXT NOT NULL,
        PRIMARY KEY (entity_kind, entity_id, position)
    )",
};

/// The history of one entity, in order, is the primary key itself (an
/// event's position is unique): one B-tree to keep up on replay, not two.
pub const INDEXES: &[&str] = &[];

/// Parameters per row, rows per INSERT (powers of two up to this, so a few
/// statement texts serve every batch; ~16 KB each, see `accounts`).
const COLUMNS: usize = 9;
const INSERT_ROWS: usize = 64;

/// Categories of the audited streams and the kind of entity they belong to;
/// account streams are the client's or the consultant's, by role.
fn entity_kind(category: &str) -> Option<&'static str> {
    match category {
        c if c == domain::complaint::CATEGORY => Some("complaint"),
        c if c == domain::booking::CATEGORY || c == domain::reminder::CATEGORY => Some("booking"),
        c if c == domain::consultant::CATEGORY => Some("consultant"),
        c if c == domain::client_file::CATEGORY => Some("client"),
        _ => None,
    }
}

/// Account streams (and their sign-in logs, `signins-{account}`) are the
/// account's: audited under the account's id.
pub fn interested(category: &str) -> bool {
    category == domain::account::ACCOUNT_CATEGORY
        || category == domain::account::SIGN_IN_CATEGORY
        || entity_kind(category).is_some()
}

/// The names of the fields an event sets: every top-level key of its JSON
/// except ids and times, and except fields left empty (null, `[]`, `""`).
pub fn changes(payload: &str) -> String {
    let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(payload) else {
        return String::new();
    };
    let names: Vec<&str> = fields
        .iter()
        .filter(|(name, value)| {
            let technical = name.as_str() == "id"
                || name.as_str() == "at"
                || name.ends_with("_id")
                || name.ends_with("_at")
                || name.as_str() == "login_key";
            let empty = match value {
                Value::Null => true,
                Value::Array(items) => items.is_empty(),
                Value::String(text) => text.is_empty(),
                _ => false,
            };
            !technical && !empty
        })
        .map(|(name, _)| name.as_str())
        .collect();
    names.join(",")
}

struct Row {
    kind: &'static str,
    entity_id: String,
    position: i64,
    event_id: String,
    event_type: String,
    at: String,
    actor_id: Option<String>,
    actor_role: Option<String>,
    changes: String,
}

/// Rows of the current batch not yet written, and the audited kind of the
/// accounts seen (`None`: an administrator's, not audited).
#[derive(Default)]
pub struct Pending {
    rows: Vec<Row>,
    account_kinds: HashMap<String, Option<&'static str>>,
}

impl Pending {
    pub async fn apply(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        event: &RecordedEvent,
    ) -> Result<(), ProjectorError> {
        let category = event.stream.category();
        let entity_id = event.stream.entity_id();
        let kind = match entity_kind(category) {
            Some(kind) => Some(kind),
            None => self.account_kind(tx, event).await?,
        };
        let Some(kind) = kind else {
            return Ok(());
        };
        self.rows.push(Row {
            kind,
            entity_id: entity_id.to_owned(),
            position: event.position.pos,
            event_id: event.event_id.to_string(),
            event_type: event.event_type.clone(),
            at: super::bookings::utc(event.metadata.recorded_at),
            actor_id: event.metadata.actor_id.map(|a| a.to_string()),
            actor_role: event.metadata.actor_role.clone(),
            changes: changes(&event.payload),
        });
        Ok(())
    }

    /// `client` or `consultant` for an account stream, from its
    /// registration (in this batch, or already in `rm_accounts`).
    async fn account_kind(
        &mut self,
        tx: &mut Transaction<'_, Any>,
        event: &RecordedEvent,
    ) -> Result<Option<&'static str>, ProjectorError> {
        let id = event.stream.entity_id();
        if event.event_type == "AccountRegistered" {
            let role = serde_json::from_str::<Value>(&event.payload)
                .ok()
                .and_then(|p| p["role"].as_str().map(role_kind));
            let kind = role.flatten();
            self.account_kinds.insert(id.to_owned(), kind);
            return Ok(kind);
        }
        if let Some(kind) = self.account_kinds.get(id) {
            return Ok(*kind);
        }
        let role: Option<String> =
            sqlx::query_scalar("SELECT role FROM rm_accounts WHERE account_id = $1")
                .bind(id)
                .fetch_optional(&mut **tx)
                .await?;
        let kind = role.as_deref().and_then(role_kind);
        self.account_kinds.insert(id.to_owned(), kind);
        Ok(kind)
    }

    /// Writes the batch's rows.
    pub async fn flush(&mut self, tx: &mut Transaction<'_, Any>) -> Result<(), ProjectorError> {
        let rows = std::mem::take(&mut self.rows);
        let mut rest = rows.as_slice();
        for size in super::accounts::chunk_sizes(rest.len(), INSERT_ROWS) {
            let (chunk, tail) = rest.split_at(size);
            rest = tail;
            let mut query = sqlx::query(sqlx::AssertSqlSafe(insert_sql(size)));
            for row in chunk {
                query = query
                    .bind(row.kind)
                    .bind(row.entity_id.as_str())
                    .bind(row.position)
                    .bind(row.event_id.as_str())
                    .bind(row.event_type.as_str())
                    .bind(row.at.as_str())
                    .bind(row.actor_id.as_deref())
                    .bind(row.actor_role.as_deref())
                    .bind(row.changes.as_str());
            }
            query.execute(&mut **tx).await?;
        }
        Ok(())
    }
}

fn role_kind(role: &str) -> Option<&'static str> {
    match role {
        "client" => Some("client"),
        "consultant" => Some("consultant"),
        _ => None,
    }
}

fn insert_sql(rows: usize) -> String {
    let values: Vec<String> = (0..rows)
        .map(|r| {
            let p: Vec<String> = (1..=COLUMNS)
                .map(|c| format!("${}", r * COLUMNS + c))
                .collect();
            format!("({})", p.join(", "))
        })
        .collect();
    format!(
        "INSERT INTO rm_audit (entity_kind, entity_id, position, event_id, event_type, at, actor_id, actor_role, changes)
         VALUES {} ON CONFLICT (entity_kind, entity_id, position) DO NOTHING",
        values.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_name_the_fields_set_never_ids_times_or_values() {
        let payload = r#"{"complaint_id":"c","author_id":"a","author_role":"client",
            "respondent_id":null,"desired_outcome":null,"complaint_type_id":"t",
            "text":{"subject":"a","key":"k"},"attachments":[],"booking_start":"2026-11-01T10:00:00Z",
            "at":"2026-11-02T10:00:00Z"}"#;
        assert_eq!(changes(payload), "author_role,booking_start,text");
    }

    #[test]
    fn an_event_without_fields_changes_nothing_named() {
        assert_eq!(changes(r#"{"at":"2026-11-02T10:00:00Z"}"#), "");
        assert_eq!(changes("not json"), "");
    }

    #[test]
    fn health_answers_show_as_their_field_name_only() {
        let payload =
            r#"{"answers":{"subject":"s","key":"health-1"},"share_with_experts":true,"at":"x"}"#;
        let named = changes(payload);
        assert_eq!(named, "answers,share_with_experts");
        assert!(!named.contains("health-1"));
    }
}
