//! A decided refund always happens, once (docs/complaints.md "Refund of a
//! decision"). The deciding command makes it right after recording
//! `ComplaintDecided`; this reaction makes it when the command could not (a
//! crash between the two steps, a provider outage): on `ComplaintDecided`
//! with a refund, when the booking has no `BookingRefunded` for that
//! complaint yet, it refunds through the provider with the same idempotency
//! key (`complaint-{id}-refund`, so the provider refunds once whoever asks)
//! and appends `BookingRefunded { complaint_id }` under an event id derived
//! from the complaint (so two workers append it once). A provider failure
//! fails the step, which is retried.

use domain::booking::{self, Booking, BookingEvent};
use domain::codec;
use domain::complaint::{self, Complaint, ComplaintEvent};
use platform::payments::RefundRequest;
use store::{RecordedEvent, StreamId};
use uuid::Uuid;

use super::shared::{Appends, fold_stream, retry_on_conflict};
use super::{ReactionError, Reactor};

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if event.stream.category() != complaint::CATEGORY || event.event_type != "ComplaintDecided" {
        return Ok(());
    }
    let decoded: ComplaintEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let ComplaintEvent::ComplaintDecided {
        refund: Some(_), ..
    } = decoded
    else {
        return Ok(());
    };
    retry_on_conflict(|| refund_once(reactor, event)).await
}

async fn refund_once(reactor: &Reactor, cause: &RecordedEvent) -> Result<(), ReactionError> {
    let complaint_id: Uuid = cause
        .stream
        .entity_id()
        .parse()
        .map_err(|_| ReactionError::Unreadable(cause.event_id, "complaint id".into()))?;
    let (complaint, _) =
        fold_stream::<ComplaintEvent, _>(reactor, &cause.stream, Complaint::evolve).await?;
    let Some((amount, booking_id)) = complaint.info().and_then(|i| i.refund.zip(i.booking_id))
    else {
        return Ok(());
    };
    let stream = StreamId::new(booking::CATEGORY, booking_id);
    let (state, version) =
        fold_stream::<BookingEvent, _>(reactor, &stream, Booking::evolve).await?;
    match booking::complaint_refund_due(&state, complaint_id, amount) {
        Ok(true) => {}
        Ok(false) => return Ok(()),
        Err(refused) => {
            tracing::error!(complaint.id = %complaint_id, %refused, "decided refund no longer fits the booking");
            return Ok(());
        }
    }
    let Some(payment) = state.info().and_then(|i| i.payment.clone()) else {
        return Ok(());
    };
    let Some(payments) = &reactor.payments else {
        return Err(ReactionError::Payment(
            "no payment provider to refund with".into(),
        ));
    };
    let refund = payments
        .refund(RefundRequest {
            idempotency_key: format!("complaint-{complaint_id}-refund"),
            provider_ref: payment.provider_ref,
            amount_minor: amount.minor,
            currency: amount.currency.code().to_owned(),
        })
        .await
        .map_err(|e| ReactionError::Payment(e.to_string()))?;
    let now = reactor.clock.now();
    let Ok(events) = booking::refund(&state, amount, refund.provider_ref, Some(complaint_id), now)
    else {
        return Ok(());
    };
    let mut appends = Appends::caused_by(format!("complaint-refund {complaint_id}"), cause, now);
    appends.add(stream, version, &events);
    appends.append(reactor).await?;
    tracing::info!(complaint.id = %complaint_id, booking.id = %booking_id, "complaint refund made by the worker");
    Ok(())
}
