//! The lifestyle catalogue: the public catalogue (list with filters, one
//! item, its image), the administrators' list and item (trash included),
//! and the items an expert recommends.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use platform::http::{ErrorEnvelope, ListEnvelope};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use sqlx::any::AnyRow;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use super::files::serve_public_image;
use crate::QueryState;
use crate::error::QueryError;

const MAX_PAGE_SIZE: u32 = 48;
/// Benefit ids one filter names, at most.
const MAX_BENEFITS: usize = 20;

#[derive(Debug, Serialize, ToSchema)]
pub struct BenefitView {
    pub id: String,
    pub name_fr: String,
    pub name_en: String,
}

/// An item as a card shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CatalogueCard {
    pub id: String,
    /// `single_herb`, `herb` or `compilation`.
    pub kind: String,
    pub name_fr: String,
    pub name_en: String,
    pub latin_name: Option<String>,
    pub excerpt_fr: String,
    pub excerpt_en: String,
    pub benefits: Vec<BenefitView>,
    pub image_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RecommendingExpert {
    pub id: String,
    pub given_name: String,
    pub family_name: String,
}

/// One item: the card, the descriptions (Markdown as written, HTML
/// sanitised), and for visitors the listed experts who recommend it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CatalogueItemView {
    #[serde(flatten)]
    pub card: CatalogueCard,
    pub description_fr: String,
    /// `null`: the French one is shown.
    pub description_en: Option<String>,
    pub html_fr: String,
    pub html_en: String,
    pub trashed: bool,
    pub updated_at: String,
    pub recommended_by: Vec<RecommendingExpert>,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct CatalogueParams {
    /// Words of the names, the latin name or the benefit labels, case and
    /// accents ignored.
    #[param(max_length = 200)]
    pub search: String,
    /// `single_herb`, `herb` or `compilation`; all when empty.
    #[param(max_length = 20)]
    pub kind: String,
    /// Comma-separated benefit ids: items with any of them.
    #[param(max_length = 800)]
    pub benefits: String,
    /// Administrators: `true` lists the trash.
    pub trashed: bool,
    pub page: Option<u32>,
    /// 24 by default, at most 48.
    pub page_size: Option<u32>,
}

const CARD_COLUMNS: &str = "item_id, kind, name_fr, name_en, latin_name, excerpt_fr, excerpt_en,
    image_key, description_fr, description_en, html_fr, html_en, trashed, updated_at";

/// Where the image of an item is served: publicly for the catalogue, and
/// through the administrators' file route for the editor (trashed items too).
fn image_url(row: &AnyRow, public: bool) -> Result<Option<String>, sqlx::Error> {
    let key: Option<String> = row.try_get("image_key")?;
    let id: String = row.try_get("item_id")?;
    Ok(key.map(|key| {
        if public {
            format!("/api/public/lifestyle-products/{id}/image")
        } else {
            format!("/api/admin-panel/files/{key}")
        }
    }))
}

fn card(
    row: &AnyRow,
    benefits: Vec<BenefitView>,
    public: bool,
) -> Result<CatalogueCard, sqlx::Error> {
    Ok(CatalogueCard {
        id: row.try_get("item_id")?,
        kind: row.try_get("kind")?,
        name_fr: row.try_get("name_fr")?,
        name_en: row.try_get("name_en")?,
        latin_name: row.try_get("latin_name")?,
        excerpt_fr: row.try_get("excerpt_fr")?,
        excerpt_en: row.try_get("excerpt_en")?,
        benefits,
        image_url: image_url(row, public)?,
    })
}

/// The benefit labels of `items`, in each item's order.
async fn benefits_of(
    state: &QueryState,
    items: &[String],
) -> Result<HashMap<String, Vec<BenefitView>>, QueryError> {
    let mut map: HashMap<String, Vec<BenefitView>> = HashMap::new();
    if items.is_empty() {
        return Ok(map);
    }
    let placeholders = (1..=items.len())
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT b.item_id, b.benefit_id, r.name_fr, r.name_en
         FROM rm_catalogue_benefits b JOIN rm_reference r ON r.item_id = b.benefit_id
         WHERE b.item_id IN ({placeholders}) ORDER BY b.item_id, b.position"
    )));
    for item in items {
        query = query.bind(item.clone());
    }
    for row in query.fetch_all(&state.read.pool).await? {
        map.entry(row.try_get(0)?).or_default().push(BenefitView {
            id: row.try_get(1)?,
            name_fr: row.try_get(2)?,
            name_en: row.try_get(3)?,
        });
    }
    Ok(map)
}

