//! CSV exports of the administrators' lists (docs/complaints.md "CSV"):
//! parsed back cell by cell, in both languages, and paged through (keyset)
//! over more rows than one page holds.
//!
//! Bookings are appended as the booking commands record them (see
//! `booking_reads.rs`): these tests are about what the export does with the
//! rows.

use chrono::{DateTime, TimeDelta, Utc};
use domain::account::Role;
use domain::booking::{BookingEvent, PaymentRecord};
use domain::codec;
use domain::values::{Currency, Money};
use store::{AppendRequest, EventMetadata, ExpectedVersion, NewEvent, StreamAppend, StreamId};
use uuid::Uuid;

use crate::support::{Backend, Member, TestApp, unique_email};

on_both_backends!(
    the_booking_export_parses_back_to_the_lists_rows_in_the_callers_language,
    two_thousand_bookings_are_exported_page_after_page_each_once_in_order,
);

/// Parses CSV as written by the exports: `;`, CRLF, `"` quoting.
pub fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let text = text.strip_prefix('\u{feff}').expect("a byte-order mark");
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut cell = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cell.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cell.push(c),
            (false, '"') => quoted = true,
            (false, ';') => row.push(std::mem::take(&mut cell)),
            (false, '\r') => {
                assert_eq!(chars.next(), Some('\n'), "rows end with CRLF");
                row.push(std::mem::take(&mut cell));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => cell.push(c),
        }
    }
    assert!(
        cell.is_empty() && row.is_empty(),
        "the last row ends with CRLF"
    );
    rows
}

fn eur(minor: i64) -> Money {
    Money::new(minor, Currency::Eur)
}

/// Appends held and confirmed bookings of `client` with `expert`, one per
/// start, many streams per append.
pub async fn confirmed_bookings(
    app: &TestApp,
    expert: &Member,
    client: &Member,
    starts: &[DateTime<Utc>],
) -> Vec<Uuid> {
    let now = app.now();
    let mut ids = Vec::new();
    for chunk in starts.chunks(200) {
        let mut streams = Vec::new();
        for start in chunk {
            let booking_id = Uuid::now_v7();
            ids.push(booking_id);
            let events = [
                BookingEvent::BookingHeld {
                    booking_id,
                    consultant_id: expert.account_id,
                    client_id: client.account_id,
                    start: *start,
                    end: *start + TimeDelta::minutes(60),
                    duration_minutes: 60,
                    price: eur(6050),
                    discount: eur(0),
                    total: eur(6050),
                    free: false,
                    coupon_id: None,
                    coupon_code: None,
                    hold_expires_at: now + TimeDelta::minutes(15),
                    at: now,
                },
                BookingEvent::BookingConfirmed {
                    booking_id,
                    payment: Some(PaymentRecord {
                        provider_ref: format!("ch_{booking_id}"),
                        brand: "visa".into(),
                        last4: "4242".into(),
                        amount: eur(6050),
                    }),
                    at: now,
                },
            ];
            streams.push(StreamAppend {
                stream: StreamId::new(domain::booking::CATEGORY, booking_id),
                expected: ExpectedVersion::Exact(0),
                events: events
                    .iter()
                    .map(|event| {
                        let (event_type, schema_version, payload) = codec::encode(event);
                        NewEvent {
                            event_id: Uuid::now_v7(),
                            event_type,
                            schema_version,
                            payload,
                            metadata: EventMetadata {
                                actor_id: Some(client.account_id),
                                actor_role: Some("client".into()),
                                correlation_id: Uuid::now_v7(),
                                causation_id: None,
                                recorded_at: now,
                            },
                        }
                    })
                    .collect(),
            });
        }
        app.app
            .stores
            .events
            .append(AppendRequest {
                streams,
                side_writes: Vec::new(),
            })
            .await
            .expect("the bookings are appended");
    }
    ids
}

