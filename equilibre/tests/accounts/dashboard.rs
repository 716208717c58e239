//! The administrators' dashboard (issue 10, `docs/complaints.md`
//! "Dashboard"): its weekly figures equal what the admin lists show for the
//! same week, revenue is paid and refunded in the weeks money moved, sign-ups
//! count per role, open complaints by age, the period is bounded, and
//! `rm_week_stats` rebuilt from zero equals the live one; on both backends.

use chrono::{DateTime, Datelike as _, Days, NaiveDate, TimeDelta, TimeZone as _, Utc};
use domain::booking::BookingEvent;
use domain::codec;
use domain::values::{Currency, Money};
use projector::projections::stats::{ZONE, week_of};
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, SideWrite, StreamAppend, StreamId,
};
use uuid::Uuid;

use crate::booking_support::{
    Party, book, booking_id, client, expert, pay, send, signed_in, slots,
};
use crate::support::{Backend, TestApp, unique_email};

on_both_backends!(
    the_dashboard_counts_what_the_lists_show_for_each_week_and_its_table_rebuilds_the_same,
    the_period_is_4_12_or_52_weeks_and_only_administrators_read_it,
);

/// The first slot of `count` distinct days (so one client may hold them all).
fn one_per_day(starts: &[DateTime<Utc>], count: usize) -> Vec<DateTime<Utc>> {
    let mut days: Vec<NaiveDate> = Vec::new();
    let mut picked = Vec::new();
    for start in starts {
        let day = start.with_timezone(&ZONE).date_naive();
        if !days.contains(&day) {
            days.push(day);
            picked.push(*start);
        }
    }
    assert!(picked.len() >= count, "enough days with slots");
    picked.truncate(count);
    picked
}

/// A complaint of `client` about `booking`, filed at `filed`, as its
/// command records it (`docs/complaints.md`), then `then` a minute later.
async fn complaint(
    app: &TestApp,
    client: &Party,
    booking: Uuid,
    filed: DateTime<Utc>,
    then: Option<&str>,
) {
    let id = Uuid::now_v7();
    let key = format!("complaint-{id}");
    let filing = json!({
        "complaint_id": id, "author_id": client.id(), "author_role": "client",
        "respondent_id": null, "respondent_role": null, "booking_id": booking,
        "booking_start": filed, "complaint_type_id": Uuid::now_v7(),
        "desired_outcome": null, "text": {"subject": client.id(), "key": key},
        "attachments": [], "at": filed,
    });
    let mut events = vec![("ComplaintFiled", filing)];
    if let Some(next) = then {
        events.push((next, json!({"at": filed + TimeDelta::minutes(1)})));
    }
    let metadata = EventMetadata {
        actor_id: Some(client.id()),
        actor_role: Some("client".into()),
        correlation_id: Uuid::now_v7(),
        causation_id: None,
        recorded_at: app.now(),
    };
    app.app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: StreamId::new("complaint", id),
                expected: ExpectedVersion::Exact(0),
                events: events
                    .into_iter()
                    .map(|(event_type, payload)| NewEvent {
                        event_id: Uuid::now_v7(),
                        event_type: event_type.into(),
                        schema_version: 1,
                        payload: payload.to_string(),
                        metadata: metadata.clone(),
                    })
                    .collect(),
            }],
            side_writes: vec![SideWrite::PutPayload {
                subject: client.id(),
                key,
                value: json!({"subject": "Séance écourtée", "description": "La séance a été écourtée."})
                    .to_string(),
            }],
        })
        .await
        .expect("the complaint is recorded");
}

/// A refund after the fact (a complaint's decision) as the booking records it.
async fn refunded(app: &TestApp, booking: &str, minor: i64) {
    let booking_id = Uuid::parse_str(booking).unwrap();
    let event = BookingEvent::BookingRefunded {
        booking_id,
        amount: Money::new(minor, Currency::Eur),
        refund_ref: format!("re_sandbox_{}", Uuid::now_v7().simple()),
        complaint_id: Some(Uuid::now_v7()),
        at: app.now(),
    };
    let (event_type, schema_version, payload) = codec::encode(&event);
    app.app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: StreamId::new(domain::booking::CATEGORY, booking_id),
                expected: ExpectedVersion::Any,
                events: vec![NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type,
                    schema_version,
                    payload,
                    metadata: EventMetadata {
                        actor_id: None,
                        actor_role: Some("admin".into()),
                        correlation_id: Uuid::now_v7(),
                        causation_id: None,
                        recorded_at: app.now(),
                    },
                }],
            }],
            side_writes: vec![],
        })
        .await
        .expect("the refund is recorded");
}

async fn paid(app: &TestApp, client: &Party, expert: &Party, start: DateTime<Utc>) -> String {
    let held = book(app, client, expert, start, json!({})).await;
    held.expect(201);
    let id = booking_id(&held);
    pay(app, client, &id, "4242424242424242").await.expect(200);
    app.catch_up().await;
    id
}

