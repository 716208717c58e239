use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{ConsultantEvent, ConsultantStatus, Section};
use crate::values::{AwardYear, LanguageCode, Money, SessionDuration, TimeZone};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DegreeSummary {
    pub name: String,
    pub year: AwardYear,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertificateSummary {
    pub name: String,
    pub year: AwardYear,
}

/// What bookings need of the profile details.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicDetails {
    pub keyword_ids: Vec<Uuid>,
    pub objective_ids: Vec<Uuid>,
    pub disorder_ids: Vec<Uuid>,
    pub specialisation_ids: Vec<Uuid>,
    pub price: Money,
    pub session_duration: SessionDuration,
    pub languages: Vec<LanguageCode>,
    pub first_consultation_free: bool,
}

/// A consultant's profile and review status, folded from its stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Consultant {
    pub status: ConsultantStatus,
    /// The last rejection's reason, kept while the consultant fixes the profile.
    pub rejection_reason: Option<String>,
    pub suspension_reason: Option<String>,
    /// Single-record sections saved at least once.
    pub(super) saved: BTreeSet<Section>,
    pub degrees: BTreeMap<Uuid, DegreeSummary>,
    pub certificates: BTreeMap<Uuid, CertificateSummary>,
    pub timezone: Option<TimeZone>,
    pub country_id: Option<Uuid>,
    pub city_id: Option<Uuid>,
    pub details: Option<PublicDetails>,
    /// Sections edited since approval that no administrator has looked at.
    pub changed_since_approval: BTreeSet<Section>,
    pub submitted_at: Option<DateTime<Utc>>,
    pub approved_at: Option<DateTime<Utc>>,
}

impl Consultant {
    pub fn evolve(mut self, event: &ConsultantEvent) -> Self {
        use ConsultantEvent as E;
        match event {
            E::ProfileEditingStarted { .. } | E::SubmissionWithdrawn { .. } => {
                self.status = ConsultantStatus::InProgress;
            }
            E::BasicProfileUpdated { timezone, .. } => {
                self.saved.insert(Section::BasicProfile);
                self.timezone = Some(*timezone);
            }
            E::AddressUpdated {
                country_id,
                city_id,
                ..
            } => {
                self.saved.insert(Section::Address);
                self.country_id = Some(*country_id);
                self.city_id = Some(*city_id);
            }
            E::DegreeAdded {
                degree_id,
                name,
                year,
                ..
            }
            | E::DegreeEdited {
                degree_id,
                name,
                year,
                ..
            } => {
                let degree = DegreeSummary {
                    name: name.clone(),
                    year: *year,
                };
                self.degrees.insert(*degree_id, degree);
            }
            E::DegreeRemoved { degree_id, .. } => {
                self.degrees.remove(degree_id);
            }
            E::CertificateAdded {
                certificate_id,
                name,
                year,
                ..
            }
            | E::CertificateEdited {
                certificate_id,
                name,
                year,
                ..
            } => {
                let certificate = CertificateSummary {
                    name: name.clone(),
                    year: *year,
                };
                self.certificates.insert(*certificate_id, certificate);
            }
            E::CertificateRemoved { certificate_id, .. } => {
                self.certificates.remove(certificate_id);
            }
            E::BankDetailsUpdated { .. } => {
                self.saved.insert(Section::Bank);
            }
            E::ProfileDetailsUpdated {
                keyword_ids,
                objective_ids,
                disorder_ids,
                specialisation_ids,
                price,
                session_duration,
                languages,
                first_consultation_free,
                ..
            } => {
                self.saved.insert(Section::ProfileDetails);
                self.details = Some(PublicDetails {
                    keyword_ids: keyword_ids.clone(),
                    objective_ids: objective_ids.clone(),
                    disorder_ids: disorder_ids.clone(),
                    specialisation_ids: specialisation_ids.clone(),
                    price: *price,
                    session_duration: *session_duration,
                    languages: languages.clone(),
                    first_consultation_free: *first_consultation_free,
                });
            }
            E::DocumentsUpdated { .. } => {
                self.saved.insert(Section::Documents);
            }
            E::ApprovedProfileChanged { section, .. } => {
                self.changed_since_approval.insert(*section);
            }
            E::ProfileChangesReviewed { .. } => self.changed_since_approval.clear(),
            E::ProfileSubmitted { at } => {
                self.status = ConsultantStatus::Submitted;
                self.submitted_at = Some(*at);
                self.rejection_reason = None;
            }
            E::ProfileApproved { at } => {
                self.status = ConsultantStatus::Approved;
                self.approved_at = Some(*at);
                self.changed_since_approval.clear();
            }
            E::ProfileRejected { reason, .. } => {
                self.status = ConsultantStatus::Rejected;
                self.rejection_reason = Some(reason.clone());
            }
            E::ConsultantSuspended { reason, .. } => {
                self.status = ConsultantStatus::Suspended;
                self.suspension_reason = Some(reason.clone());
            }
            E::ConsultantReinstated { .. } => {
                self.status = ConsultantStatus::Approved;
                self.suspension_reason = None;
            }
        }
        self
    }

    pub fn is_complete(&self, section: Section) -> bool {
        match section {
            Section::Education => !self.degrees.is_empty(),
            Section::Certificates => !self.certificates.is_empty(),
            other => self.saved.contains(&other),
        }
    }
}

/// Each section with whether it is complete, in screen order (the progress view).
pub fn completeness(consultant: &Consultant) -> Vec<(Section, bool)> {
    Section::ALL
        .iter()
        .map(|s| (*s, consultant.is_complete(*s)))
        .collect()
}

/// The required sections still incomplete; submitting needs none.
pub fn missing_sections(consultant: &Consultant) -> Vec<Section> {
    Section::ALL
        .iter()
        .copied()
        .filter(|s| s.is_required() && !consultant.is_complete(*s))
        .collect()
}

/// Shown in the directory and bookable: approved (a suspended consultant has
/// its own status, so approved means not suspended).
pub fn is_listed(consultant: &Consultant) -> bool {
    consultant.status == ConsultantStatus::Approved
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;

    #[test]
    fn the_progress_view_lists_every_section_in_screen_order() {
        let progress = completeness(&complete_then(&[]));
        let sections: Vec<Section> = progress.iter().map(|(s, _)| *s).collect();
        assert_eq!(sections, Section::ALL);
        let incomplete: Vec<Section> = progress
            .iter()
            .filter(|(_, done)| !done)
            .map(|(s, _)| *s)
            .collect();
        assert_eq!(incomplete, [Section::Certificates]);
        assert!(missing_sections(&complete_then(&[])).is_empty());
    }

    #[test]
    fn a_new_consultant_has_every_section_to_fill_and_is_not_listed() {
        let consultant = Consultant::default();
        assert_eq!(consultant.status, ConsultantStatus::Registered);
        assert!(completeness(&consultant).iter().all(|(_, done)| !done));
        assert!(!is_listed(&consultant));
    }

    #[test]
    fn a_new_submission_clears_the_previous_rejection_reason() {
        let reopened = rejected().evolve(&ConsultantEvent::ProfileEditingStarted { at: at(30) });
        assert_eq!(
            reopened.rejection_reason.as_deref(),
            Some("Diplôme illisible")
        );
        let resubmitted = reopened.evolve(&ConsultantEvent::ProfileSubmitted { at: at(31) });
        assert_eq!(resubmitted.rejection_reason, None);
    }
}
