//! Complaints as each area reads them (docs/complaints.md "HTTP"): a party
//! its own (filed by it or against it) with the names of the parties only,
//! an administrator every complaint with filters, in full, and as CSV. A
//! complaint that is not the caller's answers 404, as do its files.

pub mod detail;
pub mod export;
pub mod params;
pub mod rows;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::TimeDelta;
use platform::http::{ErrorEnvelope, ListEnvelope};
use platform::lang::Lang;
use platform::session::Caller;

use self::detail::ComplaintDetail;
use self::params::{Filter, ListParams, bind_all, paging};
use self::rows::{ComplaintRecord, ComplaintRow, FROM, SELECT, Viewer};
use super::accounts::{NoStore, SignedIn};
use super::files::{Disposition, serve_file};
use super::raw_json;
use crate::QueryState;
use crate::error::QueryError;
use crate::freshness::min_position;
use crate::render_cache::Rendered;

pub(crate) fn viewer(caller: &Caller) -> Viewer {
    match caller.role {
        domain::account::Role::Admin => Viewer::Admin,
        _ => Viewer::Party(caller.account_id),
    }
}

/// One page of complaints matching `filter`, in `order`.
async fn page(
    state: &QueryState,
    filter: &Filter,
    order: &str,
    (page, page_size): (u32, u32),
    viewer: Viewer,
    lang: Lang,
) -> Result<ListEnvelope<ComplaintRow>, QueryError> {
    let where_sql = filter.sql();
    let (total,): (i64,) = bind_all(
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "SELECT COUNT(*) {FROM}{where_sql}"
        ))),
        &filter.binds,
    )
    .fetch_one(&state.read.pool)
    .await?;
    let n = filter.next();
    let records: Vec<ComplaintRecord> = bind_all(
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "{SELECT}{where_sql} ORDER BY {order} LIMIT ${n} OFFSET ${}",
            n + 1
        ))),
        &filter.binds,
    )
    .bind(i64::from(page_size))
    .bind((i64::from(page) - 1) * i64::from(page_size))
    .fetch_all(&state.read.pool)
    .await?;
    Ok(ListEnvelope {
        items: records.iter().map(|r| r.row(viewer, lang)).collect(),
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })
}

/// The administrators' default order: open ones oldest filed first, then
/// closed ones newest filed first (columns kept by the projection).
pub const ADMIN_ORDER: &str = "c.open_rank, c.sort_at, c.id";

/// A party's complaints, filed by it (`scope=by_me`) or against it
/// (`scope=against_me`), latest filed first; for administrators every
/// complaint with filters, open ones oldest first.
#[utoipa::path(get, path = "/api/{area}/complaints", tag = "complaints", security(("session" = [])),
    params(("area" = String, Path, description = "`client`, `consultant` or `admin-panel`"), ListParams),
    responses((status = 200, body = ListEnvelope<ComplaintRow>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn list_complaints(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    lang: Lang,
    headers: HeaderMap,
    Query(params): Query<ListParams>,
) -> Result<Response, QueryError> {
    let viewer = viewer(&caller);
    let paging = paging(&params.page, &params.page_size)?;
    match viewer {
        Viewer::Admin => {
            let filter = params.admin_filter()?;
            // Every administrator reads the same page: kept in the render
            // cache while the read models stand still (the desk's lists are
            // reread often and change rarely).
            let key = format!(
                "admin-complaints:{}:{}:{:?}:{}:{}",
                lang.as_str(),
                filter.sql(),
                filter.binds,
                paging.0,
                paging.1
            );
            let body = state
                .renders
                .get_or_render(&state, key, min_position(&headers), async || {
                    let list = page(&state, &filter, ADMIN_ORDER, paging, viewer, lang).await?;
                    Ok(Rendered {
                        body: (serde_json::to_string(&list).expect("a complaint list serialises"))
                            .into(),
                        // Nothing in a row changes with the clock alone.
                        expires: state.clock.now() + TimeDelta::hours(1),
                    })
                })
                .await?;
            Ok(NoStore(raw_json(body)).into_response())
        }
        Viewer::Party(id) => {
            let filter = params.party_filter(id)?;
            let list = page(
                &state,
                &filter,
                "c.filed_at DESC, c.id",
                paging,
                viewer,
                lang,
            )
            .await?;
            Ok(NoStore(Json(list)).into_response())
        }
    }
}

/// One complaint in full, for one of its parties or an administrator.
#[utoipa::path(get, path = "/api/{area}/complaints/{id}", tag = "complaints", security(("session" = [])),
    params(("area" = String, Path, description = "`client`, `consultant` or `admin-panel`"), ("id" = Uuid, Path)),
    responses((status = 200, body = ComplaintDetail), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn complaint_detail(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    lang: Lang,
    Path((_area, id)): Path<(String, String)>,
) -> Result<impl IntoResponse, QueryError> {
    let viewer = viewer(&caller);
    let (record, standing) = detail::record(&state, viewer, &id).await?;
    Ok(NoStore(Json(
        detail::detail(&state, record, standing, viewer, lang).await?,
    )))
}

/// A file attached to the complaint (by its author, with the statement or
/// with an answer the caller may read); 404 for any other key.
#[utoipa::path(get, path = "/api/{area}/complaints/{id}/files/{key}", tag = "complaints", security(("session" = [])),
    params(("area" = String, Path, description = "`client`, `consultant` or `admin-panel`"), ("id" = Uuid, Path),
        ("key" = String, Path, description = "an attachment's `key`, as the detail lists it")),
    responses((status = 200, description = "The file's bytes (PDF, JPEG or PNG)", content_type = "application/octet-stream"),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn complaint_file(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Path((_area, id, key)): Path<(String, String, String)>,
) -> Result<Response, QueryError> {
    let viewer = viewer(&caller);
    let (record, standing) = detail::record(&state, viewer, &id).await?;
    let items = detail::visible(
        detail::items(&state, &record.id).await?,
        standing,
        caller.account_id,
    );
    if !items
        .iter()
        .any(|i| i.file_key.as_deref() == Some(key.as_str()))
    {
        return Err(QueryError::NotFound);
    }
    serve_file(&state, &key, Disposition::Inline).await
}
