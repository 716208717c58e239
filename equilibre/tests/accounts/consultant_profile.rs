//! The consultant's profile and its review (docs/api.md "Consultant profile"
//! and "Administration of consultants"): a consultant fills every section
//! with uploaded files, submits; an administrator finds the profile, rejects
//! it with a reason (mailed in the consultant's language), the consultant
//! fixes it and resubmits, the administrator approves, suspends, reinstates.

use domain::account::Role;
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::support::{Answer, Backend, Member, PDF, PNG, TestApp, registration_form, unique_email};

on_both_backends!(
    a_consultant_completes_the_profile_and_an_administrator_reviews_it,
    invalid_sections_are_refused_with_translated_messages_and_change_nothing,
    a_consultant_cannot_review_profiles,
    forgetting_a_consultant_erases_the_profile_live_and_on_rebuild,
    a_retried_command_with_the_same_key_acts_once,
    every_section_as_read_is_accepted_back_unchanged,
);

async fn send(app: &TestApp, method: Method, path: &str, body: &Value, lang: &str) -> Answer {
    app.call(method, path).lang(lang).json(body).send().await
}

/// Uploads a file of `kind` as the consultant; returns its key.
async fn upload(app: &TestApp, kind: &str, bytes: &[u8], name: &str) -> String {
    let part = Part::bytes(bytes.to_vec())
        .file_name(name.to_owned())
        .mime_str("application/octet-stream")
        .expect("a MIME type");
    let answer = app
        .call(Method::POST, &format!("/api/consultant/files?kind={kind}"))
        .multipart(Form::new().part("file", part))
        .send()
        .await;
    answer.expect(201);
    answer.json()["key"].as_str().expect("a key").to_owned()
}

/// Adds a reference item as the signed-in administrator; returns its id.
async fn reference(app: &TestApp, kind: &str, body: Value) -> String {
    let answer = app
        .post(&format!("/api/admin-panel/reference/{kind}"))
        .json(&body)
        .send()
        .await;
    answer.expect(201);
    answer.json()["id"].as_str().expect("an id").to_owned()
}

/// The reference items a profile needs.
struct Lists {
    country: String,
    city: String,
    other_city: String,
    specialisation: String,
    disorder: String,
}

async fn lists(app: &TestApp) -> Lists {
    let country = reference(
        app,
        "countries",
        json!({"name_fr": "France", "name_en": "France", "code": "FR"}),
    )
    .await;
    let spain = reference(
        app,
        "countries",
        json!({"name_fr": "Espagne", "name_en": "Spain", "code": "ES"}),
    )
    .await;
    let city = reference(
        app,
        "cities",
        json!({"name_fr": "Lyon", "name_en": "Lyons", "parent_id": country}),
    )
    .await;
    let other_city = reference(
        app,
        "cities",
        json!({"name_fr": "Madrid", "name_en": "Madrid", "parent_id": spain}),
    )
    .await;
    let specialisation = reference(
        app,
        "specializations",
        json!({"name_fr": "Naturopathie", "name_en": "Naturopathy"}),
    )
    .await;
    let disorder = reference(
        app,
        "disorders",
        json!({"name_fr": "Troubles du sommeil", "name_en": "Sleep disorders"}),
    )
    .await;
    Lists {
        country,
        city,
        other_city,
        specialisation,
        disorder,
    }
}

