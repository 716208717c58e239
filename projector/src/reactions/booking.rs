//! Scheduled booking commands: an unpaid hold expires at `hold_expires_at`
//! (freeing its calendar intervals and coupon use), a confirmed booking is
//! completed when its room closes (end + 30 min). Both are decided by
//! `domain::booking` on the streams as they are when the command fires, and
//! appended with the versions read, so a payment that lands first wins.

use chrono::{DateTime, Utc};
use domain::booking::{self, Booking, BookingEvent, calendar};
use domain::codec::{self, EventSchema};
use domain::coupon::{self, Coupon, CouponEvent};
use domain::room::RoomWindow;
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, RecordedEvent, ScheduledCommand,
    StoreError, StreamAppend, StreamId,
};
use uuid::Uuid;

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
    let mut attempts = 0;
    loop {
        match fire_once(reactor, command, booking_id).await {
            Err(ReactionError::Store(StoreError::Conflict { .. })) if attempts < 3 => attempts += 1,
            other => return other,
        }
    }
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

/// The events of one stream in this append, with the version they expect.
struct Appends {
    command: Uuid,
    now: DateTime<Utc>,
    streams: Vec<StreamAppend>,
    count: usize,
}

impl Appends {
    fn add<E: EventSchema>(&mut self, stream: StreamId, version: u64, events: &[E]) {
        if events.is_empty() {
            return;
        }
        let events = events
            .iter()
            .map(|event| {
                let (event_type, schema_version, payload) = codec::encode(event);
                // Derived from the schedule id: firing twice appends once.
                let event_id = Uuid::new_v5(
                    &EFFECTS,
                    format!("fired {} {}", self.command, self.count).as_bytes(),
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
                        correlation_id: self.command,
                        causation_id: None,
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

async fn fire_once(
    reactor: &Reactor,
    command: &ScheduledCommand,
    booking_id: Uuid,
) -> Result<(), ReactionError> {
    let now = reactor.clock.now();
    let booking_stream = StreamId::new(booking::CATEGORY, booking_id);
    let (state, version) =
        read::<BookingEvent, _>(reactor, &booking_stream, Booking::evolve).await?;
    let Some(info) = state.info().cloned() else {
        return Ok(());
    };
    let mut appends = Appends {
        command: command.id,
        now,
        streams: Vec::new(),
        count: 0,
    };
    if command.kind == EXPIRE_BOOKING {
        let coupon = match info.coupon_id {
            Some(id) => {
                let stream = StreamId::new(coupon::CATEGORY, id);
                let (coupon, version) =
                    read::<CouponEvent, _>(reactor, &stream, Coupon::evolve).await?;
                Some((stream, coupon, version))
            }
            None => None,
        };
        let decision = booking::expire(&state, coupon.as_ref().map(|c| &c.1), now);
        if decision.is_empty() {
            return Ok(());
        }
        appends.add(booking_stream, version, &decision.booking);
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
    reactor
        .stores
        .events
        .append(AppendRequest {
            streams: appends.streams,
            side_writes: Vec::new(),
        })
        .await?;
    Ok(())
}
