//! Forgetting a subject deletes its files (DESIGN §1 guarantee 6). Done as a
//! reaction so it completes even if the process stops right after the
//! command: the worker retries until the prefix is gone (deleting is
//! idempotent).

use domain::account::ACCOUNT_CATEGORY;
use store::RecordedEvent;
use uuid::Uuid;

use super::{ReactionError, Reactor};

pub(super) async fn react(reactor: &Reactor, event: &RecordedEvent) -> Result<(), ReactionError> {
    if event.event_type != "SubjectForgotten" || event.stream.category() != ACCOUNT_CATEGORY {
        return Ok(());
    }
    let subject: Uuid = event.stream.entity_id().parse().map_err(|_| {
        ReactionError::Unreadable(event.event_id, "account stream without an id".into())
    })?;
    reactor.files.delete_subject(subject).await?;
    Ok(())
}
