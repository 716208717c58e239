//! The adapter against a local server speaking Stripe's wire format:
//! form-encoded bodies, Bearer key, idempotent replays, intents confirmed
//! with Stripe's test payment methods (as Stripe.js would in the browser),
//! refusals kept as the intent's `last_payment_error`, 3-D Secure, refunds.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::*;

const KEY: &str = "sk_test_adapter";

type Answer = (StatusCode, Value);

#[derive(Default)]
struct Stub {
    /// Idempotency key → the first answer, replayed as Stripe does.
    replies: HashMap<String, Answer>,
    /// Intent id → (amount, refunded) once paid.
    paid: HashMap<String, (i64, i64)>,
    /// Intent id → the intent, its `latest_charge` expanded.
    stored: HashMap<String, Value>,
    created: usize,
    forms: Vec<HashMap<String, String>>,
    keys: Vec<String>,
}

type Shared = Arc<Mutex<Stub>>;

fn invalid_request(status: StatusCode, code: &str) -> Answer {
    (
        status,
        json!({"error": {"type": "invalid_request_error", "code": code, "message": "No such thing"}}),
    )
}

/// Whether the call carries our secret key, as Stripe checks it.
fn authorised(headers: &HeaderMap) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .is_some_and(|v| v.as_bytes() == format!("Bearer {KEY}").as_bytes())
}

/// Checks the key and replays by idempotency key, like Stripe.
fn gate(
    stub: &Shared,
    headers: &HeaderMap,
    form: &HashMap<String, String>,
    then: impl FnOnce(&mut Stub) -> Answer,
) -> (StatusCode, axum::Json<Value>) {
    let mut stub = stub.lock().unwrap();
    if !authorised(headers) {
        let (status, body) = invalid_request(StatusCode::UNAUTHORIZED, "api_key_invalid");
        return (status, axum::Json(body));
    }
    stub.forms.push(form.clone());
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    stub.keys.push(key.clone());
    if let Some((status, body)) = stub.replies.get(&key).cloned() {
        return (status, axum::Json(body));
    }
    let answer = then(&mut stub);
    stub.replies.insert(key, answer.clone());
    (answer.0, axum::Json(answer.1))
}

