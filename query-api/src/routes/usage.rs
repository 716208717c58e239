//! The administrators' usage table: page views and distinct (anonymised)
//! people per ISO week, page and role, of the people who accepted analytics.

use axum::Json;
use axum::extract::{Query, State};
use axum::response::IntoResponse;
use chrono::TimeDelta;
use platform::http::ErrorEnvelope;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::accounts::{NoStore, SignedIn};
use crate::QueryState;
use crate::error::QueryError;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct UsageParams {
    /// Weeks back, 1–52 (12 by default).
    pub weeks: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct UsageRow {
    /// ISO week, `2026-W48`.
    pub week: String,
    pub view: String,
    pub role: String,
    pub views: i64,
    pub people: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UsageTable {
    pub items: Vec<UsageRow>,
}

/// Views and people per week, newest week first.
#[utoipa::path(get, path = "/api/admin-panel/usage", tag = "content", security(("session" = [])),
    params(UsageParams),
    responses((status = 200, body = UsageTable), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn usage_table(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<UsageParams>,
) -> Result<impl IntoResponse, QueryError> {
    let weeks = crate::bounds::within(params.weeks, 12, 1..=52, "weeks")?;
    let since = state.clock.now() - TimeDelta::weeks(i64::from(weeks) - 1);
    let items = sqlx::query_as::<_, UsageRow>(
        "SELECT week, view, role, CAST(SUM(views) AS BIGINT) AS views, COUNT(*) AS people FROM rm_usage
         WHERE week >= $1 GROUP BY week, view, role ORDER BY week DESC, view, role",
    )
    .bind(domain::usage::week(since))
    .fetch_all(&state.read.pool)
    .await?;
    Ok(NoStore(Json(UsageTable { items })))
}