/// One page of items as `params` asks, trashed ones when `trashed`.
async fn list(
    state: &QueryState,
    params: &CatalogueParams,
    trashed: bool,
    public: bool,
) -> Result<ListEnvelope<CatalogueCard>, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 24, MAX_PAGE_SIZE)?;
    let mut clauses = vec![format!("trashed = {}", i64::from(trashed))];
    let mut binds: Vec<String> = Vec::new();
    for pattern in crate::bounds::search_patterns(&params.search, "search")? {
        binds.push(pattern);
        clauses.push(format!("search LIKE ${}", binds.len()));
    }
    let kind = params.kind.trim();
    if !kind.is_empty() {
        domain::catalogue::ItemKind::parse(kind).ok_or(QueryError::Invalid("kind"))?;
        binds.push(kind.to_owned());
        clauses.push(format!("kind = ${}", binds.len()));
    }
    let benefits: Vec<&str> = params
        .benefits
        .split(',')
        .map(str::trim)
        .filter(|b| !b.is_empty())
        .collect();
    if benefits.len() > MAX_BENEFITS || benefits.iter().any(|b| b.parse::<Uuid>().is_err()) {
        return Err(QueryError::Invalid("benefits"));
    }
    if !benefits.is_empty() {
        let first = binds.len() + 1;
        binds.extend(benefits.iter().map(|b| (*b).to_owned()));
        let placeholders = (first..=binds.len())
            .map(|n| format!("${n}"))
            .collect::<Vec<_>>()
            .join(", ");
        clauses.push(format!(
            "item_id IN (SELECT item_id FROM rm_catalogue_benefits WHERE benefit_id IN ({placeholders}))"
        ));
    }
    let clauses = clauses.join(" AND ");
    let offset = (u64::from(page) - 1) * u64::from(page_size);
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM rm_catalogue_items WHERE {clauses}"
    )));
    let mut rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {CARD_COLUMNS} FROM rm_catalogue_items WHERE {clauses}
         ORDER BY sort_key, item_id LIMIT {page_size} OFFSET {offset}"
    )));
    for bind in &binds {
        count = count.bind(bind.clone());
        rows = rows.bind(bind.clone());
    }
    let total = count.fetch_one(&state.read.pool).await?;
    let rows = rows.fetch_all(&state.read.pool).await?;
    let ids: Vec<String> = rows
        .iter()
        .map(|r| r.try_get("item_id"))
        .collect::<Result<_, _>>()?;
    let mut benefits = benefits_of(state, &ids).await?;
    let items = rows
        .iter()
        .zip(&ids)
        .map(|(row, id)| card(row, benefits.remove(id).unwrap_or_default(), public))
        .collect::<Result<_, _>>()?;
    Ok(ListEnvelope {
        items,
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })
}

/// One item (`None` when unknown, or trashed for a visitor).
async fn item(
    state: &QueryState,
    id: &str,
    public: bool,
) -> Result<Option<CatalogueItemView>, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let Some(row) = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {CARD_COLUMNS} FROM rm_catalogue_items WHERE item_id = $1"
    )))
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    else {
        return Ok(None);
    };
    let trashed: i64 = row.try_get("trashed")?;
    if public && trashed != 0 {
        return Ok(None);
    }
    let mut benefits = benefits_of(state, &[id.to_string()]).await?;
    let recommended_by = if public {
        recommending(state, &id.to_string()).await?
    } else {
        Vec::new()
    };
    Ok(Some(CatalogueItemView {
        card: card(
            &row,
            benefits.remove(&id.to_string()).unwrap_or_default(),
            public,
        )?,
        description_fr: row.try_get("description_fr")?,
        description_en: row.try_get("description_en")?,
        html_fr: row.try_get("html_fr")?,
        html_en: row.try_get("html_en")?,
        trashed: trashed != 0,
        updated_at: row.try_get("updated_at")?,
        recommended_by,
    }))
}

/// The listed experts who recommend an item, by family name.
async fn recommending(
    state: &QueryState,
    item_id: &str,
) -> Result<Vec<RecommendingExpert>, QueryError> {
    let rows = sqlx::query(
        "SELECT d.consultant_id, d.card FROM rm_recommendations r
         JOIN rm_directory d ON d.consultant_id = r.consultant_id
         WHERE r.item_id = $1 ORDER BY d.sort_key",
    )
    .bind(item_id)
    .fetch_all(&state.read.pool)
    .await?;
    rows.iter()
        .map(|row| {
            let card: serde_json::Value =
                serde_json::from_str(&row.try_get::<String, _>(1)?).unwrap_or_default();
            let text = |field: &str| card[field].as_str().unwrap_or_default().to_owned();
            Ok(RecommendingExpert {
                id: row.try_get(0)?,
                given_name: text("given_name"),
                family_name: text("family_name"),
            })
        })
        .collect()
}

