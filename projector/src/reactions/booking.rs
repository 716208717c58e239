//! Scheduled booking commands: an unpaid hold expires at `hold_expires_at`
//! (freeing its calendar intervals and coupon use), a confirmed booking is
//! completed when its room closes (end + 30 min). Both are decided by
//! `domain::booking` on the streams as they are when the command fires, and
//! appended with the versions read, so a payment that lands first wins.

use chrono::{DateTime, Utc};
use domain::booking::{self, Booking, BookingEvent};
use domain::codec;
use domain::coupon::{self, Coupon, CouponEvent};
use domain::room::RoomWindow;
use store::{RecordedEvent, ScheduledCommand, StreamId};
use uuid::Uuid;

use super::shared::{Appends, fold_stream, retry_on_conflict};
use super::{EFFECTS, ReactionError, Reactor};

pub(super) const EXPIRE_BOOKING: &str = "expire_booking";
pub(super) const COMPLETE_BOOKING: &str = "complete_booking";

/// Schedules expiry and completion from the events that set their times.
pub(super) async fn schedule_from(
    reactor: &Reactor,
    event: &RecordedEvent,
) -> Result<(), ReactionError> {
    if !matches!(
        event.event_type.as_str(),
        "BookingHeld" | "BookingRescheduled"
    ) {
        return Ok(());
    }
    let decoded: BookingEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let mut due: Vec<(&str, DateTime<Utc>, Uuid)> = Vec::new();
    match decoded {
        BookingEvent::BookingHeld {
            booking_id,
            start,
            end,
            hold_expires_at,
            ..
        } => {
            due.push((EXPIRE_BOOKING, hold_expires_at, booking_id));
            due.push((
                COMPLETE_BOOKING,
                RoomWindow::of(start, end).closes_at,
                booking_id,
            ));
        }
        BookingEvent::BookingRescheduled {
            booking_id,
            start,
            end,
            ..
        } => due.push((
            COMPLETE_BOOKING,
            RoomWindow::of(start, end).closes_at,
            booking_id,
        )),
        _ => {}
    }
    for (kind, due_at, booking_id) in due {
        reactor
            .stores
            .reactor
            .schedule(ScheduledCommand {
                id: Uuid::new_v5(&EFFECTS, format!("{kind} {}", event.event_id).as_bytes()),
                due_at,
                kind: kind.into(),
                payload: serde_json::json!({ "booking_id": booking_id }).to_string(),
            })
            .await?;
    }
    Ok(())
}

/// Runs one due booking command; a version conflict (the booking moved
/// meanwhile) decides again on fresh streams.
pub(super) async fn fire(
    reactor: &Reactor,
    command: &ScheduledCommand,
) -> Result<(), ReactionError> {
    let payload: serde_json::Value = serde_json::from_str(&command.payload).unwrap_or_default();
    let Some(booking_id) = payload["booking_id"]
        .as_str()
        .and_then(|s| s.parse::<Uuid>().ok())
    else {
        return Ok(());
    };
    retry_on_conflict(|| fire_once(reactor, command, booking_id)).await
}

async fn fire_once(
    reactor: &Reactor,
    command: &ScheduledCommand,
    booking_id: Uuid,
) -> Result<(), ReactionError> {
    let now = reactor.clock.now();
    let booking_stream = StreamId::new(booking::CATEGORY, booking_id);
    let (state, version) =
        fold_stream::<BookingEvent, _>(reactor, &booking_stream, Booking::evolve).await?;
    let Some(info) = state.info().cloned() else {
        return Ok(());
    };
    // Event ids derive from the schedule id: firing twice appends once.
    let mut appends = Appends::new(format!("fired {}", command.id), command.id, None, now);
    if command.kind == EXPIRE_BOOKING {
        let coupon = match info.coupon_id {
            Some(id) => {
                let stream = StreamId::new(coupon::CATEGORY, id);
                let (coupon, version) =
                    fold_stream::<CouponEvent, _>(reactor, &stream, Coupon::evolve).await?;
                Some((stream, coupon, version))
            }
            None => None,
        };
        let decision = booking::expire(&state, coupon.as_ref().map(|c| &c.1), now);
        if decision.is_empty() {
            return Ok(());
        }
        appends.add(booking_stream, version, &decision.booking);
        appends
            .add_days(
                reactor,
                (info.consultant_id, &decision.consultant_days),
                (info.client_id, &decision.client_days),
            )
            .await?;
        if let Some((stream, _, version)) = coupon {
            appends.add(stream, version, &decision.coupon);
        }
    } else {
        let events = booking::complete(&state, now);
        appends.add(booking_stream, version, &events);
    }
    if appends.streams.is_empty() {
        return Ok(());
    }
    appends.append(reactor).await
}
