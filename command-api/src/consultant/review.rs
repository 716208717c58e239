//! The review: the consultant submits or withdraws; an administrator
//! approves, rejects or suspends with a reason, reinstates, and marks
//! changes made after approval as reviewed (mails follow from the events).

use chrono::{DateTime, Utc};
use domain::DomainError;
use domain::consultant::{self as rules, Consultant, ConsultantEvent};
use store::Position;
use uuid::Uuid;

use super::{
    consultant_stream, ensure_consultant, load_consultant, or_already_applied, owner_actor,
};
use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, with_retry};
use crate::ids::Ids;

/// Decides on the consultant's stream alone and appends.
async fn decide_and_append(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    consultant_id: Uuid,
    decide: impl Fn(&Consultant, DateTime<Utc>) -> Result<Vec<ConsultantEvent>, DomainError>,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    let result = with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_consultant(app, consultant_id).await?;
        let events = decide(&loaded.state, now)?;
        Batch::new(ids, actor, now)
            .events(consultant_stream(consultant_id), loaded.version, &events)
            .commit(app)
            .await
    })
    .await;
    or_already_applied(app, ids, result).await
}

/// An administrator's decision on an existing consultant.
async fn by_admin(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    consultant_id: Uuid,
    decide: impl Fn(&Consultant, DateTime<Utc>) -> Result<Vec<ConsultantEvent>, DomainError>,
) -> Result<Position, CommandError> {
    ensure_consultant(app, consultant_id).await?;
    decide_and_append(app, ids, admin, consultant_id, decide).await
}

/// The consultant submits a complete profile for review.
pub async fn submit(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
) -> Result<Position, CommandError> {
    let actor = owner_actor(consultant_id);
    decide_and_append(app, ids, actor, consultant_id, rules::submit_for_review).await
}

/// The consultant takes a submission back to edit the profile.
pub async fn withdraw(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
) -> Result<Position, CommandError> {
    let actor = owner_actor(consultant_id);
    decide_and_append(app, ids, actor, consultant_id, rules::withdraw_submission).await
}

/// Approves a submitted profile: the consultant is listed and e-mailed.
pub async fn approve(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    consultant_id: Uuid,
) -> Result<Position, CommandError> {
    by_admin(app, ids, admin, consultant_id, rules::approve).await
}

/// Rejects a submitted profile with a reason the consultant is e-mailed and sees.
pub async fn reject(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    consultant_id: Uuid,
    reason: &str,
) -> Result<Position, CommandError> {
    by_admin(app, ids, admin, consultant_id, |c, now| {
        rules::reject(c, reason, now)
    })
    .await
}

/// Takes an approved consultant out of the directory, with a reason.
pub async fn suspend(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    consultant_id: Uuid,
    reason: &str,
) -> Result<Position, CommandError> {
    by_admin(app, ids, admin, consultant_id, |c, now| {
        rules::suspend(c, reason, now)
    })
    .await
}

pub async fn reinstate(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    consultant_id: Uuid,
) -> Result<Position, CommandError> {
    by_admin(app, ids, admin, consultant_id, rules::reinstate).await
}

/// The administrator has looked at the sections changed since approval.
pub async fn mark_changes_reviewed(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    consultant_id: Uuid,
) -> Result<Position, CommandError> {
    by_admin(app, ids, admin, consultant_id, rules::mark_changes_reviewed).await
}
