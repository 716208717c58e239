//! The profile's sections, one module each: the form as submitted, its
//! parsed value (split into what goes to the forgettable store and what the
//! event carries) and the decisions that save it.
//!
//! The flow for every section: `XForm::parse(&context)` checks every field
//! and reports all errors at once; the application stores the personal part
//! as a payload and passes its [`PayloadRef`](crate::account::PayloadRef) to
//! the `save_…`/`add_…` decision, which applies the lifecycle rules.

mod address;
mod bank;
mod basic;
mod certificates;
mod details;
mod documents;
mod education;
mod topics;

use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

pub use address::{Address, AddressForm, PostalAddress, save_address};
pub use bank::{BankDetails, BankForm, BankSection, MaskedBankDetails, save_bank_details};
pub use basic::{
    BasicDetails, BasicProfile, BasicProfileForm, MAX_SPOKEN_LANGUAGES, save_basic_profile,
};
pub use certificates::{
    CertificateEntry, CertificateForm, CertificateNumber, MAX_CERTIFICATES, add_certificate,
    edit_certificate, remove_certificate,
};
pub use details::{
    BACKGROUND_MAX_CHARS, BIO_MAX_CHARS, EXPERTISE_MAX_CHARS, MAX_LANGUAGES, ProfileDetails,
    ProfileDetailsForm, ProfileTexts, save_profile_details,
};
pub use documents::{Documents, DocumentsForm, IdNumber, save_documents};
pub use education::{DegreeEntry, DegreeForm, MAX_DEGREES, add_degree, edit_degree, remove_degree};
pub use topics::{MAX_DISORDERS, MAX_KEYWORDS, MAX_OBJECTIVES, MAX_SPECIALISATIONS, Topics};

use super::{Consultant, ConsultantEvent, ConsultantStatus, Section};
use crate::reference::{ReferenceKind, ReferenceLookup};
use crate::values::{FileKind, FileLookup, FileRef, LanguageCode};
use crate::{DomainError, FieldError, RuleCode};

/// What parsing a section needs besides the form.
pub struct Context<'a> {
    /// The consultant's account id: uploaded files must be theirs.
    pub owner: Uuid,
    pub today: NaiveDate,
    pub files: &'a dyn FileLookup,
    pub references: &'a dyn ReferenceLookup,
    /// The profile as it is: reference items it already uses stay
    /// acceptable after they are trashed.
    pub current: &'a Consultant,
}

impl Context<'_> {
    fn file(&self, key: &str, kind: FileKind) -> Result<FileRef, FieldError> {
        FileRef::resolve(key, kind, self.owner, self.files)
    }

    /// Reference ids of one set: de-duplicated, at most `max`, each active
    /// or already in `current`; `required` asks for at least one.
    fn reference_ids(
        &self,
        kind: ReferenceKind,
        ids: &[Uuid],
        max: usize,
        required: bool,
        current: &[Uuid],
    ) -> Result<Vec<Uuid>, FieldError> {
        let mut unique: Vec<Uuid> = Vec::with_capacity(ids.len());
        for id in ids {
            if !unique.contains(id) {
                unique.push(*id);
            }
        }
        if unique.is_empty() && required {
            return Err(FieldError::new("field.required"));
        }
        if unique.len() > max {
            return Err(FieldError::new("list.too_many").with("max", max));
        }
        for id in &unique {
            self.reference(kind, *id, current.contains(id))?;
        }
        Ok(unique)
    }

    /// Checks one reference id; returns the item's parent.
    fn reference(
        &self,
        kind: ReferenceKind,
        id: Uuid,
        held: bool,
    ) -> Result<Option<Uuid>, FieldError> {
        match self.references.item(kind, id) {
            Some(item) if item.active || held => Ok(item.parent),
            _ => Err(FieldError::new("reference.invalid")),
        }
    }
}

