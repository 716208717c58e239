//! Blog reads (docs/api.md "Blog"): the public list, tags, post by slug and
//! cover, in the request's language; the administrators' list (with the
//! trash) and one post with its Markdown for the editor.

use axum::Json;
use axum::extract::{Path, Query, State};

use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::reference::name_key;
use platform::http::{ErrorEnvelope, ListEnvelope};
use platform::lang::Lang;
use serde::{Deserialize, Serialize};
use sqlx::any::AnyRow;
use sqlx::{AssertSqlSafe, Row};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::accounts::{NoStore, SignedIn};
use super::files::serve_public_image;
use crate::QueryState;
use crate::error::QueryError;
use crate::render_cache::cached_json;

const PUBLIC_PAGE_SIZE: u32 = 24;
const ADMIN_PAGE_SIZE: u32 = 100;
/// Shown for personal data once forgotten (projector's `ERASED`).
const ERASED: &str = "[erased]";

/// Who signs a post, as shown.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AuthorView {
    Editorial,
    /// `listed`: the expert's page is in the directory (link to it).
    Expert {
        consultant_id: String,
        name: String,
        listed: bool,
    },
}

fn author(row: &AnyRow) -> Result<AuthorView, sqlx::Error> {
    let id: Option<String> = row.try_get("author_id")?;
    let given: Option<String> = row.try_get("given_name")?;
    let family: Option<String> = row.try_get("family_name")?;
    let listed: Option<String> = row.try_get("listed_id")?;
    Ok(match (id, given, family) {
        // A forgotten expert's posts are signed by the team.
        (Some(id), Some(given), Some(family)) if given != ERASED => AuthorView::Expert {
            consultant_id: id,
            name: format!("{given} {family}"),
            listed: listed.is_some(),
        },
        _ => AuthorView::Editorial,
    })
}

fn tags(raw: &str) -> Vec<String> {
    serde_json::from_str(raw).unwrap_or_default()
}

fn cover_url(row: &AnyRow, public: bool) -> Result<Option<String>, sqlx::Error> {
    let key: Option<String> = row.try_get("cover_key")?;
    let id: String = row.try_get("post_id")?;
    Ok(key.map(|key| {
        if public {
            format!("/api/public/blog-posts/{id}/cover")
        } else {
            format!("/api/admin-panel/files/{key}")
        }
    }))
}

/// The author's columns, joined by every read.
const AUTHOR_JOIN: &str = "LEFT JOIN rm_consultants c ON c.consultant_id = p.author_id
     LEFT JOIN rm_directory d ON d.consultant_id = p.author_id";
const AUTHOR_COLUMNS: &str =
    "p.author_id, c.given_name, c.family_name, d.consultant_id AS listed_id";
const PUBLISHED: &str = "p.status = 'published' AND p.trashed_at IS NULL";

#[derive(Debug, Serialize, ToSchema)]
pub struct BlogCard {
    pub id: String,
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    pub tags: Vec<String>,
    pub cover_url: Option<String>,
    pub published_at: String,
    pub reading_minutes: i64,
    pub author: AuthorView,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PublicParams {
    /// One of the language's tags.
    #[param(max_length = 40)]
    pub tag: Option<String>,
    /// A consultant id: that expert's posts.
    pub expert: Option<String>,
    pub page: Option<u32>,
    /// 12 by default, at most 24.
    pub page_size: Option<u32>,
}

/// Published posts, newest first, in the request's language.
#[utoipa::path(get, path = "/api/public/blog-posts", tag = "content", params(PublicParams),
    responses((status = 200, body = ListEnvelope<BlogCard>), (status = 304, description = "Not modified"),
        (status = 400, body = ErrorEnvelope)))]
pub async fn public_blog_posts(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    Query(params): Query<PublicParams>,
) -> Result<Response, QueryError> {
    let key = format!(
        "blog-list {} {:?} {:?} {:?} {:?}",
        lang.as_str(),
        params.tag,
        params.expert,
        params.page,
        params.page_size
    );
    cached_json(
        &state,
        &headers,
        key,
        DateTime::<Utc>::MAX_UTC,
        async || published(&state, lang, &params).await,
    )
    .await
}

