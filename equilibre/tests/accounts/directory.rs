//! The public expert directory, favourites and the admin client list: only
//! approved, active experts are listed, found by filters and by words in
//! either language, and never show private data.

use domain::account::Role;
use reqwest::Method;
use serde_json::{Value, json};

use crate::support::{Answer, Backend, ExpertProfile, Member, TestApp, unique_email};

on_both_backends!(
    the_directory_filters_by_topics_and_languages_and_pages,
    free_text_finds_experts_by_topic_names_in_both_languages_without_accents,
    a_suspended_expert_leaves_the_directory_and_its_pages,
    clients_keep_favourites_of_listed_experts_only,
    admins_page_through_clients_and_search_them,
);

/// Signs a fresh administrator in on the browser client.
async fn admin(app: &TestApp) -> Member {
    let admin = app.create_admin(&unique_email("admin")).await;
    app.sign_in_as(&admin).await;
    admin
}

/// Adds a reference item as the signed-in admin; returns its id.
async fn topic(app: &TestApp, kind: &str, fr: &str, en: &str) -> String {
    let answer = app
        .post(&format!("/api/admin-panel/reference/{kind}"))
        .json(&json!({"name_fr": fr, "name_en": en}))
        .send()
        .await;
    answer.expect(201);
    answer.json()["id"].as_str().expect("an id").to_owned()
}

