//! Quotes edited by administrators (docs/api.md "Quotes"): add, edit,
//! trash, restore; each a command on the quote's own stream.

use domain::quote::{self, Quote, QuoteText};
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, decide_on};
use crate::ids::Ids;

/// A quote as the editor sends it (named apart from the booking's price
/// quote of the OpenAPI document).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CitationBody {
    #[schema(max_length = 400)]
    pub text_fr: String,
    #[schema(max_length = 400)]
    pub text_en: String,
    #[schema(max_length = 100)]
    pub author: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CitationWritten {
    pub id: Uuid,
}

fn stream(quote_id: Uuid) -> StreamId {
    StreamId::new(quote::CATEGORY, quote_id)
}

/// A quote that must exist: "not found" otherwise.
fn existing(state: &Quote) -> Result<(), CommandError> {
    state.id.map(|_| ()).ok_or(CommandError::NotFound)
}

/// Adds a quote (`quote_id` `None`) or replaces one's text.
pub async fn write(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    quote_id: Option<Uuid>,
    body: CitationBody,
) -> Result<(CitationWritten, Option<Position>), CommandError> {
    let id = quote_id.unwrap_or_else(|| ids.id("quote"));
    let text = QuoteText::parse(&body.text_fr, &body.text_en, &body.author)?;
    let position = decide_on(app, ids, actor, &stream(id), Quote::evolve, |state| {
        if quote_id.is_some() {
            existing(state)?;
        }
        Ok(quote::write(state, id, text.clone(), app.clock.now())?)
    })
    .await?;
    Ok((CitationWritten { id }, position))
}

/// Moves a quote to the trash, or takes it out.
pub async fn trash_or_restore(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    quote_id: Uuid,
    trash: bool,
) -> Result<Option<Position>, CommandError> {
    decide_on(app, ids, actor, &stream(quote_id), Quote::evolve, |state| {
        existing(state)?;
        Ok(quote::trash_or_restore(state, trash, app.clock.now())?)
    })
    .await
}