async fn create_intent(
    State(stub): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> (StatusCode, axum::Json<Value>) {
    gate(&stub, &headers, &form.clone(), |stub| {
        let field = |k: &str| form.get(k).cloned().unwrap_or_default();
        if field("payment_method_types[]") != "card" || form.keys().any(|k| k.contains("card]")) {
            return invalid_request(StatusCode::BAD_REQUEST, "parameter_unknown");
        }
        let Ok(amount) = field("amount").parse::<i64>() else {
            return invalid_request(StatusCode::BAD_REQUEST, "parameter_invalid_integer");
        };
        stub.created += 1;
        let id = format!("pi_{}", stub.created);
        let intent = json!({
            "id": id, "object": "payment_intent", "amount": amount,
            "currency": field("currency"), "status": "requires_payment_method",
            "client_secret": format!("{id}_secret_abc"),
            "metadata": {"reference": field("metadata[reference]")},
            "last_payment_error": null, "latest_charge": null
        });
        stub.stored.insert(id, intent.clone());
        (StatusCode::OK, intent)
    })
}

/// What Stripe.js does in the browser: confirms an intent with a card, here
/// one of Stripe's test payment methods.
async fn confirm_intent(
    State(stub): State<Shared>,
    Path(id): Path<String>,
    Form(form): Form<HashMap<String, String>>,
) -> (StatusCode, axum::Json<Value>) {
    let mut stub = stub.lock().unwrap();
    let Some(intent) = stub.stored.get_mut(&id) else {
        let (status, body) = invalid_request(StatusCode::NOT_FOUND, "resource_missing");
        return (status, axum::Json(body));
    };
    let card = |brand: &str, last4: &str| {
        json!({"id": "ch_1", "object": "charge",
            "payment_method_details": {"type": "card", "card": {"brand": brand, "last4": last4}}})
    };
    let refused = |code: &str, decline_code: Option<&str>| json!({"type": "card_error", "code": code, "decline_code": decline_code});
    let method = form.get("payment_method").map(String::as_str);
    intent["last_payment_error"] = Value::Null;
    match method {
        Some("pm_card_visa") => {
            intent["status"] = json!("succeeded");
            intent["latest_charge"] = card("visa", "4242");
        }
        Some("pm_card_mastercard") => {
            intent["status"] = json!("succeeded");
            intent["latest_charge"] = card("mastercard", "4444");
        }
        Some("pm_card_authenticationRequired") => intent["status"] = json!("requires_action"),
        Some(declined) => {
            let (code, decline) = match declined {
                "pm_card_chargeDeclinedInsufficientFunds" => {
                    ("card_declined", Some("insufficient_funds"))
                }
                "pm_card_chargeDeclinedExpiredCard" => ("expired_card", None),
                "pm_card_chargeDeclinedIncorrectCvc" => ("incorrect_cvc", None),
                _ => ("card_declined", Some("generic_decline")),
            };
            intent["status"] = json!("requires_payment_method");
            intent["last_payment_error"] = refused(code, decline);
        }
        None => {}
    }
    if intent["status"] == "succeeded" {
        let amount = intent["amount"].as_i64().unwrap_or(0);
        stub.paid.insert(id.clone(), (amount, 0));
    }
    let intent = stub.stored[&id].clone();
    (StatusCode::OK, axum::Json(intent))
}

/// Stripe's 3-D Secure page: the payer completes or fails the challenge.
async fn challenge(
    State(stub): State<Shared>,
    Path((id, outcome)): Path<(String, String)>,
) -> StatusCode {
    let mut stub = stub.lock().unwrap();
    let intent = stub.stored.get_mut(&id).expect("a stored intent");
    if outcome == "complete" {
        intent["status"] = json!("succeeded");
        intent["latest_charge"] = json!({"id": "ch_3ds", "payment_method_details":
            {"type": "card", "card": {"brand": "visa", "last4": "3155"}}});
        let amount = intent["amount"].as_i64().unwrap_or(0);
        stub.paid.insert(id, (amount, 0));
    } else {
        intent["status"] = json!("requires_payment_method");
        intent["last_payment_error"] = json!({"type": "invalid_request_error",
            "code": "payment_intent_authentication_failure"});
    }
    StatusCode::OK
}

/// The intent as Stripe answers it: `latest_charge` an id unless expanded.
fn expanded(mut intent: Value, expand: bool) -> Value {
    if !expand && !intent["latest_charge"].is_null() {
        intent["latest_charge"] = intent["latest_charge"]["id"].clone();
    }
    intent
}

async fn payment_intent(
    State(stub): State<Shared>,
    Path(id): Path<String>,
    Query(query): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> (StatusCode, axum::Json<Value>) {
    let stub = stub.lock().unwrap();
    let (status, body) = match stub.stored.get(&id) {
        _ if !authorised(&headers) => invalid_request(StatusCode::UNAUTHORIZED, "api_key_invalid"),
        None => invalid_request(StatusCode::NOT_FOUND, "resource_missing"),
        Some(intent) => (
            StatusCode::OK,
            expanded(
                intent.clone(),
                query.get("expand[]").map(String::as_str) == Some("latest_charge"),
            ),
        ),
    };
    (status, axum::Json(body))
}

async fn refunds(
    State(stub): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> (StatusCode, axum::Json<Value>) {
    gate(&stub, &headers, &form.clone(), |stub| {
        let intent = form.get("payment_intent").cloned().unwrap_or_default();
        let amount: i64 = form.get("amount").and_then(|a| a.parse().ok()).unwrap_or(0);
        let Some((charged, refunded)) = stub.paid.get_mut(&intent) else {
            return invalid_request(StatusCode::BAD_REQUEST, "resource_missing");
        };
        if *refunded + amount > *charged {
            return invalid_request(StatusCode::BAD_REQUEST, "amount_too_large");
        }
        *refunded += amount;
        let id = format!("re_{}_{}", intent, *refunded);
        (
            StatusCode::OK,
            json!({"id": id, "object": "refund", "amount": amount, "payment_intent": intent, "status": "succeeded"}),
        )
    })
}

struct Stubbed {
    stripe: StripePayments,
    shared: Shared,
    base: String,
}

impl Stubbed {
    /// The browser's part (Stripe.js): confirms `id` with a test payment method.
    async fn confirm_in_browser(&self, id: &str, payment_method: &str) {
        reqwest::Client::new()
            .post(format!("{}/v1/payment_intents/{id}/confirm", self.base))
            .form(&[("payment_method", payment_method)])
            .send()
            .await
            .unwrap();
    }

    async fn challenge(&self, id: &str, outcome: &str) {
        reqwest::Client::new()
            .post(format!("{}/test/3ds/{id}/{outcome}", self.base))
            .send()
            .await
            .unwrap();
    }
}

async fn stub() -> Stubbed {
    let shared = Shared::default();
    let router = Router::new()
        .route("/v1/payment_intents", post(create_intent))
        .route("/v1/payment_intents/{id}", get(payment_intent))
        .route("/v1/payment_intents/{id}/confirm", post(confirm_intent))
        .route("/test/3ds/{id}/{outcome}", post(challenge))
        .route("/v1/refunds", post(refunds))
        .with_state(shared.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    Stubbed {
        stripe: provider(&base, KEY),
        shared,
        base,
    }
}

fn provider(base: &str, key: &str) -> StripePayments {
    StripePayments::new(&StripeSettings {
        secret_key: Some(SecretString::from(key)),
        publishable_key: Some("pk_test_adapter".into()),
        webhook_secret: None,
        api_base: base.into(),
    })
    .expect("a secret key")
    .expect("an HTTP client")
}

fn request(key: &str) -> IntentRequest {
    IntentRequest {
        idempotency_key: key.into(),
        amount_minor: 6050,
        currency: "EUR".into(),
        description: "Consultation".into(),
        reference: "0194a1b2-0000-7000-8000-000000000001".into(),
    }
}

#[tokio::test]
async fn an_intent_is_created_without_any_card_and_hands_its_client_secret() {
    let stub = stub().await;

    let intent = stub
        .stripe
        .create_intent(request("booking-1-intent"))
        .await
        .unwrap();

    assert_eq!(intent.id, "pi_1");
    assert_eq!(intent.client_secret.expose_secret(), "pi_1_secret_abc");
    assert_eq!(stub.stripe.kind(), ProviderKind::Stripe);
    assert_eq!(
        stub.stripe.publishable_key().as_deref(),
        Some("pk_test_adapter")
    );
    let shared = stub.shared.lock().unwrap();
    let form = &shared.forms[0];
    assert_eq!(form["amount"], "6050");
    assert_eq!(form["currency"], "eur");
    assert_eq!(form["payment_method_types[]"], "card");
    assert_eq!(
        form["metadata[reference]"],
        "0194a1b2-0000-7000-8000-000000000001"
    );
    assert!(!form.keys().any(|k| k.contains("card]") || k == "confirm"));
    assert_eq!(shared.keys, ["booking-1-intent"]);
}

#[tokio::test]
async fn asking_again_with_the_same_key_gives_back_the_same_intent() {
    let stub = stub().await;
    let first = stub
        .stripe
        .create_intent(request("booking-2-intent"))
        .await
        .unwrap();
    let again = stub
        .stripe
        .create_intent(request("booking-2-intent"))
        .await
        .unwrap();
    let other = stub
        .stripe
        .create_intent(request("booking-3-intent"))
        .await
        .unwrap();

    assert_eq!(first.id, again.id);
    assert_ne!(other.id, first.id);
    assert_eq!(stub.shared.lock().unwrap().created, 2);
}

#[tokio::test]
async fn an_intent_paid_in_the_browser_reads_as_succeeded_with_its_card() {
    let stub = stub().await;
    let intent = stub
        .stripe
        .create_intent(request("booking-4-intent"))
        .await
        .unwrap();
    let before = stub.stripe.intent(&intent.id).await.unwrap();

    stub.confirm_in_browser(&intent.id, "pm_card_mastercard")
        .await;
    let paid = stub.stripe.intent(&intent.id).await.unwrap();

    assert_eq!(before.status, IntentStatus::Pending);
    assert_eq!(
        paid,
        IntentState {
            id: intent.id.clone(),
            amount_minor: 6050,
            currency: "eur".into(),
            reference: Some("0194a1b2-0000-7000-8000-000000000001".into()),
            status: IntentStatus::Succeeded(Charge {
                provider_ref: intent.id,
                brand: "mastercard".into(),
                last4: "4444".into()
            }),
        }
    );
}

#[tokio::test]
async fn refusals_kept_on_the_intent_become_the_clients_decline_reasons() {
    let stub = stub().await;
    let intent = stub
        .stripe
        .create_intent(request("booking-5-intent"))
        .await
        .unwrap();
    for (method, decline) in [
        ("pm_card_chargeDeclined", Decline::CardDeclined),
        (
            "pm_card_chargeDeclinedInsufficientFunds",
            Decline::InsufficientFunds,
        ),
        ("pm_card_chargeDeclinedExpiredCard", Decline::ExpiredCard),
        ("pm_card_chargeDeclinedIncorrectCvc", Decline::IncorrectCvc),
    ] {
        stub.confirm_in_browser(&intent.id, method).await;
        let read = stub.stripe.intent(&intent.id).await.unwrap();
        assert_eq!(read.status, IntentStatus::Declined(decline), "{method}");
    }
    // Another card on the same intent
    stub.confirm_in_browser(&intent.id, "pm_card_visa").await;
    assert!(matches!(
        stub.stripe.intent(&intent.id).await.unwrap().status,
        IntentStatus::Succeeded(c) if c.last4 == "4242"
    ));
}

#[tokio::test]
async fn a_three_d_secure_challenge_is_pending_until_completed_or_failed() {
    let stub = stub().await;
    let completed = stub
        .stripe
        .create_intent(request("booking-6-intent"))
        .await
        .unwrap();
    let failed = stub
        .stripe
        .create_intent(request("booking-7-intent"))
        .await
        .unwrap();
    for intent in [&completed, &failed] {
        stub.confirm_in_browser(&intent.id, "pm_card_authenticationRequired")
            .await;
        assert_eq!(
            stub.stripe.intent(&intent.id).await.unwrap().status,
            IntentStatus::Pending
        );
    }

    stub.challenge(&completed.id, "complete").await;
    stub.challenge(&failed.id, "fail").await;

    assert!(matches!(
        stub.stripe.intent(&completed.id).await.unwrap().status,
        IntentStatus::Succeeded(c) if c.last4 == "3155"
    ));
    assert_eq!(
        stub.stripe.intent(&failed.id).await.unwrap().status,
        IntentStatus::Declined(Decline::AuthenticationFailed)
    );
}

#[tokio::test]
async fn an_unknown_or_forged_intent_id_is_unknown() {
    let stub = stub().await;
    assert!(matches!(
        stub.stripe.intent("pi_404").await,
        Err(PaymentError::UnknownIntent)
    ));
    assert!(matches!(
        stub.stripe.intent("pi_1/../refunds").await,
        Err(PaymentError::UnknownIntent)
    ));
    assert!(matches!(
        stub.stripe.intent("ch_1").await,
        Err(PaymentError::UnknownIntent)
    ));
}

#[tokio::test]
async fn refunds_are_idempotent_and_refused_beyond_the_charge() {
    let stub = stub().await;
    let intent = stub
        .stripe
        .create_intent(request("booking-8-intent"))
        .await
        .unwrap();
    stub.confirm_in_browser(&intent.id, "pm_card_visa").await;
    let refund = |key: &str, amount: i64| RefundRequest {
        idempotency_key: key.into(),
        provider_ref: intent.id.clone(),
        amount_minor: amount,
        currency: "EUR".into(),
    };

    let half = stub
        .stripe
        .refund(refund("booking-8-refund", 3025))
        .await
        .unwrap();
    let replayed = stub
        .stripe
        .refund(refund("booking-8-refund", 3025))
        .await
        .unwrap();
    let too_much = stub.stripe.refund(refund("booking-8-refund-2", 4000)).await;
    let unknown = stub
        .stripe
        .refund(RefundRequest {
            provider_ref: "pi_unknown".into(),
            ..refund("booking-9-refund", 100)
        })
        .await;

    assert_eq!(half, replayed);
    assert!(half.provider_ref.starts_with("re_"));
    assert!(matches!(too_much, Err(PaymentError::Provider(e)) if e.contains("amount_too_large")));
    assert!(matches!(unknown, Err(PaymentError::Provider(e)) if e.contains("resource_missing")));
}

#[tokio::test]
async fn a_wrong_key_is_a_provider_error_and_the_key_never_prints() {
    let stub = stub().await;
    let wrong = provider(&stub.base, "sk_test_wrong");

    let error = wrong.create_intent(request("k")).await.unwrap_err();

    assert!(
        matches!(&error, PaymentError::Provider(e) if e.contains("401")),
        "{error:?}"
    );
    assert!(!format!("{:?}", stub.stripe).contains(KEY));
    let unconfigured = StripeSettings::default();
    assert!(StripePayments::new(&unconfigured).is_none());
}
