//! A consultant's profile and its review (DESIGN §4, spec §2 `edit-account/*`).
//!
//! One stream per consultant, `consultant-{account id}`. The profile has the
//! spec's sections (basic profile, address, education, certificates, bank,
//! profile details, documents); each is saved by its own command and records
//! its own event, after every field was checked ([`sections`]).
//!
//! Lifecycle ([`ConsultantStatus`]):
//!
//! ```text
//! registered ─edit─► in progress ─submit─► submitted ─approve─► approved ◄─reinstate─┐
//!                        ▲    ◄──withdraw──┘   │                  └─suspend─► suspended
//!                        └──────edit── rejected(reason) ◄─reject──┘
//! ```
//!
//! * Submitting needs every required section complete ([`Section::is_required`]);
//!   otherwise the refusal lists the missing sections as field errors keyed by
//!   section name (`profile.section_incomplete`), which the API shows as it
//!   shows any form's errors.
//! * A submitted profile is frozen while an administrator reviews it, so that
//!   what is approved is what was reviewed; the consultant may withdraw the
//!   submission to edit it again.
//! * Editing a rejected profile puts it back in progress.
//! * Editing an approved (or suspended) profile keeps its status and the
//!   change goes live at once, and each edited section is flagged for the
//!   administrators (`ApprovedProfileChanged`) until one marks the changes
//!   reviewed. Why: a careful marketplace must not let a consultant swap an
//!   approved degree for an unchecked one unseen, yet sending the whole
//!   profile back to review would take an expert out of the directory, and
//!   stop their bookings, for changing a price or a photo. Live
//!   edits plus an audit flag keep bookings running and the administrators
//!   in control: they can suspend at once if a change is not acceptable.
//!   One guard goes with it: an approved profile cannot drop below what
//!   approval required (its last degree cannot be removed).
//!
//! Only an approved consultant is listed and bookable ([`is_listed`]).
//! Personal data (names, phone, postal address, bank details, ID and
//! certificate numbers, the profile's free texts) travels as [`PayloadRef`]s
//! to the forgettable store (guarantee 6); uploaded files as [`FileRef`]s under
//! the subject's key prefix.
//!
//! [`PayloadRef`]: crate::account::PayloadRef
//! [`FileRef`]: crate::values::FileRef

mod events;
mod lifecycle;
pub mod sections;
mod state;
#[cfg(test)]
mod testing;

use serde::{Deserialize, Serialize};

pub use events::ConsultantEvent;
pub use lifecycle::{
    REASON_MAX_CHARS, approve, mark_changes_reviewed, reinstate, reject, submit_for_review,
    suspend, withdraw_submission,
};
pub use sections::Context;
pub use state::{
    CertificateSummary, Consultant, DegreeSummary, PublicDetails, completeness, is_listed,
    missing_sections,
};

pub const CATEGORY: &str = "consultant";

/// Where a consultant stands in the review process.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ConsultantStatus {
    /// Signed up, nothing saved yet.
    #[default]
    Registered,
    InProgress,
    Submitted,
    Approved,
    Rejected,
    Suspended,
}

impl ConsultantStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ConsultantStatus::Registered => "registered",
            ConsultantStatus::InProgress => "in_progress",
            ConsultantStatus::Submitted => "submitted",
            ConsultantStatus::Approved => "approved",
            ConsultantStatus::Rejected => "rejected",
            ConsultantStatus::Suspended => "suspended",
        }
    }
}

/// The profile's sections, in the order of the edit-account screens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Section {
    BasicProfile,
    Address,
    Education,
    Certificates,
    Bank,
    ProfileDetails,
    Documents,
}

impl Section {
    pub const ALL: &'static [Section] = &[
        Section::BasicProfile,
        Section::Address,
        Section::Education,
        Section::Certificates,
        Section::Bank,
        Section::ProfileDetails,
        Section::Documents,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Section::BasicProfile => "basic_profile",
            Section::Address => "address",
            Section::Education => "education",
            Section::Certificates => "certificates",
            Section::Bank => "bank",
            Section::ProfileDetails => "profile_details",
            Section::Documents => "documents",
        }
    }

    /// Every section but certificates must be complete before review:
    /// education needs at least one degree, certificates are extra proof.
    pub fn is_required(self) -> bool {
        self != Section::Certificates
    }
}
