//! The static pages (about us, alternative medicine, SDG and media, FAQ,
//! team and vision, media) and the health disclaimer shown in the footer
//! and on the booking page. Each is its own stream, `sitepage-{key}`; an
//! administrator replaces its text, and "back to the built-in text" is an
//! edit like any other.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{SiteTexts, defaults};
use crate::codec::EventSchema;

pub const CATEGORY: &str = "sitepage";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PageKey {
    AboutUs,
    AlternativeMedicine,
    SdgMedia,
    Faq,
    TeamAndVision,
    Media,
    Disclaimer,
}

impl PageKey {
    pub const ALL: [PageKey; 7] = [
        PageKey::AboutUs,
        PageKey::AlternativeMedicine,
        PageKey::SdgMedia,
        PageKey::Faq,
        PageKey::TeamAndVision,
        PageKey::Media,
        PageKey::Disclaimer,
    ];

    /// The key in addresses and streams: the page's path, `about-us`.
    pub fn as_str(self) -> &'static str {
        match self {
            PageKey::AboutUs => "about-us",
            PageKey::AlternativeMedicine => "alternative-medicine",
            PageKey::SdgMedia => "sdg-media",
            PageKey::Faq => "faq",
            PageKey::TeamAndVision => "team-and-vision",
            PageKey::Media => "media",
            PageKey::Disclaimer => "disclaimer",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        PageKey::ALL.into_iter().find(|key| key.as_str() == raw)
    }

    /// A page of its own at `/{key}` (the disclaimer is a paragraph of other pages).
    pub fn is_page(self) -> bool {
        self != PageKey::Disclaimer
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum SitePageEvent {
    SitePageEdited {
        key: PageKey,
        texts: SiteTexts,
        at: DateTime<Utc>,
    },
}

impl EventSchema for SitePageEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// A page's text: the built-in one until an administrator's edit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SitePage {
    pub texts: SiteTexts,
    pub edited_at: Option<DateTime<Utc>>,
}

impl SitePage {
    pub fn new(key: PageKey) -> Self {
        SitePage {
            texts: defaults::page(key).clone(),
            edited_at: None,
        }
    }

    pub fn evolve(mut self, event: &SitePageEvent) -> Self {
        let SitePageEvent::SitePageEdited { texts, at, .. } = event;
        self.texts = texts.clone();
        self.edited_at = Some(*at);
        self
    }
}

/// Replaces the page's text; the same text again records nothing.
pub fn edit(
    state: &SitePage,
    key: PageKey,
    texts: SiteTexts,
    now: DateTime<Utc>,
) -> Vec<SitePageEvent> {
    if state.texts == texts {
        return Vec::new();
    }
    vec![SitePageEvent::SitePageEdited {
        key,
        texts,
        at: now,
    }]
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn keys_are_the_pages_paths() {
        for key in PageKey::ALL {
            assert_eq!(PageKey::parse(key.as_str()), Some(key));
            let json = serde_json::to_string(&key).unwrap();
            assert_eq!(json, format!("\"{}\"", key.as_str()));
        }
        assert_eq!(PageKey::parse("terms"), None);
    }

    #[test]
    fn an_edit_replaces_the_built_in_text_and_the_same_text_records_nothing() {
        let now = Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap();
        let state = SitePage::new(PageKey::Faq);
        assert!(edit(&state, PageKey::Faq, state.texts.clone(), now).is_empty());
        let mut texts = state.texts.clone();
        texts.fr.title = "Vos questions".into();
        let events = edit(&state, PageKey::Faq, texts.clone(), now);
        let state = events.iter().fold(state, SitePage::evolve);
        assert_eq!(state.texts, texts);
        assert_eq!(state.edited_at, Some(now));
        assert!(edit(&state, PageKey::Faq, texts, now).is_empty());
    }
}
