//! Quotes (docs/api.md "Quotes"): administrators add, edit, trash and
//! restore them; the home page shows each active one in turn, a day each,
//! in the reader's language; the read model rebuilds to the same rows.

use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Answer, Backend, TestApp, unique_email};

on_both_backends!(
    quotes_rotate_one_a_day_and_the_trash_takes_them_out,
    bad_quotes_and_strangers_change_nothing,
);

fn quote(fr: &str, en: &str, author: &str) -> Value {
    json!({"text_fr": fr, "text_en": en, "author": author})
}

async fn add(app: &TestApp, body: &Value) -> Answer {
    app.call(Method::POST, "/api/admin-panel/quotes")
        .json(body)
        .send()
        .await
}

async fn today(app: &TestApp, lang: &str) -> Value {
    app.catch_up().await;
    let head = app.store_head().await;
    let answer = app
        .bare(Method::GET, "/api/public/quote-of-the-day")
        .lang(lang)
        .min_position(head)
        .send()
        .await;
    answer.expect(200);
    answer.json()["quote"].clone()
}

async fn quotes_rotate_one_a_day_and_the_trash_takes_them_out(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    assert_eq!(today(&app, "fr").await, Value::Null, "no quote yet");
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let mut ids = Vec::new();
    for (fr, en, author) in [
        (
            "Que ton aliment soit ton médicament.",
            "Let food be thy medicine.",
            "Hippocrate",
        ),
        ("Le calme est une force.", "Calm is a strength.", "Sénèque"),
        (
            "Respirer, c’est vivre.",
            "To breathe is to live.",
            "Proverbe",
        ),
    ] {
        let added = add(&app, &quote(fr, en, author)).await;
        added.expect(201);
        ids.push(added.json()["id"].as_str().unwrap().to_owned());
        app.advance(chrono::TimeDelta::seconds(1));
    }
    // Each in turn, one a day, the same text in both languages.
    let mut seen = Vec::new();
    for _ in 0..3 {
        let fr = today(&app, "fr").await;
        let en = today(&app, "en").await;
        assert_eq!(fr["id"], en["id"]);
        assert_eq!(today(&app, "fr").await, fr, "the same all day");
        seen.push(fr["id"].as_str().unwrap().to_owned());
        app.advance(chrono::TimeDelta::days(1));
    }
    seen.sort();
    let mut all = ids.clone();
    all.sort();
    assert_eq!(seen, all, "every quote comes in turn");
    app.sign_in_as(&admin).await; // three days later: a new session

    let edit = format!("/api/admin-panel/quotes/{}", ids[0]);
    app.call(Method::PUT, &edit)
        .json(&quote(
            "Que ton aliment soit ton remède.",
            "Let food be thy remedy.",
            "Hippocrate",
        ))
        .send()
        .await
        .expect(200);
    for id in &ids[1..] {
        app.call(Method::POST, &format!("/api/admin-panel/quotes/{id}/trash"))
            .send()
            .await
            .expect(204);
    }
    let only = today(&app, "en").await;
    assert_eq!(only["text"], "Let food be thy remedy.");
    assert_eq!(only["author"], "Hippocrate");

    app.catch_up().await;
    let trash = app.get("/api/admin-panel/quotes?trashed=true").send().await;
    assert_eq!(trash.json()["total"], 2);
    let found = app
        .get("/api/admin-panel/quotes?search=REMEDE")
        .send()
        .await;
    assert_eq!(found.json()["total"], 1, "{}", found.text);
    let trashed_edit = app
        .call(Method::PUT, &format!("/api/admin-panel/quotes/{}", ids[1]))
        .json(&quote("Autre.", "Other.", "Sénèque"))
        .send()
        .await;
    trashed_edit.expect(409);
    assert_eq!(trashed_edit.code(), "quote_trashed");
    app.call(
        Method::POST,
        &format!("/api/admin-panel/quotes/{}/restore", ids[1]),
    )
    .send()
    .await
    .expect(204);
    app.catch_up().await;
    let one = app
        .get(&format!("/api/admin-panel/quotes/{}", ids[1]))
        .send()
        .await;
    one.expect(200);
    assert_eq!(one.json()["trashed_at"], Value::Null);

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
}

async fn bad_quotes_and_strangers_change_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let refused = add(&app, &quote(&"x".repeat(401), "", " ")).await;
    refused.expect(400);
    for field in ["text_fr", "text_en", "author"] {
        assert!(refused.field(field).is_some(), "{field}");
    }
    app.call(
        Method::POST,
        &format!("/api/admin-panel/quotes/{}/trash", uuid::Uuid::now_v7()),
    )
    .send()
    .await
    .expect(404);
    app.sign_out(Role::Admin).await.expect(204);
    let client = app.register(Role::Client, &unique_email("reader")).await;
    app.sign_in_as(&client).await;
    add(&app, &quote("Intrus.", "Intruder.", "Moi"))
        .await
        .expect(401);
    app.get("/api/admin-panel/quotes").send().await.expect(401);
    assert_eq!(app.count_events("QuoteAdded").await, 0);
}
