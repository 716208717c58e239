//! Booking end to end (docs/booking.md): hold, pay, free first
//! consultation, coupons, cancel, reschedule, expiry; on both backends.

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::json;

use crate::booking_support::{
    book, booking_id, client, expert, pay, quote, send, signed_in, slots,
};
use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(
    a_client_books_pays_and_only_the_cards_brand_and_last_four_are_kept,
    booking_is_refused_until_the_consent_form_is_uploaded,
    the_free_first_consultation_confirms_at_once_and_only_once,
    an_unpaid_hold_expires_after_fifteen_minutes_and_frees_the_slot,
    cancelling_refunds_in_full_ahead_of_time_and_frees_the_slot,
    a_late_client_cancellation_refunds_nothing,
    rescheduling_moves_the_same_booking_to_a_free_slot,
    a_client_cannot_hold_two_overlapping_bookings,
    coupons_are_created_applied_and_disabled_by_administrators,
    an_administrator_cancels_a_booking_and_the_client_is_refunded_in_full,
    the_reason_typed_on_cancelling_is_kept_apart_and_shown_to_administrators,
    a_no_show_is_reported_after_the_end_and_completion_is_recorded_at_the_rooms_close,
    a_consultant_notes_privately_about_a_client_they_have_booked_only,
);

async fn a_client_books_pays_and_only_the_cards_brand_and_last_four_are_kept(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let start = slots(&app, TimeDelta::days(3))[0];

    let held = book(&app, &client, &expert, start, json!({})).await;
    held.expect(201);
    assert_eq!(held.json()["status"], "held");
    assert_eq!(
        held.json()["total"],
        json!({"amount_minor": 6000, "currency": "EUR"})
    );
    let id = booking_id(&held);

    let declined = pay(&app, &client, &id, "4000 0000 0000 0002").await;
    declined.expect(402);
    assert_eq!(declined.code(), "card_declined");
    assert!(
        declined.message().contains("carte"),
        "{}",
        declined.message()
    );
    let poor = pay(&app, &client, &id, "4000000000009995").await;
    assert_eq!(
        (poor.status.as_u16(), poor.code().as_str()),
        (402, "insufficient_funds")
    );

    // Another client cannot pay it; its own client can
    let stranger = crate::booking_support::client(&app, true).await;
    pay(&app, &stranger, &id, "4242424242424242")
        .await
        .expect(404);
    let paid = pay(&app, &client, &id, "4242 4242 4242 4242").await;
    paid.expect(200);
    let row = paid.json();
    assert_eq!(row["status"], "confirmed");
    assert_eq!(row["card"], json!({"brand": "visa", "last4": "4242"}));
    assert_eq!(
        row["start"]
            .as_str()
            .map(|s| s.parse::<chrono::DateTime<chrono::Utc>>().unwrap()),
        Some(start)
    );
    pay(&app, &client, &id, "4242424242424242")
        .await
        .expect(409);

    let events = app.all_events().await;
    assert!(
        events
            .iter()
            .all(|e| !e.payload.contains("4242424242424242") && !e.payload.contains("\"123\"")),
        "no card number or security code in any event"
    );
    let confirmed = events
        .iter()
        .find(|e| e.event_type == "BookingConfirmed")
        .expect("confirmed");
    assert!(confirmed.payload.contains("pi_sandbox_"));
}

async fn booking_is_refused_until_the_consent_form_is_uploaded(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let client = client(&app, false).await;
    let start = slots(&app, TimeDelta::days(3))[0];
    let refused = book(&app, &client, &expert, start, json!({})).await;
    refused.expect(409);
    assert_eq!(refused.code(), "consent_form_missing");
    assert!(
        refused.message().contains("consentement"),
        "{}",
        refused.message()
    );
    crate::booking_support::upload_consent(&app, client.id()).await;
    book(&app, &client, &expert, start, json!({}))
        .await
        .expect(201);
}

async fn the_free_first_consultation_confirms_at_once_and_only_once(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let starts = slots(&app, TimeDelta::days(3));
    let offered = quote(&app, &client, &expert, starts[0], "").await;
    assert_eq!(offered["free_first_eligible"], true);
    let free = book(&app, &client, &expert, starts[0], json!({"free": true})).await;
    free.expect(201);
    // The checkout page follows the command: no second free consultation.
    let after = quote(&app, &client, &expert, starts[5], "").await;
    assert_eq!(after["free_first_eligible"], false);
    assert_eq!(after["slot_free"], true);
    assert_eq!(free.json()["status"], "confirmed");
    assert_eq!(free.json()["total"]["amount_minor"], 0);
    let again = book(&app, &client, &expert, starts[5], json!({"free": true})).await;
    again.expect(409);
    assert_eq!(again.code(), "free_not_eligible");
    // Paying is still possible
    book(&app, &client, &expert, starts[5], json!({}))
        .await
        .expect(201);
}

