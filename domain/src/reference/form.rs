//! The add and edit form of a reference item.

use serde::Deserialize;
use uuid::Uuid;

use super::names::{NameSlot, name_key};
use super::{ReferenceItem, ReferenceKind};
use crate::values::{CountryCode, Language, LanguageCode, text};
use crate::{DomainError, FieldError, FieldErrors, RuleCode};

/// Names are 1 to 100 characters in each language.
pub const NAME_MAX_CHARS: usize = 100;

/// The add and edit screens' form.
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct ReferenceForm {
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub name_fr: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub name_en: String,
    /// The country of a new city; ignored when editing (a city stays in its country).
    pub parent_id: Option<Uuid>,
    /// ISO code of a language, country or nationality; optional.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub code: String,
}

/// A valid form, for a given set (and country, for a city).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReferenceDraft {
    pub kind: ReferenceKind,
    pub name_fr: String,
    pub name_en: String,
    pub parent: Option<Uuid>,
    pub code: Option<String>,
}

impl ReferenceForm {
    /// Checks a new item of `kind`: both names, the country of a city, the code.
    pub fn parse(&self, kind: ReferenceKind) -> Result<ReferenceDraft, DomainError> {
        let mut e = FieldErrors::default();
        let parent = match (kind.parent_kind(), self.parent_id) {
            (Some(_), None) => {
                e.add("parent_id", FieldError::new("field.required"));
                None
            }
            (None, Some(_)) => {
                e.add("parent_id", FieldError::new("field.invalid"));
                None
            }
            (_, parent) => parent,
        };
        self.draft(kind, parent, e)
    }

    /// Checks new names (and code) for an existing `item`.
    pub fn parse_for(&self, item: &ReferenceItem) -> Result<ReferenceDraft, DomainError> {
        let kind = item.kind.ok_or(DomainError::Rule(RuleCode::NotFound))?;
        self.draft(kind, item.parent, FieldErrors::default())
    }

    fn draft(
        &self,
        kind: ReferenceKind,
        parent: Option<Uuid>,
        mut e: FieldErrors,
    ) -> Result<ReferenceDraft, DomainError> {
        let name_fr = e.check("name_fr", name(&self.name_fr));
        let name_en = e.check("name_en", name(&self.name_en));
        let code = e.check("code", code(kind, &self.code));
        e.into_result()?;
        Ok(ReferenceDraft {
            kind,
            name_fr: name_fr.expect("checked"),
            name_en: name_en.expect("checked"),
            parent,
            code: code.expect("checked"),
        })
    }
}

impl ReferenceDraft {
    /// The name reservations the draft needs; the application loads each of
    /// these streams (and, when renaming, the item's current [`ReferenceItem::slots`]).
    pub fn slots(&self) -> Vec<NameSlot> {
        vec![
            NameSlot::new(self.kind, self.parent, Language::Fr, &self.name_fr),
            NameSlot::new(self.kind, self.parent, Language::En, &self.name_en),
        ]
    }
}

fn name(raw: &str) -> Result<String, FieldError> {
    let name = text::line(raw, NAME_MAX_CHARS)?;
    if name_key(&name).is_empty() {
        return Err(FieldError::new("field.invalid"));
    }
    Ok(name)
}

fn code(kind: ReferenceKind, raw: &str) -> Result<Option<String>, FieldError> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    match kind {
        ReferenceKind::Language => LanguageCode::parse(raw).map(|c| Some(c.as_str().to_owned())),
        ReferenceKind::Country | ReferenceKind::Nationality => {
            CountryCode::parse(raw).map(|c| Some(c.as_str().to_owned()))
        }
        _ => Err(FieldError::new("field.invalid")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(fr: &str, en: &str) -> ReferenceForm {
        ReferenceForm {
            name_fr: fr.into(),
            name_en: en.into(),
            ..Default::default()
        }
    }

    fn errors(result: Result<ReferenceDraft, DomainError>) -> FieldErrors {
        match result {
            Err(DomainError::Invalid(errors)) => errors,
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn names_are_required_in_both_languages_and_trimmed() {
        let draft = form("  Anxiété ", "Anxiety")
            .parse(ReferenceKind::Disorder)
            .unwrap();
        assert_eq!(
            (draft.name_fr.as_str(), draft.name_en.as_str()),
            ("Anxiété", "Anxiety")
        );
        let e = errors(form("", " ").parse(ReferenceKind::Disorder));
        assert_eq!(e.0["name_fr"].code, "field.required");
        assert_eq!(e.0["name_en"].code, "field.required");
    }

    #[test]
    fn names_are_at_most_100_characters_and_not_only_punctuation() {
        let e = errors(form(&"é".repeat(101), "--").parse(ReferenceKind::Keyword));
        assert_eq!(
            e.0["name_fr"],
            FieldError::new("field.too_long").with("max", 100)
        );
        assert_eq!(e.0["name_en"].code, "field.invalid");
        assert!(
            form(&"é".repeat(100), "x")
                .parse(ReferenceKind::Keyword)
                .is_ok()
        );
    }

    #[test]
    fn a_city_needs_a_country_and_other_items_take_none() {
        let e = errors(form("Lyon", "Lyon").parse(ReferenceKind::City));
        assert_eq!(e.0["parent_id"].code, "field.required");
        let with_parent = ReferenceForm {
            parent_id: Some(Uuid::from_u128(1)),
            ..form("Yoga", "Yoga")
        };
        assert_eq!(
            with_parent.parse(ReferenceKind::City).unwrap().parent,
            Some(Uuid::from_u128(1))
        );
        let e = errors(with_parent.parse(ReferenceKind::Keyword));
        assert_eq!(e.0["parent_id"].code, "field.invalid");
    }

    #[test]
    fn codes_are_checked_against_the_built_in_lists_for_their_sets() {
        let with_code = |code: &str| ReferenceForm {
            code: code.into(),
            ..form("Français", "French")
        };
        assert_eq!(
            with_code("FR").parse(ReferenceKind::Language).unwrap().code,
            Some("fr".into())
        );
        assert_eq!(
            with_code("fr")
                .parse(ReferenceKind::Nationality)
                .unwrap()
                .code,
            Some("FR".into())
        );
        assert_eq!(
            errors(with_code("zz").parse(ReferenceKind::Country)).0["code"].code,
            "country.invalid"
        );
        assert_eq!(
            errors(with_code("fr").parse(ReferenceKind::Keyword)).0["code"].code,
            "field.invalid"
        );
        assert_eq!(
            with_code("").parse(ReferenceKind::Keyword).unwrap().code,
            None
        );
    }

    #[test]
    fn an_edit_keeps_the_city_in_its_country_whatever_the_form_says() {
        let city = ReferenceItem {
            id: Some(Uuid::from_u128(5)),
            kind: Some(ReferenceKind::City),
            parent: Some(Uuid::from_u128(1)),
            ..Default::default()
        };
        let moved = ReferenceForm {
            parent_id: Some(Uuid::from_u128(2)),
            ..form("Lyon", "Lyons")
        };
        assert_eq!(
            moved.parse_for(&city).unwrap().parent,
            Some(Uuid::from_u128(1))
        );
        assert_eq!(
            moved.parse_for(&ReferenceItem::default()).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
    }
}
