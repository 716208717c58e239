//! An administrator deactivates and reactivates client and consultant
//! accounts (docs/complaints.md): sessions revoked at once, sign-in refused
//! with a clear message (after the password check), upcoming bookings
//! cancelled by the platform with a full refund, the consultant out of the
//! directory and not bookable, everything in the history.

use chrono::TimeDelta;
use reqwest::Method;
use serde_json::{Value, json};
use sqlx::Row;

use crate::booking_support::{Party, book, booking_id, client, expert, pay, send, slots};
use crate::support::{Answer, Backend, Member, TestApp, unique_email};

on_both_backends!(
    a_deactivated_client_is_signed_out_refused_and_its_paid_booking_refunded_by_the_platform,
    a_deactivated_consultant_leaves_the_directory_and_cannot_be_booked_until_reactivated,
    only_administrators_deactivate_and_the_reason_is_bounded,
    a_hold_that_raced_the_deactivation_is_cancelled_when_the_worker_reaches_it,
);

const REASON: &str = "Comportement abusif répété envers les praticiens";

async fn admin(app: &TestApp) -> Member {
    let admin = app.create_admin(&unique_email("admin")).await;
    app.sign_in_as(&admin).await.expect(200);
    admin
}

async fn account_action(app: &TestApp, kind: &str, id: impl ToString, action: &str) -> Answer {
    let path = format!("/api/admin-panel/{kind}/{}/{action}", id.to_string());
    let call = app.post(&path);
    if action == "deactivate" {
        call.json(&json!({ "reason": REASON })).send().await
    } else {
        call.send().await
    }
}

async fn sign_in(app: &TestApp, member: &Member, password: &str) -> Answer {
    app.bare(
        Method::POST,
        &format!("/api/{}/sign-in", member.role.area()),
    )
    .same_origin()
    .lang("fr")
    .json(&json!({"email": member.email, "password": password}))
    .send()
    .await
}

async fn paid_booking(app: &TestApp, client: &Party, expert: &Party, lead: TimeDelta) -> String {
    let held = book(app, client, expert, slots(app, lead)[0], json!({})).await;
    held.expect(201);
    let id = booking_id(&held);
    pay(app, client, &id, "4242424242424242").await.expect(200);
    id
}

/// Projects, runs the reactions worker, projects what it did.
async fn settle_reactions(app: &TestApp) {
    app.catch_up().await;
    app.drain_reactions().await;
    app.catch_up().await;
}

async fn admin_read(app: &TestApp, path: &str) -> Value {
    let answer = app.read(path).await;
    answer.expect(200);
    answer.json()
}

async fn a_deactivated_client_is_signed_out_refused_and_its_paid_booking_refunded_by_the_platform(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    // Starts in 3 hours: a client's own cancellation would refund nothing now.
    let booking = paid_booking(&app, &client, &expert, TimeDelta::hours(3)).await;
    let admin = admin(&app).await;

    let deactivated = account_action(&app, "clients", client.id(), "deactivate").await;

    deactivated.expect(204);
    let old_session = app
        .bare(Method::GET, "/api/client/bookings")
        .bearer(&client.token)
        .send()
        .await;
    old_session.expect(401);
    let refused = sign_in(&app, &client.member, &client.member.password).await;
    refused.expect(403);
    assert_eq!(refused.code(), "account_deactivated");
    assert!(
        refused.message().contains("désactivé"),
        "a clear French message: {}",
        refused.message()
    );
    let wrong_password = sign_in(&app, &client.member, "not-the-password-1234").await;
    wrong_password.expect(401);
    assert_eq!(wrong_password.code(), "invalid_credentials");

    settle_reactions(&app).await;
    let row = admin_read(&app, &format!("/api/admin-panel/bookings/{booking}")).await;
    assert_eq!(row["status"], "cancelled");
    assert_eq!(row["cancelled_by"], "platform");
    assert_eq!(row["refund"]["amount_minor"], row["total"]["amount_minor"]);
    assert_eq!(row["refund"]["amount_minor"], 6000);
    settle_reactions(&app).await;
    assert_eq!(
        app.count_events("BookingCancelled").await,
        1,
        "cancelled once"
    );

    let detail = admin_read(&app, &format!("/api/admin-panel/clients/{}", client.id())).await;
    assert_eq!(detail["account_status"], "deactivated");
    assert_eq!(detail["deactivation_reason"], REASON);
    let list = admin_read(&app, "/api/admin-panel/clients").await;
    let listed = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .find(|c| c["id"] == client.id().to_string())
        .cloned()
        .expect("the client is listed");
    assert_eq!(listed["account_status"], "deactivated");
    let again = account_action(&app, "clients", client.id(), "deactivate").await;
    again.expect(409);
    assert_eq!(again.code(), "account_already_deactivated");

    account_action(&app, "clients", client.id(), "reactivate")
        .await
        .expect(204);
    sign_in(&app, &client.member, &client.member.password)
        .await
        .expect(200);
    let twice = account_action(&app, "clients", client.id(), "reactivate").await;
    twice.expect(409);
    assert_eq!(twice.code(), "account_not_deactivated");
    app.catch_up().await;
    let history = admin_read(
        &app,
        &format!("/api/admin-panel/history/client/{}", client.id()),
    )
    .await;
    let steps: Vec<&Value> = history["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter(|i| {
            ["AccountDeactivated", "AccountReactivated"]
                .contains(&i["event_type"].as_str().unwrap_or_default())
        })
        .collect();
    assert_eq!(steps.len(), 2, "{history}");
    for step in steps {
        assert_eq!(step["actor"]["id"], admin.account_id.to_string());
        assert_eq!(step["actor"]["role"], "admin");
    }
}

