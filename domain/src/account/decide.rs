//! Account decisions. Each takes the folded state, the command's data and
//! `now`, and returns the events to append (or the rule that refuses).

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use super::{Account, AccountEvent, EmailReservation, PayloadRef, ReservationEvent, Role};
use crate::values::{Language, TimeZone};
use crate::{DomainError, RuleCode};

/// A password-reset link is valid this long (DESIGN §2).
pub const RESET_VALIDITY: Duration = Duration::hours(1);
/// At most this many reset mails an hour per account; more are dropped silently
/// (the API answers the same either way, so nobody learns anything).
pub const RESETS_PER_HOUR: usize = 3;

/// What a new account is made of; ids, keys and payload refs come from the caller.
#[derive(Clone, Debug)]
pub struct NewAccount {
    pub account_id: Uuid,
    pub role: Role,
    pub login_key: String,
    pub profile: PayloadRef,
    pub language: Language,
    pub timezone: Option<TimeZone>,
    pub terms_version: Option<String>,
    pub privacy_version: Option<String>,
}

/// Registers an account and reserves its e-mail for the role, atomically.
pub fn register(
    reservation: &EmailReservation,
    new: NewAccount,
    now: DateTime<Utc>,
) -> Result<(Vec<AccountEvent>, Vec<ReservationEvent>), DomainError> {
    if reservation.holder.is_some() {
        return Err(DomainError::Rule(RuleCode::EmailTaken));
    }
    let account_id = new.account_id;
    Ok((
        vec![AccountEvent::AccountRegistered {
            account_id,
            role: new.role,
            login_key: new.login_key,
            profile: new.profile,
            language: new.language,
            timezone: new.timezone,
            terms_version: new.terms_version,
            privacy_version: new.privacy_version,
            registered_at: now,
        }],
        vec![ReservationEvent::EmailReserved {
            account_id,
            at: now,
        }],
    ))
}

/// Opens a session after the password was checked by the caller.
pub fn start_session(
    account: &Account,
    session_id: Uuid,
    ttl: Duration,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    // Past its erasure date an account is gone for its holder, even before
    // the worker has erased it.
    if !account.exists() || account.erasure_due.is_some_and(|due| due <= now) {
        return Err(DomainError::Rule(RuleCode::InvalidCredentials));
    }
    // The caller checked the password first: only its owner learns this.
    if account.deactivated {
        return Err(DomainError::Rule(RuleCode::AccountDeactivated));
    }
    Ok(vec![AccountEvent::SessionStarted {
        session_id,
        at: now,
        expires_at: now + ttl,
    }])
}

pub fn end_session(
    account: &Account,
    session_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.exists() {
        return Err(DomainError::Rule(RuleCode::NotSignedIn));
    }
    Ok(vec![AccountEvent::SessionEnded {
        session_id,
        at: now,
    }])
}

/// Changes the password; `current_password_ok` is the caller's hash check.
pub fn change_password(
    account: &Account,
    current_password_ok: bool,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.exists() {
        return Err(DomainError::Rule(RuleCode::NotSignedIn));
    }
    if !current_password_ok {
        return Err(DomainError::field(
            "current_password",
            crate::FieldError::new("wrong_password"),
        ));
    }
    Ok(vec![AccountEvent::PasswordChanged { at: now }])
}

pub struct ResetRequest {
    pub request_id: Uuid,
    pub token_hash: String,
    pub mail: PayloadRef,
}

/// Issues a reset link, unless the account already had its share this hour.
pub fn request_password_reset(
    account: &Account,
    request: ResetRequest,
    now: DateTime<Utc>,
) -> Vec<AccountEvent> {
    let recent = account
        .resets
        .iter()
        .filter(|r| now - r.requested_at < Duration::hours(1))
        .count();
    if !account.exists() || recent >= RESETS_PER_HOUR {
        return Vec::new();
    }
    vec![AccountEvent::PasswordResetRequested {
        request_id: request.request_id,
        token_hash: request.token_hash,
        expires_at: now + RESET_VALIDITY,
        mail: request.mail,
        language: account.language,
        at: now,
    }]
}

