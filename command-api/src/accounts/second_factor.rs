//! The second factor (TOTP): the sign-in's second step, enrolment, recovery
//! codes, turning it off, and re-authentication before sensitive actions
//! (docs/rules.md "Second factor"; the decisions are
//! `domain::account::second_factor`'s).

use std::net::IpAddr;

use domain::account::{self, Account, PayloadRef, Role, SignInStep};
use domain::{DomainError, RuleCode};
use platform::auth::SignInChallengeClaims;
use platform::auth::totp::{self, SecondFactorCode};
use serde::{Deserialize, Serialize};
use store::{Position, SideWrite};
use utoipa::ToSchema;
use uuid::Uuid;

use super::sessions::{Opened, SessionBody, open_session};
use super::throttle::SignInCounters;
use super::{account_stream, decide_on_account, load_account, profile};
use crate::AppState;
use crate::caller::Caller;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded};
use crate::ids::Ids;

/// The name authenticator apps show beside the code.
const ISSUER: &str = "Equilibre";

/// The password was right; the sign-in waits for a second factor (202).
#[derive(Serialize, Deserialize, ToSchema)]
pub struct Challenge {
    /// `code`: give a code; `enrol`: set up an authenticator app first.
    #[schema(value_type = String, example = "code")]
    pub second_factor: SignInStep,
    /// Send it back with the code (valid five minutes).
    pub challenge: String,
    pub expires_in_seconds: i64,
}

/// The second step of a sign-in.
#[derive(Deserialize, ToSchema)]
pub struct SecondStep {
    pub challenge: String,
    /// Six digits from the app, or a recovery code.
    pub code: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ChallengeOnly {
    pub challenge: String,
}

/// A new secret for an authenticator app.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct Enrolment {
    /// Base32, for typing in by hand.
    pub secret: String,
    pub otpauth_uri: String,
    /// The URI as a QR code (an SVG document).
    pub qr_svg: String,
}

#[derive(Deserialize, ToSchema)]
pub struct CodeBody {
    pub code: String,
}

/// Recovery codes, shown this once.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct RecoveryCodes {
    pub recovery_codes: Vec<String>,
}

/// A session opened by the second step; after an enrolment, with the
/// recovery codes to show once.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct SecondFactorSession {
    #[serde(flatten)]
    pub session: SessionBody,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovery_codes: Option<Vec<String>>,
}

/// The challenge a sign-in answers when the account needs a second step.
pub fn challenge(
    app: &AppState,
    role: Role,
    login_key: &str,
    account_id: Uuid,
    account: &Account,
    step: SignInStep,
) -> Result<Challenge, CommandError> {
    let claims = SignInChallengeClaims::new(
        account_id,
        role,
        login_key.to_owned(),
        password_stamp(account),
        app.clock.now(),
    );
    Ok(Challenge {
        second_factor: step,
        challenge: app
            .keys
            .encode_sign_in_challenge(&claims)
            .map_err(CommandError::internal)?,
        expires_in_seconds: platform::auth::SIGN_IN_CHALLENGE_TTL.num_seconds(),
    })
}

fn password_stamp(account: &Account) -> i64 {
    account
        .password_changed_at
        .map_or(0, |at| at.timestamp_micros())
}

fn challenge_invalid() -> CommandError {
    CommandError::Domain(DomainError::Rule(RuleCode::SignInChallengeInvalid))
}

fn code_invalid() -> CommandError {
    CommandError::Domain(DomainError::Rule(RuleCode::SecondFactorInvalid))
}

/// The account a still-valid challenge of this area was made for.
async fn challenged(
    app: &AppState,
    role: Role,
    challenge: &str,
) -> Result<(SignInChallengeClaims, Loaded<Account>), CommandError> {
    let claims = app
        .keys
        .decode_sign_in_challenge(challenge, app.clock.now())
        .map_err(|_| challenge_invalid())?;
    if claims.role != role {
        return Err(challenge_invalid());
    }
    let account = load_account(app, claims.sub).await?;
    // A password changed since voids the challenge.
    if password_stamp(&account.state) != claims.pwd || !account.state.exists() {
        return Err(challenge_invalid());
    }
    Ok((claims, account))
}

/// Hands out a new secret to an administrator enrolling at sign-in.
pub async fn enrol_at_sign_in(
    app: &AppState,
    ids: &Ids,
    role: Role,
    body: ChallengeOnly,
) -> Result<(Enrolment, Position), CommandError> {
    let (claims, _) = challenged(app, role, &body.challenge).await?;
    start_enrolment(app, ids, role, claims.sub).await
}

