//! The right to be forgotten (DESIGN §1 guarantee 6): payloads go, events
//! stay, live read models and a rebuild show the same placeholder, and the
//! e-mail is free again.

use domain::account::Role;
use reqwest::Method;
use sqlx::Row;
use store::StreamId;
use uuid::Uuid;

use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(an_administrator_forgets_a_client_and_every_view_agrees);

/// `(given_name, family_name, email, profile, forgotten)` of the live row.
async fn account_row(app: &TestApp, id: Uuid) -> (String, String, String, String, i64) {
    let row = sqlx::query("SELECT given_name, family_name, email, profile, forgotten FROM rm_accounts WHERE account_id = $1")
        .bind(id.to_string())
        .fetch_one(&app.app.read.pool)
        .await
        .expect("the account's row");
    (row.get(0), row.get(1), row.get(2), row.get(3), row.get(4))
}

async fn an_administrator_forgets_a_client_and_every_view_agrees(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("dpo")).await;
    let member = app.register(Role::Client, &unique_email("erase-me")).await;
    let client_session = app
        .sign_in(Role::Client, &member.email, &member.password)
        .await
        .token("eq_client");
    app.sign_in_as(&admin).await;
    let stream = StreamId::new(domain::account::ACCOUNT_CATEGORY, member.account_id);
    let before: Vec<Uuid> = app
        .app
        .stores
        .events
        .read_stream(&stream)
        .await
        .unwrap()
        .iter()
        .map(|e| e.event_id)
        .collect();
    app.catch_up().await;
    assert_eq!(account_row(&app, member.account_id).await.0, "Camille");

    let forgotten = app
        .post(&format!(
            "/api/admin-panel/accounts/{}/forget",
            member.account_id
        ))
        .send()
        .await;

    forgotten.expect(204);
    assert_eq!(
        app.app
            .stores
            .events
            .payload(member.account_id, "profile")
            .await
            .unwrap(),
        None
    );
    let after = app.app.stores.events.read_stream(&stream).await.unwrap();
    let after_ids: Vec<Uuid> = after.iter().map(|e| e.event_id).collect();
    assert_eq!(
        after_ids[..before.len()],
        before[..],
        "earlier events are intact"
    );
    assert_eq!(
        after.last().map(|e| e.event_type.as_str()),
        Some("SubjectForgotten")
    );
    assert!(
        after.iter().all(|e| !e.payload.contains(&member.email)),
        "no personal data in events"
    );
    let refused = app
        .sign_in(Role::Client, &member.email, &member.password)
        .await;
    refused.expect(401);
    assert_eq!(refused.code(), "invalid_credentials");
    app.bare(Method::GET, "/api/client/session")
        .bearer(&client_session)
        .send()
        .await
        .expect(401);

    app.catch_up().await;
    let erased = "[erased]".to_owned();
    assert_eq!(
        account_row(&app, member.account_id).await,
        (erased.clone(), erased.clone(), erased, "{}".into(), 1)
    );
    let live = app.app.read.dump().await.unwrap();
    app.app.projector.rebuild().await.unwrap();
    assert_eq!(
        app.app.read.dump().await.unwrap(),
        live,
        "a rebuild shows what the live projection shows"
    );

    let again = app
        .post(&format!(
            "/api/admin-panel/accounts/{}/forget",
            member.account_id
        ))
        .send()
        .await;
    again.expect(404);
    let unknown = app
        .post(&format!(
            "/api/admin-panel/accounts/{}/forget",
            Uuid::now_v7()
        ))
        .send()
        .await;
    unknown.expect(404);

    app.advance(chrono::TimeDelta::seconds(60)); // the OTP resend delay
    let returning = app.register(Role::Client, &member.email).await;
    assert_ne!(returning.account_id, member.account_id);
    app.sign_in(Role::Client, &member.email, &returning.password)
        .await
        .expect(200);
}
