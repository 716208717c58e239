//! What the parties do: file, withdraw, submit the statement, answer a
//! request for information. A complaint that is not the caller's is 404.

use domain::account::Role;
use domain::complaint::{self, ComplaintRole, FilingContext, OpenComplaint};
use domain::reference::ReferenceKind;
use serde::{Deserialize, Serialize};
use store::{Position, SideWrite};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{
    commit_decision, complaint_only, complaint_stream, load_complaint, load_open, open_stream,
    put_text,
};
use crate::AppState;
use crate::booking::load_booking;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, with_retry};
use crate::files;
use crate::ids::Ids;
use crate::reference::load_item;

/// `POST /api/{area}/complaints`.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct FileBody {
    /// One of the caller's bookings that was confirmed; absent for a
    /// complaint about the platform itself.
    pub booking_id: Option<Uuid>,
    /// An active ComplaintType reference item.
    pub complaint_type_id: Option<Uuid>,
    /// 3–200 characters.
    pub subject: String,
    /// 10–5000 characters.
    pub description: String,
    /// `refund`, `apology` or `other`.
    pub desired_outcome: Option<String>,
    /// Keys of `complaint_attachment` uploads of the caller, at most 5.
    pub attachments: Vec<String>,
}

/// A statement or an answer: text and attachments.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct StatementBody {
    /// 10–5000 characters.
    pub text: String,
    /// Keys of `complaint_attachment` uploads of the caller, at most 5.
    pub attachments: Vec<String>,
}

#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct InformationBody {
    /// The request being answered (`can.answer_request_id`).
    pub request_id: Option<Uuid>,
    /// 3–5000 characters.
    pub text: String,
    pub attachments: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Filed {
    pub complaint_id: Uuid,
}

/// The complaint side of a signed-in party.
pub fn party_role(role: Role) -> Result<ComplaintRole, CommandError> {
    match role {
        Role::Client => Ok(ComplaintRole::Client),
        Role::Consultant => Ok(ComplaintRole::Consultant),
        Role::Admin => Err(CommandError::NotFound),
    }
}

fn actor(account_id: Uuid, role: ComplaintRole) -> Actor {
    Actor {
        id: Some(account_id),
        role: role.as_str(),
    }
}

pub async fn file(
    app: &AppState,
    ids: &Ids,
    author_id: Uuid,
    role: ComplaintRole,
    body: FileBody,
) -> Result<(Filed, Position), CommandError> {
    let complaint_id = ids.id("complaint");
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((Filed { complaint_id }, position));
    }
    let complaint_type = match body.complaint_type_id {
        Some(id) => load_item(app, ReferenceKind::ComplaintType, id)
            .await?
            .state
            .info(),
        None => None,
    };
    let uploads = files::lookup(app, author_id).await?;
    let filing = complaint::parse_filing(
        &body.subject,
        &body.description,
        body.desired_outcome.as_deref(),
        &body.attachments,
        complaint_type,
        author_id,
        &uploads,
    )?;
    let text = complaint::text_ref(complaint_id, author_id);
    let position = with_retry(|| async {
        let now = app.clock.now();
        let booking = match body.booking_id {
            Some(id) => Some(load_booking(app, id).await?.state),
            None => None,
        };
        let open = match body.booking_id {
            Some(booking_id) => {
                let entity = complaint::open::open_entity(author_id, booking_id);
                Some((entity, load_open(app, entity).await?))
            }
            None => None,
        };
        let none = OpenComplaint::default();
        let context = FilingContext {
            complaint_id,
            author_id,
            author_role: role,
            complaint_type_id: body.complaint_type_id.unwrap_or_default(),
            booking: booking.as_ref().map(|b| b.info()),
            open: open.as_ref().map_or(&none, |(_, o)| &o.state),
        };
        let decision = complaint::file(&context, filing.clone(), now)?;
        let mut batch = Batch::new(ids, actor(author_id, role), now).events(
            complaint_stream(complaint_id),
            0,
            &decision.complaint,
        );
        if let Some((entity, open)) = &open {
            batch = batch.events(open_stream(*entity), open.version, &decision.open);
        }
        batch
            .side(SideWrite::PutPayload {
                subject: text.subject,
                key: text.key.clone(),
                value: serde_json::json!({
                    "subject": filing.subject,
                    "description": filing.description,
                })
                .to_string(),
            })
            .commit(app)
            .await
    })
    .await?;
    Ok((Filed { complaint_id }, position))
}

pub async fn withdraw(
    app: &AppState,
    ids: &Ids,
    caller: Uuid,
    role: ComplaintRole,
    complaint_id: Uuid,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    commit_decision(
        app,
        ids,
        actor(caller, role),
        complaint_id,
        |complaint, now| Ok((complaint::withdraw(complaint, caller, now)?, Vec::new())),
    )
    .await
}

pub async fn submit_statement(
    app: &AppState,
    ids: &Ids,
    caller: Uuid,
    role: ComplaintRole,
    complaint_id: Uuid,
    body: StatementBody,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    // Not the caller's: 404 before the form is looked at.
    complaint::visible_to(&load_complaint(app, complaint_id).await?.state, caller)?;
    let (text, attachments) = parse_text_and_files(
        app,
        caller,
        &body.text,
        &body.attachments,
        complaint::STATEMENT_CHARS,
    )
    .await?;
    let reference = complaint::statement_ref(complaint_id, caller);
    commit_decision(
        app,
        ids,
        actor(caller, role),
        complaint_id,
        |complaint, now| {
            let events = complaint::submit_statement(complaint, caller, attachments.clone(), now)?;
            Ok((complaint_only(events), vec![put_text(&reference, &text)]))
        },
    )
    .await
}

pub async fn provide_information(
    app: &AppState,
    ids: &Ids,
    caller: Uuid,
    role: ComplaintRole,
    complaint_id: Uuid,
    body: InformationBody,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    complaint::visible_to(&load_complaint(app, complaint_id).await?.state, caller)?;
    let request_id = super::required("request_id", body.request_id)?;
    let (text, attachments) = parse_text_and_files(
        app,
        caller,
        &body.text,
        &body.attachments,
        complaint::ANSWER_CHARS,
    )
    .await?;
    let reference = complaint::answer_ref(complaint_id, request_id, caller);
    commit_decision(
        app,
        ids,
        actor(caller, role),
        complaint_id,
        |complaint, now| {
            let events = complaint::provide_information(
                complaint,
                caller,
                request_id,
                attachments.clone(),
                now,
            )?;
            Ok((complaint_only(events), vec![put_text(&reference, &text)]))
        },
    )
    .await
}

/// A text within `bounds` (field `text`) and the caller's attachments
/// (field `attachments`), both errors reported together.
async fn parse_text_and_files(
    app: &AppState,
    caller: Uuid,
    text: &str,
    keys: &[String],
    bounds: (usize, usize),
) -> Result<(String, Vec<domain::values::FileRef>), CommandError> {
    let uploads = files::lookup(app, caller).await?;
    let mut errors = domain::FieldErrors::default();
    let text = match complaint::parse_text("text", text, bounds) {
        Ok(text) => Some(text),
        Err(domain::DomainError::Invalid(e)) => {
            for (field, error) in e.0 {
                errors.add(&field, error);
            }
            None
        }
        Err(other) => return Err(other.into()),
    };
    let attachments = errors.check(
        "attachments",
        complaint::parse_attachments(keys, caller, &uploads),
    );
    errors.into_result()?;
    Ok((text.unwrap_or_default(), attachments.unwrap_or_default()))
}
