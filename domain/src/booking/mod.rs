//! Bookings (DESIGN §4, docs/rules.md "Booking").
//!
//! ```text
//! held ─pay─► confirmed ─(room closes)─► completed
//!  │              ├─consultant, after the end─► no_show
//!  │              ├─cancel (client | consultant)─► cancelled {by, refund}
//!  │              └─reschedule (same id, new times)
//!  └─15 min unpaid─► expired
//! ```
//!
//! A booking's decision returns events for several streams at once
//! ([`Decision`]): the booking, the calendar days of both parties
//! ([`calendar`]), the (client, consultant) pair ([`pair`]) and the coupon;
//! the command appends them in one atomic append with the versions it read.

pub mod calendar;
mod decide;
mod events;
pub mod pair;
mod refund;
mod state;
#[cfg(test)]
mod tests;

pub use calendar::{Calendar, Calendars};
pub use decide::*;
pub use events::{BookingEvent, CalendarEvent, CancelledBy, PairEvent, PaymentRecord};
pub use pair::Pair;
pub use refund::{check_refund, complaint_refund_due, refund};
pub use state::{Booking, BookingInfo, BookingStatus};

pub const CATEGORY: &str = "booking";
