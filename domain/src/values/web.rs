use serde::{Deserialize, Serialize};

use crate::FieldError;

/// A public web address (introductory video): `http` or `https` with a host,
/// at most 500 characters, without user name or password.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WebUrl(String);

impl WebUrl {
    pub const MAX_CHARS: usize = 500;

    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        if raw.chars().count() > Self::MAX_CHARS {
            return Err(FieldError::new("field.too_long").with("max", Self::MAX_CHARS));
        }
        let invalid = || FieldError::new("url.invalid");
        let url = url::Url::parse(raw).map_err(|_| invalid())?;
        let web = matches!(url.scheme(), "http" | "https")
            && url.host_str().is_some_and(|h| h.contains('.'))
            && url.username().is_empty()
            && url.password().is_none();
        if web {
            Ok(Self(url.to_string()))
        } else {
            Err(invalid())
        }
    }
    /// A blank address is absent.
    pub fn parse_optional(raw: &str) -> Result<Option<Self>, FieldError> {
        if raw.trim().is_empty() {
            Ok(None)
        } else {
            Self::parse(raw).map(Some)
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_addresses_over_http_or_https_are_accepted() {
        assert_eq!(
            WebUrl::parse(" https://www.youtube.com/watch?v=abc ")
                .unwrap()
                .as_str(),
            "https://www.youtube.com/watch?v=abc"
        );
        assert!(WebUrl::parse("http://vimeo.com/123").is_ok());
    }

    #[test]
    fn other_schemes_and_malformed_addresses_are_refused() {
        for bad in [
            "javascript:alert(1)",
            "ftp://example.org/v.mp4",
            "data:text/html,x",
            "www.youtube.com/watch",
            "https://localhost/v",
            "https://user:pw@example.org/v",
        ] {
            assert_eq!(WebUrl::parse(bad).unwrap_err().code, "url.invalid", "{bad}");
        }
    }
}
