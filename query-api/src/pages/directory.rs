//! `/our-experts`: the directory's first page, rendered (the SPA then adds
//! its search and filters).

use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use maud::html;
use platform::lang::Lang;
use serde_json::Value;

use super::{Page, cached, frame, spa, text};
use crate::QueryState;
use crate::error::QueryError;
use crate::routes::directory::first_cards;

/// Cards on the rendered page: the SPA's first page.
const CARDS: usize = 12;

/// The directory's first page, in the reader's language; with filters in
/// the address, the SPA's page (it shows the filtered list itself).
#[utoipa::path(get, path = "/our-experts", tag = "pages",
    responses((status = 200, description = "The page, rendered", content_type = "text/html")))]
pub async fn directory_page(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    RawQuery(query): RawQuery,
) -> Response {
    if query.is_some_and(|q| !q.is_empty()) {
        return spa(&state, StatusCode::OK);
    }
    let min = crate::freshness::min_position(&headers);
    let key = format!("page directory {}", lang.as_str());
    cached(&state, &headers, key, async || {
        let (cards, total) = first_cards(&state, min, CARDS).await?;
        let cards = cards
            .iter()
            .map(|card| serde_json::from_str::<Value>(card))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| QueryError::Corrupt("an expert's card that is not JSON"))?;
        Ok(page(lang.as_str(), &cards, total))
    })
    .await
}

fn page(lang: &'static str, cards: &[Value], total: usize) -> Page {
    let str_of = |card: &'_ Value, field: &str| card[field].as_str().unwrap_or_default().to_owned();
    let body = frame(
        lang,
        html! {
            h1 { (text(lang, "Nos experts", "Our experts")) }
            p.ssr-lead { (total) " " (text(lang, "experts en ligne", "experts online")) }
            @for card in cards {
                @let name = format!("{} {}", str_of(card, "given_name"), str_of(card, "family_name"));
                @let excerpt = if lang == "en" { card["bio_excerpt_en"].as_str() } else { None };
                article.ssr-card {
                    h2 { a href={ "/our-experts/details/" (str_of(card, "id")) } { (name) } }
                    p.ssr-lead { (str_of(card, "profession")) }
                    p { (excerpt.unwrap_or(card["bio_excerpt"].as_str().unwrap_or_default())) }
                }
            }
        },
    );
    Page {
        kind: "directory",
        lang,
        title: text(lang, "Nos experts · Equilibre", "Our experts · Equilibre").into(),
        description: text(
            lang,
            "Trouvez un expert du bien-être et réservez une consultation vidéo, gratuite ou payante.",
            "Find a wellbeing expert and book a free or paid video consultation.",
        )
        .into(),
        path: "/our-experts".into(),
        alternates: Vec::new(),
        og_type: "website",
        image: None,
        body,
        expires: chrono::DateTime::<chrono::Utc>::MAX_UTC,
    }
}