/// Completes a reset with a single-use, unexpired token issued after the
/// last password change.
pub fn complete_password_reset(
    account: &Account,
    token_hash: &str,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    let request = account.resets.iter().find(|r| r.token_hash == token_hash);
    let usable = request.filter(|r| {
        account.exists()
            && !r.used
            && now < r.expires_at
            && account
                .password_changed_at
                .is_none_or(|changed| r.requested_at >= changed)
    });
    match usable {
        Some(r) => Ok(vec![AccountEvent::PasswordResetCompleted {
            request_id: r.request_id,
            at: now,
        }]),
        None => Err(DomainError::Rule(RuleCode::ResetTokenInvalid)),
    }
}

/// Erases the subject: the account is marked forgotten and its e-mail freed.
pub fn forget(
    account: &Account,
    now: DateTime<Utc>,
) -> Result<(Vec<AccountEvent>, Vec<ReservationEvent>), DomainError> {
    let Some(account_id) = account.id.filter(|_| !account.forgotten) else {
        return Err(DomainError::Rule(RuleCode::NotFound));
    };
    Ok((
        vec![AccountEvent::SubjectForgotten { at: now }],
        vec![ReservationEvent::EmailReleased {
            account_id,
            at: now,
        }],
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minutes: i64) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-22T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
            + Duration::minutes(minutes)
    }

    fn given(events: &[AccountEvent]) -> Account {
        events.iter().fold(Account::default(), Account::evolve)
    }

    fn new_account(id: Uuid) -> NewAccount {
        NewAccount {
            account_id: id,
            role: Role::Client,
            login_key: "k".into(),
            profile: PayloadRef {
                subject: id,
                key: "profile".into(),
            },
            language: Language::Fr,
            timezone: None,
            terms_version: Some("2026-01".into()),
            privacy_version: Some("2026-01".into()),
        }
    }

    fn registered(id: Uuid) -> AccountEvent {
        register(&EmailReservation::default(), new_account(id), at(0))
            .unwrap()
            .0
            .remove(0)
    }

    fn reset_requested(id: Uuid, request: u128, minutes: i64) -> AccountEvent {
        AccountEvent::PasswordResetRequested {
            request_id: Uuid::from_u128(request),
            token_hash: format!("hash-{request}"),
            expires_at: at(minutes) + RESET_VALIDITY,
            mail: PayloadRef {
                subject: id,
                key: format!("reset-{request}"),
            },
            language: Language::Fr,
            at: at(minutes),
        }
    }

    #[test]
    fn registering_reserves_the_email() {
        let id = Uuid::from_u128(1);
        let (account, reservation) =
            register(&EmailReservation::default(), new_account(id), at(0)).unwrap();
        assert!(
            matches!(account[..], [AccountEvent::AccountRegistered { account_id, .. }] if account_id == id)
        );
        assert_eq!(
            reservation,
            vec![ReservationEvent::EmailReserved {
                account_id: id,
                at: at(0)
            }]
        );
    }

    #[test]
    fn an_email_already_reserved_for_the_role_is_refused() {
        let reservation = EmailReservation {
            holder: Some(Uuid::from_u128(9)),
        };
        let refused = register(&reservation, new_account(Uuid::from_u128(1)), at(0));
        assert_eq!(
            refused.unwrap_err(),
            DomainError::Rule(RuleCode::EmailTaken)
        );
    }

    #[test]
    fn a_released_email_can_be_registered_again() {
        let reservation = [
            ReservationEvent::EmailReserved {
                account_id: Uuid::from_u128(9),
                at: at(0),
            },
            ReservationEvent::EmailReleased {
                account_id: Uuid::from_u128(9),
                at: at(1),
            },
        ]
        .iter()
        .fold(EmailReservation::default(), EmailReservation::evolve);
        assert!(register(&reservation, new_account(Uuid::from_u128(1)), at(2)).is_ok());
    }

    #[test]
    fn a_wrong_current_password_is_a_field_error() {
        let account = given(&[registered(Uuid::from_u128(1))]);
        let Err(DomainError::Invalid(errors)) = change_password(&account, false, at(1)) else {
            panic!()
        };
        assert_eq!(errors.0["current_password"].code, "wrong_password");
        assert_eq!(
            change_password(&account, true, at(1)).unwrap(),
            vec![AccountEvent::PasswordChanged { at: at(1) }]
        );
    }

    #[test]
    fn a_reset_token_works_once_within_the_hour() {
        let id = Uuid::from_u128(1);
        let account = given(&[registered(id), reset_requested(id, 7, 5)]);
        let done = complete_password_reset(&account, "hash-7", at(30)).unwrap();
        assert_eq!(
            done,
            vec![AccountEvent::PasswordResetCompleted {
                request_id: Uuid::from_u128(7),
                at: at(30)
            }]
        );
        let account = given(&[registered(id), reset_requested(id, 7, 5), done[0].clone()]);
        assert_eq!(
            complete_password_reset(&account, "hash-7", at(31)).unwrap_err(),
            DomainError::Rule(RuleCode::ResetTokenInvalid)
        );
    }

    #[test]
    fn an_expired_or_unknown_reset_token_is_refused() {
        let id = Uuid::from_u128(1);
        let account = given(&[registered(id), reset_requested(id, 7, 5)]);
        assert!(complete_password_reset(&account, "hash-7", at(65)).is_err());
        assert!(complete_password_reset(&account, "hash-8", at(10)).is_err());
    }

    #[test]
    fn a_password_change_voids_earlier_reset_links() {
        let id = Uuid::from_u128(1);
        let account = given(&[
            registered(id),
            reset_requested(id, 7, 5),
            AccountEvent::PasswordChanged { at: at(6) },
        ]);
        assert!(complete_password_reset(&account, "hash-7", at(10)).is_err());
    }

    #[test]
    fn reset_requests_are_capped_per_hour_without_telling() {
        let id = Uuid::from_u128(1);
        let account = given(&[
            registered(id),
            reset_requested(id, 1, 0),
            reset_requested(id, 2, 1),
            reset_requested(id, 3, 2),
        ]);
        let request = || ResetRequest {
            request_id: Uuid::from_u128(4),
            token_hash: "h".into(),
            mail: PayloadRef {
                subject: id,
                key: "m".into(),
            },
        };
        assert!(request_password_reset(&account, request(), at(3)).is_empty());
        assert_eq!(request_password_reset(&account, request(), at(61)).len(), 1);
    }

    #[test]
    fn a_forgotten_account_cannot_sign_in_and_frees_its_email() {
        let id = Uuid::from_u128(1);
        let account = given(&[registered(id)]);
        let (events, reservation) = forget(&account, at(1)).unwrap();
        assert_eq!(
            reservation,
            vec![ReservationEvent::EmailReleased {
                account_id: id,
                at: at(1)
            }]
        );
        let account = given(&[registered(id), events[0].clone()]);
        assert_eq!(
            start_session(&account, Uuid::from_u128(5), Duration::hours(1), at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::InvalidCredentials)
        );
        assert!(forget(&account, at(3)).is_err());
    }

    #[test]
    fn sessions_open_for_the_configured_time() {
        let account = given(&[registered(Uuid::from_u128(1))]);
        let events =
            start_session(&account, Uuid::from_u128(5), Duration::hours(12), at(0)).unwrap();
        assert_eq!(
            events,
            vec![AccountEvent::SessionStarted {
                session_id: Uuid::from_u128(5),
                at: at(0),
                expires_at: at(720)
            }]
        );
    }
}
