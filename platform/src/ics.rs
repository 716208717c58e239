//! iCalendar (RFC 5545) documents of bookings: the `.ics` attached to
//! booking mails and the consultant's calendar feed (icalendar crate).
//!
//! Deterministic: one UID per booking (`{booking}@equilibre`), DTSTAMP from
//! the caller (the event's recorded time), never the wall clock, so the same
//! booking always renders the same text. A reschedule raises `SEQUENCE`; a
//! cancellation is `METHOD:CANCEL` with `STATUS:CANCELLED`, which calendar
//! applications apply to the entry they already hold under that UID.

use chrono::{DateTime, Utc};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus};
use uuid::Uuid;

const PRODID: &str = "-//Equilibre//Bookings//EN";

/// One booking as a calendar entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IcsBooking {
    pub booking_id: Uuid,
    /// Raised by each reschedule, so calendars replace the earlier entry.
    pub sequence: u32,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// When this version of the booking was recorded (DTSTAMP).
    pub stamp: DateTime<Utc>,
    pub summary: String,
    pub description: String,
    /// Where to join (the video room page).
    pub url: Option<String>,
    pub cancelled: bool,
}

/// What a calendar document asks of its reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// An invitation or its update (mails of a confirmation or reschedule).
    Request,
    /// The entry is withdrawn (cancellation mail).
    Cancel,
    /// A subscribed feed: no scheduling method.
    Feed,
}

/// The UID every calendar document gives to `booking_id`.
pub fn booking_uid(booking_id: Uuid) -> String {
    format!("{booking_id}@equilibre")
}

fn entry(booking: &IcsBooking) -> Event {
    let mut event = Event::new();
    event
        .uid(&booking_uid(booking.booking_id))
        .timestamp(booking.stamp)
        .sequence(booking.sequence)
        .starts(booking.start)
        .ends(booking.end)
        .summary(&booking.summary)
        .description(&booking.description)
        .status(if booking.cancelled {
            EventStatus::Cancelled
        } else {
            EventStatus::Confirmed
        });
    if let Some(url) = &booking.url {
        event.url(url);
    }
    event.done()
}

/// A calendar document of `bookings` (CRLF lines, folded as RFC 5545 says).
pub fn calendar(method: Method, name: Option<&str>, bookings: &[IcsBooking]) -> String {
    let mut calendar = Calendar::empty();
    calendar
        .append_property(("VERSION", "2.0"))
        .append_property(("PRODID", PRODID))
        .append_property(("CALSCALE", "GREGORIAN"));
    match method {
        Method::Request => {
            calendar.append_property(("METHOD", "REQUEST"));
        }
        Method::Cancel => {
            calendar.append_property(("METHOD", "CANCEL"));
        }
        Method::Feed => {}
    }
    if let Some(name) = name {
        calendar.name(name);
    }
    for booking in bookings {
        calendar.push(entry(booking));
    }
    calendar.done().to_string()
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone as _;

    use super::*;

    fn booking(sequence: u32, cancelled: bool) -> IcsBooking {
        IcsBooking {
            booking_id: Uuid::from_u128(7),
            sequence,
            start: Utc.with_ymd_and_hms(2026, 11, 30, 9, 0, 0).unwrap(),
            end: Utc.with_ymd_and_hms(2026, 11, 30, 10, 0, 0).unwrap(),
            stamp: Utc.with_ymd_and_hms(2026, 11, 24, 8, 0, 0).unwrap(),
            summary: "Consultation, Camille Martin".into(),
            description: "Equilibre; a long description that must be folded because iCalendar lines are at most seventy-five octets long".into(),
            url: Some("https://equilibre.example/room/1".into()),
            cancelled,
        }
    }

    #[test]
    fn a_confirmed_booking_is_a_request_with_its_uid_times_and_sequence() {
        let text = calendar(Method::Request, None, &[booking(0, false)]);
        assert!(text.starts_with("BEGIN:VCALENDAR\r\n"));
        assert!(text.contains("METHOD:REQUEST\r\n"));
        assert!(text.contains("UID:00000000-0000-0000-0000-000000000007@equilibre\r\n"));
        assert!(text.contains("DTSTART:20261130T090000Z\r\n"));
        assert!(text.contains("DTEND:20261130T100000Z\r\n"));
        assert!(text.contains("DTSTAMP:20261124T080000Z\r\n"));
        assert!(text.contains("SEQUENCE:0\r\n") && text.contains("STATUS:CONFIRMED\r\n"));
        assert!(text.lines().all(|l| l.len() <= 75), "lines are folded");
    }

    #[test]
    fn the_same_booking_renders_the_same_text() {
        assert_eq!(
            calendar(Method::Feed, Some("x"), &[booking(1, false)]),
            calendar(Method::Feed, Some("x"), &[booking(1, false)])
        );
    }

    #[test]
    fn a_cancellation_withdraws_the_entry_and_a_reschedule_raises_the_sequence() {
        let text = calendar(Method::Cancel, None, &[booking(2, true)]);
        assert!(text.contains("METHOD:CANCEL\r\n") && text.contains("STATUS:CANCELLED\r\n"));
        assert!(text.contains("SEQUENCE:2\r\n"));
        let feed = calendar(Method::Feed, Some("Equilibre"), &[booking(1, false)]);
        assert!(!feed.contains("METHOD:") && feed.contains("X-WR-CALNAME:Equilibre"));
    }
}
