//! SQLite backend, the embedded default. Every write goes through one writer
//! connection and starts with `BEGIN IMMEDIATE`, so racing appends queue for
//! the connection instead of failing with SQLITE_BUSY; reads use their own
//! pool (WAL lets them run beside the writer). Commits are serial, so the
//! AUTOINCREMENT rowid is the global order and `Position.tx == Position.pos`.
//!
//! UUIDs are stored as hyphenated text, timestamps as integer microseconds
//! since the Unix epoch (see [`crate::truncate_micros`]).

mod append;
mod codec;
mod reactor;
mod read;
mod side_writes;
mod throttle;

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use uuid::Uuid;

use crate::{
    AppendRequest, AppendResult, Credential, EventStore, Position, ReactorStore, RecordedEvent,
    Result, ScheduledCommand, SessionRecord, StreamId,
};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/sqlite");

const READ_CONNECTIONS: u32 = 4;

#[derive(Clone, Debug)]
pub struct SqliteStore {
    /// Exactly one connection: the queue every write waits in.
    writer: SqlitePool,
    reader: SqlitePool,
}

impl SqliteStore {
    /// Opens (creating if missing) a file path or `sqlite:` URL and runs the
    /// migrations. `sqlite::memory:` works too, over a single connection.
    pub async fn connect(url_or_path: &str) -> Result<Self> {
        let memory = url_or_path.contains(":memory:") || url_or_path.contains("mode=memory");
        let options = if url_or_path.starts_with("sqlite:") {
            SqliteConnectOptions::from_str(url_or_path)?
        } else {
            // A plain path: create its directory too (e.g. `data/events.db`).
            if let Some(dir) = Path::new(url_or_path).parent()
                && !dir.as_os_str().is_empty()
            {
                std::fs::create_dir_all(dir).map_err(sqlx::Error::Io)?;
            }
            SqliteConnectOptions::new().filename(url_or_path)
        }
        .create_if_missing(true)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(10));
        if memory {
            // An in-memory database lives as long as its one connection.
            let pool = SqlitePoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
                .acquire_timeout(Duration::from_secs(60))
                .connect_with(options)
                .await?;
            MIGRATOR.run(&pool).await?;
            return Ok(Self {
                writer: pool.clone(),
                reader: pool,
            });
        }
        // WAL: readers never block the writer. FULL: a committed event survives power loss.
        let options = options
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full);
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(60))
            .connect_with(options.clone())
            .await?;
        MIGRATOR.run(&writer).await?;
        let reader = SqlitePoolOptions::new()
            .max_connections(READ_CONNECTIONS)
            .connect_with(options)
            .await?;
        Ok(Self { writer, reader })
    }
}

#[async_trait]
impl EventStore for SqliteStore {
    async fn append(&self, request: AppendRequest) -> Result<AppendResult> {
        append::append(self, &request).await
    }

    async fn read_stream(&self, stream: &StreamId) -> Result<Vec<RecordedEvent>> {
        read::read_stream(&self.reader, stream).await
    }

    async fn read_all(&self, after: Position, limit: usize) -> Result<Vec<RecordedEvent>> {
        read::read_all(&self.reader, after, limit).await
    }

    async fn head(&self) -> Result<Position> {
        read::head(&self.reader).await
    }

    async fn issued(&self, position: Position) -> Result<bool> {
        Ok(
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM events WHERE global_position >= ?1)")
                .bind(position.pos)
                .fetch_one(&self.reader)
                .await?,
        )
    }

    async fn event_position(&self, event_id: Uuid) -> Result<Option<Position>> {
        Ok(read::positions_of(&self.reader, &[event_id])
            .await?
            .first()
            .map(|(_, p)| *p))
    }

    async fn events_of_entity(
        &self,
        category: &str,
        entity_id: &str,
    ) -> Result<Vec<RecordedEvent>> {
        read::events_of_entity(&self.reader, category, entity_id).await
    }

    async fn payload(&self, subject: Uuid, key: &str) -> Result<Option<String>> {
        read::payload(&self.reader, subject, key).await
    }

    async fn payloads(&self, refs: &[(Uuid, String)]) -> Result<Vec<Option<String>>> {
        read::payloads(&self.reader, refs).await
    }

    async fn credential_by_login(&self, role: &str, login_key: &str) -> Result<Option<Credential>> {
        read::credential_by_login(&self.reader, role, login_key).await
    }

    async fn credential(&self, account_id: Uuid) -> Result<Option<Credential>> {
        read::credential(&self.reader, account_id).await
    }

    async fn session(&self, session_id: Uuid) -> Result<Option<SessionRecord>> {
        read::session(&self.reader, session_id).await
    }
}

// Reactor writes go through the writer too, so they queue like appends.
#[async_trait]
impl ReactorStore for SqliteStore {
    async fn acquire_lease(
        &self,
        name: &str,
        holder: Uuid,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<bool> {
        reactor::acquire_lease(&self.writer, name, holder, now, until).await
    }

    async fn checkpoint(&self, name: &str) -> Result<Position> {
        reactor::checkpoint(&self.reader, name).await
    }

    async fn save_checkpoint(&self, name: &str, position: Position) -> Result<()> {
        reactor::save_checkpoint(&self.writer, name, position).await
    }

    async fn record_effect(&self, effect_id: Uuid, at: DateTime<Utc>) -> Result<bool> {
        reactor::record_effect(&self.writer, effect_id, at).await
    }

    async fn effect_done(&self, effect_id: Uuid) -> Result<bool> {
        reactor::effect_done(&self.reader, effect_id).await
    }

    async fn schedule(&self, entry: ScheduledCommand) -> Result<()> {
        reactor::schedule(&self.writer, entry).await
    }

    async fn due(&self, now: DateTime<Utc>, limit: usize) -> Result<Vec<ScheduledCommand>> {
        reactor::due(&self.reader, now, limit).await
    }

    async fn mark_fired(&self, id: Uuid, at: DateTime<Utc>) -> Result<()> {
        reactor::mark_fired(&self.writer, id, at).await
    }
}

#[async_trait]
impl crate::ThrottleStore for SqliteStore {
    async fn failures(
        &self,
        key: &str,
        since: DateTime<Utc>,
    ) -> Result<Option<crate::FailureCount>> {
        throttle::failures(&self.reader, key, since).await
    }

    async fn record_failure(
        &self,
        key: &str,
        now: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<crate::FailureCount> {
        throttle::record_failure(&self.writer, key, now, since).await
    }

    async fn clear_failures(&self, key: &str) -> Result<()> {
        throttle::clear_failures(&self.writer, key).await
    }

    async fn claim_step(&self, key: &str, step: i64) -> Result<bool> {
        throttle::claim_step(&self.writer, key, step).await
    }
}
