//! Rules shared by both backends: request validation, idempotency resolution,
//! timestamp precision.

use std::collections::HashSet;

use chrono::{DateTime, SubsecRound, Utc};
use uuid::Uuid;

use crate::{AppendRequest, AppendResult, Position, Result, StoreError};

/// Timestamps are stored at microsecond precision (PostgreSQL `timestamptz`,
/// SQLite integer micros); finer digits are truncated on write. Values built
/// with this function round-trip exactly.
pub fn truncate_micros(t: DateTime<Utc>) -> DateTime<Utc> {
    t.trunc_subsecs(6)
}

/// Rejects requests that could never be written (before touching the database).
pub(crate) fn validate(request: &AppendRequest) -> Result<Vec<Uuid>> {
    let mut streams = HashSet::new();
    let mut ids = HashSet::new();
    let mut ordered = Vec::new();
    for stream in &request.streams {
        if !streams.insert(&stream.stream) {
            return Err(StoreError::InvalidRequest(format!(
                "stream {} appears twice",
                stream.stream
            )));
        }
        for event in &stream.events {
            if !ids.insert(event.event_id) {
                return Err(StoreError::DuplicateEvent(event.event_id));
            }
            ordered.push(event.event_id);
        }
    }
    Ok(ordered)
}

/// After a failed append (conflict or unique violation): if every id of the
/// request is already stored, the request was applied before (guarantee 2);
/// if only some are, it is a different request reusing ids. `None` when none
/// exists, i.e. the original error stands.
pub(crate) fn resolve_existing(
    ids: &[Uuid],
    found: &[(Uuid, Position)],
) -> Option<Result<AppendResult>> {
    if found.is_empty() {
        return None;
    }
    if found.len() == ids.len() {
        let position = found.iter().map(|(_, p)| *p).max().unwrap_or_default();
        return Some(Ok(AppendResult {
            position,
            already_applied: true,
        }));
    }
    let first = ids
        .iter()
        .find(|id| found.iter().any(|(f, _)| f == *id))
        .copied()
        .unwrap_or(found[0].0);
    Some(Err(StoreError::DuplicateEvent(first)))
}

/// Whether a failed append may be a repeat of an earlier one.
pub(crate) fn may_be_repeat(err: &StoreError) -> bool {
    matches!(err, StoreError::Conflict { .. }) || err.is_unique_violation()
}

pub(crate) fn to_u64(v: i64, what: &str) -> Result<u64> {
    u64::try_from(v).map_err(|_| StoreError::Corrupt(format!("negative {what}: {v}")))
}

pub(crate) fn to_i64(v: u64) -> Result<i64> {
    i64::try_from(v).map_err(|_| StoreError::InvalidRequest(format!("version {v} out of range")))
}

pub(crate) fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Corrupt(format!("{what}: {e}"))
}

/// A column of a stored row; a value that does not decode is [`StoreError::Corrupt`].
pub(crate) fn col<'r, R, T>(row: &'r R, index: usize) -> Result<T>
where
    R: sqlx::Row,
    usize: sqlx::ColumnIndex<R>,
    T: sqlx::Decode<'r, R::Database> + sqlx::Type<R::Database>,
{
    row.try_get(index).map_err(|e| corrupt("stored row", e))
}
