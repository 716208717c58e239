//! A deactivated account's upcoming bookings are cancelled by the platform
//! with a full refund (`CancelledBy::Platform`, decided by
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

use chrono::{DateTime, Utc};
use domain::account::{ACCOUNT_CATEGORY, Account, AccountEvent};
use domain::booking::{self, Booking, BookingEvent, CancelledBy, Party, calendar};
use domain::codec::{self, EventSchema};
use platform::payments::RefundRequest;
use sqlx::Row;
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, RecordedEvent, StoreError,
    StreamAppend, StreamId,
};
use uuid::Uuid;

use super::{EFFECTS, ReactionError, Reactor};

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    match (event.stream.category(), event.event_type.as_str()) {
        (ACCOUNT_CATEGORY, "AccountDeactivated") => deactivated(reactor, event).await,
        (booking::CATEGORY, "BookingHeld") => held(reactor, event).await,
        _ => Ok(()),
    }
}

/// Cancels every upcoming booking of the account just deactivated.
async fn deactivated(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    let Some(read) = &reactor.read else {
        tracing::warn!("no read models: bookings of a deactivated account are not cancelled");
        return Ok(());
    };
    if crate::projections_checkpoint(read)
        .await
        .map_err(|e| ReactionError::ReadModels(e.to_string()))?
        < event.position
    {
        return Err(ReactionError::ReadModelsBehind(event.position));
    }
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
        let (account, _) = read::<AccountEvent, _>(
            reactor,
            &StreamId::new(ACCOUNT_CATEGORY, party),
            Account::evolve,
        )
        .await?;
        if account.deactivated {
            return cancel(reactor, event, booking_id).await;
        }
    }
    Ok(())
}

async fn read<E: EventSchema, S: Default>(
    reactor: &Reactor,
    stream: &StreamId,
    fold: impl Fn(S, &E) -> S,
) -> Result<(S, u64), ReactionError> {
    let recorded = reactor.stores.events.read_stream(stream).await?;
    let mut state = S::default();
    for event in &recorded {
        let decoded: E = codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
        state = fold(state, &decoded);
    }
    Ok((state, recorded.len() as u64))
}

/// Cancels one booking for the platform, deciding again on a version conflict.
async fn cancel(
    reactor: &Reactor,
    cause: &RecordedEvent,
    booking_id: Uuid,
) -> Result<(), ReactionError> {
    let mut attempts = 0;
    loop {
        match cancel_once(reactor, cause, booking_id).await {
            Err(ReactionError::Store(StoreError::Conflict { .. })) if attempts < 3 => attempts += 1,
            other => return other,
        }
    }
}

async fn cancel_once(
    reactor: &Reactor,
    cause: &RecordedEvent,
    booking_id: Uuid,
) -> Result<(), ReactionError> {
    let now = reactor.clock.now();
    let stream = StreamId::new(booking::CATEGORY, booking_id);
    let (state, version) = read::<BookingEvent, _>(reactor, &stream, Booking::evolve).await?;
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
    let mut appends = Appends {
        label: format!("platform-cancel {} {booking_id}", cause.event_id),
        cause,
        now,
        streams: Vec::new(),
        count: 0,
    };
    appends.add(stream, version, &decision.booking);
    for (category, party, days) in [
        (
            calendar::CONSULTANT_CATEGORY,
            info.consultant_id,
            &decision.consultant_days,
        ),
        (
            calendar::CLIENT_CATEGORY,
            info.client_id,
            &decision.client_days,
        ),
    ] {
        for (day, events) in days {
            let stream = StreamId::new(category, calendar::day_entity(party, *day));
            let length = reactor.stores.events.read_stream(&stream).await?.len() as u64;
            appends.add(stream, length, events);
        }
    }
    reactor
        .stores
        .events
        .append(AppendRequest {
            streams: appends.streams,
            side_writes: Vec::new(),
        })
        .await?;
    tracing::info!(booking.id = %booking_id, "booking cancelled by the platform");
    Ok(())
}

/// One append of the platform's cancellation; event ids derive from `label`.
struct Appends<'a> {
    label: String,
    cause: &'a RecordedEvent,
    now: DateTime<Utc>,
    streams: Vec<StreamAppend>,
    count: usize,
}

impl Appends<'_> {
    fn add<E: EventSchema>(&mut self, stream: StreamId, version: u64, events: &[E]) {
        if events.is_empty() {
            return;
        }
        let events = events
            .iter()
            .map(|event| {
                let (event_type, schema_version, payload) = codec::encode(event);
                let event_id = Uuid::new_v5(
                    &EFFECTS,
                    format!("{} {}", self.label, self.count).as_bytes(),
                );
                self.count += 1;
                NewEvent {
                    event_id,
                    event_type,
                    schema_version,
                    payload,
                    metadata: EventMetadata {
                        actor_id: None,
                        actor_role: Some("system".into()),
                        correlation_id: self.cause.metadata.correlation_id,
                        causation_id: Some(self.cause.event_id),
                        recorded_at: self.now,
                    },
                }
            })
            .collect();
        self.streams.push(StreamAppend {
            stream,
            expected: ExpectedVersion::Exact(version),
            events,
        });
    }
}
