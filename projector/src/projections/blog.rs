//! `rm_blog_posts` and `rm_blog_tags`: every post with both languages'
//! text, its body rendered once here (sanitised HTML, excerpt, reading
//! time) so reads only copy rows; the tags per language, for the public
//! filter. Visitors see the rows whose `status` is `published` and that
//! are not trashed.

use domain::blog::{self, Author, BlogEvent, PostContent, PostText};
use domain::codec;
use domain::markup;
use domain::reference::name_key;
use domain::values::Language;
use sqlx::{Any, Transaction};
use store::RecordedEvent;

use super::Table;
use super::bookings::utc;
use super::folds::unreadable;
use crate::error::ProjectorError;

/// Characters of the excerpt shown on cards and in descriptions.
const EXCERPT_CHARS: usize = 220;

pub const TABLE: Table = Table {
    name: "rm_blog_posts",
    key: "post_id",
    create: "CREATE TABLE IF NOT EXISTS rm_blog_posts (
        post_id TEXT PRIMARY KEY,
        status TEXT NOT NULL,
        publish_at TEXT,
        published_at TEXT,
        trashed_at TEXT,
        updated_at TEXT NOT NULL,
        author_id TEXT,
        cover_key TEXT,
        fr_title TEXT NOT NULL,
        fr_slug TEXT NOT NULL,
        fr_body TEXT NOT NULL,
        fr_html TEXT NOT NULL,
        fr_excerpt TEXT NOT NULL,
        fr_minutes BIGINT NOT NULL,
        fr_tags TEXT NOT NULL,
        en_title TEXT NOT NULL,
        en_slug TEXT NOT NULL,
        en_body TEXT NOT NULL,
        en_html TEXT NOT NULL,
        en_excerpt TEXT NOT NULL,
        en_minutes BIGINT NOT NULL,
        en_tags TEXT NOT NULL,
        search TEXT NOT NULL
    )",
};

pub const TAGS_TABLE: Table = Table {
    name: "rm_blog_tags",
    key: "post_id, language, tag_key",
    create: "CREATE TABLE IF NOT EXISTS rm_blog_tags (
        post_id TEXT NOT NULL,
        language TEXT NOT NULL,
        tag_key TEXT NOT NULL,
        tag TEXT NOT NULL,
        PRIMARY KEY (post_id, language, tag_key)
    )",
};

pub const INDEXES: &[&str] = &[
    "CREATE INDEX IF NOT EXISTS rm_blog_posts_public_idx ON rm_blog_posts (status, trashed_at, publish_at)",
    "CREATE INDEX IF NOT EXISTS rm_blog_posts_fr_slug_idx ON rm_blog_posts (fr_slug)",
    "CREATE INDEX IF NOT EXISTS rm_blog_posts_en_slug_idx ON rm_blog_posts (en_slug)",
    "CREATE INDEX IF NOT EXISTS rm_blog_tags_tag_idx ON rm_blog_tags (language, tag_key)",
];

pub fn interested(category: &str) -> bool {
    category == blog::CATEGORY
}

pub async fn apply(
    tx: &mut Transaction<'_, Any>,
    event: &RecordedEvent,
) -> Result<(), ProjectorError> {
    let decoded: BlogEvent = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(unreadable(event))?;
    match decoded {
        BlogEvent::BlogPostWritten {
            post_id,
            content,
            at,
            ..
        }
        | BlogEvent::BlogPostEdited {
            post_id,
            content,
            at,
            ..
        } => write(tx, &post_id.to_string(), &content, utc(at)).await,
        BlogEvent::BlogPostPublished {
            post_id,
            publish_at,
            ..
        } => {
            sqlx::query(
                "UPDATE rm_blog_posts SET status = 'published', published_at = $2 WHERE post_id = $1",
            )
            .bind(post_id.to_string())
            .bind(utc(publish_at))
            .execute(&mut **tx)
            .await?;
            Ok(())
        }
        BlogEvent::BlogPostWithdrawn { post_id, .. } => {
            sqlx::query(
                "UPDATE rm_blog_posts SET published_at = NULL,
                 status = CASE WHEN publish_at IS NULL THEN 'draft' ELSE 'scheduled' END
                 WHERE post_id = $1",
            )
            .bind(post_id.to_string())
            .execute(&mut **tx)
            .await?;
            Ok(())
        }
        BlogEvent::BlogPostTrashed { post_id, at, .. } => {
            set_trashed(tx, &post_id.to_string(), Some(utc(at))).await
        }
        BlogEvent::BlogPostRestored { post_id, .. } => {
            set_trashed(tx, &post_id.to_string(), None).await
        }
    }
}

