//! Bookings as each area sees them (DESIGN §2: ownership checked on every
//! read): a client its own, a consultant its own, an administrator all with
//! filters and each booking's full event history (who did what, when) and
//! the notes written about it. Another party's booking answers 404.

pub mod calendar;
pub mod dashboards;
pub mod export;
pub mod practice;
pub mod rows;
mod schedule;
pub mod slots;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use platform::http::{ErrorEnvelope, ListEnvelope};
use platform::session::Caller;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use uuid::Uuid;

use self::rows::{BookingView, SELECT, Viewer};
use super::accounts::{NoStore, SignedIn};
use crate::QueryState;
use crate::error::QueryError;

const MAX_PAGE_SIZE: u32 = 100;
const STATUSES: [&str; 6] = [
    "held",
    "confirmed",
    "expired",
    "cancelled",
    "completed",
    "no_show",
];

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct BookingParams {
    pub status: String,
    pub consultant_id: String,
    pub client_id: String,
    /// Bookings starting at or after this instant or day (RFC 3339 or `YYYY-MM-DD`, UTC).
    pub from: String,
    /// Bookings starting before this instant or day.
    pub to: String,
    /// Words of either party's name, or a booking id.
    pub q: String,
    pub page: Option<u32>,
    pub page_size: Option<u32>,
}

/// A `WHERE` clause with its text parameters, numbered in order.
#[derive(Default)]
struct Filter {
    clauses: Vec<String>,
    binds: Vec<String>,
}

impl Filter {
    fn add(&mut self, clause: &str, value: String) {
        self.binds.push(value);
        self.clauses
            .push(clause.replace('?', &format!("${}", self.binds.len())));
    }

    fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", self.clauses.join(" AND "))
        }
    }
}

/// `YYYY-MM-DD` as midnight in the marketplace's zone (the dashboard's
/// weeks count the same days); an instant as given, normalised.
fn instant(raw: &str) -> Option<String> {
    let raw = raw.trim();
    if let Ok(day) = chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        return Some(rows::utc(domain::reporting::day_start(day)));
    }
    chrono::DateTime::parse_from_rfc3339(raw)
        .ok()
        .map(|t| rows::utc(t.with_timezone(&chrono::Utc)))
}

fn filter(params: &BookingParams, viewer: Viewer, caller: &Caller) -> Filter {
    let mut filter = Filter::default();
    match viewer {
        Viewer::Client => filter.add("b.client_id = ?", caller.account_id.to_string()),
        Viewer::Consultant => filter.add("b.consultant_id = ?", caller.account_id.to_string()),
        Viewer::Admin => {
            for (column, raw) in [
                ("b.consultant_id", &params.consultant_id),
                ("b.client_id", &params.client_id),
            ] {
                if !raw.trim().is_empty() {
                    filter.add(&format!("{column} = ?"), raw.trim().to_owned());
                }
            }
            let q = params.q.trim().to_lowercase();
            if !q.is_empty() {
                for word in q.split_whitespace().take(5) {
                    filter.add(
                        "LOWER(COALESCE(co.given_name, '') || ' ' || COALESCE(co.family_name, '') || ' ' || COALESCE(cl.given_name, '') || ' ' || COALESCE(cl.family_name, '') || ' ' || b.id) LIKE ?",
                        format!("%{word}%"),
                    );
                }
            }
        }
    }
    let statuses: Vec<&str> = params
        .status
        .split(',')
        .map(str::trim)
        .filter(|s| STATUSES.contains(s))
        .collect();
    if !statuses.is_empty() {
        let list = statuses
            .iter()
            .map(|s| format!("'{s}'"))
            .collect::<Vec<_>>()
            .join(", ");
        filter.clauses.push(format!("b.status IN ({list})"));
    }
    if let Some(from) = instant(&params.from) {
        filter.add("b.starts_at >= ?", from);
    }
    if let Some(to) = instant(&params.to) {
        filter.add("b.starts_at < ?", to);
    }
    filter
}

