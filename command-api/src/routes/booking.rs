//! Booking commands (docs/booking.md "Booking", "Availability",
//! "Notes", "Coupons"). Reads are the query service's.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use domain::booking::{CancelledBy, Party};
use platform::http::ErrorEnvelope;
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::Committed;
use crate::AppState;
use crate::booking::BookingRow;
use crate::booking::coupons::{self, CouponBody};
use crate::booking::lifecycle::{self, CancelBody, RescheduleBody};
use crate::booking::notes::{self, NoteAdded, NoteBody};
use crate::booking::pay::{self, PayBody, PaymentStart};
use crate::booking::reserve::{self, BookBody, Booked};
use crate::booking::timings::{self, TimingsBody};
use crate::caller::{Caller, SignedIn};
use crate::context::{Json, Result};
use crate::execute::Actor;
use crate::ids::IdempotencyKey;

fn party(caller: &Caller, by: CancelledBy) -> Party {
    Party {
        by,
        account_id: caller.account_id,
    }
}

fn row(position: Option<store::Position>, row: BookingRow) -> Committed<BookingRow> {
    Committed::new(StatusCode::OK, position).body(row)
}

/// Replaces the consultant's weekly availability and days off.
#[utoipa::path(put, path = "/api/consultant/timings", tag = "booking", security(("session" = [])),
    request_body = TimingsBody,
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope)))]
pub async fn set_timings(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<TimingsBody>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let position = timings::set(&app, &ids, caller.account_id, body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Holds a slot for 15 minutes (or confirms it at once when nothing is due).
#[utoipa::path(post, path = "/api/client/bookings", tag = "booking", security(("session" = [])),
    request_body = BookBody,
    responses((status = 201, body = Booked), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope)))]
pub async fn book(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<BookBody>,
) -> Result<Committed<Booked>> {
    let ids = key.ids(Some(caller.account_id));
    let (booked, position) = reserve::book(&app, &ids, caller.account_id, body).await?;
    Ok(Committed::new(StatusCode::CREATED, Some(position)).body(booked))
}

/// Prepares the payment of a held booking: the provider's intent the
/// browser confirms with the card (the same intent on every call).
#[utoipa::path(post, path = "/api/client/bookings/{id}/payment", tag = "booking", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = PaymentStart), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 502, body = ErrorEnvelope)))]
pub async fn start_payment(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    Path(id): Path<Uuid>,
) -> Result<Json<PaymentStart>> {
    Ok(Json(pay::start(&app, caller.account_id, id).await?))
}

/// Confirms a held booking with the intent the browser paid; a refusal
/// answers 402 with its code, an unfinished payment 409 `payment_pending`.
#[utoipa::path(post, path = "/api/client/bookings/{id}/pay", tag = "booking", security(("session" = [])),
    request_body = PayBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = BookingRow), (status = 400, body = ErrorEnvelope), (status = 402, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, body = ErrorEnvelope), (status = 502, body = ErrorEnvelope)))]
pub async fn pay_booking(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<PayBody>,
) -> Result<Committed<BookingRow>> {
    let ids = key.ids(Some(caller.account_id));
    let (booking, position) = pay::pay(&app, &ids, caller.account_id, id, body).await?;
    Ok(row(position, booking))
}

async fn cancel_as(
    app: AppState,
    caller: Caller,
    by: CancelledBy,
    key: IdempotencyKey,
    id: Uuid,
    body: CancelBody,
) -> Result<Committed<BookingRow>> {
    let ids = key.ids(Some(caller.account_id));
    let (booking, position) = lifecycle::cancel(&app, &ids, party(&caller, by), id, body).await?;
    Ok(row(Some(position), booking))
}