async fn set_trashed(
    tx: &mut Transaction<'_, Any>,
    post_id: &str,
    at: Option<String>,
) -> Result<(), ProjectorError> {
    sqlx::query("UPDATE rm_blog_posts SET trashed_at = $2 WHERE post_id = $1")
        .bind(post_id)
        .bind(at)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// The post's row with its new content; publication is the business of
/// its own events, so an edit keeps the status (a first write is a draft or
/// scheduled until `BlogPostPublished`).
async fn write(
    tx: &mut Transaction<'_, Any>,
    post_id: &str,
    content: &PostContent,
    at: String,
) -> Result<(), ProjectorError> {
    let rendered = |text: &PostText| {
        (
            markup::render(&text.body),
            markup::excerpt(&text.body, EXCERPT_CHARS),
            i64::from(markup::reading_minutes(&text.body)),
            serde_json::to_string(&text.tags).unwrap_or_else(|_| "[]".into()),
        )
    };
    let (fr_html, fr_excerpt, fr_minutes, fr_tags) = rendered(&content.fr);
    let (en_html, en_excerpt, en_minutes, en_tags) = rendered(&content.en);
    let author_id = match content.author {
        Author::Editorial => None,
        Author::Expert { consultant_id } => Some(consultant_id.to_string()),
    };
    let status = if content.publish_at.is_some() {
        "scheduled"
    } else {
        "draft"
    };
    let search = name_key(&format!("{} {}", content.fr.title, content.en.title));
    sqlx::query(
        "INSERT INTO rm_blog_posts (post_id, status, publish_at, published_at, trashed_at, updated_at,
            author_id, cover_key, fr_title, fr_slug, fr_body, fr_html, fr_excerpt, fr_minutes, fr_tags,
            en_title, en_slug, en_body, en_html, en_excerpt, en_minutes, en_tags, search)
         VALUES ($1, $2, $3, NULL, NULL, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13,
            $14, $15, $16, $17, $18, $19, $20, $21)
         ON CONFLICT (post_id) DO UPDATE SET
            publish_at = excluded.publish_at, updated_at = excluded.updated_at,
            published_at = CASE WHEN rm_blog_posts.status = 'published'
                THEN excluded.publish_at ELSE NULL END,
            status = CASE WHEN rm_blog_posts.status = 'published' THEN 'published'
                ELSE excluded.status END,
            author_id = excluded.author_id, cover_key = excluded.cover_key,
            fr_title = excluded.fr_title, fr_slug = excluded.fr_slug, fr_body = excluded.fr_body,
            fr_html = excluded.fr_html, fr_excerpt = excluded.fr_excerpt,
            fr_minutes = excluded.fr_minutes, fr_tags = excluded.fr_tags,
            en_title = excluded.en_title, en_slug = excluded.en_slug, en_body = excluded.en_body,
            en_html = excluded.en_html, en_excerpt = excluded.en_excerpt,
            en_minutes = excluded.en_minutes, en_tags = excluded.en_tags,
            search = excluded.search",
    )
    .bind(post_id)
    .bind(status)
    .bind(content.publish_at.map(utc))
    .bind(at)
    .bind(author_id)
    .bind(content.cover.clone())
    .bind(&content.fr.title)
    .bind(&content.fr.slug)
    .bind(&content.fr.body)
    .bind(fr_html)
    .bind(fr_excerpt)
    .bind(fr_minutes)
    .bind(fr_tags)
    .bind(&content.en.title)
    .bind(&content.en.slug)
    .bind(&content.en.body)
    .bind(en_html)
    .bind(en_excerpt)
    .bind(en_minutes)
    .bind(en_tags)
    .bind(search)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM rm_blog_tags WHERE post_id = $1")
        .bind(post_id)
        .execute(&mut **tx)
        .await?;
    for language in [Language::Fr, Language::En] {
        for tag in &content.text(language).tags {
            sqlx::query(
                "INSERT INTO rm_blog_tags (post_id, language, tag_key, tag) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (post_id, language, tag_key) DO NOTHING",
            )
            .bind(post_id)
            .bind(language.as_str())
            .bind(name_key(tag))
            .bind(tag)
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}
