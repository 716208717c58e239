//! The reference lists: the admin screens' pages (trash included) and the
//! public pickers (active items only).

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use domain::reference::{ReferenceKind, name_key};
use platform::http::{ErrorEnvelope, ListEnvelope};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::ToSchema;
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use crate::QueryState;
use crate::error::QueryError;

/// Page sizes above this are served at this size.
const MAX_PAGE_SIZE: u32 = 100;

fn kind(slug: &str) -> Result<ReferenceKind, QueryError> {
    ReferenceKind::from_slug(slug).ok_or(QueryError::NotFound)
}

/// One item as the admin screens show it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReferenceRow {
    pub id: String,
    pub name_fr: String,
    pub name_en: String,
    /// The country of a city.
    pub parent_id: Option<String>,
    pub parent_name_fr: Option<String>,
    pub parent_name_en: Option<String>,
    pub code: Option<String>,
    pub trashed: bool,
}

const ROW_SELECT: &str =
    "SELECT r.item_id, r.name_fr, r.name_en, r.parent_id, p.name_fr, p.name_en, r.code, r.trashed
     FROM rm_reference r LEFT JOIN rm_reference p ON p.item_id = r.parent_id";

fn row(r: &AnyRow) -> Result<ReferenceRow, sqlx::Error> {
    Ok(ReferenceRow {
        id: r.try_get(0)?,
        name_fr: r.try_get(1)?,
        name_en: r.try_get(2)?,
        parent_id: r.try_get(3)?,
        parent_name_fr: r.try_get(4)?,
        parent_name_en: r.try_get(5)?,
        code: r.try_get(6)?,
        trashed: r.try_get::<i64, _>(7)? != 0,
    })
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct ListParams {
    pub trashed: bool,
    pub search: String,
    pub page: Option<u32>,
    pub page_size: Option<u32>,
}

/// A page of one reference list, active or trashed items, ordered by French name.
#[utoipa::path(get, path = "/api/admin-panel/reference/{kind}", tag = "reference", security(("session" = [])),
    params(("kind" = String, Path, description = "`disorders`, `keywords`, `languages`, `nationalities`, `objectives`, `specializations`, `complaint-types`, `countries`, `cities` or `benefits`"),
        ("trashed" = Option<bool>, Query, description = "the trash instead of the active items"),
        ("search" = Option<String>, Query, description = "part of either name, case and accents ignored"),
        ("page" = Option<u32>, Query), ("page_size" = Option<u32>, Query, description = "20 by default, at most 100")),
    responses((status = 200, body = ListEnvelope<ReferenceRow>), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn reference_list(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(slug): Path<String>,
    Query(params): Query<ListParams>,
) -> Result<impl IntoResponse, QueryError> {
    let kind = kind(&slug)?;
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, MAX_PAGE_SIZE)?;
    let pattern = format!("%{}%", name_key(&params.search));
    let trashed = i64::from(params.trashed);
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM rm_reference WHERE kind = $1 AND trashed = $2 AND search LIKE $3",
    )
    .bind(kind.as_str())
    .bind(trashed)
    .bind(pattern.as_str())
    .fetch_one(&state.read.pool)
    .await?;
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "{ROW_SELECT} WHERE r.kind = $1 AND r.trashed = $2 AND r.search LIKE $3
         ORDER BY r.sort_key, r.item_id LIMIT $4 OFFSET $5"
    )))
    .bind(kind.as_str())
    .bind(trashed)
    .bind(pattern.as_str())
    .bind(i64::from(page_size))
    .bind((i64::from(page) - 1) * i64::from(page_size))
    .fetch_all(&state.read.pool)
    .await?;
    let items = rows.iter().map(row).collect::<Result<Vec<_>, _>>()?;
    Ok(NoStore(Json(ListEnvelope {
        items,
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })))
}

