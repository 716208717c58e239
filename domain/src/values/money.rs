//! Money as integer minor units plus an ISO 4217 currency, never floats
//! (DESIGN §4 "Money").

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::FieldError;

/// The currencies the marketplace prices and pays in (ISO 4217).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "UPPERCASE")]
pub enum Currency {
    Eur,
    Usd,
    Gbp,
    Chf,
    Cad,
    Inr,
    Mad,
    Xof,
}

impl Currency {
    pub const ALL: &'static [Currency] = &[
        Currency::Eur,
        Currency::Usd,
        Currency::Gbp,
        Currency::Chf,
        Currency::Cad,
        Currency::Inr,
        Currency::Mad,
        Currency::Xof,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Currency::Eur => "EUR",
            Currency::Usd => "USD",
            Currency::Gbp => "GBP",
            Currency::Chf => "CHF",
            Currency::Cad => "CAD",
            Currency::Inr => "INR",
            Currency::Mad => "MAD",
            Currency::Xof => "XOF",
        }
    }

    /// Digits after the decimal point (ISO 4217 minor unit): 2, or 0 for XOF.
    pub fn minor_digits(self) -> u32 {
        match self {
            Currency::Xof => 0,
            _ => 2,
        }
    }

    /// Minor units in one major unit (100 cents in a euro).
    pub fn minor_per_major(self) -> i64 {
        10_i64.pow(self.minor_digits())
    }

    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let code = raw.trim().to_uppercase();
        if code.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        Currency::ALL
            .iter()
            .copied()
            .find(|c| c.code() == code)
            .ok_or_else(|| FieldError::new("currency.invalid"))
    }
}

/// An amount in minor units (cents) of a currency.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Money {
    pub minor: i64,
    pub currency: Currency,
}

impl Money {
    /// The highest consultation price, in major units of each currency, so that
    /// a typo of three zeros is caught (about 10 000 euros).
    pub fn max_price_major(currency: Currency) -> i64 {
        match currency {
            Currency::Eur | Currency::Usd | Currency::Gbp | Currency::Chf | Currency::Cad => 10_000,
            Currency::Mad => 100_000,
            Currency::Inr => 1_000_000,
            Currency::Xof => 10_000_000,
        }
    }

    pub fn new(minor: i64, currency: Currency) -> Self {
        Self { minor, currency }
    }

    pub fn zero(currency: Currency) -> Self {
        Self::new(0, currency)
    }

    /// A consultation price: 0 (free) up to [`Money::max_price_major`].
    /// The error goes with the amount field; a bad currency is reported by
    /// [`Currency::parse`] on its own field.
    pub fn price(minor: Option<i64>, currency: Currency) -> Result<Self, FieldError> {
        let minor = minor.ok_or_else(|| FieldError::new("field.required"))?;
        let max = Self::max_price_major(currency) * currency.minor_per_major();
        if (0..=max).contains(&minor) {
            Ok(Self::new(minor, currency))
        } else {
            Err(FieldError::new("price.out_of_range")
                .with("min", Self::zero(currency))
                .with("max", Self::new(max, currency)))
        }
    }

    /// Reads a decimal amount in major units (`"45.5"`, `"45,50"`) exactly,
    /// without going through floating point.
    pub fn parse_decimal(raw: &str, currency: Currency) -> Result<Self, FieldError> {
        let raw = raw.trim().replace(',', ".");
        if raw.is_empty() {
            return Err(FieldError::new("field.required"));
        }
        let invalid = || FieldError::new("number.invalid");
        let (whole, fraction) = raw.split_once('.').unwrap_or((&raw, ""));
        let digits = currency.minor_digits() as usize;
        let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if whole.is_empty()
            || !all_digits(whole)
            || !all_digits(fraction)
            || fraction.len() > digits
        {
            return Err(invalid());
        }
        let whole: i64 = whole.parse().map_err(|_| invalid())?;
        let fraction: i64 = format!("{fraction:0<digits$}").parse().unwrap_or(0);
        whole
            .checked_mul(currency.minor_per_major())
            .and_then(|m| m.checked_add(fraction))
            .map(|minor| Self::new(minor, currency))
            .ok_or_else(invalid)
    }

    /// The amount as a decimal in major units, `"45.50"`.
    pub fn to_decimal(self) -> String {
        let per = self.currency.minor_per_major();
        let sign = if self.minor < 0 { "-" } else { "" };
        let (whole, fraction) = (
            self.minor.unsigned_abs() / per as u64,
            self.minor.unsigned_abs() % per as u64,
        );
        match self.currency.minor_digits() {
            0 => format!("{sign}{whole}"),
            d => format!("{sign}{whole}.{fraction:0>width$}", width = d as usize),
        }
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.to_decimal(), self.currency.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn currencies_come_from_the_allowed_list() {
        assert_eq!(Currency::parse(" eur "), Ok(Currency::Eur));
        assert_eq!(Currency::parse("BTC").unwrap_err().code, "currency.invalid");
        assert_eq!(Currency::parse("").unwrap_err().code, "field.required");
    }

    #[test]
    fn currencies_serialise_as_their_iso_code() {
        assert_eq!(serde_json::to_string(&Currency::Xof).unwrap(), "\"XOF\"");
        let money: Money = serde_json::from_str(r#"{"minor":4550,"currency":"EUR"}"#).unwrap();
        assert_eq!(money, Money::new(4550, Currency::Eur));
    }

    #[test]
    fn a_price_may_be_free_but_never_negative_nor_absurd() {
        assert_eq!(
            Money::price(Some(0), Currency::Eur),
            Ok(Money::zero(Currency::Eur))
        );
        assert!(Money::price(Some(1_000_000), Currency::Eur).is_ok());
        let refused = Money::price(Some(1_000_001), Currency::Eur).unwrap_err();
        assert_eq!(
            refused,
            FieldError::new("price.out_of_range")
                .with("min", "0.00 EUR")
                .with("max", "10000.00 EUR")
        );
        assert_eq!(
            Money::price(Some(-1), Currency::Eur).unwrap_err().code,
            "price.out_of_range"
        );
        assert_eq!(
            Money::price(None, Currency::Eur).unwrap_err().code,
            "field.required"
        );
    }

    #[test]
    fn decimal_amounts_are_read_exactly() {
        assert_eq!(
            Money::parse_decimal("1.15", Currency::Eur).unwrap().minor,
            115
        );
        assert_eq!(
            Money::parse_decimal("45,5", Currency::Eur).unwrap().minor,
            4550
        );
        assert_eq!(
            Money::parse_decimal("15000", Currency::Xof).unwrap().minor,
            15000
        );
        for bad in ["1.155", "-3", "abc", "1.2.3", ".5"] {
            assert!(Money::parse_decimal(bad, Currency::Eur).is_err(), "{bad}");
        }
        assert!(Money::parse_decimal("10.5", Currency::Xof).is_err());
    }

    #[test]
    fn amounts_display_with_the_currency_minor_unit() {
        assert_eq!(Money::new(4550, Currency::Eur).to_string(), "45.50 EUR");
        assert_eq!(Money::new(5, Currency::Usd).to_decimal(), "0.05");
        assert_eq!(Money::new(15000, Currency::Xof).to_string(), "15000 XOF");
        assert_eq!(Money::new(-250, Currency::Eur).to_decimal(), "-2.50");
    }
}
