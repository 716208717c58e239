//! `rm_favourite`: the experts each client marked, with when. The favourites
//! page joins it with `rm_directory`, so experts no longer listed drop out.

use domain::codec;
use domain::favourite::{self, FavouriteEvent};
use sqlx::{Any, Transaction};
use store::RecordedEvent;

use super::Table;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_favourite",
    key: "client_id, consultant_id",
    create: "CREATE TABLE IF NOT EXISTS rm_favourite (
        client_id TEXT NOT NULL,
        consultant_id TEXT NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (client_id, consultant_id)
    )",
};

pub fn interested(category: &str) -> bool {
    category == favourite::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let decoded: FavouriteEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ProjectorError::Unreadable(event.event_id, e.to_string()))?;
    let client_id = event.stream.entity_id();
    match decoded {
        FavouriteEvent::FavouriteAdded { consultant_id, at } => {
            sqlx::query(
                "INSERT INTO rm_favourite (client_id, consultant_id, added_at) VALUES ($1, $2, $3)
                 ON CONFLICT (client_id, consultant_id) DO NOTHING",
            )
            .bind(client_id)
            .bind(consultant_id.to_string())
            .bind(at.to_rfc3339())
            .execute(&mut **tx)
            .await?;
        }
        FavouriteEvent::FavouriteRemoved { consultant_id, .. } => {
            sqlx::query("DELETE FROM rm_favourite WHERE client_id = $1 AND consultant_id = $2")
                .bind(client_id)
                .bind(consultant_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
    }
    Ok(())
}
