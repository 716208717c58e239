//! Given / when / then, no database: each rule of the booking aggregate.

use chrono::{DateTime, TimeDelta, TimeZone as _, Utc};
use uuid::Uuid;

use super::*;
use crate::availability::{self, DayName, Shift, TimingRule, Timings};
use crate::client_file::{ClientFile, ClientFileEvent};
use crate::consultant::{Consultant, ConsultantStatus, PublicDetails};
use crate::coupon::{self, Coupon, CouponEvent, CouponForm};
use crate::values::{Currency, Money, SessionDuration, TimeZone};
use crate::{DomainError, RuleCode};

const EXPERT: Uuid = Uuid::from_u128(0xE0);
const CLIENT: Uuid = Uuid::from_u128(0xC1);
const OTHER_CLIENT: Uuid = Uuid::from_u128(0xC2);
const BOOKING: Uuid = Uuid::from_u128(0xB1);
const SECOND: Uuid = Uuid::from_u128(0xB2);
const COUPON: Uuid = Uuid::from_u128(0xC0);

fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap()
}

/// Monday 2026-11-23, 08:00 UTC.
fn now() -> DateTime<Utc> {
    utc(2026, 11, 23, 8, 0)
}

/// Tuesday 2026-11-24 09:00 Paris (UTC+1).
fn tuesday_9() -> DateTime<Utc> {
    utc(2026, 11, 24, 8, 0)
}

fn eur(minor: i64) -> Money {
    Money::new(minor, Currency::Eur)
}

fn expert(minutes: i64, free_first: bool) -> Consultant {
    let mut consultant = Consultant::default();
    consultant.status = ConsultantStatus::Approved;
    consultant.timezone = Some(TimeZone::parse("Europe/Paris").unwrap());
    consultant.details = Some(PublicDetails {
        keyword_ids: vec![],
        objective_ids: vec![],
        disorder_ids: vec![],
        specialisation_ids: vec![],
        price: eur(6000),
        session_duration: SessionDuration::parse(Some(minutes)).unwrap(),
        languages: vec![],
        first_consultation_free: free_first,
    });
    consultant
}

fn range(weekday: DayName, start: &str, end: &str) -> TimingRule {
    TimingRule {
        weekday,
        shift: None,
        start: Some(start.into()),
        end: Some(end.into()),
    }
}

fn timings(rules: Vec<TimingRule>) -> Timings {
    let events = availability::set(&Timings::default(), rules, vec![], now()).unwrap();
    events.iter().fold(Timings::default(), Timings::evolve)
}

fn consented() -> ClientFile {
    ClientFile::default().evolve(&ClientFileEvent::ConsentFormUploaded {
        file_key: "subjects/c1/consent.pdf".into(),
        at: now(),
    })
}

/// The world a decision sees, kept up to date as decisions are applied.
struct World {
    consultant: Consultant,
    timings: Timings,
    file: ClientFile,
    pair: Pair,
    coupon: Option<Coupon>,
    expert_days: Calendars,
    client_days: Calendars,
    other_client_days: Calendars,
    bookings: std::collections::BTreeMap<Uuid, Booking>,
}

impl World {
    fn new() -> World {
        World {
            consultant: expert(60, true),
            timings: timings(vec![range(DayName::Tuesday, "09:00", "12:00")]),
            file: consented(),
            pair: Pair::default(),
            coupon: None,
            expert_days: Calendars::new(),
            client_days: Calendars::new(),
            other_client_days: Calendars::new(),
            bookings: Default::default(),
        }
    }

    fn request(&self, id: Uuid, client: Uuid, start: DateTime<Utc>) -> HoldRequest {
        HoldRequest {
            booking_id: id,
            client_id: client,
            consultant_id: EXPERT,
            start,
            coupon_id: self.coupon.as_ref().map(|_| COUPON),
            free: false,
        }
    }

    fn decide(&self, request: &HoldRequest, at: DateTime<Utc>) -> Result<Decision, DomainError> {
        let client_days = if request.client_id == CLIENT {
            &self.client_days
        } else {
            &self.other_client_days
        };
        hold(
            request,
            &HoldContext {
                consultant: &self.consultant,
                timings: &self.timings,
                client_file: &self.file,
                pair: &self.pair,
                coupon: self.coupon.as_ref(),
                consultant_calendars: &self.expert_days,
                client_calendars: client_days,
            },
            at,
        )
    }

