//! Receipts (docs/rules.md "Receipts"): a paid booking gets an invoice, its
//! refund a credit note naming it, numbered per year without gaps even when
//! issuers race; the PDF (read back with a real PDF parser) goes to the
//! client, the consultant and administrators only, in the asker's language,
//! with the mentions a French invoice needs; both parties get it by mail;
//! a reaction run twice issues once; nothing moved, no receipt.

use chrono::TimeDelta;
use domain::account::{PayloadRef, Role};
use domain::codec;
use domain::consultant::ConsultantEvent;
use domain::reference::{ReferenceEvent, ReferenceKind};
use domain::values::FileRef;
use reqwest::Method;
use serde_json::{Value, json};
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, SideWrite, StreamAppend, StreamId,
};
use uuid::Uuid;

use crate::booking_support::{
    Party, book, booking_id, pay, send, signed_in, slots, upload_consent, weekdays_rules,
};
use crate::support::{Backend, ExpertProfile, Member, TestApp, unique_email};

on_both_backends!(
    a_paid_booking_gets_an_invoice_and_its_refund_a_credit_note_naming_it,
    numbers_have_no_gaps_across_bookings_and_racing_issuers,
    the_pdf_goes_to_the_parties_and_administrators_in_their_language,
    both_parties_get_the_receipt_by_mail_once_with_its_pdf,
    a_free_booking_gets_no_receipt,
    a_charge_given_back_after_the_hold_lapsed_is_invoiced_then_credited,
);

/// The VAT number of the expert who charges VAT.
const VAT_NUMBER: &str = "FR40303265045";

fn metadata(app: &TestApp, actor: Uuid) -> EventMetadata {
    EventMetadata {
        actor_id: Some(actor),
        actor_role: Some("admin".into()),
        correlation_id: Uuid::now_v7(),
        causation_id: None,
        recorded_at: app.now(),
    }
}

/// Appends `events` to `stream` (any version), with payloads.
async fn append<E: codec::EventSchema>(
    app: &TestApp,
    stream: StreamId,
    events: &[E],
    side_writes: Vec<SideWrite>,
) {
    let actor = Uuid::now_v7();
    let events = events
        .iter()
        .map(|event| {
            let (event_type, schema_version, payload) = codec::encode(event);
            NewEvent {
                event_id: Uuid::now_v7(),
                event_type,
                schema_version,
                payload,
                metadata: metadata(app, actor),
            }
        })
        .collect();
    app.app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream,
                expected: ExpectedVersion::Any,
                events,
            }],
            side_writes,
        })
        .await
        .expect("appended");
}

/// A reference item (a country, a city), as the admin's command records it.
async fn reference(app: &TestApp, kind: ReferenceKind, name: &str, parent: Option<Uuid>) -> Uuid {
    let id = Uuid::now_v7();
    let event = ReferenceEvent::ReferenceItemAdded {
        item_id: id,
        kind,
        name_fr: name.into(),
        name_en: name.into(),
        parent,
        code: None,
        at: app.now(),
    };
    append(
        app,
        StreamId::new(&kind.category(), id),
        &[event],
        Vec::new(),
    )
    .await;
    id
}