async fn the_booking_export_parses_back_to_the_lists_rows_in_the_callers_language(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = app
        .register(Role::Consultant, &unique_email("expert"))
        .await;
    let client = app.register(Role::Client, &unique_email("client")).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let start = app.now() + TimeDelta::days(2);
    let starts: Vec<_> = (0..3).map(|i| start + TimeDelta::hours(i)).collect();
    let ids = confirmed_bookings(&app, &expert, &client, &starts).await;
    app.catch_up().await;
    app.sign_in_as(&admin).await;

    let french = app.get("/api/admin-panel/bookings/export.csv").send().await;
    let english = app
        .get("/api/admin-panel/bookings/export.csv?status=confirmed")
        .lang("en")
        .send()
        .await;
    let list = app.get("/api/admin-panel/bookings").send().await;
    let none = app
        .get(&format!(
            "/api/admin-panel/bookings/export.csv?client_id={}",
            expert.account_id
        ))
        .send()
        .await;
    let client = crate::booking_support::signed_in(&app, client).await;
    let as_client = app
        .bare(reqwest::Method::GET, "/api/admin-panel/bookings/export.csv")
        .bearer(&client.token)
        .send()
        .await;

    french.expect(200);
    assert_eq!(
        french.header("content-type"),
        Some("text/csv; charset=utf-8")
    );
    assert!(french.text.starts_with('\u{feff}'));
    let rows = parse_csv(&french.text);
    assert_eq!(rows[0][0], "Réservation");
    assert_eq!(rows[0][2], "Début");
    assert_eq!(rows.len(), 4, "a header and three bookings");
    let list = list.json();
    let listed: Vec<&str> = list["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["id"].as_str().unwrap_or_default())
        .collect();
    let exported: Vec<&str> = rows[1..].iter().map(|r| r[0].as_str()).collect();
    assert_eq!(exported, listed, "the list's order, latest start first");
    assert_eq!(exported[0], ids[2].to_string());
    assert_eq!(
        rows[1][1], "Confirmée",
        "the status in the request's language"
    );
    assert_eq!(rows[1][5], "Camille Martin");
    assert_eq!(rows[1][9], "60,50", "French decimals");
    assert_eq!(rows[1][10], "EUR");
    let english = parse_csv(&english.text);
    assert_eq!(english[0][0], "Booking");
    assert_eq!(english[1][9], "60.50");
    assert_eq!(english[1][1], "Confirmed");
    assert_eq!(english.len(), 4);
    assert_eq!(parse_csv(&none.text).len(), 1, "the header alone");
    assert_eq!(as_client.status, 403, "administrators only");
}

async fn two_thousand_bookings_are_exported_page_after_page_each_once_in_order(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = app
        .register(Role::Consultant, &unique_email("expert"))
        .await;
    let client = app.register(Role::Client, &unique_email("client")).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    // 100 distinct starts, 20 bookings each: pages end inside runs of ties.
    let first = app.now() + TimeDelta::days(1);
    let starts: Vec<_> = (0..2000)
        .map(|i| first + TimeDelta::hours(i / 20))
        .collect();
    let mut ids = confirmed_bookings(&app, &expert, &client, &starts).await;
    app.catch_up().await;
    app.sign_in_as(&admin).await;

    let answer = app.get("/api/admin-panel/bookings/export.csv").send().await;

    answer.expect(200);
    let rows = parse_csv(&answer.text);
    assert_eq!(rows.len(), 2001);
    let exported: Vec<(String, String)> = rows[1..]
        .iter()
        .map(|r| (r[2].clone(), r[0].clone()))
        .collect();
    let mut expected = exported.clone();
    expected.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    assert_eq!(
        exported, expected,
        "latest start first, then by id, descending"
    );
    let mut seen: Vec<String> = exported.into_iter().map(|(_, id)| id).collect();
    seen.sort();
    ids.sort();
    let ids: Vec<String> = ids.iter().map(Uuid::to_string).collect();
    assert_eq!(seen, ids, "every booking once");
}
