//! Failure counters (see [`crate::ThrottleStore`]).

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::common::{col, truncate_micros};
use crate::{FailureCount, Result};

pub(super) async fn failures(
    pool: &PgPool,
    key: &str,
    since: DateTime<Utc>,
) -> Result<Option<FailureCount>> {
    let row = sqlx::query(
        "SELECT failures, last_at FROM failure_counts WHERE key = $1 AND first_at >= $2",
    )
    .bind(key)
    .bind(truncate_micros(since))
    .fetch_optional(pool)
    .await?;
    row.map(|row| count(&row)).transpose()
}

pub(super) async fn record_failure(
    pool: &PgPool,
    key: &str,
    now: DateTime<Utc>,
    since: DateTime<Utc>,
) -> Result<FailureCount> {
    // One statement, so two instances counting at once both count. A run
    // older than the window starts again at 1.
    let row = sqlx::query(
        "INSERT INTO failure_counts (key, failures, first_at, last_at) VALUES ($1, 1, $2, $2) \
         ON CONFLICT (key) DO UPDATE SET \
           failures = CASE WHEN failure_counts.first_at < $3 THEN 1 ELSE failure_counts.failures + 1 END, \
           first_at = CASE WHEN failure_counts.first_at < $3 THEN $2 ELSE failure_counts.first_at END, \
           last_at = $2 \
         RETURNING failures, last_at",
    )
    .bind(key)
    .bind(truncate_micros(now))
    .bind(truncate_micros(since))
    .fetch_one(pool)
    .await?;
    // Rows idle past the window are dropped now and then, so the table holds
    // only live runs (a small delete by index, at most once per failure).
    sqlx::query("DELETE FROM failure_counts WHERE last_at < $1")
        .bind(truncate_micros(since))
        .execute(pool)
        .await?;
    count(&row)
}

pub(super) async fn clear_failures(pool: &PgPool, key: &str) -> Result<()> {
    sqlx::query("DELETE FROM failure_counts WHERE key = $1")
        .bind(key)
        .execute(pool)
        .await?;
    Ok(())
}

fn count(row: &sqlx::postgres::PgRow) -> Result<FailureCount> {
    Ok(FailureCount {
        failures: u32::try_from(col::<_, i64>(row, 0)?).unwrap_or(u32::MAX),
        last_at: col(row, 1)?,
    })
}

pub(super) async fn claim_step(pool: &PgPool, key: &str, step: i64) -> Result<bool> {
    let done = sqlx::query(
        "INSERT INTO used_code_steps (key, step) VALUES ($1, $2) \
         ON CONFLICT (key) DO UPDATE SET step = EXCLUDED.step WHERE used_code_steps.step < EXCLUDED.step",
    )
    .bind(key)
    .bind(step)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}
