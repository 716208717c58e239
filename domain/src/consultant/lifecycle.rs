//! Review decisions: the consultant submits or withdraws; an administrator
//! approves, rejects with a reason, suspends with a reason, reinstates, and
//! marks changes made after approval as reviewed.

use chrono::{DateTime, Utc};

use super::{Consultant, ConsultantEvent, ConsultantStatus, missing_sections};
use crate::values::text;
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

/// Rejection and suspension reasons: 1 to 1000 characters.
pub const REASON_MAX_CHARS: usize = 1000;

/// Submits the profile for review once every required section is complete;
/// otherwise each missing section is a field error named after the section.
pub fn submit_for_review(
    consultant: &Consultant,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    match consultant.status {
        ConsultantStatus::Submitted => {
            return Err(DomainError::Rule(RuleCode::ProfileAlreadySubmitted));
        }
        ConsultantStatus::Approved | ConsultantStatus::Suspended => {
            return Err(DomainError::Rule(RuleCode::ProfileAlreadyApproved));
        }
        ConsultantStatus::Rejected => {
            return Err(DomainError::Rule(RuleCode::ProfileUnchangedSinceRejection));
        }
        ConsultantStatus::Registered | ConsultantStatus::InProgress => {}
    }
    let mut missing = FieldErrors::default();
    for section in missing_sections(consultant) {
        missing.add(
            section.as_str(),
            FieldError::new("profile.section_incomplete"),
        );
    }
    missing.into_result()?;
    Ok(vec![ConsultantEvent::ProfileSubmitted { at: now }])
}

/// Takes a submitted profile back to edit it.
pub fn withdraw_submission(
    consultant: &Consultant,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    submitted(consultant)?;
    Ok(vec![ConsultantEvent::SubmissionWithdrawn { at: now }])
}

pub fn approve(
    consultant: &Consultant,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    submitted(consultant)?;
    Ok(vec![ConsultantEvent::ProfileApproved { at: now }])
}

/// Rejects a submitted profile; the consultant sees the reason and may fix
/// the profile and submit again.
pub fn reject(
    consultant: &Consultant,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    submitted(consultant)?;
    let reason = parse_reason(reason)?;
    Ok(vec![ConsultantEvent::ProfileRejected { reason, at: now }])
}

/// Takes an approved consultant out of the directory and bookings.
pub fn suspend(
    consultant: &Consultant,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    if consultant.status != ConsultantStatus::Approved {
        return Err(DomainError::Rule(RuleCode::ConsultantNotApproved));
    }
    let reason = parse_reason(reason)?;
    Ok(vec![ConsultantEvent::ConsultantSuspended {
        reason,
        at: now,
    }])
}

pub fn reinstate(
    consultant: &Consultant,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    if consultant.status != ConsultantStatus::Suspended {
        return Err(DomainError::Rule(RuleCode::ConsultantNotSuspended));
    }
    Ok(vec![ConsultantEvent::ConsultantReinstated { at: now }])
}

/// An administrator has looked at the sections changed since approval.
pub fn mark_changes_reviewed(
    consultant: &Consultant,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    if consultant.changed_since_approval.is_empty() {
        return Err(DomainError::Rule(RuleCode::NoChangesToReview));
    }
    Ok(vec![ConsultantEvent::ProfileChangesReviewed { at: now }])
}

fn submitted(consultant: &Consultant) -> Result<(), DomainError> {
    if consultant.status == ConsultantStatus::Submitted {
        Ok(())
    } else {
        Err(DomainError::Rule(RuleCode::ProfileNotSubmitted))
    }
}

