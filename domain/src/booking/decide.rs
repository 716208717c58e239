use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use uuid::Uuid;

use super::calendar::{self, Calendars, overlaps_any};
use super::{
    Booking, BookingEvent, BookingInfo, BookingStatus, CalendarEvent, CancelledBy, Pair, PairEvent,
    PaymentRecord,
};
use crate::account::PayloadRef;
use crate::availability::Timings;
use crate::client_file::ClientFile;
use crate::consultant::{self, Consultant};
use crate::coupon::{Coupon, CouponEvent};
use crate::room::RoomWindow;
use crate::values::{Money, SessionDuration, TimeZone, text};
use crate::{DomainError, RuleCode};

/// An unpaid hold lasts this long.
pub const HOLD: TimeDelta = TimeDelta::minutes(15);
/// A slot can be booked (or moved to) at least this long before it starts.
pub const MIN_NOTICE: TimeDelta = TimeDelta::hours(2);
/// Slots are offered and booked at most this far ahead: a schedule says
/// what a consultant does in the coming months, not in ten years.
pub const HORIZON: TimeDelta = TimeDelta::days(180);
/// A client who cancels at least this long before the start is refunded in full.
pub const FULL_REFUND_NOTICE: TimeDelta = TimeDelta::hours(24);
/// The consultant may report a no-show up to this long after the end.
pub const NO_SHOW_WINDOW: TimeDelta = TimeDelta::hours(48);

/// Events of one decision, by stream; appended together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decision {
    pub booking: Vec<BookingEvent>,
    pub consultant_days: BTreeMap<NaiveDate, Vec<CalendarEvent>>,
    pub client_days: BTreeMap<NaiveDate, Vec<CalendarEvent>>,
    pub pair: Vec<PairEvent>,
    pub coupon: Vec<CouponEvent>,
}

impl Decision {
    pub fn is_empty(&self) -> bool {
        self.booking.is_empty()
    }

    fn reserve(
        &mut self,
        booking_id: Uuid,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        at: DateTime<Utc>,
    ) {
        for day in calendar::days(start, end) {
            for days in [&mut self.consultant_days, &mut self.client_days] {
                days.entry(day)
                    .or_default()
                    .push(CalendarEvent::IntervalReserved {
                        booking_id,
                        start,
                        end,
                        at,
                    });
            }
        }
    }

    fn release(
        &mut self,
        booking_id: Uuid,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        at: DateTime<Utc>,
    ) {
        for day in calendar::days(start, end) {
            for days in [&mut self.consultant_days, &mut self.client_days] {
                days.entry(day)
                    .or_default()
                    .push(CalendarEvent::IntervalReleased { booking_id, at });
            }
        }
    }
}

/// What a bookable consultant offers: session length, price, free first
/// consultation and zone. The commands take it from the folded consultant
/// ([`Offering::of`]); the query side reads the same fields from its read
/// model, so the checkout page and the hold decide on one rule ([`quote`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offering {
    pub duration: SessionDuration,
    pub price: Money,
    pub free_first: bool,
    pub zone: TimeZone,
}

impl Offering {
    /// The consultant's offer, when listed and fully set up.
    pub fn of(consultant: &Consultant) -> Option<Offering> {
        match (
            consultant::is_listed(consultant),
            &consultant.details,
            consultant.timezone,
        ) {
            (true, Some(details), Some(zone)) => Some(Offering {
                duration: details.session_duration,
                price: details.price,
                free_first: details.first_consultation_free,
                zone,
            }),
            _ => None,
        }
    }
}

/// An offering with its published weekly availability.
struct Offer {
    duration: SessionDuration,
    price: Money,
    free_first: bool,
    availability: crate::availability::Availability,
}

fn offer(offering: Option<Offering>, timings: &Timings) -> Result<Offer, DomainError> {
    let offering = offering.ok_or(DomainError::Rule(RuleCode::SlotUnavailable))?;
    Ok(Offer {
        duration: offering.duration,
        price: offering.price,
        free_first: offering.free_first,
        availability: timings.in_zone(offering.zone),
    })
}

/// Where a new booking of `consultant` starting at `start` would end, when
/// the consultant is bookable (to know which calendar days to load).
pub fn slot_end(consultant: &Consultant, start: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let details = consultant.details.as_ref()?;
    Some(start + details.session_duration.as_duration())
}