    fn apply(&mut self, id: Uuid, client: Uuid, decision: &Decision) {
        let booking = self.bookings.remove(&id).unwrap_or_default();
        let booking = decision.booking.iter().fold(booking, Booking::evolve);
        self.bookings.insert(id, booking);
        fold_days(&mut self.expert_days, &decision.consultant_days);
        let client_days = if client == CLIENT {
            &mut self.client_days
        } else {
            &mut self.other_client_days
        };
        fold_days(client_days, &decision.client_days);
        self.pair = decision.pair.iter().fold(self.pair.clone(), Pair::evolve);
        if let Some(coupon) = self.coupon.take() {
            self.coupon = Some(decision.coupon.iter().fold(coupon, Coupon::evolve));
        }
    }

    fn book(&mut self, id: Uuid, client: Uuid, start: DateTime<Utc>) -> Decision {
        let decision = self
            .decide(&self.request(id, client, start), now())
            .unwrap();
        self.apply(id, client, &decision);
        decision
    }

    fn booking(&self, id: Uuid) -> &Booking {
        &self.bookings[&id]
    }

    fn reschedule(
        &self,
        id: Uuid,
        party: Party,
        start: DateTime<Utc>,
        at: DateTime<Utc>,
    ) -> Result<Decision, DomainError> {
        reschedule(
            self.booking(id),
            party,
            start,
            &RescheduleContext {
                consultant: &self.consultant,
                timings: &self.timings,
                consultant_calendars: &self.expert_days,
                client_calendars: &self.client_days,
            },
            at,
        )
    }
}

fn fold_days(
    calendars: &mut Calendars,
    days: &std::collections::BTreeMap<chrono::NaiveDate, Vec<CalendarEvent>>,
) {
    for (day, events) in days {
        let calendar = calendars.remove(day).unwrap_or_default();
        calendars.insert(*day, events.iter().fold(calendar, Calendar::evolve));
    }
}

fn card(amount: Money) -> PaymentRecord {
    PaymentRecord {
        provider_ref: "ch_sandbox_1".into(),
        brand: "visa".into(),
        last4: "4242".into(),
        amount,
    }
}

fn client() -> Party {
    Party {
        by: CancelledBy::Client,
        account_id: CLIENT,
    }
}

fn consultant() -> Party {
    Party {
        by: CancelledBy::Consultant,
        account_id: EXPERT,
    }
}

fn status(world: &World, id: Uuid) -> BookingStatus {
    world.booking(id).info().unwrap().status
}

fn rule(code: RuleCode) -> Result<Decision, DomainError> {
    Err(DomainError::Rule(code))
}

// --- holding a slot -------------------------------------------------------

#[test]
fn a_published_slot_is_held_for_fifteen_minutes_at_the_consultants_price() {
    let mut world = World::new();
    let decision = world.book(BOOKING, CLIENT, tuesday_9());
    let info = world.booking(BOOKING).info().unwrap().clone();
    assert_eq!(info.status, BookingStatus::Held);
    assert_eq!(
        (info.start, info.end),
        (tuesday_9(), tuesday_9() + TimeDelta::hours(1))
    );
    assert_eq!(
        (info.price, info.discount, info.total),
        (eur(6000), eur(0), eur(6000))
    );
    assert_eq!(info.hold_expires_at, now() + TimeDelta::minutes(15));
    assert!(!info.free);
    // Both parties' calendar of that UTC day hold the interval; the pair has no confirmation yet
    assert_eq!(decision.consultant_days.len(), 1);
    assert_eq!(decision.client_days.len(), 1);
    assert!(decision.pair.is_empty());
}

#[test]
fn booking_needs_the_consent_form() {
    let mut world = World::new();
    world.file = ClientFile::default();
    let request = world.request(BOOKING, CLIENT, tuesday_9());
    assert_eq!(
        world.decide(&request, now()),
        rule(RuleCode::ConsentFormMissing)
    );
}

#[test]
fn an_expert_who_is_not_approved_cannot_be_booked() {
    let mut world = World::new();
    world.consultant.status = ConsultantStatus::Suspended;
    let request = world.request(BOOKING, CLIENT, tuesday_9());
    assert_eq!(
        world.decide(&request, now()),
        rule(RuleCode::SlotUnavailable)
    );
}

