//! The client's file (docs/api.md "Client file"): the consent form (a PDF
//! the client itself uploaded), the health assessment and the general
//! information, their readers (the client, administrators, a consultant who
//! booked the client) and their erasure when the client is forgotten.

use domain::account::Role;
use query_api::routes::client_file::{CONSENT_FORM_EN, CONSENT_FORM_FR};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::support::{Answer, Backend, Member, PNG, TestApp, unique_email};

on_both_backends!(
    the_consent_form_template_is_a_pdf_in_french_and_english,
    a_client_uploads_its_filled_consent_form_and_sees_it_recorded,
    a_png_named_pdf_is_refused_as_a_consent_form,
    another_clients_upload_is_refused_as_a_consent_form,
    the_health_assessment_is_checked_saved_and_read_back_by_its_client,
    health_answers_are_hidden_from_consultants_who_did_not_book_the_client,
    a_consultant_who_booked_the_client_reads_the_answers_it_shares,
    general_information_is_checked_and_saved,
    forgetting_a_client_erases_its_answers_live_and_after_a_rebuild,
);

/// A signed-in account's Bearer token.
async fn token(app: &TestApp, member: &Member) -> String {
    app.sign_in_as(member)
        .await
        .token(platform::auth::cookie_name(member.role))
}

/// `method path` with `token`, reading at least what was written so far.
async fn call(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> Answer {
    let mut call = app.bare(method.clone(), path).bearer(token).lang("fr");
    if let Some(position) = app.seen_position() {
        if method == Method::GET {
            // A loaded machine may take longer than the query side waits.
            app.wait_for_projection(position).await;
        }
        call = call.min_position(position);
    }
    if let Some(body) = body {
        call = call.json(&body);
    }
    call.send().await
}

async fn get(app: &TestApp, path: &str, token: &str) -> Answer {
    call(app, Method::GET, path, token, None).await
}

async fn put(app: &TestApp, path: &str, token: &str, body: Value) -> Answer {
    call(app, Method::PUT, path, token, Some(body)).await
}

/// Uploads `bytes` as `kind` for the token's client; returns the answer.
async fn upload(app: &TestApp, token: &str, kind: &str, bytes: &[u8], name: &str) -> Answer {
    let part = Part::bytes(bytes.to_vec())
        .file_name(name.to_owned())
        .mime_str("application/pdf")
        .expect("a MIME type");
    app.bare(Method::POST, &format!("/api/client/files?kind={kind}"))
        .bearer(token)
        .lang("fr")
        .multipart(Form::new().part("file", part))
        .send()
        .await
}

fn answers() -> Value {
    json!({
        "reason": "Troubles du sommeil depuis trois mois",
        "current_treatments": "",
        "allergies": "Pollen de bouleau",
        "medical_history": "Asthme léger",
        "pregnancy": "not_applicable",
        "sleep": "poor",
        "stress": "high",
        "diet": "vegetarian",
        "lifestyle_notes": "Marche 30 minutes par jour",
        "share_with_experts": true,
    })
}

async fn client(app: &TestApp, prefix: &str) -> (Member, String) {
    let member = app.register(Role::Client, &unique_email(prefix)).await;
    let token = token(app, &member).await;
    (member, token)
}

async fn the_consent_form_template_is_a_pdf_in_french_and_english(backend: Backend) {
    let app = TestApp::start(backend).await;
    for (lang, bytes) in [
        ("fr", CONSENT_FORM_FR),
        ("en", CONSENT_FORM_EN),
        ("", CONSENT_FORM_FR),
    ] {
        let answer =
            reqwest::get(app.url(&format!("/api/public/consent-form-template?lang={lang}")))
                .await
                .expect("the app answers");
        assert_eq!(answer.status(), 200);
        let header = |name: &str| {
            answer
                .headers()
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(header("content-type"), "application/pdf");
        assert!(header("content-disposition").starts_with("attachment;"));
        assert_eq!(answer.bytes().await.expect("the bytes").as_ref(), bytes);
    }
    assert!(CONSENT_FORM_FR.starts_with(b"%PDF-") && CONSENT_FORM_EN.starts_with(b"%PDF-"));
    assert_ne!(CONSENT_FORM_FR, CONSENT_FORM_EN);
}

async fn a_client_uploads_its_filled_consent_form_and_sees_it_recorded(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (member, token) = client(&app, "consent").await;
    let before = get(&app, "/api/client/consent-form", &token).await;
    before.expect(200);
    assert_eq!(
        before.json(),
        json!({"uploaded": false, "uploaded_at": null, "file_key": null})
    );

    let uploaded = upload(&app, &token, "consent_form", CONSENT_FORM_FR, "signed.pdf").await;
    uploaded.expect(201);
    let key = uploaded.json()["key"].as_str().expect("a key").to_owned();
    put(
        &app,
        "/api/client/consent-form",
        &token,
        json!({"file_key": key}),
    )
    .await
    .expect(204);

    let after = get(&app, "/api/client/consent-form", &token).await.json();
    assert_eq!(after["uploaded"], true);
    assert_eq!(after["file_key"], key.as_str());
    assert_eq!(after["uploaded_at"], app.now().to_rfc3339());
    let file =
        command_api::client_file::load_client_file(&app.app.command_state, member.account_id)
            .await
            .expect("the client's file loads");
    assert!(file.state.consent_form_uploaded(), "booking may go ahead");
    let own = get(&app, &format!("/api/client/files/{key}"), &token).await;
    own.expect(200);
    assert_eq!(own.header("content-type"), Some("application/pdf"));

    // The same file again records nothing.
    let events = app.count_events("ConsentFormUploaded").await;
    put(
        &app,
        "/api/client/consent-form",
        &token,
        json!({"file_key": key}),
    )
    .await
    .expect(204);
    assert_eq!(app.count_events("ConsentFormUploaded").await, events);
}

async fn a_png_named_pdf_is_refused_as_a_consent_form(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (member, token) = client(&app, "png").await;

    let refused = upload(&app, &token, "consent_form", PNG, "formulaire.pdf").await;
    refused.expect(400);
    assert_eq!(
        refused.field("file").as_deref(),
        Some("Type de fichier non accepté. Formats acceptés : PDF.")
    );
    // Kept under another kind, the image still is no consent form.
    let image = upload(&app, &token, "degree", PNG, "formulaire.pdf").await;
    image.expect(201);
    let key = image.json()["key"].as_str().expect("a key").to_owned();
    let answer = put(
        &app,
        "/api/client/consent-form",
        &token,
        json!({"file_key": key}),
    )
    .await;
    answer.expect(400);
    assert_eq!(answer.code(), "validation_failed");
    assert_eq!(
        answer.field("file_key").as_deref(),
        Some("Type de fichier non accepté. Formats acceptés : PDF.")
    );
    assert_eq!(app.count_events("ConsentFormUploaded").await, 0);
    let file =
        command_api::client_file::load_client_file(&app.app.command_state, member.account_id)
            .await
            .expect("the client's file loads");
    assert!(!file.state.consent_form_uploaded());
}

async fn another_clients_upload_is_refused_as_a_consent_form(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (_, owner_token) = client(&app, "owner").await;
    let (_, thief_token) = client(&app, "thief").await;
    let uploaded = upload(&app, &owner_token, "consent_form", CONSENT_FORM_FR, "f.pdf").await;
    uploaded.expect(201);
    let key = uploaded.json()["key"].as_str().expect("a key").to_owned();

    let answer = put(
        &app,
        "/api/client/consent-form",
        &thief_token,
        json!({"file_key": key}),
    )
    .await;

    answer.expect(400);
    assert_eq!(
        answer.field("file_key").as_deref(),
        Some("Ce fichier n’est pas disponible. Veuillez le téléverser à nouveau.")
    );
    let missing = put(&app, "/api/client/consent-form", &thief_token, json!({})).await;
    missing.expect(400);
    assert_eq!(
        missing.field("file_key").as_deref(),
        Some("Ce champ est obligatoire.")
    );
    let theirs = get(&app, "/api/client/consent-form", &thief_token)
        .await
        .json();
    assert_eq!(theirs["uploaded"], false);
}

async fn the_health_assessment_is_checked_saved_and_read_back_by_its_client(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (member, token) = client(&app, "health").await;
    let empty = get(&app, "/api/client/health-assessment", &token)
        .await
        .json();
    assert_eq!(empty["answers"], Value::Null);
    assert_eq!(empty["saved_at"], Value::Null);

    let mut invalid = answers();
    invalid["reason"] = json!(" ");
    invalid["sleep"] = json!("excellent");
    let refused = put(&app, "/api/client/health-assessment", &token, invalid).await;
    refused.expect(400);
    assert_eq!(
        refused.field("reason").as_deref(),
        Some("Ce champ est obligatoire.")
    );
    assert_eq!(refused.field("sleep").as_deref(), Some("Choix invalide."));

    put(&app, "/api/client/health-assessment", &token, answers())
        .await
        .expect(204);

    let saved = get(&app, "/api/client/health-assessment", &token)
        .await
        .json();
    assert_eq!(saved["client_id"], member.account_id.to_string());
    assert_eq!(saved["share_with_experts"], true);
    assert_eq!(
        saved["answers"]["reason"],
        "Troubles du sommeil depuis trois mois"
    );
    assert_eq!(saved["answers"]["current_treatments"], "");
    assert_eq!(saved["answers"]["sleep"], "poor");
    assert_eq!(saved["answers"]["diet"], "vegetarian");
    let events = app.all_events().await;
    let saved_event = events
        .iter()
        .find(|e| e.event_type == "HealthAssessmentSaved")
        .expect("the event");
    assert!(
        !saved_event.payload.contains("sommeil") && !saved_event.payload.contains("Pollen"),
        "no health answer in the event: {}",
        saved_event.payload
    );

    // What the read returns, the write accepts back, changing nothing.
    let mut again = saved["answers"].clone();
    again["share_with_experts"] = saved["share_with_experts"].clone();
    put(&app, "/api/client/health-assessment", &token, again)
        .await
        .expect(204);
    let reread = get(&app, "/api/client/health-assessment", &token)
        .await
        .json();
    assert_eq!(reread["answers"], saved["answers"]);
}

async fn health_answers_are_hidden_from_consultants_who_did_not_book_the_client(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (member, client_token) = client(&app, "private").await;
    put(
        &app,
        "/api/client/health-assessment",
        &client_token,
        answers(),
    )
    .await
    .expect(204);
    let consultant = app
        .register(Role::Consultant, &unique_email("stranger"))
        .await;
    let consultant_token = token(&app, &consultant).await;

    let path = format!(
        "/api/consultant/clients/{}/health-assessment",
        member.account_id
    );
    let hidden = get(&app, &path, &consultant_token).await;

    hidden.expect(404);
    assert_eq!(hidden.code(), "not_found");
    assert!(!hidden.text.contains("sommeil"));
    // A client cannot read it under the consultant's path, nor another client's.
    get(&app, &path, &client_token).await.expect(403);
    let admin = app.create_admin(&unique_email("admin")).await;
    let admin_token = token(&app, &admin).await;
    let seen = get(
        &app,
        &format!(
            "/api/admin-panel/clients/{}/health-assessment",
            member.account_id
        ),
        &admin_token,
    )
    .await;
    seen.expect(200);
    assert_eq!(seen.json()["answers"]["allergies"], "Pollen de bouleau");
    get(
        &app,
        &format!(
            "/api/admin-panel/clients/{}/health-assessment",
            consultant.account_id
        ),
        &admin_token,
    )
    .await
    .expect(404);
}

/// Writes the booking row the booking projection would (docs/booking.md).
async fn booked(app: &TestApp, consultant: &Member, client: &Member, status: &str) {
    let pool = &app.app.read.pool;
    sqlx::query(
        "CREATE TABLE IF NOT EXISTS rm_bookings (id TEXT PRIMARY KEY, consultant_id TEXT, client_id TEXT,
            status TEXT, starts_at TEXT, ends_at TEXT, duration_minutes BIGINT, price_minor BIGINT,
            discount_minor BIGINT, total_minor BIGINT, currency TEXT, free BIGINT, coupon_code TEXT,
            card_brand TEXT, card_last4 TEXT, payment_ref TEXT, refund_minor BIGINT, cancelled_by TEXT,
            hold_expires_at TEXT, created_at TEXT, position TEXT)",
    )
    .execute(pool)
    .await
    .expect("the bookings table");
    sqlx::query(
        "INSERT INTO rm_bookings (id, consultant_id, client_id, status, starts_at, ends_at, duration_minutes,
            price_minor, discount_minor, total_minor, currency, free, coupon_code, card_brand, card_last4,
            payment_ref, refund_minor, cancelled_by, hold_expires_at, created_at, position)
         VALUES ($1, $2, $3, $4, '2026-12-01T09:00:00Z', '2026-12-01T10:00:00Z', 60, 6000, 0, 6000, 'EUR',
            0, '', '', '', '', 0, '', '', '2026-11-20T09:00:00Z', '0')",
    )
    .bind(uuid::Uuid::now_v7().to_string())
    .bind(consultant.account_id.to_string())
    .bind(client.account_id.to_string())
    .bind(status)
    .execute(pool)
    .await
    .expect("a booking row");
}

