//! An administrator deactivates a client or consultant account with a reason,
//! and may reactivate it. A deactivated account cannot sign in (its sessions
//! are revoked with the deactivation), book, or be booked; its upcoming
//! bookings are cancelled by the platform with a full refund. Administrators
//! are not deactivated this way, nor is a forgotten account.

use chrono::{DateTime, Utc};

use super::{Account, AccountEvent, PayloadRef, Role};
use crate::values::text;
use crate::{DomainError, FieldError, RuleCode};

/// A deactivation reason: 3 to 500 characters, several lines allowed.
pub struct DeactivationReason(String);

impl DeactivationReason {
    pub const MIN_CHARS: usize = 3;
    pub const MAX_CHARS: usize = 500;

    pub fn parse(raw: &str) -> Result<Self, FieldError> {
        let reason = text::paragraph(raw, Self::MAX_CHARS)?;
        if reason.chars().count() < Self::MIN_CHARS {
            return Err(FieldError::new("field.too_short").with("min", Self::MIN_CHARS));
        }
        Ok(DeactivationReason(reason))
    }
}

impl AsRef<str> for DeactivationReason {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// The account of `role` exists (not forgotten) and may be deactivated or
/// reactivated: a client or a consultant, never an administrator.
fn managed(account: &Account, role: Role) -> Result<(), DomainError> {
    if !account.exists() || account.role != Some(role) || role == Role::Admin {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    Ok(())
}

/// Deactivates a client or consultant account; `reason` is the payload the
/// caller stores with the append (the parsed [`DeactivationReason`]).
pub fn deactivate(
    account: &Account,
    role: Role,
    reason: PayloadRef,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    managed(account, role)?;
    if account.deactivated {
        return Err(DomainError::Rule(RuleCode::AccountAlreadyDeactivated));
    }
    Ok(vec![AccountEvent::AccountDeactivated { reason, at: now }])
}

/// Reactivates a deactivated account: it may sign in and book again.
pub fn reactivate(
    account: &Account,
    role: Role,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    managed(account, role)?;
    if !account.deactivated {
        return Err(DomainError::Rule(RuleCode::AccountNotDeactivated));
    }
    Ok(vec![AccountEvent::AccountReactivated { at: now }])
}

/// A consultant whose account is deactivated, or about to be erased, has no
/// bookable slot.
pub fn ensure_bookable(consultant: &Account) -> Result<(), DomainError> {
    if consultant.deactivated || consultant.erasure_due.is_some() {
        return Err(DomainError::Rule(RuleCode::SlotUnavailable));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use chrono::Duration;

    use crate::account::ensure_may_book;
    use uuid::Uuid;

    use super::*;
    use crate::account::{NewAccount, start_session};
    use crate::values::Language;

    fn at(minutes: i64) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-25T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
            + Duration::minutes(minutes)
    }

    const ID: Uuid = Uuid::from_u128(1);

    fn registered(role: Role) -> AccountEvent {
        let new = NewAccount {
            account_id: ID,
            role,
            login_key: "k".into(),
            profile: reason_ref("profile"),
            language: Language::Fr,
            timezone: None,
            terms_version: None,
            privacy_version: None,
        };
        crate::account::register(&Default::default(), new, at(0))
            .unwrap()
            .0
            .remove(0)
    }

    fn reason_ref(key: &str) -> PayloadRef {
        PayloadRef {
            subject: ID,
            key: key.into(),
        }
    }

    fn given(events: &[AccountEvent]) -> Account {
        events.iter().fold(Account::default(), Account::evolve)
    }

    fn deactivated(role: Role) -> Vec<AccountEvent> {
        vec![
            registered(role),
            AccountEvent::AccountDeactivated {
                reason: reason_ref("deactivation-1"),
                at: at(1),
            },
        ]
    }

    #[test]
    fn an_active_client_or_consultant_is_deactivated_with_a_reason() {
        for role in [Role::Client, Role::Consultant] {
            let account = given(&[registered(role)]);
            let events = deactivate(&account, role, reason_ref("deactivation-1"), at(1)).unwrap();
            assert_eq!(
                events,
                vec![AccountEvent::AccountDeactivated {
                    reason: reason_ref("deactivation-1"),
                    at: at(1)
                }]
            );
            let account = events.iter().fold(account, Account::evolve);
            assert!(account.deactivated && !account.is_active());
        }
    }

    #[test]
    fn deactivating_twice_is_refused() {
        let account = given(&deactivated(Role::Client));
        assert_eq!(
            deactivate(&account, Role::Client, reason_ref("deactivation-2"), at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::AccountAlreadyDeactivated)
        );
    }

    #[test]
    fn only_a_deactivated_account_is_reactivated() {
        let active = given(&[registered(Role::Consultant)]);
        assert_eq!(
            reactivate(&active, Role::Consultant, at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::AccountNotDeactivated)
        );
        let account = given(&deactivated(Role::Consultant));
        let events = reactivate(&account, Role::Consultant, at(2)).unwrap();
        assert_eq!(events, vec![AccountEvent::AccountReactivated { at: at(2) }]);
        assert!(events.iter().fold(account, Account::evolve).is_active());
    }

    #[test]
    fn administrators_are_not_deactivated_this_way() {
        let admin = given(&[registered(Role::Admin)]);
        for role in Role::ALL {
            assert_eq!(
                deactivate(&admin, role, reason_ref("d"), at(1)).unwrap_err(),
                DomainError::Rule(RuleCode::NotFound)
            );
        }
    }

    #[test]
    fn an_account_of_another_role_unknown_or_forgotten_is_not_found() {
        let client = given(&[registered(Role::Client)]);
        let forgotten = given(&[
            registered(Role::Client),
            AccountEvent::SubjectForgotten { at: at(1) },
        ]);
        for (account, role) in [
            (&client, Role::Consultant),
            (&Account::default(), Role::Client),
            (&forgotten, Role::Client),
        ] {
            assert_eq!(
                deactivate(account, role, reason_ref("d"), at(2)).unwrap_err(),
                DomainError::Rule(RuleCode::NotFound)
            );
        }
        let forgotten_deactivated = given(&[
            registered(Role::Client),
            AccountEvent::AccountDeactivated {
                reason: reason_ref("d"),
                at: at(1),
            },
            AccountEvent::SubjectForgotten { at: at(2) },
        ]);
        assert_eq!(
            reactivate(&forgotten_deactivated, Role::Client, at(3)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }

    #[test]
    fn a_deactivated_account_cannot_sign_in_until_reactivated() {
        let mut events = deactivated(Role::Client);
        let account = given(&events);
        assert_eq!(
            start_session(&account, Uuid::from_u128(5), Duration::hours(1), at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::AccountDeactivated)
        );
        events.push(AccountEvent::AccountReactivated { at: at(3) });
        assert!(
            start_session(
                &given(&events),
                Uuid::from_u128(5),
                Duration::hours(1),
                at(4)
            )
            .is_ok()
        );
    }

    #[test]
    fn a_deactivated_client_cannot_book_nor_a_deactivated_consultant_be_booked() {
        let in_force = crate::site::legal::InForce {
            terms: "2026-01".into(),
            privacy: "2026-01".into(),
        };
        let mut client = given(&deactivated(Role::Client));
        client.terms_version = Some("2026-01".into());
        client.privacy_version = Some("2026-01".into());
        assert_eq!(
            ensure_may_book(&client, &in_force).unwrap_err(),
            DomainError::Rule(RuleCode::AccountDeactivated)
        );
        assert_eq!(
            ensure_bookable(&given(&deactivated(Role::Consultant))).unwrap_err(),
            DomainError::Rule(RuleCode::SlotUnavailable)
        );
        client.deactivated = false;
        assert!(ensure_may_book(&client, &in_force).is_ok());
        assert!(ensure_bookable(&given(&[registered(Role::Consultant)])).is_ok());
    }

    #[test]
    fn the_platform_cancels_an_upcoming_booking_with_a_full_refund_even_at_short_notice() {
        use crate::booking::{
            self, Booking, BookingEvent, BookingStatus, CancelledBy, Party, PaymentRecord,
        };
        use crate::values::{Currency, Money};
        let eur = |minor| Money::new(minor, Currency::Eur);
        let (start, booking_id) = (at(60), Uuid::from_u128(7));
        let booking = [
            BookingEvent::BookingHeld {
                booking_id,
                consultant_id: Uuid::from_u128(2),
                client_id: ID,
                start,
                end: start + Duration::minutes(60),
                duration_minutes: 60,
                price: eur(6000),
                discount: eur(0),
                total: eur(6000),
                free: false,
                coupon_id: None,
                coupon_code: None,
                hold_expires_at: at(15),
                at: at(0),
            },
            BookingEvent::BookingConfirmed {
                booking_id,
                payment: Some(PaymentRecord {
                    provider_ref: "ch_1".into(),
                    brand: "visa".into(),
                    last4: "4242".into(),
                    amount: eur(6000),
                }),
                at: at(1),
            },
        ]
        .iter()
        .fold(Booking::default(), Booking::evolve);
        let platform = Party {
            by: CancelledBy::Platform,
            account_id: Uuid::from_u128(9),
        };
        let client = Party {
            by: CancelledBy::Client,
            account_id: ID,
        };
        // An hour before the start the client's own cancellation gives nothing back.
        assert_eq!(
            booking::cancellation_refund(&booking, client, at(2)).unwrap(),
            eur(0)
        );
        assert_eq!(
            booking::cancellation_refund(&booking, platform, at(2)).unwrap(),
            eur(6000)
        );
        let cancelled = booking::cancel(&booking, platform, Some("re_1".into()), None, at(2))
            .unwrap()
            .booking
            .iter()
            .fold(booking.clone(), Booking::evolve);
        let info = cancelled.info().unwrap();
        assert_eq!(info.status, BookingStatus::Cancelled);
        assert_eq!(info.cancelled_by, Some(CancelledBy::Platform));
        // Once cancelled, or once started, there is nothing left to cancel.
        assert!(booking::cancellation_refund(&cancelled, platform, at(3)).is_err());
        assert!(booking::cancellation_refund(&booking, platform, at(60)).is_err());
    }

    #[test]
    fn a_reason_has_3_to_500_characters() {
        assert_eq!(
            DeactivationReason::parse("  ").err().unwrap().code,
            "field.required"
        );
        let short = DeactivationReason::parse("ab").err().unwrap();
        assert_eq!(short.code, "field.too_short");
        assert_eq!(short.args, vec![("min", "3".to_owned())]);
        assert_eq!(
            DeactivationReason::parse(&"a".repeat(501))
                .err()
                .unwrap()
                .code,
            "field.too_long"
        );
        assert_eq!(
            DeactivationReason::parse(" Fraude répétée \n")
                .unwrap()
                .as_ref(),
            "Fraude répétée"
        );
    }
}