/// Signs a consultant up whose correspondence language is `language`.
async fn consultant(app: &TestApp, language: &str, given_name: &str) -> Member {
    let email = unique_email("consultant");
    let proof = app.email_proof(&email, Role::Consultant).await;
    let mut form = registration_form(Role::Consultant, &email, &proof);
    form["correspondence_language"] = json!(language);
    form["given_name"] = json!(given_name);
    let answer = app.sign_up(Role::Consultant, &form).await;
    answer.expect(201);
    Member {
        role: Role::Consultant,
        account_id: answer.json()["account_id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .expect("an account id"),
        email,
        password: form["password"].as_str().unwrap_or_default().to_owned(),
    }
}

async fn admin(app: &TestApp) -> Member {
    let admin = app.create_admin(&unique_email("admin")).await;
    app.sign_in_as(&admin).await;
    admin
}

fn basic_profile() -> Value {
    json!({"title": "dr", "gender": "female", "given_name": "Élodie", "family_name": "Dupré",
           "isd_code": "+33", "contact_number": "06 12 34 56 78", "spoken_languages": ["fr", "en"],
           "timezone": "Europe/Paris"})
}

fn bank(attachment: &str) -> Value {
    json!({"payment_currency": "EUR", "tax_number": "0", "bank_name": "Banque Populaire",
           "agency_name": "Lyon Part-Dieu", "agency_address": "1 place Charles Béraudier",
           "swift_bic": "CCBPFRPPLYO", "account_number": "", "branch_code": "", "control_key": "",
           "iban": "FR76 3000 6000 0112 3456 7890 189", "account_holder": "Élodie Dupré",
           "account_currency": "EUR", "attachment_key": attachment})
}

/// Fills every section through the API; returns the degree's id.
async fn fill_profile(app: &TestApp, lists: &Lists) -> String {
    let put = |path: &'static str, body: Value| async move {
        send(app, Method::PUT, path, &body, "fr").await.expect(204);
    };
    put("/api/consultant/profile/basic-profile", basic_profile()).await;
    put(
        "/api/consultant/profile/address",
        json!({"country_id": lists.country, "city_id": lists.city, "house_number": "12",
               "street_name": "rue de la République", "street_name_2": "", "postal_code": "69002"}),
    )
    .await;
    let scan = upload(app, "degree", PNG, "diplome.png").await;
    let degree = send(
        app,
        Method::POST,
        "/api/consultant/profile/degrees",
        &json!({"name": "Diplôme de naturopathie", "school": "Institut Euronature", "year": 2015,
                "attachment_key": scan}),
        "fr",
    )
    .await;
    degree.expect(201);
    let degree_id = degree.json()["id"].as_str().expect("an id").to_owned();
    let certificate = upload(app, "certificate", PDF, "certificat.pdf").await;
    send(
        app,
        Method::POST,
        "/api/consultant/profile/certificates",
        &json!({"name": "Réflexologie", "school": "École de Lyon", "year": 2019,
                "number": "RF-2019-42", "attachment_key": certificate}),
        "fr",
    )
    .await
    .expect(201);
    let rib = upload(app, "bank_attachment", PDF, "rib.pdf").await;
    put("/api/consultant/profile/bank", bank(&rib)).await;
    let photo = upload(app, "profile_photo", PNG, "photo.png").await;
    let resume = upload(app, "resume", PDF, "cv.pdf").await;
    put(
        "/api/consultant/profile/details",
        json!({"bio": "Naturopathe depuis dix ans.", "background": "", "expertise": "Sommeil",
               "bio_en": "  Naturopath for ten years. ", "expertise_en": "",
               "video_url": "https://video.example.org/presentation", "keyword_ids": [],
               "objective_ids": [], "disorder_ids": [lists.disorder],
               "specialisation_ids": [lists.specialisation], "photo_key": photo,
               "resume_key": resume, "price_minor": 6000, "currency": "EUR",
               "session_minutes": 60, "languages": ["fr"], "first_consultation_free": true}),
    )
    .await;
    let contract = upload(app, "contract", PDF, "contrat.pdf").await;
    let id_scan = upload(app, "id_document", PNG, "cni.png").await;
    let record = upload(app, "criminal_record", PDF, "casier.pdf").await;
    put(
        "/api/consultant/profile/documents",
        json!({"contract_key": contract, "id_number": "X4RTBPFW4", "id_attachment_key": id_scan,
               "criminal_record_key": record}),
    )
    .await;
    degree_id
}

async fn profile(app: &TestApp) -> Value {
    let answer = app.read("/api/consultant/profile").await;
    answer.expect(200);
    answer.json()
}

