//! Erasure on request (issue 14, docs/rules.md "Erasure on request"): the
//! holder confirms with a mailed code, may cancel during the grace period,
//! and is then forgotten by the scheduled command: sign-in refused, sessions
//! revoked, upcoming bookings cancelled and refunded, files deleted, and no
//! read model (live or rebuilt) holds their address or health answers.

use chrono::TimeDelta;
use domain::account::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::booking_support::{
    Party, book, booking_id, client, expert, pay, send, signed_in, slots,
};
use crate::support::{Answer, Backend, TestApp, code_in, unique_email};

on_both_backends!(
    a_client_confirms_by_code_may_cancel_and_is_forgotten_after_the_grace_period,
    a_consultant_asking_for_erasure_leaves_the_directory_until_it_cancels,
    erasure_routes_guard_their_input_and_their_area,
);

async fn call(app: &TestApp, party: &Party, method: Method, path: &str, body: Value) -> Answer {
    send(app, party, method, path, &body).await
}

/// Mails the code and reads it from the mail (maildev).
async fn mailed_code(app: &TestApp, party: &Party) -> String {
    let area = party.member.role.area();
    call(
        app,
        party,
        Method::POST,
        &format!("/api/{area}/erasure/code"),
        json!({}),
    )
    .await
    .expect(202);
    app.drain_reactions().await;
    let mail = app
        .mails_to(&party.member.email)
        .await
        .into_iter()
        .rev()
        .find(|m| m["subject"] == "Confirmez la suppression de votre compte Equilibre")
        .expect("the erasure code mail");
    code_in(&mail)
}

/// Asks for the erasure with `code`.
async fn confirm(app: &TestApp, party: &Party, code: impl serde::Serialize) -> Answer {
    let area = party.member.role.area();
    let path = format!("/api/{area}/erasure");
    call(app, party, Method::POST, &path, json!({ "code": code })).await
}

/// Cancels the pending erasure.
async fn cancel(app: &TestApp, party: &Party) -> Answer {
    let area = party.member.role.area();
    let path = format!("/api/{area}/erasure");
    call(app, party, Method::DELETE, &path, json!({})).await
}

async fn session(app: &TestApp, party: &Party) -> Value {
    app.catch_up().await;
    let area = party.member.role.area();
    let answer = app
        .bare(Method::GET, &format!("/api/{area}/session"))
        .bearer(&party.token)
        .send()
        .await;
    answer.expect(200);
    answer.json()
}

fn other_code(code: &str) -> &'static str {
    if code == "111111" { "222222" } else { "111111" }
}

