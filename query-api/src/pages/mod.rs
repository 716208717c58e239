//! Public pages rendered by the server on each request (issue 13 "Search
//! engines"): the home page, the directory, an expert's page, the blog list and a blog post arrive with
//! their content, title, description, canonical and `hreflang` links and
//! Open Graph tags in the first HTML response, so they are indexable and
//! paint before any script runs; the SPA then takes over (it keeps the
//! server's markup until its own page is ready: `data-ssr` on `#root`,
//! `frontend/src/app/server-page.ts`).
//!
//! The page is the SPA's `index.html` with its `<title>`, description and
//! `#root` replaced. Rendering on each request (not a build-time prerender)
//! is what keeps an expert approved or a post published a minute ago
//! indexable at once; reads are one row each.

pub mod blog;
pub mod directory;
pub mod expert;
pub mod home;
pub mod site;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};
use std::time::SystemTime;

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use maud::{Markup, html};
use platform::http::{SecurityHeaders, ThirdParties};

use crate::QueryState;
use crate::error::QueryError;
use crate::render_cache::Rendered;

/// The SPA's page, split where a rendered page differs.
struct Template {
    /// Up to `<html`'s `lang` value.
    before_lang: String,
    /// From after the `lang` value to `<title>`.
    before_title: String,
    /// From `</title>` to the start of `#root`'s content.
    before_root: String,
    /// From the end of `#root`'s content to the end.
    after_root: String,
    /// The page as built, for a page that cannot be rendered.
    whole: String,
    security: SecurityHeaders,
    /// When the build wrote it: rendered pages are kept per build.
    built: SystemTime,
}

static TEMPLATES: LazyLock<Mutex<HashMap<PathBuf, Option<Arc<Template>>>>> =
    LazyLock::new(Mutex::default);

/// The template of `static_dir`, read again when a new build replaced
/// `index.html` (its scripts' names change); `None` when the build has no
/// `index.html` of the expected shape (the SPA's own route then serves it).
fn template(state: &QueryState) -> Option<Arc<Template>> {
    let dir = &state.config.static_dir;
    let built = std::fs::metadata(dir.join("index.html"))
        .and_then(|m| m.modified())
        .ok()?;
    let mut templates = TEMPLATES.lock().unwrap_or_else(PoisonError::into_inner);
    let current = templates.get(dir).cloned().flatten();
    if let Some(template) = current.filter(|t| t.built == built) {
        return Some(template);
    }
    let template = read_template(dir, state, built).map(Arc::new);
    templates.insert(dir.clone(), template.clone());
    template
}

fn read_template(dir: &Path, state: &QueryState, built: SystemTime) -> Option<Template> {
    let whole = std::fs::read_to_string(dir.join("index.html")).ok()?;
    let lang_at = whole.find("<html lang=\"")? + "<html lang=\"".len();
    let lang_end = lang_at + whole[lang_at..].find('"')?;
    let title_at = whole.find("<title>")?;
    let title_end = whole.find("</title>")? + "</title>".len();
    let root_at = whole.find("<div id=\"root\">")?;
    let root_end = whole.find("<noscript>").or_else(|| whole.find("</body>"))?;
    let root_close = root_at + whole[root_at..root_end].rfind("</div>")?;
    // The description is the page's own: drop the build's.
    let head = &whole[lang_end..title_at];
    let head = match head.find("<meta name=\"description\"") {
        Some(at) => {
            let end = at + head[at..].find('>')? + 1;
            format!("{}{}", &head[..at], &head[end..])
        }
        None => head.to_owned(),
    };
    let security = SecurityHeaders::for_web(
        &state.config.public_url,
        Some(&whole),
        &ThirdParties::from_config(&state.config),
    );
    Some(Template {
        before_lang: whole[..lang_at].to_owned(),
        before_title: head,
        before_root: format!("{}<div id=\"root\" data-ssr=\"", &whole[title_end..root_at]),
        after_root: whole[root_close..].to_owned(),
        whole: whole.clone(),
        security,
        built,
    })
}

