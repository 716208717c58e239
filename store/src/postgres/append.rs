//! Appends: per-stream optimistic concurrency through the `streams` table,
//! events in one multi-row insert, side writes in the same transaction.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgPool, Row};

use super::{PgStore, read, side_writes};
use crate::common::{may_be_repeat, resolve_existing, to_i64, to_u64, truncate_micros, validate};
use crate::{
    AppendRequest, AppendResult, ExpectedVersion, Position, Result, StoreError, StreamAppend,
};

/// A deadlock between two multi-stream appends is resolved by PostgreSQL
/// aborting one; it is retried this many times in all.
const MAX_ATTEMPTS: usize = 3;

pub(super) async fn append(store: &PgStore, request: &AppendRequest) -> Result<AppendResult> {
    let ids = validate(request)?;
    let mut attempt = 1;
    loop {
        match try_once(&store.pool, request).await {
            Ok(Some(position)) => {
                return Ok(AppendResult {
                    position,
                    already_applied: false,
                });
            }
            Ok(None) => {
                return Ok(AppendResult {
                    position: read::head(&store.pool).await?,
                    already_applied: false,
                });
            }
            Err(e) if is_transient(&e) && attempt < MAX_ATTEMPTS => attempt += 1,
            Err(e) if may_be_repeat(&e) && !ids.is_empty() => {
                // Read after the rollback: a racing identical append has
                // committed by now (we waited on its row or index lock).
                let found = read::positions_of(&store.pool, &ids).await?;
                if let Some(resolved) = resolve_existing(&ids, &found) {
                    return resolved;
                }
                return Err(version_conflict(&store.pool, request, e).await);
            }
            Err(e) => return Err(e),
        }
    }
}

async fn try_once(pool: &PgPool, request: &AppendRequest) -> Result<Option<Position>> {
    let mut tx = pool.begin().await?;
    match write(&mut tx, request).await {
        Ok(position) => {
            tx.commit().await?;
            Ok(position)
        }
        Err(e) => {
            let _ = tx.rollback().await;
            Err(e)
        }
    }
}

/// The body of an append, inside the caller's transaction.
pub(super) async fn write(
    conn: &mut PgConnection,
    request: &AppendRequest,
) -> Result<Option<Position>> {
    let starts = claim_versions(conn, &request.streams).await?;
    let position = insert_events(conn, &request.streams, &starts).await?;
    for side_write in &request.side_writes {
        side_writes::apply(conn, side_write).await?;
    }
    Ok(position)
}

/// Checks and bumps every stream's version, returning each stream's version
/// before the append. Streams are locked in id order so that two multi-stream
/// appends cannot deadlock.
async fn claim_versions(conn: &mut PgConnection, streams: &[StreamAppend]) -> Result<Vec<u64>> {
    let mut order: Vec<usize> = (0..streams.len()).collect();
    order.sort_by(|&a, &b| streams[a].stream.cmp(&streams[b].stream));
    let mut starts = vec![0; streams.len()];
    for i in order {
        let s = &streams[i];
        let id = s.stream.as_str();
        let n = to_i64(s.events.len() as u64)?;
        starts[i] = match (s.expected, n) {
            // Nothing to write: a guard only; FOR SHARE holds the version until commit.
            (expected, 0) => {
                let actual = current_version(conn, id, true).await?;
                check(s, expected, actual)?;
                actual
            }
            (ExpectedVersion::Exact(0), n) => {
                let done = sqlx::query(
                    "INSERT INTO streams (stream_id, version) VALUES ($1, $2) \
                     ON CONFLICT (stream_id) DO NOTHING",
                )
                .bind(id)
                .bind(n)
                .execute(&mut *conn)
                .await?;
                if done.rows_affected() == 0 {
                    return Err(conflict(s, current_version(conn, id, false).await?));
                }
                0
            }
            (ExpectedVersion::Exact(v), n) => {
                let done = sqlx::query(
                    "UPDATE streams SET version = version + $3 WHERE stream_id = $1 AND version = $2",
                )
                .bind(id)
                .bind(to_i64(v)?)
                .bind(n)
                .execute(&mut *conn)
                .await?;
                if done.rows_affected() == 0 {
                    return Err(conflict(s, current_version(conn, id, false).await?));
                }
                v
            }
            (ExpectedVersion::Any, n) => {
                let version: i64 = sqlx::query_scalar(
                    "INSERT INTO streams (stream_id, version) VALUES ($1, $2) \
                     ON CONFLICT (stream_id) DO UPDATE SET version = streams.version + EXCLUDED.version \
                     RETURNING version",
                )
                .bind(id)
                .bind(n)
                .fetch_one(&mut *conn)
                .await?;
                to_u64(version - n, "stream version")?
            }
        };
    }
    Ok(starts)
}