async fn an_unpaid_hold_expires_after_fifteen_minutes_and_frees_the_slot(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app).await;
    let (first, second) = (client(&app, true).await, client(&app, true).await);
    let start = slots(&app, TimeDelta::days(3))[0];
    let held = book(&app, &first, &expert, start, json!({})).await;
    held.expect(201);
    let id = booking_id(&held);
    book(&app, &second, &expert, start, json!({}))
        .await
        .expect(409);

    app.drain_reactions().await;
    app.advance(TimeDelta::minutes(15) - TimeDelta::seconds(1));
    app.drain_reactions().await;
    assert_eq!(app.count_events("BookingExpired").await, 0);
    app.advance(TimeDelta::seconds(1));
    app.drain_reactions().await;
    assert_eq!(app.count_events("BookingExpired").await, 1);

    let late = pay(&app, &first, &id, "4242424242424242").await;
    late.expect(409);
    assert_eq!(late.code(), "hold_expired");
    book(&app, &second, &expert, start, json!({}))
        .await
        .expect(201);
    app.drain_reactions().await;
    assert_eq!(app.count_events("BookingExpired").await, 1, "expired once");
}

async fn paid(
    app: &TestApp,
    client: &crate::booking_support::Party,
    expert: &crate::booking_support::Party,
    start: chrono::DateTime<chrono::Utc>,
) -> String {
    let held = book(app, client, expert, start, json!({})).await;
    held.expect(201);
    let id = booking_id(&held);
    pay(app, client, &id, "5555555555554444").await.expect(200);
    id
}

async fn cancelling_refunds_in_full_ahead_of_time_and_frees_the_slot(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let starts = slots(&app, TimeDelta::days(3));
    let by_client = paid(&app, &client, &expert, starts[0]).await;
    let by_expert = paid(&app, &client, &expert, starts[4]).await;

    let cancelled = send(
        &app,
        &client,
        Method::POST,
        &format!("/api/client/bookings/{by_client}/cancel"),
        &json!({}),
    )
    .await;
    cancelled.expect(200);
    assert_eq!(cancelled.json()["status"], "cancelled");
    assert_eq!(cancelled.json()["cancelled_by"], "client");
    assert_eq!(cancelled.json()["refund"]["amount_minor"], 6000);
    // The consultant cannot cancel a booking twice, and the client not theirs
    let other = crate::booking_support::client(&app, true).await;
    send(
        &app,
        &other,
        Method::POST,
        &format!("/api/client/bookings/{by_expert}/cancel"),
        &json!({}),
    )
    .await
    .expect(404);
    let by_consultant = send(
        &app,
        &expert,
        Method::POST,
        &format!("/api/consultant/bookings/{by_expert}/cancel"),
        &json!({}),
    )
    .await;
    by_consultant.expect(200);
    assert_eq!(by_consultant.json()["cancelled_by"], "consultant");
    assert_eq!(by_consultant.json()["refund"]["amount_minor"], 6000);
    let twice = send(
        &app,
        &expert,
        Method::POST,
        &format!("/api/consultant/bookings/{by_expert}/cancel"),
        &json!({}),
    )
    .await;
    assert_eq!(twice.code(), "booking_not_cancellable");
    // The slot is free again
    book(&app, &other, &expert, starts[0], json!({}))
        .await
        .expect(201);
    let refunds = app.all_events().await;
    assert_eq!(
        refunds
            .iter()
            .filter(|e| e.event_type == "BookingCancelled" && e.payload.contains("re_sandbox_"))
            .count(),
        2
    );
}

async fn a_late_client_cancellation_refunds_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    // Every first slot 3 h ahead is less than 24 h ahead (nights last 15 h)
    let start = slots(&app, TimeDelta::hours(3))[0];
    assert!(start - app.now() < TimeDelta::hours(24));
    let id = paid(&app, &client, &expert, start).await;
    let cancelled = send(
        &app,
        &client,
        Method::POST,
        &format!("/api/client/bookings/{id}/cancel"),
        &json!({}),
    )
    .await;
    cancelled.expect(200);
    assert_eq!(cancelled.json()["refund"]["amount_minor"], 0);
}

