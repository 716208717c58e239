//! `Idempotency-Key` (DESIGN §1 guarantee 2): a retried command acts once
//! and answers like the first attempt.

use domain::account::Role;
use serde_json::json;

use crate::support::{Answer, Backend, TestApp, registration_form, unique_email};

on_both_backends!(
    every_public_command_retried_with_its_key_acts_once_and_answers_alike,
    the_same_sign_up_sent_twice_with_one_key_creates_one_account,
    the_same_sign_up_sent_at_once_with_one_key_creates_one_account,
);

fn account_id(answer: &Answer) -> String {
    answer.expect(201);
    answer.json()["account_id"]
        .as_str()
        .expect("an account id")
        .to_owned()
}

async fn the_same_sign_up_sent_twice_with_one_key_creates_one_account(backend: Backend) {
    let app = TestApp::start(backend).await;
    let email = unique_email("retry");
    let form = registration_form(
        Role::Client,
        &email,
        &app.email_proof(&email, Role::Client).await,
    );
    let send = |key: &'static str| {
        app.post("/api/client/sign-up")
            .idempotency_key(key)
            .json(&form)
            .send()
    };

    let first = send("sign-up-7f3a").await;
    let retried = send("sign-up-7f3a").await;
    let another_key = send("sign-up-other").await;

    assert_eq!(account_id(&first), account_id(&retried));
    assert_eq!(first.position(), retried.position());
    another_key.expect(400);
    assert_eq!(
        another_key.field("email").as_deref(),
        Some("Un compte existe déjà avec cette adresse e-mail.")
    );
    assert_eq!(app.count_events("AccountRegistered").await, 1);
}

async fn the_same_sign_up_sent_at_once_with_one_key_creates_one_account(backend: Backend) {
    let app = TestApp::start(backend).await;
    let email = unique_email("double-click");
    let form = registration_form(
        Role::Client,
        &email,
        &app.email_proof(&email, Role::Client).await,
    );

    let answers = futures::future::join_all((0..4).map(|_| {
        app.post("/api/client/sign-up")
            .idempotency_key("double-click")
            .json(&form)
            .send()
    }))
    .await;

    let ids: Vec<String> = answers.iter().map(account_id).collect();
    assert!(ids.iter().all(|id| *id == ids[0]), "{ids:?}");
    assert_eq!(app.count_events("AccountRegistered").await, 1);
}

async fn every_public_command_retried_with_its_key_acts_once_and_answers_alike(backend: Backend) {
    let app = TestApp::start(backend).await;
    let email = unique_email("retrying");
    let twice = |path: &'static str, body: serde_json::Value| {
        let app = &app;
        async move {
            let first = app
                .post(path)
                .idempotency_key("k-1")
                .json(&body)
                .send()
                .await;
            let second = app
                .post(path)
                .idempotency_key("k-1")
                .json(&body)
                .send()
                .await;
            assert_eq!(
                (first.status, &first.text),
                (second.status, &second.text),
                "{path}"
            );
            assert_eq!(first.position(), second.position(), "{path}");
            first
        }
    };

    twice(
        "/api/public/email-otp",
        json!({"email": email, "role": "client"}),
    )
    .await
    .expect(202);
    let code = app.otp_code(&email, Role::Client).await;
    let verified = twice(
        "/api/public/email-otp/verify",
        json!({"email": email, "role": "client", "code": code}),
    )
    .await;
    verified.expect(200);
    let form = registration_form(
        Role::Client,
        &email,
        verified.json()["proof"].as_str().unwrap(),
    );
    app.sign_up(Role::Client, &form).await.expect(201);
    let credentials = json!({"email": email, "password": form["password"]});
    twice("/api/client/sign-in", credentials).await.expect(200);
    twice("/api/client/forgot-password", json!({"email": email}))
        .await
        .expect(202);

    assert_eq!(app.count_events("OtpIssued").await, 1);
    assert_eq!(app.count_events("OtpVerified").await, 1);
    assert_eq!(app.count_events("SessionStarted").await, 1);
    assert_eq!(app.count_events("PasswordResetRequested").await, 1);
}
