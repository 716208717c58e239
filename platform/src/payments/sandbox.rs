//! The sandbox provider, the embedded default: it behaves like Stripe's test
//! cards, moves no money, and remembers charges in memory.
//!
//! | number | outcome |
//! |---|---|
//! | 4242 4242 4242 4242 | success, `visa` |
//! | 5555 5555 5555 4444 | success, `mastercard` |
//! | 4000 0000 0000 0002 | `card_declined` |
//! | 4000 0000 0000 9995 | `insufficient_funds` |
//! | 4000 0000 0000 0069 | `expired_card` |
//! | 4000 0000 0000 0127 | `incorrect_cvc` |
//! | any number failing Luhn | `incorrect_number` |
//! | any other valid number | success, brand from the first digit |
//!
//! An expiry month already past (by the injected clock) is `expired_card`; a
//! security code that is not 3 or 4 digits is `incorrect_cvc`. The same
//! idempotency key gives back the first successful charge, so a retried
//! charge never charges twice; a declined attempt leaves the key free for
//! another card (as a Stripe PaymentIntent may be confirmed again after a
//! decline). Refunds never exceed what was charged.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use async_trait::async_trait;
use chrono::Datelike as _;
use secrecy::ExposeSecret;
use uuid::Uuid;

use super::{
    Card, Charge, ChargeRequest, Decline, PaymentError, PaymentProvider, Refund, RefundRequest,
};
use crate::clock::SharedClock;

const NAMESPACE: Uuid = Uuid::from_u128(0x0b7e_6f2d_38a1_4c55_9e04_d2c7_51a8_9f30);

pub struct SandboxPayments {
    clock: SharedClock,
    state: Mutex<Ledger>,
}

#[derive(Default)]
struct Ledger {
    /// Idempotency key → the successful charge.
    charges: HashMap<String, Charge>,
    /// Charge reference → (amount charged, amount refunded).
    amounts: HashMap<String, (i64, i64)>,
    /// Idempotency key → refund.
    refunds: HashMap<String, Refund>,
}

impl SandboxPayments {
    pub fn new(clock: SharedClock) -> Self {
        SandboxPayments {
            clock,
            state: Mutex::new(Ledger::default()),
        }
    }

    fn decide(&self, card: &Card) -> Result<&'static str, Decline> {
        let digits = card.digits();
        if !(12..=19).contains(&digits.len()) || !luhn(&digits) {
            return Err(Decline::IncorrectNumber);
        }
        match digits.as_str() {
            "4000000000000002" => return Err(Decline::CardDeclined),
            "4000000000009995" => return Err(Decline::InsufficientFunds),
            "4000000000000069" => return Err(Decline::ExpiredCard),
            "4000000000000127" => return Err(Decline::IncorrectCvc),
            _ => {}
        }
        let today = self.clock.now().date_naive();
        let year = if card.exp_year < 100 {
            card.exp_year + 2000
        } else {
            card.exp_year
        };
        let expired = !(1..=12).contains(&card.exp_month)
            || (year as i32, card.exp_month) < (today.year(), today.month());
        if expired {
            return Err(Decline::ExpiredCard);
        }
        let cvc = card.cvc.expose_secret();
        if !(3..=4).contains(&cvc.len()) || !cvc.chars().all(|c| c.is_ascii_digit()) {
            return Err(Decline::IncorrectCvc);
        }
        Ok(brand(&digits))
    }

    fn ledger(&self) -> std::sync::MutexGuard<'_, Ledger> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn brand(digits: &str) -> &'static str {
    match digits.as_bytes().first() {
        Some(b'4') => "visa",
        Some(b'5' | b'2') => "mastercard",
        Some(b'3') => "amex",
        Some(b'6') => "discover",
        _ => "unknown",
    }
}

/// The Luhn checksum every card number carries.
fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

#[async_trait]
impl PaymentProvider for SandboxPayments {
    async fn charge(&self, request: ChargeRequest) -> Result<Charge, PaymentError> {
        if request.amount_minor <= 0 {
            return Err(PaymentError::Provider("amount must be positive".into()));
        }
        let mut ledger = self.ledger();
        if let Some(first) = ledger.charges.get(&request.idempotency_key) {
            return Ok(first.clone());
        }
        let brand = self.decide(&request.card).map_err(PaymentError::Declined)?;
        let charge = Charge {
            provider_ref: format!(
                "ch_sandbox_{}",
                Uuid::new_v5(&NAMESPACE, request.idempotency_key.as_bytes()).simple()
            ),
            brand: brand.to_owned(),
            last4: request.card.last4(),
        };
        ledger
            .amounts
            .insert(charge.provider_ref.clone(), (request.amount_minor, 0));
        ledger
            .charges
            .insert(request.idempotency_key, charge.clone());
        Ok(charge)
    }

    async fn refund(&self, request: RefundRequest) -> Result<Refund, PaymentError> {
        let mut ledger = self.ledger();
        if let Some(first) = ledger.refunds.get(&request.idempotency_key) {
            return Ok(first.clone());
        }
        let Some((charged, refunded)) = ledger.amounts.get_mut(&request.provider_ref) else {
            return Err(PaymentError::Provider(format!(
                "no such charge: {}",
                request.provider_ref
            )));
        };
        if request.amount_minor <= 0 || *refunded + request.amount_minor > *charged {
            return Err(PaymentError::Provider(
                "refund exceeds the charge".to_owned(),
            ));
        }
        *refunded += request.amount_minor;
        let refund = Refund {
            provider_ref: format!(
                "re_sandbox_{}",
                Uuid::new_v5(&NAMESPACE, request.idempotency_key.as_bytes()).simple()
            ),
        };
        ledger
            .refunds
            .insert(request.idempotency_key, refund.clone());
        Ok(refund)
    }