async fn admin_list(app: &TestApp, query: &str) -> Vec<Value> {
    let answer = app
        .read(&format!("/api/admin-panel/consultants?{query}"))
        .await;
    answer.expect(200);
    answer.json()["items"].as_array().expect("items").clone()
}

async fn review(app: &TestApp, id: &str, action: &str, body: Value) -> Answer {
    app.post(&format!("/api/admin-panel/consultants/{id}/{action}"))
        .json(&body)
        .send()
        .await
}

async fn a_consultant_completes_the_profile_and_an_administrator_reviews_it(backend: Backend) {
    let app = TestApp::with(backend).smtp().start().await;
    admin(&app).await;
    let lists = lists(&app).await;
    let member = consultant(&app, "en", "Élodie").await;
    let id = member.account_id.to_string();
    app.sign_in_as(&member).await;

    // Before anything is saved: prefilled from the registration, every required section missing.
    let fresh = profile(&app).await;
    assert_eq!(fresh["status"], "registered");
    assert_eq!(fresh["basic_profile"]["family_name"], "Martin");
    assert_eq!(fresh["basic_profile"]["isd_code"], "+33");
    assert_eq!(fresh["basic_profile"]["contact_number"], "612345678");
    assert_eq!(fresh["sections"]["basic_profile"], false);
    let early = app
        .post("/api/consultant/profile/submit")
        .lang("en")
        .send()
        .await;
    early.expect(400);
    assert_eq!(early.code(), "validation_failed");
    assert_eq!(
        early.field("address").as_deref(),
        Some("This section is incomplete.")
    );
    assert!(early.field("documents").is_some() && early.field("certificates").is_none());

    let degree_id = fill_profile(&app, &lists).await;
    let filled = profile(&app).await;
    assert_eq!(filled["status"], "in_progress");
    assert_eq!(filled["missing"], json!([]));
    assert!(
        filled["sections"]
            .as_object()
            .unwrap()
            .values()
            .all(|v| v == true)
    );
    assert_eq!(filled["basic_profile"]["given_name"], "Élodie");
    assert_eq!(filled["address"]["city_id"], lists.city.as_str());
    assert_eq!(filled["address"]["street_name"], "rue de la République");
    assert_eq!(
        filled["degrees"][0]["attachment"]["content_type"],
        "image/png"
    );
    assert_eq!(filled["certificates"][0]["number"], "RF-2019-42");
    // The owner sees the bank details unmasked.
    assert_eq!(filled["bank"]["iban"], "FR7630006000011234567890189");
    assert_eq!(filled["profile_details"]["price_minor"], 6000);
    assert_eq!(
        filled["profile_details"]["bio_en"],
        "Naturopath for ten years."
    );
    assert_eq!(filled["profile_details"]["expertise_en"], Value::Null);
    assert_eq!(filled["documents"]["id_number"], "X4RTBPFW4");

    app.post("/api/consultant/profile/submit")
        .send()
        .await
        .expect(204);
    // Frozen while under review.
    let frozen = send(
        &app,
        Method::PUT,
        "/api/consultant/profile/basic-profile",
        &basic_profile(),
        "en",
    )
    .await;
    frozen.expect(409);
    assert_eq!(frozen.code(), "profile_under_review");

    // The administrator finds it by status and by a name without its accents.
    let submitted = admin_list(&app, "status=submitted").await;
    assert!(submitted.iter().any(|c| c["id"] == id.as_str()));
    assert!(admin_list(&app, "status=approved").await.is_empty());
    let found = admin_list(&app, "search=elodie%20dupre").await;
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["status"], "submitted");
    assert_eq!(found[0]["email"], member.email.as_str());
    assert!(
        admin_list(&app, &format!("search={}", &member.email[..20]))
            .await
            .len()
            == 1
    );
    let view = app
        .read(&format!("/api/admin-panel/consultants/{id}"))
        .await;
    view.expect(200);
    let view = view.json();
    assert_eq!(view["bank"]["iban"], "FR7630006000011234567890189");
    assert_eq!(view["account"]["email"], member.email.as_str());
    let history: Vec<&str> = view["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["type"].as_str().unwrap())
        .collect();
    assert_eq!(history.first(), Some(&"ProfileEditingStarted"));
    assert_eq!(history.last(), Some(&"ProfileSubmitted"));

    let empty_reason = review(&app, &id, "reject", json!({"reason": " "})).await;
    empty_reason.expect(400);
    assert!(empty_reason.field("reason").is_some());
    review(
        &app,
        &id,
        "reject",
        json!({"reason": "The degree scan is unreadable."}),
    )
    .await
    .expect(204);
    let mail = app
        .maildev()
        .wait_for(|m| {
            m["subject"] == "Your Equilibre profile needs changes"
                && m["to"][0]["address"].as_str() == Some(member.email.as_str())
        })
        .await;
    assert!(
        mail["text"]
            .as_str()
            .unwrap()
            .contains("The degree scan is unreadable.")
    );

    let rejected = profile(&app).await;
    assert_eq!(rejected["status"], "rejected");
    assert_eq!(
        rejected["rejection_reason"],
        "The degree scan is unreadable."
    );
    let unchanged = app.post("/api/consultant/profile/submit").send().await;
    unchanged.expect(409);
    assert_eq!(unchanged.code(), "profile_unchanged_since_rejection");
    let clearer = upload(&app, "degree", PNG, "diplome-net.png").await;
    send(
        &app,
        Method::PUT,
        &format!("/api/consultant/profile/degrees/{degree_id}"),
        &json!({"name": "Diplôme de naturopathie", "school": "Institut Euronature", "year": 2015,
                "attachment_key": clearer}),
        "fr",
    )
    .await
    .expect(204);
    app.post("/api/consultant/profile/submit")
        .send()
        .await
        .expect(204);
    assert_eq!(profile(&app).await["rejection_reason"], Value::Null);

    review(&app, &id, "approve", json!({})).await.expect(204);
    let mail = app
        .maildev()
        .wait_for(|m| {
            m["subject"] == "Your Equilibre profile is approved"
                && m["to"][0]["address"].as_str() == Some(member.email.as_str())
        })
        .await;
    assert!(mail["text"].as_str().unwrap().contains("book appointments"));
    let approved = profile(&app).await;
    assert_eq!(approved["status"], "approved");
    // Visitors get the English version beside the French one (none: null).
    app.catch_up().await;
    let public = app.read(&format!("/api/public/experts/{id}")).await;
    public.expect(200);
    let public = public.json();
    assert_eq!(public["bio"], "Naturopathe depuis dix ans.");
    assert_eq!(public["bio_en"], "Naturopath for ten years.");
    assert_eq!(public["bio_excerpt_en"], "Naturopath for ten years.");
    assert_eq!(public["expertise_en"], Value::Null);
    assert!(approved["approved_at"].is_string());
    let again = review(&app, &id, "approve", json!({})).await;
    again.expect(409);
    assert_eq!(again.code(), "profile_not_submitted");

    // A live edit of an approved profile is flagged for the administrators.
    send(
        &app,
        Method::PUT,
        "/api/consultant/profile/bank",
        &bank(&upload(&app, "bank_attachment", PDF, "rib2.pdf").await),
        "fr",
    )
    .await
    .expect(204);
    assert_eq!(
        profile(&app).await["changed_since_approval"],
        json!(["bank"])
    );
    assert!(admin_list(&app, "status=approved").await[0]["has_unreviewed_changes"] == true);
    review(&app, &id, "changes-reviewed", json!({}))
        .await
        .expect(204);
    assert_eq!(profile(&app).await["changed_since_approval"], json!([]));

    review(
        &app,
        &id,
        "suspend",
        json!({"reason": "Plainte en cours d'examen"}),
    )
    .await
    .expect(204);
    let suspended = profile(&app).await;
    assert_eq!(suspended["status"], "suspended");
    assert_eq!(suspended["suspension_reason"], "Plainte en cours d'examen");
    review(&app, &id, "reinstate", json!({})).await.expect(204);
    assert_eq!(profile(&app).await["status"], "approved");
    let history = app
        .read(&format!("/api/admin-panel/consultants/{id}"))
        .await
        .json()["history"]
        .clone();
    let last = history.as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["type"], "ConsultantReinstated");
    assert_eq!(last["actor"], "admin");

    // A trashed disorder leaves the picker, yet the profile still renders its name.
    app.post(&format!(
        "/api/admin-panel/reference/disorders/{}/trash",
        lists.disorder
    ))
    .send()
    .await
    .expect(204);
    let picker = app.read("/api/public/reference/disorders").await.json();
    assert!(picker["items"].as_array().unwrap().is_empty());
    let item = app
        .read(&format!(
            "/api/public/reference/disorders/{}",
            lists.disorder
        ))
        .await;
    item.expect(200);
    assert_eq!(item.json()["name_en"], "Sleep disorders");
    assert_eq!(item.json()["trashed"], true);
    app.read(&format!(
        "/api/public/reference/keywords/{}",
        lists.disorder
    ))
    .await
    .expect(404);

    // Each review mail was sent once.
    let mails = app.mails_to(&member.email).await;
    let reviews = mails
        .iter()
        .filter(|m| {
            m["subject"]
                .as_str()
                .unwrap_or_default()
                .contains("profile")
        })
        .count();
    assert_eq!(reviews, 2, "{mails:?}");
}

