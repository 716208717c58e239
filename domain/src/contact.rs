//! Messages sent through the public contact form (spec §2 `/contact-us`,
//! admin `view-contact-us-list`).
//!
//! One stream per message, `contactmessage-{id}`. Who wrote and what they
//! wrote is personal data: it lives in the forgettable store under the
//! message's own subject (the sender has no account), so deleting a message
//! on request shreds it while the log keeps only that a message came and
//! went.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::values::{Email, Language, text};
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

pub const CATEGORY: &str = "contactmessage";

pub const NAME_MAX: usize = 100;
pub const PHONE_MAX: usize = 30;
pub const ORGANISATION_MAX: usize = 120;
pub const SUBJECT_MAX: usize = 150;
pub const MESSAGE_MAX: usize = 5000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ContactEvent {
    /// `content` holds a [`ContactForm`] as JSON.
    ContactMessageReceived {
        message_id: Uuid,
        language: Language,
        content: PayloadRef,
        at: DateTime<Utc>,
    },
    /// Deleted on request by an administrator; the caller shreds the payload.
    ContactMessageDeleted {
        message_id: Uuid,
        admin_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for ContactEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// What the sender wrote, validated: the payload kept for the team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContactForm {
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub organisation: Option<String>,
    pub subject: String,
    pub message: String,
}

/// The form as typed, before validation.
pub struct RawContactForm<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub organisation: &'a str,
    pub subject: &'a str,
    pub message: &'a str,
}

impl ContactForm {
    /// Checks every field at once, so the form shows every mistake together.
    pub fn parse(raw: &RawContactForm<'_>) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::default();
        let form = ContactForm {
            name: errors
                .check("name", text::line(raw.name, NAME_MAX))
                .unwrap_or_default(),
            email: errors
                .check("email", Email::parse(raw.email))
                .map(|email| email.as_ref().to_owned())
                .unwrap_or_default(),
            phone: errors.check("phone", parse_phone(raw.phone)).flatten(),
            organisation: errors
                .check(
                    "organisation",
                    text::optional_line(raw.organisation, ORGANISATION_MAX),
                )
                .flatten(),
            subject: errors
                .check("subject", text::line(raw.subject, SUBJECT_MAX))
                .unwrap_or_default(),
            message: errors
                .check("message", text::paragraph(raw.message, MESSAGE_MAX))
                .unwrap_or_default(),
        };
        errors.into_result()?;
        Ok(form)
    }
}

/// An optional phone number to call back, written as people write them:
/// digits with spaces and `+ - . ( )`, at least six digits. It is not
/// checked against a country (the form has no ISD field; the team calls).
fn parse_phone(raw: &str) -> Result<Option<String>, FieldError> {
    let Some(phone) = text::optional_line(raw, PHONE_MAX)? else {
        return Ok(None);
    };
    let allowed = |c: char| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '.' | '(' | ')');
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    if phone.chars().all(allowed) && digits >= 6 {
        Ok(Some(phone))
    } else {
        Err(FieldError::new("phone.invalid"))
    }
}

/// Messages one sender address may send in an hour: enough to add a
/// forgotten detail, not enough to flood the team's inbox. The caller
/// counts them (a shared counter keyed by a hash of the address).
pub const PER_SENDER_PER_HOUR: u32 = 3;

/// Refuses a new message from a sender who already sent
/// [`PER_SENDER_PER_HOUR`] this hour.
pub fn check_sender(sent_this_hour: u32) -> Result<(), DomainError> {
    if sent_this_hour >= PER_SENDER_PER_HOUR {
        Err(DomainError::Rule(RuleCode::ContactMessageLimit))
    } else {
        Ok(())
    }
}

/// The payload key of a message's content.
pub fn content_key(message_id: Uuid) -> String {
    format!("contact-message-{message_id}")
}

/// A message's life, folded from its stream.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ContactMessage {
    #[default]
    None,
    Received,
    Deleted,
}

impl ContactMessage {
    pub fn evolve(self, event: &ContactEvent) -> Self {
        match event {
            ContactEvent::ContactMessageReceived { .. } => ContactMessage::Received,
            ContactEvent::ContactMessageDeleted { .. } => ContactMessage::Deleted,
        }
    }
}

