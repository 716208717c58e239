//! The Stripe adapter of [`PaymentProvider`], over Stripe's HTTP API
//! (form-encoded bodies, `Authorization: Bearer sk_…`, `Idempotency-Key`).
//!
//! * Charge: `POST /v1/payment_intents` with `confirm=true` and the card as
//!   `payment_method_data[card][…]`, expanding `latest_charge` to read the
//!   brand and last four digits. Sending raw card numbers is what Stripe's
//!   API accepts for accounts allowed to (and test mode); production takes a
//!   `payment_method` id made by Stripe.js in the browser, so card numbers
//!   never reach our servers — the port's [`Card`] would then carry that id.
//! * Card errors come back as HTTP 402 `{error: {type: "card_error", code,
//!   decline_code}}` and become [`Decline`]s; anything else is a provider error.
//! * Refund: `POST /v1/refunds` `{payment_intent, amount}`.
//! * A charge its webhook reports: `GET /v1/payment_intents/{id}`, expanding
//!   `latest_charge`. Charges carry `metadata[reference]` (the booking id),
//!   which the webhook's `payment_intent.succeeded` names.
//!
//! Webhooks (`Stripe-Signature`) are checked by [`super::webhook`].
//! Card numbers, CVCs and the secret key are never logged.

use async_trait::async_trait;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

use super::{
    Card, Charge, ChargeRequest, Decline, PaymentError, PaymentProvider, Refund, RefundRequest,
};
use crate::config::StripeSettings;

/// Takes payments through Stripe (or any server speaking its API).
#[derive(Debug, Clone)]
pub struct StripePayments {
    api_base: String,
    secret_key: SecretString,
    client: reqwest::Client,
}

#[derive(Deserialize)]
struct PaymentIntent {
    id: String,
    status: String,
    latest_charge: Option<LatestCharge>,
}

impl PaymentIntent {
    /// What a booking keeps of it; `last4` when the charge carries no card.
    fn charge(self, last4: impl FnOnce() -> String) -> Charge {
        let card = self
            .latest_charge
            .and_then(|c| c.payment_method_details)
            .and_then(|d| d.card);
        let (brand, last4) = match card {
            Some(card) => (card.brand, card.last4),
            None => ("card".to_owned(), last4()),
        };
        Charge {
            provider_ref: self.id,
            brand,
            last4,
        }
    }
}

#[derive(Deserialize)]
struct LatestCharge {
    payment_method_details: Option<PaymentMethodDetails>,
}

#[derive(Deserialize)]
struct PaymentMethodDetails {
    card: Option<CardDetails>,
}

#[derive(Deserialize)]
struct CardDetails {
    brand: String,
    last4: String,
}

#[derive(Deserialize)]
struct StripeRefund {
    id: String,
    status: String,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: StripeError,
}

#[derive(Deserialize)]
struct StripeError {
    #[serde(rename = "type")]
    kind: String,
    code: Option<String>,
    decline_code: Option<String>,
}

impl StripeError {
    /// A card error as the client should hear it; `None` for other errors.
    fn decline(&self) -> Option<Decline> {
        if self.kind != "card_error" {
            return None;
        }
        let code =
            |c: &str| self.code.as_deref() == Some(c) || self.decline_code.as_deref() == Some(c);
        Some(if code("insufficient_funds") {
            Decline::InsufficientFunds
        } else if code("expired_card") {
            Decline::ExpiredCard
        } else if code("incorrect_cvc") || code("invalid_cvc") {
            Decline::IncorrectCvc
        } else if code("incorrect_number") || code("invalid_number") {
            Decline::IncorrectNumber
        } else {
            Decline::CardDeclined
        })
    }
}

