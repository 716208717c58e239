//! The newsletter (docs/api.md "Newsletter"): double opt-in over real SMTP,
//! the same answer whatever the address's state, at most three mails an
//! address a day, an unsubscribe link in every newsletter mail that erases
//! the address, deletion on request by an administrator; the list rebuilds
//! to the same rows and keeps nothing of an erased address.

use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Answer, Backend, TestApp, unique_email};

on_both_backends!(
    a_visitor_subscribes_confirms_and_unsubscribes_by_the_mailed_links,
    known_addresses_robots_and_floods_are_answered_alike,
    an_administrator_lists_exports_and_deletes_a_subscriber_on_request,
);

async fn subscribe(app: &TestApp, email: &str, lang: &str) -> Answer {
    app.bare(Method::POST, "/api/public/newsletter/subscriptions")
        .same_origin()
        .lang(lang)
        .json(&json!({"email": email, "website": ""}))
        .send()
        .await
}

async fn follow(app: &TestApp, action: &str, link: &str) -> Answer {
    // `{origin}/newsletter/{confirm|unsubscribe}/{key}/{token}`
    let parts: Vec<&str> = link.rsplitn(3, '/').collect();
    app.bare(Method::POST, &format!("/api/public/newsletter/{action}"))
        .same_origin()
        .json(&json!({"key": parts[1], "token": parts[0]}))
        .send()
        .await
}

/// The link after `marker` in the mail's text.
fn link(mail: &Value, marker: &str) -> String {
    let text = mail["text"].as_str().expect("a text part");
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker} in {text}"));
    let from = text[..start].rfind("http").expect("an address");
    text[from..].split_whitespace().next().unwrap().to_owned()
}

async fn mails(app: &TestApp, to: &str) -> Vec<Value> {
    app.catch_up().await;
    app.drain_reactions().await;
    app.mails_to(to).await
}

async fn list(app: &TestApp, query: &str) -> Value {
    app.catch_up().await;
    let answer = app
        .get(&format!("/api/admin-panel/newsletter-subscribers{query}"))
        .send()
        .await;
    answer.expect(200);
    answer.json()
}

async fn a_visitor_subscribes_confirms_and_unsubscribes_by_the_mailed_links(backend: Backend) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let reader = unique_email("lectrice");
    let sent = subscribe(&app, &reader, "en").await;
    sent.expect(202);
    assert_eq!(sent.json(), json!({"received": true}));
    let received = mails(&app, &reader).await;
    assert_eq!(received.len(), 1);
    let confirmation = &received[0];
    assert_eq!(
        confirmation["subject"],
        "Confirm your subscription to Equilibre’s newsletter"
    );
    let confirm = link(confirmation, "/newsletter/confirm/");
    let unsubscribe = link(confirmation, "/newsletter/unsubscribe/");

    // A wrong token does nothing; the mailed one confirms, twice is fine.
    let forged = format!("{}x", &confirm[..confirm.len() - 1]);
    let refused = follow(&app, "confirmation", &forged).await;
    refused.expect(400);
    assert_eq!(refused.code(), "newsletter_link_invalid");
    follow(&app, "confirmation", &confirm).await.expect(204);
    follow(&app, "confirmation", &confirm).await.expect(204);
    let received = mails(&app, &reader).await;
    assert_eq!(received.len(), 2, "the welcome newsletter");
    let welcome = received
        .iter()
        .find(|m| m["subject"] == "Welcome to Equilibre’s newsletter")
        .expect("the welcome mail");
    assert_eq!(
        link(welcome, "/newsletter/unsubscribe/"),
        unsubscribe,
        "its unsubscribe link"
    );

    let admin = app.create_admin(&unique_email("desk")).await;
    app.sign_in_as(&admin).await;
    let rows = list(&app, "").await;
    assert_eq!(rows["total"], 1);
    assert_eq!(rows["items"][0]["email"], reader.to_lowercase());
    assert_eq!(rows["items"][0]["status"], "confirmed");
    assert_eq!(rows["items"][0]["language"], "en");

    // One click unsubscribes and erases the address; the confirmation link is dead.
    follow(&app, "unsubscription", &unsubscribe)
        .await
        .expect(204);
    follow(&app, "unsubscription", &unsubscribe)
        .await
        .expect(204);
    assert_eq!(list(&app, "").await["total"], 0);
    follow(&app, "confirmation", &confirm).await.expect(400);
    assert!(app.count_events("NewsletterUnsubscribed").await == 1);
    let (url, _guard) = app.database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    Projector::new(app.app.stores.events.clone(), fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");
    let dump = fresh.dump().await.unwrap();
    assert_eq!(app.app.read.dump().await.unwrap(), dump);
    assert!(
        !format!("{dump:?}").contains(&reader.to_lowercase()),
        "nothing of the address"
    );
}

