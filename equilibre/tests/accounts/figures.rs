//! The home page's live figures (`GET /api/public/figures`, docs/api.md
//! "Public"): each equals what its list shows (the directory's total, the
//! administrators' active clients, the completed bookings), they follow the
//! read models, and the answer is public and briefly cacheable; on both
//! backends.

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::{Value, json};

use crate::booking_support::{
    Party, book, booking_id, client, expert, pay, send, signed_in, slots,
};
use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(the_home_page_figures_equal_what_the_lists_show,);

/// The figures, at least as recent as everything projected so far (a
/// reader that saw a write sends its position, as the SPA does).
async fn figures(app: &TestApp) -> Value {
    let projected = app.app.projector.checkpoint().await.expect("a checkpoint");
    let answer = app
        .bare(Method::GET, "/api/public/figures")
        .min_position(projected)
        .send()
        .await;
    answer.expect(200);
    assert_eq!(answer.header("cache-control"), Some("public, max-age=60"));
    answer.json()
}

async fn read(app: &TestApp, party: &Party, path: &str) -> Value {
    let answer = app.get(path).bearer(&party.token).send().await;
    answer.expect(200);
    answer.json()
}

/// What the lists show: listed experts, active clients, completed bookings.
async fn listed(app: &TestApp, admin: &Party) -> (i64, i64, i64) {
    let directory = app.bare(Method::GET, "/api/public/experts").send().await;
    directory.expect(200);
    let experts = directory.json()["total"].as_i64().unwrap();
    let clients = read(app, admin, "/api/admin-panel/clients?page_size=100").await;
    let active = clients["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["account_status"] == "active")
        .count() as i64;
    let completed = read(
        app,
        admin,
        "/api/admin-panel/bookings?status=completed&page_size=100",
    )
    .await["total"]
        .as_i64()
        .unwrap();
    (experts, active, completed)
}

fn counted(figures: &Value) -> (i64, i64, i64) {
    (
        figures["experts"].as_i64().unwrap(),
        figures["clients"].as_i64().unwrap(),
        figures["consultations"].as_i64().unwrap(),
    )
}

async fn the_home_page_figures_equal_what_the_lists_show(backend: Backend) {
    // Arrange: an empty marketplace first.
    let app = TestApp::with(backend).without_workers().start().await;
    let empty = figures(&app).await;
    assert_eq!(counted(&empty), (0, 0, 0));
    assert_eq!(empty["shown_from"], 10, "the rule docs/rules.md states");

    // A listed expert, three clients (one deactivated), one consultation
    // held, one still to come.
    let expert = expert(&app).await;
    let held = client(&app, true).await;
    let waiting = client(&app, true).await;
    let leaving = client(&app, true).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let admin = signed_in(&app, admin).await;
    app.catch_up().await;
    let starts = slots(&app, TimeDelta::hours(3));
    let later = *starts
        .iter()
        .find(|s| **s >= starts[0] + TimeDelta::days(2))
        .expect("a slot two days later");
    for (who, start) in [(&held, starts[0]), (&waiting, later)] {
        let booked = book(&app, who, &expert, start, json!({})).await;
        booked.expect(201);
        pay(&app, who, &booking_id(&booked), "4242424242424242")
            .await
            .expect(200);
    }
    send(
        &app,
        &admin,
        Method::POST,
        &format!("/api/admin-panel/clients/{}/deactivate", leaving.id()),
        &json!({"reason": "Comportement abusif répété envers les praticiens"}),
    )
    .await
    .expect(204);
    app.catch_up().await;
    app.drain_reactions().await;
    app.catch_up().await;
    let before = figures(&app).await;
    assert_eq!(counted(&before), (1, 2, 0), "nothing held yet");

    // Act: the first consultation's room closes.
    app.advance(starts[0] + TimeDelta::minutes(90) - app.now());
    app.catch_up().await;
    app.drain_reactions().await;
    app.catch_up().await;
    let admin = signed_in(&app, admin.member.clone()).await;

    // Assert
    let after = figures(&app).await;
    assert_eq!(counted(&after), (1, 2, 1));
    assert_eq!(counted(&after), listed(&app, &admin).await);
}
