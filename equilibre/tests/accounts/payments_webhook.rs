//! Stripe's webhook endpoint: signed calls (no session, no browser headers)
//! are acknowledged; tampered, stale or unsigned ones are refused.

use chrono::TimeDelta;
use reqwest::Method;
use secrecy::SecretString;

use crate::support::{Backend, STRIPE_WEBHOOK_SECRET, TestApp};

on_both_backends!(a_signed_event_is_acknowledged_and_a_forged_or_replayed_one_refused,);

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
