//! Forgotten and changed passwords: the reset link comes by SMTP, works once
//! within the hour; unknown addresses learn nothing.

use chrono::TimeDelta;
use domain::account::Role;
use serde_json::json;

use crate::support::{Backend, TestApp, registration_form, unique_email};

on_both_backends!(
    a_reset_link_arrives_by_smtp_and_works_once,
    a_reset_link_older_than_an_hour_is_refused,
    forgot_password_answers_alike_for_unknown_emails_and_mails_known_ones_in_their_language,
    a_wrong_current_password_is_a_field_error_and_changes_nothing,
);

const NEW_PASSWORD: &str = "a brand new sentence to remember";
const RESET_SUBJECT_FR: &str = "Réinitialisation de votre mot de passe Equilibre";
const RESET_SUBJECT_EN: &str = "Reset your Equilibre password";

/// The token of the reset link mailed to `email`, read from maildev.
async fn reset_token(app: &TestApp, email: &str) -> String {
    reset_token_in(app, email, RESET_SUBJECT_FR).await
}

async fn reset_token_in(app: &TestApp, email: &str, subject: &str) -> String {
    let prefix = format!("{}/public/client/verify/", app.address);
    let mail = app
        .maildev()
        .wait_for(|m| {
            m["subject"] == subject
                && m["to"][0]["address"]
                    .as_str()
                    .is_some_and(|a| a.eq_ignore_ascii_case(email))
        })
        .await;
    let text = mail["text"].as_str().expect("a text part");
    let link = text
        .split_whitespace()
        .find(|w| w.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no link in {text}"));
    let (token, escaped_email) = link[prefix.len()..].split_once('/').expect("token/email");
    assert_eq!(escaped_email, email.replace('@', "%40"));
    token.to_owned()
}

async fn reset(app: &TestApp, token: &str, email: &str, password: &str) -> crate::support::Answer {
    app.post("/api/client/reset-password")
        .json(&json!({"token": token, "email": email, "password": password}))
        .send()
        .await
}

async fn a_reset_link_arrives_by_smtp_and_works_once(backend: Backend) {
    let app = TestApp::with(backend).smtp().start().await;
    let member = app.register(Role::Client, &unique_email("forgetful")).await;
    let open_session = app.sign_in_as(&member).await.token("eq_client");

    app.post("/api/client/forgot-password")
        .json(&json!({"email": member.email}))
        .send()
        .await
        .expect(202);
    let token = reset_token(&app, &member.email).await;
    let first = reset(&app, &token, &member.email, NEW_PASSWORD).await;
    let second = reset(&app, &token, &member.email, "yet another long passphrase").await;

    first.expect(204);
    second.expect(400);
    assert_eq!(second.code(), "reset_token_invalid");
    app.sign_in(Role::Client, &member.email, &member.password)
        .await
        .expect(401);
    app.sign_in(Role::Client, &member.email, NEW_PASSWORD)
        .await
        .expect(200);
    let old_session = app
        .bare(reqwest::Method::GET, "/api/client/session")
        .bearer(&open_session)
        .send()
        .await;
    old_session.expect(401);
}

async fn a_reset_link_older_than_an_hour_is_refused(backend: Backend) {
    let app = TestApp::with(backend).smtp().start().await;
    let member = app.register(Role::Client, &unique_email("slow")).await;

    app.post("/api/client/forgot-password")
        .json(&json!({"email": member.email}))
        .send()
        .await
        .expect(202);
    let token = reset_token(&app, &member.email).await;
    app.advance(TimeDelta::minutes(61));
    let late = reset(&app, &token, &member.email, NEW_PASSWORD).await;

    late.expect(400);
    assert_eq!(late.code(), "reset_token_invalid");
    assert_eq!(
        late.message(),
        "Ce lien de réinitialisation est invalide ou a expiré."
    );
    app.sign_in(Role::Client, &member.email, &member.password)
        .await
        .expect(200);
    let forged = reset(&app, "not-a-token", &member.email, NEW_PASSWORD).await;
    forged.expect(400);
    assert_eq!(forged.code(), "reset_token_invalid");
}

async fn forgot_password_answers_alike_for_unknown_emails_and_mails_known_ones_in_their_language(
    backend: Backend,
) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let email = unique_email("known");
    let mut form = registration_form(
        Role::Client,
        &email,
        &app.email_proof(&email, Role::Client).await,
    );
    form["correspondence_language"] = json!("en");
    app.sign_up(Role::Client, &form).await.expect(201);
    let stranger = unique_email("stranger");
    let before = app.store_head().await;

    let known = app
        .post("/api/client/forgot-password")
        .json(&json!({"email": email}))
        .send()
        .await;
    let unknown = app
        .post("/api/client/forgot-password")
        .json(&json!({"email": stranger}))
        .send()
        .await;
    app.drain_reactions().await;

    for answer in [&known, &unknown] {
        answer.expect(202);
        assert_eq!(answer.text, "");
        assert_eq!(answer.header("x-event-position"), None);
    }
    assert!(
        app.store_head().await > before,
        "the known account's request was recorded"
    );
    reset_token_in(&app, &email, RESET_SUBJECT_EN).await;
    assert!(app.mails_to(&stranger).await.is_empty());
}

async fn a_wrong_current_password_is_a_field_error_and_changes_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app.register(Role::Client, &unique_email("typo")).await;
    app.sign_in_as(&member).await;

    let french = app
        .change_password(Role::Client, "not my password at all", NEW_PASSWORD)
        .await;
    let english = app
        .post("/api/client/change-password")
        .lang("en")
        .json(&json!({"current_password": "not my password at all", "new_password": NEW_PASSWORD}))
        .send()
        .await;
    let too_short = app
        .change_password(Role::Client, &member.password, "short")
        .await;

    french.expect(400);
    assert_eq!(
        french.field("current_password").as_deref(),
        Some("Le mot de passe actuel est incorrect.")
    );
    english.expect(400);
    assert_eq!(
        english.field("current_password").as_deref(),
        Some("The current password is incorrect.")
    );
    too_short.expect(400);
    assert_eq!(
        too_short.field("new_password").as_deref(),
        Some("Le mot de passe doit contenir au moins 12 caractères.")
    );
    assert_eq!(app.count_events("PasswordChanged").await, 0);
    app.session(Role::Client).await.expect(200);
    app.sign_in(Role::Client, &member.email, &member.password)
        .await
        .expect(200);
}
