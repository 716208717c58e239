//! The lifestyle catalogue (docs/api.md "Lifestyle catalogue"):
//! administrators add, edit, trash and restore items; an expert sets the
//! items they recommend. Each a command on its own stream.

use domain::catalogue::{
    self, CatalogueEvent, CatalogueItem, ItemContent, RawItem, RecommendationEvent, Recommendations,
};
use domain::reference::ReferenceKind;
use domain::values::{FileKind, FileRef};
use domain::{DomainError, FieldError};
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded, already_applied, decide_on, load, with_retry};
use crate::files;
use crate::ids::Ids;
use crate::reference::load_item;

/// A catalogue item as the editor sends it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CatalogueItemBody {
    /// `single_herb`, `herb` or `compilation`.
    #[schema(max_length = 20)]
    pub kind: String,
    #[schema(max_length = 120)]
    pub name_fr: String,
    #[schema(max_length = 120)]
    pub name_en: String,
    #[schema(max_length = 120)]
    pub latin_name: String,
    /// Markdown.
    #[schema(max_length = 5000)]
    pub description_fr: String,
    /// Markdown; empty shows the French one.
    #[schema(max_length = 5000)]
    pub description_en: String,
    /// Active items of the `benefit` reference list, at most 12.
    #[schema(max_items = 12)]
    pub benefit_ids: Vec<Uuid>,
    /// `""` (none), the item's current image, or an upload's key
    /// (`kind=catalogue_image`).
    #[schema(max_length = 300)]
    pub image: String,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CatalogueItemWritten {
    pub id: Uuid,
}

/// The items an expert recommends, in their order.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RecommendationsBody {
    #[schema(max_items = 12)]
    pub item_ids: Vec<Uuid>,
}

pub fn item_stream(item_id: Uuid) -> StreamId {
    StreamId::new(catalogue::CATEGORY, item_id)
}

fn recommendations_stream(consultant_id: Uuid) -> StreamId {
    StreamId::new(catalogue::RECOMMENDATIONS_CATEGORY, consultant_id)
}

async fn load_catalogue_item(
    app: &AppState,
    item_id: Uuid,
) -> Result<Loaded<CatalogueItem>, CommandError> {
    load::<CatalogueEvent, _>(app, &item_stream(item_id), CatalogueItem::evolve).await
}

/// Every benefit label is an active item of its list.
async fn benefits_known(app: &AppState, content: &ItemContent) -> Result<(), CommandError> {
    for id in &content.benefit_ids {
        if !load_item(app, ReferenceKind::Benefit, *id)
            .await?
            .state
            .is_active()
        {
            return Err(
                DomainError::field("benefit_ids", FieldError::new("reference.invalid")).into(),
            );
        }
    }
    Ok(())
}

/// No image, the item's current one, or a picture the editor uploaded.
async fn image_known(
    app: &AppState,
    admin_id: Uuid,
    item: &CatalogueItem,
    content: &ItemContent,
) -> Result<(), CommandError> {
    let Some(image) = content.image.as_deref() else {
        return Ok(());
    };
    if item.content.as_ref().and_then(|c| c.image.as_deref()) == Some(image) {
        return Ok(());
    }
    let uploads = files::lookup(app, admin_id).await?;
    FileRef::resolve(image, FileKind::CatalogueImage, admin_id, &uploads)
        .map_err(|error| DomainError::field("image", error))?;
    Ok(())
}

/// An item that must exist: "not found" otherwise.
fn existing(state: &CatalogueItem) -> Result<(), CommandError> {
    state.id.map(|_| ()).ok_or(CommandError::NotFound)
}

/// Adds an item (`item_id` `None`) or replaces one's content.
pub async fn write(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    admin_id: Uuid,
    item_id: Option<Uuid>,
    body: CatalogueItemBody,
) -> Result<(CatalogueItemWritten, Option<Position>), CommandError> {
    let id = item_id.unwrap_or_else(|| ids.id("catalogue-item"));
    let content = ItemContent::parse(&RawItem {
        kind: &body.kind,
        name_fr: &body.name_fr,
        name_en: &body.name_en,
        latin_name: &body.latin_name,
        description_fr: &body.description_fr,
        description_en: &body.description_en,
        benefit_ids: &body.benefit_ids,
        image: &body.image,
    })?;
    benefits_known(app, &content).await?;
    // The image is checked against the item as it is now: only its
    // ownership and type matter, which a concurrent edit cannot change.
    image_known(
        app,
        admin_id,
        &load_catalogue_item(app, id).await?.state,
        &content,
    )
    .await?;
    let position = decide_on(
        app,
        ids,
        actor,
        &item_stream(id),
        CatalogueItem::evolve,
        |state| {
            if item_id.is_some() {
                existing(state)?;
            }
            Ok(catalogue::write(
                state,
                id,
                content.clone(),
                app.clock.now(),
            )?)
        },
    )
    .await?;
    Ok((CatalogueItemWritten { id }, position))
}

/// Moves an item to the trash, or takes it out.
pub async fn trash_or_restore(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    item_id: Uuid,
    trash: bool,
) -> Result<Option<Position>, CommandError> {
    decide_on(
        app,
        ids,
        actor,
        &item_stream(item_id),
        CatalogueItem::evolve,
        |state| {
            existing(state)?;
            Ok(catalogue::trash_or_restore(state, trash, app.clock.now())?)
        },
    )
    .await
}

/// Sets the items an expert recommends. Each item's stream is appended to
/// as a guard (no events), so an item trashed meanwhile makes the command
/// decide again.
pub async fn recommend(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    consultant_id: Uuid,
    body: &RecommendationsBody,
) -> Result<Option<Position>, CommandError> {
    if body.item_ids.len() > catalogue::RECOMMENDATIONS_MAX * 2 {
        return Err(DomainError::field(
            "item_ids",
            FieldError::new("list.too_many").with("max", catalogue::RECOMMENDATIONS_MAX),
        )
        .into());
    }
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let stream = recommendations_stream(consultant_id);
        let current = load::<RecommendationEvent, _>(app, &stream, Recommendations::evolve).await?;
        let mut items = Vec::new();
        let mut guards = Vec::new();
        for id in &body.item_ids {
            let loaded = load_catalogue_item(app, *id).await?;
            guards.push((*id, loaded.version));
            items.push(loaded.state);
        }
        let events = catalogue::recommend(
            &current.state,
            consultant_id,
            &body.item_ids,
            &items,
            app.clock.now(),
        )?;
        if events.is_empty() {
            return Ok(None);
        }
        let mut batch =
            Batch::new(ids, actor, app.clock.now()).events(stream, current.version, &events);
        guards.sort();
        guards.dedup_by_key(|(id, _)| *id);
        for (id, version) in guards {
            batch = batch.events::<CatalogueEvent>(item_stream(id), version, &[]);
        }
        batch.commit(app).await.map(Some)
    })
    .await
}
