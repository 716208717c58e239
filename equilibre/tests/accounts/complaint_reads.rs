//! The complaint read side (docs/complaints.md): each party's lists and the
//! detail with what it may read, 404 for anyone else (complaint, files,
//! history), the administrators' filters and accent-blind search, the CSV
//! export, and `rm_complaints` / `rm_complaint_items` / `rm_audit` rebuilt
//! from zero equal to the live tables.
//!
//! Complaints are appended as the complaint commands record them (the
//! stored JSON of `domain::complaint::ComplaintEvent`, texts in the
//! forgettable store, files in the file store): these tests are about what
//! the read side does with them.

use chrono::TimeDelta;
use domain::account::Role;
use projector::{Projector, ReadDb};
use reqwest::Method;
use serde_json::{Value, json};
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, SideWrite, StreamAppend, StreamId,
};
use uuid::Uuid;

use crate::booking_support::{Party, signed_in};
use crate::exports::{confirmed_bookings, parse_csv};
use crate::support::{Backend, Member, PDF, PNG, TestApp, unique_email};

on_both_backends!(
    each_party_reads_its_complaint_and_a_stranger_gets_404_for_it_its_files_and_items,
    administrators_filter_search_ignoring_accents_and_page_the_complaints,
    the_complaint_export_parses_back_with_formulas_neutralised,
    the_complaint_tables_and_the_audit_rebuilt_from_zero_equal_the_live_ones,
    what_the_commands_record_reads_back_for_each_party_and_in_the_history,
    eleven_hundred_complaints_are_exported_page_after_page_each_once_in_the_lists_order,
);

/// Registers an account of `role` with these names.
pub async fn named(app: &TestApp, role: Role, given: &str, family: &str) -> Member {
    let email = unique_email(
        &given
            .to_lowercase()
            .replace(|c: char| !c.is_ascii_alphanumeric(), ""),
    );
    let proof = app.email_proof(&email, role).await;
    let mut form = crate::support::registration_form(role, &email, &proof);
    form["given_name"] = json!(given);
    form["family_name"] = json!(family);
    let answer = app.sign_up(role, &form).await;
    answer.expect(201);
    Member {
        role,
        account_id: answer.json()["account_id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .expect("an account id"),
        email,
        password: form["password"].as_str().unwrap_or_default().to_owned(),
    }
}

/// A complaint type, added by `admin` (signed in in the app's browser).
pub async fn complaint_type(app: &TestApp, name_fr: &str, name_en: &str) -> String {
    let answer = app
        .post("/api/admin-panel/reference/complaint-types")
        .json(&json!({"name_fr": name_fr, "name_en": name_en}))
        .send()
        .await;
    answer.expect(201);
    answer.json()["id"].as_str().expect("an id").to_owned()
}

/// Appends one complaint event as its command records it.
pub async fn record(
    app: &TestApp,
    complaint: Uuid,
    event_type: &str,
    payload: Value,
    actor: (Uuid, &str),
    side_writes: Vec<SideWrite>,
) {
    let appended = app
        .app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: StreamId::new("complaint", complaint),
                expected: ExpectedVersion::Any,
                events: vec![NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type: event_type.into(),
                    schema_version: 1,
                    payload: payload.to_string(),
                    metadata: EventMetadata {
                        actor_id: Some(actor.0),
                        actor_role: Some(actor.1.into()),
                        correlation_id: Uuid::now_v7(),
                        causation_id: None,
                        recorded_at: app.now(),
                    },
                }],
            }],
            side_writes,
        })
        .await
        .expect("the complaint event is appended");
    app.remember(appended.position);
}

/// A text of `subject` in the forgettable store: its reference and write.
pub fn text(subject: Uuid, value: Value) -> (Value, SideWrite) {
    let key = format!("complaint-{}", Uuid::now_v7());
    (
        json!({"subject": subject, "key": key}),
        SideWrite::PutPayload {
            subject,
            key,
            value: value.to_string(),
        },
    )
}

