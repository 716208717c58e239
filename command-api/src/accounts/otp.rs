use domain::account::{PayloadRef, Role};
use domain::otp::{self, Channel, NewCode, Otp, OtpEvent, Verification};
use domain::values::{Email, Language};
use domain::{DomainError, FieldError};
use platform::auth::{EmailProofClaims, random_otp_code};
use serde::{Deserialize, Serialize};
use store::{SideWrite, StreamId};
use utoipa::ToSchema;

use super::{load_reservation, login_key};
use crate::AppState;

use crate::error::CommandError;
use crate::execute::{Actor, Batch, already_applied, load, with_retry};
use crate::ids::Ids;

#[derive(Deserialize, ToSchema)]
pub struct OtpRequest {
    pub email: String,
    /// `client` or `consultant`.
    pub role: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct OtpRequested {
    pub resend_after_seconds: i64,
    pub expires_in_seconds: i64,
}

#[derive(Deserialize, ToSchema)]
pub struct OtpVerification {
    pub email: String,
    pub role: String,
    pub code: String,
}

#[derive(Serialize, Deserialize, ToSchema)]
pub struct EmailProof {
    /// Send back as `email_proof` with the sign-up form.
    pub proof: String,
}

pub(crate) fn otp_stream(login_key: &str) -> StreamId {
    StreamId::new(otp::CATEGORY, login_key)
}

pub(crate) fn signup_role(raw: &str) -> Result<Role, CommandError> {
    Role::parse(raw)
        .filter(|r| r.can_self_register())
        .ok_or_else(|| DomainError::field("role", FieldError::new("choice.invalid")).into())
}

fn parse_email(raw: &str) -> Result<Email, CommandError> {
    Email::parse(raw).map_err(|e| DomainError::field("email", e).into())
}

/// Mails a 6-digit code to the address, within the resend limits.
pub async fn request(
    app: &AppState,
    ids: &Ids,
    body: OtpRequest,
    language: Language,
) -> Result<OtpRequested, CommandError> {
    let role = signup_role(&body.role)?;
    let email = parse_email(&body.email)?;
    let key = login_key(app, role, &email);
    // A retry (same `Idempotency-Key`) of a request that went through.
    if already_applied(app, ids).await?.is_some() {
        return Ok(requested());
    }
    if load_reservation(app, &key).await?.state.holder.is_some() {
        return Err(DomainError::field("email", FieldError::new("email_taken")).into());
    }
    issue(
        app,
        ids,
        &otp_stream(&key),
        Channel::Email,
        language,
        |code| serde_json::json!({ "email": email.as_ref(), "code": code }),
    )
    .await
}

/// What a code request answers.
pub(crate) fn requested() -> OtpRequested {
    OtpRequested {
        resend_after_seconds: otp::RESEND_AFTER.num_seconds(),
        expires_in_seconds: otp::VALIDITY.num_seconds(),
    }
}

/// Issues a code on `stream` for `channel`, within the resend limits; the
/// reactions worker sends `payload(code)` (forgettable) by that channel.
pub(crate) async fn issue(
    app: &AppState,
    ids: &Ids,
    stream: &StreamId,
    channel: Channel,
    language: Language,
    payload: impl Fn(&str) -> serde_json::Value,
) -> Result<OtpRequested, CommandError> {
    let sent = with_retry(|| async {
        let now = app.clock.now();
        let loaded = load::<OtpEvent, _>(app, stream, Otp::evolve).await?;
        let otp_id = ids.id("otp");
        let code = random_otp_code();
        let mail = PayloadRef {
            subject: otp_id,
            key: "mail".into(),
        };
        let events = otp::request(
            &loaded.state,
            NewCode {
                otp_id,
                code_hash: app.keys.otp_code_hash(&otp_id.to_string(), &code),
                mail: mail.clone(),
                language,
                channel,
            },
            now,
        )?;
        Batch::new(ids, Actor::VISITOR, now)
            .events(stream.clone(), loaded.version, &events)
            .side(SideWrite::PutPayload {
                subject: mail.subject,
                key: mail.key,
                value: payload(&code).to_string(),
            })
            .commit(app)
            .await?;
        Ok(())
    })
    .await;
    // A twin request with the same key may have gone through meanwhile.
    if let Err(error) = sent
        && already_applied(app, ids).await?.is_none()
    {
        return Err(error);
    }
    Ok(requested())
}

/// Checks a code; a right one yields the proof the sign-up needs.
pub async fn verify(
    app: &AppState,
    ids: &Ids,
    body: OtpVerification,
) -> Result<EmailProof, CommandError> {
    let role = signup_role(&body.role)?;
    let email = parse_email(&body.email)?;
    let key = login_key(app, role, &email);
    check(app, ids, &otp_stream(&key), &body.code).await?;
    let claims = EmailProofClaims::new(key, role, app.clock.now());
    let proof = app
        .keys
        .encode_email_proof(&claims)
        .map_err(CommandError::internal)?;
    Ok(EmailProof { proof })
}

/// Checks `code` against the current code of `stream`: `Ok` when it is
/// right, the field error `code: otp_invalid` when wrong (and recorded).
pub(crate) async fn check(
    app: &AppState,
    ids: &Ids,
    stream: &StreamId,
    code: &str,
) -> Result<(), CommandError> {
    check_with(app, ids, stream, code, false).await
}

/// As [`check`], for a code that confirms one action: a code already
/// verified is spent (`domain::otp::verify_unspent`).
pub(crate) async fn check_unspent(
    app: &AppState,
    ids: &Ids,
    stream: &StreamId,
    code: &str,
) -> Result<(), CommandError> {
    check_with(app, ids, stream, code, true).await
}

async fn check_with(
    app: &AppState,
    ids: &Ids,
    stream: &StreamId,
    code: &str,
    spent_once_verified: bool,
) -> Result<(), CommandError> {
    let code = code.trim().to_owned();
    let outcome = with_retry(|| async {
        let now = app.clock.now();
        let loaded = load::<OtpEvent, _>(app, stream, Otp::evolve).await?;
        let hash = |id: uuid::Uuid| app.keys.otp_code_hash(&id.to_string(), &code);
        let (events, outcome) = if spent_once_verified {
            otp::verify_unspent(&loaded.state, hash, now)?
        } else {
            otp::verify(&loaded.state, hash, now)?
        };
        if !events.is_empty() {
            Batch::new(ids, Actor::VISITOR, now)
                .events(stream.clone(), loaded.version, &events)
                .commit(app)
                .await?;
        }
        Ok(outcome)
    })
    .await?;
    match outcome {
        Verification::WrongCode => {
            Err(DomainError::field("code", FieldError::new("otp_invalid")).into())
        }
        Verification::Verified => Ok(()),
    }
}