/// The slot `[start, start + duration)` is published and far enough ahead.
fn check_slot(
    offer: &Offer,
    duration: SessionDuration,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<DateTime<Utc>, DomainError> {
    if start < now + MIN_NOTICE || start > now + HORIZON {
        return Err(DomainError::Rule(RuleCode::SlotUnavailable));
    }
    let end = start + duration.as_duration();
    let published = offer.availability.slots(duration, start, end);
    if published.first().is_some_and(|s| s.start == start) {
        Ok(end)
    } else {
        Err(DomainError::Rule(RuleCode::SlotUnavailable))
    }
}

/// What the client would pay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quote {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub duration_minutes: u16,
    pub price: Money,
    pub discount: Money,
    pub total: Money,
    /// The consultant offers a free first consultation and this client never
    /// had a confirmed booking with them.
    pub free_first_eligible: bool,
    /// The booking is the free first consultation.
    pub free: bool,
}

/// A client's request to book.
#[derive(Clone, Debug)]
pub struct HoldRequest {
    pub booking_id: Uuid,
    pub client_id: Uuid,
    pub consultant_id: Uuid,
    pub start: DateTime<Utc>,
    /// The coupon the typed code names, if a code was typed.
    pub coupon_id: Option<Uuid>,
    pub free: bool,
}

/// What a new booking is decided against (loaded by the command).
pub struct HoldContext<'a> {
    pub consultant: &'a Consultant,
    pub timings: &'a Timings,
    pub client_file: &'a ClientFile,
    pub pair: &'a Pair,
    /// The typed code's coupon (`Coupon::default()` when the code is unknown).
    pub coupon: Option<&'a Coupon>,
    /// Every UTC day of the slot, for each party.
    pub consultant_calendars: &'a Calendars,
    pub client_calendars: &'a Calendars,
}

/// What a quote is decided on.
#[derive(Clone, Copy)]
pub struct QuoteContext<'a> {
    /// `None` when the consultant is not bookable.
    pub offering: Option<Offering>,
    pub timings: &'a Timings,
    /// The client has had a confirmed booking with the consultant ([`Pair::has_booked`]).
    pub has_booked: bool,
    /// The typed code's coupon (`Coupon::default()` when the code is unknown).
    pub coupon: Option<&'a Coupon>,
}

impl<'a> HoldContext<'a> {
    fn quoting(&self) -> QuoteContext<'a> {
        QuoteContext {
            offering: Offering::of(self.consultant),
            timings: self.timings,
            has_booked: self.pair.has_booked(),
            coupon: self.coupon,
        }
    }
}

/// The price of a slot for this client, coupon applied, or why it cannot be booked.
pub fn quote(
    request: &HoldRequest,
    context: &QuoteContext<'_>,
    now: DateTime<Utc>,
) -> Result<Quote, DomainError> {
    let offer = offer(context.offering, context.timings)?;
    let end = check_slot(&offer, offer.duration, request.start, now)?;
    let free_first_eligible = offer.free_first && !context.has_booked;
    let price = offer.price;
    let (discount, free) = if request.free {
        if !free_first_eligible {
            return Err(DomainError::Rule(RuleCode::FreeNotEligible));
        }
        (price, true)
    } else if let Some(coupon) = context.coupon {
        (coupon.discount_for(request.client_id, price, now)?, false)
    } else {
        (Money::zero(price.currency), false)
    };
    Ok(Quote {
        start: request.start,
        end,
        duration_minutes: offer.duration.minutes(),
        price,
        discount,
        total: Money::new(price.minor - discount.minor, price.currency),
        free_first_eligible,
        free,
    })
}

/// Holds a slot for a client (DESIGN §4). Refusals, in this order:
/// `slot_unavailable` (consultant not bookable, slot not published or less
/// than 2 h ahead), `consent_form_missing`, `slot_taken`, `client_overlap`,
/// `free_not_eligible`, the coupon's own codes. A total of 0 confirms at once.
pub fn hold(
    request: &HoldRequest,
    context: &HoldContext<'_>,
    now: DateTime<Utc>,
) -> Result<Decision, DomainError> {
    let quoting = context.quoting();
    offer(quoting.offering, quoting.timings)?;
    if !context.client_file.consent_form_uploaded() {
        return Err(DomainError::Rule(RuleCode::ConsentFormMissing));
    }
    let quote = quote(request, &quoting, now)?;
    let (start, end, id) = (quote.start, quote.end, request.booking_id);
    if overlaps_any(context.consultant_calendars, start, end, id) {
        return Err(DomainError::Rule(RuleCode::SlotTaken));
    }
    if overlaps_any(context.client_calendars, start, end, id) {
        return Err(DomainError::Rule(RuleCode::ClientOverlap));
    }
    let coupon = context
        .coupon
        .and_then(|c| c.terms.as_ref())
        .filter(|_| !quote.free);
    let mut decision = Decision::default();
    decision.booking.push(BookingEvent::BookingHeld {
        booking_id: id,
        consultant_id: request.consultant_id,
        client_id: request.client_id,
        start,
        end,
        duration_minutes: quote.duration_minutes,
        price: quote.price,
        discount: quote.discount,
        total: quote.total,
        free: quote.free,
        coupon_id: coupon.and(request.coupon_id),
        coupon_code: coupon.map(|t| t.code.clone()),
        hold_expires_at: now + HOLD,
        at: now,
    });
    if let (Some(coupon_id), Some(_)) = (request.coupon_id, coupon) {
        decision.coupon.push(CouponEvent::CouponRedeemed {
            coupon_id,
            booking_id: id,
            client_id: request.client_id,
            discount: quote.discount,
            at: now,
        });
    }
    decision.reserve(id, start, end, now);
    if quote.total.minor == 0 {
        decision.booking.push(BookingEvent::BookingConfirmed {
            booking_id: id,
            payment: None,
            at: now,
        });
        decision.pair.push(confirmed_pair(
            request.client_id,
            request.consultant_id,
            id,
            quote.free,
            now,
        ));
    }
    Ok(decision)
}

