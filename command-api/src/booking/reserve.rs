//! `POST /api/client/bookings`: hold a slot (or confirm it at once when
//! nothing is due).

use chrono::{DateTime, Utc};
use domain::account::{self, Role};
use domain::booking::{self, HoldContext, HoldRequest, calendar};
use domain::coupon::{self, CodeReservation, Coupon, CouponCodeEvent};
use domain::{DomainError, RuleCode};
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{
    Days, MoneyBody, append_decision, coupon_stream, load_booking, load_client_file, load_coupon,
    load_pair, load_timings, pair_stream,
};
use crate::AppState;
use crate::accounts::load_account;
use crate::consultant::{consultant_stream, load_consultant};
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, load};
use crate::ids::Ids;

#[derive(Debug, Deserialize, ToSchema)]
pub struct BookBody {
    pub consultant_id: Uuid,
    pub start: DateTime<Utc>,
    #[serde(default)]
    pub coupon_code: Option<String>,
    /// Ask for the free first consultation.
    #[serde(default)]
    pub free: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Booked {
    pub booking_id: Uuid,
    /// `held` (to pay within 15 minutes) or `confirmed` (nothing to pay).
    pub status: &'static str,
    pub hold_expires_at: DateTime<Utc>,
    pub total: MoneyBody,
}

/// The coupon a typed code names: its id, state and version; an unknown or
/// malformed code folds to an empty coupon (`coupon_unknown`).
async fn coupon_for(
    app: &AppState,
    code: &str,
) -> Result<(Option<Uuid>, Coupon, u64), CommandError> {
    let Ok(code) = coupon::parse_code(code) else {
        return Ok((None, Coupon::default(), 0));
    };
    let stream = StreamId::new(coupon::CODE_CATEGORY, coupon::code_entity(&code));
    let reservation = load::<CouponCodeEvent, _>(app, &stream, CodeReservation::evolve).await?;
    let Some(coupon_id) = reservation.state.coupon_id else {
        return Ok((None, Coupon::default(), 0));
    };
    let loaded = load_coupon(app, coupon_id).await?;
    Ok((Some(coupon_id), loaded.state, loaded.version))
}

async fn answer(
    app: &AppState,
    booking_id: Uuid,
    position: Position,
) -> Result<(Booked, Position), CommandError> {
    let booking = load_booking(app, booking_id).await?.state;
    let info = booking.info().ok_or(CommandError::NotFound)?;
    Ok((
        Booked {
            booking_id,
            status: info.status.as_str(),
            hold_expires_at: info.hold_expires_at,
            total: info.total.into(),
        },
        position,
    ))
}

/// Holds the slot for the client; see `domain::booking::hold` for the rules.
pub async fn book(
    app: &AppState,
    ids: &Ids,
    client_id: Uuid,
    body: BookBody,
) -> Result<(Booked, Position), CommandError> {
    let booking_id = ids.id("booking");
    if let Some(position) = already_applied(app, ids).await? {
        return answer(app, booking_id, position).await;
    }
    let actor = Actor {
        id: Some(client_id),
        role: Role::Client.as_str(),
    };
    let consultant_id = body.consultant_id;
    // Read once: a retry after a lost race needs no fresh look at the legal texts.
    let in_force = crate::site::in_force(app, app.clock.now()).await?;
    let position = super::with_hot_retry(|| async {
        let now = app.clock.now();
        // A deactivated consultant has no slot; a deactivated client cannot book.
        account::ensure_bookable(&load_account(app, consultant_id).await?.state)?;
        account::ensure_may_book(&load_account(app, client_id).await?.state, &in_force)?;
        let consultant = load_consultant(app, consultant_id).await?;
        let end = booking::slot_end(&consultant.state, body.start)
            .ok_or(DomainError::Rule(RuleCode::SlotUnavailable))?;
        let timings = load_timings(app, consultant_id).await?;
        let client_file = load_client_file(app, client_id).await?;
        let pair = load_pair(app, client_id, consultant_id).await?;
        let coupon = match body.coupon_code.as_deref().filter(|c| !c.trim().is_empty()) {
            Some(code) => Some(coupon_for(app, code).await?),
            None => None,
        };
        let days = calendar::days(body.start, end);
        // Client days first: when both overlap, the consultant's (read last) answers `slot_taken`.
        let client_days = Days::client(app, client_id, &days).await?;
        let consultant_days = Days::consultant(app, consultant_id, &days).await?;
        let request = HoldRequest {
            booking_id,
            client_id,
            consultant_id,
            start: body.start,
            coupon_id: coupon.as_ref().and_then(|c| c.0),
            free: body.free,
        };
        let decision = booking::hold(
            &request,
            &HoldContext {
                consultant: &consultant.state,
                timings: &timings.state,
                client_file: &client_file.state,
                pair: &pair.state,
                coupon: coupon.as_ref().map(|c| &c.1),
                consultant_calendars: &consultant_days.calendars,
                client_calendars: &client_days.calendars,
            },
            now,
        )?;
        let mut batch = append_decision(
            Batch::new(ids, actor, now),
            booking_id,
            0,
            &decision,
            &consultant_days,
            &client_days,
        )?;
        if !decision.pair.is_empty() {
            batch = batch.events(
                pair_stream(client_id, consultant_id),
                pair.version,
                &decision.pair,
            );
        }
        if let (false, Some((Some(coupon_id), _, version))) = (decision.coupon.is_empty(), &coupon)
        {
            batch = batch.events(coupon_stream(*coupon_id), *version, &decision.coupon);
        }
        // Guards: a price, duration or schedule changed meanwhile decides again.
        batch
            .events::<domain::consultant::ConsultantEvent>(
                consultant_stream(consultant_id),
                consultant.version,
                &[],
            )
            .events::<domain::availability::AvailabilityEvent>(
                super::timings_stream(consultant_id),
                timings.version,
                &[],
            )
            .commit(app)
            .await
    })
    .await?;
    answer(app, booking_id, position).await
}
