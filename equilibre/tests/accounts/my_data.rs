//! "Download my data" (docs/rules.md "Download my data"): the archive of a
//! client and of a consultant read back with an independent ZIP reader,
//! holding exactly the person's own data (and nothing of another client,
//! of a consultant's notes or of the other party of a complaint), the
//! answers to the signed-out and to administrators, and the limits on
//! exports running at once.

use std::collections::BTreeMap;
use std::io::Read;
use std::time::Duration;

use chrono::TimeDelta;
use domain::account::Role;
use query_api::routes::client_file::CONSENT_FORM_FR;
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::booking_support::{Party, book, booking_id, expert, pay, send, signed_in, slots};
use crate::complaint_reads::named;
use crate::exports::confirmed_bookings;
use crate::support::{Backend, Member, PATIENCE, PDF, TestApp, registration_form, unique_email};

on_both_backends!(
    a_clients_archive_holds_its_own_data_and_nothing_of_anyone_else,
    a_consultants_archive_holds_its_bookings_but_no_client_health_data,
    the_archive_is_for_signed_in_clients_and_consultants_in_their_language,
    one_export_runs_per_account_and_two_per_process,
    a_long_history_is_exported_page_after_page_each_booking_once,
);

const REASON: &str = "Troubles du sommeil depuis trois mois";
const ALLERGIES: &str = "Pollen de bouleau";
const OTHER_REASON: &str = "Migraines chroniques le matin";
const NOTE: &str = "Note privée : anxiété marquée, à revoir";
const SUBJECT: &str = "La séance a commencé en retard";
const DESCRIPTION: &str = "La consultante s'est connectée vingt minutes après l'heure.";
const STATEMENT: &str = "Déclaration du praticien : la connexion du client a échoué.";

/// An archive read back: each entry's name and decompressed bytes.
struct Archive {
    headers: reqwest::header::HeaderMap,
    entries: BTreeMap<String, Vec<u8>>,
}

impl Archive {
    fn data(&self) -> Value {
        serde_json::from_slice(&self.entries["data.json"]).expect("data.json is JSON")
    }

    fn readme(&self) -> String {
        String::from_utf8(self.entries["README.txt"].clone()).expect("README.txt is UTF-8")
    }

    fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
    }

    /// Whether `text` is anywhere in the archive, once decompressed.
    fn holds(&self, text: &str) -> bool {
        self.entries
            .values()
            .any(|bytes| bytes.windows(text.len()).any(|w| w == text.as_bytes()))
    }
}

fn read_zip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).expect("a ZIP archive");
    let mut entries = BTreeMap::new();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).expect("an entry");
        let mut content = Vec::new();
        entry.read_to_end(&mut content).expect("the entry reads");
        let name = entry.name().expect("a UTF-8 name").to_string();
        entries.insert(name, content);
    }
    entries
}

/// `GET /api/{area}/my-data` with `token`, once the read models hold what
/// was written so far.
async fn request(app: &TestApp, area: &str, token: &str) -> reqwest::Response {
    app.catch_up().await;
    let mut request = reqwest::Client::new()
        .get(app.url(&format!("/api/{area}/my-data")))
        .bearer_auth(token);
    if let Some(position) = app.seen_position() {
        request = request.header("x-min-position", position.to_string());
    }
    request.send().await.expect("the app answers")
}

async fn download(app: &TestApp, party: &Party) -> Archive {
    let response = request(app, party.member.role.area(), &party.token).await;
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    let bytes = response.bytes().await.expect("the whole archive");
    Archive {
        headers,
        entries: read_zip(&bytes),
    }
}

async fn upload(app: &TestApp, party: &Party, kind: &str, bytes: &[u8]) -> String {
    let part = Part::bytes(bytes.to_vec())
        .file_name("document.pdf")
        .mime_str("application/pdf")
        .expect("a MIME type");
    let answer = app
        .bare(
            Method::POST,
            &format!("/api/{}/files?kind={kind}", party.member.role.area()),
        )
        .same_origin()
        .bearer(&party.token)
        .multipart(Form::new().part("file", part))
        .send()
        .await;
    answer.expect(201);
    answer.json()["key"].as_str().expect("a key").to_owned()
}