/// `(status, reason key, deactivated at, directory rows)` of an account.
async fn account_and_listing(
    app: &TestApp,
    id: uuid::Uuid,
) -> (String, Option<String>, Option<String>, i64) {
    let pool = &app.app.read.pool;
    let row = sqlx::query(
        "SELECT status, deactivation_reason_key, deactivated_at FROM rm_accounts WHERE account_id = $1",
    )
    .bind(id.to_string())
    .fetch_one(pool)
    .await
    .expect("the account's row");
    let listed: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM rm_directory WHERE consultant_id = $1")
            .bind(id.to_string())
            .fetch_one(pool)
            .await
            .expect("a count");
    (row.get(0), row.get(1), row.get(2), listed)
}

async fn a_deactivated_consultant_leaves_the_directory_and_cannot_be_booked_until_reactivated(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    let booking = paid_booking(&app, &client, &expert, TimeDelta::days(3)).await;
    admin(&app).await;
    app.catch_up().await;
    let listed = |body: Value| {
        body["items"]
            .as_array()
            .expect("items")
            .iter()
            .any(|e| e["id"] == expert.id().to_string())
    };
    assert!(listed(app.read("/api/public/experts").await.json()));

    account_action(&app, "consultants", expert.id(), "deactivate")
        .await
        .expect(204);
    settle_reactions(&app).await;

    assert!(!listed(app.read("/api/public/experts").await.json()));
    let slots_page = app
        .read(&format!("/api/public/experts/{}/slots", expert.id()))
        .await;
    assert!(
        slots_page.status == 404 || slots_page.json()["slots"] == json!([]),
        "no slot offered: {}",
        slots_page.text
    );
    app.read(&format!("/api/public/experts/{}", expert.id()))
        .await
        .expect(404);
    let refused = book(
        &app,
        &client,
        &expert,
        slots(&app, TimeDelta::days(4))[0],
        json!({}),
    )
    .await;
    refused.expect(409);
    assert_eq!(refused.code(), "slot_unavailable");
    let row = admin_read(&app, &format!("/api/admin-panel/bookings/{booking}")).await;
    assert_eq!(row["status"], "cancelled");
    assert_eq!(row["cancelled_by"], "platform");
    assert_eq!(row["refund"]["amount_minor"], 6000);
    let view = admin_read(
        &app,
        &format!("/api/admin-panel/consultants/{}", expert.id()),
    )
    .await;
    assert_eq!(view["account"]["account_status"], "deactivated");
    assert_eq!(view["account"]["deactivation_reason"], REASON);
    let live = account_and_listing(&app, expert.id()).await;
    app.app.projector.rebuild().await.expect("a rebuild");
    assert_eq!(
        account_and_listing(&app, expert.id()).await,
        live,
        "a rebuild gives the live rows"
    );
    assert_eq!(live.0, "deactivated");
    assert_eq!(live.3, 0, "not listed");

    account_action(&app, "consultants", expert.id(), "reactivate")
        .await
        .expect(204);
    app.catch_up().await;

    assert!(listed(app.read("/api/public/experts").await.json()));
    sign_in(&app, &expert.member, &expert.member.password)
        .await
        .expect(200);
    book(
        &app,
        &client,
        &expert,
        slots(&app, TimeDelta::days(4))[0],
        json!({}),
    )
    .await
    .expect(201);
}

