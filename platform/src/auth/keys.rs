//! Keys derived from the one configured secret: keyed hashes (HMAC-SHA256)
//! for lookup keys, OTP codes and reset tokens, and HS256 JWTs for sessions
//! and e-mail proofs. Each use has its own derived key, so a value made for
//! one purpose is never accepted for another.

use std::fmt;

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use jsonwebtoken::errors::ErrorKind;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use secrecy::SecretString;
use serde::{Serialize, de::DeserializeOwned};
use sha2::Sha256;
use subtle::ConstantTimeEq as _;
use uuid::Uuid;

use super::{
    AuthError, EmailProofClaims, MobileProofClaims, Role, SessionClaims, SignInChallengeClaims,
};

type HmacSha256 = Hmac<Sha256>;

/// Every key derived from `EQUILIBRE_SECRET`. `Debug` prints nothing secret.
#[derive(Clone)]
pub struct Keys {
    login: HmacSha256,
    phone: HmacSha256,
    otp: HmacSha256,
    reset: HmacSha256,
    calendar: HmacSha256,
    recovery: HmacSha256,
    session: (EncodingKey, DecodingKey),
    email_proof: (EncodingKey, DecodingKey),
    mobile_proof: (EncodingKey, DecodingKey),
    sign_in_challenge: (EncodingKey, DecodingKey),
}

impl fmt::Debug for Keys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Keys([REDACTED])")
    }
}

impl Keys {
    /// Derives every key from `secret`.
    pub fn new(secret: &SecretString) -> Self {
        let master = crate::config::secret_bytes(secret);
        let derive = |purpose: &str| -> [u8; 32] {
            let mut mac = HmacSha256::new_from_slice(master).expect("HMAC takes any key length");
            mac.update(b"equilibre/");
            mac.update(purpose.as_bytes());
            mac.finalize().into_bytes().into()
        };
        let hmac = |purpose: &str| {
            HmacSha256::new_from_slice(&derive(purpose)).expect("HMAC takes any key length")
        };
        let jwt = |purpose: &str| {
            let key = derive(purpose);
            (
                EncodingKey::from_secret(&key),
                DecodingKey::from_secret(&key),
            )
        };
        Keys {
            login: hmac("login-key"),
            phone: hmac("phone-key"),
            otp: hmac("otp-code"),
            reset: hmac("reset-token"),
            calendar: hmac("calendar-feed"),
            recovery: hmac("recovery-code"),
            session: jwt("jwt/session"),
            email_proof: jwt("jwt/email-proof"),
            mobile_proof: jwt("jwt/mobile-proof"),
            sign_in_challenge: jwt("jwt/sign-in-challenge"),
        }
    }

    /// The credential lookup key of an account (also used in stream ids), so
    /// e-mails never appear there. `normalized_email` must be normalised by
    /// the caller (trimmed, lower-cased).
    pub fn login_key(&self, role: Role, normalized_email: &str) -> String {
        keyed_hash(
            &self.login,
            &[role.as_str().as_bytes(), normalized_email.as_bytes()],
        )
    }

    /// The counter key of a contact-form sender (its per-address limit), so
    /// the throttle table holds no e-mail. `normalized_email` is trimmed and
    /// lower-cased.
    pub fn contact_sender_key(&self, normalized_email: &str) -> String {
        keyed_hash(
            &self.login,
            &[b"contact-sender", normalized_email.as_bytes()],
        )
    }

    /// The newsletter stream of an address (`normalized_email` lower-cased):
    /// the log never holds the address itself.
    pub fn newsletter_key(&self, normalized_email: &str) -> String {
        keyed_hash(&self.login, &[b"newsletter", normalized_email.as_bytes()])
    }

    /// The token of an address's unsubscribe link: an HMAC of its
    /// newsletter key, so the link needs no state and cannot be forged.
    pub fn newsletter_unsubscribe_token(&self, newsletter_key: &str) -> String {
        keyed_hash(
            &self.login,
            &[b"newsletter-unsubscribe", newsletter_key.as_bytes()],
        )
    }

