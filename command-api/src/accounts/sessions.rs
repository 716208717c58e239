use axum_extra::extract::cookie::Cookie;
use domain::RuleCode;
use domain::account::{self, Role};
use domain::values::Email;
use platform::auth::{SessionClaims, clear_session_cookie, session_cookie};
use serde::{Deserialize, Serialize};
use store::{Position, SessionRecord, SideWrite};
use utoipa::ToSchema;
use uuid::Uuid;

use std::net::IpAddr;

use super::second_factor;
use super::throttle::SignInCounters;
use super::{account_stream, load_account, login_key, profile, sign_in_stream};
use crate::AppState;
use crate::caller::Caller;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, with_retry};
use crate::ids::Ids;

#[derive(Deserialize, ToSchema)]
pub struct SignIn {
    pub email: String,
    pub password: String,
}

/// Who is signed in (no token: the session is an HttpOnly cookie).
#[derive(Serialize, Deserialize, ToSchema)]
pub struct SessionBody {
    pub role: String,
    pub account_id: Uuid,
    pub given_name: String,
    pub family_name: String,
    pub email: String,
    pub language: String,
}

/// A session just opened: the body, its cookie, the raw token for Bearer use.
pub struct Opened {
    pub body: SessionBody,
    pub cookie: Cookie<'static>,
    pub position: Position,
}

/// A hash checked when the e-mail is unknown, so that answering takes as
/// long as for a known one (no account enumeration by timing).
static DECOY_HASH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    platform::auth::hash_password(&platform::auth::random_token())
        .expect("hashing a random password works")
});

/// Checks e-mail and password for the area's role and opens a session, or
/// answers the challenge of the second step when the account needs one.
///
/// Failed attempts slow the next ones, per account and client address
/// ([`SignInCounters`]); unknown e-mails count the same, so the wait tells
/// nobody whether an account exists.
pub async fn sign_in(
    app: &AppState,
    ids: &Ids,
    role: Role,
    client: IpAddr,
    body: SignIn,
) -> Result<SignInOutcome, CommandError> {
    let invalid = || CommandError::Domain(domain::DomainError::Rule(RuleCode::InvalidCredentials));
    let Ok(email) = Email::parse(&body.email) else {
        return Err(invalid());
    };
    let login_key = login_key(app, role, &email);
    let counters = SignInCounters::new(role, &login_key, client);
    counters.check(app).await?;
    let credential = app
        .stores
        .events
        .credential_by_login(role.as_str(), &login_key)
        .await?;
    let hash = credential
        .as_ref()
        .map_or_else(|| DECOY_HASH.clone(), |c| c.password_hash.clone());
    let password_ok = app
        .passwords
        .verify(body.password, hash)
        .await
        .map_err(CommandError::from)?;
    let Some(credential) = credential.filter(|_| password_ok) else {
        counters.failed(app).await?;
        return Err(invalid());
    };
    let account = load_account(app, credential.account_id).await?;
    if let Some(step) = account::after_password(&account.state, app.config.admin_second_factor)? {
        // The failures stay counted until the second step succeeds too.
        return second_factor::challenge(
            app,
            role,
            &login_key,
            credential.account_id,
            &account.state,
            step,
        )
        .map(SignInOutcome::SecondStep);
    }
    counters.succeeded(app).await?;
    open_session(app, ids, role, credential.account_id, Vec::new())
        .await
        .map(|opened| SignInOutcome::Opened(Box::new(opened)))
}

/// A sign-in opened a session, or waits for the second factor.
pub enum SignInOutcome {
    Opened(Box<Opened>),
    SecondStep(second_factor::Challenge),
}

/// Opens a session for an account; `extra` side writes commit with it.
pub async fn open_session(
    app: &AppState,
    ids: &Ids,
    role: Role,
    account_id: Uuid,
    extra: Vec<SideWrite>,
) -> Result<Opened, CommandError> {
    let session_id = ids.id("session");
    let ttl = app.config.session_ttl();
    let (position, language) = with_retry(|| async {
        let now = app.clock.now();
        let account = load_account(app, account_id).await?;
        let events = account::start_session(&account.state, session_id, ttl, now)?;
        let record = SessionRecord {
            session_id,
            account_id,
            role: role.as_str().into(),
            created_at: now,
            expires_at: now + ttl,
            revoked_at: None,
        };
        let batch = extra.iter().cloned().fold(
            Batch::new(
                ids,
                Actor {
                    id: Some(account_id),
                    role: role.as_str(),
                },
                now,
            )
            // Sessions go to the account's sign-in log, which takes them in
            // any order; the account itself must only be unchanged since it
            // was read (deactivated meanwhile → decide again).
            .unchanged(account_stream(account_id), account.version)
            .events_in_any_order(sign_in_stream(account_id), &events),
            Batch::side,
        );
        let position = batch
            .side(SideWrite::CreateSession(record))
            .commit(app)
            .await?;
        Ok((position, account.state.language))
    })
    .await?;
    let now = app.clock.now();
    let token = app
        .keys
        .encode_session(&SessionClaims::new(session_id, account_id, role, now, ttl))
        .map_err(CommandError::internal)?;
    let body = session_body(app, role, account_id, language.as_str()).await?;
    let cookie = session_cookie(role, token, ttl, app.config.cookie_secure);
    Ok(Opened {
        body,
        cookie,
        position,
    })
}

/// The session body, read from the account's profile payload.
pub async fn session_body(
    app: &AppState,
    role: Role,
    account_id: Uuid,
    language: &str,
) -> Result<SessionBody, CommandError> {
    let profile = profile(app, account_id).await?;
    let text = |field: &str| profile[field].as_str().unwrap_or_default().to_owned();
    Ok(SessionBody {
        role: role.as_str().into(),
        account_id,
        given_name: text("given_name"),
        family_name: text("family_name"),
        email: text("email"),
        language: language.into(),
    })
}

/// Ends the caller's session; the cookie is cleared.
pub async fn sign_out(
    app: &AppState,
    ids: &Ids,
    caller: Caller,
) -> Result<(Cookie<'static>, Position), CommandError> {
    let position = with_retry(|| async {
        let now = app.clock.now();
        let account = load_account(app, caller.account_id).await?;
        let events = account::end_session(&account.state, caller.session_id, now)?;
        Batch::new(
            ids,
            Actor {
                id: Some(caller.account_id),
                role: caller.role.as_str(),
            },
            now,
        )
        .events_in_any_order(sign_in_stream(caller.account_id), &events)
        .side(SideWrite::RevokeSession {
            session_id: caller.session_id,
            at: now,
        })
        .commit(app)
        .await
    })
    .await?;
    Ok((
        clear_session_cookie(caller.role, app.config.cookie_secure),
        position,
    ))
}
