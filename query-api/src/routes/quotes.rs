//! Quotes: the administrators' list (and trash) and one quote for the
//! editor; the quote of the day for the home page.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use platform::http::{ErrorEnvelope, ListEnvelope};
use platform::lang::Lang;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use crate::QueryState;
use crate::error::QueryError;
use crate::render_cache::cached_json;

const MAX_PAGE_SIZE: u32 = 100;
/// The day changes at midnight in France, where most readers are.
const HOME_ZONE: chrono_tz::Tz = chrono_tz::Europe::Paris;

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct CitationRow {
    pub quote_id: String,
    pub text_fr: String,
    pub text_en: String,
    pub author: String,
    pub added_at: String,
    pub updated_at: String,
    pub trashed_at: Option<String>,
}

const SELECT: &str = "SELECT quote_id, text_fr, text_en, author, added_at, updated_at, trashed_at
     FROM rm_quotes";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct CitationParams {
    /// Words of the author or either text, case and accents ignored.
    #[param(max_length = 200)]
    pub search: String,
    /// `true`: the trash.
    pub trashed: bool,
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub page_size: Option<u32>,
}

/// The quotes (or the trash), latest added first.
#[utoipa::path(get, path = "/api/admin-panel/quotes", tag = "content", security(("session" = [])),
    params(CitationParams),
    responses((status = 200, body = ListEnvelope<CitationRow>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn admin_quotes(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<CitationParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let patterns = crate::bounds::search_patterns(&params.search, "search")?;
    let mut clauses: Vec<String> = (1..=patterns.len())
        .map(|n| format!("search LIKE ${n}"))
        .collect();
    clauses.push(
        if params.trashed {
            "trashed_at IS NOT NULL"
        } else {
            "trashed_at IS NULL"
        }
        .into(),
    );
    let clauses = clauses.join(" AND ");
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM rm_quotes WHERE {clauses}"
    )));
    let offset = (u64::from(page) - 1) * u64::from(page_size);
    let mut rows = sqlx::query_as::<_, CitationRow>(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE {clauses} ORDER BY added_at DESC, quote_id LIMIT {page_size} OFFSET {offset}"
    )));
    for pattern in &patterns {
        count = count.bind(pattern.clone());
        rows = rows.bind(pattern.clone());
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

/// One quote, for the editor.
#[utoipa::path(get, path = "/api/admin-panel/quotes/{id}", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = CitationRow), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn admin_quote(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let row = sqlx::query_as::<_, CitationRow>(sqlx::AssertSqlSafe(format!(
        "{SELECT} WHERE quote_id = $1"
    )))
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .ok_or(QueryError::NotFound)?;
    Ok(NoStore(Json(row)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DailyQuote {
    pub id: String,
    pub text: String,
    pub author: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteOfTheDay {
    /// `null` while there is no quote.
    pub quote: Option<DailyQuote>,
}

/// Today's quote in the request's language: each active quote in turn, one a day.
#[utoipa::path(get, path = "/api/public/quote-of-the-day", tag = "content",
    responses((status = 200, body = QuoteOfTheDay), (status = 304, description = "Not modified")))]
pub async fn quote_of_the_day(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
) -> Result<Response, QueryError> {
    let today = state.clock.now().with_timezone(&HOME_ZONE).date_naive();
    // Kept until the next change or the next midnight in France.
    let midnight = today
        .succ_opt()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .and_then(|t| t.and_local_timezone(HOME_ZONE).earliest())
        .map_or(DateTime::<Utc>::MAX_UTC, |t| t.with_timezone(&Utc));
    let key = format!("quote-of-the-day {} {today}", lang.as_str());
    cached_json(&state, &headers, key, midnight, async || {
        daily(&state, lang, today).await
    })
    .await
}

async fn daily(
    state: &QueryState,
    lang: Lang,
    today: chrono::NaiveDate,
) -> Result<QuoteOfTheDay, QueryError> {
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rm_quotes WHERE trashed_at IS NULL")
        .fetch_one(&state.read.pool)
        .await?;
    let Some(index) = domain::quote::of_the_day(today, usize::try_from(count).unwrap_or_default())
    else {
        return Ok(QuoteOfTheDay { quote: None });
    };
    let text = if lang == Lang::En {
        "text_en"
    } else {
        "text_fr"
    };
    let row: Option<(String, String, String)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT quote_id, {text}, author FROM rm_quotes WHERE trashed_at IS NULL
         ORDER BY added_at, quote_id LIMIT 1 OFFSET {index}"
    )))
    .fetch_optional(&state.read.pool)
    .await?;
    Ok(QuoteOfTheDay {
        quote: row.map(|(id, text, author)| DailyQuote { id, text, author }),
    })
}
