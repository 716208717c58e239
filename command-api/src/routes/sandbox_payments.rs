//! The sandbox payment provider's own routes: the browser's card form and
//! its 3-D Secure page talk to them, as Stripe.js talks to Stripe, so the
//! booking API never receives a card number (docs/booking.md "Paying").
//! Mounted only when the sandbox is the provider; authenticated by the
//! intent's client secret, like Stripe's browser calls.

use axum::extract::{Path, State};
use platform::http::ErrorEnvelope;
use platform::lang::Lang;
use platform::messages::message;
use platform::payments::{Card, ChallengeOutcome, SandboxAnswer, is_intent_id};
use secrecy::SecretString;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::context::{Json, Result};
use crate::error::CommandError;

/// A card typed in the sandbox's form. No `Debug`: it must not reach a log.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SandboxConfirmBody {
    #[schema(max_length = 255)]
    pub client_secret: String,
    #[schema(max_length = 23)]
    pub card_number: String,
    #[schema(minimum = 1, maximum = 12)]
    pub exp_month: u32,
    #[schema(maximum = 9999)]
    pub exp_year: u32,
    #[schema(max_length = 4)]
    pub cvc: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SandboxChallengeBody {
    #[schema(max_length = 255)]
    pub client_secret: String,
    /// `complete` or `fail`, the two buttons of the challenge page.
    pub outcome: SandboxChallengeChoice,
}

#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum SandboxChallengeChoice {
    Complete,
    Fail,
}

/// The intent's state after the step, as Stripe.js reports it.
#[derive(Serialize, ToSchema)]
pub struct SandboxStep {
    /// `succeeded`, `requires_action` (a challenge to complete) or
    /// `requires_payment_method` (refused: try another card).
    pub status: &'static str,
    /// The refusal's code (`card_declined`, `authentication_failed`, …).
    pub error_code: Option<&'static str>,
    /// The refusal, translated.
    pub message: Option<String>,
}

fn step(answer: SandboxAnswer, lang: Lang) -> SandboxStep {
    let error_code = match answer {
        SandboxAnswer::Declined(decline) => Some(decline.code()),
        _ => None,
    };
    SandboxStep {
        status: answer.status(),
        error_code,
        message: error_code.map(|code| message(lang, code, &[])),
    }
}

/// Bounds the inputs: an oversized field is not a card, nor an intent.
fn bounded(intent_id: &str, client_secret: &str) -> Result<()> {
    if is_intent_id(intent_id) && client_secret.len() <= 255 {
        Ok(())
    } else {
        Err(CommandError::NotFound)
    }
}

/// Confirms an intent with a card (the sandbox's Stripe.js).
#[utoipa::path(post, path = "/api/public/sandbox-payments/{intent_id}/confirm", tag = "payments",
    request_body = SandboxConfirmBody, params(("intent_id" = String, Path)),
    responses((status = 200, body = SandboxStep), (status = 404, body = ErrorEnvelope)))]
pub async fn sandbox_confirm(
    State(app): State<AppState>,
    lang: Lang,
    Path(intent_id): Path<String>,
    Json(body): Json<SandboxConfirmBody>,
) -> Result<Json<SandboxStep>> {
    let sandbox = app
        .sandbox_payments
        .as_ref()
        .ok_or(CommandError::NotFound)?;
    bounded(&intent_id, &body.client_secret)?;
    if body.card_number.len() > 23 || body.cvc.len() > 4 {
        return Ok(Json(step(
            SandboxAnswer::Declined(platform::payments::Decline::IncorrectNumber),
            lang,
        )));
    }
    let card = Card {
        number: SecretString::from(body.card_number),
        exp_month: body.exp_month,
        exp_year: body.exp_year,
        cvc: SecretString::from(body.cvc),
    };
    let answer = sandbox
        .confirm(&intent_id, &body.client_secret, &card)
        .map_err(|_| CommandError::NotFound)?;
    Ok(Json(step(answer, lang)))
}

/// Completes or fails the intent's open 3-D Secure challenge.
#[utoipa::path(post, path = "/api/public/sandbox-payments/{intent_id}/challenge", tag = "payments",
    request_body = SandboxChallengeBody, params(("intent_id" = String, Path)),
    responses((status = 200, body = SandboxStep), (status = 404, body = ErrorEnvelope)))]
pub async fn sandbox_challenge(
    State(app): State<AppState>,
    lang: Lang,
    Path(intent_id): Path<String>,
    Json(body): Json<SandboxChallengeBody>,
) -> Result<Json<SandboxStep>> {
    let sandbox = app
        .sandbox_payments
        .as_ref()
        .ok_or(CommandError::NotFound)?;
    bounded(&intent_id, &body.client_secret)?;
    let outcome = match body.outcome {
        SandboxChallengeChoice::Complete => ChallengeOutcome::Complete,
        SandboxChallengeChoice::Fail => ChallengeOutcome::Fail,
    };
    let answer = sandbox
        .challenge(&intent_id, &body.client_secret, outcome)
        .map_err(|_| CommandError::NotFound)?;
    Ok(Json(step(answer, lang)))
}
