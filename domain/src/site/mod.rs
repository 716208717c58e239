//! The site's own writing (docs/rules.md "Static pages and legal texts"):
//! the static pages ([`page`]) and the versioned terms and privacy policy
//! ([`legal`]), each in French and English, in the editorial Markdown of
//! [`crate::markup`]. Built-in texts ([`defaults`]) stand until an
//! administrator writes their own. Public writing, not personal data.

pub mod defaults;
pub mod legal;
pub mod page;
pub mod settings;

use serde::{Deserialize, Serialize};

use crate::values::{Language, text};
use crate::{DomainError, FieldErrors};

pub const TITLE_MAX: usize = 120;
pub const DESCRIPTION_MAX: usize = 200;
pub const BODY_MAX: usize = 60_000;

/// One language's text of a page: its title (the page's h1), the line
/// search engines show, and the Markdown body.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteText {
    pub title: String,
    pub description: String,
    pub body: String,
}

/// A page's text in both languages, French first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteTexts {
    pub fr: SiteText,
    pub en: SiteText,
}

/// One language's text as the editor sends it.
#[derive(Clone, Copy, Debug, Default)]
pub struct RawSiteText<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub body: &'a str,
}

impl SiteTexts {
    pub fn of(&self, language: Language) -> &SiteText {
        match language {
            Language::En => &self.en,
            _ => &self.fr,
        }
    }

    /// Checks every field at once (dotted names: `fr.title`, `en.body`).
    pub fn parse(fr: RawSiteText<'_>, en: RawSiteText<'_>) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::default();
        let texts = SiteTexts {
            fr: text_of(&mut errors, Language::Fr, fr),
            en: text_of(&mut errors, Language::En, en),
        };
        errors.into_result()?;
        Ok(texts)
    }
}

fn text_of(errors: &mut FieldErrors, language: Language, raw: RawSiteText<'_>) -> SiteText {
    let field = |name: &str| format!("{}.{name}", language.as_str());
    SiteText {
        title: errors
            .check(&field("title"), text::line(raw.title, TITLE_MAX))
            .unwrap_or_default(),
        description: errors
            .check(
                &field("description"),
                text::line(raw.description, DESCRIPTION_MAX),
            )
            .unwrap_or_default(),
        body: errors
            .check(&field("body"), text::paragraph(raw.body, BODY_MAX))
            .unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_of_both_languages_is_checked_at_once() {
        let long = "x".repeat(TITLE_MAX + 1);
        let refused = SiteTexts::parse(
            RawSiteText {
                title: &long,
                description: "Une page.",
                body: "Du texte.",
            },
            RawSiteText::default(),
        );
        let Err(DomainError::Invalid(errors)) = refused else {
            panic!("{refused:?}")
        };
        let fields: Vec<&str> = errors.0.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            ["en.body", "en.description", "en.title", "fr.title"]
        );
    }
}
