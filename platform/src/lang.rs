//! The language of a request (French by default, English as fallback), so
//! every server text can be translated.

use std::convert::Infallible;
use std::fmt;
use std::str::FromStr;

use axum::extract::FromRequestParts;
use axum::http::header::ACCEPT_LANGUAGE;
use axum::http::request::Parts;
use serde::{Deserialize, Serialize};

/// A supported language.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// French, the default.
    #[default]
    Fr,
    /// English, the fallback.
    En,
}

/// A language code that is not `fr` or `en`.
#[derive(Debug, thiserror::Error)]
#[error("unsupported language code")]
pub struct UnsupportedLang;

impl From<domain::values::Language> for Lang {
    fn from(language: domain::values::Language) -> Self {
        match language {
            domain::values::Language::Fr => Lang::Fr,
            domain::values::Language::En => Lang::En,
        }
    }
}

impl From<Lang> for domain::values::Language {
    fn from(lang: Lang) -> Self {
        match lang {
            Lang::Fr => domain::values::Language::Fr,
            Lang::En => domain::values::Language::En,
        }
    }
}

impl Lang {
    /// The ISO 639-1 code: `fr` or `en`.
    pub fn as_str(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    /// The preferred supported language of an `Accept-Language` value,
    /// honouring q-values; French when nothing supported is asked for.
    pub fn from_accept_language(value: &str) -> Lang {
        let mut best: Option<(Lang, f32)> = None;
        for item in value.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or("").trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let primary = tag.split('-').next().unwrap_or("");
            let Ok(lang) = primary.parse::<Lang>() else {
                continue;
            };
            if q > 0.0 && best.is_none_or(|(_, best_q)| q > best_q) {
                best = Some((lang, q));
            }
        }
        best.map(|(lang, _)| lang).unwrap_or_default()
    }
}

impl FromStr for Lang {
    type Err = UnsupportedLang;

    /// Parses `fr` or `en`, case-insensitively.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("fr") {
            Ok(Lang::Fr)
        } else if s.eq_ignore_ascii_case("en") {
            Ok(Lang::En)
        } else {
            Err(UnsupportedLang)
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Lang::from_parts(parts))
    }
}

impl Lang {
    /// The language asked for by a request's `Accept-Language` header.
    pub fn from_parts(parts: &Parts) -> Lang {
        Lang::from_headers(&parts.headers)
    }

    /// The language asked for by `Accept-Language` in these headers.
    pub fn from_headers(headers: &axum::http::HeaderMap) -> Lang {
        headers
            .get(ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map(Lang::from_accept_language)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::Request;

    #[test]
    fn accept_language_picks_the_highest_supported_q_value() {
        assert_eq!(Lang::from_accept_language("en"), Lang::En);
        assert_eq!(Lang::from_accept_language("en-GB,en;q=0.9"), Lang::En);
        assert_eq!(
            Lang::from_accept_language("fr-FR,fr;q=0.9,en;q=0.8"),
            Lang::Fr
        );
        assert_eq!(Lang::from_accept_language("en;q=0.5, fr;q=0.8"), Lang::Fr);
        assert_eq!(
            Lang::from_accept_language("de-DE,de;q=0.9,en;q=0.3"),
            Lang::En
        );
        assert_eq!(Lang::from_accept_language("EN-us"), Lang::En);
    }

    #[test]
    fn unknown_empty_or_refused_languages_default_to_french() {
        assert_eq!(Lang::from_accept_language(""), Lang::Fr);
        assert_eq!(Lang::from_accept_language("de, es;q=0.5"), Lang::Fr);
        assert_eq!(Lang::from_accept_language("*"), Lang::Fr);
        assert_eq!(Lang::from_accept_language("en;q=0"), Lang::Fr);
        assert_eq!(Lang::from_accept_language("en;q=abc"), Lang::En);
    }

    #[test]
    fn codes_round_trip() {
        assert_eq!("fr".parse::<Lang>().unwrap(), Lang::Fr);
        assert_eq!("EN".parse::<Lang>().unwrap(), Lang::En);
        assert!("de".parse::<Lang>().is_err());
        assert_eq!(Lang::En.as_str(), "en");
        assert_eq!(serde_json::to_string(&Lang::Fr).unwrap(), "\"fr\"");
    }

    #[tokio::test]
    async fn extractor_reads_accept_language_and_never_rejects() {
        let (mut parts, ()) = Request::builder()
            .header("accept-language", "en-US,en;q=0.9")
            .body(())
            .unwrap()
            .into_parts();
        let lang = Lang::from_request_parts(&mut parts, &()).await.unwrap();
        assert_eq!(lang, Lang::En);

        let (mut parts, ()) = Request::new(()).into_parts();
        let lang = Lang::from_request_parts(&mut parts, &()).await.unwrap();
        assert_eq!(lang, Lang::Fr);
    }
}