/// A signed-in client with its consent form (a real upload), its health
/// answers (shared with the experts it books) and a booking with `expert`
/// paid 60 €; returns the client, its consent form's key and the booking.
async fn client_with_a_booking(
    app: &TestApp,
    expert: &Party,
    (given, family): (&str, &str),
    reason: &str,
    slot: usize,
) -> (Party, String, String) {
    let member = named(app, Role::Client, given, family).await;
    let client = signed_in(app, member).await;
    let consent = upload(app, &client, "consent_form", CONSENT_FORM_FR).await;
    send(
        app,
        &client,
        Method::PUT,
        "/api/client/consent-form",
        &json!({"file_key": consent}),
    )
    .await
    .expect(204);
    send(
        app,
        &client,
        Method::PUT,
        "/api/client/health-assessment",
        &json!({
            "reason": reason, "current_treatments": "", "allergies": ALLERGIES,
            "medical_history": "", "pregnancy": "not_applicable", "sleep": "poor",
            "stress": "high", "diet": "vegetarian", "lifestyle_notes": "",
            "share_with_experts": true,
        }),
    )
    .await
    .expect(204);
    let start = slots(app, TimeDelta::days(2))[slot];
    let held = book(app, &client, expert, start, json!({})).await;
    held.expect(201);
    let booking = booking_id(&held);
    pay(app, &client, &booking, "4242424242424242")
        .await
        .expect(200);
    (client, consent, booking)
}

/// Two clients of one expert, each with a paid booking and health answers;
/// the expert's note about the first, and the first's complaint (with an
/// attachment) that the expert answered with a statement.
struct World {
    app: TestApp,
    expert: Party,
    client: Party,
    consent: String,
    attachment: String,
    other: Party,
}

async fn world(backend: Backend) -> World {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let admin = signed_in(&app, admin).await;
    let added = send(
        &app,
        &admin,
        Method::POST,
        "/api/admin-panel/reference/complaint-types",
        &json!({"name_fr": "Retard", "name_en": "Late start"}),
    )
    .await;
    added.expect(201);
    let type_id = added.json()["id"].as_str().expect("an id").to_owned();
    let expert = expert(&app).await;
    let (client, consent, booking) =
        client_with_a_booking(&app, &expert, ("Lucie", "Bernard"), REASON, 0).await;
    let (other, _, _) =
        client_with_a_booking(&app, &expert, ("Hugo", "Petit"), OTHER_REASON, 3).await;

    send(
        &app,
        &expert,
        Method::POST,
        "/api/consultant/notes",
        &json!({"client_id": client.id(), "booking_id": booking, "text": NOTE}),
    )
    .await
    .expect(201);
    let attachment = upload(&app, &client, "complaint_attachment", PDF).await;
    let filed = send(
        &app,
        &client,
        Method::POST,
        "/api/client/complaints",
        &json!({
            "booking_id": booking, "complaint_type_id": type_id, "subject": SUBJECT,
            "description": DESCRIPTION, "desired_outcome": "refund",
            "attachments": [attachment],
        }),
    )
    .await;
    filed.expect(201);
    let complaint = filed.json()["complaint_id"]
        .as_str()
        .expect("a complaint id")
        .to_owned();
    send(
        &app,
        &expert,
        Method::POST,
        &format!("/api/consultant/complaints/{complaint}/statement"),
        &json!({"text": STATEMENT}),
    )
    .await
    .expect(200);
    World {
        app,
        expert,
        client,
        consent,
        attachment,
        other,
    }
}

/// An RFC 3339 time of the document.
fn instant(value: &Value) -> chrono::DateTime<chrono::FixedOffset> {
    chrono::DateTime::parse_from_rfc3339(value.as_str().expect("a time")).expect("RFC 3339")
}

