//! The projector loop: read a batch after the checkpoint, apply it and move
//! the checkpoint in one read-model transaction; wait for the doorbell (or a
//! short timer, so a lost ring only delays) and go again.

use std::sync::Arc;
use std::time::Duration;

use platform::doorbell::Doorbell;
use sqlx::any::Any;
use sqlx::{Row, Transaction};
use store::{EventStore, Position, RecordedEvent};

use crate::ReadDb;
use crate::error::ProjectorError;
use crate::projections;

const CHECKPOINT: &str = "projector";
/// Events applied per transaction.
pub const BATCH: usize = 2000;
/// How long the loop waits for a ring before looking anyway.
const IDLE_POLL: Duration = Duration::from_millis(500);

#[derive(Clone)]
pub struct Projector {
    store: Arc<dyn EventStore>,
    read: ReadDb,
}

impl Projector {
    pub fn new(store: Arc<dyn EventStore>, read: ReadDb) -> Self {
        Projector { store, read }
    }

    pub fn read_db(&self) -> &ReadDb {
        &self.read
    }

    /// The position the read models reflect.
    pub async fn checkpoint(&self) -> Result<Position, ProjectorError> {
        checkpoint(&self.read).await
    }

    /// Applies up to `limit` events; returns how many. Steps of several
    /// projectors on one read database take turns and each applies only
    /// what follows the checkpoint it reads under the lock, so no event is
    /// applied twice.
    pub async fn step(&self, limit: usize) -> Result<usize, ProjectorError> {
        let seen = self.checkpoint().await?;
        if self.store.read_all(seen, 1).await?.is_empty() {
            return Ok(0);
        }
        let mut tx = self.read.begin_exclusive().await?;
        let applied = self.apply_next(&mut tx, limit).await?;
        tx.commit().await?;
        Ok(applied)
    }

    /// Applies up to `limit` events after the checkpoint `tx` sees, and moves
    /// that checkpoint, inside `tx`.
    async fn apply_next(
        &self,
        tx: &mut Transaction<'_, Any>,
        limit: usize,
    ) -> Result<usize, ProjectorError> {
        let from = checkpoint_in(tx).await?;
        let events = self.store.read_all(from, limit).await?;
        self.apply_events(tx, &events).await
    }

    /// Applies `events` (the ones after the checkpoint `tx` sees) and moves
    /// the checkpoint to the last one, inside `tx`.
    async fn apply_events(
        &self,
        tx: &mut Transaction<'_, Any>,
        events: &[RecordedEvent],
    ) -> Result<usize, ProjectorError> {
        let Some(last) = events.last().map(|e| e.position) else {
            return Ok(0);
        };
        projections::apply_batch(tx, &self.store, events).await?;
        sqlx::query(
            "INSERT INTO rm_checkpoint (name, tx, pos) VALUES ($1, $2, $3)
             ON CONFLICT (name) DO UPDATE SET tx = excluded.tx, pos = excluded.pos",
        )
        .bind(CHECKPOINT)
        .bind(last.tx)
        .bind(last.pos)
        .execute(&mut **tx)
        .await?;
        Ok(events.len())
    }

    /// Applies everything there is now; returns how many events.
    pub async fn catch_up(&self) -> Result<usize, ProjectorError> {
        let mut total = 0;
        loop {
            match self.step(BATCH).await? {
                0 => return Ok(total),
                n => total += n,
            }
        }
    }

    /// Replays the whole log into shadow tables, then swaps their rows in,
    /// with their checkpoint, in one transaction. Until then users read the
    /// live tables: a rebuild that fails or is killed leaves them as they
    /// were. The shadows are temporary tables of one connection (its
    /// statements see them instead of the live ones, so every projection
    /// writes them unchanged); they vanish with the connection.
    pub async fn rebuild(&self) -> Result<usize, ProjectorError> {
        let mut conn = self.read.pool.acquire().await?.detach();
        self.read.create_shadow(&mut conn).await?;
        let mut total = 0;
        // The next batch is read from the store while this one is applied.
        let mut events = self.store.read_all(Position::START, BATCH).await?;
        while let Some(last) = events.last().map(|e| e.position) {
            let apply = async {
                let mut tx = sqlx::Connection::begin(&mut conn).await?;
                let applied = self.apply_events(&mut tx, &events).await?;
                tx.commit().await?;
                Ok::<_, ProjectorError>(applied)
            };
            let (applied, next) = tokio::join!(apply, self.store.read_all(last, BATCH));
            total += applied?;
            events = next?;
        }
        // Under the live projector's lock: the last events, then the swap,
        // so the checkpoint users see never moves back.
        let mut tx = self.read.begin_exclusive_on(&mut conn).await?;
        while let n @ 1.. = self.apply_next(&mut tx, BATCH).await? {
            total += n;
        }
        self.read.swap_in_shadow(&mut tx).await?;
        tx.commit().await?;
        Ok(total)
    }

    /// Runs until the task is dropped; errors are logged and retried.
    pub async fn run(self, doorbell: Doorbell) {
        let mut ring = doorbell.listen();
        loop {
            if let Err(error) = self.catch_up().await {
                tracing::error!(%error, "projection failed; retrying");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
            let _ = tokio::time::timeout(IDLE_POLL, ring.changed()).await;
        }
    }
}

/// The checkpoint as stored beside the rows it covers.
pub async fn checkpoint(read: &ReadDb) -> Result<Position, ProjectorError> {
    let row = sqlx::query("SELECT tx, pos FROM rm_checkpoint WHERE name = $1")
        .bind(CHECKPOINT)
        .fetch_optional(&read.pool)
        .await?;
    position(row)
}

/// [`checkpoint`], read inside `tx`.
async fn checkpoint_in(tx: &mut Transaction<'_, Any>) -> Result<Position, ProjectorError> {
    let row = sqlx::query("SELECT tx, pos FROM rm_checkpoint WHERE name = $1")
        .bind(CHECKPOINT)
        .fetch_optional(&mut **tx)
        .await?;
    position(row)
}

fn position(row: Option<sqlx::any::AnyRow>) -> Result<Position, ProjectorError> {
    Ok(match row {
        Some(row) => Position {
            tx: row.try_get(0)?,
            pos: row.try_get(1)?,
        },
        None => Position::START,
    })
}