/// Family names of a directory page, in order.
fn family_names(answer: &Answer) -> Vec<String> {
    answer.expect(200);
    answer.json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["family_name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn experts(app: &TestApp, query: &str) -> Vec<String> {
    family_names(&app.read(&format!("/api/public/experts?{query}")).await)
}

struct Topics {
    anxiety: String,
    insomnia: String,
    naturopathy: String,
    hypnosis: String,
    meditation: String,
    calm: String,
}

/// Reference items and three experts: Arnaud (anxiety, naturopathy, fr),
/// Bernard (insomnia, hypnosis, fr+en), Chevalier (anxiety + insomnia,
/// hypnosis, en).
async fn three_experts(app: &TestApp) -> (Topics, Vec<Member>) {
    admin(app).await;
    let topics = Topics {
        anxiety: topic(app, "disorders", "Anxiété", "Anxiety").await,
        insomnia: topic(app, "disorders", "Troubles du sommeil", "Sleep disorders").await,
        naturopathy: topic(app, "specializations", "Naturopathie", "Naturopathy").await,
        hypnosis: topic(app, "specializations", "Hypnose", "Hypnotherapy").await,
        meditation: topic(app, "keywords", "Méditation", "Mindfulness").await,
        calm: topic(app, "objectives", "Retrouver le calme", "Find calm").await,
    };
    let base = |given, family, bio| ExpertProfile {
        given_name: given,
        family_name: family,
        bio,
        expertise: "Accompagnement individuel.",
        price_minor: 6000,
        ..Default::default()
    };
    let arnaud = app
        .approved_expert(&ExpertProfile {
            disorders: vec![topics.anxiety.clone()],
            specialisations: vec![topics.naturopathy.clone()],
            keywords: vec![topics.meditation.clone()],
            languages: vec!["fr"],
            ..base("Élodie", "Arnaud", "Naturopathe à Lyon depuis dix ans.")
        })
        .await;
    let bernard = app
        .approved_expert(&ExpertProfile {
            disorders: vec![topics.insomnia.clone()],
            specialisations: vec![topics.hypnosis.clone()],
            objectives: vec![topics.calm.clone()],
            languages: vec!["fr", "en"],
            ..base("Hugo", "Bernard", "Hypnothérapeute, séances en ligne.")
        })
        .await;
    let chevalier = app
        .approved_expert(&ExpertProfile {
            disorders: vec![topics.anxiety.clone(), topics.insomnia.clone()],
            specialisations: vec![topics.hypnosis.clone()],
            languages: vec!["en"],
            ..base("Zoé", "Chevalier", "Praticienne bilingue.")
        })
        .await;
    (topics, vec![arnaud, bernard, chevalier])
}

/// Keys that must never reach the public: contact, address, bank, ID.
const PRIVATE: &[&str] = &[
    "email",
    "phone",
    "contact_number",
    "iban",
    "swift_bic",
    "account_number",
    "bank",
    "address",
    "street_name",
    "postal_code",
    "id_number",
    "date_of_birth",
    "whatsapp",
    "CERT-123",
    "612345678",
    "example.org",
];

#[track_caller]
fn assert_no_private_data(answer: &Answer) {
    for private in PRIVATE {
        assert!(
            !answer.text.contains(private),
            "the public answer shows {private}: {}",
            answer.text
        );
    }
}

async fn the_directory_filters_by_topics_and_languages_and_pages(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (t, members) = three_experts(&app).await;
    // A consultant who registered but is not approved is never listed.
    app.register(Role::Consultant, &unique_email("pending"))
        .await;

    let all = app.read("/api/public/experts").await;
    assert_eq!(family_names(&all), ["Arnaud", "Bernard", "Chevalier"]);
    let body = all.json();
    assert_eq!(
        (
            body["total"].clone(),
            body["page"].clone(),
            body["page_size"].clone()
        ),
        (json!(3), json!(1), json!(12))
    );
    let card = &body["items"][0];
    assert_eq!(card["id"], members[0].account_id.to_string());
    assert_eq!(card["given_name"], "Élodie");
    assert_eq!(card["title"], "dr");
    assert_eq!(card["profession"], "Naturopathe");
    assert_eq!(card["price"], json!({"minor": 6000, "currency": "EUR"}));
    assert_eq!(card["session_minutes"], 60);
    assert_eq!(card["first_consultation_free"], true);
    assert_eq!(card["languages"], json!(["fr"]));
    assert_eq!(card["disorders"][0]["name_en"], "Anxiety");
    assert_eq!(card["specialisations"][0]["name_fr"], "Naturopathie");
    assert_no_private_data(&all);

    assert_eq!(
        experts(&app, &format!("disorders={}", t.anxiety)).await,
        ["Arnaud", "Chevalier"]
    );
    assert_eq!(
        experts(&app, &format!("disorders={},{}", t.anxiety, t.insomnia)).await,
        ["Arnaud", "Bernard", "Chevalier"]
    );
    assert_eq!(
        experts(&app, "languages=en").await,
        ["Bernard", "Chevalier"]
    );
    assert_eq!(experts(&app, "languages=FR").await, ["Arnaud", "Bernard"]);
    assert_eq!(
        experts(
            &app,
            &format!(
                "disorders={}&languages=en&specializations={}",
                t.insomnia, t.hypnosis
            )
        )
        .await,
        ["Bernard", "Chevalier"]
    );
    assert_eq!(
        experts(
            &app,
            &format!(
                "disorders={}&languages=fr&specializations={}",
                t.anxiety, t.hypnosis
            )
        )
        .await,
        Vec::<String>::new()
    );
    assert_eq!(
        experts(&app, &format!("keywords={}", t.meditation)).await,
        ["Arnaud"]
    );
    assert_eq!(
        experts(&app, &format!("objectives={}", t.calm)).await,
        ["Bernard"]
    );
    assert_eq!(
        experts(&app, "disorders=not-an-id").await,
        Vec::<String>::new()
    );

    let second = app.read("/api/public/experts?page=2&page_size=2").await;
    assert_eq!(family_names(&second), ["Chevalier"]);
    assert_eq!(second.json()["total"], 3);
    // Beyond the largest page: refused on the field, not silently cut.
    let too_large = app.read("/api/public/experts?page_size=500").await;
    too_large.expect(400);
    assert!(too_large.field("page_size").is_some());

    let detail = app
        .read(&format!("/api/public/experts/{}", members[0].account_id))
        .await;
    detail.expect(200);
    let detail_body = detail.json();
    assert_eq!(detail_body["years_of_experience"], 8);
    assert_eq!(detail_body["bio"], "Naturopathe à Lyon depuis dix ans.");
    assert_eq!(detail_body["video_url"], "https://video.example.org/intro");
    assert_eq!(detail_body["keywords"][0]["name_en"], "Mindfulness");
    assert_eq!(
        detail_body["degrees"],
        json!([{"name": "Diplôme de naturopathie", "school": "École de Paris", "year": 2012}])
    );
    assert_eq!(
        detail_body["certificates"][0]["name"],
        "Certificat de sophrologie"
    );
    let detail_text = Answer {
        text: detail.text.replace("video.example.org", ""),
        ..detail
    };
    assert_no_private_data(&detail_text);

    let photo = app
        .read(card["photo_url"].as_str().expect("a photo url"))
        .await;
    photo.expect(200);
    assert_eq!(photo.headers["content-type"], "image/png");
    assert!(
        photo.headers["cache-control"]
            .to_str()
            .unwrap_or_default()
            .starts_with("public")
    );
}

async fn free_text_finds_experts_by_topic_names_in_both_languages_without_accents(
    backend: Backend,
) {
    let app = TestApp::start(backend).await;
    let (t, _) = three_experts(&app).await;

    assert_eq!(
        experts(&app, "search=anxiete").await,
        ["Arnaud", "Chevalier"]
    );
    assert_eq!(
        experts(&app, "search=ANXIETY").await,
        ["Arnaud", "Chevalier"]
    );
    assert_eq!(
        experts(&app, "search=sommeil").await,
        ["Bernard", "Chevalier"]
    );
    assert_eq!(
        experts(&app, "search=sleep%20hypnotherapy").await,
        ["Bernard", "Chevalier"]
    );
    assert_eq!(experts(&app, "search=m%C3%A9ditation").await, ["Arnaud"]);
    assert_eq!(experts(&app, "search=elodie").await, ["Arnaud"]);
    assert_eq!(
        experts(&app, "search=naturopathe").await,
        ["Arnaud", "Bernard", "Chevalier"]
    ); // profession
    assert_eq!(experts(&app, "search=lyon%20anxiety").await, ["Arnaud"]);
    assert_eq!(
        experts(&app, "search=bilingue&languages=en").await,
        ["Chevalier"]
    );
    assert_eq!(
        experts(&app, "search=introuvable").await,
        Vec::<String>::new()
    );

    // Renaming a topic renames it in the cards and the search.
    app.call(
        Method::PUT,
        &format!("/api/admin-panel/reference/disorders/{}", t.anxiety),
    )
    .json(&json!({"name_fr": "Angoisse", "name_en": "Worry"}))
    .send()
    .await
    .expect(204);
    assert_eq!(experts(&app, "search=worry").await, ["Arnaud", "Chevalier"]);
    assert_eq!(
        experts(&app, "search=angoisse").await,
        ["Arnaud", "Chevalier"]
    );
    assert_eq!(experts(&app, "search=anxiety").await, Vec::<String>::new());
    let page = app.read("/api/public/experts").await.json();
    assert_eq!(page["items"][0]["disorders"][0]["name_fr"], "Angoisse");
}

async fn a_suspended_expert_leaves_the_directory_and_its_pages(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (_, members) = three_experts(&app).await;
    let arnaud = members[0].account_id;
    let photo_url = format!("/api/public/experts/{arnaud}/photo");
    app.read(&photo_url).await.expect(200);

    app.post(&format!("/api/admin-panel/consultants/{arnaud}/suspend"))
        .json(&json!({"reason": "Plaintes répétées"}))
        .send()
        .await
        .expect(204);
    assert_eq!(experts(&app, "").await, ["Bernard", "Chevalier"]);
    let detail = app.read(&format!("/api/public/experts/{arnaud}")).await;
    detail.expect(404);
    assert_eq!(detail.code(), "not_found");
    app.read(&photo_url).await.expect(404);

    // Registered, not approved: not found either; an unknown id too.
    let pending = app
        .register(Role::Consultant, &unique_email("pending"))
        .await;
    app.read(&format!("/api/public/experts/{}", pending.account_id))
        .await
        .expect(404);
    app.read(&format!("/api/public/experts/{}", uuid::Uuid::now_v7()))
        .await
        .expect(404);

    app.post(&format!("/api/admin-panel/consultants/{arnaud}/reinstate"))
        .send()
        .await
        .expect(204);
    assert_eq!(experts(&app, "").await, ["Arnaud", "Bernard", "Chevalier"]);

    // Forgetting the subject takes the expert out for good.
    let bernard = members[1].account_id;
    app.post(&format!("/api/admin-panel/accounts/{bernard}/forget"))
        .send()
        .await
        .expect(204);
    assert_eq!(experts(&app, "").await, ["Arnaud", "Chevalier"]);
    app.read(&format!("/api/public/experts/{bernard}"))
        .await
        .expect(404);

    // A rebuild gives the same directory as the live projection.
    let (url, _guard) = app.database.another_read_db().await;
    let fresh = projector::ReadDb::connect(&url)
        .await
        .expect("another read database");
    projector::Projector::new(app.app.stores.events.clone(), fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");
    let (live, replayed) = (
        app.app.read.dump().await.unwrap(),
        fresh.dump().await.unwrap(),
    );
    let directory = |dump: &[(String, Vec<String>)]| -> Vec<(String, Vec<String>)> {
        dump.iter()
            .filter(|(t, _)| t.starts_with("rm_directory"))
            .cloned()
            .collect()
    };
    assert_eq!(directory(&live).len(), 4);
    assert!(directory(&live).iter().all(|(_, rows)| !rows.is_empty()));
    assert_eq!(directory(&live), directory(&replayed));
}

async fn favourites(app: &TestApp) -> Vec<String> {
    let answer = app.read("/api/client/favourites").await;
    answer.expect(200);
    answer.json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["family_name"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn clients_keep_favourites_of_listed_experts_only(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (_, members) = three_experts(&app).await;
    let (arnaud, bernard) = (members[0].account_id, members[1].account_id);
    let client = app.register(Role::Client, &unique_email("client")).await;
    app.sign_in_as(&client).await;
    let mark = |id: uuid::Uuid, method: Method| {
        app.call(method, &format!("/api/client/favourites/{id}"))
            .send()
    };

    assert!(favourites(&app).await.is_empty());
    mark(arnaud, Method::PUT).await.expect(204);
    mark(arnaud, Method::PUT).await.expect(204);
    mark(bernard, Method::PUT).await.expect(204);
    assert_eq!(app.count_events("FavouriteAdded").await, 2);
    let mut listed = favourites(&app).await;
    listed.sort();
    assert_eq!(listed, ["Arnaud", "Bernard"]);

    mark(arnaud, Method::DELETE).await.expect(204);
    mark(arnaud, Method::DELETE).await.expect(204);
    assert_eq!(app.count_events("FavouriteRemoved").await, 1);
    assert_eq!(favourites(&app).await, ["Bernard"]);

    let pending = app
        .register(Role::Consultant, &unique_email("pending"))
        .await;
    let refused = mark(pending.account_id, Method::PUT).await;
    refused.expect(404);
    assert_eq!(refused.code(), "not_found");
    mark(uuid::Uuid::now_v7(), Method::PUT).await.expect(404);

    // A suspended favourite drops out of the page.
    app.post(&format!("/api/admin-panel/consultants/{bernard}/suspend"))
        .json(&json!({"reason": "Plaintes"}))
        .send()
        .await
        .expect(204);
    assert!(favourites(&app).await.is_empty());
    mark(bernard, Method::PUT).await.expect(204); // already marked: nothing to refuse
    mark(bernard, Method::DELETE).await.expect(204);
    assert_eq!(app.count_events("FavouriteRemoved").await, 2);
}

fn emails(page: &Value) -> Vec<String> {
    page["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["email"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn admins_page_through_clients_and_search_them(backend: Backend) {
    let app = TestApp::start(backend).await;
    let first = app.register(Role::Client, &unique_email("zelie")).await;
    app.advance(chrono::TimeDelta::seconds(5));
    let second = app.register(Role::Client, &unique_email("other")).await;
    app.register(Role::Consultant, &unique_email("zelie-consultant"))
        .await;
    admin(&app).await;

    let page = app.read("/api/admin-panel/clients").await;
    page.expect(200);
    let body = page.json();
    assert_eq!(body["total"], 2, "{body}");
    assert_eq!(emails(&body), [second.email.clone(), first.email.clone()]);
    assert_eq!(body["items"][0]["given_name"], "Camille");
    assert_eq!(body["items"][0]["country_of_residence"], "FR");

    let found = app
        .read("/api/admin-panel/clients?search=Z%C3%89LIE")
        .await
        .json();
    assert_eq!(emails(&found), std::slice::from_ref(&first.email));
    let by_name = app
        .read("/api/admin-panel/clients?search=martin%20camille")
        .await
        .json();
    assert_eq!(by_name["total"], 2);
    let paged = app
        .read("/api/admin-panel/clients?page=2&page_size=1")
        .await
        .json();
    assert_eq!(emails(&paged), std::slice::from_ref(&first.email));

    let detail = app
        .read(&format!("/api/admin-panel/clients/{}", first.account_id))
        .await;
    detail.expect(200);
    let detail = detail.json();
    assert_eq!(detail["email"], first.email);
    assert_eq!(detail["language"], "fr");
    assert_eq!(detail["profile"]["family_name"], "Martin");
    app.read(&format!(
        "/api/admin-panel/clients/{}",
        uuid::Uuid::now_v7()
    ))
    .await
    .expect(404);
    let stranger = app
        .bare(Method::GET, "/api/admin-panel/clients")
        .send()
        .await;
    stranger.expect(401);
}