async fn invalid_sections_are_refused_with_translated_messages_and_change_nothing(
    backend: Backend,
) {
    let app = TestApp::start(backend).await;
    admin(&app).await;
    let lists = lists(&app).await;
    let member = consultant(&app, "fr", "Camille").await;
    app.sign_in_as(&member).await;

    let mut bad_basic = basic_profile();
    bad_basic["contact_number"] = json!("123");
    bad_basic["timezone"] = json!("Mars/Olympus");
    let fr = send(
        &app,
        Method::PUT,
        "/api/consultant/profile/basic-profile",
        &bad_basic,
        "fr",
    )
    .await;
    fr.expect(400);
    assert_eq!(fr.code(), "validation_failed");
    let en = send(
        &app,
        Method::PUT,
        "/api/consultant/profile/basic-profile",
        &bad_basic,
        "en",
    )
    .await;
    assert!(fr.field("contact_number").is_some() && fr.field("timezone").is_some());
    assert_ne!(fr.field("contact_number"), en.field("contact_number"));

    // A city of another country; an IBAN with a wrong checksum; a key never uploaded.
    let address = send(
        &app,
        Method::PUT,
        "/api/consultant/profile/address",
        &json!({"country_id": lists.country, "city_id": lists.other_city, "house_number": "1",
                "street_name": "Gran Vía", "postal_code": "28013"}),
        "en",
    )
    .await;
    address.expect(400);
    assert!(address.field("city_id").is_some(), "{}", address.text);
    let mut wrong_iban = bank("subjects/nobody/rib.pdf");
    wrong_iban["iban"] = json!("FR76 3000 6000 0112 3456 7890 188");
    let bank_answer = send(
        &app,
        Method::PUT,
        "/api/consultant/profile/bank",
        &wrong_iban,
        "en",
    )
    .await;
    bank_answer.expect(400);
    assert!(bank_answer.field("iban").is_some());
    assert_eq!(
        bank_answer.field("attachment_key").as_deref(),
        Some("This file is not available. Please upload it again.")
    );
    // A PDF is not a degree scan.
    let pdf = upload(&app, "certificate", PDF, "scan.pdf").await;
    let degree = send(
        &app,
        Method::POST,
        "/api/consultant/profile/degrees",
        &json!({"name": "Master", "school": "Lyon 2", "year": 2014, "attachment_key": pdf}),
        "en",
    )
    .await;
    degree.expect(400);
    assert!(degree.field("attachment_key").is_some());
    let missing = send(
        &app,
        Method::DELETE,
        &format!("/api/consultant/profile/degrees/{}", uuid::Uuid::now_v7()),
        &json!({}),
        "en",
    )
    .await;
    missing.expect(404);

    // Nothing changed: no consultant event, the profile untouched.
    assert_eq!(app.count_events("ProfileEditingStarted").await, 0);
    let untouched = profile(&app).await;
    assert_eq!(untouched["status"], "registered");
    assert_eq!(untouched["address"], Value::Null);
    assert_eq!(untouched["degrees"], json!([]));
}

