use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{BookingEvent, CancelledBy, PaymentRecord};
use crate::account::PayloadRef;
use crate::values::Money;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum BookingStatus {
    Held,
    Confirmed,
    Expired,
    Cancelled,
    Completed,
    NoShow,
}

impl BookingStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            BookingStatus::Held => "held",
            BookingStatus::Confirmed => "confirmed",
            BookingStatus::Expired => "expired",
            BookingStatus::Cancelled => "cancelled",
            BookingStatus::Completed => "completed",
            BookingStatus::NoShow => "no_show",
        }
    }
}

/// A booking as decisions need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookingInfo {
    pub booking_id: Uuid,
    pub consultant_id: Uuid,
    pub client_id: Uuid,
    pub status: BookingStatus,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub duration_minutes: u16,
    pub price: Money,
    pub discount: Money,
    pub total: Money,
    pub free: bool,
    pub coupon_id: Option<Uuid>,
    pub coupon_code: Option<String>,
    pub hold_expires_at: DateTime<Utc>,
    pub payment: Option<PaymentRecord>,
    /// The provider's reference of a charge that came after the hold lapsed
    /// and was given back ([`BookingEvent::LatePaymentRefunded`]).
    pub late_refunded: Option<String>,
    pub refund: Option<Money>,
    pub cancelled_by: Option<CancelledBy>,
    /// The reason typed when cancelling, kept in the payload store.
    pub cancel_reason: Option<PayloadRef>,
    /// Everything given back after the payment so far: the cancellation's
    /// refund plus every [`BookingEvent::BookingRefunded`] (in the booking's
    /// currency). Never more than [`BookingInfo::paid`].
    pub refunded: Money,
    /// The complaints whose decided refund was carried out.
    pub refunded_complaints: Vec<Uuid>,
    /// The booking was confirmed once (whatever became of it since).
    pub was_confirmed: bool,
    pub created_at: DateTime<Utc>,
}

impl BookingInfo {
    /// What the client paid for the booking (0 when nothing was charged).
    pub fn paid(&self) -> Money {
        self.payment
            .as_ref()
            .map_or(Money::zero(self.total.currency), |p| p.amount)
    }

    /// What may still be refunded: paid − refunded so far.
    pub fn refundable(&self) -> Money {
        let paid = self.paid();
        Money {
            minor: (paid.minor - self.refunded.minor).max(0),
            currency: paid.currency,
        }
    }
}

/// Folded from `booking-{id}`; `None` until held.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Booking(pub Option<BookingInfo>);

impl Booking {
    pub fn info(&self) -> Option<&BookingInfo> {
        self.0.as_ref()
    }

    pub fn evolve(mut self, event: &BookingEvent) -> Self {
        if let BookingEvent::BookingHeld {
            booking_id,
            consultant_id,
            client_id,
            start,
            end,
            duration_minutes,
            price,
            discount,
            total,
            free,
            coupon_id,
            coupon_code,
            hold_expires_at,
            at,
        } = event
        {
            self.0 = Some(BookingInfo {
                booking_id: *booking_id,
                consultant_id: *consultant_id,
                client_id: *client_id,
                status: BookingStatus::Held,
                start: *start,
                end: *end,
                duration_minutes: *duration_minutes,
                price: *price,
                discount: *discount,
                total: *total,
                free: *free,
                coupon_id: *coupon_id,
                coupon_code: coupon_code.clone(),
                hold_expires_at: *hold_expires_at,
                payment: None,
                late_refunded: None,
                refund: None,
                cancelled_by: None,
                cancel_reason: None,
                refunded: Money {
                    minor: 0,
                    currency: total.currency,
                },
                refunded_complaints: Vec::new(),
                was_confirmed: false,
                created_at: *at,
            });
            return self;
        }
        let Some(info) = self.0.as_mut() else {
            return self;
        };
        match event {
            BookingEvent::BookingHeld { .. } => {}
            BookingEvent::LatePaymentRefunded { payment, .. } => {
                info.late_refunded = Some(payment.provider_ref.clone());
            }
            BookingEvent::BookingConfirmed { payment, .. } => {
                info.status = BookingStatus::Confirmed;
                info.payment = payment.clone();
                info.was_confirmed = true;
            }
            BookingEvent::BookingExpired { .. } => info.status = BookingStatus::Expired,
            BookingEvent::BookingCancelled {
                by, refund, reason, ..
            } => {
                info.status = BookingStatus::Cancelled;
                info.cancelled_by = Some(*by);
                info.refund = Some(*refund);
                info.cancel_reason = reason.clone();
                info.refunded.minor += refund.minor;
            }
            BookingEvent::BookingRefunded {
                amount,
                complaint_id,
                ..
            } => {
                info.refunded.minor += amount.minor;
                if let Some(complaint_id) = complaint_id {
                    info.refunded_complaints.push(*complaint_id);
                }
            }
            BookingEvent::BookingRescheduled { start, end, .. } => {
                info.start = *start;
                info.end = *end;
            }
            BookingEvent::BookingCompleted { .. } => info.status = BookingStatus::Completed,
            BookingEvent::BookingNoShow { .. } => info.status = BookingStatus::NoShow,
        }
        self
    }
}
