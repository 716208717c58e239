use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Role;
use crate::codec::EventSchema;
use crate::values::{Language, TimeZone};

/// Where a piece of personal data lives in the forgettable store.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayloadRef {
    pub subject: Uuid,
    pub key: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum AccountEvent {
    AccountRegistered {
        account_id: Uuid,
        role: Role,
        login_key: String,
        /// Names, e-mail, phones, birth date… (a `PersonalProfile` or `AdminProfile`).
        profile: PayloadRef,
        language: Language,
        timezone: Option<TimeZone>,
        terms_version: Option<String>,
        privacy_version: Option<String>,
        registered_at: DateTime<Utc>,
    },
    SessionStarted {
        session_id: Uuid,
        at: DateTime<Utc>,
        expires_at: DateTime<Utc>,
    },
    SessionEnded {
        session_id: Uuid,
        at: DateTime<Utc>,
    },
    PasswordChanged {
        at: DateTime<Utc>,
    },
    PasswordResetRequested {
        request_id: Uuid,
        token_hash: String,
        expires_at: DateTime<Utc>,
        /// The e-mail address and link for the mail, forgettable.
        mail: PayloadRef,
        language: Language,
        at: DateTime<Utc>,
    },
    PasswordResetCompleted {
        request_id: Uuid,
        at: DateTime<Utc>,
    },
    /// The subject's personal data was erased (payloads, files, credential).
    SubjectForgotten {
        at: DateTime<Utc>,
    },
    /// An administrator deactivated the account (the admin is the event's
    /// actor): its sessions are revoked, signing in is refused and its
    /// upcoming bookings are cancelled by the platform with a full refund.
    AccountDeactivated {
        /// The administrator's reason, forgettable (subject = the account).
        reason: PayloadRef,
        at: DateTime<Utc>,
    },
    /// An administrator reactivated a deactivated account.
    AccountReactivated {
        at: DateTime<Utc>,
    },
    /// A new TOTP secret was handed out (kept in the forgettable payload
    /// `secret`); it becomes the factor once a code from it is given.
    SecondFactorEnrolmentStarted {
        secret: PayloadRef,
        at: DateTime<Utc>,
    },
    /// The pending secret is the account's second factor; `recovery_codes`
    /// are keyed hashes of the codes shown once.
    SecondFactorEnabled {
        recovery_codes: Vec<String>,
        at: DateTime<Utc>,
    },
    /// New recovery codes replace every earlier one.
    RecoveryCodesRenewed {
        recovery_codes: Vec<String>,
        at: DateTime<Utc>,
    },
    /// A recovery code was spent in place of a code.
    RecoveryCodeUsed {
        code_hash: String,
        at: DateTime<Utc>,
    },
    SecondFactorDisabled {
        at: DateTime<Utc>,
    },
    /// The account holder asked to be forgotten and confirmed it with a code
    /// mailed to them: the account is erased at `erase_at` unless they
    /// cancel before (docs/rules.md "Erasure on request").
    ErasureRequested {
        erase_at: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// The account holder cancelled their pending erasure.
    ErasureCancelled {
        at: DateTime<Utc>,
    },
    /// A signed-in person accepted the terms and privacy versions then in force.
    LegalTermsAccepted {
        terms_version: String,
        privacy_version: String,
        at: DateTime<Utc>,
    },
}

impl EventSchema for AccountEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// Events of the e-mail reservation stream (one per role and address).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ReservationEvent {
    EmailReserved { account_id: Uuid, at: DateTime<Utc> },
    EmailReleased { account_id: Uuid, at: DateTime<Utc> },
}

impl EventSchema for ReservationEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}
