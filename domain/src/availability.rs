//! A consultant's weekly availability and the slots it yields (DESIGN §4,
//! spec §3 days and shifts). Groundwork of the booking issue: the rules and
//! the slot arithmetic, which must hold across daylight-saving changes.
//!
//! Rules are written in the consultant's IANA time zone: a weekday and a
//! shift (morning 06–12, noon 12–14, afternoon 14–18, evening 18–22, night
//! 22–06, which belongs to the weekday it starts on) or an explicit range.
//! A window's local bounds become instants in that zone; slots of the
//! session's length are then stepped through absolute time from the
//! window's start to its end, so a slot never lasts more or less than the
//! session, whatever the clocks do:
//!
//! * a bound that does not exist locally (spring forward) becomes the first
//!   local time after the gap: 02:00–04:00 on that night yields 03:00–04:00;
//! * a bound that exists twice (fall back) takes the earlier offset, so
//!   01:00–04:00 on that night lasts four hours and offers four 1-hour slots.
//!
//! Days off remove every window that starts on them. Clients see the same
//! instants in their own zone ([`Slot::start_in`]).
//!
//! The schedule lives in `timings-{consultant}`: each `AvailabilitySet`
//! replaces the whole schedule ([`set`]). The zone is the one of the
//! consultant's basic profile, the session length and price those of the
//! profile details: they are read from the consultant's stream, not copied.

use std::collections::BTreeSet;

use chrono::{
    DateTime, Datelike as _, Days, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime,
    TimeZone as _, Utc, Weekday,
};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use crate::codec::EventSchema;
use crate::values::{SessionDuration, TimeZone};
use crate::{DomainError, FieldError, FieldErrors};

pub const CATEGORY: &str = "timings";

/// The spec's shifts (spec §3), with DESIGN §4's hours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Shift {
    Morning,
    Noon,
    Afternoon,
    Evening,
    Night,
}

impl Shift {
    /// Local start and end hours; the night ends the next day.
    pub fn hours(self) -> (u32, u32) {
        match self {
            Shift::Morning => (6, 12),
            Shift::Noon => (12, 14),
            Shift::Afternoon => (14, 18),
            Shift::Evening => (18, 22),
            Shift::Night => (22, 6),
        }
    }
}

/// When, on its weekday, a consultant is available.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Window {
    Shift(Shift),
    /// Local start and end; an end not after the start ends the next day.
    Range {
        start: NaiveTime,
        end: NaiveTime,
    },
}

impl Window {
    fn local_bounds(self, day: NaiveDate) -> (NaiveDateTime, NaiveDateTime) {
        let (start, end) = match self {
            Window::Shift(shift) => {
                let (from, to) = shift.hours();
                (
                    NaiveTime::from_hms_opt(from, 0, 0).expect("shift hours are valid"),
                    NaiveTime::from_hms_opt(to, 0, 0).expect("shift hours are valid"),
                )
            }
            Window::Range { start, end } => (start, end),
        };
        let end_day = if end <= start {
            day.checked_add_days(Days::new(1)).unwrap_or(day)
        } else {
            day
        };
        (day.and_time(start), end_day.and_time(end))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WeeklyRule {
    pub weekday: Weekday,
    pub window: Window,
}

/// A consultant's availability: weekly rules and days off, in their zone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Availability {
    pub timezone: TimeZone,
    pub rules: Vec<WeeklyRule>,
    pub days_off: BTreeSet<NaiveDate>,
}

/// A bookable time: `start` to `end`, absolute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl Slot {
    /// The start as a client in `zone` reads it.
    pub fn start_in(&self, zone: TimeZone) -> DateTime<Tz> {
        self.start.with_timezone(&zone.tz())
    }
}