async fn a_consultant_cannot_review_profiles(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = consultant(&app, "fr", "Camille").await;
    let signed_in = app
        .bare(Method::POST, "/api/consultant/sign-in")
        .same_origin()
        .json(&json!({"email": member.email, "password": member.password}))
        .send()
        .await;
    signed_in.expect(200);
    let token = signed_in.token(platform::auth::cookie_name(Role::Consultant));
    let id = member.account_id;
    for path in [
        format!("/api/admin-panel/consultants/{id}/approve"),
        format!("/api/admin-panel/consultants/{id}/reject"),
        format!("/api/admin-panel/consultants/{id}/suspend"),
    ] {
        let answer = app
            .bare(Method::POST, &path)
            .same_origin()
            .bearer(&token)
            .json(&json!({"reason": "x"}))
            .send()
            .await;
        answer.expect(403);
    }
    let list = app
        .bare(Method::GET, "/api/admin-panel/consultants")
        .bearer(&token)
        .send()
        .await;
    list.expect(403);
    // The consultant's own profile is theirs only: another consultant sees their own.
    let own = app
        .bare(Method::GET, "/api/consultant/profile")
        .bearer(&token)
        .min_position(app.seen_position().expect("a position"))
        .send()
        .await;
    own.expect(200);
    assert_eq!(own.json()["consultant_id"], id.to_string());
    // An administrator acting on someone who is not a consultant: not found.
    admin(&app).await;
    let nobody = review(
        &app,
        &uuid::Uuid::now_v7().to_string(),
        "approve",
        json!({}),
    )
    .await;
    nobody.expect(404);
}

