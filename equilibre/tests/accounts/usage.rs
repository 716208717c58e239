//! Consent-gated analytics, server side (docs/api.md "Consent and usage
//! analytics"): the pixel is configuration, served to the SPA and admitted
//! by the web pages' policy only when set; page views of signed-in people
//! are counted per week under an anonymised id.

use domain::account::Role;
use platform::config::PixelSettings;
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Answer, Backend, TestApp, unique_email};

on_both_backends!(
    no_pixel_is_served_or_admitted_unless_configured,
    page_views_are_counted_per_week_without_the_account,
);

async fn no_pixel_is_served_or_admitted_unless_configured(backend: Backend) {
    let plain = TestApp::with(backend).without_workers().start().await;
    let settings = plain.get("/api/public/web-settings").send().await;
    settings.expect(200);
    assert_eq!(settings.json()["pixel"], Value::Null);
    let page = plain.bare(Method::GET, "/").send().await;
    let policy = page
        .header("content-security-policy")
        .unwrap_or_default()
        .to_owned();
    assert!(policy.contains("script-src 'self';"), "{policy}");

    let origin = "https://connect.pixel.example";
    let configured = TestApp::with(backend)
        .without_workers()
        .pixel(PixelSettings {
            script_url: format!("{origin}/en_US/fbevents.js"),
            id: "1234567890".into(),
            origin: origin.into(),
        })
        .start()
        .await;
    let settings = configured.get("/api/public/web-settings").send().await;
    assert_eq!(
        settings.json()["pixel"],
        json!({"script_url": format!("{origin}/en_US/fbevents.js"), "id": "1234567890"})
    );
    let page = configured.bare(Method::GET, "/").send().await;
    let policy = page
        .header("content-security-policy")
        .unwrap_or_default()
        .to_owned();
    assert!(
        policy.contains(&format!("script-src 'self' {origin};")),
        "{policy}"
    );
    let api = configured.get("/api/public/web-settings").send().await;
    assert!(
        api.header("content-security-policy")
            .is_some_and(|p| !p.contains(origin)),
        "the API's own answers load nothing"
    );
}

async fn view(app: &TestApp, area: &str, view: &str) -> Answer {
    app.call(Method::POST, &format!("/api/{area}/usage-events"))
        .json(&json!({"view": view}))
        .send()
        .await
}

async fn page_views_are_counted_per_week_without_the_account(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let client = app.register(Role::Client, &unique_email("counted")).await;
    let consultant = app
        .register(Role::Consultant, &unique_email("counted"))
        .await;
    app.sign_in_as(&client).await;
    app.sign_in_as(&consultant).await;
    for _ in 0..3 {
        let counted = view(&app, "client", "dashboard").await;
        counted.expect(202);
        assert_eq!(counted.position(), None, "nothing waits for a count");
    }
    view(&app, "consultant", "dashboard").await.expect(202);
    view(&app, "consultant", "complaints_against_me")
        .await
        .expect(202);
    let refused = view(&app, "client", "everything").await;
    refused.expect(400);
    assert_eq!(refused.code(), "malformed_body");
    assert_eq!(refused.position(), None);
    app.bare(Method::POST, "/api/client/usage-events")
        .same_origin()
        .json(&json!({"view": "dashboard"}))
        .send()
        .await
        .expect(401);
    assert_eq!(app.count_events("PageViewed").await, 5);

    // A stuck page cannot flood the log: past the hourly allowance, views
    // are answered alike and not kept.
    for _ in 0..60 {
        view(&app, "client", "bookings").await.expect(202);
    }
    assert_eq!(app.count_events("PageViewed").await, 60 + 2);
    app.advance(chrono::TimeDelta::minutes(61));
    view(&app, "client", "bookings").await.expect(202);
    assert_eq!(app.count_events("PageViewed").await, 63);

    let admin = app.create_admin(&unique_email("desk")).await;
    app.sign_in_as(&admin).await;
    view(&app, "admin-panel", "dashboard").await.expect(404);
    app.catch_up().await;
    let table = app.get("/api/admin-panel/usage").send().await;
    table.expect(200);
    let items = table.json()["items"].clone();
    let row = |view: &str, role: &str| {
        items
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r["view"] == view && r["role"] == role))
            .cloned()
            .unwrap_or_else(|| panic!("{view} {role} in {items}"))
    };
    assert_eq!(row("dashboard", "client")["views"], 3);
    assert_eq!(row("dashboard", "client")["people"], 1);
    assert_eq!(row("complaints_against_me", "consultant")["views"], 1);
    assert_eq!(
        row("dashboard", "consultant")["week"],
        domain::usage::week(app.now())
    );
    app.get("/api/admin-panel/usage?weeks=53")
        .send()
        .await
        .expect(400);

    // The log holds a keyed hash, never the account.
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
    let usage: Vec<_> = format!("{replayed:?}")
        .split("rm_usage")
        .skip(1)
        // Up to the next table.
        .map(|rest| rest.split("\"rm_").next().unwrap_or_default().to_owned())
        .collect();
    assert!(!usage.is_empty());
    for text in usage {
        for id in [
            client.account_id.to_string(),
            consultant.account_id.to_string(),
        ] {
            assert!(!text.contains(&id), "no account id in the usage rows");
        }
    }
}