async fn rescheduling_moves_the_same_booking_to_a_free_slot(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let (client, other) = (
        client(&app, true).await,
        crate::booking_support::client(&app, true).await,
    );
    let starts = slots(&app, TimeDelta::days(3));
    let id = paid(&app, &client, &expert, starts[0]).await;
    let taken = paid(&app, &other, &expert, starts[4]).await;
    let path = format!("/api/client/bookings/{id}/reschedule");
    let refused = send(
        &app,
        &client,
        Method::POST,
        &path,
        &json!({"start": starts[4]}),
    )
    .await;
    refused.expect(409);
    assert_eq!(refused.code(), "slot_taken");
    let moved = send(
        &app,
        &client,
        Method::POST,
        &path,
        &json!({"start": starts[6]}),
    )
    .await;
    moved.expect(200);
    assert_eq!(moved.json()["id"].as_str(), Some(id.as_str()));
    assert_eq!(moved.json()["status"], "confirmed");
    assert_eq!(
        moved.json()["start"]
            .as_str()
            .map(|s| s.parse::<chrono::DateTime<chrono::Utc>>().unwrap()),
        Some(starts[6])
    );
    // The old slot is free, the new one is not
    let third = crate::booking_support::client(&app, true).await;
    book(&app, &third, &expert, starts[0], json!({}))
        .await
        .expect(201);
    let blocked = book(&app, &third, &expert, starts[6], json!({})).await;
    assert!(
        matches!(blocked.code().as_str(), "slot_taken" | "client_overlap"),
        "{}",
        blocked.text
    );
    assert!(!taken.is_empty());
}

async fn a_client_cannot_hold_two_overlapping_bookings(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (first, second) = (expert(&app).await, expert(&app).await);
    let client = client(&app, true).await;
    let starts = slots(&app, TimeDelta::days(3));
    book(&app, &client, &first, starts[0], json!({}))
        .await
        .expect(201);
    let overlap = book(&app, &client, &second, starts[0], json!({})).await;
    overlap.expect(409);
    assert_eq!(overlap.code(), "client_overlap");
    assert!(!overlap.message().is_empty() && overlap.message() != "client_overlap");
}

async fn coupons_are_created_applied_and_disabled_by_administrators(backend: Backend) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let admin = signed_in(&app, admin).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let starts = slots(&app, TimeDelta::days(3));
    let coupon = json!({
        "code": "bienvenue", "kind": "percent", "percent": 25,
        "valid_from": app.now() - TimeDelta::days(1), "valid_until": app.now() + TimeDelta::days(30),
        "max_uses": 10, "max_uses_per_client": 1,
    });
    let created = send(
        &app,
        &admin,
        Method::POST,
        "/api/admin-panel/coupons",
        &coupon,
    )
    .await;
    created.expect(201);
    let coupon_id = created.json()["coupon_id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let duplicate = send(&app, &admin, Method::POST, "/api/admin-panel/coupons", &{
        let mut again = coupon.clone();
        again["code"] = json!("BIENVENUE");
        again
    })
    .await;
    duplicate.expect(409);
    assert_eq!(duplicate.code(), "coupon_code_taken");
    // A client cannot create coupons
    send(
        &app,
        &client,
        Method::POST,
        "/api/admin-panel/coupons",
        &coupon,
    )
    .await
    .expect(403);

    let promised = quote(&app, &client, &expert, starts[0], "Bienvenue").await;
    assert_eq!(promised["coupon"]["applied"], true);
    assert_eq!(promised["total"]["amount_minor"], 4500);
    let discounted = book(
        &app,
        &client,
        &expert,
        starts[0],
        json!({"coupon_code": "Bienvenue"}),
    )
    .await;
    discounted.expect(201);
    assert_eq!(discounted.json()["total"]["amount_minor"], 4500);
    // The administrators' list counts the live use
    app.catch_up().await;
    let listed = app
        .bare(Method::GET, "/api/admin-panel/coupons")
        .bearer(&admin.token)
        .send()
        .await;
    listed.expect(200);
    assert_eq!(listed.json()["items"][0]["uses"], 1);
    // The quotes then give the command's own refusals, from the read models
    let used = quote(&app, &client, &expert, starts[5], "bienvenue").await;
    assert_eq!(used["coupon"]["error_code"], "coupon_client_limit");
    assert_eq!(used["total"]["amount_minor"], 6000);
    let nope = quote(&app, &client, &expert, starts[5], "nope-nope").await;
    assert_eq!(nope["coupon"]["error_code"], "coupon_unknown");
    let limit = book(
        &app,
        &client,
        &expert,
        starts[5],
        json!({"coupon_code": "bienvenue"}),
    )
    .await;
    assert_eq!(
        (limit.status.as_u16(), limit.code().as_str()),
        (400, "coupon_client_limit")
    );
    let unknown = book(
        &app,
        &client,
        &expert,
        starts[5],
        json!({"coupon_code": "nope-nope"}),
    )
    .await;
    assert_eq!(unknown.code(), "coupon_unknown");

    send(
        &app,
        &admin,
        Method::POST,
        &format!("/api/admin-panel/coupons/{coupon_id}/disable"),
        &json!({}),
    )
    .await
    .expect(204);
    let other = crate::booking_support::client(&app, true).await;
    let disabled = book(
        &app,
        &other,
        &expert,
        starts[5],
        json!({"coupon_code": "bienvenue"}),
    )
    .await;
    assert_eq!(disabled.code(), "coupon_disabled");
    let off = quote(&app, &other, &expert, starts[5], "bienvenue").await;
    assert_eq!(off["coupon"]["error_code"], "coupon_disabled");
}

