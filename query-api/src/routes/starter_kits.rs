//! The administrators' list of starter-kit requests, newest first,
//! searched by words of the name or address, and the same list as CSV.

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
pub struct StarterKitRequestRow {
    pub request_id: String,
    pub name: String,
    pub email: String,
    /// The kit's language (`fr` or `en`).
    pub language: String,
    pub requested_at: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct StarterKitParams {
    /// Words of the name or address.
    #[param(max_length = 200)]
    pub search: String,
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub page_size: Option<u32>,
}

static LIST: PeopleList = PeopleList {
    select: "SELECT request_id, name, email, language, requested_at FROM rm_starter_kit_requests",
    table: "rm_starter_kit_requests",
    at: "requested_at",
    key: "request_id",
};

/// Starter-kit requests, newest first.
#[utoipa::path(get, path = "/api/admin-panel/starter-kit-requests", tag = "content", security(("session" = [])),
    params(StarterKitParams),
    responses((status = 200, body = ListEnvelope<StarterKitRequestRow>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn list_starter_kit_requests(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<StarterKitParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let filter = Filter::search(&params.search)?;
    let list: ListEnvelope<StarterKitRequestRow> = LIST
        .page(&state.read.pool, &filter, page, page_size)
        .await?;
    Ok(NoStore(Json(list)))
}

/// The columns, by their message key (`csv.starter_kit.{column}`).
const COLUMNS: [&str; 4] = ["requested_at", "name", "email", "language"];

/// The requests, searched as the list, as CSV.
#[utoipa::path(get, path = "/api/admin-panel/starter-kit-requests/export.csv", tag = "content", security(("session" = [])),
    params(StarterKitParams),
    responses((status = 200, description = "Every matching request, newest first", content_type = "text/csv", body = String),
        (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn export_starter_kit_requests(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    lang: Lang,
    Query(params): Query<StarterKitParams>,
) -> Result<Response, QueryError> {
    let filter = Filter::search(&params.search)?;
    let header = csv::header("csv.starter_kit", &COLUMNS, lang);
    Ok(LIST.export(
        state.read.pool.clone(),
        filter,
        "starter-kit-requests.csv",
        header,
        |r: StarterKitRequestRow| {
            let key = (r.requested_at.clone(), r.request_id.clone());
            (key, vec![r.requested_at, r.name, r.email, r.language])
        },
    ))
}
