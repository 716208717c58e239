//! Booking reminders (24 hours and 1 hour before the start), one stream per
//! booking: `bookingreminder-{booking id}`. Each reminder sent is recorded
//! (`ReminderSent`) so it is sent once and shows in the booking's history.
//!
//! Rules:
//! * a confirmation or a reschedule arms both reminders for the (new)
//!   start, except one whose time has already passed then (the booking mail
//!   just told the parties);
//! * a reminder goes out only if, when it fires, the booking is still
//!   confirmed, still starts at the time it was armed for (a reschedule
//!   re-arms new ones and voids the old), has not started, and that reminder
//!   was not already sent for that start.

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::codec::EventSchema;

pub const CATEGORY: &str = "bookingreminder";

/// Which reminder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ReminderKind {
    /// 24 hours before the start.
    #[serde(rename = "24h")]
    Day,
    /// 1 hour before the start.
    #[serde(rename = "1h")]
    Hour,
}

impl ReminderKind {
    pub const ALL: [ReminderKind; 2] = [ReminderKind::Day, ReminderKind::Hour];

    pub fn before_start(self) -> TimeDelta {
        match self {
            ReminderKind::Day => TimeDelta::hours(24),
            ReminderKind::Hour => TimeDelta::hours(1),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ReminderKind::Day => "24h",
            ReminderKind::Hour => "1h",
        }
    }

    pub fn parse(raw: &str) -> Option<ReminderKind> {
        ReminderKind::ALL.into_iter().find(|k| k.as_str() == raw)
    }
}

/// How a reminder reached a party.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Email,
    Sms,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ReminderEvent {
    /// A reminder of the booking starting at `start` went to both parties
    /// (`client_channels`: e-mail, and SMS when the client prefers it).
    ReminderSent {
        booking_id: Uuid,
        kind: ReminderKind,
        start: DateTime<Utc>,
        client_channels: Vec<Channel>,
        at: DateTime<Utc>,
    },
}

impl EventSchema for ReminderEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// The reminders sent so far, folded from the stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reminders {
    pub sent: Vec<(ReminderKind, DateTime<Utc>)>,
}

impl Reminders {
    pub fn evolve(mut self, event: &ReminderEvent) -> Self {
        let ReminderEvent::ReminderSent { kind, start, .. } = event;
        self.sent.push((*kind, *start));
        self
    }
}

/// The reminders a confirmation or reschedule at `armed_at` arms for a
/// booking starting at `start`, with when each is due.
pub fn arm(start: DateTime<Utc>, armed_at: DateTime<Utc>) -> Vec<(ReminderKind, DateTime<Utc>)> {
    ReminderKind::ALL
        .into_iter()
        .map(|kind| (kind, start - kind.before_start()))
        .filter(|(_, due)| *due > armed_at)
        .collect()
}

/// The booking as a firing reminder sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookingNow {
    pub confirmed: bool,
    pub start: DateTime<Utc>,
}

/// Whether the reminder `kind` armed for `armed_start` goes out at `now`.
pub fn should_send(
    kind: ReminderKind,
    armed_start: DateTime<Utc>,
    booking: BookingNow,
    reminders: &Reminders,
    now: DateTime<Utc>,
) -> bool {
    booking.confirmed
        && booking.start == armed_start
        && now < armed_start
        && !reminders.sent.contains(&(kind, armed_start))
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone as _;

    use super::*;

    fn at(d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, d, h, 0, 0).unwrap()
    }

    #[test]
    fn a_confirmation_days_ahead_arms_both_reminders() {
        assert_eq!(
            arm(at(30, 9), at(24, 8)),
            [
                (ReminderKind::Day, at(29, 9)),
                (ReminderKind::Hour, at(30, 8))
            ]
        );
    }

    #[test]
    fn a_booking_made_less_than_a_day_ahead_gets_only_the_hour_reminder() {
        assert_eq!(
            arm(at(30, 9), at(29, 20)),
            [(ReminderKind::Hour, at(30, 8))]
        );
        assert!(arm(at(30, 9), at(30, 8)).is_empty());
    }

    #[test]
    fn a_reminder_goes_out_once_for_a_confirmed_booking_still_at_that_time() {
        let booking = BookingNow {
            confirmed: true,
            start: at(30, 9),
        };
        let none = Reminders::default();
        assert!(should_send(
            ReminderKind::Day,
            at(30, 9),
            booking,
            &none,
            at(29, 9)
        ));
        let sent = none.evolve(&ReminderEvent::ReminderSent {
            booking_id: Uuid::nil(),
            kind: ReminderKind::Day,
            start: at(30, 9),
            client_channels: vec![Channel::Email],
            at: at(29, 9),
        });
        assert!(!should_send(
            ReminderKind::Day,
            at(30, 9),
            booking,
            &sent,
            at(29, 9)
        ));
        assert!(should_send(
            ReminderKind::Hour,
            at(30, 9),
            booking,
            &sent,
            at(30, 8)
        ));
    }

    #[test]
    fn no_reminder_for_a_cancelled_or_moved_booking_or_after_the_start() {
        let none = Reminders::default();
        let cancelled = BookingNow {
            confirmed: false,
            start: at(30, 9),
        };
        assert!(!should_send(
            ReminderKind::Hour,
            at(30, 9),
            cancelled,
            &none,
            at(30, 8)
        ));
        let moved = BookingNow {
            confirmed: true,
            start: at(30, 15),
        };
        assert!(!should_send(
            ReminderKind::Hour,
            at(30, 9),
            moved,
            &none,
            at(30, 8)
        ));
        assert!(should_send(
            ReminderKind::Hour,
            at(30, 15),
            moved,
            &none,
            at(30, 14)
        ));
        let late = BookingNow {
            confirmed: true,
            start: at(30, 9),
        };
        assert!(!should_send(
            ReminderKind::Hour,
            at(30, 9),
            late,
            &none,
            at(30, 9)
        ));
    }
}