#[test]
fn only_exact_published_slot_starts_can_be_booked() {
    let world = World::new();
    for start in [
        tuesday_9() + TimeDelta::minutes(30), // not a slot start
        utc(2026, 11, 24, 11, 0),             // 12:00 Paris: the window's end
        utc(2026, 11, 25, 8, 0),              // a Wednesday: no rule
    ] {
        let request = world.request(BOOKING, CLIENT, start);
        assert_eq!(
            world.decide(&request, now()),
            rule(RuleCode::SlotUnavailable),
            "{start}"
        );
    }
}

#[test]
fn a_slot_less_than_two_hours_ahead_cannot_be_booked() {
    let world = World::new();
    let request = world.request(BOOKING, CLIENT, tuesday_9());
    let late = tuesday_9() - TimeDelta::hours(2) + TimeDelta::minutes(1);
    assert_eq!(
        world.decide(&request, late),
        rule(RuleCode::SlotUnavailable)
    );
    assert!(
        world
            .decide(&request, tuesday_9() - TimeDelta::hours(2))
            .is_ok()
    );
}

#[test]
fn a_day_off_removes_its_slots() {
    let mut world = World::new();
    let events = availability::set(
        &world.timings,
        world.timings.rules.clone(),
        vec![tuesday_9().date_naive()],
        now(),
    )
    .unwrap();
    world.timings = events.iter().fold(world.timings.clone(), Timings::evolve);
    let request = world.request(BOOKING, CLIENT, tuesday_9());
    assert_eq!(
        world.decide(&request, now()),
        rule(RuleCode::SlotUnavailable)
    );
}

#[test]
fn a_held_slot_is_taken_for_everyone_else() {
    let mut world = World::new();
    world.book(BOOKING, CLIENT, tuesday_9());
    let request = world.request(SECOND, OTHER_CLIENT, tuesday_9());
    assert_eq!(world.decide(&request, now()), rule(RuleCode::SlotTaken));
}

#[test]
fn overlapping_slots_of_different_lengths_are_taken_too() {
    // Given a 60-minute booking at 09:00, then the consultant switches to 90 minutes
    let mut world = World::new();
    world.book(BOOKING, CLIENT, utc(2026, 11, 24, 9, 0)); // 10:00–11:00 Paris
    world.consultant = expert(90, true);
    // 09:00–10:30 Paris is a published 90-minute slot but meets 10:00–11:00
    let request = world.request(SECOND, OTHER_CLIENT, utc(2026, 11, 24, 8, 0));
    assert_eq!(world.decide(&request, now()), rule(RuleCode::SlotTaken));
}

#[test]
fn a_client_cannot_hold_two_overlapping_bookings() {
    // Given the client holds 09:00 with another consultant (same client calendar)
    let mut world = World::new();
    world.book(BOOKING, CLIENT, tuesday_9());
    // When this consultant's calendar is free but the client's is not
    world.expert_days = Calendars::new();
    let request = world.request(SECOND, CLIENT, tuesday_9());
    assert_eq!(world.decide(&request, now()), rule(RuleCode::ClientOverlap));
}

#[test]
fn a_booking_across_midnight_utc_reserves_both_days() {
    // Given Monday night shifts in Paris (22:00–06:00 local, 21:00–05:00 UTC)
    let mut world = World::new();
    world.timings = timings(vec![TimingRule {
        weekday: DayName::Monday,
        shift: Some(Shift::Night),
        start: None,
        end: None,
    }]);
    // 00:30 Paris on Tuesday = 23:30 UTC Monday: 23:30–00:30 UTC spans two UTC days
    let start = utc(2026, 11, 23, 23, 30);
    world.consultant = expert(60, true);
    // Night slots step from 22:00 Paris (21:00 UTC), so 23:30 UTC is not a start; 23:00 UTC is
    let request = world.request(BOOKING, CLIENT, start);
    assert_eq!(
        world.decide(&request, now()),
        rule(RuleCode::SlotUnavailable)
    );
    world.timings = timings(vec![
        TimingRule {
            weekday: DayName::Monday,
            shift: None,
            start: Some("00:30".into()),
            end: Some("02:30".into()),
        },
        range(DayName::Tuesday, "00:30", "02:30"),
    ]);
    let decision = world.book(BOOKING, CLIENT, start);
    assert_eq!(
        decision
            .consultant_days
            .keys()
            .map(|d| d.to_string())
            .collect::<Vec<_>>(),
        ["2026-11-23", "2026-11-24"]
    );
    assert_eq!(decision.client_days.len(), 2);
}

