//! Digital products (docs/api.md "Digital products"): editors keep the
//! shop; a client pays a product's price through the payment port (the
//! sandbox's card form) or takes a free one; only buyers download the
//! file, also once the product is trashed; a declined card buys nothing;
//! the read models rebuild alike.

use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::booking_support::{Intent, Party, client, send};
use crate::support::{Answer, Backend, PDF, PNG, TestApp, unique_email};

on_both_backends!(a_client_buys_a_product_and_only_buyers_download_it,);

async fn upload(app: &TestApp, kind: &str, bytes: &[u8], name: &str, mime: &str) -> String {
    let part = Part::bytes(bytes.to_vec())
        .file_name(name.to_owned())
        .mime_str(mime)
        .expect("a MIME type");
    let answer = app
        .call(Method::POST, &format!("/api/admin-panel/files?kind={kind}"))
        .multipart(Form::new().part("file", part))
        .send()
        .await;
    answer.expect(201);
    answer.json()["key"].as_str().expect("a key").to_owned()
}

fn product(title: &str, price: i64, file: &str, cover: &str) -> Value {
    json!({
        "title_fr": title, "title_en": format!("{title} (en)"),
        "description_fr": "Un **programme** de sept jours.", "description_en": "",
        "price_minor": price, "currency": "EUR", "file": file, "cover": cover,
    })
}

async fn add(app: &TestApp, body: &Value) -> String {
    let answer = app
        .post("/api/admin-panel/digital-products")
        .json(body)
        .send()
        .await;
    answer.expect(201);
    answer.json()["id"].as_str().expect("an id").to_owned()
}

async fn fetch(app: &TestApp, party: &Party, path: &str) -> Answer {
    app.bare(Method::GET, path)
        .bearer(&party.token)
        .send()
        .await
}

async fn pay(app: &TestApp, party: &Party, product: &str, intent: &str) -> Answer {
    send(
        app,
        party,
        Method::POST,
        &format!("/api/client/digital-products/{product}/pay"),
        &json!({"payment_intent": intent}),
    )
    .await
}

