//! Receipts (docs/rules.md "Receipts"): each booking row lists its receipts
//! with the caller's download path; the PDF goes to the booking's client,
//! its consultant and administrators, in the request's language (404 to
//! anyone else, as for an unknown receipt); administrators also list every
//! receipt (the accountant's view).

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use chrono::{NaiveDate, SecondsFormat, TimeDelta};
use domain::receipt::Receipt;
use platform::http::{ErrorEnvelope, ListEnvelope};
use platform::lang::Lang;
use platform::receipt_pdf;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use super::bookings::rows::{AmountView, BookingView, Party, Viewer};
use super::bookings::viewer;
use super::files::{Disposition, file_answer};
use crate::QueryState;
use crate::error::QueryError;

const MAX_PAGE_SIZE: u32 = 100;

/// A receipt as a booking row lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReceiptLink {
    pub id: String,
    /// `2026-000001`: the year and the place in its series, without gaps.
    pub number: String,
    /// `payment` (an invoice) or `refund` (a credit note).
    pub kind: String,
    /// VAT included when the seller charges it.
    pub amount: AmountView,
    pub issued_at: String,
    /// The PDF in the caller's area: `/api/{area}/receipts/{id}.pdf`.
    pub url: String,
}

fn area(viewer: Viewer) -> &'static str {
    match viewer {
        Viewer::Client => "client",
        Viewer::Consultant => "consultant",
        Viewer::Admin => "admin-panel",
    }
}

fn url(viewer: Viewer, id: &str) -> String {
    format!("/api/{}/receipts/{id}.pdf", area(viewer))
}

/// Fills each row's `receipts` (in number order) with one read.
pub(crate) async fn attach(
    state: &QueryState,
    viewer: Viewer,
    rows: &mut [BookingView],
) -> Result<(), QueryError> {
    if rows.is_empty() {
        return Ok(());
    }
    let placeholders = (1..=rows.len())
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!(
        "SELECT booking_id, id, number, kind, amount_minor, currency, issued_at
         FROM rm_receipts WHERE booking_id IN ({placeholders}) ORDER BY year, sequence"
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for row in rows.iter() {
        query = query.bind(row.id.as_str());
    }
    for r in query.fetch_all(&state.read.pool).await? {
        let booking_id: String = r.try_get(0)?;
        let id: String = r.try_get(1)?;
        let link = ReceiptLink {
            url: url(viewer, &id),
            id,
            number: r.try_get(2)?,
            kind: r.try_get(3)?,
            amount: AmountView {
                amount_minor: r.try_get(4)?,
                currency: r.try_get(5)?,
            },
            issued_at: r.try_get(6)?,
        };
        if let Some(row) = rows.iter_mut().find(|row| row.id == booking_id) {
            row.receipts.push(link);
        }
    }
    Ok(())
}

/// A receipt as a PDF, in the request's language, to the booking's client,
/// its consultant or an administrator; 404 to anyone else.
#[utoipa::path(get, path = "/api/{area}/receipts/{id}", tag = "receipts", security(("session" = [])),
    params(("area" = String, Path, description = "`client`, `consultant` or `admin-panel`"),
        ("id" = String, Path, description = "the receipt's id followed by `.pdf` (`{receipt id}.pdf`, as the booking row's `url` says)")),
    responses((status = 200, content_type = "application/pdf", description = "The receipt (invoice or credit note), `Content-Disposition: attachment; filename=\"recu-{number}.pdf\"` (`receipt-…` in English)"),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn receipt_pdf(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    lang: Lang,
    Path((_area, file)): Path<(String, String)>,
) -> Result<Response, QueryError> {
    let id: Uuid = file
        .strip_suffix(".pdf")
        .and_then(|id| id.parse().ok())
        .ok_or(QueryError::NotFound)?;
    let owner = match viewer(&caller) {
        Viewer::Client => " AND client_id = $2",
        Viewer::Consultant => " AND consultant_id = $2",
        Viewer::Admin => " AND $2 = $2",
    };
    let document: String = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT document FROM rm_receipts WHERE id = $1{owner}"
    )))
    .bind(id.to_string())
    .bind(caller.account_id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .ok_or(QueryError::NotFound)?;
    let receipt: Receipt = serde_json::from_str(&document).map_err(|e| {
        QueryError::Projector(projector::ProjectorError::Unreadable(id, e.to_string()))
    })?;
    Ok(file_answer(
        receipt_pdf::render(&receipt, lang),
        &receipt_pdf::file_name(&receipt.number, lang),
        Disposition::Attachment,
        "private, no-store",
    ))
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ReceiptParams {
    /// `payment` or `refund`.
    pub kind: String,
    /// Issued on or after this day (Europe/Paris), `YYYY-MM-DD`.
    pub from: String,
    /// Issued on or before this day (Europe/Paris), `YYYY-MM-DD`.
    pub to: String,
    pub page: Option<u32>,
    pub page_size: Option<u32>,
}

/// The VAT a receipt states.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReceiptVat {
    pub rate_percent: u8,
    pub net: AmountView,
    pub tax: AmountView,
}

