//! PostgreSQL backend. Appends run concurrently (one row lock per stream, no
//! global lock); readers follow `(transaction_id, global_position)` and stop
//! below the oldest running transaction, so a position taken by a transaction
//! that commits later is never skipped (DESIGN §1 "known traps").

mod append;
mod reactor;
mod read;
mod session_cache;
mod side_writes;
mod throttle;

use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::PgPool;
use sqlx::postgres::PgPoolOptions;
use uuid::Uuid;

use crate::{
    AppendRequest, AppendResult, Credential, EventStore, Position, ReactorStore, RecordedEvent,
    Result, ScheduledCommand, SessionRecord, StreamId,
};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("migrations/postgres");

/// Connections per store: enough for 8 concurrent writers plus readers.
const DEFAULT_MAX_CONNECTIONS: u32 = 16;

#[derive(Clone)]
pub struct PgStore {
    pool: PgPool,
    sessions: Arc<session_cache::SessionCache>,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore").field("pool", &self.pool).finish()
    }
}

impl PgStore {
    /// Connects to `postgres://…` and runs the migrations.
    pub async fn connect(url: &str) -> Result<Self> {
        let pool = PgPoolOptions::new()
            .max_connections(DEFAULT_MAX_CONNECTIONS)
            .acquire_timeout(Duration::from_secs(30))
            // No ping on every checkout: a dead connection fails its query
            // and is replaced; one round trip less per append and per read.
            .test_before_acquire(false)
            .connect(url)
            .await?;
        Self::from_pool(pool).await
    }

    /// Wraps an existing pool (e.g. with another size) and runs the migrations.
    pub async fn from_pool(pool: PgPool) -> Result<Self> {
        MIGRATOR.run(&pool).await?;
        let sessions = session_cache::SessionCache::start(&pool);
        Ok(Self { pool, sessions })
    }

    /// Whether session checks are answered from memory now (the revocation
    /// listener is subscribed); otherwise each reads the table.
    pub fn sessions_from_memory(&self) -> bool {
        self.sessions.is_listening()
    }

    /// The underlying pool, for tests and tools that need raw access.
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// Writes the request inside a transaction the caller owns and commits
    /// (no idempotency resolution, no retry). Returns the position of the last
    /// event, `None` when the request has no events. Used by the
    /// out-of-order-commit test to hold a transaction open.
    pub async fn append_in_transaction(
        &self,
        conn: &mut sqlx::PgConnection,
        request: &AppendRequest,
    ) -> Result<Option<Position>> {
        crate::common::validate(request)?;
        append::write(conn, request).await
    }
}

#[async_trait]
impl EventStore for PgStore {
    async fn append(&self, request: AppendRequest) -> Result<AppendResult> {
        let result = append::append(self, &request).await?;
        self.sessions.forget_revoked(&request.side_writes);
        Ok(result)
    }

    async fn read_stream(&self, stream: &StreamId) -> Result<Vec<RecordedEvent>> {
        read::read_stream(&self.pool, stream).await
    }

    async fn read_all(&self, after: Position, limit: usize) -> Result<Vec<RecordedEvent>> {
        read::read_all(&self.pool, after, limit).await
    }

    async fn head(&self) -> Result<Position> {
        read::head(&self.pool).await
    }

    async fn issued(&self, position: Position) -> Result<bool> {
        Ok(
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM events WHERE global_position >= $1)")
                .bind(position.pos)
                .fetch_one(&self.pool)
                .await?,
        )
    }

    async fn event_position(&self, event_id: Uuid) -> Result<Option<Position>> {
        Ok(read::positions_of(&self.pool, &[event_id])
            .await?
            .first()
            .map(|(_, p)| *p))
    }

    async fn events_of_entity(
        &self,
        category: &str,
        entity_id: &str,
    ) -> Result<Vec<RecordedEvent>> {
        read::events_of_entity(&self.pool, category, entity_id).await
    }

    async fn payload(&self, subject: Uuid, key: &str) -> Result<Option<String>> {
        read::payload(&self.pool, subject, key).await
    }

    async fn payloads(&self, refs: &[(Uuid, String)]) -> Result<Vec<Option<String>>> {
        read::payloads(&self.pool, refs).await
    }

    async fn credential_by_login(&self, role: &str, login_key: &str) -> Result<Option<Credential>> {
        read::credential_by_login(&self.pool, role, login_key).await
    }

    async fn credential(&self, account_id: Uuid) -> Result<Option<Credential>> {
        read::credential(&self.pool, account_id).await
    }

    async fn session(&self, session_id: Uuid) -> Result<Option<SessionRecord>> {
        if let Some(kept) = self.sessions.get(session_id) {
            return Ok(Some(kept));
        }
        let generation = self.sessions.generation();
        let record = read::session(&self.pool, session_id).await?;
        if let Some(record) = &record {
            self.sessions.keep(generation, record);
        }
        Ok(record)
    }
}

#[async_trait]
impl ReactorStore for PgStore {
    async fn acquire_lease(
        &self,
        name: &str,
        holder: Uuid,
        now: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> Result<bool> {
        reactor::acquire_lease(&self.pool, name, holder, now, until).await
    }

    async fn checkpoint(&self, name: &str) -> Result<Position> {
        reactor::checkpoint(&self.pool, name).await
    }

    async fn save_checkpoint(&self, name: &str, position: Position) -> Result<()> {
        reactor::save_checkpoint(&self.pool, name, position).await
    }

    async fn record_effect(&self, effect_id: Uuid, at: DateTime<Utc>) -> Result<bool> {
        reactor::record_effect(&self.pool, effect_id, at).await
    }

    async fn effect_done(&self, effect_id: Uuid) -> Result<bool> {
        reactor::effect_done(&self.pool, effect_id).await
    }

    async fn schedule(&self, entry: ScheduledCommand) -> Result<()> {
        reactor::schedule(&self.pool, entry).await
    }

    async fn due(&self, now: DateTime<Utc>, limit: usize) -> Result<Vec<ScheduledCommand>> {
        reactor::due(&self.pool, now, limit).await
    }

    async fn mark_fired(&self, id: Uuid, at: DateTime<Utc>) -> Result<()> {
        reactor::mark_fired(&self.pool, id, at).await
    }
}

#[async_trait]
impl crate::ThrottleStore for PgStore {
    async fn failures(
        &self,
        key: &str,
        since: DateTime<Utc>,
    ) -> Result<Option<crate::FailureCount>> {
        throttle::failures(&self.pool, key, since).await
    }

    async fn record_failure(
        &self,
        key: &str,
        now: DateTime<Utc>,
        since: DateTime<Utc>,
    ) -> Result<crate::FailureCount> {
        throttle::record_failure(&self.pool, key, now, since).await
    }

    async fn clear_failures(&self, key: &str) -> Result<()> {
        throttle::clear_failures(&self.pool, key).await
    }

    async fn claim_step(&self, key: &str, step: i64) -> Result<bool> {
        throttle::claim_step(&self.pool, key, step).await
    }
}
