//! Card payments behind one port (DESIGN §1), shaped like Stripe's
//! PaymentIntents so that card numbers never reach our API: the server
//! creates an intent for the amount, the browser hands the card to the
//! provider (Stripe.js, or the sandbox's own routes) and completes any
//! 3-D Secure challenge there, then the server reads the intent's status.
//!
//! Two providers: the sandbox (the embedded default, Stripe's test cards and
//! challenges, no money) and the Stripe adapter when configured.

mod sandbox;
mod stripe;
pub mod webhook;

use async_trait::async_trait;
pub use sandbox::{Card, ChallengeOutcome, SandboxAnswer, SandboxError, SandboxPayments};
use secrecy::SecretString;

pub use stripe::StripePayments;
pub use webhook::{StripeEvent, WebhookError, verify_webhook};

/// Which provider takes the cards, as the browser must know to load its form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProviderKind {
    Sandbox,
    Stripe,
}

impl ProviderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Sandbox => "sandbox",
            ProviderKind::Stripe => "stripe",
        }
    }
}

/// A payment to prepare: `amount_minor` of `currency` (ISO 4217).
#[derive(Clone, Debug)]
pub struct IntentRequest {
    /// Sent as the provider's idempotency key: asking again for the same
    /// payment gives back the same intent, so it can never be paid twice.
    pub idempotency_key: String,
    pub amount_minor: i64,
    pub currency: String,
    /// Shown on the provider's dashboard; no personal data.
    pub description: String,
    /// What is paid (a booking id), kept by the provider as metadata so its
    /// reads and events (webhooks) name it.
    pub reference: String,
}

/// A prepared payment: the browser confirms it with `client_secret`.
#[derive(Clone)]
pub struct Intent {
    /// The provider's id (`pi_…`).
    pub id: String,
    /// Lets the browser confirm this one intent; never logged or stored.
    pub client_secret: SecretString,
}

impl std::fmt::Debug for Intent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Intent({})", self.id)
    }
}

/// An intent as the provider holds it now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntentState {
    pub id: String,
    pub amount_minor: i64,
    /// Lower case, as Stripe writes it.
    pub currency: String,
    /// The [`IntentRequest::reference`] it was created with.
    pub reference: Option<String>,
    pub status: IntentStatus,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IntentStatus {
    /// Paid: what a booking keeps of it.
    Succeeded(Charge),
    /// The last attempt was refused (a decline, a failed 3-D Secure
    /// challenge); another card may be tried on the same intent.
    Declined(Decline),
    /// Not finished: no card yet, a challenge open, or processing.
    Pending,
    /// Cancelled at the provider: it can no longer be paid.
    Canceled,
}

/// What a booking keeps of a successful payment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charge {
    /// The provider's id of the paid intent (`pi_…`), which refunds name.
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
    /// The 3-D Secure challenge failed or was abandoned.
    AuthenticationFailed,
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
            Decline::AuthenticationFailed => "authentication_failed",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The provider knows no such intent (or it is not ours to read).
    #[error("no such payment intent")]
    UnknownIntent,
    /// The provider could not be reached or answered something unexpected;
    /// whether money moved is unknown until the idempotent call is retried.
    #[error("payment provider: {0}")]
    Provider(String),
}

/// Takes and gives back money. Implementations are cheap to share.
#[async_trait]
pub trait PaymentProvider: Send + Sync {
    fn kind(&self) -> ProviderKind;
    /// The key the browser's provider script needs (Stripe's `pk_…`).
    fn publishable_key(&self) -> Option<String>;
    /// Prepares a payment the browser then confirms (idempotent by key).
    async fn create_intent(&self, request: IntentRequest) -> Result<Intent, PaymentError>;
    /// Reads an intent's state: whether it was paid, refused or is pending.
    async fn intent(&self, id: &str) -> Result<IntentState, PaymentError>;
    /// Refunds `amount_minor` of an earlier charge.
    async fn refund(&self, request: RefundRequest) -> Result<Refund, PaymentError>;
}

/// Whether `id` looks like a provider's intent id (`pi_` and `[A-Za-z0-9_]`,
/// bounded): anything else is refused before any call is made.
pub fn is_intent_id(id: &str) -> bool {
    id.starts_with("pi_")
        && id.len() <= 255
        && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}