    /// Whether `token` is the unsubscribe token of `newsletter_key` (compared
    /// in constant time).
    pub fn newsletter_unsubscribe_genuine(&self, newsletter_key: &str, token: &str) -> bool {
        let expected = self.newsletter_unsubscribe_token(newsletter_key);
        bool::from(expected.as_bytes().ct_eq(token.as_bytes()))
    }

    /// The token of a waiting-list entry's leave link: an HMAC of the
    /// entry's id, so the link needs no state and cannot be forged.
    pub fn waiting_list_leave_token(&self, entry_id: uuid::Uuid) -> String {
        keyed_hash(&self.login, &[b"waiting-list-leave", entry_id.as_bytes()])
    }

    /// Whether `token` is the leave token of `entry_id` (compared in
    /// constant time).
    pub fn waiting_list_leave_genuine(&self, entry_id: uuid::Uuid, token: &str) -> bool {
        let expected = self.waiting_list_leave_token(entry_id);
        bool::from(expected.as_bytes().ct_eq(token.as_bytes()))
    }

    /// The anonymised id of an account in usage measurement (a keyed hash:
    /// the counts cannot be joined back to a person without the secret).
    pub fn usage_person(&self, account_id: uuid::Uuid) -> String {
        keyed_hash(&self.login, &[b"usage-person", account_id.as_bytes()])
    }

    /// The lookup key of a mobile number verified for a role (OTP stream
    /// ids, mobile proofs), so numbers never appear there. `e164` must be
    /// the number in E.164.
    pub fn phone_key(&self, role: Role, e164: &str) -> String {
        keyed_hash(&self.phone, &[role.as_str().as_bytes(), e164.as_bytes()])
    }

    /// The stored form of an OTP `code` issued for `purpose_id` (e.g. the
    /// challenge id), so a database leak reveals no usable code.
    pub fn otp_code_hash(&self, purpose_id: &str, code: &str) -> String {
        keyed_hash(&self.otp, &[purpose_id.as_bytes(), code.as_bytes()])
    }

    /// The stored form of an account's recovery code (normalised), so the
    /// event log holds no usable code.
    pub fn recovery_code_hash(&self, account_id: Uuid, code: &str) -> String {
        keyed_hash(&self.recovery, &[account_id.as_bytes(), code.as_bytes()])
    }

    /// The stored form of a password-reset token.
    pub fn reset_token_hash(&self, token: &str) -> String {
        keyed_hash(&self.reset, &[token.as_bytes()])
    }

    /// The secret token of a consultant's calendar feed URL: the id and an
    /// HMAC of it (`{id simple}{32 hex}`), so the URL names its owner and
    /// cannot be guessed from the id.
    pub fn calendar_feed_token(&self, consultant_id: Uuid) -> String {
        let mac = keyed_hash(&self.calendar, &[consultant_id.as_bytes()]);
        format!("{}{}", consultant_id.simple(), &mac[..32])
    }

    /// The consultant a calendar feed token was made for, if it is genuine.
    pub fn calendar_feed_owner(&self, token: &str) -> Option<Uuid> {
        let id = Uuid::try_parse(token.get(..32)?).ok()?;
        let expected = self.calendar_feed_token(id);
        // Compared in constant time: a wrong guess learns nothing of the rest.
        bool::from(expected.as_bytes().ct_eq(token.as_bytes())).then_some(id)
    }

    /// Signs a session token.
    pub fn encode_session(&self, claims: &SessionClaims) -> Result<String, AuthError> {
        encode(&self.session.0, claims)
    }