/// The app's date in `zone`.
fn local_day(app: &TestApp, zone: &str) -> chrono::NaiveDate {
    let zone = domain::values::TimeZone::parse(zone).expect("a zone");
    app.now().with_timezone(&zone.tz()).date_naive()
}

/// `files/…` of a stored key: its part after `subjects/{id}/`.
fn archived(key: &str) -> String {
    let name = key.splitn(3, '/').nth(2).expect("a subject's key");
    format!("files/{name}")
}

async fn a_clients_archive_holds_its_own_data_and_nothing_of_anyone_else(backend: Backend) {
    let world = world(backend).await;
    let app = &world.app;

    let archive = download(app, &world.client).await;

    let today = local_day(app, "Europe/Paris");
    assert_eq!(archive.header("content-type"), "application/zip");
    assert_eq!(
        archive.header("content-disposition"),
        format!("attachment; filename=\"equilibre-mes-donnees-{today}.zip\"")
    );
    assert_eq!(archive.header("cache-control"), "no-store");
    let consent_path = archived(&world.consent);
    let attachment_path = archived(&world.attachment);
    assert_eq!(
        archive.entries.keys().cloned().collect::<Vec<_>>(),
        {
            let mut names = vec![
                "README.txt".to_owned(),
                "data.json".to_owned(),
                consent_path.clone(),
                attachment_path.clone(),
            ];
            names.sort();
            names
        },
        "the README, the document and the client's two uploads"
    );
    assert_eq!(archive.entries[&consent_path], CONSENT_FORM_FR);
    assert_eq!(archive.entries[&attachment_path], PDF);

    let data = archive.data();
    assert_eq!(data["format"], "equilibre-my-data/1");
    let account = &data["account"];
    assert_eq!(account["id"], world.client.id().to_string());
    assert_eq!(account["role"], "client");
    assert_eq!(account["email"], world.client.member.email.as_str());
    assert_eq!(account["language"], "fr");
    assert_eq!(account["timezone"], "Europe/Paris");
    assert_eq!(
        account["profile"]["email"],
        world.client.member.email.as_str()
    );
    assert_eq!(account["profile"]["date_of_birth"], "1990-04-12");
    assert_eq!(account["profile"]["phone"], "+33612345678");

    let file = &data["client_file"];
    assert_eq!(file["consent_form"]["uploaded"], true);
    assert_eq!(file["consent_form"]["file_key"], world.consent.as_str());
    assert_eq!(file["consent_form"]["file"], consent_path.as_str());
    assert_eq!(file["health_assessment"]["answers"]["reason"], REASON);
    assert_eq!(file["health_assessment"]["answers"]["allergies"], ALLERGIES);
    assert_eq!(file["health_assessment"]["share_with_experts"], true);

    let consents = &data["consents"];
    assert_eq!(
        consents["legal_terms"],
        json!([{
            "terms_version": domain::account::TERMS_VERSION,
            "privacy_version": domain::account::PRIVACY_VERSION,
            "accepted_at": consents["legal_terms"][0]["accepted_at"],
            "when": "sign_up",
        }])
    );
    assert_eq!(
        instant(&consents["legal_terms"][0]["accepted_at"]),
        instant(&account["registered_at"]),
        "accepted when registering"
    );
    assert_eq!(
        consents["health_answers_shared_with_experts"]["share_with_experts"],
        true
    );
    assert_eq!(consents["newsletter"], Value::Null);

    let bookings = data["bookings"].as_array().expect("bookings");
    assert_eq!(bookings.len(), 1, "its own booking only: {bookings:?}");
    let booking = &bookings[0];
    assert_eq!(booking["status"], "confirmed");
    assert_eq!(
        booking["total"],
        json!({"amount_minor": 6000, "currency": "EUR"})
    );
    assert_eq!(booking["price"]["amount_minor"], 6000);
    assert_eq!(booking["consultant"]["id"], world.expert.id().to_string());
    // The name the consultant registered with (booking rows read `rm_accounts`).
    assert_eq!(booking["consultant"]["name"], "Camille Martin");
    assert_eq!(booking["card"]["last4"], "4242");
    assert!(booking.get("client").is_none());

    let filed = data["complaints_filed"].as_array().expect("complaints");
    assert_eq!(filed.len(), 1);
    assert_eq!(filed[0]["your_part"], "author");
    assert_eq!(filed[0]["other_party_role"], "consultant");
    assert_eq!(filed[0]["type"], "Retard");
    assert_eq!(filed[0]["subject"], SUBJECT);
    assert_eq!(filed[0]["description"], DESCRIPTION);
    assert_eq!(filed[0]["attachments"], json!([attachment_path]));
    assert!(filed[0].get("statement").is_none());
    assert_eq!(data["complaints_about_you"], json!([]));

    let sign_ins = data["sign_ins"].as_array().expect("sign-ins");
    assert!(!sign_ins.is_empty(), "its sign-in is listed");
    assert!(sign_ins.iter().all(|s| s["at"].is_string()));
    let mut files = vec![
        json!({"path": consent_path, "key": world.consent}),
        json!({"path": attachment_path, "key": world.attachment}),
    ];
    files.sort_by_key(|f| f["key"].as_str().unwrap_or_default().to_owned());
    assert_eq!(data["files"], Value::Array(files));

    let readme = archive.readme();
    assert!(readme.starts_with("Equilibre : vos données"), "{readme}");
    for words in ["data.json", "client_file", "Rectification", "Effacement"] {
        assert!(readme.contains(words), "{words} in {readme}");
    }

    for (what, text) in [
        (
            "the other client's e-mail",
            world.other.member.email.as_str(),
        ),
        ("the other client's name", "Hugo Petit"),
        ("the other client's health answers", OTHER_REASON),
        ("the consultant's note", NOTE),
        ("the consultant's statement", STATEMENT),
        (
            "the consultant's e-mail",
            world.expert.member.email.as_str(),
        ),
    ] {
        assert!(!archive.holds(text), "{what} is in the client's archive");
    }
}