async fn a_consultant_who_booked_the_client_reads_the_answers_it_shares(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (member, client_token) = client(&app, "booked").await;
    let consultant = app
        .register(Role::Consultant, &unique_email("expert"))
        .await;
    let consultant_token = token(&app, &consultant).await;
    let path = format!(
        "/api/consultant/clients/{}/health-assessment",
        member.account_id
    );
    let mut private = answers();
    private["share_with_experts"] = json!(false);
    put(
        &app,
        "/api/client/health-assessment",
        &client_token,
        private,
    )
    .await
    .expect(204);

    booked(&app, &consultant, &member, "held").await;
    get(&app, &path, &consultant_token).await.expect(404);
    booked(&app, &consultant, &member, "confirmed").await;
    let not_shared = get(&app, &path, &consultant_token).await;
    not_shared.expect(404);

    put(
        &app,
        "/api/client/health-assessment",
        &client_token,
        answers(),
    )
    .await
    .expect(204);
    let shared = get(&app, &path, &consultant_token).await;

    shared.expect(200);
    assert_eq!(shared.json()["answers"]["stress"], "high");
}

async fn general_information_is_checked_and_saved(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (member, token) = client(&app, "general").await;
    let refused = put(
        &app,
        "/api/client/general-info",
        &token,
        json!({"height_cm": 20, "emergency_contact_name": "Louis Martin"}),
    )
    .await;
    refused.expect(400);
    assert_eq!(
        refused.field("height_cm").as_deref(),
        Some("Saisissez un nombre entre 50 et 250.")
    );
    assert_eq!(
        refused.field("emergency_contact_number").as_deref(),
        Some("Ce champ est obligatoire.")
    );

    put(
        &app,
        "/api/client/general-info",
        &token,
        json!({"occupation": "Enseignante", "height_cm": 168, "weight_kg": null,
            "emergency_contact_name": "Louis Martin", "emergency_contact_isd_code": "+33",
            "emergency_contact_number": "06 12 34 56 78", "referral_source": "friend_or_family"}),
    )
    .await
    .expect(204);

    let saved = get(&app, "/api/client/general-info", &token).await.json();
    assert_eq!(
        saved["info"],
        json!({"occupation": "Enseignante", "height_cm": 168, "weight_kg": null,
            "emergency_contact_name": "Louis Martin", "emergency_contact_isd_code": "+33",
            "emergency_contact_number": "612345678", "referral_source": "friend_or_family"})
    );
    assert_eq!(saved["client_id"], member.account_id.to_string());
    // What the read returns (nulls included), the write accepts back.
    put(
        &app,
        "/api/client/general-info",
        &token,
        saved["info"].clone(),
    )
    .await
    .expect(204);
    let reread = get(&app, "/api/client/general-info", &token).await.json();
    assert_eq!(reread["info"], saved["info"]);
}

