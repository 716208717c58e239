//! Public pages rendered by the server (docs/rules.md "Server-rendered
//! pages"): the directory, an expert's page, the blog list and a post arrive with their
//! content, title, description, canonical and alternate links and Open
//! Graph tags in the first HTML; unknown ones get the SPA's page with 404.

use chrono::SecondsFormat;
use reqwest::Method;
use serde_json::json;

use crate::support::{Answer, Backend, ExpertProfile, INDEX_HTML, TestApp, unique_email};

on_both_backends!(
    the_home_page_arrives_with_its_hero_in_the_readers_language,
    an_experts_page_arrives_with_its_content_and_tags,
    the_directory_arrives_with_its_first_experts_unless_filtered,
    blog_pages_arrive_in_the_language_of_their_address,
    static_and_legal_pages_arrive_with_their_text_in_the_readers_language,
);

async fn page(app: &TestApp, path: &str, lang: &str) -> Answer {
    app.catch_up().await;
    let head = app.store_head().await;
    app.bare(Method::GET, path)
        .lang(lang)
        .min_position(head)
        .send()
        .await
}

fn html_of(answer: &Answer) -> String {
    assert!(
        answer
            .header("content-type")
            .is_some_and(|t| t.starts_with("text/html")),
        "{:?}",
        answer.header("content-type")
    );
    answer.text.clone()
}

async fn an_experts_page_arrives_with_its_content_and_tags(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = app
        .approved_expert(&ExpertProfile {
            given_name: "Inès",
            family_name: "Morel",
            bio: "Naturopathe, j’accompagne le sommeil & le stress <script>alert(1)</script>.",
            ..ExpertProfile::default()
        })
        .await;
    let path = format!("/our-experts/details/{}", expert.account_id);
    let answer = page(&app, &path, "fr").await;
    answer.expect(200);
    let html = html_of(&answer);
    for expected in [
        "<html lang=\"fr\">".to_owned(),
        "<h1>Inès Morel</h1>".to_owned(),
        "<div id=\"root\" data-ssr=\"expert\">".to_owned(),
        format!("<link rel=\"canonical\" href=\"{}{path}\">", app.address),
        "<meta property=\"og:type\" content=\"profile\">".to_owned(),
        format!(
            "<meta property=\"og:image\" content=\"{}/api/public/experts/{}/photo\">",
            app.address, expert.account_id
        ),
        "le sommeil &amp; le stress &lt;script&gt;".to_owned(),
        "<noscript>".to_owned(),
    ] {
        assert!(html.contains(&expected), "{expected} in {html}");
    }
    assert!(html.contains("<title>Inès Morel · "), "{html}");
    assert!(!html.contains("<script>alert"), "escaped");
    assert!(
        !html.contains("name=\"description\" content=\"Equilibre\""),
        "the build's description gives way"
    );
    let policy = answer.header("content-security-policy").unwrap_or_default();
    assert!(
        policy.starts_with("default-src 'self'; script-src 'self'"),
        "{policy}"
    );
    assert_eq!(answer.header("cache-control"), Some("no-cache"));

    let english = page(&app, &path, "en").await;
    assert!(html_of(&english).contains("<html lang=\"en\">"));

    for missing in [
        format!("/our-experts/details/{}", uuid::Uuid::now_v7()),
        "/our-experts/details/not-an-id".to_owned(),
    ] {
        let answer = page(&app, &missing, "fr").await;
        answer.expect(404);
        assert_eq!(answer.text, INDEX_HTML, "the SPA shows its not-found page");
    }
}

async fn the_directory_arrives_with_its_first_experts_unless_filtered(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = app
        .approved_expert(&ExpertProfile {
            given_name: "Inès",
            family_name: "Morel",
            bio: "Sophrologue, j’accompagne le sommeil & le stress.",
            ..ExpertProfile::default()
        })
        .await;

    let answer = page(&app, "/our-experts", "fr").await;
    answer.expect(200);
    let html = html_of(&answer);
    for expected in [
        "<div id=\"root\" data-ssr=\"directory\">".to_owned(),
        "<h1>Nos experts</h1>".to_owned(),
        "<title>Nos experts · Equilibre</title>".to_owned(),
        format!(
            "<a href=\"/our-experts/details/{}\">Inès Morel</a>",
            expert.account_id
        ),
        "le sommeil &amp; le stress".to_owned(),
    ] {
        assert!(html.contains(&expected), "{expected} in {html}");
    }
    let english = html_of(&page(&app, "/our-experts", "en").await);
    assert!(english.contains("<h1>Our experts</h1>"), "{english}");

    // Filters in the address: the SPA's page shows the filtered list itself.
    let filtered = page(&app, "/our-experts?search=yoga", "fr").await;
    filtered.expect(200);
    assert_eq!(filtered.text, INDEX_HTML);
}

