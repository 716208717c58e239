//! The lifestyle catalogue (docs/api.md "Lifestyle catalogue"): editors add,
//! edit, trash and restore items with benefit labels and a picture;
//! visitors browse and filter it; bad items and strangers change nothing;
//! descriptions are sanitised; an expert recommends items that show on
//! their profile and on the item; the read models rebuild alike.

use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::booking_support::{send, signed_in};
use crate::support::{
    Backend, ExpertProfile, PNG, TestApp, XSS_PAYLOADS, assert_inert, unique_email,
};

on_both_backends!(
    editors_keep_the_catalogue_and_visitors_filter_it,
    an_expert_recommends_items_shown_on_their_profile_and_on_the_item,
);

async fn benefit(app: &TestApp, fr: &str, en: &str) -> String {
    let answer = app
        .post("/api/admin-panel/reference/benefits")
        .json(&json!({"name_fr": fr, "name_en": en}))
        .send()
        .await;
    answer.expect(201);
    answer.json()["id"].as_str().expect("an id").to_owned()
}

async fn upload_picture(app: &TestApp) -> String {
    let part = Part::bytes(PNG.to_vec())
        .file_name("tulsi.png")
        .mime_str("image/png")
        .expect("a MIME type");
    let answer = app
        .call(Method::POST, "/api/admin-panel/files?kind=catalogue_image")
        .multipart(Form::new().part("file", part))
        .send()
        .await;
    answer.expect(201);
    answer.json()["key"].as_str().expect("a key").to_owned()
}

fn item(kind: &str, fr: &str, en: &str, benefits: &[&String], image: &str) -> Value {
    json!({
        "kind": kind, "name_fr": fr, "name_en": en, "latin_name": "",
        "description_fr": format!("**{fr}** : une plante de la tradition ayurvédique."),
        "description_en": "", "benefit_ids": benefits, "image": image,
    })
}

async fn add(app: &TestApp, body: &Value) -> String {
    let answer = app
        .post("/api/admin-panel/lifestyle-products")
        .json(body)
        .send()
        .await;
    answer.expect(201);
    answer.json()["id"].as_str().expect("an id").to_owned()
}

/// Names (French) of a public catalogue page.
async fn names(app: &TestApp, query: &str) -> Vec<String> {
    let answer = app
        .read(&format!("/api/public/lifestyle-products{query}"))
        .await;
    answer.expect(200);
    answer.json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["name_fr"].as_str().unwrap_or_default().to_owned())
        .collect()
}