/// An approved expert at 35 € an hour with a professional address in
/// Lyon and the bank section's tax number (`0`: not applicable), who
/// published [`weekdays_rules`].
async fn expert(app: &TestApp, given: &'static str, family: &'static str, tax: &str) -> Party {
    let member = app
        .approved_expert(&ExpertProfile {
            given_name: given,
            family_name: family,
            price_minor: 3500,
            ..ExpertProfile::default()
        })
        .await;
    let id = member.account_id;
    let country = reference(app, ReferenceKind::Country, "France", None).await;
    let city = reference(app, ReferenceKind::City, "Lyon", Some(country)).await;
    let attachment = FileRef {
        key: format!("{}{}.pdf", FileRef::subject_prefix(id), Uuid::now_v7()),
        content_type: "application/pdf".into(),
        size: 10,
    };
    let payload = |key: &str| PayloadRef {
        subject: id,
        key: key.into(),
    };
    append(
        app,
        StreamId::new(domain::consultant::CATEGORY, id),
        &[
            ConsultantEvent::AddressUpdated {
                address: payload("receipt-test-address"),
                country_id: country,
                city_id: city,
                at: app.now(),
            },
            ConsultantEvent::BankDetailsUpdated {
                details: payload("receipt-test-bank"),
                attachment,
                at: app.now(),
            },
        ],
        vec![
            SideWrite::PutPayload {
                subject: id,
                key: "receipt-test-address".into(),
                value: json!({"house_number": "12", "street_name": "rue de l’Église",
                    "street_name_2": null, "postal_code": "69002"})
                .to_string(),
            },
            SideWrite::PutPayload {
                subject: id,
                key: "receipt-test-bank".into(),
                value: json!({"payment_currency": "EUR", "tax_number": tax,
                    "bank_name": "Banque Populaire", "swift_bic": "CCBPFRPPLYO",
                    "account_holder": format!("{given} {family}"), "account_currency": "EUR"})
                .to_string(),
            },
        ],
    )
    .await;
    let expert = signed_in(app, member).await;
    send(
        app,
        &expert,
        Method::PUT,
        "/api/consultant/timings",
        &json!({"rules": weekdays_rules(), "days_off": []}),
    )
    .await
    .expect(204);
    expert
}

