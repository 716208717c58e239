//! The administrators' dashboard (`docs/complaints.md` "Dashboard"): the
//! weekly sums the projector keeps in `rm_week_stats` (ISO weeks in
//! Europe/Paris) for the last 4, 12 or 52 weeks, empty weeks as zeros, with
//! the consultants awaiting review and the open complaints by age.
//!
//! The answer reads a few hundred rows; it is kept in the render cache while
//! the read models stand still, until a new week starts or an open complaint
//! changes age bucket, whichever comes first.

use std::collections::{BTreeMap, BTreeSet};

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use chrono::{DateTime, Datelike as _, Days, NaiveDate, TimeDelta, TimeZone as _, Utc};
use platform::http::ErrorEnvelope;
use projector::projections::stats::{self, ZONE, week_key};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::accounts::{NoStore, SignedIn};
use super::raw_json;
use crate::QueryState;
use crate::error::QueryError;
use crate::render_cache::Rendered;

/// The periods offered, in weeks; the first one without `weeks`.
const PERIODS: [u32; 3] = [4, 12, 52];
const DEFAULT_WEEKS: u32 = 12;
/// Open complaints change age bucket at these ages.
const FRESH_DAYS: i64 = 7;
const OLD_DAYS: i64 = 30;

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct DashboardParams {
    /// `4`, `12` or `52`.
    pub weeks: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BookingsWeek {
    /// ISO week, `2026-W48`.
    pub week: String,
    /// Its Monday, `2026-11-23`.
    pub start: String,
    /// Confirmed and completed bookings starting that week.
    pub confirmed: i64,
    pub cancelled: i64,
    pub no_show: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RevenueWeek {
    pub week: String,
    pub start: String,
    pub currency: String,
    /// Paid that week (confirmations with a payment), minor units.
    pub paid_minor: i64,
    /// Refunded that week (any refund), minor units.
    pub refunded_minor: i64,
    /// `paid_minor - refunded_minor`.
    pub net_minor: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SignUpsWeek {
    pub week: String,
    pub start: String,
    pub clients: i64,
    pub consultants: i64,
}

#[derive(Debug, Default, Serialize, ToSchema)]
pub struct ComplaintsByAge {
    pub under_7_days: i64,
    pub from_7_to_30_days: i64,
    pub over_30_days: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Dashboard {
    pub weeks: u32,
    /// Monday of the first week.
    pub from: String,
    /// Sunday of the current week.
    pub to: String,
    /// One entry per week, oldest first.
    pub bookings: Vec<BookingsWeek>,
    /// One entry per currency with money in the period and per week, by
    /// currency then week; never converted.
    pub revenue: Vec<RevenueWeek>,
    pub sign_ups: Vec<SignUpsWeek>,
    /// Consultants whose submitted profile waits for a review.
    pub awaiting_review: i64,
    /// Complaints submitted or in review, by age at the time of the request.
    pub complaints_open_by_age: ComplaintsByAge,
}

/// The dashboard's figures for the last `weeks` ISO weeks (Europe/Paris).
#[utoipa::path(get, path = "/api/admin-panel/dashboard", tag = "admin", security(("session" = [])),
    params(("weeks" = Option<u32>, Query, description = "`4`, `12` (default) or `52`: the period, ending with the current week")),
    responses((status = 200, body = Dashboard), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn admin_dashboard(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    headers: HeaderMap,
    Query(params): Query<DashboardParams>,
) -> Result<impl IntoResponse, QueryError> {
    let weeks = period(params.weeks.as_deref())?;
    let wanted = crate::freshness::min_position(&headers);
    let body = state
        .renders
        .get_or_render(
            &state,
            format!("admin-dashboard:{weeks}"),
            wanted,
            async || render(&state, weeks).await,
        )
        .await?;
    Ok(NoStore(raw_json(body)))
}

/// The asked period: one of [`PERIODS`], [`DEFAULT_WEEKS`] when absent.
fn period(raw: Option<&str>) -> Result<u32, QueryError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(DEFAULT_WEEKS),
        Some(raw) => raw
            .parse()
            .ok()
            .filter(|w| PERIODS.contains(w))
            .ok_or(QueryError::Invalid("weeks")),
    }
}

#[derive(sqlx::FromRow)]
struct StatRow {
    week: String,
    metric: String,
    currency: String,
    value: i64,
}

#[derive(sqlx::FromRow)]
struct AgeRow {
    under_7_days: i64,
    from_7_to_30_days: i64,
    over_30_days: i64,
    /// The earliest filing among the fresh ones, and among the middle ones:
    /// they are the next to change bucket.
    next_fresh: Option<String>,
    next_middle: Option<String>,
}

async fn render(state: &QueryState, weeks: u32) -> Result<Rendered, QueryError> {
    let now = state.clock.now();
    let today = now.with_timezone(&ZONE).date_naive();
    let this_monday = today - Days::new(u64::from(today.weekday().num_days_from_monday()));
    let mondays: Vec<NaiveDate> = (0..weeks)
        .rev()
        .map(|back| this_monday - Days::new(7 * u64::from(back)))
        .collect();
    let keys: Vec<String> = mondays.iter().map(|d| week_key(*d)).collect();
    let (first, last) = (keys[0].clone(), keys[keys.len() - 1].clone());

    let rows: Vec<StatRow> = sqlx::query_as(
        "SELECT week, metric, currency, value FROM rm_week_stats WHERE week >= $1 AND week <= $2",
    )
    .bind(&first)
    .bind(&last)
    .fetch_all(&state.read.pool)
    .await?;
    let sums: BTreeMap<(&str, &str, &str), i64> = rows
        .iter()
        .map(|r| {
            (
                (r.week.as_str(), r.metric.as_str(), r.currency.as_str()),
                r.value,
            )
        })
        .collect();
    let sum = |week: &str, metric: &str, currency: &str| {
        sums.get(&(week, metric, currency)).copied().unwrap_or(0)
    };
    let currencies: BTreeSet<&str> = rows
        .iter()
        .filter(|r| r.metric == stats::PAID || r.metric == stats::REFUNDED)
        .map(|r| r.currency.as_str())
        .collect();
    let weekly = mondays.iter().zip(&keys);

    let bookings = weekly
        .clone()
        .map(|(monday, week)| BookingsWeek {
            week: week.clone(),
            start: monday.to_string(),
            confirmed: sum(week, stats::BOOKINGS_CONFIRMED, ""),
            cancelled: sum(week, stats::BOOKINGS_CANCELLED, ""),
            no_show: sum(week, stats::BOOKINGS_NO_SHOW, ""),
        })
        .collect();
    let revenue = currencies
        .iter()
        .flat_map(|currency| {
            weekly.clone().map(|(monday, week)| {
                let paid = sum(week, stats::PAID, currency);
                let refunded = sum(week, stats::REFUNDED, currency);
                RevenueWeek {
                    week: week.clone(),
                    start: monday.to_string(),
                    currency: (*currency).to_owned(),
                    paid_minor: paid,
                    refunded_minor: refunded,
                    net_minor: paid - refunded,
                }
            })
        })
        .collect();
    let sign_ups = weekly
        .clone()
        .map(|(monday, week)| SignUpsWeek {
            week: week.clone(),
            start: monday.to_string(),
            clients: sum(week, stats::CLIENTS, ""),
            consultants: sum(week, stats::CONSULTANTS, ""),
        })
        .collect();

    let awaiting_review: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM rm_consultants WHERE status = 'submitted'")
            .fetch_one(&state.read.pool)
            .await?;
    let (complaints_open_by_age, bucket_change) = complaints_by_age(state, now).await?;

    let next_week = midnight(this_monday + Days::new(7));
    let expires = bucket_change.map_or(next_week, |at| at.min(next_week));
    let body = Dashboard {
        weeks,
        from: mondays[0].to_string(),
        to: (this_monday + Days::new(6)).to_string(),
        bookings,
        revenue,
        sign_ups,
        awaiting_review,
        complaints_open_by_age,
    };
    Ok(Rendered {
        // Strings and integers only: serialising cannot fail.
        body: (serde_json::to_string(&body).expect("the dashboard serialises")).into(),
        expires,
    })
}

/// Open complaints by age at `now`, and when the next one changes bucket.
async fn complaints_by_age(
    state: &QueryState,
    now: DateTime<Utc>,
) -> Result<(ComplaintsByAge, Option<DateTime<Utc>>), QueryError> {
    let fresh_since = utc(now - TimeDelta::days(FRESH_DAYS));
    let old_since = utc(now - TimeDelta::days(OLD_DAYS));
    let row: AgeRow = sqlx::query_as(
        "SELECT COUNT(CASE WHEN filed_at > $1 THEN 1 END) AS under_7_days,
                COUNT(CASE WHEN filed_at <= $1 AND filed_at > $2 THEN 1 END) AS from_7_to_30_days,
                COUNT(CASE WHEN filed_at <= $2 THEN 1 END) AS over_30_days,
                MIN(CASE WHEN filed_at > $1 THEN filed_at END) AS next_fresh,
                MIN(CASE WHEN filed_at <= $1 AND filed_at > $2 THEN filed_at END) AS next_middle
         FROM rm_complaints WHERE open_rank = 0 AND status IN ('submitted', 'in_review')",
    )
    .bind(&fresh_since)
    .bind(&old_since)
    .fetch_one(&state.read.pool)
    .await?;
    let crossing = |filed: &Option<String>, days: i64| {
        filed
            .as_deref()
            .and_then(|f| DateTime::parse_from_rfc3339(f).ok())
            .map(|f| f.with_timezone(&Utc) + TimeDelta::days(days))
    };
    let next = [
        crossing(&row.next_fresh, FRESH_DAYS),
        crossing(&row.next_middle, OLD_DAYS),
    ]
    .into_iter()
    .flatten()
    .min();
    Ok((
        ComplaintsByAge {
            under_7_days: row.under_7_days,
            from_7_to_30_days: row.from_7_to_30_days,
            over_30_days: row.over_30_days,
        },
        next,
    ))
}

/// Midnight starting `day` in Europe/Paris, as an instant.
fn midnight(day: NaiveDate) -> DateTime<Utc> {
    let local = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    ZONE.from_local_datetime(&local)
        .earliest()
        .map_or_else(|| local.and_utc(), |t| t.with_timezone(&Utc))
}

fn utc(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_period_is_4_12_or_52_weeks() {
        assert_eq!(period(None).unwrap(), 12);
        assert_eq!(period(Some("4")).unwrap(), 4);
        assert_eq!(period(Some("52")).unwrap(), 52);
        for wrong in ["0", "5", "53", "-4", "x", "12.0", "99999999999"] {
            assert!(period(Some(wrong)).is_err(), "{wrong}");
        }
    }
}