/// One item of a reference list, trashed or not.
#[utoipa::path(get, path = "/api/admin-panel/reference/{kind}/{id}", tag = "reference", security(("session" = [])),
    params(("kind" = String, Path), ("id" = Uuid, Path)),
    responses((status = 200, body = ReferenceRow), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn reference_item(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path((slug, id)): Path<(String, Uuid)>,
) -> Result<impl IntoResponse, QueryError> {
    let kind = kind(&slug)?;
    let found = sqlx::query(sqlx::AssertSqlSafe(format!(
        "{ROW_SELECT} WHERE r.kind = $1 AND r.item_id = $2"
    )))
    .bind(kind.as_str())
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .ok_or(QueryError::NotFound)?;
    Ok(NoStore(Json(row(&found)?)))
}

/// One choice of a picker.
#[derive(Debug, Serialize, ToSchema)]
pub struct PickerItem {
    pub id: String,
    pub name_fr: String,
    pub name_en: String,
    pub parent_id: Option<String>,
    pub code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Picker {
    pub items: Vec<PickerItem>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PickerParams {
    pub parent_id: Option<Uuid>,
}

/// The active items of a reference list, for pickers (cities of one country
/// with `parent_id`), ordered by French name.
#[utoipa::path(get, path = "/api/public/reference/{kind}", tag = "public",
    params(("kind" = String, Path), ("parent_id" = Option<Uuid>, Query, description = "only the cities of this country")),
    responses((status = 200, body = Picker), (status = 304, description = "Not modified: `If-None-Match` names the current `ETag` (no content)"), (status = 404, body = ErrorEnvelope)))]
pub async fn reference_picker(
    State(state): State<QueryState>,
    Path(slug): Path<String>,
    Query(params): Query<PickerParams>,
) -> Result<Json<Picker>, QueryError> {
    let kind = kind(&slug)?;
    let select = "SELECT item_id, name_fr, name_en, parent_id, code FROM rm_reference WHERE kind = $1 AND trashed = 0";
    let query = match params.parent_id {
        Some(parent) => sqlx::query(sqlx::AssertSqlSafe(format!(
            "{select} AND parent_id = $2 ORDER BY sort_key, item_id"
        )))
        .bind(kind.as_str())
        .bind(parent.to_string()),
        None => sqlx::query(sqlx::AssertSqlSafe(format!(
            "{select} ORDER BY sort_key, item_id"
        )))
        .bind(kind.as_str()),
    };
    let rows = query.fetch_all(&state.read.pool).await?;
    let items = rows
        .iter()
        .map(|r| {
            Ok(PickerItem {
                id: r.try_get(0)?,
                name_fr: r.try_get(1)?,
                name_en: r.try_get(2)?,
                parent_id: r.try_get(3)?,
                code: r.try_get(4)?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(Json(Picker { items }))
}

/// One reference item as a profile shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct PublicItem {
    pub id: String,
    pub name_fr: String,
    pub name_en: String,
    pub parent_id: Option<String>,
    pub code: Option<String>,
    /// In the trash: no picker offers it, but profiles that use it still show it.
    pub trashed: bool,
}

/// One item of a reference list, trashed or not, so that old profiles still
/// render the names they use.
#[utoipa::path(get, path = "/api/public/reference/{kind}/{id}", tag = "public",
    params(("kind" = String, Path), ("id" = Uuid, Path)),
    responses((status = 200, body = PublicItem), (status = 304, description = "Not modified: `If-None-Match` names the current `ETag` (no content)"), (status = 404, body = ErrorEnvelope)))]
pub async fn reference_public_item(
    State(state): State<QueryState>,
    Path((slug, id)): Path<(String, Uuid)>,
) -> Result<Json<PublicItem>, QueryError> {
    let kind = kind(&slug)?;
    let r = sqlx::query(
        "SELECT item_id, name_fr, name_en, parent_id, code, trashed FROM rm_reference WHERE kind = $1 AND item_id = $2",
    )
    .bind(kind.as_str())
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .ok_or(QueryError::NotFound)?;
    Ok(Json(PublicItem {
        id: r.try_get(0)?,
        name_fr: r.try_get(1)?,
        name_en: r.try_get(2)?,
        parent_id: r.try_get(3)?,
        code: r.try_get(4)?,
        trashed: r.try_get::<i64, _>(5)? != 0,
    }))
}
