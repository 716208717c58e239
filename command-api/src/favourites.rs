//! A client's favourite experts: add (only a listed expert) and remove, both
//! idempotent, on the client's `favourites-{client id}` stream.

use domain::favourite::{self, FavouriteEvent, Favourites};
use store::{Position, StreamId};
use uuid::Uuid;

use crate::AppState;
use crate::consultant::{consultant_stream, load_consultant};
use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded, already_applied, load, with_retry};
use crate::ids::Ids;

pub fn favourites_stream(client_id: Uuid) -> StreamId {
    StreamId::new(favourite::CATEGORY, client_id)
}

async fn load_favourites(
    app: &AppState,
    client_id: Uuid,
) -> Result<Loaded<Favourites>, CommandError> {
    load::<FavouriteEvent, _>(app, &favourites_stream(client_id), Favourites::evolve).await
}

/// Marks a listed expert as a favourite; `None` when it already was.
/// The expert's stream is appended to as a guard (no events), so an expert
/// suspended meanwhile makes the command decide again.
pub async fn add(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    client_id: Uuid,
    consultant_id: Uuid,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let now = app.clock.now();
        let favourites = load_favourites(app, client_id).await?;
        let expert = load_consultant(app, consultant_id).await?;
        let events = favourite::add(&favourites.state, consultant_id, &expert.state, now)?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, now)
            .events(favourites_stream(client_id), favourites.version, &events)
            .events::<FavouriteEvent>(consultant_stream(consultant_id), expert.version, &[])
            .commit(app)
            .await
            .map(Some)
    })
    .await
}

/// Unmarks an expert; `None` when it was not marked.
pub async fn remove(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    client_id: Uuid,
    consultant_id: Uuid,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let now = app.clock.now();
        let favourites = load_favourites(app, client_id).await?;
        let events = favourite::remove(&favourites.state, consultant_id, now);
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, now)
            .events(favourites_stream(client_id), favourites.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}
