//! Paying around the browser (docs/booking.md "Paying"): the booking API
//! takes no card, only the provider's intent; the sandbox provider's own
//! routes take the card and run the 3-D Secure challenge; refusals keep the
//! hold for another try; an intent pays only its own booking.

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::json;

use crate::booking_support::{
    Intent, Party, book, booking_id, client, expert, send, slots, start_payment,
};
use crate::support::{Backend, TestApp};

on_both_backends!(
    the_booking_api_takes_no_card_and_hands_the_same_intent_each_time,
    a_three_d_secure_challenge_decides_and_a_failed_one_keeps_the_hold,
    an_intent_pays_only_its_own_booking_and_only_its_client_reads_it,
    a_payment_completed_after_the_hold_lapsed_is_given_back,
);

async fn held(app: &TestApp, client: &Party, expert: &Party, at: usize) -> String {
    let start = slots(app, TimeDelta::days(3))[at];
    let answer = book(app, client, expert, start, json!({})).await;
    answer.expect(201);
    booking_id(&answer)
}

async fn the_booking_api_takes_no_card_and_hands_the_same_intent_each_time(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let id = held(&app, &client, &expert, 0).await;

    let first = start_payment(&app, &client, &id).await;
    let again = start_payment(&app, &client, &id).await;
    let card_to_api = send(
        &app,
        &client,
        Method::POST,
        &format!("/api/client/bookings/{id}/pay"),
        &json!({"card_number": "4242424242424242", "exp_month": 12, "exp_year": 2040, "cvc": "123"}),
    )
    .await;

    first.expect(200);
    let body = first.json();
    assert_eq!(body["provider"], "sandbox");
    assert_eq!(body["publishable_key"], json!(null));
    assert_eq!(
        body["amount"],
        json!({"amount_minor": 6000, "currency": "EUR"})
    );
    assert!(
        body["intent_id"]
            .as_str()
            .is_some_and(|i| i.starts_with("pi_sandbox_"))
    );
    assert_eq!(again.json()["intent_id"], body["intent_id"]);
    assert_eq!(again.json()["client_secret"], body["client_secret"]);
    card_to_api.expect(400);
    let intent = Intent::of(&first);
    let not_paid_yet = intent.pay(&app, &client, &id).await;
    not_paid_yet.expect(409);
    assert_eq!(not_paid_yet.code(), "payment_pending");
    assert_eq!(app.count_events("BookingConfirmed").await, 0);
}

async fn a_three_d_secure_challenge_decides_and_a_failed_one_keeps_the_hold(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let id = held(&app, &client, &expert, 0).await;
    let started = start_payment(&app, &client, &id).await;
    started.expect(200);
    let intent = Intent::of(&started);

    // The card that always fails its challenge, even when "completed"
    let asked = intent.confirm(&app, "4000 0084 0000 1629").await;
    asked.expect(200);
    assert_eq!(asked.json()["status"], "requires_action");
    let open = intent.pay(&app, &client, &id).await;
    let failed = intent.challenge(&app, "complete").await;
    let refused = intent.pay(&app, &client, &id).await;
    // The challenge card, failed by the payer, then completed
    intent.confirm(&app, "4000002500003155").await.expect(200);
    let abandoned = intent.challenge(&app, "fail").await;
    intent.confirm(&app, "4000002500003155").await.expect(200);
    let completed = intent.challenge(&app, "complete").await;
    let paid = intent.pay(&app, &client, &id).await;

    open.expect(409);
    assert_eq!(open.code(), "payment_pending");
    assert_eq!(failed.json()["status"], "requires_payment_method");
    assert_eq!(failed.json()["error_code"], "authentication_failed");
    assert!(
        failed.json()["message"]
            .as_str()
            .is_some_and(|m| m.contains("3-D Secure")),
        "{}",
        failed.text
    );
    refused.expect(402);
    assert_eq!(refused.code(), "authentication_failed");
    assert_eq!(abandoned.json()["error_code"], "authentication_failed");
    assert_eq!(
        completed.json(),
        json!({"status": "succeeded", "error_code": null, "message": null})
    );
    paid.expect(200);
    assert_eq!(paid.json()["status"], "confirmed");
    assert_eq!(
        paid.json()["card"],
        json!({"brand": "visa", "last4": "3155"})
    );
    // Asked again (a lost answer): the same booking, recorded once
    intent.pay(&app, &client, &id).await.expect(200);
    assert_eq!(app.count_events("BookingConfirmed").await, 1);
    let events = app.all_events().await;
    assert!(
        events.iter().all(|e| !e.payload.contains("0025 0000")
            && !e.payload.contains("4000002500003155")
            && !e.payload.contains("_secret_")),
        "no card number or client secret in any event"
    );
}

async fn an_intent_pays_only_its_own_booking_and_only_its_client_reads_it(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let (client, stranger) = (client(&app, true).await, client(&app, true).await);
    let mine = held(&app, &client, &expert, 0).await;
    let other = held(&app, &client, &expert, 2).await;
    let started = start_payment(&app, &client, &other).await;
    let intent = Intent::of(&started);
    intent.confirm(&app, "4242424242424242").await.expect(200);

    let wrong_booking = intent.pay(&app, &client, &mine).await;
    let not_an_intent = Intent {
        id: "pi_sandbox_nope".into(),
        client_secret: intent.client_secret.clone(),
    }
    .pay(&app, &client, &mine)
    .await;
    let strangers_start = start_payment(&app, &stranger, &mine).await;
    let strangers_pay = intent.pay(&app, &stranger, &other).await;
    let wrong_secret = Intent {
        id: intent.id.clone(),
        client_secret: "pi_x_secret_guess".into(),
    }
    .confirm(&app, "4242424242424242")
    .await;

    for refused in [&wrong_booking, &not_an_intent] {
        refused.expect(400);
        assert_eq!(
            refused.field("payment_intent").as_deref(),
            Some("Cette valeur n’est pas valide.")
        );
    }
    strangers_start.expect(404);
    strangers_pay.expect(404);
    wrong_secret.expect(404);
    assert_eq!(app.count_events("BookingConfirmed").await, 0);
    intent.pay(&app, &client, &other).await.expect(200);
}

async fn a_payment_completed_after_the_hold_lapsed_is_given_back(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let id = held(&app, &client, &expert, 0).await;
    let started = start_payment(&app, &client, &id).await;
    let intent = Intent::of(&started);
    intent.confirm(&app, "4000002500003155").await.expect(200);

    // The payer lingers on the bank's page past the hold
    app.drain_reactions().await;
    app.advance(TimeDelta::minutes(16));
    app.drain_reactions().await;
    intent.challenge(&app, "complete").await.expect(200);
    let late = intent.pay(&app, &client, &id).await;
    let again = intent.pay(&app, &client, &id).await;

    late.expect(409);
    assert_eq!(late.code(), "hold_expired");
    again.expect(409);
    assert_eq!(app.count_events("BookingExpired").await, 1);
    assert_eq!(
        app.count_events("LatePaymentRefunded").await,
        1,
        "given back once"
    );
    assert_eq!(app.count_events("BookingConfirmed").await, 0);
}