/// Checks the second step and opens the session.
pub async fn sign_in(
    app: &AppState,
    ids: &Ids,
    role: Role,
    client: IpAddr,
    body: SecondStep,
) -> Result<(Opened, Option<Vec<String>>), CommandError> {
    let (claims, account) = challenged(app, role, &body.challenge).await?;
    let counters = SignInCounters::new(role, &claims.key, client);
    counters.check(app).await?;
    let actor = Actor {
        id: Some(claims.sub),
        role: role.as_str(),
    };
    let step = account::after_password(&account.state, app.config.admin_second_factor)?;
    let recovery_codes = match step {
        Some(SignInStep::Code) => {
            match check_code(app, claims.sub, &account.state, &body.code).await? {
                Checked::Invalid => {
                    counters.failed(app).await?;
                    return Err(code_invalid());
                }
                Checked::Recovery(hash) => {
                    spend_recovery_code(app, &ids.child("recovery-code"), actor, claims.sub, &hash)
                        .await
                        .map(|_| None)?
                }
                Checked::Totp => None,
            }
        }
        Some(SignInStep::Enrol) => {
            // Its own ids: the session's batch below uses the request's.
            let codes = enable(app, &ids.child("enrolment"), actor, claims.sub, &body.code).await;
            if matches!(
                &codes,
                Err(CommandError::Domain(DomainError::Rule(
                    RuleCode::SecondFactorInvalid
                )))
            ) {
                counters.failed(app).await?;
            }
            Some(codes?.0)
        }
        None => None,
    };
    counters.succeeded(app).await?;
    let opened = open_session(app, ids, role, claims.sub, Vec::new()).await?;
    Ok((opened, recovery_codes))
}

/// Starts an enrolment for the signed-in caller.
pub async fn enrol(
    app: &AppState,
    ids: &Ids,
    caller: &Caller,
) -> Result<(Enrolment, Position), CommandError> {
    start_enrolment(app, ids, caller.role, caller.account_id).await
}

async fn start_enrolment(
    app: &AppState,
    ids: &Ids,
    role: Role,
    account_id: Uuid,
) -> Result<(Enrolment, Position), CommandError> {
    let secret = totp::new_secret();
    let label = account_email(app, account_id).await?;
    let otpauth_uri = totp::otpauth_uri(&secret, ISSUER, &label)
        .ok_or_else(|| CommandError::internal("the TOTP secret is unusable"))?;
    let qr_svg = totp::qr_svg(&otpauth_uri)
        .ok_or_else(|| CommandError::internal("the QR code cannot be drawn"))?;
    // A payload per enrolment: payloads never change once written.
    let secret_ref = PayloadRef {
        subject: account_id,
        key: format!("second-factor-{}", ids.id("second-factor").simple()),
    };
    let actor = Actor {
        id: Some(account_id),
        role: role.as_str(),
    };
    let payload = SideWrite::PutPayload {
        subject: account_id,
        key: secret_ref.key.clone(),
        value: secret.clone(),
    };
    let position = decide_on_account(
        app,
        ids,
        actor,
        account_id,
        Some(payload),
        |account, now| account::start_enrolment(account, secret_ref.clone(), now),
    )
    .await?;
    Ok((
        Enrolment {
            secret,
            otpauth_uri,
            qr_svg,
        },
        position,
    ))
}

/// Confirms the caller's enrolment with a first code.
pub async fn confirm(
    app: &AppState,
    ids: &Ids,
    caller: &Caller,
    body: CodeBody,
) -> Result<(RecoveryCodes, Position), CommandError> {
    let (recovery_codes, position) =
        enable(app, ids, Actor::from(caller), caller.account_id, &body.code).await?;
    Ok((RecoveryCodes { recovery_codes }, position))
}

/// Enables the pending secret once `code` is one of its codes.
async fn enable(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    account_id: Uuid,
    code: &str,
) -> Result<(Vec<String>, Position), CommandError> {
    let codes = totp::new_recovery_codes();
    let hashes = hashes(app, account_id, &codes);
    let account = load_account(app, account_id).await?;
    let code_ok = match &account.state.pending_second_factor {
        Some(secret) if !account.state.has_second_factor() => {
            totp_ok(app, account_id, secret, code).await?
        }
        _ => false,
    };
    let now = app.clock.now();
    let events = account::enable_second_factor(&account.state, code_ok, hashes, now)?;
    let position = Batch::new(ids, actor, now)
        .events(account_stream(account_id), account.version, &events)
        .commit(app)
        .await?;
    Ok((codes, position))
}

