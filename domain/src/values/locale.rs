use serde::{Deserialize, Serialize};

use crate::{FieldError, reference_data};

/// A language the product speaks (interface, e-mails): French first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    #[default]
    Fr,
    En,
}

impl Language {
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Fr => "fr",
            Language::En => "en",
        }
    }
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        match raw.trim() {
            "fr" => Ok(Language::Fr),
            "en" => Ok(Language::En),
            "" => Err(FieldError::new("field.required")),
            _ => Err(FieldError::new("language.invalid")),
        }
    }
}

/// An ISO 639-1 code from the reference list (languages spoken).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LanguageCode(String);

impl LanguageCode {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let code = raw.trim().to_lowercase();
        if reference_data::languages().iter().any(|l| l.code == code) {
            Ok(Self(code))
        } else {
            Err(FieldError::new("language.invalid"))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An ISO 3166-1 alpha-2 code from the reference list.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CountryCode(String);

impl CountryCode {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let code = raw.trim().to_uppercase();
        if code.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        if reference_data::countries().iter().any(|c| c.code == code) {
            Ok(Self(code))
        } else {
            Err(FieldError::new("country.invalid"))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An IANA time zone name (e.g. `Europe/Paris`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeZone(chrono_tz::Tz);

impl TimeZone {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        raw.parse::<chrono_tz::Tz>()
            .map(Self)
            .map_err(|_| FieldError::new("timezone.invalid"))
    }
    pub fn tz(self) -> chrono_tz::Tz {
        self.0
    }
    pub fn name(self) -> &'static str {
        self.0.name()
    }
}

impl Serialize for TimeZone {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for TimeZone {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(d)?;
        TimeZone::parse(&raw).map_err(|_| serde::de::Error::custom("unknown time zone"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iana_names_are_accepted_and_others_refused() {
        assert_eq!(
            TimeZone::parse("America/Montreal").unwrap().name(),
            "America/Montreal"
        );
        assert_eq!(
            TimeZone::parse("Paris").unwrap_err().code,
            "timezone.invalid"
        );
    }

    #[test]
    fn codes_come_from_the_reference_lists() {
        assert_eq!(CountryCode::parse("fr").unwrap().as_str(), "FR");
        assert_eq!(
            CountryCode::parse("XX").unwrap_err().code,
            "country.invalid"
        );
        assert_eq!(LanguageCode::parse("EN").unwrap().as_str(), "en");
        assert!(LanguageCode::parse("klingon").is_err());
        assert_eq!(Language::parse("de").unwrap_err().code, "language.invalid");
    }
}
