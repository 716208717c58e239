//! The administrators' contact-us list: the contact form's messages, newest
//! first, searched by words of the sender's name, e-mail, organisation and
//! subject (case and accents ignored), and the same list as CSV.

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
pub struct ContactMessageRow {
    pub message_id: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub organisation: Option<String>,
    pub subject: String,
    pub message: String,
    /// The language the visitor wrote in (`fr` or `en`).
    pub language: String,
    pub received_at: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ContactParams {
    /// Words of the sender's name, e-mail, organisation or subject.
    #[param(max_length = 200)]
    pub search: String,
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub page_size: Option<u32>,
}

const SELECT: &str = "SELECT message_id, name, email, phone, organisation, subject, message,
     language, received_at FROM rm_contact_messages";

/// ` WHERE search LIKE $1 AND …` for the search's words, and their patterns.
fn filter(search: &str) -> Result<(String, Vec<String>), QueryError> {
    let patterns = crate::bounds::search_patterns(search, "search")?;
    let clauses: Vec<String> = (1..=patterns.len())
        .map(|n| format!("search LIKE ${n}"))
        .collect();
    let sql = if clauses.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", clauses.join(" AND "))
    };
    Ok((sql, patterns))
}

/// Contact messages, newest first.
#[utoipa::path(get, path = "/api/admin-panel/contact-messages", tag = "content", security(("session" = [])),
    params(ContactParams),
    responses((status = 200, body = ListEnvelope<ContactMessageRow>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn list_contact_messages(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<ContactParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let (clauses, patterns) = filter(&params.search)?;
    let offset = (u64::from(page) - 1) * u64::from(page_size);
    let count_sql = format!("SELECT COUNT(*) FROM rm_contact_messages{clauses}");
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql));
    for p in &patterns {
        count = count.bind(p.clone());
    }
    let total = count.fetch_one(&state.read.pool).await?;
    let sql = format!(
        "{SELECT}{clauses} ORDER BY received_at DESC, message_id LIMIT {page_size} OFFSET {offset}"
    );
    let mut rows = sqlx::query_as::<_, ContactMessageRow>(sqlx::AssertSqlSafe(sql));
    for p in &patterns {
        rows = rows.bind(p.clone());
    }
    let items = rows.fetch_all(&state.read.pool).await?;
    Ok(NoStore(Json(ListEnvelope {
        items,
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })))
}

/// The columns, by their message key (`csv.contact.{column}`).
const COLUMNS: [&str; 8] = [
    "received_at",
    "name",
    "email",
    "phone",
    "organisation",
    "subject",
    "message",
    "language",
];

/// The contact-us list, searched as the list, as CSV (UTF-8 with BOM, `;`,
/// CRLF, header in the request's language), streamed page by page.
#[utoipa::path(get, path = "/api/admin-panel/contact-messages/export.csv", tag = "content", security(("session" = [])),
    params(ContactParams),
    responses((status = 200, description = "Every matching message, newest first", content_type = "text/csv", body = String),
        (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn export_contact_messages(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    lang: Lang,
    Query(params): Query<ContactParams>,
) -> Result<Response, QueryError> {
    let (clauses, patterns) = filter(&params.search)?;
    let header = csv::header("csv.contact", &COLUMNS, lang);
    let pool = state.read.pool.clone();
    let fetch = move |after: Option<(String, String)>| {
        let pool = pool.clone();
        let mut binds = patterns.clone();
        let mut where_sql = clauses.clone();
        if let Some((at, id)) = after {
            let n = binds.len();
            where_sql.push_str(if where_sql.is_empty() {
                " WHERE "
            } else {
                " AND "
            });
            where_sql.push_str(&format!(
                "(received_at < ${a} OR (received_at = ${a} AND message_id > ${b}))",
                a = n + 1,
                b = n + 2
            ));
            binds.extend([at, id]);
        }
        let sql = format!(
            "{SELECT}{where_sql} ORDER BY received_at DESC, message_id LIMIT {}",
            csv::PAGE
        );
        async move {
            let mut query = sqlx::query_as::<_, ContactMessageRow>(sqlx::AssertSqlSafe(sql));
            for b in binds {
                query = query.bind(b);
            }
            let rows = query.fetch_all(&pool).await?;
            Ok(Page::of(
                rows.into_iter()
                    .map(|r| {
                        let key = (r.received_at.clone(), r.message_id.clone());
                        let cells = vec![
                            r.received_at,
                            r.name,
                            r.email,
                            r.phone.unwrap_or_default(),
                            r.organisation.unwrap_or_default(),
                            r.subject,
                            r.message,
                            r.language,
                        ];
                        (key, cells)
                    })
                    .collect(),
            ))
        }
    };
    Ok(csv::export("contact-messages.csv", header, fetch))
}
