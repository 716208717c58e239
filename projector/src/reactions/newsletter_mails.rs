//! Mails the newsletter's confirmation link when someone subscribes, and
//! the welcome newsletter once they confirm, in the language they
//! subscribed in. Once per event; an address unsubscribed or deleted
//! before the mail went (its payload shredded) is not mailed.

use domain::codec;
use domain::newsletter::{self, NewsletterEvent};
use platform::lang::Lang;
use platform::mail::{newsletter_confirmation_mail, newsletter_welcome_mail};
use serde::Deserialize;
use store::RecordedEvent;
use uuid::Uuid;

use super::booking_messages::{addressee, send};
use super::{EFFECTS, ReactionError, Reactor};

#[derive(Deserialize)]
struct Contact {
    email: String,
    confirm_link: String,
    unsubscribe_link: String,
}

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if event.stream.category() != newsletter::CATEGORY {
        return Ok(());
    }
    let decoded: NewsletterEvent =
        codec::decode(&event.event_type, event.schema_version, &event.payload)
            .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let (request, confirmed) = match decoded {
        NewsletterEvent::NewsletterSubscriptionRequested { .. } => (event.clone(), false),
        // The welcome goes to the address and language of the latest request.
        NewsletterEvent::NewsletterSubscriptionConfirmed { .. } => {
            let stream = reactor.stores.events.read_stream(&event.stream).await?;
            let Some(request) = stream
                .into_iter()
                .filter(|e| e.stream_version < event.stream_version)
                .rfind(|e| e.event_type == "NewsletterSubscriptionRequested")
            else {
                return Ok(());
            };
            (request, true)
        }
        _ => return Ok(()),
    };
    let NewsletterEvent::NewsletterSubscriptionRequested {
        contact, language, ..
    } = codec::decode(
        &request.event_type,
        request.schema_version,
        &request.payload,
    )
    .map_err(|e| ReactionError::Unreadable(request.event_id, e.to_string()))?
    else {
        return Ok(());
    };
    let Some(raw) = reactor
        .stores
        .events
        .payload(contact.subject, &contact.key)
        .await?
    else {
        return Ok(());
    };
    let contact: Contact = serde_json::from_str(&raw)
        .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let lang = Lang::from(language);
    let (subject, text, html) = if confirmed {
        newsletter_welcome_mail(lang, &contact.unsubscribe_link)
    } else {
        newsletter_confirmation_mail(lang, &contact.confirm_link, &contact.unsubscribe_link)
    };
    let effect_id = Uuid::new_v5(
        &EFFECTS,
        format!("newsletter mail {}", event.event_id).as_bytes(),
    );
    let to = addressee(contact.email, lang);
    send(reactor, effect_id, &to, subject, text, html, Vec::new()).await
}
