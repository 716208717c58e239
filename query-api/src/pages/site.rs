//! The static pages and the legal texts, rendered (their text is the
//! site's own writing, `routes::site`), so they are indexable and paint
//! before any script runs.

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::Response;
use chrono::{DateTime, Utc};
use domain::site::legal::LegalKind;
use domain::site::page::PageKey;
use maud::{PreEscaped, html};
use platform::lang::Lang;

use super::{Page, cached, frame, text};
use crate::QueryState;
use crate::routes::site::{LegalParams, legal_document_view, page_view};

async fn render_page(
    state: &QueryState,
    headers: &HeaderMap,
    lang: Lang,
    key: PageKey,
) -> Response {
    let cache_key = format!("page site {} {}", key.as_str(), lang.as_str());
    cached(state, headers, cache_key, async || {
        let page = page_view(state, key, lang).await?;
        let lang = lang.as_str();
        Ok(Page {
            kind: "site-page",
            lang,
            title: format!("{} · Equilibre", page.title),
            description: page.description,
            path: format!("/{}", key.as_str()),
            alternates: Vec::new(),
            og_type: "website",
            image: None,
            expires: DateTime::<Utc>::MAX_UTC,
            body: frame(
                lang,
                html! {
                    article.ssr-post {
                        h1 { (page.title) }
                        // Sanitised by domain::markup.
                        div.ssr-prose { (PreEscaped(&page.html)) }
                    }
                },
            ),
        })
    })
    .await
}

async fn render_legal(
    state: &QueryState,
    headers: &HeaderMap,
    lang: Lang,
    kind: LegalKind,
    path: &'static str,
    version: Option<String>,
) -> Response {
    let version = version.filter(|v| !v.is_empty() && v.len() <= 40);
    let cache_key = format!("page legal {} {} {version:?}", kind.as_str(), lang.as_str());
    cached(state, headers, cache_key, async || {
        let (document, expires) =
            legal_document_view(state, kind, lang, version.as_deref()).await?;
        let lang = lang.as_str();
        let since = document
            .effective_at
            .with_timezone(&chrono_tz::Europe::Paris)
            .format("%d/%m/%Y")
            .to_string();
        Ok(Page {
            kind: "site-page",
            lang,
            title: format!("{} · Equilibre", document.title),
            description: document.description,
            path: path.into(),
            alternates: Vec::new(),
            og_type: "website",
            image: None,
            // Until the next scheduled version comes into force.
            expires,
            body: frame(
                lang,
                html! {
                    article.ssr-post {
                        h1 { (document.title) }
                        p.ssr-lead {
                            (text(lang, "Version ", "Version ")) (document.version)
                            (text(lang, " du ", " of ")) (since) " · "
                            a href=(document.pdf_url) { (text(lang, "Télécharger le PDF", "Download the PDF")) }
                        }
                        div.ssr-prose { (PreEscaped(&document.html)) }
                    }
                },
            ),
        })
    })
    .await
}

macro_rules! site_pages {
    ($($name:ident => $path:literal, $key:expr;)*) => {$(
        #[doc = concat!("`", $path, "`, rendered in the reader's language.")]
        #[utoipa::path(get, path = $path, tag = "pages",
            responses((status = 200, description = "The page, rendered", content_type = "text/html")))]
        pub async fn $name(State(state): State<QueryState>, headers: HeaderMap, lang: Lang) -> Response {
            render_page(&state, &headers, lang, $key).await
        }
    )*};
}

site_pages! {
    about_us_page => "/about-us", PageKey::AboutUs;
    alternative_medicine_page => "/alternative-medicine", PageKey::AlternativeMedicine;
    sdg_media_page => "/sdg-media", PageKey::SdgMedia;
    faq_page => "/faq", PageKey::Faq;
    team_and_vision_page => "/team-and-vision", PageKey::TeamAndVision;
    media_page => "/media", PageKey::Media;
}

/// `/terms-conditions`: the terms in force (or `?version=`), rendered.
#[utoipa::path(get, path = "/terms-conditions", tag = "pages", params(LegalParams),
    responses((status = 200, description = "The page, rendered", content_type = "text/html")))]
pub async fn terms_page(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    params: Result<Query<LegalParams>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let version = params.ok().and_then(|Query(p)| p.version);
    render_legal(
        &state,
        &headers,
        lang,
        LegalKind::Terms,
        "/terms-conditions",
        version,
    )
    .await
}

/// `/privacy-policy`: the privacy policy in force (or `?version=`), rendered.
#[utoipa::path(get, path = "/privacy-policy", tag = "pages", params(LegalParams),
    responses((status = 200, description = "The page, rendered", content_type = "text/html")))]
pub async fn privacy_page(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    params: Result<Query<LegalParams>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let version = params.ok().and_then(|Query(p)| p.version);
    render_legal(
        &state,
        &headers,
        lang,
        LegalKind::Privacy,
        "/privacy-policy",
        version,
    )
    .await
}
