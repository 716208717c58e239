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
use crate::csv;
use crate::error::QueryError;
use crate::people_lists::{Filter, PeopleList};

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

static LIST: PeopleList = PeopleList {
    select: "SELECT subscriber_key AS key, email, language, status, requested_at,
     confirmed_at FROM rm_newsletter_subscribers",
    table: "rm_newsletter_subscribers",
    at: "requested_at",
    key: "subscriber_key",
};

/// The search's words and the status asked for.
fn filter(params: &NewsletterParams) -> Result<Filter, QueryError> {
    let mut filter = Filter::search(&params.search)?;
    match params.status.as_str() {
        "" => {}
        "pending" | "confirmed" => filter.push("status =", params.status.clone()),
        _ => return Err(QueryError::Invalid("status")),
    }
    Ok(filter)
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
    let list: ListEnvelope<NewsletterSubscriberRow> = LIST
        .page(&state.read.pool, &filter(&params)?, page, page_size)
        .await?;
    Ok(NoStore(Json(list)))
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
    let filter = filter(&params)?;
    let header = csv::header("csv.newsletter", &COLUMNS, lang);
    Ok(LIST.export(
        state.read.pool.clone(),
        filter,
        "newsletter-subscribers.csv",
        header,
        |r: NewsletterSubscriberRow| {
            let key = (r.requested_at.clone(), r.key.clone());
            let cells = vec![
                r.requested_at,
                r.email,
                r.language,
                r.status,
                r.confirmed_at.unwrap_or_default(),
            ];
            (key, cells)
        },
    ))
}
