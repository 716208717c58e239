//! `/our-experts/details/{id}`: a listed expert's page, rendered.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use maud::html;
use platform::lang::Lang;
use serde_json::Value;
use uuid::Uuid;

use super::{Page, cached, frame, spa, text};
use crate::QueryState;
use crate::error::QueryError;
use crate::routes::directory::listed_detail;

/// Characters of the bio in the description.
const DESCRIPTION_CHARS: usize = 160;

/// The expert's page with their content; the SPA's page (404) otherwise.
#[utoipa::path(get, path = "/our-experts/details/{id}", tag = "pages",
    params(("id" = String, Path)),
    responses((status = 200, description = "The page, rendered", content_type = "text/html"),
        (status = 404, description = "The SPA's page (it shows not found)", content_type = "text/html")))]
pub async fn expert_page(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
    Path(id): Path<String>,
) -> Response {
    let Ok(id) = id.parse::<Uuid>() else {
        return spa(&state, StatusCode::NOT_FOUND);
    };
    let min = crate::freshness::min_position(&headers);
    let key = format!("page expert {} {id}", lang.as_str());
    cached(&state, &headers, key, async || {
        let detail = listed_detail(&state, id, min)
            .await?
            .ok_or(QueryError::NotFound)?;
        let expert = serde_json::from_slice::<Value>(&detail)
            .map_err(|_| QueryError::Corrupt("an expert's detail that is not JSON"))?;
        Ok(page(lang.as_str(), id, &expert))
    })
    .await
}

/// A text field in `lang`, French when there is no English version.
fn localised<'a>(expert: &'a Value, field: &str, lang: &str) -> &'a str {
    let english = (lang == "en")
        .then(|| expert[format!("{field}_en")].as_str())
        .flatten()
        .filter(|s| !s.is_empty());
    english
        .or_else(|| expert[field].as_str())
        .unwrap_or_default()
}

fn names<'a>(expert: &'a Value, list: &str, lang: &str) -> Vec<&'a str> {
    let key = if lang == "en" { "name_en" } else { "name_fr" };
    expert[list]
        .as_array()
        .map(|items| items.iter().filter_map(|i| i[key].as_str()).collect())
        .unwrap_or_default()
}

/// `60,00 €` in French, `€60.00` in English; other currencies by their code.
fn money(minor: i64, currency: &str, lang: &str) -> String {
    let (units, cents) = (minor / 100, minor % 100);
    match (currency, lang) {
        ("EUR", "en") => format!("€{units}.{cents:02}"),
        ("EUR", _) => format!("{units},{cents:02} €"),
        (code, "en") => format!("{units}.{cents:02} {code}"),
        (code, _) => format!("{units},{cents:02} {code}"),
    }
}

fn page(lang: &'static str, id: Uuid, expert: &Value) -> Page {
    let name = format!(
        "{} {}",
        expert["given_name"].as_str().unwrap_or_default(),
        expert["family_name"].as_str().unwrap_or_default()
    );
    let profession = expert["profession"].as_str().unwrap_or_default();
    let bio = localised(expert, "bio", lang);
    let description = domain::markup::excerpt(bio, DESCRIPTION_CHARS);
    let photo = expert["photo_url"].as_str().map(str::to_owned);
    let specialisations = names(expert, "specialisations", lang);
    let price = &expert["price"];
    let amount = price["minor"].as_i64().unwrap_or_default();
    let price = money(amount, price["currency"].as_str().unwrap_or_default(), lang);
    let minutes = expert["session_minutes"].as_i64().unwrap_or_default();
    let body = frame(
        lang,
        html! {
            article.ssr-expert {
                @if let Some(photo) = &photo {
                    img.ssr-photo src=(photo) alt=(name) width="88" height="88";
                }
                h1 { (name) }
                p.ssr-lead { (profession) }
                p { (bio) }
                @if !specialisations.is_empty() {
                    h2 { (text(lang, "Spécialités", "Specialisations")) }
                    ul { @for s in &specialisations { li { (s) } } }
                }
                p.ssr-lead { (price) " · " (minutes) " min" }
                @if expert["first_consultation_free"].as_bool() == Some(true) {
                    p { (text(lang, "Première consultation offerte.", "First consultation free.")) }
                }
            }
        },
    );
    Page {
        kind: "expert",
        lang,
        title: format!("{name} · {profession} · Equilibre"),
        description,
        path: format!("/our-experts/details/{id}"),
        alternates: Vec::new(),
        og_type: "profile",
        image: photo,
        body,
        expires: chrono::DateTime::<chrono::Utc>::MAX_UTC,
    }
}

#[cfg(test)]
mod tests {
    use super::money;

    #[test]
    fn prices_read_as_each_language_writes_them() {
        assert_eq!(money(6000, "EUR", "fr"), "60,00 €");
        assert_eq!(money(6050, "EUR", "en"), "€60.50");
        assert_eq!(money(4500, "CHF", "fr"), "45,00 CHF");
    }
}
