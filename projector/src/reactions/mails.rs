//! Mails sent in reaction to events: the sign-up code and the reset link,
//! in the recipient's language, addressed from the forgettable payload.

use domain::account::{AccountEvent, PayloadRef};
use domain::codec;
use domain::consultant::ConsultantEvent;
use domain::otp::{Channel, OtpEvent};
use domain::values::Language;
use platform::lang::Lang;
use platform::mail::{
    Mail, consultant_approved_mail, consultant_rejected_mail, erasure_code_mail, otp_mail,
    password_reset_mail,
};
use store::RecordedEvent;
use uuid::Uuid;

use super::{EFFECTS, ReactionError, Reactor};

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    let unreadable =
        |e: codec::CodecError| ReactionError::Unreadable(event.event_id, e.to_string());
    match event.event_type.as_str() {
        "OtpIssued" => {
            if let OtpEvent::OtpIssued {
                mail,
                language,
                channel: Channel::Email,
                ..
            } = codec::decode(&event.event_type, event.schema_version, &event.payload)
                .map_err(unreadable)?
            {
                send(reactor, event.event_id, &mail, |payload| {
                    let code = payload["code"].as_str()?;
                    Some(match payload["purpose"].as_str() {
                        Some("erasure") => erasure_code_mail(lang(language), code),
                        _ => otp_mail(lang(language), code),
                    })
                })
                .await?;
            }
        }
        "PasswordResetRequested" => {
            if let AccountEvent::PasswordResetRequested { mail, language, .. } =
                codec::decode(&event.event_type, event.schema_version, &event.payload)
                    .map_err(unreadable)?
            {
                send(reactor, event.event_id, &mail, |payload| {
                    Some(password_reset_mail(
                        lang(language),
                        payload["link"].as_str()?,
                    ))
                })
                .await?;
            }
        }
        "ProfileApproved" | "ProfileRejected"
            if event.stream.category() == domain::consultant::CATEGORY =>
        {
            review_mail(reactor, event).await?;
        }
        _ => {}
    }
    Ok(())
}

/// Tells a consultant, in their correspondence language, that their
/// profile was approved, or rejected and why.
async fn review_mail(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    let decoded: ConsultantEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let Some(profile) = registration_profile(reactor, event.stream.entity_id()).await? else {
        return Ok(());
    };
    send(reactor, event.event_id, &profile, |payload| {
        let lang = match payload["correspondence_language"].as_str() {
            Some("en") => Lang::En,
            _ => Lang::Fr,
        };
        match &decoded {
            ConsultantEvent::ProfileApproved { .. } => Some(consultant_approved_mail(lang)),
            ConsultantEvent::ProfileRejected { reason, .. } => {
                Some(consultant_rejected_mail(lang, reason))
            }
            _ => None,
        }
    })
    .await
}

/// Where the account's registration profile (e-mail, language) lives.
async fn registration_profile(
    reactor: &Reactor,
    account_id: &str,
) -> Result<Option<PayloadRef>, ReactionError> {
    let stream = store::StreamId::new(domain::account::ACCOUNT_CATEGORY, account_id);
    let events = reactor.stores.events.read_stream(&stream).await?;
    for event in events
        .iter()
        .filter(|e| e.event_type == "AccountRegistered")
    {
        if let Ok(AccountEvent::AccountRegistered { profile, .. }) =
            codec::decode(&event.event_type, event.schema_version, &event.payload)
        {
            return Ok(Some(profile));
        }
    }
    Ok(None)
}

pub(super) fn lang(language: Language) -> Lang {
    Lang::from(language)
}

/// Sends once per event: skipped when already recorded, or when the payload
/// was erased meanwhile (nothing left to send to).
async fn send(
    reactor: &Reactor,
    event_id: Uuid,
    payload_ref: &PayloadRef,
    compose: impl FnOnce(&serde_json::Value) -> Option<(String, String, String)>,
) -> Result<(), ReactionError> {
    let effect_id = Uuid::new_v5(&EFFECTS, format!("mail {event_id}").as_bytes());
    if reactor.stores.reactor.effect_done(effect_id).await? {
        return Ok(());
    }
    let Some(raw) = reactor
        .stores
        .events
        .payload(payload_ref.subject, &payload_ref.key)
        .await?
    else {
        return Ok(());
    };
    let payload: serde_json::Value = serde_json::from_str(&raw).unwrap_or_default();
    let (Some(to), Some((subject, text, html))) = (
        payload["email"].as_str().map(str::to_owned),
        compose(&payload),
    ) else {
        return Ok(());
    };
    reactor
        .mailer
        .send(Mail {
            to,
            subject,
            text,
            html: Some(html),
            attachments: Vec::new(),
        })
        .await?;
    reactor
        .stores
        .reactor
        .record_effect(effect_id, reactor.clock.now())
        .await?;
    Ok(())
}