async fn get(app: &TestApp, admin: &Party, path: &str) -> Value {
    let answer = app.get(path).bearer(&admin.token).send().await;
    answer.expect(200);
    answer.json()
}

/// Monday 00:00 in Paris of the week starting `monday`, as an RFC 3339 instant.
fn paris_midnight(monday: NaiveDate) -> String {
    let local = monday.and_hms_opt(0, 0, 0).unwrap();
    ZONE.from_local_datetime(&local)
        .earliest()
        .unwrap()
        .with_timezone(&Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

async fn listed(app: &TestApp, admin: &Party, status: &str, monday: NaiveDate) -> i64 {
    let path = format!(
        "/api/admin-panel/bookings?status={status}&from={}&to={}&page_size=100",
        urlencode(&paris_midnight(monday)),
        urlencode(&paris_midnight(monday + Days::new(7))),
    );
    get(app, admin, &path).await["total"].as_i64().unwrap()
}

fn urlencode(raw: &str) -> String {
    raw.replace(':', "%3A").replace('+', "%2B")
}

fn sum(rows: &Value, field: &str) -> i64 {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|r| r[field].as_i64().unwrap())
        .sum()
}

async fn the_dashboard_counts_what_the_lists_show_for_each_week_and_its_table_rebuilds_the_same(
    backend: Backend,
) {
    // Arrange: a free first consultation, two paid bookings (one moved to
    // another day, one cancelled with a full refund) and an unpaid hold,
    // each projected in its own batch.
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app).await;
    let client = client(&app, true).await;
    app.catch_up().await;
    let started = app.now();
    let days = one_per_day(&slots(&app, TimeDelta::days(2)), 5);
    let free = book(&app, &client, &expert, days[0], json!({"free": true})).await;
    free.expect(201);
    assert_eq!(free.json()["status"], "confirmed");
    app.catch_up().await;
    let moved = paid(&app, &client, &expert, days[1]).await;
    let cancelled = paid(&app, &client, &expert, days[2]).await;
    send(
        &app,
        &client,
        Method::POST,
        &format!("/api/client/bookings/{cancelled}/cancel"),
        &json!({}),
    )
    .await
    .expect(200);
    app.catch_up().await;
    send(
        &app,
        &client,
        Method::POST,
        &format!("/api/client/bookings/{moved}/reschedule"),
        &json!({"start": days[4]}),
    )
    .await
    .expect(200);
    app.catch_up().await;
    // A complaint's partial refund of the moved booking (10 €).
    refunded(&app, &moved, 1000).await;
    app.catch_up().await;
    book(&app, &client, &expert, days[3], json!({}))
        .await
        .expect(201);
    app.catch_up().await;
    // Every booking now starts within the last four weeks.
    app.advance(TimeDelta::days(10));
    // Open complaints filed 2, 10 and 40 days ago; a withdrawn one counts nowhere.
    let now = app.now();
    let about = Uuid::parse_str(&cancelled).unwrap();
    complaint(&app, &client, about, now - TimeDelta::days(2), None).await;
    complaint(
        &app,
        &client,
        about,
        now - TimeDelta::days(10),
        Some("ComplaintReviewStarted"),
    )
    .await;
    complaint(&app, &client, about, now - TimeDelta::days(40), None).await;
    complaint(
        &app,
        &client,
        about,
        now - TimeDelta::days(3),
        Some("ComplaintWithdrawn"),
    )
    .await;
    let admin = app.create_admin(&unique_email("admin")).await;
    app.catch_up().await;
    let admin = signed_in(&app, admin).await;

    // Act
    let dashboard = get(&app, &admin, "/api/admin-panel/dashboard?weeks=4").await;

    // Assert: each week's counts are the list's, for every status.
    let weeks = dashboard["bookings"].as_array().unwrap();
    assert_eq!(weeks.len(), 4);
    for week in weeks {
        let monday: NaiveDate = week["start"].as_str().unwrap().parse().unwrap();
        assert_eq!(monday.weekday(), chrono::Weekday::Mon);
        assert_eq!(
            week["week"],
            week_of(monday.and_hms_opt(12, 0, 0).unwrap().and_utc())
        );
        for (field, status) in [
            ("confirmed", "confirmed,completed"),
            ("cancelled", "cancelled"),
            ("no_show", "no_show"),
        ] {
            assert_eq!(
                week[field].as_i64().unwrap(),
                listed(&app, &admin, status, monday).await,
                "{field} in {}",
                week["week"]
            );
        }
    }
    assert_eq!(sum(&dashboard["bookings"], "confirmed"), 2, "free + moved");
    assert_eq!(sum(&dashboard["bookings"], "cancelled"), 1);
    assert_eq!(sum(&dashboard["bookings"], "no_show"), 0);
    let moved_week = week_of(days[4]);
    let in_week = |field: &str, week: &str| -> i64 {
        weeks
            .iter()
            .filter(|w| w["week"] == week)
            .map(|w| w[field].as_i64().unwrap())
            .sum()
    };
    assert!(
        in_week("confirmed", &moved_week) >= 1,
        "the moved booking counts in its new week"
    );

    // Revenue: two payments of 60 €, one full refund and a complaint's 10 €,
    // all in the week they happened.
    let revenue = dashboard["revenue"].as_array().unwrap();
    assert_eq!(revenue.len(), 4, "one currency, four weeks");
    assert!(revenue.iter().all(|r| r["currency"] == "EUR"));
    let paid_week = week_of(started);
    let row = revenue.iter().find(|r| r["week"] == paid_week).unwrap();
    assert_eq!(
        (
            row["paid_minor"].as_i64(),
            row["refunded_minor"].as_i64(),
            row["net_minor"].as_i64()
        ),
        (Some(12000), Some(7000), Some(5000))
    );
    assert_eq!(sum(&dashboard["revenue"], "paid_minor"), 12000);
    assert_eq!(sum(&dashboard["revenue"], "net_minor"), 5000);

    // Sign-ups: the consultant and the client, not the administrator.
    let sign_ups = &dashboard["sign_ups"];
    assert_eq!(
        (sum(sign_ups, "clients"), sum(sign_ups, "consultants")),
        (1, 1)
    );
    let signed_up = sign_ups
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["week"] == paid_week)
        .unwrap();
    assert_eq!(
        (
            signed_up["clients"].as_i64(),
            signed_up["consultants"].as_i64()
        ),
        (Some(1), Some(1))
    );

    let submitted = get(
        &app,
        &admin,
        "/api/admin-panel/consultants?status=submitted",
    )
    .await;
    assert_eq!(dashboard["awaiting_review"], submitted["total"]);
    assert_eq!(
        dashboard["complaints_open_by_age"],
        json!({"under_7_days": 1, "from_7_to_30_days": 1, "over_30_days": 1})
    );
    let today = app.now().with_timezone(&ZONE).date_naive();
    let monday = today - Days::new(u64::from(today.weekday().num_days_from_monday()));
    assert_eq!(dashboard["to"], (monday + Days::new(6)).to_string());
    assert_eq!(dashboard["from"], (monday - Days::new(21)).to_string());

    // The weekly table rebuilt from zero (one batch) equals the live one (many).
    let (url, _guard) = app.database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    Projector::new(app.app.stores.events.clone(), fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");
    let (live, replayed) = (
        app.app.read.dump().await.unwrap(),
        fresh.dump().await.unwrap(),
    );
    let table = |dump: &[(String, Vec<String>)], name: &str| {
        dump.iter()
            .find(|(t, _)| t == name)
            .map(|(_, rows)| rows.clone())
            .unwrap_or_default()
    };
    for name in ["rm_week_stats", "rm_week_stats_bookings"] {
        assert!(!table(&live, name).is_empty(), "{name} has rows");
        assert_eq!(table(&live, name), table(&replayed, name), "{name}");
    }
    assert_eq!(table(&live, "rm_week_stats_bookings").len(), 4);

    // Five days on, the 2-day-old complaint is 7 days old: the cached
    // answer does not outlive the bucket change.
    app.advance(TimeDelta::days(5));
    let admin = signed_in(&app, admin.member).await;
    let later = get(&app, &admin, "/api/admin-panel/dashboard?weeks=4").await;
    assert_eq!(
        later["complaints_open_by_age"],
        json!({"under_7_days": 0, "from_7_to_30_days": 2, "over_30_days": 1})
    );
}

