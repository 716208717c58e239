//! Blog posts written by the editorial team or an expert (spec §2 admin
//! `add-blog`, `edit-blog/{id}`, `view-blog`, `view-trash-blog`).
//!
//! One stream per post, `blogpost-{id}`; each slug is claimed in its own
//! stream, `blogslug-{lang}_{slug}`, appended atomically with the post, so
//! two editors racing for one slug get a version conflict, then the refusal
//! (the pattern of reference names). A post is a draft, scheduled or
//! published; the scheduled ones are published by a scheduled command at
//! their time, so the read side only ever shows what an event published.
//! Posts are public writing, not personal data: they live in the log.

mod decide;
mod form;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::codec::EventSchema;
use crate::values::Language;

pub use decide::{BlogDecision, Checked, publish_due, restore, trash, write};
pub use form::{
    BODY_MAX, RawPost, RawText, SLUG_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX, parse, slugify,
};

pub const CATEGORY: &str = "blogpost";
pub const SLUG_CATEGORY: &str = "blogslug";

/// Who signs a post.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Author {
    Editorial,
    Expert { consultant_id: Uuid },
}

/// A post's text in one language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostText {
    pub title: String,
    pub slug: String,
    /// Markdown, rendered by [`crate::markup`].
    pub body: String,
    pub tags: Vec<String>,
}

/// Everything an editor sets, replaced as a whole by each edit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostContent {
    pub fr: PostText,
    pub en: PostText,
    pub author: Author,
    /// An upload key (kind `blog_cover`).
    pub cover: Option<String>,
    /// `None`: a draft.
    pub publish_at: Option<DateTime<Utc>>,
}

impl PostContent {
    pub fn text(&self, language: Language) -> &PostText {
        match language {
            Language::Fr => &self.fr,
            Language::En => &self.en,
        }
    }

    /// The slug claims this content needs.
    pub fn slugs(&self) -> [SlugSlot; 2] {
        [Language::Fr, Language::En].map(|language| SlugSlot {
            language,
            slug: self.text(language).slug.clone(),
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum BlogEvent {
    BlogPostWritten {
        post_id: Uuid,
        content: PostContent,
        admin_id: Uuid,
        at: DateTime<Utc>,
    },
    BlogPostEdited {
        post_id: Uuid,
        content: PostContent,
        admin_id: Uuid,
        at: DateTime<Utc>,
    },
    /// Visible to visitors from now on, dated `publish_at`.
    BlogPostPublished {
        post_id: Uuid,
        publish_at: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// Back to draft or scheduled after an edit moved its date.
    BlogPostWithdrawn { post_id: Uuid, at: DateTime<Utc> },
    BlogPostTrashed {
        post_id: Uuid,
        admin_id: Uuid,
        at: DateTime<Utc>,
    },
    BlogPostRestored {
        post_id: Uuid,
        admin_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for BlogEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// A post, folded from its stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlogPost {
    pub id: Option<Uuid>,
    pub content: Option<PostContent>,
    pub published: bool,
    pub trashed: bool,
}

impl BlogPost {
    pub fn evolve(mut self, event: &BlogEvent) -> Self {
        match event {
            BlogEvent::BlogPostWritten {
                post_id, content, ..
            }
            | BlogEvent::BlogPostEdited {
                post_id, content, ..
            } => {
                self.id = Some(*post_id);
                self.content = Some(content.clone());
            }
            BlogEvent::BlogPostPublished { .. } => self.published = true,
            BlogEvent::BlogPostWithdrawn { .. } => self.published = false,
            BlogEvent::BlogPostTrashed { .. } => self.trashed = true,
            BlogEvent::BlogPostRestored { .. } => self.trashed = false,
        }
        self
    }
}

/// One slug claimed by one post.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SlugSlot {
    pub language: Language,
    pub slug: String,
}

impl SlugSlot {
    /// The reservation stream's entity id, `fr_bien-dormir`.
    pub fn entity(&self) -> String {
        format!("{}_{}", self.language.as_str(), self.slug)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum SlugEvent {
    BlogSlugReserved { post_id: Uuid, at: DateTime<Utc> },
    BlogSlugReleased { post_id: Uuid, at: DateTime<Utc> },
}

impl EventSchema for SlugEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// Who holds a slug, if anyone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlugReservation {
    pub holder: Option<Uuid>,
}

impl SlugReservation {
    pub fn evolve(mut self, event: &SlugEvent) -> Self {
        self.holder = match event {
            SlugEvent::BlogSlugReserved { post_id, .. } => Some(*post_id),
            SlugEvent::BlogSlugReleased { .. } => None,
        };
        self
    }
}

#[cfg(test)]
mod tests;
