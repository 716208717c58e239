//! The complaint commands end to end (docs/complaints.md "HTTP"): filing
//! with attachments, who may act on a complaint (anyone else gets 404), one
//! open complaint per booking, withdrawal, the statement once, requests for
//! information, and the administrators' decisions: two at once make one
//! decision and one refund, never more than was paid, once across retries
//! and the reactions worker.

use chrono::TimeDelta;
use domain::account::Role;
use domain::booking::BookingEvent;
use domain::codec;
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use store::{AppendRequest, EventMetadata, ExpectedVersion, NewEvent, StreamAppend, StreamId};
use uuid::Uuid;

use crate::booking_support::{
    Party, book, booking_id, client, expert, pay, send, signed_in, slots,
};
use crate::support::{Answer, Backend, PDF, PNG, TestApp, unique_email};

on_both_backends!(
    a_client_files_a_complaint_with_attachments_about_a_paid_booking,
    filing_is_refused_for_bad_fields_foreign_bookings_and_a_second_open_complaint,
    a_stranger_gets_404_on_every_route_of_a_complaint,
    the_author_withdraws_and_may_then_file_again,
    the_respondent_states_once_and_the_asked_party_answers_once,
    two_administrators_deciding_at_once_make_one_decision_and_one_refund,
    a_refund_never_exceeds_what_was_paid_and_is_made_once_across_retries,
    the_reactions_worker_makes_a_decided_refund_the_command_could_not,
    a_decision_may_suspend_the_consultant_in_the_same_request,
    every_complaint_command_is_in_the_openapi_document,
);

/// A client, an expert, an administrator (all as Bearer tokens), a complaint
/// type, and a booking of the client with the expert paid 60 €.
struct World {
    client: Party,
    expert: Party,
    admin: Party,
    type_id: String,
    booking: String,
}

async fn world(app: &TestApp) -> World {
    let expert = expert(app).await;
    let client = client(app, true).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let admin = signed_in(app, admin).await;
    let added = send(
        app,
        &admin,
        Method::POST,
        "/api/admin-panel/reference/complaint-types",
        &json!({"name_fr": "Retard", "name_en": "Late start"}),
    )
    .await;
    added.expect(201);
    let type_id = added.json()["id"].as_str().expect("an id").to_owned();
    let starts = slots(app, TimeDelta::days(1));
    let held = book(app, &client, &expert, starts[0], json!({})).await;
    held.expect(201);
    let booking = booking_id(&held);
    pay(app, &client, &booking, "4242424242424242")
        .await
        .expect(200);
    World {
        client,
        expert,
        admin,
        type_id,
        booking,
    }
}

async fn upload(app: &TestApp, party: &Party, bytes: &[u8], name: &str, mime: &str) -> Answer {
    let part = Part::bytes(bytes.to_vec())
        .file_name(name.to_owned())
        .mime_str(mime)
        .expect("a MIME type");
    app.bare(
        Method::POST,
        &format!(
            "/api/{}/files?kind=complaint_attachment",
            party.member.role.area()
        ),
    )
    .same_origin()
    .bearer(&party.token)
    .multipart(Form::new().part("file", part))
    .send()
    .await
}

async fn attachment(app: &TestApp, party: &Party) -> String {
    let uploaded = upload(app, party, PDF, "receipt.pdf", "application/pdf").await;
    uploaded.expect(201);
    uploaded.json()["key"].as_str().expect("a key").to_owned()
}

fn filing(world: &World, extra: Value) -> Value {
    let mut body = json!({
        "booking_id": world.booking,
        "complaint_type_id": world.type_id,
        "subject": "La séance a commencé en retard",
        "description": "La consultante s'est connectée vingt minutes après l'heure prévue.",
        "desired_outcome": "refund",
    });
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    body
}

async fn file(app: &TestApp, party: &Party, body: &Value) -> Answer {
    let area = party.member.role.area();
    send(
        app,
        party,
        Method::POST,
        &format!("/api/{area}/complaints"),
        body,
    )
    .await
}

async fn filed(app: &TestApp, world: &World) -> String {
    let answer = file(app, &world.client, &filing(world, json!({}))).await;
    answer.expect(201);
    answer.json()["complaint_id"]
        .as_str()
        .expect("a complaint id")
        .to_owned()
}

async fn act(app: &TestApp, party: &Party, complaint: &str, action: &str, body: &Value) -> Answer {
    let area = party.member.role.area();
    send(
        app,
        party,
        Method::POST,
        &format!("/api/{area}/complaints/{complaint}/{action}"),
        body,
    )
    .await
}