/// The active items an expert recommends, in their order.
async fn recommended_by(
    state: &QueryState,
    consultant_id: &str,
) -> Result<Vec<CatalogueCard>, QueryError> {
    let columns = CARD_COLUMNS
        .split(',')
        .map(|c| format!("i.{}", c.trim()))
        .collect::<Vec<_>>()
        .join(", ");
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {columns} FROM rm_recommendations r
         JOIN rm_catalogue_items i ON i.item_id = r.item_id
         WHERE r.consultant_id = $1 AND i.trashed = 0 ORDER BY r.position"
    )))
    .bind(consultant_id)
    .fetch_all(&state.read.pool)
    .await?;
    let ids: Vec<String> = rows
        .iter()
        .map(|r| r.try_get("item_id"))
        .collect::<Result<_, _>>()?;
    let mut benefits = benefits_of(state, &ids).await?;
    Ok(rows
        .iter()
        .zip(&ids)
        .map(|(row, id)| card(row, benefits.remove(id).unwrap_or_default(), true))
        .collect::<Result<_, _>>()?)
}

/// The catalogue: items out of the trash, by French name.
#[utoipa::path(get, path = "/api/public/lifestyle-products", tag = "content",
    params(CatalogueParams),
    responses((status = 200, body = ListEnvelope<CatalogueCard>), (status = 400, body = ErrorEnvelope)))]
pub async fn public_lifestyle_products(
    State(state): State<QueryState>,
    Query(params): Query<CatalogueParams>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(Json(list(&state, &params, false, true).await?))
}

/// One item of the catalogue, with the experts who recommend it.
#[utoipa::path(get, path = "/api/public/lifestyle-products/{id}", tag = "content",
    params(("id" = Uuid, Path)),
    responses((status = 200, body = CatalogueItemView), (status = 404, body = ErrorEnvelope)))]
pub async fn public_lifestyle_product(
    State(state): State<QueryState>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(Json(
        item(&state, &id, true).await?.ok_or(QueryError::NotFound)?,
    ))
}

/// An item's picture (items out of the trash).
#[utoipa::path(get, path = "/api/public/lifestyle-products/{id}/image", tag = "content",
    params(("id" = Uuid, Path)),
    responses((status = 200, description = "The picture (JPEG or PNG)", content_type = "image/jpeg"),
        (status = 404, body = ErrorEnvelope)))]
pub async fn public_lifestyle_product_image(
    State(state): State<QueryState>,
    Path(id): Path<String>,
) -> Result<Response, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let key: Option<String> = sqlx::query_scalar(
        "SELECT image_key FROM rm_catalogue_items WHERE item_id = $1 AND trashed = 0",
    )
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .flatten();
    serve_public_image(&state, key).await
}

/// The items an expert recommends on their profile (listed experts only).
#[utoipa::path(get, path = "/api/public/experts/{id}/recommended-products", tag = "content",
    params(("id" = Uuid, Path)),
    responses((status = 200, body = RecommendedProducts), (status = 404, body = ErrorEnvelope)))]
pub async fn expert_recommended_products(
    State(state): State<QueryState>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let listed: Option<i64> =
        sqlx::query_scalar("SELECT 1 FROM rm_directory WHERE consultant_id = $1")
            .bind(id.to_string())
            .fetch_optional(&state.read.pool)
            .await?;
    listed.ok_or(QueryError::NotFound)?;
    Ok(Json(RecommendedProducts {
        items: recommended_by(&state, &id.to_string()).await?,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RecommendedProducts {
    pub items: Vec<CatalogueCard>,
}

/// The items the signed-in expert recommends.
#[utoipa::path(get, path = "/api/consultant/recommended-products", tag = "content", security(("session" = [])),
    responses((status = 200, body = RecommendedProducts), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn my_recommended_products(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(RecommendedProducts {
        items: recommended_by(&state, &caller.account_id.to_string()).await?,
    })))
}

/// The catalogue (or its trash) for the editors, by French name.
#[utoipa::path(get, path = "/api/admin-panel/lifestyle-products", tag = "content", security(("session" = [])),
    params(CatalogueParams),
    responses((status = 200, body = ListEnvelope<CatalogueCard>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn admin_lifestyle_products(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<CatalogueParams>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(
        list(&state, &params, params.trashed, false).await?,
    )))
}

/// One item for the editor (trashed ones too).
#[utoipa::path(get, path = "/api/admin-panel/lifestyle-products/{id}", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = CatalogueItemView), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn admin_lifestyle_product(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(
        item(&state, &id, false)
            .await?
            .ok_or(QueryError::NotFound)?,
    )))
}