async fn a_consultants_archive_holds_its_bookings_but_no_client_health_data(backend: Backend) {
    let world = world(backend).await;
    let app = &world.app;

    let archive = download(app, &world.expert).await;

    let data = archive.data();
    assert_eq!(data["account"]["email"], world.expert.member.email.as_str());
    assert_eq!(data["account"]["role"], "consultant");
    assert_eq!(data["consultant_profile"]["status"], "approved");
    assert!(data.get("client_file").is_none());
    assert!(
        data["consents"]
            .get("health_answers_shared_with_experts")
            .is_none()
    );

    let bookings = data["bookings"].as_array().expect("bookings");
    assert_eq!(bookings.len(), 2, "both clients' bookings: {bookings:?}");
    for booking in bookings {
        assert_eq!(booking["status"], "confirmed");
        assert_eq!(booking["total"]["amount_minor"], 6000);
        // The client by name only, as in the consultant's records.
        assert!(booking["client"].as_object().is_some_and(|c| c.len() == 1));
        for field in ["consultant", "card", "coupon_code"] {
            assert!(booking.get(field).is_none(), "{field} in {booking}");
        }
    }

    let mut clients: Vec<&str> = bookings
        .iter()
        .map(|b| b["client"]["name"].as_str().expect("a name"))
        .collect();
    clients.sort_unstable();
    assert_eq!(clients, ["Hugo Petit", "Lucie Bernard"]);

    let about = data["complaints_about_you"].as_array().expect("complaints");
    assert_eq!(about.len(), 1);
    assert_eq!(about[0]["your_part"], "respondent");
    assert_eq!(about[0]["other_party_role"], "client");
    assert_eq!(about[0]["statement"]["text"], STATEMENT);
    for field in ["subject", "description", "attachments"] {
        assert!(about[0].get(field).is_none(), "{field} in {}", about[0]);
    }
    assert_eq!(data["complaints_filed"], json!([]));

    // The expert's photo is its only stored file (the helper stores no other).
    let files = data["files"].as_array().expect("files");
    assert_eq!(files.len(), 1);
    let photo = files[0]["path"].as_str().expect("a path");
    let stored = app
        .app
        .files
        .get(files[0]["key"].as_str().expect("a key"))
        .await
        .expect("the store answers")
        .expect("the photo is stored");
    assert!(stored.starts_with(b"\x89PNG"));
    assert_eq!(archive.entries[photo], stored);
    assert!(archive.readme().contains("consultant_profile"));

    for (what, text) in [
        ("a client's health answers", REASON),
        ("a client's allergies", ALLERGIES),
        ("another client's health answers", OTHER_REASON),
        ("a client's e-mail", world.client.member.email.as_str()),
        ("another client's e-mail", world.other.member.email.as_str()),
        ("a client's complaint", DESCRIPTION),
        ("the notes about a client", NOTE),
    ] {
        assert!(
            !archive.holds(text),
            "{what} is in the consultant's archive"
        );
    }
}

