//! Usage measurement: a signed-in client or consultant who accepted
//! analytics tells which area page they opened (docs/api.md "Consent and
//! usage analytics"); recorded under a keyed hash of the account.

use domain::account::Role;
use domain::usage::{self, UsageView};
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied};
use crate::ids::Ids;

#[derive(Deserialize, ToSchema)]
pub struct UsageBody {
    #[schema(value_type = String)]
    pub view: UsageView,
}

#[derive(Serialize, ToSchema)]
pub struct UsageRecorded {
    pub recorded: bool,
}

const WINDOW: chrono::TimeDelta = chrono::TimeDelta::hours(1);

/// Records one view; `None` when the account's hourly allowance is spent.
pub async fn record(
    app: &AppState,
    ids: &Ids,
    account_id: Uuid,
    role: Role,
    view: UsageView,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    let now = app.clock.now();
    let person = app.keys.usage_person(account_id);
    let event = usage::view(person.clone(), role, view, now)?;
    let counter = format!("usage:{person}");
    let seen = app.stores.throttle.failures(&counter, now - WINDOW).await?;
    if seen.is_some_and(|run| run.failures >= usage::PER_ACCOUNT_PER_HOUR) {
        return Ok(None);
    }
    // Not the account as actor either: the log's metadata must not undo the
    // hash (the view is the system's record of an anonymous count).
    let stream = StreamId::new(usage::CATEGORY, ids.id("usage-view"));
    let position = Batch::new(ids, Actor::SYSTEM, now)
        .events(stream, 0, &[event])
        .commit(app)
        .await?;
    app.stores
        .throttle
        .record_failure(&counter, now, now - WINDOW)
        .await?;
    Ok(Some(position))
}
