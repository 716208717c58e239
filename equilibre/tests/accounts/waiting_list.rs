//! The waiting list (docs/api.md "Waiting list"): a visitor waits for an
//! expert or a speciality over a range of days; a slot freed by a
//! cancellation is mailed over SMTP to the oldest entry, one entry a round,
//! at most once a day each, with a link straight to the slot and one to
//! leave; bad entries change nothing; the administrators list, export and
//! delete entries; the list rebuilds to the same rows.

use chrono::{DateTime, TimeDelta, Utc};
use domain::account::Role;
use domain::waiting_list::{HOME_ZONE, home_day};
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};

use crate::booking_support::{Party, book, booking_id, client, send, signed_in};
use crate::support::{Answer, Backend, ExpertProfile, TestApp, unique_email};

on_both_backends!(
    a_freed_slot_goes_to_the_oldest_entry_once_a_day_and_entries_are_kept_by_the_admins,
    bad_entries_change_nothing_and_a_speciality_entry_is_served_by_its_experts,
);

async fn join(app: &TestApp, email: &str, target: Value, from: &str, to: &str) -> Answer {
    let mut body = json!({"email": email, "from": from, "to": to, "website": ""});
    if let (Some(body), Some(target)) = (body.as_object_mut(), target.as_object()) {
        body.extend(target.clone());
    }
    app.bare(Method::POST, "/api/public/waiting-list")
        .same_origin()
        .lang("fr")
        .json(&body)
        .send()
        .await
}

/// An approved expert with one 60-minute slot a day, 10:00 in Paris.
async fn expert_with_one_slot_a_day(app: &TestApp, specialisations: Vec<String>) -> Party {
    let member = app
        .approved_expert(&ExpertProfile {
            given_name: "Inès",
            family_name: "Marchand",
            price_minor: 6000,
            specialisations,
            ..ExpertProfile::default()
        })
        .await;
    let expert = signed_in(app, member).await;
    let days = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    let rules: Vec<Value> = days
        .iter()
        .map(|d| json!({"weekday": d, "start": "10:00", "end": "11:00"}))
        .collect();
    send(
        app,
        &expert,
        Method::PUT,
        "/api/consultant/timings",
        &json!({"rules": rules, "days_off": []}),
    )
    .await
    .expect(204);
    expert
}

/// The day `ahead` days from now in France, and its 10:00 slot.
fn day_and_slot(app: &TestApp, ahead: u64) -> (String, DateTime<Utc>) {
    let day = home_day(app.now())
        .checked_add_days(chrono::Days::new(ahead))
        .unwrap();
    let start = day
        .and_hms_opt(10, 0, 0)
        .unwrap()
        .and_local_timezone(HOME_ZONE)
        .unwrap()
        .with_timezone(&Utc);
    (day.to_string(), start)
}

/// The link in a mail's text that holds `part`.
fn link(mail: &Value, part: &str) -> String {
    let text = mail["text"].as_str().expect("a text part");
    text.split_whitespace()
        .find(|word| word.starts_with("http") && word.contains(part))
        .unwrap_or_else(|| panic!("a link with {part} in {text}"))
        .to_owned()
}

/// Read models and reactions caught up. Twice: an offer a round appends is
/// mailed by the next pass, and on PostgreSQL a pass sees only what was
/// visible when it began (`drain_reactions` waits for it).
async fn settle(app: &TestApp) {
    app.catch_up().await;
    app.drain_reactions().await;
    app.drain_reactions().await;
    app.catch_up().await;
}

