//! Paying a held booking, in two calls around the browser (docs/booking.md):
//! `POST …/payment` prepares the provider's intent for the booking's total
//! (the same intent every time for one booking); the browser hands the card
//! to the provider and completes any 3-D Secure challenge there, so card
//! numbers never reach this API; `POST …/pay {payment_intent}` then reads
//! the intent and confirms the booking with the provider's reference, the
//! brand and the last four digits.
//!
//! A payment the provider reports by webhook ([`settle`]) is recorded the
//! same way when the second call never came (the client left, the answer
//! was lost): no money is ever taken without a booking confirmed or the
//! money given back.

use domain::account::Role;
use domain::booking::{self, Booking, PaymentRecord, Settlement};
use domain::{DomainError, FieldError, FieldErrors, RuleCode};
use platform::payments::{
    Charge, IntentRequest, IntentState, IntentStatus, PaymentError, RefundRequest,
};
use secrecy::ExposeSecret as _;
use serde::{Deserialize, Serialize};
use store::Position;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{BookingRow, MoneyBody, booking_stream, load_booking, pair_stream, row};
use crate::AppState;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, with_retry};
use crate::ids::Ids;

/// The provider's intent the browser confirms.
#[derive(Serialize, ToSchema)]
pub struct PaymentStart {
    /// `sandbox` or `stripe`: which card form the browser shows.
    pub provider: &'static str,
    pub intent_id: String,
    /// Lets the browser confirm this one intent with the provider.
    pub client_secret: String,
    /// Stripe's publishable key (`pk_…`); `null` for the sandbox.
    pub publishable_key: Option<String>,
    pub amount: MoneyBody,
}

/// The intent the browser confirmed. Nothing else: card data never comes here.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PayBody {
    /// `pi_…`, from `POST /api/client/bookings/{id}/payment`.
    #[schema(max_length = 255)]
    pub payment_intent: String,
}

/// The provider's idempotency key of a booking's intent: one per booking.
fn intent_key(booking_id: Uuid) -> String {
    format!("booking-{booking_id}-intent")
}

pub(crate) fn payment_error(error: PaymentError) -> CommandError {
    match error {
        PaymentError::UnknownIntent => invalid_intent(),
        PaymentError::Provider(detail) => CommandError::PaymentUnavailable(detail),
    }
}

pub(crate) fn invalid_intent() -> CommandError {
    let mut errors = FieldErrors::default();
    errors.add("payment_intent", FieldError::new("field.invalid"));
    CommandError::Domain(DomainError::Invalid(errors))
}

/// Prepares (or gives back) the booking's intent for its total, while the hold lasts.
pub async fn start(
    app: &AppState,
    client_id: Uuid,
    booking_id: Uuid,
) -> Result<PaymentStart, CommandError> {
    let booking = load_booking(app, booking_id).await?.state;
    let amount = booking::payable(&booking, client_id, app.clock.now())?;
    let intent = app
        .payments
        .create_intent(IntentRequest {
            idempotency_key: intent_key(booking_id),
            amount_minor: amount.minor,
            currency: amount.currency.code().to_owned(),
            description: format!("Equilibre booking {booking_id}"),
            reference: booking_id.to_string(),
        })
        .await
        .map_err(payment_error)?;
    Ok(PaymentStart {
        provider: app.payments.kind().as_str(),
        intent_id: intent.id,
        client_secret: intent.client_secret.expose_secret().to_owned(),
        publishable_key: app.payments.publishable_key(),
        amount: amount.into(),
    })
}

