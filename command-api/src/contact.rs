//! The public contact form: `POST /api/public/contact-messages` records a
//! message (its content in the forgettable store, the message as subject)
//! and the reactions mail the administrators; an administrator deletes one
//! on request, which shreds its content.

use domain::contact::{self, ContactEvent, ContactForm, ContactMessage, RawContactForm};
use domain::values::Language;
use serde::{Deserialize, Serialize};
use store::{Position, SideWrite, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::address_budget::AddressBudget;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, load, with_retry};
use crate::ids::Ids;

/// The contact form (docs/api.md "Contact"). `website` is a field people
/// never see: a form that fills it in is a robot's, answered like any other
/// and kept nowhere.
#[derive(Deserialize, ToSchema)]
pub struct ContactBody {
    #[schema(max_length = 100)]
    pub name: String,
    #[schema(max_length = 254)]
    pub email: String,
    #[serde(default)]
    #[schema(max_length = 30)]
    pub phone: Option<String>,
    #[serde(default)]
    #[schema(max_length = 120)]
    pub organisation: Option<String>,
    #[schema(max_length = 150)]
    pub subject: String,
    #[schema(max_length = 5000)]
    pub message: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub website: Option<String>,
}

/// The one answer to a sent form, whatever became of it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContactReceived {
    pub received: bool,
}

pub fn message_stream(message_id: Uuid) -> StreamId {
    StreamId::new(contact::CATEGORY, message_id)
}

const BUDGET: AddressBudget = AddressBudget {
    purpose: "contact",
    window: chrono::TimeDelta::hours(1),
};

/// Records a message; `None` when nothing was written (a robot's form).
pub async fn send(
    app: &AppState,
    ids: &Ids,
    body: ContactBody,
    language: Language,
) -> Result<Option<Position>, CommandError> {
    let form = ContactForm::parse(&RawContactForm {
        name: &body.name,
        email: &body.email,
        phone: body.phone.as_deref().unwrap_or_default(),
        organisation: body.organisation.as_deref().unwrap_or_default(),
        subject: &body.subject,
        message: &body.message,
    })?;
    if body.website.is_some_and(|w| !w.trim().is_empty()) {
        tracing::info!("contact form with its hidden field filled in: not kept");
        return Ok(None);
    }
    let message_id = ids.id("contact-message");
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    contact::check_sender(BUDGET.spent(app, &form.email).await?)?;
    let now = app.clock.now();
    let content = serde_json::to_string(&form).map_err(CommandError::internal)?;
    let events = contact::receive(message_id, language, now);
    let position = Batch::new(ids, Actor::VISITOR, now)
        .events(message_stream(message_id), 0, &events)
        .side(SideWrite::PutPayload {
            subject: message_id,
            key: contact::content_key(message_id),
            value: content,
        })
        .commit(app)
        .await?;
    BUDGET.spend(app, &form.email).await?;
    Ok(Some(position))
}

/// Deletes a message on request: the event, then its content shredded.
pub async fn delete(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    admin_id: Uuid,
    message_id: Uuid,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    with_retry(|| async {
        let now = app.clock.now();
        let stream = message_stream(message_id);
        let loaded = load::<ContactEvent, _>(app, &stream, ContactMessage::evolve).await?;
        let events = contact::delete(loaded.state, message_id, admin_id, now)?;
        Batch::new(ids, actor, now)
            .events(stream, loaded.version, &events)
            .side(SideWrite::ForgetSubject {
                subject: message_id,
            })
            .commit(app)
            .await
    })
    .await
}