/// A page of published posts (the list's answer, and the rendered `/blog`).
pub(crate) async fn published(
    state: &QueryState,
    lang: Lang,
    params: &PublicParams,
) -> Result<ListEnvelope<BlogCard>, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 12, PUBLIC_PAGE_SIZE)?;
    let l = lang.as_str();
    let mut clauses = String::from(PUBLISHED);
    let mut binds: Vec<String> = Vec::new();
    if let Some(tag) = params.tag.as_deref().filter(|t| !t.trim().is_empty()) {
        if tag.chars().count() > domain::blog::TAG_MAX {
            return Err(QueryError::Invalid("tag"));
        }
        binds.push(name_key(tag));
        clauses.push_str(&format!(
            " AND EXISTS (SELECT 1 FROM rm_blog_tags t WHERE t.post_id = p.post_id
               AND t.language = '{l}' AND t.tag_key = ${})",
            binds.len()
        ));
    }
    if let Some(expert) = params.expert.as_deref().filter(|e| !e.is_empty()) {
        let expert: Uuid = expert.parse().map_err(|_| QueryError::Invalid("expert"))?;
        binds.push(expert.to_string());
        clauses.push_str(&format!(" AND p.author_id = ${}", binds.len()));
    }
    let columns = format!(
        "p.post_id, p.{l}_slug AS slug, p.{l}_title AS title, p.{l}_excerpt AS excerpt,
         p.{l}_tags AS tags, p.cover_key, p.published_at, p.{l}_minutes AS minutes"
    );
    let order = "p.published_at DESC, p.post_id";
    page_of(
        state,
        &columns,
        &clauses,
        &binds,
        order,
        (page, page_size),
        |row| {
            Ok(BlogCard {
                id: row.try_get("post_id")?,
                slug: row.try_get("slug")?,
                title: row.try_get("title")?,
                excerpt: row.try_get("excerpt")?,
                tags: tags(&row.try_get::<String, _>("tags")?),
                cover_url: cover_url(row, true)?,
                published_at: row.try_get("published_at")?,
                reading_minutes: row.try_get("minutes")?,
                author: author(row)?,
            })
        },
    )
    .await
}

/// One page of the posts matching `clauses` (numbered binds `binds`), with
/// the author's columns, in `order`, and how many match.
async fn page_of<T>(
    state: &QueryState,
    columns: &str,
    clauses: &str,
    binds: &[String],
    order: &str,
    (page, page_size): (u32, u32),
    map: impl Fn(&AnyRow) -> Result<T, sqlx::Error>,
) -> Result<ListEnvelope<T>, QueryError> {
    let mut count = sqlx::query_scalar::<_, i64>(AssertSqlSafe(format!(
        "SELECT COUNT(*) FROM rm_blog_posts p WHERE {clauses}"
    )));
    let offset = (u64::from(page) - 1) * u64::from(page_size);
    let mut rows = sqlx::query(AssertSqlSafe(format!(
        "SELECT {columns}, {AUTHOR_COLUMNS} FROM rm_blog_posts p {AUTHOR_JOIN} WHERE {clauses}
         ORDER BY {order} LIMIT {page_size} OFFSET {offset}"
    )));
    for bind in binds {
        count = count.bind(bind.clone());
        rows = rows.bind(bind.clone());
    }
    let total = count.fetch_one(&state.read.pool).await?;
    let items = rows
        .fetch_all(&state.read.pool)
        .await?
        .iter()
        .map(map)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ListEnvelope {
        items,
        total: u64::try_from(total).unwrap_or_default(),
        page,
        page_size,
    })
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct TagCount {
    pub tag: String,
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TagList {
    pub items: Vec<TagCount>,
}

/// The tags of published posts in the request's language, most used first.
#[utoipa::path(get, path = "/api/public/blog-tags", tag = "content",
    responses((status = 200, body = TagList), (status = 304, description = "Not modified")))]
pub async fn public_blog_tags(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
) -> Result<Response, QueryError> {
    let key = format!("blog-tags {}", lang.as_str());
    cached_json(
        &state,
        &headers,
        key,
        DateTime::<Utc>::MAX_UTC,
        async || tag_counts(&state, lang).await,
    )
    .await
}

async fn tag_counts(state: &QueryState, lang: Lang) -> Result<TagList, QueryError> {
    // One spelling per folded tag: the first in alphabetical order.
    let items = sqlx::query_as::<_, TagCount>(
        "SELECT MIN(t.tag) AS tag, COUNT(*) AS count FROM rm_blog_tags t
         JOIN rm_blog_posts p ON p.post_id = t.post_id
         WHERE t.language = $1 AND p.status = 'published' AND p.trashed_at IS NULL
         GROUP BY t.tag_key ORDER BY count DESC, t.tag_key LIMIT 50",
    )
    .bind(lang.as_str())
    .fetch_all(&state.read.pool)
    .await?;
    Ok(TagList { items })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Alternate {
    pub language: &'static str,
    pub slug: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BlogPostView {
    pub id: String,
    pub language: &'static str,
    pub slug: String,
    pub title: String,
    pub excerpt: String,
    /// Sanitised HTML (docs/rules.md "Blog").
    pub body_html: String,
    pub tags: Vec<String>,
    pub cover_url: Option<String>,
    pub published_at: String,
    pub updated_at: String,
    pub reading_minutes: i64,
    pub author: AuthorView,
    pub alternate: Alternate,
}

/// A published post by its slug, looked up in the request's language first.
#[utoipa::path(get, path = "/api/public/blog-posts/by-slug/{slug}", tag = "content",
    params(("slug" = String, Path)),
    responses((status = 200, body = BlogPostView), (status = 304, description = "Not modified"),
        (status = 404, body = ErrorEnvelope)))]