async fn forgetting_a_consultant_erases_the_profile_live_and_on_rebuild(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    admin(&app).await;
    let lists = lists(&app).await;
    let member = consultant(&app, "fr", "Élodie").await;
    app.sign_in_as(&member).await;
    fill_profile(&app, &lists).await;
    app.post("/api/consultant/profile/submit")
        .send()
        .await
        .expect(204);
    let id = member.account_id;
    app.catch_up().await;
    assert_eq!(admin_list(&app, "search=elodie").await.len(), 1);

    app.post(&format!("/api/admin-panel/accounts/{id}/forget"))
        .send()
        .await
        .expect(204);
    app.catch_up().await;
    let view = app
        .read(&format!("/api/admin-panel/consultants/{id}"))
        .await;
    view.expect(200);
    let view = view.json();
    let erased = "[erased]";
    assert_eq!(view["basic_profile"]["given_name"], erased);
    assert_eq!(view["address"]["street_name"], erased);
    assert_eq!(view["bank"]["iban"], erased);
    assert_eq!(view["profile_details"]["bio"], erased);
    assert_eq!(view["profile_details"]["bio_en"], erased);
    assert_eq!(view["documents"]["id_number"], erased);
    assert_eq!(view["certificates"][0]["number"], erased);
    assert_eq!(view["account"]["email"], erased);
    // What is not personal stays: the review status and the degree's title.
    assert_eq!(view["status"], "submitted");
    assert_eq!(view["degrees"][0]["name"], "Diplôme de naturopathie");
    assert!(admin_list(&app, "search=elodie").await.is_empty());

    let live = app.app.read.dump().await.unwrap();
    app.app.projector.rebuild().await.unwrap();
    assert_eq!(
        app.app.read.dump().await.unwrap(),
        live,
        "a rebuild shows what the live projection shows"
    );
}

