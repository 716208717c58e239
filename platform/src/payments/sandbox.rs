//! The sandbox provider, the embedded default: it behaves like Stripe's
//! PaymentIntents and test cards, moves no money, and keeps its intents in
//! memory. It plays the provider's part end to end: the browser sends the
//! card to its own routes (`/api/public/sandbox-payments/…`), never to the
//! booking API, and completes its 3-D Secure challenge there.
//!
//! | number | outcome |
//! |---|---|
//! | 4242 4242 4242 4242 | success, `visa` |
//! | 5555 5555 5555 4444 | success, `mastercard` |
//! | 4000 0025 0000 3155 | a 3-D Secure challenge; success once completed |
//! | 4000 0084 0000 1629 | a 3-D Secure challenge that always fails |
//! | 4000 0000 0000 0002 | `card_declined` |
//! | 4000 0000 0000 9995 | `insufficient_funds` |
//! | 4000 0000 0000 0069 | `expired_card` |
//! | 4000 0000 0000 0127 | `incorrect_cvc` |
//! | any number failing Luhn | `incorrect_number` |
//! | any other valid number | success, brand from the first digit |
//!
//! An expiry month already past (by the injected clock) is `expired_card`; a
//! security code that is not 3 or 4 digits is `incorrect_cvc`. As with
//! Stripe, a refused attempt leaves the intent open for another card, a paid
//! intent stays paid, the same idempotency key gives back the same intent,
//! and refunds never exceed what was paid.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use async_trait::async_trait;
use chrono::Datelike as _;
use secrecy::{ExposeSecret, SecretString};
use subtle::ConstantTimeEq as _;
use uuid::Uuid;

use super::{
    Charge, Decline, Intent, IntentRequest, IntentState, IntentStatus, PaymentError,
    PaymentProvider, ProviderKind, Refund, RefundRequest,
};
use crate::clock::SharedClock;

const NAMESPACE: Uuid = Uuid::from_u128(0x0b7e_6f2d_38a1_4c55_9e04_d2c7_51a8_9f30);

/// A card as typed in the sandbox's form, held only while it is decided.
#[derive(Clone)]
pub struct Card {
    pub number: SecretString,
    pub exp_month: u32,
    pub exp_year: u32,
    pub cvc: SecretString,
}

impl Card {
    /// The digits of the number, spaces and dashes removed.
    pub fn digits(&self) -> String {
        self.number
            .expose_secret()
            .chars()
            .filter(char::is_ascii_digit)
            .collect()
    }

    /// The last four digits, the only part of the number ever kept.
    pub fn last4(&self) -> String {
        let digits = self.digits();
        digits[digits.len().saturating_sub(4)..].to_owned()
    }
}

impl std::fmt::Debug for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Card(**** {}, {:02}/{})",
            self.last4(),
            self.exp_month,
            self.exp_year
        )
    }
}

/// What the payer chose on the sandbox's 3-D Secure page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeOutcome {
    Complete,
    Fail,
}

/// The intent's state after a step in the browser, as Stripe.js reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SandboxAnswer {
    Succeeded,
    /// A 3-D Secure challenge must be completed.
    RequiresAction,
    /// Refused; another card may be tried.
    Declined(Decline),
}

impl SandboxAnswer {
    /// Stripe's intent status name.
    pub fn status(self) -> &'static str {
        match self {
            SandboxAnswer::Succeeded => "succeeded",
            SandboxAnswer::RequiresAction => "requires_action",
            SandboxAnswer::Declined(_) => "requires_payment_method",
        }
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SandboxError {
    /// No intent with this id and secret (the same answer for both).
    #[error("no such payment intent")]
    Unknown,
}

pub struct SandboxPayments {
    clock: SharedClock,
    state: Mutex<Ledger>,
}

#[derive(Default)]
struct Ledger {
    /// Idempotency key → intent id.
    by_key: HashMap<String, String>,
    intents: HashMap<String, SandboxIntent>,
    /// Idempotency key → refund.
    refunds: HashMap<String, Refund>,
}

struct SandboxIntent {
    client_secret: String,
    amount_minor: i64,
    refunded_minor: i64,
    currency: String,
    reference: String,
    step: Step,
}

enum Step {
    New,
    /// A challenge is open for this card; `fails` for the failing test card.
    Challenge {
        charge: Charge,
        fails: bool,
    },
    Declined(Decline),
    Succeeded(Charge),
}

impl SandboxPayments {
    pub fn new(clock: SharedClock) -> Self {
        SandboxPayments {
            clock,
            state: Mutex::new(Ledger::default()),
        }
    }

    /// The browser confirms `intent_id` with a card (Stripe.js's
    /// `confirmCardPayment`): paid, refused, or a challenge to complete.
    pub fn confirm(
        &self,
        intent_id: &str,
        client_secret: &str,
        card: &Card,
    ) -> Result<SandboxAnswer, SandboxError> {
        let decided = self.decide(card);
        let mut ledger = self.ledger();
        let intent = ledger.find(intent_id, client_secret)?;
        if let Step::Succeeded(_) = intent.step {
            return Ok(SandboxAnswer::Succeeded);
        }
        let charge = |brand: &str| Charge {
            provider_ref: intent_id.to_owned(),
            brand: brand.to_owned(),
            last4: card.last4(),
        };
        intent.step = match decided {
            Err(decline) => Step::Declined(decline),
            Ok(Decided::Pay(brand)) => Step::Succeeded(charge(brand)),
            Ok(Decided::Challenge { brand, fails }) => Step::Challenge {
                charge: charge(brand),
                fails,
            },
        };
        Ok(intent.answer())
    }

