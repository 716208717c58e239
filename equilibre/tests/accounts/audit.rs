//! The administrators' audit trail (`rm_audit`, `GET
//! /api/admin-panel/history/{kind}/{id}`): every event of a booking, a
//! client or a consultant with who (name and role), when and which fields,
//! never a value; 404 for what does not exist; the same rows after a rebuild.

use chrono::TimeDelta;
use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};

use crate::booking_support::signed_in;
use crate::exports::confirmed_bookings;
use crate::support::{Backend, ExpertProfile, TestApp, unique_email};

on_both_backends!(
    histories_name_who_did_each_step_and_which_fields_changed_never_their_values,
    a_history_of_something_unknown_or_of_another_kind_is_not_found,
);

fn types(history: &Value) -> Vec<String> {
    history["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["event_type"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn item<'a>(history: &'a Value, event_type: &str) -> &'a Value {
    history["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|i| i["event_type"] == event_type)
        .unwrap_or_else(|| panic!("{event_type} in {history}"))
}

async fn histories_name_who_did_each_step_and_which_fields_changed_never_their_values(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let expert = app
        .approved_expert(&ExpertProfile {
            given_name: "Inès",
            family_name: "Moreau",
            price_minor: 6050,
            ..ExpertProfile::default()
        })
        .await;
    let client = signed_in(
        &app,
        app.register(Role::Client, &unique_email("client")).await,
    )
    .await;
    app.bare(Method::PUT, "/api/client/health-assessment")
        .same_origin()
        .bearer(&client.token)
        .json(&json!({
            "reason": "Troubles du sommeil depuis trois mois", "current_treatments": "",
            "allergies": "Pollen de bouleau", "medical_history": "Asthme léger",
            "pregnancy": "not_applicable", "sleep": "poor", "stress": "high",
            "diet": "vegetarian", "lifestyle_notes": "", "share_with_experts": true,
        }))
        .send()
        .await
        .expect(204);
    let booking = confirmed_bookings(
        &app,
        &expert,
        &client.member,
        &[app.now() + TimeDelta::days(3)],
    )
    .await[0];
    app.catch_up().await;
    app.sign_in_as(&admin).await;

    let of_booking = app
        .get(&format!("/api/admin-panel/history/booking/{booking}"))
        .send()
        .await;
    let of_client = app
        .get(&format!("/api/admin-panel/history/client/{}", client.id()))
        .send()
        .await;
    let of_expert = app
        .get(&format!(
            "/api/admin-panel/history/consultant/{}",
            expert.account_id
        ))
        .send()
        .await;
    app.post(&format!("/api/admin-panel/accounts/{}/forget", client.id()))
        .send()
        .await
        .expect(204);
    app.catch_up().await;
    let after_forgetting = app
        .get(&format!("/api/admin-panel/history/booking/{booking}"))
        .send()
        .await;

    of_booking.expect(200);
    let of_booking = of_booking.json();
    assert_eq!(types(&of_booking), ["BookingHeld", "BookingConfirmed"]);
    let held = item(&of_booking, "BookingHeld");
    assert_eq!(held["actor"]["id"], client.id().to_string());
    assert_eq!(held["actor"]["name"], "Camille Martin");
    assert_eq!(held["actor"]["role"], "client");
    let changes = held["changes"].as_array().expect("changes");
    assert!(changes.contains(&json!("start")) && changes.contains(&json!("total")));
    assert!(
        !changes
            .iter()
            .any(|c| c.as_str().unwrap_or_default().ends_with("_id")),
        "ids are not changes: {changes:?}"
    );
    assert_eq!(
        item(&of_booking, "BookingConfirmed")["changes"],
        json!(["payment"])
    );
    assert!(held["at"].as_str().unwrap_or_default().ends_with('Z'));

    of_client.expect(200);
    let client_history = of_client.json();
    let client_types = types(&client_history);
    assert_eq!(client_types[0], "AccountRegistered");
    assert!(client_types.contains(&"SessionStarted".to_owned()));
    let health = item(&client_history, "HealthAssessmentSaved");
    assert_eq!(health["changes"], json!(["answers", "share_with_experts"]));
    assert_eq!(health["actor"]["role"], "client");
    assert!(
        !of_client.text.contains("Pollen") && !of_client.text.contains("Asthme"),
        "health answers never appear in a history"
    );
    assert!(
        !of_client.text.contains(&client.member.email),
        "nor does the e-mail"
    );

    of_expert.expect(200);
    let expert_types = types(&of_expert.json());
    assert_eq!(expert_types[0], "AccountRegistered");
    assert!(expert_types.contains(&"ProfileApproved".to_owned()));

    after_forgetting.expect(200);
    assert_eq!(
        item(&after_forgetting.json(), "BookingHeld")["actor"]["name"],
        "[erased]"
    );

    // The trail rebuilt from the log is the live one.
    let (url, _guard) = app.database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    Projector::new(app.app.stores.events.clone(), fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");
    let table = |dump: Vec<(String, Vec<String>)>| {
        dump.into_iter()
            .find(|(name, _)| name == "rm_audit")
            .expect("rm_audit")
            .1
    };
    let live = table(app.app.read.dump().await.expect("a dump"));
    assert!(live.len() > 10, "{live:?}");
    assert_eq!(live, table(fresh.dump().await.expect("a dump")));
}

async fn a_history_of_something_unknown_or_of_another_kind_is_not_found(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let client = app.register(Role::Client, &unique_email("client")).await;
    let other = signed_in(
        &app,
        app.register(Role::Client, &unique_email("other")).await,
    )
    .await;
    app.catch_up().await;
    app.sign_in_as(&admin).await;

    let statuses = [
        format!("/api/admin-panel/history/client/{}", client.account_id),
        format!("/api/admin-panel/history/consultant/{}", client.account_id),
        format!("/api/admin-panel/history/booking/{}", client.account_id),
        format!(
            "/api/admin-panel/history/complaint/{}",
            uuid::Uuid::now_v7()
        ),
        format!("/api/admin-panel/history/pet/{}", client.account_id),
        "/api/admin-panel/history/client/not-an-id".to_owned(),
    ];
    let mut answers = Vec::new();
    for path in &statuses {
        answers.push(app.get(path).send().await.status.as_u16());
    }
    let as_client = app
        .bare(
            Method::GET,
            &format!("/api/admin-panel/history/client/{}", other.id()),
        )
        .bearer(&other.token)
        .send()
        .await;

    assert_eq!(answers, [200, 404, 404, 404, 404, 404]);
    assert_eq!(as_client.status, 403, "administrators only");
}