async fn list(
    state: &QueryState,
    caller: &Caller,
    viewer: Viewer,
    params: &BookingParams,
) -> Result<ListEnvelope<BookingView>, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let filter = filter(params, viewer, caller);
    let where_sql = filter.sql();
    let count_sql = format!(
        "SELECT COUNT(*) FROM rm_bookings b
         LEFT JOIN rm_accounts co ON co.account_id = b.consultant_id
         LEFT JOIN rm_accounts cl ON cl.account_id = b.client_id{where_sql}"
    );
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql));
    for value in &filter.binds {
        count = count.bind(value.as_str());
    }
    let total = count.fetch_one(&state.read.pool).await?;
    let n = filter.binds.len();
    let rows_sql = format!(
        "{SELECT}{where_sql} ORDER BY b.starts_at DESC, b.id DESC LIMIT ${} OFFSET ${}",
        n + 1,
        n + 2
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(rows_sql));
    for value in &filter.binds {
        query = query.bind(value.as_str());
    }
    let now = state.clock.now();
    let mut items = query
        .bind(i64::from(page_size))
        .bind((i64::from(page) - 1) * i64::from(page_size))
        .fetch_all(&state.read.pool)
        .await?
        .iter()
        .map(|r| BookingView::from_row(r, viewer, now))
        .collect::<Result<Vec<_>, _>>()?;
    crate::routes::receipts::attach(state, viewer, &mut items).await?;
    Ok(ListEnvelope {
        items,
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })
}

/// The signed-in client's bookings, latest start first.
#[utoipa::path(get, path = "/api/client/bookings", tag = "bookings", security(("session" = [])),
    params(("status" = Option<String>, Query, description = "one or more statuses, comma-separated"),
        ("from" = Option<String>, Query), ("to" = Option<String>, Query),
        ("page" = Option<u32>, Query), ("page_size" = Option<u32>, Query, description = "20 by default, at most 100")),
    responses((status = 200, body = ListEnvelope<BookingView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn client_bookings(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Query(params): Query<BookingParams>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(
        list(&state, &caller, Viewer::Client, &params).await?,
    )))
}

/// The signed-in consultant's bookings, latest start first.
#[utoipa::path(get, path = "/api/consultant/bookings", tag = "bookings", security(("session" = [])),
    params(("status" = Option<String>, Query, description = "one or more statuses, comma-separated"),
        ("from" = Option<String>, Query), ("to" = Option<String>, Query),
        ("page" = Option<u32>, Query), ("page_size" = Option<u32>, Query, description = "20 by default, at most 100")),
    responses((status = 200, body = ListEnvelope<BookingView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn consultant_bookings(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Query(params): Query<BookingParams>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(
        list(&state, &caller, Viewer::Consultant, &params).await?,
    )))
}

