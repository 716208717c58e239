//! Blog posts edited by administrators (docs/api.md "Blog"): write (add or
//! replace), trash, restore. Each write loads the post, the consultant it
//! names, the editor's uploads and every slug reservation it may touch;
//! the domain decides; the post and its slug claims append atomically.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use domain::blog::{
    self, Author, BlogDecision, BlogEvent, BlogPost, Checked, PostContent, RawPost, RawText,
    SlugEvent, SlugReservation, SlugSlot,
};
use domain::consultant::is_listed;
use domain::values::{FileKind, FileRef};
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::consultant::load_consultant;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded, already_applied, load, with_retry};
use crate::files;
use crate::ids::Ids;

/// A post's text in one language, as the editor sends it.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct PostTextBody {
    #[schema(max_length = 150)]
    pub title: String,
    /// Empty: made from the title.
    #[schema(max_length = 80)]
    pub slug: String,
    /// Markdown.
    #[schema(max_length = 50000)]
    pub body: String,
    #[schema(max_items = 8)]
    pub tags: Vec<String>,
}

impl PostTextBody {
    fn raw(&self) -> RawText<'_> {
        RawText {
            title: &self.title,
            slug: &self.slug,
            body: &self.body,
            tags: &self.tags,
        }
    }
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct BlogPostBody {
    pub fr: PostTextBody,
    pub en: PostTextBody,
    #[schema(value_type = Object)]
    pub author: Author,
    #[serde(default)]
    pub cover: Option<String>,
    /// `null`: a draft; at or before now: published at once; later: scheduled.
    #[serde(default)]
    pub publish_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PostWritten {
    pub id: Uuid,
}

pub fn post_stream(post_id: Uuid) -> StreamId {
    StreamId::new(blog::CATEGORY, post_id)
}

fn slug_stream(slot: &SlugSlot) -> StreamId {
    StreamId::new(blog::SLUG_CATEGORY, slot.entity())
}

async fn load_post(app: &AppState, post_id: Uuid) -> Result<Loaded<BlogPost>, CommandError> {
    load::<BlogEvent, _>(app, &post_stream(post_id), BlogPost::evolve).await
}

/// Adds a post (`post_id` `None`) or replaces one; `None` when nothing changed.
pub async fn write(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    admin_id: Uuid,
    post_id: Option<Uuid>,
    body: BlogPostBody,
) -> Result<(PostWritten, Option<Position>), CommandError> {
    let id = post_id.unwrap_or_else(|| ids.id("blog-post"));
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((PostWritten { id }, Some(position)));
    }
    let raw = RawPost {
        fr: body.fr.raw(),
        en: body.en.raw(),
        author: body.author,
        cover: body.cover.as_deref(),
        publish_at: body.publish_at,
    };
    let content = blog::parse(&raw, app.clock.now())?;
    let position = with_retry(|| async {
        let now = app.clock.now();
        let post = load_post(app, id).await?;
        if post_id.is_some() && post.state.id.is_none() {
            return Err(CommandError::NotFound);
        }
        let author_known = author_known(app, content.author).await?;
        let cover_known = cover_known(app, admin_id, &post.state, &content).await?;
        let slugs = load_slugs(app, &post.state, &content).await?;
        let states: HashMap<SlugSlot, SlugReservation> = slugs
            .iter()
            .map(|(slot, loaded)| (slot.clone(), loaded.state.clone()))
            .collect();
        let checked = Checked {
            author_known,
            cover_known,
            slugs: &states,
        };
        let decision = blog::write(&post.state, id, content.clone(), &checked, admin_id, now)?;
        commit(app, ids, actor, (id, post.version), decision, &slugs, now).await
    })
    .await?;
    Ok((PostWritten { id }, position))
}

/// The editorial team, or an expert listed in the directory.
async fn author_known(app: &AppState, author: Author) -> Result<bool, CommandError> {
    match author {
        Author::Editorial => Ok(true),
        Author::Expert { consultant_id } => {
            Ok(is_listed(&load_consultant(app, consultant_id).await?.state))
        }
    }
}

/// No cover, the post's current one, or a cover image the editor uploaded.
async fn cover_known(
    app: &AppState,
    admin_id: Uuid,
    post: &BlogPost,
    content: &PostContent,
) -> Result<bool, CommandError> {
    let Some(cover) = content.cover.as_deref() else {
        return Ok(true);
    };
    if post.content.as_ref().and_then(|c| c.cover.as_deref()) == Some(cover) {
        return Ok(true);
    }
    let uploads = files::lookup(app, admin_id).await?;
    Ok(FileRef::resolve(cover, FileKind::BlogCover, admin_id, &uploads).is_ok())
}

/// The reservations of the content's slugs and of the post's current ones.
async fn load_slugs(
    app: &AppState,
    post: &BlogPost,
    content: &PostContent,
) -> Result<HashMap<SlugSlot, Loaded<SlugReservation>>, CommandError> {
    let held = post.content.as_ref().map(PostContent::slugs);
    let mut slugs = HashMap::new();
    for slot in content
        .slugs()
        .into_iter()
        .chain(held.into_iter().flatten())
    {
        if let std::collections::hash_map::Entry::Vacant(entry) = slugs.entry(slot) {
            let stream = slug_stream(entry.key());
            entry.insert(load::<SlugEvent, _>(app, &stream, SlugReservation::evolve).await?);
        }
    }
    Ok(slugs)
}

async fn commit(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    (post_id, version): (Uuid, u64),
    decision: BlogDecision,
    slugs: &HashMap<SlugSlot, Loaded<SlugReservation>>,
    now: DateTime<Utc>,
) -> Result<Option<Position>, CommandError> {
    if decision.post.is_empty() && decision.slugs.is_empty() {
        return Ok(None);
    }
    let mut batch = Batch::new(ids, actor, now);
    if !decision.post.is_empty() {
        batch = batch.events(post_stream(post_id), version, &decision.post);
    }
    for (slot, event) in decision.slugs {
        let version = slugs.get(&slot).map_or(0, |s| s.version);
        batch = batch.events(slug_stream(&slot), version, &[event]);
    }
    batch.commit(app).await.map(Some)
}

/// Moves a post to the trash, or takes it out (`restore`).
pub async fn trash_or_restore(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    admin_id: Uuid,
    post_id: Uuid,
    restore: bool,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let now = app.clock.now();
        let post = load_post(app, post_id).await?;
        let events = if restore {
            blog::restore(&post.state, admin_id, now)?
        } else {
            blog::trash(&post.state, admin_id, now)?
        };
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, now)
            .events(post_stream(post_id), post.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}