async fn a_no_show_is_reported_after_the_end_and_completion_is_recorded_at_the_rooms_close(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let starts = slots(&app, TimeDelta::hours(3));
    let later = *starts
        .iter()
        .find(|s| **s >= starts[0] + TimeDelta::hours(1))
        .expect("a later slot");
    let absent = paid(&app, &client, &expert, starts[0]).await;
    let present = paid(&app, &client, &expert, later).await;
    let no_show = |id: &str| format!("/api/consultant/bookings/{id}/no-show");
    let early = send(&app, &expert, Method::POST, &no_show(&absent), &json!({})).await;
    early.expect(409);
    assert_eq!(early.code(), "booking_not_ended");
    app.drain_reactions().await;

    app.advance(starts[0] + TimeDelta::hours(1) - app.now());
    // Sessions last 12 hours: sign in again after moving the clock
    let expert = signed_in(&app, expert.member.clone()).await;
    let reported = send(&app, &expert, Method::POST, &no_show(&absent), &json!({})).await;
    reported.expect(200);
    assert_eq!(reported.json()["status"], "no_show");
    app.advance(later + TimeDelta::minutes(90) - app.now());
    app.drain_reactions().await;
    let events = app.all_events().await;
    let completed: Vec<_> = events
        .iter()
        .filter(|e| e.event_type == "BookingCompleted")
        .collect();
    assert_eq!(
        completed.len(),
        1,
        "only the session that took place is completed"
    );
    assert!(completed[0].payload.contains(&present));
}

async fn a_consultant_notes_privately_about_a_client_they_have_booked_only(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = expert(&app).await;
    let (client, stranger) = (
        client(&app, true).await,
        crate::booking_support::client(&app, true).await,
    );
    let start = slots(&app, TimeDelta::days(3))[0];
    let note = |client_id: uuid::Uuid, booking: Option<&str>| json!({"client_id": client_id, "booking_id": booking, "text": "Sommeil agité, revoir dans un mois."});
    // No confirmed booking together yet: not found, even with a held booking
    let held = book(&app, &client, &expert, start, json!({})).await;
    let id = booking_id(&held);
    send(
        &app,
        &expert,
        Method::POST,
        "/api/consultant/notes",
        &note(client.id(), Some(&id)),
    )
    .await
    .expect(404);
    pay(&app, &client, &id, "4242424242424242")
        .await
        .expect(200);
    let added = send(
        &app,
        &expert,
        Method::POST,
        "/api/consultant/notes",
        &note(client.id(), Some(&id)),
    )
    .await;
    added.expect(201);
    assert!(added.json()["note_id"].is_string());
    send(
        &app,
        &expert,
        Method::POST,
        "/api/consultant/notes",
        &note(stranger.id(), None),
    )
    .await
    .expect(404);
    let empty = send(
        &app,
        &expert,
        Method::POST,
        "/api/consultant/notes",
        &json!({"client_id": client.id(), "text": " "}),
    )
    .await;
    empty.expect(400);
    // The text is a forgettable payload, never in an event
    assert!(
        app.all_events()
            .await
            .iter()
            .all(|e| !e.payload.contains("Sommeil"))
    );
    assert_eq!(app.count_events("NoteAdded").await, 1);
}

