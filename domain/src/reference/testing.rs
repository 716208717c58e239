//! Fixtures shared by the reference tests.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::names::{NameReservation, NameSlot};
use super::{ReferenceDraft, ReferenceEvent, ReferenceForm, ReferenceItem, ReferenceKind, add};

pub const FRANCE: Uuid = Uuid::from_u128(0xF4);
pub const ITEM: Uuid = Uuid::from_u128(1);
pub const OTHER: Uuid = Uuid::from_u128(2);

pub fn at(minutes: i64) -> DateTime<Utc> {
    DateTime::<Utc>::UNIX_EPOCH + chrono::Duration::minutes(minutes)
}

pub fn draft(kind: ReferenceKind, fr: &str, en: &str, parent: Option<Uuid>) -> ReferenceDraft {
    let form = ReferenceForm {
        name_fr: fr.into(),
        name_en: en.into(),
        parent_id: parent,
        code: String::new(),
    };
    form.parse(kind).unwrap()
}

pub fn given(events: &[ReferenceEvent]) -> ReferenceItem {
    events
        .iter()
        .fold(ReferenceItem::default(), ReferenceItem::evolve)
}

/// The event of an item added with no parent.
pub fn added(kind: ReferenceKind, id: Uuid, fr: &str, en: &str) -> ReferenceEvent {
    let draft = draft(kind, fr, en, None);
    let none = ReferenceItem::default();
    add(&none, id, &draft, None, &HashMap::new(), at(0))
        .unwrap()
        .item
        .remove(0)
}

/// Reservations of `slots`, all held by `holder`.
pub fn held_by(holder: Uuid, slots: &[NameSlot]) -> HashMap<NameSlot, NameReservation> {
    let held = NameReservation {
        holder: Some(holder),
    };
    slots.iter().map(|s| (s.clone(), held.clone())).collect()
}