async fn the_home_page_arrives_with_its_hero_in_the_readers_language(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let french = page(&app, "/", "fr").await;
    french.expect(200);
    let html = html_of(&french);
    for expected in [
        "<html lang=\"fr\">",
        "data-ssr=\"home\"",
        "<h1>Trouvez votre équilibre avec des experts du bien-être certifiés</h1>",
        "<h2>Comment ça marche</h2>",
        "<a href=\"/our-experts\">Trouver un expert</a>",
    ] {
        assert!(html.contains(expected), "{expected} in {html}");
    }
    let html = html_of(&page(&app, "/", "en").await);
    assert!(html.contains("<html lang=\"en\">"), "{html}");
    assert!(
        html.contains("<h1>Find your balance with certified wellbeing experts</h1>"),
        "{html}"
    );
}

async fn blog_pages_arrive_in_the_language_of_their_address(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let now = app.now().to_rfc3339_opts(SecondsFormat::Secs, true);
    let cover = crate::blog::upload_cover(&app).await;
    let post = |fr: &str, en: &str, publish_at: Option<&str>| {
        json!({
            "fr": {"title": fr, "slug": "", "body": "Le **sommeil** <img src=x onerror=alert(1)>", "tags": ["Sommeil"]},
            "en": {"title": en, "slug": "", "body": "Sleep **well**.", "tags": ["Sleep"]},
            "author": {"kind": "editorial"}, "cover": cover, "publish_at": publish_at,
        })
    };
    for body in [
        post("Bien dormir", "Sleeping well", Some(&now)),
        post("Brouillon caché", "Hidden draft", None),
    ] {
        app.call(Method::POST, "/api/admin-panel/blog-posts")
            .json(&body)
            .send()
            .await
            .expect(201);
    }

    let french = page(&app, "/blog/bien-dormir", "en").await;
    french.expect(200);
    let html = html_of(&french);
    for expected in [
        "<html lang=\"fr\">".to_owned(),
        "<title>Bien dormir · Equilibre</title>".to_owned(),
        "<h1>Bien dormir</h1>".to_owned(),
        "<strong>sommeil</strong>".to_owned(),
        format!(
            "<link rel=\"alternate\" hreflang=\"en\" href=\"{}/blog/sleeping-well\">",
            app.address
        ),
        format!(
            "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{}/blog/bien-dormir\">",
            app.address
        ),
        "<meta property=\"og:type\" content=\"article\">".to_owned(),
        "<meta property=\"og:locale\" content=\"fr_FR\">".to_owned(),
    ] {
        assert!(html.contains(&expected), "{expected} in {html}");
    }
    assert!(!html.contains("onerror"), "{html}");
    let english = page(&app, "/blog/sleeping-well", "fr").await;
    let html = html_of(&english);
    assert!(html.contains("<html lang=\"en\">") && html.contains("<h1>Sleeping well</h1>"));

    let list = page(&app, "/blog", "fr").await;
    list.expect(200);
    let html = html_of(&list);
    assert!(
        html.contains("<a href=\"/blog/bien-dormir\">Bien dormir</a>"),
        "{html}"
    );
    assert!(!html.contains("Brouillon caché"));
    // The first card's cover, the list's largest paint, comes with the HTML.
    assert!(
        html.contains("alt=\"Bien dormir\" width=\"640\" height=\"360\" fetchpriority=\"high\""),
        "{html}"
    );
    page(&app, "/blog/brouillon-cache", "fr").await.expect(404);
}

async fn static_and_legal_pages_arrive_with_their_text_in_the_readers_language(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    for (path, lang) in [
        ("/about-us", "fr"),
        ("/alternative-medicine", "en"),
        ("/sdg-media", "fr"),
        ("/faq", "en"),
        ("/team-and-vision", "fr"),
        ("/media", "en"),
        ("/terms-conditions", "fr"),
        ("/privacy-policy", "en"),
    ] {
        let answer = page(&app, path, lang).await;
        answer.expect(200);
        let html = html_of(&answer);
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{path}");
        assert!(html.contains("data-ssr=\"site-page\""), "{path}");
        assert!(html.contains("<h1>"), "{path}");
        assert!(html.contains("<meta name=\"description\""), "{path}");
        assert!(html.contains(&format!(
            "<link rel=\"canonical\" href=\"{}{path}\">",
            app.address
        )));
    }
    let terms = html_of(&page(&app, "/terms-conditions", "fr").await);
    assert!(terms.contains("<title>Conditions générales"), "{terms}");
    assert!(terms.contains("/api/public/legal/terms/2026-01/pdf?lang=fr"));

    // An edited page shows its new text at once.
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let text = |title: &str| json!({"title": title, "description": "Une page.", "body": "## Qui\n\nNous."});
    app.call(Method::PUT, "/api/admin-panel/site-pages/media")
        .json(&json!({"fr": text("Presse"), "en": text("Press")}))
        .send()
        .await
        .expect(204);
    let media = html_of(&page(&app, "/media", "en").await);
    assert!(
        media.contains("<title>Press · Equilibre</title>"),
        "{media}"
    );
    assert!(media.contains("<h2>Qui</h2>"));
}
