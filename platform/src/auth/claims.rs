//! What the signed tokens say: ids, role and expiry, never personal data.

use chrono::{DateTime, TimeDelta, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::Role;

/// How long an e-mail proof (OTP verified) stays usable for registration.
pub const EMAIL_PROOF_TTL: TimeDelta = TimeDelta::minutes(30);

/// The claims of a session token: ids and role only, never personal data.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionClaims {
    /// Session id (revocable in the sessions table).
    pub sid: Uuid,
    /// Account id.
    pub sub: Uuid,
    /// The area the session belongs to.
    pub role: Role,
    /// Issued at (Unix seconds).
    pub iat: i64,
    /// Expires at (Unix seconds).
    pub exp: i64,
}

impl SessionClaims {
    /// Claims issued at `now`, valid for `ttl`.
    pub fn new(sid: Uuid, sub: Uuid, role: Role, now: DateTime<Utc>, ttl: TimeDelta) -> Self {
        SessionClaims {
            sid,
            sub,
            role,
            iat: now.timestamp(),
            exp: (now + ttl).timestamp(),
        }
    }
}

/// Proof that the owner of a login key verified its e-mail OTP.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmailProofClaims {
    /// [`Keys::login_key`] of the verified e-mail and role.
    pub login_key: String,
    /// The role the e-mail was verified for.
    pub role: Role,
    /// Expires at (Unix seconds).
    pub exp: i64,
}

impl EmailProofClaims {
    /// A proof made at `now`, valid for [`EMAIL_PROOF_TTL`].
    pub fn new(login_key: String, role: Role, now: DateTime<Utc>) -> Self {
        EmailProofClaims {
            login_key,
            role,
            exp: (now + EMAIL_PROOF_TTL).timestamp(),
        }
    }
}

/// Proof that someone verified a mobile OTP texted to a number, for a role.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MobileProofClaims {
    /// [`Keys::phone_key`](super::Keys::phone_key) of the verified E.164 number and role.
    pub phone_key: String,
    /// The role the number was verified for.
    pub role: Role,
    /// Expires at (Unix seconds).
    pub exp: i64,
}

impl MobileProofClaims {
    /// A proof made at `now`, valid as long as an e-mail proof ([`EMAIL_PROOF_TTL`]).
    pub fn new(phone_key: String, role: Role, now: DateTime<Utc>) -> Self {
        MobileProofClaims {
            phone_key,
            role,
            exp: (now + EMAIL_PROOF_TTL).timestamp(),
        }
    }
}

/// How long the second step of a sign-in may wait after the password.
pub const SIGN_IN_CHALLENGE_TTL: TimeDelta = TimeDelta::minutes(5);

/// The password was right; the sign-in now waits for a second factor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignInChallengeClaims {
    /// Account id.
    pub sub: Uuid,
    /// The area signed in to.
    pub role: Role,
    /// The login key (a keyed hash of the e-mail): the failures of the
    /// second step count with the password's (sign-in throttling).
    pub key: String,
    /// When the password last changed (Unix microseconds): a change since
    /// voids the challenge.
    pub pwd: i64,
    /// Expires at (Unix seconds).
    pub exp: i64,
}

impl SignInChallengeClaims {
    pub fn new(
        sub: Uuid,
        role: Role,
        key: String,
        password_changed_at: i64,
        now: DateTime<Utc>,
    ) -> Self {
        SignInChallengeClaims {
            sub,
            role,
            key,
            pwd: password_changed_at,
            exp: (now + SIGN_IN_CHALLENGE_TTL).timestamp(),
        }
    }
}
