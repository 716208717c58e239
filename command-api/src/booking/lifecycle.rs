//! Cancel, reschedule and report a no-show: by the booking's client or
//! consultant (`Party`), anyone else gets "not found".

use chrono::{DateTime, Utc};
use domain::account::PayloadRef;
use domain::booking::{self, CancelledBy, Party, RescheduleContext, calendar};
use platform::payments::RefundRequest;
use serde::Deserialize;
use store::{Position, SideWrite};
use utoipa::ToSchema;
use uuid::Uuid;

use super::pay::payment_error;
use super::{BookingRow, Days, append_decision, booking_stream, load_booking, load_timings, row};
use crate::AppState;
use crate::consultant::load_consultant;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, with_retry};
use crate::ids::Ids;

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct CancelBody {
    /// Why (optional, at most 500 characters once trimmed): kept in the
    /// forgettable payload store under the booking's client and shown to
    /// administrators on the booking's detail.
    #[schema(max_length = 500)]
    pub reason: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RescheduleBody {
    pub start: DateTime<Utc>,
}

fn actor(party: Party) -> Actor {
    Actor {
        id: Some(party.account_id),
        role: match party.by {
            CancelledBy::Client => "client",
            CancelledBy::Consultant => "consultant",
            CancelledBy::Admin => "admin",
            CancelledBy::Platform => "system",
        },
    }
}

async fn answered(
    app: &AppState,
    booking_id: Uuid,
    position: Position,
) -> Result<(BookingRow, Position), CommandError> {
    Ok((row(app, booking_id).await?, position))
}

/// Cancels before the start, refunds through the provider what
/// `domain::booking::cancellation_refund` says, and frees the slot; the
/// reason typed, if any, goes to the payload store in the same append.
pub async fn cancel(
    app: &AppState,
    ids: &Ids,
    party: Party,
    booking_id: Uuid,
    body: CancelBody,
) -> Result<(BookingRow, Position), CommandError> {
    let reason = booking::parse_cancel_reason(body.reason.as_deref())?;
    if let Some(position) = already_applied(app, ids).await? {
        return answered(app, booking_id, position).await;
    }
    let position = with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_booking(app, booking_id).await?;
        let refund = booking::cancellation_refund(&loaded.state, party, now)?;
        let info = loaded.state.info().ok_or(CommandError::NotFound)?;
        let refund_ref = match (&info.payment, refund.minor > 0) {
            (Some(payment), true) => Some(
                app.payments
                    .refund(RefundRequest {
                        idempotency_key: format!("booking-{booking_id}-cancel-refund"),
                        provider_ref: payment.provider_ref.clone(),
                        amount_minor: refund.minor,
                        currency: refund.currency.code().to_owned(),
                    })
                    .await
                    .map_err(payment_error)?
                    .provider_ref,
            ),
            _ => None,
        };
        let reason_ref = reason.as_ref().map(|_| booking::cancel_reason_ref(info));
        let decision = booking::cancel(&loaded.state, party, refund_ref, reason_ref.clone(), now)?;
        let days = calendar::days(info.start, info.end);
        let client_days = Days::client(app, info.client_id, &days).await?;
        let consultant_days = Days::consultant(app, info.consultant_id, &days).await?;
        let mut batch = append_decision(
            Batch::new(ids, actor(party), now),
            booking_id,
            loaded.version,
            &decision,
            &consultant_days,
            &client_days,
        )?;
        if let (Some(text), Some(PayloadRef { subject, key })) = (&reason, reason_ref) {
            batch = batch.side(SideWrite::PutPayload {
                subject,
                key,
                value: serde_json::Value::String(text.clone()).to_string(),
            });
        }
        batch.commit(app).await
    })
    .await?;
    answered(app, booking_id, position).await
}

/// Moves the booking to another free published slot, atomically.
pub async fn reschedule(
    app: &AppState,
    ids: &Ids,
    party: Party,
    booking_id: Uuid,
    body: RescheduleBody,
) -> Result<(BookingRow, Option<Position>), CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((row(app, booking_id).await?, Some(position)));
    }
    let position = with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_booking(app, booking_id).await?;
        let Some(info) = loaded.state.info() else {
            return Err(CommandError::NotFound);
        };
        let consultant = load_consultant(app, info.consultant_id).await?;
        let timings = load_timings(app, info.consultant_id).await?;
        let days = booking::reschedule_days(info, body.start);
        // Client days first: when both overlap, the consultant's (read last) answers `slot_taken`.
        let client_days = Days::client(app, info.client_id, &days).await?;
        let consultant_days = Days::consultant(app, info.consultant_id, &days).await?;
        let decision = booking::reschedule(
            &loaded.state,
            party,
            body.start,
            &RescheduleContext {
                consultant: &consultant.state,
                timings: &timings.state,
                consultant_calendars: &consultant_days.calendars,
                client_calendars: &client_days.calendars,
            },
            now,
        )?;
        if decision.is_empty() {
            return Ok(None);
        }
        append_decision(
            Batch::new(ids, actor(party), now),
            booking_id,
            loaded.version,
            &decision,
            &consultant_days,
            &client_days,
        )?
        .commit(app)
        .await
        .map(Some)
    })
    .await?;
    Ok((row(app, booking_id).await?, position))
}

/// The consultant reports that the client did not come.
pub async fn no_show(
    app: &AppState,
    ids: &Ids,
    consultant_id: Uuid,
    booking_id: Uuid,
) -> Result<(BookingRow, Option<Position>), CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((row(app, booking_id).await?, Some(position)));
    }
    let party = Party {
        by: CancelledBy::Consultant,
        account_id: consultant_id,
    };
    let position = with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_booking(app, booking_id).await?;
        let events = booking::no_show(&loaded.state, consultant_id, now)?;
        if events.is_empty() {
            return Ok(None);
        }
        Batch::new(ids, actor(party), now)
            .events(booking_stream(booking_id), loaded.version, &events)
            .commit(app)
            .await
            .map(Some)
    })
    .await?;
    Ok((row(app, booking_id).await?, position))
}
