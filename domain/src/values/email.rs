use serde::{Deserialize, Serialize};

use crate::FieldError;

/// A syntactically valid e-mail address, trimmed and lower-cased
/// (one account per e-mail per role compares normalised addresses).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Email(String);

impl Email {
    pub const MAX_LEN: usize = 254;

    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let normalised = raw.trim().to_lowercase();
        if normalised.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        if normalised.len() > Self::MAX_LEN {
            return Err(FieldError::new("field.too_long").with("max", Self::MAX_LEN));
        }
        // The crate follows RFC 5322; we also require a dotted domain, as mail
        // to a bare host never reaches a real client.
        let valid = email_address::EmailAddress::is_valid(&normalised)
            && normalised
                .rsplit_once('@')
                .is_some_and(|(_, d)| d.contains('.') && !d.ends_with('.'));
        if valid {
            Ok(Self(normalised))
        } else {
            Err(FieldError::new("email.invalid"))
        }
    }
}

impl AsRef<str> for Email {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_trimmed_and_lower_cased() {
        assert_eq!(
            Email::parse("  Camille@Example.ORG ").unwrap().as_ref(),
            "camille@example.org"
        );
    }

    #[test]
    fn malformed_addresses_are_refused() {
        for raw in [
            "",
            "camille",
            "camille@",
            "@example.org",
            "camille@localhost",
            "a b@example.org",
        ] {
            assert!(Email::parse(raw).is_err(), "{raw} should be refused");
        }
    }
}