pub async fn public_blog_post(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    Path(slug): Path<String>,
) -> Result<Response, QueryError> {
    if slug.len() > domain::blog::SLUG_MAX {
        return Err(QueryError::NotFound);
    }
    let key = format!("blog-post {} {slug}", lang.as_str());
    cached_json(
        &state,
        &headers,
        key,
        DateTime::<Utc>::MAX_UTC,
        async || post_by_slug(&state, lang, &slug).await,
    )
    .await
}

/// A published post by slug (the API's answer, and the rendered page).
pub(crate) async fn post_by_slug(
    state: &QueryState,
    lang: Lang,
    slug: &str,
) -> Result<BlogPostView, QueryError> {
    if slug.len() > domain::blog::SLUG_MAX {
        return Err(QueryError::NotFound);
    }
    let wanted = lang.as_str();
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT p.*, {AUTHOR_COLUMNS} FROM rm_blog_posts p {AUTHOR_JOIN}
         WHERE {PUBLISHED} AND (p.fr_slug = $1 OR p.en_slug = $1)
         ORDER BY CASE WHEN p.{wanted}_slug = $1 THEN 0 ELSE 1 END, p.post_id LIMIT 1"
    )))
    .bind(slug)
    .fetch_optional(&state.read.pool)
    .await?
    .ok_or(QueryError::NotFound)?;
    let matched: String = row.try_get(format!("{wanted}_slug").as_str())?;
    let (l, other) = match (matched == *slug, lang) {
        (true, Lang::Fr) | (false, Lang::En) => ("fr", "en"),
        _ => ("en", "fr"),
    };
    let column = |name: &str| format!("{l}_{name}");
    Ok(BlogPostView {
        id: row.try_get("post_id")?,
        language: l,
        slug: row.try_get(column("slug").as_str())?,
        title: row.try_get(column("title").as_str())?,
        excerpt: row.try_get(column("excerpt").as_str())?,
        body_html: row.try_get(column("html").as_str())?,
        tags: tags(&row.try_get::<String, _>(column("tags").as_str())?),
        cover_url: cover_url(&row, true)?,
        published_at: row.try_get("published_at")?,
        updated_at: row.try_get("updated_at")?,
        reading_minutes: row.try_get(column("minutes").as_str())?,
        author: author(&row)?,
        alternate: Alternate {
            language: other,
            slug: row.try_get(format!("{other}_slug").as_str())?,
        },
    })
}

/// The cover image of a published post.
#[utoipa::path(get, path = "/api/public/blog-posts/{id}/cover", tag = "content",
    params(("id" = Uuid, Path)),
    responses((status = 200, description = "The cover (JPEG or PNG)", content_type = "image/jpeg"),
        (status = 404, body = ErrorEnvelope)))]
