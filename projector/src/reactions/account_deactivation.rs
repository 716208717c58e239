//! A deactivated or forgotten account's upcoming bookings are cancelled by
//! the platform with a full refund (`CancelledBy::Platform`, decided by
//! `domain::booking::cancel` like an administrator's cancellation).
//!
//! On `AccountDeactivated` the worker waits until the read models cover the
//! event (so `rm_bookings` lists every booking made before it), then cancels
//! each held or confirmed booking of the account, as client or consultant,
//! on the booking's own stream as it is now. A hold that raced the
//! deactivation (decided before, appended after) is caught on its
//! `BookingHeld`: a party deactivated by then gets it cancelled too.
//!
//! Once only: the refund's idempotency key is the booking's cancellation key
//! (`booking-{id}-cancel-refund`, as for any cancellation) and the appended
//! event ids derive from the deactivation (or hold) event and the booking, so
//! a retry or a second worker never refunds or cancels twice; a booking
//! already cancelled is simply skipped by the domain's rule.

use domain::account::{ACCOUNT_CATEGORY, Account, AccountEvent};
use domain::booking::{self, Booking, BookingEvent, CancelledBy, Party};
use domain::codec;
use platform::payments::RefundRequest;
use sqlx::Row;
use store::{RecordedEvent, StreamId};
use uuid::Uuid;

use super::shared::{Appends, fold_stream, read_models_cover, retry_on_conflict};
use super::{ReactionError, Reactor};

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    match (event.stream.category(), event.event_type.as_str()) {
        (ACCOUNT_CATEGORY, "AccountDeactivated" | "SubjectForgotten") => {
            deactivated(reactor, event).await
        }
        (booking::CATEGORY, "BookingHeld") => held(reactor, event).await,
        _ => Ok(()),
    }
}

/// Cancels every upcoming booking of the account just deactivated or forgotten.
async fn deactivated(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    let Some(read) = &reactor.read else {
        tracing::warn!("no read models: bookings of a deactivated account are not cancelled");
        return Ok(());
    };
    read_models_cover(read, event).await?;
    let account_id = event.stream.entity_id();
    let rows = sqlx::query(
        "SELECT id FROM rm_bookings WHERE (client_id = $1 OR consultant_id = $1)
         AND status IN ('held', 'confirmed') ORDER BY starts_at, id",
    )
    .bind(account_id)
    .fetch_all(&read.pool)
    .await
    .map_err(|e| ReactionError::ReadModels(e.to_string()))?;
    for row in rows {
        let id: String = row
            .try_get("id")
            .map_err(|e| ReactionError::ReadModels(e.to_string()))?;
        if let Ok(booking_id) = id.parse::<Uuid>() {
            cancel(reactor, event, booking_id).await?;
        }
    }
    Ok(())
}

/// A hold appended after one of its parties was deactivated is cancelled.
async fn held(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    let Ok(BookingEvent::BookingHeld {
        booking_id,
        client_id,
        consultant_id,
        ..
    }) = codec::decode(&event.event_type, event.schema_version, &event.payload)
    else {
        return Err(ReactionError::Unreadable(
            event.event_id,
            "not a booking hold".into(),
        ));
    };
    for party in [client_id, consultant_id] {
        let (account, _) = fold_stream::<AccountEvent, _>(
            reactor,
            &StreamId::new(ACCOUNT_CATEGORY, party),
            Account::evolve,
        )
        .await?;
        // Deactivated or forgotten; a party never registered is no reason.
        if account.id.is_some() && !account.is_active() {
            return cancel(reactor, event, booking_id).await;
        }
    }
    Ok(())
}

/// Cancels one booking for the platform, deciding again on a version conflict.
async fn cancel(
    reactor: &Reactor,
    cause: &RecordedEvent,
    booking_id: Uuid,
) -> Result<(), ReactionError> {
    retry_on_conflict(|| cancel_once(reactor, cause, booking_id)).await
}

async fn cancel_once(
    reactor: &Reactor,
    cause: &RecordedEvent,
    booking_id: Uuid,
) -> Result<(), ReactionError> {
    let now = reactor.clock.now();
    let stream = StreamId::new(booking::CATEGORY, booking_id);
    let (state, version) =
        fold_stream::<BookingEvent, _>(reactor, &stream, Booking::evolve).await?;
    let party = Party {
        by: CancelledBy::Platform,
        // The administrator whose deactivation caused it, when known.
        account_id: cause.metadata.actor_id.unwrap_or_default(),
    };
    // Already cancelled, over, or started: nothing to do.
    let Ok(refund) = booking::cancellation_refund(&state, party, now) else {
        return Ok(());
    };
    let Some(info) = state.info().cloned() else {
        return Ok(());
    };
    let refund_ref = match (&info.payment, refund.minor > 0) {
        (Some(payment), true) => {
            let Some(payments) = &reactor.payments else {
                return Err(ReactionError::Payment(
                    "no payment provider to refund with".into(),
                ));
            };
            let refunded = payments
                .refund(RefundRequest {
                    idempotency_key: format!("booking-{booking_id}-cancel-refund"),
                    provider_ref: payment.provider_ref.clone(),
                    amount_minor: refund.minor,
                    currency: refund.currency.code().to_owned(),
                })
                .await
                .map_err(|e| ReactionError::Payment(e.to_string()))?;
            Some(refunded.provider_ref)
        }
        _ => None,
    };
    // No reason: the deactivation's is about the account, for administrators only.
    let Ok(decision) = booking::cancel(&state, party, refund_ref, None, now) else {
        return Ok(());
    };
    let mut appends = Appends::caused_by(
        format!("platform-cancel {} {booking_id}", cause.event_id),
        cause,
        now,
    );
    appends.add(stream, version, &decision.booking);
    appends
        .add_days(
            reactor,
            (info.consultant_id, &decision.consultant_days),
            (info.client_id, &decision.client_days),
        )
        .await?;
    appends.append(reactor).await?;
    tracing::info!(booking.id = %booking_id, "booking cancelled by the platform");
    Ok(())
}
