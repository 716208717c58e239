//! Administrators' blog editing (`/api/admin-panel/blog-posts`).

use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::{FieldError, blog, markup};
use platform::http::ErrorEnvelope;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::blog::{BlogPostBody, PostWritten};
use crate::caller::SignedIn;
use crate::context::{Json, Result};
use crate::error::CommandError;
use crate::execute::Actor;
use crate::ids::IdempotencyKey;

/// Adds a post: a draft, published at once or scheduled (`publish_at`).
#[utoipa::path(post, path = "/api/admin-panel/blog-posts", tag = "content", security(("session" = [])),
    request_body = BlogPostBody,
    responses((status = 201, body = PostWritten), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope)))]
pub async fn add_blog_post(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<BlogPostBody>,
) -> Result<Committed<PostWritten>> {
    let ids = key.ids(Some(caller.account_id));
    let actor = Actor::from(&caller);
    let (written, position) =
        crate::blog::write(&app, &ids, actor, caller.account_id, None, body).await?;
    Ok(Committed::new(StatusCode::CREATED, position).body(written))
}

/// Replaces a post as a whole.
#[utoipa::path(put, path = "/api/admin-panel/blog-posts/{id}", tag = "content", security(("session" = [])),
    request_body = BlogPostBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = PostWritten), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn edit_blog_post(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<BlogPostBody>,
) -> Result<Committed<PostWritten>> {
    let ids = key.ids(Some(caller.account_id));
    let actor = Actor::from(&caller);
    let (written, position) =
        crate::blog::write(&app, &ids, actor, caller.account_id, Some(id), body).await?;
    Ok(Committed::new(StatusCode::OK, position).body(written))
}

/// Moves a post to the trash: visitors no longer see it.
#[utoipa::path(post, path = "/api/admin-panel/blog-posts/{id}/trash", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn trash_blog_post(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    trash_or_restore(app, caller, key, id, false).await
}

/// Takes a post out of the trash, with the status it had.
#[utoipa::path(post, path = "/api/admin-panel/blog-posts/{id}/restore", tag = "content", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn restore_blog_post(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    trash_or_restore(app, caller, key, id, true).await
}

async fn trash_or_restore(
    app: AppState,
    caller: platform::session::Caller,
    key: IdempotencyKey,
    id: Uuid,
    restore: bool,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let actor = Actor::from(&caller);
    let position =
        crate::blog::trash_or_restore(&app, &ids, actor, caller.account_id, id, restore).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

#[derive(Deserialize, ToSchema)]
pub struct PreviewBody {
    #[schema(max_length = 50000)]
    pub body: String,
}

#[derive(Serialize, ToSchema)]
pub struct Preview {
    pub html: String,
}

/// What the site would show of a Markdown body (records nothing): a post's,
/// a static page's or a legal text's, so the longest of their bounds.
#[utoipa::path(post, path = "/api/admin-panel/blog-preview", tag = "content", security(("session" = [])),
    request_body = PreviewBody,
    responses((status = 200, body = Preview), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope)))]
pub async fn preview_blog_body(
    SignedIn(_caller): SignedIn,
    Json(body): Json<PreviewBody>,
) -> Result<Json<Preview>> {
    let max = blog::BODY_MAX.max(domain::site::BODY_MAX);
    if body.body.chars().count() > max {
        let error = FieldError::new("field.too_long").with("max", max);
        return Err(CommandError::Domain(domain::DomainError::field(
            "body", error,
        )));
    }
    Ok(Json(Preview {
        html: markup::render(&body.body),
    }))
}
