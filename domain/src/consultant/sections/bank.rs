//! Bank details (spec §3 "Bank"): every field is personal and kept as one
//! forgettable payload; the event carries only its reference and the
//! attachment. [`BankDetails::masked`] is what anyone but the owner and the
//! administrators may see.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Context, edited};
use crate::account::PayloadRef;
use crate::consultant::{Consultant, ConsultantEvent, Section};
use crate::values::{Bic, Currency, FileKind, FileRef, Iban, mask_tail, text};
use crate::{DomainError, FieldError, FieldErrors};

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct BankForm {
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub payment_currency: String,
    /// `0` when not applicable (spec §5).
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub tax_number: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub bank_name: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub agency_name: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub agency_address: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub swift_bic: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub account_number: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub branch_code: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub iban: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub control_key: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub account_holder: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub account_currency: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub attachment_key: String,
}

/// Every bank field, checked; stored as a forgettable payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BankDetails {
    pub payment_currency: Currency,
    pub tax_number: String,
    pub bank_name: String,
    pub agency_name: Option<String>,
    pub agency_address: Option<String>,
    pub swift_bic: Bic,
    /// Either an IBAN or an account number (or both) is given.
    pub iban: Option<Iban>,
    pub account_number: Option<String>,
    pub branch_code: Option<String>,
    pub control_key: Option<String>,
    pub account_holder: String,
    pub account_currency: Currency,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankSection {
    pub details: BankDetails,
    pub attachment: FileRef,
}

/// Bank details as shown to anyone but their owner and the administrators.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MaskedBankDetails {
    pub bank_name: String,
    pub swift_bic: String,
    pub iban: Option<String>,
    pub account_number: Option<String>,
    pub tax_number: String,
    pub account_holder: String,
    pub payment_currency: Currency,
    pub account_currency: Currency,
}

impl BankDetails {
    /// Spec §5: the tax number is `0` when not applicable.
    pub fn has_tax_number(&self) -> bool {
        self.tax_number != "0"
    }

    pub fn masked(&self) -> MaskedBankDetails {
        MaskedBankDetails {
            bank_name: self.bank_name.clone(),
            swift_bic: self.swift_bic.as_str().to_owned(),
            iban: self.iban.as_ref().map(Iban::masked),
            account_number: self.account_number.as_deref().map(|n| mask_tail(n, 4)),
            tax_number: if self.has_tax_number() {
                mask_tail(&self.tax_number, 3)
            } else {
                "0".into()
            },
            account_holder: self.account_holder.clone(),
            payment_currency: self.payment_currency,
            account_currency: self.account_currency,
        }
    }
}