/// Reads the intent the browser confirmed and records its outcome: the
/// booking confirmed (also when it already was, with this payment), or the
/// provider's refusal (402), or `payment_pending` while a challenge is open.
/// A payment that completes after the hold lapsed is refunded at once and
/// answered `hold_expired`.
pub async fn pay(
    app: &AppState,
    ids: &Ids,
    client_id: Uuid,
    booking_id: Uuid,
    body: PayBody,
) -> Result<(BookingRow, Option<Position>), CommandError> {
    if let Some(position) = already_applied(app, ids).await? {
        return Ok((row(app, booking_id).await?, Some(position)));
    }
    let booking = load_booking(app, booking_id).await?.state;
    if booking
        .info()
        .is_none_or(|info| info.client_id != client_id)
    {
        return Err(CommandError::NotFound);
    }
    let intent = app
        .payments
        .intent(&body.payment_intent)
        .await
        .map_err(payment_error)?;
    if !pays_for(&booking, &intent) {
        return Err(invalid_intent());
    }
    let charge = match intent.status {
        IntentStatus::Succeeded(charge) => charge,
        refused_or_pending => {
            // A lapsed hold says so first: there is nothing left to pay.
            booking::payable(&booking, client_id, app.clock.now())?;
            return Err(match refused_or_pending {
                IntentStatus::Declined(decline) => CommandError::Payment(decline.code()),
                IntentStatus::Canceled => DomainError::Rule(RuleCode::BookingNotPayable).into(),
                _ => CommandError::PaymentPending,
            });
        }
    };
    let actor = Actor {
        id: Some(client_id),
        role: Role::Client.as_str(),
    };
    let position = match record_payment(app, ids, actor, booking_id, &charge).await? {
        Settled::Confirmed(position) => Some(position),
        Settled::AlreadyRecorded => None,
        Settled::RefundedLate => return Err(DomainError::Rule(RuleCode::HoldExpired).into()),
    };
    Ok((row(app, booking_id).await?, position))
}

/// Whether the provider's intent pays this very booking: its reference and
/// its total, to the minor unit and in its currency.
fn pays_for(booking: &Booking, intent: &IntentState) -> bool {
    booking.info().is_some_and(|info| {
        intent.reference.as_deref() == Some(info.booking_id.to_string().as_str())
            && booking::is_total(info, intent.amount_minor, &intent.currency)
    })
}

enum Settled {
    Confirmed(Position),
    /// Confirmed with this payment before.
    AlreadyRecorded,
    /// The hold had lapsed: the money went back (now, or before).
    RefundedLate,
}

/// Records a successful payment against its booking (see [`Settlement`]).
async fn record_payment(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    booking_id: Uuid,
    charge: &Charge,
) -> Result<Settled, CommandError> {
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
            Settlement::Nothing if info.late_refunded.as_ref() == Some(&payment.provider_ref) => {
                Ok(Settled::RefundedLate)
            }
            Settlement::Nothing => Ok(Settled::AlreadyRecorded),
            Settlement::Confirm(decision) => {
                record(app, ids, actor, &loaded.state, loaded.version, &decision)
                    .await
                    .map(Settled::Confirmed)
            }
            Settlement::Refund => {
                refund_late(app, ids, actor, &loaded.state, loaded.version, &payment).await?;
                Ok(Settled::RefundedLate)
            }
        }
    })
    .await
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

/// Settles a payment the provider reports as taken for `booking_id` (its
/// webhook): confirms the booking if still held, gives the money back if the
/// hold lapsed, nothing if already recorded or not a payment of this
/// booking. Safe to run again.
pub async fn settle(
    app: &AppState,
    booking_id: Uuid,
    provider_ref: &str,
) -> Result<(), CommandError> {
    let actor = Actor {
        id: None,
        role: "payment_provider",
    };
    let intent = app
        .payments
        .intent(provider_ref)
        .await
        .map_err(payment_error)?;
    let IntentStatus::Succeeded(charge) = &intent.status else {
        return Ok(());
    };
    let booking = load_booking(app, booking_id).await?.state;
    if !pays_for(&booking, &intent) {
        tracing::warn!(payment.provider_ref = %provider_ref, "reported payment names another booking or amount");
        return Ok(());
    }
    record_payment(app, &Ids::fresh(), actor, booking_id, charge)
        .await
        .map(drop)
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
