//! The waiting list (docs/rules.md "Waiting list", admin
//! `view-user-waiting-list`): a visitor leaves an address for one expert or
//! one speciality and a range of days in France, and is mailed a free slot
//! in that range when one turns up, at most once a day, oldest entries
//! first.
//!
//! One stream per entry, `waitlist-{id}`. The address is personal data: a
//! forgettable payload of the entry, shredded when the visitor leaves (the
//! link in every mail) or an administrator deletes the entry on request.
//! Which slot goes to whom is decided here ([`share_out`]); the reactions
//! find the free slots and record each offer through [`offer`].

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::availability::Slot;
use crate::codec::EventSchema;
use crate::values::Language;
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

pub const CATEGORY: &str = "waitlist";
/// Entries an address makes in a day, at most; beyond, nothing is kept.
pub const PER_ADDRESS_PER_DAY: u32 = 5;
/// The first day is at most this many days ahead.
pub const FIRST_DAY_AHEAD: i64 = 90;
/// The last day is at most this many days after the first.
pub const RANGE_DAYS: i64 = 30;
/// An entry is mailed at most once in this time.
pub const MAIL_GAP: TimeDelta = TimeDelta::hours(24);

/// Days and slot times are those of France, where the marketplace is.
pub const HOME_ZONE: chrono_tz::Tz = chrono_tz::Europe::Paris;

/// The day in France of an instant.
pub fn home_day(at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&HOME_ZONE).date_naive()
}

/// What an entry waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WaitTarget {
    Expert { consultant_id: Uuid },
    Speciality { specialization_id: Uuid },
}

/// The days an entry waits for, both included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitDays {
    pub from: NaiveDate,
    pub to: NaiveDate,
}

impl WaitDays {
    /// `from` from `today` to [`FIRST_DAY_AHEAD`] days ahead, `to` from
    /// `from` to [`RANGE_DAYS`] after it; both checked at once.
    pub fn parse(from: &str, to: &str, today: NaiveDate) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::default();
        let day = |raw: &str| {
            let raw = raw.trim();
            if raw.is_empty() {
                return Err(FieldError::new("field.required"));
            }
            NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| FieldError::new("date.invalid"))
        };
        let from = errors.check(
            "from",
            day(from).and_then(|d| {
                if d < today {
                    Err(FieldError::new("date.past"))
                } else if (d - today).num_days() > FIRST_DAY_AHEAD {
                    Err(FieldError::new("date.too_far").with("days", FIRST_DAY_AHEAD))
                } else {
                    Ok(d)
                }
            }),
        );
        let to = errors.check("to", day(to));
        if let (Some(from), Some(to)) = (from, to) {
            if to < from {
                errors.add("to", FieldError::new("date.not_before_start"));
            } else if (to - from).num_days() > RANGE_DAYS {
                errors.add(
                    "to",
                    FieldError::new("date.range_too_long").with("days", RANGE_DAYS + 1),
                );
            }
        }
        errors.into_result()?;
        match (from, to) {
            (Some(from), Some(to)) => Ok(WaitDays { from, to }),
            _ => Err(DomainError::Rule(RuleCode::NotFound)),
        }
    }

    /// Whether a slot starts on one of the days, in France.
    pub fn holds(&self, slot: &Slot) -> bool {
        let day = home_day(slot.start);
        self.from <= day && day <= self.to
    }

    /// Whether the last day is over.
    pub fn over(&self, now: DateTime<Utc>) -> bool {
        home_day(now) > self.to
    }
}

