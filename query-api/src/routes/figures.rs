//! The home page's figures (`GET /api/public/figures`): how many experts are
//! listed, how many clients have an active account and how many consultations
//! took place, counted from the read models, never written in the code.
//!
//! Each figure is what a list shows: `experts` is the directory's `total`
//! (`/api/public/experts`), `clients` the administrators' client list's
//! active accounts, `consultations` the bookings in status `completed`. The
//! answer is rendered once per projector checkpoint (the render cache) and
//! may be cached by the browser for a minute.

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::IntoResponse;
use chrono::TimeDelta;
use platform::http::ErrorEnvelope;
use serde::Serialize;
use utoipa::ToSchema;

use super::raw_json;
use crate::QueryState;
use crate::error::QueryError;
use crate::render_cache::Rendered;

/// A figure below this is too small to mean anything to a visitor: the home
/// page leaves it out rather than show it (docs/rules.md "Home page figures").
pub const SHOWN_FROM: i64 = 10;

/// How long a browser or proxy may keep the answer.
const CACHE_CONTROL: &str = "public, max-age=60";

/// Live counts for the home page.
#[derive(Serialize, ToSchema)]
pub struct Figures {
    /// Experts listed in the directory (approved, not deactivated).
    pub experts: i64,
    /// Client accounts that are active.
    pub clients: i64,
    /// Consultations that took place (bookings `completed`).
    pub consultations: i64,
    /// The smallest figure worth showing; smaller ones are left out.
    pub shown_from: i64,
}

async fn count(state: &QueryState, sql: &'static str) -> Result<i64, QueryError> {
    Ok(sqlx::query_scalar::<_, i64>(sql)
        .fetch_one(&state.read.pool)
        .await?)
}

async fn render(state: &QueryState) -> Result<Rendered, QueryError> {
    let (experts, clients, consultations) = tokio::try_join!(
        count(state, "SELECT COUNT(*) FROM rm_directory"),
        count(
            state,
            "SELECT COUNT(*) FROM rm_accounts WHERE role = 'client' AND status = 'active'"
        ),
        count(
            state,
            "SELECT COUNT(*) FROM rm_bookings WHERE status = 'completed'"
        ),
    )?;
    let figures = Figures {
        experts,
        clients,
        consultations,
        shown_from: SHOWN_FROM,
    };
    Ok(Rendered {
        body: (serde_json::to_string(&figures).expect("four integers serialise")).into(),
        // Only the read models change it: kept while the checkpoint stands.
        expires: state.clock.now() + TimeDelta::days(1),
    })
}

/// Listed experts, active clients and consultations held, live.
#[utoipa::path(get, path = "/api/public/figures", tag = "public",
    responses((status = 200, body = Figures, headers(("cache-control" = String, description = "public, max-age=60"))),
        (status = 429, body = ErrorEnvelope, description = "Too many requests from this address (`Retry-After`)")))]
pub async fn figures(
    State(state): State<QueryState>,
    headers: HeaderMap,
) -> Result<impl IntoResponse, QueryError> {
    let wanted = crate::freshness::min_position(&headers);
    let body = state
        .renders
        .get_or_render(&state, "public-figures".to_owned(), wanted, async || {
            render(&state).await
        })
        .await?;
    Ok((
        [(
            header::CACHE_CONTROL,
            HeaderValue::from_static(CACHE_CONTROL),
        )],
        raw_json(body),
    ))
}
