//! Reference lists edited by administrators (disorders, keywords, countries,
//! cities…): add, rename, trash, restore. Each command loads the item, every
//! name reservation it may touch (the domain counts a slot it is not given
//! as free) and, for a city, its country; decides; appends atomically.

use std::collections::HashMap;

use domain::reference::{
    self, NameEvent, NameReservation, NameSlot, ReferenceDecision, ReferenceEvent, ReferenceForm,
    ReferenceItem, ReferenceKind,
};
use domain::{DomainError, RuleCode};
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded, already_applied, load, with_retry};
use crate::ids::Ids;

/// The add and edit form as sent by the admin screens.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReferenceBody {
    pub name_fr: String,
    pub name_en: String,
    /// The country of a new city; ignored when editing.
    pub parent_id: Option<Uuid>,
    /// ISO code of a language (639-1), country or nationality (3166-1 alpha-2).
    pub code: Option<String>,
}

impl From<ReferenceBody> for ReferenceForm {
    fn from(body: ReferenceBody) -> Self {
        ReferenceForm {
            name_fr: body.name_fr,
            name_en: body.name_en,
            parent_id: body.parent_id,
            code: body.code.unwrap_or_default(),
        }
    }
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Added {
    pub id: Uuid,
}

pub fn item_stream(kind: ReferenceKind, id: Uuid) -> StreamId {
    StreamId::new(&kind.category(), id)
}

pub fn name_stream(slot: &NameSlot) -> StreamId {
    StreamId::new(&slot.category(), slot.entity())
}

pub async fn load_item(
    app: &AppState,
    kind: ReferenceKind,
    id: Uuid,
) -> Result<Loaded<ReferenceItem>, CommandError> {
    load::<ReferenceEvent, _>(app, &item_stream(kind, id), ReferenceItem::evolve).await
}

/// Every listed reservation, each loaded once.
async fn load_names(
    app: &AppState,
    slots: &[NameSlot],
) -> Result<HashMap<NameSlot, Loaded<NameReservation>>, CommandError> {
    let mut names = HashMap::new();
    for slot in slots {
        if !names.contains_key(slot) {
            let loaded =
                load::<NameEvent, _>(app, &name_stream(slot), NameReservation::evolve).await?;
            names.insert(slot.clone(), loaded);
        }
    }
    Ok(names)
}

fn states(
    names: &HashMap<NameSlot, Loaded<NameReservation>>,
) -> HashMap<NameSlot, NameReservation> {
    names
        .iter()
        .map(|(slot, loaded)| (slot.clone(), loaded.state.clone()))
        .collect()
}

/// Appends a decision: the item's events and each reservation's, at the
/// versions they were read at; `guard` (a city's country) is only checked to
/// be unchanged, so a country trashed meanwhile makes the command decide again.
async fn commit(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    item: (StreamId, u64),
    decision: ReferenceDecision,
    names: &HashMap<NameSlot, Loaded<NameReservation>>,
    guard: Option<(StreamId, u64)>,
) -> Result<Position, CommandError> {
    let now = app.clock.now();
    let mut batch = Batch::new(ids, actor, now);
    if !decision.item.is_empty() {
        batch = batch.events(item.0, item.1, &decision.item);
    }
    if let Some((stream, version)) = guard {
        batch = batch.events::<ReferenceEvent>(stream, version, &[]);
    }
    let mut by_slot: Vec<(NameSlot, Vec<NameEvent>)> = Vec::new();
    for (slot, event) in decision.names {
        match by_slot.iter_mut().find(|(s, _)| *s == slot) {
            Some((_, events)) => events.push(event),
            None => by_slot.push((slot, vec![event])),
        }
    }
    for (slot, events) in by_slot {
        let version = names.get(&slot).map_or(0, |n| n.version);
        batch = batch.events(name_stream(&slot), version, &events);
    }
    batch.commit(app).await
}

/// A refusal after a twin request with the same `Idempotency-Key` committed:
/// answer as that one did.
async fn or_already_applied<T>(
    app: &AppState,
    ids: &Ids,
    result: Result<T, CommandError>,
    done: impl FnOnce(Position) -> T,
) -> Result<T, CommandError> {
    match result {
        Ok(value) => Ok(value),
        Err(error) => match already_applied(app, ids).await? {
            Some(position) => Ok(done(position)),
            None => Err(match error {
                CommandError::Domain(DomainError::Rule(RuleCode::NotFound)) => {
                    CommandError::NotFound
                }
                other => other,
            }),
        },
    }
}

/// Adds an item to `kind`'s list; a city names its (active) country.
pub async fn add(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    kind: ReferenceKind,
    form: ReferenceForm,
) -> Result<(Added, Position), CommandError> {
    let item_id = ids.id("reference");
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((Added { id: item_id }, position));
    }
    let draft = form.parse(kind)?;
    let result = with_retry(|| async {
        let now = app.clock.now();
        let item = load_item(app, kind, item_id).await?;
        let parent = match (draft.parent, kind.parent_kind()) {
            (Some(parent), Some(parent_kind)) => Some((
                item_stream(parent_kind, parent),
                load_item(app, parent_kind, parent).await?,
            )),
            _ => None,
        };
        let names = load_names(app, &draft.slots()).await?;
        let decision = reference::add(
            &item.state,
            item_id,
            &draft,
            parent.as_ref().map(|(_, p)| &p.state),
            &states(&names),
            now,
        )?;
        commit(
            app,
            ids,
            actor,
            (item_stream(kind, item_id), item.version),
            decision,
            &names,
            parent.map(|(stream, p)| (stream, p.version)),
        )
        .await
    })
    .await;
    let position = or_already_applied(app, ids, result, |p| p).await?;
    Ok((Added { id: item_id }, position))
}

