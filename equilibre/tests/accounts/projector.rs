//! The projector stops anywhere and restarts where it was: the read models
//! it reaches equal a fresh rebuild into another database, table by table.

use domain::account::Role;
use projector::{Projector, ReadDb};
use store::{AppendRequest, EventMetadata, ExpectedVersion, NewEvent, StreamAppend, StreamId};
use uuid::Uuid;

use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(
    a_projector_restarted_half_way_ends_where_a_fresh_rebuild_ends,
    two_projectors_stepping_at_once_apply_every_event_once,
    a_rebuild_that_fails_half_way_leaves_what_users_see_untouched,
);

/// A varied history: accounts of every role, sessions, a password change,
/// a reset request, a forgotten subject and reference items (a country and
/// its city, renamed, trashed, restored).
async fn some_history(app: &TestApp) {
    let admin = app.create_admin(&unique_email("admin")).await;
    let client = app.register(Role::Client, &unique_email("client")).await;
    let consultant = app
        .register(Role::Consultant, &unique_email("consultant"))
        .await;
    let leaving = app.register(Role::Client, &unique_email("leaving")).await;
    app.sign_in_as(&client).await;
    app.change_password(Role::Client, &client.password, "changed to something long")
        .await
        .expect(204);
    app.sign_out(Role::Client).await.expect(204);
    app.sign_in_as(&consultant).await;
    app.post("/api/consultant/forgot-password")
        .json(&serde_json::json!({"email": consultant.email}))
        .send()
        .await
        .expect(202);
    app.sign_in_as(&admin).await;
    app.post(&format!(
        "/api/admin-panel/accounts/{}/forget",
        leaving.account_id
    ))
    .send()
    .await
    .expect(204);
    let reference = |path: &str, body: serde_json::Value| {
        let path = format!("/api/admin-panel/reference/{path}");
        async move { app.post(&path).json(&body).send().await }
    };
    let country = reference(
        "countries",
        serde_json::json!({"name_fr": "Suisse", "name_en": "Switzerland", "code": "CH"}),
    )
    .await;
    country.expect(201);
    let country = country.json()["id"].as_str().unwrap().to_owned();
    let city = reference(
        "cities",
        serde_json::json!({"name_fr": "Genève", "name_en": "Geneva", "parent_id": country}),
    )
    .await;
    city.expect(201);
    let city = city.json()["id"].as_str().unwrap().to_owned();
    app.call(
        reqwest::Method::PUT,
        &format!("/api/admin-panel/reference/countries/{country}"),
    )
    .json(&serde_json::json!({"name_fr": "Confédération suisse", "name_en": "Switzerland"}))
    .send()
    .await
    .expect(204);
    for step in ["trash", "restore", "trash"] {
        reference(&format!("cities/{city}/{step}"), serde_json::json!({}))
            .await
            .expect(204);
    }
}

async fn a_projector_restarted_half_way_ends_where_a_fresh_rebuild_ends(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    some_history(&app).await;
    let total = app.all_events().await.len();
    let store = app.app.stores.events.clone();

    let first = Projector::new(store.clone(), app.app.read.clone());
    let half = first.step(total / 2).await.expect("a first half");
    drop(first);
    let restarted = Projector::new(store.clone(), app.app.read.clone());
    let rest = restarted.catch_up().await.expect("the rest");
    let (url, _guard) = app.database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    let rebuilt = Projector::new(store, fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");

    assert!(half > 0 && half < total, "{half} of {total}");
    assert_eq!(half + rest, total);
    assert_eq!(rebuilt, total);
    assert_eq!(
        restarted.checkpoint().await.unwrap(),
        app.store_head().await
    );
    let (live, replayed) = (
        app.app.read.dump().await.unwrap(),
        fresh.dump().await.unwrap(),
    );
    assert!(
        live.iter()
            .any(|(table, rows)| table == "rm_accounts" && rows.len() == 4),
        "{live:?}"
    );
    assert!(
        live.iter()
            .any(|(table, rows)| table == "rm_reference" && rows.len() == 2),
        "{live:?}"
    );
    for ((table, rows), (other_table, other_rows)) in live.iter().zip(&replayed) {
        assert_eq!(table, other_table);
        assert_eq!(rows, other_rows, "table {table} differs");
    }
    assert_eq!(live.len(), replayed.len());
}

/// Two projectors on one read database (a catch-up beside the worker, or
/// two processes) take turns: the counts they report add up to the log,
/// and what they reach equals a rebuild.
async fn two_projectors_stepping_at_once_apply_every_event_once(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    some_history(&app).await;
    let total = app.all_events().await.len();
    let store = app.app.stores.events.clone();
    let stepper = || {
        let projector = Projector::new(store.clone(), app.app.read.clone());
        tokio::spawn(async move {
            let mut applied = 0;
            loop {
                match projector.step(1).await.expect("a step") {
                    0 => return applied,
                    n => applied += n,
                }
            }
        })
    };

    let (one, two) = (stepper(), stepper());
    let applied = one.await.unwrap() + two.await.unwrap();

    assert_eq!(applied, total, "each event applied once");
    let (url, _guard) = app.database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    Projector::new(store, fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");
    assert_eq!(
        app.app.read.dump().await.unwrap(),
        fresh.dump().await.unwrap()
    );
}

/// The rebuild replays into shadow tables and swaps them in only once caught
/// up: when it fails (here on an event it cannot read, as a kill would stop
/// it), the live read models and their checkpoint are as before, not empty.
async fn a_rebuild_that_fails_half_way_leaves_what_users_see_untouched(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    some_history(&app).await;
    app.catch_up().await;
    let before = app.app.read.dump().await.unwrap();
    let checkpoint = app.app.projector.checkpoint().await.unwrap();

    let account = StreamId::new(domain::account::ACCOUNT_CATEGORY, Uuid::now_v7());
    app.app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: account,
                expected: ExpectedVersion::Exact(0),
                events: vec![NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type: "AccountRegistered".into(),
                    schema_version: 1,
                    payload: r#"{"type":"AccountRegistered","not":"readable"}"#.into(),
                    metadata: EventMetadata {
                        actor_id: None,
                        actor_role: Some("system".into()),
                        correlation_id: Uuid::now_v7(),
                        causation_id: None,
                        recorded_at: app.now(),
                    },
                }],
            }],
            side_writes: vec![],
        })
        .await
        .expect("an unreadable event is stored");
    // The rebuild reads only what every reader sees (PostgreSQL's horizon).
    app.settle().await;

    let failed = app.app.projector.rebuild().await;

    assert!(failed.is_err(), "the rebuild stops at the unreadable event");
    assert_eq!(app.app.projector.checkpoint().await.unwrap(), checkpoint);
    assert_eq!(app.app.read.dump().await.unwrap(), before);
    assert!(
        before
            .iter()
            .any(|(table, rows)| table == "rm_accounts" && rows.len() == 4)
    );
}
