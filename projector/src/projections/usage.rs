//! `rm_usage`: page views per ISO week, page, role and anonymised person,
//! so the administrators' table counts views and distinct people.

use domain::codec;
use domain::usage::{self, UsageEvent};
use sqlx::{Any, Transaction};
use store::RecordedEvent;

use super::Table;
use super::folds::unreadable;
use crate::error::ProjectorError;

pub const TABLE: Table = Table {
    name: "rm_usage",
    key: "week, view, role, person",
    create: "CREATE TABLE IF NOT EXISTS rm_usage (
        week TEXT NOT NULL,
        view TEXT NOT NULL,
        role TEXT NOT NULL,
        person TEXT NOT NULL,
        views BIGINT NOT NULL,
        PRIMARY KEY (week, view, role, person)
    )",
};

pub fn interested(category: &str) -> bool {
    category == usage::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let UsageEvent::PageViewed {
        person,
        role,
        view,
        at,
    } = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(unreadable(event))?;
    sqlx::query(
        "INSERT INTO rm_usage (week, view, role, person, views) VALUES ($1, $2, $3, $4, 1)
         ON CONFLICT (week, view, role, person) DO UPDATE SET views = rm_usage.views + 1",
    )
    .bind(usage::week(at))
    .bind(view.as_str())
    .bind(role.as_str())
    .bind(person)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
