//! `POST /api/client/bookings/{id}/pay`: charge the card while the hold
//! lasts, then confirm with the provider's reference, the brand and the last
//! four digits. The card itself is only passed to the provider: it is not
//! logged (its `Debug` is redacted) and never reaches an event.
//!
//! A charge the provider reports by webhook ([`settle`]) is recorded the same
//! way when the pay call never did (the client left, the answer was lost):
//! no money is ever taken without a booking confirmed or the money given back.

use domain::account::Role;
use domain::booking::{self, Booking, PaymentRecord, Settlement};
use domain::{DomainError, RuleCode};
use platform::payments::{Card, ChargeRequest, PaymentError, RefundRequest};
use secrecy::SecretString;
use serde::Deserialize;
use store::Position;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{BookingRow, booking_stream, load_booking, pair_stream, row};
use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, with_retry};
use crate::ids::Ids;

/// A card as typed. No `Debug`: it must not end up in a log.
#[derive(Deserialize, ToSchema)]
pub struct PayBody {
    pub card_number: String,
    pub exp_month: u32,
    pub exp_year: u32,
    pub cvc: String,
}

impl PayBody {
    fn card(self) -> Card {
        Card {
            number: SecretString::from(self.card_number),
            exp_month: self.exp_month,
            exp_year: self.exp_year,
            cvc: SecretString::from(self.cvc),
        }
    }
}

/// The provider's idempotency key of a booking's charge: one charge per booking.
fn charge_key(booking_id: Uuid) -> String {
    format!("booking-{booking_id}-charge")
}

pub(super) fn payment_error(error: PaymentError) -> CommandError {
    match error {
        PaymentError::Declined(decline) => CommandError::Payment(decline.code()),
        PaymentError::Provider(detail) => CommandError::PaymentUnavailable(detail),
    }
}

/// Charges the booking's total and confirms it; a charge that returns after
/// the hold lapsed is refunded at once and answered `hold_expired`.
pub async fn pay(
    app: &AppState,
    ids: &Ids,
    client_id: Uuid,
    booking_id: Uuid,
    body: PayBody,
) -> Result<(BookingRow, Position), CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((row(app, booking_id).await?, position));
    }
    let booking = load_booking(app, booking_id).await?.state;
    let amount = booking::payable(&booking, client_id, app.clock.now())?;
    let charge = app
        .payments
        .charge(ChargeRequest {
            idempotency_key: charge_key(booking_id),
            amount_minor: amount.minor,
            currency: amount.currency.code().to_owned(),
            card: body.card(),
            description: format!("Equilibre booking {booking_id}"),
            reference: booking_id.to_string(),
        })
        .await
        .map_err(payment_error)?;
    let payment = PaymentRecord {
        provider_ref: charge.provider_ref,
        brand: charge.brand,
        last4: charge.last4,
        amount,
    };
    let actor = Actor {
        id: Some(client_id),
        role: Role::Client.as_str(),
    };
    let position = with_retry(|| async {
        let now = app.clock.now();
        let loaded = load_booking(app, booking_id).await?;
        match booking::confirm(&loaded.state, payment.clone(), now) {
            Ok(decision) => record(app, ids, actor, &loaded.state, loaded.version, &decision).await,
            Err(DomainError::Rule(RuleCode::HoldExpired)) => {
                refund_late(app, ids, actor, &loaded.state, loaded.version, &payment).await?;
                Err(DomainError::Rule(RuleCode::HoldExpired).into())
            }
            Err(refused) => Err(refused.into()),
        }
    })
    .await?;
    Ok((row(app, booking_id).await?, position))
}

/// Records a confirmation: the booking's events and the pair's, together.
async fn record(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    booking: &Booking,
    version: u64,
    decision: &booking::Decision,
) -> Result<Position, CommandError> {
    let info = booking.info().ok_or(CommandError::NotFound)?;
    let now = app.clock.now();
    Batch::new(ids, actor, now)
        .events(booking_stream(info.booking_id), version, &decision.booking)
        .events(
            pair_stream(info.client_id, info.consultant_id),
            super::load_pair(app, info.client_id, info.consultant_id)
                .await?
                .version,
            &decision.pair,
        )
        .commit(app)
        .await
}

/// Settles a charge the provider reports as taken for `booking_id` (its
/// webhook): confirms the booking if still held, gives the money back if the
/// hold lapsed, nothing if already recorded. Safe to run again.
pub async fn settle(
    app: &AppState,
    booking_id: Uuid,
    provider_ref: &str,
) -> Result<(), CommandError> {
    let ids = Ids::fresh();
    let actor = Actor {
        id: None,
        role: "payment_provider",
    };
    let charge = app
        .payments
        .charge_of(provider_ref)
        .await
        .map_err(payment_error)?;
    with_retry(|| async {
        let loaded = load_booking(app, booking_id).await?;
        let info = loaded.state.info().ok_or(CommandError::NotFound)?;
        let payment = PaymentRecord {
            provider_ref: charge.provider_ref.clone(),
            brand: charge.brand.clone(),
            last4: charge.last4.clone(),
            amount: info.total,
        };
        match booking::settle(&loaded.state, payment.clone(), app.clock.now())? {
            Settlement::Nothing => Ok(()),
            Settlement::Confirm(decision) => {
                record(app, &ids, actor, &loaded.state, loaded.version, &decision)
                    .await
                    .map(drop)
            }
            Settlement::Refund => {
                refund_late(app, &ids, actor, &loaded.state, loaded.version, &payment).await
            }
        }
    })
    .await
}

/// Gives back a charge that arrived too late, and records it on the booking.
async fn refund_late(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    booking: &Booking,
    version: u64,
    payment: &PaymentRecord,
) -> Result<(), CommandError> {
    let info = booking.info().ok_or(CommandError::NotFound)?;
    let refund = app
        .payments
        .refund(RefundRequest {
            idempotency_key: format!("booking-{}-late-refund", info.booking_id),
            provider_ref: payment.provider_ref.clone(),
            amount_minor: payment.amount.minor,
            currency: payment.amount.currency.code().to_owned(),
        })
        .await
        .map_err(payment_error)?;
    let now = app.clock.now();
    let events =
        booking::late_payment_refunded(booking, payment.clone(), refund.provider_ref, now)?;
    Batch::new(&ids.child("late-refund"), actor, now)
        .events(booking_stream(info.booking_id), version, &events)
        .commit(app)
        .await?;
    Ok(())
}
