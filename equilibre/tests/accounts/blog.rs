//! The blog (docs/api.md "Blog"): an editor writes, schedules, trashes and
//! restores posts; visitors read the published ones in their language, by
//! tag or expert, and get sanitised HTML; the read models rebuild to the
//! same rows.

use chrono::{SecondsFormat, TimeDelta};
use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::support::{
    Answer, Backend, ExpertProfile, PNG, TestApp, XSS_PAYLOADS, assert_inert, unique_email,
};

on_both_backends!(
    an_editor_schedules_a_post_that_visitors_read_in_both_languages_at_its_time,
    slugs_are_unique_per_language_and_bad_posts_change_nothing,
    known_attacks_in_a_body_are_sanitised_on_the_site_and_in_the_preview,
    trash_and_restore_and_the_rebuild_equals_live,
    only_administrators_write_or_see_unpublished_posts,
);

fn post(title_fr: &str, title_en: &str, publish_at: Option<String>) -> Value {
    json!({
        "fr": {"title": title_fr, "slug": "", "body": "Le **sommeil** répare.\n\nDormez bien.", "tags": ["Sommeil", "Stress"]},
        "en": {"title": title_en, "slug": "", "body": "Sleep **repairs**.\n\nSleep well.", "tags": ["Sleep"]},
        "author": {"kind": "editorial"},
        "cover": null,
        "publish_at": publish_at,
    })
}

fn at(app: &TestApp, offset: TimeDelta) -> String {
    (app.now() + offset).to_rfc3339_opts(SecondsFormat::Secs, true)
}

async fn write(app: &TestApp, body: &Value) -> Answer {
    app.call(Method::POST, "/api/admin-panel/blog-posts")
        .json(body)
        .send()
        .await
}

async fn written(app: &TestApp, body: &Value) -> String {
    let answer = write(app, body).await;
    answer.expect(201);
    answer.json()["id"].as_str().expect("an id").to_owned()
}

async fn public(app: &TestApp, path: &str, lang: &str) -> Answer {
    app.catch_up().await;
    // As fresh as what was written (visitors' answers are kept between
    // projector checkpoints, re-checked every 250 ms).
    let head = app.store_head().await;
    app.bare(Method::GET, path)
        .lang(lang)
        .min_position(head)
        .send()
        .await
}

async fn public_list(app: &TestApp, query: &str, lang: &str) -> Value {
    let answer = public(app, &format!("/api/public/blog-posts{query}"), lang).await;
    answer.expect(200);
    answer.json()
}

async fn admin_list(app: &TestApp, query: &str) -> Value {
    app.catch_up().await;
    let answer = app
        .get(&format!("/api/admin-panel/blog-posts{query}"))
        .send()
        .await;
    answer.expect(200);
    answer.json()
}

pub(crate) async fn upload_cover(app: &TestApp) -> String {
    let part = Part::bytes(PNG.to_vec())
        .file_name("cover.png")
        .mime_str("image/png")
        .expect("a MIME type");
    let answer = app
        .call(Method::POST, "/api/admin-panel/files?kind=blog_cover")
        .multipart(Form::new().part("file", part))
        .send()
        .await;
    answer.expect(201);
    answer.json()["key"].as_str().expect("a key").to_owned()
}

