//! A consultant's private notes about a client (spec `my-booking/add-note`):
//! one stream per note, `note-{note id}`. The text is personal data and
//! lives in the forgettable store, subject = the client, key `note-{id}`;
//! only the consultant who wrote it and administrators read it.
//!
//! A consultant may write about a client only once they have had a
//! confirmed booking together (the pair stream says so), and a note tied to
//! a booking must be about that booking's own client.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::{DomainError, FieldError, RuleCode};

pub const CATEGORY: &str = "note";
pub const MAX_CHARS: usize = 5000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum NoteEvent {
    /// A projection keeps ids and time and reads the text from `text`
    /// (a JSON string in the payload store), or shows it erased.
    NoteAdded {
        note_id: Uuid,
        consultant_id: Uuid,
        client_id: Uuid,
        booking_id: Option<Uuid>,
        text: PayloadRef,
        at: DateTime<Utc>,
    },
}

impl EventSchema for NoteEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// The payload key of a note's text.
pub fn text_key(note_id: Uuid) -> String {
    format!("note-{note_id}")
}

/// A note's text: trimmed, not empty, at most [`MAX_CHARS`].
pub fn parse_text(raw: &str) -> Result<String, DomainError> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(DomainError::field(
            "text",
            FieldError::new("field.required"),
        ));
    }
    if text.chars().count() > MAX_CHARS {
        return Err(DomainError::field(
            "text",
            FieldError::new("field.too_long").with("max", MAX_CHARS),
        ));
    }
    Ok(text.to_owned())
}

/// What a note is about, as the command loaded it.
pub struct NoteContext {
    /// The pair of this consultant and client had a confirmed booking.
    pub has_booked: bool,
    /// The named booking's consultant and client, if one was named.
    pub booking_parties: Option<(Uuid, Uuid)>,
}

/// Adds a note; the caller stores `text` under [`text_key`].
pub fn add(
    note_id: Uuid,
    consultant_id: Uuid,
    client_id: Uuid,
    booking_id: Option<Uuid>,
    context: &NoteContext,
    now: DateTime<Utc>,
) -> Result<Vec<NoteEvent>, DomainError> {
    if booking_id.is_some() && context.booking_parties != Some((consultant_id, client_id)) {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    if !context.has_booked {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    Ok(vec![NoteEvent::NoteAdded {
        note_id,
        consultant_id,
        client_id,
        booking_id,
        text: PayloadRef {
            subject: client_id,
            key: text_key(note_id),
        },
        at: now,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTE: Uuid = Uuid::from_u128(1);
    const EXPERT: Uuid = Uuid::from_u128(2);
    const CLIENT: Uuid = Uuid::from_u128(3);
    const BOOKING: Uuid = Uuid::from_u128(4);

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-30T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
    }

    #[test]
    fn a_consultant_who_has_booked_the_client_adds_a_note_whose_text_is_a_payload() {
        let context = NoteContext {
            has_booked: true,
            booking_parties: Some((EXPERT, CLIENT)),
        };
        let events = add(NOTE, EXPERT, CLIENT, Some(BOOKING), &context, now()).unwrap();
        let NoteEvent::NoteAdded { text, .. } = &events[0];
        assert_eq!(text.subject, CLIENT);
        assert_eq!(text.key, "note-00000000-0000-0000-0000-000000000001");
    }

    #[test]
    fn a_note_about_a_stranger_or_another_consultants_booking_is_not_found() {
        let stranger = NoteContext {
            has_booked: false,
            booking_parties: None,
        };
        assert_eq!(
            add(NOTE, EXPERT, CLIENT, None, &stranger, now()),
            Err(DomainError::Rule(RuleCode::NotFound))
        );
        let other = NoteContext {
            has_booked: true,
            booking_parties: Some((Uuid::from_u128(9), CLIENT)),
        };
        assert_eq!(
            add(NOTE, EXPERT, CLIENT, Some(BOOKING), &other, now()),
            Err(DomainError::Rule(RuleCode::NotFound))
        );
    }

    #[test]
    fn an_empty_or_huge_text_is_refused() {
        assert!(parse_text("  ").is_err());
        assert!(parse_text(&"a".repeat(MAX_CHARS + 1)).is_err());
        assert_eq!(parse_text(" ok ").unwrap(), "ok");
    }
}
