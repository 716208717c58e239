//! The administrators' list of newsletter subscribers (confirmed, and
//! waiting for their confirmation), newest request first, searched by
//! words of the address, and the same list as CSV.

use axum::Json;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use platform::http::{ErrorEnvelope, ListEnvelope};
use platform::lang::Lang;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::accounts::{NoStore, SignedIn};
use crate::QueryState;
use crate::csv::{self, Page};
use crate::error::QueryError;

const MAX_PAGE_SIZE: u32 = 100;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct NewsletterSubscriberRow {
    /// The address's key, for its deletion on request.
    pub key: String,
    pub email: String,
    pub language: String,
    /// `pending` (not yet confirmed) or `confirmed`.
    pub status: String,
    pub requested_at: String,
    pub confirmed_at: Option<String>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct NewsletterParams {
    /// Words of the address.
    #[param(max_length = 200)]
    pub search: String,
    /// `pending` or `confirmed`; both when empty.
    #[param(max_length = 20)]
    pub status: String,
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub page_size: Option<u32>,
}

const SELECT: &str = "SELECT subscriber_key AS key, email, language, status, requested_at,
     confirmed_at FROM rm_newsletter_subscribers";

/// The filter's clauses (`search LIKE $n`, the status) and their values.
fn filter(params: &NewsletterParams) -> Result<(Vec<String>, Vec<String>), QueryError> {
    let mut binds = crate::bounds::search_patterns(&params.search, "search")?;
    let mut clauses: Vec<String> = (1..=binds.len())
        .map(|n| format!("search LIKE ${n}"))
        .collect();
    match params.status.as_str() {
        "" => {}
        "pending" | "confirmed" => {
            binds.push(params.status.clone());
            clauses.push(format!("status = ${}", binds.len()));
        }
        _ => return Err(QueryError::Invalid("status")),
    }
    Ok((clauses, binds))
}

fn where_sql(clauses: &[String]) -> String {
    if clauses.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", clauses.join(" AND "))
    }
}

/// Subscribers, newest request first.
#[utoipa::path(get, path = "/api/admin-panel/newsletter-subscribers", tag = "content", security(("session" = [])),
    params(NewsletterParams),
    responses((status = 200, body = ListEnvelope<NewsletterSubscriberRow>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn list_newsletter_subscribers(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<NewsletterParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let (clauses, binds) = filter(&params)?;
    let filter_sql = where_sql(&clauses);
    let offset = (u64::from(page) - 1) * u64::from(page_size);
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM rm_newsletter_subscribers{filter_sql}"
    )));
    let mut rows = sqlx::query_as::<_, NewsletterSubscriberRow>(sqlx::AssertSqlSafe(format!(
        "{SELECT}{filter_sql} ORDER BY requested_at DESC, subscriber_key LIMIT {page_size} OFFSET {offset}"
    )));
    for bind in &binds {
        count = count.bind(bind.clone());
        rows = rows.bind(bind.clone());
    }
    let total = count.fetch_one(&state.read.pool).await?;
    let items = rows.fetch_all(&state.read.pool).await?;
    Ok(NoStore(Json(ListEnvelope {
        items,
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })))
}

/// The columns, by their message key (`csv.newsletter.{column}`).
const COLUMNS: [&str; 5] = [
    "requested_at",
    "email",
    "language",
    "status",
    "confirmed_at",
];

/// The subscribers, filtered as the list, as CSV (UTF-8 with BOM, `;`,
/// CRLF, header in the request's language), streamed page by page.
#[utoipa::path(get, path = "/api/admin-panel/newsletter-subscribers/export.csv", tag = "content", security(("session" = [])),
    params(NewsletterParams),
    responses((status = 200, description = "Every matching subscriber, newest first", content_type = "text/csv", body = String),
        (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn export_newsletter_subscribers(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    lang: Lang,
    Query(params): Query<NewsletterParams>,
) -> Result<Response, QueryError> {
    let (clauses, binds) = filter(&params)?;
    let header = csv::header("csv.newsletter", &COLUMNS, lang);
    let pool = state.read.pool.clone();
    let fetch = move |after: Option<(String, String)>| {
        let pool = pool.clone();
        let mut binds = binds.clone();
        let mut clauses = clauses.clone();
        if let Some((at, key)) = after {
            let n = binds.len();
            clauses.push(format!(
                "(requested_at < ${a} OR (requested_at = ${a} AND subscriber_key > ${b}))",
                a = n + 1,
                b = n + 2
            ));
            binds.extend([at, key]);
        }
        let sql = format!(
            "{SELECT}{} ORDER BY requested_at DESC, subscriber_key LIMIT {}",
            where_sql(&clauses),
            csv::PAGE
        );
        async move {
            let mut query = sqlx::query_as::<_, NewsletterSubscriberRow>(sqlx::AssertSqlSafe(sql));
            for bind in binds {
                query = query.bind(bind);
            }
            let rows = query.fetch_all(&pool).await?;
            Ok(Page::of(
                rows.into_iter()
                    .map(|r| {
                        let key = (r.requested_at.clone(), r.key.clone());
                        let cells = vec![
                            r.requested_at,
                            r.email,
                            r.language,
                            r.status,
                            r.confirmed_at.unwrap_or_default(),
                        ];
                        (key, cells)
                    })
                    .collect(),
            ))
        }
    };
    Ok(csv::export("newsletter-subscribers.csv", header, fetch))
}
