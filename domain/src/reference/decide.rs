//! Adding a reference item, and the name claims shared with renaming.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::names::{NameEvent, NameReservation, NameSlot};
use super::{ReferenceDraft, ReferenceEvent, ReferenceItem};
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

/// Events for the item stream and for the name reservation streams, appended
/// together atomically.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReferenceDecision {
    pub item: Vec<ReferenceEvent>,
    pub names: Vec<(NameSlot, NameEvent)>,
}

/// Adds an item. `parent` is the country's state when adding a city; `names`
/// holds the reservations of every slot of [`ReferenceDraft::slots`] (a slot
/// missing from it counts as free, so the application must load them all).
pub fn add(
    item: &ReferenceItem,
    item_id: Uuid,
    draft: &ReferenceDraft,
    parent: Option<&ReferenceItem>,
    names: &HashMap<NameSlot, NameReservation>,
    now: DateTime<Utc>,
) -> Result<ReferenceDecision, DomainError> {
    if item.exists() {
        return Err(DomainError::Rule(RuleCode::ReferenceExists));
    }
    if let Some(parent_id) = draft.parent {
        let is_country = parent.is_some_and(|p| {
            p.id == Some(parent_id) && p.kind == draft.kind.parent_kind() && p.is_active()
        });
        if !is_country {
            return Err(DomainError::field(
                "parent_id",
                FieldError::new("country.invalid"),
            ));
        }
    }
    let names = claim(item_id, &[], draft, names, now)?;
    Ok(ReferenceDecision {
        item: vec![ReferenceEvent::ReferenceItemAdded {
            item_id,
            kind: draft.kind,
            name_fr: draft.name_fr.clone(),
            name_en: draft.name_en.clone(),
            parent: draft.parent,
            code: draft.code.clone(),
            at: now,
        }],
        names,
    })
}

/// Reserves the draft's slots not yet held by the item and releases the
/// `held` slots it no longer needs; refuses names held by another item.
pub(super) fn claim(
    item_id: Uuid,
    held: &[NameSlot],
    draft: &ReferenceDraft,
    names: &HashMap<NameSlot, NameReservation>,
    now: DateTime<Utc>,
) -> Result<Vec<(NameSlot, NameEvent)>, DomainError> {
    let wanted = draft.slots();
    let mut e = FieldErrors::default();
    let mut events = Vec::new();
    for (field, slot) in ["name_fr", "name_en"].into_iter().zip(&wanted) {
        match names.get(slot).and_then(|r| r.holder) {
            Some(holder) if holder != item_id => {
                e.add(field, FieldError::new("reference.name_taken"));
            }
            Some(_) => {}
            None if held.contains(slot) => {}
            None => events.push((
                slot.clone(),
                NameEvent::ReferenceNameReserved { item_id, at: now },
            )),
        }
    }
    e.into_result()?;
    for slot in held.iter().filter(|s| !wanted.contains(s)) {
        events.push((
            slot.clone(),
            NameEvent::ReferenceNameReleased { item_id, at: now },
        ));
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::ReferenceKind;
    use crate::reference::testing::*;

    #[test]
    fn adding_an_item_reserves_both_its_names() {
        let draft = draft(ReferenceKind::Keyword, "Sommeil", "Sleep", None);
        let decision = add(
            &ReferenceItem::default(),
            ITEM,
            &draft,
            None,
            &HashMap::new(),
            at(0),
        )
        .unwrap();
        assert_eq!(
            decision.item,
            vec![ReferenceEvent::ReferenceItemAdded {
                item_id: ITEM,
                kind: ReferenceKind::Keyword,
                name_fr: "Sommeil".into(),
                name_en: "Sleep".into(),
                parent: None,
                code: None,
                at: at(0),
            }]
        );
        let entities: Vec<String> = decision.names.iter().map(|(s, _)| s.entity()).collect();
        assert_eq!(entities, ["fr_sommeil", "en_sleep"]);
        assert!(decision.names.iter().all(|(_, e)| *e
            == NameEvent::ReferenceNameReserved {
                item_id: ITEM,
                at: at(0)
            }));
    }

    #[test]
    fn a_name_already_used_in_the_set_is_refused_whatever_its_case_or_accents() {
        let taken = draft(ReferenceKind::Disorder, "Anxiété", "Anxiety", None);
        let names = held_by(OTHER, &taken.slots()[..1]);
        let again = draft(ReferenceKind::Disorder, "ANXIETE", "Worry", None);
        let Err(DomainError::Invalid(e)) =
            add(&ReferenceItem::default(), ITEM, &again, None, &names, at(1))
        else {
            panic!("expected a field error")
        };
        assert_eq!(e.0["name_fr"].code, "reference.name_taken");
        assert!(!e.0.contains_key("name_en"));
    }

    #[test]
    fn the_same_name_in_another_set_is_allowed() {
        let keyword = draft(ReferenceKind::Keyword, "Stress", "Stress", None);
        let names = held_by(OTHER, &keyword.slots());
        let disorder = draft(ReferenceKind::Disorder, "Stress", "Stress", None);
        assert!(
            add(
                &ReferenceItem::default(),
                ITEM,
                &disorder,
                None,
                &names,
                at(1)
            )
            .is_ok()
        );
    }

    #[test]
    fn adding_an_item_twice_is_refused() {
        let item = given(&[added(ReferenceKind::Keyword, ITEM, "Yoga", "Yoga")]);
        let draft = draft(ReferenceKind::Keyword, "Yoga", "Yoga", None);
        assert_eq!(
            add(&item, ITEM, &draft, None, &HashMap::new(), at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::ReferenceExists)
        );
    }

    #[test]
    fn a_city_is_added_only_to_an_active_country() {
        let france = given(&[added(ReferenceKind::Country, FRANCE, "France", "France")]);
        let lyon = draft(ReferenceKind::City, "Lyon", "Lyon", Some(FRANCE));
        let decision = add(
            &ReferenceItem::default(),
            ITEM,
            &lyon,
            Some(&france),
            &HashMap::new(),
            at(1),
        )
        .unwrap();
        assert!(matches!(
            decision.item[..],
            [ReferenceEvent::ReferenceItemAdded { parent: Some(p), .. }] if p == FRANCE
        ));
        assert_eq!(decision.names[0].0.entity(), format!("{FRANCE}_fr_lyon"));

        let trashed = france
            .clone()
            .evolve(&crate::reference::trash(&france, at(2)).unwrap()[0]);
        let not_a_country = given(&[added(ReferenceKind::Keyword, FRANCE, "France", "France")]);
        for parent in [None, Some(&trashed), Some(&not_a_country)] {
            let Err(DomainError::Invalid(e)) = add(
                &ReferenceItem::default(),
                ITEM,
                &lyon,
                parent,
                &HashMap::new(),
                at(3),
            ) else {
                panic!("expected a field error")
            };
            assert_eq!(e.0["parent_id"].code, "country.invalid");
        }
    }

    #[test]
    fn reference_events_round_trip_through_the_codec() {
        let event = added(ReferenceKind::Country, ITEM, "Suisse", "Switzerland");
        let (tag, version, payload) = crate::codec::encode(&event);
        assert_eq!((tag.as_str(), version), ("ReferenceItemAdded", 1));
        assert_eq!(
            crate::codec::decode::<ReferenceEvent>(&tag, version, &payload).unwrap(),
            event
        );
    }
}