pub async fn public_blog_cover(
    State(state): State<QueryState>,
    Path(id): Path<String>,
) -> Result<Response, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let key: Option<String> = sqlx::query_scalar(AssertSqlSafe(format!(
        "SELECT cover_key FROM rm_blog_posts p WHERE post_id = $1 AND {PUBLISHED}"
    )))
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .flatten();
    serve_public_image(&state, key).await
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct AdminParams {
    /// Words of either title, case and accents ignored.
    #[param(max_length = 200)]
    pub search: String,
    /// `draft`, `scheduled` or `published`.
    pub status: Option<String>,
    /// `true`: the trash.
    pub trashed: bool,
    pub page: Option<u32>,
    /// 20 by default, at most 100.
    pub page_size: Option<u32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminBlogRow {
    pub id: String,
    pub title_fr: String,
    pub title_en: String,
    pub slug_fr: String,
    pub slug_en: String,
    pub author: AuthorView,
    pub status: String,
    pub publish_at: Option<String>,
    pub published_at: Option<String>,
    pub updated_at: String,
    pub trashed_at: Option<String>,
}

/// Every post (or the trash), latest change first.
#[utoipa::path(get, path = "/api/admin-panel/blog-posts", tag = "content", security(("session" = [])),
    params(AdminParams),
    responses((status = 200, body = ListEnvelope<AdminBlogRow>), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn admin_blog_posts(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Query(params): Query<AdminParams>,
) -> Result<impl IntoResponse, QueryError> {
    let (page, page_size) =
        crate::bounds::paging(params.page, params.page_size, 20, ADMIN_PAGE_SIZE)?;
    let mut binds = crate::bounds::search_patterns(&params.search, "search")?;
    let mut clauses: Vec<String> = (1..=binds.len())
        .map(|n| format!("p.search LIKE ${n}"))
        .collect();
    clauses.push(
        if params.trashed {
            "p.trashed_at IS NOT NULL"
        } else {
            "p.trashed_at IS NULL"
        }
        .into(),
    );
    if let Some(status) = params.status.as_deref().filter(|s| !s.is_empty()) {
        if !["draft", "scheduled", "published"].contains(&status) {
            return Err(QueryError::Invalid("status"));
        }
        binds.push(status.to_owned());
        clauses.push(format!("p.status = ${}", binds.len()));
    }
    let clauses = clauses.join(" AND ");
    let columns = "p.post_id, p.fr_title, p.en_title, p.fr_slug, p.en_slug, p.status, p.publish_at,
         p.published_at, p.updated_at, p.trashed_at";
    let order = "p.updated_at DESC, p.post_id";
    let list = page_of(
        &state,
        columns,
        &clauses,
        &binds,
        order,
        (page, page_size),
        |row| {
            Ok(AdminBlogRow {
                id: row.try_get("post_id")?,
                title_fr: row.try_get("fr_title")?,
                title_en: row.try_get("en_title")?,
                slug_fr: row.try_get("fr_slug")?,
                slug_en: row.try_get("en_slug")?,
                author: author(row)?,
                status: row.try_get("status")?,
                publish_at: row.try_get("publish_at")?,
                published_at: row.try_get("published_at")?,
                updated_at: row.try_get("updated_at")?,
                trashed_at: row.try_get("trashed_at")?,
            })
        },
    )
    .await?;
    Ok(NoStore(Json(list)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PostTextView {
    pub title: String,
    pub slug: String,
    /// Markdown, as written.
    pub body: String,
    pub tags: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminBlogPost {
    pub id: String,
    pub fr: PostTextView,
    pub en: PostTextView,
    pub author: AuthorView,
    /// The upload key, sent back unchanged to keep the cover.
    pub cover: Option<String>,
    pub cover_url: Option<String>,
    pub publish_at: Option<String>,
    pub published_at: Option<String>,
    pub status: String,
    pub trashed_at: Option<String>,
    pub updated_at: String,
}

/// One post as the editor wrote it.
#[utoipa::path(get, path = "/api/admin-panel/blog-posts/{id}", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = AdminBlogPost), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn admin_blog_post(
    State(state): State<QueryState>,
    SignedIn(_caller): SignedIn,
    Path(id): Path<String>,
) -> Result<impl IntoResponse, QueryError> {
    let id: Uuid = id.parse().map_err(|_| QueryError::NotFound)?;
    let row = sqlx::query(AssertSqlSafe(format!(
        "SELECT p.*, {AUTHOR_COLUMNS} FROM rm_blog_posts p {AUTHOR_JOIN} WHERE p.post_id = $1"
    )))
    .bind(id.to_string())
    .fetch_optional(&state.read.pool)
    .await?
    .ok_or(QueryError::NotFound)?;
    let text = |l: &str| -> Result<PostTextView, sqlx::Error> {
        Ok(PostTextView {
            title: row.try_get(format!("{l}_title").as_str())?,
            slug: row.try_get(format!("{l}_slug").as_str())?,
            body: row.try_get(format!("{l}_body").as_str())?,
            tags: tags(&row.try_get::<String, _>(format!("{l}_tags").as_str())?),
        })
    };
    Ok(NoStore(Json(AdminBlogPost {
        id: row.try_get("post_id")?,
        fr: text("fr")?,
        en: text("en")?,
        author: author(&row)?,
        cover: row.try_get("cover_key")?,
        cover_url: cover_url(&row, false)?,
        publish_at: row.try_get("publish_at")?,
        published_at: row.try_get("published_at")?,
        status: row.try_get("status")?,
        trashed_at: row.try_get("trashed_at")?,
        updated_at: row.try_get("updated_at")?,
    })))
}
