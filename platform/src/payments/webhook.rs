//! Stripe webhooks: the `Stripe-Signature` header checked against the
//! endpoint's signing secret, and the events we act on parsed into
//! [`StripeEvent`].
//!
//! The header is `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{payload}"}`
//! (several `v1` during a secret rotation). A signature is accepted when one
//! `v1` matches (compared in constant time) and `t` is within
//! [`TOLERANCE`] of now, so a captured call cannot be replayed later.

use chrono::{DateTime, TimeDelta, Utc};
use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use sha2::Sha256;

/// How far a signature's timestamp may be from now (Stripe's default).
pub const TOLERANCE: TimeDelta = TimeDelta::minutes(5);

/// Why a webhook call was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    /// No webhook secret is configured: every call is refused.
    #[error("no webhook secret configured")]
    NotConfigured,
    /// The header is missing or malformed.
    #[error("malformed Stripe-Signature header")]
    Malformed,
    /// No `v1` signature matches the payload.
    #[error("signature mismatch")]
    Mismatch,
    /// The timestamp is outside the tolerance.
    #[error("timestamp outside the tolerance")]
    Stale,
    /// The signed payload is not an event.
    #[error("unreadable event: {0}")]
    Unreadable(String),
}

/// The events the platform cares about; any other is [`StripeEvent::Other`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StripeEvent {
    /// `payment_intent.succeeded`, with the charge's `metadata[reference]`
    /// ([`super::ChargeRequest::reference`]) when it has one.
    PaymentSucceeded {
        event_id: String,
        payment_intent: String,
        amount_minor: i64,
        reference: Option<String>,
    },
    /// `payment_intent.payment_failed`, with the last error's code if any.
    PaymentFailed {
        event_id: String,
        payment_intent: String,
        code: Option<String>,
    },
    /// `charge.refunded`: `amount_refunded` is the charge's refunded total.
    ChargeRefunded {
        event_id: String,
        payment_intent: Option<String>,
        amount_refunded: i64,
    },
    Other {
        event_id: String,
        event_type: String,
    },
}

impl StripeEvent {
    pub fn event_id(&self) -> &str {
        match self {
            StripeEvent::PaymentSucceeded { event_id, .. }
            | StripeEvent::PaymentFailed { event_id, .. }
            | StripeEvent::ChargeRefunded { event_id, .. }
            | StripeEvent::Other { event_id, .. } => event_id,
        }
    }

    /// Stripe's event type.
    pub fn event_type(&self) -> &str {
        match self {
            StripeEvent::PaymentSucceeded { .. } => "payment_intent.succeeded",
            StripeEvent::PaymentFailed { .. } => "payment_intent.payment_failed",
            StripeEvent::ChargeRefunded { .. } => "charge.refunded",
            StripeEvent::Other { event_type, .. } => event_type,
        }
    }
}

/// Checks `signature` (the `Stripe-Signature` header) over the raw `payload`
/// with `secret` at `now`, then parses the event.
pub fn verify_webhook(
    payload: &[u8],
    signature: Option<&str>,
    secret: Option<&SecretString>,
    now: DateTime<Utc>,
) -> Result<StripeEvent, WebhookError> {
    let secret = secret.ok_or(WebhookError::NotConfigured)?;
    let header = signature.ok_or(WebhookError::Malformed)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", v)) => {
                signatures.push(hex::decode(v).map_err(|_| WebhookError::Malformed)?)
            }
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(WebhookError::Malformed)?;
    if signatures.is_empty() {
        return Err(WebhookError::Malformed);
    }
    let mac = || {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.expose_secret().as_bytes())
            .expect("HMAC takes any key length");
        mac.update(timestamp.to_string().as_bytes());
        mac.update(b".");
        mac.update(payload);
        mac
    };
    // `verify_slice` compares in constant time.
    if !signatures.iter().any(|s| mac().verify_slice(s).is_ok()) {
        return Err(WebhookError::Mismatch);
    }
    if (now.timestamp() - timestamp).abs() > TOLERANCE.num_seconds() {
        return Err(WebhookError::Stale);
    }
    parse_event(payload)
}

