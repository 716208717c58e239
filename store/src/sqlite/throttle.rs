//! Failure counters (see [`crate::ThrottleStore`]).

use chrono::{DateTime, Utc};
use sqlx::SqlitePool;

use super::codec::{micros, time};
use crate::common::col;
use crate::{FailureCount, Result};

pub(super) async fn failures(
    pool: &SqlitePool,
    key: &str,
    since: DateTime<Utc>,
) -> Result<Option<FailureCount>> {
    let row = sqlx::query(
        "SELECT failures, last_at FROM failure_counts WHERE key = ?1 AND first_at >= ?2",
    )
    .bind(key)
    .bind(micros(since))
    .fetch_optional(pool)
    .await?;
    row.map(|row| {
        Ok(FailureCount {
            failures: u32::try_from(col::<_, i64>(&row, 0)?).unwrap_or(u32::MAX),
            last_at: time(&row, 1)?,
        })
    })
    .transpose()
}

pub(super) async fn record_failure(
    pool: &SqlitePool,
    key: &str,
    now: DateTime<Utc>,
    since: DateTime<Utc>,
) -> Result<FailureCount> {
    // A run older than the window starts again at 1; rows idle past the window
    // are dropped on the way, so the table holds only live runs.
    let mut tx = pool.begin().await?;
    sqlx::query("DELETE FROM failure_counts WHERE last_at < ?1 AND key <> ?2")
        .bind(micros(since))
        .bind(key)
        .execute(&mut *tx)
        .await?;
    let row = sqlx::query(
        "INSERT INTO failure_counts (key, failures, first_at, last_at) VALUES (?1, 1, ?2, ?2) \
         ON CONFLICT (key) DO UPDATE SET \
           failures = CASE WHEN failure_counts.first_at < ?3 THEN 1 ELSE failure_counts.failures + 1 END, \
           first_at = CASE WHEN failure_counts.first_at < ?3 THEN ?2 ELSE failure_counts.first_at END, \
           last_at = ?2 \
         RETURNING failures, last_at",
    )
    .bind(key)
    .bind(micros(now))
    .bind(micros(since))
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(FailureCount {
        failures: u32::try_from(col::<_, i64>(&row, 0)?).unwrap_or(u32::MAX),
        last_at: time(&row, 1)?,
    })
}

pub(super) async fn clear_failures(pool: &SqlitePool, key: &str) -> Result<()> {
    sqlx::query("DELETE FROM failure_counts WHERE key = ?1")
        .bind(key)
        .execute(pool)
        .await?;
    Ok(())
}

pub(super) async fn claim_step(pool: &SqlitePool, key: &str, step: i64) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO used_code_steps (key, step) VALUES (?1, ?2) \
         ON CONFLICT (key) DO UPDATE SET step = excluded.step WHERE used_code_steps.step < excluded.step",
    )
    .bind(key)
    .bind(step)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
