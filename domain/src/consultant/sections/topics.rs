//! What an expert works on: keywords, objectives, disorders and
//! specialisations, ids from the reference lists (the directory's filters).
//! Each id must be an active item of its own list, except ids the profile
//! already uses: a keyword trashed since stays on a profile saved again, as
//! the picker no longer offers it but the profile still shows it.

use uuid::Uuid;

use super::{Context, ProfileDetailsForm};
use crate::FieldErrors;
use crate::reference::ReferenceKind;

pub const MAX_KEYWORDS: usize = 20;
pub const MAX_OBJECTIVES: usize = 20;
pub const MAX_DISORDERS: usize = 30;
/// At least one specialisation, at most this many.
pub const MAX_SPECIALISATIONS: usize = 10;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topics {
    pub keyword_ids: Vec<Uuid>,
    pub objective_ids: Vec<Uuid>,
    pub disorder_ids: Vec<Uuid>,
    pub specialisation_ids: Vec<Uuid>,
}

impl Topics {
    /// Checks the form's four lists, recording errors under their field names.
    pub(super) fn parse(
        form: &ProfileDetailsForm,
        context: &Context<'_>,
        e: &mut FieldErrors,
    ) -> Option<Topics> {
        // Ids are unique across sets, so one list of those in use will do.
        let held: Vec<Uuid> = context.current.details.as_ref().map_or_else(Vec::new, |d| {
            [
                &d.keyword_ids,
                &d.objective_ids,
                &d.disorder_ids,
                &d.specialisation_ids,
            ]
            .into_iter()
            .flatten()
            .copied()
            .collect()
        });
        let mut ids = |field, kind, raw: &[Uuid], max, required| {
            e.check(
                field,
                context.reference_ids(kind, raw, max, required, &held),
            )
        };
        use ReferenceKind as K;
        let keyword_ids = ids(
            "keyword_ids",
            K::Keyword,
            &form.keyword_ids,
            MAX_KEYWORDS,
            false,
        );
        let objective_ids = ids(
            "objective_ids",
            K::Objective,
            &form.objective_ids,
            MAX_OBJECTIVES,
            false,
        );
        let disorder_ids = ids(
            "disorder_ids",
            K::Disorder,
            &form.disorder_ids,
            MAX_DISORDERS,
            false,
        );
        let specialisation_ids = ids(
            "specialisation_ids",
            K::Specialisation,
            &form.specialisation_ids,
            MAX_SPECIALISATIONS,
            true,
        );
        Some(Topics {
            keyword_ids: keyword_ids?,
            objective_ids: objective_ids?,
            disorder_ids: disorder_ids?,
            specialisation_ids: specialisation_ids?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DomainError;
    use crate::consultant::Consultant;
    use crate::consultant::sections::ProfileDetails;
    use crate::consultant::testing::*;

    fn parse(form: &ProfileDetailsForm) -> Result<ProfileDetails, DomainError> {
        form.parse(&context(&Consultant::default()))
    }

    #[test]
    fn ids_are_deduplicated_and_a_specialisation_is_required() {
        let details = parse(&details_form()).unwrap();
        assert_eq!(details.topics.keyword_ids, [YOGA]);
        let none = ProfileDetailsForm {
            specialisation_ids: vec![],
            ..details_form()
        };
        assert_eq!(
            field_errors(parse(&none)).0["specialisation_ids"].code,
            "field.required"
        );
    }

    #[test]
    fn reference_ids_must_exist_in_their_own_list() {
        let wrong_list = ProfileDetailsForm {
            keyword_ids: vec![ANXIETY],
            ..details_form()
        };
        assert_eq!(
            field_errors(parse(&wrong_list)).0["keyword_ids"].code,
            "reference.invalid"
        );
        let too_many = ProfileDetailsForm {
            specialisation_ids: (0..11).map(Uuid::from_u128).collect(),
            ..details_form()
        };
        assert_eq!(
            field_errors(parse(&too_many)).0["specialisation_ids"],
            crate::FieldError::new("list.too_many").with("max", MAX_SPECIALISATIONS)
        );
    }

    #[test]
    fn a_trashed_keyword_is_refused_unless_the_profile_already_uses_it() {
        let with_trashed = ProfileDetailsForm {
            keyword_ids: vec![YOGA, TRASHED_KEYWORD],
            ..details_form()
        };
        assert_eq!(
            field_errors(parse(&with_trashed)).0["keyword_ids"].code,
            "reference.invalid"
        );
        let mut consultant = complete_then(&[]);
        if let Some(details) = consultant.details.as_mut() {
            details.keyword_ids.push(TRASHED_KEYWORD);
        }
        assert!(with_trashed.parse(&context(&consultant)).is_ok());
    }
}