/// Renames an active item (and changes its code); `None` when nothing changed.
pub async fn rename(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    kind: ReferenceKind,
    id: Uuid,
    form: ReferenceForm,
) -> Result<Option<Position>, CommandError> {
    let result = with_retry(|| async {
        let now = app.clock.now();
        let item = load_item(app, kind, id).await?;
        if !item.state.exists() {
            return Err(CommandError::NotFound);
        }
        let draft = form.parse_for(&item.state)?;
        let mut slots = draft.slots();
        slots.extend(item.state.slots());
        let names = load_names(app, &slots).await?;
        let decision = reference::rename(&item.state, &draft, &states(&names), now)?;
        if decision.item.is_empty() && decision.names.is_empty() {
            return Ok(None);
        }
        commit(
            app,
            ids,
            actor,
            (item_stream(kind, id), item.version),
            decision,
            &names,
            None,
        )
        .await
        .map(Some)
    })
    .await;
    or_already_applied(app, ids, result, Some).await
}

/// Moves an item to the trash: it leaves every picker.
pub async fn trash(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    kind: ReferenceKind,
    id: Uuid,
) -> Result<Position, CommandError> {
    change_state(app, ids, actor, kind, id, reference::trash).await
}

/// Takes an item out of the trash.
pub async fn restore(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    kind: ReferenceKind,
    id: Uuid,
) -> Result<Position, CommandError> {
    change_state(app, ids, actor, kind, id, reference::restore).await
}

/// A decision on the item's stream alone (trash, restore).
async fn change_state(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    kind: ReferenceKind,
    id: Uuid,
    decide: fn(
        &ReferenceItem,
        chrono::DateTime<chrono::Utc>,
    ) -> Result<Vec<ReferenceEvent>, DomainError>,
) -> Result<Position, CommandError> {
    let result = with_retry(|| async {
        let now = app.clock.now();
        let item = load_item(app, kind, id).await?;
        let events = decide(&item.state, now)?;
        Batch::new(ids, actor, now)
            .events(item_stream(kind, id), item.version, &events)
            .commit(app)
            .await
    })
    .await;
    or_already_applied(app, ids, result, |p| p).await
}
