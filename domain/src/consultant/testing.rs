//! Fixtures shared by the consultant tests: a consultant, its uploaded files,
//! a small reference list, and the events of a complete profile.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use uuid::Uuid;

use super::sections::ProfileDetailsForm;
use super::{Consultant, ConsultantEvent, Context};
use crate::account::PayloadRef;
use crate::reference::{ItemInfo, ReferenceKind};
use crate::values::{AwardYear, Currency, FileRef, LanguageCode, Money, SessionDuration, TimeZone};

pub const OWNER: Uuid = Uuid::from_u128(0xC0);
pub const FRANCE: Uuid = Uuid::from_u128(0xF1);
pub const PARIS: Uuid = Uuid::from_u128(0xF2);
pub const SPAIN: Uuid = Uuid::from_u128(0xE1);
pub const MADRID: Uuid = Uuid::from_u128(0xE2);
pub const TRASHED_CITY: Uuid = Uuid::from_u128(0xF3);
pub const YOGA: Uuid = Uuid::from_u128(0x10);
pub const TRASHED_KEYWORD: Uuid = Uuid::from_u128(0x11);
pub const SLEEP: Uuid = Uuid::from_u128(0x20);
pub const ANXIETY: Uuid = Uuid::from_u128(0x30);
pub const NATUROPATHY: Uuid = Uuid::from_u128(0x40);
pub const DEGREE: Uuid = Uuid::from_u128(0xD1);
pub const CERTIFICATE: Uuid = Uuid::from_u128(0xCE);

pub fn at(minutes: i64) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-02T09:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
        + Duration::minutes(minutes)
}

pub fn today() -> NaiveDate {
    at(0).date_naive()
}

/// Key of a file of the consultant; its type follows the extension.
pub fn key(name: &str) -> String {
    format!("{}{name}", FileRef::subject_prefix(OWNER))
}

pub fn stored(name: &str) -> FileRef {
    let content_type = match name.rsplit('.').next() {
        Some("pdf") => "application/pdf",
        Some("png") => "image/png",
        _ => "image/jpeg",
    };
    FileRef {
        key: key(name),
        content_type: content_type.into(),
        size: 2048,
    }
}

fn files(key: &str) -> Option<FileRef> {
    let name = key.strip_prefix(&FileRef::subject_prefix(OWNER))?;
    (!name.starts_with("missing")).then(|| stored(name))
}

fn references(kind: ReferenceKind, id: Uuid) -> Option<ItemInfo> {
    use ReferenceKind as K;
    let active = |parent| {
        Some(ItemInfo {
            active: true,
            parent,
        })
    };
    match (kind, id) {
        (K::Country, FRANCE | SPAIN) => active(None),
        (K::City, PARIS) => active(Some(FRANCE)),
        (K::City, MADRID) => active(Some(SPAIN)),
        (K::City, TRASHED_CITY) => Some(ItemInfo {
            active: false,
            parent: Some(FRANCE),
        }),
        (K::Keyword, YOGA) | (K::Objective, SLEEP) | (K::Disorder, ANXIETY) => active(None),
        (K::Specialisation, NATUROPATHY) => active(None),
        (K::Keyword, TRASHED_KEYWORD) => Some(ItemInfo {
            active: false,
            parent: None,
        }),
        _ => None,
    }
}

pub fn context(current: &Consultant) -> Context<'_> {
    Context {
        owner: OWNER,
        today: today(),
        files: &files,
        references: &references,
        current,
    }
}

pub fn payload(key: &str) -> PayloadRef {
    PayloadRef {
        subject: OWNER,
        key: key.into(),
    }
}

pub fn given(events: &[ConsultantEvent]) -> Consultant {
    events
        .iter()
        .fold(Consultant::default(), Consultant::evolve)
}

/// The events of a profile with every section saved, still in progress.
pub fn complete_profile() -> Vec<ConsultantEvent> {
    use ConsultantEvent as E;
    let year = AwardYear::parse(Some(2012), today()).unwrap();
    vec![
        E::ProfileEditingStarted { at: at(0) },
        E::BasicProfileUpdated {
            profile: payload("basic"),
            spoken_languages: vec![LanguageCode::parse("fr").unwrap()],
            timezone: TimeZone::parse("Europe/Paris").unwrap(),
            at: at(0),
        },
        E::AddressUpdated {
            address: payload("address"),
            country_id: FRANCE,
            city_id: PARIS,
            at: at(1),
        },
        E::DegreeAdded {
            degree_id: DEGREE,
            name: "Master de psychologie".into(),
            school: "Université de Lyon".into(),
            year,
            attachment: stored("degree.png"),
            at: at(2),
        },
        E::BankDetailsUpdated {
            details: payload("bank"),
            attachment: stored("rib.pdf"),
            at: at(3),
        },
        E::ProfileDetailsUpdated {
            texts: payload("texts"),
            keyword_ids: vec![YOGA],
            objective_ids: vec![SLEEP],
            disorder_ids: vec![ANXIETY],
            specialisation_ids: vec![NATUROPATHY],
            photo: stored("photo.jpg"),
            resume: stored("resume.pdf"),
            price: Money::new(6000, Currency::Eur),
            session_duration: SessionDuration::parse(Some(60)).unwrap(),
            languages: vec![LanguageCode::parse("fr").unwrap()],
            first_consultation_free: true,
            at: at(4),
        },
        E::DocumentsUpdated {
            contract: stored("contract.pdf"),
            id_number: payload("id"),
            id_attachment: stored("id.jpg"),
            criminal_record: stored("record.pdf"),
            at: at(5),
        },
    ]
}

/// A complete profile followed by `more` events.
pub fn complete_then(more: &[ConsultantEvent]) -> Consultant {
    let mut events = complete_profile();
    events.extend_from_slice(more);
    given(&events)
}

pub fn approved() -> Consultant {
    complete_then(&[
        ConsultantEvent::ProfileSubmitted { at: at(10) },
        ConsultantEvent::ProfileApproved { at: at(20) },
    ])
}

pub fn rejected() -> Consultant {
    complete_then(&[
        ConsultantEvent::ProfileSubmitted { at: at(10) },
        ConsultantEvent::ProfileRejected {
            reason: "Diplôme illisible".into(),
            at: at(20),
        },
    ])
}

/// The field errors of a refused command.
pub fn field_errors<T: std::fmt::Debug>(
    result: Result<T, crate::DomainError>,
) -> crate::FieldErrors {
    match result {
        Err(crate::DomainError::Invalid(errors)) => errors,
        other => panic!("expected field errors, got {other:?}"),
    }
}

/// A valid profile details form.
pub fn details_form() -> ProfileDetailsForm {
    ProfileDetailsForm {
        bio: "Naturopathe depuis dix ans.\nJ'accompagne le sommeil et le stress.".into(),
        background: String::new(),
        expertise: "Troubles du sommeil".into(),
        video_url: "https://www.youtube.com/watch?v=abc".into(),
        keyword_ids: vec![YOGA, YOGA],
        objective_ids: vec![SLEEP],
        disorder_ids: vec![ANXIETY],
        specialisation_ids: vec![NATUROPATHY],
        photo_key: key("photo.png"),
        resume_key: key("resume.pdf"),
        price_minor: Some(6000),
        currency: "EUR".into(),
        session_minutes: Some(45),
        languages: vec!["fr".into(), "en".into()],
        first_consultation_free: true,
        // No English versions (they are optional).
        ..ProfileDetailsForm::default()
    }
}
