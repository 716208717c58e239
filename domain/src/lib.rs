//! Equilibre's business rules, pure: no I/O, no async, time passed in.
//!
//! Each aggregate exposes `decide(state, command, now) -> Result<Vec<Event>, DomainError>`
//! and `State::evolve(event)`; events are (de)serialised through [`codec`],
//! which also upcasts old schema versions. Personal data never sits in events:
//! they reference payloads kept in the forgettable store (DESIGN §1, guarantee 6).
#![forbid(unsafe_code)]

pub mod account;
pub mod availability;
pub mod blog;
pub mod booking;
pub mod catalogue;
pub mod client_file;
pub mod codec;
pub mod complaint;
pub mod consultant;
pub mod contact;
pub mod coupon;
pub mod digital_product;
pub mod error;
pub mod favourite;
pub mod markup;
pub mod newsletter;
pub mod note;
pub mod otp;
pub mod quote;
pub mod receipt;
pub mod reference;
pub mod reference_data;
pub mod reminder;
pub mod reporting;
pub mod room;
pub mod site;
pub mod starter_kit;
pub mod upload;
pub mod usage;
pub mod values;
pub mod waiting_list;

pub use error::{DomainError, FieldError, FieldErrors, RuleCode, RuleKind};
