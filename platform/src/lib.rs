//! Infrastructure shared by the Equilibre services: configuration, clock,
//! language and translated messages, the HTTP envelope and CSRF guard, mail,
//! credentials and tracing.
//!
//! Policy: nothing here knows the business. Each module is a thin, tested
//! wrapper over a well-kept library; errors are `thiserror` enums that the
//! services convert into their own error type; personal data and secrets are
//! never logged nor printed (`Debug` redacts them).

pub mod auth;
pub mod clock;
pub mod config;
pub mod document_pdf;
pub mod doorbell;
pub mod files;
pub mod http;
pub mod ics;
pub mod lang;
pub mod mail;
pub mod messages;
pub mod payments;
pub mod receipt_pdf;
pub mod room_hub;
pub mod session;
pub mod sms;
pub mod telemetry;
#[cfg(feature = "testing")]
pub mod testing;