fn confirmed_pair(
    client_id: Uuid,
    consultant_id: Uuid,
    booking_id: Uuid,
    free: bool,
    at: DateTime<Utc>,
) -> PairEvent {
    PairEvent::PairBookingConfirmed {
        booking_id,
        client_id,
        consultant_id,
        free,
        at,
    }
}

fn existing(booking: &Booking) -> Result<&BookingInfo, DomainError> {
    booking.info().ok_or(DomainError::Rule(RuleCode::NotFound))
}

/// The booking's own client may pay while the hold lasts: the amount to
/// charge, or `hold_expired` / `booking_not_payable` (already paid or over).
pub fn payable(
    booking: &Booking,
    client_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Money, DomainError> {
    let info = existing(booking)?;
    if info.client_id != client_id {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    match info.status {
        BookingStatus::Held if now < info.hold_expires_at => Ok(info.total),
        BookingStatus::Held | BookingStatus::Expired => {
            Err(DomainError::Rule(RuleCode::HoldExpired))
        }
        _ => Err(DomainError::Rule(RuleCode::BookingNotPayable)),
    }
}

/// Whether a payment of `amount_minor` in `currency` (ISO 4217, any case)
/// is exactly the booking's total: a provider's payment confirms a booking
/// only for what the booking costs.
pub fn is_total(info: &BookingInfo, amount_minor: i64, currency: &str) -> bool {
    info.total.minor == amount_minor && info.total.currency.code().eq_ignore_ascii_case(currency)
}

/// Records a successful charge; `hold_expired` when the hold lapsed while
/// the charge was running (the caller then refunds, see [`late_payment_refunded`]).
pub fn confirm(
    booking: &Booking,
    payment: PaymentRecord,
    now: DateTime<Utc>,
) -> Result<Decision, DomainError> {
    let info = existing(booking)?;
    if info.status == BookingStatus::Confirmed && info.payment.as_ref() == Some(&payment) {
        return Ok(Decision::default());
    }
    payable(booking, info.client_id, now)?;
    Ok(Decision {
        booking: vec![BookingEvent::BookingConfirmed {
            booking_id: info.booking_id,
            payment: Some(payment),
            at: now,
        }],
        pair: vec![confirmed_pair(
            info.client_id,
            info.consultant_id,
            info.booking_id,
            false,
            now,
        )],
        ..Decision::default()
    })
}

/// A charge that came back after the hold lapsed, refunded at once.
pub fn late_payment_refunded(
    booking: &Booking,
    payment: PaymentRecord,
    refund_ref: String,
    now: DateTime<Utc>,
) -> Result<Vec<BookingEvent>, DomainError> {
    let info = existing(booking)?;
    Ok(vec![BookingEvent::LatePaymentRefunded {
        booking_id: info.booking_id,
        payment,
        refund_ref,
        at: now,
    }])
}

/// What to do with a charge the provider reports as taken for a booking
/// (its webhook), when the pay call may never have recorded it: the client
/// left, or the answer was lost.
#[derive(Debug, PartialEq, Eq)]
pub enum Settlement {
    /// Already recorded: confirmed with this charge, or given back.
    Nothing,
    /// Still held: confirm it with the charge.
    Confirm(Decision),
    /// The hold lapsed (or the booking ended otherwise) without this charge:
    /// give the money back, then record [`late_payment_refunded`].
    Refund,
}

/// Settles a charge reported for `booking` (see [`Settlement`]).
pub fn settle(
    booking: &Booking,
    payment: PaymentRecord,
    now: DateTime<Utc>,
) -> Result<Settlement, DomainError> {
    let info = existing(booking)?;
    let recorded = info
        .payment
        .as_ref()
        .is_some_and(|p| p.provider_ref == payment.provider_ref);
    if recorded || info.late_refunded.as_ref() == Some(&payment.provider_ref) {
        return Ok(Settlement::Nothing);
    }
    match confirm(booking, payment, now) {
        Ok(decision) => Ok(Settlement::Confirm(decision)),
        Err(DomainError::Rule(RuleCode::HoldExpired | RuleCode::BookingNotPayable)) => {
            Ok(Settlement::Refund)
        }
        Err(other) => Err(other),
    }
}

/// Ends a hold that lapsed unpaid and frees its slot and coupon use;
/// nothing when it was paid, or is not due yet.
pub fn expire(booking: &Booking, coupon: Option<&Coupon>, now: DateTime<Utc>) -> Decision {
    let mut decision = Decision::default();
    let Some(info) = booking.info() else {
        return decision;
    };
    if info.status != BookingStatus::Held || now < info.hold_expires_at {
        return decision;
    }
    decision.booking.push(BookingEvent::BookingExpired {
        booking_id: info.booking_id,
        at: now,
    });
    decision.release(info.booking_id, info.start, info.end, now);
    if let (Some(coupon), Some(coupon_id)) = (coupon, info.coupon_id) {
        decision.coupon = crate::coupon::release(coupon, coupon_id, info.booking_id, now);
    }
    decision
}

/// Who acts on a booking: its client, its consultant, an administrator, or
/// the platform (an account deactivation; `account_id` is the administrator's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Party {
    pub by: CancelledBy,
    pub account_id: Uuid,
}

fn owned(booking: &Booking, party: Party) -> Result<&BookingInfo, DomainError> {
    let info = existing(booking)?;
    let mine = match party.by {
        CancelledBy::Client => info.client_id == party.account_id,
        CancelledBy::Consultant => info.consultant_id == party.account_id,
        CancelledBy::Admin | CancelledBy::Platform => true,
    };
    if mine {
        Ok(info)
    } else {
        Err(DomainError::Rule(RuleCode::NotFound))
    }
}

/// The longest cancellation reason, in characters.
pub const MAX_CANCEL_REASON_CHARS: usize = 500;

/// The reason typed when cancelling (field `reason`): trimmed, at most
/// [`MAX_CANCEL_REASON_CHARS`]; blank or absent is no reason.
pub fn parse_cancel_reason(raw: Option<&str>) -> Result<Option<String>, DomainError> {
    text::optional_paragraph(raw.unwrap_or_default(), MAX_CANCEL_REASON_CHARS)
        .map_err(|e| DomainError::field("reason", e))
}

/// Where a booking's cancellation reason is kept: the forgettable payload
/// store, under the booking's client, whoever typed it (forgetting the
/// client erases it).
pub fn cancel_reason_ref(info: &BookingInfo) -> PayloadRef {
    PayloadRef {
        subject: info.client_id,
        key: format!("booking-{}-cancel-reason", info.booking_id),
    }
}

/// What a cancellation now would give back (DESIGN §4): the client, 24 h or
/// more before the start, everything paid, later nothing; the consultant or
/// an administrator or the platform, everything paid. An unpaid hold gives
/// back nothing.
pub fn cancellation_refund(
    booking: &Booking,
    party: Party,
    now: DateTime<Utc>,
) -> Result<Money, DomainError> {
    let info = owned(booking, party)?;
    if !matches!(info.status, BookingStatus::Held | BookingStatus::Confirmed) || now >= info.start {
        return Err(DomainError::Rule(RuleCode::BookingNotCancellable));
    }
    let paid = info
        .payment
        .as_ref()
        .map_or(Money::zero(info.total.currency), |p| p.amount);
    let full = match party.by {
        CancelledBy::Client => info.start - now >= FULL_REFUND_NOTICE,
        CancelledBy::Consultant | CancelledBy::Admin | CancelledBy::Platform => true,
    };
    Ok(if full {
        paid
    } else {
        Money::zero(paid.currency)
    })
}

/// Cancels before the start and frees the slot; `refund_ref` is the
/// provider's refund of [`cancellation_refund`] at the same `now`, `reason`
/// the [`cancel_reason_ref`] of the text typed, if any.
pub fn cancel(
    booking: &Booking,
    party: Party,
    refund_ref: Option<String>,
    reason: Option<PayloadRef>,
    now: DateTime<Utc>,
) -> Result<Decision, DomainError> {
    let refund = cancellation_refund(booking, party, now)?;
    let info = existing(booking)?;
    let mut decision = Decision::default();
    decision.booking.push(BookingEvent::BookingCancelled {
        booking_id: info.booking_id,
        by: party.by,
        actor_id: Some(party.account_id),
        refund,
        refund_ref: refund_ref.filter(|_| refund.minor > 0),
        reason,
        at: now,
    });
    decision.release(info.booking_id, info.start, info.end, now);
    Ok(decision)
}

/// What moving a booking is decided against.
pub struct RescheduleContext<'a> {
    pub consultant: &'a Consultant,
    pub timings: &'a Timings,
    /// The UTC days of both the old and the new times, for each party.
    pub consultant_calendars: &'a Calendars,
    pub client_calendars: &'a Calendars,
}

