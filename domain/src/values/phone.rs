use serde::{Deserialize, Serialize};

use crate::FieldError;

/// A phone number validated for its country and kept in E.164 (`+33612345678`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PhoneNumber(String);

impl PhoneNumber {
    /// `isd_code` is the form's ISD prefix (`+33`); `number` the national or
    /// international digits. Spaces, dots and dashes are tolerated.
    pub fn parse(isd_code: &str, number: &str) -> Result<Self, FieldError> {
        let number: String = number
            .chars()
            .filter(|c| c.is_ascii_digit() || *c == '+')
            .collect();
        if number.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        let isd = isd_code.trim().trim_start_matches('+');
        let full = if number.starts_with('+') {
            number.clone()
        } else {
            format!("+{isd} {}", number.trim_start_matches('0'))
        };
        let parsed =
            phonenumber::parse(None, &full).map_err(|_| FieldError::new("phone.invalid"))?;
        if !phonenumber::is_valid(&parsed) {
            return Err(FieldError::new("phone.invalid"));
        }
        Ok(Self(
            parsed.format().mode(phonenumber::Mode::E164).to_string(),
        ))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The ISD prefix and the rest, as a form shows them (`+33`, `612345678`).
    pub fn parts(&self) -> (String, String) {
        match phonenumber::parse(None, &self.0) {
            Ok(parsed) => {
                let isd = format!("+{}", parsed.code().value());
                let rest = self.0.strip_prefix(&isd).unwrap_or(&self.0).to_owned();
                (isd, rest)
            }
            Err(_) => (String::new(), self.0.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn national_numbers_become_e164() {
        assert_eq!(
            PhoneNumber::parse("+33", "06 12 34 56 78")
                .unwrap()
                .as_str(),
            "+33612345678"
        );
        assert_eq!(
            PhoneNumber::parse("+1", "514-872-1111").unwrap().as_str(),
            "+15148721111"
        );
        assert_eq!(
            PhoneNumber::parse("", "+91 98765 43210").unwrap().as_str(),
            "+919876543210"
        );
    }

    #[test]
    fn a_number_splits_back_into_its_prefix_and_the_rest() {
        let phone = PhoneNumber::parse("+33", "06 12 34 56 78").unwrap();
        assert_eq!(phone.parts(), ("+33".into(), "612345678".into()));
        let phone = PhoneNumber::parse("+1", "514-872-1111").unwrap();
        assert_eq!(phone.parts(), ("+1".into(), "5148721111".into()));
    }

    #[test]
    fn invalid_numbers_are_refused() {
        assert_eq!(
            PhoneNumber::parse("+33", "123").unwrap_err().code,
            "phone.invalid"
        );
        assert_eq!(
            PhoneNumber::parse("+33", "").unwrap_err().code,
            "field.required"
        );
        // Right length and prefix, but a block no operator holds.
        assert_eq!(
            PhoneNumber::parse("+33", "06 39 91 23 45")
                .unwrap_err()
                .code,
            "phone.invalid"
        );
    }
}
