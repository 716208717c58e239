//! The second factor's routes (docs/api.md "Second factor").

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use platform::http::{ClientAddr, ErrorEnvelope};

use super::{Area, Committed};
use crate::AppState;
use crate::accounts::second_factor::{
    self, ChallengeOnly, CodeBody, Enrolment, RecoveryCodes, SecondFactorSession, SecondStep,
};
use crate::caller::{Reauthenticated, SignedIn};
use crate::context::{Json, Result};
use crate::ids::IdempotencyKey;

/// An administrator without a second factor, at sign-in: a new secret for
/// the authenticator app (the 202 challenge says `enrol`).
#[utoipa::path(post, path = "/api/{area}/sign-in/enrolment", tag = "accounts", request_body = ChallengeOnly,
    params(("area" = String, Path)),
    responses((status = 200, body = Enrolment), (status = 400, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn enrol_at_sign_in(
    State(app): State<AppState>,
    Area(role): Area,
    key: IdempotencyKey,
    Json(body): Json<ChallengeOnly>,
) -> Result<Committed<Enrolment>> {
    let (enrolment, position) =
        second_factor::enrol_at_sign_in(&app, &key.ids(None), role, body).await?;
    Ok(Committed::new(StatusCode::OK, Some(position)).body(enrolment))
}

/// The second step of a sign-in: a code (or a recovery code) opens the session.
#[utoipa::path(post, path = "/api/{area}/sign-in/second-factor", tag = "accounts", request_body = SecondStep,
    params(("area" = String, Path)),
    responses((status = 200, body = SecondFactorSession), (status = 400, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn sign_in_second_factor(
    State(app): State<AppState>,
    Area(role): Area,
    key: IdempotencyKey,
    client: ClientAddr,
    Json(body): Json<SecondStep>,
) -> Result<Committed<SecondFactorSession>> {
    let (opened, recovery_codes) =
        second_factor::sign_in(&app, &key.ids(None), role, client.0, body).await?;
    Ok(Committed::new(StatusCode::OK, Some(opened.position))
        .body(SecondFactorSession {
            session: opened.body,
            recovery_codes,
        })
        .cookie(opened.cookie))
}

/// Starts setting up a second factor: a new secret for the authenticator app.
#[utoipa::path(post, path = "/api/{area}/second-factor/enrolment", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path)),
    responses((status = 200, body = Enrolment), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn enrol(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
) -> Result<Committed<Enrolment>> {
    let (enrolment, position) =
        second_factor::enrol(&app, &key.ids(Some(caller.account_id)), &caller).await?;
    Ok(Committed::new(StatusCode::OK, Some(position)).body(enrolment))
}

/// Turns the second factor on with a first code; answers the recovery codes.
#[utoipa::path(post, path = "/api/{area}/second-factor", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path)), request_body = CodeBody,
    responses((status = 200, body = RecoveryCodes), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn confirm(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<CodeBody>,
) -> Result<Committed<RecoveryCodes>> {
    let (codes, position) =
        second_factor::confirm(&app, &key.ids(Some(caller.account_id)), &caller, body).await?;
    Ok(Committed::new(StatusCode::OK, Some(position)).body(codes))
}

/// Turns the second factor off (re-authenticated; not for administrators).
#[utoipa::path(delete, path = "/api/{area}/second-factor", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path), ("X-Second-Factor" = Option<String>, Header, description = "A current code")),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn disable(
    State(app): State<AppState>,
    Reauthenticated(caller): Reauthenticated,
    key: IdempotencyKey,
) -> Result<Committed<()>> {
    let position = second_factor::disable(&app, &key.ids(Some(caller.account_id)), &caller).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}

/// New recovery codes (re-authenticated); the earlier ones stop working.
#[utoipa::path(post, path = "/api/{area}/second-factor/recovery-codes", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path), ("X-Second-Factor" = Option<String>, Header, description = "A current code")),
    responses((status = 200, body = RecoveryCodes), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn renew_recovery_codes(
    State(app): State<AppState>,
    Reauthenticated(caller): Reauthenticated,
    key: IdempotencyKey,
) -> Result<Committed<RecoveryCodes>> {
    let (codes, position) =
        second_factor::renew_recovery_codes(&app, &key.ids(Some(caller.account_id)), &caller)
            .await?;
    Ok(Committed::new(StatusCode::OK, Some(position)).body(codes))
}

/// Answers a sign-in: the session (200) or the second step's challenge (202).
pub fn sign_in_answer(outcome: crate::accounts::sessions::SignInOutcome) -> Response {
    use crate::accounts::sessions::SignInOutcome;
    match outcome {
        SignInOutcome::Opened(opened) => Committed::new(StatusCode::OK, Some(opened.position))
            .body(opened.body)
            .cookie(opened.cookie)
            .into_response(),
        // No position: nothing was written, and no cookie yet.
        SignInOutcome::SecondStep(challenge) => Committed::new(StatusCode::ACCEPTED, None)
            .body(challenge)
            .into_response(),
    }
}