/// The UTC days a move from the booking's times to `new_start` touches.
pub fn reschedule_days(info: &BookingInfo, new_start: DateTime<Utc>) -> Vec<NaiveDate> {
    let new_end = new_start + TimeDelta::minutes(i64::from(info.duration_minutes));
    let mut days = calendar::days(info.start, info.end);
    days.extend(calendar::days(new_start, new_end));
    days.sort();
    days.dedup();
    days
}

/// Moves a held or confirmed booking that has not started to another
/// published slot of the same length, at least 2 h ahead and free for both
/// parties (its own old interval aside); same id, payment and price.
pub fn reschedule(
    booking: &Booking,
    party: Party,
    new_start: DateTime<Utc>,
    context: &RescheduleContext<'_>,
    now: DateTime<Utc>,
) -> Result<Decision, DomainError> {
    let info = owned(booking, party)?;
    if !matches!(info.status, BookingStatus::Held | BookingStatus::Confirmed) || now >= info.start {
        return Err(DomainError::Rule(RuleCode::BookingNotReschedulable));
    }
    if new_start == info.start {
        return Ok(Decision::default());
    }
    let offer = offer(Offering::of(context.consultant), context.timings)?;
    let duration = SessionDuration::parse(Some(i64::from(info.duration_minutes)))
        .map_err(|_| DomainError::Rule(RuleCode::SlotUnavailable))?;
    let new_end = check_slot(&offer, duration, new_start, now)?;
    let id = info.booking_id;
    if overlaps_any(context.consultant_calendars, new_start, new_end, id) {
        return Err(DomainError::Rule(RuleCode::SlotTaken));
    }
    if overlaps_any(context.client_calendars, new_start, new_end, id) {
        return Err(DomainError::Rule(RuleCode::ClientOverlap));
    }
    let mut decision = Decision::default();
    decision.booking.push(BookingEvent::BookingRescheduled {
        booking_id: id,
        by: party.by,
        previous_start: info.start,
        previous_end: info.end,
        start: new_start,
        end: new_end,
        at: now,
    });
    decision.release(id, info.start, info.end, now);
    decision.reserve(id, new_start, new_end, now);
    Ok(decision)
}

