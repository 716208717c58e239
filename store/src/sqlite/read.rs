//! Reads over the read pool. `read_all` is one range scan of the rowid.

use sqlx::SqlitePool;
use sqlx::sqlite::SqliteRow;
use uuid::Uuid;

use super::codec::{opt_time, opt_uuid, time, uuid};
use crate::common::{col, to_u64};
use crate::{Credential, EventMetadata, Position, RecordedEvent, Result, SessionRecord, StreamId};

macro_rules! event_columns {
    () => {
        "global_position, stream_id, stream_version, event_id, event_type, schema_version, \
         payload, actor_id, actor_role, correlation_id, causation_id, recorded_at"
    };
}

fn event(row: &SqliteRow) -> Result<RecordedEvent> {
    let pos: i64 = col(row, 0)?;
    Ok(RecordedEvent {
        position: Position { tx: pos, pos },
        stream: StreamId::from_raw(col::<_, String>(row, 1)?),
        stream_version: to_u64(col(row, 2)?, "stream version")?,
        event_id: uuid(row, 3)?,
        event_type: col(row, 4)?,
        schema_version: col(row, 5)?,
        payload: col(row, 6)?,
        metadata: EventMetadata {
            actor_id: opt_uuid(row, 7)?,
            actor_role: col(row, 8)?,
            correlation_id: uuid(row, 9)?,
            causation_id: opt_uuid(row, 10)?,
            recorded_at: time(row, 11)?,
        },
    })
}

fn events(rows: Vec<SqliteRow>) -> Result<Vec<RecordedEvent>> {
    rows.iter().map(event).collect()
}

pub(super) async fn read_stream(
    pool: &SqlitePool,
    stream: &StreamId,
) -> Result<Vec<RecordedEvent>> {
    let rows = sqlx::query(concat!(
        "SELECT ",
        event_columns!(),
        " FROM events WHERE stream_id = ?1 ORDER BY stream_version"
    ))
    .bind(stream.as_str())
    .fetch_all(pool)
    .await?;
    events(rows)
}

pub(super) async fn read_all(
    pool: &SqlitePool,
    after: Position,
    limit: usize,
) -> Result<Vec<RecordedEvent>> {
    let rows = sqlx::query(concat!(
        "SELECT ",
        event_columns!(),
        " FROM events WHERE global_position > ?1 ORDER BY global_position LIMIT ?2"
    ))
    .bind(after.pos)
    .bind(i64::try_from(limit).unwrap_or(i64::MAX))
    .fetch_all(pool)
    .await?;
    events(rows)
}

pub(super) async fn head(pool: &SqlitePool) -> Result<Position> {
    let pos: Option<i64> = sqlx::query_scalar("SELECT max(global_position) FROM events")
        .fetch_one(pool)
        .await?;
    Ok(pos.map_or(Position::START, |pos| Position { tx: pos, pos }))
}

/// Where the given events are stored, in no particular order.
pub(super) async fn positions_of(pool: &SqlitePool, ids: &[Uuid]) -> Result<Vec<(Uuid, Position)>> {
    // One statement for any number of ids: the list travels as a JSON array.
    let list = serde_json::to_string(ids).map_err(|e| crate::common::corrupt("event ids", e))?;
    let rows = sqlx::query(
        "SELECT event_id, global_position FROM events \
         WHERE event_id IN (SELECT value FROM json_each(?1))",
    )
    .bind(list)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            let pos: i64 = col(row, 1)?;
            Ok((uuid(row, 0)?, Position { tx: pos, pos }))
        })
        .collect()
}

pub(super) async fn events_of_entity(
    pool: &SqlitePool,
    category: &str,
    entity_id: &str,
) -> Result<Vec<RecordedEvent>> {
    let rows = sqlx::query(concat!(
        "SELECT ",
        event_columns!(),
        " FROM events WHERE category = ?1 AND entity_id = ?2 ORDER BY global_position"
    ))
    .bind(category)
    .bind(entity_id)
    .fetch_all(pool)
    .await?;
    events(rows)
}

pub(super) async fn payload(pool: &SqlitePool, subject: Uuid, key: &str) -> Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT value FROM payloads WHERE subject = ?1 AND key = ?2")
            .bind(subject.hyphenated())
            .bind(key)
            .fetch_optional(pool)
            .await?,
    )
}

/// Many payloads in one statement: the pairs travel as one JSON parameter
/// (binding thousands of parameters costs SQLite a scan per name).
pub(super) async fn payloads(
    pool: &SqlitePool,
    refs: &[(Uuid, String)],
) -> Result<Vec<Option<String>>> {
    let asked: Vec<(String, &str)> = refs
        .iter()
        .map(|(subject, key)| (subject.hyphenated().to_string(), key.as_str()))
        .collect();
    let asked =
        serde_json::to_string(&asked).map_err(|e| crate::StoreError::Corrupt(e.to_string()))?;
    let rows: Vec<(i64, Option<String>)> = sqlx::query_as(
        "SELECT CAST(asked.key AS INTEGER), p.value
         FROM json_each(?1) AS asked
         LEFT JOIN payloads p
           ON p.subject = json_extract(asked.value, '$[0]') AND p.key = json_extract(asked.value, '$[1]')",
    )
    .bind(asked)
    .fetch_all(pool)
    .await?;
    let mut out = vec![None; refs.len()];
    for (n, value) in rows {
        if let Some(slot) = usize::try_from(n).ok().and_then(|i| out.get_mut(i)) {
            *slot = value;
        }
    }
    Ok(out)
}

fn credential_row(row: &SqliteRow) -> Result<Credential> {
    Ok(Credential {
        account_id: uuid(row, 0)?,
        role: col(row, 1)?,
        login_key: col(row, 2)?,
        password_hash: col(row, 3)?,
    })
}

pub(super) async fn credential_by_login(
    pool: &SqlitePool,
    role: &str,
    login_key: &str,
) -> Result<Option<Credential>> {
    sqlx::query(
        "SELECT account_id, role, login_key, password_hash FROM credentials \
         WHERE role = ?1 AND login_key = ?2",
    )
    .bind(role)
    .bind(login_key)
    .fetch_optional(pool)
    .await?
    .as_ref()
    .map(credential_row)
    .transpose()
}

pub(super) async fn credential(pool: &SqlitePool, account_id: Uuid) -> Result<Option<Credential>> {
    sqlx::query(
        "SELECT account_id, role, login_key, password_hash FROM credentials WHERE account_id = ?1",
    )
    .bind(account_id.hyphenated())
    .fetch_optional(pool)
    .await?
    .as_ref()
    .map(credential_row)
    .transpose()
}

pub(super) async fn session(pool: &SqlitePool, session_id: Uuid) -> Result<Option<SessionRecord>> {
    let row = sqlx::query(
        "SELECT session_id, account_id, role, created_at, expires_at, revoked_at \
         FROM sessions WHERE session_id = ?1",
    )
    .bind(session_id.hyphenated())
    .fetch_optional(pool)
    .await?;
    let Some(row) = &row else {
        return Ok(None);
    };
    Ok(Some(SessionRecord {
        session_id: uuid(row, 0)?,
        account_id: uuid(row, 1)?,
        role: col(row, 2)?,
        created_at: time(row, 3)?,
        expires_at: time(row, 4)?,
        revoked_at: opt_time(row, 5)?,
    }))
}