async fn a_client_confirms_by_code_may_cancel_and_is_forgotten_after_the_grace_period(
    backend: Backend,
) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let email = client.member.email.clone();
    // A booking after the erasure date, paid: cancelled and refunded then.
    let held = book(
        &app,
        &client,
        &expert,
        slots(&app, TimeDelta::days(20))[0],
        json!({}),
    )
    .await;
    held.expect(201);
    let booking = booking_id(&held);
    pay(&app, &client, &booking, "4242424242424242")
        .await
        .expect(200);
    let reason = format!("Insomnie tenace {}", client.id());
    call(
        &app,
        &client,
        Method::PUT,
        "/api/client/health-assessment",
        json!({
            "reason": reason, "current_treatments": "", "allergies": "", "medical_history": "",
            "pregnancy": "not_applicable", "sleep": "poor", "stress": "high", "diet": "vegan",
            "lifestyle_notes": "", "share_with_experts": true,
        }),
    )
    .await
    .expect(204);
    let file = format!("subjects/{}/bilan.pdf", client.id());
    app.app
        .files
        .put(&file, b"%PDF-1.4 bilan".to_vec())
        .await
        .unwrap();

    // A wrong code changes nothing; the right one schedules the erasure.
    let code = mailed_code(&app, &client).await;
    let wrong = confirm(&app, &client, other_code(&code)).await;
    wrong.expect(400);
    assert_eq!(
        wrong.field("code").as_deref(),
        Some("Le code est incorrect.")
    );
    assert!(session(&app, &client).await["erasure_due_at"].is_null());
    let asked = confirm(&app, &client, code).await;
    asked.expect(200);
    let erase_at: chrono::DateTime<chrono::Utc> =
        asked.json()["erase_at"].as_str().unwrap().parse().unwrap();
    assert_eq!(erase_at, app.now() + TimeDelta::days(14));
    assert!(session(&app, &client).await["erasure_due_at"].is_string());
    let again = call(
        &app,
        &client,
        Method::POST,
        "/api/client/erasure/code",
        json!({}),
    )
    .await;
    again.expect(409);
    assert_eq!(again.code(), "erasure_already_requested");
    // Nothing new is booked meanwhile.
    let refused = book(
        &app,
        &client,
        &expert,
        slots(&app, TimeDelta::days(3))[0],
        json!({}),
    )
    .await;
    refused.expect(409);
    assert_eq!(refused.code(), "erasure_pending");

    // Cancelled: the first date no longer counts.
    cancel(&app, &client).await.expect(204);
    assert!(session(&app, &client).await["erasure_due_at"].is_null());
    let twice = cancel(&app, &client).await;
    twice.expect(409);
    assert_eq!(twice.code(), "erasure_not_requested");
    // Sessions last hours: the holder signs in again on the days they come back.
    app.advance(TimeDelta::days(1));
    let client = signed_in(&app, client.member).await;
    let code = mailed_code(&app, &client).await;
    confirm(&app, &client, code).await.expect(200);
    app.advance(TimeDelta::days(13) + TimeDelta::hours(1));
    app.drain_reactions().await;
    app.catch_up().await;
    assert_eq!(
        app.count_events("SubjectForgotten").await,
        0,
        "the first, cancelled date did nothing"
    );

    // The date has come: refused at sign-in even before the worker runs.
    app.advance(TimeDelta::hours(22));
    let client = signed_in(&app, client.member).await;
    app.advance(TimeDelta::minutes(61));
    let sign_in = app
        .sign_in(Role::Client, &email, &client.member.password)
        .await;
    sign_in.expect(401);
    assert_eq!(sign_in.code(), "invalid_credentials");
    app.drain_reactions().await;
    app.drain_reactions().await;
    app.catch_up().await;
    assert_eq!(app.count_events("SubjectForgotten").await, 1);
    // The session opened the day before is revoked.
    app.bare(Method::GET, "/api/client/session")
        .bearer(&client.token)
        .send()
        .await
        .expect(401);
    // Its paid booking after the date is cancelled by the platform and refunded in full.
    let admin = app.create_admin(&unique_email("dpo")).await;
    app.sign_in_as(&admin).await;
    app.catch_up().await;
    let row = app
        .read(&format!("/api/admin-panel/bookings/{booking}"))
        .await
        .json();
    assert_eq!(row["status"], "cancelled", "{row}");
    assert_eq!(row["cancelled_by"], "platform");
    assert_eq!(row["refund"]["amount_minor"], row["total"]["amount_minor"]);
    assert_eq!(row["refund"]["amount_minor"], 6000);
    assert_eq!(
        app.app.files.list_subject(client.id()).await.unwrap(),
        Vec::<String>::new()
    );
    no_trace(&app, &email, &reason).await;
    app.app.projector.rebuild().await.unwrap();
    no_trace(&app, &email, &reason).await;
    // The address is free again.
    app.advance(TimeDelta::minutes(2));
    app.register(Role::Client, &email).await;
}

/// No read-model table holds the address or the health answer.
async fn no_trace(app: &TestApp, email: &str, reason: &str) {
    for (table, rows) in app.app.read.dump().await.unwrap() {
        for row in rows {
            assert!(
                !row.contains(email) && !row.contains(reason),
                "{table} keeps a trace: {row}"
            );
        }
    }
}

async fn a_consultant_asking_for_erasure_leaves_the_directory_until_it_cancels(backend: Backend) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    assert!(listed(&app, &expert).await);
    let code = mailed_code(&app, &expert).await;
    confirm(&app, &expert, code).await.expect(200);
    assert!(
        !listed(&app, &expert).await,
        "unlisted while the erasure is pending"
    );
    let refused = book(
        &app,
        &client,
        &expert,
        slots(&app, TimeDelta::days(3))[0],
        json!({}),
    )
    .await;
    refused.expect(409);
    assert_eq!(refused.code(), "slot_unavailable");
    cancel(&app, &expert).await.expect(204);
    assert!(listed(&app, &expert).await, "listed again once cancelled");
}

/// Whether the directory lists the expert.
async fn listed(app: &TestApp, expert: &Party) -> bool {
    app.catch_up().await;
    let answer = app.read("/api/public/experts").await;
    answer.expect(200);
    let id = expert.id().to_string();
    answer.json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .any(|c| c["id"] == id)
}

async fn erasure_routes_guard_their_input_and_their_area(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let client = client(&app, false).await;
    // Signed out: 401; an administrator has no such route.
    app.bare(Method::POST, "/api/client/erasure/code")
        .same_origin()
        .send()
        .await
        .expect(401);
    let admin = app.create_admin(&unique_email("dpo")).await;
    app.sign_in_as(&admin).await;
    app.post("/api/admin-panel/erasure/code")
        .send()
        .await
        .expect(404);
    // No code was asked for: any code is refused, nothing recorded.
    let no_code = confirm(&app, &client, "123456").await;
    no_code.expect(400);
    assert_eq!(no_code.code(), "otp_invalid");
    let oversized = confirm(&app, &client, "1".repeat(10_000)).await;
    oversized.expect(400);
    assert_eq!(app.count_events("ErasureRequested").await, 0);
}
