use axum::extract::State;
use axum::http::StatusCode;
use platform::http::ErrorEnvelope;
use platform::lang::Lang;

use super::{Committed, language};
use crate::AppState;
use crate::accounts::mobile_otp::{self, MobileOtpRequest, MobileOtpVerification, MobileProof};
use crate::accounts::otp::{self, EmailProof, OtpRequest, OtpRequested, OtpVerification};
use crate::context::{Json, Result};
use crate::ids::IdempotencyKey;

/// Mails a sign-up code to an e-mail address.
#[utoipa::path(post, path = "/api/public/email-otp", tag = "accounts", request_body = OtpRequest,
    responses((status = 202, body = OtpRequested), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn request_email_otp(
    State(app): State<AppState>,
    lang: Lang,
    key: IdempotencyKey,
    Json(body): Json<OtpRequest>,
) -> Result<Committed<OtpRequested>> {
    let answer = otp::request(&app, &key.ids(None), body, language(&lang)).await?;
    Ok(Committed::new(StatusCode::ACCEPTED, None).body(answer))
}

/// Verifies a sign-up code and returns the proof the sign-up form sends.
#[utoipa::path(post, path = "/api/public/email-otp/verify", tag = "accounts", request_body = OtpVerification,
    responses((status = 200, body = EmailProof), (status = 400, body = ErrorEnvelope)))]
pub async fn verify_email_otp(
    State(app): State<AppState>,
    key: IdempotencyKey,
    Json(body): Json<OtpVerification>,
) -> Result<Json<EmailProof>> {
    Ok(Json(otp::verify(&app, &key.ids(None), body).await?))
}

/// Texts a sign-up code to a mobile number.
#[utoipa::path(post, path = "/api/public/mobile-otp", tag = "accounts", request_body = MobileOtpRequest,
    responses((status = 202, body = OtpRequested), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn request_mobile_otp(
    State(app): State<AppState>,
    lang: Lang,
    key: IdempotencyKey,
    Json(body): Json<MobileOtpRequest>,
) -> Result<Committed<OtpRequested>> {
    let answer = mobile_otp::request(&app, &key.ids(None), body, language(&lang)).await?;
    Ok(Committed::new(StatusCode::ACCEPTED, None).body(answer))
}

/// Verifies a texted code and returns the proof the sign-up form sends.
#[utoipa::path(post, path = "/api/public/mobile-otp/verify", tag = "accounts", request_body = MobileOtpVerification,
    responses((status = 200, body = MobileProof), (status = 400, body = ErrorEnvelope)))]
pub async fn verify_mobile_otp(
    State(app): State<AppState>,
    key: IdempotencyKey,
    Json(body): Json<MobileOtpVerification>,
) -> Result<Json<MobileProof>> {
    Ok(Json(mobile_otp::verify(&app, &key.ids(None), body).await?))
}
