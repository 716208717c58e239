//! The booking read side end to end (issue 4): lists and ownership, free
//! slots in the client's zone, the admin's history, rebuild = live, booking
//! mails with `.ics` at a real SMTP server, and reminders moved by the clock.
//!
//! Bookings are appended as the booking commands record them (the domain's
//! own events, see `support::consultants` for the same approach): these
//! tests are about what the read side and the reactions do with them.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, NaiveDate, TimeDelta, Utc};
use domain::account::Role;
use domain::availability::{AvailabilityEvent, DayName, TimingRule};
use domain::booking::{BookingEvent, CancelledBy, PaymentRecord};
use domain::codec::{self, EventSchema};
use domain::values::{Currency, Money};
use platform::sms::{Sms, SmsError, SmsSender};
use projector::{Projector, ReadDb};
use serde_json::Value;
use store::{AppendRequest, EventMetadata, ExpectedVersion, NewEvent, StreamAppend, StreamId};
use uuid::Uuid;

use crate::support::{Backend, ExpertProfile, Member, TestApp, unique_email};

on_both_backends!(
    each_party_sees_only_its_own_bookings_and_admins_see_the_history,
    a_held_slot_leaves_the_free_slots_and_comes_back_on_expiry_or_cancellation,
    the_first_slot_leaves_once_the_clock_passes_its_notice_with_nothing_written,
    clients_in_montreal_and_kolkata_see_the_experts_instants_in_their_own_time,
    the_booking_tables_rebuilt_from_zero_equal_the_live_ones,
    booking_mails_with_an_ics_reach_both_parties_and_follow_reschedule_and_cancel,
    reminders_go_out_once_at_24_h_and_1_h_never_after_cancellation_and_again_after_reschedule,
    dashboards_quote_notes_timings_and_the_calendar_feed_follow_the_bookings,
);

/// An approved expert (Paris, 60-minute sessions) available every day
/// 09:00–12:00 and 14:00–18:00, and a client.
async fn practice(app: &TestApp) -> (Member, Member) {
    let expert = app
        .approved_expert(&ExpertProfile {
            given_name: "Inès",
            family_name: "Moreau",
            price_minor: 6050,
            ..ExpertProfile::default()
        })
        .await;
    let days = [
        DayName::Monday,
        DayName::Tuesday,
        DayName::Wednesday,
        DayName::Thursday,
        DayName::Friday,
        DayName::Saturday,
        DayName::Sunday,
    ];
    let rules = days
        .iter()
        .flat_map(|d| {
            [("09:00", "12:00"), ("14:00", "18:00")].map(|(s, e)| TimingRule {
                weekday: *d,
                shift: None,
                start: Some(s.into()),
                end: Some(e.into()),
            })
        })
        .collect();
    append(
        app,
        StreamId::new(domain::availability::CATEGORY, expert.account_id),
        &[AvailabilityEvent::AvailabilitySet {
            rules,
            days_off: Vec::<NaiveDate>::new(),
            at: app.now(),
        }],
        Some((expert.account_id, "consultant")),
    )
    .await;
    let client = app.register(Role::Client, &unique_email("client")).await;
    (expert, client)
}

async fn append<E: EventSchema>(
    app: &TestApp,
    stream: StreamId,
    events: &[E],
    actor: Option<(Uuid, &str)>,
) {
    let metadata = EventMetadata {
        actor_id: actor.map(|a| a.0),
        actor_role: actor.map(|a| a.1.to_owned()),
        correlation_id: Uuid::now_v7(),
        causation_id: None,
        recorded_at: app.now(),
    };
    let events = events
        .iter()
        .map(|event| {
            let (event_type, schema_version, payload) = codec::encode(event);
            NewEvent {
                event_id: Uuid::now_v7(),
                event_type,
                schema_version,
                payload,
                metadata: metadata.clone(),
            }
        })
        .collect();
    let appended = app
        .app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream,
                expected: ExpectedVersion::Any,
                events,
            }],
            side_writes: Vec::new(),
        })
        .await
        .expect("the events are appended");
    // Its reads see this write, as if a command of this client had made it.
    app.remember(appended.position);
}