/// A receipt in the administrators' list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ReceiptRow {
    #[serde(flatten)]
    pub link: ReceiptLink,
    pub booking_id: String,
    /// The buyer, named as on the receipt.
    pub client: Party,
    /// The seller, named as on the receipt.
    pub consultant: Party,
    /// `null` when the seller has no VAT number (art. 293 B CGI).
    pub vat: Option<ReceiptVat>,
    /// A credit note's invoice number.
    pub refers_to: Option<String>,
}

fn day(raw: &str, field: &'static str) -> Result<Option<NaiveDate>, QueryError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map(Some)
        .map_err(|_| QueryError::Invalid(field))
}

fn paris_midnight(day: NaiveDate) -> String {
    domain::reporting::day_start(day).to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn money(amount: domain::values::Money) -> AmountView {
    AmountView {
        amount_minor: amount.minor,
        currency: amount.currency.code().to_owned(),
    }
}

/// Every receipt, latest number first: the accountant's register.
#[utoipa::path(get, path = "/api/admin-panel/receipts", tag = "admin", security(("session" = [])),
    params(("kind" = Option<String>, Query, description = "`payment` or `refund`"),
        ("from" = Option<String>, Query, description = "issued on or after this day (YYYY-MM-DD, Europe/Paris)"),
        ("to" = Option<String>, Query, description = "issued on or before this day"),
        ("page" = Option<u32>, Query), ("page_size" = Option<u32>, Query, description = "20 by default, at most 100")),
    responses((status = 200, body = ListEnvelope<ReceiptRow>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn admin_receipts(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<ReceiptParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let mut clauses: Vec<String> = Vec::new();
    let mut binds: Vec<String> = Vec::new();
    let mut add = |clause: &str, value: String| {
        binds.push(value);
        clauses.push(clause.replace('?', &format!("${}", binds.len())));
    };
    match params.kind.trim() {
        "" => {}
        kind @ ("payment" | "refund") => add("kind = ?", kind.to_owned()),
        _ => return Err(QueryError::Invalid("kind")),
    }
    let (from, to) = (day(&params.from, "from")?, day(&params.to, "to")?);
    if let (Some(from), Some(to)) = (from, to)
        && from > to
    {
        return Err(QueryError::Invalid("to"));
    }
    if let Some(from) = from {
        add("issued_at >= ?", paris_midnight(from));
    }
    if let Some(to) = to.and_then(|t| t.checked_add_signed(TimeDelta::days(1))) {
        add("issued_at < ?", paris_midnight(to));
    }
    let where_sql = if clauses.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", clauses.join(" AND "))
    };
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM rm_receipts{where_sql}"
    )));
    for value in &binds {
        count = count.bind(value.as_str());
    }
    let total = count.fetch_one(&state.read.pool).await?;
    let n = binds.len();
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT id, client_id, consultant_id, document FROM rm_receipts{where_sql}
         ORDER BY year DESC, sequence DESC LIMIT ${} OFFSET ${}",
        n + 1,
        n + 2
    )));
    for value in &binds {
        query = query.bind(value.as_str());
    }
    let mut items = Vec::new();
    for r in query
        .bind(i64::from(page_size))
        .bind((i64::from(page) - 1) * i64::from(page_size))
        .fetch_all(&state.read.pool)
        .await?
    {
        let id: String = r.try_get(0)?;
        let document: String = r.try_get(3)?;
        let receipt: Receipt = serde_json::from_str(&document).map_err(|e| {
            QueryError::Projector(projector::ProjectorError::Unreadable(
                id.parse().unwrap_or_default(),
                e.to_string(),
            ))
        })?;
        items.push(ReceiptRow {
            link: ReceiptLink {
                url: url(Viewer::Admin, &id),
                id,
                number: receipt.number.clone(),
                kind: receipt.kind.as_str().to_owned(),
                amount: money(receipt.amount),
                issued_at: crate::routes::bookings::rows::utc(receipt.issued_at),
            },
            booking_id: receipt.booking_id.to_string(),
            client: Party {
                id: r.try_get(1)?,
                name: Some(receipt.document.buyer.name.clone()),
            },
            consultant: Party {
                id: r.try_get(2)?,
                name: Some(receipt.document.seller.name.clone()),
            },
            vat: receipt.vat.map(|v| ReceiptVat {
                rate_percent: v.rate_percent,
                net: money(v.net),
                tax: money(v.tax),
            }),
            refers_to: receipt.refers_to,
        });
    }
    Ok(NoStore(Json(ListEnvelope {
        items,
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })))
}
