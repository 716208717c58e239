//! A (client, consultant) pair's confirmed bookings,
//! `bookingpair-{uuid v5(client, consultant)}` (name space the client's id,
//! name the consultant's id as text). Written in the same append as each
//! confirmation, so two racing free first consultations cannot both be free.

use std::collections::BTreeSet;

use uuid::Uuid;

use super::PairEvent;

pub const CATEGORY: &str = "bookingpair";

pub fn pair_entity(client_id: Uuid, consultant_id: Uuid) -> Uuid {
    Uuid::new_v5(&client_id, consultant_id.to_string().as_bytes())
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pair {
    pub confirmed: BTreeSet<Uuid>,
}

impl Pair {
    pub fn evolve(mut self, event: &PairEvent) -> Self {
        let PairEvent::PairBookingConfirmed { booking_id, .. } = event;
        self.confirmed.insert(*booking_id);
        self
    }

    /// The client has had a confirmed booking with the consultant (whatever
    /// became of it since).
    pub fn has_booked(&self) -> bool {
        !self.confirmed.is_empty()
    }
}