/// The instant a local time names in `zone`: the earlier one when it exists
/// twice, the end of the gap when it does not exist.
fn instant(zone: Tz, local: NaiveDateTime) -> DateTime<Utc> {
    let mut probe = local;
    // Gaps last at most a few hours; a minute's step finds their end.
    for _ in 0..=(26 * 60) {
        match zone.from_local_datetime(&probe) {
            LocalResult::Single(at) => return at.with_timezone(&Utc),
            LocalResult::Ambiguous(earlier, _) => return earlier.with_timezone(&Utc),
            LocalResult::None => probe += Duration::minutes(1),
        }
    }
    // No zone has such a gap; read the local time as UTC rather than fail.
    Utc.from_utc_datetime(&local)
}

impl Availability {
    /// Every slot of `duration` that starts at or after `from` and ends by
    /// `to`, in order.
    pub fn slots(
        &self,
        duration: SessionDuration,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Vec<Slot> {
        let zone = self.timezone.tz();
        let length = duration.as_duration();
        // A night window starts the local day before `from`'s.
        let first_day = from
            .with_timezone(&zone)
            .date_naive()
            .pred_opt()
            .unwrap_or(NaiveDate::MIN);
        let last_day = to.with_timezone(&zone).date_naive();
        let mut slots = BTreeSet::new();
        for day in first_day.iter_days().take_while(|d| *d <= last_day) {
            if self.days_off.contains(&day) {
                continue;
            }
            for rule in self.rules.iter().filter(|r| r.weekday == day.weekday()) {
                let (local_start, local_end) = rule.window.local_bounds(day);
                let (start, end) = (instant(zone, local_start), instant(zone, local_end));
                let mut at = start;
                while at + length <= end {
                    if at >= from && at + length <= to {
                        slots.insert(Slot {
                            start: at,
                            end: at + length,
                        });
                    }
                    at += length;
                }
            }
        }
        slots.into_iter().collect()
    }
}

/// A weekday as the API and the events write it (`sunday` … `saturday`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum DayName {
    Sunday,
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
}

impl From<DayName> for Weekday {
    fn from(day: DayName) -> Weekday {
        match day {
            DayName::Sunday => Weekday::Sun,
            DayName::Monday => Weekday::Mon,
            DayName::Tuesday => Weekday::Tue,
            DayName::Wednesday => Weekday::Wed,
            DayName::Thursday => Weekday::Thu,
            DayName::Friday => Weekday::Fri,
            DayName::Saturday => Weekday::Sat,
        }
    }
}

/// One weekly rule as typed and as recorded: a weekday and either a shift
/// or a local range `"HH:MM"`–`"HH:MM"` (an end not after the start ends
/// the next day). Recorded only once valid ([`set`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TimingRule {
    pub weekday: DayName,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shift: Option<Shift>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<String>,
}

/// Local times are written `HH:MM` on a 5-minute grid.
fn parse_hhmm(raw: &str) -> Result<NaiveTime, FieldError> {
    let invalid = || FieldError::new("time.invalid");
    let time = NaiveTime::parse_from_str(raw.trim(), "%H:%M").map_err(|_| invalid())?;
    if chrono::Timelike::minute(&time).is_multiple_of(5) {
        Ok(time)
    } else {
        Err(invalid())
    }
}

impl TimingRule {
    fn window(&self) -> Result<Window, (&'static str, FieldError)> {
        match (self.shift, &self.start, &self.end) {
            (Some(shift), None, None) => Ok(Window::Shift(shift)),
            (None, Some(start), Some(end)) => {
                let start = parse_hhmm(start).map_err(|e| ("start", e))?;
                let end = parse_hhmm(end).map_err(|e| ("end", e))?;
                if start == end {
                    return Err(("end", FieldError::new("time_range.empty")));
                }
                Ok(Window::Range { start, end })
            }
            _ => Err(("shift", FieldError::new("timing.shift_or_range"))),
        }
    }

