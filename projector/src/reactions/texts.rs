//! Texts sent in reaction to events: the mobile sign-up code, in the
//! requester's language, to the number kept in the forgettable payload.

use domain::codec;
use domain::otp::{Channel, OtpEvent};
use platform::sms::{Sms, SmsError, otp_sms};
use store::RecordedEvent;
use uuid::Uuid;

use super::mails::lang;
use super::{EFFECTS, ReactionError, Reactor};

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if event.event_type != "OtpIssued" {
        return Ok(());
    }
    let decoded = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let OtpEvent::OtpIssued {
        mail,
        language,
        channel: Channel::Mobile,
        ..
    } = decoded
    else {
        return Ok(());
    };
    let effect_id = Uuid::new_v5(&EFFECTS, format!("sms {}", event.event_id).as_bytes());
    if reactor.stores.reactor.effect_done(effect_id).await? {
        return Ok(());
    }
    // Erased meanwhile (the code expired): nothing left to send.
    let Some(raw) = reactor
        .stores
        .events
        .payload(mail.subject, &mail.key)
        .await?
    else {
        return Ok(());
    };
    let payload: serde_json::Value = serde_json::from_str(&raw).unwrap_or_default();
    let (Some(to), Some(code)) = (payload["phone"].as_str(), payload["code"].as_str()) else {
        return Ok(());
    };
    let sms = Sms {
        to: to.to_owned(),
        text: otp_sms(lang(language), code),
    };
    match reactor.sms.send(sms).await {
        Ok(()) => {}
        // The provider refuses this number for good: retrying would block
        // every later reaction. The requester sees no code and may ask again.
        Err(SmsError::Refused(reason)) => {
            tracing::warn!(event.id = %event.event_id, %reason, "sms refused by the provider");
        }
        Err(error) => return Err(error.into()),
    }
    reactor
        .stores
        .reactor
        .record_effect(effect_id, reactor.clock.now())
        .await?;
    Ok(())
}