/// A file of `owner` in the file store, as an upload leaves it.
pub async fn stored_file(app: &TestApp, owner: Uuid, bytes: &[u8], ext: &str) -> Value {
    let key = format!("subjects/{owner}/{}.{ext}", Uuid::now_v7());
    app.app
        .files
        .put(&key, bytes.to_vec())
        .await
        .expect("the file is stored");
    let content_type = if ext == "pdf" {
        "application/pdf"
    } else {
        "image/png"
    };
    json!({"key": key, "content_type": content_type, "size": bytes.len()})
}

/// What a filing says.
pub struct Filing<'a> {
    pub author: &'a Member,
    pub respondent: Option<&'a Member>,
    pub booking: Option<Uuid>,
    pub type_id: &'a str,
    pub subject: &'a str,
    pub attachments: Vec<Value>,
}

/// Files a complaint; returns its id.
pub async fn file(app: &TestApp, filing: Filing<'_>) -> Uuid {
    let complaint = Uuid::now_v7();
    let (text, write) = text(
        filing.author.account_id,
        json!({"subject": filing.subject, "description": format!("Ce qui s'est passé : {}", filing.subject)}),
    );
    let payload = json!({
        "complaint_id": complaint,
        "author_id": filing.author.account_id,
        "author_role": filing.author.role.as_str(),
        "respondent_id": filing.respondent.map(|r| r.account_id),
        "respondent_role": filing.respondent.map(|r| r.role.as_str()),
        "booking_id": filing.booking,
        "booking_start": filing.booking.map(|_| app.now() - TimeDelta::days(1)),
        "complaint_type_id": filing.type_id,
        "desired_outcome": "refund",
        "text": text,
        "attachments": filing.attachments,
        "at": app.now(),
    });
    record(
        app,
        complaint,
        "ComplaintFiled",
        payload,
        (filing.author.account_id, filing.author.role.as_str()),
        vec![write],
    )
    .await;
    complaint
}

/// A confirmed booking between a client and an expert, a complaint type,
/// a stranger, and an administrator signed in in the browser.
struct World {
    app: TestApp,
    admin: Member,
    client: Party,
    expert: Party,
    stranger: Party,
    booking: Uuid,
    type_id: String,
}

impl World {
    /// The client's complaint against the consultant about their booking.
    async fn file_about_the_booking(&self, subject: &str, attachments: Vec<Value>) -> Uuid {
        let filing = Filing {
            author: &self.client.member,
            respondent: Some(&self.expert.member),
            booking: Some(self.booking),
            type_id: &self.type_id,
            subject,
            attachments,
        };
        file(&self.app, filing).await
    }

    /// The stranger's complaint about the platform itself.
    async fn file_about_the_platform(&self, subject: &str) -> Uuid {
        let filing = Filing {
            author: &self.stranger.member,
            respondent: None,
            booking: None,
            type_id: &self.type_id,
            subject,
            attachments: vec![],
        };
        file(&self.app, filing).await
    }
}

async fn world(backend: Backend) -> World {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let client = named(&app, Role::Client, "Hélène", "Dupré").await;
    let expert = named(&app, Role::Consultant, "Noël", "Lefèvre").await;
    let stranger = named(&app, Role::Client, "Paul", "Martin").await;
    let booking =
        confirmed_bookings(&app, &expert, &client, &[app.now() - TimeDelta::days(1)]).await[0];
    app.sign_in_as(&admin).await;
    let type_id = complaint_type(&app, "Séance écourtée", "Session cut short").await;
    World {
        client: signed_in(&app, client).await,
        expert: signed_in(&app, expert).await,
        stranger: signed_in(&app, stranger).await,
        app,
        admin,
        booking,
        type_id,
    }
}

async fn get(app: &TestApp, party: &Party, path: &str) -> crate::support::Answer {
    app.bare(Method::GET, path)
        .bearer(&party.token)
        .send()
        .await
}