// --- across daylight-saving changes ---------------------------------------

#[test]
fn spring_forward_the_slot_after_the_gap_is_bookable_and_the_missing_hour_is_not() {
    let mut world = World::new();
    world.timings = timings(vec![range(DayName::Sunday, "01:00", "05:00")]);
    let at = utc(2026, 3, 20, 8, 0);
    // 03:00 +02:00 = 01:00 UTC is a slot; 00:30 UTC (02:30 local, which does not exist) is not
    let ok = world.request(BOOKING, CLIENT, utc(2026, 3, 29, 1, 0));
    assert!(world.decide(&ok, at).is_ok());
    let missing = world.request(BOOKING, CLIENT, utc(2026, 3, 29, 0, 30));
    assert_eq!(world.decide(&missing, at), rule(RuleCode::SlotUnavailable));
}

#[test]
fn fall_back_both_two_oclocks_are_distinct_bookings() {
    let mut world = World::new();
    world.timings = timings(vec![range(DayName::Sunday, "01:00", "04:00")]);
    let at = utc(2026, 10, 20, 8, 0);
    // 02:00 +02:00 (00:00 UTC) and 02:00 +01:00 (01:00 UTC): one hour apart, no overlap
    let first = world
        .decide(&world.request(BOOKING, CLIENT, utc(2026, 10, 25, 0, 0)), at)
        .unwrap();
    world.apply(BOOKING, CLIENT, &first);
    let second = world.request(SECOND, OTHER_CLIENT, utc(2026, 10, 25, 1, 0));
    assert!(world.decide(&second, at).is_ok());
    // while the first one's exact instant is taken
    let same = world.request(SECOND, OTHER_CLIENT, utc(2026, 10, 25, 0, 0));
    assert_eq!(world.decide(&same, at), rule(RuleCode::SlotTaken));
}

// --- pricing: free first consultation and coupons --------------------------

#[test]
fn the_free_first_consultation_costs_nothing_and_confirms_at_once() {
    let mut world = World::new();
    let mut request = world.request(BOOKING, CLIENT, tuesday_9());
    request.free = true;
    let decision = world.decide(&request, now()).unwrap();
    world.apply(BOOKING, CLIENT, &decision);
    let info = world.booking(BOOKING).info().unwrap();
    assert_eq!(
        (info.discount, info.total, info.free),
        (eur(6000), eur(0), true)
    );
    assert_eq!(info.status, BookingStatus::Confirmed);
    assert!(world.pair.has_booked());
}

#[test]
fn no_second_free_consultation_once_the_pair_had_a_confirmed_booking() {
    let mut world = World::new();
    world.book(BOOKING, CLIENT, tuesday_9());
    let paid = confirm(world.booking(BOOKING), card(eur(6000)), now()).unwrap();
    world.apply(BOOKING, CLIENT, &paid);
    let mut request = world.request(SECOND, CLIENT, utc(2026, 11, 24, 9, 0));
    request.free = true;
    assert_eq!(
        world.decide(&request, now()),
        rule(RuleCode::FreeNotEligible)
    );
}

#[test]
fn no_free_consultation_when_the_consultant_does_not_offer_it() {
    let mut world = World::new();
    world.consultant = expert(60, false);
    let mut request = world.request(BOOKING, CLIENT, tuesday_9());
    request.free = true;
    assert_eq!(
        world.decide(&request, now()),
        rule(RuleCode::FreeNotEligible)
    );
}

fn coupon_of(
    kind: &str,
    percent: Option<i64>,
    amount: Option<Money>,
    max_uses: Option<i64>,
) -> Coupon {
    let (events, _) = coupon::create(
        &coupon::CodeReservation::default(),
        COUPON,
        CouponForm {
            code: "noel26".into(),
            kind: kind.into(),
            percent,
            amount,
            valid_from: now() - TimeDelta::days(1),
            valid_until: now() + TimeDelta::days(30),
            max_uses,
            max_uses_per_client: None,
        },
        now(),
    )
    .unwrap();
    events.iter().fold(Coupon::default(), Coupon::evolve)
}