/// Signs `payload` at `timestamp` as Stripe does (for tests and stubs).
pub fn sign(payload: &[u8], secret: &SecretString, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.expose_secret().as_bytes())
        .expect("HMAC takes any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

#[derive(Deserialize)]
struct RawEvent {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: RawData,
}

#[derive(Deserialize)]
struct RawData {
    object: serde_json::Value,
}

fn parse_event(payload: &[u8]) -> Result<StripeEvent, WebhookError> {
    let raw: RawEvent =
        serde_json::from_slice(payload).map_err(|e| WebhookError::Unreadable(e.to_string()))?;
    let object = &raw.data.object;
    let text = |key: &str| object[key].as_str().map(str::to_owned);
    let missing = |what: &str| WebhookError::Unreadable(format!("{} without {what}", raw.kind));
    Ok(match raw.kind.as_str() {
        "payment_intent.succeeded" => StripeEvent::PaymentSucceeded {
            payment_intent: text("id").ok_or_else(|| missing("id"))?,
            amount_minor: object["amount_received"]
                .as_i64()
                .or_else(|| object["amount"].as_i64())
                .unwrap_or(0),
            reference: object["metadata"]["reference"].as_str().map(str::to_owned),
            event_id: raw.id,
        },
        "payment_intent.payment_failed" => StripeEvent::PaymentFailed {
            payment_intent: text("id").ok_or_else(|| missing("id"))?,
            code: object["last_payment_error"]["decline_code"]
                .as_str()
                .or_else(|| object["last_payment_error"]["code"].as_str())
                .map(str::to_owned),
            event_id: raw.id,
        },
        "charge.refunded" => StripeEvent::ChargeRefunded {
            payment_intent: text("payment_intent"),
            amount_refunded: object["amount_refunded"].as_i64().unwrap_or(0),
            event_id: raw.id,
        },
        _ => StripeEvent::Other {
            event_id: raw.id,
            event_type: raw.kind,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret() -> SecretString {
        SecretString::from("whsec_test_secret")
    }

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_790_000_000, 0).unwrap()
    }

    const SUCCEEDED: &str = r#"{"id":"evt_1","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1","object":"payment_intent","amount":6050,"amount_received":6050,"currency":"eur","status":"succeeded","metadata":{"reference":"0194a1b2-0000-7000-8000-000000000001"}}}}"#;

    #[test]
    fn a_valid_signature_yields_the_typed_event() {
        let header = sign(SUCCEEDED.as_bytes(), &secret(), now().timestamp() - 60);
        let event =
            verify_webhook(SUCCEEDED.as_bytes(), Some(&header), Some(&secret()), now()).unwrap();
        assert_eq!(
            event,
            StripeEvent::PaymentSucceeded {
                event_id: "evt_1".into(),
                payment_intent: "pi_1".into(),
                amount_minor: 6050,
                reference: Some("0194a1b2-0000-7000-8000-000000000001".into()),
            }
        );
        assert_eq!(event.event_type(), "payment_intent.succeeded");
    }

    #[test]
    fn a_tampered_payload_or_another_secret_is_refused() {
        let header = sign(SUCCEEDED.as_bytes(), &secret(), now().timestamp());
        let tampered = SUCCEEDED.replace("6050", "1");
        assert_eq!(
            verify_webhook(tampered.as_bytes(), Some(&header), Some(&secret()), now()),
            Err(WebhookError::Mismatch)
        );
        let other = SecretString::from("whsec_other");
        assert_eq!(
            verify_webhook(SUCCEEDED.as_bytes(), Some(&header), Some(&other), now()),
            Err(WebhookError::Mismatch)
        );
    }

    #[test]
    fn a_stale_or_future_timestamp_is_refused() {
        let old = sign(SUCCEEDED.as_bytes(), &secret(), now().timestamp() - 301);
        let future = sign(SUCCEEDED.as_bytes(), &secret(), now().timestamp() + 301);
        let edge = sign(SUCCEEDED.as_bytes(), &secret(), now().timestamp() - 300);
        for header in [old, future] {
            assert_eq!(
                verify_webhook(SUCCEEDED.as_bytes(), Some(&header), Some(&secret()), now()),
                Err(WebhookError::Stale)
            );
        }
        assert!(verify_webhook(SUCCEEDED.as_bytes(), Some(&edge), Some(&secret()), now()).is_ok());
    }

    #[test]
    fn malformed_headers_and_a_missing_secret_are_refused() {
        let payload = SUCCEEDED.as_bytes();
        for header in [
            None,
            Some(""),
            Some("t=abc,v1=00"),
            Some("t=1790000000"),
            Some("t=1790000000,v1=zz"),
        ] {
            assert_eq!(
                verify_webhook(payload, header, Some(&secret()), now()),
                Err(WebhookError::Malformed),
                "{header:?}"
            );
        }
        let header = sign(payload, &secret(), now().timestamp());
        assert_eq!(
            verify_webhook(payload, Some(&header), None, now()),
            Err(WebhookError::NotConfigured)
        );
    }

    #[test]
    fn one_matching_signature_among_several_is_enough() {
        let good = sign(SUCCEEDED.as_bytes(), &secret(), now().timestamp());
        let v1 = good.split_once("v1=").unwrap().1;
        let header = format!(
            "t={},v1={},v0=ignored,v1={v1}",
            now().timestamp(),
            "00".repeat(32)
        );
        assert!(
            verify_webhook(SUCCEEDED.as_bytes(), Some(&header), Some(&secret()), now()).is_ok()
        );
    }

    #[test]
    fn failures_refunds_and_other_events_are_parsed() {
        let failed = r#"{"id":"evt_2","type":"payment_intent.payment_failed","data":{"object":{"id":"pi_2","last_payment_error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds"}}}}"#;
        let refunded = r#"{"id":"evt_3","type":"charge.refunded","data":{"object":{"id":"ch_3","payment_intent":"pi_3","amount_refunded":3025}}}"#;
        let other = r#"{"id":"evt_4","type":"customer.created","data":{"object":{"id":"cus_4"}}}"#;
        let parse = |p: &str| {
            let header = sign(p.as_bytes(), &secret(), now().timestamp());
            verify_webhook(p.as_bytes(), Some(&header), Some(&secret()), now()).unwrap()
        };
        assert_eq!(
            parse(failed),
            StripeEvent::PaymentFailed {
                event_id: "evt_2".into(),
                payment_intent: "pi_2".into(),
                code: Some("insufficient_funds".into())
            }
        );
        assert_eq!(
            parse(refunded),
            StripeEvent::ChargeRefunded {
                event_id: "evt_3".into(),
                payment_intent: Some("pi_3".into()),
                amount_refunded: 3025
            }
        );
        assert_eq!(parse(other).event_type(), "customer.created");
    }
}
