//! Sign-up refusals: every invalid field named, in French by default and in
//! English on request, and nothing written.

use chrono::Months;
use domain::account::Role;
use serde_json::json;

use crate::support::{Backend, TestApp, registration_form, unique_email};

on_both_backends!(
    an_empty_form_is_refused_field_by_field_in_french_and_in_english,
    an_underage_common_password_garbled_name_and_outdated_terms_are_refused_without_writing,
    an_unverified_email_is_refused_with_the_exact_message,
    a_consultant_must_give_a_profession_and_years_of_experience,
    a_body_that_is_not_json_is_refused_with_a_translated_message,
);

/// No reactions worker or scheduler runs beside these tests: an OTP's
/// reactions (scheduling the erasure of its mail, firing it once the clock
/// is advanced) would otherwise move the store's head while a test checks
/// that a refusal wrote nothing.
async fn quiet_app(backend: Backend) -> TestApp {
    TestApp::with(backend).without_workers().start().await
}

async fn an_empty_form_is_refused_field_by_field_in_french_and_in_english(backend: Backend) {
    let app = quiet_app(backend).await;
    let head = app.store_head().await;

    let french = app.sign_up(Role::Client, &json!({})).await;
    let english = app
        .post("/api/client/sign-up")
        .lang("en")
        .json(&json!({}))
        .send()
        .await;

    french.expect(400);
    assert_eq!(french.code(), "validation_failed");
    assert_eq!(french.message(), "Le formulaire contient des erreurs.");
    for field in [
        "title",
        "gender",
        "family_name",
        "given_name",
        "date_of_birth",
        "contact_number",
        "timezone",
        "email",
        "password",
    ] {
        assert!(
            french.field(field).is_some(),
            "{field} missing: {}",
            french.text
        );
    }
    assert_eq!(
        french.field("given_name").as_deref(),
        Some("Ce champ est obligatoire.")
    );
    assert_eq!(
        french.field("accept_terms").as_deref(),
        Some("Vous devez accepter les conditions générales d’utilisation.")
    );
    assert_eq!(
        english.field("given_name").as_deref(),
        Some("This field is required.")
    );
    assert_eq!(
        english.field("accept_privacy").as_deref(),
        Some("You must accept the privacy policy.")
    );
    assert_eq!(app.store_head().await, head);
}

async fn an_underage_common_password_garbled_name_and_outdated_terms_are_refused_without_writing(
    backend: Backend,
) {
    let app = quiet_app(backend).await;
    let email = unique_email("refused");
    let proof = app.email_proof(&email, Role::Client).await;
    let head = app.store_head().await;
    let seventeen = app
        .today()
        .checked_sub_months(Months::new(17 * 12))
        .unwrap();
    let mut form = registration_form(Role::Client, &email, &proof);
    form["date_of_birth"] = json!(seventeen.format("%Y-%m-%d").to_string());
    form["password"] = json!("q1w2e3r4t5y6");
    form["terms_version"] = json!("2025-01");
    form["family_name"] = json!("Mar\u{7}tin");

    let french = app.sign_up(Role::Client, &form).await;
    let english = app
        .post("/api/client/sign-up")
        .lang("en")
        .json(&form)
        .send()
        .await;

    french.expect(400);
    assert_eq!(
        french.field("date_of_birth").as_deref(),
        Some("Vous devez avoir au moins 18 ans.")
    );
    assert_eq!(
        french.field("password").as_deref(),
        Some("Ce mot de passe est trop courant. Choisissez-en un autre.")
    );
    assert_eq!(
        french.field("accept_terms").as_deref(),
        Some("Les conditions ont changé : veuillez accepter la version en vigueur.")
    );
    assert_eq!(
        french.field("family_name").as_deref(),
        Some("Cette valeur n’est pas valide.")
    );
    english.expect(400);
    assert_eq!(
        english.field("family_name").as_deref(),
        Some("This value is not valid.")
    );
    assert_eq!(
        english.field("date_of_birth").as_deref(),
        Some("You must be at least 18 years old.")
    );
    assert_eq!(
        english.field("password").as_deref(),
        Some("This password is too common. Please choose another one.")
    );
    assert_eq!(
        english.field("accept_terms").as_deref(),
        Some("The terms have changed: please accept the current version.")
    );
    assert_eq!(app.store_head().await, head);
}

async fn an_unverified_email_is_refused_with_the_exact_message(backend: Backend) {
    let app = quiet_app(backend).await;
    let email = unique_email("unverified");
    let other = unique_email("other");
    let proof_of_other = app.email_proof(&other, Role::Client).await;
    let proof_as_client = app.email_proof(&email, Role::Client).await;
    let head = app.store_head().await;

    let no_proof = app
        .post("/api/client/sign-up")
        .lang("en")
        .json(&registration_form(Role::Client, &email, ""))
        .send()
        .await;
    let forged = app
        .sign_up(
            Role::Client,
            &registration_form(Role::Client, &email, "not.a.proof"),
        )
        .await;
    let someone_else = app
        .sign_up(
            Role::Client,
            &registration_form(Role::Client, &email, &proof_of_other),
        )
        .await;
    let wrong_role = app
        .sign_up(
            Role::Consultant,
            &registration_form(Role::Consultant, &email, &proof_as_client),
        )
        .await;
    app.advance(chrono::TimeDelta::minutes(30));
    let expired = app
        .sign_up(
            Role::Client,
            &registration_form(Role::Client, &email, &proof_as_client),
        )
        .await;

    no_proof.expect(400);
    assert_eq!(
        no_proof.field("email").as_deref(),
        Some("Please verify your email OTP before proceeding")
    );
    for answer in [&forged, &someone_else, &wrong_role, &expired] {
        answer.expect(400);
        assert_eq!(
            answer.field("email").as_deref(),
            Some("Veuillez vérifier le code OTP de votre e-mail avant de continuer")
        );
    }
    assert_eq!(app.store_head().await, head);
}

async fn a_consultant_must_give_a_profession_and_years_of_experience(backend: Backend) {
    let app = quiet_app(backend).await;
    let email = unique_email("consultant");
    let proof = app.email_proof(&email, Role::Consultant).await;
    let head = app.store_head().await;
    let mut form = registration_form(Role::Consultant, &email, &proof);
    form["profession"] = json!("");
    form["years_of_experience"] = json!(null);

    let refused = app.sign_up(Role::Consultant, &form).await;

    refused.expect(400);
    let fields = refused.json()["error"]["fields"]
        .as_object()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        fields.keys().collect::<Vec<_>>(),
        ["profession", "years_of_experience"]
    );
    assert_eq!(
        refused.field("profession").as_deref(),
        Some("Ce champ est obligatoire.")
    );
    assert_eq!(app.store_head().await, head);

    let accepted = app
        .sign_up(
            Role::Consultant,
            &registration_form(Role::Consultant, &email, &proof),
        )
        .await;
    accepted.expect(201);
}

async fn a_body_that_is_not_json_is_refused_with_a_translated_message(backend: Backend) {
    let app = TestApp::start(backend).await;

    let french = app
        .post("/api/client/sign-up")
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await;
    let english = app
        .post("/api/client/sign-in")
        .lang("en")
        .body("email=a@b.c")
        .send()
        .await;

    french.expect(400);
    assert_eq!(french.code(), "malformed_body");
    assert_eq!(french.message(), "La requête est illisible.");
    english.expect(400);
    assert_eq!(english.message(), "The request could not be read.");
}
