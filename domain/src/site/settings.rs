//! The site's settings (spec §2 admin `websetting`): its title, domain
//! name and legal name, the logos (header, footer, e-mails) and the
//! favicon, and the social links. One stream, `websettings-site`; each
//! change replaces them all. Until the first change the built-in values
//! stand ([`WebSettings::default`]).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::codec::EventSchema;
use crate::values::text;
use crate::{DomainError, FieldError, FieldErrors};

pub const CATEGORY: &str = "websettings";
pub const ENTITY: &str = "site";
pub const TITLE_MAX: usize = 60;
pub const LEGAL_NAME_MAX: usize = 120;
pub const DOMAIN_MAX: usize = 253;
pub const LINK_MAX: usize = 300;

/// The four social networks the footer links to, in its order.
pub const SOCIAL: [&str; 4] = ["twitter", "youtube", "instagram", "linkedin"];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebSettings {
    pub site_title: String,
    /// The site's domain, `equilibre.fr` (no scheme, no path).
    pub domain_name: String,
    pub legal_name: String,
    /// Upload keys (`FileKind::SiteLogo`, `FileKind::Favicon`); `None`: the built-in image.
    pub web_logo: Option<String>,
    pub footer_logo: Option<String>,
    pub email_logo: Option<String>,
    pub favicon: Option<String>,
    /// `https` addresses; `None`: no link.
    pub twitter: Option<String>,
    pub youtube: Option<String>,
    pub instagram: Option<String>,
    pub linkedin: Option<String>,
}

impl Default for WebSettings {
    fn default() -> Self {
        WebSettings {
            site_title: "Equilibre".into(),
            domain_name: "equilibre.fr".into(),
            legal_name: "Equilibre SAS".into(),
            web_logo: None,
            footer_logo: None,
            email_logo: None,
            favicon: None,
            twitter: None,
            youtube: None,
            instagram: None,
            linkedin: None,
        }
    }
}

/// The settings as the form sends them (images: upload keys, or empty).
#[derive(Clone, Copy, Debug, Default)]
pub struct RawWebSettings<'a> {
    pub site_title: &'a str,
    pub domain_name: &'a str,
    pub legal_name: &'a str,
    pub web_logo: &'a str,
    pub footer_logo: &'a str,
    pub email_logo: &'a str,
    pub favicon: &'a str,
    pub social: [&'a str; 4],
}

impl WebSettings {
    /// Checks every field at once; images are checked against the uploads
    /// by the caller (they are files, not text).
    pub fn parse(raw: &RawWebSettings<'_>) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::default();
        let image = |key: &str| Some(key.trim().to_owned()).filter(|k| !k.is_empty());
        let mut social = raw
            .social
            .iter()
            .zip(SOCIAL)
            .map(|(raw, field)| errors.check(field, social_link(raw)).flatten());
        let settings = WebSettings {
            twitter: social.next().flatten(),
            youtube: social.next().flatten(),
            instagram: social.next().flatten(),
            linkedin: social.next().flatten(),
            site_title: errors
                .check("site_title", text::line(raw.site_title, TITLE_MAX))
                .unwrap_or_default(),
            domain_name: errors
                .check("domain_name", domain_name(raw.domain_name))
                .unwrap_or_default(),
            legal_name: errors
                .check("legal_name", text::line(raw.legal_name, LEGAL_NAME_MAX))
                .unwrap_or_default(),
            web_logo: image(raw.web_logo),
            footer_logo: image(raw.footer_logo),
            email_logo: image(raw.email_logo),
            favicon: image(raw.favicon),
        };
        errors.into_result()?;
        Ok(settings)
    }

    /// The images the settings name: `(field, key)`.
    pub fn images(&self) -> [(&'static str, Option<&str>); 4] {
        [
            ("web_logo", self.web_logo.as_deref()),
            ("footer_logo", self.footer_logo.as_deref()),
            ("email_logo", self.email_logo.as_deref()),
            ("favicon", self.favicon.as_deref()),
        ]
    }
}

/// A host name: lower-case letters, digits, hyphens and dots, at least one
/// dot, labels of 1–63 characters not starting or ending with a hyphen.
fn domain_name(raw: &str) -> Result<String, FieldError> {
    let name = text::line(raw, DOMAIN_MAX)?.to_lowercase();
    let label_ok = |label: &str| {
        (1..=63).contains(&label.len())
            && label
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    if name.contains('.') && name.split('.').all(label_ok) {
        Ok(name)
    } else {
        Err(FieldError::new("domain.invalid"))
    }
}

/// An optional `https` address with a host (nothing else is a link a
/// visitor should be sent to from every page).
fn social_link(raw: &str) -> Result<Option<String>, FieldError> {
    let Some(link) = text::optional_line(raw, LINK_MAX)? else {
        return Ok(None);
    };
    match url::Url::parse(&link) {
        Ok(url) if url.scheme() == "https" && url.host_str().is_some_and(|h| h.contains('.')) => {
            Ok(Some(url.to_string()))
        }
        _ => Err(FieldError::new("url.https_required")),
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum WebSettingsEvent {
    WebSettingsChanged {
        settings: WebSettings,
        at: DateTime<Utc>,
    },
}

impl EventSchema for WebSettingsEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// The settings in force, folded from the stream.
pub fn evolve(_: WebSettings, event: &WebSettingsEvent) -> WebSettings {
    let WebSettingsEvent::WebSettingsChanged { settings, .. } = event;
    settings.clone()
}

/// Replaces the settings; the same ones again record nothing.
pub fn change(
    state: &WebSettings,
    settings: WebSettings,
    now: DateTime<Utc>,
) -> Vec<WebSettingsEvent> {
    if *state == settings {
        return Vec::new();
    }
    vec![WebSettingsEvent::WebSettingsChanged { settings, at: now }]
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn raw<'a>(social: [&'a str; 4]) -> RawWebSettings<'a> {
        RawWebSettings {
            site_title: "Equilibre",
            domain_name: "Equilibre.fr",
            legal_name: "Equilibre SAS",
            web_logo: " subjects/1/logo.png ",
            social,
            ..RawWebSettings::default()
        }
    }

    #[test]
    fn social_links_are_https_addresses_and_every_field_is_checked_at_once() {
        let settings = WebSettings::parse(&raw(["https://x.com/equilibre", "", "", " "])).unwrap();
        assert_eq!(settings.twitter.as_deref(), Some("https://x.com/equilibre"));
        assert_eq!(settings.youtube, None);
        assert_eq!(settings.domain_name, "equilibre.fr");
        assert_eq!(settings.web_logo.as_deref(), Some("subjects/1/logo.png"));
        let refused = WebSettings::parse(&RawWebSettings {
            domain_name: "https://equilibre.fr/",
            ..raw([
                "http://x.com/e",
                "javascript:alert(1)",
                "https://localhost/",
                "ftp://e.fr",
            ])
        });
        let Err(DomainError::Invalid(errors)) = refused else {
            panic!("{refused:?}")
        };
        let fields: Vec<&str> = errors.0.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            ["domain_name", "instagram", "linkedin", "twitter", "youtube"]
        );
    }

    #[test]
    fn a_change_replaces_every_setting_and_the_same_ones_record_nothing() {
        let now = Utc.with_ymd_and_hms(2026, 12, 1, 9, 0, 0).unwrap();
        let state = WebSettings::default();
        assert!(change(&state, state.clone(), now).is_empty());
        let new = WebSettings::parse(&raw(["", "", "", ""])).unwrap();
        let events = change(&state, new.clone(), now);
        assert_eq!(events.iter().fold(state, evolve), new);
    }
}