async fn the_period_is_4_12_or_52_weeks_and_only_administrators_read_it(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let client = client(&app, false).await;
    app.catch_up().await;
    let admin = signed_in(&app, admin).await;

    for (query, weeks) in [
        ("", 12),
        ("?weeks=4", 4),
        ("?weeks=12", 12),
        ("?weeks=52", 52),
    ] {
        let body = get(&app, &admin, &format!("/api/admin-panel/dashboard{query}")).await;
        assert_eq!(body["weeks"], weeks);
        for list in ["bookings", "sign_ups"] {
            assert_eq!(
                body[list].as_array().unwrap().len(),
                weeks,
                "{list} {query}"
            );
        }
        assert_eq!(body["revenue"], json!([]), "no money moved");
        assert_eq!(
            body["sign_ups"][weeks - 1]["clients"],
            1,
            "this week's client"
        );
    }
    for wrong in [
        "0",
        "5",
        "13",
        "53",
        "-4",
        "abc",
        "4.0",
        "99999999999999999999",
    ] {
        let answer = app
            .get(&format!("/api/admin-panel/dashboard?weeks={wrong}"))
            .bearer(&admin.token)
            .send()
            .await;
        answer.expect(400);
        assert_eq!(answer.code(), "validation_failed", "{wrong}");
        assert!(answer.field("weeks").is_some(), "{wrong}");
    }
    let as_client = app
        .get("/api/admin-panel/dashboard?weeks=4")
        .bearer(&client.token)
        .send()
        .await;
    assert!(
        matches!(as_client.status.as_u16(), 401 | 403),
        "{}",
        as_client.status
    );
}
