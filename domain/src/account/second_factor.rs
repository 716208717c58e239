//! The second factor (TOTP) of an account: who must have one, enabling it,
//! recovery codes and turning it off (docs/rules.md "Second factor"). The
//! codes themselves are checked by the caller (like the password): the
//! decisions take the outcome and the keyed hashes of recovery codes.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Account, AccountEvent, PayloadRef, Role};
use crate::{DomainError, RuleCode};

/// Whether administrators must have a second factor (the operator's choice,
/// `EQUILIBRE_ADMIN_SECOND_FACTOR`); clients and consultants are offered one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SecondFactorPolicy {
    /// One account can read everyone's health data: ASVS level 2 asks for it.
    #[default]
    Required,
    /// Offered to administrators too (for a test bench, never in production).
    Offered,
}

impl SecondFactorPolicy {
    pub fn requires(self, role: Role) -> bool {
        role == Role::Admin && self == SecondFactorPolicy::Required
    }
}

/// An enabled second factor: its secret, since when, and the keyed hashes
/// of the unused recovery codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SecondFactor {
    pub secret: PayloadRef,
    pub enabled_at: DateTime<Utc>,
    pub recovery_codes: Vec<String>,
}

/// What a sign-in needs after the right password.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SignInStep {
    /// A code from the enabled factor (or a recovery code).
    Code,
    /// The account must enrol a factor before its first session.
    Enrol,
}

/// After the right password: what the sign-in needs next (`None`: open the
/// session). A deactivated account is told so (only its owner gets here).
pub fn after_password(
    account: &Account,
    policy: SecondFactorPolicy,
) -> Result<Option<SignInStep>, DomainError> {
    if !account.exists() {
        return Err(DomainError::Rule(RuleCode::InvalidCredentials));
    }
    if account.deactivated {
        return Err(DomainError::Rule(RuleCode::AccountDeactivated));
    }
    Ok(account.sign_in_step(policy))
}

impl Account {
    pub fn has_second_factor(&self) -> bool {
        self.second_factor.is_some()
    }

    /// The step a sign-in must pass after the password, if any.
    pub fn sign_in_step(&self, policy: SecondFactorPolicy) -> Option<SignInStep> {
        if self.has_second_factor() {
            Some(SignInStep::Code)
        } else if self.role.is_some_and(|role| policy.requires(role)) {
            Some(SignInStep::Enrol)
        } else {
            None
        }
    }

    /// Whether the recovery code with this keyed hash is still unused.
    pub fn has_recovery_code(&self, code_hash: &str) -> bool {
        self.second_factor
            .as_ref()
            .is_some_and(|f| f.recovery_codes.iter().any(|c| c == code_hash))
    }
}

/// Hands out a new secret (a later enrolment replaces an unfinished one).
pub fn start_enrolment(
    account: &Account,
    secret: PayloadRef,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.is_active() {
        return Err(DomainError::Rule(RuleCode::NotSignedIn));
    }
    if account.has_second_factor() {
        return Err(DomainError::Rule(RuleCode::SecondFactorAlreadyEnabled));
    }
    Ok(vec![AccountEvent::SecondFactorEnrolmentStarted {
        secret,
        at: now,
    }])
}

/// Enables the factor once a code from the pending secret proved the
/// person's app holds it; `recovery_codes` are the keyed hashes of the codes
/// shown once.
pub fn enable_second_factor(
    account: &Account,
    code_ok: bool,
    recovery_codes: Vec<String>,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.is_active() {
        return Err(DomainError::Rule(RuleCode::NotSignedIn));
    }
    if account.has_second_factor() {
        return Err(DomainError::Rule(RuleCode::SecondFactorAlreadyEnabled));
    }
    if account.pending_second_factor.is_none() {
        return Err(DomainError::Rule(RuleCode::SecondFactorNotEnrolled));
    }
    if !code_ok {
        return Err(DomainError::Rule(RuleCode::SecondFactorInvalid));
    }
    Ok(vec![AccountEvent::SecondFactorEnabled {
        recovery_codes,
        at: now,
    }])
}