/// The client cancels: full refund 24 h or more before the start, none later.
#[utoipa::path(post, path = "/api/client/bookings/{id}/cancel", tag = "booking", security(("session" = [])),
    request_body = CancelBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = BookingRow), (status = 400, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn client_cancel_booking(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<CancelBody>,
) -> Result<Committed<BookingRow>> {
    cancel_as(app, caller, CancelledBy::Client, key, id, body).await
}

/// The consultant cancels: the client is refunded in full.
#[utoipa::path(post, path = "/api/consultant/bookings/{id}/cancel", tag = "booking", security(("session" = [])),
    request_body = CancelBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = BookingRow), (status = 400, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn consultant_cancel_booking(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<CancelBody>,
) -> Result<Committed<BookingRow>> {
    cancel_as(app, caller, CancelledBy::Consultant, key, id, body).await
}

/// An administrator cancels (settling a dispute, an expert unavailable):
/// the client is refunded in full, as when the consultant cancels.
#[utoipa::path(post, path = "/api/admin-panel/bookings/{id}/cancel", tag = "booking", security(("session" = [])),
    request_body = CancelBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = BookingRow), (status = 400, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn admin_cancel_booking(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<CancelBody>,
) -> Result<Committed<BookingRow>> {
    cancel_as(app, caller, CancelledBy::Admin, key, id, body).await
}

async fn reschedule_as(
    app: AppState,
    caller: Caller,
    by: CancelledBy,
    key: IdempotencyKey,
    id: Uuid,
    body: RescheduleBody,
) -> Result<Committed<BookingRow>> {
    let ids = key.ids(Some(caller.account_id));
    let (booking, position) =
        lifecycle::reschedule(&app, &ids, party(&caller, by), id, body).await?;
    Ok(row(position, booking))
}

/// The client moves the booking to another free slot (same id, same payment).
#[utoipa::path(post, path = "/api/client/bookings/{id}/reschedule", tag = "booking", security(("session" = [])),
    request_body = RescheduleBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = BookingRow), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn client_reschedule_booking(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<RescheduleBody>,
) -> Result<Committed<BookingRow>> {
    reschedule_as(app, caller, CancelledBy::Client, key, id, body).await
}

/// The consultant moves the booking to another free slot.
#[utoipa::path(post, path = "/api/consultant/bookings/{id}/reschedule", tag = "booking", security(("session" = [])),
    request_body = RescheduleBody, params(("id" = Uuid, Path)),
    responses((status = 200, body = BookingRow), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn consultant_reschedule_booking(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
    Json(body): Json<RescheduleBody>,
) -> Result<Committed<BookingRow>> {
    reschedule_as(app, caller, CancelledBy::Consultant, key, id, body).await
}

/// The consultant reports that the client did not come (after the end).
#[utoipa::path(post, path = "/api/consultant/bookings/{id}/no-show", tag = "booking", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 200, body = BookingRow), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn report_no_show(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<BookingRow>> {
    let ids = key.ids(Some(caller.account_id));
    let (booking, position) = lifecycle::no_show(&app, &ids, caller.account_id, id).await?;
    Ok(row(position, booking))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CouponCreated {
    pub coupon_id: Uuid,
}

/// Creates a coupon (percent or fixed amount, validity window, use limits).
#[utoipa::path(post, path = "/api/admin-panel/coupons", tag = "admin", security(("session" = [])),
    request_body = CouponBody,
    responses((status = 201, body = CouponCreated), (status = 400, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn create_coupon(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<CouponBody>,
) -> Result<Committed<CouponCreated>> {
    let ids = key.ids(Some(caller.account_id));
    let actor = Actor {
        id: Some(caller.account_id),
        role: caller.role.as_str(),
    };
    let (coupon_id, position) = coupons::create(&app, &ids, actor, body).await?;
    Ok(Committed::new(StatusCode::CREATED, Some(position)).body(CouponCreated { coupon_id }))
}

/// Disables a coupon: it is refused from now on (idempotent).
#[utoipa::path(post, path = "/api/admin-panel/coupons/{id}/disable", tag = "admin", security(("session" = [])),
    params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorEnvelope)))]
pub async fn disable_coupon(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Path(id): Path<Uuid>,
) -> Result<Committed<()>> {
    let ids = key.ids(Some(caller.account_id));
    let actor = Actor {
        id: Some(caller.account_id),
        role: caller.role.as_str(),
    };
    let position = coupons::disable(&app, &ids, actor, id).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, position))
}

/// Adds a private note about a client the consultant has had a confirmed booking with.
#[utoipa::path(post, path = "/api/consultant/notes", tag = "booking", security(("session" = [])),
    request_body = NoteBody,
    responses((status = 201, body = NoteAdded), (status = 400, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn add_note(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<NoteBody>,
) -> Result<Committed<NoteAdded>> {
    let ids = key.ids(Some(caller.account_id));
    let (added, position) = notes::add(&app, &ids, caller.account_id, body).await?;
    Ok(Committed::new(StatusCode::CREATED, Some(position)).body(added))
}
