//! What a consultant offers and when, as the read models hold it: zone,
//! session length and listing (`rm_consultants`), the weekly schedule
//! (`rm_timings`). Read by the slot list, the quote, the timings page and the
//! dashboards.

use domain::values::{SessionDuration, TimeZone};
use sqlx::Row;
use uuid::Uuid;

use crate::QueryState;
use crate::error::QueryError;

/// What a consultant offers: zone, session length, whether listed.
pub(crate) struct Offer {
    pub timezone: Option<TimeZone>,
    pub duration: Option<SessionDuration>,
    pub listed: bool,
}

/// The consultant's offer as `rm_consultants` holds it (the domain's fold,
/// projected); an unknown consultant offers nothing.
pub(crate) async fn offer(state: &QueryState, consultant_id: Uuid) -> Result<Offer, QueryError> {
    let row = sqlx::query(
        "SELECT c.timezone, c.session_minutes, c.listed, c.forgotten,
            COALESCE(a.status, 'active')
         FROM rm_consultants c LEFT JOIN rm_accounts a ON a.account_id = c.consultant_id
         WHERE c.consultant_id = $1",
    )
    .bind(consultant_id.to_string())
    .fetch_optional(&state.read.pool)
    .await?;
    let Some(row) = row else {
        return Ok(Offer {
            timezone: None,
            duration: None,
            listed: false,
        });
    };
    let timezone: Option<String> = row.try_get(0)?;
    let minutes: Option<i64> = row.try_get(1)?;
    let listed: i64 = row.try_get(2)?;
    let forgotten: i64 = row.try_get(3)?;
    // A deactivated account offers no slot (`domain::account::ensure_bookable`).
    let account_status: String = row.try_get(4)?;
    Ok(Offer {
        timezone: timezone.and_then(|z| TimeZone::parse(&z).ok()),
        duration: minutes.and_then(|m| SessionDuration::parse(Some(m)).ok()),
        listed: listed != 0 && forgotten == 0 && account_status != "deactivated",
    })
}

/// The schedule as the consultant last saved it (empty when never saved).
pub(crate) async fn timings_of(
    state: &QueryState,
    consultant_id: &str,
) -> Result<(serde_json::Value, serde_json::Value), QueryError> {
    let row = sqlx::query("SELECT rules, days_off FROM rm_timings WHERE consultant_id = $1")
        .bind(consultant_id)
        .fetch_optional(&state.read.pool)
        .await?;
    let parse = |raw: String| serde_json::from_str(&raw).unwrap_or_else(|_| serde_json::json!([]));
    Ok(match row {
        Some(r) => (parse(r.try_get(0)?), parse(r.try_get(1)?)),
        None => (serde_json::json!([]), serde_json::json!([])),
    })
}