async fn editors_keep_the_catalogue_and_visitors_filter_it(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let sleep = benefit(&app, "Sommeil", "Sleep").await;
    let digestion = benefit(&app, "Digestion", "Digestion").await;
    let picture = upload_picture(&app).await;
    let tulsi = add(
        &app,
        &item("single_herb", "Tulsi", "Holy basil", &[&sleep], &picture),
    )
    .await;
    let triphala = add(
        &app,
        &item(
            "compilation",
            "Triphala",
            "Triphala",
            &[&digestion, &sleep],
            "",
        ),
    )
    .await;
    add(&app, &item("herb", "Ashwagandha", "Ashwagandha", &[], "")).await;
    app.catch_up().await;

    assert_eq!(names(&app, "").await, ["Ashwagandha", "Triphala", "Tulsi"]);
    assert_eq!(names(&app, "?kind=compilation").await, ["Triphala"]);
    assert_eq!(
        names(&app, &format!("?benefits={sleep}")).await,
        ["Triphala", "Tulsi"]
    );
    assert_eq!(names(&app, "?search=holy").await, ["Tulsi"]);
    assert_eq!(names(&app, "?search=digestion").await, ["Triphala"]);
    for bad in ["?kind=potion", "?benefits=nope", "?page_size=0"] {
        app.read(&format!("/api/public/lifestyle-products{bad}"))
            .await
            .expect(400);
    }
    let detail = app
        .read(&format!("/api/public/lifestyle-products/{triphala}"))
        .await;
    detail.expect(200);
    let detail = detail.json();
    assert_eq!(detail["benefits"][0]["name_en"], "Digestion");
    assert_eq!(detail["benefits"][1]["name_fr"], "Sommeil");
    assert!(
        detail["html_fr"]
            .as_str()
            .unwrap()
            .contains("<strong>Triphala</strong>")
    );
    assert_eq!(
        detail["html_en"], detail["html_fr"],
        "French when no English"
    );
    let image = app
        .read(&format!("/api/public/lifestyle-products/{tulsi}/image"))
        .await;
    image.expect(200);
    assert_eq!(image.headers["content-type"], "image/png");

    // Bad items and bad labels change nothing; another admin's upload is refused.
    let bad = app
        .post("/api/admin-panel/lifestyle-products")
        .json(
            &json!({"kind": "potion", "name_fr": "", "name_en": "x".repeat(121),
            "description_fr": "", "benefit_ids": [], "image": "subjects/x/y.png"}),
        )
        .send()
        .await;
    bad.expect(400);
    for field in ["kind", "name_fr", "name_en", "description_fr"] {
        assert!(bad.field(field).is_some(), "{field}: {}", bad.text);
    }
    let unknown_label = app
        .post("/api/admin-panel/lifestyle-products")
        .json(&item(
            "herb",
            "Neem",
            "Neem",
            &[&uuid::Uuid::now_v7().to_string()],
            "",
        ))
        .send()
        .await;
    assert!(
        unknown_label.field("benefit_ids").is_some(),
        "{}",
        unknown_label.text
    );
    let stolen = app
        .post("/api/admin-panel/lifestyle-products")
        .json(&item(
            "herb",
            "Neem",
            "Neem",
            &[],
            "subjects/someone/else.png",
        ))
        .send()
        .await;
    assert!(stolen.field("image").is_some(), "{}", stolen.text);

    // Known attacks in a description come out inert.
    for payload in XSS_PAYLOADS {
        let mut body = item("herb", "Brahmi", "Brahmi", &[], "");
        body["description_fr"] = json!(payload);
        let id = add(&app, &body).await;
        app.catch_up().await;
        let view = app
            .read(&format!("/api/public/lifestyle-products/{id}"))
            .await
            .json();
        assert_inert(view["html_fr"].as_str().unwrap());
        app.post(&format!("/api/admin-panel/lifestyle-products/{id}/trash"))
            .send()
            .await
            .expect(204);
    }

    // Editing, trashing and restoring.
    let mut edited = item(
        "single_herb",
        "Tulsi",
        "Holy basil",
        &[&digestion],
        &picture,
    );
    edited["description_en"] = json!("A sacred plant.");
    app.call(
        Method::PUT,
        &format!("/api/admin-panel/lifestyle-products/{tulsi}"),
    )
    .json(&edited)
    .send()
    .await
    .expect(200);
    app.post(&format!(
        "/api/admin-panel/lifestyle-products/{tulsi}/trash"
    ))
    .send()
    .await
    .expect(204);
    app.catch_up().await;
    assert_eq!(names(&app, "").await, ["Ashwagandha", "Triphala"]);
    app.read(&format!("/api/public/lifestyle-products/{tulsi}"))
        .await
        .expect(404);
    app.read(&format!("/api/public/lifestyle-products/{tulsi}/image"))
        .await
        .expect(404);
    let in_trash = app
        .read("/api/admin-panel/lifestyle-products?trashed=true&search=tulsi")
        .await;
    assert_eq!(in_trash.json()["total"], 1);
    let trashed_edit = app
        .call(
            Method::PUT,
            &format!("/api/admin-panel/lifestyle-products/{tulsi}"),
        )
        .json(&edited)
        .send()
        .await;
    trashed_edit.expect(409);
    assert_eq!(trashed_edit.code(), "catalogue_item_trashed");
    app.post(&format!(
        "/api/admin-panel/lifestyle-products/{tulsi}/restore"
    ))
    .send()
    .await
    .expect(204);
    app.catch_up().await;
    let restored = app
        .read(&format!("/api/admin-panel/lifestyle-products/{tulsi}"))
        .await
        .json();
    assert_eq!(restored["description_en"], "A sacred plant.");
    assert_eq!(restored["benefits"][0]["id"], digestion.as_str());
    assert_eq!(
        names(&app, &format!("?benefits={digestion}")).await,
        ["Triphala", "Tulsi"]
    );

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

    // Strangers and clients change nothing.
    app.sign_out(Role::Admin).await.expect(204);
    let client = app.register(Role::Client, &unique_email("curieux")).await;
    app.sign_in_as(&client).await;
    let refused = app
        .post("/api/admin-panel/lifestyle-products")
        .json(&item("herb", "Neem", "Neem", &[], ""))
        .send()
        .await;
    assert!(
        [401, 403].contains(&refused.status.as_u16()),
        "{}",
        refused.status
    );
    app.catch_up().await;
    assert_eq!(names(&app, "?search=neem").await, Vec::<String>::new());
}

