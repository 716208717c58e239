//! Account commands: e-mail OTP, sign-up, sessions, passwords, admin
//! creation and forgetting. Each function loads, decides, appends.

pub mod admin;
pub mod otp;
pub mod passwords;
pub mod registration;
pub mod sessions;

use domain::account::{
    ACCOUNT_CATEGORY, Account, AccountEvent, EmailReservation, RESERVATION_CATEGORY,
    ReservationEvent, Role,
};
use domain::values::Email;
use store::StreamId;
use uuid::Uuid;

use crate::AppState;

use crate::error::CommandError;
use crate::execute::{Loaded, load};

pub fn account_stream(id: Uuid) -> StreamId {
    StreamId::new(ACCOUNT_CATEGORY, id)
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

/// The payload key of an account's profile written at registration.
pub const PROFILE_KEY: &str = "profile";
