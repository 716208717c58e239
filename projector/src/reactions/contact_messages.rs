//! Mails every active administrator, in their language, when a visitor
//! writes through the contact form: who wrote, how to reach them, and what
//! they wrote (the administrators answer by mail). Once per message and
//! administrator; a message deleted before the mail went is not sent.

use domain::codec;
use domain::contact::{self, ContactEvent, ContactForm};
use platform::mail::{ContactFacts, contact_message_mail};
use store::RecordedEvent;
use uuid::Uuid;

use super::booking_messages::{party, send};
use super::{EFFECTS, ReactionError, Reactor};

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if event.stream.category() != contact::CATEGORY {
        return Ok(());
    }
    let ContactEvent::ContactMessageReceived { content, .. } =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?
    else {
        return Ok(());
    };
    let Some(raw) = reactor
        .stores
        .events
        .payload(content.subject, &content.key)
        .await?
    else {
        return Ok(());
    };
    let form: ContactForm = serde_json::from_str(&raw)
        .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let link = format!(
        "{}/admin/view-contact-us-list",
        reactor.public_url.trim_end_matches('/')
    );
    let facts = ContactFacts {
        name: &form.name,
        email: &form.email,
        phone: form.phone.as_deref(),
        organisation: form.organisation.as_deref(),
        subject: &form.subject,
        message: &form.message,
        link: &link,
    };
    for admin in super::shared::administrators(reactor, event).await? {
        let effect_id = Uuid::new_v5(
            &EFFECTS,
            format!("contact mail {} {admin}", event.event_id).as_bytes(),
        );
        let to = party(reactor, "admin", admin).await?;
        let (subject, text, html) = contact_message_mail(to.lang, &facts);
        send(reactor, effect_id, &to, subject, text, html, Vec::new()).await?;
    }
    Ok(())
}
