//! The reference lists: administrators add, rename, trash and restore items;
//! the admin screens page through them; pickers offer the active ones to all.

use domain::account::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Answer, Backend, TestApp, unique_email};

on_both_backends!(
    an_admin_adds_a_country_and_its_cities_which_pickers_offer_to_everyone,
    names_are_unique_in_a_list_whatever_their_case_or_accents,
    a_trashed_item_leaves_the_pickers_and_comes_back_when_restored,
    an_admin_renames_an_item_and_searches_the_list,
    only_administrators_edit_or_page_through_the_lists,
    the_demo_seeds_every_list,
);

/// A signed-in administrator on `app`'s browser client.
async fn admin(app: &TestApp) {
    let admin = app.create_admin(&unique_email("admin")).await;
    app.sign_in_as(&admin).await;
}

async fn add(app: &TestApp, kind: &str, body: Value) -> Answer {
    app.post(&format!("/api/admin-panel/reference/{kind}"))
        .json(&body)
        .send()
        .await
}

/// Adds an item that must be accepted; returns its id.
async fn added(app: &TestApp, kind: &str, fr: &str, en: &str) -> String {
    let answer = add(app, kind, json!({"name_fr": fr, "name_en": en})).await;
    answer.expect(201);
    answer.json()["id"].as_str().expect("an id").to_owned()
}