#[test]
fn a_coupon_takes_its_discount_off_and_counts_a_use_in_the_same_decision() {
    let mut world = World::new();
    world.coupon = Some(coupon_of("percent", Some(25), None, Some(1)));
    let decision = world.book(BOOKING, CLIENT, tuesday_9());
    let info = world.booking(BOOKING).info().unwrap();
    assert_eq!((info.discount, info.total), (eur(1500), eur(4500)));
    assert_eq!(info.coupon_code.as_deref(), Some("NOEL26"));
    assert!(matches!(
        decision.coupon[..],
        [CouponEvent::CouponRedeemed { .. }]
    ));
    // The single use is gone for the next client
    let request = world.request(SECOND, OTHER_CLIENT, utc(2026, 11, 24, 9, 0));
    assert_eq!(world.decide(&request, now()), rule(RuleCode::CouponUsedUp));
}

#[test]
fn a_fixed_coupon_larger_than_the_price_makes_it_free_not_negative_and_confirms() {
    let mut world = World::new();
    world.coupon = Some(coupon_of("fixed", None, Some(eur(10_000)), None));
    world.book(BOOKING, CLIENT, tuesday_9());
    let info = world.booking(BOOKING).info().unwrap();
    assert_eq!((info.discount, info.total), (eur(6000), eur(0)));
    assert_eq!(info.status, BookingStatus::Confirmed);
}

#[test]
fn an_unknown_code_is_refused() {
    let mut world = World::new();
    world.coupon = Some(Coupon::default());
    let request = world.request(BOOKING, CLIENT, tuesday_9());
    assert_eq!(world.decide(&request, now()), rule(RuleCode::CouponUnknown));
}

// --- paying, expiry --------------------------------------------------------

#[test]
fn paying_within_fifteen_minutes_confirms_with_the_card_reference_only() {
    let mut world = World::new();
    world.book(BOOKING, CLIENT, tuesday_9());
    let at = now() + TimeDelta::minutes(14);
    assert_eq!(payable(world.booking(BOOKING), CLIENT, at), Ok(eur(6000)));
    let decision = confirm(world.booking(BOOKING), card(eur(6000)), at).unwrap();
    world.apply(BOOKING, CLIENT, &decision);
    let info = world.booking(BOOKING).info().unwrap();
    assert_eq!(info.status, BookingStatus::Confirmed);
    assert_eq!(info.payment.as_ref().unwrap().last4, "4242");
    assert!(world.pair.has_booked());
    // Paying again is refused, and another client cannot pay it
    assert_eq!(
        payable(world.booking(BOOKING), CLIENT, at),
        Err(DomainError::Rule(RuleCode::BookingNotPayable))
    );
    assert_eq!(
        payable(world.booking(BOOKING), OTHER_CLIENT, at),
        Err(DomainError::Rule(RuleCode::NotFound))
    );
}

#[test]
fn a_charge_the_provider_reports_confirms_a_held_booking_once() {
    let mut world = World::new();
    world.book(BOOKING, CLIENT, tuesday_9());
    let at = now() + TimeDelta::minutes(5);
    let Ok(Settlement::Confirm(decision)) = settle(world.booking(BOOKING), card(eur(6000)), at)
    else {
        panic!("a held booking is confirmed by the reported charge");
    };
    world.apply(BOOKING, CLIENT, &decision);
    assert_eq!(status(&world, BOOKING), BookingStatus::Confirmed);
    assert!(world.pair.has_booked());
    // The pay call's own answer, or the webhook sent again: nothing more
    assert_eq!(
        settle(world.booking(BOOKING), card(eur(6000)), at),
        Ok(Settlement::Nothing)
    );
}

#[test]
fn a_charge_reported_after_the_hold_lapsed_is_refunded_once() {
    let mut world = World::new();
    world.book(BOOKING, CLIENT, tuesday_9());
    let at = now() + TimeDelta::minutes(16);
    // Lapsed but not yet recorded, then recorded: both are given back
    assert_eq!(
        settle(world.booking(BOOKING), card(eur(6000)), at),
        Ok(Settlement::Refund)
    );
    let expired = expire(world.booking(BOOKING), None, at);
    world.apply(BOOKING, CLIENT, &expired);
    assert_eq!(
        settle(world.booking(BOOKING), card(eur(6000)), at),
        Ok(Settlement::Refund)
    );
    let refunded = Decision {
        booking: late_payment_refunded(world.booking(BOOKING), card(eur(6000)), "re_1".into(), at)
            .unwrap(),
        ..Decision::default()
    };
    world.apply(BOOKING, CLIENT, &refunded);
    assert_eq!(status(&world, BOOKING), BookingStatus::Expired);
    assert_eq!(
        settle(world.booking(BOOKING), card(eur(6000)), at),
        Ok(Settlement::Nothing),
        "the money goes back once"
    );
    assert_eq!(
        settle(&Booking::default(), card(eur(6000)), at),
        Err(DomainError::Rule(RuleCode::NotFound))
    );
}