async fn forgetting_a_client_erases_its_answers_live_and_after_a_rebuild(backend: Backend) {
    // The projector runs only when asked, so the rebuild races nothing.
    let app = TestApp::with(backend).without_workers().start().await;
    let (member, client_token) = client(&app, "forget").await;
    put(
        &app,
        "/api/client/health-assessment",
        &client_token,
        answers(),
    )
    .await
    .expect(204);
    put(
        &app,
        "/api/client/general-info",
        &client_token,
        json!({"occupation": "Enseignante"}),
    )
    .await
    .expect(204);
    let admin = app.create_admin(&unique_email("dpo")).await;
    let admin_token = token(&app, &admin).await;
    let health_path = format!(
        "/api/admin-panel/clients/{}/health-assessment",
        member.account_id
    );
    app.catch_up().await;
    assert_eq!(
        get(&app, &health_path, &admin_token).await.json()["answers"]["reason"],
        "Troubles du sommeil depuis trois mois"
    );

    app.bare(
        Method::POST,
        &format!("/api/admin-panel/accounts/{}/forget", member.account_id),
    )
    .bearer(&admin_token)
    .send()
    .await
    .expect(204);

    app.catch_up().await;
    let erased = get(&app, &health_path, &admin_token).await.json();
    for field in domain::client_file::HealthAnswers::FIELDS {
        assert_eq!(erased["answers"][field], "[erased]", "{field}");
    }
    let info = get(
        &app,
        &format!(
            "/api/admin-panel/clients/{}/general-info",
            member.account_id
        ),
        &admin_token,
    )
    .await
    .json();
    assert_eq!(info["info"]["occupation"], "[erased]");
    let live = app.app.read.dump().await.unwrap();
    app.app.projector.rebuild().await.unwrap();
    assert_eq!(
        app.app.read.dump().await.unwrap(),
        live,
        "a rebuild shows what the live projection shows"
    );
}
