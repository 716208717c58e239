//! The contact form (docs/api.md "Contact"): a visitor writes, every
//! administrator is mailed in their language and finds the message in the
//! contact-us list (search, pages, CSV); bad forms, robots and floods leave
//! nothing; a message deleted on request is gone live, from the payload
//! store and after a rebuild.

use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Answer, Backend, TestApp, unique_email};

on_both_backends!(
    a_visitor_writes_and_the_administrators_are_mailed_and_list_it,
    bad_forms_robots_and_floods_leave_nothing,
    a_message_deleted_on_request_is_gone_live_and_after_a_rebuild,
    only_administrators_read_or_delete_messages,
);

const MESSAGE: &str = "Bonjour,\nnous aimerions proposer des consultations à nos 40 salariés.";

fn form(email: &str, subject: &str) -> Value {
    json!({
        "name": "Camille Étienne", "email": email, "phone": "+33 6 12 34 56 78",
        "organisation": "Atelier Lumière", "subject": subject, "message": MESSAGE,
        "website": "",
    })
}

/// A visitor (no cookie) sends the form.
async fn send(app: &TestApp, body: &Value) -> Answer {
    app.bare(Method::POST, "/api/public/contact-messages")
        .same_origin()
        .lang("en")
        .json(body)
        .send()
        .await
}

async fn list(app: &TestApp, query: &str) -> Value {
    app.catch_up().await;
    let answer = app
        .get(&format!("/api/admin-panel/contact-messages{query}"))
        .send()
        .await;
    answer.expect(200);
    answer.json()
}

async fn a_visitor_writes_and_the_administrators_are_mailed_and_list_it(backend: Backend) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let admin = app.create_admin(&unique_email("desk")).await;
    app.sign_in_as(&admin).await;
    let sender = unique_email("camille");
    let sent = send(&app, &form(&sender, "Partenariat entreprise")).await;
    sent.expect(202);
    assert_eq!(sent.json(), json!({"received": true}));
    for n in 1..=2 {
        app.advance(chrono::TimeDelta::seconds(1));
        send(
            &app,
            &form(&unique_email("other"), &format!("Question {n}")),
        )
        .await
        .expect(202);
    }
    app.catch_up().await;
    app.drain_reactions().await;

    let mails: Vec<Value> = app
        .mails_to(&admin.email)
        .await
        .into_iter()
        .filter(|m| m["subject"] == "Nouveau message de contact : Partenariat entreprise")
        .collect();
    assert_eq!(mails.len(), 1, "the administrator is told once, in French");
    let text = mails[0]["text"].as_str().expect("a text part");
    for expected in [
        "Camille Étienne",
        sender.as_str(),
        "+33 6 12 34 56 78",
        "Atelier Lumière",
        "> nous aimerions proposer des consultations à nos 40 salariés.",
        "/admin/view-contact-us-list",
    ] {
        assert!(text.contains(expected), "{expected} in {text}");
    }
    assert_eq!(app.drain_reactions().await, 0, "nothing is sent twice");

    let all = list(&app, "?page_size=2").await;
    assert_eq!(all["total"], 3);
    assert_eq!(all["items"].as_array().map(Vec::len), Some(2));
    assert_eq!(all["items"][0]["subject"], "Question 2", "newest first");
    let found = list(&app, "?search=etienne%20PARTENARIAT").await;
    assert_eq!(
        found["total"], 1,
        "words of the name and subject, accents and case ignored"
    );
    let item = &found["items"][0];
    assert_eq!(item["email"], sender.as_str());
    assert_eq!(item["organisation"], "Atelier Lumière");
    assert_eq!(item["message"], MESSAGE);
    assert_eq!(item["language"], "en");
    assert_eq!(list(&app, "?search=nobody").await["total"], 0);
    let long = "a".repeat(201);
    app.get(&format!("/api/admin-panel/contact-messages?search={long}"))
        .send()
        .await
        .expect(400);

    let csv = app
        .get("/api/admin-panel/contact-messages/export.csv?search=partenariat")
        .send()
        .await;
    csv.expect(200);
    let body = csv.text.clone();
    let lines: Vec<&str> = body.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(
        lines[0],
        "Reçu le;Nom;E-mail;Téléphone;Organisation;Objet;Message;Langue"
    );
    assert_eq!(
        lines.len(),
        3,
        "the header and one message over two lines: {body}"
    );
    assert!(lines[1].contains(&sender) && lines[1].contains("Atelier Lumière"));
}