#[test]
fn a_hold_lapses_after_fifteen_minutes_and_frees_the_slot() {
    let mut world = World::new();
    world.coupon = Some(coupon_of("percent", Some(10), None, Some(1)));
    world.book(BOOKING, CLIENT, tuesday_9());
    // Not due yet
    assert!(
        expire(
            world.booking(BOOKING),
            world.coupon.as_ref(),
            now() + TimeDelta::minutes(14)
        )
        .is_empty()
    );
    let at = now() + TimeDelta::minutes(15);
    assert_eq!(
        payable(world.booking(BOOKING), CLIENT, at),
        Err(DomainError::Rule(RuleCode::HoldExpired))
    );
    assert_eq!(
        confirm(world.booking(BOOKING), card(eur(5400)), at),
        rule(RuleCode::HoldExpired)
    );
    let decision = expire(world.booking(BOOKING), world.coupon.as_ref(), at);
    world.apply(BOOKING, CLIENT, &decision);
    assert_eq!(status(&world, BOOKING), BookingStatus::Expired);
    assert!(matches!(
        decision.coupon[..],
        [CouponEvent::CouponRedemptionReleased { .. }]
    ));
    // The slot and the coupon's use are free for another client
    let request = world.request(SECOND, OTHER_CLIENT, tuesday_9());
    assert!(world.decide(&request, at).is_ok());
    // Expiring again does nothing
    assert!(expire(world.booking(BOOKING), None, at).is_empty());
}

#[test]
fn a_paid_booking_never_expires() {
    let mut world = World::new();
    world.book(BOOKING, CLIENT, tuesday_9());
    let paid = confirm(world.booking(BOOKING), card(eur(6000)), now()).unwrap();
    world.apply(BOOKING, CLIENT, &paid);
    assert!(expire(world.booking(BOOKING), None, now() + TimeDelta::hours(1)).is_empty());
}

// --- cancelling ------------------------------------------------------------

fn paid_world(start: DateTime<Utc>) -> World {
    let mut world = World::new();
    world.book(BOOKING, CLIENT, start);
    let paid = confirm(world.booking(BOOKING), card(eur(6000)), now()).unwrap();
    world.apply(BOOKING, CLIENT, &paid);
    world
}

#[test]
fn a_client_cancelling_24_hours_ahead_or_more_is_refunded_in_full() {
    let world = paid_world(tuesday_9());
    let at = tuesday_9() - TimeDelta::hours(24);
    assert_eq!(
        cancellation_refund(world.booking(BOOKING), client(), at),
        Ok(eur(6000))
    );
    let decision = cancel(
        world.booking(BOOKING),
        client(),
        Some("re_1".into()),
        None,
        at,
    )
    .unwrap();
    assert!(matches!(
        &decision.booking[..],
        [BookingEvent::BookingCancelled { by: CancelledBy::Client, refund, refund_ref: Some(_), .. }] if *refund == eur(6000)
    ));
    assert_eq!(decision.consultant_days.len(), 1);
}

#[test]
fn a_client_cancelling_later_gets_nothing_back() {
    let world = paid_world(tuesday_9());
    let at = tuesday_9() - TimeDelta::hours(24) + TimeDelta::seconds(1);
    assert_eq!(
        cancellation_refund(world.booking(BOOKING), client(), at),
        Ok(eur(0))
    );
    let decision = cancel(world.booking(BOOKING), client(), None, None, at).unwrap();
    assert!(matches!(
        &decision.booking[..],
        [BookingEvent::BookingCancelled { refund, refund_ref: None, .. }] if refund.minor == 0
    ));
}

