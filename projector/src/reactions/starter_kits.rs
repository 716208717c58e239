//! Mails the starter kit, a PDF of `domain::site::defaults::starter_kit`
//! in the language of the request, to whoever asked. Once per request; a
//! request deleted before the mail went is not sent.

use domain::codec;
use domain::site::defaults;
use domain::starter_kit::{self, StarterKitEvent, StarterKitForm};
use platform::document_pdf;
use platform::lang::Lang;
use platform::mail::{Attachment, starter_kit_mail};
use platform::messages::message;
use store::RecordedEvent;
use uuid::Uuid;

use super::booking_messages::{addressee, send};
use super::{EFFECTS, ReactionError, Reactor};

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if event.stream.category() != starter_kit::CATEGORY {
        return Ok(());
    }
    let StarterKitEvent::StarterKitRequested {
        contact, language, ..
    } = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?
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
    let form: StarterKitForm = serde_json::from_str(&raw)
        .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let lang = Lang::from(language);
    let kit = defaults::starter_kit().of(language);
    let pdf = Attachment {
        filename: message(lang, "starter_kit.file_name", &[]),
        content_type: "application/pdf".into(),
        bytes: document_pdf::render(&kit.title, &kit.description, &kit.body, lang),
    };
    let (subject, text, html) = starter_kit_mail(lang, &form.name);
    let effect_id = Uuid::new_v5(
        &EFFECTS,
        format!("starter kit {}", event.event_id).as_bytes(),
    );
    let to = addressee(form.email, lang);
    send(reactor, effect_id, &to, subject, text, html, vec![pdf]).await
}
