//! The legal texts a person has accepted (docs/rules.md "Static pages and
//! legal texts"): the versions in force at sign-up, then each new version
//! when they next book. A client books only under the versions in force.

use chrono::{DateTime, Utc};

use super::{Account, AccountEvent};
use crate::site::legal::InForce;
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

/// A client may book only while its account is active and it has accepted
/// the terms and privacy versions in force.
pub fn ensure_may_book(client: &Account, in_force: &InForce) -> Result<(), DomainError> {
    if client.deactivated {
        return Err(DomainError::Rule(RuleCode::AccountDeactivated));
    }
    if client.erasure_due.is_some() {
        return Err(DomainError::Rule(RuleCode::ErasurePending));
    }
    if !in_force.accepted_by(
        client.terms_version.as_deref(),
        client.privacy_version.as_deref(),
    ) {
        return Err(DomainError::Rule(RuleCode::TermsNotAccepted));
    }
    Ok(())
}

/// Records that the person accepted `terms` and `privacy`, which must be the
/// versions in force (a page left open across a publication is refused, so
/// nobody accepts a text they did not see); accepting again records nothing.
pub fn accept_legal(
    account: &Account,
    in_force: &InForce,
    terms: &str,
    privacy: &str,
    now: DateTime<Utc>,
) -> Result<Vec<AccountEvent>, DomainError> {
    if !account.exists() {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    let mut errors = FieldErrors::default();
    if terms != in_force.terms {
        errors.add("terms_version", FieldError::new("terms.outdated"));
    }
    if privacy != in_force.privacy {
        errors.add("privacy_version", FieldError::new("terms.outdated"));
    }
    errors.into_result()?;
    if in_force.accepted_by(
        account.terms_version.as_deref(),
        account.privacy_version.as_deref(),
    ) {
        return Ok(Vec::new());
    }
    Ok(vec![AccountEvent::LegalTermsAccepted {
        terms_version: terms.to_owned(),
        privacy_version: privacy.to_owned(),
        at: now,
    }])
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use uuid::Uuid;

    use super::*;
    use crate::account::{NewAccount, PayloadRef, Role, register};
    use crate::values::Language;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 9, 0, 0).unwrap()
    }

    fn in_force(terms: &str) -> InForce {
        InForce {
            terms: terms.into(),
            privacy: "2026-01".into(),
        }
    }

    fn client(terms: Option<&str>) -> Account {
        let new = NewAccount {
            account_id: Uuid::from_u128(1),
            role: Role::Client,
            login_key: "k".into(),
            profile: PayloadRef {
                subject: Uuid::from_u128(1),
                key: "profile".into(),
            },
            language: Language::Fr,
            timezone: None,
            terms_version: terms.map(str::to_owned),
            privacy_version: Some("2026-01".into()),
        };
        let (events, _) = register(&Default::default(), new, now()).unwrap();
        events.iter().fold(Account::default(), Account::evolve)
    }

    #[test]
    fn given_a_new_terms_version_when_the_client_books_then_it_must_accept_it_first() {
        let client = client(Some("2026-01"));
        assert!(ensure_may_book(&client, &in_force("2026-01")).is_ok());
        assert_eq!(
            ensure_may_book(&client, &in_force("2026-12-01")).unwrap_err(),
            DomainError::Rule(RuleCode::TermsNotAccepted)
        );
        let accepted = accept_legal(
            &client,
            &in_force("2026-12-01"),
            "2026-12-01",
            "2026-01",
            now(),
        )
        .unwrap();
        let client = accepted.iter().fold(client, Account::evolve);
        assert!(ensure_may_book(&client, &in_force("2026-12-01")).is_ok());
        assert!(
            accept_legal(
                &client,
                &in_force("2026-12-01"),
                "2026-12-01",
                "2026-01",
                now()
            )
            .unwrap()
            .is_empty()
        );
    }

    #[test]
    fn a_version_no_longer_in_force_cannot_be_accepted() {
        let refused = accept_legal(
            &client(None),
            &in_force("2026-12-01"),
            "2026-01",
            "2026-01",
            now(),
        );
        let Err(DomainError::Invalid(errors)) = refused else {
            panic!("{refused:?}")
        };
        assert_eq!(errors.0.keys().collect::<Vec<_>>(), ["terms_version"]);
        assert_eq!(
            accept_legal(
                &Account::default(),
                &in_force("2026-01"),
                "2026-01",
                "2026-01",
                now()
            )
            .unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }
}
