//! The administrators' desk: review, ask a party for information, decide
//! (refund through the payment port, suspension of the consultant) or dismiss.
//!
//! A decision with a refund is recorded first (`ComplaintDecided`); then the
//! provider is called with the idempotency key `complaint-{id}-refund` and
//! `BookingRefunded { complaint_id }` is appended to the booking. Should
//! either step fail, the decision stands and the reactions worker
//! (`projector::reactions::complaint_refunds`) makes the refund, once.

use domain::booking;
use domain::complaint::{self, Favour, InfoParty, Verdict};
use domain::consultant::{self as consultant_rules, ConsultantStatus};
use platform::payments::RefundRequest;
use serde::{Deserialize, Serialize};
use store::Position;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{
    add_decision, choice, commit_decision, complaint_only, complaint_stream, load_complaint,
    put_text, required,
};
use crate::AppState;
use crate::booking::{booking_stream, load_booking};
use crate::consultant::{consultant_stream, load_consultant};
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, with_retry};
use crate::ids::Ids;

#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct RequestInformationBody {
    /// `complainant` or `respondent`.
    pub party: Option<String>,
    /// The question, 3–2000 characters.
    pub text: String,
}

#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
pub struct RefundBody {
    /// In minor units of the booking's currency; at most what was paid less
    /// what was already refunded.
    pub amount_minor: i64,
}

#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DecideBody {
    /// `complainant`, `respondent` or `neither`.
    pub favour: Option<String>,
    /// 3–5000 characters, mailed to both parties.
    pub resolution: String,
    /// Only for a decision in favour of a client author of a paid booking.
    pub refund: Option<RefundBody>,
    /// Suspends the booking's consultant (the existing suspension).
    pub suspend_consultant: bool,
}

#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DismissBody {
    /// 3–2000 characters, mailed to the author.
    pub reason: String,
}

/// The suspension's reason when a decision suspends the consultant (the
/// resolution is the author's personal data, so it is not copied there).
const SUSPENSION_REASON: &str =
    "Suspendu à la suite d'une réclamation. / Suspended following a complaint.";

pub async fn start_review(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    complaint_id: Uuid,
) -> Result<Option<Position>, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(Some(position));
    }
    with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_complaint(app, complaint_id).await?;
        let events = complaint::start_review(&loaded.state, now)?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, admin, now)
            .events(complaint_stream(complaint_id), loaded.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}

pub async fn request_information(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    complaint_id: Uuid,
    body: RequestInformationBody,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    let party: InfoParty = required("party", choice("party", body.party.as_deref())?)?;
    let text = complaint::parse_text("text", &body.text, complaint::QUESTION_CHARS)?;
    let request_id = ids.id("request");
    commit_decision(app, ids, admin, complaint_id, |complaint, now| {
        let events = complaint::request_information(complaint, request_id, party, now)?;
        let texts = events
            .iter()
            .filter_map(|event| match event {
                complaint::ComplaintEvent::InformationRequested {
                    text: reference, ..
                } => Some(put_text(reference, &text)),
                _ => None,
            })
            .collect();
        Ok((complaint_only(events), texts))
    })
    .await
}

pub async fn decide(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    complaint_id: Uuid,
    body: DecideBody,
) -> Result<Position, CommandError> {
    let position = match already_applied(app, ids).await? {
        Some(position) => position,
        None => record_decision(app, ids, admin, complaint_id, body).await?,
    };
    if let Err(error) = carry_out_refund(app, &ids.child("refund"), admin, complaint_id).await {
        // The decision stands; the reactions worker makes the refund.
        tracing::warn!(complaint.id = %complaint_id, %error, "complaint refund deferred");
    }
    Ok(position)
}

async fn record_decision(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    complaint_id: Uuid,
    body: DecideBody,
) -> Result<Position, CommandError> {
    let favour: Favour = required("favour", choice("favour", body.favour.as_deref())?)?;
    let resolution =
        complaint::parse_text("resolution", &body.resolution, complaint::RESOLUTION_CHARS)?;
    let verdict = Verdict {
        favour,
        refund_minor: body.refund.map(|r| r.amount_minor),
        suspend_consultant: body.suspend_consultant,
    };
    with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_complaint(app, complaint_id).await?;
        let info = loaded.state.info().ok_or(CommandError::NotFound)?;
        let booking = match info.booking_id {
            Some(id) => Some(load_booking(app, id).await?.state),
            None => None,
        };
        let decision = complaint::decide(
            &loaded.state,
            verdict,
            booking.as_ref().and_then(|b| b.info()),
            now,
        )?;
        let mut batch = add_decision(
            app,
            Batch::new(ids, admin, now),
            &loaded.state,
            complaint_id,
            loaded.version,
            &decision,
        )
        .await?;
        if verdict.suspend_consultant
            && let Some(consultant_id) = info.consultant_id()
        {
            let consultant = load_consultant(app, consultant_id).await?;
            // Only an approved consultant can be suspended; one already
            // suspended (or not listed) stays as it is.
            if consultant.state.status == ConsultantStatus::Approved {
                let events = consultant_rules::suspend(&consultant.state, SUSPENSION_REASON, now)?;
                batch = batch.events(
                    consultant_stream(consultant_id),
                    consultant.version,
                    &events,
                );
            }
        }
        batch
            .side(put_text(
                &complaint::resolution_ref(complaint_id, info.author_id),
                &resolution,
            ))
            .commit(app)
            .await
    })
    .await
}

/// Makes the refund a decision granted, once: nothing when there is none or
/// the booking already records it.
pub async fn carry_out_refund(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    complaint_id: Uuid,
) -> Result<Option<Position>, CommandError> {
    let complaint = load_complaint(app, complaint_id).await?.state;
    let Some((amount, booking_id)) = complaint.info().and_then(|i| i.refund.zip(i.booking_id))
    else {
        return Ok(None);
    };
    with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_booking(app, booking_id).await?;
        if !booking::complaint_refund_due(&loaded.state, complaint_id, amount)? {
            return Ok(None);
        }
        let Some(payment) = loaded.state.info().and_then(|i| i.payment.clone()) else {
            return Ok(None);
        };
        let refund = app
            .payments
            .refund(RefundRequest {
                idempotency_key: format!("complaint-{complaint_id}-refund"),
                provider_ref: payment.provider_ref,
                amount_minor: amount.minor,
                currency: amount.currency.code().to_owned(),
            })
            .await
            .map_err(|e| CommandError::PaymentUnavailable(e.to_string()))?;
        let events = booking::refund(
            &loaded.state,
            amount,
            refund.provider_ref,
            Some(complaint_id),
            now,
        )?;
        Batch::new(ids, admin, now)
            .events(booking_stream(booking_id), loaded.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await
}

pub async fn dismiss(
    app: &AppState,
    ids: &Ids,
    admin: Actor,
    complaint_id: Uuid,
    body: DismissBody,
) -> Result<Position, CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    let reason = complaint::parse_text("reason", &body.reason, complaint::REASON_CHARS)?;
    commit_decision(app, ids, admin, complaint_id, |complaint, now| {
        let decision = complaint::dismiss(complaint, now)?;
        let author = complaint
            .info()
            .map(|i| i.author_id)
            .ok_or(CommandError::NotFound)?;
        let text = put_text(&complaint::dismissal_ref(complaint_id, author), &reason);
        Ok((decision, vec![text]))
    })
    .await
}
