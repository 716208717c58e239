//! Erasure on request (docs/rules.md "Erasure on request"): the holder asks
//! for a code (mailed to the account's address), confirms with it, and may
//! cancel until the date. The erasure itself is a scheduled command of the
//! reactions worker (`projector/src/reactions/erasure.rs`).

use chrono::{DateTime, Utc};
use domain::account::{self, Role};
use domain::otp::Channel;
use domain::{DomainError, FieldError, RuleCode};
use serde::{Deserialize, Serialize};
use store::{Position, StreamId};
use utoipa::ToSchema;
use uuid::Uuid;

use super::otp::{OtpRequested, check_unspent, issue, otp_stream, requested};
use super::{decide_on_account, load_account, profile};
use crate::AppState;
use crate::caller::Caller;
use crate::error::CommandError;
use crate::execute::{Actor, already_applied};
use crate::ids::Ids;

#[derive(Deserialize, ToSchema)]
pub struct ErasureConfirmation {
    /// The 6-digit code mailed by `POST /api/{area}/erasure/code`.
    pub code: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct ErasureScheduled {
    /// When the account will be erased, unless cancelled before.
    pub erase_at: DateTime<Utc>,
}

/// The code stream of an account's erasure (apart from sign-up codes).
fn code_stream(account_id: Uuid) -> StreamId {
    otp_stream(&format!("erasure-{account_id}"))
}

fn holder(caller: &Caller) -> Result<Uuid, CommandError> {
    match caller.role {
        Role::Client | Role::Consultant => Ok(caller.account_id),
        Role::Admin => Err(CommandError::NotFound),
    }
}

/// Mails a code confirming the erasure to the account's address, within
/// the sign-up code's resend limits.
pub async fn send_code(
    app: &AppState,
    ids: &Ids,
    caller: &Caller,
) -> Result<OtpRequested, CommandError> {
    let account_id = holder(caller)?;
    if already_applied(app, ids).await?.is_some() {
        return Ok(requested());
    }
    let loaded = load_account(app, account_id).await?;
    if !loaded.state.is_active() {
        return Err(CommandError::NotFound);
    }
    if loaded.state.erasure_due.is_some() {
        return Err(DomainError::Rule(RuleCode::ErasureAlreadyRequested).into());
    }
    let email = profile(app, account_id).await?["email"]
        .as_str()
        .map(str::to_owned)
        .ok_or(CommandError::NotFound)?;
    issue(
        app,
        ids,
        &code_stream(account_id),
        Channel::Email,
        loaded.state.language,
        |code| serde_json::json!({ "email": email, "code": code, "purpose": "erasure" }),
    )
    .await
}

/// Checks the code, then records the request: the account is erased after
/// the grace period.
pub async fn request(
    app: &AppState,
    ids: &Ids,
    caller: &Caller,
    body: ErasureConfirmation,
) -> Result<(ErasureScheduled, Position), CommandError> {
    let account_id = holder(caller)?;
    // A retry of a request that went through answers as the first time.
    if let Some(position) = already_applied(app, ids).await? {
        let erase_at = load_account(app, account_id)
            .await?
            .state
            .erasure_due
            .ok_or(DomainError::Rule(RuleCode::ErasureNotRequested))?;
        return Ok((ErasureScheduled { erase_at }, position));
    }
    let loaded = load_account(app, account_id).await?;
    if loaded.state.erasure_due.is_some() {
        return Err(DomainError::Rule(RuleCode::ErasureAlreadyRequested).into());
    }
    // Codes are 6 digits: anything much longer is not even checked.
    if body.code.len() > 32 {
        return Err(DomainError::field("code", FieldError::new("otp_invalid")).into());
    }
    check_unspent(
        app,
        &ids.child("code"),
        &code_stream(account_id),
        &body.code,
    )
    .await?;
    let position = decide_on_account(
        app,
        ids,
        Actor::from(caller),
        account_id,
        None,
        account::request_erasure,
    )
    .await?;
    let erase_at = load_account(app, account_id)
        .await?
        .state
        .erasure_due
        .ok_or_else(|| CommandError::internal("erasure recorded without a date"))?;
    Ok((ErasureScheduled { erase_at }, position))
}

/// Cancels the pending erasure.
pub async fn cancel(app: &AppState, ids: &Ids, caller: &Caller) -> Result<Position, CommandError> {
    let account_id = holder(caller)?;
    if let Some(position) = already_applied(app, ids).await? {
        return Ok(position);
    }
    decide_on_account(
        app,
        ids,
        Actor::from(caller),
        account_id,
        None,
        account::cancel_erasure,
    )
    .await
}
