//! Stripe's webhook endpoint: signed calls (no session, no browser headers)
//! are acknowledged; tampered, stale or unsigned ones are refused. A charge
//! it reports that no pay call recorded confirms the held booking, or is
//! given back when the hold lapsed, once.

use chrono::TimeDelta;
use platform::payments::{Card, Charge, IntentRequest, IntentStatus, PaymentProvider as _};
use reqwest::Method;
use secrecy::{ExposeSecret as _, SecretString};
use serde_json::json;

use crate::booking_support::{Party, book, booking_id, client, expert, send, slots};
use crate::support::{Answer, Backend, STRIPE_WEBHOOK_SECRET, TestApp};

on_both_backends!(
    a_signed_event_is_acknowledged_and_a_forged_or_replayed_one_refused,
    a_charge_no_pay_call_recorded_confirms_the_hold_or_is_given_back_once,
);

const PATH: &str = "/api/public/payments/stripe-webhook";
const EVENT: &str = r#"{"id":"evt_1","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1","object":"payment_intent","amount_received":6050}}}"#;

async fn a_signed_event_is_acknowledged_and_a_forged_or_replayed_one_refused(backend: Backend) {
    let app = TestApp::start(backend).await;
    let secret = SecretString::from(STRIPE_WEBHOOK_SECRET);
    let signature =
        platform::payments::webhook::sign(EVENT.as_bytes(), &secret, app.now().timestamp());
    let call = |body: &'static str, signature: Option<&str>| {
        let mut call = app
            .bare(Method::POST, PATH)
            .header("content-type", "application/json")
            .body(body);
        if let Some(signature) = signature {
            call = call.header("stripe-signature", signature);
        }
        call.send()
    };

    let signed = call(EVENT, Some(&signature)).await;
    let tampered = call(
        r#"{"id":"evt_1","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_2"}}}"#,
        Some(&signature),
    )
    .await;
    let unsigned = call(EVENT, None).await;
    app.advance(TimeDelta::minutes(6));
    let replayed = call(EVENT, Some(&signature)).await;

    signed.expect(200);
    for refused in [&tampered, &unsigned, &replayed] {
        refused.expect(400);
        assert_eq!(refused.code(), "webhook_signature_invalid");
    }
    assert_eq!(
        tampered.message(),
        "La signature de l’appel du prestataire de paiement n’est pas valide."
    );
}

/// Pays the booking's intent at the provider as the browser does, as if
/// the pay call that follows never came.
async fn charge_behind_our_back(app: &TestApp, booking_id: &str, total: i64) -> Charge {
    let sandbox = app
        .app
        .command_state
        .sandbox_payments
        .as_ref()
        .expect("the sandbox");
    let intent = sandbox
        .create_intent(IntentRequest {
            idempotency_key: format!("booking-{booking_id}-intent"),
            amount_minor: total,
            currency: "EUR".into(),
            description: "test".into(),
            reference: booking_id.to_owned(),
        })
        .await
        .expect("an intent");
    let card = Card {
        number: SecretString::from("4242 4242 4242 4242"),
        exp_month: 12,
        exp_year: 2040,
        cvc: SecretString::from("123"),
    };
    sandbox
        .confirm(&intent.id, intent.client_secret.expose_secret(), &card)
        .expect("the sandbox takes 4242");
    match sandbox.intent(&intent.id).await.expect("the intent").status {
        IntentStatus::Succeeded(charge) => charge,
        other => panic!("not paid: {other:?}"),
    }
}

/// Stripe's `payment_intent.succeeded` for `charge`, signed now.
async fn report(app: &TestApp, event_id: &str, charge: &Charge, booking_id: &str) -> Answer {
    let body = json!({"id": event_id, "object": "event", "type": "payment_intent.succeeded",
        "data": {"object": {"id": charge.provider_ref, "object": "payment_intent", "status": "succeeded",
            "metadata": {"reference": booking_id}}}})
    .to_string();
    let secret = SecretString::from(STRIPE_WEBHOOK_SECRET);
    let signature =
        platform::payments::webhook::sign(body.as_bytes(), &secret, app.now().timestamp());
    app.bare(Method::POST, PATH)
        .header("content-type", "application/json")
        .header("stripe-signature", &signature)
        .body(body)
        .send()
        .await
}

async fn held(app: &TestApp, client: &Party, expert: &Party, at: usize) -> (String, i64) {
    let start = slots(app, TimeDelta::days(3))[at];
    let answer = book(app, client, expert, start, json!({})).await;
    answer.expect(201);
    let total = answer.json()["total"]["amount_minor"]
        .as_i64()
        .expect("a total");
    (booking_id(&answer), total)
}

async fn a_charge_no_pay_call_recorded_confirms_the_hold_or_is_given_back_once(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app).await;
    let (first, second) = (client(&app, true).await, client(&app, true).await);
    let (kept, kept_total) = held(&app, &first, &expert, 0).await;
    let (lapsed, lapsed_total) = held(&app, &second, &expert, 2).await;

    let charge = charge_behind_our_back(&app, &kept, kept_total).await;
    report(&app, "evt_kept", &charge, &kept).await.expect(200);
    report(&app, "evt_kept_again", &charge, &kept)
        .await
        .expect(200);
    app.catch_up().await;
    let row = send(
        &app,
        &first,
        Method::GET,
        &format!("/api/client/bookings/{kept}"),
        &json!(null),
    )
    .await;

    app.drain_reactions().await;
    app.advance(TimeDelta::minutes(16));
    app.drain_reactions().await;
    let late = charge_behind_our_back(&app, &lapsed, lapsed_total).await;
    report(&app, "evt_late", &late, &lapsed).await.expect(200);
    report(&app, "evt_late_again", &late, &lapsed)
        .await
        .expect(200);

    row.expect(200);
    assert_eq!(row.json()["status"], "confirmed");
    assert_eq!(row.json()["card"]["last4"], "4242");
    assert_eq!(row.json()["card"]["brand"], "visa");
    assert_eq!(
        app.count_events("BookingConfirmed").await,
        1,
        "confirmed once"
    );
    assert_eq!(
        app.count_events("BookingExpired").await,
        1,
        "only the unpaid hold lapsed"
    );
    assert_eq!(
        app.count_events("LatePaymentRefunded").await,
        1,
        "the late charge is given back once"
    );
}
