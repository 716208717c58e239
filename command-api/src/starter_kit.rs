//! The free starter kit: `POST /api/public/starter-kit-requests` records a
//! request (who asked in the forgettable store, the request as subject) and
//! the reactions mail the kit; an administrator deletes one on request,
//! which shreds who asked.

use domain::starter_kit::{self, StarterKitEvent, StarterKitForm, StarterKitRequest};
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

/// `website` is a field people never see: a robot's form is answered like
/// any other and kept nowhere.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct StarterKitBody {
    #[schema(max_length = 100)]
    pub name: String,
    #[schema(max_length = 254)]
    pub email: String,
    #[schema(max_length = 200)]
    pub website: Option<String>,
}

/// The one answer to a request, whatever became of it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StarterKitReceived {
    pub received: bool,
}

fn request_stream(request_id: Uuid) -> StreamId {
    StreamId::new(starter_kit::CATEGORY, request_id)
}

const BUDGET: AddressBudget = AddressBudget {
    purpose: "starter-kit",
    window: chrono::TimeDelta::days(1),
};

/// Records a request; `None` when nothing was written (a robot's form, or
/// an address that had its kits today).
pub async fn request(
    app: &AppState,
    ids: &Ids,
    body: &StarterKitBody,
    language: Language,
) -> Result<Option<Position>, CommandError> {
    let form = StarterKitForm::parse(&body.name, &body.email)?;
    if body
        .website
        .as_deref()
        .is_some_and(|w| !w.trim().is_empty())
    {
        tracing::info!("starter-kit form with its hidden field filled in: not kept");
        return Ok(None);
    }
    let request_id = ids.id("starter-kit-request");
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    if !starter_kit::may_send(BUDGET.spent(app, &form.email).await?) {
        return Ok(None);
    }
    let now = app.clock.now();
    let events = starter_kit::request(request_id, language, now);
    let StarterKitEvent::StarterKitRequested { contact, .. } = &events[0] else {
        return Err(CommandError::internal("a request records its contact"));
    };
    let value = serde_json::to_string(&form).map_err(CommandError::internal)?;
    let position = Batch::new(ids, Actor::VISITOR, now)
        .side(SideWrite::PutPayload {
            subject: contact.subject,
            key: contact.key.clone(),
            value,
        })
        .events(request_stream(request_id), 0, &events)
        .commit(app)
        .await?;
    BUDGET.spend(app, &form.email).await?;
    Ok(Some(position))
}

/// Deletes a request on request: the event, then who asked shredded.
pub async fn delete(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    admin_id: Uuid,
    request_id: Uuid,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    with_retry(|| async {
        let now = app.clock.now();
        let stream = request_stream(request_id);
        let loaded = load::<StarterKitEvent, _>(app, &stream, StarterKitRequest::evolve).await?;
        let events = starter_kit::delete(loaded.state, request_id, admin_id, now)?;
        Batch::new(ids, actor, now)
            .events(stream, loaded.version, &events)
            .side(SideWrite::ForgetSubject {
                subject: request_id,
            })
            .commit(app)
            .await
    })
    .await
}
