//! Bookkeeping of the reactions worker: lease, checkpoints, effects, schedule.

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use sqlx::postgres::PgRow;
use uuid::Uuid;

use crate::common::{col, truncate_micros};
use crate::{Position, Result, ScheduledCommand};

pub(super) async fn acquire_lease(
    pool: &PgPool,
    name: &str,
    holder: Uuid,
    now: DateTime<Utc>,
    until: DateTime<Utc>,
) -> Result<bool> {
    // One statement: taken when free, expired, or already ours.
    let done = sqlx::query(
        "INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, $4) \
         ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at \
         WHERE leases.holder = EXCLUDED.holder OR leases.expires_at <= $3",
    )
    .bind(name)
    .bind(holder)
    .bind(truncate_micros(now))
    .bind(truncate_micros(until))
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn checkpoint(pool: &PgPool, name: &str) -> Result<Position> {
    let row = sqlx::query("SELECT tx, pos FROM checkpoints WHERE name = $1")
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

pub(super) async fn save_checkpoint(pool: &PgPool, name: &str, position: Position) -> Result<()> {
    sqlx::query(
        "INSERT INTO checkpoints (name, tx, pos) VALUES ($1, $2, $3) \
         ON CONFLICT (name) DO UPDATE SET tx = EXCLUDED.tx, pos = EXCLUDED.pos",
    )
    .bind(name)
    .bind(position.tx)
    .bind(position.pos)
    .execute(pool)
    .await?;
    Ok(())
}

pub(super) async fn record_effect(
    pool: &PgPool,
    effect_id: Uuid,
    at: DateTime<Utc>,
) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO effects (effect_id, done_at) VALUES ($1, $2) ON CONFLICT (effect_id) DO NOTHING",
    )
    .bind(effect_id)
    .bind(truncate_micros(at))
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub(super) async fn effect_done(pool: &PgPool, effect_id: Uuid) -> Result<bool> {
    Ok(
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM effects WHERE effect_id = $1)")
            .bind(effect_id)
            .fetch_one(pool)
            .await?,
    )
}

pub(super) async fn schedule(pool: &PgPool, entry: ScheduledCommand) -> Result<()> {
    sqlx::query(
        "INSERT INTO scheduled (id, due_at, kind, payload) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(entry.id)
    .bind(truncate_micros(entry.due_at))
    .bind(entry.kind)
    .bind(entry.payload)
    .execute(pool)
    .await?;
    Ok(())
}

fn scheduled(row: &PgRow) -> Result<ScheduledCommand> {
    Ok(ScheduledCommand {
        id: col(row, 0)?,
        due_at: col(row, 1)?,
        kind: col(row, 2)?,
        payload: col(row, 3)?,
    })
}

pub(super) async fn due(
    pool: &PgPool,
    now: DateTime<Utc>,
    limit: usize,
) -> Result<Vec<ScheduledCommand>> {
    let rows = sqlx::query(
        "SELECT id, due_at, kind, payload FROM scheduled \
         WHERE fired_at IS NULL AND due_at <= $1 ORDER BY due_at, id LIMIT $2",
    )
    .bind(now)
    .bind(i64::try_from(limit).unwrap_or(i64::MAX))
    .fetch_all(pool)
    .await?;
    rows.iter().map(scheduled).collect()
}

pub(super) async fn mark_fired(pool: &PgPool, id: Uuid, at: DateTime<Utc>) -> Result<()> {
    sqlx::query("UPDATE scheduled SET fired_at = $2 WHERE id = $1 AND fired_at IS NULL")
        .bind(id)
        .bind(truncate_micros(at))
        .execute(pool)
        .await?;
    Ok(())
}
