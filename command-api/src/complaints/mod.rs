//! Complaints (docs/complaints.md): the parties file, withdraw, answer and
//! state; administrators review, ask, decide (with a refund through the
//! payment port and, if asked, the consultant's suspension) and dismiss.
//! Texts go to the forgettable payload store in the same append as their
//! event; rules are `domain::complaint`'s. Reads are the query service's.

pub mod desk;
pub mod parties;

use chrono::{DateTime, Utc};
use domain::complaint::{
    self, Complaint, ComplaintEvent, ComplaintOpenEvent, ComplaintStatus, OpenComplaint,
};
use domain::{DomainError, FieldError};
use serde::Serialize;
use store::{Position, SideWrite, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::booking::MoneyBody;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded, load, with_retry};
use crate::ids::Ids;

pub fn complaint_stream(id: Uuid) -> StreamId {
    StreamId::new(complaint::CATEGORY, id)
}

pub fn open_stream(entity: Uuid) -> StreamId {
    StreamId::new(complaint::open::CATEGORY, entity)
}

pub async fn load_complaint(app: &AppState, id: Uuid) -> Result<Loaded<Complaint>, CommandError> {
    load::<ComplaintEvent, _>(app, &complaint_stream(id), Complaint::evolve).await
}

pub async fn load_open(
    app: &AppState,
    entity: Uuid,
) -> Result<Loaded<OpenComplaint>, CommandError> {
    load::<ComplaintOpenEvent, _>(app, &open_stream(entity), OpenComplaint::evolve).await
}

/// Adds a decision's events: the complaint's at `version`, and the author's
/// `complaintopen` stream's at the version it has now (read here: only a
/// filing must see it unchanged since the check, and it loads it itself).
async fn add_decision<'a>(
    app: &AppState,
    batch: Batch<'a>,
    complaint: &Complaint,
    complaint_id: Uuid,
    version: u64,
    decision: &complaint::ComplaintDecision,
) -> Result<Batch<'a>, CommandError> {
    let mut batch = batch.events(complaint_stream(complaint_id), version, &decision.complaint);
    if !decision.open.is_empty()
        && let Some(entity) = complaint.info().and_then(|i| i.open_entity())
    {
        let open = load_open(app, entity).await?;
        batch = batch.events(open_stream(entity), open.version, &decision.open);
    }
    Ok(batch)
}

/// Decides on complaint `complaint_id` as it is now and commits the decision
/// with the texts `decide` returns, deciding again on a version conflict.
/// The request's replay guard (`already_applied`) is the caller's.
async fn commit_decision<F>(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    complaint_id: Uuid,
    decide: F,
) -> Result<Position, CommandError>
where
    F: Fn(
        &Complaint,
        DateTime<Utc>,
    ) -> Result<(complaint::ComplaintDecision, Vec<SideWrite>), CommandError>,
{
    with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_complaint(app, complaint_id).await?;
        let (decision, texts) = decide(&loaded.state, now)?;
        let mut batch = add_decision(
            app,
            Batch::new(ids, actor, now),
            &loaded.state,
            complaint_id,
            loaded.version,
            &decision,
        )
        .await?;
        for text in texts {
            batch = batch.side(text);
        }
        batch.commit(app).await
    })
    .await
}

/// Events on the complaint stream alone, as a decision.
fn complaint_only(events: Vec<ComplaintEvent>) -> complaint::ComplaintDecision {
    complaint::ComplaintDecision {
        complaint: events,
        open: Vec::new(),
    }
}

/// A text as a JSON string in the payload store.
fn put_text(reference: &domain::account::PayloadRef, text: &str) -> SideWrite {
    SideWrite::PutPayload {
        subject: reference.subject,
        key: reference.key.clone(),
        value: serde_json::Value::String(text.to_owned()).to_string(),
    }
}

/// An optional choice sent as text (`desired_outcome`, `favour`, `party`):
/// an unknown value is a field error, not a malformed body.
fn choice<T: serde::de::DeserializeOwned>(
    field: &str,
    raw: Option<&str>,
) -> Result<Option<T>, DomainError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(raw) => serde_json::from_value(serde_json::Value::String(raw.to_owned()))
            .map(Some)
            .map_err(|_| DomainError::field(field, FieldError::new("field.invalid"))),
    }
}

fn required<T>(field: &str, value: Option<T>) -> Result<T, DomainError> {
    value.ok_or_else(|| DomainError::field(field, FieldError::new("field.required")))
}

/// What the caller may do next on the complaint.
#[derive(Debug, Serialize, ToSchema)]
pub struct ComplaintCan {
    pub withdraw: bool,
    pub statement: bool,
    pub answer_request_id: Option<Uuid>,
}

/// The complaint as the command side knows it after a command: the
/// contract's detail without names and texts (the query side's
/// `GET …/complaints/{id}` has them, read-your-writes through
/// `X-Event-Position`).
#[derive(Debug, Serialize, ToSchema)]
pub struct ComplaintState {
    pub id: Uuid,
    /// `submitted`, `in_review`, `decided`, `dismissed` or `withdrawn`.
    pub status: &'static str,
    /// `complainant`, `respondent` or `neither` once decided.
    pub favour: Option<&'static str>,
    pub refund: Option<MoneyBody>,
    pub suspend_consultant: bool,
    pub filed_at: DateTime<Utc>,
    pub awaiting_information: bool,
    /// For the caller (a party); all `false` for an administrator.
    pub can: ComplaintCan,
}

/// The state of complaint `id` as stored now, as `caller` (a party, or
/// `None` for an administrator) sees it.
pub async fn state(
    app: &AppState,
    id: Uuid,
    caller: Option<Uuid>,
) -> Result<ComplaintState, CommandError> {
    let complaint = load_complaint(app, id).await?.state;
    let info = complaint.info().ok_or(CommandError::NotFound)?;
    let open = info.status.is_open();
    let party = caller.and_then(|c| info.party_of(c).map(|_| c));
    Ok(ComplaintState {
        id,
        status: info.status.as_str(),
        favour: info.favour.map(|f| f.as_str()),
        refund: info.refund.map(MoneyBody::from),
        suspend_consultant: info.suspend_consultant,
        filed_at: info.filed_at,
        awaiting_information: info.requests.iter().any(|r| !r.answered),
        can: ComplaintCan {
            withdraw: open && party == Some(info.author_id),
            statement: open
                && !info.statement_submitted
                && party.is_some()
                && party == info.respondent_id,
            answer_request_id: party
                .filter(|_| open)
                .and_then(|p| info.pending_request_for(p))
                .map(|r| r.request_id),
        },
    })
}

/// The current status of a complaint, for a 409 that tells it.
pub async fn current_status(app: &AppState, id: Uuid) -> Option<ComplaintStatus> {
    load_complaint(app, id)
        .await
        .ok()
        .and_then(|c| c.state.info().map(|i| i.status))
}