/// Records a new message; the caller stores the [`ContactForm`] under
/// [`content_key`] with the message as subject.
pub fn receive(message_id: Uuid, language: Language, now: DateTime<Utc>) -> Vec<ContactEvent> {
    vec![ContactEvent::ContactMessageReceived {
        message_id,
        language,
        content: PayloadRef {
            subject: message_id,
            key: content_key(message_id),
        },
        at: now,
    }]
}

/// Deletes a message on request. A message that never came, or is gone
/// already, is not found.
pub fn delete(
    state: ContactMessage,
    message_id: Uuid,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<ContactEvent>, DomainError> {
    if state != ContactMessage::Received {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    Ok(vec![ContactEvent::ContactMessageDeleted {
        message_id,
        admin_id,
        at: now,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;

    const MESSAGE: Uuid = Uuid::from_u128(1);
    const ADMIN: Uuid = Uuid::from_u128(2);

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-30T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    fn raw<'a>() -> RawContactForm<'a> {
        RawContactForm {
            name: "  Camille Martin ",
            email: "Camille@Example.FR",
            phone: "+33 6 12 34 56 78",
            organisation: "",
            subject: "Partenariat",
            message: "Bonjour,\nnous aimerions proposer vos consultations à nos salariés.",
        }
    }

    #[test]
    fn a_complete_form_is_trimmed_and_its_address_normalised() {
        let form = ContactForm::parse(&raw()).unwrap();
        assert_eq!(form.name, "Camille Martin");
        assert_eq!(form.email, "camille@example.fr");
        assert_eq!(form.phone.as_deref(), Some("+33 6 12 34 56 78"));
        assert_eq!(form.organisation, None);
        assert!(form.message.contains('\n'));
    }

    #[test]
    fn every_mistake_is_reported_at_once() {
        let long_subject = "s".repeat(SUBJECT_MAX + 1);
        let bad = RawContactForm {
            name: " ",
            email: "not-an-address",
            phone: "call me",
            organisation: "",
            subject: &long_subject,
            message: "",
        };
        let Err(DomainError::Invalid(errors)) = ContactForm::parse(&bad) else {
            panic!("refused field by field");
        };
        let codes: Vec<(&str, &str)> = errors
            .0
            .iter()
            .map(|(field, error)| (field.as_str(), error.code))
            .collect();
        assert_eq!(
            codes,
            [
                ("email", "email.invalid"),
                ("message", "field.required"),
                ("name", "field.required"),
                ("phone", "phone.invalid"),
                ("subject", "field.too_long"),
            ]
        );
    }

    #[test]
    fn a_sender_may_write_three_times_an_hour() {
        assert_eq!(check_sender(0), Ok(()));
        assert_eq!(check_sender(PER_SENDER_PER_HOUR - 1), Ok(()));
        assert_eq!(
            check_sender(PER_SENDER_PER_HOUR),
            Err(DomainError::Rule(RuleCode::ContactMessageLimit))
        );
    }

    #[test]
    fn a_received_message_keeps_its_content_under_its_own_subject() {
        let events = receive(MESSAGE, Language::Fr, now());
        let ContactEvent::ContactMessageReceived { content, .. } = &events[0] else {
            panic!("received");
        };
        assert_eq!(content.subject, MESSAGE);
        assert_eq!(content.key, content_key(MESSAGE));
    }

    #[test]
    fn given_a_received_message_when_deleted_then_it_is_gone_and_cannot_be_deleted_again() {
        let state = receive(MESSAGE, Language::En, now())
            .iter()
            .fold(ContactMessage::None, |s, e| s.evolve(e));
        let events = delete(state, MESSAGE, ADMIN, now()).unwrap();
        let state = events.iter().fold(state, |s, e| s.evolve(e));
        assert_eq!(state, ContactMessage::Deleted);
        assert_eq!(
            delete(state, MESSAGE, ADMIN, now()),
            Err(DomainError::Rule(RuleCode::NotFound))
        );
        assert_eq!(
            delete(ContactMessage::None, MESSAGE, ADMIN, now()),
            Err(DomainError::Rule(RuleCode::NotFound))
        );
    }
}