/// A client with the consent form on file, named and writing as asked.
async fn client(app: &TestApp, given: &str, family: &str, language: &str) -> Party {
    let email = unique_email("buyer");
    let proof = app.email_proof(&email, Role::Client).await;
    let mut form = crate::support::registration_form(Role::Client, &email, &proof);
    form["given_name"] = json!(given);
    form["family_name"] = json!(family);
    form["correspondence_language"] = json!(language);
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

/// Books `start` with `expert` and pays it by card; the booking id.
async fn paid(
    app: &TestApp,
    client: &Party,
    expert: &Party,
    start: chrono::DateTime<chrono::Utc>,
) -> String {
    let held = book(app, client, expert, start, json!({})).await;
    held.expect(201);
    let id = booking_id(&held);
    pay(app, client, &id, "4242424242424242").await.expect(200);
    id
}

/// `n` published 60-minute slots from three days ahead, none overlapping
/// another.
fn apart(app: &TestApp, n: usize) -> Vec<chrono::DateTime<chrono::Utc>> {
    let mut chosen: Vec<chrono::DateTime<chrono::Utc>> = Vec::new();
    for start in slots(app, TimeDelta::days(3)) {
        if chosen
            .last()
            .is_none_or(|last| start >= *last + TimeDelta::hours(1))
        {
            chosen.push(start);
        }
    }
    assert!(chosen.len() >= n, "not enough slots");
    chosen.truncate(n);
    chosen
}

/// Projects, runs the reactions worker to the end, projects what it wrote.
async fn react(app: &TestApp) {
    app.catch_up().await;
    app.drain_reactions().await;
    app.catch_up().await;
}

/// `GET` as `party` (Bearer), once the projector has caught up.
async fn read(app: &TestApp, party: &Party, path: &str) -> crate::support::Answer {
    app.catch_up().await;
    let call = app.bare(Method::GET, path).bearer(&party.token);
    match app.seen_position() {
        Some(position) => call.min_position(position).send().await,
        None => call.send().await,
    }
}

/// The year's number `n`: `{year}-{n:06}`.
fn number(app: &TestApp, n: u64) -> String {
    domain::receipt::number(domain::receipt::year_of(app.now()), n)
}

/// Every `ReceiptIssued` in the store, as JSON.
async fn issued(app: &TestApp) -> Vec<Value> {
    app.all_events()
        .await
        .iter()
        .filter(|e| e.event_type == "ReceiptIssued")
        .map(|e| serde_json::from_str(&e.payload).expect("JSON"))
        .collect()
}

/// The booking event of `booking` of type `event_type`.
async fn booking_event(app: &TestApp, booking: &str, event_type: &str) -> store::RecordedEvent {
    app.all_events()
        .await
        .into_iter()
        .find(|e| e.event_type == event_type && e.stream.entity_id() == booking)
        .expect("the booking's event")
}

/// A downloaded PDF: status, headers, bytes and its text as a PDF reader
/// extracts it (fonts' encodings applied).
struct Download {
    status: u16,
    content_type: String,
    disposition: String,
    cache: String,
    bytes: Vec<u8>,
}

async fn download(app: &TestApp, token: &str, path: &str, lang: &str) -> Download {
    let response = reqwest::Client::new()
        .get(app.url(path))
        .bearer_auth(token)
        .header("accept-language", lang)
        .send()
        .await
        .expect("the app answers");
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    Download {
        status: response.status().as_u16(),
        content_type: header("content-type"),
        disposition: header("content-disposition"),
        cache: header("cache-control"),
        bytes: response.bytes().await.expect("a body").to_vec(),
    }
}

/// The text of a one-page PDF, read by `lopdf`.
fn pdf_text(bytes: &[u8]) -> String {
    let document = lopdf::Document::load_mem(bytes).expect("a PDF");
    assert_eq!(document.get_pages().len(), 1, "one page");
    document.extract_text(&[1]).expect("its text")
}

/// The admin's signed-in browser token (Bearer for [`download`]).
async fn admin(app: &TestApp) -> String {
    let member = app.create_admin(&unique_email("accountant")).await;
    let answer = app.sign_in_as(&member).await;
    answer.token(platform::auth::cookie_name(Role::Admin))
}

async fn a_paid_booking_gets_an_invoice_and_its_refund_a_credit_note_naming_it(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app, "Nora", "Lemaire", "0").await;
    let buyer = client(&app, "Hélène", "Dupré", "fr").await;
    let start = slots(&app, TimeDelta::days(3))[0];
    let id = paid(&app, &buyer, &expert, start).await;
    react(&app).await;

    let row = read(&app, &buyer, &format!("/api/client/bookings/{id}")).await;
    row.expect(200);
    let receipts = row.json()["receipts"].clone();
    assert_eq!(receipts.as_array().map(Vec::len), Some(1), "{receipts}");
    let invoice = &receipts[0];
    assert_eq!(invoice["number"], number(&app, 1));
    assert_eq!(invoice["kind"], "payment");
    assert_eq!(
        invoice["amount"],
        json!({"amount_minor": 3500, "currency": "EUR"})
    );
    let invoice_id = invoice["id"].as_str().expect("an id").to_owned();
    assert_eq!(
        invoice["url"],
        format!("/api/client/receipts/{invoice_id}.pdf")
    );
    // The consultant's row points to its own area.
    let theirs = read(&app, &expert, &format!("/api/consultant/bookings/{id}")).await;
    assert_eq!(
        theirs.json()["receipts"][0]["url"],
        format!("/api/consultant/receipts/{invoice_id}.pdf")
    );

    // Running the reaction to the payment again issues nothing more.
    let confirmed = booking_event(&app, &id, "BookingConfirmed").await;
    for _ in 0..2 {
        app.app
            .reactor()
            .issue_receipts(&confirmed)
            .await
            .expect("the reaction runs again");
    }
    assert_eq!(issued(&app).await.len(), 1);

    // The client cancels two days ahead: refunded in full, a credit note.
    send(
        &app,
        &buyer,
        Method::POST,
        &format!("/api/client/bookings/{id}/cancel"),
        &json!({}),
    )
    .await
    .expect(200);
    react(&app).await;
    let list = read(&app, &buyer, "/api/client/bookings").await;
    let receipts = list.json()["items"][0]["receipts"].clone();
    assert_eq!(receipts.as_array().map(Vec::len), Some(2), "{receipts}");
    assert_eq!(receipts[1]["number"], number(&app, 2));
    assert_eq!(receipts[1]["kind"], "refund");
    assert_eq!(receipts[1]["amount"]["amount_minor"], 3500);
    let events = issued(&app).await;
    assert_eq!(events[1]["refers_to"], number(&app, 1));
    assert_eq!(
        events[1]["cause_id"],
        json!(booking_event(&app, &id, "BookingCancelled").await.event_id)
    );
    // Only ids, the number, amounts and dates: names stay in the payload.
    assert!(!events[0].to_string().contains("Dupré"), "{}", events[0]);

    let credit = download(
        &app,
        &buyer.token,
        receipts[1]["url"].as_str().expect("a url"),
        "fr",
    )
    .await;
    assert_eq!(credit.status, 200);
    let text = pdf_text(&credit.bytes);
    for part in [
        format!("Avoir n° {}", number(&app, 2)),
        format!("Avoir sur la facture n° {}", number(&app, 1)),
        "35,00 €".to_owned(),
        "Remboursé sur la carte Visa •••• 4242".to_owned(),
    ] {
        assert!(text.contains(&part), "{part} missing in\n{text}");
    }

    // A rebuild gives the same receipts.
    let before = app.app.read.dump().await.expect("a dump");
    app.app.projector.rebuild().await.expect("a rebuild");
    let after = app.app.read.dump().await.expect("a dump");
    let receipts_of = |dump: &Vec<(String, Vec<String>)>| {
        dump.iter()
            .find(|(table, _)| table == "rm_receipts")
            .map(|(_, rows)| rows.clone())
            .expect("rm_receipts")
    };
    assert_eq!(receipts_of(&before).len(), 2);
    assert_eq!(receipts_of(&before), receipts_of(&after));
}

