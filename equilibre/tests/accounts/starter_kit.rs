//! The starter kit (docs/api.md "Starter kit"): a visitor asks, the kit is
//! mailed over SMTP as a PDF in their language; two kits a day per address
//! and robots are answered alike; the administrators list, export and
//! delete requests on request; the list rebuilds to the same rows.

use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Answer, Backend, TestApp, unique_email};

on_both_backends!(a_visitor_receives_the_kit_and_the_request_is_listed_exported_and_deleted,);

async fn ask(app: &TestApp, name: &str, email: &str, lang: &str, website: &str) -> Answer {
    app.bare(Method::POST, "/api/public/starter-kit-requests")
        .same_origin()
        .lang(lang)
        .json(&json!({"name": name, "email": email, "website": website}))
        .send()
        .await
}

async fn list(app: &TestApp, query: &str) -> Value {
    app.catch_up().await;
    let answer = app
        .get(&format!("/api/admin-panel/starter-kit-requests{query}"))
        .send()
        .await;
    answer.expect(200);
    answer.json()
}

async fn a_visitor_receives_the_kit_and_the_request_is_listed_exported_and_deleted(
    backend: Backend,
) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let reader = unique_email("noemie");
    for _ in 0..3 {
        let asked = ask(&app, "Noémie Duval", &reader, "en", "").await;
        asked.expect(202);
        assert_eq!(asked.json(), json!({"received": true}));
    }
    let robot = unique_email("robot");
    ask(&app, "Robot", &robot, "fr", "https://spam.example")
        .await
        .expect(202);
    let bad = ask(&app, "", "nope", "fr", "").await;
    bad.expect(400);
    assert!(bad.field("name").is_some() && bad.field("email").is_some());
    app.catch_up().await;
    app.drain_reactions().await;

    let mails = app.mails_to(&reader).await;
    assert_eq!(mails.len(), 2, "two kits a day for an address");
    let mail = &mails[0];
    assert_eq!(mail["subject"], "Your Equilibre wellbeing starter kit");
    assert!(
        mail["text"]
            .as_str()
            .unwrap()
            .starts_with("Hello Noémie Duval,")
    );
    let attachment = &mail["attachments"][0];
    assert_eq!(attachment["contentType"], "application/pdf");
    let name = attachment["generatedFileName"]
        .as_str()
        .or(attachment["fileName"].as_str())
        .expect("an attachment");
    assert_eq!(attachment["fileName"], "wellbeing-starter-kit.pdf");
    let pdf = app
        .maildev()
        .attachment(mail["id"].as_str().unwrap(), name)
        .await;
    let document = lopdf::Document::load_mem(&pdf).expect("a PDF");
    let text = document.extract_text(&[1]).expect("its text");
    assert!(text.contains("Wellbeing starter kit"), "{text}");
    assert!(app.mails_to(&robot).await.is_empty());

    let admin = app.create_admin(&unique_email("desk")).await;
    app.sign_in_as(&admin).await;
    let rows = list(&app, "?search=noemie").await;
    assert_eq!(rows["total"], 2);
    assert_eq!(rows["items"][0]["email"], reader.to_lowercase());
    assert_eq!(rows["items"][0]["language"], "en");
    let csv = app
        .get("/api/admin-panel/starter-kit-requests/export.csv")
        .lang("fr")
        .send()
        .await;
    csv.expect(200);
    assert!(
        csv.text.contains("Demandé le;Nom;E-mail;Langue"),
        "{}",
        csv.text
    );
    assert_eq!(csv.text.matches(&reader.to_lowercase()).count(), 2);

    let id = rows["items"][0]["request_id"].as_str().unwrap().to_owned();
    let path = format!("/api/admin-panel/starter-kit-requests/{id}");
    app.call(Method::DELETE, &path).send().await.expect(204);
    app.call(Method::DELETE, &path).send().await.expect(404);
    assert_eq!(list(&app, "").await["total"], 1);
    app.catch_up().await;
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

    app.sign_out(Role::Admin).await.expect(204);
    let client = app.register(Role::Client, &unique_email("curieuse")).await;
    app.sign_in_as(&client).await;
    app.get("/api/admin-panel/starter-kit-requests")
        .send()
        .await
        .expect(401);
}
