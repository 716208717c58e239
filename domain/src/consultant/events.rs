use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Section;
use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::values::{AwardYear, FileRef, LanguageCode, Money, SessionDuration, TimeZone};

/// Events of a consultant's stream. Personal data is referenced, never
/// written here (guarantee 6); the actor is in the event metadata.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ConsultantEvent {
    /// The first save of a new or rejected profile: it is now in progress.
    ProfileEditingStarted {
        at: DateTime<Utc>,
    },
    BasicProfileUpdated {
        /// Title, names, gender, phone (a `BasicDetails`).
        profile: PayloadRef,
        spoken_languages: Vec<LanguageCode>,
        timezone: TimeZone,
        at: DateTime<Utc>,
    },
    AddressUpdated {
        /// House number, streets, postal code (a `PostalAddress`).
        address: PayloadRef,
        country_id: Uuid,
        city_id: Uuid,
        at: DateTime<Utc>,
    },
    DegreeAdded {
        degree_id: Uuid,
        name: String,
        school: String,
        year: AwardYear,
        attachment: FileRef,
        at: DateTime<Utc>,
    },
    DegreeEdited {
        degree_id: Uuid,
        name: String,
        school: String,
        year: AwardYear,
        attachment: FileRef,
        at: DateTime<Utc>,
    },
    DegreeRemoved {
        degree_id: Uuid,
        at: DateTime<Utc>,
    },
    CertificateAdded {
        certificate_id: Uuid,
        name: String,
        school: String,
        year: AwardYear,
        /// The certificate's number, when it has one (a `CertificateNumber`).
        number: Option<PayloadRef>,
        attachment: FileRef,
        at: DateTime<Utc>,
    },
    CertificateEdited {
        certificate_id: Uuid,
        name: String,
        school: String,
        year: AwardYear,
        number: Option<PayloadRef>,
        attachment: FileRef,
        at: DateTime<Utc>,
    },
    CertificateRemoved {
        certificate_id: Uuid,
        at: DateTime<Utc>,
    },
    BankDetailsUpdated {
        /// Every bank field (a `BankDetails`).
        details: PayloadRef,
        attachment: FileRef,
        at: DateTime<Utc>,
    },
    ProfileDetailsUpdated {
        /// Bio, background, expertise, video link (a `ProfileTexts`).
        texts: PayloadRef,
        keyword_ids: Vec<Uuid>,
        objective_ids: Vec<Uuid>,
        disorder_ids: Vec<Uuid>,
        specialisation_ids: Vec<Uuid>,
        photo: FileRef,
        resume: FileRef,
        price: Money,
        session_duration: SessionDuration,
        /// Languages the consultations are given in.
        languages: Vec<LanguageCode>,
        first_consultation_free: bool,
        at: DateTime<Utc>,
    },
    DocumentsUpdated {
        contract: FileRef,
        /// The identity document's number (an `IdNumber`).
        id_number: PayloadRef,
        id_attachment: FileRef,
        criminal_record: FileRef,
        at: DateTime<Utc>,
    },
    /// A section of an approved or suspended profile changed; it went live
    /// and awaits an administrator's look.
    ApprovedProfileChanged {
        section: Section,
        at: DateTime<Utc>,
    },
    ProfileChangesReviewed {
        at: DateTime<Utc>,
    },
    ProfileSubmitted {
        at: DateTime<Utc>,
    },
    SubmissionWithdrawn {
        at: DateTime<Utc>,
    },
    ProfileApproved {
        at: DateTime<Utc>,
    },
    ProfileRejected {
        reason: String,
        at: DateTime<Utc>,
    },
    ConsultantSuspended {
        reason: String,
        at: DateTime<Utc>,
    },
    ConsultantReinstated {
        at: DateTime<Utc>,
    },
}

impl EventSchema for ConsultantEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}
