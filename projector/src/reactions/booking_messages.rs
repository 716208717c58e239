//! Booking messages: confirmation, cancellation and reschedule mails to
//! both parties, each in its own language and zone with an `.ics`
//! attachment (one UID per booking, SEQUENCE = reschedules so far, CANCEL on
//! cancellation); and the 24-hour and 1-hour reminders (e-mail, plus SMS for
//! a client who prefers SMS), armed by a confirmation or a reschedule as
//! scheduled commands and recorded as `ReminderSent` events.
//!
//! Effects carry deterministic ids (`EFFECTS` v5 of the event or schedule
//! id and the recipient's role), so a restart or a second worker never
//! sends twice; whether a reminder still goes out is the domain's rule
//! ([`reminder::should_send`]).

use chrono::{DateTime, Utc};
use domain::account::{ACCOUNT_CATEGORY, AccountEvent};
use domain::booking::{self, Booking, BookingEvent, BookingInfo, BookingStatus};
use domain::codec::{self, EventSchema};
use domain::reminder::{self, BookingNow, Channel, ReminderEvent, ReminderKind, Reminders};
use platform::ics::{self, IcsBooking, Method};
use platform::lang::Lang;
use platform::mail::{
    Attachment, BookingFacts, BookingMailKind, Mail, booking_mail, booking_reminder_sms, local_time,
};
use platform::messages::message;
use platform::sms::{Sms, SmsError};
use serde_json::Value;
use store::{
    AppendRequest, ExpectedVersion, NewEvent, RecordedEvent, ScheduledCommand, StreamAppend,
    StreamId,
};
use uuid::Uuid;

use super::{EFFECTS, ReactionError, Reactor};

pub(super) const BOOKING_REMINDER: &str = "booking_reminder";

fn effect(name: &str) -> Uuid {
    Uuid::new_v5(&EFFECTS, name.as_bytes())
}

/// One party as its registration says: where and how to write to it.
pub(super) struct Party {
    role: &'static str,
    pub(super) name: String,
    pub(super) email: Option<String>,
    pub(super) lang: Lang,
    pub(super) zone: chrono_tz::Tz,
    /// E.164 number when the party prefers SMS.
    sms: Option<String>,
}

/// Someone known only by an address (a newsletter subscriber).
pub(super) fn addressee(email: String, lang: Lang) -> Party {
    Party {
        role: "visitor",
        name: String::new(),
        email: Some(email),
        lang,
        zone: chrono_tz::UTC,
        sms: None,
    }
}

pub(super) async fn party(
    reactor: &Reactor,
    role: &'static str,
    id: Uuid,
) -> Result<Party, ReactionError> {
    let stream = StreamId::new(ACCOUNT_CATEGORY, id);
    let mut party = Party {
        role,
        name: String::new(),
        email: None,
        lang: Lang::Fr,
        zone: chrono_tz::UTC,
        sms: None,
    };
    for event in reactor.stores.events.read_stream(&stream).await? {
        if event.event_type != "AccountRegistered" {
            continue;
        }
        let Ok(AccountEvent::AccountRegistered {
            profile,
            language,
            timezone,
            ..
        }) = codec::decode(&event.event_type, event.schema_version, &event.payload)
        else {
            continue;
        };
        party.lang = Lang::from(language);
        if let Some(zone) = timezone {
            party.zone = zone.tz();
        }
        let raw = reactor
            .stores
            .events
            .payload(profile.subject, &profile.key)
            .await?;
        let Some(payload) = raw.and_then(|r| serde_json::from_str::<Value>(&r).ok()) else {
            // Forgotten: nobody to write to, no name to show.
            party.name = "[erased]".into();
            return Ok(party);
        };
        let text = |field: &str| payload[field].as_str().map(str::to_owned);
        party.name = format!(
            "{} {}",
            text("given_name").unwrap_or_default(),
            text("family_name").unwrap_or_default()
        )
        .trim()
        .to_owned();
        party.email = text("email");
        match text("correspondence_language").as_deref() {
            Some("en") => party.lang = Lang::En,
            Some("fr") => party.lang = Lang::Fr,
            _ => {}
        }
        if let Some(zone) = text("timezone").and_then(|z| z.parse::<chrono_tz::Tz>().ok()) {
            party.zone = zone;
        }
        if text("preferred_contact").as_deref() == Some("sms") {
            party.sms = text("phone");
        }
    }
    Ok(party)
}

/// Folds a stream up to `version` events (all when `None`).
async fn fold<E: EventSchema, S>(
    reactor: &Reactor,
    stream: &StreamId,
    version: Option<u64>,
    init: S,
    evolve: impl Fn(S, &E) -> S,
) -> Result<S, ReactionError> {
    let events = reactor.stores.events.read_stream(stream).await?;
    let take = version.map_or(events.len(), |v| v as usize);
    let mut state = init;
    for e in events.iter().take(take) {
        let decoded = codec::decode::<E>(&e.event_type, e.schema_version, &e.payload)
            .map_err(|err| ReactionError::Unreadable(e.event_id, err.to_string()))?;
        state = evolve(state, &decoded);
    }
    Ok(state)
}

