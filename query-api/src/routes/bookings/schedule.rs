//! The read models' schedule ([`projector::schedule`]) for the query
//! side's handlers, and the saved schedule as the timings page shows it.

pub(crate) use projector::schedule::{Offer, Taken};

use sqlx::Row;

use crate::QueryState;
use crate::error::QueryError;

/// What the consultant offers ([`projector::schedule::offer`]).
pub(crate) async fn offer(
    state: &QueryState,
    consultant_id: uuid::Uuid,
) -> Result<Offer, QueryError> {
    Ok(projector::schedule::offer(&state.read.pool, consultant_id).await?)
}

/// The offer and the held or confirmed intervals meeting `[from, to)`
/// ([`projector::schedule::offer_and_taken`]).
pub(crate) async fn offer_and_taken(
    state: &QueryState,
    consultant_id: uuid::Uuid,
    from: &str,
    to: &str,
) -> Result<(Offer, Taken), QueryError> {
    Ok(projector::schedule::offer_and_taken(&state.read.pool, consultant_id, from, to).await?)
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
