//! Requests for the free wellbeing starter kit (spec §1, admin
//! `view-user-starter-kit-requests`): a visitor leaves a name and an
//! address, the reactions mail the kit (a PDF of
//! `site::defaults::starter_kit`) in their language.
//!
//! One stream per request, `starterkit-{id}`. Who asked is personal data:
//! it lives in the forgettable store under the request's own subject, so a
//! deletion on request shreds it. An address gets at most
//! [`PER_ADDRESS_PER_DAY`] kits a day; beyond, nothing is sent and the
//! answer is the same, so nobody learns whether an address asked before.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::values::{Email, Language, text};
use crate::{DomainError, FieldErrors, RuleCode};

pub const CATEGORY: &str = "starterkit";
pub const NAME_MAX: usize = 100;
pub const PER_ADDRESS_PER_DAY: u32 = 2;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum StarterKitEvent {
    /// `contact` holds a [`StarterKitForm`] as JSON.
    StarterKitRequested {
        request_id: Uuid,
        language: Language,
        contact: PayloadRef,
        at: DateTime<Utc>,
    },
    /// Deleted on request by an administrator; the caller shreds the payload.
    StarterKitRequestDeleted {
        request_id: Uuid,
        admin_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for StarterKitEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// Who asked, validated: the payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StarterKitForm {
    pub name: String,
    pub email: String,
}

impl StarterKitForm {
    /// Checks both fields at once.
    pub fn parse(name: &str, email: &str) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::default();
        let form = StarterKitForm {
            name: errors
                .check("name", text::line(name, NAME_MAX))
                .unwrap_or_default(),
            email: errors
                .check("email", Email::parse(email))
                .map(|email| email.as_ref().to_owned())
                .unwrap_or_default(),
        };
        errors.into_result()?;
        Ok(form)
    }
}

/// Whether an address that had `sent_today` kits today gets another.
pub fn may_send(sent_today: u32) -> bool {
    sent_today < PER_ADDRESS_PER_DAY
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StarterKitRequest {
    #[default]
    None,
    Requested,
    Deleted,
}

impl StarterKitRequest {
    pub fn evolve(self, event: &StarterKitEvent) -> Self {
        match event {
            StarterKitEvent::StarterKitRequested { .. } => StarterKitRequest::Requested,
            StarterKitEvent::StarterKitRequestDeleted { .. } => StarterKitRequest::Deleted,
        }
    }
}

/// Records a request; the caller stores the form under the returned key.
pub fn request(request_id: Uuid, language: Language, now: DateTime<Utc>) -> Vec<StarterKitEvent> {
    vec![StarterKitEvent::StarterKitRequested {
        request_id,
        language,
        contact: PayloadRef {
            subject: request_id,
            key: format!("starter-kit-{request_id}"),
        },
        at: now,
    }]
}

/// Deletes a request on request; one never made or already gone is not found.
pub fn delete(
    state: StarterKitRequest,
    request_id: Uuid,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<StarterKitEvent>, DomainError> {
    if state != StarterKitRequest::Requested {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    Ok(vec![StarterKitEvent::StarterKitRequestDeleted {
        request_id,
        admin_id,
        at: now,
    }])
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    #[test]
    fn a_request_is_deleted_once_and_an_address_gets_two_kits_a_day() {
        let now = Utc.with_ymd_and_hms(2026, 12, 1, 9, 0, 0).unwrap();
        let id = Uuid::from_u128(1);
        let events = request(id, Language::Fr, now);
        let state = events
            .iter()
            .fold(StarterKitRequest::default(), |s, e| s.evolve(e));
        let deleted = delete(state, id, Uuid::from_u128(2), now).unwrap();
        let state = deleted.iter().fold(state, |s, e| s.evolve(e));
        assert_eq!(
            delete(state, id, Uuid::from_u128(2), now).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
        assert!(may_send(0) && may_send(1) && !may_send(2));
    }

    #[test]
    fn both_fields_are_checked_at_once() {
        let Err(DomainError::Invalid(errors)) = StarterKitForm::parse(" ", "nope") else {
            panic!("refused")
        };
        assert_eq!(errors.0.keys().collect::<Vec<_>>(), ["email", "name"]);
        let form = StarterKitForm::parse("Léa", " Lea@Example.org ").unwrap();
        assert_eq!(form.email, "lea@example.org");
    }
}