#[test]
fn a_consultant_cancelling_always_refunds_in_full_and_frees_the_slot() {
    let mut world = paid_world(tuesday_9());
    let at = tuesday_9() - TimeDelta::hours(3);
    assert_eq!(
        cancellation_refund(world.booking(BOOKING), consultant(), at),
        Ok(eur(6000))
    );
    let decision = cancel(
        world.booking(BOOKING),
        consultant(),
        Some("re_2".into()),
        None,
        at,
    )
    .unwrap();
    world.apply(BOOKING, CLIENT, &decision);
    assert_eq!(status(&world, BOOKING), BookingStatus::Cancelled);
    let request = world.request(SECOND, OTHER_CLIENT, tuesday_9());
    assert!(world.decide(&request, at).is_ok());
}

#[test]
fn the_reason_typed_when_cancelling_is_recorded_by_reference_under_the_client() {
    // Given a paid booking
    let world = paid_world(tuesday_9());
    let at = tuesday_9() - TimeDelta::hours(3);
    let info = world.booking(BOOKING).info().unwrap().clone();
    // When its consultant cancels with a reason kept in the payload store
    let reason = cancel_reason_ref(&info);
    let decision = cancel(
        world.booking(BOOKING),
        consultant(),
        None,
        Some(reason.clone()),
        at,
    )
    .unwrap();
    // Then the event references it, under the client, by a key of the booking
    assert_eq!(reason.subject, CLIENT);
    assert!(reason.key.contains(&BOOKING.to_string()));
    assert!(matches!(
        &decision.booking[..],
        [BookingEvent::BookingCancelled { reason: Some(r), .. }] if *r == reason
    ));
    // And the cancelled booking knows where its reason is
    let mut world = world;
    world.apply(BOOKING, CLIENT, &decision);
    assert_eq!(
        world.booking(BOOKING).info().unwrap().cancel_reason,
        Some(reason)
    );
}

#[test]
fn a_cancellation_reason_is_trimmed_optional_and_at_most_500_characters() {
    assert_eq!(parse_cancel_reason(None), Ok(None));
    assert_eq!(parse_cancel_reason(Some("   ")), Ok(None));
    assert_eq!(
        parse_cancel_reason(Some("  Je suis malade.\n ")),
        Ok(Some("Je suis malade.".to_owned()))
    );
    assert!(parse_cancel_reason(Some(&"é".repeat(500))).is_ok());
    let Err(DomainError::Invalid(fields)) = parse_cancel_reason(Some(&"é".repeat(501))) else {
        panic!("a 501-character reason is refused");
    };
    assert_eq!(fields.0["reason"].code, "field.too_long");
}

#[test]
fn an_old_cancellation_without_a_reason_still_reads() {
    let old = serde_json::json!({
        "type": "BookingCancelled",
        "booking_id": BOOKING.to_string(),
        "by": "client",
        "actor_id": CLIENT.to_string(),
        "refund": {"minor": 0, "currency": "EUR"},
        "refund_ref": null,
        "at": "2026-11-20T09:00:00Z"
    });
    let event: BookingEvent = serde_json::from_value(old).unwrap();
    assert!(matches!(
        event,
        BookingEvent::BookingCancelled { reason: None, .. }
    ));
}

#[test]
fn only_the_bookings_parties_can_cancel_and_only_before_the_start() {
    let world = paid_world(tuesday_9());
    let stranger = Party {
        by: CancelledBy::Client,
        account_id: OTHER_CLIENT,
    };
    assert_eq!(
        cancel(world.booking(BOOKING), stranger, None, None, now()),
        rule(RuleCode::NotFound)
    );
    assert_eq!(
        cancel(world.booking(BOOKING), client(), None, None, tuesday_9()),
        rule(RuleCode::BookingNotCancellable)
    );
}

// --- rescheduling ----------------------------------------------------------

#[test]
fn rescheduling_moves_the_same_booking_and_frees_the_old_slot() {
    let mut world = paid_world(tuesday_9());
    let new_start = utc(2026, 11, 24, 10, 0);
    let decision = world
        .reschedule(BOOKING, client(), new_start, now())
        .unwrap();
    world.apply(BOOKING, CLIENT, &decision);
    let info = world.booking(BOOKING).info().unwrap();
    assert_eq!(
        (info.start, info.status),
        (new_start, BookingStatus::Confirmed)
    );
    assert!(info.payment.is_some());
    let request = world.request(SECOND, OTHER_CLIENT, tuesday_9());
    assert!(world.decide(&request, now()).is_ok());
    let taken = world.request(SECOND, OTHER_CLIENT, new_start);
    assert_eq!(world.decide(&taken, now()), rule(RuleCode::SlotTaken));
}

