//! `POST /api/consultant/notes`: a private note about a client the
//! consultant has had a confirmed booking with; the text goes to the
//! forgettable payload store (subject = the client) in the same append.

use domain::account::Role;
use domain::note::{self, NoteContext};
use serde::{Deserialize, Serialize};
use store::{Position, SideWrite, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{load_booking, load_pair};
use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, with_retry};
use crate::ids::Ids;

#[derive(Deserialize, ToSchema)]
pub struct NoteBody {
    #[serde(default)]
    pub booking_id: Option<Uuid>,
    pub client_id: Uuid,
    pub text: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoteAdded {
    pub note_id: Uuid,
}

pub fn note_stream(note_id: Uuid) -> StreamId {
    StreamId::new(note::CATEGORY, note_id)
}

pub async fn add(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    body: NoteBody,
) -> Result<(NoteAdded, Position), CommandError> {
    let note_id = ids.id("note");
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((NoteAdded { note_id }, position));
    }
    let text = note::parse_text(&body.text)?;
    let actor = Actor {
        id: Some(consultant_id),
        role: Role::Consultant.as_str(),
    };
    let position = with_retry(|| async {
        let now = app.clock.now();
        let pair = load_pair(app, body.client_id, consultant_id).await?;
        let booking_parties = match body.booking_id {
            Some(id) => load_booking(app, id)
                .await?
                .state
                .info()
                .map(|i| (i.consultant_id, i.client_id)),
            None => None,
        };
        let context = NoteContext {
            has_booked: pair.state.has_booked(),
            booking_parties,
        };
        let events = note::add(
            note_id,
            consultant_id,
            body.client_id,
            body.booking_id,
            &context,
            now,
        )?;
        Batch::new(ids, actor, now)
            .events(note_stream(note_id), 0, &events)
            .side(SideWrite::PutPayload {
                subject: body.client_id,
                key: note::text_key(note_id),
                value: serde_json::Value::String(text.clone()).to_string(),
            })
            .commit(app)
            .await
    })
    .await?;
    Ok((NoteAdded { note_id }, position))
}