fn decision(refund_minor: Option<i64>) -> Value {
    let mut body = json!({
        "favour": "complainant",
        "resolution": "La séance sera remboursée en partie.",
    });
    if let Some(minor) = refund_minor {
        body["refund"] = json!({"amount_minor": minor});
    }
    body
}

/// The complaint refunds recorded on the booking's stream.
async fn refunds(app: &TestApp, booking: &str) -> Vec<(i64, Option<Uuid>)> {
    let id: Uuid = booking.parse().expect("a booking id");
    app.settle().await;
    app.app
        .stores
        .events
        .read_stream(&StreamId::new("booking", id))
        .await
        .expect("the store answers")
        .iter()
        .filter_map(|e| {
            match codec::decode::<BookingEvent>(&e.event_type, e.schema_version, &e.payload) {
                Ok(BookingEvent::BookingRefunded {
                    amount,
                    complaint_id,
                    ..
                }) => Some((amount.minor, complaint_id)),
                _ => None,
            }
        })
        .collect()
}

async fn a_client_files_a_complaint_with_attachments_about_a_paid_booking(backend: Backend) {
    let app = TestApp::start(backend).await;
    let world = world(&app).await;
    let receipt = attachment(&app, &world.client).await;
    let photo = upload(&app, &world.client, PNG, "screen.png", "image/png").await;
    photo.expect(201);
    let photo = photo.json()["key"].as_str().expect("a key").to_owned();

    let answer = file(
        &app,
        &world.client,
        &filing(&world, json!({"attachments": [receipt, photo]})),
    )
    .await;

    answer.expect(201);
    let complaint: Uuid = answer.json()["complaint_id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .expect("a complaint id");
    let events = app.all_events().await;
    let filed = events
        .iter()
        .find(|e| e.event_type == "ComplaintFiled")
        .expect("a filing");
    assert_eq!(filed.stream, StreamId::new("complaint", complaint));
    let payload: Value = serde_json::from_str(&filed.payload).expect("JSON");
    assert_eq!(payload["respondent_id"], json!(world.expert.id()));
    assert_eq!(payload["respondent_role"], "consultant");
    assert_eq!(payload["booking_id"], json!(world.booking));
    assert_eq!(payload["attachments"].as_array().map(Vec::len), Some(2));
    // The texts are in the forgettable store, never in an event.
    assert!(
        events
            .iter()
            .all(|e| !e.payload.contains("vingt minutes") && !e.payload.contains("en retard")),
        "a complaint text leaked into an event"
    );
    assert_eq!(app.count_events("OpenComplaintFiled").await, 1);
    // An upload of another kind is not an attachment (a PDF is no photo).
    let text_file = upload(&app, &world.client, b"hello", "note.txt", "text/plain").await;
    text_file.expect(400);
}

async fn filing_is_refused_for_bad_fields_foreign_bookings_and_a_second_open_complaint(
    backend: Backend,
) {
    let app = TestApp::start(backend).await;
    let world = world(&app).await;
    let other = client(&app, true).await;
    let theirs = attachment(&app, &other).await;

    let short = file(
        &app,
        &world.client,
        &filing(
            &world,
            json!({"subject": "x", "description": "court", "complaint_type_id": Uuid::now_v7(),
                   "desired_outcome": "revenge", "attachments": [theirs]}),
        ),
    )
    .await;
    short.expect(400);
    assert_eq!(short.code(), "validation_failed");
    for field in ["subject", "description", "complaint_type_id", "attachments"] {
        assert!(short.field(field).is_some(), "{field}: {}", short.text);
    }
    let outcome = file(
        &app,
        &world.client,
        &filing(&world, json!({"desired_outcome": "revenge"})),
    )
    .await;
    assert!(
        outcome.field("desired_outcome").is_some(),
        "{}",
        outcome.text
    );
    let six: Vec<String> = (0..6)
        .map(|n| format!("subjects/{}/{n}.pdf", world.client.id()))
        .collect();
    let many = file(
        &app,
        &world.client,
        &filing(&world, json!({"attachments": six})),
    )
    .await;
    many.expect(400);
    assert!(many.field("attachments").is_some());

    // Another client's booking, an unknown one: not found.
    file(&app, &other, &filing(&world, json!({})))
        .await
        .expect(404);
    file(
        &app,
        &world.client,
        &filing(&world, json!({"booking_id": Uuid::now_v7()})),
    )
    .await
    .expect(404);
    // A hold never paid is not eligible.
    let starts = slots(&app, TimeDelta::days(1));
    let held = book(&app, &world.client, &world.expert, starts[3], json!({})).await;
    let unpaid = file(
        &app,
        &world.client,
        &filing(&world, json!({"booking_id": booking_id(&held)})),
    )
    .await;
    unpaid.expect(400);
    assert_eq!(unpaid.code(), "complaint_booking_not_eligible");

    filed(&app, &world).await;
    let again = file(&app, &world.client, &filing(&world, json!({}))).await;
    again.expect(409);
    assert_eq!(again.code(), "complaint_already_open");
    // The consultant may still file about the same booking (one per author).
    file(&app, &world.expert, &filing(&world, json!({})))
        .await
        .expect(201);
    // A complaint about the platform needs no booking.
    file(
        &app,
        &world.client,
        &filing(&world, json!({"booking_id": null})),
    )
    .await
    .expect(201);
}

async fn a_stranger_gets_404_on_every_route_of_a_complaint(backend: Backend) {
    let app = TestApp::start(backend).await;
    let world = world(&app).await;
    let complaint = filed(&app, &world).await;
    let stranger = client(&app, true).await;
    let file_key = attachment(&app, &stranger).await;

    for (action, body) in [
        ("withdraw", json!({})),
        (
            "statement",
            json!({"text": "Je n'étais pas là ce jour-là.", "attachments": [file_key]}),
        ),
        (
            "information",
            json!({"request_id": Uuid::now_v7(), "text": "Voici ma réponse."}),
        ),
    ] {
        let answer = act(&app, &stranger, &complaint, action, &body).await;
        assert_eq!(answer.status, 404, "{action}: {}", answer.text);
        assert_eq!(answer.code(), "not_found");
    }
    // Nor read it.
    let read = app
        .bare(Method::GET, &format!("/api/client/complaints/{complaint}"))
        .bearer(&stranger.token)
        .send()
        .await;
    assert_eq!(read.status, 404, "{}", read.text);
    // The author is no respondent, the respondent no author.
    act(
        &app,
        &world.client,
        &complaint,
        "statement",
        &json!({"text": "Je me réponds à moi-même."}),
    )
    .await
    .expect(404);
    act(&app, &world.expert, &complaint, "withdraw", &json!({}))
        .await
        .expect(404);
    // An unknown complaint is the same 404.
    act(
        &app,
        &world.client,
        &Uuid::now_v7().to_string(),
        "withdraw",
        &json!({}),
    )
    .await
    .expect(404);
    // The administrators' routes are not the parties'.
    let decided = send(
        &app,
        &world.client,
        Method::POST,
        &format!("/api/admin-panel/complaints/{complaint}/decide"),
        &decision(None),
    )
    .await;
    assert!(
        [401, 403].contains(&decided.status.as_u16()),
        "{}",
        decided.text
    );
    assert_eq!(app.count_events("ComplaintWithdrawn").await, 0);
    assert_eq!(app.count_events("StatementSubmitted").await, 0);
}

async fn the_author_withdraws_and_may_then_file_again(backend: Backend) {
    let app = TestApp::start(backend).await;
    let world = world(&app).await;
    let complaint = filed(&app, &world).await;

    let withdrawn = act(&app, &world.client, &complaint, "withdraw", &json!({})).await;

    withdrawn.expect(200);
    assert_eq!(withdrawn.json()["status"], "withdrawn");
    assert_eq!(withdrawn.json()["can"]["withdraw"], false);
    let again = act(&app, &world.client, &complaint, "withdraw", &json!({})).await;
    again.expect(409);
    assert_eq!(again.code(), "complaint_closed");
    filed(&app, &world).await;
}

async fn the_respondent_states_once_and_the_asked_party_answers_once(backend: Backend) {
    let app = TestApp::start(backend).await;
    let world = world(&app).await;
    let complaint = filed(&app, &world).await;
    let evidence = attachment(&app, &world.expert).await;

    let short = act(
        &app,
        &world.expert,
        &complaint,
        "statement",
        &json!({"text": "Non."}),
    )
    .await;
    short.expect(400);
    assert!(short.field("text").is_some());
    let stated = act(
        &app,
        &world.expert,
        &complaint,
        "statement",
        &json!({"text": "La connexion du client ne fonctionnait pas.", "attachments": [evidence]}),
    )
    .await;
    stated.expect(200);
    assert_eq!(stated.json()["can"]["statement"], false);
    let twice = act(
        &app,
        &world.expert,
        &complaint,
        "statement",
        &json!({"text": "Une seconde déclaration, refusée."}),
    )
    .await;
    twice.expect(409);
    assert_eq!(twice.code(), "statement_already_submitted");

    let asked = send(
        &app,
        &world.admin,
        Method::POST,
        &format!("/api/admin-panel/complaints/{complaint}/request-information"),
        &json!({"party": "complainant", "text": "Avez-vous une capture d'écran ?"}),
    )
    .await;
    asked.expect(200);
    assert_eq!(asked.json()["status"], "in_review");
    assert_eq!(asked.json()["awaiting_information"], true);
    // The client sees the request addressed to them through the state.
    let state = act(
        &app,
        &world.client,
        &complaint,
        "information",
        &json!({
            "request_id": Uuid::now_v7(), "text": "Une réponse à rien."
        }),
    )
    .await;
    state.expect(409);
    assert_eq!(state.code(), "information_not_requested");
    let request_id = app
        .all_events()
        .await
        .iter()
        .find(|e| e.event_type == "InformationRequested")
        .and_then(|e| serde_json::from_str::<Value>(&e.payload).ok())
        .and_then(|p| p["request_id"].as_str().map(str::to_owned))
        .expect("a request");
    // The respondent was not asked.
    act(
        &app,
        &world.expert,
        &complaint,
        "information",
        &json!({
            "request_id": request_id, "text": "Je réponds à la place du client."
        }),
    )
    .await
    .expect(409);
    let answered = act(
        &app,
        &world.client,
        &complaint,
        "information",
        &json!({
            "request_id": request_id, "text": "Oui, la voici en pièce jointe."
        }),
    )
    .await;
    answered.expect(200);
    assert_eq!(answered.json()["awaiting_information"], false);
    act(
        &app,
        &world.client,
        &complaint,
        "information",
        &json!({
            "request_id": request_id, "text": "Et une seconde fois."
        }),
    )
    .await
    .expect(409);
}

async fn two_administrators_deciding_at_once_make_one_decision_and_one_refund(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let world = world(&app).await;
    let complaint = filed(&app, &world).await;
    let other = app.create_admin(&unique_email("admin")).await;
    let other = signed_in(&app, other).await;
    let path = format!("/api/admin-panel/complaints/{complaint}/decide");

    let (half, third) = (decision(Some(3000)), decision(Some(2000)));
    let (first, second) = tokio::join!(
        send(&app, &world.admin, Method::POST, &path, &half),
        send(&app, &other, Method::POST, &path, &third),
    );

    let mut statuses = [first.status.as_u16(), second.status.as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} / {}", first.text, second.text);
    let (winner, loser) = if first.status == 200 {
        (first, second)
    } else {
        (second, first)
    };
    assert_eq!(loser.code(), "complaint_closed");
    assert_eq!(loser.json()["error"]["details"]["status"], "decided");
    assert!(!loser.message().is_empty());
    assert_eq!(winner.json()["status"], "decided");
    let granted = winner.json()["refund"]["amount_minor"].as_i64();
    assert_eq!(app.count_events("ComplaintDecided").await, 1);
    let complaint: Uuid = complaint.parse().expect("an id");
    assert_eq!(
        refunds(&app, &world.booking).await,
        vec![(granted.expect("a refund"), Some(complaint))]
    );
    // The reactions worker, seeing the decision, refunds nothing more.
    app.catch_up().await;
    app.drain_reactions().await;
    assert_eq!(refunds(&app, &world.booking).await.len(), 1);
}

async fn a_refund_never_exceeds_what_was_paid_and_is_made_once_across_retries(backend: Backend) {
    let app = TestApp::start(backend).await;
    let world = world(&app).await;
    let complaint = filed(&app, &world).await;
    let path = format!("/api/admin-panel/complaints/{complaint}/decide");

    let too_much = send(
        &app,
        &world.admin,
        Method::POST,
        &path,
        &decision(Some(6001)),
    )
    .await;
    too_much.expect(400);
    assert_eq!(too_much.code(), "refund_exceeds_paid");
    let not_theirs = send(
        &app,
        &world.admin,
        Method::POST,
        &path,
        &json!({"favour": "respondent", "resolution": "Rien à rembourser.", "refund": {"amount_minor": 100}}),
    )
    .await;
    not_theirs.expect(400);
    assert_eq!(not_theirs.code(), "refund_not_allowed");

    let call = || {
        app.bare(Method::POST, &path)
            .same_origin()
            .bearer(&world.admin.token)
            .idempotency_key("decide-once")
            .json(&decision(Some(4000)))
            .send()
    };
    let first = call().await;
    first.expect(200);
    let retried = call().await;
    retried.expect(200);
    assert_eq!(retried.position(), first.position());
    assert_eq!(app.count_events("ComplaintDecided").await, 1);
    assert_eq!(refunds(&app, &world.booking).await.len(), 1);

    // A second complaint about the same booking: only 20 € are left to refund.
    let second = filed(&app, &world).await;
    let path = format!("/api/admin-panel/complaints/{second}/decide");
    send(
        &app,
        &world.admin,
        Method::POST,
        &path,
        &decision(Some(2001)),
    )
    .await
    .expect(400);
    send(
        &app,
        &world.admin,
        Method::POST,
        &path,
        &decision(Some(2000)),
    )
    .await
    .expect(200);
    let total: i64 = refunds(&app, &world.booking)
        .await
        .iter()
        .map(|r| r.0)
        .sum();
    assert_eq!(total, 6000);
}

async fn the_reactions_worker_makes_a_decided_refund_the_command_could_not(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let world = world(&app).await;
    let complaint: Uuid = filed(&app, &world).await.parse().expect("an id");
    // The decision is recorded, then the command stops before the refund
    // (a crash): only `ComplaintDecided` is in the store.
    let version = app
        .app
        .stores
        .events
        .read_stream(&StreamId::new("complaint", complaint))
        .await
        .expect("the store answers")
        .len() as u64;
    let decided = domain::complaint::ComplaintEvent::ComplaintDecided {
        favour: domain::complaint::Favour::Complainant,
        resolution: domain::complaint::resolution_ref(complaint, world.client.id()),
        refund: Some(domain::values::Money::new(
            2500,
            domain::values::Currency::Eur,
        )),
        suspend_consultant: false,
        at: app.now(),
    };
    let (event_type, schema_version, payload) = codec::encode(&decided);
    app.app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: StreamId::new("complaint", complaint),
                expected: ExpectedVersion::Exact(version),
                events: vec![NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type,
                    schema_version,
                    payload,
                    metadata: EventMetadata {
                        actor_id: Some(world.admin.id()),
                        actor_role: Some(Role::Admin.as_str().into()),
                        correlation_id: Uuid::now_v7(),
                        causation_id: None,
                        recorded_at: app.now(),
                    },
                }],
            }],
            side_writes: vec![],
        })
        .await
        .expect("the decision is appended");

    app.catch_up().await;
    app.drain_reactions().await;
    app.catch_up().await;
    app.drain_reactions().await;

    assert_eq!(
        refunds(&app, &world.booking).await,
        vec![(2500, Some(complaint))]
    );
}