#[test]
fn rescheduling_to_an_overlapping_slot_of_its_own_is_allowed() {
    // 90-minute sessions on a 09:00–12:00 window: 09:00 and 10:30; moving between them
    // does not collide with the booking's own old interval
    let mut world = World::new();
    world.consultant = expert(90, true);
    world.book(BOOKING, CLIENT, tuesday_9());
    assert!(
        world
            .reschedule(BOOKING, consultant(), utc(2026, 11, 24, 9, 30), now())
            .is_ok()
    );
}

#[test]
fn rescheduling_obeys_the_booking_rules() {
    let mut world = paid_world(tuesday_9());
    world.book(SECOND, OTHER_CLIENT, utc(2026, 11, 24, 9, 0));
    assert_eq!(
        world.reschedule(BOOKING, client(), utc(2026, 11, 24, 9, 0), now()),
        rule(RuleCode::SlotTaken)
    );
    assert_eq!(
        world.reschedule(BOOKING, client(), utc(2026, 11, 24, 8, 30), now()),
        rule(RuleCode::SlotUnavailable)
    );
    let late = utc(2026, 11, 24, 8, 1);
    assert_eq!(
        world.reschedule(BOOKING, client(), utc(2026, 11, 24, 10, 0), late),
        rule(RuleCode::BookingNotReschedulable)
    );
}

// --- after the session -----------------------------------------------------

#[test]
fn completion_is_recorded_when_the_room_closes() {
    let world = paid_world(tuesday_9());
    let end = tuesday_9() + TimeDelta::hours(1);
    assert!(complete(world.booking(BOOKING), end + TimeDelta::minutes(29)).is_empty());
    assert_eq!(
        complete(world.booking(BOOKING), end + crate::room::CLOSES_AFTER_END).len(),
        1
    );
}

#[test]
fn a_no_show_is_reported_by_the_consultant_after_the_end_only() {
    let mut world = paid_world(tuesday_9());
    let end = tuesday_9() + TimeDelta::hours(1);
    let booking = world.booking(BOOKING).clone();
    assert_eq!(
        no_show(&booking, EXPERT, end - TimeDelta::minutes(1)),
        Err(DomainError::Rule(RuleCode::BookingNotEnded))
    );
    assert_eq!(
        no_show(&booking, Uuid::from_u128(0xE9), end),
        Err(DomainError::Rule(RuleCode::NotFound))
    );
    assert_eq!(
        no_show(
            &booking,
            EXPERT,
            end + NO_SHOW_WINDOW + TimeDelta::seconds(1)
        ),
        Err(DomainError::Rule(RuleCode::NoShowTooLate))
    );
    // After the completion was recorded it may still be reported, and then it is no longer completed
    let completed = complete(&booking, end + crate::room::CLOSES_AFTER_END);
    world.apply(
        BOOKING,
        CLIENT,
        &Decision {
            booking: completed,
            ..Decision::default()
        },
    );
    let events = no_show(world.booking(BOOKING), EXPERT, end + TimeDelta::hours(2)).unwrap();
    let after = events
        .iter()
        .fold(world.booking(BOOKING).clone(), Booking::evolve);
    assert_eq!(after.info().unwrap().status, BookingStatus::NoShow);
    assert!(complete(&after, end + TimeDelta::hours(3)).is_empty());
}

#[test]
fn an_unpaid_hold_cannot_be_completed_nor_reported() {
    let mut world = World::new();
    world.book(BOOKING, CLIENT, tuesday_9());
    let end = tuesday_9() + TimeDelta::hours(1);
    assert!(complete(world.booking(BOOKING), end + crate::room::CLOSES_AFTER_END).is_empty());
    assert_eq!(
        no_show(world.booking(BOOKING), EXPERT, end),
        Err(DomainError::Rule(RuleCode::BookingNotConfirmed))
    );
}

#[test]
fn events_round_trip_through_the_codec() {
    let mut world = World::new();
    let decision = world.book(BOOKING, CLIENT, tuesday_9());
    for event in &decision.booking {
        let (kind, version, payload) = crate::codec::encode(event);
        let back: BookingEvent = crate::codec::decode(&kind, version, &payload).unwrap();
        assert_eq!(&back, event);
    }
}