async fn a_retried_command_with_the_same_key_acts_once(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = consultant(&app, "fr", "Camille").await;
    app.sign_in_as(&member).await;
    let scan = upload(&app, "degree", PNG, "diplome.png").await;
    let body = json!({"name": "Master", "school": "Lyon 2", "year": 2014, "attachment_key": scan});
    let mut answers = Vec::new();
    for _ in 0..2 {
        let answer = app
            .post("/api/consultant/profile/degrees")
            .idempotency_key("degree-once")
            .json(&body)
            .send()
            .await;
        answer.expect(201);
        answers.push(answer);
    }
    assert_eq!(answers[0].json()["id"], answers[1].json()["id"]);
    assert_eq!(answers[0].position(), answers[1].position());
    for _ in 0..2 {
        app.call(Method::PUT, "/api/consultant/profile/basic-profile")
            .idempotency_key("basic-once")
            .json(&basic_profile())
            .send()
            .await
            .expect(204);
    }
    assert_eq!(app.count_events("DegreeAdded").await, 1);
    assert_eq!(app.count_events("BasicProfileUpdated").await, 1);
    assert_eq!(profile(&app).await["degrees"].as_array().unwrap().len(), 1);
}

/// What a read returns, the matching write accepts: each section of
/// `GET /api/consultant/profile` sent back as is to its `PUT` changes nothing
/// and is accepted, including the empty optional fields it reads as `null`.
async fn every_section_as_read_is_accepted_back_unchanged(backend: Backend) {
    let app = TestApp::start(backend).await;
    admin(&app).await;
    let lists = lists(&app).await;
    let member = consultant(&app, "fr", "Inès").await;
    app.sign_in_as(&member).await;
    let degree_id = fill_profile(&app, &lists).await;
    // Empty optional texts, read back as null.
    let mut details = profile(&app).await["profile_details"].clone();
    for field in ["video_url", "background", "expertise"] {
        details[field] = json!("");
    }
    send(
        &app,
        Method::PUT,
        "/api/consultant/profile/details",
        &details,
        "fr",
    )
    .await
    .expect(204);

    let read = profile(&app).await;
    assert_eq!(read["profile_details"]["video_url"], Value::Null);
    for (section, path) in [
        ("basic_profile", "/api/consultant/profile/basic-profile"),
        ("address", "/api/consultant/profile/address"),
        ("bank", "/api/consultant/profile/bank"),
        ("profile_details", "/api/consultant/profile/details"),
        ("documents", "/api/consultant/profile/documents"),
    ] {
        let answer = send(&app, Method::PUT, path, &read[section], "en").await;
        assert_eq!(answer.status, 204, "{section}: {:?}", answer.json());
    }
    let degree = read["degrees"]
        .as_array()
        .and_then(|d| d.iter().find(|d| d["id"] == degree_id.as_str()))
        .expect("the degree")
        .clone();
    let answer = send(
        &app,
        Method::PUT,
        &format!("/api/consultant/profile/degrees/{degree_id}"),
        &degree,
        "en",
    )
    .await;
    assert_eq!(answer.status, 204, "degree: {:?}", answer.json());
    let certificate = read["certificates"][0].clone();
    let answer = send(
        &app,
        Method::PUT,
        &format!(
            "/api/consultant/profile/certificates/{}",
            certificate["id"].as_str().unwrap_or_default()
        ),
        &certificate,
        "en",
    )
    .await;
    assert_eq!(answer.status, 204, "certificate: {:?}", answer.json());
    // Sent back as read: nothing changed, so the sections are as before.
    let again = profile(&app).await;
    for section in [
        "basic_profile",
        "address",
        "bank",
        "profile_details",
        "documents",
    ] {
        assert_eq!(again[section], read[section], "{section}");
    }
}