/// Spends a recovery code (each works once: the append's expected version
/// settles two racing uses).
pub fn use_recovery_code(
    account: &Account,
    code_hash: &str,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.has_recovery_code(code_hash) {
        return Err(DomainError::Rule(RuleCode::SecondFactorInvalid));
    }
    Ok(vec![AccountEvent::RecoveryCodeUsed {
        code_hash: code_hash.to_owned(),
        at: now,
    }])
}

/// Replaces every recovery code by new ones.
pub fn renew_recovery_codes(
    account: &Account,
    recovery_codes: Vec<String>,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.has_second_factor() {
        return Err(DomainError::Rule(RuleCode::SecondFactorNotEnrolled));
    }
    Ok(vec![AccountEvent::RecoveryCodesRenewed {
        recovery_codes,
        at: now,
    }])
}

/// Turns the factor off, unless the role must have one.
pub fn disable_second_factor(
    account: &Account,
    policy: SecondFactorPolicy,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.has_second_factor() {
        return Err(DomainError::Rule(RuleCode::SecondFactorNotEnrolled));
    }
    if account.role.is_some_and(|role| policy.requires(role)) {
        return Err(DomainError::Rule(RuleCode::SecondFactorRequired));
    }
    Ok(vec![AccountEvent::SecondFactorDisabled { at: now }])
}

