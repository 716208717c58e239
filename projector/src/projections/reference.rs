//! `rm_reference`: one row per item of every admin-managed reference list
//! (disorders, keywords, countries, cities…), trashed ones included. The
//! folded `sort_key` and `search` columns come from the names alone
//! ([`name_key`]), so ordering and searching ignore case and accents the
//! same way on SQLite and PostgreSQL.

use domain::codec;
use domain::reference::{ReferenceEvent, ReferenceKind, name_key};
use sqlx::{Any, Transaction};
use store::RecordedEvent;

use super::Table;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_reference",
    key: "item_id",
    create: "CREATE TABLE IF NOT EXISTS rm_reference (
        item_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        name_fr TEXT NOT NULL,
        name_en TEXT NOT NULL,
        parent_id TEXT,
        code TEXT,
        trashed BIGINT NOT NULL DEFAULT 0,
        sort_key TEXT NOT NULL,
        search TEXT NOT NULL
    )",
};

/// Whether events of this stream category belong to this projection.
pub fn interested(category: &str) -> bool {
    ReferenceKind::ALL.iter().any(|k| k.category() == category)
}

/// The folded French name, then the item's id: a total order.
fn sort_key(name_fr: &str) -> String {
    name_key(name_fr)
}

/// Both folded names, searched with `LIKE '%' || key || '%'`.
fn search(name_fr: &str, name_en: &str) -> String {
    format!("{} {}", name_key(name_fr), name_key(name_en))
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let decoded: ReferenceEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
    match decoded {
        ReferenceEvent::ReferenceItemAdded {
            item_id,
            kind,
            name_fr,
            name_en,
            parent,
            code,
            ..
        } => {
            sqlx::query(
                "INSERT INTO rm_reference (item_id, kind, name_fr, name_en, parent_id, code, trashed, sort_key, search)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                 ON CONFLICT (item_id) DO NOTHING",
            )
            .bind(item_id.to_string())
            .bind(kind.as_str())
            .bind(name_fr.as_str())
            .bind(name_en.as_str())
            .bind(parent.map(|p| p.to_string()))
            .bind(code)
            .bind(0_i64)
            .bind(sort_key(&name_fr))
            .bind(search(&name_fr, &name_en))
            .execute(&mut **tx)
            .await?;
        }
        ReferenceEvent::ReferenceItemRenamed {
            item_id,
            name_fr,
            name_en,
            code,
            ..
        } => {
            sqlx::query(
                "UPDATE rm_reference SET name_fr = $1, name_en = $2, code = $3, sort_key = $4, search = $5 WHERE item_id = $6",
            )
            .bind(name_fr.as_str())
            .bind(name_en.as_str())
            .bind(code)
            .bind(sort_key(&name_fr))
            .bind(search(&name_fr, &name_en))
            .bind(item_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        ReferenceEvent::ReferenceItemTrashed { item_id, .. } => {
            set_trashed(tx, &item_id.to_string(), 1).await?;
        }
        ReferenceEvent::ReferenceItemRestored { item_id, .. } => {
            set_trashed(tx, &item_id.to_string(), 0).await?;
        }
    }
    Ok(())
}

async fn set_trashed(
    tx: &mut Transaction<'_, Any>,
    item_id: &str,
    trashed: i64,
) -> Result<(), ProjectorError> {
    sqlx::query("UPDATE rm_reference SET trashed = $1 WHERE item_id = $2")
        .bind(trashed)
        .bind(item_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_item_streams_are_projected_not_name_reservations() {
        assert!(interested("ref_city"));
        assert!(interested("ref_complaint_type"));
        assert!(!interested("refname_city"));
        assert!(!interested("account"));
    }

    #[test]
    fn sorting_and_searching_ignore_case_and_accents() {
        assert_eq!(sort_key("Éveil"), "eveil");
        assert_eq!(search("Anxiété", "Anxiety"), "anxiete anxiety");
    }
}