/// French names of a picker or a list page.
fn names(answer: &Answer) -> Vec<String> {
    answer.expect(200);
    answer.json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["name_fr"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn an_admin_adds_a_country_and_its_cities_which_pickers_offer_to_everyone(backend: Backend) {
    let app = TestApp::start(backend).await;
    admin(&app).await;

    let france = add(
        &app,
        "countries",
        json!({"name_fr": "France", "name_en": "France", "code": "fr"}),
    )
    .await;
    france.expect(201);
    let france = france.json()["id"].as_str().unwrap().to_owned();
    let lyon = add(
        &app,
        "cities",
        json!({"name_fr": "Lyon", "name_en": "Lyons", "parent_id": france}),
    )
    .await;
    lyon.expect(201);
    assert!(lyon.position().is_some());
    let lyon = lyon.json()["id"].as_str().unwrap().to_owned();
    let paris = add(
        &app,
        "cities",
        json!({"name_fr": "Paris", "name_en": "Paris", "parent_id": france}),
    )
    .await;
    paris.expect(201);
    let orphan = add(
        &app,
        "cities",
        json!({"name_fr": "Nice", "name_en": "Nice"}),
    )
    .await;
    let nowhere = add(
        &app,
        "cities",
        json!({"name_fr": "Nice", "name_en": "Nice", "parent_id": lyon}),
    )
    .await;
    let unknown = add(
        &app,
        "planets",
        json!({"name_fr": "Mars", "name_en": "Mars"}),
    )
    .await;

    orphan.expect(400);
    assert_eq!(orphan.code(), "validation_failed");
    assert!(orphan.field("parent_id").is_some(), "{}", orphan.text);
    nowhere.expect(400);
    assert!(nowhere.field("parent_id").is_some(), "{}", nowhere.text);
    unknown.expect(404);
    assert_eq!(unknown.code(), "not_found");

    let item = app
        .read(&format!("/api/admin-panel/reference/cities/{lyon}"))
        .await;
    item.expect(200);
    assert_eq!(item.header("cache-control"), Some("no-store"));
    let item = item.json();
    assert_eq!(
        (
            &item["name_en"],
            &item["parent_id"],
            &item["parent_name_fr"],
            &item["trashed"]
        ),
        (
            &json!("Lyons"),
            &json!(france),
            &json!("France"),
            &json!(false)
        )
    );
    let countries = app.read("/api/admin-panel/reference/countries").await;
    assert_eq!(countries.json()["items"][0]["code"], "FR");
    assert_eq!(countries.json()["total"], 1);

    // The pickers need no session.
    let picker = app
        .bare(
            Method::GET,
            &format!("/api/public/reference/cities?parent_id={france}"),
        )
        .min_position(app.seen_position().unwrap())
        .send()
        .await;
    assert_eq!(names(&picker), ["Lyon", "Paris"]);
    assert_eq!(picker.json()["items"][0]["parent_id"], json!(france));
    let elsewhere = app
        .bare(
            Method::GET,
            &format!("/api/public/reference/cities?parent_id={lyon}"),
        )
        .send()
        .await;
    assert!(names(&elsewhere).is_empty());
    app.bare(Method::GET, "/api/public/reference/planets")
        .send()
        .await
        .expect(404);

    // A trashed country takes no new city.
    app.post(&format!(
        "/api/admin-panel/reference/countries/{france}/trash"
    ))
    .send()
    .await
    .expect(204);
    let in_trashed = add(
        &app,
        "cities",
        json!({"name_fr": "Nice", "name_en": "Nice", "parent_id": france}),
    )
    .await;
    in_trashed.expect(400);
    assert_eq!(
        in_trashed.field("parent_id").as_deref(),
        Some("Pays invalide.")
    );
}

async fn names_are_unique_in_a_list_whatever_their_case_or_accents(backend: Backend) {
    let app = TestApp::start(backend).await;
    admin(&app).await;
    added(&app, "disorders", "Anxiété", "Anxiety").await;
    let head = app.store_head().await;

    let again = add(
        &app,
        "disorders",
        json!({"name_fr": "  ANXIETE ", "name_en": "Worry"}),
    )
    .await;
    let english = add(
        &app,
        "disorders",
        json!({"name_fr": "Angoisse", "name_en": "anxiety"}),
    )
    .await;

    again.expect(400);
    assert_eq!(again.code(), "validation_failed");
    assert_eq!(
        again.field("name_fr").as_deref(),
        Some("Ce nom existe déjà dans cette liste (peut-être dans la corbeille).")
    );
    assert!(again.field("name_en").is_none());
    english.expect(400);
    assert!(english.field("name_en").is_some());
    assert_eq!(app.store_head().await, head);
    // Another list may use the same name.
    added(&app, "keywords", "Anxiété", "Anxiety").await;
}

async fn a_trashed_item_leaves_the_pickers_and_comes_back_when_restored(backend: Backend) {
    let app = TestApp::start(backend).await;
    admin(&app).await;
    let yoga = added(&app, "keywords", "Yoga", "Yoga").await;
    added(&app, "keywords", "Méditation", "Meditation").await;

    let trashed = app
        .post(&format!("/api/admin-panel/reference/keywords/{yoga}/trash"))
        .send()
        .await;
    trashed.expect(204);
    let twice = app
        .post(&format!("/api/admin-panel/reference/keywords/{yoga}/trash"))
        .send()
        .await;
    let renamed = app
        .call(
            Method::PUT,
            &format!("/api/admin-panel/reference/keywords/{yoga}"),
        )
        .json(&json!({"name_fr": "Yoga doux", "name_en": "Gentle yoga"}))
        .send()
        .await;
    let same_name = add(
        &app,
        "keywords",
        json!({"name_fr": "yoga", "name_en": "Yoga"}),
    )
    .await;

    twice.expect(409);
    assert_eq!(twice.code(), "reference_trashed");
    renamed.expect(409);
    assert_eq!(renamed.code(), "reference_trashed");
    same_name.expect(400);
    assert!(same_name.field("name_fr").is_some());
    assert_eq!(
        names(&app.read("/api/public/reference/keywords").await),
        ["Méditation"]
    );
    assert_eq!(
        names(
            &app.read("/api/admin-panel/reference/keywords?trashed=true")
                .await
        ),
        ["Yoga"]
    );
    assert_eq!(
        names(&app.read("/api/admin-panel/reference/keywords").await),
        ["Méditation"]
    );

    app.post(&format!(
        "/api/admin-panel/reference/keywords/{yoga}/restore"
    ))
    .send()
    .await
    .expect(204);
    let again = app
        .post(&format!(
            "/api/admin-panel/reference/keywords/{yoga}/restore"
        ))
        .send()
        .await;
    again.expect(409);
    assert_eq!(again.code(), "reference_not_trashed");
    assert_eq!(
        names(&app.read("/api/public/reference/keywords").await),
        ["Méditation", "Yoga"]
    );
    assert!(
        names(
            &app.read("/api/admin-panel/reference/keywords?trashed=true")
                .await
        )
        .is_empty()
    );
    let missing = app
        .post(&format!(
            "/api/admin-panel/reference/keywords/{}/trash",
            uuid::Uuid::now_v7()
        ))
        .send()
        .await;
    missing.expect(404);
}

async fn an_admin_renames_an_item_and_searches_the_list(backend: Backend) {
    let app = TestApp::start(backend).await;
    admin(&app).await;
    let sleep = added(&app, "objectives", "Dormir", "Sleep").await;
    added(&app, "objectives", "Perdre du poids", "Lose weight").await;
    let energy = added(&app, "objectives", "Énergie", "Energy").await;

    let this = &app;
    let put = |id: &str, body: Value| {
        let path = format!("/api/admin-panel/reference/objectives/{id}");
        async move { this.call(Method::PUT, &path).json(&body).send().await }
    };
    put(
        &sleep,
        json!({"name_fr": "Mieux dormir", "name_en": "Sleep better", "code": null}),
    )
    .await
    .expect(204);
    let taken = put(
        &energy,
        json!({"name_fr": "mieux  DORMIR", "name_en": "Energy"}),
    )
    .await;
    let empty = put(&energy, json!({"name_fr": "", "name_en": "Energy"})).await;
    let unchanged = put(&energy, json!({"name_fr": "Énergie", "name_en": "Energy"})).await;
    // The old name is free again.
    added(&app, "objectives", "Dormir", "Rest").await;

    taken.expect(400);
    assert!(taken.field("name_fr").is_some());
    empty.expect(400);
    assert!(empty.field("name_fr").is_some());
    unchanged.expect(204);
    assert_eq!(
        names(&app.read("/api/admin-panel/reference/objectives").await),
        ["Dormir", "Énergie", "Mieux dormir", "Perdre du poids"]
    );
    assert_eq!(
        names(
            &app.read("/api/admin-panel/reference/objectives?search=DORM")
                .await
        ),
        ["Dormir", "Mieux dormir"]
    );
    assert_eq!(
        names(
            &app.read("/api/admin-panel/reference/objectives?search=weight")
                .await
        ),
        ["Perdre du poids"]
    );
    assert_eq!(
        names(
            &app.read("/api/admin-panel/reference/objectives?search=energie")
                .await
        ),
        ["Énergie"]
    );
    let page = app
        .read("/api/admin-panel/reference/objectives?page=2&page_size=3")
        .await;
    assert_eq!(names(&page), ["Perdre du poids"]);
    assert_eq!(
        (
            &page.json()["total"],
            &page.json()["page"],
            &page.json()["page_size"]
        ),
        (&json!(4), &json!(2), &json!(3))
    );
}

async fn only_administrators_edit_or_page_through_the_lists(backend: Backend) {
    let app = TestApp::start(backend).await;
    let client = app.register(Role::Client, &unique_email("client")).await;
    let consultant = app
        .register(Role::Consultant, &unique_email("consultant"))
        .await;
    let body = json!({"name_fr": "Stress", "name_en": "Stress"});

    let stranger = add(&app, "disorders", body.clone()).await;
    app.sign_in_as(&client).await;
    app.sign_in_as(&consultant).await;
    let as_member = add(&app, "disorders", body.clone()).await;
    let list = app.get("/api/admin-panel/reference/disorders").send().await;

    stranger.expect(401);
    as_member.expect(401);
    list.expect(401);
    for (role, member) in [(Role::Client, &client), (Role::Consultant, &consultant)] {
        let signed_in = app
            .bare(Method::POST, &format!("/api/{}/sign-in", role.area()))
            .same_origin()
            .json(&json!({"email": member.email, "password": member.password}))
            .send()
            .await;
        let token = signed_in.token(platform::auth::cookie_name(role));
        let bearer = app
            .bare(Method::POST, "/api/admin-panel/reference/disorders")
            .same_origin()
            .bearer(&token)
            .json(&body)
            .send()
            .await;
        bearer.expect(403);
        app.bare(Method::GET, "/api/admin-panel/reference/disorders")
            .bearer(&token)
            .send()
            .await
            .expect(403);
    }
    assert_eq!(app.count_events("ReferenceItemAdded").await, 0);
}

async fn the_demo_seeds_every_list(backend: Backend) {
    let app = TestApp::start(backend).await;
    equilibre::demo::seed_if_empty(&app.app)
        .await
        .expect("the demo data is valid");
    app.catch_up().await;

    let countries = app.read("/api/public/reference/countries").await;
    let france = countries.json()["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == "FR")
        .expect("France")["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let cities = app
        .read(&format!("/api/public/reference/cities?parent_id={france}"))
        .await;
    assert_eq!(names(&cities), ["Bordeaux", "Lyon", "Marseille", "Paris"]);
    for kind in [
        "disorders",
        "keywords",
        "languages",
        "nationalities",
        "objectives",
        "specializations",
        "complaint-types",
    ] {
        let picker = app.read(&format!("/api/public/reference/{kind}")).await;
        assert!(names(&picker).len() >= 5, "{kind}: {}", picker.text);
    }

    // The demo is bookable from the first start: every expert publishes a
    // schedule, the demo client's consent form is on file, a coupon exists.
    assert_eq!(app.count_events("AvailabilitySet").await, 30);
    assert_eq!(app.count_events("ConsentFormUploaded").await, 1);
    assert_eq!(app.count_events("CouponCreated").await, 1);
    let experts = app.read("/api/public/experts").await;
    let first = experts.json()["items"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let slots = app
        .read(&format!("/api/public/experts/{first}/slots?days=14"))
        .await;
    assert!(
        !slots.json()["slots"].as_array().unwrap().is_empty(),
        "{}",
        slots.text
    );

    // The blog is alive too: eleven posts published in both languages, one
    // scheduled, some signed by experts, every one with a cover.
    for lang in ["fr", "en"] {
        let posts = app
            .bare(reqwest::Method::GET, "/api/public/blog-posts?page_size=24")
            .lang(lang)
            .send()
            .await;
        posts.expect(200);
        let posts = posts.json();
        assert_eq!(posts["total"], 11, "{lang}");
        let items = posts["items"].as_array().unwrap();
        assert!(items.iter().all(|p| p["cover_url"].is_string()));
        assert!(items.iter().any(|p| p["author"]["kind"] == "expert"));
    }
    assert_eq!(app.count_events("BlogPostWritten").await, 12);
    let quote = app.read("/api/public/quote-of-the-day").await;
    assert!(quote.json()["quote"]["text"].is_string(), "{}", quote.text);
}