/// Every booking, latest start first, with filters.
#[utoipa::path(get, path = "/api/admin-panel/bookings", tag = "admin", security(("session" = [])),
    params(("status" = Option<String>, Query, description = "one or more statuses, comma-separated"),
        ("consultant_id" = Option<String>, Query), ("client_id" = Option<String>, Query),
        ("from" = Option<String>, Query, description = "start at or after (RFC 3339, or YYYY-MM-DD: midnight in Europe/Paris)"),
        ("to" = Option<String>, Query, description = "start before"),
        ("q" = Option<String>, Query, description = "words of either party's name, or the booking id"),
        ("page" = Option<u32>, Query), ("page_size" = Option<u32>, Query, description = "20 by default, at most 100")),
    responses((status = 200, body = ListEnvelope<BookingView>), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn admin_bookings(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Query(params): Query<BookingParams>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(
        list(&state, &caller, Viewer::Admin, &params).await?,
    )))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryEntry {
    pub at: String,
    /// The event type (`BookingHeld`, `BookingConfirmed`, …).
    #[serde(rename = "type")]
    pub event_type: String,
    /// `client`, `consultant`, `admin` or `system`.
    pub actor_role: Option<String>,
    pub actor_id: Option<String>,
    pub actor_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BookingDetail {
    #[serde(flatten)]
    pub row: BookingView,
    /// Administrators only: every event of the booking, oldest first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub history: Option<Vec<HistoryEntry>>,
    /// Administrators only: the consultant's notes about this booking.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<practice::NoteRow>>,
    /// Administrators only, when a reason was typed on cancelling: its
    /// text, `[erased]` once the client is forgotten.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cancellation_reason: Option<String>,
}

/// Where a booking's cancellation reason is kept (subject = the client).
#[derive(sqlx::FromRow)]
struct CancelReasonRecord {
    client_id: String,
    cancel_reason_key: Option<String>,
}

/// The reason typed when `id` was cancelled, read from the forgettable store.
async fn cancellation_reason(state: &QueryState, id: &str) -> Result<Option<String>, QueryError> {
    let record: Option<CancelReasonRecord> =
        sqlx::query_as("SELECT client_id, cancel_reason_key FROM rm_bookings WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.read.pool)
            .await?;
    let Some((client, key)) = record.and_then(|r| {
        let client = r.client_id.parse::<Uuid>().ok()?;
        Some((client, r.cancel_reason_key?))
    }) else {
        return Ok(None);
    };
    let stored = state.stores.events.payload(client, &key).await?;
    Ok(Some(
        stored
            .map(|raw| serde_json::from_str::<String>(&raw).unwrap_or(raw))
            .unwrap_or_else(|| projector::projections::ERASED.to_owned()),
    ))
}

/// One booking row, if `viewer` may see it.
pub(crate) async fn booking_row(
    state: &QueryState,
    caller: &Caller,
    viewer: Viewer,
    id: &str,
) -> Result<BookingView, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let owner = match viewer {
        Viewer::Client => " AND b.client_id = $2",
        Viewer::Consultant => " AND b.consultant_id = $2",
        Viewer::Admin => " AND $2 = $2",
    };
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE b.id = $1{owner}"
    )))
    .bind(id.to_string())
    .bind(caller.account_id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .ok_or(QueryError::NotFound)?;
    let mut view = [BookingView::from_row(&row, viewer, state.clock.now())?];
    crate::routes::receipts::attach(state, viewer, &mut view).await?;
    let [view] = view;
    Ok(view)
}

async fn history(state: &QueryState, id: &str) -> Result<Vec<HistoryEntry>, QueryError> {
    let rows = sqlx::query(
        "SELECT h.at, h.event_type, h.actor_role, h.actor_id, a.given_name, a.family_name
         FROM rm_booking_history h LEFT JOIN rm_accounts a ON a.account_id = h.actor_id
         WHERE h.booking_id = $1 ORDER BY h.position, h.event_id",
    )
    .bind(id)
    .fetch_all(&state.read.pool)
    .await?;
    rows.iter()
        .map(|r| {
            let given: Option<String> = r.try_get(4)?;
            let family: Option<String> = r.try_get(5)?;
            Ok(HistoryEntry {
                at: r.try_get(0)?,
                event_type: r.try_get(1)?,
                actor_role: r.try_get(2)?,
                actor_id: r.try_get(3)?,
                actor_name: given.map(|g| format!("{g} {}", family.unwrap_or_default())),
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()
        .map_err(QueryError::from)
}

/// One booking of the caller's area; an administrator's carries the full
/// event history, the notes and the cancellation reason.
#[utoipa::path(get, path = "/api/{area}/bookings/{id}", tag = "bookings", security(("session" = [])),
    params(("area" = String, Path, description = "`client`, `consultant` or `admin-panel`"), ("id" = Uuid, Path)),
    responses((status = 200, body = BookingDetail), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn booking_detail(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Path((_area, id)): Path<(String, String)>,
) -> Result<impl IntoResponse, QueryError> {
    let viewer = viewer(&caller);
    let row = booking_row(&state, &caller, viewer, &id).await?;
    let (history, notes, cancellation_reason) = if viewer == Viewer::Admin {
        (
            Some(history(&state, &row.id).await?),
            Some(practice::notes(&state, &practice::NoteScope::Booking(row.id.clone())).await?),
            cancellation_reason(&state, &row.id).await?,
        )
    } else {
        (None, None, None)
    };
    Ok(NoStore(Json(BookingDetail {
        row,
        history,
        notes,
        cancellation_reason,
    })))
}

pub(crate) fn viewer(caller: &Caller) -> Viewer {
    match caller.role {
        domain::account::Role::Client => Viewer::Client,
        domain::account::Role::Consultant => Viewer::Consultant,
        domain::account::Role::Admin => Viewer::Admin,
    }
}
