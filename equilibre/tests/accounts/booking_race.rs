//! No double booking under concurrency (DESIGN §4): racing attempts at one
//! slot or at overlapping slots, and a coupon's use limit; both backends.

use chrono::{DateTime, TimeDelta, Utc};
use futures::future::join_all;
use reqwest::Method;
use serde_json::json;

use crate::booking_support::{Party, book, client, expert, send, signed_in, slots};
use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(
    fifty_racing_attempts_at_one_slot_give_exactly_one_booking,
    fifty_racing_attempts_at_overlapping_slots_give_exactly_one_booking,
    a_coupons_use_limit_holds_under_twenty_concurrent_redemptions,
);

async fn clients(app: &TestApp, n: usize) -> Vec<Party> {
    let mut all = Vec::new();
    for _ in 0..n {
        all.push(client(app, true).await);
    }
    all
}

/// Fires one booking attempt per start (client `i % clients`) at once and
/// returns `(status, code, message)` of each.
async fn race(
    app: &TestApp,
    clients: &[Party],
    expert: &Party,
    starts: &[DateTime<Utc>],
    extra: serde_json::Value,
) -> Vec<(u16, String, String)> {
    let attempts = starts.iter().enumerate().map(|(i, start)| {
        book(
            app,
            &clients[i % clients.len()],
            expert,
            *start,
            extra.clone(),
        )
    });
    join_all(attempts)
        .await
        .into_iter()
        .map(|a| (a.status.as_u16(), a.code(), a.message()))
        .collect()
}

async fn assert_one_winner(app: &TestApp, answers: &[(u16, String, String)]) {
    let won = answers.iter().filter(|a| a.0 == 201).count();
    assert_eq!(won, 1, "{answers:?}");
    for (status, code, message) in answers.iter().filter(|a| a.0 != 201) {
        assert_eq!((*status, code.as_str()), (409, "slot_taken"), "{answers:?}");
        assert!(message.contains("créneau"), "translated: {message}");
    }
    // Nothing else was held: one booking, one interval per party
    assert_eq!(app.count_events("BookingHeld").await, 1);
    assert_eq!(app.count_events("IntervalReserved").await, 2);
}

async fn fifty_racing_attempts_at_one_slot_give_exactly_one_booking(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let clients = clients(&app, 10).await;
    let start = slots(&app, TimeDelta::days(2))[0];
    let answers = race(&app, &clients, &expert, &[start; 50], json!({})).await;
    assert_one_winner(&app, &answers).await;
}

async fn fifty_racing_attempts_at_overlapping_slots_give_exactly_one_booking(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let clients = clients(&app, 10).await;
    // 09:00–10:00 and 09:30–10:30 Paris: both published (two windows), they overlap
    // (the first such pair after the lead: which slot comes first depends on the hour the test runs)
    let all = slots(&app, TimeDelta::days(2));
    let (first, second) = all
        .windows(2)
        .map(|pair| (pair[0], pair[1]))
        .find(|(a, b)| *b - *a == TimeDelta::minutes(30))
        .expect("two published slots 30 minutes apart");
    let starts: Vec<_> = (0..50_u32)
        .map(|i| if i.is_multiple_of(2) { first } else { second })
        .collect();
    let answers = race(&app, &clients, &expert, &starts, json!({})).await;
    assert_one_winner(&app, &answers).await;
}

async fn a_coupons_use_limit_holds_under_twenty_concurrent_redemptions(backend: Backend) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let admin = signed_in(&app, admin).await;
    let expert = expert(&app).await;
    let clients = clients(&app, 10).await;
    send(
        &app,
        &admin,
        Method::POST,
        "/api/admin-panel/coupons",
        &json!({
            "code": "RUSH", "kind": "fixed", "amount": {"amount_minor": 1000, "currency": "EUR"},
            "valid_from": app.now(), "valid_until": app.now() + TimeDelta::days(30),
            "max_uses": 5,
        }),
    )
    .await
    .expect(201);
    // Twenty slots that do not overlap, so only the coupon is contended
    let mut starts: Vec<DateTime<Utc>> = Vec::new();
    for start in slots(&app, TimeDelta::days(2)) {
        if starts
            .last()
            .is_none_or(|last| start >= *last + TimeDelta::hours(1))
        {
            starts.push(start);
        }
    }
    starts.truncate(20);
    assert_eq!(starts.len(), 20);
    let answers = race(
        &app,
        &clients,
        &expert,
        &starts,
        json!({"coupon_code": "rush"}),
    )
    .await;
    let won = answers.iter().filter(|a| a.0 == 201).count();
    assert_eq!(won, 5, "{answers:?}");
    assert!(
        answers
            .iter()
            .filter(|a| a.0 != 201)
            .all(|a| a.0 == 400 && a.1 == "coupon_used_up"),
        "{answers:?}"
    );
    assert_eq!(app.count_events("CouponRedeemed").await, 5);
}
