use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use domain::account::RegistrationForm;
use platform::http::{ClientAddr, ErrorEnvelope};

use super::{Area, Committed};
use crate::AppState;
use crate::accounts::erasure::{self, ErasureConfirmation, ErasureScheduled};
use crate::accounts::otp::OtpRequested;
use crate::accounts::passwords::{self, ChangePassword, ForgotPassword, ResetPassword};
use crate::accounts::registration::{self, SignedUp};
use crate::accounts::second_factor::Challenge;
use crate::accounts::sessions::{self, SessionBody, SignIn};
use crate::caller::{Reauthenticated, SignedIn};
use crate::context::{Json, Result};
use crate::error::CommandError;
use crate::ids::IdempotencyKey;

/// Creates a client or consultant account (e-mail verified by OTP first).
#[utoipa::path(post, path = "/api/{area}/sign-up", tag = "accounts", request_body = RegistrationForm,
    params(("area" = String, Path, description = "`client` or `consultant`")),
    responses((status = 201, body = SignedUp), (status = 400, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope), (status = 503, description = "Too many password checks waiting (`server_busy`, `Retry-After`)", body = ErrorEnvelope)))]
pub async fn sign_up(
    State(app): State<AppState>,
    Area(role): Area,
    key: IdempotencyKey,
    Json(form): Json<RegistrationForm>,
) -> Result<Committed<SignedUp>> {
    if !role.can_self_register() {
        return Err(CommandError::NotFound);
    }
    let (body, position) = registration::sign_up(&app, &key.ids(None), role, form).await?;
    Ok(Committed::new(StatusCode::CREATED, Some(position)).body(body))
}

/// Signs in to an area; the session comes back as an HttpOnly cookie.
#[utoipa::path(post, path = "/api/{area}/sign-in", tag = "accounts", request_body = SignIn,
    params(("area" = String, Path, description = "`client`, `consultant` or `admin-panel`")),
    responses((status = 200, body = SessionBody), (status = 202, body = Challenge, description = "The password is right; the account must give a second factor (docs/api.md)"), (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope), (status = 429, description = "Too many failed sign-ins for this account (`too_many_attempts`) or from this address (`too_many_requests`), with `Retry-After`", body = ErrorEnvelope), (status = 503, description = "Too many password checks waiting (`server_busy`, `Retry-After`)", body = ErrorEnvelope)))]
pub async fn sign_in(
    State(app): State<AppState>,
    Area(role): Area,
    key: IdempotencyKey,
    client: ClientAddr,
    Json(body): Json<SignIn>,
) -> Result<Response> {
    let outcome = sessions::sign_in(&app, &key.ids(None), role, client.0, body).await?;
    Ok(super::second_factor::sign_in_answer(outcome))
}

/// Ends the current session.
#[utoipa::path(post, path = "/api/{area}/sign-out", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path)), responses((status = 204), (status = 401, body = ErrorEnvelope)))]
pub async fn sign_out(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
) -> Result<Committed<()>> {
    let (cookie, position) =
        sessions::sign_out(&app, &key.ids(Some(caller.account_id)), caller).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)).cookie(cookie))
}

/// Mails a password-reset link if the account exists (same answer either way).
#[utoipa::path(post, path = "/api/{area}/forgot-password", tag = "accounts", request_body = ForgotPassword,
    params(("area" = String, Path)), responses((status = 202), (status = 400, body = ErrorEnvelope)))]
pub async fn forgot_password(
    State(app): State<AppState>,
    Area(role): Area,
    key: IdempotencyKey,
    Json(body): Json<ForgotPassword>,
) -> Result<Committed<()>> {
    // The position is withheld: it would tell whether the account exists.
    passwords::forgot(&app, &key.ids(None), role, body).await?;
    Ok(Committed::new(StatusCode::ACCEPTED, None))
}

/// Sets a new password from a reset link; every session is revoked.
#[utoipa::path(post, path = "/api/{area}/reset-password", tag = "accounts", request_body = ResetPassword,
    params(("area" = String, Path)), responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 503, description = "Too many password checks waiting (`server_busy`, `Retry-After`)", body = ErrorEnvelope)))]
pub async fn reset_password(
    State(app): State<AppState>,
    Area(role): Area,
    key: IdempotencyKey,
    Json(body): Json<ResetPassword>,
) -> Result<Committed<()>> {
    let position = passwords::reset(&app, &key.ids(None), role, body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}

/// Changes the password; other sessions end, this one is renewed.
#[utoipa::path(post, path = "/api/{area}/change-password", tag = "accounts", security(("session" = [])),
    request_body = ChangePassword, params(("area" = String, Path)),
    responses((status = 204), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope), (status = 503, description = "Too many password checks waiting (`server_busy`, `Retry-After`)", body = ErrorEnvelope)))]
pub async fn change_password(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    Json(body): Json<ChangePassword>,
) -> Result<Committed<()>> {
    let opened = passwords::change(&app, &key.ids(Some(caller.account_id)), caller, body).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(opened.position)).cookie(opened.cookie))
}

/// Mails a code confirming the erasure of the caller's own account (clients and consultants).
#[utoipa::path(post, path = "/api/{area}/erasure/code", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path)),
    responses((status = 202, body = OtpRequested), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, description = "`erasure_already_requested`", body = ErrorEnvelope), (status = 429, body = ErrorEnvelope)))]
pub async fn send_erasure_code(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
) -> Result<Committed<OtpRequested>> {
    let ids = key.ids(Some(caller.account_id));
    let answer = erasure::send_code(&app, &ids, &caller).await?;
    Ok(Committed::new(StatusCode::ACCEPTED, None).body(answer))
}

/// Asks for the caller's account to be erased after the grace period, confirmed by the mailed code.
#[utoipa::path(post, path = "/api/{area}/erasure", tag = "accounts", security(("session" = [])),
    request_body = ErasureConfirmation,
    params(("area" = String, Path), ("X-Second-Factor" = Option<String>, Header, description = "A current code when the account has a second factor")),
    responses((status = 200, body = ErasureScheduled), (status = 400, body = ErrorEnvelope), (status = 401, body = ErrorEnvelope),
        (status = 403, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope), (status = 409, body = ErrorEnvelope)))]
pub async fn request_erasure(
    State(app): State<AppState>,
    Reauthenticated(caller): Reauthenticated,
    key: IdempotencyKey,
    Json(body): Json<ErasureConfirmation>,
) -> Result<Committed<ErasureScheduled>> {
    let ids = key.ids(Some(caller.account_id));
    let (scheduled, position) = erasure::request(&app, &ids, &caller, body).await?;
    Ok(Committed::new(StatusCode::OK, Some(position)).body(scheduled))
}

/// Cancels the caller's pending erasure.
#[utoipa::path(delete, path = "/api/{area}/erasure", tag = "accounts", security(("session" = [])),
    params(("area" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope),
        (status = 409, description = "`erasure_not_requested`", body = ErrorEnvelope)))]
pub async fn cancel_erasure(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
) -> Result<Committed<()>> {
    let position = erasure::cancel(&app, &key.ids(Some(caller.account_id)), &caller).await?;
    Ok(Committed::new(StatusCode::NO_CONTENT, Some(position)))
}