async fn each_party_reads_its_complaint_and_a_stranger_gets_404_for_it_its_files_and_items(
    backend: Backend,
) {
    let w = world(backend).await;
    let app = &w.app;
    let pdf = stored_file(app, w.client.id(), PDF, "pdf").await;
    let complaint = w
        .file_about_the_booking("Séance écourtée de moitié", vec![pdf.clone()])
        .await;
    let admin = (w.admin.account_id, "admin");
    record(
        app,
        complaint,
        "ComplaintReviewStarted",
        json!({"at": app.now()}),
        admin,
        vec![],
    )
    .await;
    let (question, write) = text(w.client.id(), json!({"text": "Combien de minutes ?"}));
    let to_client = Uuid::now_v7();
    record(
        app,
        complaint,
        "InformationRequested",
        json!({"request_id": to_client, "party": "complainant", "party_id": w.client.id(),
            "text": question, "at": app.now()}),
        admin,
        vec![write],
    )
    .await;
    let (question, write) = text(w.expert.id(), json!({"text": "Votre version ?"}));
    let to_expert = Uuid::now_v7();
    record(
        app,
        complaint,
        "InformationRequested",
        json!({"request_id": to_expert, "party": "respondent", "party_id": w.expert.id(),
            "text": question, "at": app.now()}),
        admin,
        vec![write],
    )
    .await;
    let png = stored_file(app, w.expert.id(), PNG, "png").await;
    let (answer, write) = text(w.expert.id(), json!({"text": "La connexion a coupé."}));
    record(
        app,
        complaint,
        "InformationProvided",
        json!({"request_id": to_expert, "text": answer, "attachments": [png.clone()], "at": app.now()}),
        (w.expert.id(), "consultant"),
        vec![write],
    )
    .await;
    app.catch_up().await;
    let pdf_key = pdf["key"].as_str().expect("a key");
    let png_key = png["key"].as_str().expect("a key");

    let by_me = get(app, &w.client, "/api/client/complaints?scope=by_me").await;
    let against_me = get(
        app,
        &w.expert,
        "/api/consultant/complaints?scope=against_me",
    )
    .await;
    let expert_by_me = get(app, &w.expert, "/api/consultant/complaints").await;
    let as_client = get(
        app,
        &w.client,
        &format!("/api/client/complaints/{complaint}"),
    )
    .await;
    let as_expert = get(
        app,
        &w.expert,
        &format!("/api/consultant/complaints/{complaint}"),
    )
    .await;
    let client_file = get(
        app,
        &w.client,
        &format!("/api/client/complaints/{complaint}/files/{pdf_key}"),
    )
    .await;
    let expert_reads_pdf = get(
        app,
        &w.expert,
        &format!("/api/consultant/complaints/{complaint}/files/{pdf_key}"),
    )
    .await;
    let client_reads_answer_file = get(
        app,
        &w.client,
        &format!("/api/client/complaints/{complaint}/files/{png_key}"),
    )
    .await;
    let stranger = get(
        app,
        &w.stranger,
        &format!("/api/client/complaints/{complaint}"),
    )
    .await;
    let stranger_file = get(
        app,
        &w.stranger,
        &format!("/api/client/complaints/{complaint}/files/{pdf_key}"),
    )
    .await;
    let stranger_list = get(app, &w.stranger, "/api/client/complaints").await;
    let stranger_history = get(
        app,
        &w.stranger,
        &format!("/api/admin-panel/history/complaint/{complaint}"),
    )
    .await;
    let admin_view = app
        .get(&format!("/api/admin-panel/complaints/{complaint}"))
        .lang("en")
        .send()
        .await;
    let bad_scope = get(app, &w.client, "/api/client/complaints?scope=everything").await;
    by_me.expect(200);

    let by_me = by_me.json();
    let row = &by_me["items"][0];
    assert_eq!(by_me["total"], 1);
    assert_eq!(row["id"], complaint.to_string());
    assert_eq!(row["status"], "in_review");
    assert_eq!(row["type"]["name"], "Séance écourtée");
    assert_eq!(row["subject"], "Séance écourtée de moitié");
    assert_eq!(
        row["author"],
        json!({"id": w.client.id(), "name": "Hélène Dupré", "role": "client"})
    );
    assert_eq!(row["respondent"]["name"], "Noël Lefèvre");
    assert_eq!(row["booking"]["id"], w.booking.to_string());
    assert_eq!(
        row["awaiting_information"], true,
        "a question awaits the client"
    );
    assert_eq!(against_me.json()["total"], 1);
    assert_eq!(
        against_me.json()["items"][0]["awaiting_information"],
        false,
        "the expert answered"
    );
    assert_eq!(expert_by_me.json()["total"], 0);

    as_client.expect(200);
    let detail = as_client.json();
    assert_eq!(
        detail["description"],
        "Ce qui s'est passé : Séance écourtée de moitié"
    );
    assert_eq!(detail["attachments"][0]["key"], pdf_key);
    assert_eq!(detail["attachments"][0]["content_type"], "application/pdf");
    let requests = detail["information_requests"].as_array().expect("requests");
    assert_eq!(
        requests.len(),
        1,
        "only the request to the client: {requests:?}"
    );
    assert_eq!(requests[0]["text"], "Combien de minutes ?");
    assert_eq!(
        detail["can"],
        json!({"withdraw": true, "statement": false, "answer_request_id": to_client})
    );
    assert_eq!(
        detail["booking_total"],
        Value::Null,
        "money is for administrators"
    );
    for private in [&w.expert.member.email, &w.client.member.email, "612345678"] {
        assert!(
            !as_client.text.contains(private) && !as_expert.text.contains(private),
            "{private} leaked"
        );
    }

    as_expert.expect(200);
    let detail = as_expert.json();
    let requests = detail["information_requests"].as_array().expect("requests");
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0]["answer"]["text"], "La connexion a coupé.");
    assert_eq!(requests[0]["answer"]["attachments"][0]["key"], png_key);
    assert_eq!(
        detail["can"],
        json!({"withdraw": false, "statement": true, "answer_request_id": null})
    );

    client_file.expect(200);
    assert_eq!(client_file.header("content-type"), Some("application/pdf"));
    expert_reads_pdf.expect(200);
    assert_eq!(
        client_reads_answer_file.status, 404,
        "an answer to another party's request"
    );
    assert_eq!(stranger.status, 404);
    assert_eq!(stranger.code(), "not_found");
    assert_eq!(stranger_file.status, 404);
    assert_eq!(stranger_list.json()["total"], 0);
    assert_eq!(
        stranger_history.status, 403,
        "the history is for administrators"
    );
    admin_view.expect(200);
    let detail = admin_view.json();
    assert_eq!(detail["type"]["name"], "Session cut short");
    assert_eq!(
        detail["information_requests"].as_array().map(Vec::len),
        Some(2)
    );
    assert_eq!(
        detail["booking_total"],
        json!({"amount_minor": 6050, "currency": "EUR"})
    );
    assert_eq!(bad_scope.status, 400);
    assert!(bad_scope.field("scope").is_some());
}

