use std::sync::Arc;

use chrono::{TimeZone as _, Utc};
use secrecy::{ExposeSecret as _, SecretString};

use super::*;
use crate::clock::ManualClock;

fn sandbox() -> SandboxPayments {
    let clock = ManualClock::new(Utc.with_ymd_and_hms(2026, 11, 23, 8, 0, 0).unwrap());
    SandboxPayments::new(Arc::new(clock))
}

fn card(number: &str, exp_month: u32, exp_year: u32, cvc: &str) -> Card {
    Card {
        number: SecretString::from(number.to_owned()),
        exp_month,
        exp_year,
        cvc: SecretString::from(cvc.to_owned()),
    }
}

fn valid(number: &str) -> Card {
    card(number, 12, 2030, "123")
}

fn request(key: &str) -> IntentRequest {
    IntentRequest {
        idempotency_key: key.into(),
        amount_minor: 6000,
        currency: "EUR".into(),
        description: "booking".into(),
        reference: "booking-1".into(),
    }
}

async fn intent(payments: &SandboxPayments, key: &str) -> (String, String) {
    let intent = payments.create_intent(request(key)).await.unwrap();
    (intent.id, intent.client_secret.expose_secret().to_owned())
}

async fn status(payments: &SandboxPayments, id: &str) -> IntentStatus {
    payments.intent(id).await.unwrap().status
}

#[tokio::test]
async fn the_success_cards_pay_and_keep_brand_and_last_four_only() {
    let payments = sandbox();
    for (key, number, brand, last4) in [
        ("a", "4242 4242 4242 4242", "visa", "4242"),
        ("b", "5555-5555-5555-4444", "mastercard", "4444"),
    ] {
        let (id, secret) = intent(&payments, key).await;
        assert_eq!(
            payments.confirm(&id, &secret, &valid(number)),
            Ok(SandboxAnswer::Succeeded)
        );
        let IntentStatus::Succeeded(charge) = status(&payments, &id).await else {
            panic!("not paid");
        };
        assert_eq!(
            (charge.brand.as_str(), charge.last4.as_str()),
            (brand, last4)
        );
        assert_eq!(charge.provider_ref, id);
        assert!(id.starts_with("pi_sandbox_") && !id.contains(last4));
    }
}

#[tokio::test]
async fn the_decline_cards_answer_stripes_codes_and_leave_the_intent_open() {
    let payments = sandbox();
    let (id, secret) = intent(&payments, "k").await;
    for (number, decline) in [
        ("4000000000000002", Decline::CardDeclined),
        ("4000000000009995", Decline::InsufficientFunds),
        ("4000000000000069", Decline::ExpiredCard),
        ("4000000000000127", Decline::IncorrectCvc),
        ("4242424242424241", Decline::IncorrectNumber),
        ("1234", Decline::IncorrectNumber),
    ] {
        assert_eq!(
            payments.confirm(&id, &secret, &valid(number)),
            Ok(SandboxAnswer::Declined(decline)),
            "{number}"
        );
        assert_eq!(
            status(&payments, &id).await,
            IntentStatus::Declined(decline)
        );
    }
    assert_eq!(
        payments.confirm(&id, &secret, &valid("4242424242424242")),
        Ok(SandboxAnswer::Succeeded)
    );
}

#[tokio::test]
async fn a_past_expiry_or_a_malformed_cvc_is_refused() {
    let payments = sandbox();
    let (id, secret) = intent(&payments, "k").await;
    let answer = |c: Card| payments.confirm(&id, &secret, &c);
    assert_eq!(
        answer(card("4242424242424242", 10, 2026, "123")),
        Ok(SandboxAnswer::Declined(Decline::ExpiredCard))
    );
    assert_eq!(
        answer(card("4242424242424242", 12, 2030, "12")),
        Ok(SandboxAnswer::Declined(Decline::IncorrectCvc))
    );
    // The current month is still valid; a two-digit year is read as 20xx
    assert_eq!(
        answer(card("4242424242424242", 11, 26, "123")),
        Ok(SandboxAnswer::Succeeded)
    );
}

#[tokio::test]
async fn the_challenge_card_pays_once_the_challenge_is_completed() {
    let payments = sandbox();
    let (id, secret) = intent(&payments, "k").await;
    assert_eq!(
        payments.confirm(&id, &secret, &valid("4000 0025 0000 3155")),
        Ok(SandboxAnswer::RequiresAction)
    );
    assert_eq!(status(&payments, &id).await, IntentStatus::Pending);
    assert_eq!(
        payments.challenge(&id, &secret, ChallengeOutcome::Complete),
        Ok(SandboxAnswer::Succeeded)
    );
    assert!(
        matches!(status(&payments, &id).await, IntentStatus::Succeeded(c) if c.last4 == "3155")
    );
    // Completed twice, or failed afterwards: still paid
    assert_eq!(
        payments.challenge(&id, &secret, ChallengeOutcome::Fail),
        Ok(SandboxAnswer::Succeeded)
    );
}

