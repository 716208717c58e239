//! Changes to an existing item: rename, trash, restore.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use super::decide::claim;
use super::names::{NameReservation, NameSlot};
use super::{ReferenceDecision, ReferenceDraft, ReferenceEvent, ReferenceItem};
use crate::{DomainError, RuleCode};

/// Renames an active item: its new names are reserved and the old ones released.
pub fn rename(
    item: &ReferenceItem,
    draft: &ReferenceDraft,
    names: &HashMap<NameSlot, NameReservation>,
    now: DateTime<Utc>,
) -> Result<ReferenceDecision, DomainError> {
    let (Some(item_id), Some(kind)) = (item.id, item.kind) else {
        return Err(DomainError::Rule(RuleCode::NotFound));
    };
    if item.trashed {
        return Err(DomainError::Rule(RuleCode::ReferenceTrashed));
    }
    let unchanged =
        item.name_fr == draft.name_fr && item.name_en == draft.name_en && item.code == draft.code;
    if unchanged {
        return Ok(ReferenceDecision::default());
    }
    let names = claim(item_id, &item.slots(), draft, names, now)?;
    Ok(ReferenceDecision {
        item: vec![ReferenceEvent::ReferenceItemRenamed {
            item_id,
            kind,
            name_fr: draft.name_fr.clone(),
            name_en: draft.name_en.clone(),
            code: draft.code.clone(),
            at: now,
        }],
        names,
    })
}

/// Moves an active item to the trash; it keeps its names.
pub fn trash(item: &ReferenceItem, now: DateTime<Utc>) -> Result<Vec<ReferenceEvent>, DomainError> {
    let (Some(item_id), Some(kind)) = (item.id, item.kind) else {
        return Err(DomainError::Rule(RuleCode::NotFound));
    };
    if item.trashed {
        return Err(DomainError::Rule(RuleCode::ReferenceTrashed));
    }
    Ok(vec![ReferenceEvent::ReferenceItemTrashed {
        item_id,
        kind,
        at: now,
    }])
}

/// Takes an item out of the trash.
pub fn restore(
    item: &ReferenceItem,
    now: DateTime<Utc>,
) -> Result<Vec<ReferenceEvent>, DomainError> {
    let (Some(item_id), Some(kind)) = (item.id, item.kind) else {
        return Err(DomainError::Rule(RuleCode::NotFound));
    };
    if !item.trashed {
        return Err(DomainError::Rule(RuleCode::ReferenceNotTrashed));
    }
    Ok(vec![ReferenceEvent::ReferenceItemRestored {
        item_id,
        kind,
        at: now,
    }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::ReferenceKind;
    use crate::reference::names::NameEvent;
    use crate::reference::testing::*;

    #[test]
    fn renaming_reserves_the_new_names_and_releases_the_old_ones() {
        let item = given(&[added(ReferenceKind::Objective, ITEM, "Dormir", "Sleep")]);
        let names = held_by(ITEM, &item.slots());
        let renamed = draft(ReferenceKind::Objective, "Mieux dormir", "Sleep", None);
        let decision = rename(&item, &renamed, &names, at(1)).unwrap();
        assert!(matches!(
            &decision.item[..],
            [ReferenceEvent::ReferenceItemRenamed { name_fr, .. }] if name_fr == "Mieux dormir"
        ));
        let names: Vec<(String, bool)> = decision
            .names
            .iter()
            .map(|(s, e)| {
                (
                    s.entity(),
                    matches!(e, NameEvent::ReferenceNameReserved { .. }),
                )
            })
            .collect();
        assert_eq!(
            names,
            [
                ("fr_mieux_dormir".into(), true),
                ("fr_dormir".into(), false)
            ]
        );
    }

    #[test]
    fn changing_only_the_case_of_a_name_keeps_its_reservation() {
        let item = given(&[added(ReferenceKind::Objective, ITEM, "dormir", "sleep")]);
        let names = held_by(ITEM, &item.slots());
        let decision = rename(
            &item,
            &draft(ReferenceKind::Objective, "Dormir", "Sleep", None),
            &names,
            at(1),
        )
        .unwrap();
        assert_eq!(decision.item.len(), 1);
        assert!(decision.names.is_empty());
    }

    #[test]
    fn renaming_to_a_name_held_by_another_item_is_refused() {
        let item = given(&[added(ReferenceKind::Objective, ITEM, "Dormir", "Sleep")]);
        let wanted = draft(ReferenceKind::Objective, "Dormir", "Rest", None);
        let names = held_by(OTHER, &wanted.slots()[1..]);
        let Err(DomainError::Invalid(e)) = rename(&item, &wanted, &names, at(1)) else {
            panic!("expected a field error")
        };
        assert_eq!(e.0["name_en"].code, "reference.name_taken");
    }

    #[test]
    fn renaming_a_trashed_item_is_refused() {
        let item = given(&[
            added(ReferenceKind::Keyword, ITEM, "Yoga", "Yoga"),
            ReferenceEvent::ReferenceItemTrashed {
                item_id: ITEM,
                kind: ReferenceKind::Keyword,
                at: at(1),
            },
        ]);
        let draft = draft(ReferenceKind::Keyword, "Yoga doux", "Gentle yoga", None);
        assert_eq!(
            rename(&item, &draft, &HashMap::new(), at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::ReferenceTrashed)
        );
    }

    #[test]
    fn an_unchanged_edit_records_nothing() {
        let item = given(&[added(ReferenceKind::Keyword, ITEM, "Yoga", "Yoga")]);
        let same = draft(ReferenceKind::Keyword, "Yoga", "Yoga", None);
        assert_eq!(
            rename(&item, &same, &HashMap::new(), at(1)),
            Ok(ReferenceDecision::default())
        );
    }

    #[test]
    fn an_item_is_trashed_only_when_active_and_restored_only_when_trashed() {
        let item = given(&[added(ReferenceKind::Language, ITEM, "Français", "French")]);
        assert_eq!(
            restore(&item, at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::ReferenceNotTrashed)
        );
        let trashed_event = trash(&item, at(1)).unwrap().remove(0);
        let trashed = item.evolve(&trashed_event);
        assert!(!trashed.is_active() && trashed.exists());
        assert_eq!(
            trash(&trashed, at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::ReferenceTrashed)
        );
        let restored = trashed
            .clone()
            .evolve(&restore(&trashed, at(3)).unwrap()[0]);
        assert!(restored.is_active());
        assert_eq!(restored.info().map(|i| i.active), Some(true));
    }

    #[test]
    fn unknown_items_cannot_be_renamed_trashed_or_restored() {
        let none = ReferenceItem::default();
        let draft = draft(ReferenceKind::Keyword, "Yoga", "Yoga", None);
        assert_eq!(
            rename(&none, &draft, &HashMap::new(), at(0)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
        assert_eq!(
            trash(&none, at(0)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
        assert_eq!(
            restore(&none, at(0)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }
}
