//! `/blog` and `/blog/{slug}`, rendered.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use maud::{PreEscaped, html};
use platform::lang::Lang;

use super::{Page, cached, frame, text};
use crate::QueryState;
use crate::error::QueryError;
use crate::routes::blog::{AuthorView, PublicParams, post_by_slug, published};

fn author_name(author: &AuthorView, lang: &str) -> String {
    match author {
        AuthorView::Editorial => text(lang, "l’équipe éditoriale", "the editorial team").to_owned(),
        AuthorView::Expert { name, .. } => name.clone(),
    }
}

/// The day of an RFC 3339 time, `2026-11-27`.
fn day(at: &str) -> &str {
    at.get(..10).unwrap_or(at)
}

/// The blog's first page (or the one asked), in the reader's language.
#[utoipa::path(get, path = "/blog", tag = "pages", params(PublicParams),
    responses((status = 200, description = "The page, rendered", content_type = "text/html")))]
pub async fn blog_list_page(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    params: Result<Query<PublicParams>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let params = params.map(|Query(p)| p).unwrap_or_default();
    let key = format!(
        "page blog {} {:?} {:?} {:?}",
        lang.as_str(),
        params.tag,
        params.expert,
        params.page
    );
    cached(&state, &headers, key, async || {
        list_page(&state, lang, &params).await
    })
    .await
}

async fn list_page(
    state: &QueryState,
    lang: Lang,
    params: &PublicParams,
) -> Result<Page, QueryError> {
    // Out-of-range pages and tags: the SPA's page says so itself.
    let posts = published(state, lang, params).await?;
    let lang = lang.as_str();
    let body = frame(
        lang,
        html! {
            h1 { "Blog" }
            p.ssr-lead { (text(lang,
                "Conseils et éclairages de nos experts sur le bien-être au quotidien.",
                "Advice and insights from our experts on everyday wellbeing.")) }
            @for (index, post) in posts.items.iter().enumerate() {
                article.ssr-card {
                    // The first cover is the page's largest paint: sent with the
                    // HTML, it is fetched at once rather than when the SPA asks.
                    @if let (0, Some(cover)) = (index, &post.cover_url) {
                        img.ssr-cover src=(cover) alt=(post.title) width="640" height="360" fetchpriority="high";
                    }
                    h2 { a href={ "/blog/" (post.slug) } { (post.title) } }
                    p { (post.excerpt) }
                    p.ssr-lead {
                        time datetime=(post.published_at) { (day(&post.published_at)) }
                        " · " (author_name(&post.author, lang))
                    }
                }
            }
        },
    );
    Ok(Page {
        kind: "blog-list",
        lang,
        title: "Blog · Equilibre".into(),
        description: text(
            lang,
            "Conseils bien-être, sommeil, stress et alimentation par les experts d’Equilibre.",
            "Wellbeing advice on sleep, stress and nutrition from Equilibre's experts.",
        )
        .into(),
        path: "/blog".into(),
        alternates: Vec::new(),
        og_type: "website",
        image: None,
        body,
        expires: chrono::DateTime::<chrono::Utc>::MAX_UTC,
    })
}

/// A published post, in the language of its slug.
#[utoipa::path(get, path = "/blog/{slug}", tag = "pages", params(("slug" = String, Path)),
    responses((status = 200, description = "The page, rendered", content_type = "text/html"),
        (status = 404, description = "The SPA's page (it shows not found)", content_type = "text/html")))]
pub async fn blog_post_page(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    Path(slug): Path<String>,
) -> Response {
    let key = format!("page post {} {slug}", lang.as_str());
    cached(&state, &headers, key, async || {
        post_page(&state, lang, &slug).await
    })
    .await
}

async fn post_page(state: &QueryState, lang: Lang, slug: &str) -> Result<Page, QueryError> {
    let post = post_by_slug(state, lang, slug).await?;
    let lang = post.language;
    let body = frame(
        lang,
        html! {
            article.ssr-post {
                h1 { (post.title) }
                p.ssr-lead {
                    time datetime=(post.published_at) { (day(&post.published_at)) }
                    " · " (post.reading_minutes) " min · " (author_name(&post.author, lang))
                }
                @if let Some(cover) = &post.cover_url {
                    img.ssr-cover src=(cover) alt=(post.title) width="640" height="360" fetchpriority="high";
                }
                // Sanitised when the post was projected (domain::markup).
                div.ssr-prose { (PreEscaped(&post.body_html)) }
            }
        },
    );
    let own = format!("/blog/{}", post.slug);
    let other = format!("/blog/{}", post.alternate.slug);
    Ok(Page {
        kind: "blog-post",
        lang,
        title: format!("{} · Equilibre", post.title),
        description: post.excerpt.clone(),
        path: own.clone(),
        alternates: vec![(lang, own), (post.alternate.language, other)],
        og_type: "article",
        image: post.cover_url.clone(),
        body,
        expires: chrono::DateTime::<chrono::Utc>::MAX_UTC,
    })
}