impl BankForm {
    pub fn parse(&self, context: &Context<'_>) -> Result<BankSection, DomainError> {
        let mut e = FieldErrors::default();
        let payment_currency = e.check("payment_currency", Currency::parse(&self.payment_currency));
        let tax_number = e.check("tax_number", text::code(&self.tax_number, 30));
        let bank_name = e.check("bank_name", text::line(&self.bank_name, 100));
        let agency_name = e.check("agency_name", text::optional_line(&self.agency_name, 100));
        let agency_address = e.check(
            "agency_address",
            text::optional_line(&self.agency_address, 300),
        );
        let swift_bic = e.check("swift_bic", Bic::parse(&self.swift_bic));
        let iban = e.check("iban", optional(&self.iban, Iban::parse));
        let account_number = e.check(
            "account_number",
            text::optional_code(&self.account_number, 34),
        );
        if matches!((&iban, &account_number), (Some(None), Some(None))) {
            e.add("iban", FieldError::new("bank.account_required"));
        }
        let branch_code = e.check("branch_code", text::optional_code(&self.branch_code, 20));
        let control_key = e.check("control_key", text::optional_code(&self.control_key, 10));
        let account_holder = e.check("account_holder", text::line(&self.account_holder, 140));
        let account_currency = e.check("account_currency", Currency::parse(&self.account_currency));
        let attachment = e.check(
            "attachment_key",
            context.file(&self.attachment_key, FileKind::BankAttachment),
        );
        e.into_result()?;
        let parsed = (|| {
            Some(BankSection {
                details: BankDetails {
                    payment_currency: payment_currency?,
                    tax_number: tax_number?,
                    bank_name: bank_name?,
                    agency_name: agency_name?,
                    agency_address: agency_address?,
                    swift_bic: swift_bic?,
                    iban: iban?,
                    account_number: account_number?,
                    branch_code: branch_code?,
                    control_key: control_key?,
                    account_holder: account_holder?,
                    account_currency: account_currency?,
                },
                attachment: attachment?,
            })
        })();
        Ok(parsed.expect("every field parsed"))
    }
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

/// Saves the bank details; `payload` holds `bank.details`.
pub fn save_bank_details(
    consultant: &Consultant,
    bank: &BankSection,
    payload: PayloadRef,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    let event = ConsultantEvent::BankDetailsUpdated {
        details: payload,
        attachment: bank.attachment.clone(),
        at: now,
    };
    edited(consultant, Section::Bank, vec![event], now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;

    fn form() -> BankForm {
        BankForm {
            payment_currency: "eur".into(),
            tax_number: "0".into(),
            bank_name: "Banque Populaire".into(),
            agency_name: "Lyon Bellecour".into(),
            swift_bic: "CCBPFRPPLYO".into(),
            iban: "FR76 3000 6000 0112 3456 7890 189".into(),
            control_key: "89".into(),
            account_holder: "Camille Martin".into(),
            account_currency: "EUR".into(),
            attachment_key: key("rib.pdf"),
            ..Default::default()
        }
    }

    fn parse(form: &BankForm) -> Result<BankSection, DomainError> {
        form.parse(&context(&Consultant::default()))
    }

    #[test]
    fn valid_bank_details_parse_with_tax_number_zero_when_not_applicable() {
        let bank = parse(&form()).unwrap();
        assert!(!bank.details.has_tax_number());
        assert_eq!(
            bank.details.iban.as_ref().map(Iban::as_str),
            Some("FR7630006000011234567890189")
        );
        let events =
            save_bank_details(&Consultant::default(), &bank, payload("bank"), at(0)).unwrap();
        assert!(given(&events).is_complete(Section::Bank));
    }

    #[test]
    fn an_iban_with_a_bad_checksum_and_a_malformed_bic_are_refused() {
        let bad = BankForm {
            iban: "FR7630006000011234567890188".into(),
            swift_bic: "CCBP".into(),
            ..form()
        };
        let e = field_errors(parse(&bad));
        assert_eq!(e.0["iban"].code, "iban.invalid");
        assert_eq!(e.0["swift_bic"].code, "bic.invalid");
    }

    #[test]
    fn an_account_without_iban_needs_an_account_number() {
        let neither = BankForm {
            iban: String::new(),
            ..form()
        };
        assert_eq!(
            field_errors(parse(&neither)).0["iban"].code,
            "bank.account_required"
        );
        let us = BankForm {
            iban: String::new(),
            account_number: "000123456789".into(),
            branch_code: "021000021".into(),
            swift_bic: "CHASUS33".into(),
            payment_currency: "USD".into(),
            account_currency: "USD".into(),
            ..form()
        };
        assert!(parse(&us).is_ok());
    }

    #[test]
    fn required_bank_fields_and_allowed_currencies_are_checked() {
        let e = field_errors(parse(&BankForm::default()));
        let fields: Vec<&str> = e.0.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "account_currency",
                "account_holder",
                "attachment_key",
                "bank_name",
                "iban",
                "payment_currency",
                "swift_bic",
                "tax_number"
            ]
        );
        let odd = BankForm {
            payment_currency: "BTC".into(),
            ..form()
        };
        assert_eq!(
            field_errors(parse(&odd)).0["payment_currency"].code,
            "currency.invalid"
        );
    }

    #[test]
    fn bank_details_shown_to_others_are_masked() {
        let details = BankForm {
            account_number: "12345678901".into(),
            tax_number: "FR40303265045".into(),
            ..form()
        };
        let masked = parse(&details).unwrap().details.masked();
        assert_eq!(
            masked.iban.as_deref(),
            Some("FR76 •••• •••• •••• •••• •••0 189")
        );
        assert_eq!(masked.account_number.as_deref(), Some("•••••••8901"));
        assert_eq!(masked.tax_number, "••••••••••045");
        let none = parse(&form()).unwrap().details.masked();
        assert_eq!((none.tax_number.as_str(), none.account_number), ("0", None));
    }
}
