use std::collections::HashSet;
use std::sync::LazyLock;

use crate::FieldError;

static COMMON: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("../../data/common-passwords.txt")
        .lines()
        .collect()
});

/// A password acceptable under DESIGN §2: 12 to 128 characters, not a common
/// password, no composition rules. Never serialised.
pub struct Password(String);

impl Password {
    pub const MIN_CHARS: usize = 12;
    pub const MAX_CHARS: usize = 128;

    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let chars = raw.chars().count();
        if chars < Self::MIN_CHARS {
            return Err(FieldError::new("password.too_short").with("min", Self::MIN_CHARS));
        }
        if chars > Self::MAX_CHARS {
            return Err(FieldError::new("password.too_long").with("max", Self::MAX_CHARS));
        }
        if COMMON.contains(raw.to_lowercase().as_str()) {
            return Err(FieldError::new("password.common"));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_bounds_are_counted_in_characters() {
        assert_eq!(
            Password::parse("éééééééééé1").unwrap_err().code,
            "password.too_short"
        );
        assert!(Password::parse("éééééééééé12").is_ok());
        assert_eq!(
            Password::parse(&"x".repeat(129)).unwrap_err().code,
            "password.too_long"
        );
    }

    #[test]
    fn common_passwords_are_refused_whatever_the_case() {
        assert_eq!(
            Password::parse("MotDePasse123").unwrap_err().code,
            "password.common"
        );
        assert_eq!(
            Password::parse("qwerty123456").unwrap_err().code,
            "password.common"
        );
    }

    #[test]
    fn no_composition_rules() {
        assert!(Password::parse("tout en minuscules sans chiffre").is_ok());
    }

    #[test]
    fn debug_never_shows_the_secret() {
        assert!(!format!("{:?}", Password::parse("a secret sentence").unwrap()).contains("secret"));
    }
}
