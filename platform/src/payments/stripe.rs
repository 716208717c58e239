//! The Stripe adapter of [`PaymentProvider`], over Stripe's HTTP API
//! (form-encoded bodies, `Authorization: Bearer sk_…`, `Idempotency-Key`).
//!
//! * Prepare: `POST /v1/payment_intents` (`amount`, `currency`,
//!   `payment_method_types[]=card`, `metadata[reference]`) with the booking's
//!   idempotency key; its `client_secret` goes to Stripe.js in the browser,
//!   which takes the card (Payment Element) and runs any 3-D Secure
//!   challenge. No card number ever reaches our servers.
//! * Read: `GET /v1/payment_intents/{id}` expanding `latest_charge` (brand,
//!   last four). `succeeded` is paid; `requires_payment_method` with a
//!   `last_payment_error` is a refusal ([`Decline`]; a failed challenge is
//!   `payment_intent_authentication_failure`); `canceled` is final; any other
//!   status is pending. A 404 is an unknown intent.
//! * Refund: `POST /v1/refunds` `{payment_intent, amount}`.
//!
//! Webhooks (`Stripe-Signature`) are checked by [`super::webhook`].
//! The secret key and client secrets are never logged.

use async_trait::async_trait;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

use super::{
    Charge, Decline, Intent, IntentRequest, IntentState, IntentStatus, PaymentError,
    PaymentProvider, ProviderKind, Refund, RefundRequest, is_intent_id,
};
use crate::config::StripeSettings;

/// Takes payments through Stripe (or any server speaking its API).
#[derive(Debug, Clone)]
pub struct StripePayments {
    api_base: String,
    secret_key: SecretString,
    publishable_key: String,
    client: reqwest::Client,
}

#[derive(Deserialize)]
struct CreatedIntent {
    id: String,
    client_secret: String,
}

#[derive(Deserialize)]
struct PaymentIntent {
    id: String,
    amount: i64,
    currency: String,
    status: String,
    #[serde(default)]
    metadata: std::collections::HashMap<String, String>,
    last_payment_error: Option<StripeError>,
    latest_charge: Option<LatestCharge>,
}

impl PaymentIntent {
    fn state(mut self) -> IntentState {
        let status = match self.status.as_str() {
            "succeeded" => IntentStatus::Succeeded(self.charge()),
            "canceled" => IntentStatus::Canceled,
            "requires_payment_method" => match &self.last_payment_error {
                Some(error) => IntentStatus::Declined(error.refusal()),
                None => IntentStatus::Pending,
            },
            _ => IntentStatus::Pending,
        };
        IntentState {
            reference: self.metadata.remove("reference"),
            id: self.id,
            amount_minor: self.amount,
            currency: self.currency.to_lowercase(),
            status,
        }
    }

    /// What a booking keeps of it (`card` and no digits when the charge
    /// carries no card details).
    fn charge(&mut self) -> Charge {
        let card = self
            .latest_charge
            .take()
            .and_then(|c| c.payment_method_details)
            .and_then(|d| d.card);
        let (brand, last4) = match card {
            Some(card) => (card.brand, card.last4),
            None => ("card".to_owned(), String::new()),
        };
        Charge {
            provider_ref: self.id.clone(),
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
    /// An intent's last refusal as the client should hear it.
    fn refusal(&self) -> Decline {
        let code =
            |c: &str| self.code.as_deref() == Some(c) || self.decline_code.as_deref() == Some(c);
        if code("payment_intent_authentication_failure") {
            Decline::AuthenticationFailed
        } else if code("insufficient_funds") {
            Decline::InsufficientFunds
        } else if code("expired_card") {
            Decline::ExpiredCard
        } else if code("incorrect_cvc") || code("invalid_cvc") {
            Decline::IncorrectCvc
        } else if code("incorrect_number") || code("invalid_number") {
            Decline::IncorrectNumber
        } else {
            Decline::CardDeclined
        }
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
                    publishable_key: settings.publishable_key.clone().unwrap_or_default(),
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
        if status == reqwest::StatusCode::NOT_FOUND {
            return Err(PaymentError::UnknownIntent);
        }
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
            // Without the URL (it may name an intent).
            .map_err(|e| PaymentError::Provider(e.without_url().to_string()))?;
        let status = response.status();
        if status.is_success() {
            return response
                .json()
                .await
                .map_err(|e| PaymentError::Provider(format!("unexpected answer: {e}")));
        }
        let error = response.json::<ErrorBody>().await.ok().map(|b| b.error);
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

#[async_trait]
impl PaymentProvider for StripePayments {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Stripe
    }

    fn publishable_key(&self) -> Option<String> {
        Some(self.publishable_key.clone())
    }

    #[tracing::instrument(skip_all, fields(payment.amount = request.amount_minor))]
    async fn create_intent(&self, request: IntentRequest) -> Result<Intent, PaymentError> {
        let form = vec![
            ("amount", request.amount_minor.to_string()),
            ("currency", request.currency.to_lowercase()),
            ("payment_method_types[]", "card".into()),
            ("description", request.description.clone()),
            ("metadata[reference]", request.reference.clone()),
        ];
        let created: CreatedIntent = self
            .post("/v1/payment_intents", &request.idempotency_key, &form)
            .await?;
        tracing::info!(payment.provider_ref = %created.id, "payment intent ready");
        Ok(Intent {
            id: created.id,
            client_secret: SecretString::from(created.client_secret),
        })
    }

    #[tracing::instrument(skip_all, fields(payment.provider_ref = %id))]
    async fn intent(&self, id: &str) -> Result<IntentState, PaymentError> {
        if !is_intent_id(id) {
            return Err(PaymentError::UnknownIntent);
        }
        let intent: PaymentIntent = self
            .get(
                &format!("/v1/payment_intents/{id}"),
                &[("expand[]", "latest_charge")],
            )
            .await?;
        Ok(intent.state())
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
}

#[cfg(test)]
mod tests;
