//! The lifestyle catalogue (spec §1: an Ayurveda catalogue of single
//! herbs, herbs and compilations with benefit labels; admin and public
//! `/lifestyle-product`), and the items an expert recommends on their
//! profile.
//!
//! One stream per item, `catalogueitem-{id}`: its kind, names and
//! descriptions in French and English, the latin name, benefit labels (the
//! `benefit` reference list) and an image. Trashed items leave the public
//! catalogue and the experts' recommendations; restoring brings them back.
//! One stream per expert, `recommendations-{consultant id}`, holds the
//! items they recommend, in their order. Public writing, not personal data.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::codec::EventSchema;
use crate::values::text;
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

pub const CATEGORY: &str = "catalogueitem";
pub const RECOMMENDATIONS_CATEGORY: &str = "recommendations";
pub const NAME_MAX: usize = 120;
pub const DESCRIPTION_MAX: usize = 5000;
/// Benefit labels on one item, at most.
pub const BENEFITS_MAX: usize = 12;
/// Items one expert recommends, at most.
pub const RECOMMENDATIONS_MAX: usize = 12;

/// `ids` in their order, each once (in linear time: a request may send many).
fn once_each(ids: &[Uuid]) -> Vec<Uuid> {
    let mut seen = std::collections::HashSet::with_capacity(ids.len());
    ids.iter().copied().filter(|id| seen.insert(*id)).collect()
}

/// The catalogue's three kinds (spec §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ItemKind {
    SingleHerb,
    Herb,
    Compilation,
}

impl ItemKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ItemKind::SingleHerb => "single_herb",
            ItemKind::Herb => "herb",
            ItemKind::Compilation => "compilation",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [ItemKind::SingleHerb, ItemKind::Herb, ItemKind::Compilation]
            .into_iter()
            .find(|k| k.as_str() == raw)
    }
}

/// An item as the editor writes it. `description_en` may be empty (the
/// French one is shown); the image is an upload's key or none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemContent {
    pub kind: ItemKind,
    pub name_fr: String,
    pub name_en: String,
    pub latin_name: Option<String>,
    pub description_fr: String,
    pub description_en: Option<String>,
    pub benefit_ids: Vec<Uuid>,
    pub image: Option<String>,
}

/// The editor's fields as sent.
pub struct RawItem<'a> {
    pub kind: &'a str,
    pub name_fr: &'a str,
    pub name_en: &'a str,
    pub latin_name: &'a str,
    pub description_fr: &'a str,
    pub description_en: &'a str,
    pub benefit_ids: &'a [Uuid],
    pub image: &'a str,
}

