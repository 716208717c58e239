//! Registration: the whole journey over real SMTP, mails in the recipient's
//! language, and one account per e-mail and role under concurrency.

use domain::account::Role;
use serde_json::json;

use crate::support::{Backend, TestApp, code_in, registration_form, unique_email};

on_both_backends!(
    a_client_signs_up_end_to_end_with_the_code_mailed_over_smtp,
    otp_mails_speak_french_unless_the_request_asks_for_english,
    ten_concurrent_sign_ups_with_one_email_create_exactly_one_account,
);

async fn a_client_signs_up_end_to_end_with_the_code_mailed_over_smtp(backend: Backend) {
    let app = TestApp::with(backend).smtp().start().await;
    let email = unique_email("camille");

    app.post("/api/public/email-otp")
        .lang("en")
        .json(&json!({"email": email, "role": "client"}))
        .send()
        .await
        .expect(202);
    let mail = app.maildev().wait_for_recipient(&email).await;
    let verified = app.verify_otp(&email, Role::Client, &code_in(&mail)).await;
    verified.expect(200);
    let form = registration_form(
        Role::Client,
        &email,
        verified.json()["proof"].as_str().unwrap(),
    );
    let signed_up = app.sign_up(Role::Client, &form).await;
    signed_up.expect(201);
    let signed_in = app
        .sign_in(Role::Client, &email, form["password"].as_str().unwrap())
        .await;
    signed_in.expect(200);
    let session = app
        .get("/api/client/session")
        .min_position(signed_in.position().expect("a position"))
        .send()
        .await;

    assert_eq!(mail["subject"], "Your Equilibre verification code");
    let account_id = signed_up.json()["account_id"].clone();
    assert_eq!(signed_in.json()["account_id"], account_id);
    session.expect(200);
    let body = session.json();
    assert_eq!(
        (
            &body["role"],
            &body["account_id"],
            &body["given_name"],
            &body["family_name"],
            &body["email"]
        ),
        (
            &json!("client"),
            &account_id,
            &json!("Camille"),
            &json!("Martin"),
            &json!(email)
        )
    );
    assert_eq!(session.header("cache-control"), Some("no-store"));
    let profile = app.get("/api/client/my-profile").send().await;
    profile.expect(200);
    assert_eq!(profile.json()["phone"], "+33612345678");
    assert_eq!(profile.json()["whatsapp"], "+33611223344");

    app.sign_out(Role::Client).await.expect(204);
    let after = app.session(Role::Client).await;
    after.expect(401);
    assert_eq!(after.code(), "not_signed_in");
}

async fn otp_mails_speak_french_unless_the_request_asks_for_english(backend: Backend) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let (french, english) = (unique_email("fr"), unique_email("en"));

    app.request_otp(&french, Role::Client).await.expect(202);
    app.post("/api/public/email-otp")
        .lang("en-GB,en;q=0.9")
        .json(&json!({"email": english, "role": "consultant"}))
        .send()
        .await
        .expect(202);
    app.drain_reactions().await;

    let mail = app.maildev().wait_for_recipient(&french).await;
    assert_eq!(mail["subject"], "Votre code de vérification Equilibre");
    assert!(
        mail["text"]
            .as_str()
            .unwrap()
            .contains("valable 10 minutes")
    );
    assert_eq!(code_in(&mail), app.otp_code(&french, Role::Client).await);
    let mail = app.maildev().wait_for_recipient(&english).await;
    assert_eq!(mail["subject"], "Your Equilibre verification code");
    assert!(
        mail["text"]
            .as_str()
            .unwrap()
            .contains("valid for 10 minutes")
    );
}

async fn ten_concurrent_sign_ups_with_one_email_create_exactly_one_account(backend: Backend) {
    let app = TestApp::start(backend).await;
    let email = unique_email("race");
    let form = registration_form(
        Role::Client,
        &email,
        &app.email_proof(&email, Role::Client).await,
    );

    let answers =
        futures::future::join_all((0..10).map(|_| app.sign_up(Role::Client, &form))).await;

    let created = answers.iter().filter(|a| a.status == 201).count();
    assert_eq!(created, 1, "{answers:#?}");
    for refused in answers.iter().filter(|a| a.status != 201) {
        let taken_field = refused.status == 400
            && refused.field("email").as_deref()
                == Some("Un compte existe déjà avec cette adresse e-mail.");
        let taken_code = refused.status == 409 && refused.code() == "email_taken";
        assert!(taken_field || taken_code, "{refused:?}");
    }
    assert_eq!(app.count_events("AccountRegistered").await, 1);
    assert_eq!(app.count_events("EmailReserved").await, 1);
    app.advance(chrono::TimeDelta::seconds(60));
    let another_code = app.request_otp(&email, Role::Client).await;
    another_code.expect(400);
    assert_eq!(
        another_code.field("email").as_deref(),
        Some("Un compte existe déjà avec cette adresse e-mail.")
    );

    let consultant = app.register(Role::Consultant, &email).await;
    app.sign_in_as(&consultant).await;
    assert_eq!(app.count_events("AccountRegistered").await, 2);
}