async fn current_version(conn: &mut PgConnection, stream: &str, lock: bool) -> Result<u64> {
    let sql = if lock {
        "SELECT version FROM streams WHERE stream_id = $1 FOR SHARE"
    } else {
        "SELECT version FROM streams WHERE stream_id = $1"
    };
    let version: Option<i64> = sqlx::query_scalar(sql)
        .bind(stream)
        .fetch_optional(&mut *conn)
        .await?;
    to_u64(version.unwrap_or(0), "stream version")
}

fn check(s: &StreamAppend, expected: ExpectedVersion, actual: u64) -> Result<()> {
    match expected {
        ExpectedVersion::Exact(v) if v != actual => Err(conflict(s, actual)),
        _ => Ok(()),
    }
}

fn conflict(s: &StreamAppend, actual: u64) -> StoreError {
    StoreError::Conflict {
        stream: s.stream.clone(),
        expected: s.expected,
        actual,
    }
}

/// One INSERT … SELECT FROM UNNEST for all events of the request, in request
/// order (identity values follow it).
async fn insert_events(
    conn: &mut PgConnection,
    streams: &[StreamAppend],
    starts: &[u64],
) -> Result<Option<Position>> {
    let total: usize = streams.iter().map(|s| s.events.len()).sum();
    if total == 0 {
        return Ok(None);
    }
    let mut event_ids = Vec::with_capacity(total);
    let mut stream_ids = Vec::with_capacity(total);
    let mut versions = Vec::with_capacity(total);
    let mut categories = Vec::with_capacity(total);
    let mut entities = Vec::with_capacity(total);
    let mut types = Vec::with_capacity(total);
    let mut schemas = Vec::with_capacity(total);
    let mut payloads = Vec::with_capacity(total);
    let mut actors = Vec::with_capacity(total);
    let mut roles = Vec::with_capacity(total);
    let mut correlations = Vec::with_capacity(total);
    let mut causations = Vec::with_capacity(total);
    let mut recorded: Vec<DateTime<Utc>> = Vec::with_capacity(total);
    for (s, start) in streams.iter().zip(starts) {
        for (k, e) in s.events.iter().enumerate() {
            event_ids.push(e.event_id);
            stream_ids.push(s.stream.as_str());
            versions.push(to_i64(start + k as u64 + 1)?);
            categories.push(s.stream.category());
            entities.push(s.stream.entity_id());
            types.push(e.event_type.as_str());
            schemas.push(e.schema_version);
            payloads.push(e.payload.as_str());
            actors.push(e.metadata.actor_id);
            roles.push(e.metadata.actor_role.as_deref());
            correlations.push(e.metadata.correlation_id);
            causations.push(e.metadata.causation_id);
            recorded.push(truncate_micros(e.metadata.recorded_at));
        }
    }
    let rows = sqlx::query(
        "INSERT INTO events (event_id, stream_id, stream_version, category, entity_id, event_type, \
             schema_version, payload, actor_id, actor_role, correlation_id, causation_id, recorded_at) \
         SELECT * FROM UNNEST($1::uuid[], $2::text[], $3::int8[], $4::text[], $5::text[], $6::text[], \
             $7::int4[], $8::text[], $9::uuid[], $10::text[], $11::uuid[], $12::uuid[], $13::timestamptz[]) \
         RETURNING transaction_id, global_position",
    )
    .bind(event_ids)
    .bind(stream_ids)
    .bind(versions)
    .bind(categories)
    .bind(entities)
    .bind(types)
    .bind(schemas)
    .bind(payloads)
    .bind(actors)
    .bind(roles)
    .bind(correlations)
    .bind(causations)
    .bind(recorded)
    .fetch_all(&mut *conn)
    .await?;
    let mut last = Position::START;
    for row in rows {
        last = last.max(Position {
            tx: row.try_get(0)?,
            pos: row.try_get(1)?,
        });
    }
    Ok(Some(last))
}

/// A unique violation on (stream_id, stream_version) means another writer
/// got there first: report it as the conflict it is.
async fn version_conflict(pool: &PgPool, request: &AppendRequest, e: StoreError) -> StoreError {
    if !(e.is_unique_violation() && e.violation_detail() == "events_stream_version_key") {
        return e;
    }
    let Some(s) = request.streams.iter().find(|s| !s.events.is_empty()) else {
        return e;
    };
    let actual: Result<Option<i64>> =
        sqlx::query_scalar("SELECT version FROM streams WHERE stream_id = $1")
            .bind(s.stream.as_str())
            .fetch_optional(pool)
            .await
            .map_err(Into::into);
    match actual {
        Ok(v) => conflict(s, v.unwrap_or(0).max(0) as u64),
        Err(_) => e,
    }
}

fn is_transient(e: &StoreError) -> bool {
    // 40P01 deadlock_detected, 40001 serialization_failure.
    matches!(e, StoreError::Database(sqlx::Error::Database(d))
        if matches!(d.code().as_deref(), Some("40P01") | Some("40001")))
}
