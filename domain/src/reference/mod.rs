//! Admin-managed reference sets (DESIGN §4 "Reference data"): disorders,
//! keywords, languages, nationalities, objectives, specialisations, complaint
//! types, countries and cities, one aggregate for all. Each item is its own
//! stream, `ref_{kind}-{item id}`; its names are unique within the set through
//! reservation streams (see [`names`]).
//!
//! Items are named in French and English. Deleting moves an item to the trash
//! and the trash restores it; a trashed item leaves every picker, but profiles
//! that already use it still show it (consultant sections accept ids they
//! already hold even when trashed, see `consultant`).

mod decide;
mod edit;
mod events;
mod form;
pub mod names;
mod state;
#[cfg(test)]
mod testing;

use serde::{Deserialize, Serialize};

pub use decide::{ReferenceDecision, add};
pub use edit::{rename, restore, trash};
pub use events::ReferenceEvent;
pub use form::{NAME_MAX_CHARS, ReferenceDraft, ReferenceForm};
pub use names::{NameEvent, NameReservation, NameSlot, name_key};
pub use state::{ItemInfo, ReferenceItem, ReferenceLookup};

/// The reference sets of spec §2's admin menus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum ReferenceKind {
    Disorder,
    Keyword,
    Language,
    Nationality,
    Objective,
    Specialisation,
    ComplaintType,
    Country,
    /// A city belongs to a country (its parent).
    City,
    /// The lifestyle catalogue's benefit labels.
    Benefit,
}

impl ReferenceKind {
    pub const ALL: &'static [ReferenceKind] = &[
        ReferenceKind::Disorder,
        ReferenceKind::Keyword,
        ReferenceKind::Language,
        ReferenceKind::Nationality,
        ReferenceKind::Objective,
        ReferenceKind::Specialisation,
        ReferenceKind::ComplaintType,
        ReferenceKind::Country,
        ReferenceKind::City,
        ReferenceKind::Benefit,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ReferenceKind::Disorder => "disorder",
            ReferenceKind::Keyword => "keyword",
            ReferenceKind::Language => "language",
            ReferenceKind::Nationality => "nationality",
            ReferenceKind::Objective => "objective",
            ReferenceKind::Specialisation => "specialisation",
            ReferenceKind::ComplaintType => "complaint_type",
            ReferenceKind::Country => "country",
            ReferenceKind::City => "city",
            ReferenceKind::Benefit => "benefit",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        ReferenceKind::ALL
            .iter()
            .copied()
            .find(|k| k.as_str() == raw)
    }

    /// The set's name in URLs: `disorders`, `complaint-types`, `cities`…
    pub fn slug(self) -> &'static str {
        match self {
            ReferenceKind::Disorder => "disorders",
            ReferenceKind::Keyword => "keywords",
            ReferenceKind::Language => "languages",
            ReferenceKind::Nationality => "nationalities",
            ReferenceKind::Objective => "objectives",
            ReferenceKind::Specialisation => "specializations",
            ReferenceKind::ComplaintType => "complaint-types",
            ReferenceKind::Country => "countries",
            ReferenceKind::City => "cities",
            ReferenceKind::Benefit => "benefits",
        }
    }

    /// The set named by a URL slug (see [`ReferenceKind::slug`]).
    pub fn from_slug(slug: &str) -> Option<Self> {
        ReferenceKind::ALL
            .iter()
            .copied()
            .find(|k| k.slug() == slug)
    }

    /// Stream category of the items of this set: `ref_{kind}`.
    pub fn category(self) -> String {
        format!("ref_{}", self.as_str())
    }

    /// Stream category of the name reservations of this set: `refname_{kind}`.
    pub fn name_category(self) -> String {
        format!("refname_{}", self.as_str())
    }

    /// The set whose item is this one's parent: countries for cities.
    pub fn parent_kind(self) -> Option<ReferenceKind> {
        (self == ReferenceKind::City).then_some(ReferenceKind::Country)
    }

    /// Whether items carry a standard code (ISO 639-1 for languages, ISO
    /// 3166-1 alpha-2 for countries and nationalities) tying them to the
    /// built-in lists of registration.
    pub fn has_code(self) -> bool {
        matches!(
            self,
            ReferenceKind::Language | ReferenceKind::Country | ReferenceKind::Nationality
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_dashless_category_and_parses_back() {
        for kind in ReferenceKind::ALL {
            assert_eq!(ReferenceKind::parse(kind.as_str()), Some(*kind));
            assert!(!kind.category().contains('-') && !kind.name_category().contains('-'));
        }
        for kind in ReferenceKind::ALL {
            assert_eq!(ReferenceKind::from_slug(kind.slug()), Some(*kind));
        }
        assert_eq!(
            ReferenceKind::from_slug("complaint-types"),
            Some(ReferenceKind::ComplaintType)
        );
        assert_eq!(ReferenceKind::from_slug("complaint_type"), None);
        assert_eq!(
            ReferenceKind::ComplaintType.category(),
            "ref_complaint_type"
        );
        assert_eq!(
            serde_json::to_string(&ReferenceKind::ComplaintType).unwrap(),
            "\"complaint_type\""
        );
    }

    #[test]
    fn only_cities_have_a_parent_and_it_is_a_country() {
        assert_eq!(
            ReferenceKind::City.parent_kind(),
            Some(ReferenceKind::Country)
        );
        assert!(
            ReferenceKind::ALL
                .iter()
                .filter(|k| **k != ReferenceKind::City)
                .all(|k| k.parent_kind().is_none())
        );
    }
}
