//! Complaint mails (docs/complaints.md, `projector::reactions`): through the
//! real HTTP commands and a real SMTP server (maildev), each recipient gets
//! its mail in its own language, a question to one party never reaches the
//! other, nobody's contact details travel, and a second worker (or a replay
//! from the start of the log) sends nothing twice. And the demo data has a
//! complaint in every state for those screens.

use chrono::TimeDelta;
use domain::account::Role;
use reqwest::Method;
use serde_json::{Value, json};
use store::Position;

use crate::booking_support::{self, Party, signed_in, upload_consent};
use crate::complaint_reads::complaint_type;
use crate::support::{Backend, Member, TestApp, unique_email};

on_both_backends!(
    filing_and_deciding_mail_each_party_in_its_own_language,
    a_question_to_the_respondent_reaches_it_alone_and_no_worker_sends_twice,
    the_demo_has_a_complaint_in_every_state,
);

const SUBJECT: &str = "Séance écourtée de vingt minutes";
const DESCRIPTION: &str = "La consultante a mis fin à la séance vingt minutes avant l'heure.";

struct World {
    app: TestApp,
    admin: Member,
    /// Writes in English.
    client: Party,
    /// Writes in French.
    expert: Party,
    complaint: String,
}

/// A client who corresponds in English, consent form on file, signed in.
async fn english_client(app: &TestApp) -> Party {
    let email = unique_email("english");
    let proof = app.email_proof(&email, Role::Client).await;
    let mut form = crate::support::registration_form(Role::Client, &email, &proof);
    form["correspondence_language"] = json!("en");
    form["given_name"] = json!("Oliver");
    form["family_name"] = json!("Grant");
    let answer = app.sign_up(Role::Client, &form).await;
    answer.expect(201);
    let member = Member {
        role: Role::Client,
        account_id: answer.json()["account_id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .expect("an account id"),
        email,
        password: form["password"].as_str().unwrap_or_default().to_owned(),
    };
    upload_consent(app, member.account_id).await;
    signed_in(app, member).await
}

/// An English client books and pays a French expert, then files a complaint
/// about that booking; the administrator is signed in in the app's browser.
async fn filed(backend: Backend) -> World {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let admin = app.create_admin(&unique_email("desk")).await;
    app.sign_in_as(&admin).await;
    let type_id = complaint_type(&app, "Consultation écourtée", "Consultation cut short").await;
    let expert = booking_support::expert(&app).await;
    let client = english_client(&app).await;
    let start = booking_support::slots(&app, TimeDelta::days(2))[0];
    let booked = booking_support::book(&app, &client, &expert, start, json!({})).await;
    booked.expect(201);
    let booking = booking_support::booking_id(&booked);
    booking_support::pay(&app, &client, &booking, "4242424242424242")
        .await
        .expect(200);
    let answer = booking_support::send(
        &app,
        &client,
        Method::POST,
        "/api/client/complaints",
        &json!({
            "booking_id": booking, "complaint_type_id": type_id, "subject": SUBJECT,
            "description": DESCRIPTION, "desired_outcome": "refund",
        }),
    )
    .await;
    answer.expect(201);
    let complaint = answer.json()["complaint_id"]
        .as_str()
        .expect("a complaint id")
        .to_owned();
    World {
        app,
        admin,
        client,
        expert,
        complaint,
    }
}

/// Mails to `address` whose subject is `subject`.
async fn mails(app: &TestApp, address: &str, subject: &str) -> Vec<Value> {
    app.mails_to(address)
        .await
        .into_iter()
        .filter(|m| m["subject"] == subject)
        .collect()
}

fn text(mail: &Value) -> &str {
    mail["text"].as_str().expect("a text part")
}

/// Projects, then runs the app's reactions worker to the end.
async fn react(app: &TestApp) {
    app.catch_up().await;
    app.drain_reactions().await;
}

async fn filing_and_deciding_mail_each_party_in_its_own_language(backend: Backend) {
    let w = filed(backend).await;
    let (app, id) = (&w.app, &w.complaint);
    react(app).await;

    let receipt = mails(
        app,
        &w.client.member.email,
        "Your complaint has been received",
    )
    .await;
    assert_eq!(receipt.len(), 1, "the author's acknowledgement, in English");
    assert!(text(&receipt[0]).contains(SUBJECT));
    assert!(text(&receipt[0]).contains(&format!("/client/complaint/{id}")));
    let desk = mails(app, &w.admin.email, "Nouvelle réclamation à examiner").await;
    assert_eq!(desk.len(), 1, "the administrator's notice, in French");
    assert!(text(&desk[0]).contains(&format!("/admin/edit-complaint/{id}")));
    assert!(text(&desk[0]).contains("un client"));
    let notice = mails(app, &w.expert.member.email, "Une réclamation vous concerne").await;
    assert_eq!(notice.len(), 1, "the respondent's notice, in French");
    let notice = text(&notice[0]);
    assert!(notice.contains(SUBJECT) && notice.contains("Oliver Grant"));
    assert!(notice.contains(&format!("/consultant/complaint/{id}")));
    assert!(!notice.contains(DESCRIPTION) && !notice.contains(&w.client.member.email));

    let decided = app
        .post(&format!("/api/admin-panel/complaints/{id}/decide"))
        .json(&json!({
            "favour": "complainant",
            "resolution": "La séance sera remboursée pour moitié.",
            "refund": {"amount_minor": 3000},
        }))
        .send()
        .await;
    decided.expect(200);
    react(app).await;

    let to_client = mails(app, &w.client.member.email, "Decision on a complaint").await;
    assert_eq!(to_client.len(), 1);
    let to_client = text(&to_client[0]);
    assert!(to_client.contains("It was decided in your favour."));
    assert!(to_client.contains("La séance sera remboursée pour moitié."));
    assert!(to_client.contains("30.00 EUR"));
    let to_expert = mails(app, &w.expert.member.email, "Décision sur une réclamation").await;
    assert_eq!(to_expert.len(), 1);
    let to_expert = text(&to_expert[0]);
    assert!(to_expert.contains("n’a pas été tranchée en votre faveur"));
    assert!(to_expert.contains("La séance sera remboursée pour moitié."));
    assert!(!to_expert.contains(&w.client.member.email));
}

async fn a_question_to_the_respondent_reaches_it_alone_and_no_worker_sends_twice(backend: Backend) {
    let w = filed(backend).await;
    let (app, id) = (&w.app, &w.complaint);
    let question = "À quelle heure la séance s'est-elle terminée ?";
    app.post(&format!(
        "/api/admin-panel/complaints/{id}/request-information"
    ))
    .json(&json!({"party": "respondent", "text": question}))
    .send()
    .await
    .expect(200);
    app.catch_up().await;

    // Two workers at once, then a third replaying the whole log once the lease expired.
    let (first, second) = (app.app.reactor(), app.app.reactor());
    let (a, b) = tokio::join!(
        tokio::spawn(async move { first.drain().await }),
        tokio::spawn(async move { second.drain().await })
    );
    let (a, b) = (a.unwrap().unwrap(), b.unwrap().unwrap());
    assert!(a == 0 || b == 0, "both workers acted: {a} and {b}");
    app.advance(TimeDelta::seconds(31));
    app.app
        .stores
        .reactor
        .save_checkpoint("reactions", Position::START)
        .await
        .unwrap();
    let third = app.app.reactor();
    assert!(
        third.drain().await.unwrap() > 0,
        "the third worker replayed the log"
    );
    // The respondent answers: the administrators' notice is the last mail sent.
    let answer = booking_support::send(
        app,
        &w.expert,
        Method::POST,
        &format!("/api/consultant/complaints/{id}/information"),
        &json!({
            "request_id": request_id(&w, id).await,
            "text": "La séance s'est terminée à 10 h 40, à la demande du client.",
        }),
    )
    .await;
    answer.expect(200);
    app.catch_up().await;
    third.drain().await.unwrap();
    app.maildev()
        .wait_for(|m| m["subject"] == "Réponse reçue sur une réclamation")
        .await;

    let asked = mails(
        app,
        &w.expert.member.email,
        "Des précisions vous sont demandées sur une réclamation",
    )
    .await;
    assert_eq!(asked.len(), 1, "the respondent is asked once");
    assert!(text(&asked[0]).contains(question));
    assert!(text(&asked[0]).contains(&format!("/consultant/complaint/{id}")));
    for mail in app.mails_to(&w.client.member.email).await {
        assert!(
            !text(&mail).contains("terminée"),
            "the complainant read the question or the answer: {}",
            text(&mail)
        );
    }
    let answered = mails(app, &w.admin.email, "Réponse reçue sur une réclamation").await;
    assert_eq!(answered.len(), 1);
    assert!(
        !text(&answered[0]).contains("10 h 40"),
        "no answer text in the notice"
    );
    for (address, subject) in [
        (&w.client.member.email, "Your complaint has been received"),
        (&w.admin.email, "Nouvelle réclamation à examiner"),
        (&w.expert.member.email, "Une réclamation vous concerne"),
    ] {
        assert_eq!(
            mails(app, address, subject).await.len(),
            1,
            "{subject} sent more than once"
        );
    }
}

/// The open request addressed to the respondent (`can.answer_request_id`).
async fn request_id(w: &World, complaint: &str) -> String {
    w.app.catch_up().await;
    let path = format!("/api/consultant/complaints/{complaint}");
    let answer = w
        .app
        .bare(Method::GET, &path)
        .bearer(&w.expert.token)
        .send()
        .await;
    answer.expect(200);
    answer.json()["can"]["answer_request_id"]
        .as_str()
        .expect("an open request for the respondent")
        .to_owned()
}

async fn the_demo_has_a_complaint_in_every_state(backend: Backend) {
    let app = TestApp::start(backend).await;
    equilibre::demo::seed_if_empty(&app.app)
        .await
        .expect("the demo data is valid");
    app.catch_up().await;
    app.sign_in(
        Role::Admin,
        equilibre::demo::ADMIN.0,
        equilibre::demo::ADMIN.1,
    )
    .await
    .expect(200);

    let list = app.read("/api/admin-panel/complaints?page_size=50").await;
    list.expect(200);
    let items = list.json()["items"].as_array().cloned().unwrap_or_default();
    let state = |c: &Value| {
        (
            c["status"].as_str().unwrap_or_default().to_owned(),
            c["favour"].as_str().map(str::to_owned),
            c["awaiting_information"] == true,
        )
    };
    let states: Vec<_> = items.iter().map(state).collect();
    for wanted in [
        ("submitted", None, false),
        ("in_review", None, true),
        ("in_review", None, false),
        ("decided", Some("complainant"), false),
        ("decided", Some("respondent"), false),
        ("dismissed", None, false),
        ("withdrawn", None, false),
    ] {
        let wanted = (wanted.0.to_owned(), wanted.1.map(str::to_owned), wanted.2);
        assert!(states.contains(&wanted), "no {wanted:?} in {states:?}");
    }
    assert!(
        items
            .iter()
            .any(|c| c["booking"].is_null() && c["respondent"].is_null()),
        "a complaint about the platform"
    );
    assert!(
        items.iter().any(|c| c["author"]["role"] == "consultant"),
        "a complaint by an expert"
    );
    let mut attachments = 0;
    for complaint in &items {
        let id = complaint["id"].as_str().expect("an id");
        let detail = app.read(&format!("/api/admin-panel/complaints/{id}")).await;
        detail.expect(200);
        let detail = detail.json();
        attachments += detail["attachments"].as_array().map_or(0, Vec::len);
        if let Some(statement) = detail["statement"].as_object() {
            attachments += statement["attachments"].as_array().map_or(0, Vec::len);
        }
        if complaint["favour"] == "complainant" {
            assert_eq!(
                detail["decision"]["refund"]["amount_minor"], 2750,
                "half of 55 €"
            );
        }
    }
    assert!(attachments >= 3, "{attachments} attachments");
}
