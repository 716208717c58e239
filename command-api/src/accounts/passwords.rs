use domain::account::{self, PayloadRef, ResetRequest, Role};
use domain::values::{Email, Password};
use domain::{DomainError, FieldError, RuleCode};
use platform::auth::random_token;
use serde::Deserialize;
use store::{Credential, Position, SideWrite};
use utoipa::ToSchema;

use super::sessions::{Opened, open_session};
use super::{account_stream, load_account, login_key};
use crate::AppState;
use crate::caller::Caller;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, with_retry};
use crate::ids::Ids;

#[derive(Deserialize, ToSchema)]
pub struct ForgotPassword {
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ResetPassword {
    pub token: String,
    pub email: String,
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ChangePassword {
    pub current_password: String,
    pub new_password: String,
}

/// The SPA path of the reset page for a role (spec §2 `…/verify/{token}/{email}`).
fn reset_link(app: &AppState, role: Role, token: &str, email: &Email) -> String {
    let area = match role {
        Role::Admin => "admin",
        other => other.as_str(),
    };
    let email: String = url_escape(email.as_ref());
    format!(
        "{}/public/{area}/verify/{token}/{email}",
        app.config.public_url
    )
}

fn url_escape(raw: &str) -> String {
    raw.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Mails a reset link when the account exists; answers the same either way.
pub async fn forgot(
    app: &AppState,
    ids: &Ids,
    role: Role,
    body: ForgotPassword,
) -> Result<Option<Position>, CommandError> {
    let Ok(email) = Email::parse(&body.email) else {
        return Err(DomainError::field("email", FieldError::new("email.invalid")).into());
    };
    let Some(credential) = app
        .stores
        .events
        .credential_by_login(role.as_str(), &login_key(app, role, &email))
        .await?
    else {
        return Ok(None);
    };
    let account_id = credential.account_id;
    with_retry(|| async {
        let now = app.clock.now();
        let account = load_account(app, account_id).await?;
        let request_id = ids.id("reset");
        let token = random_token();
        let mail = PayloadRef { subject: account_id, key: format!("reset-{request_id}") };
        let events = account::request_password_reset(
            &account.state,
            ResetRequest { request_id, token_hash: app.keys.reset_token_hash(&token), mail: mail.clone() },
            now,
        );
        if events.is_empty() {
            return Ok(None);
        }
        let value = serde_json::json!({ "email": email.as_ref(), "link": reset_link(app, role, &token, &email) }).to_string();
        Batch::new(ids, Actor { id: Some(account_id), role: "visitor" }, now)
            .events(account_stream(account_id), account.version, &events)
            .side(SideWrite::PutPayload { subject: mail.subject, key: mail.key, value })
            .commit(app)
            .await
            .map(Some)
    })
    .await
}

/// Sets a new password with a reset token; every session is revoked.
pub async fn reset(
    app: &AppState,
    ids: &Ids,
    role: Role,
    body: ResetPassword,
) -> Result<Position, CommandError> {
    let invalid = || CommandError::Domain(DomainError::Rule(RuleCode::ResetTokenInvalid));
    let password =
        Password::parse(&body.password).map_err(|e| DomainError::field("password", e))?;
    let email = Email::parse(&body.email).map_err(|_| invalid())?;
    let key = login_key(app, role, &email);
    let credential = app
        .stores
        .events
        .credential_by_login(role.as_str(), &key)
        .await?
        .ok_or_else(invalid)?;
    let account_id = credential.account_id;
    let password_hash = app
        .passwords
        .hash(password.expose().to_owned())
        .await
        .map_err(CommandError::from)?;
    let token_hash = app.keys.reset_token_hash(&body.token);
    with_retry(|| async {
        let now = app.clock.now();
        let account = load_account(app, account_id).await?;
        let events = account::complete_password_reset(&account.state, &token_hash, now)?;
        Batch::new(
            ids,
            Actor {
                id: Some(account_id),
                role: role.as_str(),
            },
            now,
        )
        .events(account_stream(account_id), account.version, &events)
        .side(SideWrite::UpsertCredential(Credential {
            password_hash: password_hash.clone(),
            ..credential.clone()
        }))
        .side(SideWrite::RevokeAccountSessions {
            account_id,
            at: now,
            keep: None,
        })
        .commit(app)
        .await
    })
    .await
}

/// Changes the caller's password: every session is revoked and this browser
/// gets a fresh one.
pub async fn change(
    app: &AppState,
    ids: &Ids,
    caller: Caller,
    body: ChangePassword,
) -> Result<Opened, CommandError> {
    let new_password =
        Password::parse(&body.new_password).map_err(|e| DomainError::field("new_password", e))?;
    let credential = app
        .stores
        .events
        .credential(caller.account_id)
        .await?
        .ok_or(CommandError::NotSignedIn)?;
    let current_ok = app
        .passwords
        .verify(body.current_password, credential.password_hash.clone())
        .await
        .map_err(CommandError::from)?;
    let password_hash = app
        .passwords
        .hash(new_password.expose().to_owned())
        .await
        .map_err(CommandError::from)?;
    let changed = with_retry(|| async {
        let now = app.clock.now();
        let account = load_account(app, caller.account_id).await?;
        let events = account::change_password(&account.state, current_ok, now)?;
        Batch::new(
            ids,
            Actor {
                id: Some(caller.account_id),
                role: caller.role.as_str(),
            },
            now,
        )
        .events(account_stream(caller.account_id), account.version, &events)
        .side(SideWrite::UpsertCredential(Credential {
            password_hash: password_hash.clone(),
            ..credential.clone()
        }))
        .side(SideWrite::RevokeAccountSessions {
            account_id: caller.account_id,
            at: now,
            keep: None,
        })
        .commit(app)
        .await
    });
    changed.await?;
    open_session(
        app,
        &ids.child("renewed"),
        caller.role,
        caller.account_id,
        Vec::new(),
    )
    .await
}
