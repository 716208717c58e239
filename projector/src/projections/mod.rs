//! Projections: each read-model table and the events that fill it. They only
//! copy what events (and the payloads they reference) say: no clock, no
//! random values, so a rebuild gives the same rows.

mod accounts;

use sqlx::{Any, Transaction};
use store::{EventStore, RecordedEvent};

use crate::runner::ProjectorError;

/// A read-model table: its name, a stable ordering key and its DDL.
pub struct Table {
    pub name: &'static str,
    pub key: &'static str,
    pub create: &'static str,
}

/// Shown in place of personal data once the subject is forgotten.
pub const ERASED: &str = "[erased]";

pub const SCHEMA: &[Table] = &[
    Table {
        name: "rm_checkpoint",
        key: "name",
        create: "CREATE TABLE IF NOT EXISTS rm_checkpoint (name TEXT PRIMARY KEY, tx BIGINT NOT NULL, pos BIGINT NOT NULL)",
    },
    accounts::TABLE,
];

/// Applies one event to every projection interested in it.
pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    store: &dyn EventStore,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    match event.stream.category() {
        domain::account::ACCOUNT_CATEGORY => accounts::apply(tx, store, event).await,
        _ => Ok(()),
    }
}
