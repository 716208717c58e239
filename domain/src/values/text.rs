//! Free text of forms: trimmed, bounded in characters, no control characters
//! (line breaks are allowed in multi-line text only).

use crate::FieldError;

/// A required one-line text of at most `max` characters.
pub fn line(raw: &str, max: usize) -> Result<String, FieldError> {
    checked(raw, max, false)
}

/// An optional one-line text: empty gives `None`.
pub fn optional_line(raw: &str, max: usize) -> Result<Option<String>, FieldError> {
    optional(raw, |raw| line(raw, max))
}

/// A required multi-line text (bio, background) of at most `max` characters.
pub fn paragraph(raw: &str, max: usize) -> Result<String, FieldError> {
    checked(raw, max, true)
}

pub fn optional_paragraph(raw: &str, max: usize) -> Result<Option<String>, FieldError> {
    optional(raw, |raw| paragraph(raw, max))
}

/// A short code made of letters, digits, spaces and `-./` (tax, ID, account
/// numbers), upper-cased, at most `max` characters.
pub fn code(raw: &str, max: usize) -> Result<String, FieldError> {
    let text = line(raw, max)?.to_uppercase();
    let allowed = |c: char| c.is_alphanumeric() || matches!(c, ' ' | '-' | '.' | '/');
    if text.chars().all(allowed) {
        Ok(text)
    } else {
        Err(FieldError::new("field.invalid"))
    }
}

pub fn optional_code(raw: &str, max: usize) -> Result<Option<String>, FieldError> {
    optional(raw, |raw| code(raw, max))
}

fn optional<T>(
    raw: &str,
    parse: impl FnOnce(&str) -> Result<T, FieldError>,
) -> Result<Option<T>, FieldError> {
    if raw.trim().is_empty() {
        Ok(None)
    } else {
        parse(raw).map(Some)
    }
}

fn checked(raw: &str, max: usize, multi_line: bool) -> Result<String, FieldError> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(FieldError::new("field.required"));
    }
    if text.chars().count() > max {
        return Err(FieldError::new("field.too_long").with("max", max));
    }
    let bad = |c: char| c.is_control() && !(multi_line && matches!(c, '\n' | '\r' | '\t'));
    if text.chars().any(bad) {
        return Err(FieldError::new("field.invalid"));
    }
    Ok(text.to_owned())
}

/// For form fields: JSON `null` reads as the empty value, like an absent
/// field, so a section read back (where empty optional values are `null`) is
/// accepted as written.
pub fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Default + serde::Deserialize<'de>,
{
    Ok(<Option<T> as serde::Deserialize>::deserialize(deserializer)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_trimmed_required_and_bounded_in_characters() {
        assert_eq!(line("  Reiki  ", 10).unwrap(), "Reiki");
        assert_eq!(line("   ", 10).unwrap_err().code, "field.required");
        assert!(line("éééééééééé", 10).is_ok());
        assert_eq!(
            line("ééééééééééé", 10).unwrap_err(),
            FieldError::new("field.too_long").with("max", 10)
        );
    }

    #[test]
    fn line_breaks_are_allowed_in_paragraphs_only() {
        assert_eq!(line("a\nb", 10).unwrap_err().code, "field.invalid");
        assert_eq!(paragraph("a\nb", 10).unwrap(), "a\nb");
        assert_eq!(paragraph("a\u{7}b", 10).unwrap_err().code, "field.invalid");
    }

    #[test]
    fn optional_text_that_is_blank_is_absent() {
        assert_eq!(optional_line("  ", 10), Ok(None));
        assert_eq!(optional_paragraph(" x ", 10), Ok(Some("x".into())));
    }

    #[test]
    fn codes_are_upper_cased_and_keep_to_a_small_alphabet() {
        assert_eq!(code(" ab-12/3 ", 20).unwrap(), "AB-12/3");
        assert_eq!(code("12#4", 20).unwrap_err().code, "field.invalid");
        assert_eq!(optional_code("", 20), Ok(None));
    }
}
