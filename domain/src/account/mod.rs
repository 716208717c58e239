//! Accounts of the three roles (DESIGN §2): registration, sessions, password
//! change and reset, second factor, deactivation by an administrator, forgetting. Two
//! streams: `account-{id}` and the e-mail reservation `email-{login key}` that makes one account per e-mail per role
//! hold even under concurrent sign-ups (guarantee 5).

mod deactivation;
mod decide;
mod erasure;
mod events;
mod legal;
mod registration;
mod second_factor;
mod state;
pub mod throttle;

use serde::{Deserialize, Serialize};

pub use deactivation::{DeactivationReason, deactivate, ensure_bookable, reactivate};
pub use decide::*;
pub use erasure::{ERASURE_GRACE, cancel_erasure, erase_on_request, request_erasure};
pub use events::{AccountEvent, PayloadRef, ReservationEvent};
pub use legal::{accept_legal, ensure_may_book};
pub use registration::{
    AdminProfile, LegalVersions, PersonalProfile, Registration, RegistrationForm,
};
pub use second_factor::{
    SecondFactor, SecondFactorPolicy, SignInStep, after_password, disable_second_factor,
    enable_second_factor, renew_recovery_codes, reset_second_factor, start_enrolment,
    use_recovery_code,
};
pub use state::{Account, EmailReservation};

pub const ACCOUNT_CATEGORY: &str = "account";
/// An account's sign-ins and sign-outs, `signins-{account id}`: kept apart
/// from the account's stream (appended without an expected version) so that
/// sessions opened at once never conflict; the account's own events decide.
pub const SIGN_IN_CATEGORY: &str = "signins";
/// The built-in terms and privacy versions, in force until an administrator
/// publishes another (`site::legal`).
pub const TERMS_VERSION: &str = crate::site::legal::INITIAL_VERSION;
pub const PRIVACY_VERSION: &str = crate::site::legal::INITIAL_VERSION;
pub const RESERVATION_CATEGORY: &str = "email";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Client,
    Consultant,
    Admin,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Client, Role::Consultant, Role::Admin];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Client => "client",
            Role::Consultant => "consultant",
            Role::Admin => "admin",
        }
    }
    /// The API area of the role (`/api/{area}/…`).
    pub fn area(self) -> &'static str {
        match self {
            Role::Admin => "admin-panel",
            other => other.as_str(),
        }
    }
    pub fn parse(raw: &str) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| r.as_str() == raw || r.area() == raw)
    }
    /// Roles that sign themselves up (admins are created from the command line).
    pub fn can_self_register(self) -> bool {
        self != Role::Admin
    }
}