/// The booking and its reschedules so far, up to `version` events.
async fn booking_at(
    reactor: &Reactor,
    stream: &StreamId,
    version: Option<u64>,
) -> Result<(Booking, u32, Option<BookingStatus>), ReactionError> {
    // (booking, reschedules, status before the last event)
    fold::<BookingEvent, _>(
        reactor,
        stream,
        version,
        (Booking::default(), 0_u32, None),
        |(booking, reschedules, _), event| {
            let before = booking.info().map(|i| i.status);
            let reschedules =
                reschedules + u32::from(matches!(event, BookingEvent::BookingRescheduled { .. }));
            (booking.evolve(event), reschedules, before)
        },
    )
    .await
}

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if event.stream.category() != booking::CATEGORY {
        return Ok(());
    }
    let kind = match event.event_type.as_str() {
        "BookingConfirmed" => BookingMailKind::Confirmed,
        "BookingCancelled" => BookingMailKind::Cancelled,
        "BookingRescheduled" => BookingMailKind::Rescheduled,
        _ => return Ok(()),
    };
    let decoded: BookingEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let (booking, reschedules, before) =
        booking_at(reactor, &event.stream, Some(event.stream_version)).await?;
    let Some(info) = booking.info() else {
        return Ok(());
    };
    // An unpaid hold given up was never in anyone's calendar.
    if kind == BookingMailKind::Cancelled && before != Some(BookingStatus::Confirmed) {
        return Ok(());
    }
    let previous = match &decoded {
        BookingEvent::BookingRescheduled { previous_start, .. } => Some(*previous_start),
        _ => None,
    };
    let sequence = match kind {
        BookingMailKind::Cancelled => reschedules + 1,
        _ => reschedules,
    };
    let client = party(reactor, "client", info.client_id).await?;
    let consultant = party(reactor, "consultant", info.consultant_id).await?;
    for (to, other) in [(&client, &consultant), (&consultant, &client)] {
        let facts = facts(reactor, info, to, other, previous, kind);
        let calendar = ics::calendar(
            if kind == BookingMailKind::Cancelled {
                Method::Cancel
            } else {
                Method::Request
            },
            None,
            &[IcsBooking {
                booking_id: info.booking_id,
                sequence,
                start: info.start,
                end: info.end,
                stamp: event.metadata.recorded_at,
                summary: message(to.lang, "ics.summary", &[("name", other.name.as_str())]),
                description: message(to.lang, "ics.description", &[]),
                url: Some(facts.room_url.clone()),
                cancelled: kind == BookingMailKind::Cancelled,
            }],
        );
        let (subject, text, html) = booking_mail(to.lang, kind, &facts);
        send(
            reactor,
            effect(&format!("booking mail {} {}", event.event_id, to.role)),
            to,
            subject,
            text,
            html,
            vec![Attachment {
                filename: "invite.ics".into(),
                content_type: format!(
                    "text/calendar; charset=utf-8; method={}",
                    if kind == BookingMailKind::Cancelled {
                        "CANCEL"
                    } else {
                        "REQUEST"
                    }
                ),
                bytes: calendar.into_bytes(),
            }],
        )
        .await?;
    }
    if matches!(
        kind,
        BookingMailKind::Confirmed | BookingMailKind::Rescheduled
    ) {
        for (reminder, due_at) in reminder::arm(info.start, event.metadata.recorded_at) {
            reactor
                .stores
                .reactor
                .schedule(ScheduledCommand {
                    id: effect(&format!(
                        "reminder {} {}",
                        event.event_id,
                        reminder.as_str()
                    )),
                    due_at,
                    kind: BOOKING_REMINDER.into(),
                    payload: serde_json::json!({
                        "booking_id": info.booking_id,
                        "kind": reminder.as_str(),
                        "start": info.start,
                    })
                    .to_string(),
                })
                .await?;
        }
    }
    Ok(())
}

fn facts(
    reactor: &Reactor,
    info: &BookingInfo,
    to: &Party,
    other: &Party,
    previous: Option<DateTime<Utc>>,
    kind: BookingMailKind,
) -> BookingFacts {
    let is_client = to.role == "client";
    BookingFacts {
        other_party: other.name.clone(),
        when: local_time(to.lang, info.start, to.zone),
        previous: previous.map(|p| local_time(to.lang, p, to.zone)),
        duration_minutes: i64::from(info.duration_minutes),
        paid: (is_client && kind == BookingMailKind::Confirmed && info.total.minor > 0)
            .then(|| info.total.to_string()),
        refund: if is_client {
            info.refund.map(|r| r.to_string())
        } else {
            None
        },
        room_url: format!(
            "{}/{}/room/{}",
            reactor.public_url.trim_end_matches('/'),
            to.role,
            info.booking_id
        ),
    }
}