    /// Checks a session token's signature and expiry at `now`.
    pub fn decode_session(
        &self,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<SessionClaims, AuthError> {
        let claims: SessionClaims = decode(&self.session.1, token)?;
        check_exp(claims.exp, now)?;
        Ok(claims)
    }

    /// Signs an e-mail proof.
    pub fn encode_email_proof(&self, claims: &EmailProofClaims) -> Result<String, AuthError> {
        encode(&self.email_proof.0, claims)
    }

    /// Checks an e-mail proof's signature and expiry at `now`.
    pub fn decode_email_proof(
        &self,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<EmailProofClaims, AuthError> {
        let claims: EmailProofClaims = decode(&self.email_proof.1, token)?;
        check_exp(claims.exp, now)?;
        Ok(claims)
    }
}

impl Keys {
    /// Signs a mobile proof.
    pub fn encode_mobile_proof(&self, claims: &MobileProofClaims) -> Result<String, AuthError> {
        encode(&self.mobile_proof.0, claims)
    }

    /// Checks a mobile proof's signature and expiry at `now`.
    pub fn decode_mobile_proof(
        &self,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<MobileProofClaims, AuthError> {
        let claims: MobileProofClaims = decode(&self.mobile_proof.1, token)?;
        check_exp(claims.exp, now)?;
        Ok(claims)
    }
}

impl Keys {
    /// Signs the challenge of a sign-in waiting for its second factor.
    pub fn encode_sign_in_challenge(
        &self,
        claims: &SignInChallengeClaims,
    ) -> Result<String, AuthError> {
        encode(&self.sign_in_challenge.0, claims)
    }

    /// Checks a sign-in challenge's signature and expiry at `now`.
    pub fn decode_sign_in_challenge(
        &self,
        token: &str,
        now: DateTime<Utc>,
    ) -> Result<SignInChallengeClaims, AuthError> {
        let claims: SignInChallengeClaims = decode(&self.sign_in_challenge.1, token)?;
        check_exp(claims.exp, now)?;
        Ok(claims)
    }
}

/// HMAC over length-prefixed parts, so `("ab", "c")` and `("a", "bc")` differ.
fn keyed_hash(key: &HmacSha256, parts: &[&[u8]]) -> String {
    let mut mac = key.clone();
    for part in parts {
        mac.update(&(part.len() as u64).to_be_bytes());
        mac.update(part);
    }
    hex::encode(mac.finalize().into_bytes())
}

fn encode<T: Serialize>(key: &EncodingKey, claims: &T) -> Result<String, AuthError> {
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, key).map_err(AuthError::Sign)
}

/// Verifies the signature only: expiry is checked against the injected clock.
fn decode<T: DeserializeOwned>(key: &DecodingKey, token: &str) -> Result<T, AuthError> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.validate_exp = false;
    validation.required_spec_claims.clear();
    jsonwebtoken::decode::<T>(token, key, &validation)
        .map(|data| data.claims)
        .map_err(|e| match e.kind() {
            ErrorKind::ExpiredSignature => AuthError::Expired,
            _ => AuthError::InvalidToken,
        })
}

fn check_exp(exp: i64, now: DateTime<Utc>) -> Result<(), AuthError> {
    if now.timestamp() < exp {
        Ok(())
    } else {
        Err(AuthError::Expired)
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeDelta;

    use super::*;

    fn keys(secret: &str) -> Keys {
        Keys::new(&SecretString::from(secret))
    }

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_770_000_000, 0).unwrap()
    }

    #[test]
    fn keyed_hashes_are_stable_hex_and_depend_on_secret_role_and_purpose() {
        let k = keys("a-secret-a-secret-a-secret-a-secret");
        let key = k.login_key(Role::Client, "camille@example.org");
        assert_eq!(key, k.login_key(Role::Client, "camille@example.org"));
        assert_eq!(key.len(), 64);
        assert!(!key.contains("camille"));
        assert_ne!(key, k.login_key(Role::Consultant, "camille@example.org"));
        assert_ne!(
            key,
            keys("another-secret-another-secret-xx").login_key(Role::Client, "camille@example.org")
        );
        assert_ne!(
            k.otp_code_hash("id", "123456"),
            k.otp_code_hash("id", "123457")
        );
        assert_ne!(k.otp_code_hash("ab", "c"), k.otp_code_hash("a", "bc"));
        assert_ne!(k.reset_token_hash("t"), k.otp_code_hash("", "t"));
    }