async fn numbers_have_no_gaps_across_bookings_and_racing_issuers(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app, "Nora", "Lemaire", "0").await;
    let mut bookings = Vec::new();
    for (n, start) in apart(&app, 5).iter().enumerate() {
        let buyer = client(&app, "Client", &format!("N{n}"), "fr").await;
        bookings.push(paid(&app, &buyer, &expert, *start).await);
    }
    // Five issuers at once, one per payment, each with its own guess of
    // the series' length: the losers of the version check number again.
    let mut racing = Vec::new();
    for id in &bookings {
        let event = booking_event(&app, id, "BookingConfirmed").await;
        let reactor = app.app.reactor();
        racing.push(tokio::spawn(
            async move { reactor.issue_receipts(&event).await },
        ));
    }
    for issuer in racing {
        issuer.await.expect("joined").expect("issued");
    }
    // Then the worker reaches the same payments: nothing more.
    react(&app).await;
    let mut numbers: Vec<String> = issued(&app)
        .await
        .iter()
        .map(|e| e["number"].as_str().expect("a number").to_owned())
        .collect();
    numbers.sort();
    let expected: Vec<String> = (1..=5).map(|n| number(&app, n)).collect();
    assert_eq!(numbers, expected);
    // Each booking got exactly one.
    let mut per_booking: Vec<String> = issued(&app)
        .await
        .iter()
        .map(|e| e["booking_id"].as_str().expect("an id").to_owned())
        .collect();
    per_booking.sort();
    let mut all = bookings.clone();
    all.sort();
    assert_eq!(per_booking, all);

    // The accountant's register: latest first, bounded parameters.
    let token = admin(&app).await;
    let register = app
        .bare(Method::GET, "/api/admin-panel/receipts?page_size=2")
        .bearer(&token)
        .send()
        .await;
    register.expect(200);
    let body = register.json();
    assert_eq!(body["total"], 5);
    assert_eq!(body["items"][0]["number"], number(&app, 5));
    assert_eq!(body["items"][0]["vat"], Value::Null);
    assert_eq!(body["items"][0]["consultant"]["name"], "Nora Lemaire");
    for bad in [
        "page_size=101",
        "page=0",
        "from=2026-02-30",
        "kind=gift",
        "from=2026-03-02&to=2026-03-01",
    ] {
        let refused = app
            .bare(Method::GET, &format!("/api/admin-panel/receipts?{bad}"))
            .bearer(&token)
            .send()
            .await;
        assert_eq!(
            (refused.status.as_u16(), refused.code()),
            (400, "validation_failed".into()),
            "{bad}"
        );
    }
    let today = app
        .now()
        .with_timezone(&domain::reporting::ZONE)
        .date_naive();
    let dated = app
        .bare(
            Method::GET,
            &format!("/api/admin-panel/receipts?from={today}&to={today}&kind=payment"),
        )
        .bearer(&token)
        .send()
        .await;
    assert_eq!(dated.json()["total"], 5);
}

