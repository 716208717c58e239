//! Digital products: the public shop (list, one product, its cover), a
//! client's purchases and their download (buyers only), and the
//! administrators' list and product (trash included, with sales).

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
use super::bookings::rows::AmountView;
use super::files::{Disposition, serve_file, serve_public_image};
use crate::QueryState;
use crate::error::QueryError;

const MAX_PAGE_SIZE: u32 = 48;

/// A product as a card shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductCard {
    pub id: String,
    pub title_fr: String,
    pub title_en: String,
    pub excerpt_fr: String,
    pub excerpt_en: String,
    pub price: AmountView,
    /// A free download (price 0).
    pub free: bool,
    pub cover_url: Option<String>,
}

/// One product: the card and its descriptions (Markdown as written, HTML
/// sanitised); for the editors, the delivered file and the sales.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductView {
    #[serde(flatten)]
    pub card: ProductCard,
    pub description_fr: String,
    pub description_en: Option<String>,
    pub html_fr: String,
    pub html_en: String,
    pub trashed: bool,
    pub updated_at: String,
    /// Administrators only: the file's key and address, and the purchases.
    pub file: Option<String>,
    pub file_url: Option<String>,
    pub sales: Option<i64>,
}

/// A product the client bought or took.
#[derive(Debug, Serialize, ToSchema)]
pub struct PurchaseRow {
    #[serde(flatten)]
    pub card: ProductCard,
    pub paid: AmountView,
    pub purchased_at: String,
    pub download_url: String,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct ProductParams {
    /// Words of either title, case and accents ignored.
    #[param(max_length = 200)]
    pub search: String,
    /// `free` or `paid`; both when empty.
    #[param(max_length = 10)]
    pub price: String,
    /// Administrators: `true` lists the trash.
    pub trashed: bool,
    pub page: Option<u32>,
    /// 24 by default, at most 48.
    pub page_size: Option<u32>,
}

const COLUMNS: &str = "p.product_id, p.title_fr, p.title_en, p.excerpt_fr, p.excerpt_en,
    p.price_minor, p.currency, p.cover_key, p.description_fr, p.description_en, p.html_fr,
    p.html_en, p.trashed, p.updated_at, p.file_key";

fn card(row: &AnyRow, public: bool) -> Result<ProductCard, sqlx::Error> {
    let id: String = row.try_get("product_id")?;
    let cover: Option<String> = row.try_get("cover_key")?;
    let price_minor: i64 = row.try_get("price_minor")?;
    Ok(ProductCard {
        cover_url: cover.map(|key| {
            if public {
                format!("/api/public/digital-products/{id}/cover")
            } else {
                format!("/api/admin-panel/files/{key}")
            }
        }),
        id,
        title_fr: row.try_get("title_fr")?,
        title_en: row.try_get("title_en")?,
        excerpt_fr: row.try_get("excerpt_fr")?,
        excerpt_en: row.try_get("excerpt_en")?,
        price: AmountView {
            amount_minor: price_minor,
            currency: row.try_get("currency")?,
        },
        free: price_minor == 0,
    })
}

async fn list(
    state: &QueryState,
    params: &ProductParams,
    trashed: bool,
    public: bool,
) -> Result<ListEnvelope<ProductCard>, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 24, MAX_PAGE_SIZE)?;
    let mut clauses = vec![format!("p.trashed = {}", i64::from(trashed))];
    let patterns = crate::bounds::search_patterns(&params.search, "search")?;
    for n in 1..=patterns.len() {
        clauses.push(format!("p.search LIKE ${n}"));
    }
    match params.price.as_str() {
        "" => {}
        "free" => clauses.push("p.price_minor = 0".into()),
        "paid" => clauses.push("p.price_minor > 0".into()),
        _ => return Err(QueryError::Invalid("price")),
    }
    let clauses = clauses.join(" AND ");
    let offset = (u64::from(page) - 1) * u64::from(page_size);
    let mut count = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM rm_digital_products p WHERE {clauses}"
    )));
    let mut rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM rm_digital_products p WHERE {clauses}
         ORDER BY p.sort_key, p.product_id LIMIT {page_size} OFFSET {offset}"
    )));
    for pattern in &patterns {
        count = count.bind(pattern.clone());
        rows = rows.bind(pattern.clone());
    }
    let total = count.fetch_one(&state.read.pool).await?;
    let items = rows
        .fetch_all(&state.read.pool)
        .await?
        .iter()
        .map(|row| card(row, public))
        .collect::<Result<_, _>>()?;
    Ok(ListEnvelope {
        items,
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })
}

