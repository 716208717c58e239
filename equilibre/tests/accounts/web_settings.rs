//! Web settings (docs/api.md "Web settings"): an administrator changes the
//! title, names, logos, favicon and social links; the public settings and
//! images follow at once, mails carry the e-mail logo and legal name, bad
//! links and files change nothing; the read model rebuilds to the same row.

use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::support::{Answer, Backend, PDF, PNG, TestApp, unique_email};

on_both_backends!(an_administrator_rebrands_the_site_and_the_mails_follow,);

/// The smallest Windows icon header (one 1×1 image entry); `infer` knows it by its first bytes.
const ICO: &[u8] = &[
    0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 32, 0, 40, 0, 0, 0, 22, 0, 0, 0,
];

async fn upload(app: &TestApp, kind: &str, bytes: &[u8], name: &str) -> String {
    let part = Part::bytes(bytes.to_vec()).file_name(name.to_owned());
    let answer = app
        .call(Method::POST, &format!("/api/admin-panel/files?kind={kind}"))
        .multipart(Form::new().part("file", part))
        .send()
        .await;
    answer.expect(201);
    answer.json()["key"].as_str().expect("a key").to_owned()
}

fn settings(web_logo: &str, email_logo: &str, favicon: &str) -> Value {
    json!({
        "site_title": "Équilibre Santé", "domain_name": "equilibre-sante.fr",
        "legal_name": "Équilibre Santé SAS", "web_logo": web_logo, "footer_logo": "",
        "email_logo": email_logo, "favicon": favicon,
        "twitter": "https://x.com/equilibre", "youtube": "", "instagram": "",
        "linkedin": "https://www.linkedin.com/company/equilibre",
    })
}

async fn public(app: &TestApp, path: &str) -> Answer {
    app.catch_up().await;
    let head = app.store_head().await;
    app.bare(Method::GET, path).min_position(head).send().await
}

async fn an_administrator_rebrands_the_site_and_the_mails_follow(backend: Backend) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let built_in = public(&app, "/api/public/web-settings").await;
    built_in.expect(200);
    assert_eq!(built_in.json()["web_title"], "Equilibre");
    assert_eq!(built_in.json()["fab_icon"], "/favicon.svg");

    let admin = app.create_admin(&unique_email("brand")).await;
    app.sign_in_as(&admin).await;
    let logo = upload(&app, "site_logo", PNG, "logo.png").await;
    let icon = upload(&app, "favicon", ICO, "favicon.ico").await;
    let pdf = upload(&app, "complaint_attachment", PDF, "doc.pdf").await;

    // Bad links and a file of the wrong kind change nothing.
    let mut bad = settings(&pdf, "", "");
    bad["twitter"] = json!("http://x.com/equilibre");
    bad["youtube"] = json!("javascript:alert(1)");
    bad["domain_name"] = json!("https://equilibre.fr/");
    let refused = app
        .call(Method::PUT, "/api/admin-panel/web-settings")
        .json(&bad)
        .send()
        .await;
    refused.expect(400);
    for field in ["twitter", "youtube", "domain_name"] {
        assert!(refused.field(field).is_some(), "{field}: {}", refused.text);
    }
    let wrong_file = app
        .call(Method::PUT, "/api/admin-panel/web-settings")
        .json(&settings(&pdf, "", "subjects/nobody/icon.ico"))
        .send()
        .await;
    wrong_file.expect(400);
    assert!(wrong_file.field("web_logo").is_some() && wrong_file.field("favicon").is_some());
    assert_eq!(app.count_events("WebSettingsChanged").await, 0);

    app.call(Method::PUT, "/api/admin-panel/web-settings")
        .json(&settings(&logo, &logo, &icon))
        .send()
        .await
        .expect(204);
    let now = public(&app, "/api/public/web-settings").await;
    let now = now.json();
    assert_eq!(now["web_title"], "Équilibre Santé");
    assert_eq!(now["web_legal_name"], "Équilibre Santé SAS");
    assert_eq!(now["domain_name_without_extension"], "equilibre-sante");
    assert_eq!(now["twitter"], "https://x.com/equilibre");
    assert_eq!(now["youtube"], "");
    assert_eq!(now["footer_logo"], "/logo.svg", "left built-in");
    let logo_url = now["web_logo"].as_str().unwrap();
    assert!(
        logo_url.starts_with("/api/public/web-settings/web_logo?v="),
        "{logo_url}"
    );
    let image = public(&app, logo_url).await;
    image.expect(200);
    assert_eq!(image.header("content-type"), Some("image/png"));
    let favicon = public(&app, now["fab_icon"].as_str().unwrap()).await;
    favicon.expect(200);
    assert_eq!(favicon.header("content-type"), Some("image/x-icon"));
    public(&app, "/api/public/web-settings/footer_logo")
        .await
        .expect(404);
    let source = app.get("/api/admin-panel/web-settings").send().await;
    assert_eq!(source.json()["web_logo"], logo.as_str());

    // The next mail carries the e-mail logo and the legal name.
    app.bare(Method::POST, "/api/public/contact-messages")
        .same_origin()
        .json(
            &json!({"name": "Lou", "email": unique_email("lou"), "subject": "Bonjour",
                      "message": "Une question.", "website": ""}),
        )
        .send()
        .await
        .expect(202);
    app.catch_up().await;
    app.drain_reactions().await;
    let mails = app.mails_to(&admin.email).await;
    let mail = mails.last().expect("the contact mail");
    assert!(
        mail["text"]
            .as_str()
            .unwrap()
            .ends_with("Équilibre Santé SAS"),
        "{}",
        mail["text"]
    );
    let html = mail["html"].as_str().unwrap();
    assert!(
        html.contains("/api/public/web-settings/email_logo?v="),
        "{html}"
    );
    assert!(html.contains("alt=\"Équilibre Santé\""));

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
    let client = app.register(Role::Client, &unique_email("curieux")).await;
    app.sign_in_as(&client).await;
    app.call(Method::PUT, "/api/admin-panel/web-settings")
        .json(&settings("", "", ""))
        .send()
        .await
        .expect(401);
}
