//! Education: degrees with their scan (JPG or PNG, spec §5). At least one
//! degree completes the section.

use chrono::{DateTime, Utc};
use serde::Deserialize;
use uuid::Uuid;

use super::{Context, edited};
use crate::consultant::{Consultant, ConsultantEvent, ConsultantStatus, Section};
use crate::values::{AwardYear, FileKind, FileRef, text};
use crate::{DomainError, FieldErrors, RuleCode};

pub const MAX_DEGREES: usize = 10;
const NAME_MAX_CHARS: usize = 200;

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct DegreeForm {
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub name: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub school: String,
    pub year: Option<i64>,
    /// Key of the uploaded scan.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub attachment_key: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DegreeEntry {
    pub name: String,
    pub school: String,
    pub year: AwardYear,
    pub attachment: FileRef,
}

impl DegreeForm {
    pub fn parse(&self, context: &Context<'_>) -> Result<DegreeEntry, DomainError> {
        let mut e = FieldErrors::default();
        let name = e.check("name", text::line(&self.name, NAME_MAX_CHARS));
        let school = e.check("school", text::line(&self.school, NAME_MAX_CHARS));
        let year = e.check("year", AwardYear::parse(self.year, context.today));
        let attachment = e.check(
            "attachment_key",
            context.file(&self.attachment_key, FileKind::Degree),
        );
        e.into_result()?;
        let parsed = (|| {
            Some(DegreeEntry {
                name: name?,
                school: school?,
                year: year?,
                attachment: attachment?,
            })
        })();
        Ok(parsed.expect("every field parsed"))
    }
}

pub fn add_degree(
    consultant: &Consultant,
    degree_id: Uuid,
    degree: &DegreeEntry,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    if consultant.degrees.contains_key(&degree_id) {
        return Err(DomainError::Rule(RuleCode::Conflict));
    }
    if consultant.degrees.len() >= MAX_DEGREES {
        return Err(DomainError::Rule(RuleCode::DegreeLimitReached));
    }
    let event = ConsultantEvent::DegreeAdded {
        degree_id,
        name: degree.name.clone(),
        school: degree.school.clone(),
        year: degree.year,
        attachment: degree.attachment.clone(),
        at: now,
    };
    edited(consultant, Section::Education, vec![event], now)
}

pub fn edit_degree(
    consultant: &Consultant,
    degree_id: Uuid,
    degree: &DegreeEntry,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    if !consultant.degrees.contains_key(&degree_id) {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    let event = ConsultantEvent::DegreeEdited {
        degree_id,
        name: degree.name.clone(),
        school: degree.school.clone(),
        year: degree.year,
        attachment: degree.attachment.clone(),
        at: now,
    };
    edited(consultant, Section::Education, vec![event], now)
}

/// Removes a degree; an approved or suspended profile keeps at least one.
pub fn remove_degree(
    consultant: &Consultant,
    degree_id: Uuid,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    if !consultant.degrees.contains_key(&degree_id) {
        return Err(DomainError::Rule(RuleCode::NotFound));
    }
    let live = matches!(
        consultant.status,
        ConsultantStatus::Approved | ConsultantStatus::Suspended
    );
    if live && consultant.degrees.len() == 1 {
        return Err(DomainError::Rule(RuleCode::LastDegreeRequired));
    }
    let event = ConsultantEvent::DegreeRemoved { degree_id, at: now };
    edited(consultant, Section::Education, vec![event], now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;

    fn form() -> DegreeForm {
        DegreeForm {
            name: "Diplôme de naturopathie".into(),
            school: "Institut Euronature".into(),
            year: Some(2015),
            attachment_key: key("degree.jpg"),
        }
    }

    fn entry() -> DegreeEntry {
        form().parse(&context(&Consultant::default())).unwrap()
    }

    #[test]
    fn a_degree_needs_name_school_year_and_an_image_scan() {
        let e = field_errors(DegreeForm::default().parse(&context(&Consultant::default())));
        let fields: Vec<&str> = e.0.keys().map(String::as_str).collect();
        assert_eq!(fields, ["attachment_key", "name", "school", "year"]);
        let pdf = DegreeForm {
            attachment_key: key("degree.pdf"),
            ..form()
        };
        let e = field_errors(pdf.parse(&context(&Consultant::default())));
        assert_eq!(e.0["attachment_key"].code, "file.type_not_allowed");
    }

    #[test]
    fn the_year_of_graduation_is_between_1950_and_this_year() {
        let future = DegreeForm {
            year: Some(2027),
            ..form()
        };
        let e = field_errors(future.parse(&context(&Consultant::default())));
        assert_eq!(e.0["year"].code, "year.out_of_range");
        assert!(
            DegreeForm {
                year: Some(2026),
                ..form()
            }
            .parse(&context(&Consultant::default()))
            .is_ok()
        );
    }

    #[test]
    fn a_scan_the_application_does_not_know_is_refused() {
        let missing = DegreeForm {
            attachment_key: key("missing.jpg"),
            ..form()
        };
        let e = field_errors(missing.parse(&context(&Consultant::default())));
        assert_eq!(e.0["attachment_key"].code, "file.invalid");
    }

    #[test]
    fn one_degree_completes_the_education_section() {
        let events = add_degree(&Consultant::default(), DEGREE, &entry(), at(0)).unwrap();
        let consultant = given(&events);
        assert!(consultant.is_complete(Section::Education));
        let removed = remove_degree(&consultant, DEGREE, at(1)).unwrap();
        assert!(
            !consultant
                .evolve(&removed[0])
                .is_complete(Section::Education)
        );
    }

    #[test]
    fn degrees_are_limited_in_number() {
        let mut consultant = complete_then(&[]);
        for n in 1..MAX_DEGREES as u128 {
            let events = add_degree(&consultant, Uuid::from_u128(n), &entry(), at(1)).unwrap();
            consultant = events.iter().fold(consultant, Consultant::evolve);
        }
        assert_eq!(
            add_degree(&consultant, Uuid::from_u128(99), &entry(), at(2)).unwrap_err(),
            DomainError::Rule(RuleCode::DegreeLimitReached)
        );
    }

    #[test]
    fn unknown_degrees_cannot_be_edited_or_removed() {
        let consultant = complete_then(&[]);
        let unknown = Uuid::from_u128(77);
        assert_eq!(
            edit_degree(&consultant, unknown, &entry(), at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
        assert_eq!(
            remove_degree(&consultant, unknown, at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::NotFound)
        );
        assert_eq!(
            add_degree(&consultant, DEGREE, &entry(), at(1)).unwrap_err(),
            DomainError::Rule(RuleCode::Conflict)
        );
    }

    #[test]
    fn an_approved_profile_cannot_remove_its_last_degree() {
        assert_eq!(
            remove_degree(&approved(), DEGREE, at(30)).unwrap_err(),
            DomainError::Rule(RuleCode::LastDegreeRequired)
        );
        let second = add_degree(&approved(), Uuid::from_u128(2), &entry(), at(30)).unwrap();
        let with_two = second.iter().fold(approved(), Consultant::evolve);
        assert!(remove_degree(&with_two, DEGREE, at(31)).is_ok());
    }
}