    #[test]
    fn session_tokens_round_trip_and_expire_by_the_given_clock() {
        let k = keys("a-secret-a-secret-a-secret-a-secret");
        let claims = SessionClaims::new(
            Uuid::now_v7(),
            Uuid::now_v7(),
            Role::Admin,
            now(),
            TimeDelta::hours(12),
        );
        let token = k.encode_session(&claims).unwrap();

        assert_eq!(k.decode_session(&token, now()).unwrap(), claims);
        assert!(matches!(
            k.decode_session(&token, now() + TimeDelta::hours(12)),
            Err(AuthError::Expired)
        ));
    }

    #[test]
    fn tokens_from_another_secret_or_purpose_are_refused() {
        let k = keys("a-secret-a-secret-a-secret-a-secret");
        let other = keys("another-secret-another-secret-xx");
        let session = SessionClaims::new(
            Uuid::now_v7(),
            Uuid::now_v7(),
            Role::Client,
            now(),
            TimeDelta::hours(1),
        );
        let token = other.encode_session(&session).unwrap();
        assert!(matches!(
            k.decode_session(&token, now()),
            Err(AuthError::InvalidToken)
        ));
        assert!(matches!(
            k.decode_session("garbage", now()),
            Err(AuthError::InvalidToken)
        ));

        let proof = k
            .encode_email_proof(&EmailProofClaims::new("lk".into(), Role::Client, now()))
            .unwrap();
        assert!(matches!(
            k.decode_session(&proof, now()),
            Err(AuthError::InvalidToken)
        ));
    }

    #[test]
    fn email_proofs_last_thirty_minutes() {
        let k = keys("a-secret-a-secret-a-secret-a-secret");
        let claims = EmailProofClaims::new(
            k.login_key(Role::Consultant, "a@b.c"),
            Role::Consultant,
            now(),
        );
        let proof = k.encode_email_proof(&claims).unwrap();

        let at = now() + TimeDelta::minutes(29);
        assert_eq!(k.decode_email_proof(&proof, at).unwrap(), claims);
        let late = now() + TimeDelta::minutes(30);
        assert!(matches!(
            k.decode_email_proof(&proof, late),
            Err(AuthError::Expired)
        ));
    }

    #[test]
    fn mobile_proofs_are_not_email_proofs_and_bind_the_number() {
        let k = keys("a-secret-a-secret-a-secret-a-secret");
        let phone_key = k.phone_key(Role::Client, "+33612345678");
        assert_ne!(phone_key, k.phone_key(Role::Consultant, "+33612345678"));
        assert_ne!(phone_key, k.login_key(Role::Client, "+33612345678"));
        let claims = MobileProofClaims::new(phone_key, Role::Client, now());
        let proof = k.encode_mobile_proof(&claims).unwrap();
        assert_eq!(k.decode_mobile_proof(&proof, now()).unwrap(), claims);
        assert!(k.decode_email_proof(&proof, now()).is_err());
        let email = k
            .encode_email_proof(&EmailProofClaims::new("lk".into(), Role::Client, now()))
            .unwrap();
        assert!(k.decode_mobile_proof(&email, now()).is_err());
        assert!(matches!(
            k.decode_mobile_proof(&proof, now() + TimeDelta::minutes(30)),
            Err(AuthError::Expired)
        ));
    }

    #[test]
    fn debug_prints_no_key_material() {
        assert_eq!(
            format!("{:?}", keys("a-secret-a-secret-a-secret-a-secret")),
            "Keys([REDACTED])"
        );
    }

    #[test]
    fn a_calendar_feed_token_names_its_consultant_and_cannot_be_forged() {
        let k = keys("a-secret-a-secret-a-secret-a-secret");
        let id = Uuid::from_u128(42);
        let token = k.calendar_feed_token(id);
        assert_eq!(token.len(), 64);
        assert_eq!(k.calendar_feed_owner(&token), Some(id));
        let other = keys("another-secret-another-secret-xx").calendar_feed_token(id);
        assert_eq!(k.calendar_feed_owner(&other), None);
        let forged = format!("{}{}", Uuid::from_u128(43).simple(), &token[32..]);
        assert_eq!(k.calendar_feed_owner(&forged), None);
        assert_eq!(k.calendar_feed_owner("short"), None);
    }
}
