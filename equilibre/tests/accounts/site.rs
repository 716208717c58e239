//! Static pages and legal texts (docs/api.md "Static pages and legal
//! texts"): built-in texts until an administrator edits them, sanitised
//! HTML, versions of the terms in force by date, accepted at sign-up and
//! again before the next booking, a PDF per version and language; the read
//! models rebuild to the same rows.

use chrono::TimeDelta;
use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};

use crate::booking_support::{self as support, Party};
use crate::support::{Answer, Backend, TestApp, XSS_PAYLOADS, assert_inert, unique_email};

on_both_backends!(
    an_edited_page_is_served_sanitised_in_both_languages_and_rebuilt,
    a_new_terms_version_is_accepted_before_the_next_booking,
    scheduled_versions_come_into_force_on_their_date_and_only_they_are_trashed,
    bad_texts_and_strangers_change_nothing,
);

fn text(title: &str, body: &str) -> Value {
    json!({"title": title, "description": format!("{title} : ce qu’il faut savoir."), "body": body})
}

async fn public(app: &TestApp, path: &str, lang: &str) -> Answer {
    app.catch_up().await;
    let head = app.store_head().await;
    app.bare(Method::GET, path)
        .lang(lang)
        .min_position(head)
        .send()
        .await
}

async fn assert_rebuild_equals_live(app: &TestApp) {
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
}

async fn an_edited_page_is_served_sanitised_in_both_languages_and_rebuilt(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    // The built-in text first.
    let built_in = public(&app, "/api/public/site-pages/faq", "fr").await;
    built_in.expect(200);
    assert_eq!(built_in.json()["edited_at"], Value::Null);
    assert!(built_in.json()["html"].as_str().unwrap().contains("<h2>"));
    let english = public(&app, "/api/public/site-pages/faq", "en").await;
    assert_ne!(english.json()["title"], built_in.json()["title"]);

    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let attacks = format!(
        "## Nos engagements\n\nTexte sain.\n\n{}",
        XSS_PAYLOADS.join("\n\n")
    );
    app.call(Method::PUT, "/api/admin-panel/site-pages/about-us")
        .json(&json!({"fr": text("Qui sommes-nous", &attacks),
                      "en": text("Who we are", "## Our commitments\n\nPlain text.")}))
        .send()
        .await
        .expect(204);
    let fr = public(&app, "/api/public/site-pages/about-us", "fr").await;
    fr.expect(200);
    assert_eq!(fr.json()["title"], "Qui sommes-nous");
    assert_ne!(fr.json()["edited_at"], Value::Null);
    let html = fr.json()["html"].as_str().unwrap().to_lowercase();
    assert!(html.contains("<h2>nos engagements</h2>"), "{html}");
    assert!(html.contains("texte sain."));
    assert_inert(&html);
    let en = public(&app, "/api/public/site-pages/about-us", "en").await;
    assert_eq!(en.json()["title"], "Who we are");

    // The same text again records nothing.
    app.call(Method::PUT, "/api/admin-panel/site-pages/about-us")
        .json(&json!({"fr": text("Qui sommes-nous", &attacks),
                      "en": text("Who we are", "## Our commitments\n\nPlain text.")}))
        .send()
        .await
        .expect(204);
    assert_eq!(app.count_events("SitePageEdited").await, 1);

    app.catch_up().await;
    let pages = app.get("/api/admin-panel/site-pages").send().await;
    pages.expect(200);
    let pages = pages.json();
    let keys: Vec<&str> = pages
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["key"].as_str().unwrap())
        .collect();
    assert_eq!(
        keys,
        [
            "about-us",
            "alternative-medicine",
            "sdg-media",
            "faq",
            "team-and-vision",
            "media",
            "disclaimer"
        ]
    );
    let source = app.get("/api/admin-panel/site-pages/about-us").send().await;
    assert_eq!(
        source.json()["en"]["body"],
        "## Our commitments\n\nPlain text."
    );
    app.get("/api/admin-panel/site-pages/terms")
        .send()
        .await
        .expect(404);
    public(&app, "/api/public/site-pages/nope", "fr")
        .await
        .expect(404);
    assert_rebuild_equals_live(&app).await;
}

fn legal_body(marker: &str, effective_at: Option<String>) -> Value {
    json!({
        "fr": text("Conditions générales", &format!("## Objet\n\nVersion {marker}.")),
        "en": text("Terms and conditions", &format!("## Purpose\n\nVersion {marker}.")),
        "effective_at": effective_at,
    })
}