    fn weekly(&self) -> Option<WeeklyRule> {
        self.window().ok().map(|window| WeeklyRule {
            weekday: self.weekday.into(),
            window,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum AvailabilityEvent {
    /// The whole schedule, replacing the previous one. A projection copies
    /// `rules` (weekday + shift or local `start`/`end`) and `days_off`
    /// (local dates in the consultant's zone) as they are.
    AvailabilitySet {
        rules: Vec<TimingRule>,
        days_off: Vec<NaiveDate>,
        at: DateTime<Utc>,
    },
}

impl EventSchema for AvailabilityEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// A consultant's schedule, folded from `timings-{consultant}`; the zone
/// comes from the profile ([`Timings::in_zone`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timings {
    pub rules: Vec<TimingRule>,
    pub days_off: BTreeSet<NaiveDate>,
}

impl Timings {
    pub fn evolve(mut self, event: &AvailabilityEvent) -> Self {
        match event {
            AvailabilityEvent::AvailabilitySet {
                rules, days_off, ..
            } => {
                self.rules = rules.clone();
                self.days_off = days_off.iter().copied().collect();
            }
        }
        self
    }

    /// The schedule read in the consultant's zone.
    pub fn in_zone(&self, timezone: TimeZone) -> Availability {
        Availability {
            timezone,
            rules: self.rules.iter().filter_map(TimingRule::weekly).collect(),
            days_off: self.days_off.clone(),
        }
    }
}

/// At most this many weekly rules and days off: a schedule, not a calendar dump.
pub const MAX_RULES: usize = 70;
pub const MAX_DAYS_OFF: usize = 400;

/// Replaces the schedule. Each rule needs a shift or a valid range
/// (`rules[i].start`, …); days off are kept sorted and once each.
/// Setting the same schedule again records nothing.
pub fn set(
    current: &Timings,
    rules: Vec<TimingRule>,
    days_off: Vec<NaiveDate>,
    now: DateTime<Utc>,
) -> Result<Vec<AvailabilityEvent>, DomainError> {
    let mut errors = FieldErrors::default();
    if rules.len() > MAX_RULES {
        errors.add(
            "rules",
            FieldError::new("list.too_many").with("max", MAX_RULES),
        );
    }
    if days_off.len() > MAX_DAYS_OFF {
        errors.add(
            "days_off",
            FieldError::new("list.too_many").with("max", MAX_DAYS_OFF),
        );
    }
    let mut rules = rules;
    for (i, rule) in rules.iter_mut().enumerate() {
        match rule.window() {
            // A range ends after it starts, or at midnight (`00:00`): a
            // range such as 12:00–09:00 is a slip, not 21 hours of work.
            // (Recorded overnight ranges still read as ending the next day.)
            Ok(Window::Range { start, end }) if end < start && end != NaiveTime::MIN => {
                errors.add(
                    &format!("rules[{i}].end"),
                    FieldError::new("time_range.inverted"),
                );
            }
            Ok(Window::Range { start, end }) => {
                // Recorded in one spelling, `HH:MM`.
                rule.start = Some(start.format("%H:%M").to_string());
                rule.end = Some(end.format("%H:%M").to_string());
            }
            Ok(Window::Shift(_)) => {}
            Err((field, error)) => errors.add(&format!("rules[{i}].{field}"), error),
        }
    }
    errors.into_result()?;
    let days_off: Vec<NaiveDate> = days_off
        .into_iter()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if rules == current.rules && days_off.iter().eq(current.days_off.iter()) {
        return Ok(Vec::new());
    }
    Ok(vec![AvailabilityEvent::AvailabilitySet {
        rules,
        days_off,
        at: now,
    }])
}

#[cfg(test)]
mod tests {
    use chrono::Timelike;

    use super::*;

    fn zone(name: &str) -> TimeZone {
        TimeZone::parse(name).unwrap()
    }

    fn minutes(m: i64) -> SessionDuration {
        SessionDuration::parse(Some(m)).unwrap()
    }

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap()
    }

    fn range(weekday: Weekday, start: (u32, u32), end: (u32, u32)) -> WeeklyRule {
        WeeklyRule {
            weekday,
            window: Window::Range {
                start: NaiveTime::from_hms_opt(start.0, start.1, 0).unwrap(),
                end: NaiveTime::from_hms_opt(end.0, end.1, 0).unwrap(),
            },
        }
    }

    fn paris(rules: Vec<WeeklyRule>) -> Availability {
        Availability {
            timezone: zone("Europe/Paris"),
            rules,
            days_off: BTreeSet::new(),
        }
    }

    fn local_starts(slots: &[Slot], zone_name: &str) -> Vec<String> {
        slots
            .iter()
            .map(|s| {
                s.start_in(zone(zone_name))
                    .format("%Y-%m-%d %H:%M %:z")
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn a_morning_shift_yields_slots_of_the_session_length_in_the_consultants_zone() {
        // Given a consultant in Paris available on Monday mornings, 45-minute sessions
        let availability = paris(vec![WeeklyRule {
            weekday: Weekday::Mon,
            window: Window::Shift(Shift::Morning),
        }]);
        // When a client looks at the week of Monday 2026-11-23
        let slots = availability.slots(
            minutes(45),
            utc(2026, 11, 22, 0, 0),
            utc(2026, 11, 29, 0, 0),
        );
        // Then 06:00 to 11:15 Paris time (UTC+1), eight slots, none past noon
        assert_eq!(slots.len(), 8);
        assert_eq!(slots[0].start, utc(2026, 11, 23, 5, 0));
        assert_eq!(slots[7].end, utc(2026, 11, 23, 11, 0));
        assert!(
            slots
                .iter()
                .all(|s| s.end - s.start == Duration::minutes(45))
        );
    }

    #[test]
    fn spring_forward_skips_the_missing_hour_without_shifting_the_others() {
        // Given 01:00–05:00 on Sunday 2026-03-29, when Paris jumps from 02:00 to 03:00
        let availability = paris(vec![range(Weekday::Sun, (1, 0), (5, 0))]);
        let slots = availability.slots(minutes(60), utc(2026, 3, 28, 0, 0), utc(2026, 3, 30, 0, 0));
        // Then 01:00, 03:00 and 04:00 local: the three hours that exist, each one hour long
        assert_eq!(
            local_starts(&slots, "Europe/Paris"),
            [
                "2026-03-29 01:00 +01:00",
                "2026-03-29 03:00 +02:00",
                "2026-03-29 04:00 +02:00"
            ]
        );
    }

    #[test]
    fn a_window_starting_inside_the_gap_starts_when_the_clock_resumes() {
        let availability = paris(vec![range(Weekday::Sun, (2, 0), (4, 0))]);
        let slots = availability.slots(minutes(30), utc(2026, 3, 28, 0, 0), utc(2026, 3, 30, 0, 0));
        assert_eq!(
            local_starts(&slots, "Europe/Paris"),
            ["2026-03-29 03:00 +02:00", "2026-03-29 03:30 +02:00"]
        );
    }

    #[test]
    fn fall_back_offers_the_repeated_hour_twice_and_nothing_shifts() {
        // Given 01:00–04:00 on Sunday 2026-10-25, when Paris goes back from 03:00 to 02:00
        let availability = paris(vec![range(Weekday::Sun, (1, 0), (4, 0))]);
        let slots = availability.slots(
            minutes(60),
            utc(2026, 10, 24, 0, 0),
            utc(2026, 10, 26, 0, 0),
        );
        // Then four hours of absolute time: 02:00 comes in summer and in winter time
        assert_eq!(
            local_starts(&slots, "Europe/Paris"),
            [
                "2026-10-25 01:00 +02:00",
                "2026-10-25 02:00 +02:00",
                "2026-10-25 02:00 +01:00",
                "2026-10-25 03:00 +01:00"
            ]
        );
    }

    #[test]
    fn the_same_weekly_rule_keeps_its_local_hours_on_both_sides_of_a_change() {
        // Given Fridays 09:00–10:00 in Paris, before and after 2026-10-25
        let availability = paris(vec![range(Weekday::Fri, (9, 0), (10, 0))]);
        let slots =
            availability.slots(minutes(60), utc(2026, 10, 20, 0, 0), utc(2026, 11, 1, 0, 0));
        // Then 09:00 local both weeks: 07:00 UTC in summer time, 08:00 UTC in winter time
        assert_eq!(
            slots.iter().map(|s| s.start).collect::<Vec<_>>(),
            [utc(2026, 10, 23, 7, 0), utc(2026, 10, 30, 8, 0)]
        );
    }

    #[test]
    fn clients_in_other_zones_see_the_same_instants_in_their_own_time() {
        let availability = paris(vec![range(Weekday::Fri, (9, 0), (10, 0))]);
        let slots =
            availability.slots(minutes(60), utc(2026, 10, 20, 0, 0), utc(2026, 11, 1, 0, 0));
        // Montreal changes a week later (2026-11-01) than Paris: on 10-30 the gap is 5 hours, not 6
        assert_eq!(
            local_starts(&slots, "America/Montreal"),
            ["2026-10-23 03:00 -04:00", "2026-10-30 04:00 -04:00"]
        );
        // Kolkata has no daylight saving: +05:30 both weeks
        assert_eq!(
            local_starts(&slots, "Asia/Kolkata"),
            ["2026-10-23 12:30 +05:30", "2026-10-30 13:30 +05:30"]
        );
    }

    #[test]
    fn the_night_shift_belongs_to_the_day_it_starts_and_crosses_midnight() {
        let availability = paris(vec![WeeklyRule {
            weekday: Weekday::Sat,
            window: Window::Shift(Shift::Night),
        }]);
        // Looking only at Sunday: the slots of Saturday's night that fall on Sunday are there
        let slots = availability.slots(
            minutes(120),
            utc(2026, 11, 28, 23, 0),
            utc(2026, 11, 30, 0, 0),
        );
        assert_eq!(
            local_starts(&slots, "Europe/Paris"),
            [
                "2026-11-29 00:00 +01:00",
                "2026-11-29 02:00 +01:00",
                "2026-11-29 04:00 +01:00"
            ]
        );
    }

    #[test]
    fn a_day_off_removes_that_days_windows_only() {
        let mut availability = paris(vec![
            range(Weekday::Mon, (9, 0), (10, 0)),
            range(Weekday::Tue, (9, 0), (10, 0)),
        ]);
        availability
            .days_off
            .insert(NaiveDate::from_ymd_opt(2026, 11, 23).unwrap());
        let slots = availability.slots(
            minutes(60),
            utc(2026, 11, 22, 0, 0),
            utc(2026, 11, 25, 0, 0),
        );
        assert_eq!(
            local_starts(&slots, "Europe/Paris"),
            ["2026-11-24 09:00 +01:00"]
        );
    }

    #[test]
    fn a_slot_that_would_overrun_the_window_or_the_asked_period_is_not_offered() {
        // 09:00–10:00 with 45-minute sessions: one slot, not a second one ending 10:30
        let availability = paris(vec![range(Weekday::Mon, (9, 0), (10, 0))]);
        let slots = availability.slots(
            minutes(45),
            utc(2026, 11, 22, 0, 0),
            utc(2026, 11, 24, 0, 0),
        );
        assert_eq!(slots.len(), 1);
        // Asking from 08:30 UTC (09:30 local) leaves nothing: the slot started before
        let later = availability.slots(
            minutes(45),
            utc(2026, 11, 23, 8, 30),
            utc(2026, 11, 24, 0, 0),
        );
        assert!(later.is_empty());
        assert_eq!(slots[0].start_in(zone("Europe/Paris")).hour(), 9);
    }

    #[test]
    fn overlapping_rules_do_not_offer_a_slot_twice() {
        let availability = paris(vec![
            WeeklyRule {
                weekday: Weekday::Mon,
                window: Window::Shift(Shift::Morning),
            },
            range(Weekday::Mon, (6, 0), (8, 0)),
        ]);
        let slots = availability.slots(
            minutes(60),
            utc(2026, 11, 22, 0, 0),
            utc(2026, 11, 24, 0, 0),
        );
        assert_eq!(slots.len(), 6);
    }
}

#[cfg(test)]
mod timing_tests {
    use chrono::TimeZone as _;

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 8, 0, 0).unwrap()
    }

    fn rule(shift: Option<Shift>, start: Option<&str>, end: Option<&str>) -> TimingRule {
        TimingRule {
            weekday: DayName::Monday,
            shift,
            start: start.map(str::to_owned),
            end: end.map(str::to_owned),
        }
    }

    #[test]
    fn a_schedule_is_recorded_in_one_spelling_and_replaces_the_previous_one() {
        let day = NaiveDate::from_ymd_opt(2026, 12, 25).unwrap();
        let events = set(
            &Timings::default(),
            vec![
                rule(None, Some("9:05"), Some("12:30")),
                rule(Some(Shift::Evening), None, None),
            ],
            vec![day, day],
            now(),
        )
        .unwrap();
        let timings = events.iter().fold(Timings::default(), Timings::evolve);
        assert_eq!(timings.rules[0].start.as_deref(), Some("09:05"));
        assert_eq!(timings.days_off.len(), 1);
        // The same schedule again records nothing; an empty one clears it
        let again = set(&timings, timings.rules.clone(), vec![day], now()).unwrap();
        assert!(again.is_empty());
        let cleared = set(&timings, vec![], vec![], now()).unwrap();
        assert_eq!(
            cleared.iter().fold(timings, Timings::evolve),
            Timings::default()
        );
    }

    #[test]
    fn each_rule_needs_a_shift_or_a_valid_range() {
        let Err(DomainError::Invalid(errors)) = set(
            &Timings::default(),
            vec![
                rule(None, None, None),
                rule(Some(Shift::Morning), Some("09:00"), Some("10:00")),
                rule(None, Some("25:00"), Some("10:00")),
                rule(None, Some("09:00"), Some("09:00")),
                rule(None, Some("09:03"), Some("10:00")),
                rule(None, Some("12:00"), Some("09:00")),
                rule(None, Some("22:00"), Some("00:00")),
            ],
            vec![],
            now(),
        ) else {
            panic!("expected field errors");
        };
        let fields: Vec<&str> = errors.0.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "rules[0].shift",
                "rules[1].shift",
                "rules[2].start",
                "rules[3].end",
                "rules[4].start",
                "rules[5].end"
            ]
        );
        assert_eq!(errors.0["rules[5].end"].code, "time_range.inverted");
    }

    #[test]
    fn the_schedule_is_read_in_the_consultants_zone() {
        let events = set(
            &Timings::default(),
            vec![rule(None, Some("09:00"), Some("10:00"))],
            vec![],
            now(),
        )
        .unwrap();
        let timings = events.iter().fold(Timings::default(), Timings::evolve);
        let kolkata = timings.in_zone(TimeZone::parse("Asia/Kolkata").unwrap());
        let slots = kolkata.slots(
            SessionDuration::parse(Some(60)).unwrap(),
            now(),
            now() + Duration::days(7),
        );
        // Monday 2026-11-30 09:00 in Kolkata is 03:30 UTC
        assert_eq!(
            slots[0].start,
            Utc.with_ymd_and_hms(2026, 11, 30, 3, 30, 0).unwrap()
        );
    }

    #[test]
    fn rules_serialise_as_the_api_writes_them() {
        let json = serde_json::to_value(rule(Some(Shift::Night), None, None)).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"weekday": "monday", "shift": "night"})
        );
    }
}
