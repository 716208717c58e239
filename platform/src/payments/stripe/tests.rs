//! The adapter against a local server speaking Stripe's wire format:
//! form-encoded bodies, Bearer key, idempotent replays, Stripe's test cards,
//! card errors as HTTP 402 with Stripe's error JSON, refunds.

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
    /// Intent id → (amount, refunded).
    intents: HashMap<String, (i64, i64)>,
    /// Intent id → the intent, its `latest_charge` expanded.
    stored: HashMap<String, Value>,
    charges: usize,
    forms: Vec<HashMap<String, String>>,
    keys: Vec<String>,
}

type Shared = Arc<Mutex<Stub>>;

fn card_error(code: &str, decline_code: Option<&str>) -> Answer {
    (
        StatusCode::PAYMENT_REQUIRED,
        json!({"error": {
            "type": "card_error", "code": code, "decline_code": decline_code,
            "message": "Your card was declined.", "doc_url": "https://stripe.com/docs/error-codes"
        }}),
    )
}

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

async fn payment_intents(
    State(stub): State<Shared>,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> (StatusCode, axum::Json<Value>) {
    gate(&stub, &headers, &form.clone(), |stub| {
        let field = |k: &str| form.get(k).cloned().unwrap_or_default();
        if field("confirm") != "true" || field("payment_method_data[type]") != "card" {
            return invalid_request(StatusCode::BAD_REQUEST, "parameter_missing");
        }
        let Ok(amount) = field("amount").parse::<i64>() else {
            return invalid_request(StatusCode::BAD_REQUEST, "parameter_invalid_integer");
        };
        let brand = match field("payment_method_data[card][number]").as_str() {
            "4242424242424242" => "visa",
            "5555555555554444" => "mastercard",
            "4000000000000002" => return card_error("card_declined", Some("generic_decline")),
            "4000000000009995" => return card_error("card_declined", Some("insufficient_funds")),
            "4000000000000069" => return card_error("expired_card", None),
            "4000000000000127" => return card_error("incorrect_cvc", None),
            _ => return card_error("incorrect_number", None),
        };
        stub.charges += 1;
        let id = format!("pi_{}", stub.charges);
        stub.intents.insert(id.clone(), (amount, 0));
        let number = field("payment_method_data[card][number]");
        let charge = json!({
            "id": format!("ch_{}", stub.charges), "object": "charge",
            "payment_method_details": {"type": "card", "card": {
                "brand": brand, "last4": &number[number.len() - 4..],
                "exp_month": field("payment_method_data[card][exp_month]").parse::<u32>().unwrap_or(0)
            }}
        });
        let intent = json!({
            "id": id, "object": "payment_intent", "amount": amount,
            "currency": field("currency"), "status": "succeeded",
            "metadata": {"reference": field("metadata[reference]")},
            "latest_charge": charge
        });
        stub.stored.insert(id, intent.clone());
        (
            StatusCode::OK,
            expanded(intent, field("expand[]") == "latest_charge"),
        )
    })
}

/// The intent as Stripe answers it: `latest_charge` an id unless expanded.
fn expanded(mut intent: Value, expand: bool) -> Value {
    if !expand {
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
        let Some((charged, refunded)) = stub.intents.get_mut(&intent) else {
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

async fn stub() -> (StripePayments, Shared) {
    let shared = Shared::default();
    let router = Router::new()
        .route("/v1/payment_intents", post(payment_intents))
        .route("/v1/payment_intents/{id}", get(payment_intent))
        .route("/v1/refunds", post(refunds))
        .with_state(shared.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (provider(&base, KEY), shared)
}

fn provider(base: &str, key: &str) -> StripePayments {
    StripePayments::new(&StripeSettings {
        secret_key: Some(SecretString::from(key)),
        webhook_secret: None,
        api_base: base.into(),
    })
    .expect("a secret key")
    .expect("an HTTP client")
}

fn charge(key: &str, number: &str) -> ChargeRequest {
    ChargeRequest {
        idempotency_key: key.into(),
        amount_minor: 6050,
        currency: "EUR".into(),
        card: Card {
            number: SecretString::from(number),
            exp_month: 12,
            exp_year: 2030,
            cvc: SecretString::from("123"),
        },
        description: "Consultation".into(),
        reference: "0194a1b2-0000-7000-8000-000000000001".into(),
    }
}

#[tokio::test]
async fn a_charge_creates_and_confirms_an_intent_and_keeps_brand_and_last4() {
    let (stripe, shared) = stub().await;

    let charged = stripe
        .charge(charge("booking-1-pay", "4242 4242 4242 4242"))
        .await
        .unwrap();

    assert_eq!(
        charged,
        Charge {
            provider_ref: "pi_1".into(),
            brand: "visa".into(),
            last4: "4242".into()
        }
    );
    let stub = shared.lock().unwrap();
    let form = &stub.forms[0];
    assert_eq!(form["amount"], "6050");
    assert_eq!(form["currency"], "eur");
    assert_eq!(form["confirm"], "true");
    assert_eq!(
        form["payment_method_data[card][number]"],
        "4242424242424242"
    );
    assert_eq!(form["payment_method_data[card][exp_year]"], "2030");
    assert_eq!(form["payment_method_data[card][cvc]"], "123");
    assert_eq!(form["expand[]"], "latest_charge");
    assert_eq!(
        form["metadata[reference]"],
        "0194a1b2-0000-7000-8000-000000000001"
    );
    assert_eq!(stub.keys, ["booking-1-pay"]);
}

#[tokio::test]
async fn a_charge_a_webhook_reports_is_read_back_with_its_card() {
    let (stripe, _) = stub().await;
    let charged = stripe
        .charge(charge("booking-4-pay", "5555 5555 5555 4444"))
        .await
        .unwrap();

    let read = stripe.charge_of(&charged.provider_ref).await.unwrap();
    let unknown = stripe.charge_of("pi_404").await.unwrap_err();
    let forged = stripe.charge_of("pi_1/../refunds").await.unwrap_err();

    assert_eq!(read, charged);
    assert_eq!(read.brand, "mastercard");
    assert!(matches!(unknown, PaymentError::Provider(e) if e == "HTTP 404"));
    assert!(matches!(forged, PaymentError::Provider(_)));
}

#[tokio::test]
async fn a_retried_charge_with_the_same_idempotency_key_charges_once() {
    let (stripe, shared) = stub().await;

    let first = stripe
        .charge(charge("booking-2-pay", "5555555555554444"))
        .await
        .unwrap();
    let again = stripe
        .charge(charge("booking-2-pay", "5555555555554444"))
        .await
        .unwrap();
    let other = stripe
        .charge(charge("booking-3-pay", "4242424242424242"))
        .await
        .unwrap();

    assert_eq!(first, again);
    assert_eq!(first.brand, "mastercard");
    assert_ne!(other.provider_ref, first.provider_ref);
    assert_eq!(shared.lock().unwrap().charges, 2);
}

#[tokio::test]
async fn stripe_card_errors_become_the_clients_decline_reasons() {
    let (stripe, shared) = stub().await;
    for (number, decline) in [
        ("4000000000000002", Decline::CardDeclined),
        ("4000000000009995", Decline::InsufficientFunds),
        ("4000000000000069", Decline::ExpiredCard),
        ("4000000000000127", Decline::IncorrectCvc),
        ("4242424242424241", Decline::IncorrectNumber),
    ] {
        let error = stripe
            .charge(charge(&format!("declined-{number}"), number))
            .await
            .unwrap_err();
        assert!(
            matches!(error, PaymentError::Declined(d) if d == decline),
            "{number}: {error:?}"
        );
        // The error never quotes the card number.
        assert!(!error.to_string().contains(number));
    }
    assert_eq!(shared.lock().unwrap().charges, 0);
}

#[tokio::test]
async fn refunds_are_idempotent_and_refused_beyond_the_charge() {
    let (stripe, _) = stub().await;
    let charged = stripe
        .charge(charge("booking-4-pay", "4242424242424242"))
        .await
        .unwrap();
    let refund = |key: &str, amount: i64| RefundRequest {
        idempotency_key: key.into(),
        provider_ref: charged.provider_ref.clone(),
        amount_minor: amount,
        currency: "EUR".into(),
    };

    let half = stripe
        .refund(refund("booking-4-refund", 3025))
        .await
        .unwrap();
    let replayed = stripe
        .refund(refund("booking-4-refund", 3025))
        .await
        .unwrap();
    let too_much = stripe.refund(refund("booking-4-refund-2", 4000)).await;
    let unknown = stripe
        .refund(RefundRequest {
            provider_ref: "pi_unknown".into(),
            ..refund("booking-5-refund", 100)
        })
        .await;

    assert_eq!(half, replayed);
    assert!(half.provider_ref.starts_with("re_"));
    assert!(matches!(too_much, Err(PaymentError::Provider(e)) if e.contains("amount_too_large")));
    assert!(matches!(unknown, Err(PaymentError::Provider(e)) if e.contains("resource_missing")));
}

#[tokio::test]
async fn a_wrong_key_is_a_provider_error_and_the_key_never_prints() {
    let (good, _) = stub().await;
    let wrong = provider(&good.api_base, "sk_test_wrong");

    let error = wrong
        .charge(charge("k", "4242424242424242"))
        .await
        .unwrap_err();

    assert!(
        matches!(&error, PaymentError::Provider(e) if e.contains("401")),
        "{error:?}"
    );
    assert!(!format!("{good:?}").contains(KEY));
    let unconfigured = StripeSettings::default();
    assert!(StripePayments::new(&unconfigured).is_none());
}