async fn an_administrator_cancels_a_booking_and_the_client_is_refunded_in_full(backend: Backend) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let admin = signed_in(&app, admin).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let start = slots(&app, TimeDelta::hours(3))[0];
    let id = paid(&app, &client, &expert, start).await;
    let path = format!("/api/admin-panel/bookings/{id}/cancel");

    let by_client_area = send(&app, &client, Method::POST, &path, &json!({})).await;
    let cancelled = send(&app, &admin, Method::POST, &path, &json!({})).await;
    let again = send(&app, &admin, Method::POST, &path, &json!({})).await;
    let unknown = send(
        &app,
        &admin,
        Method::POST,
        &format!("/api/admin-panel/bookings/{}/cancel", uuid::Uuid::now_v7()),
        &json!({}),
    )
    .await;

    assert_ne!(
        by_client_area.status, 200,
        "a client cannot use the admin route"
    );
    cancelled.expect(200);
    assert_eq!(cancelled.json()["status"], "cancelled");
    assert_eq!(cancelled.json()["cancelled_by"], "admin");
    assert_eq!(cancelled.json()["refund"]["amount_minor"], 6000);
    again.expect(409);
    assert_eq!(again.code(), "booking_not_cancellable");
    unknown.expect(404);
    // The slot is free again.
    book(&app, &client, &expert, start, json!({}))
        .await
        .expect(201);
}

async fn the_reason_typed_on_cancelling_is_kept_apart_and_shown_to_administrators(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let admin = signed_in(&app, admin).await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let starts = slots(&app, TimeDelta::days(3));
    let id = paid(&app, &client, &expert, starts[0]).await;
    let silent = paid(&app, &client, &expert, starts[4]).await;
    let path = format!("/api/client/bookings/{id}/cancel");
    let read = |party: &crate::booking_support::Party, area: &str, booking: &str| {
        app.bare(Method::GET, &format!("/api/{area}/bookings/{booking}"))
            .bearer(&party.token)
            .send()
    };

    let too_long = send(
        &app,
        &client,
        Method::POST,
        &path,
        &json!({"reason": "é".repeat(501)}),
    )
    .await;
    let cancelled = send(
        &app,
        &client,
        Method::POST,
        &path,
        &json!({"reason": "  Un imprévu familial, désolée.  "}),
    )
    .await;
    send(
        &app,
        &expert,
        Method::POST,
        &format!("/api/consultant/bookings/{silent}/cancel"),
        &json!({"reason": "   "}),
    )
    .await
    .expect(200);
    app.catch_up().await;
    let for_admin = read(&admin, "admin-panel", &id).await;
    let for_client = read(&client, "client", &id).await;
    let without_reason = read(&admin, "admin-panel", &silent).await;

    too_long.expect(400);
    assert_eq!(too_long.code(), "validation_failed");
    assert!(
        too_long.field("reason").is_some_and(|m| m.contains("500")),
        "{:?}",
        too_long.json()
    );
    cancelled.expect(200);
    assert_eq!(cancelled.json()["status"], "cancelled");
    // The text is in the payload store only, referenced by the event
    let events = app.all_events().await;
    assert!(!events.iter().any(|e| e.payload.contains("imprévu")));
    let cancellations: Vec<_> = events
        .iter()
        .filter(|e| e.event_type == "BookingCancelled")
        .collect();
    assert_eq!(cancellations.len(), 2);
    assert!(
        cancellations
            .iter()
            .any(|e| e.payload.contains("cancel-reason"))
    );
    for_admin.expect(200);
    assert_eq!(
        for_admin.json()["cancellation_reason"],
        "Un imprévu familial, désolée."
    );
    for_client.expect(200);
    assert!(for_client.json().get("cancellation_reason").is_none());
    without_reason.expect(200);
    assert!(without_reason.json().get("cancellation_reason").is_none());

    // Forgetting the client erases the text; the administrator sees that it was
    let forgotten = send(
        &app,
        &admin,
        Method::POST,
        &format!("/api/admin-panel/accounts/{}/forget", client.id()),
        &json!({}),
    )
    .await;
    forgotten.expect(204);
    app.catch_up().await;
    let erased = read(&admin, "admin-panel", &id).await;
    erased.expect(200);
    assert_eq!(erased.json()["cancellation_reason"], "[erased]");
}