async fn an_editor_schedules_a_post_that_visitors_read_in_both_languages_at_its_time(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = app
        .approved_expert(&ExpertProfile {
            given_name: "Inès",
            family_name: "Morel",
            ..ExpertProfile::default()
        })
        .await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let cover = upload_cover(&app).await;
    let mut scheduled = post(
        "Bien dormir en hiver",
        "Sleeping well in winter",
        Some(at(&app, TimeDelta::hours(1))),
    );
    scheduled["cover"] = json!(cover);
    scheduled["author"] = json!({"kind": "expert", "consultant_id": expert.account_id});
    let id = written(&app, &scheduled).await;
    written(&app, &post("Un brouillon", "A draft", None)).await;
    let earlier = written(
        &app,
        &post("Respirer", "Breathing", Some(at(&app, TimeDelta::days(-3)))),
    )
    .await;

    let listed = admin_list(&app, "").await;
    assert_eq!(listed["total"], 3);
    let status_of = |id: &str| {
        listed["items"]
            .as_array()
            .and_then(|items| items.iter().find(|i| i["id"] == id))
            .map(|i| i["status"].clone())
    };
    assert_eq!(status_of(&id), Some(json!("scheduled")));
    assert_eq!(
        status_of(&earlier),
        Some(json!("published")),
        "a past date publishes at once"
    );
    assert_eq!(admin_list(&app, "?status=draft").await["total"], 1);
    assert_eq!(admin_list(&app, "?search=HIVER").await["total"], 1);

    let before = public_list(&app, "", "fr").await;
    assert_eq!(before["total"], 1, "only the published post: {before}");
    public(
        &app,
        "/api/public/blog-posts/by-slug/bien-dormir-en-hiver",
        "fr",
    )
    .await
    .expect(404);
    public(&app, &format!("/api/public/blog-posts/{id}/cover"), "fr")
        .await
        .expect(404);

    // Its time comes: the scheduled command publishes it.
    app.advance(TimeDelta::minutes(61));
    app.drain_reactions().await;
    let fr = public_list(&app, "", "fr").await;
    assert_eq!(fr["total"], 2);
    let card = &fr["items"][0];
    assert_eq!(card["title"], "Bien dormir en hiver", "newest first");
    assert_eq!(card["slug"], "bien-dormir-en-hiver");
    assert_eq!(card["excerpt"], "Le sommeil répare. Dormez bien.");
    assert_eq!(card["tags"], json!(["Sommeil", "Stress"]));
    assert_eq!(card["reading_minutes"], 1);
    assert_eq!(
        card["cover_url"],
        format!("/api/public/blog-posts/{id}/cover")
    );
    assert_eq!(
        card["author"],
        json!({"kind": "expert", "consultant_id": expert.account_id.to_string(), "name": "Inès Morel", "listed": true})
    );
    let en = public_list(&app, "", "en").await;
    assert_eq!(en["items"][0]["title"], "Sleeping well in winter");
    assert_eq!(en["items"][1]["author"], json!({"kind": "editorial"}));

    let by_tag = public_list(&app, "?tag=sommeil", "fr").await;
    assert_eq!(by_tag["total"], 2, "tags match case aside");
    assert_eq!(
        public_list(&app, "?tag=Stress&page_size=1", "fr").await["items"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_eq!(
        public_list(&app, &format!("?expert={}", expert.account_id), "en").await["total"],
        1
    );
    let tags = public(&app, "/api/public/blog-tags", "fr").await;
    tags.expect(200);
    assert_eq!(
        tags.json()["items"][0],
        json!({"tag": "Sommeil", "count": 2})
    );

    let detail = public(
        &app,
        "/api/public/blog-posts/by-slug/bien-dormir-en-hiver",
        "fr",
    )
    .await;
    detail.expect(200);
    let detail = detail.json();
    assert_eq!(detail["language"], "fr");
    assert!(
        detail["body_html"]
            .as_str()
            .unwrap_or_default()
            .contains("<strong>sommeil</strong>")
    );
    assert_eq!(
        detail["alternate"],
        json!({"language": "en", "slug": "sleeping-well-in-winter"})
    );
    // A French link opened by an English reader: found, and it says so.
    let crossed = public(
        &app,
        "/api/public/blog-posts/by-slug/bien-dormir-en-hiver",
        "en",
    )
    .await;
    crossed.expect(200);
    assert_eq!(crossed.json()["language"], "fr");
    let cover = public(&app, &format!("/api/public/blog-posts/{id}/cover"), "fr").await;
    cover.expect(200);
    assert_eq!(cover.headers["content-type"], "image/png");

    // Search engines find the expert and both languages' pages of the post.
    let sitemap = public(&app, "/sitemap.xml", "fr").await;
    sitemap.expect(200);
    assert!(
        sitemap.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/xml")
    );
    for expected in [
        format!("/our-experts/details/{}</loc>", expert.account_id),
        "/blog/bien-dormir-en-hiver</loc>".to_owned(),
        "/blog/sleeping-well-in-winter</loc>".to_owned(),
        "hreflang=\"en\" href=\"".to_owned(),
    ] {
        assert!(
            sitemap.text.contains(&expected),
            "{expected} in {}",
            sitemap.text
        );
    }
    assert!(!sitemap.text.contains("/blog/un-brouillon"), "no draft");
    let robots = public(&app, "/robots.txt", "fr").await;
    robots.expect(200);
    assert!(robots.text.contains("Disallow: /admin/"));
    assert!(
        robots
            .text
            .contains(&format!("Sitemap: {}/sitemap.xml", app.address)),
        "{}",
        robots.text
    );

    for query in [
        "?page=0",
        "?page_size=25",
        "?expert=nobody",
        &format!("?tag={}", "t".repeat(41)),
    ] {
        public(&app, &format!("/api/public/blog-posts{query}"), "fr")
            .await
            .expect(400);
    }
}

async fn slugs_are_unique_per_language_and_bad_posts_change_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let first = written(&app, &post("Le stress", "Stress", None)).await;

    let mut same_en = post("Le stress au travail", "Stress", None);
    let taken = write(&app, &same_en).await;
    taken.expect(400);
    assert!(taken.field("en.slug").is_some(), "{:?}", taken.json());
    assert!(taken.field("fr.slug").is_none());
    same_en["en"]["slug"] = json!("stress-at-work");
    written(&app, &same_en).await;

    // A trashed post keeps its slugs.
    app.call(
        Method::POST,
        &format!("/api/admin-panel/blog-posts/{first}/trash"),
    )
    .send()
    .await
    .expect(204);
    write(&app, &post("Le stress", "Stress again", None))
        .await
        .expect(400);

    let mut bad = post(&"t".repeat(151), "", None);
    bad["fr"]["slug"] = json!("Pas Bon");
    bad["en"]["body"] = json!("b".repeat(50_001));
    bad["en"]["tags"] = json!(["a", "b", "c", "d", "e", "f", "g", "h", "i"]);
    bad["publish_at"] = json!(at(&app, TimeDelta::days(800)));
    bad["author"] = json!({"kind": "expert", "consultant_id": uuid::Uuid::now_v7()});
    bad["cover"] = json!("subjects/someone-else/cover.png");
    let refused = write(&app, &bad).await;
    refused.expect(400);
    assert_eq!(refused.code(), "validation_failed");
    for field in [
        "fr.title",
        "fr.slug",
        "en.title",
        "en.body",
        "en.tags",
        "publish_at",
    ] {
        assert!(
            refused.field(field).is_some(),
            "{field} in {:?}",
            refused.json()
        );
    }
    let mut unknown = post("Auteur inconnu", "Unknown author", None);
    unknown["author"] = json!({"kind": "expert", "consultant_id": uuid::Uuid::now_v7()});
    unknown["cover"] = json!("subjects/someone-else/cover.png");
    let refused = write(&app, &unknown).await;
    refused.expect(400);
    assert!(refused.field("author").is_some() && refused.field("cover").is_some());

    let edit = |id: String| format!("/api/admin-panel/blog-posts/{id}");
    app.call(Method::PUT, &edit(uuid::Uuid::now_v7().to_string()))
        .json(&post("Nouveau", "New", None))
        .send()
        .await
        .expect(404);
    let trashed = app
        .call(Method::PUT, &edit(first.clone()))
        .json(&post("Le stress", "Stress", None))
        .send()
        .await;
    trashed.expect(409);
    assert_eq!(trashed.code(), "blog_post_trashed");
    assert_eq!(app.count_events("BlogPostWritten").await, 2);
    assert_eq!(app.count_events("BlogPostEdited").await, 0);
}

async fn known_attacks_in_a_body_are_sanitised_on_the_site_and_in_the_preview(backend: Backend) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let body = format!("Texte sain.\n\n{}", XSS_PAYLOADS.join("\n\n"));
    let mut attack = post("Attaques", "Attacks", Some(at(&app, TimeDelta::zero())));
    attack["fr"]["body"] = json!(body);
    written(&app, &attack).await;
    let detail = public(&app, "/api/public/blog-posts/by-slug/attaques", "fr").await;
    detail.expect(200);
    let preview = app
        .call(Method::POST, "/api/admin-panel/blog-preview")
        .json(&json!({"body": body}))
        .send()
        .await;
    preview.expect(200);
    for html in [
        detail.json()["body_html"].clone(),
        preview.json()["html"].clone(),
    ] {
        let html = html.as_str().expect("html").to_lowercase();
        assert!(html.contains("texte sain."), "{html}");
        assert_inert(&html);
    }
    app.call(Method::POST, "/api/admin-panel/blog-preview")
        .json(&json!({"body": "x".repeat(60_001)}))
        .send()
        .await
        .expect(400);
}

