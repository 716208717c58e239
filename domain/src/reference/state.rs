use uuid::Uuid;

use super::names::NameSlot;
use super::{ReferenceEvent, ReferenceKind};
use crate::values::Language;

/// One reference item, folded from its stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReferenceItem {
    pub id: Option<Uuid>,
    pub kind: Option<ReferenceKind>,
    pub name_fr: String,
    pub name_en: String,
    pub parent: Option<Uuid>,
    pub code: Option<String>,
    pub trashed: bool,
}

impl ReferenceItem {
    pub fn exists(&self) -> bool {
        self.id.is_some()
    }

    /// Exists and is not in the trash: offered in pickers.
    pub fn is_active(&self) -> bool {
        self.exists() && !self.trashed
    }

    /// What other aggregates need to know of it.
    pub fn info(&self) -> Option<ItemInfo> {
        self.exists().then_some(ItemInfo {
            active: !self.trashed,
            parent: self.parent,
        })
    }

    /// The name reservations the item holds (empty before it exists).
    pub fn slots(&self) -> Vec<NameSlot> {
        match self.kind {
            Some(kind) => vec![
                NameSlot::new(kind, self.parent, Language::Fr, &self.name_fr),
                NameSlot::new(kind, self.parent, Language::En, &self.name_en),
            ],
            None => Vec::new(),
        }
    }

    pub fn evolve(mut self, event: &ReferenceEvent) -> Self {
        match event {
            ReferenceEvent::ReferenceItemAdded {
                item_id,
                kind,
                name_fr,
                name_en,
                parent,
                code,
                ..
            } => {
                self = ReferenceItem {
                    id: Some(*item_id),
                    kind: Some(*kind),
                    name_fr: name_fr.clone(),
                    name_en: name_en.clone(),
                    parent: *parent,
                    code: code.clone(),
                    trashed: false,
                };
            }
            ReferenceEvent::ReferenceItemRenamed {
                name_fr,
                name_en,
                code,
                ..
            } => {
                self.name_fr.clone_from(name_fr);
                self.name_en.clone_from(name_en);
                self.code.clone_from(code);
            }
            ReferenceEvent::ReferenceItemTrashed { .. } => self.trashed = true,
            ReferenceEvent::ReferenceItemRestored { .. } => self.trashed = false,
        }
        self
    }
}

/// A reference item as seen from another aggregate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemInfo {
    /// Not in the trash.
    pub active: bool,
    /// The country of a city.
    pub parent: Option<Uuid>,
}

/// Finds reference items by set and id. The application answers from the
/// reference read model or the item streams; an item in the trash is still
/// found, with `active: false`.
pub trait ReferenceLookup {
    fn item(&self, kind: ReferenceKind, id: Uuid) -> Option<ItemInfo>;
}

impl<F: Fn(ReferenceKind, Uuid) -> Option<ItemInfo>> ReferenceLookup for F {
    fn item(&self, kind: ReferenceKind, id: Uuid) -> Option<ItemInfo> {
        self(kind, id)
    }
}