/// New recovery codes for the (re-authenticated) caller.
pub async fn renew_recovery_codes(
    app: &AppState,
    ids: &Ids,
    caller: &Caller,
) -> Result<(RecoveryCodes, Position), CommandError> {
    let codes = totp::new_recovery_codes();
    let hashes = hashes(app, caller.account_id, &codes);
    let position = decide_on_account(
        app,
        ids,
        Actor::from(caller),
        caller.account_id,
        None,
        |account, now| account::renew_recovery_codes(account, hashes.clone(), now),
    )
    .await?;
    Ok((
        RecoveryCodes {
            recovery_codes: codes,
        },
        position,
    ))
}

/// Turns the (re-authenticated) caller's factor off.
pub async fn disable(app: &AppState, ids: &Ids, caller: &Caller) -> Result<Position, CommandError> {
    let policy = app.config.admin_second_factor;
    decide_on_account(
        app,
        ids,
        Actor::from(caller),
        caller.account_id,
        None,
        |account, now| account::disable_second_factor(account, policy, now),
    )
    .await
}

/// Before a sensitive action: a caller with a second factor must give a
/// current code (or spend a recovery code) in `X-Second-Factor`.
pub async fn reauthenticate(
    app: &AppState,
    ids: &Ids,
    caller: &Caller,
    code: Option<&str>,
) -> Result<(), CommandError> {
    let account = load_account(app, caller.account_id).await?;
    if !account.state.has_second_factor() {
        return Ok(());
    }
    let Some(code) = code else {
        return Err(CommandError::Domain(DomainError::Rule(
            RuleCode::ReauthenticationRequired,
        )));
    };
    match check_code(app, caller.account_id, &account.state, code).await? {
        Checked::Totp => Ok(()),
        Checked::Recovery(hash) => spend_recovery_code(
            app,
            &ids.child("recovery-code"),
            Actor::from(caller),
            caller.account_id,
            &hash,
        )
        .await
        .map(|_| ()),
        Checked::Invalid => Err(code_invalid()),
    }
}

enum Checked {
    Totp,
    Recovery(String),
    Invalid,
}

/// Whether `code` is a current, unused code of the enabled factor, or one of
/// its unused recovery codes (not yet spent: see [`spend_recovery_code`]).
async fn check_code(
    app: &AppState,
    account_id: Uuid,
    account: &Account,
    code: &str,
) -> Result<Checked, CommandError> {
    let Some(factor) = &account.second_factor else {
        return Ok(Checked::Invalid);
    };
    Ok(match SecondFactorCode::parse(code) {
        Some(SecondFactorCode::Totp(_)) => {
            if totp_ok(app, account_id, &factor.secret, code).await? {
                Checked::Totp
            } else {
                Checked::Invalid
            }
        }
        Some(SecondFactorCode::Recovery(normalised)) => {
            let hash = app.keys.recovery_code_hash(account_id, &normalised);
            if account.has_recovery_code(&hash) {
                Checked::Recovery(hash)
            } else {
                Checked::Invalid
            }
        }
        None => Checked::Invalid,
    })
}

/// A TOTP code of `secret` now, its time step not used before by this
/// account (on any instance: the store's `used_code_steps`).
async fn totp_ok(
    app: &AppState,
    account_id: Uuid,
    secret: &PayloadRef,
    code: &str,
) -> Result<bool, CommandError> {
    let Some(SecondFactorCode::Totp(digits)) = SecondFactorCode::parse(code) else {
        return Ok(false);
    };
    let Some(secret) = app
        .stores
        .events
        .payload(secret.subject, &secret.key)
        .await?
    else {
        return Ok(false);
    };
    let Some(step) = totp::matching_step(&secret, &digits, app.clock.now()) else {
        return Ok(false);
    };
    Ok(app
        .stores
        .throttle
        .claim_step(&format!("totp:{account_id}"), step)
        .await?)
}

/// Spends a recovery code; two racing uses of one code: the second finds it
/// gone once its append conflicts and decides again.
async fn spend_recovery_code(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    account_id: Uuid,
    hash: &str,
) -> Result<Position, CommandError> {
    decide_on_account(app, ids, actor, account_id, None, |account, now| {
        account::use_recovery_code(account, hash, now)
    })
    .await
}

fn hashes(app: &AppState, account_id: Uuid, codes: &[String]) -> Vec<String> {
    codes
        .iter()
        .filter_map(|code| match SecondFactorCode::parse(code) {
            Some(SecondFactorCode::Recovery(normalised)) => {
                Some(app.keys.recovery_code_hash(account_id, &normalised))
            }
            _ => None,
        })
        .collect()
}

/// The e-mail authenticator apps show as the account's name.
async fn account_email(app: &AppState, account_id: Uuid) -> Result<String, CommandError> {
    let profile = profile(app, account_id).await?;
    Ok(profile["email"].as_str().unwrap_or("account").to_owned())
}
