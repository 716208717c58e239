//! Mobile OTP: the e-mail OTP's rules for a code texted through the SMS
//! port (the outbox file by default), and the sign-up's mobile proof when
//! texts or WhatsApp are the preferred contact.

use chrono::TimeDelta;
use domain::account::Role;
use serde_json::json;

use crate::support::{Backend, TestApp, code_in_text, registration_form, unique_email};

on_both_backends!(
    a_code_is_texted_to_the_number_in_the_requesters_language,
    wrong_codes_expiry_and_resend_limits_follow_the_email_rules,
    a_client_preferring_texts_signs_up_only_with_a_proof_of_that_number,
    whatsapp_needs_a_proof_of_the_whatsapp_number,
);

fn wrong(code: &str) -> String {
    format!(
        "{:06}",
        (code.parse::<u32>().expect("six digits") + 1) % 1_000_000
    )
}

async fn a_code_is_texted_to_the_number_in_the_requesters_language(backend: Backend) {
    let app = TestApp::start(backend).await;

    let french = app
        .request_mobile_otp(Role::Client, "+33", "06 12 34 56 78")
        .await;
    let english = app
        .post("/api/public/mobile-otp")
        .lang("en")
        .json(&json!({"role": "consultant", "isd_code": "+44", "contact_number": "7911 123456"}))
        .send()
        .await;
    let invalid = app.request_mobile_otp(Role::Client, "+33", "12").await;

    french.expect(202);
    assert_eq!(
        french.json(),
        json!({"resend_after_seconds": 60, "expires_in_seconds": 600})
    );
    english.expect(202);
    let fr = app.wait_for_text("+33612345678", 1).await;
    let en = app.wait_for_text("+447911123456", 1).await;
    assert!(fr["text"].as_str().unwrap().contains("votre code"), "{fr}");
    assert!(
        en["text"]
            .as_str()
            .unwrap()
            .contains("your verification code"),
        "{en}"
    );
    assert_eq!(code_in_text(&fr).len(), 6);
    invalid.expect(400);
    assert!(
        invalid.field("contact_number").is_some(),
        "{}",
        invalid.text
    );
    // The number never appears in a stream id.
    assert!(
        app.all_events()
            .await
            .iter()
            .all(|e| !e.stream.as_str().contains("612345678"))
    );
}

async fn wrong_codes_expiry_and_resend_limits_follow_the_email_rules(backend: Backend) {
    let app = TestApp::start(backend).await;
    app.request_mobile_otp(Role::Client, "+33", "611111111")
        .await
        .expect(202);
    let code = code_in_text(&app.wait_for_text("+33611111111", 1).await);

    let too_soon = app
        .request_mobile_otp(Role::Client, "+33", "611111111")
        .await;
    for _ in 0..5 {
        app.verify_mobile_otp(Role::Client, "+33", "611111111", &wrong(&code))
            .await
            .expect(400);
    }
    let exhausted = app
        .verify_mobile_otp(Role::Client, "+33", "611111111", &code)
        .await;
    app.advance(TimeDelta::seconds(60));
    app.request_mobile_otp(Role::Client, "+33", "611111111")
        .await
        .expect(202);
    let fresh = code_in_text(&app.wait_for_text("+33611111111", 2).await);
    app.advance(TimeDelta::seconds(600));
    let expired = app
        .verify_mobile_otp(Role::Client, "+33", "611111111", &fresh)
        .await;
    for _ in 0..3 {
        app.request_mobile_otp(Role::Client, "+33", "611111111")
            .await
            .expect(202);
        app.advance(TimeDelta::seconds(60));
    }
    let sixth = app
        .request_mobile_otp(Role::Client, "+33", "611111111")
        .await;
    let other_role = app
        .request_mobile_otp(Role::Consultant, "+33", "611111111")
        .await;

    too_soon.expect(429);
    assert_eq!(too_soon.code(), "otp_resend_too_soon");
    assert_eq!(exhausted.code(), "otp_attempts_exhausted");
    expired.expect(400);
    assert_eq!(expired.code(), "otp_expired");
    sixth.expect(429);
    assert_eq!(sixth.code(), "otp_send_limit");
    other_role.expect(202);
}

async fn a_client_preferring_texts_signs_up_only_with_a_proof_of_that_number(backend: Backend) {
    let app = TestApp::start(backend).await;
    let email = unique_email("texts");
    let email_proof = app.email_proof(&email, Role::Client).await;
    let mut form = registration_form(Role::Client, &email, &email_proof);
    form["preferred_contact"] = json!("sms");

    let without = app.sign_up(Role::Client, &form).await;
    form["mobile_proof"] = json!(app.mobile_proof(Role::Client, "699999999").await);
    let other_number = app.sign_up(Role::Client, &form).await;
    form["mobile_proof"] = json!(app.mobile_proof(Role::Consultant, "612345678").await);
    let other_role = app.sign_up(Role::Client, &form).await;
    form["mobile_proof"] = json!(app.mobile_proof(Role::Client, "612345678").await);
    let with = app.sign_up(Role::Client, &form).await;

    without.expect(400);
    assert_eq!(
        without.field("contact_number").as_deref(),
        Some(
            "Veuillez vérifier votre numéro de mobile avec le code reçu par SMS avant de continuer"
        )
    );
    other_number.expect(400);
    other_role.expect(400);
    assert!(other_role.field("contact_number").is_some());
    with.expect(201);
}

async fn whatsapp_needs_a_proof_of_the_whatsapp_number(backend: Backend) {
    let app = TestApp::start(backend).await;
    let email = unique_email("whatsapp");
    let email_proof = app.email_proof(&email, Role::Client).await;
    let mut form = registration_form(Role::Client, &email, &email_proof);
    form["preferred_contact"] = json!("whatsapp");

    form["mobile_proof"] = json!(app.mobile_proof(Role::Client, "612345678").await);
    let contact_number_proof = app
        .post("/api/client/sign-up")
        .lang("en")
        .json(&form)
        .send()
        .await;
    form["mobile_proof"] = json!(app.mobile_proof(Role::Client, "611223344").await);
    let whatsapp_proof = app.sign_up(Role::Client, &form).await;

    contact_number_proof.expect(400);
    assert_eq!(
        contact_number_proof.field("whatsapp_number").as_deref(),
        Some(
            "Please verify your mobile number with the code sent by text message before proceeding"
        )
    );
    whatsapp_proof.expect(201);
}
