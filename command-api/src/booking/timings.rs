//! `PUT /api/consultant/timings`: the consultant's weekly schedule.

use chrono::NaiveDate;
use domain::account::Role;
use domain::availability::{self, TimingRule};
use serde::Deserialize;
use store::Position;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{load_timings, timings_stream};
use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, with_retry};
use crate::ids::Ids;

#[derive(Debug, Deserialize, ToSchema)]
pub struct TimingsBody {
    #[serde(default)]
    pub rules: Vec<TimingRule>,
    /// Local dates (`YYYY-MM-DD`) in the consultant's zone.
    #[serde(default)]
    #[schema(value_type = Vec<String>)]
    pub days_off: Vec<NaiveDate>,
}

/// Replaces the schedule; `None` when it was already that.
pub async fn set(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    body: TimingsBody,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    let actor = Actor {
        id: Some(consultant_id),
        role: Role::Consultant.as_str(),
    };
    with_retry(|| async {
        let now = app.clock.now();
        let timings = load_timings(app, consultant_id).await?;
        let events = availability::set(
            &timings.state,
            body.rules.clone(),
            body.days_off.clone(),
            now,
        )?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, now)
            .events(timings_stream(consultant_id), timings.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}