async fn an_expert_recommends_items_shown_on_their_profile_and_on_the_item(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("editor")).await;
    app.sign_in_as(&admin).await;
    let tulsi = add(&app, &item("single_herb", "Tulsi", "Holy basil", &[], "")).await;
    let neem = add(&app, &item("herb", "Neem", "Neem", &[], "")).await;
    let gone = add(&app, &item("herb", "Guggul", "Guggul", &[], "")).await;
    app.post(&format!("/api/admin-panel/lifestyle-products/{gone}/trash"))
        .send()
        .await
        .expect(204);
    let member = app
        .approved_expert(&ExpertProfile {
            given_name: "Inès",
            family_name: "Marchand",
            price_minor: 6000,
            ..ExpertProfile::default()
        })
        .await;
    let expert = signed_in(&app, member).await;
    let path = "/api/consultant/recommended-products";
    send(
        &app,
        &expert,
        Method::PUT,
        path,
        &json!({"item_ids": [neem, tulsi, neem]}),
    )
    .await
    .expect(204);
    let refused = send(
        &app,
        &expert,
        Method::PUT,
        path,
        &json!({"item_ids": [gone]}),
    )
    .await;
    refused.expect(400);
    assert!(refused.field("item_ids").is_some());
    app.catch_up().await;

    let shown = app
        .read(&format!(
            "/api/public/experts/{}/recommended-products",
            expert.id()
        ))
        .await;
    shown.expect(200);
    let shown = shown.json();
    let names: Vec<&str> = shown["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name_fr"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Neem", "Tulsi"], "in the expert's order, once each");
    let own = app
        .bare(Method::GET, path)
        .bearer(&expert.token)
        .send()
        .await;
    own.expect(200);
    assert_eq!(own.json()["items"].as_array().unwrap().len(), 2);
    let on_item = app
        .read(&format!("/api/public/lifestyle-products/{tulsi}"))
        .await
        .json();
    assert_eq!(on_item["recommended_by"][0]["family_name"], "Marchand");

    // A trashed item leaves the profile; restored, it comes back.
    app.post(&format!("/api/admin-panel/lifestyle-products/{neem}/trash"))
        .send()
        .await
        .expect(204);
    app.catch_up().await;
    let shown = app
        .read(&format!(
            "/api/public/experts/{}/recommended-products",
            expert.id()
        ))
        .await;
    assert_eq!(shown.json()["items"].as_array().unwrap().len(), 1);
    app.read(&format!(
        "/api/public/experts/{}/recommended-products",
        uuid::Uuid::now_v7()
    ))
    .await
    .expect(404);
}