/// Exactly one of an expert and a speciality.
pub fn target(
    consultant_id: Option<Uuid>,
    specialization_id: Option<Uuid>,
) -> Result<WaitTarget, DomainError> {
    match (consultant_id, specialization_id) {
        (Some(consultant_id), None) => Ok(WaitTarget::Expert { consultant_id }),
        (None, Some(specialization_id)) => Ok(WaitTarget::Speciality { specialization_id }),
        _ => Err(DomainError::field(
            "consultant_id",
            FieldError::new("waiting_list.choose_one"),
        )),
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum WaitingListEvent {
    /// `contact` holds `{email, leave_link}` as JSON.
    WaitingListJoined {
        entry_id: Uuid,
        target: WaitTarget,
        days: WaitDays,
        language: Language,
        contact: PayloadRef,
        at: DateTime<Utc>,
    },
    /// A free slot mailed to the entry.
    WaitingListSlotOffered {
        entry_id: Uuid,
        consultant_id: Uuid,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// By the visitor (their link); the caller shreds the address.
    WaitingListLeft { entry_id: Uuid, at: DateTime<Utc> },
    /// On request, by an administrator; the caller shreds the address.
    WaitingListEntryDeleted {
        entry_id: Uuid,
        admin_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for WaitingListEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum EntryStatus {
    #[default]
    None,
    Waiting,
    Left,
    Deleted,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WaitingEntry {
    pub status: EntryStatus,
    pub target: Option<WaitTarget>,
    pub days: Option<WaitDays>,
    pub joined_at: Option<DateTime<Utc>>,
    pub offered_at: Option<DateTime<Utc>>,
}

impl WaitingEntry {
    pub fn evolve(mut self, event: &WaitingListEvent) -> Self {
        match event {
            WaitingListEvent::WaitingListJoined {
                target, days, at, ..
            } => {
                self.status = EntryStatus::Waiting;
                self.target = Some(*target);
                self.days = Some(*days);
                self.joined_at = Some(*at);
            }
            WaitingListEvent::WaitingListSlotOffered { at, .. } => self.offered_at = Some(*at),
            WaitingListEvent::WaitingListLeft { .. } => self.status = EntryStatus::Left,
            WaitingListEvent::WaitingListEntryDeleted { .. } => self.status = EntryStatus::Deleted,
        }
        self
    }
}

/// Whether an entry last mailed at `offered_at` may be mailed at `now`.
pub fn rested(offered_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    offered_at.is_none_or(|at| now - at >= MAIL_GAP)
}

/// Records an entry; the caller stores `{email, leave_link}` under the
/// returned key.
pub fn join(
    entry_id: Uuid,
    target: WaitTarget,
    days: WaitDays,
    language: Language,
    now: DateTime<Utc>,
) -> Vec<WaitingListEvent> {
    vec![WaitingListEvent::WaitingListJoined {
        entry_id,
        target,
        days,
        language,
        contact: PayloadRef {
            subject: entry_id,
            key: format!("waiting-list-{entry_id}"),
        },
        at: now,
    }]
}

/// Offers `slot` of `consultant_id` to the entry: nothing when it no longer
/// waits, its days are over or do not hold the slot, or it was mailed less
/// than [`MAIL_GAP`] ago.
pub fn offer(
    entry: &WaitingEntry,
    entry_id: Uuid,
    consultant_id: Uuid,
    slot: Slot,
    now: DateTime<Utc>,
) -> Vec<WaitingListEvent> {
    let Some(days) = entry.days else {
        return Vec::new();
    };
    if entry.status != EntryStatus::Waiting
        || days.over(now)
        || !days.holds(&slot)
        || slot.start <= now
        || !rested(entry.offered_at, now)
    {
        return Vec::new();
    }
    vec![WaitingListEvent::WaitingListSlotOffered {
        entry_id,
        consultant_id,
        start: slot.start,
        end: slot.end,
        at: now,
    }]
}

/// The visitor leaves (twice is fine: nothing the second time).
pub fn leave(entry: &WaitingEntry, entry_id: Uuid, now: DateTime<Utc>) -> Vec<WaitingListEvent> {
    if entry.status != EntryStatus::Waiting {
        return Vec::new();
    }
    vec![WaitingListEvent::WaitingListLeft { entry_id, at: now }]
}

/// Deletes an entry on request; one never made or already gone is not found.
pub fn delete(
    entry: &WaitingEntry,
    entry_id: Uuid,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<WaitingListEvent>, DomainError> {
    if entry.status != EntryStatus::Waiting {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    Ok(vec![WaitingListEvent::WaitingListEntryDeleted {
        entry_id,
        admin_id,
        at: now,
    }])
}

/// An entry as the reactions see it when slots turn up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub entry_id: Uuid,
    pub joined_at: DateTime<Utc>,
    pub days: WaitDays,
    pub offered_at: Option<DateTime<Utc>>,
    /// The experts whose slots serve it (the one named, or those of the
    /// speciality).
    pub consultants: Vec<Uuid>,
}

/// Shares free slots out, first come first served: entries in the order
/// they were made (oldest first), each that may be mailed now gets the
/// earliest free slot on its days that no earlier entry got, so one free
/// slot goes to one entry at a time.
pub fn share_out(
    candidates: &[Candidate],
    free: &BTreeMap<Uuid, Vec<Slot>>,
    now: DateTime<Utc>,
) -> Vec<(Uuid, Uuid, Slot)> {
    let mut order: Vec<&Candidate> = candidates.iter().collect();
    order.sort_by_key(|c| (c.joined_at, c.entry_id));
    let mut given: BTreeSet<(Uuid, DateTime<Utc>)> = BTreeSet::new();
    let mut offers = Vec::new();
    for candidate in order {
        if candidate.days.over(now) || !rested(candidate.offered_at, now) {
            continue;
        }
        let best = candidate
            .consultants
            .iter()
            .flat_map(|consultant| {
                free.get(consultant)
                    .into_iter()
                    .flatten()
                    .map(move |slot| (*consultant, *slot))
            })
            .filter(|(consultant, slot)| {
                slot.start > now
                    && candidate.days.holds(slot)
                    && !given.contains(&(*consultant, slot.start))
            })
            .min_by_key(|(consultant, slot)| (slot.start, *consultant));
        if let Some((consultant, slot)) = best {
            given.insert((consultant, slot.start));
            offers.push((candidate.entry_id, consultant, slot));
        }
    }
    offers
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(day: u32, hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, day, hour, 0, 0).unwrap()
    }

    fn slot(day: u32, hour: u32) -> Slot {
        Slot {
            start: at(day, hour),
            end: at(day, hour) + TimeDelta::minutes(45),
        }
    }

    fn date(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, day).unwrap()
    }

    fn candidate(n: u128, joined: u32, days: (u32, u32), consultants: &[Uuid]) -> Candidate {
        Candidate {
            entry_id: Uuid::from_u128(n),
            joined_at: at(1, joined),
            days: WaitDays {
                from: date(days.0),
                to: date(days.1),
            },
            offered_at: None,
            consultants: consultants.to_vec(),
        }
    }

    #[test]
    fn days_are_checked_together_and_in_a_sane_window() {
        let today = date(1);
        assert_eq!(
            WaitDays::parse("2026-12-03", "2026-12-10", today).unwrap(),
            WaitDays {
                from: date(3),
                to: date(10)
            }
        );
        let fields = |from: &str, to: &str| match WaitDays::parse(from, to, today) {
            Err(DomainError::Invalid(errors)) => errors
                .0
                .iter()
                .map(|(k, v)| format!("{k}:{}", v.code))
                .collect::<Vec<_>>(),
            other => panic!("refused: {other:?}"),
        };
        assert_eq!(
            fields("2026-11-30", ""),
            ["from:date.past", "to:field.required"]
        );
        assert_eq!(
            fields("2026-12-05", "2026-12-04"),
            ["to:date.not_before_start"]
        );
        assert_eq!(
            fields("2026-12-01", "2027-01-01"),
            ["to:date.range_too_long"]
        );
        assert_eq!(fields("2027-03-02", "2027-03-03"), ["from:date.too_far"]);
        assert_eq!(fields("1er décembre", "2026-12-02"), ["from:date.invalid"]);
        // A one-day range and a 31-day one are fine.
        assert!(WaitDays::parse("2026-12-01", "2026-12-01", today).is_ok());
        assert!(WaitDays::parse("2026-12-01", "2026-12-31", today).is_ok());
    }

    #[test]
    fn an_entry_waits_for_exactly_one_thing() {
        let id = Some(Uuid::from_u128(7));
        assert!(target(id, None).is_ok() && target(None, id).is_ok());
        assert!(target(id, id).is_err() && target(None, None).is_err());
    }

    #[test]
    fn days_are_those_of_france() {
        let days = WaitDays {
            from: date(2),
            to: date(2),
        };
        // 23:30 UTC on the 1st is 00:30 on the 2nd in Paris.
        let late = Slot {
            start: Utc.with_ymd_and_hms(2026, 12, 1, 23, 30, 0).unwrap(),
            end: at(2, 0) + TimeDelta::minutes(15),
        };
        assert!(days.holds(&late));
        assert!(!days.holds(&slot(2, 23)), "00:00 on the 3rd in Paris");
    }

    #[test]
    fn an_entry_is_mailed_at_most_once_a_day_and_only_while_it_waits() {
        let id = Uuid::from_u128(1);
        let expert = Uuid::from_u128(9);
        let target = WaitTarget::Expert {
            consultant_id: expert,
        };
        let days = WaitDays {
            from: date(2),
            to: date(6),
        };
        let mut entry = join(id, target, days, Language::Fr, at(1, 8))
            .iter()
            .fold(WaitingEntry::default(), |s, e| s.evolve(e));
        let offered = offer(&entry, id, expert, slot(3, 9), at(1, 10));
        assert_eq!(offered.len(), 1);
        entry = offered.iter().fold(entry, |s, e| s.evolve(e));
        assert!(offer(&entry, id, expert, slot(3, 10), at(2, 9)).is_empty());
        assert_eq!(offer(&entry, id, expert, slot(3, 10), at(2, 10)).len(), 1);
        assert!(
            offer(&entry, id, expert, slot(8, 10), at(2, 10)).is_empty(),
            "outside its days"
        );
        assert!(
            offer(&entry, id, expert, slot(6, 10), at(7, 10)).is_empty(),
            "its days are over"
        );
        let left = leave(&entry, id, at(2, 11));
        entry = left.iter().fold(entry, |s, e| s.evolve(e));
        assert!(leave(&entry, id, at(2, 12)).is_empty(), "leaving twice");
        assert!(offer(&entry, id, expert, slot(4, 10), at(3, 12)).is_empty());
        assert_eq!(
            delete(&entry, id, Uuid::from_u128(2), at(3, 12)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }

    #[test]
    fn slots_go_to_the_oldest_entries_first_one_entry_per_slot() {
        let (a, b) = (Uuid::from_u128(100), Uuid::from_u128(200));
        let free = BTreeMap::from([(a, vec![slot(3, 9), slot(4, 9)]), (b, vec![slot(3, 8)])]);
        let now = at(1, 12);
        let candidates = vec![
            // Made last: gets what is left.
            candidate(3, 11, (2, 6), &[a]),
            // Made first, for a speciality both experts share: the earliest.
            candidate(1, 9, (2, 6), &[a, b]),
            candidate(2, 10, (3, 3), &[a]),
            // Mailed an hour ago: waits for tomorrow.
            Candidate {
                offered_at: Some(at(1, 11)),
                ..candidate(4, 8, (2, 6), &[a])
            },
            // Nothing on its days.
            candidate(5, 8, (10, 12), &[a, b]),
        ];
        assert_eq!(
            share_out(&candidates, &free, now),
            vec![
                (Uuid::from_u128(1), b, slot(3, 8)),
                (Uuid::from_u128(2), a, slot(3, 9)),
                (Uuid::from_u128(3), a, slot(4, 9)),
            ]
        );
        // One free slot, three waiting: only the oldest is mailed.
        let one = BTreeMap::from([(a, vec![slot(4, 9)])]);
        assert_eq!(
            share_out(&candidates[..3], &one, now),
            vec![(Uuid::from_u128(1), a, slot(4, 9))]
        );
    }
}