async fn the_archive_is_for_signed_in_clients_and_consultants_in_their_language(backend: Backend) {
    let app = TestApp::start(backend).await;

    let signed_out = app.bare(Method::GET, "/api/client/my-data").send().await;
    signed_out.expect(401);
    assert_eq!(signed_out.code(), "not_signed_in");
    let admin = app.create_admin(&unique_email("admin")).await;
    let admin = signed_in(&app, admin).await;
    let doc = app.get("/api/openapi.json").send().await.json();
    for area in ["client", "consultant"] {
        let operation = &doc["paths"][format!("/api/{area}/my-data")]["get"];
        assert!(
            operation["responses"]["200"]["content"]["application/zip"].is_object(),
            "{area}: {operation}"
        );
        assert!(operation["security"].to_string().contains("session"));
    }
    assert!(doc["paths"]["/api/admin-panel/my-data"].is_null());
    // Administrators have no archive: the path does not exist in their area.
    for token in [Some(admin.token.as_str()), None] {
        let mut call = app.bare(Method::GET, "/api/admin-panel/my-data");
        if let Some(token) = token {
            call = call.bearer(token);
        }
        let answer = call.send().await;
        answer.expect(404);
        assert_eq!(answer.code(), "not_found");
    }

    // An English-speaking client in Montréal with nothing but its account.
    let email = unique_email("ada");
    let proof = app.email_proof(&email, Role::Client).await;
    let mut form = registration_form(Role::Client, &email, &proof);
    form["correspondence_language"] = json!("en");
    form["timezone"] = json!("America/Montreal");
    let signed_up = app.sign_up(Role::Client, &form).await;
    signed_up.expect(201);
    let member = Member {
        role: Role::Client,
        account_id: signed_up.json()["account_id"]
            .as_str()
            .and_then(|id| id.parse().ok())
            .expect("an account id"),
        email,
        password: form["password"].as_str().unwrap_or_default().to_owned(),
    };
    let client = signed_in(&app, member).await;

    let archive = download(&app, &client).await;

    let today = local_day(&app, "America/Montreal");
    assert_eq!(
        archive.header("content-disposition"),
        format!("attachment; filename=\"equilibre-my-data-{today}.zip\"")
    );
    let readme = archive.readme();
    assert!(readme.starts_with("Equilibre: your data"), "{readme}");
    assert!(readme.contains("Erasure"));
    let data = archive.data();
    assert_eq!(data["bookings"], json!([]));
    assert_eq!(data["complaints_filed"], json!([]));
    assert_eq!(
        data["client_file"]["health_assessment"]["answers"],
        Value::Null
    );
    assert_eq!(data["client_file"]["consent_form"]["file"], Value::Null);
    assert_eq!(data["files"], json!([]));
    assert_eq!(data["account"]["timezone"], "America/Montreal");
    assert_eq!(data["account"]["language"], "en");
    assert_eq!(
        archive.entries.keys().cloned().collect::<Vec<_>>(),
        ["README.txt", "data.json"]
    );
}

