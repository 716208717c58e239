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
        let outcome = match single_stream(request) {
            Some((s, expected)) => match append_single(&store.pool, s, expected).await {
                Ok(None) => Err(conflict(s, current_version_of(&store.pool, s).await?)),
                other => other,
            },
            None => try_once(&store.pool, request).await,
        };
        match outcome {
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

/// The request's one stream and expected version, when the one-statement
/// path applies.
fn single_stream(request: &AppendRequest) -> Option<(&StreamAppend, u64)> {
    match (request.streams.as_slice(), request.side_writes.is_empty()) {
        ([s], true) if !s.events.is_empty() => match s.expected {
            ExpectedVersion::Exact(v) => Some((s, v)),
            ExpectedVersion::Any => None,
        },
        _ => None,
    }
}

async fn current_version_of(pool: &PgPool, s: &StreamAppend) -> Result<u64> {
    let version: Option<i64> =
        sqlx::query_scalar("SELECT version FROM streams WHERE stream_id = $1")
            .bind(s.stream.as_str())
            .fetch_optional(pool)
            .await?;
    to_u64(version.unwrap_or(0), "stream version")
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

/// The events of a request as column arrays, in request order (identity
/// values follow it), each stream's versions counted from its start.
struct Columns<'a> {
    event_ids: Vec<uuid::Uuid>,
    stream_ids: Vec<&'a str>,
    versions: Vec<i64>,
    categories: Vec<&'a str>,
    entities: Vec<&'a str>,
    types: Vec<&'a str>,
    schemas: Vec<i32>,
    payloads: Vec<&'a str>,
    actors: Vec<Option<uuid::Uuid>>,
    roles: Vec<Option<&'a str>>,
    correlations: Vec<uuid::Uuid>,
    causations: Vec<Option<uuid::Uuid>>,
    recorded: Vec<DateTime<Utc>>,
}

impl<'a> Columns<'a> {
    fn new(streams: &'a [StreamAppend], starts: &[u64]) -> Result<Self> {
        let total: usize = streams.iter().map(|s| s.events.len()).sum();
        let mut c = Columns {
            event_ids: Vec::with_capacity(total),
            stream_ids: Vec::with_capacity(total),
            versions: Vec::with_capacity(total),
            categories: Vec::with_capacity(total),
            entities: Vec::with_capacity(total),
            types: Vec::with_capacity(total),
            schemas: Vec::with_capacity(total),
            payloads: Vec::with_capacity(total),
            actors: Vec::with_capacity(total),
            roles: Vec::with_capacity(total),
            correlations: Vec::with_capacity(total),
            causations: Vec::with_capacity(total),
            recorded: Vec::with_capacity(total),
        };
        for (s, start) in streams.iter().zip(starts) {
            for (k, e) in s.events.iter().enumerate() {
                c.event_ids.push(e.event_id);
                c.stream_ids.push(s.stream.as_str());
                c.versions.push(to_i64(start + k as u64 + 1)?);
                c.categories.push(s.stream.category());
                c.entities.push(s.stream.entity_id());
                c.types.push(e.event_type.as_str());
                c.schemas.push(e.schema_version);
                c.payloads.push(e.payload.as_str());
                c.actors.push(e.metadata.actor_id);
                c.roles.push(e.metadata.actor_role.as_deref());
                c.correlations.push(e.metadata.correlation_id);
                c.causations.push(e.metadata.causation_id);
                c.recorded.push(truncate_micros(e.metadata.recorded_at));
            }
        }
        Ok(c)
    }

    /// Binds the arrays as parameters `$first` … `$first + 12`.
    fn bind(self, query: PgQuery<'a>) -> PgQuery<'a> {
        query
            .bind(self.event_ids)
            .bind(self.stream_ids)
            .bind(self.versions)
            .bind(self.categories)
            .bind(self.entities)
            .bind(self.types)
            .bind(self.schemas)
            .bind(self.payloads)
            .bind(self.actors)
            .bind(self.roles)
            .bind(self.correlations)
            .bind(self.causations)
            .bind(self.recorded)
    }
}

type PgQuery<'a> = sqlx::query::Query<'a, sqlx::Postgres, sqlx::postgres::PgArguments>;

const EVENT_COLUMNS: &str = "event_id, stream_id, stream_version, category, entity_id, event_type, \
     schema_version, payload, actor_id, actor_role, correlation_id, causation_id, recorded_at";

/// `UNNEST` of the 13 column arrays bound from parameter `$first` on.
fn unnest(first: usize) -> String {
    let types = [
        "uuid",
        "text",
        "int8",
        "text",
        "text",
        "text",
        "int4",
        "text",
        "uuid",
        "text",
        "uuid",
        "uuid",
        "timestamptz",
    ];
    let args: Vec<String> = types
        .iter()
        .enumerate()
        .map(|(i, t)| format!("${}::{t}[]", first + i))
        .collect();
    format!("UNNEST({})", args.join(", "))
}

fn last_position(rows: &[sqlx::postgres::PgRow]) -> Result<Position> {
    let mut last = Position::START;
    for row in rows {
        last = last.max(Position {
            tx: row.try_get(0)?,
            pos: row.try_get(1)?,
        });
    }
    Ok(last)
}

/// One INSERT … SELECT FROM UNNEST for all events of the request.
async fn insert_events(
    conn: &mut PgConnection,
    streams: &[StreamAppend],
    starts: &[u64],
) -> Result<Option<Position>> {
    if streams.iter().all(|s| s.events.is_empty()) {
        return Ok(None);
    }
    let sql = format!(
        "INSERT INTO events ({EVENT_COLUMNS}) SELECT * FROM {} RETURNING transaction_id, global_position",
        unnest(1)
    );
    let query = Columns::new(streams, starts)?.bind(sqlx::query(sqlx::AssertSqlSafe(sql)));
    let rows = query.fetch_all(&mut *conn).await?;
    Ok(Some(last_position(&rows)?))
}

/// The common case — one stream, an exact expected version, no side writes —
/// as ONE statement outside an explicit transaction: the version claim and
/// the insert commit together, in one round trip instead of four. `None`
/// when the version claim found another version (a conflict).
async fn append_single(pool: &PgPool, s: &StreamAppend, expected: u64) -> Result<Option<Position>> {
    let n = to_i64(s.events.len() as u64)?;
    let claim = if expected == 0 {
        "INSERT INTO streams (stream_id, version) VALUES ($14, $15) ON CONFLICT (stream_id) DO NOTHING RETURNING version"
    } else {
        "UPDATE streams SET version = version + $15 WHERE stream_id = $14 AND version = $16 RETURNING version"
    };
    let sql = format!(
        "WITH claimed AS ({claim}) INSERT INTO events ({EVENT_COLUMNS}) \
         SELECT u.* FROM claimed, {} AS u RETURNING transaction_id, global_position",
        unnest(1)
    );
    let streams = std::slice::from_ref(s);
    let mut query = Columns::new(streams, &[expected])?
        .bind(sqlx::query(sqlx::AssertSqlSafe(sql)))
        .bind(s.stream.as_str())
        .bind(n);
    if expected != 0 {
        query = query.bind(to_i64(expected)?);
    }
    let rows = query.fetch_all(pool).await?;
    if rows.is_empty() {
        Ok(None)
    } else {
        Ok(Some(last_position(&rows)?))
    }
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
