use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::values::Money;

/// Who cancelled a booking.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum CancelledBy {
    Client,
    Consultant,
    Admin,
    /// The platform itself: an administrator deactivated one of the parties'
    /// accounts (`domain::account::deactivate`); always a full refund.
    Platform,
}

impl CancelledBy {
    pub fn as_str(self) -> &'static str {
        match self {
            CancelledBy::Client => "client",
            CancelledBy::Consultant => "consultant",
            CancelledBy::Admin => "admin",
            CancelledBy::Platform => "platform",
        }
    }
}

/// What a booking keeps of a card payment: never the card number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentRecord {
    /// The provider's charge id (`pi_…`, `ch_sandbox_…`).
    pub provider_ref: String,
    /// `visa`, `mastercard`, … as the provider names it.
    pub brand: String,
    pub last4: String,
    pub amount: Money,
}

/// One booking's life, `booking-{booking id}` (the booking id is also the
/// video room's id). Every event repeats `booking_id` so a projection keyed
/// by it needs nothing else.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum BookingEvent {
    /// A slot is held for the client (status `held`). Carries everything a
    /// row needs: parties, UTC times, duration, the price, the discount, the
    /// total to pay (all in the consultant's currency), whether it is the
    /// free first consultation, the coupon, and when the unpaid hold expires.
    /// A total of 0 is followed, in the same append, by `BookingConfirmed`
    /// with no payment.
    BookingHeld {
        booking_id: Uuid,
        consultant_id: Uuid,
        client_id: Uuid,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        duration_minutes: u16,
        price: Money,
        discount: Money,
        total: Money,
        free: bool,
        coupon_id: Option<Uuid>,
        coupon_code: Option<String>,
        hold_expires_at: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// Paid (status `confirmed`): `payment` has the provider's reference,
    /// the card's brand and last four digits and the amount; `None` when
    /// nothing was due (free or fully discounted).
    BookingConfirmed {
        booking_id: Uuid,
        payment: Option<PaymentRecord>,
        at: DateTime<Utc>,
    },
    /// The hold lapsed unpaid (status `expired`); the slot is free again.
    BookingExpired { booking_id: Uuid, at: DateTime<Utc> },
    /// A charge came back after the hold had lapsed and was refunded at
    /// once; the status stays `expired`. For the audit trail.
    LatePaymentRefunded {
        booking_id: Uuid,
        payment: PaymentRecord,
        refund_ref: String,
        at: DateTime<Utc>,
    },
    /// Status `cancelled`: who cancelled and how much was given back
    /// (`refund` may be 0; `refund_ref` is the provider's refund id when
    /// money moved). The slot is free again.
    BookingCancelled {
        booking_id: Uuid,
        by: CancelledBy,
        actor_id: Option<Uuid>,
        refund: Money,
        refund_ref: Option<String>,
        /// The reason the canceller typed, if any: a JSON string in the
        /// payload store (subject = the booking's client), never in the event.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<PayloadRef>,
        at: DateTime<Utc>,
    },
    /// Same booking, new times (status unchanged): the old interval is free
    /// again, the new one taken, in one append.
    BookingRescheduled {
        booking_id: Uuid,
        by: CancelledBy,
        previous_start: DateTime<Utc>,
        previous_end: DateTime<Utc>,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// Money given back after the fact, status unchanged (a complaint's
    /// decision, docs/complaints.md): the booking's refunded total grows.
    /// `refund_ref` is the provider's refund id; `complaint_id` the decision
    /// it carries out (at most one per complaint).
    BookingRefunded {
        booking_id: Uuid,
        amount: Money,
        refund_ref: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        complaint_id: Option<Uuid>,
        at: DateTime<Utc>,
    },
    /// Status `completed`, recorded when the room closes (end + 30 min).
    BookingCompleted { booking_id: Uuid, at: DateTime<Utc> },
    /// Status `no_show`: the consultant says the client did not come.
    BookingNoShow {
        booking_id: Uuid,
        actor_id: Option<Uuid>,
        at: DateTime<Utc>,
    },
}

impl EventSchema for BookingEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// One party's day, `calconsultant-{…}` or `calclient-{…}`: the intervals
/// held or confirmed on it. Projections may ignore these streams (the
/// booking stream says the same); they exist so that one atomic append with
/// expected versions forbids overlaps (DESIGN §1 guarantee 5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum CalendarEvent {
    IntervalReserved {
        booking_id: Uuid,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    IntervalReleased {
        booking_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for CalendarEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// A (client, consultant) pair, `bookingpair-{uuid v5(client, consultant)}`:
/// which of their bookings were confirmed, so "never had a confirmed
/// booking" (first free consultation) holds under concurrency.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum PairEvent {
    PairBookingConfirmed {
        booking_id: Uuid,
        client_id: Uuid,
        consultant_id: Uuid,
        free: bool,
        at: DateTime<Utc>,
    },
}

impl EventSchema for PairEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}
