use domain::account::{self, AdminProfile, NewAccount, PayloadRef, Role};
use domain::values::{Email, Language, Password, PersonName};
use domain::{DomainError, FieldErrors, RuleCode};
use store::{Position, SideWrite};
use uuid::Uuid;

use super::{
    PROFILE_KEY, account_stream, decide_on_account, load_account, load_reservation, login_key,
    register_account, reservation_stream,
};
use crate::AppState;
use crate::caller::Caller;
use crate::error::CommandError;
use crate::execute::{Actor, Batch, with_retry};
use crate::ids::Ids;

/// What `equilibre admin create` passes in.
pub struct NewAdmin {
    pub email: String,
    pub password: String,
    pub given_name: String,
    pub family_name: String,
}

/// Creates an administrator (the command line is the only way in, DESIGN §2).
pub async fn create_admin(app: &AppState, new: NewAdmin) -> Result<Uuid, CommandError> {
    let mut errors = FieldErrors::default();
    let email = errors.check("email", Email::parse(&new.email));
    let password = errors.check("password", Password::parse(&new.password));
    let given_name = errors.check("given_name", PersonName::parse(&new.given_name));
    let family_name = errors.check("family_name", PersonName::parse(&new.family_name));
    errors.into_result()?;
    let (email, password) = (email.expect("checked"), password.expect("checked"));
    let profile = AdminProfile {
        given_name: given_name.expect("checked"),
        family_name: family_name.expect("checked"),
        email: email.clone(),
    };
    let ids = Ids::fresh();
    let account_id = ids.id("account");
    let key = login_key(app, Role::Admin, &email);
    let password_hash = app
        .passwords
        .hash(password.expose().to_owned())
        .await
        .map_err(CommandError::from)?;
    let profile_json = serde_json::to_string(&profile).map_err(CommandError::internal)?;
    let new = NewAccount {
        account_id,
        role: Role::Admin,
        login_key: key,
        profile: PayloadRef {
            subject: account_id,
            key: PROFILE_KEY.into(),
        },
        language: Language::Fr,
        timezone: None,
        terms_version: None,
        privacy_version: None,
    };
    register_account(
        app,
        &ids,
        Actor::SYSTEM,
        new,
        profile_json,
        password_hash,
        app.clock.now(),
    )
    .await?;
    Ok(account_id)
}

/// Erases an account's personal data (DESIGN §1 guarantee 6): payloads and
/// credential deleted, sessions revoked, e-mail released, events kept.
pub async fn forget_account(
    app: &AppState,
    ids: &Ids,
    caller: Caller,
    account_id: Uuid,
) -> Result<Position, CommandError> {
    with_retry(|| async {
        let now = app.clock.now();
        let account = load_account(app, account_id).await?;
        if !account.state.exists() {
            return Err(CommandError::NotFound);
        }
        let credential = app
            .stores
            .events
            .credential(account_id)
            .await?
            .ok_or(CommandError::NotFound)?;
        let reservation = load_reservation(app, &credential.login_key).await?;
        let (account_events, reservation_events) =
            account::forget(&account.state, now).map_err(CommandError::from)?;
        Batch::new(
            ids,
            Actor {
                id: Some(caller.account_id),
                role: caller.role.as_str(),
            },
            now,
        )
        .events(account_stream(account_id), account.version, &account_events)
        .events(
            reservation_stream(&credential.login_key),
            reservation.version,
            &reservation_events,
        )
        .side(SideWrite::ForgetSubject {
            subject: account_id,
        })
        .side(SideWrite::DeleteCredential { account_id })
        .side(SideWrite::RevokeAccountSessions {
            account_id,
            at: now,
            keep: None,
        })
        .commit(app)
        .await
    })
    .await
    .map_err(|e| match e {
        CommandError::Domain(DomainError::Rule(RuleCode::NotFound)) => CommandError::NotFound,
        other => other,
    })
}

/// Removes an administrator's second factor when the app and the recovery
/// codes are lost (`equilibre admin reset-second-factor`: the command line,
/// like creation). Every session ends; the next sign-in enrols again.
pub async fn reset_second_factor(app: &AppState, email: &str) -> Result<Uuid, CommandError> {
    let email = Email::parse(email).map_err(|e| DomainError::field("email", e))?;
    let key = login_key(app, Role::Admin, &email);
    let credential = app
        .stores
        .events
        .credential_by_login(Role::Admin.as_str(), &key)
        .await?
        .ok_or(CommandError::NotFound)?;
    let account_id = credential.account_id;
    let revoke = SideWrite::RevokeAccountSessions {
        account_id,
        at: app.clock.now(),
        keep: None,
    };
    decide_on_account(
        app,
        &Ids::fresh(),
        Actor::SYSTEM,
        account_id,
        Some(revoke),
        account::reset_second_factor,
    )
    .await?;
    Ok(account_id)
}
