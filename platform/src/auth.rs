//! Credentials, keyed hashes, session tokens and cookies, so that the
//! services share one audited implementation (DESIGN §2).
//!
//! Nothing personal leaves this module: e-mails become HMAC login keys, JWT
//! claims hold only ids and the role, tokens and codes are stored hashed.

mod claims;
mod cookies;
mod hash_pool;
mod keys;
mod password;
mod random;
pub mod totp;

pub use claims::{
    EMAIL_PROOF_TTL, EmailProofClaims, MobileProofClaims, SIGN_IN_CHALLENGE_TTL, SessionClaims,
    SignInChallengeClaims,
};
pub use cookies::{TokenSource, bearer_or_cookie, clear_session_cookie, session_cookie};
pub use hash_pool::HashPool;
pub use keys::Keys;
pub use password::{hash_password, verify_password};
pub use random::{random_otp_code, random_token};

/// Failures of this module.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// Hashing failed (bad parameters or no randomness): a server fault.
    #[error("password hashing failed: {0}")]
    Hash(String),
    /// A token could not be signed.
    #[error("token signing failed: {0}")]
    Sign(#[source] jsonwebtoken::errors::Error),
    /// A token is malformed, forged, or for another purpose.
    #[error("invalid token")]
    InvalidToken,
    /// A token was valid but has expired.
    #[error("expired token")]
    Expired,
    /// The blocking hashing task panicked or was cancelled.
    #[error("hashing task failed")]
    Task,
    /// Too many password hashes are waiting: try again in a moment.
    #[error("too many password checks at once")]
    Busy,
}

/// The role of a session: the domain's, so there is one definition.
pub use domain::account::Role;

/// The session cookie of a role's area: `eq_client`, `eq_consultant`, `eq_admin`.
pub fn cookie_name(role: Role) -> &'static str {
    match role {
        Role::Client => "eq_client",
        Role::Consultant => "eq_consultant",
        Role::Admin => "eq_admin",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_area_has_its_own_cookie() {
        let names: std::collections::HashSet<_> = Role::ALL.into_iter().map(cookie_name).collect();
        assert_eq!(names.len(), 3);
        assert_eq!(cookie_name(Role::Admin), "eq_admin");
    }
}
