//! The waiting list (docs/api.md "Waiting list"): a visitor leaves an
//! address for an expert or a speciality and a range of days; the reactions
//! mail free slots; the visitor leaves by the mail's link; an administrator
//! deletes an entry on request. Leaving and deleting shred the address.

use domain::consultant;
use domain::reference::ReferenceKind;
use domain::values::{Email, Language};
use domain::waiting_list::{self, WaitDays, WaitTarget, WaitingEntry, WaitingListEvent};
use domain::{DomainError, FieldError, RuleCode};
use serde::{Deserialize, Serialize};
use store::{Position, SideWrite, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::AppState;
use crate::address_budget::AddressBudget;
use crate::consultant::load_consultant;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, load, with_retry};
use crate::ids::Ids;
use crate::reference::load_item;

/// `website` is a field people never see: a robot's form is answered like
/// any other and kept nowhere.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct WaitingListBody {
    #[schema(max_length = 254)]
    pub email: String,
    /// The expert waited for, or `null` for a speciality.
    pub consultant_id: Option<Uuid>,
    /// The speciality waited for (`specialization` reference list), or `null`.
    pub specialization_id: Option<Uuid>,
    /// First day, `YYYY-MM-DD` in France.
    #[schema(max_length = 10)]
    pub from: String,
    /// Last day, `YYYY-MM-DD` in France.
    #[schema(max_length = 10)]
    pub to: String,
    #[schema(max_length = 200)]
    pub website: Option<String>,
}

/// The one answer to an entry, whatever became of it.
#[derive(Debug, Serialize, ToSchema)]
pub struct WaitingListReceived {
    pub received: bool,
}

/// The leave link's two parts.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct LeaveBody {
    pub entry_id: String,
    #[schema(max_length = 128)]
    pub token: String,
}

pub fn entry_stream(entry_id: Uuid) -> StreamId {
    StreamId::new(waiting_list::CATEGORY, entry_id)
}

const BUDGET: AddressBudget = AddressBudget {
    purpose: "waiting-list",
    window: chrono::TimeDelta::days(1),
};

/// The address and the days, checked together, then what the entry waits
/// for: a listed expert or an active speciality.
async fn parse(
    app: &AppState,
    body: &WaitingListBody,
) -> Result<(Email, WaitTarget, WaitDays), CommandError> {
    let today = waiting_list::home_day(app.clock.now());
    let email = Email::parse(&body.email);
    let days = WaitDays::parse(&body.from, &body.to, today);
    let target = waiting_list::target(body.consultant_id, body.specialization_id);
    let (email, days, target) = match (email, days, target) {
        (Ok(email), Ok(days), Ok(target)) => (email, days, target),
        (email, days, target) => {
            let mut errors = match days {
                Err(DomainError::Invalid(errors)) => errors,
                _ => domain::FieldErrors::default(),
            };
            if let Err(error) = email {
                errors.add("email", error);
            }
            if let Err(DomainError::Invalid(more)) = target {
                errors.0.extend(more.0);
            }
            return Err(DomainError::Invalid(errors).into());
        }
    };
    match target {
        WaitTarget::Expert { consultant_id } => {
            let expert = load_consultant(app, consultant_id).await?;
            if !consultant::is_listed(&expert.state) {
                return Err(DomainError::field(
                    "consultant_id",
                    FieldError::new("waiting_list.expert_unknown"),
                )
                .into());
            }
        }
        WaitTarget::Speciality { specialization_id } => {
            let item = load_item(app, ReferenceKind::Specialisation, specialization_id).await?;
            if !item.state.is_active() {
                return Err(DomainError::field(
                    "specialization_id",
                    FieldError::new("waiting_list.speciality_unknown"),
                )
                .into());
            }
        }
    }
    Ok((email, target, days))
}

/// Records an entry; `None` when nothing was written (a robot's form, or an
/// address that made its entries today).
pub async fn join(
    app: &AppState,
    ids: &Ids,
    body: &WaitingListBody,
    language: Language,
) -> Result<Option<Position>, CommandError> {
    let (email, target, days) = parse(app, body).await?;
    if body
        .website
        .as_deref()
        .is_some_and(|w| !w.trim().is_empty())
    {
        tracing::info!("waiting-list form with its hidden field filled in: not kept");
        return Ok(None);
    }
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    if BUDGET.spent(app, email.as_ref()).await? >= waiting_list::PER_ADDRESS_PER_DAY {
        return Ok(None);
    }
    let entry_id = ids.id("waiting-list-entry");
    let now = app.clock.now();
    let events = waiting_list::join(entry_id, target, days, language, now);
    let WaitingListEvent::WaitingListJoined { contact, .. } = &events[0] else {
        return Err(CommandError::internal("an entry records its contact"));
    };
    let base = app.config.public_url.trim_end_matches('/');
    let token = app.keys.waiting_list_leave_token(entry_id);
    let value = serde_json::json!({
        "email": email.as_ref(),
        "leave_link": format!("{base}/waiting-list/leave/{entry_id}/{token}"),
    })
    .to_string();
    let position = Batch::new(ids, Actor::VISITOR, now)
        .side(SideWrite::PutPayload {
            subject: contact.subject,
            key: contact.key.clone(),
            value,
        })
        .events(entry_stream(entry_id), 0, &events)
        .commit(app)
        .await?;
    BUDGET.spend(app, email.as_ref()).await?;
    Ok(Some(position))
}

/// Ends an entry, shredding its address; `decide` says what to record.
async fn end(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    entry_id: Uuid,
    decide: impl Fn(&WaitingEntry) -> Result<Vec<WaitingListEvent>, DomainError>,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let stream = entry_stream(entry_id);
        let loaded = load::<WaitingListEvent, _>(app, &stream, WaitingEntry::evolve).await?;
        let events = decide(&loaded.state)?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor, app.clock.now())
            .events(stream, loaded.version, &events)
            .side(SideWrite::ForgetSubject { subject: entry_id })
            .commit(app)
            .await
            .map(Some)
    })
    .await
}

/// Leaves the list with a mail's link (twice is fine).
pub async fn leave(
    app: &AppState,
    ids: &Ids,
    body: &LeaveBody,
) -> Result<Option<Position>, CommandError> {
    let invalid = || CommandError::from(DomainError::Rule(RuleCode::WaitingListLinkInvalid));
    let entry_id: Uuid = body.entry_id.trim().parse().map_err(|_| invalid())?;
    if !app.keys.waiting_list_leave_genuine(entry_id, &body.token) {
        return Err(invalid());
    }
    let now = app.clock.now();
    end(app, ids, Actor::VISITOR, entry_id, |entry| {
        Ok(waiting_list::leave(entry, entry_id, now))
    })
    .await
}

/// Deletes an entry on request.
pub async fn delete(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    admin_id: Uuid,
    entry_id: Uuid,
) -> Result<Option<Position>, CommandError> {
    let now = app.clock.now();
    end(app, ids, actor, entry_id, |entry| {
        waiting_list::delete(entry, entry_id, admin_id, now)
    })
    .await
}