async fn known_addresses_robots_and_floods_are_answered_alike(backend: Backend) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let reader = unique_email("lecteur");
    for _ in 0..5 {
        let sent = subscribe(&app, &reader, "fr").await;
        sent.expect(202);
        assert_eq!(sent.json(), json!({"received": true}));
    }
    let received = mails(&app, &reader).await;
    assert_eq!(received.len(), 3, "three confirmation mails a day at most");
    assert_eq!(
        received[0]["subject"],
        "Confirmez votre abonnement à la lettre d’Equilibre"
    );
    // Only the latest link works.
    let mut links: Vec<String> = received
        .iter()
        .map(|m| link(m, "/newsletter/confirm/"))
        .collect();
    links.sort();
    links.dedup();
    assert_eq!(links.len(), 3, "a new link each time");
    let mut confirmed = 0;
    for link in &links {
        let answer = follow(&app, "confirmation", link).await;
        if answer.status.as_u16() == 204 {
            confirmed += 1;
        } else {
            assert_eq!(answer.code(), "newsletter_link_invalid");
        }
    }
    assert_eq!(confirmed, 1, "one link confirms");
    let robot = unique_email("robot");
    let trapped = app
        .bare(Method::POST, "/api/public/newsletter/subscriptions")
        .same_origin()
        .json(&json!({"email": robot, "website": "https://spam.example"}))
        .send()
        .await;
    trapped.expect(202);
    assert_eq!(trapped.json(), json!({"received": true}));
    assert!(mails(&app, &robot).await.is_empty());
    let bad = subscribe(&app, "pas-une-adresse", "fr").await;
    bad.expect(400);
    assert!(bad.field("email").is_some());
    let malformed = app
        .bare(Method::POST, "/api/public/newsletter/confirmation")
        .same_origin()
        .json(&json!({"key": "../etc", "token": "x"}))
        .send()
        .await;
    malformed.expect(400);
    assert_eq!(app.count_events("NewsletterSubscriptionRequested").await, 3);
}

async fn an_administrator_lists_exports_and_deletes_a_subscriber_on_request(backend: Backend) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let kept = unique_email("garde");
    let gone = unique_email("efface");
    subscribe(&app, &kept, "fr").await.expect(202);
    app.advance(chrono::TimeDelta::seconds(1));
    subscribe(&app, &gone, "fr").await.expect(202);
    let admin = app.create_admin(&unique_email("desk")).await;
    app.sign_in_as(&admin).await;
    let rows = list(&app, "?status=pending").await;
    assert_eq!(rows["total"], 2);
    let found = list(
        &app,
        &format!("?search={}", gone.split('@').next().unwrap()),
    )
    .await;
    assert_eq!(found["total"], 1);
    let key = found["items"][0]["key"].as_str().unwrap().to_owned();
    let csv = app
        .get("/api/admin-panel/newsletter-subscribers/export.csv")
        .lang("en")
        .send()
        .await;
    csv.expect(200);
    assert!(
        csv.text
            .contains("Requested on;E-mail;Language;Status;Confirmed on"),
        "{}",
        csv.text
    );
    assert!(csv.text.contains(&gone.to_lowercase()));
    app.get("/api/admin-panel/newsletter-subscribers?status=nope")
        .send()
        .await
        .expect(400);
    app.call(
        Method::DELETE,
        &format!("/api/admin-panel/newsletter-subscribers/{key}"),
    )
    .send()
    .await
    .expect(204);
    app.call(
        Method::DELETE,
        &format!("/api/admin-panel/newsletter-subscribers/{key}"),
    )
    .send()
    .await
    .expect(404);
    let rows = list(&app, "").await;
    assert_eq!(rows["total"], 1);
    assert_eq!(rows["items"][0]["email"], kept.to_lowercase());

    app.sign_out(Role::Admin).await.expect(204);
    let client = app.register(Role::Client, &unique_email("curieux")).await;
    app.sign_in_as(&client).await;
    app.get("/api/admin-panel/newsletter-subscribers")
        .send()
        .await
        .expect(401);
    app.call(
        Method::DELETE,
        &format!("/api/admin-panel/newsletter-subscribers/{key}"),
    )
    .send()
    .await
    .expect(401);
}
