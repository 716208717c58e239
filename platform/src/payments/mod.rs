//! Card payments behind one port (DESIGN §1): a sandbox provider that behaves
//! like Stripe's test cards by default, a Stripe adapter (PaymentIntents with
//! idempotency keys, refunds, signed webhooks) when configured.
//!
//! Card numbers and security codes live in [`Card`] only for the length of a
//! call: its `Debug` redacts them, nothing here logs or stores them, and a
//! booking keeps only the provider's reference, the brand and the last four
//! digits ([`Charge`]).

mod sandbox;
mod stripe;
pub mod webhook;

use async_trait::async_trait;
pub use sandbox::SandboxPayments;
use secrecy::{ExposeSecret, SecretString};

pub use stripe::StripePayments;
pub use webhook::{StripeEvent, WebhookError, verify_webhook};

/// A card as typed by the client, held only while the provider is called.
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

/// One charge: `amount_minor` of `currency` (ISO 4217, lower or upper case).
#[derive(Clone, Debug)]
pub struct ChargeRequest {
    /// Sent as the provider's idempotency key: a retried charge never charges twice.
    pub idempotency_key: String,
    pub amount_minor: i64,
    pub currency: String,
    pub card: Card,
    /// Shown on the provider's dashboard; no personal data.
    pub description: String,
    /// What is paid (a booking id), kept by the provider as metadata so its
    /// events (webhooks) name it.
    pub reference: String,
}

/// What a booking keeps of a successful charge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charge {
    /// The provider's id (`pi_…` for Stripe).
    pub provider_ref: String,
    /// `visa`, `mastercard`, `amex`, … as the provider names it.
    pub brand: String,
    pub last4: String,
}

#[derive(Clone, Debug)]
pub struct RefundRequest {
    pub idempotency_key: String,
    /// The charge's [`Charge::provider_ref`].
    pub provider_ref: String,
    pub amount_minor: i64,
    pub currency: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refund {
    /// The provider's id (`re_…` for Stripe).
    pub provider_ref: String,
}

/// Why a card was refused, as the client should be told (Stripe's decline codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decline {
    CardDeclined,
    InsufficientFunds,
    ExpiredCard,
    IncorrectCvc,
    IncorrectNumber,
}

impl Decline {
    /// The stable error code the API answers with (translated in `platform/locales`).
    pub fn code(self) -> &'static str {
        match self {
            Decline::CardDeclined => "card_declined",
            Decline::InsufficientFunds => "insufficient_funds",
            Decline::ExpiredCard => "expired_card",
            Decline::IncorrectCvc => "incorrect_cvc",
            Decline::IncorrectNumber => "incorrect_number",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The card was refused; nothing was charged.
    #[error("card refused: {}", .0.code())]
    Declined(Decline),
    /// The provider could not be reached or answered something unexpected;
    /// whether money moved is unknown until the idempotent call is retried.
    #[error("payment provider: {0}")]
    Provider(String),
}

/// Takes and gives back money. Implementations are cheap to share.
#[async_trait]
pub trait PaymentProvider: Send + Sync {
    /// Charges the card at once (authorise and capture).
    async fn charge(&self, request: ChargeRequest) -> Result<Charge, PaymentError>;
    /// Refunds `amount_minor` of an earlier charge.
    async fn refund(&self, request: RefundRequest) -> Result<Refund, PaymentError>;
    /// A successful charge as the provider keeps it (brand, last four), for
    /// one its webhook reports; a provider error when it is not a success.
    async fn charge_of(&self, provider_ref: &str) -> Result<Charge, PaymentError>;
}