#[tokio::test]
async fn a_failed_challenge_refuses_the_attempt_and_another_card_may_follow() {
    let payments = sandbox();
    let (id, secret) = intent(&payments, "k").await;
    let failing = valid("4000008400001629");
    for outcome in [ChallengeOutcome::Complete, ChallengeOutcome::Fail] {
        assert_eq!(
            payments.confirm(&id, &secret, &failing),
            Ok(SandboxAnswer::RequiresAction)
        );
        assert_eq!(
            payments.challenge(&id, &secret, outcome),
            Ok(SandboxAnswer::Declined(Decline::AuthenticationFailed))
        );
    }
    payments
        .confirm(&id, &secret, &valid("4000002500003155"))
        .unwrap();
    assert_eq!(
        payments.challenge(&id, &secret, ChallengeOutcome::Fail),
        Ok(SandboxAnswer::Declined(Decline::AuthenticationFailed))
    );
    assert_eq!(
        status(&payments, &id).await,
        IntentStatus::Declined(Decline::AuthenticationFailed)
    );
}

#[tokio::test]
async fn an_intent_is_reached_only_with_its_own_secret() {
    let payments = sandbox();
    let (id, secret) = intent(&payments, "k").await;
    let (other, _) = intent(&payments, "other").await;
    let card = valid("4242424242424242");
    assert_eq!(
        payments.confirm(&id, "pi_x_secret_y", &card),
        Err(SandboxError::Unknown)
    );
    assert_eq!(
        payments.confirm(&other, &secret, &card),
        Err(SandboxError::Unknown)
    );
    assert_eq!(
        payments.challenge("pi_nope", &secret, ChallengeOutcome::Complete),
        Err(SandboxError::Unknown)
    );
    assert!(matches!(
        payments.intent("pi_nope").await,
        Err(PaymentError::UnknownIntent)
    ));
}

#[tokio::test]
async fn the_same_key_gives_back_the_same_intent_and_a_paid_one_stays_paid() {
    let payments = sandbox();
    let (id, secret) = intent(&payments, "booking-1").await;
    assert_eq!(
        intent(&payments, "booking-1").await,
        (id.clone(), secret.clone())
    );
    assert_ne!(intent(&payments, "booking-2").await.0, id);
    payments
        .confirm(&id, &secret, &valid("4242424242424242"))
        .unwrap();
    assert_eq!(
        payments.confirm(&id, &secret, &valid("4000000000000002")),
        Ok(SandboxAnswer::Succeeded)
    );
    let state = payments.intent(&id).await.unwrap();
    assert_eq!(
        (
            state.amount_minor,
            state.currency.as_str(),
            state.reference.as_deref()
        ),
        (6000, "eur", Some("booking-1"))
    );
    assert!(matches!(state.status, IntentStatus::Succeeded(c) if c.last4 == "4242"));
}

#[tokio::test]
async fn refunds_are_idempotent_and_never_exceed_the_payment() {
    let payments = sandbox();
    let (id, secret) = intent(&payments, "k").await;
    let refund = |key: &str, amount_minor| RefundRequest {
        idempotency_key: key.into(),
        provider_ref: id.clone(),
        amount_minor,
        currency: "eur".into(),
    };
    assert!(
        payments.refund(refund("r0", 100)).await.is_err(),
        "not paid yet"
    );
    payments
        .confirm(&id, &secret, &valid("4242424242424242"))
        .unwrap();
    let first = payments.refund(refund("r1", 6000)).await.unwrap();
    assert_eq!(payments.refund(refund("r1", 6000)).await.unwrap(), first);
    assert!(payments.refund(refund("r2", 1)).await.is_err());
    let unknown = RefundRequest {
        provider_ref: "pi_nope".into(),
        ..refund("r3", 1)
    };
    assert!(payments.refund(unknown).await.is_err());
}

#[test]
fn the_debug_forms_hide_the_card_and_the_client_secret() {
    let shown = format!("{:?}", card("4242424242424242", 12, 2030, "987"));
    assert!(!shown.contains("424242424242") && !shown.contains("987"));
    let intent = Intent {
        id: "pi_1".into(),
        client_secret: SecretString::from("pi_1_secret_zzz".to_owned()),
    };
    assert!(!format!("{intent:?}").contains("zzz"));
}
