//! The administrators' complaint list as CSV: the list's filters and
//! default order, streamed page by page after the last row's
//! `(open_rank, sort_at, id)`.

use axum::extract::{Query, State};
use axum::response::Response;
use platform::http::ErrorEnvelope;
use platform::lang::Lang;

use super::ADMIN_ORDER;
use super::params::{Bind, ListParams, bind_all};
use super::rows::{ComplaintRecord, SELECT, Viewer};
use crate::QueryState;
use crate::csv::{self, Page};
use crate::error::QueryError;
use crate::routes::accounts::SignedIn;

/// The columns, by their message key (`csv.complaint.{column}`).
const COLUMNS: [&str; 17] = [
    "id",
    "filed_at",
    "status",
    "type",
    "subject",
    "author",
    "author_role",
    "respondent",
    "respondent_role",
    "booking_id",
    "booking_start",
    "desired_outcome",
    "favour",
    "refund",
    "currency",
    "updated_at",
    "closed_at",
];

type Key = (i64, i64, String);

fn cells(record: &ComplaintRecord, lang: Lang) -> Vec<String> {
    let row = record.row(Viewer::Admin, lang);
    let refund = record
        .refund_minor
        .zip(record.refund_currency.as_deref())
        .map(|(minor, currency)| csv::amount(minor, currency, lang))
        .unwrap_or_default();
    vec![
        row.id,
        row.filed_at,
        csv::word("complaint_status", &row.status, lang),
        row.complaint_type.name,
        row.subject,
        row.author.name,
        csv::word("role", &row.author.role, lang),
        row.respondent
            .as_ref()
            .map(|r| r.name.clone())
            .unwrap_or_default(),
        row.respondent
            .map(|r| csv::word("role", &r.role, lang))
            .unwrap_or_default(),
        record.booking_id.clone().unwrap_or_default(),
        record.booking_start.clone().unwrap_or_default(),
        row.desired_outcome
            .map(|o| csv::word("outcome", &o, lang))
            .unwrap_or_default(),
        row.favour
            .map(|f| csv::word("favour", &f, lang))
            .unwrap_or_default(),
        refund,
        record.refund_currency.clone().unwrap_or_default(),
        row.updated_at,
        row.closed_at.unwrap_or_default(),
    ]
}

/// The complaint list, filtered as `GET /api/admin-panel/complaints`, as CSV
/// (UTF-8 with BOM, `;`, CRLF, header in the request's language), streamed.
#[utoipa::path(get, path = "/api/admin-panel/complaints/export.csv", tag = "admin", security(("session" = [])),
    params(ListParams),
    responses((status = 200, description = "Every matching complaint, one per row, in the list's default order",
            content_type = "text/csv", body = String),
        (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn export_complaints(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    lang: Lang,
    Query(params): Query<ListParams>,
) -> Result<Response, QueryError> {
    let filter = params.admin_filter()?;
    let header = csv::header("csv.complaint", &COLUMNS, lang);
    let pool = state.read.pool.clone();
    let fetch = move |after: Option<Key>| {
        let pool = pool.clone();
        let mut clauses = filter.sql();
        let mut binds = filter.binds.clone();
        if let Some((rank, at, id)) = after {
            let n = binds.len();
            clauses.push_str(if clauses.is_empty() {
                " WHERE "
            } else {
                " AND "
            });
            clauses.push_str(&format!(
                "(c.open_rank, c.sort_at, c.id) > (${a}, ${b}, ${c})",
                a = n + 1,
                b = n + 2,
                c = n + 3
            ));
            binds.extend([Bind::Int(rank), Bind::Int(at), Bind::Text(id)]);
        }
        let sql = format!(
            "{SELECT}{clauses} ORDER BY {ADMIN_ORDER} LIMIT {}",
            csv::PAGE
        );
        async move {
            let records: Vec<ComplaintRecord> =
                bind_all(sqlx::query_as(sqlx::AssertSqlSafe(sql)), &binds)
                    .fetch_all(&pool)
                    .await?;
            Ok(Page::of(
                records
                    .iter()
                    .map(|r| ((r.open_rank, r.sort_at, r.id.clone()), cells(r, lang)))
                    .collect(),
            ))
        }
    };
    Ok(csv::export("complaints.csv", header, fetch))
}