    async fn charge_of(&self, provider_ref: &str) -> Result<Charge, PaymentError> {
        self.ledger()
            .charges
            .values()
            .find(|c| c.provider_ref == provider_ref)
            .cloned()
            .ok_or_else(|| PaymentError::Provider(format!("no such charge: {provider_ref}")))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use chrono::{TimeZone as _, Utc};
    use secrecy::SecretString;

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

    fn request(key: &str, card: Card) -> ChargeRequest {
        ChargeRequest {
            idempotency_key: key.into(),
            amount_minor: 6000,
            currency: "eur".into(),
            card,
            description: "booking".into(),
            reference: "booking-1".into(),
        }
    }

    async fn outcome(number: &str) -> Result<Charge, Decline> {
        sandbox()
            .charge(request("k", card(number, 12, 2030, "123")))
            .await
            .map_err(|e| match e {
                PaymentError::Declined(d) => d,
                PaymentError::Provider(p) => panic!("provider error {p}"),
            })
    }

    #[tokio::test]
    async fn the_success_cards_charge_and_keep_brand_and_last_four_only() {
        let visa = outcome("4242 4242 4242 4242").await.unwrap();
        assert_eq!((visa.brand.as_str(), visa.last4.as_str()), ("visa", "4242"));
        assert!(visa.provider_ref.starts_with("ch_sandbox_"));
        assert!(!visa.provider_ref.contains("4242"));
        let mastercard = outcome("5555-5555-5555-4444").await.unwrap();
        assert_eq!(
            (mastercard.brand.as_str(), mastercard.last4.as_str()),
            ("mastercard", "4444")
        );
    }

    #[tokio::test]
    async fn the_decline_cards_answer_stripes_codes() {
        for (number, decline) in [
            ("4000000000000002", Decline::CardDeclined),
            ("4000000000009995", Decline::InsufficientFunds),
            ("4000000000000069", Decline::ExpiredCard),
            ("4000000000000127", Decline::IncorrectCvc),
            ("4242424242424241", Decline::IncorrectNumber),
            ("1234", Decline::IncorrectNumber),
        ] {
            assert_eq!(outcome(number).await, Err(decline), "{number}");
        }
    }

    #[tokio::test]
    async fn a_past_expiry_or_a_malformed_cvc_is_refused() {
        let payments = sandbox();
        let past = payments
            .charge(request("a", card("4242424242424242", 10, 2026, "123")))
            .await;
        assert!(matches!(
            past,
            Err(PaymentError::Declined(Decline::ExpiredCard))
        ));
        // The current month is still valid; a two-digit year is read as 20xx
        let this_month = payments
            .charge(request("b", card("4242424242424242", 11, 26, "123")))
            .await;
        assert!(this_month.is_ok());
        let cvc = payments
            .charge(request("c", card("4242424242424242", 12, 2030, "12")))
            .await;
        assert!(matches!(
            cvc,
            Err(PaymentError::Declined(Decline::IncorrectCvc))
        ));
    }

    #[tokio::test]
    async fn the_same_key_charges_once_and_answers_the_same() {
        let payments = sandbox();
        // A declined attempt leaves the key free for another card
        let declined = payments
            .charge(request(
                "booking-1",
                card("4000000000000002", 12, 2030, "123"),
            ))
            .await;
        assert!(matches!(
            declined,
            Err(PaymentError::Declined(Decline::CardDeclined))
        ));
        let first = payments
            .charge(request(
                "booking-1",
                card("4242424242424242", 12, 2030, "123"),
            ))
            .await
            .unwrap();
        let again = payments
            .charge(request(
                "booking-1",
                card("4000000000000002", 12, 2030, "123"),
            ))
            .await
            .unwrap();
        assert_eq!(first, again);
        let other = payments
            .charge(request(
                "booking-2",
                card("4242424242424242", 12, 2030, "123"),
            ))
            .await
            .unwrap();
        assert_ne!(first.provider_ref, other.provider_ref);
    }

    #[tokio::test]
    async fn refunds_are_idempotent_and_never_exceed_the_charge() {
        let payments = sandbox();
        let charge = payments
            .charge(request("k", card("4242424242424242", 12, 2030, "123")))
            .await
            .unwrap();
        let refund = |key: &str, amount_minor| RefundRequest {
            idempotency_key: key.into(),
            provider_ref: charge.provider_ref.clone(),
            amount_minor,
            currency: "eur".into(),
        };
        let first = payments.refund(refund("r1", 6000)).await.unwrap();
        assert_eq!(payments.refund(refund("r1", 6000)).await.unwrap(), first);
        assert!(payments.refund(refund("r2", 1)).await.is_err());
        let unknown = RefundRequest {
            provider_ref: "ch_nope".into(),
            ..refund("r3", 1)
        };
        assert!(payments.refund(unknown).await.is_err());
    }

    #[tokio::test]
    async fn a_charge_is_read_back_by_its_reference_only_once_made() {
        let payments = sandbox();
        assert!(payments.charge_of("ch_sandbox_nope").await.is_err());
        let charge = payments
            .charge(request("k", card("5555555555554444", 12, 2030, "123")))
            .await
            .unwrap();
        assert_eq!(
            payments.charge_of(&charge.provider_ref).await.unwrap(),
            charge
        );
    }

    #[test]
    fn the_debug_form_of_a_card_hides_the_number_and_the_cvc() {
        let shown = format!("{:?}", card("4242424242424242", 12, 2030, "987"));
        assert!(!shown.contains("424242424242"));
        assert!(!shown.contains("987"));
    }
}
