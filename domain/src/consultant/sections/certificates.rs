//! Certificates: list, add, edit, delete (name, year, school, optional
//! number, attachment). Optional as a section: degrees are the required proof.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Context, edited};
use crate::account::PayloadRef;
use crate::consultant::{Consultant, ConsultantEvent, Section};
use crate::values::{AwardYear, FileKind, FileRef, text};
use crate::{DomainError, FieldErrors, RuleCode};

pub const MAX_CERTIFICATES: usize = 30;
const NAME_MAX_CHARS: usize = 200;
const NUMBER_MAX_CHARS: usize = 50;

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct CertificateForm {
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub name: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub school: String,
    pub year: Option<i64>,
    /// Optional (spec §5).
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub number: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub attachment_key: String,
}

/// A certificate's number identifies its holder: a forgettable payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CertificateNumber {
    pub number: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateEntry {
    pub name: String,
    pub school: String,
    pub year: AwardYear,
    pub number: Option<CertificateNumber>,
    pub attachment: FileRef,
}

impl CertificateForm {
    pub fn parse(&self, context: &Context<'_>) -> Result<CertificateEntry, DomainError> {
        let mut e = FieldErrors::default();
        let name = e.check("name", text::line(&self.name, NAME_MAX_CHARS));
        let school = e.check("school", text::line(&self.school, NAME_MAX_CHARS));
        let year = e.check("year", AwardYear::parse(self.year, context.today));
        let number = e.check(
            "number",
            text::optional_code(&self.number, NUMBER_MAX_CHARS),
        );
        let attachment = e.check(
            "attachment_key",
            context.file(&self.attachment_key, FileKind::Certificate),
        );
        e.into_result()?;
        let parsed = (|| {
            Some(CertificateEntry {
                name: name?,
                school: school?,
                year: year?,
                number: number?.map(|number| CertificateNumber { number }),
                attachment: attachment?,
            })
        })();
        Ok(parsed.expect("every field parsed"))
    }
}

/// Adds a certificate; `number` is the payload holding `certificate.number`, if any.
pub fn add_certificate(
    consultant: &Consultant,
    certificate_id: Uuid,
    certificate: &CertificateEntry,
    number: Option<PayloadRef>,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    if consultant.certificates.contains_key(&certificate_id) {
        return Err(DomainError::Rule(RuleCode::Conflict));
    }
    if consultant.certificates.len() >= MAX_CERTIFICATES {
        return Err(DomainError::Rule(RuleCode::CertificateLimitReached));
    }
    let event = ConsultantEvent::CertificateAdded {
        certificate_id,
        name: certificate.name.clone(),
        school: certificate.school.clone(),
        year: certificate.year,
        number,
        attachment: certificate.attachment.clone(),
        at: now,
    };
    edited(consultant, Section::Certificates, vec![event], now)
}

pub fn edit_certificate(
    consultant: &Consultant,
    certificate_id: Uuid,
    certificate: &CertificateEntry,
    number: Option<PayloadRef>,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    if !consultant.certificates.contains_key(&certificate_id) {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    let event = ConsultantEvent::CertificateEdited {
        certificate_id,
        name: certificate.name.clone(),
        school: certificate.school.clone(),
        year: certificate.year,
        number,
        attachment: certificate.attachment.clone(),
        at: now,
    };
    edited(consultant, Section::Certificates, vec![event], now)
}

pub fn remove_certificate(
    consultant: &Consultant,
    certificate_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    if !consultant.certificates.contains_key(&certificate_id) {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    let event = ConsultantEvent::CertificateRemoved {
        certificate_id,
        at: now,
    };
    edited(consultant, Section::Certificates, vec![event], now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;

    fn form() -> CertificateForm {
        CertificateForm {
            name: "Praticien en hypnose".into(),
            school: "ARCHE".into(),
            year: Some(2019),
            number: " ab-2019/77 ".into(),
            attachment_key: key("certificate.pdf"),
        }
    }

    fn entry() -> CertificateEntry {
        form().parse(&context(&Consultant::default())).unwrap()
    }

    #[test]
    fn the_certificate_number_is_optional_and_kept_personal() {
        assert_eq!(
            entry().number,
            Some(CertificateNumber {
                number: "AB-2019/77".into()
            })
        );
        let without = CertificateForm {
            number: String::new(),
            ..form()
        };
        assert_eq!(
            without
                .parse(&context(&Consultant::default()))
                .unwrap()
                .number,
            None
        );
    }

    #[test]
    fn a_certificate_needs_name_school_year_and_attachment() {
        let e = field_errors(CertificateForm::default().parse(&context(&Consultant::default())));
        let fields: Vec<&str> = e.0.keys().map(String::as_str).collect();
        assert_eq!(fields, ["attachment_key", "name", "school", "year"]);
        assert!(
            CertificateForm {
                attachment_key: key("c.png"),
                ..form()
            }
            .parse(&context(&Consultant::default()))
            .is_ok()
        );
    }

    #[test]
    fn certificates_are_added_edited_and_deleted() {
        let consultant = complete_then(&[]);
        let added = add_certificate(
            &consultant,
            CERTIFICATE,
            &entry(),
            Some(payload("n")),
            at(6),
        )
        .unwrap();
        let consultant = added.iter().fold(consultant, Consultant::evolve);
        assert!(consultant.is_complete(Section::Certificates));
        let renamed = CertificateEntry {
            name: "Maître praticien".into(),
            ..entry()
        };
        let edited = edit_certificate(&consultant, CERTIFICATE, &renamed, None, at(7)).unwrap();
        let consultant = edited.iter().fold(consultant, Consultant::evolve);
        assert_eq!(
            consultant.certificates[&CERTIFICATE].name,
            "Maître praticien"
        );
        let removed = remove_certificate(&consultant, CERTIFICATE, at(8)).unwrap();
        assert!(
            removed
                .iter()
                .fold(consultant, Consultant::evolve)
                .certificates
                .is_empty()
        );
    }

    #[test]
    fn unknown_certificates_cannot_be_edited_or_deleted() {
        let consultant = complete_then(&[]);
        assert_eq!(
            edit_certificate(&consultant, CERTIFICATE, &entry(), None, at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
        assert_eq!(
            remove_certificate(&consultant, CERTIFICATE, at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }

    #[test]
    fn certificates_are_limited_in_number() {
        let mut consultant = complete_then(&[]);
        for n in 0..MAX_CERTIFICATES as u128 {
            let events = add_certificate(
                &consultant,
                Uuid::from_u128(1000 + n),
                &entry(),
                None,
                at(1),
            )
            .unwrap();
            consultant = events.iter().fold(consultant, Consultant::evolve);
        }
        assert_eq!(
            add_certificate(&consultant, CERTIFICATE, &entry(), None, at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::CertificateLimitReached)
        );
    }

    #[test]
    fn the_last_certificate_of_an_approved_profile_may_go() {
        let added = add_certificate(&approved(), CERTIFICATE, &entry(), None, at(30)).unwrap();
        let consultant = added.iter().fold(approved(), Consultant::evolve);
        assert!(remove_certificate(&consultant, CERTIFICATE, at(31)).is_ok());
    }
}