impl ItemContent {
    /// Checks every field at once; benefit ids are kept once each, in order
    /// (whether they name active labels is the caller's to check).
    pub fn parse(raw: &RawItem<'_>) -> Result<Self, DomainError> {
        let mut errors = FieldErrors::default();
        let kind = errors.check(
            "kind",
            ItemKind::parse(raw.kind.trim()).ok_or_else(|| FieldError::new("field.invalid")),
        );
        let benefit_ids = once_each(raw.benefit_ids);
        if benefit_ids.len() > BENEFITS_MAX {
            errors.add(
                "benefit_ids",
                FieldError::new("list.too_many").with("max", BENEFITS_MAX),
            );
        }
        let content = ItemContent {
            kind: kind.unwrap_or(ItemKind::Herb),
            name_fr: errors
                .check("name_fr", text::line(raw.name_fr, NAME_MAX))
                .unwrap_or_default(),
            name_en: errors
                .check("name_en", text::line(raw.name_en, NAME_MAX))
                .unwrap_or_default(),
            latin_name: errors
                .check("latin_name", text::optional_line(raw.latin_name, NAME_MAX))
                .flatten(),
            description_fr: errors
                .check(
                    "description_fr",
                    text::paragraph(raw.description_fr, DESCRIPTION_MAX),
                )
                .unwrap_or_default(),
            description_en: errors
                .check(
                    "description_en",
                    text::optional_paragraph(raw.description_en, DESCRIPTION_MAX),
                )
                .flatten(),
            benefit_ids,
            image: Some(raw.image.trim().to_owned()).filter(|i| !i.is_empty()),
        };
        errors.into_result()?;
        Ok(content)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum CatalogueEvent {
    CatalogueItemAdded {
        item_id: Uuid,
        content: ItemContent,
        at: DateTime<Utc>,
    },
    CatalogueItemEdited {
        item_id: Uuid,
        content: ItemContent,
        at: DateTime<Utc>,
    },
    CatalogueItemTrashed {
        item_id: Uuid,
        at: DateTime<Utc>,
    },
    CatalogueItemRestored {
        item_id: Uuid,
        at: DateTime<Utc>,
    },
}

impl EventSchema for CatalogueEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CatalogueItem {
    pub id: Option<Uuid>,
    pub content: Option<ItemContent>,
    pub trashed: bool,
}

impl CatalogueItem {
    pub fn evolve(mut self, event: &CatalogueEvent) -> Self {
        match event {
            CatalogueEvent::CatalogueItemAdded {
                item_id, content, ..
            }
            | CatalogueEvent::CatalogueItemEdited {
                item_id, content, ..
            } => {
                self.id = Some(*item_id);
                self.content = Some(content.clone());
            }
            CatalogueEvent::CatalogueItemTrashed { .. } => self.trashed = true,
            CatalogueEvent::CatalogueItemRestored { .. } => self.trashed = false,
        }
        self
    }

    /// In the catalogue and not trashed.
    pub fn is_active(&self) -> bool {
        self.content.is_some() && !self.trashed
    }
}

/// Adds an item (`state` new) or replaces its content; the same content
/// again records nothing; a trashed item is restored before it is edited.
pub fn write(
    state: &CatalogueItem,
    item_id: Uuid,
    content: ItemContent,
    now: DateTime<Utc>,
) -> Result<Vec<CatalogueEvent>, DomainError> {
    if state.trashed {
        return Err(DomainError::Rule(RuleCode::CatalogueItemTrashed));
    }
    Ok(match &state.content {
        None => vec![CatalogueEvent::CatalogueItemAdded {
            item_id,
            content,
            at: now,
        }],
        Some(current) if *current == content => Vec::new(),
        Some(_) => vec![CatalogueEvent::CatalogueItemEdited {
            item_id,
            content,
            at: now,
        }],
    })
}

/// Moves an item to the trash (`trash`) or takes it out; twice changes nothing.
pub fn trash_or_restore(
    state: &CatalogueItem,
    trash: bool,
    now: DateTime<Utc>,
) -> Result<Vec<CatalogueEvent>, DomainError> {
    let item_id = state.id.ok_or(DomainError::Rule(RuleCode::NotFound))?;
    Ok(match (trash, state.trashed) {
        (true, false) => vec![CatalogueEvent::CatalogueItemTrashed { item_id, at: now }],
        (false, true) => vec![CatalogueEvent::CatalogueItemRestored { item_id, at: now }],
        _ => Vec::new(),
    })
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum RecommendationEvent {
    /// The whole list, replacing the previous one.
    RecommendationsSet {
        consultant_id: Uuid,
        item_ids: Vec<Uuid>,
        at: DateTime<Utc>,
    },
}

impl EventSchema for RecommendationEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recommendations {
    pub item_ids: Vec<Uuid>,
}

impl Recommendations {
    pub fn evolve(mut self, event: &RecommendationEvent) -> Self {
        let RecommendationEvent::RecommendationsSet { item_ids, .. } = event;
        self.item_ids.clone_from(item_ids);
        self
    }
}

/// Sets the items an expert recommends, in their order: at most
/// [`RECOMMENDATIONS_MAX`], each once, each active in the catalogue
/// (`items` holds the state of every id asked). The same list again
/// records nothing.
pub fn recommend(
    state: &Recommendations,
    consultant_id: Uuid,
    asked: &[Uuid],
    items: &[CatalogueItem],
    now: DateTime<Utc>,
) -> Result<Vec<RecommendationEvent>, DomainError> {
    let item_ids = once_each(asked);
    if item_ids.len() > RECOMMENDATIONS_MAX {
        return Err(DomainError::field(
            "item_ids",
            FieldError::new("list.too_many").with("max", RECOMMENDATIONS_MAX),
        ));
    }
    let active = |id: &Uuid| items.iter().any(|i| i.id == Some(*id) && i.is_active());
    if !item_ids.iter().all(active) {
        return Err(DomainError::field(
            "item_ids",
            FieldError::new("catalogue.item_unknown"),
        ));
    }
    if state.item_ids == item_ids {
        return Ok(Vec::new());
    }
    Ok(vec![RecommendationEvent::RecommendationsSet {
        consultant_id,
        item_ids,
        at: now,
    }])
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 27, 9, 0, 0).unwrap()
    }

    fn raw<'a>(name_fr: &'a str, benefits: &'a [Uuid]) -> RawItem<'a> {
        RawItem {
            kind: "single_herb",
            name_fr,
            name_en: "Ashwagandha",
            latin_name: "Withania somnifera",
            description_fr: "Plante adaptogène de la tradition ayurvédique.",
            description_en: "",
            benefit_ids: benefits,
            image: "",
        }
    }

    #[test]
    fn every_field_is_checked_at_once_and_benefits_are_kept_once_in_order() {
        let many: Vec<Uuid> = (0..=BENEFITS_MAX as u128).map(Uuid::from_u128).collect();
        let refused = ItemContent::parse(&RawItem {
            kind: "potion",
            name_fr: " ",
            description_fr: "",
            ..raw("", &many)
        });
        let Err(DomainError::Invalid(errors)) = refused else {
            panic!("{refused:?}")
        };
        let fields: Vec<&str> = errors.0.keys().map(String::as_str).collect();
        assert_eq!(fields, ["benefit_ids", "description_fr", "kind", "name_fr"]);
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let content = ItemContent::parse(&raw("Ashwagandha", &[b, a, b])).unwrap();
        assert_eq!(content.benefit_ids, [b, a]);
        assert_eq!(content.kind, ItemKind::SingleHerb);
        assert_eq!(content.description_en, None);
        assert_eq!(content.image, None);
    }

    #[test]
    fn write_trash_restore() {
        let id = Uuid::from_u128(1);
        let content = ItemContent::parse(&raw("Ashwagandha", &[])).unwrap();
        let added = write(&CatalogueItem::default(), id, content.clone(), now()).unwrap();
        let state = added
            .iter()
            .fold(CatalogueItem::default(), CatalogueItem::evolve);
        assert!(state.is_active());
        assert!(
            write(&state, id, content.clone(), now())
                .unwrap()
                .is_empty()
        );
        let trashed = trash_or_restore(&state, true, now()).unwrap();
        let state = trashed.iter().fold(state, CatalogueItem::evolve);
        assert!(!state.is_active());
        assert!(trash_or_restore(&state, true, now()).unwrap().is_empty());
        assert_eq!(
            write(&state, id, content, now()).unwrap_err(),
            DomainError::Rule(RuleCode::CatalogueItemTrashed)
        );
        assert_eq!(
            trash_or_restore(&CatalogueItem::default(), true, now()).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }

    #[test]
    fn an_expert_recommends_active_items_only_each_once() {
        let expert = Uuid::from_u128(9);
        let item = |n: u128, trashed: bool| CatalogueItem {
            id: Some(Uuid::from_u128(n)),
            content: Some(ItemContent::parse(&raw("Tulsi", &[])).unwrap()),
            trashed,
        };
        let items = [item(1, false), item(2, false), item(3, true)];
        let (one, two, three) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let set = recommend(
            &Recommendations::default(),
            expert,
            &[two, one, two],
            &items,
            now(),
        )
        .unwrap();
        let state = set
            .iter()
            .fold(Recommendations::default(), Recommendations::evolve);
        assert_eq!(state.item_ids, [two, one]);
        assert!(
            recommend(&state, expert, &[two, one], &items, now())
                .unwrap()
                .is_empty()
        );
        for refused in [vec![three], vec![Uuid::from_u128(4)]] {
            assert!(matches!(
                recommend(&state, expert, &refused, &items, now()),
                Err(DomainError::Invalid(_))
            ));
        }
        let too_many: Vec<Uuid> = (0..=RECOMMENDATIONS_MAX as u128)
            .map(Uuid::from_u128)
            .collect();
        assert!(recommend(&state, expert, &too_many, &items, now()).is_err());
        assert_eq!(
            recommend(&state, expert, &[], &items, now()).unwrap().len(),
            1,
            "an empty list clears it"
        );
    }
}
