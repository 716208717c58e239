//! Payment provider callbacks. Authenticated by their signature, not by a
//! session, so they sit outside the CSRF guard (see [`crate::router`]).

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use platform::http::ErrorEnvelope;
use platform::payments::{StripeEvent, verify_webhook};
use uuid::Uuid;

use crate::AppState;
use crate::booking::pay;
use crate::context::Result;

/// Receives Stripe's signed events (`Stripe-Signature`); 400 when the
/// signature does not hold. An error answer makes Stripe send it again.
#[utoipa::path(post, path = "/api/public/payments/stripe-webhook", tag = "payments",
    request_body(content = String, content_type = "application/json", description = "a Stripe event, as signed"),
    responses((status = 200, description = "verified, and a reported charge settled against its booking"), (status = 400, body = ErrorEnvelope)))]
pub async fn stripe_webhook(
    State(app): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<StatusCode> {
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok());
    let event = verify_webhook(
        &body,
        signature,
        app.config.stripe.webhook_secret.as_ref(),
        app.clock.now(),
    )?;
    // Ids and type only: no personal data.
    tracing::info!(
        stripe.event_id = event.event_id(),
        stripe.event_type = event.event_type(),
        "stripe webhook verified"
    );
    // A charge of ours the pay call may not have recorded (the client left,
    // the answer was lost): settled against the booking it names. Other
    // events need nothing: refunds are ours and recorded when made.
    if let StripeEvent::PaymentSucceeded {
        payment_intent,
        reference: Some(reference),
        ..
    } = &event
        && let Ok(booking_id) = reference.parse::<Uuid>()
    {
        pay::settle(&app, booking_id, payment_intent).await?;
    }
    Ok(StatusCode::OK)
}
