//! Bank identifiers: IBAN (country format and checksum), SWIFT/BIC, and the
//! masking used wherever bank details are shown to anyone but their owner and
//! administrators.

use serde::{Deserialize, Serialize};

use crate::FieldError;

/// An IBAN in electronic form (`FR7630006000011234567890189`), valid for its
/// country's format and ISO 7064 checksum.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Iban(String);

impl Iban {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let compact: String = raw
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .collect::<String>()
            .to_uppercase();
        if compact.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        compact
            .parse::<iban::Iban>()
            .map(|parsed| Self(iban::IbanLike::electronic_str(&parsed).to_owned()))
            .map_err(|_| FieldError::new("iban.invalid"))
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    /// Grouped by four for reading, `FR76 3000 6000 …`.
    pub fn pretty(&self) -> String {
        group_by_four(&self.0)
    }
    /// Country and check digits and the last four characters only.
    pub fn masked(&self) -> String {
        mask_iban(&self.0)
    }
}

/// A SWIFT/BIC code: 4 letters (bank), 2 letters (country), 2 letters or
/// digits (location), optionally 3 letters or digits (branch).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bic(String);

impl Bic {
    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let code: String = raw
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_uppercase();
        if code.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        let b = code.as_bytes();
        let valid = matches!(b.len(), 8 | 11)
            && b[..6].iter().all(u8::is_ascii_uppercase)
            && b[6..]
                .iter()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
        if valid {
            Ok(Self(code))
        } else {
            Err(FieldError::new("bic.invalid"))
        }
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Masks an IBAN for display to others: the first four characters (country
/// and check digits) and the last four stay, the rest becomes `•`, grouped by
/// four: `FR76 •••• •••• •••• •••• •••0 189`.
pub fn mask_iban(iban: &str) -> String {
    let compact: String = iban.chars().filter(|c| !c.is_whitespace()).collect();
    let n = compact.chars().count();
    let masked: String = compact
        .chars()
        .enumerate()
        .map(|(i, c)| if i < 4 || i + 4 >= n { c } else { '•' })
        .collect();
    group_by_four(&masked)
}

/// Masks any other number (account, tax, ID): only the last `visible`
/// characters stay, and never more than half of them.
pub fn mask_tail(value: &str, visible: usize) -> String {
    let chars: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
    let keep = visible.min(chars.len() / 2);
    let hidden = chars.len() - keep;
    chars
        .iter()
        .enumerate()
        .map(|(i, c)| if i < hidden { '•' } else { *c })
        .collect()
}

fn group_by_four(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    chars
        .chunks(4)
        .map(|chunk| chunk.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const FR: &str = "FR76 3000 6000 0112 3456 7890 189";

    #[test]
    fn an_iban_with_a_good_checksum_is_kept_in_electronic_form() {
        let iban = Iban::parse(" fr76 3000 6000 0112 3456 7890 189 ").unwrap();
        assert_eq!(iban.as_str(), "FR7630006000011234567890189");
        assert_eq!(iban.pretty(), FR);
        assert!(Iban::parse("DE89370400440532013000").is_ok());
    }

    #[test]
    fn an_iban_with_a_wrong_checksum_or_country_format_is_refused() {
        assert_eq!(
            Iban::parse("FR7630006000011234567890188").unwrap_err().code,
            "iban.invalid"
        );
        assert_eq!(
            Iban::parse("FR76300060000112").unwrap_err().code,
            "iban.invalid"
        );
        assert_eq!(Iban::parse("XX00123").unwrap_err().code, "iban.invalid");
        assert_eq!(Iban::parse(" ").unwrap_err().code, "field.required");
    }

    #[test]
    fn bic_codes_have_eight_or_eleven_characters_in_the_swift_pattern() {
        assert_eq!(Bic::parse("bnpa fr pp").unwrap().as_str(), "BNPAFRPP");
        assert!(Bic::parse("BNPAFRPPXXX").is_ok());
        assert!(Bic::parse("DEUTDEFF500").is_ok());
        for bad in ["BNPAFRP", "BNPAFRPPXX", "BNP1FRPP", "BNPAF1PP", "BNPAFRP_"] {
            assert_eq!(Bic::parse(bad).unwrap_err().code, "bic.invalid", "{bad}");
        }
    }

    #[test]
    fn a_masked_iban_shows_only_its_country_check_digits_and_last_four() {
        let masked = Iban::parse(FR).unwrap().masked();
        assert_eq!(masked, "FR76 •••• •••• •••• •••• •••0 189");
        assert!(!masked.contains("3000"));
    }

    #[test]
    fn masked_numbers_never_show_more_than_half() {
        assert_eq!(mask_tail("12345678901", 4), "•••••••8901");
        assert_eq!(mask_tail("0", 4), "•");
        assert_eq!(mask_tail("1234", 4), "••34");
    }
}
