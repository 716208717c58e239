//! Column encodings: UUIDs as hyphenated text, timestamps as integer micros.

use chrono::{DateTime, Utc};
use sqlx::sqlite::SqliteRow;
use uuid::Uuid;
use uuid::fmt::Hyphenated;

use crate::Result;
use crate::common::{col, corrupt};

pub(super) fn micros(t: DateTime<Utc>) -> i64 {
    t.timestamp_micros()
}

pub(super) fn uuid(row: &SqliteRow, index: usize) -> Result<Uuid> {
    Ok(col::<_, Hyphenated>(row, index)?.into_uuid())
}

pub(super) fn opt_uuid(row: &SqliteRow, index: usize) -> Result<Option<Uuid>> {
    Ok(col::<_, Option<Hyphenated>>(row, index)?.map(Hyphenated::into_uuid))
}

pub(super) fn time(row: &SqliteRow, index: usize) -> Result<DateTime<Utc>> {
    let v: i64 = col(row, index)?;
    DateTime::from_timestamp_micros(v).ok_or_else(|| corrupt("timestamp out of range", v))
}

pub(super) fn opt_time(row: &SqliteRow, index: usize) -> Result<Option<DateTime<Utc>>> {
    let v: Option<i64> = col(row, index)?;
    v.map(|v| {
        DateTime::from_timestamp_micros(v).ok_or_else(|| corrupt("timestamp out of range", v))
    })
    .transpose()
}