/// What a rendered page says about itself.
pub struct Page {
    /// `expert`, `blog-list`, `blog-post` or `site-page`: tells the SPA what it takes over.
    pub kind: &'static str,
    pub lang: &'static str,
    pub title: String,
    pub description: String,
    /// The page's path (canonical).
    pub path: String,
    /// `(lang, path)` of each language's version, when they differ.
    pub alternates: Vec<(&'static str, String)>,
    /// `website`, `profile` or `article`.
    pub og_type: &'static str,
    /// An image path of this site, if any.
    pub image: Option<String>,
    pub body: Markup,
    /// When the clock alone changes the page (`MAX_UTC`: never).
    pub expires: DateTime<Utc>,
}

fn head(page: &Page, origin: &str) -> Markup {
    let locale = if page.lang == "fr" { "fr_FR" } else { "en_GB" };
    html! {
        title { (page.title) }
        meta name="description" content=(page.description);
        link rel="canonical" href={ (origin) (page.path) };
        @for (lang, path) in &page.alternates {
            link rel="alternate" hreflang=(lang) href={ (origin) (path) };
        }
        @if let Some((_, path)) = page.alternates.iter().find(|(lang, _)| *lang == "fr") {
            link rel="alternate" hreflang="x-default" href={ (origin) (path) };
        }
        meta property="og:site_name" content="Equilibre";
        meta property="og:type" content=(page.og_type);
        meta property="og:title" content=(page.title);
        meta property="og:description" content=(page.description);
        meta property="og:url" content={ (origin) (page.path) };
        meta property="og:locale" content=(locale);
        @if let Some(image) = &page.image {
            meta property="og:image" content={ (origin) (image) };
            meta name="twitter:card" content="summary_large_image";
        }
    }
}

/// The page `build` makes, kept under `key` while the read models stand
/// still (a post or the list is read once per change, not per visitor);
/// not found gives the SPA's page with 404, a failed read the SPA's page.
async fn cached(
    state: &QueryState,
    headers: &HeaderMap,
    key: String,
    build: impl AsyncFnOnce() -> Result<Page, QueryError>,
) -> Response {
    let wanted = crate::freshness::min_position(headers);
    let Some(template) = template(state) else {
        return spa(state, StatusCode::OK);
    };
    let rendered = state
        .renders
        .get_or_render(state, key, wanted, async || {
            let page = build().await?;
            Ok(Rendered {
                body: document(state, &template, &page).into(),
                expires: page.expires,
            })
        })
        .await;
    match rendered {
        Ok(body) => answer(&template, StatusCode::OK, body),
        Err(QueryError::NotFound) => spa(state, StatusCode::NOT_FOUND),
        Err(error) => {
            tracing::warn!(%error, "a page is served unrendered");
            spa(state, StatusCode::OK)
        }
    }
}

/// The whole document of `page`.
fn document(state: &QueryState, template: &Template, page: &Page) -> String {
    let origin = state.config.public_url.trim_end_matches('/');
    format!(
        "{}{}{}{}{}{}\">{}{}",
        template.before_lang,
        page.lang,
        template.before_title,
        head(page, origin).into_string(),
        template.before_root,
        page.kind,
        page.body.0,
        template.after_root,
    )
}

/// The SPA's page as built (for a page it will answer itself, e.g. not found).
fn spa(state: &QueryState, status: StatusCode) -> Response {
    match template(state) {
        Some(template) => answer(&template, status, template.whole.clone()),
        None => status.into_response(),
    }
}

fn answer(template: &Template, status: StatusCode, document: impl Into<Body>) -> Response {
    let mut response = (status, document.into()).into_response();
    let headers: &mut HeaderMap = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    // The web app's policy, not the API's (the services' layer only adds
    // what an answer lacks).
    for (name, value) in template.security.headers() {
        headers.insert(name.clone(), value.clone());
    }
    response
}

/// Texts of the rendered pages, in both languages.
fn text(lang: &str, fr: &'static str, en: &'static str) -> &'static str {
    if lang == "en" { en } else { fr }
}

/// The shared frame: the site's name linking home, the page, the footer's
/// disclaimer (styled by the `.ssr-*` rules of `frontend/index.html`).
fn frame(lang: &str, main: Markup) -> Markup {
    html! {
        header.ssr-header {
            a.ssr-brand href="/" { "Equilibre" }
            nav aria-label=(text(lang, "Navigation principale", "Main navigation")) {
                a href="/our-experts" { (text(lang, "Nos experts", "Our experts")) }
                a href="/blog" { "Blog" }
            }
        }
        main.ssr-main { (main) }
        footer.ssr-footer {
            p { (text(lang,
                "Les consultations d’experts informent et ne remplacent pas un professionnel de santé.",
                "Expert consultations inform and do not replace a general healthcare provider.")) }
        }
    }
}