fn eur(minor: i64) -> Money {
    Money::new(minor, Currency::Eur)
}

/// Holds `start` for the client (and pays, when `paid`), as the booking
/// commands record it.
async fn book(
    app: &TestApp,
    expert: &Member,
    client: &Member,
    start: DateTime<Utc>,
    paid: bool,
) -> Uuid {
    let booking_id = Uuid::now_v7();
    let now = app.now();
    let mut events = vec![BookingEvent::BookingHeld {
        booking_id,
        consultant_id: expert.account_id,
        client_id: client.account_id,
        start,
        end: start + TimeDelta::minutes(60),
        duration_minutes: 60,
        price: eur(6050),
        discount: eur(0),
        total: eur(6050),
        free: false,
        coupon_id: None,
        coupon_code: None,
        hold_expires_at: now + TimeDelta::minutes(15),
        at: now,
    }];
    if paid {
        events.push(BookingEvent::BookingConfirmed {
            booking_id,
            payment: Some(PaymentRecord {
                provider_ref: "ch_sandbox_1".into(),
                brand: "visa".into(),
                last4: "4242".into(),
                amount: eur(6050),
            }),
            at: now,
        });
    }
    booking_event(app, booking_id, &events, client).await;
    booking_id
}

async fn booking_event(app: &TestApp, booking_id: Uuid, events: &[BookingEvent], actor: &Member) {
    append(
        app,
        StreamId::new(domain::booking::CATEGORY, booking_id),
        events,
        Some((actor.account_id, actor.role.as_str())),
    )
    .await;
}

async fn cancel(app: &TestApp, booking_id: Uuid, by: &Member) {
    let event = BookingEvent::BookingCancelled {
        booking_id,
        by: CancelledBy::Client,
        actor_id: Some(by.account_id),
        refund: eur(6050),
        refund_ref: Some("re_sandbox_1".into()),
        reason: None,
        at: app.now(),
    };
    booking_event(app, booking_id, &[event], by).await;
}

async fn get(app: &TestApp, member: &Member, path: &str) -> (u16, Value) {
    app.sign_in_as(member).await.expect(200);
    let answer = app.get(path).send().await;
    (answer.status.as_u16(), answer.json())
}