async fn bad_forms_robots_and_floods_leave_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let mut bad = form("not-an-address", "");
    bad["message"] = json!("   ");
    bad["phone"] = json!("call me maybe");
    let refused = send(&app, &bad).await;
    refused.expect(400);
    assert_eq!(refused.code(), "validation_failed");
    for field in ["email", "subject", "message", "phone"] {
        assert!(refused.field(field).is_some(), "{field} is refused");
    }
    let mut huge = form(&unique_email("huge"), "Trop long");
    huge["message"] = json!("m".repeat(5001));
    send(&app, &huge).await.expect(400);

    // A robot fills the field people never see: the same answer, nothing kept.
    let mut robot = form(&unique_email("robot"), "Offre SEO");
    robot["website"] = json!("https://spam.example");
    let answer = send(&app, &robot).await;
    answer.expect(202);
    assert_eq!(answer.json(), json!({"received": true}));
    assert_eq!(app.count_events("ContactMessageReceived").await, 0);

    // Three messages an hour from one address; the fourth waits, others still write.
    let sender = unique_email("insistent");
    for n in 1..=3 {
        send(&app, &form(&sender, &format!("Relance {n}")))
            .await
            .expect(202);
    }
    let flood = send(&app, &form(&sender.to_uppercase(), "Relance 4")).await;
    flood.expect(429);
    assert_eq!(flood.code(), "contact_message_limit");
    assert!(flood.message().contains("last hour"), "{}", flood.message());
    send(&app, &form(&unique_email("someone-else"), "Bonjour"))
        .await
        .expect(202);
    assert_eq!(app.count_events("ContactMessageReceived").await, 4);
    app.advance(chrono::TimeDelta::minutes(61));
    send(&app, &form(&sender, "Relance 5")).await.expect(202);
}

async fn a_message_deleted_on_request_is_gone_live_and_after_a_rebuild(backend: Backend) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("desk")).await;
    app.sign_in_as(&admin).await;
    let sender = unique_email("forget-me");
    send(&app, &form(&sender, "Merci d’effacer mes données"))
        .await
        .expect(202);
    send(&app, &form(&unique_email("kept"), "Un autre message"))
        .await
        .expect(202);
    let all = list(&app, "").await;
    let item = all["items"]
        .as_array()
        .and_then(|items| items.iter().find(|i| i["email"] == sender.as_str()))
        .expect("the message is listed")
        .clone();
    let id = item["message_id"].as_str().expect("an id").to_owned();

    let path = format!("/api/admin-panel/contact-messages/{id}");
    app.call(Method::DELETE, &path).send().await.expect(204);
    let after = list(&app, "").await;
    assert_eq!(after["total"], 1);
    assert_ne!(after["items"][0]["email"], sender.as_str());
    app.call(Method::DELETE, &path).send().await.expect(404);
    let message_id = id.parse().expect("a uuid");
    let key = domain::contact::content_key(message_id);
    assert_eq!(
        app.app
            .stores
            .events
            .payload(message_id, &key)
            .await
            .unwrap(),
        None,
        "the content is shredded"
    );

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
    assert_eq!(live, replayed, "rebuild = live");
    let everything = format!("{replayed:?}");
    assert!(!everything.contains(&sender), "no trace of the sender");
    assert!(everything.contains("Un autre message"));
}

async fn only_administrators_read_or_delete_messages(backend: Backend) {
    let app = TestApp::start(backend).await;
    send(&app, &form(&unique_email("visitor"), "Bonjour"))
        .await
        .expect(202);
    app.catch_up().await;
    for path in [
        "/api/admin-panel/contact-messages",
        "/api/admin-panel/contact-messages/export.csv",
    ] {
        app.bare(Method::GET, path).send().await.expect(401);
    }
    let client = app.register(Role::Client, &unique_email("client")).await;
    app.sign_in_as(&client).await;
    app.get("/api/admin-panel/contact-messages")
        .send()
        .await
        .expect(401);
    app.call(
        Method::DELETE,
        &format!("/api/admin-panel/contact-messages/{}", uuid::Uuid::now_v7()),
    )
    .send()
    .await
    .expect(401);
    assert_eq!(app.count_events("ContactMessageDeleted").await, 0);
}