/// Records completion once the room has closed (end + 30 min), unless the
/// booking is no longer confirmed (no-show reported, cancelled…).
pub fn complete(booking: &Booking, now: DateTime<Utc>) -> Vec<BookingEvent> {
    match booking.info() {
        Some(info)
            if info.status == BookingStatus::Confirmed
                && now >= RoomWindow::of(info.start, info.end).closes_at =>
        {
            vec![BookingEvent::BookingCompleted {
                booking_id: info.booking_id,
                at: now,
            }]
        }
        _ => Vec::new(),
    }
}

/// The consultant reports that the client did not come: from the end of a
/// confirmed (or already completed) session up to 48 h after it.
pub fn no_show(
    booking: &Booking,
    consultant_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<BookingEvent>, DomainError> {
    let info = owned(
        booking,
        Party {
            by: CancelledBy::Consultant,
            account_id: consultant_id,
        },
    )?;
    match info.status {
        BookingStatus::NoShow => return Ok(Vec::new()),
        BookingStatus::Confirmed | BookingStatus::Completed => {}
        _ => return Err(DomainError::Rule(RuleCode::BookingNotConfirmed)),
    }
    if now < info.end {
        return Err(DomainError::Rule(RuleCode::BookingNotEnded));
    }
    if now > info.end + NO_SHOW_WINDOW {
        return Err(DomainError::Rule(RuleCode::NoShowTooLate));
    }
    Ok(vec![BookingEvent::BookingNoShow {
        booking_id: info.booking_id,
        actor_id: Some(consultant_id),
        at: now,
    }])
}