/// Sends one mail once (skipped when done, or when the party was forgotten).
pub(super) async fn send(
    reactor: &Reactor,
    effect_id: Uuid,
    to: &Party,
    subject: String,
    text: String,
    html: String,
    attachments: Vec<Attachment>,
) -> Result<(), ReactionError> {
    let Some(address) = &to.email else {
        return Ok(());
    };
    if reactor.stores.reactor.effect_done(effect_id).await? {
        return Ok(());
    }
    reactor
        .mailer
        .send(Mail {
            to: address.clone(),
            subject,
            text,
            html: Some(html),
            attachments,
        })
        .await?;
    reactor
        .stores
        .reactor
        .record_effect(effect_id, reactor.clock.now())
        .await?;
    Ok(())
}

/// Fires one reminder: mails both parties (and texts a client who prefers
/// SMS) when the domain says it still goes out, then records it.
pub(super) async fn remind(
    reactor: &Reactor,
    command: &ScheduledCommand,
) -> Result<(), ReactionError> {
    let payload: Value = serde_json::from_str(&command.payload).unwrap_or_default();
    let (Some(booking_id), Some(kind), Some(armed_start)) = (
        payload["booking_id"]
            .as_str()
            .and_then(|s| s.parse::<Uuid>().ok()),
        payload["kind"].as_str().and_then(ReminderKind::parse),
        payload["start"]
            .as_str()
            .and_then(|s| DateTime::parse_from_rfc3339(s).ok())
            .map(|t| t.with_timezone(&Utc)),
    ) else {
        return Ok(());
    };
    let now = reactor.clock.now();
    let stream = StreamId::new(booking::CATEGORY, booking_id);
    let (booking, _, _) = booking_at(reactor, &stream, None).await?;
    let Some(info) = booking.info() else {
        return Ok(());
    };
    let reminder_stream = StreamId::new(reminder::CATEGORY, booking_id);
    let reminders = fold::<ReminderEvent, _>(
        reactor,
        &reminder_stream,
        None,
        Reminders::default(),
        |r, e| r.evolve(e),
    )
    .await?;
    let state = BookingNow {
        confirmed: info.status == BookingStatus::Confirmed,
        start: info.start,
    };
    if !reminder::should_send(kind, armed_start, state, &reminders, now) {
        return Ok(());
    }
    let mail_kind = match kind {
        ReminderKind::Day => BookingMailKind::ReminderDay,
        ReminderKind::Hour => BookingMailKind::ReminderHour,
    };
    let client = party(reactor, "client", info.client_id).await?;
    let consultant = party(reactor, "consultant", info.consultant_id).await?;
    let mut client_channels = vec![Channel::Email];
    for (to, other) in [(&client, &consultant), (&consultant, &client)] {
        let facts = facts(reactor, info, to, other, None, mail_kind);
        let (subject, text, html) = booking_mail(to.lang, mail_kind, &facts);
        send(
            reactor,
            effect(&format!("reminder mail {} {}", command.id, to.role)),
            to,
            subject,
            text,
            html,
            Vec::new(),
        )
        .await?;
        if let (Some(number), "client") = (&to.sms, to.role) {
            let effect_id = effect(&format!("reminder sms {}", command.id));
            if !reactor.stores.reactor.effect_done(effect_id).await? {
                let sms = Sms {
                    to: number.clone(),
                    text: booking_reminder_sms(to.lang, &facts),
                };
                match reactor.sms.send(sms).await {
                    Ok(()) => {}
                    // A number the provider refuses for good must not stall the worker.
                    Err(SmsError::Refused(reason)) => {
                        tracing::warn!(booking.id = %booking_id, %reason, "reminder text refused");
                    }
                    Err(e) => return Err(e.into()),
                }
                reactor.stores.reactor.record_effect(effect_id, now).await?;
            }
            client_channels.push(Channel::Sms);
        }
    }
    let sent = ReminderEvent::ReminderSent {
        booking_id,
        kind,
        start: armed_start,
        client_channels,
        at: now,
    };
    let (event_type, schema_version, payload) = codec::encode(&sent);
    reactor
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: reminder_stream,
                expected: ExpectedVersion::Any,
                events: vec![NewEvent {
                    // Derived from the schedule id: firing twice appends once.
                    event_id: effect(&format!("fired {}", command.id)),
                    event_type,
                    schema_version,
                    payload,
                    metadata: super::shared::system_metadata(command.id, None, now),
                }],
            }],
            side_writes: Vec::new(),
        })
        .await?;
    Ok(())
}
