//! Reads. `read_all` is one indexed range scan with no per-row queries.

use sqlx::PgPool;
use sqlx::postgres::PgRow;
use uuid::Uuid;

use crate::common::{col, to_u64};
use crate::{Credential, EventMetadata, Position, RecordedEvent, Result, SessionRecord, StreamId};

macro_rules! event_columns {
    () => {
        "transaction_id, global_position, stream_id, stream_version, event_id, event_type, \
         schema_version, payload, actor_id, actor_role, correlation_id, causation_id, recorded_at"
    };
}

/// Transactions below this id have all ended; only their events are readable.
/// A scalar subquery so it is computed once per statement.
macro_rules! horizon {
    () => {
        "(SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint)"
    };
}

fn event(row: &PgRow) -> Result<RecordedEvent> {
    Ok(RecordedEvent {
        position: Position {
            tx: col(row, 0)?,
            pos: col(row, 1)?,
        },
        stream: StreamId::from_raw(col::<_, String>(row, 2)?),
        stream_version: to_u64(col(row, 3)?, "stream version")?,
        event_id: col(row, 4)?,
        event_type: col(row, 5)?,
        schema_version: col(row, 6)?,
        payload: col(row, 7)?,
        metadata: EventMetadata {
            actor_id: col(row, 8)?,
            actor_role: col(row, 9)?,
            correlation_id: col(row, 10)?,
            causation_id: col(row, 11)?,
            recorded_at: col(row, 12)?,
        },
    })
}

fn events(rows: Vec<PgRow>) -> Result<Vec<RecordedEvent>> {
    rows.iter().map(event).collect()
}

pub(super) async fn read_stream(pool: &PgPool, stream: &StreamId) -> Result<Vec<RecordedEvent>> {
    let rows = sqlx::query(concat!(
        "SELECT ",
        event_columns!(),
        " FROM events WHERE stream_id = $1 ORDER BY stream_version"
    ))
    .bind(stream.as_str())
    .fetch_all(pool)
    .await?;
    events(rows)
}

pub(super) async fn read_all(
    pool: &PgPool,
    after: Position,
    limit: usize,
) -> Result<Vec<RecordedEvent>> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let rows = sqlx::query(concat!(
        "SELECT ",
        event_columns!(),
        " FROM events WHERE (transaction_id, global_position) > ($1, $2) AND transaction_id < ",
        horizon!(),
        " ORDER BY transaction_id, global_position LIMIT $3"
    ))
    .bind(after.tx)
    .bind(after.pos)
    .bind(limit)
    .fetch_all(pool)
    .await?;
    events(rows)
}

pub(super) async fn head(pool: &PgPool) -> Result<Position> {
    let row = sqlx::query(concat!(
        "SELECT transaction_id, global_position FROM events WHERE transaction_id < ",
        horizon!(),
        " ORDER BY transaction_id DESC, global_position DESC LIMIT 1"
    ))
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

/// Where the given events are stored (committed ones only), in no particular order.
pub(super) async fn positions_of(pool: &PgPool, ids: &[Uuid]) -> Result<Vec<(Uuid, Position)>> {
    let rows = sqlx::query(
        "SELECT event_id, transaction_id, global_position FROM events WHERE event_id = ANY($1)",
    )
    .bind(ids)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok((
                col(row, 0)?,
                Position {
                    tx: col(row, 1)?,
                    pos: col(row, 2)?,
                },
            ))
        })
        .collect()
}

pub(super) async fn events_of_entity(
    pool: &PgPool,
    category: &str,
    entity_id: &str,
) -> Result<Vec<RecordedEvent>> {
    let rows = sqlx::query(concat!(
        "SELECT ",
        event_columns!(),
        " FROM events WHERE category = $1 AND entity_id = $2 ORDER BY transaction_id, global_position"
    ))
    .bind(category)
    .bind(entity_id)
    .fetch_all(pool)
    .await?;
    events(rows)
}

pub(super) async fn payload(pool: &PgPool, subject: Uuid, key: &str) -> Result<Option<String>> {
    Ok(
        sqlx::query_scalar("SELECT value FROM payloads WHERE subject = $1 AND key = $2")
            .bind(subject)
            .bind(key)
            .fetch_optional(pool)
            .await?,
    )
}

/// Payloads of many `(subject, key)` pairs in one query, in the order asked.
pub(super) async fn payloads(
    pool: &PgPool,
    refs: &[(Uuid, String)],
) -> Result<Vec<Option<String>>> {
    let subjects: Vec<Uuid> = refs.iter().map(|(s, _)| *s).collect();
    let keys: Vec<&str> = refs.iter().map(|(_, k)| k.as_str()).collect();
    let rows: Vec<(i64, Option<String>)> = sqlx::query_as(
        "SELECT asked.n, p.value
         FROM UNNEST($1::uuid[], $2::text[]) WITH ORDINALITY AS asked(subject, key, n)
         LEFT JOIN payloads p ON p.subject = asked.subject AND p.key = asked.key",
    )
    .bind(subjects)
    .bind(keys)
    .fetch_all(pool)
    .await?;
    let mut out = vec![None; refs.len()];
    for (n, value) in rows {
        if let Some(slot) = usize::try_from(n - 1).ok().and_then(|i| out.get_mut(i)) {
            *slot = value;
        }
    }
    Ok(out)
}

fn credential_row(row: &PgRow) -> Result<Credential> {
    Ok(Credential {
        account_id: col(row, 0)?,
        role: col(row, 1)?,
        login_key: col(row, 2)?,
        password_hash: col(row, 3)?,
    })
}

pub(super) async fn credential_by_login(
    pool: &PgPool,
    role: &str,
    login_key: &str,
) -> Result<Option<Credential>> {
    sqlx::query(
        "SELECT account_id, role, login_key, password_hash FROM credentials \
         WHERE role = $1 AND login_key = $2",
    )
    .bind(role)
    .bind(login_key)
    .fetch_optional(pool)
    .await?
    .as_ref()
    .map(credential_row)
    .transpose()
}

pub(super) async fn credential(pool: &PgPool, account_id: Uuid) -> Result<Option<Credential>> {
    sqlx::query(
        "SELECT account_id, role, login_key, password_hash FROM credentials WHERE account_id = $1",
    )
    .bind(account_id)
    .fetch_optional(pool)
    .await?
    .as_ref()
    .map(credential_row)
    .transpose()
}

pub(super) async fn session(pool: &PgPool, session_id: Uuid) -> Result<Option<SessionRecord>> {
    let row = sqlx::query(
        "SELECT session_id, account_id, role, created_at, expires_at, revoked_at \
         FROM sessions WHERE session_id = $1",
    )
    .bind(session_id)
    .fetch_optional(pool)
    .await?;
    let Some(row) = &row else {
        return Ok(None);
    };
    Ok(Some(SessionRecord {
        session_id: col(row, 0)?,
        account_id: col(row, 1)?,
        role: col(row, 2)?,
        created_at: col(row, 3)?,
        expires_at: col(row, 4)?,
        revoked_at: col(row, 5)?,
    }))
}
