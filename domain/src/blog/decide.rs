//! Decisions on a post: write (add or edit), publish when due, trash, restore.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{BlogEvent, BlogPost, PostContent, SlugEvent, SlugReservation, SlugSlot};
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

/// Events for the post stream and the slug streams, appended together.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BlogDecision {
    pub post: Vec<BlogEvent>,
    pub slugs: Vec<(SlugSlot, SlugEvent)>,
}

/// What the store says about the references of a written post.
pub struct Checked<'a> {
    /// The named expert is an approved consultant (always true for the editorial team).
    pub author_known: bool,
    /// The cover is the post's current one or an image upload of the editor.
    pub cover_known: bool,
    /// The reservations of every slot of [`PostContent::slugs`] and of the
    /// post's current slugs; a missing one counts as free.
    pub slugs: &'a HashMap<SlugSlot, SlugReservation>,
}

/// Adds or replaces a post. A date at or before `now` publishes it (an
/// unpublished post) at once; a later date or none takes a published post
/// back (the scheduled command publishes it when its time comes).
pub fn write(
    post: &BlogPost,
    post_id: Uuid,
    content: PostContent,
    checked: &Checked<'_>,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<BlogDecision, DomainError> {
    if post.trashed {
        return Err(DomainError::Rule(RuleCode::BlogPostTrashed));
    }
    let mut errors = FieldErrors::default();
    if !checked.author_known {
        errors.add("author", FieldError::new("author.unknown"));
    }
    if !checked.cover_known {
        errors.add("cover", FieldError::new("field.invalid"));
    }
    let held: Vec<SlugSlot> = post
        .content
        .as_ref()
        .map(|c| c.slugs().to_vec())
        .unwrap_or_default();
    let wanted = content.slugs();
    let mut slugs = Vec::new();
    for slot in &wanted {
        match checked.slugs.get(slot).and_then(|r| r.holder) {
            Some(holder) if holder != post_id => errors.add(
                &format!("{}.slug", slot.language.as_str()),
                FieldError::new("slug.taken"),
            ),
            Some(_) => {}
            None => slugs.push((
                slot.clone(),
                SlugEvent::BlogSlugReserved { post_id, at: now },
            )),
        }
    }
    errors.into_result()?;
    for slot in held.into_iter().filter(|slot| !wanted.contains(slot)) {
        slugs.push((slot, SlugEvent::BlogSlugReleased { post_id, at: now }));
    }
    if post.content.as_ref() == Some(&content) {
        return Ok(BlogDecision::default());
    }
    let due = content.publish_at.filter(|at| *at <= now);
    let mut events = vec![match post.content {
        None => BlogEvent::BlogPostWritten {
            post_id,
            content,
            admin_id,
            at: now,
        },
        Some(_) => BlogEvent::BlogPostEdited {
            post_id,
            content,
            admin_id,
            at: now,
        },
    }];
    match due {
        Some(publish_at) if !post.published => events.push(BlogEvent::BlogPostPublished {
            post_id,
            publish_at,
            at: now,
        }),
        None if post.published => events.push(BlogEvent::BlogPostWithdrawn { post_id, at: now }),
        _ => {}
    }
    Ok(BlogDecision {
        post: events,
        slugs,
    })
}

/// The scheduled command armed for `scheduled_for`: publishes the post if
/// that is still its date, it is not published yet and not in the trash.
pub fn publish_due(
    post: &BlogPost,
    scheduled_for: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Vec<BlogEvent> {
    let date = post.content.as_ref().and_then(|c| c.publish_at);
    match post.id {
        Some(post_id)
            if date == Some(scheduled_for)
                && scheduled_for <= now
                && !post.published
                && !post.trashed =>
        {
            vec![BlogEvent::BlogPostPublished {
                post_id,
                publish_at: scheduled_for,
                at: now,
            }]
        }
        _ => Vec::new(),
    }
}

/// Moves a post to the trash; it keeps its slugs, so restoring never collides.
pub fn trash(
    post: &BlogPost,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<BlogEvent>, DomainError> {
    let post_id = post.id.ok_or(DomainError::Rule(RuleCode::NotFound))?;
    if post.trashed {
        return Ok(Vec::new());
    }
    Ok(vec![BlogEvent::BlogPostTrashed {
        post_id,
        admin_id,
        at: now,
    }])
}

/// Takes a post out of the trash with the status it had; a date passed
/// while it was there publishes it now.
pub fn restore(
    post: &BlogPost,
    admin_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<BlogEvent>, DomainError> {
    let post_id = post.id.ok_or(DomainError::Rule(RuleCode::NotFound))?;
    if !post.trashed {
        return Ok(Vec::new());
    }
    let mut events = vec![BlogEvent::BlogPostRestored {
        post_id,
        admin_id,
        at: now,
    }];
    let due = post
        .content
        .as_ref()
        .and_then(|c| c.publish_at)
        .filter(|at| *at <= now);
    if let (Some(publish_at), false) = (due, post.published) {
        events.push(BlogEvent::BlogPostPublished {
            post_id,
            publish_at,
            at: now,
        });
    }
    Ok(events)
}