    /// The payer completes or fails the open 3-D Secure challenge; with no
    /// challenge open, the intent's state as it is.
    pub fn challenge(
        &self,
        intent_id: &str,
        client_secret: &str,
        outcome: ChallengeOutcome,
    ) -> Result<SandboxAnswer, SandboxError> {
        let mut ledger = self.ledger();
        let intent = ledger.find(intent_id, client_secret)?;
        if let Step::Challenge { charge, fails } = &intent.step {
            intent.step = if outcome == ChallengeOutcome::Complete && !fails {
                Step::Succeeded(charge.clone())
            } else {
                Step::Declined(Decline::AuthenticationFailed)
            };
        }
        Ok(intent.answer())
    }

    fn decide(&self, card: &Card) -> Result<Decided, Decline> {
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
        let brand = brand(&digits);
        Ok(match digits.as_str() {
            "4000002500003155" => Decided::Challenge {
                brand,
                fails: false,
            },
            "4000008400001629" => Decided::Challenge { brand, fails: true },
            _ => Decided::Pay(brand),
        })
    }

    fn ledger(&self) -> std::sync::MutexGuard<'_, Ledger> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

enum Decided {
    Pay(&'static str),
    Challenge { brand: &'static str, fails: bool },
}

impl Ledger {
    fn find(
        &mut self,
        intent_id: &str,
        client_secret: &str,
    ) -> Result<&mut SandboxIntent, SandboxError> {
        self.intents
            .get_mut(intent_id)
            // Compared in constant time: a wrong guess learns nothing of the rest.
            .filter(|i| bool::from(i.client_secret.as_bytes().ct_eq(client_secret.as_bytes())))
            .ok_or(SandboxError::Unknown)
    }
}

impl SandboxIntent {
    fn answer(&self) -> SandboxAnswer {
        match &self.step {
            Step::Succeeded(_) => SandboxAnswer::Succeeded,
            Step::Challenge { .. } => SandboxAnswer::RequiresAction,
            Step::Declined(decline) => SandboxAnswer::Declined(*decline),
            // Not reachable after a confirmation; reads as "enter a card".
            Step::New => SandboxAnswer::Declined(Decline::CardDeclined),
        }
    }

    fn status(&self) -> IntentStatus {
        match &self.step {
            Step::New | Step::Challenge { .. } => IntentStatus::Pending,
            Step::Declined(decline) => IntentStatus::Declined(*decline),
            Step::Succeeded(charge) => IntentStatus::Succeeded(charge.clone()),
        }
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
    fn kind(&self) -> ProviderKind {
        ProviderKind::Sandbox
    }

    fn publishable_key(&self) -> Option<String> {
        None
    }

    async fn create_intent(&self, request: IntentRequest) -> Result<Intent, PaymentError> {
        if request.amount_minor <= 0 {
            return Err(PaymentError::Provider("amount must be positive".into()));
        }
        let mut ledger = self.ledger();
        let id = ledger
            .by_key
            .entry(request.idempotency_key.clone())
            .or_insert_with(|| {
                let id = Uuid::new_v5(&NAMESPACE, request.idempotency_key.as_bytes());
                format!("pi_sandbox_{}", id.simple())
            })
            .clone();
        let intent = ledger
            .intents
            .entry(id.clone())
            .or_insert_with(|| SandboxIntent {
                client_secret: format!("{id}_secret_{}", Uuid::new_v4().simple()),
                amount_minor: request.amount_minor,
                refunded_minor: 0,
                currency: request.currency.to_lowercase(),
                reference: request.reference.clone(),
                step: Step::New,
            });
        Ok(Intent {
            id,
            client_secret: SecretString::from(intent.client_secret.clone()),
        })
    }

    async fn intent(&self, id: &str) -> Result<IntentState, PaymentError> {
        let ledger = self.ledger();
        let intent = ledger.intents.get(id).ok_or(PaymentError::UnknownIntent)?;
        Ok(IntentState {
            id: id.to_owned(),
            amount_minor: intent.amount_minor,
            currency: intent.currency.clone(),
            reference: Some(intent.reference.clone()),
            status: intent.status(),
        })
    }

    async fn refund(&self, request: RefundRequest) -> Result<Refund, PaymentError> {
        let mut ledger = self.ledger();
        if let Some(first) = ledger.refunds.get(&request.idempotency_key) {
            return Ok(first.clone());
        }
        let paid = ledger
            .intents
            .get_mut(&request.provider_ref)
            .filter(|i| matches!(i.step, Step::Succeeded(_)));
        let Some(intent) = paid else {
            return Err(PaymentError::Provider(format!(
                "no such charge: {}",
                request.provider_ref
            )));
        };
        if request.amount_minor <= 0
            || intent.refunded_minor + request.amount_minor > intent.amount_minor
        {
            return Err(PaymentError::Provider(
                "refund exceeds the charge".to_owned(),
            ));
        }
        intent.refunded_minor += request.amount_minor;
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
}

#[cfg(test)]
mod tests;