/// Language codes of the reference list: at least one, at most `max`, de-duplicated.
fn language_codes(raw: &[String], max: usize) -> Result<Vec<LanguageCode>, FieldError> {
    let mut codes: Vec<LanguageCode> = Vec::new();
    for code in raw {
        let code = LanguageCode::parse(code)?;
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    if codes.is_empty() {
        return Err(FieldError::new("field.required"));
    }
    if codes.len() > max {
        return Err(FieldError::new("list.too_many").with("max", max));
    }
    Ok(codes)
}

/// Wraps a section's events in the lifecycle rules of editing: a new or
/// rejected profile goes (back) in progress, a submitted one is frozen, an
/// approved or suspended one records the change for the administrators.
fn edited(
    consultant: &Consultant,
    section: Section,
    events: Vec<ConsultantEvent>,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    match consultant.status {
        ConsultantStatus::Registered | ConsultantStatus::Rejected => {
            let mut all = vec![ConsultantEvent::ProfileEditingStarted { at: now }];
            all.extend(events);
            Ok(all)
        }
        ConsultantStatus::InProgress => Ok(events),
        ConsultantStatus::Submitted => Err(DomainError::Rule(RuleCode::ProfileUnderReview)),
        ConsultantStatus::Approved | ConsultantStatus::Suspended => {
            let mut all = events;
            all.push(ConsultantEvent::ApprovedProfileChanged { section, at: now });
            Ok(all)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;

    fn save(consultant: &Consultant) -> Result<Vec<ConsultantEvent>, DomainError> {
        let address = AddressForm {
            country_id: Some(FRANCE),
            city_id: Some(PARIS),
            house_number: "3".into(),
            street_name: "rue Oberkampf".into(),
            postal_code: "75011".into(),
            ..Default::default()
        }
        .parse(&context(consultant))?;
        save_address(consultant, &address, payload("address-2"), at(50))
    }

    #[test]
    fn editing_a_rejected_profile_puts_it_back_in_progress() {
        let events = save(&rejected()).unwrap();
        assert_eq!(
            events[0],
            ConsultantEvent::ProfileEditingStarted { at: at(50) }
        );
        let consultant = events.iter().fold(rejected(), Consultant::evolve);
        assert_eq!(consultant.status, ConsultantStatus::InProgress);
    }

    #[test]
    fn a_submitted_profile_cannot_be_edited_while_under_review() {
        let submitted = complete_then(&[ConsultantEvent::ProfileSubmitted { at: at(10) }]);
        assert_eq!(
            save(&submitted).unwrap_err(),
            DomainError::Rule(RuleCode::ProfileUnderReview)
        );
    }

    #[test]
    fn editing_an_approved_profile_keeps_it_approved_and_flags_the_section() {
        let events = save(&approved()).unwrap();
        assert!(matches!(events[0], ConsultantEvent::AddressUpdated { .. }));
        assert_eq!(
            events[1],
            ConsultantEvent::ApprovedProfileChanged {
                section: Section::Address,
                at: at(50)
            }
        );
        let consultant = events.iter().fold(approved(), Consultant::evolve);
        assert_eq!(consultant.status, ConsultantStatus::Approved);
        assert!(crate::consultant::is_listed(&consultant));
        assert!(
            consultant
                .changed_since_approval
                .contains(&Section::Address)
        );
    }

    #[test]
    fn editing_a_suspended_profile_keeps_it_suspended() {
        let suspended = approved().evolve(&ConsultantEvent::ConsultantSuspended {
            reason: "x".into(),
            at: at(30),
        });
        let events = save(&suspended).unwrap();
        let consultant = events.iter().fold(suspended, Consultant::evolve);
        assert_eq!(consultant.status, ConsultantStatus::Suspended);
    }

    #[test]
    fn language_lists_are_deduplicated_required_and_bounded() {
        let codes = language_codes(&["fr".into(), "FR".into(), "en".into()], 5).unwrap();
        assert_eq!(codes.len(), 2);
        assert_eq!(language_codes(&[], 5).unwrap_err().code, "field.required");
        assert_eq!(
            language_codes(&["fr".into(), "en".into()], 1).unwrap_err(),
            FieldError::new("list.too_many").with("max", 1)
        );
    }
}
