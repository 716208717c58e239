//! Scheduled commands: an event schedules a command at a due time; the
//! worker fires it when the (injected) clock passes that time. Ids derive
//! from the scheduling event, so scheduling twice is harmless.

use domain::codec;
use domain::otp::{self, OtpEvent};
use store::{
    AppendRequest, ExpectedVersion, NewEvent, RecordedEvent, ScheduledCommand, SideWrite,
    StreamAppend, StreamId,
};
use uuid::Uuid;

use super::{EFFECTS, ReactionError, Reactor};

const ERASE_OTP_MAIL: &str = "erase_otp_mail";

pub(super) async fn schedule_from(
    reactor: &Reactor,
    event: &RecordedEvent,
) -> Result<(), ReactionError> {
    if event.event_type != "OtpIssued" {
        return Ok(());
    }
    let decoded = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    if let OtpEvent::OtpIssued {
        otp_id, expires_at, ..
    } = decoded
    {
        reactor
            .stores
            .reactor
            .schedule(ScheduledCommand {
                id: Uuid::new_v5(&EFFECTS, format!("erase {}", event.event_id).as_bytes()),
                due_at: expires_at,
                kind: ERASE_OTP_MAIL.into(),
                payload: serde_json::json!({ "otp_id": otp_id, "stream": event.stream.as_str() })
                    .to_string(),
            })
            .await?;
    }
    Ok(())
}

pub(super) async fn fire_due(reactor: &Reactor) -> Result<usize, ReactionError> {
    let now = reactor.clock.now();
    let due = reactor.stores.reactor.due(now, 100).await?;
    for command in &due {
        if command.kind == ERASE_OTP_MAIL {
            erase_otp_mail(reactor, command).await?;
        } else if command.kind == super::booking_messages::BOOKING_REMINDER {
            super::booking_messages::remind(reactor, command).await?;
        } else if command.kind == super::blog_publication::PUBLISH_BLOG_POST {
            super::blog_publication::fire(reactor, command).await?;
        } else if command.kind == super::erasure::ERASE_ACCOUNT {
            super::erasure::fire(reactor, command).await?;
        } else if [
            super::booking::EXPIRE_BOOKING,
            super::booking::COMPLETE_BOOKING,
        ]
        .contains(&command.kind.as_str())
        {
            super::booking::fire(reactor, command).await?;
        }
        reactor.stores.reactor.mark_fired(command.id, now).await?;
    }
    Ok(due.len())
}

/// Deletes the mailed code and address; the event says when.
async fn erase_otp_mail(
    reactor: &Reactor,
    command: &ScheduledCommand,
) -> Result<(), ReactionError> {
    let payload: serde_json::Value = serde_json::from_str(&command.payload).unwrap_or_default();
    let (Some(otp_id), Some(stream)) = (
        payload["otp_id"]
            .as_str()
            .and_then(|s| s.parse::<Uuid>().ok()),
        payload["stream"].as_str(),
    ) else {
        return Ok(());
    };
    let now = reactor.clock.now();
    let events = otp::erase_mail(otp_id, now)
        .iter()
        .map(|event| {
            let (event_type, schema_version, payload) = codec::encode(event);
            NewEvent {
                // Derived from the schedule id: firing twice appends once.
                event_id: Uuid::new_v5(&EFFECTS, format!("fired {}", command.id).as_bytes()),
                event_type,
                schema_version,
                payload,
                metadata: super::shared::system_metadata(command.id, None, now),
            }
        })
        .collect();
    reactor
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: StreamId::from_raw(stream),
                expected: ExpectedVersion::Any,
                events,
            }],
            side_writes: vec![SideWrite::ForgetSubject { subject: otp_id }],
        })
        .await?;
    Ok(())
}
