//! Erasure on request (GDPR art. 17, docs/rules.md "Erasure on request"): a
//! client or consultant asks to be forgotten, confirmed by a code mailed to
//! them; the account is forgotten once a grace period is over, unless they
//! cancel before. Until then it works as before except for bookings: a client
//! cannot book and a consultant cannot be booked, so nothing new is made only
//! to be cancelled on the erasure day.

use chrono::{DateTime, Duration, Utc};

use super::{Account, AccountEvent, ReservationEvent, Role, forget};
use crate::{DomainError, RuleCode};

/// How long a holder has to change their mind (within the month GDPR art.
/// 12(3) gives us to act on the request).
pub const ERASURE_GRACE: Duration = Duration::days(14);

/// The holder asks to be forgotten (their code already checked).
pub fn request_erasure(
    account: &Account,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.is_active() || account.role == Some(Role::Admin) {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    if account.erasure_due.is_some() {
        return Err(DomainError::Rule(RuleCode::ErasureAlreadyRequested));
    }
    Ok(vec![AccountEvent::ErasureRequested {
        erase_at: now + ERASURE_GRACE,
        at: now,
    }])
}

/// The holder changes their mind before the erasure date.
pub fn cancel_erasure(
    account: &Account,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.exists() {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    match account.erasure_due {
        Some(due) if now < due => Ok(vec![AccountEvent::ErasureCancelled { at: now }]),
        _ => Err(DomainError::Rule(RuleCode::ErasureNotRequested)),
    }
}

/// What forgetting appends: the account's events and its e-mail reservation's.
pub type Forgetting = (Vec<AccountEvent>, Vec<ReservationEvent>);

/// The scheduled erasure: the subject is forgotten when an erasure is still
/// asked for and its date has come; nothing otherwise (it was cancelled, or
/// asked again for a later date, or an administrator forgot the account
/// already).
pub fn erase_on_request(account: &Account, now: DateTime<Utc>) -> Option<Forgetting> {
    match account.erasure_due {
        Some(due) if due <= now => forget(account, now).ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;
    use crate::account::{
        EmailReservation, NewAccount, PayloadRef, ensure_bookable, ensure_may_book, register,
        start_session,
    };
    use crate::values::Language;

    fn at(days: i64) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-28T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
            + Duration::days(days)
    }

    fn registered(role: Role) -> Account {
        let id = Uuid::from_u128(1);
        let (events, _) = register(
            &EmailReservation::default(),
            NewAccount {
                account_id: id,
                role,
                login_key: "key".into(),
                profile: PayloadRef {
                    subject: id,
                    key: "profile".into(),
                },
                language: Language::Fr,
                timezone: None,
                terms_version: Some("2026-01".into()),
                privacy_version: Some("2026-01".into()),
            },
            at(0),
        )
        .unwrap();
        fold(Account::default(), &events)
    }

    fn fold(account: Account, events: &[AccountEvent]) -> Account {
        events.iter().fold(account, Account::evolve)
    }

    #[test]
    fn an_erasure_runs_after_the_grace_period_unless_cancelled() {
        let client = registered(Role::Client);
        let asked = request_erasure(&client, at(1)).unwrap();
        assert_eq!(
            asked,
            vec![AccountEvent::ErasureRequested {
                erase_at: at(15),
                at: at(1)
            }]
        );
        let pending = fold(client, &asked);
        assert_eq!(
            request_erasure(&pending, at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::ErasureAlreadyRequested)
        );
        // Not before its date.
        assert_eq!(
            erase_on_request(&pending, at(15) - Duration::seconds(1)),
            None
        );
        let (account_events, reservation_events) = erase_on_request(&pending, at(15)).unwrap();
        assert_eq!(
            account_events,
            vec![AccountEvent::SubjectForgotten { at: at(15) }]
        );
        assert_eq!(reservation_events.len(), 1);
        // Cancelled: the scheduled erasure does nothing.
        let cancelled = fold(pending.clone(), &cancel_erasure(&pending, at(3)).unwrap());
        assert_eq!(cancelled.erasure_due, None);
        assert_eq!(erase_on_request(&cancelled, at(20)), None);
        assert_eq!(
            cancel_erasure(&cancelled, at(4)).unwrap_err(),
            DomainError::Rule(RuleCode::ErasureNotRequested)
        );
    }

    fn registered_pending() -> Account {
        let client = registered(Role::Client);
        fold(client.clone(), &request_erasure(&client, at(1)).unwrap())
    }

    #[test]
    fn asked_again_after_a_cancellation_the_earlier_date_no_longer_counts() {
        let pending = registered_pending();
        let cancelled = fold(pending.clone(), &cancel_erasure(&pending, at(2)).unwrap());
        let again = fold(
            cancelled.clone(),
            &request_erasure(&cancelled, at(5)).unwrap(),
        );
        assert_eq!(erase_on_request(&again, at(15)), None);
        assert!(erase_on_request(&again, at(19)).is_some());
    }

    #[test]
    fn past_its_date_the_account_cannot_sign_in_nor_cancel() {
        let pending = registered_pending();
        let session = Uuid::from_u128(9);
        assert!(start_session(&pending, session, Duration::hours(1), at(14)).is_ok());
        assert_eq!(
            start_session(&pending, session, Duration::hours(1), at(15)).unwrap_err(),
            DomainError::Rule(RuleCode::InvalidCredentials)
        );
        assert_eq!(
            cancel_erasure(&pending, at(15)).unwrap_err(),
            DomainError::Rule(RuleCode::ErasureNotRequested)
        );
    }

    #[test]
    fn while_pending_a_client_cannot_book_nor_a_consultant_be_booked() {
        let in_force = crate::site::legal::InForce {
            terms: "2026-01".into(),
            privacy: "2026-01".into(),
        };
        assert_eq!(
            ensure_may_book(&registered_pending(), &in_force).unwrap_err(),
            DomainError::Rule(RuleCode::ErasurePending)
        );
        let consultant = registered(Role::Consultant);
        assert!(ensure_bookable(&consultant).is_ok());
        let pending = fold(
            consultant.clone(),
            &request_erasure(&consultant, at(1)).unwrap(),
        );
        assert_eq!(
            ensure_bookable(&pending).unwrap_err(),
            DomainError::Rule(RuleCode::SlotUnavailable)
        );
    }

    #[test]
    fn only_an_active_client_or_consultant_asks() {
        assert_eq!(
            request_erasure(&registered(Role::Admin), at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
        let mut deactivated = registered(Role::Client);
        deactivated.deactivated = true;
        assert_eq!(
            request_erasure(&deactivated, at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
        assert_eq!(
            request_erasure(&Account::default(), at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }
}
