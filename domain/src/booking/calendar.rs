//! The calendar streams (DESIGN §4): one per party per UTC day,
//! `calconsultant-{uuid v5(consultant, day)}` and `calclient-{uuid v5(client,
//! day)}`, with the name space being the party's id and the name the day as
//! `YYYY-MM-DD`. A booking reserves its interval on every day it overlaps,
//! for both parties, in its own atomic append: two bookings that overlap
//! share at least one such stream, so the second one's expected version
//! fails and, decided again, it sees the first one's interval.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use uuid::Uuid;

use super::CalendarEvent;

pub const CONSULTANT_CATEGORY: &str = "calconsultant";
pub const CLIENT_CATEGORY: &str = "calclient";

/// The entity id of `party`'s calendar stream for `day` (UTC).
pub fn day_entity(party: Uuid, day: NaiveDate) -> Uuid {
    Uuid::new_v5(&party, day.format("%Y-%m-%d").to_string().as_bytes())
}

/// The UTC days `[start, end)` touches.
pub fn days(start: DateTime<Utc>, end: DateTime<Utc>) -> Vec<NaiveDate> {
    let last = (end - TimeDelta::nanoseconds(1)).date_naive();
    start
        .date_naive()
        .iter_days()
        .take_while(|d| *d <= last)
        .collect()
}

/// One party's held or confirmed intervals on one day.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Calendar {
    pub intervals: BTreeMap<Uuid, (DateTime<Utc>, DateTime<Utc>)>,
}

impl Calendar {
    pub fn evolve(mut self, event: &CalendarEvent) -> Self {
        match event {
            CalendarEvent::IntervalReserved {
                booking_id,
                start,
                end,
                ..
            } => {
                self.intervals.insert(*booking_id, (*start, *end));
            }
            CalendarEvent::IntervalReleased { booking_id, .. } => {
                self.intervals.remove(booking_id);
            }
        }
        self
    }

    /// Whether `[start, end)` meets an interval of another booking.
    pub fn overlaps(&self, start: DateTime<Utc>, end: DateTime<Utc>, except: Uuid) -> bool {
        self.intervals
            .iter()
            .any(|(id, (s, e))| *id != except && *s < end && start < *e)
    }
}

/// A party's calendars, by day, as loaded for a decision.
pub type Calendars = BTreeMap<NaiveDate, Calendar>;

pub(super) fn overlaps_any(
    calendars: &Calendars,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    except: Uuid,
) -> bool {
    days(start, end).iter().any(|day| {
        calendars
            .get(day)
            .is_some_and(|c| c.overlaps(start, end, except))
    })
}