async fn a_decision_may_suspend_the_consultant_in_the_same_request(backend: Backend) {
    let app = TestApp::start(backend).await;
    let world = world(&app).await;
    let complaint = filed(&app, &world).await;
    let path = format!("/api/admin-panel/complaints/{complaint}/decide");
    let mut body = decision(None);
    body["suspend_consultant"] = json!(true);

    let decided = send(&app, &world.admin, Method::POST, &path, &body).await;

    decided.expect(200);
    assert_eq!(decided.json()["suspend_consultant"], true);
    let suspended: Vec<_> = app
        .all_events()
        .await
        .into_iter()
        .filter(|e| e.event_type == "ConsultantSuspended")
        .collect();
    assert_eq!(suspended.len(), 1);
    assert_eq!(
        suspended[0].stream,
        StreamId::new("consultant", world.expert.id())
    );
    // A platform complaint has no consultant to suspend.
    let platform = file(
        &app,
        &world.client,
        &filing(&world, json!({"booking_id": null})),
    )
    .await;
    let platform = platform.json()["complaint_id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let refused = send(
        &app,
        &world.admin,
        Method::POST,
        &format!("/api/admin-panel/complaints/{platform}/decide"),
        &body,
    )
    .await;
    refused.expect(400);
    assert!(
        refused.field("suspend_consultant").is_some(),
        "{}",
        refused.text
    );
}

async fn every_complaint_command_is_in_the_openapi_document(backend: Backend) {
    let app = TestApp::start(backend).await;

    let doc = app.get("/api/openapi.json").send().await.json();

    for path in [
        "/api/{area}/complaints",
        "/api/{area}/complaints/{id}/withdraw",
        "/api/{area}/complaints/{id}/statement",
        "/api/{area}/complaints/{id}/information",
        "/api/admin-panel/complaints/{id}/review",
        "/api/admin-panel/complaints/{id}/request-information",
        "/api/admin-panel/complaints/{id}/decide",
        "/api/admin-panel/complaints/{id}/dismiss",
    ] {
        assert!(
            doc["paths"][path]["post"].is_object(),
            "{path} is not documented"
        );
    }
    assert!(
        doc["paths"]["/api/admin-panel/complaints/{id}/decide"]["post"]["responses"]["409"]
            .is_object()
    );
}
