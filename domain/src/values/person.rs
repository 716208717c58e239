use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::FieldError;

/// A given or family name: trimmed, 1 to 100 characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PersonName(String);

impl PersonName {
    pub const MAX_CHARS: usize = 100;

    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        if name.chars().count() > Self::MAX_CHARS {
            return Err(FieldError::new("field.too_long").with("max", Self::MAX_CHARS));
        }
        if name.chars().any(char::is_control) {
            return Err(FieldError::new("field.invalid"));
        }
        Ok(Self(name.to_owned()))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A date of birth of someone at least 18 years old on `today`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DateOfBirth(NaiveDate);

impl DateOfBirth {
    pub const MIN_AGE: i32 = 18;

    pub fn parse(raw: &str, today: NaiveDate) -> Result<Self, FieldError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        let date = NaiveDate::parse_from_str(raw, "%Y-%m-%d")
            .map_err(|_| FieldError::new("date.invalid"))?;
        if date.year() < 1900 || date > today {
            return Err(FieldError::new("date.invalid"));
        }
        if age_on(date, today) < Self::MIN_AGE {
            return Err(FieldError::new("age.under_18").with("min", Self::MIN_AGE));
        }
        Ok(Self(date))
    }
    pub fn date(self) -> NaiveDate {
        self.0
    }
}

fn age_on(birth: NaiveDate, today: NaiveDate) -> i32 {
    let had_birthday = (today.month(), today.day()) >= (birth.month(), birth.day());
    today.year() - birth.year() - i32::from(!had_birthday)
}

/// Years of practice declared by a consultant: 0 to 70.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct YearsOfExperience(u8);

impl YearsOfExperience {
    pub fn parse(raw: Option<i64>) -> Result<Self, FieldError> {
        match raw {
            None => Err(FieldError::new("field.required")),
            Some(years @ 0..=70) => Ok(Self(years as u8)),
            Some(_) => Err(FieldError::new("number.invalid")
                .with("min", 0)
                .with("max", 70)),
        }
    }
    pub fn get(self) -> u8 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn eighteen_years_counts_from_the_birthday_itself() {
        let today = day("2026-11-22");
        assert!(DateOfBirth::parse("2008-11-22", today).is_ok());
        assert_eq!(
            DateOfBirth::parse("2008-11-23", today).unwrap_err().code,
            "age.under_18"
        );
    }

    #[test]
    fn impossible_dates_are_refused() {
        let today = day("2026-11-22");
        for raw in ["1990-02-30", "22/11/1990", "1850-01-01", "2030-01-01"] {
            assert_eq!(
                DateOfBirth::parse(raw, today).unwrap_err().code,
                "date.invalid",
                "{raw}"
            );
        }
    }

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(PersonName::parse("  Élodie ").unwrap().as_str(), "Élodie");
        assert_eq!(
            PersonName::parse(&"a".repeat(101)).unwrap_err().code,
            "field.too_long"
        );
        assert_eq!(PersonName::parse("").unwrap_err().code, "field.required");
    }

    #[test]
    fn years_of_experience_are_bounded() {
        assert_eq!(YearsOfExperience::parse(Some(8)).unwrap().get(), 8);
        assert!(YearsOfExperience::parse(Some(-1)).is_err());
        assert_eq!(
            YearsOfExperience::parse(None).unwrap_err().code,
            "field.required"
        );
    }
}
