//! Input without bounds (docs/rules.md "Bounds"): out-of-range queries,
//! dates outside the sane window, inverted intervals and bookings beyond the
//! horizon are refused with a 400 in the JSON envelope, and change nothing.

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::json;

use crate::booking_support::{book, client, expert, send, signed_in, slots};
use crate::support::{Answer, Backend, TestApp, unique_email};

on_both_backends!(
    unreadable_or_out_of_range_query_parameters_answer_400_in_the_envelope,
    a_min_position_the_store_never_issued_is_refused_at_once,
    bookings_beyond_the_horizon_and_dates_outside_the_window_are_refused,
    an_inverted_timing_range_is_refused,
);

fn assert_envelope(answer: &Answer, status: u16, code: &str) {
    answer.expect(status);
    assert_eq!(
        answer.header("content-type"),
        Some("application/json"),
        "{code}"
    );
    assert_eq!(answer.code(), code);
    assert!(!answer.message().is_empty());
}

async fn unreadable_or_out_of_range_query_parameters_answer_400_in_the_envelope(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;

    let unreadable = app
        .get("/api/public/experts?page=abc")
        .lang("fr")
        .send()
        .await;
    assert_envelope(&unreadable, 400, "malformed_request");
    assert!(
        unreadable.message().contains("paramètre"),
        "{}",
        unreadable.message()
    );

    for path in [
        "/api/public/experts?page=0",
        "/api/public/experts?page_size=0",
        "/api/public/experts?page_size=49",
        "/api/public/experts?page=10001",
    ] {
        let answer = app.get(path).send().await;
        assert_envelope(&answer, 400, "validation_failed");
    }
    let id = expert.id();
    for days in ["0", "63", "100000"] {
        let answer = app
            .get(&format!("/api/public/experts/{id}/slots?days={days}"))
            .send()
            .await;
        assert_envelope(&answer, 400, "validation_failed");
        assert!(answer.field("days").is_some());
    }
    // Reading what this test wrote (the expert), like the SPA after a write.
    app.read(&format!("/api/public/experts/{id}/slots?days=62"))
        .await
        .expect(200);
    let far = app
        .get(&format!("/api/public/experts/{id}/slots?from=2999-01-01"))
        .send()
        .await;
    assert_envelope(&far, 400, "validation_failed");

    let not_a_uuid = app.get("/api/public/experts/not-a-uuid/slots").send().await;
    assert!(not_a_uuid.status.is_client_error());
    assert_eq!(not_a_uuid.header("content-type"), Some("application/json"));
}

async fn a_min_position_the_store_never_issued_is_refused_at_once(backend: Backend) {
    let app = TestApp::start(backend).await;
    let started = std::time::Instant::now();
    let beyond = app
        .get("/api/public/experts")
        .header("x-min-position", "999999999.999999999")
        .send()
        .await;
    assert_envelope(&beyond, 400, "validation_failed");
    assert!(beyond.field("x-min-position").is_some());
    // Refused, not waited for: well under the 2 s a lagging projector gets.
    assert!(started.elapsed() < std::time::Duration::from_millis(1500));
    let garbage = app
        .get("/api/public/experts")
        .header("x-min-position", "yesterday")
        .send()
        .await;
    assert_envelope(&garbage, 400, "validation_failed");
}

async fn bookings_beyond_the_horizon_and_dates_outside_the_window_are_refused(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;

    // Published weekly, but more than 180 days ahead: not offered, not bookable.
    let far = slots(&app, TimeDelta::days(200))[0];
    let refused = book(&app, &client, &expert, far, json!({})).await;
    assert!(refused.status.is_client_error(), "{}", refused.status);
    assert_eq!(refused.code(), "slot_unavailable");
    let near = slots(&app, TimeDelta::days(3))[0];
    book(&app, &client, &expert, near, json!({}))
        .await
        .expect(201);

    let quote = app
        .bare(
            Method::GET,
            &format!(
                "/api/client/booking-quote?consultant_id={}&start=-70000000000",
                expert.id()
            ),
        )
        .bearer(&client.token)
        .send()
        .await;
    assert_envelope(&quote, 400, "validation_failed");
    assert!(quote.field("start").is_some());
    let long_coupon = app
        .bare(
            Method::GET,
            &format!(
                "/api/client/booking-quote?consultant_id={}&start={}&coupon={}",
                expert.id(),
                app.now().timestamp() + 86_400,
                "A".repeat(65)
            ),
        )
        .bearer(&client.token)
        .send()
        .await;
    assert_envelope(&long_coupon, 400, "validation_failed");
    assert!(long_coupon.field("coupon").is_some());

    let admin = app.create_admin(&unique_email("admin")).await;
    let admin = signed_in(&app, admin).await;
    let forever = send(
        &app,
        &admin,
        Method::POST,
        "/api/admin-panel/coupons",
        &json!({
            "code": "toujours", "kind": "percent", "percent": 10,
            "valid_from": app.now(), "valid_until": "9999-12-31T00:00:00Z",
            "max_uses": 10, "max_uses_per_client": 1,
        }),
    )
    .await;
    assert_envelope(&forever, 400, "validation_failed");
    assert!(forever.field("valid_until").is_some());
}

async fn an_inverted_timing_range_is_refused(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let inverted = send(
        &app,
        &expert,
        Method::PUT,
        "/api/consultant/timings",
        &json!({"rules": [{"weekday": "monday", "start": "12:00", "end": "09:00"}], "days_off": []}),
    )
    .await;
    assert_envelope(&inverted, 400, "validation_failed");
    assert!(inverted.field("rules[0].end").is_some());
    // Until midnight is a range, not an inversion.
    send(
        &app,
        &expert,
        Method::PUT,
        "/api/consultant/timings",
        &json!({"rules": [{"weekday": "monday", "start": "20:00", "end": "00:00"}], "days_off": []}),
    )
    .await
    .expect(204);
    // What the read returns, the write accepts back.
    let read = app
        .bare(Method::GET, "/api/consultant/timings")
        .bearer(&expert.token)
        .send()
        .await;
    read.expect(200);
    send(
        &app,
        &expert,
        Method::PUT,
        "/api/consultant/timings",
        &read.json(),
    )
    .await
    .expect(204);
}
