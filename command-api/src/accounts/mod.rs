//! Account commands: e-mail OTP, sign-up, sessions, passwords, admin
//! creation and forgetting. Each function loads, decides, appends.

pub mod admin;
pub mod deactivation;
pub mod erasure;
pub mod mobile_otp;
pub mod otp;
pub mod passwords;
pub mod registration;
pub mod second_factor;
pub mod sessions;
pub mod throttle;

use chrono::{DateTime, Utc};
use domain::account::{self as account_rules, NewAccount};
use domain::account::{
    ACCOUNT_CATEGORY, Account, AccountEvent, EmailReservation, RESERVATION_CATEGORY,
    ReservationEvent, Role,
};
use domain::values::Email;
use store::{Credential, Position, SideWrite, StreamId};
use uuid::Uuid;

use crate::AppState;

use crate::error::CommandError;
use crate::execute::{Actor, Batch, Loaded, load, with_retry};
use crate::ids::Ids;

pub fn account_stream(id: Uuid) -> StreamId {
    StreamId::new(ACCOUNT_CATEGORY, id)
}

/// The account's sign-ins and sign-outs (`domain::account::SIGN_IN_CATEGORY`).
pub fn sign_in_stream(id: Uuid) -> StreamId {
    StreamId::new(account_rules::SIGN_IN_CATEGORY, id)
}

pub fn reservation_stream(login_key: &str) -> StreamId {
    StreamId::new(RESERVATION_CATEGORY, login_key)
}

pub fn login_key(app: &AppState, role: Role, email: &Email) -> String {
    app.keys.login_key(role, email.as_ref())
}

pub async fn load_account(app: &AppState, id: Uuid) -> Result<Loaded<Account>, CommandError> {
    load::<AccountEvent, _>(app, &account_stream(id), Account::evolve).await
}

pub async fn load_reservation(
    app: &AppState,
    login_key: &str,
) -> Result<Loaded<EmailReservation>, CommandError> {
    load::<ReservationEvent, _>(
        app,
        &reservation_stream(login_key),
        EmailReservation::evolve,
    )
    .await
}

/// Decides on the account's current state and appends to its stream,
/// deciding again when another write got there first.
pub(crate) async fn decide_on_account(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    account_id: Uuid,
    side: Option<SideWrite>,
    rule: impl Fn(&Account, DateTime<Utc>) -> Result<Vec<AccountEvent>, domain::DomainError>,
) -> Result<Position, CommandError> {
    with_retry(|| async {
        let now = app.clock.now();
        let account = load_account(app, account_id).await?;
        let events = rule(&account.state, now)?;
        side.iter()
            .cloned()
            .fold(
                Batch::new(ids, actor, now).events(
                    account_stream(account_id),
                    account.version,
                    &events,
                ),
                Batch::side,
            )
            .commit(app)
            .await
    })
    .await
}

/// The account's profile payload as JSON (`Null` once forgotten).
pub(crate) async fn profile(
    app: &AppState,
    account_id: Uuid,
) -> Result<serde_json::Value, CommandError> {
    let profile = app.stores.events.payload(account_id, PROFILE_KEY).await?;
    Ok(profile
        .and_then(|p| serde_json::from_str(&p).ok())
        .unwrap_or_default())
}

/// The payload key of an account's profile written at registration.
pub const PROFILE_KEY: &str = "profile";

/// Registers an account of any role: the account and its e-mail reservation
/// streams, the profile payload and the credential, in one atomic append,
/// decided again if a racing sign-up moved the reservation.
pub(crate) async fn register_account(
    app: &AppState,
    ids: &Ids,
    actor: Actor,
    new: NewAccount,
    profile_json: String,
    password_hash: String,
    now: DateTime<Utc>,
) -> Result<Position, CommandError> {
    with_retry(|| async {
        let reservation = load_reservation(app, &new.login_key).await?;
        let (account_events, reservation_events) =
            account_rules::register(&reservation.state, new.clone(), now)?;
        Batch::new(ids, actor, now)
            .events(account_stream(new.account_id), 0, &account_events)
            .events(
                reservation_stream(&new.login_key),
                reservation.version,
                &reservation_events,
            )
            .side(SideWrite::PutPayload {
                subject: new.account_id,
                key: PROFILE_KEY.into(),
                value: profile_json.clone(),
            })
            .side(SideWrite::UpsertCredential(Credential {
                account_id: new.account_id,
                role: new.role.as_str().into(),
                login_key: new.login_key.clone(),
                password_hash: password_hash.clone(),
            }))
            .commit(app)
            .await
    })
    .await
}