/// A client whose archive is larger than every buffer between the server
/// and a reader that does not read (a 24 MiB upload, stored as is).
async fn client_with_a_large_file(app: &TestApp) -> Party {
    let member = app.register(Role::Client, &unique_email("large")).await;
    let key = format!("subjects/{}/large.pdf", member.account_id);
    let large: Vec<u8> = (0..24 * 1024 * 1024_u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    app.app
        .files
        .put(&key, large)
        .await
        .expect("the file is stored");
    signed_in(app, member).await
}

async fn one_export_runs_per_account_and_two_per_process(backend: Backend) {
    let app = TestApp::start(backend).await;
    let first = client_with_a_large_file(&app).await;
    let second = client_with_a_large_file(&app).await;
    let third = signed_in(
        &app,
        app.register(Role::Client, &unique_email("third")).await,
    )
    .await;

    // Answered, but not read: the archive waits for its reader.
    let held = request(&app, "client", &first.token).await;
    assert_eq!(held.status(), 200);
    let again = app
        .bare(Method::GET, "/api/client/my-data")
        .bearer(&first.token)
        .send()
        .await;
    again.expect(429);
    assert_eq!(again.code(), "too_many_requests");
    assert!(again.header("retry-after").is_some());

    let also_held = request(&app, "client", &second.token).await;
    assert_eq!(also_held.status(), 200);
    let busy = app
        .bare(Method::GET, "/api/client/my-data")
        .bearer(&third.token)
        .send()
        .await;
    busy.expect(503);
    assert_eq!(busy.code(), "server_busy");
    assert_eq!(busy.header("retry-after"), Some("1"));

    // A reader that goes away gives its place back.
    drop(held);
    let deadline = tokio::time::Instant::now() + PATIENCE;
    let response = loop {
        let response = request(&app, "client", &first.token).await;
        if response.status() == 200 {
            break response;
        }
        assert_eq!(response.status(), 429);
        assert!(
            tokio::time::Instant::now() < deadline,
            "the place stayed taken"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    // Read to its end, the large archive is whole and the file intact.
    let entries = read_zip(&response.bytes().await.expect("the whole archive"));
    let large = &entries["files/large.pdf"];
    assert_eq!(large.len(), 24 * 1024 * 1024);
    assert!(
        large
            .iter()
            .enumerate()
            .all(|(i, b)| *b == ((i as u32).wrapping_mul(2_654_435_761) >> 13) as u8)
    );
    drop(also_held);
}

async fn a_long_history_is_exported_page_after_page_each_booking_once(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = app
        .register(Role::Consultant, &unique_email("expert"))
        .await;
    let member = app.register(Role::Client, &unique_email("client")).await;
    // 450 bookings: two full pages of 200 and a last one; every start distinct.
    let starts: Vec<_> = (1..=450_i64)
        .map(|i| app.now() - TimeDelta::hours(i))
        .collect();
    let ids = confirmed_bookings(&app, &expert, &member, &starts).await;
    let client = signed_in(&app, member).await;

    let data = download(&app, &client).await.data();

    let bookings = data["bookings"].as_array().expect("bookings");
    let exported: Vec<&str> = bookings
        .iter()
        .map(|b| b["id"].as_str().expect("an id"))
        .collect();
    let mut expected: Vec<(chrono::DateTime<chrono::Utc>, String)> = starts
        .iter()
        .zip(&ids)
        .map(|(start, id)| (*start, id.to_string()))
        .collect();
    expected.sort();
    assert_eq!(
        exported,
        expected
            .iter()
            .map(|(_, id)| id.as_str())
            .collect::<Vec<_>>(),
        "each booking once, oldest first"
    );
    assert!(
        bookings
            .iter()
            .all(|b| b["total"]["amount_minor"] == 6050 && b["status"] == "confirmed")
    );
}
