//! The write side's persistence: the event store (DESIGN §1), the
//! forgettable-payload store, credentials and sessions, and the bookkeeping of
//! the reactions worker. One trait per concern, one SQLite and one PostgreSQL
//! implementation each, one conformance suite (`tests/`) run against both.
//!
//! Errors: every method returns [`StoreError`]; callers map it once.
//!
//! Timestamps are stored at microsecond precision (finer digits are truncated
//! on write); build them with [`truncate_micros`] to compare equal on read.
//!
//! On PostgreSQL an event becomes readable through `read_all`/`head` only once
//! every older transaction of the cluster has ended, so readers wait (bounded)
//! for a position rather than expecting it at once; `read_stream` sees it at
//! commit. Tests of other crates get databases from `store::testing` (feature
//! `testing`).
#![forbid(unsafe_code)]

mod common;
mod error;
mod model;
pub mod postgres;
pub mod sqlite;
#[cfg(feature = "testing")]
pub mod testing;

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use uuid::Uuid;

pub use common::truncate_micros;
pub use error::StoreError;
pub use model::*;

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// The append-only log of events plus the rows that commit with it.
#[async_trait]
pub trait EventStore: Send + Sync + 'static {
    /// Appends to one or more streams atomically, each with its own expected
    /// version, together with `side_writes`. A wrong expected version fails
    /// the whole append with [`StoreError::Conflict`] and writes nothing.
    /// Re-sending an append whose event ids all exist returns
    /// `already_applied` with the original position; a partial overlap is
    /// [`StoreError::DuplicateEvent`].
    async fn append(&self, request: AppendRequest) -> Result<AppendResult>;

    /// Every event of a stream in stream order (empty when it does not exist).
    async fn read_stream(&self, stream: &StreamId) -> Result<Vec<RecordedEvent>>;

    /// Up to `limit` events strictly after `after`, in global order, never
    /// skipping one that commits later (guarantee 3).
    async fn read_all(&self, after: Position, limit: usize) -> Result<Vec<RecordedEvent>>;

    /// Position of the last event a reader may see now.
    async fn head(&self) -> Result<Position>;

    /// Whether an event at or past `position` was committed, visible to
    /// readers yet or not: false for a position the store never issued.
    async fn issued(&self, position: Position) -> Result<bool>;

    /// Where an event with this id was stored, if it was.
    async fn event_position(&self, event_id: Uuid) -> Result<Option<Position>>;

    /// Events of one entity across its streams, oldest first (audit views).
    async fn events_of_entity(&self, category: &str, entity_id: &str)
    -> Result<Vec<RecordedEvent>>;

    /// A personal-data payload, `None` once the subject is forgotten.
    async fn payload(&self, subject: Uuid, key: &str) -> Result<Option<String>>;

    /// Many payloads at once, in the order asked (projections replay
    /// thousands of events; one round trip instead of one per payload).
    async fn payloads(&self, refs: &[(Uuid, String)]) -> Result<Vec<Option<String>>> {
        let mut out = Vec::with_capacity(refs.len());
        for (subject, key) in refs {
            out.push(self.payload(*subject, key).await?);
        }
        Ok(out)
    }

    async fn credential_by_login(&self, role: &str, login_key: &str) -> Result<Option<Credential>>;
    async fn credential(&self, account_id: Uuid) -> Result<Option<Credential>>;
    async fn session(&self, session_id: Uuid) -> Result<Option<SessionRecord>>;
}

/// Bookkeeping of the reactions worker (DESIGN §1 "Side effects and time").
#[async_trait]
pub trait ReactorStore: Send + Sync + 'static {
    /// Takes or renews the named lease for `holder` until `until`; false when
    /// another holder has an unexpired lease. Only one worker acts at a time.
    async fn acquire_lease(
        &self,
        name: &str,
        holder: Uuid,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<bool>;
    async fn checkpoint(&self, name: &str) -> Result<Position>;
    async fn save_checkpoint(&self, name: &str, position: Position) -> Result<()>;
    /// Records that an effect with this deterministic id is done; false when it
    /// already was (so it is never performed twice).
    async fn record_effect(&self, effect_id: Uuid, at: DateTime<Utc>) -> Result<bool>;
    async fn effect_done(&self, effect_id: Uuid) -> Result<bool>;
    /// Schedules a command (idempotent on `id`).
    async fn schedule(&self, entry: ScheduledCommand) -> Result<()>;
    /// Commands due at or before `now` that have not fired, oldest first.
    async fn due(&self, now: DateTime<Utc>, limit: usize) -> Result<Vec<ScheduledCommand>>;
    async fn mark_fired(&self, id: Uuid, at: DateTime<Utc>) -> Result<()>;
}

/// Counters of failed attempts per key (sign-in throttling): an ordinary
/// changeable table of the store's database, shared by every instance, never
/// events and never one process's memory. A run of failures is forgotten once
/// it began before `since` (the caller's window).
#[async_trait]
pub trait ThrottleStore: Send + Sync + 'static {
    /// The current run of failures of `key`, if it began at or after `since`.
    async fn failures(&self, key: &str, since: DateTime<Utc>) -> Result<Option<FailureCount>>;
    /// Counts one failure at `now` (a run begun before `since` restarts at 1).
    async fn record_failure(
        &self,
        key: &str,
        now: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<FailureCount>;
    async fn clear_failures(&self, key: &str) -> Result<()>;
    /// Records that `key` used its one-time code of time step `step`: true
    /// the first time, false when that step (or a later one) was used already
    /// (a TOTP code is accepted once, on every instance).
    async fn claim_step(&self, key: &str, step: i64) -> Result<bool>;
}

/// A run of failures: how many, and when the last one was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FailureCount {
    pub failures: u32,
    pub last_at: DateTime<Utc>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledCommand {
    /// Deterministic: derived from the event that scheduled it.
    pub id: Uuid,
    pub due_at: DateTime<Utc>,
    pub kind: String,
    /// JSON text.
    pub payload: String,
}

/// Both stores over one connection set, chosen by the database URL.
#[derive(Clone)]
pub struct Stores {
    pub events: Arc<dyn EventStore>,
    pub reactor: Arc<dyn ReactorStore>,
    pub throttle: Arc<dyn ThrottleStore>,
}

/// Opens (and migrates) the store: `postgres://…` → PostgreSQL, anything else
/// is a SQLite file path or `sqlite:` URL.
pub async fn connect(database_url: &str) -> Result<Stores> {
    if database_url.starts_with("postgres://") || database_url.starts_with("postgresql://") {
        let store = Arc::new(postgres::PgStore::connect(database_url).await?);
        Ok(Stores {
            events: store.clone(),
            reactor: store.clone(),
            throttle: store,
        })
    } else {
        let store = Arc::new(sqlite::SqliteStore::connect(database_url).await?);
        Ok(Stores {
            events: store.clone(),
            reactor: store.clone(),
            throttle: store,
        })
    }
}
