//! `/`: the home page's hero and its static sections, rendered, so the
//! first visit paints its largest text with the HTML instead of when the
//! scripts have run (the SPA then adds the live figures, the latest posts
//! and the quote of the day).
//!
//! The texts are the SPA's own home catalogue (`frontend/src/locales/home`),
//! compiled in: one wording, and a rendered page that cannot drift from the
//! SPA's.

use std::sync::LazyLock;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use maud::html;
use platform::lang::Lang;
use serde_json::Value;

use super::{Page, cached, frame};
use crate::QueryState;

static FRENCH: LazyLock<Value> =
    LazyLock::new(|| catalogue(include_str!("../../../frontend/src/locales/home/fr.json")));
static ENGLISH: LazyLock<Value> =
    LazyLock::new(|| catalogue(include_str!("../../../frontend/src/locales/home/en.json")));

fn catalogue(json: &str) -> Value {
    serde_json::from_str(json).expect("the SPA's home catalogue is JSON (checked by its tests)")
}

/// The text at `key` ("home.title") in `lang`'s catalogue; empty when
/// missing (the tests below render every key this page uses).
fn t(lang: &str, key: &str) -> &'static str {
    let catalogue: &'static Value = if lang == "en" { &ENGLISH } else { &FRENCH };
    key.split('.')
        .try_fold(catalogue, |value, part| value.get(part))
        .and_then(Value::as_str)
        .unwrap_or_default()
}

const STEPS: [&str; 3] = ["find", "book", "meet"];
const FAQ: [&str; 3] = ["what", "replace", "language"];

/// The home page in the reader's language.
#[utoipa::path(get, path = "/", tag = "pages",
    responses((status = 200, description = "The page, rendered", content_type = "text/html")))]
pub async fn home_page(
    State(state): State<QueryState>,
    headers: HeaderMap,
    lang: Lang,
) -> Response {
    let key = format!("page home {}", lang.as_str());
    cached(&state, &headers, key, async || Ok(page(lang.as_str()))).await
}

fn page(lang: &'static str) -> Page {
    let body = frame(
        lang,
        html! {
            h1 { (t(lang, "home.title")) }
            p.ssr-hero-lead { (t(lang, "home.lead")) }
            p {
                a href="/our-experts" { (t(lang, "home.findExpert")) }
                " · "
                a href="/public/consultant/sign-up" { (t(lang, "home.joinAsExpert")) }
            }
            h2 { (t(lang, "home.howTitle")) }
            @for step in STEPS {
                h3 { (t(lang, &format!("home.steps.{step}.title"))) }
                p { (t(lang, &format!("home.steps.{step}.text"))) }
            }
            h2 { (t(lang, "home.teamTitle")) }
            p { (t(lang, "home.teamText")) }
            h2 { (t(lang, "home.faqTitle")) }
            dl {
                @for item in FAQ {
                    dt { (t(lang, &format!("home.faq.{item}.q"))) }
                    dd { (t(lang, &format!("home.faq.{item}.a"))) }
                }
            }
        },
    );
    Page {
        kind: "home",
        lang,
        title: format!("{} · Equilibre", t(lang, "home.title")),
        description: t(lang, "home.lead").to_owned(),
        path: "/".into(),
        alternates: Vec::new(),
        og_type: "website",
        image: None,
        body,
        expires: chrono::DateTime::<chrono::Utc>::MAX_UTC,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_text_of_the_page_is_in_both_catalogues() {
        for lang in ["fr", "en"] {
            let html = page(lang).body.into_string();
            for key in [
                "home.title",
                "home.lead",
                "home.findExpert",
                "home.howTitle",
                "home.teamText",
            ] {
                assert!(!t(lang, key).is_empty(), "{key} in {lang}");
            }
            for step in STEPS {
                assert!(
                    !t(lang, &format!("home.steps.{step}.text")).is_empty(),
                    "{step} in {lang}"
                );
            }
            for item in FAQ {
                assert!(
                    !t(lang, &format!("home.faq.{item}.a")).is_empty(),
                    "{item} in {lang}"
                );
            }
            assert!(
                !html.contains("<h3></h3>") && !html.contains("<dd></dd>"),
                "{html}"
            );
        }
        assert!(page("en").body.into_string().contains("How it works"));
        assert!(page("fr").body.into_string().contains("Comment ça marche"));
    }
}