async fn a_client_buys_a_product_and_only_buyers_download_it(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("shop")).await;
    app.sign_in_as(&admin).await;
    let file = upload(
        &app,
        "digital_product_file",
        PDF,
        "guide.pdf",
        "application/pdf",
    )
    .await;
    let cover = upload(&app, "catalogue_image", PNG, "cover.png", "image/png").await;
    let guide = add(&app, &product("Guide du sommeil", 1500, &file, &cover)).await;
    let free = add(&app, &product("Carnet de respiration", 0, &file, "")).await;

    // Bad products change nothing: a picture is not a deliverable file.
    let bad = app
        .post("/api/admin-panel/digital-products")
        .json(
            &json!({"title_fr": "", "title_en": "x", "description_fr": "",
            "price_minor": -5, "currency": "EUR", "file": cover, "cover": ""}),
        )
        .send()
        .await;
    bad.expect(400);
    for field in ["title_fr", "description_fr", "price_minor"] {
        assert!(bad.field(field).is_some(), "{field}: {}", bad.text);
    }
    let wrong_file = app
        .post("/api/admin-panel/digital-products")
        .json(&product("Mauvais", 100, &cover, ""))
        .send()
        .await;
    assert!(wrong_file.field("file").is_some(), "{}", wrong_file.text);
    app.catch_up().await;
    let shop = app.read("/api/public/digital-products").await;
    shop.expect(200);
    let shop = shop.json();
    assert_eq!(shop["total"], 2);
    assert_eq!(shop["items"][0]["title_fr"], "Carnet de respiration");
    assert_eq!(shop["items"][0]["free"], true);
    assert_eq!(shop["items"][1]["price"]["amount_minor"], 1500);
    let paid_only = app.read("/api/public/digital-products?price=paid").await;
    assert_eq!(paid_only.json()["total"], 1);
    let one = app
        .read(&format!("/api/public/digital-products/{guide}"))
        .await
        .json();
    assert!(
        one["html_fr"]
            .as_str()
            .unwrap()
            .contains("<strong>programme</strong>")
    );
    assert_eq!(
        one["file"],
        Value::Null,
        "visitors never see the file's key"
    );
    app.read(&format!("/api/public/digital-products/{guide}/cover"))
        .await
        .expect(200);
    app.sign_out(Role::Admin).await.expect(204);

    // A client pays; a declined card buys nothing; the download is theirs only.
    let buyer = client(&app, false).await;
    let other = client(&app, false).await;
    let download = format!("/api/client/digital-products/{guide}/download");
    fetch(&app, &buyer, &download).await.expect(404);
    let started = send(
        &app,
        &buyer,
        Method::POST,
        &format!("/api/client/digital-products/{guide}/payment"),
        &json!({}),
    )
    .await;
    started.expect(200);
    let payment = &started.json()["payment"];
    assert_eq!(payment["amount"]["amount_minor"], 1500);
    let intent = Intent {
        id: payment["intent_id"].as_str().unwrap().to_owned(),
        client_secret: payment["client_secret"].as_str().unwrap().to_owned(),
    };
    intent.confirm(&app, "4000000000000002").await.expect(200);
    let declined = pay(&app, &buyer, &guide, &intent.id).await;
    declined.expect(402);
    assert_eq!(declined.code(), "card_declined");
    // Another client cannot use this intent.
    pay(&app, &other, &guide, &intent.id).await.expect(400);
    intent.confirm(&app, "4242424242424242").await.expect(200);
    pay(&app, &buyer, &guide, &intent.id).await.expect(204);
    pay(&app, &buyer, &guide, &intent.id).await.expect(204);
    app.catch_up().await;
    let file_answer = fetch(&app, &buyer, &download).await;
    file_answer.expect(200);
    assert_eq!(file_answer.headers["content-type"], "application/pdf");
    fetch(&app, &other, &download).await.expect(404);
    let again = send(
        &app,
        &buyer,
        Method::POST,
        &format!("/api/client/digital-products/{guide}/payment"),
        &json!({}),
    )
    .await;
    assert_eq!(again.json()["purchased"], true, "nothing to pay twice");

    // A free product is taken, not paid.
    let free_payment = send(
        &app,
        &other,
        Method::POST,
        &format!("/api/client/digital-products/{free}/payment"),
        &json!({}),
    )
    .await;
    free_payment.expect(409);
    assert_eq!(free_payment.code(), "digital_product_free");
    send(
        &app,
        &other,
        Method::POST,
        &format!("/api/client/digital-products/{free}/claim"),
        &json!({}),
    )
    .await
    .expect(204);
    let claim_paid = send(
        &app,
        &other,
        Method::POST,
        &format!("/api/client/digital-products/{guide}/claim"),
        &json!({}),
    )
    .await;
    claim_paid.expect(400);
    app.catch_up().await;
    let mine = app
        .bare(Method::GET, "/api/client/digital-products")
        .bearer(&buyer.token)
        .send()
        .await;
    mine.expect(200);
    let mine = mine.json();
    assert_eq!(mine["items"].as_array().unwrap().len(), 1);
    assert_eq!(mine["items"][0]["paid"]["amount_minor"], 1500);
    assert_eq!(mine["items"][0]["download_url"], download.as_str());

    // Trashed: out of the shop, still the buyer's.
    app.sign_in_as(&admin).await;
    app.post(&format!("/api/admin-panel/digital-products/{guide}/trash"))
        .send()
        .await
        .expect(204);
    app.catch_up().await;
    assert_eq!(
        app.read("/api/public/digital-products").await.json()["total"],
        1
    );
    app.read(&format!("/api/public/digital-products/{guide}"))
        .await
        .expect(404);
    fetch(&app, &buyer, &download).await.expect(200);
    let edited = app
        .call(
            Method::PUT,
            &format!("/api/admin-panel/digital-products/{guide}"),
        )
        .json(&product("Guide du sommeil", 900, &file, &cover))
        .send()
        .await;
    edited.expect(409);
    assert_eq!(edited.code(), "digital_product_trashed");
    let admin_view = app
        .read(&format!("/api/admin-panel/digital-products/{guide}"))
        .await
        .json();
    assert_eq!(admin_view["sales"], 1);
    assert_eq!(admin_view["file"], file.as_str());
    let trash = app
        .read("/api/admin-panel/digital-products?trashed=true")
        .await
        .json();
    assert_eq!(trash["total"], 1);

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