async fn a_freed_slot_goes_to_the_oldest_entry_once_a_day_and_entries_are_kept_by_the_admins(
    backend: Backend,
) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let expert = expert_with_one_slot_a_day(&app, Vec::new()).await;
    let (day, start) = day_and_slot(&app, 3);
    let client = client(&app, true).await;
    let held = book(&app, &client, &expert, start, json!({})).await;
    held.expect(201);
    let booking = booking_id(&held);
    settle(&app).await;

    // Two visitors wait for that day: nothing is free, nothing is mailed.
    let (first, second) = (unique_email("alice"), unique_email("bruno"));
    let target = json!({"consultant_id": expert.id(), "specialization_id": null});
    join(&app, &first, target.clone(), &day, &day)
        .await
        .expect(202);
    app.advance(TimeDelta::seconds(1));
    let answer = join(&app, &second, target.clone(), &day, &day).await;
    answer.expect(202);
    assert_eq!(answer.json(), json!({"received": true}));
    settle(&app).await;
    assert!(app.mails_to(&first).await.is_empty());
    assert!(app.mails_to(&second).await.is_empty());

    // The client cancels: the slot goes to the oldest entry only.
    send(
        &app,
        &client,
        Method::POST,
        &format!("/api/client/bookings/{booking}/cancel"),
        &json!({}),
    )
    .await
    .expect(200);
    settle(&app).await;
    let mails = app.mails_to(&first).await;
    assert_eq!(mails.len(), 1, "the oldest entry is mailed");
    assert!(app.mails_to(&second).await.is_empty(), "one entry a round");
    let mail = &mails[0];
    assert_eq!(
        mail["subject"],
        "Un créneau s’est libéré avec Inès Marchand"
    );
    let book_link = link(mail, "/booking/");
    assert!(
        book_link.ends_with(&format!("/booking/{}_{}", expert.id(), start.timestamp())),
        "{book_link}"
    );
    assert!(
        mail["text"]
            .as_str()
            .unwrap()
            .contains("10:00 (Europe/Paris")
    );
    let leave = link(mail, "/waiting-list/leave/");

    // The next round (new timings) goes to the next entry; the first waits a day.
    let timings = app
        .bare(Method::GET, "/api/consultant/timings")
        .bearer(&expert.token)
        .send()
        .await;
    timings.expect(200);
    send(
        &app,
        &expert,
        Method::PUT,
        "/api/consultant/timings",
        &json!({"rules": timings.json()["rules"], "days_off": ["2099-01-01"]}),
    )
    .await
    .expect(204);
    settle(&app).await;
    assert_eq!(app.mails_to(&second).await.len(), 1);
    assert_eq!(app.mails_to(&first).await.len(), 1, "once a day");

    // A day later, still free: the oldest entry first again.
    app.advance(TimeDelta::hours(25));
    let expert = signed_in(&app, expert.member).await;
    send(
        &app,
        &expert,
        Method::PUT,
        "/api/consultant/timings",
        &json!({"rules": timings.json()["rules"], "days_off": []}),
    )
    .await
    .expect(204);
    settle(&app).await;
    assert_eq!(app.mails_to(&first).await.len(), 2);
    assert_eq!(app.mails_to(&second).await.len(), 1);

    // Leaving: forged links are refused, twice is fine, nothing more is sent.
    let parts: Vec<&str> = leave.rsplitn(3, '/').collect();
    let (token, entry_id) = (parts[0], parts[1]);
    let forged = app
        .bare(Method::POST, "/api/public/waiting-list/leave")
        .same_origin()
        .json(&json!({"entry_id": entry_id, "token": "0".repeat(64)}))
        .send()
        .await;
    forged.expect(400);
    assert_eq!(forged.code(), "waiting_list_link_invalid");
    for _ in 0..2 {
        app.bare(Method::POST, "/api/public/waiting-list/leave")
            .same_origin()
            .json(&json!({"entry_id": entry_id, "token": token}))
            .send()
            .await
            .expect(204);
    }

    let admin = app.create_admin(&unique_email("desk")).await;
    app.sign_in_as(&admin).await;
    app.catch_up().await;
    let rows = app.get("/api/admin-panel/waiting-list").send().await;
    rows.expect(200);
    let rows = rows.json();
    assert_eq!(rows["total"], 1, "who left is gone: {rows}");
    let row = &rows["items"][0];
    assert_eq!(row["email"], second.to_lowercase());
    assert_eq!(row["consultant_name"], "Inès Marchand");
    assert_eq!(row["from"], day);
    assert_eq!(row["status"], "waiting");
    assert_eq!(row["notifications"], 1);
    let found = app
        .get("/api/admin-panel/waiting-list?search=marchand&status=waiting")
        .send()
        .await;
    assert_eq!(found.json()["total"], 1);
    let none = app
        .get("/api/admin-panel/waiting-list?status=ended")
        .send()
        .await;
    assert_eq!(none.json()["total"], 0);
    app.get("/api/admin-panel/waiting-list?status=soon")
        .send()
        .await
        .expect(400);
    let csv = app
        .get("/api/admin-panel/waiting-list/export.csv")
        .lang("en")
        .send()
        .await;
    csv.expect(200);
    assert!(
        csv.text
            .contains("Joined;E-mail;Language;Expert;Speciality"),
        "{}",
        csv.text
    );
    assert!(csv.text.contains(&second.to_lowercase()));

    let (url, _guard) = app.database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    Projector::new(app.app.stores.events.clone(), fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");
    assert_eq!(
        app.app.read.dump().await.unwrap(),
        fresh.dump().await.unwrap()
    );

    let id = row["entry_id"].as_str().unwrap().to_owned();
    let path = format!("/api/admin-panel/waiting-list/{id}");
    app.call(Method::DELETE, &path).send().await.expect(204);
    app.call(Method::DELETE, &path).send().await.expect(404);
    app.catch_up().await;
    let rows = app.get("/api/admin-panel/waiting-list").send().await;
    assert_eq!(rows.json()["total"], 0);

    // Neither a client nor a visitor sees the list.
    app.sign_out(Role::Admin).await.expect(204);
    let visitor = app.get("/api/admin-panel/waiting-list").send().await;
    assert!(
        [401, 403].contains(&visitor.status.as_u16()),
        "{}",
        visitor.status
    );
}

