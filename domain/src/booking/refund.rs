//! Money given back after the fact (a complaint's decision,
//! docs/complaints.md): never more, across every refund of the booking
//! (cancellation, complaints), than what was paid; one refund per complaint.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Booking, BookingEvent, BookingInfo};
use crate::values::Money;
use crate::{DomainError, RuleCode};

/// Checks that `amount` may still be given back on a paid booking: positive,
/// in the payment's currency, within paid − already refunded.
pub fn check_refund(info: &BookingInfo, amount: Money) -> Result<(), DomainError> {
    let paid = info.paid();
    if paid.minor <= 0 || amount.currency != paid.currency || amount.minor <= 0 {
        return Err(DomainError::Rule(RuleCode::RefundNotAllowed));
    }
    if amount.minor > info.refundable().minor {
        return Err(DomainError::Rule(RuleCode::RefundExceedsPaid));
    }
    Ok(())
}

/// Whether the refund decided on `complaint_id` is still to be made: `false`
/// once the booking records it; refused when it no longer fits (see [`check_refund`]).
pub fn complaint_refund_due(
    booking: &Booking,
    complaint_id: Uuid,
    amount: Money,
) -> Result<bool, DomainError> {
    let info = booking
        .info()
        .ok_or(DomainError::Rule(RuleCode::NotFound))?;
    if info.refunded_complaints.contains(&complaint_id) {
        return Ok(false);
    }
    check_refund(info, amount)?;
    Ok(true)
}

/// Records a refund made by the provider (`refund_ref`); a second refund
/// for the same complaint is a no-op (no events).
pub fn refund(
    booking: &Booking,
    amount: Money,
    refund_ref: String,
    complaint_id: Option<Uuid>,
    now: DateTime<Utc>,
) -> Result<Vec<BookingEvent>, DomainError> {
    let info = booking
        .info()
        .ok_or(DomainError::Rule(RuleCode::NotFound))?;
    if let Some(complaint_id) = complaint_id
        && info.refunded_complaints.contains(&complaint_id)
    {
        return Ok(Vec::new());
    }
    check_refund(info, amount)?;
    Ok(vec![BookingEvent::BookingRefunded {
        booking_id: info.booking_id,
        amount,
        refund_ref,
        complaint_id,
        at: now,
    }])
}
