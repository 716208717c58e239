//! Appends, serialised by the single writer connection and `BEGIN IMMEDIATE`
//! (the write lock is taken up front, so the version checks below cannot race).

use sqlx::SqliteConnection;

use super::codec::micros;
use super::{SqliteStore, read, side_writes};
use crate::common::{may_be_repeat, resolve_existing, to_i64, to_u64, validate};
use crate::{
    AppendRequest, AppendResult, ExpectedVersion, Position, Result, StoreError, StreamAppend,
};

pub(super) async fn append(store: &SqliteStore, request: &AppendRequest) -> Result<AppendResult> {
    let ids = validate(request)?;
    match write_in_transaction(store, request).await {
        Ok(Some(position)) => Ok(AppendResult {
            position,
            already_applied: false,
        }),
        Ok(None) => Ok(AppendResult {
            position: read::head(&store.reader).await?,
            already_applied: false,
        }),
        Err(e) if may_be_repeat(&e) && !ids.is_empty() => {
            let found = read::positions_of(&store.reader, &ids).await?;
            resolve_existing(&ids, &found).unwrap_or(Err(e))
        }
        Err(e) => Err(e),
    }
}

async fn write_in_transaction(
    store: &SqliteStore,
    request: &AppendRequest,
) -> Result<Option<Position>> {
    let mut tx = store.writer.begin_with("BEGIN IMMEDIATE").await?;
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

async fn write(conn: &mut SqliteConnection, request: &AppendRequest) -> Result<Option<Position>> {
    let mut last = None;
    for s in &request.streams {
        let start = claim_version(conn, s).await?;
        for (k, e) in s.events.iter().enumerate() {
            let done = sqlx::query(
                "INSERT INTO events (event_id, stream_id, stream_version, category, entity_id, \
                     event_type, schema_version, payload, actor_id, actor_role, correlation_id, \
                     causation_id, recorded_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            )
            .bind(e.event_id.hyphenated())
            .bind(s.stream.as_str())
            .bind(to_i64(start + k as u64 + 1)?)
            .bind(s.stream.category())
            .bind(s.stream.entity_id())
            .bind(&e.event_type)
            .bind(e.schema_version)
            .bind(&e.payload)
            .bind(e.metadata.actor_id.map(|id| id.hyphenated()))
            .bind(&e.metadata.actor_role)
            .bind(e.metadata.correlation_id.hyphenated())
            .bind(e.metadata.causation_id.map(|id| id.hyphenated()))
            .bind(micros(e.metadata.recorded_at))
            .execute(&mut *conn)
            .await?;
            let pos = done.last_insert_rowid();
            last = Some(Position { tx: pos, pos });
        }
    }
    for side_write in &request.side_writes {
        side_writes::apply(conn, side_write).await?;
    }
    Ok(last)
}

/// Checks the stream's version and moves it past the new events; returns the
/// version before the append.
async fn claim_version(conn: &mut SqliteConnection, s: &StreamAppend) -> Result<u64> {
    let stream = s.stream.as_str();
    let current: Option<i64> =
        sqlx::query_scalar("SELECT version FROM streams WHERE stream_id = ?1")
            .bind(stream)
            .fetch_optional(&mut *conn)
            .await?;
    let actual = to_u64(current.unwrap_or(0), "stream version")?;
    if let ExpectedVersion::Exact(v) = s.expected
        && v != actual
    {
        return Err(StoreError::Conflict {
            stream: s.stream.clone(),
            expected: s.expected,
            actual,
        });
    }
    if !s.events.is_empty() {
        sqlx::query(
            "INSERT INTO streams (stream_id, version) VALUES (?1, ?2) \
             ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version",
        )
        .bind(stream)
        .bind(to_i64(actual + s.events.len() as u64)?)
        .execute(&mut *conn)
        .await?;
    }
    Ok(actual)
}