/// The operator removes a lost factor (from the command line, whatever the
/// policy): the next sign-in enrols again.
pub fn reset_second_factor(
    account: &Account,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.has_second_factor() {
        return Err(DomainError::Rule(RuleCode::SecondFactorNotEnrolled));
    }
    Ok(vec![AccountEvent::SecondFactorDisabled { at: now }])
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;
    use crate::account::PayloadRef;
    use crate::values::Language;

    fn now() -> DateTime<Utc> {
        DateTime::from_timestamp(1_770_000_000, 0).unwrap()
    }

    fn account(role: Role, events: &[AccountEvent]) -> Account {
        let id = Uuid::from_u128(1);
        let registered = AccountEvent::AccountRegistered {
            account_id: id,
            role,
            login_key: "k".into(),
            profile: PayloadRef {
                subject: id,
                key: "profile".into(),
            },
            language: Language::Fr,
            timezone: None,
            terms_version: None,
            privacy_version: None,
            registered_at: now(),
        };
        std::iter::once(&registered)
            .chain(events)
            .fold(Account::default(), Account::evolve)
    }

    fn secret() -> PayloadRef {
        PayloadRef {
            subject: Uuid::from_u128(1),
            key: "second-factor-1".into(),
        }
    }

    fn started() -> AccountEvent {
        AccountEvent::SecondFactorEnrolmentStarted {
            secret: secret(),
            at: now(),
        }
    }

    fn enabled_event(codes: &[&str]) -> AccountEvent {
        AccountEvent::SecondFactorEnabled {
            recovery_codes: codes.iter().map(|c| c.to_string()).collect(),
            at: now(),
        }
    }

    /// An enrolment started and finished.
    fn enabled(codes: &[&str]) -> [AccountEvent; 2] {
        [started(), enabled_event(codes)]
    }

    fn with(events: &[&[AccountEvent]]) -> Vec<AccountEvent> {
        events.concat()
    }

    #[test]
    fn administrators_must_enrol_when_required_others_only_when_they_chose_to() {
        let required = SecondFactorPolicy::Required;
        assert_eq!(
            after_password(&account(Role::Admin, &[]), required),
            Ok(Some(SignInStep::Enrol))
        );
        assert_eq!(
            after_password(&account(Role::Admin, &[]), SecondFactorPolicy::Offered),
            Ok(None)
        );
        assert_eq!(
            after_password(&account(Role::Client, &[]), required),
            Ok(None)
        );
        assert_eq!(
            after_password(&account(Role::Client, &enabled(&["h"])), required),
            Ok(Some(SignInStep::Code))
        );
        let off = with(&[
            &enabled(&["h"]),
            &[AccountEvent::SecondFactorDisabled { at: now() }],
        ]);
        assert_eq!(
            after_password(&account(Role::Client, &off), required),
            Ok(None)
        );
        let deactivated = [AccountEvent::AccountDeactivated {
            reason: secret(),
            at: now(),
        }];
        assert_eq!(
            after_password(&account(Role::Admin, &deactivated), required),
            Err(DomainError::Rule(RuleCode::AccountDeactivated))
        );
    }

    #[test]
    fn enabling_needs_a_started_enrolment_a_right_code_and_happens_once() {
        let client = account(Role::Client, &[]);
        assert_eq!(
            enable_second_factor(&client, true, vec![], now()).unwrap_err(),
            DomainError::Rule(RuleCode::SecondFactorNotEnrolled)
        );
        assert_eq!(
            start_enrolment(&client, secret(), now()).unwrap(),
            vec![started()]
        );
        let pending = account(Role::Client, &[started()]);
        assert_eq!(
            enable_second_factor(&pending, false, vec![], now()).unwrap_err(),
            DomainError::Rule(RuleCode::SecondFactorInvalid)
        );
        assert_eq!(
            enable_second_factor(&pending, true, vec!["h".into()], now()).unwrap(),
            vec![enabled_event(&["h"])]
        );
        let on = account(Role::Client, &enabled(&["h"]));
        assert_eq!(
            on.second_factor.as_ref().map(|f| &f.secret),
            Some(&secret())
        );
        assert_eq!(on.pending_second_factor, None);
        assert_eq!(
            enable_second_factor(&on, true, vec![], now()).unwrap_err(),
            DomainError::Rule(RuleCode::SecondFactorAlreadyEnabled)
        );
        assert_eq!(
            start_enrolment(&on, secret(), now()).unwrap_err(),
            DomainError::Rule(RuleCode::SecondFactorAlreadyEnabled)
        );
    }

    #[test]
    fn a_recovery_code_works_once_and_renewal_voids_the_old_ones() {
        let on = account(Role::Client, &enabled(&["a", "b"]));
        let used = use_recovery_code(&on, "a", now()).unwrap();
        let after = with(&[&enabled(&["a", "b"]), &used]);
        let after_state = account(Role::Client, &after);
        assert!(use_recovery_code(&after_state, "a", now()).is_err());
        assert!(use_recovery_code(&after_state, "b", now()).is_ok());
        let renewal = renew_recovery_codes(&after_state, vec!["c".into()], now()).unwrap();
        let renewed = account(Role::Client, &with(&[&after, &renewal]));
        assert!(use_recovery_code(&renewed, "b", now()).is_err());
        assert!(use_recovery_code(&renewed, "c", now()).is_ok());
        assert!(use_recovery_code(&account(Role::Client, &[]), "a", now()).is_err());
    }

    #[test]
    fn administrators_cannot_turn_a_required_factor_off() {
        let admin = account(Role::Admin, &enabled(&["h"]));
        assert_eq!(
            disable_second_factor(&admin, SecondFactorPolicy::Required, now()).unwrap_err(),
            DomainError::Rule(RuleCode::SecondFactorRequired)
        );
        assert!(disable_second_factor(&admin, SecondFactorPolicy::Offered, now()).is_ok());
        let client = account(Role::Client, &enabled(&["h"]));
        assert!(disable_second_factor(&client, SecondFactorPolicy::Required, now()).is_ok());
        assert_eq!(
            disable_second_factor(
                &account(Role::Client, &[]),
                SecondFactorPolicy::Required,
                now()
            )
            .unwrap_err(),
            DomainError::Rule(RuleCode::SecondFactorNotEnrolled)
        );
    }
}