async fn product(
    state: &QueryState,
    id: &str,
    public: bool,
) -> Result<Option<ProductView>, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let Some(row) = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM rm_digital_products p WHERE p.product_id = $1"
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
    let (file, file_url, sales) = if public {
        (None, None, None)
    } else {
        let key: String = row.try_get("file_key")?;
        let sales: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM rm_purchases WHERE product_id = $1")
                .bind(id.to_string())
                .fetch_one(&state.read.pool)
                .await?;
        (
            Some(key.clone()),
            Some(format!("/api/admin-panel/files/{key}")),
            Some(sales),
        )
    };
    Ok(Some(ProductView {
        card: card(&row, public)?,
        description_fr: row.try_get("description_fr")?,
        description_en: row.try_get("description_en")?,
        html_fr: row.try_get("html_fr")?,
        html_en: row.try_get("html_en")?,
        trashed: trashed != 0,
        updated_at: row.try_get("updated_at")?,
        file,
        file_url,
        sales,
    }))
}

/// The shop: products out of the trash, by French title.
#[utoipa::path(get, path = "/api/public/digital-products", tag = "content",
    params(ProductParams),
    responses((status = 200, body = ListEnvelope<ProductCard>), (status = 400, body = ErrorEnvelope)))]
pub async fn public_digital_products(
    State(state): State<QueryState>,
    Query(params): Query<ProductParams>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(Json(list(&state, &params, false, true).await?))
}

/// One product of the shop.
#[utoipa::path(get, path = "/api/public/digital-products/{id}", tag = "content",
    params(("id" = Uuid, Path)),
    responses((status = 200, body = ProductView), (status = 404, body = ErrorEnvelope)))]
pub async fn public_digital_product(
    State(state): State<QueryState>,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(Json(
        product(&state, &id, true)
            .await?
            .ok_or(QueryError::NotFound)?,
    ))
}

/// A product's cover (products out of the trash).
#[utoipa::path(get, path = "/api/public/digital-products/{id}/cover", tag = "content",
    params(("id" = Uuid, Path)),
    responses((status = 200, description = "The cover (JPEG or PNG)", content_type = "image/jpeg"),
        (status = 404, body = ErrorEnvelope)))]
pub async fn public_digital_product_cover(
    State(state): State<QueryState>,
    Path(id): Path<String>,
) -> Result<Response, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let key: Option<String> = sqlx::query_scalar(
        "SELECT cover_key FROM rm_digital_products WHERE product_id = $1 AND trashed = 0",
    )
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .flatten();
    serve_public_image(&state, key).await
}

/// The products the signed-in client bought or took, latest first.
#[utoipa::path(get, path = "/api/client/digital-products", tag = "content", security(("session" = [])),
    responses((status = 200, body = MyPurchases), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn my_digital_products(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<impl IntoResponse, QueryError> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS}, b.amount_minor, b.currency AS paid_currency, b.purchased_at
         FROM rm_purchases b JOIN rm_digital_products p ON p.product_id = b.product_id
         WHERE b.client_id = $1 ORDER BY b.purchased_at DESC, b.purchase_id"
    )))
    .bind(caller.account_id.to_string())
    .fetch_all(&state.read.pool)
    .await?;
    let items = rows
        .iter()
        .map(|row| {
            let card = card(row, true)?;
            Ok(PurchaseRow {
                download_url: format!("/api/client/digital-products/{}/download", card.id),
                card,
                paid: AmountView {
                    amount_minor: row.try_get("amount_minor")?,
                    currency: row.try_get("paid_currency")?,
                },
                purchased_at: row.try_get("purchased_at")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    Ok(NoStore(Json(MyPurchases { items })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MyPurchases {
    pub items: Vec<PurchaseRow>,
}

/// The file of a product the signed-in client bought (a product trashed
/// since stays theirs); 404 for anyone else.
#[utoipa::path(get, path = "/api/client/digital-products/{id}/download", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, description = "The file (PDF)", content_type = "application/pdf"),
        (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn download_digital_product(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<String>,
) -> Result<Response, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let key: Option<String> = sqlx::query_scalar(
        "SELECT p.file_key FROM rm_purchases b
         JOIN rm_digital_products p ON p.product_id = b.product_id
         WHERE b.product_id = $1 AND b.client_id = $2",
    )
    .bind(id.to_string())
    .bind(caller.account_id.to_string())
    .fetch_optional(&state.read.pool)
    .await?;
    let key = key.ok_or(QueryError::NotFound)?;
    serve_file(&state, &key, Disposition::Attachment).await
}

/// The shop (or its trash) for the editors, by French title.
#[utoipa::path(get, path = "/api/admin-panel/digital-products", tag = "content", security(("session" = [])),
    params(ProductParams),
    responses((status = 200, body = ListEnvelope<ProductCard>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn admin_digital_products(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<ProductParams>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(
        list(&state, &params, params.trashed, false).await?,
    )))
}

/// One product for the editor (trashed ones too), with its file and sales.
#[utoipa::path(get, path = "/api/admin-panel/digital-products/{id}", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = ProductView), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn admin_digital_product(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    Ok(NoStore(Json(
        product(&state, &id, false)
            .await?
            .ok_or(QueryError::NotFound)?,
    )))
}
