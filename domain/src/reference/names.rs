//! Unique names within a reference set (a set-wide rule, guarantee 5).
//!
//! Like the e-mail reservation of accounts, each name is claimed in its own
//! stream, `refname_{kind}-{slot}`, appended atomically with the item's own
//! events: two admins adding "Stress" at the same moment race on the same
//! reservation stream and one gets a version conflict, then the rule refusal.
//! A read-model check could not give that guarantee.
//!
//! The slot is the name folded by [`name_key`] (case, accents, punctuation
//! and spacing ignored), per language, and for cities per country: "Paris"
//! may exist in France and in the United States. A trashed item keeps its
//! names, so restoring it never collides; adding the same name again is
//! refused and the admin restores the trashed item instead. Renaming releases
//! the old names in the same append.

use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use uuid::Uuid;

use super::ReferenceKind;
use crate::codec::EventSchema;
use crate::values::Language;

/// Folds a name for comparison: compatibility decomposition, accents and
/// case dropped, ligatures spelt out, every run of other characters one `_`.
/// `"  Troubles  du SOMMEIL "`, `"troubles-du-sommeil"` and
/// `"Troublés du sommeil"` share the key `troubles_du_sommeil`.
pub fn name_key(name: &str) -> String {
    let mut key = String::with_capacity(name.len());
    let mut pending_separator = false;
    for c in name.nfkd().filter(|c| !is_combining_mark(*c)) {
        if c.is_alphanumeric() {
            if pending_separator && !key.is_empty() {
                key.push('_');
            }
            pending_separator = false;
            match c {
                'œ' | 'Œ' => key.push_str("oe"),
                'æ' | 'Æ' => key.push_str("ae"),
                'ß' => key.push_str("ss"),
                _ => key.extend(c.to_lowercase()),
            }
        } else {
            pending_separator = true;
        }
    }
    key
}

/// One name claimed by one item: the entity of a reservation stream.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NameSlot {
    pub kind: ReferenceKind,
    /// The country of a city; `None` for every other kind.
    pub parent: Option<Uuid>,
    pub language: Language,
    /// [`name_key`] of the name.
    pub key: String,
}

impl NameSlot {
    pub fn new(kind: ReferenceKind, parent: Option<Uuid>, language: Language, name: &str) -> Self {
        Self {
            kind,
            parent,
            language,
            key: name_key(name),
        }
    }
    /// The reservation stream's category, `refname_{kind}`.
    pub fn category(&self) -> String {
        self.kind.name_category()
    }
    /// The reservation stream's entity id: `fr_stress`, or for a city
    /// `{country id}_fr_paris`.
    pub fn entity(&self) -> String {
        match self.parent {
            Some(parent) => format!("{parent}_{}_{}", self.language.as_str(), self.key),
            None => format!("{}_{}", self.language.as_str(), self.key),
        }
    }
}

/// Events of a name reservation stream.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum NameEvent {
    ReferenceNameReserved {
        item_id: Uuid,
        at: chrono::DateTime<chrono::Utc>,
    },
    ReferenceNameReleased {
        item_id: Uuid,
        at: chrono::DateTime<chrono::Utc>,
    },
}

impl EventSchema for NameEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// Who holds a name, if anyone.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NameReservation {
    pub holder: Option<Uuid>,
}

impl NameReservation {
    pub fn evolve(mut self, event: &NameEvent) -> Self {
        match event {
            NameEvent::ReferenceNameReserved { item_id, .. } => self.holder = Some(*item_id),
            NameEvent::ReferenceNameReleased { .. } => self.holder = None,
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use chrono::{DateTime, Utc};

    use super::*;

    #[test]
    fn names_differing_only_by_case_accents_or_spacing_share_a_key() {
        let key = name_key("Troubles du sommeil");
        for same in [
            "  troubles  DU Sommeil ",
            "Troublés du sommeil",
            "troubles-du-sommeil!",
        ] {
            assert_eq!(name_key(same), key, "{same}");
        }
        assert_eq!(key, "troubles_du_sommeil");
        assert_ne!(name_key("Troubles du sommeil léger"), key);
    }

    #[test]
    fn ligatures_and_compatibility_forms_are_spelt_out() {
        assert_eq!(name_key("Cœur"), name_key("coeur"));
        assert_eq!(name_key("Ｙｏｇａ"), "yoga");
        assert_eq!(name_key("Straße"), "strasse");
        assert_eq!(name_key("日本語"), "日本語");
        assert_eq!(name_key("?!"), "");
    }

    #[test]
    fn city_names_are_reserved_per_country_and_per_language() {
        let france = Uuid::from_u128(1);
        let slot = NameSlot::new(ReferenceKind::City, Some(france), Language::Fr, "Paris");
        assert_eq!(slot.category(), "refname_city");
        assert_eq!(slot.entity(), format!("{france}_fr_paris"));
        let keyword = NameSlot::new(ReferenceKind::Keyword, None, Language::En, "Stress");
        assert_eq!(
            (keyword.category().as_str(), keyword.entity().as_str()),
            ("refname_keyword", "en_stress")
        );
    }

    #[test]
    fn a_released_name_is_free_again() {
        let at = DateTime::<Utc>::UNIX_EPOCH;
        let item_id = Uuid::from_u128(7);
        let held =
            NameReservation::default().evolve(&NameEvent::ReferenceNameReserved { item_id, at });
        assert_eq!(held.holder, Some(item_id));
        let freed = held.evolve(&NameEvent::ReferenceNameReleased { item_id, at });
        assert_eq!(freed.holder, None);
    }
}
