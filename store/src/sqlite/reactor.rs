//! Bookkeeping of the reactions worker: lease, checkpoints, effects, schedule.

use chrono::{DateTime, Utc};
use sqlx::SqlitePool;
use sqlx::sqlite::SqliteRow;
use uuid::Uuid;

use super::codec::{micros, time, uuid};
use crate::common::col;
use crate::{Position, Result, ScheduledCommand};

pub(super) async fn acquire_lease(
    pool: &SqlitePool,
    name: &str,
    holder: Uuid,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<bool> {
    // One statement: taken when free, expired, or already ours.
    let done = sqlx::query(
        "INSERT INTO leases (name, holder, expires_at) VALUES (?1, ?2, ?4) \
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at \
         WHERE leases.holder = excluded.holder OR leases.expires_at <= ?3",
    )
    .bind(name)
    .bind(holder.hyphenated())
    .bind(micros(now))
    .bind(micros(until))
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn checkpoint(pool: &SqlitePool, name: &str) -> Result<Position> {
    let row = sqlx::query("SELECT tx, pos FROM checkpoints WHERE name = ?1")
        .bind(name)
        .fetch_optional(pool)
        .await?;
    match row {
        Some(row) => Ok(Position {
            tx: col(&row, 0)?,
            pos: col(&row, 1)?,
        }),
        None => Ok(Position::START),
    }
}

pub(super) async fn save_checkpoint(
    pool: &SqlitePool,
    name: &str,
    position: Position,
) -> Result<()> {
    sqlx::query(
        "INSERT INTO checkpoints (name, tx, pos) VALUES (?1, ?2, ?3) \
         ON CONFLICT (name) DO UPDATE SET tx = excluded.tx, pos = excluded.pos",
    )
    .bind(name)
    .bind(position.tx)
    .bind(position.pos)
    .execute(pool)
    .await?;
    Ok(())
}

pub(super) async fn record_effect(
    pool: &SqlitePool,
    effect_id: Uuid,
    at: DateTime<Utc>,
) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO effects (effect_id, done_at) VALUES (?1, ?2) ON CONFLICT (effect_id) DO NOTHING",
    )
    .bind(effect_id.hyphenated())
    .bind(micros(at))
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn effect_done(pool: &SqlitePool, effect_id: Uuid) -> Result<bool> {
    Ok(
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM effects WHERE effect_id = ?1)")
            .bind(effect_id.hyphenated())
            .fetch_one(pool)
            .await?,
    )
}

pub(super) async fn schedule(pool: &SqlitePool, entry: ScheduledCommand) -> Result<()> {
    sqlx::query(
        "INSERT INTO scheduled (id, due_at, kind, payload) VALUES (?1, ?2, ?3, ?4) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(entry.id.hyphenated())
    .bind(micros(entry.due_at))
    .bind(entry.kind)
    .bind(entry.payload)
    .execute(pool)
    .await?;
    Ok(())
}

fn scheduled(row: &SqliteRow) -> Result<ScheduledCommand> {
    Ok(ScheduledCommand {
        id: uuid(row, 0)?,
        due_at: time(row, 1)?,
        kind: col(row, 2)?,
        payload: col(row, 3)?,
    })
}

pub(super) async fn due(
    pool: &SqlitePool,
    now: DateTime<Utc>,
    limit: usize,
) -> Result<Vec<ScheduledCommand>> {
    let rows = sqlx::query(
        "SELECT id, due_at, kind, payload FROM scheduled \
         WHERE fired_at IS NULL AND due_at <= ?1 ORDER BY due_at, id LIMIT ?2",
    )
    .bind(micros(now))
    .bind(i64::try_from(limit).unwrap_or(i64::MAX))
    .fetch_all(pool)
    .await?;
    rows.iter().map(scheduled).collect()
}

pub(super) async fn mark_fired(pool: &SqlitePool, id: Uuid, at: DateTime<Utc>) -> Result<()> {
    sqlx::query("UPDATE scheduled SET fired_at = ?2 WHERE id = ?1 AND fired_at IS NULL")
        .bind(id.hyphenated())
        .bind(micros(at))
        .execute(pool)
        .await?;
    Ok(())
}