async fn administrators_filter_search_ignoring_accents_and_page_the_complaints(backend: Backend) {
    let w = world(backend).await;
    let app = &w.app;
    let other_type = complaint_type(app, "Comportement", "Behaviour").await;
    let first = w.file_about_the_booking("Retard important", vec![]).await;
    app.advance(TimeDelta::days(2));
    let second = file(
        app,
        Filing {
            author: &w.expert.member,
            respondent: Some(&w.client.member),
            booking: Some(w.booking),
            type_id: &other_type,
            subject: "Propos déplacés",
            attachments: vec![],
        },
    )
    .await;
    app.advance(TimeDelta::days(2));
    let platform = w.file_about_the_platform("Paiement débité deux fois").await;
    let closed = w.file_about_the_platform("Erreur d'affichage").await;
    record(
        app,
        closed,
        "ComplaintWithdrawn",
        json!({"at": app.now()}),
        (w.stranger.id(), "client"),
        vec![],
    )
    .await;
    app.catch_up().await;
    // Four days later: the administrator signs in again.
    app.sign_in_as(&w.admin).await;
    let ids = |answer: &crate::support::Answer| -> Vec<String> {
        answer.json()["items"]
            .as_array()
            .expect("items")
            .iter()
            .map(|i| i["id"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    let list = |query: &str| {
        let path = format!("/api/admin-panel/complaints{query}");
        async move { app.get(&path).send().await }
    };

    let all = list("").await;
    let by_status = list("?status=withdrawn").await;
    let by_type = list(&format!("?type_id={other_type}")).await;
    let by_role = list("?author_role=consultant").await;
    let by_party = list(&format!("?party_id={}", w.client.id())).await;
    let by_booking = list(&format!("?booking_id={}", w.booking)).await;
    let searched_name = list("?q=helene%20DUPRE").await;
    let searched_subject = list("?q=debite").await;
    let searched_respondent = list("?q=lefevre&status=submitted,in_review").await;
    // Dates filter by the administrators' reporting day (Paris), not UTC's.
    let day = app
        .now()
        .with_timezone(&domain::reporting::ZONE)
        .date_naive();
    let today = list(&format!("?from={day}&to={day}")).await;
    let paged = list("?page=2&page_size=3").await;
    let too_big = list("?page_size=101").await;
    let page_zero = list("?page=0").await;
    let bad_status = list("?status=open").await;
    let bad_dates = list(&format!("?from={day}&to=2000-01-01")).await;

    all.expect(200);
    assert_eq!(
        ids(&all),
        [first, second, platform, closed].map(|c| c.to_string()),
        "open ones oldest first, then closed ones"
    );
    assert_eq!(all.json()["total"], 4);
    assert_eq!(ids(&by_status), [closed.to_string()]);
    assert_eq!(ids(&by_type), [second.to_string()]);
    assert_eq!(ids(&by_role), [second.to_string()]);
    assert_eq!(ids(&by_party), [first, second].map(|c| c.to_string()));
    assert_eq!(ids(&by_booking), [first, second].map(|c| c.to_string()));
    assert_eq!(ids(&searched_name), [first, second].map(|c| c.to_string()));
    assert_eq!(ids(&searched_subject), [platform.to_string()]);
    assert_eq!(
        ids(&searched_respondent),
        [first, second].map(|c| c.to_string())
    );
    assert_eq!(ids(&today), [platform, closed].map(|c| c.to_string()));
    assert_eq!(ids(&paged), [closed.to_string()]);
    assert_eq!(paged.json()["total"], 4);
    assert_eq!(paged.json()["page"], 2);
    for (refused, field) in [
        (&too_big, "page_size"),
        (&page_zero, "page"),
        (&bad_status, "status"),
        (&bad_dates, "to"),
    ] {
        assert_eq!(refused.status, 400, "{field}");
        assert_eq!(refused.code(), "validation_failed");
        assert!(refused.field(field).is_some(), "{field}: {}", refused.text);
    }
}

async fn the_complaint_export_parses_back_with_formulas_neutralised(backend: Backend) {
    let w = world(backend).await;
    let app = &w.app;
    let tricky = "=HYPERLINK(\"http://x\";\"clic\")";
    let complaint = w.file_about_the_booking(tricky, vec![]).await;
    w.file_about_the_platform("Ligne; \"citée\"\net suite")
        .await;
    app.catch_up().await;

    let french = app
        .get("/api/admin-panel/complaints/export.csv")
        .send()
        .await;
    let english = app
        .get(&format!(
            "/api/admin-panel/complaints/export.csv?party_id={}",
            w.client.id()
        ))
        .lang("en")
        .send()
        .await;
    let refused = app
        .get("/api/admin-panel/complaints/export.csv?page_size=1000&author_role=x")
        .send()
        .await;

    french.expect(200);
    assert_eq!(
        french.header("content-type"),
        Some("text/csv; charset=utf-8")
    );
    let rows = parse_csv(&french.text);
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0][0], "Réclamation");
    assert_eq!(rows[1][0], complaint.to_string());
    assert_eq!(
        rows[1][4],
        format!("'{tricky}"),
        "the formula is neutralised"
    );
    assert_eq!(rows[1][5], "Hélène Dupré");
    assert_eq!(rows[1][7], "Noël Lefèvre");
    assert_eq!(rows[1][6], "Client", "the author's role, in words");
    assert_eq!(rows[2][4], "Ligne; \"citée\"\net suite");
    assert!(french.text.contains("\"Ligne; \"\"citée\"\"\net suite\""));
    let english = parse_csv(&english.text);
    assert_eq!(english[0][0], "Complaint");
    assert_eq!(english[1][3], "Session cut short");
    assert_eq!(english.len(), 2, "the list's filters apply");
    assert_eq!(refused.status, 400);
}

async fn the_complaint_tables_and_the_audit_rebuilt_from_zero_equal_the_live_ones(
    backend: Backend,
) {
    let w = world(backend).await;
    let app = &w.app;
    let pdf = stored_file(app, w.client.id(), PDF, "pdf").await;
    let decided = w.file_about_the_booking("Séance écourtée", vec![pdf]).await;
    let (statement, write) = text(w.expert.id(), json!({"text": "Je conteste."}));
    record(
        app,
        decided,
        "StatementSubmitted",
        json!({"text": statement, "attachments": [], "at": app.now()}),
        (w.expert.id(), "consultant"),
        vec![write],
    )
    .await;
    let (resolution, write) = text(w.client.id(), json!({"text": "Remboursement de moitié."}));
    record(app, decided, "ComplaintDecided", json!({"favour": "complainant", "resolution": resolution,
        "refund": {"minor": 3025, "currency": "EUR"}, "suspend_consultant": false, "at": app.now()}),
        (w.admin.account_id, "admin"), vec![write]).await;
    let dismissed = w.file_about_the_platform("Rien de grave").await;
    let (reason, write) = text(w.stranger.id(), json!({"text": "Hors sujet."}));
    record(
        app,
        dismissed,
        "ComplaintDismissed",
        json!({"reason": reason, "at": app.now()}),
        (w.admin.account_id, "admin"),
        vec![write],
    )
    .await;
    app.catch_up().await;
    // The author of the first one is forgotten: subject and names erased.
    app.post(&format!(
        "/api/admin-panel/accounts/{}/forget",
        w.client.id()
    ))
    .send()
    .await
    .expect(204);
    app.catch_up().await;
    let detail = app
        .get(&format!("/api/admin-panel/complaints/{decided}"))
        .send()
        .await;
    let history = app
        .get(&format!("/api/admin-panel/history/complaint/{decided}"))
        .send()
        .await;
    let found = app.get("/api/admin-panel/complaints?q=helene").send().await;

    let (url, _guard) = app.database.another_read_db().await;
    let fresh = ReadDb::connect(&url).await.expect("another read database");
    Projector::new(app.app.stores.events.clone(), fresh.clone())
        .rebuild()
        .await
        .expect("a rebuild");
    let (live, rebuilt) = (
        app.app.read.dump().await.expect("a dump"),
        fresh.dump().await.expect("a dump"),
    );

    detail.expect(200);
    let detail = detail.json();
    assert_eq!(detail["subject"], "[erased]");
    assert_eq!(detail["description"], "[erased]");
    assert_eq!(detail["author"]["name"], "[erased]");
    assert_eq!(
        detail["statement"]["text"], "Je conteste.",
        "the expert's own text stays"
    );
    assert_eq!(detail["decision"]["favour"], "complainant");
    assert_eq!(
        detail["decision"]["refund"],
        json!({"amount_minor": 3025, "currency": "EUR"})
    );
    assert_eq!(detail["status"], "decided");
    assert!(detail["closed_at"].is_string());
    assert_eq!(
        found.json()["total"],
        0,
        "a forgotten name is not found any more"
    );
    history.expect(200);
    let steps: Vec<String> = history.json()["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["event_type"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(
        steps,
        ["ComplaintFiled", "StatementSubmitted", "ComplaintDecided"]
    );
    assert!(history.text.contains("\"resolution\"") && !history.text.contains("moitié"));
    for table in ["rm_complaints", "rm_complaint_items", "rm_audit"] {
        let rows = |dump: &Vec<(String, Vec<String>)>| {
            dump.iter()
                .find(|(name, _)| name == table)
                .map(|(_, rows)| rows.clone())
                .unwrap_or_else(|| panic!("{table} is dumped"))
        };
        assert!(!rows(&live).is_empty(), "{table} has rows");
        assert_eq!(rows(&live), rows(&rebuilt), "{table} differs");
    }
}

/// Sends `body` as `party` (Bearer), as the SPA would.
async fn send(app: &TestApp, party: &Party, path: &str, body: Value) -> crate::support::Answer {
    app.bare(Method::POST, path)
        .same_origin()
        .bearer(&party.token)
        .json(&body)
        .send()
        .await
}

/// Uploads `bytes` as a complaint attachment of `party`; returns its key.
async fn upload(app: &TestApp, party: &Party, bytes: &[u8], name: &str) -> String {
    let area = party.member.role.area();
    let part = reqwest::multipart::Part::bytes(bytes.to_vec()).file_name(name.to_owned());
    let answer = app
        .bare(
            Method::POST,
            &format!("/api/{area}/files?kind=complaint_attachment"),
        )
        .same_origin()
        .bearer(&party.token)
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await;
    answer.expect(201);
    answer.json()["key"].as_str().expect("a key").to_owned()
}

async fn what_the_commands_record_reads_back_for_each_party_and_in_the_history(backend: Backend) {
    let w = world(backend).await;
    let app = &w.app;
    let key = upload(app, &w.client, PDF, "facture.pdf").await;
    let filed = send(
        app,
        &w.client,
        "/api/client/complaints",
        json!({"booking_id": w.booking, "complaint_type_id": w.type_id,
            "subject": "Séance écourtée", "description": "La séance a duré vingt minutes.",
            "desired_outcome": "refund", "attachments": [key]}),
    )
    .await;
    filed.expect(201);
    let complaint = filed.json()["complaint_id"]
        .as_str()
        .expect("an id")
        .to_owned();
    send(
        app,
        &w.expert,
        &format!("/api/consultant/complaints/{complaint}/statement"),
        json!({"text": "La connexion du client a coupé.", "attachments": []}),
    )
    .await
    .expect(200);
    app.post(&format!(
        "/api/admin-panel/complaints/{complaint}/request-information"
    ))
    .json(&json!({"party": "complainant", "text": "À quelle heure ?"}))
    .send()
    .await
    .expect(200);
    app.catch_up().await;
    let asked = get(
        app,
        &w.client,
        &format!("/api/client/complaints/{complaint}"),
    )
    .await;
    let request_id = asked.json()["can"]["answer_request_id"].clone();
    send(
        app,
        &w.client,
        &format!("/api/client/complaints/{complaint}/information"),
        json!({"request_id": request_id, "text": "Vers dix heures.", "attachments": []}),
    )
    .await
    .expect(200);
    app.post(&format!("/api/admin-panel/complaints/{complaint}/decide"))
        .json(&json!({"favour": "neither", "resolution": "Aucune faute établie."}))
        .send()
        .await
        .expect(200);
    app.catch_up().await;

    let as_client = get(
        app,
        &w.client,
        &format!("/api/client/complaints/{complaint}"),
    )
    .await;
    let as_expert = get(
        app,
        &w.expert,
        &format!("/api/consultant/complaints/{complaint}"),
    )
    .await;
    let file = get(
        app,
        &w.expert,
        &format!("/api/consultant/complaints/{complaint}/files/{key}"),
    )
    .await;
    let stranger_file = get(
        app,
        &w.stranger,
        &format!("/api/client/complaints/{complaint}/files/{key}"),
    )
    .await;
    let history = app
        .get(&format!("/api/admin-panel/history/complaint/{complaint}"))
        .send()
        .await;

    assert_eq!(asked.json()["awaiting_information"], true);
    assert!(request_id.is_string(), "{}", asked.text);
    as_client.expect(200);
    let detail = as_client.json();
    assert_eq!(detail["status"], "decided");
    assert_eq!(detail["subject"], "Séance écourtée");
    assert_eq!(detail["description"], "La séance a duré vingt minutes.");
    assert_eq!(detail["attachments"][0]["key"], key);
    assert_eq!(
        detail["statement"]["text"],
        "La connexion du client a coupé."
    );
    assert_eq!(
        detail["information_requests"][0]["text"],
        "À quelle heure ?"
    );
    assert_eq!(
        detail["information_requests"][0]["answer"]["text"],
        "Vers dix heures."
    );
    assert_eq!(detail["decision"]["resolution"], "Aucune faute établie.");
    assert_eq!(detail["decision"]["favour"], "neither");
    assert_eq!(
        detail["can"],
        json!({"withdraw": false, "statement": false, "answer_request_id": null})
    );
    assert_eq!(
        as_expert.json()["information_requests"],
        json!([]),
        "the question to the client is the client's"
    );
    file.expect(200);
    assert_eq!(stranger_file.status, 404);
    history.expect(200);
    let items = history.json()["items"].clone();
    let steps: Vec<&str> = items
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["event_type"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        steps,
        [
            "ComplaintFiled",
            "StatementSubmitted",
            // Asking starts the review.
            "ComplaintReviewStarted",
            "InformationRequested",
            "InformationProvided",
            "ComplaintDecided"
        ]
    );
    assert_eq!(items[0]["actor"]["name"], "Hélène Dupré");
    assert_eq!(items[0]["actor"]["role"], "client");
    assert_eq!(items[1]["actor"]["name"], "Noël Lefèvre");
    assert_eq!(items[2]["actor"]["role"], "admin");
    assert_eq!(items[5]["actor"]["name"], "Alice Admin");
    assert!(!history.text.contains("vingt minutes") && !history.text.contains("dix heures"));
}

async fn eleven_hundred_complaints_are_exported_page_after_page_each_once_in_the_lists_order(
    backend: Backend,
) {
    let w = world(backend).await;
    let app = &w.app;
    let now = app.now();
    let mut streams = Vec::new();
    let mut ids = Vec::new();
    for i in 0..1100_i64 {
        let complaint = Uuid::now_v7();
        ids.push(complaint.to_string());
        // Ten complaints per second: pages end inside runs of ties.
        let at = now + TimeDelta::seconds(i / 10);
        let filed = json!({
            "complaint_id": complaint, "author_id": w.stranger.id(), "author_role": "client",
            "respondent_id": null, "respondent_role": null, "booking_id": null,
            "booking_start": null, "complaint_type_id": w.type_id, "desired_outcome": null,
            "text": {"subject": w.stranger.id(), "key": format!("complaint-{complaint}")},
            "attachments": [], "at": at,
        });
        let mut events = vec![("ComplaintFiled", filed)];
        if i % 3 == 0 {
            events.push(("ComplaintWithdrawn", json!({"at": at})));
        }
        streams.push(StreamAppend {
            stream: StreamId::new("complaint", complaint),
            expected: ExpectedVersion::Exact(0),
            events: events
                .into_iter()
                .map(|(event_type, payload)| NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type: event_type.into(),
                    schema_version: 1,
                    payload: payload.to_string(),
                    metadata: EventMetadata {
                        actor_id: Some(w.stranger.id()),
                        actor_role: Some("client".into()),
                        correlation_id: Uuid::now_v7(),
                        causation_id: None,
                        recorded_at: at,
                    },
                })
                .collect(),
        });
    }
    for chunk in streams.chunks(275) {
        app.app
            .stores
            .events
            .append(AppendRequest {
                streams: chunk.to_vec(),
                side_writes: Vec::new(),
            })
            .await
            .expect("the complaints are appended");
    }
    app.catch_up().await;

    let answer = app
        .get(&format!(
            "/api/admin-panel/complaints/export.csv?party_id={}",
            w.stranger.id()
        ))
        .send()
        .await;

    answer.expect(200);
    let rows = parse_csv(&answer.text);
    assert_eq!(rows.len(), 1101);
    let exported: Vec<(String, String, String)> = rows[1..]
        .iter()
        .map(|r| (r[2].clone(), r[1].clone(), r[0].clone()))
        .collect();
    let mut expected = exported.clone();
    expected.sort_by(|a, b| {
        let closed = |s: &str| s == "Retirée";
        closed(&a.0)
            .cmp(&closed(&b.0))
            .then(if closed(&a.0) {
                b.1.cmp(&a.1)
            } else {
                a.1.cmp(&b.1)
            })
            .then(a.2.cmp(&b.2))
    });
    assert_eq!(
        exported, expected,
        "open oldest first, then closed newest first"
    );
    assert_eq!(exported.iter().filter(|r| r.0 == "Retirée").count(), 367);
    let mut seen: Vec<String> = exported.into_iter().map(|r| r.2).collect();
    seen.sort();
    ids.sort();
    assert_eq!(seen, ids, "every complaint once");
}
