//! The consultant's and the client's dashboards, from `rm_bookings`.
//!
//! "Today" and "this week" are the consultant's own zone's day and week
//! (Monday to Sunday); the next appointment or session is the first
//! confirmed booking whose room has not closed yet.

use axum::Json;
use axum::extract::State;
use axum::response::IntoResponse;
use chrono::{DateTime, Datelike as _, Days, NaiveDate, TimeZone as _, Utc};
use domain::room;
use domain::values::TimeZone;
use platform::http::ErrorEnvelope;
use platform::session::Caller;
use serde::Serialize;
use utoipa::ToSchema;

use super::practice::{NoteRow, NoteScope, notes};
use super::rows::{BookingView, SELECT, Viewer, utc};
use crate::QueryState;
use crate::error::QueryError;
use crate::routes::accounts::{NoStore, SignedIn};

const HISTORY: i64 = 20;
const RECENT_NOTES: i64 = 5;

async fn rows(
    state: &QueryState,
    viewer: Viewer,
    sql_where: &str,
    binds: &[String],
) -> Result<Vec<BookingView>, QueryError> {
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!("{SELECT} WHERE {sql_where}")));
    for value in binds {
        query = query.bind(value.as_str());
    }
    let now = state.clock.now();
    let mut rows = query
        .fetch_all(&state.read.pool)
        .await?
        .iter()
        .map(|r| BookingView::from_row(r, viewer, now))
        .collect::<Result<Vec<_>, _>>()?;
    crate::routes::receipts::attach(state, viewer, &mut rows).await?;
    Ok(rows)
}

async fn account_zone(state: &QueryState, caller: &Caller) -> Result<chrono_tz::Tz, QueryError> {
    let zone: Option<Option<String>> =
        sqlx::query_scalar("SELECT timezone FROM rm_accounts WHERE account_id = $1")
            .bind(caller.account_id.to_string())
            .fetch_optional(&state.read.pool)
            .await?;
    let from_account = zone.flatten().and_then(|z| TimeZone::parse(&z).ok());
    let zone = match from_account {
        Some(zone) => Some(zone),
        None => {
            super::schedule::offer(state, caller.account_id)
                .await?
                .timezone
        }
    };
    Ok(zone.map_or(chrono_tz::UTC, TimeZone::tz))
}

fn midnight(tz: chrono_tz::Tz, day: NaiveDate) -> DateTime<Utc> {
    tz.from_local_datetime(&day.and_hms_opt(0, 0, 0).unwrap_or_default())
        .earliest()
        .map_or_else(
            || day.and_hms_opt(0, 0, 0).unwrap_or_default().and_utc(),
            |t| t.with_timezone(&Utc),
        )
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConsultantDashboard {
    pub next_appointment: Option<BookingView>,
    /// Today's confirmed, completed or no-show bookings, by start.
    pub today: Vec<BookingView>,
    /// This week's confirmed bookings still to come, by start.
    pub this_week: Vec<BookingView>,
    /// Clients who have booked the consultant (confirmed, completed or no-show).
    pub total_clients: i64,
    pub recent_notes: Vec<NoteRow>,
}

/// The signed-in consultant's dashboard.
#[utoipa::path(get, path = "/api/consultant/dashboard", tag = "bookings", security(("session" = [])),
    responses((status = 200, body = ConsultantDashboard), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn consultant_dashboard(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let me = caller.account_id.to_string();
    let now = state.clock.now();
    let tz = account_zone(&state, &caller).await?;
    let today = now.with_timezone(&tz).date_naive();
    let day_start = midnight(tz, today);
    let day_end = midnight(tz, today.checked_add_days(Days::new(1)).unwrap_or(today));
    let monday = today
        .checked_sub_days(Days::new(u64::from(today.weekday().num_days_from_monday())))
        .unwrap_or(today);
    let week_end = midnight(tz, monday.checked_add_days(Days::new(7)).unwrap_or(today));
    let closing = utc(now - room::CLOSES_AFTER_END);
    let next = rows(
        &state,
        Viewer::Consultant,
        "b.consultant_id = $1 AND b.status = 'confirmed' AND b.ends_at > $2 ORDER BY b.starts_at, b.id LIMIT 1",
        &[me.clone(), closing],
    )
    .await?;
    let today_rows = rows(
        &state,
        Viewer::Consultant,
        "b.consultant_id = $1 AND b.status IN ('confirmed', 'completed', 'no_show')
            AND b.starts_at >= $2 AND b.starts_at < $3 ORDER BY b.starts_at, b.id",
        &[me.clone(), utc(day_start), utc(day_end)],
    )
    .await?;
    let week = rows(
        &state,
        Viewer::Consultant,
        "b.consultant_id = $1 AND b.status = 'confirmed' AND b.starts_at >= $2 AND b.starts_at < $3
            ORDER BY b.starts_at, b.id",
        &[me.clone(), utc(now), utc(week_end)],
    )
    .await?;
    let total_clients: i64 = sqlx::query_scalar(
        "SELECT COUNT(DISTINCT client_id) FROM rm_bookings
         WHERE consultant_id = $1 AND status IN ('confirmed', 'completed', 'no_show')",
    )
    .bind(me.as_str())
    .fetch_one(&state.read.pool)
    .await?;
    let recent_notes = notes(
        &state,
        &NoteScope::Consultant {
            consultant_id: me,
            client_id: None,
            booking_id: None,
            limit: RECENT_NOTES,
        },
    )
    .await?;
    Ok(NoStore(Json(ConsultantDashboard {
        next_appointment: next.into_iter().next(),
        today: today_rows,
        this_week: week,
        total_clients,
        recent_notes,
    })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ClientDashboard {
    /// The next confirmed session whose room has not closed; `room.open`
    /// says whether to show the join button.
    pub next_session: Option<BookingView>,
    /// Past or ended bookings, latest first.
    pub history: Vec<BookingView>,
    /// Favourite experts still listed (directory cards).
    pub favourites: Vec<serde_json::Value>,
}

/// The signed-in client's dashboard.
#[utoipa::path(get, path = "/api/client/dashboard", tag = "bookings", security(("session" = [])),
    responses((status = 200, body = ClientDashboard), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn client_dashboard(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let me = caller.account_id.to_string();
    let now = state.clock.now();
    let closing = utc(now - room::CLOSES_AFTER_END);
    let next = rows(
        &state,
        Viewer::Client,
        "b.client_id = $1 AND b.status = 'confirmed' AND b.ends_at > $2 ORDER BY b.starts_at, b.id LIMIT 1",
        &[me.clone(), closing.clone()],
    )
    .await?;
    let history = rows(
        &state,
        Viewer::Client,
        &format!(
            "b.client_id = $1 AND (b.status IN ('completed', 'no_show', 'cancelled', 'expired') OR b.ends_at <= $2)
             ORDER BY b.starts_at DESC, b.id LIMIT {HISTORY}"
        ),
        &[me.clone(), closing],
    )
    .await?;
    let cards: Vec<String> = sqlx::query_scalar(
        "SELECT d.card FROM rm_favourite f JOIN rm_directory d ON d.consultant_id = f.consultant_id
         WHERE f.client_id = $1 ORDER BY f.added_at DESC, f.consultant_id",
    )
    .bind(me.as_str())
    .fetch_all(&state.read.pool)
    .await?;
    Ok(NoStore(Json(ClientDashboard {
        next_session: next.into_iter().next(),
        history,
        favourites: cards
            .iter()
            .filter_map(|c| serde_json::from_str(c).ok())
            .collect(),
    })))
}
