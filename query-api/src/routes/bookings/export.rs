//! Every booking as CSV, filtered as the administrators' list
//! (`GET /api/admin-panel/bookings`) and in its order (latest start
//! first), streamed page by page after the last row's `(starts_at, id)`:
//! one row-value comparison, so each page is a range of the start index.

use axum::extract::{Query, State};
use axum::response::Response;
use platform::http::ErrorEnvelope;
use platform::lang::Lang;

use super::rows::{BookingView, SELECT, Viewer};
use super::{BookingParams, filter};
use crate::QueryState;
use crate::csv::{self, Page};
use crate::error::QueryError;
use crate::routes::accounts::SignedIn;

/// The columns, by their message key (`csv.booking.{column}`).
const COLUMNS: [&str; 16] = [
    "id",
    "status",
    "start",
    "end",
    "duration_minutes",
    "consultant",
    "client",
    "price",
    "discount",
    "total",
    "currency",
    "coupon_code",
    "refund",
    "cancelled_by",
    "payment_ref",
    "created_at",
];

fn cells(row: BookingView, payment_ref: Option<String>, lang: Lang) -> Vec<String> {
    let currency = row.total.currency.clone();
    let money = |minor: i64| csv::amount(minor, &currency, lang);
    vec![
        row.id,
        csv::word("booking_status", &row.status, lang),
        row.start,
        row.end,
        row.duration_minutes.to_string(),
        row.consultant.name.unwrap_or_default(),
        row.client.name.unwrap_or_default(),
        money(row.price.amount_minor),
        money(row.discount.amount_minor),
        money(row.total.amount_minor),
        currency.clone(),
        row.coupon_code.unwrap_or_default(),
        row.refund
            .map(|r| money(r.amount_minor))
            .unwrap_or_default(),
        csv::word("cancelled_by", &row.cancelled_by, lang),
        payment_ref.unwrap_or_default(),
        row.created_at,
    ]
}

/// Every booking matching the list's filters, as CSV (UTF-8 with BOM, `;`,
/// CRLF, header in the request's language), streamed.
#[utoipa::path(get, path = "/api/admin-panel/bookings/export.csv", tag = "admin", security(("session" = [])),
    params(("status" = Option<String>, Query, description = "one or more statuses, comma-separated"),
        ("consultant_id" = Option<String>, Query), ("client_id" = Option<String>, Query),
        ("from" = Option<String>, Query, description = "start at or after (RFC 3339 or YYYY-MM-DD, UTC)"),
        ("to" = Option<String>, Query, description = "start before"),
        ("q" = Option<String>, Query, description = "words of either party's name, or the booking id")),
    responses((status = 200, description = "Every matching booking, one per row, latest start first",
            content_type = "text/csv", body = String),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn export_bookings(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    lang: Lang,
    Query(params): Query<BookingParams>,
) -> Result<Response, QueryError> {
    let filter = filter(&params, Viewer::Admin, &caller);
    let header = csv::header("csv.booking", &COLUMNS, lang);
    let pool = state.read.pool.clone();
    let clock = state.clock.clone();
    let fetch = move |after: Option<(String, String)>| {
        let pool = pool.clone();
        let now = clock.now();
        let mut clauses = filter.sql();
        let mut binds = filter.binds.clone();
        if let Some((start, id)) = after {
            let n = binds.len();
            clauses.push_str(if clauses.is_empty() {
                " WHERE "
            } else {
                " AND "
            });
            clauses.push_str(&format!(
                "(b.starts_at, b.id) < (${s}, ${i})",
                s = n + 1,
                i = n + 2
            ));
            binds.extend([start, id]);
        }
        // The row's columns, then the provider's reference.
        let select = SELECT.replacen(
            " FROM rm_bookings b",
            ", b.payment_ref FROM rm_bookings b",
            1,
        );
        let sql = format!(
            "{select}{clauses} ORDER BY b.starts_at DESC, b.id DESC LIMIT {}",
            csv::PAGE
        );
        async move {
            let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
            for value in &binds {
                query = query.bind(value.as_str());
            }
            let rows = query.fetch_all(&pool).await?;
            let mut out = Vec::with_capacity(rows.len());
            for r in &rows {
                use sqlx::Row;
                let payment_ref: Option<String> = r.try_get("payment_ref")?;
                let row = BookingView::from_row(r, Viewer::Admin, now)?;
                out.push((
                    (row.start.clone(), row.id.clone()),
                    cells(row, payment_ref, lang),
                ));
            }
            Ok(Page::of(out))
        }
    };
    Ok(csv::export("bookings.csv", header, fetch))
}