async fn the_pdf_goes_to_the_parties_and_administrators_in_their_language(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert_party = expert(&app, "Hélène", "Lefèvre", "0").await;
    let taxed = expert(&app, "Marc", "Œuvray", VAT_NUMBER).await;
    let buyer = client(&app, "François", "Çelik", "fr").await;
    let starts = apart(&app, 2);
    let id = paid(&app, &buyer, &expert_party, starts[0]).await;
    let other = paid(&app, &buyer, &taxed, starts[1]).await;
    react(&app).await;

    let row = read(&app, &buyer, &format!("/api/client/bookings/{id}")).await;
    let receipt_id = row.json()["receipts"][0]["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let invoice = number(&app, 1);

    let mine = download(
        &app,
        &buyer.token,
        &format!("/api/client/receipts/{receipt_id}.pdf"),
        "fr-FR,fr;q=0.9",
    )
    .await;
    assert_eq!(mine.status, 200);
    assert_eq!(mine.content_type, "application/pdf");
    assert_eq!(
        mine.disposition,
        format!("attachment; filename=\"recu-{invoice}.pdf\"")
    );
    assert_eq!(mine.cache, "private, no-store");
    let text = pdf_text(&mine.bytes);
    for part in [
        format!("Facture n° {invoice}"),
        "Equilibre".to_owned(),
        "au nom et pour le compte de Hélène Lefèvre".to_owned(),
        "Hélène Lefèvre".to_owned(),
        "12 rue de l’Église".to_owned(),
        "69002 Lyon".to_owned(),
        "François Çelik".to_owned(),
        "Consultation vidéo avec Hélène Lefèvre".to_owned(),
        "60 minutes".to_owned(),
        "35,00 €".to_owned(),
        "TVA non applicable, art. 293 B du CGI".to_owned(),
        "Payé par carte Visa •••• 4242".to_owned(),
    ] {
        assert!(text.contains(&part), "{part} missing in\n{text}");
    }
    assert!(!text.contains("Total HT"), "{text}");

    // The consultant, and an administrator in English.
    let theirs = download(
        &app,
        &expert_party.token,
        &format!("/api/consultant/receipts/{receipt_id}.pdf"),
        "fr",
    )
    .await;
    assert_eq!(theirs.status, 200);
    assert_eq!(pdf_text(&theirs.bytes), text);
    let token = admin(&app).await;
    let english = download(
        &app,
        &token,
        &format!("/api/admin-panel/receipts/{receipt_id}.pdf"),
        "en",
    )
    .await;
    assert_eq!(english.status, 200);
    assert_eq!(
        english.disposition,
        format!("attachment; filename=\"receipt-{invoice}.pdf\"")
    );
    let text = pdf_text(&english.bytes);
    for part in [
        format!("Invoice no. {invoice}"),
        "VAT not applicable, art. 293 B of the French tax code".to_owned(),
        "€35.00".to_owned(),
    ] {
        assert!(text.contains(&part), "{part} missing in\n{text}");
    }

    // Anyone else: 404 in the error envelope, as for an unknown receipt.
    let stranger = client(&app, "Paul", "Autre", "fr").await;
    for (token, path) in [
        (
            &stranger.token,
            format!("/api/client/receipts/{receipt_id}.pdf"),
        ),
        (
            &taxed.token,
            format!("/api/consultant/receipts/{receipt_id}.pdf"),
        ),
        (
            &buyer.token,
            format!("/api/client/receipts/{}.pdf", Uuid::now_v7()),
        ),
        (&buyer.token, format!("/api/client/receipts/{receipt_id}")),
    ] {
        let refused = app.bare(Method::GET, &path).bearer(token).send().await;
        assert_eq!(refused.status.as_u16(), 404, "{path}");
        assert_eq!(refused.code(), "not_found");
    }

    // A seller with a VAT number: the amount includes 20 % VAT.
    let row = read(&app, &buyer, &format!("/api/client/bookings/{other}")).await;
    let url = row.json()["receipts"][0]["url"]
        .as_str()
        .expect("a url")
        .to_owned();
    let text = pdf_text(&download(&app, &buyer.token, &url, "fr").await.bytes);
    for part in [
        format!("N° de TVA : {VAT_NUMBER}"),
        "Marc Œuvray".to_owned(),
        "Total HT".to_owned(),
        "29,17 €".to_owned(),
        "TVA 20 %".to_owned(),
        "5,83 €".to_owned(),
        "Total TTC".to_owned(),
        "35,00 €".to_owned(),
    ] {
        assert!(text.contains(&part), "{part} missing in\n{text}");
    }
    assert!(!text.contains("293 B"), "{text}");
}

async fn both_parties_get_the_receipt_by_mail_once_with_its_pdf(backend: Backend) {
    let app = TestApp::with(backend)
        .smtp()
        .without_workers()
        .start()
        .await;
    let expert = expert(&app, "Nora", "Lemaire", "0").await;
    let buyer = client(&app, "Oliver", "Grant", "en").await;
    let start = slots(&app, TimeDelta::days(3))[0];
    paid(&app, &buyer, &expert, start).await;
    react(&app).await;
    // A second worker, once the lease expired, from the start of the log:
    // nothing is sent twice.
    app.advance(TimeDelta::seconds(31));
    let second = app.app.reactor();
    app.app
        .stores
        .reactor
        .save_checkpoint("reactions", store::Position::START)
        .await
        .expect("rewound");
    second.drain().await.expect("a second pass");

    let invoice = number(&app, 1);
    let to_client = app
        .maildev()
        .wait_for(|m| {
            m["subject"] == format!("Invoice no. {invoice}")
                && m["to"][0]["address"].as_str() == Some(buyer.member.email.as_str())
        })
        .await;
    let text = to_client["text"].as_str().unwrap_or_default();
    assert!(
        text.contains("Nora Lemaire") && text.contains("€35.00"),
        "{text}"
    );
    let attachments = to_client["attachments"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(attachments.len(), 1, "{attachments:?}");
    let file = format!("receipt-{invoice}.pdf");
    assert_eq!(attachments[0]["fileName"], file);
    assert_eq!(attachments[0]["contentType"], "application/pdf");
    let id = to_client["id"].as_str().expect("a maildev id");
    // maildev serves an attachment under the name it generated.
    let stored = attachments[0]["generatedFileName"]
        .as_str()
        .unwrap_or(file.as_str());
    let pdf = app.maildev().attachment(id, stored).await;
    let text = pdf_text(&pdf);
    assert!(text.contains(&format!("Invoice no. {invoice}")), "{text}");
    assert!(text.contains("Oliver Grant"), "{text}");

    // The consultant's copy, in French.
    app.maildev()
        .wait_for(|m| m["subject"] == format!("Facture n° {invoice}"))
        .await;
    let receipts_to_client = app
        .mails_to(&buyer.member.email)
        .await
        .into_iter()
        .filter(|m| m["subject"] == format!("Invoice no. {invoice}"))
        .count();
    assert_eq!(receipts_to_client, 1);
    let consultant_mails: Vec<Value> = app
        .mails_to(&expert.member.email)
        .await
        .into_iter()
        .filter(|m| m["subject"] == format!("Facture n° {invoice}"))
        .collect();
    assert_eq!(consultant_mails.len(), 1);
    assert!(
        consultant_mails[0]["text"]
            .as_str()
            .unwrap_or_default()
            .contains("en votre nom et pour votre compte")
    );
}

async fn a_free_booking_gets_no_receipt(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app, "Nora", "Lemaire", "0").await;
    let buyer = client(&app, "Hélène", "Dupré", "fr").await;
    let start = slots(&app, TimeDelta::days(3))[0];
    let held = book(&app, &buyer, &expert, start, json!({"free": true})).await;
    held.expect(201);
    assert_eq!(held.json()["status"], "confirmed");
    let id = booking_id(&held);
    react(&app).await;
    // Cancelled: nothing was paid, nothing refunded.
    send(
        &app,
        &buyer,
        Method::POST,
        &format!("/api/client/bookings/{id}/cancel"),
        &json!({}),
    )
    .await
    .expect(200);
    react(&app).await;
    assert!(issued(&app).await.is_empty());
    let row = read(&app, &buyer, &format!("/api/client/bookings/{id}")).await;
    assert_eq!(row.json()["receipts"], json!([]));
}

async fn a_charge_given_back_after_the_hold_lapsed_is_invoiced_then_credited(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let expert = expert(&app, "Nora", "Lemaire", VAT_NUMBER).await;
    let buyer = client(&app, "Hélène", "Dupré", "fr").await;
    let start = slots(&app, TimeDelta::days(3))[0];
    let held = book(&app, &buyer, &expert, start, json!({})).await;
    held.expect(201);
    let id = booking_id(&held);
    // The charge came back after the hold lapsed and was refunded at once,
    // as the pay command records it.
    let late = domain::booking::BookingEvent::LatePaymentRefunded {
        booking_id: id.parse().expect("an id"),
        payment: domain::booking::PaymentRecord {
            provider_ref: "pi_late".into(),
            brand: "mastercard".into(),
            last4: "4444".into(),
            amount: domain::values::Money::new(3500, domain::values::Currency::Eur),
        },
        refund_ref: "re_late".into(),
        at: app.now(),
    };
    append(
        &app,
        StreamId::new(domain::booking::CATEGORY, &id),
        &[late],
        Vec::new(),
    )
    .await;
    react(&app).await;

    let events = issued(&app).await;
    let kinds: Vec<(&str, &str, Option<&str>)> = events
        .iter()
        .map(|e| {
            (
                e["kind"].as_str().unwrap_or_default(),
                e["number"].as_str().unwrap_or_default(),
                e["refers_to"].as_str(),
            )
        })
        .collect();
    let (first, second) = (number(&app, 1), number(&app, 2));
    assert_eq!(
        kinds,
        [
            ("payment", first.as_str(), None),
            ("refund", second.as_str(), Some(first.as_str()))
        ]
    );
    // Both state the VAT the seller charges.
    assert_eq!(events[1]["vat"]["tax"]["minor"], 583);
    let row = read(&app, &buyer, &format!("/api/client/bookings/{id}")).await;
    let url = row.json()["receipts"][1]["url"]
        .as_str()
        .expect("a url")
        .to_owned();
    let text = pdf_text(&download(&app, &buyer.token, &url, "fr").await.bytes);
    for part in [
        format!("Avoir sur la facture n° {first}"),
        "Remboursé sur la carte Mastercard •••• 4444".to_owned(),
        "TVA 20 %".to_owned(),
    ] {
        assert!(text.contains(&part), "{part} missing in\n{text}");
    }
}