async fn only_administrators_deactivate_and_the_reason_is_bounded(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let client = client(&app, false).await;
    let path = format!("/api/admin-panel/clients/{}/deactivate", client.id());

    let by_client = send(
        &app,
        &client,
        Method::POST,
        &path,
        &json!({"reason": REASON}),
    )
    .await;
    let anonymous = app
        .bare(Method::POST, &path)
        .same_origin()
        .json(&json!({"reason": REASON}))
        .send()
        .await;
    let admin = admin(&app).await;
    let short = app.post(&path).json(&json!({"reason": "ab"})).send().await;
    let long = app
        .post(&path)
        .json(&json!({"reason": "a".repeat(501)}))
        .send()
        .await;
    let wrong_kind = account_action(&app, "consultants", client.id(), "deactivate").await;
    let an_admin = account_action(&app, "clients", admin.account_id, "deactivate").await;
    let unknown = account_action(&app, "clients", uuid::Uuid::now_v7(), "deactivate").await;

    assert!(
        [401, 403, 404].contains(&by_client.status.as_u16()),
        "{}",
        by_client.status
    );
    anonymous.expect(401);
    short.expect(400);
    assert_eq!(short.code(), "validation_failed");
    assert!(short.field("reason").is_some());
    long.expect(400);
    assert!(long.field("reason").is_some());
    wrong_kind.expect(404);
    an_admin.expect(404);
    unknown.expect(404);
    assert_eq!(app.count_events("AccountDeactivated").await, 0);
    // The client's session still works: nothing was deactivated.
    app.bare(Method::GET, "/api/client/bookings")
        .bearer(&client.token)
        .send()
        .await
        .expect(200);
}

/// Appends a hold as a booking decided just before the deactivation would,
/// committed just after it.
async fn late_hold(app: &TestApp, client: &Party, expert: &Party) -> uuid::Uuid {
    use domain::booking::{self, BookingEvent};
    use domain::values::{Currency, Money};
    use store::{AppendRequest, EventMetadata, ExpectedVersion, NewEvent, StreamAppend, StreamId};
    let booking_id = uuid::Uuid::now_v7();
    let start = slots(app, TimeDelta::days(3))[0];
    let eur = |minor| Money::new(minor, Currency::Eur);
    let (event_type, schema_version, payload) = domain::codec::encode(&BookingEvent::BookingHeld {
        booking_id,
        consultant_id: expert.id(),
        client_id: client.id(),
        start,
        end: start + TimeDelta::hours(1),
        duration_minutes: 60,
        price: eur(6000),
        discount: eur(0),
        total: eur(6000),
        free: false,
        coupon_id: None,
        coupon_code: None,
        hold_expires_at: app.now() + TimeDelta::minutes(15),
        at: app.now(),
    });
    app.app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: StreamId::new(booking::CATEGORY, booking_id),
                expected: ExpectedVersion::Exact(0),
                events: vec![NewEvent {
                    event_id: uuid::Uuid::now_v7(),
                    event_type,
                    schema_version,
                    payload,
                    metadata: EventMetadata {
                        actor_id: Some(client.id()),
                        actor_role: Some("client".into()),
                        correlation_id: uuid::Uuid::now_v7(),
                        causation_id: None,
                        recorded_at: app.now(),
                    },
                }],
            }],
            side_writes: vec![],
        })
        .await
        .expect("the hold is appended");
    booking_id
}

async fn a_hold_that_raced_the_deactivation_is_cancelled_when_the_worker_reaches_it(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    admin(&app).await;
    account_action(&app, "clients", client.id(), "deactivate")
        .await
        .expect(204);
    // The worker has handled the deactivation before the hold commits.
    settle_reactions(&app).await;

    let booking = late_hold(&app, &client, &expert).await;
    settle_reactions(&app).await;
    settle_reactions(&app).await;

    let row = admin_read(&app, &format!("/api/admin-panel/bookings/{booking}")).await;
    assert_eq!(row["status"], "cancelled");
    assert_eq!(row["cancelled_by"], "platform");
    assert_eq!(row["refund"]["amount_minor"], 0, "nothing was paid");
    assert_eq!(
        app.count_events("BookingCancelled").await,
        1,
        "cancelled once"
    );
}
