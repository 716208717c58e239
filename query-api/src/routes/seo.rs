//! What search engines read: `/robots.txt` (the private areas and the API
//! kept out, the sitemap named with the public origin) and `/sitemap.xml`
//! (the public pages, every listed expert, every published post in both
//! languages with its `hreflang` alternate), built from the read models on
//! each request so an expert approved or a post published a minute ago is
//! in it.

use std::fmt::Write as _;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use sqlx::Row;

use crate::QueryState;
use crate::error::QueryError;
use crate::render_cache::Rendered;

/// The public pages worth indexing, in the SPA's paths.
const PAGES: &[&str] = &[
    "/",
    "/our-experts",
    "/blog",
    "/about-us",
    "/alternative-medicine",
    "/sdg-media",
    "/faq",
    "/team-and-vision",
    "/media",
    "/lifestyle-product",
    "/contact-us",
    "/terms-conditions",
    "/privacy-policy",
];

/// Engines may cache both for a while; they are cheap to rebuild anyway.
const CACHE: &str = "public, max-age=600";

fn answer(content_type: &'static str, body: String) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE));
    response
}

fn origin(state: &QueryState) -> String {
    state.config.public_url.trim_end_matches('/').to_owned()
}

/// `robots.txt`.
#[utoipa::path(get, path = "/robots.txt", tag = "public",
    responses((status = 200, description = "Crawling rules", content_type = "text/plain", body = String)))]
pub async fn robots(State(state): State<QueryState>) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /client/\nDisallow: /consultant/\n\
         Disallow: /admin/\nDisallow: /public/\nDisallow: /booking/\nDisallow: /chat-room/\n\n\
         Sitemap: {}/sitemap.xml\n",
        origin(&state)
    );
    answer("text/plain; charset=utf-8", body)
}

/// Escapes the five XML special characters.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

/// `sitemap.xml` (sitemaps.org 0.9, with `xhtml:link` alternates).
#[utoipa::path(get, path = "/sitemap.xml", tag = "public",
    responses((status = 200, description = "Every indexable page", content_type = "application/xml", body = String)))]
pub async fn sitemap(
    State(state): State<QueryState>,
    headers: axum::http::HeaderMap,
) -> Result<Response, QueryError> {
    // Kept while the read models stand still, gzipped once for the crawlers
    // that accept it (all of them): a few hundred KB is not compressed again
    // on every fetch.
    let gzip = accepts_gzip(&headers);
    let key = if gzip {
        "sitemap.xml.gz"
    } else {
        "sitemap.xml"
    };
    let wanted = crate::freshness::min_position(&headers);
    let body = state
        .renders
        .get_or_render(&state, key.into(), wanted, async || {
            let xml = urls(&state).await?;
            Ok(Rendered {
                body: if gzip { gzipped(&xml)? } else { xml.into() },
                expires: DateTime::<Utc>::MAX_UTC,
            })
        })
        .await?;
    let mut response = answer("application/xml; charset=utf-8", String::new());
    if gzip {
        response
            .headers_mut()
            .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    response
        .headers_mut()
        .insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    *response.body_mut() = body.into();
    Ok(response)
}

/// Whether `Accept-Encoding` names gzip (without `q=0`).
fn accepts_gzip(headers: &axum::http::HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            parts.next() == Some("gzip") && !parts.any(|p| p.replace(' ', "") == "q=0")
        })
}

fn gzipped(text: &str) -> Result<axum::body::Bytes, QueryError> {
    use std::io::Write as _;
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder
        .write_all(text.as_bytes())
        .and_then(|()| encoder.finish())
        .map(Into::into)
        .map_err(|_| QueryError::Corrupt("a sitemap that does not compress"))
}

async fn urls(state: &QueryState) -> Result<String, QueryError> {
    let base = xml(&origin(state));
    let experts = sqlx::query("SELECT consultant_id FROM rm_directory ORDER BY consultant_id")
        .fetch_all(&state.read.pool)
        .await?;
    let posts = sqlx::query(
        "SELECT fr_slug, en_slug, updated_at FROM rm_blog_posts
         WHERE status = 'published' AND trashed_at IS NULL ORDER BY published_at DESC, post_id",
    )
    .fetch_all(&state.read.pool)
    .await?;
    let mut out = String::with_capacity(256 * (PAGES.len() + experts.len() + 2 * posts.len()));
    out.push_str(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for page in PAGES {
        let _ = writeln!(out, "<url><loc>{base}{page}</loc></url>");
    }
    for expert in &experts {
        let id: String = expert.try_get("consultant_id")?;
        let _ = writeln!(
            out,
            "<url><loc>{base}/our-experts/details/{}</loc></url>",
            xml(&id)
        );
    }
    for post in &posts {
        let fr = xml(&post.try_get::<String, _>("fr_slug")?);
        let en = xml(&post.try_get::<String, _>("en_slug")?);
        let updated: String = post.try_get("updated_at")?;
        let day = xml(updated.get(..10).unwrap_or_default());
        let alternates = format!(
            "<xhtml:link rel=\"alternate\" hreflang=\"fr\" href=\"{base}/blog/{fr}\"/>\
             <xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"{base}/blog/{en}\"/>"
        );
        for slug in [&fr, &en] {
            let _ = writeln!(
                out,
                "<url><loc>{base}/blog/{slug}</loc><lastmod>{day}</lastmod>{alternates}</url>"
            );
        }
    }
    out.push_str("</urlset>\n");
    Ok(out)
}