async fn slot_starts(app: &TestApp, expert: &Member, query: &str) -> Vec<String> {
    // Like the SPA, reading at least what this client wrote.
    let answer = app
        .read(&format!(
            "/api/public/experts/{}/slots?{query}",
            expert.account_id
        ))
        .await;
    answer.expect(200);
    answer.json()["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .map(|s| s["start"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn instant(raw: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(raw)
        .expect("RFC 3339")
        .with_timezone(&Utc)
}

async fn each_party_sees_only_its_own_bookings_and_admins_see_the_history(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let (expert, client) = practice(&app).await;
    let other = app.register(Role::Client, &unique_email("other")).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    app.catch_up().await;
    let first = slot_starts(&app, &expert, "days=7").await;
    let booking = book(&app, &expert, &client, instant(&first[0]), true).await;
    app.catch_up().await;

    let (status, mine) = get(&app, &client, "/api/client/bookings").await;
    let (_, detail) = get(&app, &client, &format!("/api/client/bookings/{booking}")).await;
    let (_, theirs) = get(&app, &other, "/api/client/bookings").await;
    let (forbidden, _) = get(&app, &other, &format!("/api/client/bookings/{booking}")).await;
    let (_, by_expert) = get(&app, &expert, "/api/consultant/bookings?status=confirmed").await;
    let (_, admin_view) = get(
        &app,
        &admin,
        &format!("/api/admin-panel/bookings/{booking}"),
    )
    .await;
    let (_, filtered) = get(
        &app,
        &admin,
        &format!("/api/admin-panel/bookings?client_id={}", other.account_id),
    )
    .await;

    assert_eq!(status, 200);
    assert_eq!(mine["total"], 1);
    assert_eq!(mine["items"][0]["id"], booking.to_string());
    assert_eq!(mine["items"][0]["status"], "confirmed");
    assert_eq!(mine["items"][0]["total"]["amount_minor"], 6050);
    assert_eq!(mine["items"][0]["card"]["last4"], "4242");
    assert_eq!(mine["items"][0]["consultant"]["name"], "Camille Martin");
    assert_eq!(detail["room"]["id"], booking.to_string());
    assert_eq!(theirs["total"], 0, "another client sees nothing");
    assert_eq!(forbidden, 404, "another client's booking is not found");
    assert_eq!(by_expert["items"][0]["client"]["name"], "Camille Martin");
    let history: Vec<&str> = admin_view["history"]
        .as_array()
        .expect("a history")
        .iter()
        .map(|h| h["type"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(history, ["BookingHeld", "BookingConfirmed"]);
    assert_eq!(admin_view["history"][0]["actor_role"], "client");
    assert_eq!(
        admin_view["history"][0]["actor_id"],
        client.account_id.to_string()
    );
    assert_eq!(filtered["total"], 0);
}

async fn a_held_slot_leaves_the_free_slots_and_comes_back_on_expiry_or_cancellation(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let (expert, client) = practice(&app).await;
    app.catch_up().await;
    let before = slot_starts(&app, &expert, "days=7").await;
    let (first, second) = (before[0].clone(), before[1].clone());

    let held = book(&app, &expert, &client, instant(&first), false).await;
    let confirmed = book(&app, &expert, &client, instant(&second), true).await;
    app.catch_up().await;
    let while_taken = slot_starts(&app, &expert, "days=7").await;
    booking_event(
        &app,
        held,
        &[BookingEvent::BookingExpired {
            booking_id: held,
            at: app.now(),
        }],
        &client,
    )
    .await;
    cancel(&app, confirmed, &client).await;
    app.catch_up().await;
    let after = slot_starts(&app, &expert, "days=7").await;

    assert!(!while_taken.contains(&first) && !while_taken.contains(&second));
    assert_eq!(while_taken.len(), before.len() - 2);
    assert_eq!(
        after, before,
        "expiry and cancellation free the slots again"
    );
    let earliest = instant(&before[0]);
    assert!(
        earliest >= app.now() + TimeDelta::hours(2),
        "at least 2 hours ahead"
    );
}

/// The answer is kept while the read models stand still; the clock alone
/// must still retire a slot that enters the two-hour notice.
async fn the_first_slot_leaves_once_the_clock_passes_its_notice_with_nothing_written(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let (expert, _) = practice(&app).await;
    app.catch_up().await;
    let before = slot_starts(&app, &expert, "days=7").await;
    let again = slot_starts(&app, &expert, "days=7").await;
    let first = instant(&before[0]);
    app.advance(first - app.now() - TimeDelta::hours(2) + TimeDelta::seconds(1));
    let after = slot_starts(&app, &expert, "days=7").await;

    assert_eq!(again, before, "nothing changed, the same answer");
    assert_eq!(after.first(), before.get(1), "the first slot is gone");
}

async fn clients_in_montreal_and_kolkata_see_the_experts_instants_in_their_own_time(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let (expert, _) = practice(&app).await;
    app.catch_up().await;
    let slots = |tz: &'static str| {
        let app = &app;
        let expert = &expert;
        async move {
            let answer = app
                .get(&format!(
                    "/api/public/experts/{}/slots?days=3&tz={tz}",
                    expert.account_id
                ))
                .send()
                .await;
            answer.expect(200);
            answer.json()
        }
    };
    let (paris, montreal, kolkata) = (
        slots("Europe/Paris").await,
        slots("America/Montreal").await,
        slots("Asia/Kolkata").await,
    );
    let first_day = |body: &Value| -> Vec<(String, String)> {
        body["slots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                (
                    s["start"].as_str().unwrap().to_owned(),
                    s["local_start"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let (paris, montreal_slots, kolkata_slots) =
        (first_day(&paris), first_day(&montreal), first_day(&kolkata));
    // Same instants wherever the client is, over the instants both periods cover.
    let common = |a: &[(String, String)], b: &[(String, String)]| {
        a.iter()
            .filter(|(s, _)| b.iter().any(|(t, _)| t == s))
            .count()
    };
    assert!(common(&paris, &montreal_slots) > 3 && common(&paris, &kolkata_slots) > 3);
    for (start, local) in montreal_slots.iter().chain(&kolkata_slots) {
        assert_eq!(
            DateTime::parse_from_rfc3339(local)
                .unwrap()
                .with_timezone(&Utc),
            instant(start),
            "the local time names the same instant"
        );
    }
    assert_eq!(montreal["timezone"], "America/Montreal");
    assert!(
        montreal_slots
            .iter()
            .all(|(_, l)| l.ends_with("-05:00") || l.ends_with("-04:00"))
    );
    assert!(kolkata_slots.iter().all(|(_, l)| l.ends_with("+05:30")));
    // A 09:00 Paris slot is 03:00 or 04:00 in Montreal and 13:30 or 14:30 in Kolkata.
    let nine = paris
        .iter()
        .find(|(_, l)| l.contains("T09:00:00"))
        .expect("a 09:00 slot");
    let in_kolkata = kolkata_slots
        .iter()
        .find(|(s, _)| *s == nine.0)
        .expect("the same instant");
    assert!(in_kolkata.1.contains("T13:30:00") || in_kolkata.1.contains("T14:30:00"));
}

async fn the_booking_tables_rebuilt_from_zero_equal_the_live_ones(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let (expert, client) = practice(&app).await;
    app.catch_up().await;
    let starts = slot_starts(&app, &expert, "days=7").await;
    let kept = book(&app, &expert, &client, instant(&starts[0]), true).await;
    let dropped = book(&app, &expert, &client, instant(&starts[1]), true).await;
    cancel(&app, dropped, &client).await;
    let moved_to = instant(&starts[2]);
    let reschedule = BookingEvent::BookingRescheduled {
        booking_id: kept,
        by: CancelledBy::Client,
        previous_start: instant(&starts[0]),
        previous_end: instant(&starts[0]) + TimeDelta::hours(1),
        start: moved_to,
        end: moved_to + TimeDelta::hours(1),
        at: app.now(),
    };
    booking_event(&app, kept, &[reschedule], &client).await;
    app.catch_up().await;

    let store = app.app.stores.events.clone();
    let (url, _guard) = app.database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    Projector::new(store, fresh.clone())
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
    for name in ["rm_bookings", "rm_booking_history", "rm_timings"] {
        assert!(!table(&live, name).is_empty(), "{name} has rows");
        assert_eq!(table(&live, name), table(&replayed, name), "{name}");
    }
    assert_eq!(live, replayed);
    let rows = table(&live, "rm_bookings");
    assert!(rows.iter().any(|r| r.contains("|cancelled|")));
    assert!(
        rows.iter()
            .any(|r| r.contains(&crate::booking_reads::utc(moved_to)))
    );
}

pub(crate) fn utc(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The `.ics` attached to `mail`, read back from maildev.
async fn ics_of(app: &TestApp, mail: &Value) -> String {
    let attachment = &mail["attachments"][0];
    let name = attachment["generatedFileName"]
        .as_str()
        .or(attachment["fileName"].as_str())
        .expect("an attachment");
    let bytes = app
        .maildev()
        .attachment(mail["id"].as_str().expect("a mail id"), name)
        .await;
    String::from_utf8(bytes).expect("text")
}

async fn booking_mails_with_an_ics_reach_both_parties_and_follow_reschedule_and_cancel(
    backend: Backend,
) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let (expert, client) = practice(&app).await;
    app.catch_up().await;
    let starts = slot_starts(&app, &expert, "days=7").await;
    let booking = book(&app, &expert, &client, instant(&starts[0]), true).await;
    app.drain_reactions().await;
    let about_booking = |address: &str, m: &Value| {
        m["subject"]
            .as_str()
            .is_some_and(|s| s.starts_with("Consultation confirmée"))
            && m["to"][0]["address"]
                .as_str()
                .is_some_and(|a| a.eq_ignore_ascii_case(address))
    };
    let to_client = app
        .maildev()
        .wait_for(|m| about_booking(&client.email, m))
        .await;
    let to_expert = app
        .maildev()
        .wait_for(|m| about_booking(&expert.email, m))
        .await;
    let confirmed = ics_of(&app, &to_client).await;

    let moved_to = instant(&starts[3]);
    let reschedule = BookingEvent::BookingRescheduled {
        booking_id: booking,
        by: CancelledBy::Client,
        previous_start: instant(&starts[0]),
        previous_end: instant(&starts[0]) + TimeDelta::hours(1),
        start: moved_to,
        end: moved_to + TimeDelta::hours(1),
        at: app.now(),
    };
    booking_event(&app, booking, &[reschedule], &client).await;
    app.drain_reactions().await;
    let moved = app
        .maildev()
        .wait_for(|m| {
            m["subject"]
                .as_str()
                .is_some_and(|s| s.starts_with("Consultation déplacée"))
        })
        .await;
    let moved_ics = ics_of(&app, &moved).await;
    cancel(&app, booking, &client).await;
    app.drain_reactions().await;
    app.drain_reactions().await;
    let cancelled = app
        .maildev()
        .wait_for(|m| {
            m["subject"]
                .as_str()
                .is_some_and(|s| s.starts_with("Consultation annulée"))
        })
        .await;
    let cancelled_ics = ics_of(&app, &cancelled).await;

    let uid = format!("UID:{booking}@equilibre");
    assert!(
        to_client["subject"]
            .as_str()
            .unwrap()
            .starts_with("Consultation confirmée")
    );
    assert!(
        to_client["text"]
            .as_str()
            .unwrap()
            .contains("Camille Martin")
    );
    assert!(
        to_expert["text"]
            .as_str()
            .unwrap()
            .contains("Camille Martin")
    );
    assert!(
        to_client["text"]
            .as_str()
            .unwrap()
            .contains("(Europe/Paris UTC+0")
    );
    assert!(confirmed.contains("METHOD:REQUEST") && confirmed.contains(&uid));
    assert!(confirmed.contains("SEQUENCE:0"));
    assert!(moved_ics.contains(&uid) && moved_ics.contains("SEQUENCE:1"));
    assert!(moved_ics.contains(&format!("DTSTART:{}", moved_to.format("%Y%m%dT%H%M%SZ"))));
    assert!(cancelled_ics.contains("METHOD:CANCEL") && cancelled_ics.contains("STATUS:CANCELLED"));
    assert!(cancelled_ics.contains(&uid));
    let booking_mails = |mails: Vec<Value>| {
        mails
            .iter()
            .filter(|m| {
                m["subject"]
                    .as_str()
                    .is_some_and(|s| s.starts_with("Consultation"))
            })
            .count()
    };
    assert_eq!(
        booking_mails(app.mails_to(&client.email).await),
        3,
        "one mail per change"
    );
    assert_eq!(booking_mails(app.mails_to(&expert.email).await), 3);
}

/// Texts a client who prefers SMS would get, kept for the test.
#[derive(Default)]
struct RecordedSms(Mutex<Vec<Sms>>);

#[async_trait::async_trait]
impl SmsSender for RecordedSms {
    async fn send(&self, sms: Sms) -> Result<(), SmsError> {
        self.0.lock().expect("not poisoned").push(sms);
        Ok(())
    }
}

async fn reminders_go_out_once_at_24_h_and_1_h_never_after_cancellation_and_again_after_reschedule(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let (expert, client) = practice(&app).await;
    app.catch_up().await;
    let sms = Arc::new(RecordedSms::default());
    let (first, second) = (
        app.app
            .reactor()
            .with_booking_messages(&app.address, Some(sms.clone())),
        app.app
            .reactor()
            .with_booking_messages(&app.address, Some(sms.clone())),
    );
    let drain = || async {
        app.settle().await;
        let (a, b) = tokio::join!(first.drain(), second.drain());
        a.expect("reactions run");
        b.expect("reactions run");
    };
    // Three days ahead: one kept, one cancelled, one rescheduled.
    let starts = slot_starts(&app, &expert, "days=7").await;
    let later: Vec<DateTime<Utc>> = starts
        .iter()
        .map(|s| instant(s))
        .filter(|s| *s > app.now() + TimeDelta::hours(48) && *s < app.now() + TimeDelta::hours(96))
        .collect();
    let (kept_at, cancelled_at, moved_at) = (later[0], later[1], later[2]);
    let kept = book(&app, &expert, &client, kept_at, true).await;
    let cancelled = book(&app, &expert, &client, cancelled_at, true).await;
    let moved = book(&app, &expert, &client, moved_at, true).await;
    drain().await;
    cancel(&app, cancelled, &client).await;
    let new_start = moved_at + TimeDelta::hours(24);
    let reschedule = BookingEvent::BookingRescheduled {
        booking_id: moved,
        by: CancelledBy::Client,
        previous_start: moved_at,
        previous_end: moved_at + TimeDelta::hours(1),
        start: new_start,
        end: new_start + TimeDelta::hours(1),
        at: app.now(),
    };
    booking_event(&app, moved, &[reschedule], &client).await;
    drain().await;

    let reminders = || async {
        app.all_events()
            .await
            .iter()
            .filter(|e| e.event_type == "ReminderSent")
            .map(|e| {
                let v: Value = serde_json::from_str(&e.payload).unwrap();
                (
                    v["booking_id"].as_str().unwrap().to_owned(),
                    v["kind"].as_str().unwrap().to_owned(),
                )
            })
            .collect::<Vec<_>>()
    };
    let to = |at: DateTime<Utc>| {
        let by = at - app.now();
        app.advance(by);
    };
    to(kept_at - TimeDelta::hours(24) - TimeDelta::minutes(1));
    drain().await;
    let before_due = reminders().await;
    to(kept_at - TimeDelta::hours(24));
    drain().await;
    drain().await;
    let at_24h = reminders().await;
    to(kept_at - TimeDelta::hours(1));
    drain().await;
    let at_1h = reminders().await;
    to(new_start - TimeDelta::minutes(30));
    drain().await;
    let finally = reminders().await;

    let of = |list: &[(String, String)], id: Uuid| {
        list.iter()
            .filter(|(b, _)| *b == id.to_string())
            .map(|(_, k)| k.clone())
            .collect::<Vec<_>>()
    };
    assert!(
        before_due.is_empty(),
        "nothing before the due time: {before_due:?}"
    );
    assert_eq!(of(&at_24h, kept), ["24h"]);
    assert_eq!(of(&at_1h, kept), ["24h", "1h"]);
    assert!(
        of(&finally, cancelled).is_empty(),
        "never for a cancelled booking"
    );
    assert_eq!(
        of(&finally, moved),
        ["24h", "1h"],
        "re-armed for the new time, once each"
    );
    assert_eq!(
        of(&finally, kept),
        ["24h", "1h"],
        "sent once although two workers ran"
    );
    // The client prefers e-mail: no text messages.
    assert!(sms.0.lock().unwrap().is_empty());
    // The admin's history shows them.
    let admin = app.create_admin(&unique_email("admin")).await;
    app.catch_up().await;
    let (_, detail) = get(&app, &admin, &format!("/api/admin-panel/bookings/{kept}")).await;
    let types: Vec<&str> = detail["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["type"].as_str().unwrap())
        .collect();
    // Completed once the room closed (the clock passed the end).
    assert_eq!(
        types,
        [
            "BookingHeld",
            "BookingConfirmed",
            "ReminderSent",
            "ReminderSent",
            "BookingCompleted"
        ]
    );
    assert_eq!(detail["history"][2]["actor_role"], "system");
}

async fn dashboards_quote_notes_timings_and_the_calendar_feed_follow_the_bookings(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let (expert, client) = practice(&app).await;
    app.catch_up().await;
    let starts = slot_starts(&app, &expert, "days=7").await;
    let start = instant(&starts[0]);
    let booking = book(&app, &expert, &client, start, true).await;
    let note_id = Uuid::now_v7();
    let note = domain::note::NoteEvent::NoteAdded {
        note_id,
        consultant_id: expert.account_id,
        client_id: client.account_id,
        booking_id: Some(booking),
        text: domain::account::PayloadRef {
            subject: client.account_id,
            key: domain::note::text_key(note_id),
        },
        at: app.now(),
    };
    let (event_type, schema_version, payload) = codec::encode(&note);
    app.app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: StreamId::new(domain::note::CATEGORY, note_id),
                expected: ExpectedVersion::Exact(0),
                events: vec![NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type,
                    schema_version,
                    payload,
                    metadata: EventMetadata {
                        actor_id: Some(expert.account_id),
                        actor_role: Some("consultant".into()),
                        correlation_id: Uuid::now_v7(),
                        causation_id: None,
                        recorded_at: app.now(),
                    },
                }],
            }],
            side_writes: vec![store::SideWrite::PutPayload {
                subject: client.account_id,
                key: domain::note::text_key(note_id),
                value: "\"Sommeil amélioré\"".into(),
            }],
        })
        .await
        .expect("the note is appended");
    app.catch_up().await;

    let (_, dashboard) = get(&app, &expert, "/api/consultant/dashboard").await;
    let (_, notes) = get(
        &app,
        &expert,
        &format!("/api/consultant/notes?client_id={}", client.account_id),
    )
    .await;
    let (_, timings) = get(&app, &expert, "/api/consultant/timings").await;
    let (_, feed) = get(&app, &expert, "/api/consultant/calendar-feed").await;
    let feed_url = feed["url"].as_str().expect("a feed url").to_owned();
    let anyone = reqwest::Client::new();
    let calendar = anyone
        .get(&feed_url)
        .send()
        .await
        .expect("the feed answers");
    let content_type = calendar.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    let ics = calendar.text().await.unwrap();
    let forged = anyone
        .get(app.url(&format!(
            "/api/public/calendar/{}{}.ics",
            expert.account_id.simple(),
            "0".repeat(32)
        )))
        .send()
        .await
        .unwrap()
        .status();
    let quote = |start: &str| {
        format!(
            "/api/client/booking-quote?consultant_id={}&start={start}",
            expert.account_id
        )
    };
    let (_, free_slot) = get(&app, &client, &quote(&starts[1])).await;
    let (_, taken_slot) = get(&app, &client, &quote(&starts[0])).await;
    let (_, before_room) = get(&app, &client, "/api/client/dashboard").await;
    app.advance(start - TimeDelta::minutes(5) - app.now());
    let (_, in_room) = get(&app, &client, "/api/client/dashboard").await;

    assert_eq!(dashboard["next_appointment"]["id"], booking.to_string());
    assert_eq!(dashboard["total_clients"], 1);
    assert_eq!(dashboard["recent_notes"][0]["text"], "Sommeil amélioré");
    assert_eq!(notes["items"][0]["booking_id"], booking.to_string());
    assert_eq!(timings["timezone"], "Europe/Paris");
    assert_eq!(timings["duration_minutes"], 60);
    assert_eq!(timings["rules"].as_array().unwrap().len(), 14);
    assert!(content_type.starts_with("text/calendar"));
    assert!(ics.contains(&format!("UID:{booking}@equilibre")));
    assert_eq!(forged.as_u16(), 404);
    assert_eq!(free_slot["price"]["amount_minor"], 6050);
    assert_eq!(free_slot["slot_free"], true);
    assert_eq!(free_slot["consent_form_uploaded"], false);
    assert_eq!(taken_slot["slot_free"], false);
    assert_eq!(taken_slot["error_code"], "slot_taken");
    assert_eq!(before_room["next_session"]["id"], booking.to_string());
    assert_eq!(before_room["next_session"]["room"]["open"], false);
    assert_eq!(in_room["next_session"]["room"]["open"], true);
}
