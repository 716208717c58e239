//! Scheduled publication of blog posts: a post written or edited with a
//! later date arms a command for that date; when it fires,
//! `domain::blog::publish_due` decides on the post as it is then (a date
//! moved since, a post trashed or already published: nothing happens).

use chrono::{DateTime, Utc};
use domain::blog::{self, BlogEvent, BlogPost};
use domain::codec;
use store::{RecordedEvent, ScheduledCommand, StreamId};
use uuid::Uuid;

use super::shared::{Appends, fold_stream, retry_on_conflict};
use super::{EFFECTS, ReactionError, Reactor};

pub(super) const PUBLISH_BLOG_POST: &str = "publish_blog_post";

pub(super) async fn schedule_from(
    reactor: &Reactor,
    event: &RecordedEvent,
) -> Result<(), ReactionError> {
    if !matches!(
        event.event_type.as_str(),
        "BlogPostWritten" | "BlogPostEdited"
    ) {
        return Ok(());
    }
    let decoded: BlogEvent = codec::decode(&event.event_type, event.schema_version, &event.payload)
        .map_err(|e| ReactionError::Unreadable(event.event_id, e.to_string()))?;
    let (BlogEvent::BlogPostWritten {
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
    }) = decoded
    else {
        return Ok(());
    };
    let Some(publish_at) = content.publish_at.filter(|due| *due > at) else {
        return Ok(());
    };
    reactor
        .stores
        .reactor
        .schedule(ScheduledCommand {
            id: Uuid::new_v5(&EFFECTS, format!("publish {}", event.event_id).as_bytes()),
            due_at: publish_at,
            kind: PUBLISH_BLOG_POST.into(),
            payload: serde_json::json!({ "post_id": post_id, "publish_at": publish_at })
                .to_string(),
        })
        .await?;
    Ok(())
}

pub(super) async fn fire(
    reactor: &Reactor,
    command: &ScheduledCommand,
) -> Result<(), ReactionError> {
    #[derive(serde::Deserialize)]
    struct Due {
        post_id: Uuid,
        publish_at: DateTime<Utc>,
    }
    let Ok(due) = serde_json::from_str::<Due>(&command.payload) else {
        return Ok(());
    };
    retry_on_conflict(|| async {
        let now = reactor.clock.now();
        let stream = StreamId::new(blog::CATEGORY, due.post_id);
        let (post, version) =
            fold_stream::<BlogEvent, _>(reactor, &stream, BlogPost::evolve).await?;
        let events = blog::publish_due(&post, due.publish_at, now);
        if events.is_empty() {
            return Ok(());
        }
        // Event ids derive from the schedule id: firing twice appends once.
        let mut appends = Appends::new(format!("fired {}", command.id), command.id, None, now);
        appends.add(stream, version, &events);
        appends.append(reactor).await
    })
    .await
}
