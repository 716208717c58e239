//! Complaints (docs/complaints.md, docs/rules.md "Complaints").
//!
//! ```text
//! submitted ─review─► in_review ─decide─► decided {favour, resolution, refund?, suspend?}
//!     │                   │      └dismiss─► dismissed {reason}
//!     │                   └ request information ⇄ information provided (stays in_review)
//!     └─────────── withdraw (author, until decided or dismissed) ─► withdrawn
//! ```
//!
//! A filing and every closing event also append to the author's
//! `complaintopen-{uuid v5(author, booking)}` stream ([`open`]) in the same
//! atomic append, so one author has at most one open complaint per booking.

mod decide;
mod events;
mod state;
#[cfg(test)]
mod tests;

pub use decide::*;
pub use events::{
    ComplaintEvent, ComplaintOpenEvent, ComplaintRole, DesiredOutcome, Favour, InfoParty,
};
pub use state::{Complaint, ComplaintInfo, ComplaintStatus, InfoRequest, OpenComplaint};

pub const CATEGORY: &str = "complaint";

/// The author's open complaint about one booking.
pub mod open {
    use uuid::Uuid;

    pub use super::ComplaintOpenEvent;

    pub const CATEGORY: &str = "complaintopen";

    /// `uuid v5(author, booking)`: name space the author's id, name the
    /// booking's id as text.
    pub fn open_entity(author_id: Uuid, booking_id: Uuid) -> Uuid {
        Uuid::new_v5(&author_id, booking_id.to_string().as_bytes())
    }
}