fn parse_reason(raw: &str) -> Result<String, DomainError> {
    text::paragraph(raw, REASON_MAX_CHARS).map_err(|e| DomainError::field("reason", e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;
    use crate::consultant::{Section, is_listed};

    fn submitted_profile() -> Consultant {
        complete_then(&[ConsultantEvent::ProfileSubmitted { at: at(10) }])
    }

    #[test]
    fn a_complete_profile_can_be_submitted() {
        let consultant = complete_then(&[]);
        assert_eq!(
            submit_for_review(&consultant, at(10)).unwrap(),
            vec![ConsultantEvent::ProfileSubmitted { at: at(10) }]
        );
    }

    #[test]
    fn submitting_an_incomplete_profile_lists_the_missing_sections() {
        let mut events = complete_profile();
        events.retain(|e| {
            !matches!(
                e,
                ConsultantEvent::BankDetailsUpdated { .. } | ConsultantEvent::DegreeAdded { .. }
            )
        });
        let e = field_errors(submit_for_review(&given(&events), at(10)));
        let missing: Vec<(&str, &str)> = e.0.iter().map(|(k, v)| (k.as_str(), v.code)).collect();
        assert_eq!(
            missing,
            [
                ("bank", "profile.section_incomplete"),
                ("education", "profile.section_incomplete")
            ]
        );
    }

    #[test]
    fn a_profile_without_any_section_is_missing_every_required_one() {
        let e = field_errors(submit_for_review(&Consultant::default(), at(0)));
        assert_eq!(
            e.0.len(),
            Section::ALL.iter().filter(|s| s.is_required()).count()
        );
        assert!(!e.0.contains_key("certificates"));
    }

    #[test]
    fn a_profile_is_submitted_only_once() {
        assert_eq!(
            submit_for_review(&submitted_profile(), at(11)).unwrap_err(),
            DomainError::Rule(RuleCode::ProfileAlreadySubmitted)
        );
        assert_eq!(
            submit_for_review(&approved(), at(30)).unwrap_err(),
            DomainError::Rule(RuleCode::ProfileAlreadyApproved)
        );
    }

    #[test]
    fn a_rejected_profile_must_be_edited_before_it_is_submitted_again() {
        assert_eq!(
            submit_for_review(&rejected(), at(30)).unwrap_err(),
            DomainError::Rule(RuleCode::ProfileUnchangedSinceRejection)
        );
        let reopened = rejected().evolve(&ConsultantEvent::ProfileEditingStarted { at: at(31) });
        assert!(submit_for_review(&reopened, at(32)).is_ok());
    }

    #[test]
    fn a_withdrawn_submission_puts_the_profile_back_in_progress() {
        let events = withdraw_submission(&submitted_profile(), at(11)).unwrap();
        assert_eq!(
            submitted_profile().evolve(&events[0]).status,
            ConsultantStatus::InProgress
        );
        assert_eq!(
            withdraw_submission(&complete_then(&[]), at(11)).unwrap_err(),
            DomainError::Rule(RuleCode::ProfileNotSubmitted)
        );
    }

    #[test]
    fn an_approved_profile_is_listed() {
        let events = approve(&submitted_profile(), at(20)).unwrap();
        let consultant = submitted_profile().evolve(&events[0]);
        assert_eq!(consultant.status, ConsultantStatus::Approved);
        assert!(is_listed(&consultant));
        assert!(!is_listed(&submitted_profile()));
    }

    #[test]
    fn only_a_submitted_profile_is_approved_or_rejected() {
        for consultant in [complete_then(&[]), approved(), rejected()] {
            assert_eq!(
                approve(&consultant, at(40)).unwrap_err(),
                DomainError::Rule(RuleCode::ProfileNotSubmitted)
            );
            assert_eq!(
                reject(&consultant, "Incomplet", at(40)).unwrap_err(),
                DomainError::Rule(RuleCode::ProfileNotSubmitted)
            );
        }
    }

    #[test]
    fn a_rejection_carries_a_reason_of_1_to_1000_characters() {
        let events = reject(&submitted_profile(), "  Le diplôme est illisible. ", at(20)).unwrap();
        let consultant = submitted_profile().evolve(&events[0]);
        assert_eq!(consultant.status, ConsultantStatus::Rejected);
        assert_eq!(
            consultant.rejection_reason.as_deref(),
            Some("Le diplôme est illisible.")
        );
        assert!(!is_listed(&consultant));
        let e = field_errors(reject(&submitted_profile(), " ", at(20)));
        assert_eq!(e.0["reason"].code, "field.required");
        let e = field_errors(reject(&submitted_profile(), &"x".repeat(1001), at(20)));
        assert_eq!(
            e.0["reason"],
            FieldError::new("field.too_long").with("max", 1000)
        );
    }

    #[test]
    fn a_suspended_consultant_is_unlisted_until_reinstated() {
        let events = suspend(&approved(), "Plainte en cours d'examen", at(30)).unwrap();
        let suspended = approved().evolve(&events[0]);
        assert_eq!(suspended.status, ConsultantStatus::Suspended);
        assert!(!is_listed(&suspended));
        let events = reinstate(&suspended, at(40)).unwrap();
        let reinstated = suspended.evolve(&events[0]);
        assert!(is_listed(&reinstated));
        assert_eq!(reinstated.suspension_reason, None);
    }

    #[test]
    fn only_an_approved_consultant_is_suspended_and_only_a_suspended_one_reinstated() {
        assert_eq!(
            suspend(&submitted_profile(), "x", at(30)).unwrap_err(),
            DomainError::Rule(RuleCode::ConsultantNotApproved)
        );
        assert_eq!(
            reinstate(&approved(), at(30)).unwrap_err(),
            DomainError::Rule(RuleCode::ConsultantNotSuspended)
        );
        assert_eq!(
            field_errors(suspend(&approved(), "", at(30))).0["reason"].code,
            "field.required"
        );
    }

    #[test]
    fn changes_after_approval_are_marked_reviewed_by_an_administrator() {
        let changed = approved().evolve(&ConsultantEvent::ApprovedProfileChanged {
            section: Section::ProfileDetails,
            at: at(30),
        });
        let events = mark_changes_reviewed(&changed, at(31)).unwrap();
        assert!(changed.evolve(&events[0]).changed_since_approval.is_empty());
        assert_eq!(
            mark_changes_reviewed(&approved(), at(31)).unwrap_err(),
            DomainError::Rule(RuleCode::NoChangesToReview)
        );
    }

    #[test]
    fn consultant_events_round_trip_through_the_codec() {
        for event in complete_profile().into_iter().chain([
            ConsultantEvent::ProfileRejected {
                reason: "Flou".into(),
                at: at(1),
            },
            ConsultantEvent::ApprovedProfileChanged {
                section: Section::Bank,
                at: at(2),
            },
        ]) {
            let (tag, version, payload) = crate::codec::encode(&event);
            assert_eq!(version, 1);
            assert_eq!(
                crate::codec::decode::<ConsultantEvent>(&tag, version, &payload).unwrap(),
                event
            );
        }
    }
}