impl StripePayments {
    /// The adapter for `settings`; `None` when no secret key is configured.
    pub fn new(settings: &StripeSettings) -> Option<Result<Self, PaymentError>> {
        let secret_key = settings.secret_key.clone()?;
        Some(
            reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(30))
                .build()
                .map(|client| StripePayments {
                    api_base: settings.api_base.clone(),
                    secret_key,
                    client,
                })
                .map_err(|e| PaymentError::Provider(e.to_string())),
        )
    }

    /// Gets `path` with `query`; decodes a success as `T`.
    async fn get<T: for<'de> Deserialize<'de>>(
        &self,
        path: &str,
        query: &[(&str, &str)],
    ) -> Result<T, PaymentError> {
        let response = self
            .client
            .get(format!("{}{path}", self.api_base))
            .bearer_auth(self.secret_key.expose_secret())
            .query(query)
            .send()
            .await
            .map_err(|e| PaymentError::Provider(e.without_url().to_string()))?;
        let status = response.status();
        if !status.is_success() {
            return Err(PaymentError::Provider(format!("HTTP {}", status.as_u16())));
        }
        response
            .json()
            .await
            .map_err(|e| PaymentError::Provider(format!("unexpected answer: {e}")))
    }

    /// Posts a form to `path` with the idempotency key; decodes a success as `T`.
    async fn post<T: for<'de> Deserialize<'de>>(
        &self,
        path: &str,
        idempotency_key: &str,
        form: &[(&str, String)],
    ) -> Result<T, PaymentError> {
        let response = self
            .client
            .post(format!("{}{path}", self.api_base))
            .bearer_auth(self.secret_key.expose_secret())
            .header("Idempotency-Key", idempotency_key)
            .form(form)
            .send()
            .await
            // Without the URL; the body (card) is never part of reqwest's errors.
            .map_err(|e| PaymentError::Provider(e.without_url().to_string()))?;
        let status = response.status();
        if status.is_success() {
            return response
                .json()
                .await
                .map_err(|e| PaymentError::Provider(format!("unexpected answer: {e}")));
        }
        let error = response.json::<ErrorBody>().await.ok().map(|b| b.error);
        if let Some(decline) = error.as_ref().and_then(StripeError::decline) {
            return Err(PaymentError::Declined(decline));
        }
        Err(PaymentError::Provider(match error {
            Some(e) => format!(
                "HTTP {} {} {}",
                status.as_u16(),
                e.kind,
                e.code.unwrap_or_default()
            ),
            None => format!("HTTP {}", status.as_u16()),
        }))
    }
}

fn card_fields(card: &Card) -> Vec<(&'static str, String)> {
    vec![
        ("payment_method_data[type]", "card".into()),
        ("payment_method_data[card][number]", card.digits()),
        (
            "payment_method_data[card][exp_month]",
            card.exp_month.to_string(),
        ),
        (
            "payment_method_data[card][exp_year]",
            card.exp_year.to_string(),
        ),
        (
            "payment_method_data[card][cvc]",
            card.cvc.expose_secret().trim().to_owned(),
        ),
    ]
}

#[async_trait]
impl PaymentProvider for StripePayments {
    #[tracing::instrument(skip_all, fields(payment.amount = request.amount_minor))]
    async fn charge(&self, request: ChargeRequest) -> Result<Charge, PaymentError> {
        let mut form = vec![
            ("amount", request.amount_minor.to_string()),
            ("currency", request.currency.to_lowercase()),
            ("confirm", "true".into()),
            ("payment_method_types[]", "card".into()),
            ("description", request.description.clone()),
            ("metadata[reference]", request.reference.clone()),
            ("expand[]", "latest_charge".into()),
        ];
        form.extend(card_fields(&request.card));
        let intent: PaymentIntent = self
            .post("/v1/payment_intents", &request.idempotency_key, &form)
            .await?;
        match intent.status.as_str() {
            "succeeded" => {}
            // Refused without an error answer (e.g. a replayed declined intent).
            "requires_payment_method" => return Err(PaymentError::Declined(Decline::CardDeclined)),
            // 3-D Secure and the like need Stripe.js in the browser.
            other => {
                return Err(PaymentError::Provider(format!(
                    "payment intent {} is {other}",
                    intent.id
                )));
            }
        }
        tracing::info!(payment.provider_ref = %intent.id, "card charged");
        Ok(intent.charge(|| request.card.last4()))
    }

    #[tracing::instrument(skip_all, fields(payment.provider_ref = %request.provider_ref))]
    async fn refund(&self, request: RefundRequest) -> Result<Refund, PaymentError> {
        let form = vec![
            ("payment_intent", request.provider_ref.clone()),
            ("amount", request.amount_minor.to_string()),
        ];
        let refund: StripeRefund = self
            .post("/v1/refunds", &request.idempotency_key, &form)
            .await?;
        if refund.status == "failed" || refund.status == "canceled" {
            return Err(PaymentError::Provider(format!(
                "refund {} is {}",
                refund.id, refund.status
            )));
        }
        Ok(Refund {
            provider_ref: refund.id,
        })
    }

    #[tracing::instrument(skip_all, fields(payment.provider_ref = %provider_ref))]
    async fn charge_of(&self, provider_ref: &str) -> Result<Charge, PaymentError> {
        if provider_ref.is_empty()
            || !provider_ref
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            return Err(PaymentError::Provider("not a payment intent id".into()));
        }
        let intent: PaymentIntent = self
            .get(
                &format!("/v1/payment_intents/{provider_ref}"),
                &[("expand[]", "latest_charge")],
            )
            .await?;
        if intent.status != "succeeded" {
            return Err(PaymentError::Provider(format!(
                "payment intent {} is {}",
                intent.id, intent.status
            )));
        }
        Ok(intent.charge(String::new))
    }
}

#[cfg(test)]
mod tests;