async fn bad_entries_change_nothing_and_a_speciality_entry_is_served_by_its_experts(
    backend: Backend,
) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let admin = app.create_admin(&unique_email("desk")).await;
    app.sign_in_as(&admin).await;
    let added = app
        .post("/api/admin-panel/reference/specializations")
        .json(&json!({"name_fr": "Sophrologie", "name_en": "Sophrology"}))
        .send()
        .await;
    added.expect(201);
    let speciality = added.json()["id"].as_str().unwrap().to_owned();
    let expert = expert_with_one_slot_a_day(&app, vec![speciality.clone()]).await;
    let (day, _) = day_and_slot(&app, 2);
    let (past, _) = day_and_slot(&app, 0);
    let yesterday = home_day(app.now()).pred_opt().unwrap().to_string();
    let visitor = unique_email("chloe");
    let by_expert = json!({"consultant_id": expert.id(), "specialization_id": null});

    let both = join(
        &app,
        &visitor,
        json!({"consultant_id": expert.id(), "specialization_id": speciality}),
        &day,
        &day,
    )
    .await;
    both.expect(400);
    assert!(both.field("consultant_id").is_some());
    let bad = join(&app, "nope", by_expert.clone(), &yesterday, &past).await;
    bad.expect(400);
    assert!(bad.field("email").is_some() && bad.field("from").is_some());
    let backwards = join(&app, &visitor, by_expert.clone(), &day, &past).await;
    assert!(backwards.field("to").is_some(), "{}", backwards.text);
    let unknown = join(
        &app,
        &visitor,
        json!({"consultant_id": uuid::Uuid::now_v7(), "specialization_id": null}),
        &day,
        &day,
    )
    .await;
    assert!(unknown.field("consultant_id").is_some(), "{}", unknown.text);
    let robot = app
        .bare(Method::POST, "/api/public/waiting-list")
        .same_origin()
        .json(
            &json!({"email": unique_email("robot"), "consultant_id": expert.id(),
            "from": day, "to": day, "website": "https://spam.example"}),
        )
        .send()
        .await;
    robot.expect(202);
    app.catch_up().await;
    let rows = app.get("/api/admin-panel/waiting-list").send().await;
    assert_eq!(rows.json()["total"], 0, "nothing kept: {}", rows.text);

    // A speciality entry: its expert's free slot is mailed at once.
    join(
        &app,
        &visitor,
        json!({"consultant_id": null, "specialization_id": speciality}),
        &day,
        &day,
    )
    .await
    .expect(202);
    settle(&app).await;
    let mails = app.mails_to(&visitor).await;
    assert_eq!(mails.len(), 1, "the slot already free is mailed");
    assert!(mails[0]["text"].as_str().unwrap().contains("Inès Marchand"));
    // Five entries a day per address: the sixth is answered alike and not kept.
    for _ in 0..5 {
        join(&app, &visitor, by_expert.clone(), &day, &day)
            .await
            .expect(202);
    }
    app.catch_up().await;
    let rows = app.get("/api/admin-panel/waiting-list").send().await;
    let rows = rows.json();
    assert_eq!(rows["total"], 5, "{rows}");
    let by_speciality: Vec<&Value> = rows["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|row| row["specialization_id"] == speciality.as_str())
        .collect();
    assert_eq!(by_speciality.len(), 1);
    assert_eq!(by_speciality[0]["specialization_name_en"], "Sophrology");
    assert_eq!(by_speciality[0]["consultant_id"], Value::Null);
}
