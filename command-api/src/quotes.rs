//! Quotes edited by administrators (docs/api.md "Quotes"): add, edit,
//! trash, restore; each a command on the quote's own stream.

use domain::quote::{self, Quote, QuoteEvent, QuoteText};
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, load, with_retry};
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

/// Appends what `decide` makes of the quote's stream; `None` when nothing.
async fn decide(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    quote_id: Uuid,
    must_exist: bool,
    decide: impl Fn(&Quote) -> Result<Vec<QuoteEvent>, CommandError>,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let loaded = load::<QuoteEvent, _>(app, &stream(quote_id), Quote::evolve).await?;
        if must_exist && loaded.state.id.is_none() {
            return Err(CommandError::NotFound);
        }
        let events = decide(&loaded.state)?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, app.clock.now())
            .events(stream(quote_id), loaded.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
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
    let position = decide(app, ids, actor, id, quote_id.is_some(), |state| {
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
    decide(app, ids, actor, quote_id, true, |state| {
        Ok(quote::trash_or_restore(state, trash, app.clock.now())?)
    })
    .await
}