async fn trash_and_restore_and_the_rebuild_equals_live(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let id = written(
        &app,
        &post(
            "Méditer",
            "Meditating",
            Some(at(&app, TimeDelta::hours(-1))),
        ),
    )
    .await;
    let later = written(
        &app,
        &post("Plus tard", "Later", Some(at(&app, TimeDelta::hours(2)))),
    )
    .await;
    let path = |what: &str, id: &str| format!("/api/admin-panel/blog-posts/{id}/{what}");
    app.call(Method::POST, &path("trash", &id))
        .send()
        .await
        .expect(204);
    app.call(Method::POST, &path("trash", &later))
        .send()
        .await
        .expect(204);
    assert_eq!(public_list(&app, "", "fr").await["total"], 0);
    assert_eq!(admin_list(&app, "?trashed=true").await["total"], 2);
    assert_eq!(admin_list(&app, "").await["total"], 0);

    // The scheduled time passes while in the trash: nothing shows.
    app.advance(TimeDelta::hours(3));
    app.drain_reactions().await;
    assert_eq!(public_list(&app, "", "en").await["total"], 0);
    app.call(Method::POST, &path("restore", &id))
        .send()
        .await
        .expect(204);
    app.call(Method::POST, &path("restore", &later))
        .send()
        .await
        .expect(204);
    let back = public_list(&app, "", "en").await;
    assert_eq!(
        back["total"], 2,
        "restored, and the date passed meanwhile publishes it: {back}"
    );

    // An edit moving a published post later takes it back until then.
    let mut moved = post("Méditer", "Meditating", Some(at(&app, TimeDelta::days(1))));
    moved["en"]["body"] = json!("Breathe *in*.");
    app.call(Method::PUT, &format!("/api/admin-panel/blog-posts/{id}"))
        .json(&moved)
        .send()
        .await
        .expect(200);
    assert_eq!(public_list(&app, "", "en").await["total"], 1);
    let edited = app
        .get(&format!("/api/admin-panel/blog-posts/{id}"))
        .send()
        .await;
    edited.expect(200);
    let edited = edited.json();
    assert_eq!(edited["status"], "scheduled");
    assert_eq!(edited["en"]["body"], "Breathe *in*.");
    assert_eq!(edited["fr"]["tags"], json!(["Sommeil", "Stress"]));

    app.catch_up().await;
    let (url, _guard) = app.database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    Projector::new(app.app.stores.events.clone(), fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");
    assert_eq!(
        app.app.read.dump().await.unwrap(),
        fresh.dump().await.unwrap(),
        "rebuild = live"
    );
}

async fn only_administrators_write_or_see_unpublished_posts(backend: Backend) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let draft = written(&app, &post("Brouillon", "Draft", None)).await;
    app.catch_up().await;
    app.sign_out(Role::Admin).await.expect(204);
    let client = app.register(Role::Client, &unique_email("reader")).await;
    app.sign_in_as(&client).await;
    for (method, path) in [
        (Method::GET, "/api/admin-panel/blog-posts".to_owned()),
        (Method::GET, format!("/api/admin-panel/blog-posts/{draft}")),
        (
            Method::POST,
            format!("/api/admin-panel/blog-posts/{draft}/trash"),
        ),
        (Method::POST, "/api/admin-panel/blog-preview".to_owned()),
    ] {
        app.call(method, &path)
            .json(&json!({"body": "x"}))
            .send()
            .await
            .expect(401);
    }
    write(&app, &post("Intrus", "Intruder", None))
        .await
        .expect(401);
    assert_eq!(public_list(&app, "", "fr").await["total"], 0);
    public(&app, "/api/public/blog-posts/by-slug/brouillon", "fr")
        .await
        .expect(404);
    assert_eq!(app.count_events("BlogPostTrashed").await, 0);
}