async fn publish(app: &TestApp, kind: &str, body: &Value) -> Answer {
    app.call(Method::POST, &format!("/api/admin-panel/legal/{kind}"))
        .json(body)
        .send()
        .await
}

async fn a_new_terms_version_is_accepted_before_the_next_booking(backend: Backend) {
    let app = TestApp::start(backend).await;
    let expert = support::expert(&app).await;
    let client: Party = support::client(&app, true).await;
    let starts = support::slots(&app, TimeDelta::days(2));

    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let published = publish(&app, "terms", &legal_body("deux", None)).await;
    published.expect(201);
    let version = published.json()["version"].as_str().unwrap().to_owned();
    assert_eq!(version, app.now().date_naive().to_string());

    // Sign-up now asks for the new version.
    let options = public(&app, "/api/public/registration-options", "fr").await;
    assert_eq!(options.json()["terms_version"], version.as_str());
    assert_eq!(options.json()["privacy_version"], "2026-01");

    // The client signed up under the built-in version: booking waits for its acceptance.
    let refused = support::book(&app, &client, &expert, starts[0], json!({"free": true})).await;
    refused.expect(409);
    assert_eq!(refused.code(), "terms_not_accepted");
    app.catch_up().await;
    let standing = app
        .bare(Method::GET, "/api/client/legal-acceptance")
        .bearer(&client.token)
        .min_position(app.store_head().await)
        .send()
        .await;
    standing.expect(200);
    assert_eq!(standing.json()["up_to_date"], false);
    assert_eq!(standing.json()["accepted_terms"], "2026-01");
    assert_eq!(standing.json()["terms_in_force"], version.as_str());

    let stale = support::send(
        &app,
        &client,
        Method::POST,
        "/api/client/legal-acceptance",
        &json!({"terms_version": "2026-01", "privacy_version": "2026-01"}),
    )
    .await;
    stale.expect(400);
    assert!(stale.field("terms_version").is_some(), "{}", stale.text);
    let accepted = support::send(
        &app,
        &client,
        Method::POST,
        "/api/client/legal-acceptance",
        &json!({"terms_version": version, "privacy_version": "2026-01"}),
    )
    .await;
    accepted.expect(204);
    let booked = support::book(&app, &client, &expert, starts[0], json!({"free": true})).await;
    booked.expect(201);

    app.catch_up().await;
    let standing = app
        .bare(Method::GET, "/api/client/legal-acceptance")
        .bearer(&client.token)
        .min_position(app.store_head().await)
        .send()
        .await;
    assert_eq!(standing.json()["up_to_date"], true);

    // The public page shows the version in force, the earlier one, and PDFs of both.
    let terms = public(&app, "/api/public/legal/terms", "en").await;
    terms.expect(200);
    assert_eq!(terms.json()["version"], version.as_str());
    assert_eq!(terms.json()["status"], "in_force");
    assert!(
        terms.json()["html"]
            .as_str()
            .unwrap()
            .contains("Version deux.")
    );
    let pdf_url = terms.json()["pdf_url"].as_str().unwrap().to_owned();
    let terms = terms.json();
    let listed: Vec<&str> = terms["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["version"].as_str().unwrap())
        .collect();
    assert_eq!(listed, [version.as_str(), "2026-01"]);
    let earlier = public(&app, "/api/public/legal/terms?version=2026-01", "fr").await;
    assert_eq!(earlier.json()["status"], "superseded");
    let pdf = public(&app, &pdf_url, "en").await;
    pdf.expect(200);
    assert_eq!(pdf.header("content-type"), Some("application/pdf"));
    assert!(
        pdf.header("content-disposition")
            .unwrap()
            .contains(&format!("terms-{version}.pdf"))
    );
    assert!(pdf.text.starts_with("%PDF-"));
    let french = public(&app, "/api/public/legal/privacy/2026-01/pdf?lang=fr", "fr").await;
    french.expect(200);
    assert!(
        french
            .header("content-disposition")
            .unwrap()
            .contains("politique-de-confidentialite-2026-01.pdf")
    );
    public(&app, "/api/public/legal/terms/1999-01-01/pdf", "fr")
        .await
        .expect(404);
    assert_rebuild_equals_live(&app).await;
}

async fn scheduled_versions_come_into_force_on_their_date_and_only_they_are_trashed(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let later = (app.now() + TimeDelta::days(10)).to_rfc3339();
    let scheduled = publish(&app, "privacy", &legal_body("future", Some(later))).await;
    scheduled.expect(201);
    let version = scheduled.json()["version"].as_str().unwrap().to_owned();

    let now = public(&app, "/api/public/legal/privacy", "fr").await;
    assert_eq!(now.json()["version"], "2026-01");
    let statuses: Vec<(String, String)> = now.json()["versions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["version"].as_str().unwrap().to_owned(),
                v["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        statuses,
        [
            (version.clone(), "scheduled".to_owned()),
            ("2026-01".to_owned(), "in_force".to_owned())
        ]
    );

    // The built-in version is in force: it stays.
    let in_force = app
        .call(Method::POST, "/api/admin-panel/legal/privacy/2026-01/trash")
        .send()
        .await;
    in_force.expect(409);
    assert_eq!(in_force.code(), "legal_version_in_force");
    app.call(
        Method::POST,
        &format!("/api/admin-panel/legal/privacy/{version}/trash"),
    )
    .send()
    .await
    .expect(204);
    app.catch_up().await;
    let trash = app
        .get("/api/admin-panel/legal/privacy?trashed=true")
        .send()
        .await;
    assert_eq!(trash.json().as_array().unwrap().len(), 1);
    assert_eq!(trash.json()[0]["status"], "trashed");
    public(
        &app,
        &format!("/api/public/legal/privacy?version={version}"),
        "fr",
    )
    .await
    .expect(404);
    app.call(
        Method::POST,
        &format!("/api/admin-panel/legal/privacy/{version}/restore"),
    )
    .send()
    .await
    .expect(204);

    // On its date it comes into force, and is a record from then on.
    app.advance(TimeDelta::days(10) + TimeDelta::minutes(1));
    let then = public(&app, "/api/public/legal/privacy", "en").await;
    assert_eq!(then.json()["version"], version.as_str());
    assert!(
        then.json()["html"]
            .as_str()
            .unwrap()
            .contains("Version future.")
    );
    app.sign_in_as(&admin).await;
    let late = app
        .call(
            Method::POST,
            &format!("/api/admin-panel/legal/privacy/{version}/trash"),
        )
        .send()
        .await;
    late.expect(409);
    let list = app.get("/api/admin-panel/legal/privacy").send().await;
    let list = list.json();
    let statuses: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["in_force", "superseded"]);
    assert_rebuild_equals_live(&app).await;
}

async fn bad_texts_and_strangers_change_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let refused = app
        .call(Method::PUT, "/api/admin-panel/site-pages/faq")
        .json(&json!({"fr": {"title": "x".repeat(121), "description": "", "body": "ok"},
                      "en": {"title": "FAQ", "description": "Questions.", "body": "x".repeat(60_001)}}))
        .send()
        .await;
    refused.expect(400);
    for field in ["fr.title", "fr.description", "en.body"] {
        assert!(refused.field(field).is_some(), "{field}: {}", refused.text);
    }
    let backdated = publish(
        &app,
        "terms",
        &legal_body(
            "ancienne",
            Some((app.now() - TimeDelta::days(1)).to_rfc3339()),
        ),
    )
    .await;
    backdated.expect(400);
    assert!(backdated.field("effective_at").is_some());
    let too_far = publish(
        &app,
        "terms",
        &legal_body(
            "lointaine",
            Some((app.now() + TimeDelta::days(400)).to_rfc3339()),
        ),
    )
    .await;
    too_far.expect(400);
    app.call(Method::PUT, "/api/admin-panel/site-pages/nope")
        .json(&json!({"fr": text("A", "b"), "en": text("A", "b")}))
        .send()
        .await
        .expect(404);
    publish(&app, "cookies", &legal_body("x", None))
        .await
        .expect(404);
    // The built-in text again is no new version.
    let built_in = app.get("/api/admin-panel/legal/terms").send().await;
    let same = json!({"fr": built_in.json()[0]["fr"], "en": built_in.json()[0]["en"]});
    let unchanged = publish(&app, "terms", &same).await;
    unchanged.expect(409);
    assert_eq!(unchanged.code(), "legal_text_unchanged");

    app.sign_out(Role::Admin).await.expect(204);
    let client = app.register(Role::Client, &unique_email("reader")).await;
    app.sign_in_as(&client).await;
    publish(&app, "terms", &legal_body("intrus", None))
        .await
        .expect(401);
    app.get("/api/admin-panel/legal/terms")
        .send()
        .await
        .expect(401);
    app.call(Method::PUT, "/api/admin-panel/site-pages/faq")
        .json(&json!({"fr": text("A", "b"), "en": text("A", "b")}))
        .send()
        .await
        .expect(401);
    assert_eq!(app.count_events("LegalVersionPublished").await, 0);
    assert_eq!(app.count_events("SitePageEdited").await, 0);
}
