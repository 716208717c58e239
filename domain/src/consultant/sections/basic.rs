//! Basic profile: what a consultant edits of their sign-up facts (spec §3
//! "Registration"): title, names, gender, phone, languages spoken, time zone.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Context, edited, language_codes};
use crate::account::{PayloadRef, PersonalProfile};
use crate::consultant::{Consultant, ConsultantEvent, Section};
use crate::values::{Gender, LanguageCode, PersonName, PhoneNumber, TimeZone, Title};
use crate::{DomainError, FieldErrors};

pub const MAX_SPOKEN_LANGUAGES: usize = 20;

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct BasicProfileForm {
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub title: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub gender: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub given_name: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub family_name: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub isd_code: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub contact_number: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub spoken_languages: Vec<String>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub timezone: String,
}

/// The personal part, kept as a forgettable payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BasicDetails {
    pub title: Title,
    pub gender: Gender,
    pub given_name: PersonName,
    pub family_name: PersonName,
    pub phone: PhoneNumber,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BasicProfile {
    pub details: BasicDetails,
    pub spoken_languages: Vec<LanguageCode>,
    pub timezone: TimeZone,
}

impl BasicProfileForm {
    pub fn parse(&self, _context: &Context<'_>) -> Result<BasicProfile, DomainError> {
        let mut e = FieldErrors::default();
        let title = e.check("title", Title::parse(&self.title));
        let gender = e.check("gender", Gender::parse(&self.gender));
        let given_name = e.check("given_name", PersonName::parse(&self.given_name));
        let family_name = e.check("family_name", PersonName::parse(&self.family_name));
        let phone = e.check(
            "contact_number",
            PhoneNumber::parse(&self.isd_code, &self.contact_number),
        );
        let spoken_languages = e.check(
            "spoken_languages",
            language_codes(&self.spoken_languages, MAX_SPOKEN_LANGUAGES),
        );
        let timezone = e.check("timezone", TimeZone::parse(&self.timezone));
        e.into_result()?;
        let parsed = (|| {
            Some(BasicProfile {
                details: BasicDetails {
                    title: title?,
                    gender: gender?,
                    given_name: given_name?,
                    family_name: family_name?,
                    phone: phone?,
                },
                spoken_languages: spoken_languages?,
                timezone: timezone?,
            })
        })();
        Ok(parsed.expect("every field parsed"))
    }
}

impl BasicProfile {
    /// The basic profile as given at sign-up, so the application can record
    /// it when the consultant's account is created.
    pub fn from_registration(profile: &PersonalProfile) -> Self {
        Self {
            details: BasicDetails {
                title: profile.title,
                gender: profile.gender,
                given_name: profile.given_name.clone(),
                family_name: profile.family_name.clone(),
                phone: profile.phone.clone(),
            },
            spoken_languages: profile.spoken_languages.clone(),
            timezone: profile.timezone,
        }
    }
}

/// Saves the basic profile; `payload` holds `basic.details`.
pub fn save_basic_profile(
    consultant: &Consultant,
    basic: &BasicProfile,
    payload: PayloadRef,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    let event = ConsultantEvent::BasicProfileUpdated {
        profile: payload,
        spoken_languages: basic.spoken_languages.clone(),
        timezone: basic.timezone,
        at: now,
    };
    edited(consultant, Section::BasicProfile, vec![event], now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;

    fn form() -> BasicProfileForm {
        BasicProfileForm {
            title: "dr".into(),
            gender: "female".into(),
            given_name: " Camille ".into(),
            family_name: "Martin".into(),
            isd_code: "+33".into(),
            contact_number: "06 12 34 56 78".into(),
            spoken_languages: vec!["fr".into(), "EN".into(), "fr".into()],
            timezone: "Europe/Paris".into(),
        }
    }

    fn parsed() -> BasicProfile {
        form().parse(&context(&Consultant::default())).unwrap()
    }

    #[test]
    fn a_valid_basic_profile_is_normalised() {
        let basic = parsed();
        assert_eq!(basic.details.given_name.as_str(), "Camille");
        assert_eq!(basic.details.phone.as_str(), "+33612345678");
        let codes: Vec<&str> = basic
            .spoken_languages
            .iter()
            .map(LanguageCode::as_str)
            .collect();
        assert_eq!(codes, ["fr", "en"]);
    }

    #[test]
    fn every_invalid_basic_field_is_reported_at_once() {
        let empty = BasicProfileForm::default();
        let e = field_errors(empty.parse(&context(&Consultant::default())));
        let fields: Vec<&str> = e.0.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "contact_number",
                "family_name",
                "gender",
                "given_name",
                "spoken_languages",
                "timezone",
                "title"
            ]
        );
        let unknown_language = BasicProfileForm {
            spoken_languages: vec!["xx".into()],
            ..form()
        };
        let e = field_errors(unknown_language.parse(&context(&Consultant::default())));
        assert_eq!(e.0["spoken_languages"].code, "language.invalid");
    }

    #[test]
    fn the_first_save_puts_a_new_profile_in_progress() {
        let events =
            save_basic_profile(&Consultant::default(), &parsed(), payload("b"), at(0)).unwrap();
        assert_eq!(
            events[0],
            ConsultantEvent::ProfileEditingStarted { at: at(0) }
        );
        assert!(matches!(
            events[1],
            ConsultantEvent::BasicProfileUpdated { .. }
        ));
        let consultant = given(&events);
        assert_eq!(
            consultant.status,
            crate::consultant::ConsultantStatus::InProgress
        );
        assert!(consultant.is_complete(Section::BasicProfile));
    }

    #[test]
    fn the_sign_up_facts_make_a_basic_profile() {
        use crate::account::{LegalVersions, Registration, RegistrationForm, Role};
        let form = RegistrationForm {
            title: "ms".into(),
            gender: "female".into(),
            family_name: "Martin".into(),
            given_name: "Camille".into(),
            date_of_birth: "1990-04-12".into(),
            preferred_contact: "email".into(),
            isd_code: "+33".into(),
            contact_number: "612345678".into(),
            timezone: "Europe/Paris".into(),
            correspondence_language: "fr".into(),
            spoken_languages: vec!["fr".into()],
            country_of_residence: "FR".into(),
            nationality: "FR".into(),
            email: "camille@example.org".into(),
            password: "une phrase de passe sûre".into(),
            accept_terms: true,
            accept_privacy: true,
            terms_version: "2026-01".into(),
            privacy_version: "2026-01".into(),
            profession: "Naturopathe".into(),
            years_of_experience: Some(8),
            ..Default::default()
        };
        let legal = LegalVersions {
            terms: "2026-01",
            privacy: "2026-01",
        };
        let registration = Registration::parse(&form, Role::Consultant, today(), legal).unwrap();
        let basic = BasicProfile::from_registration(&registration.profile);
        assert_eq!(basic.details.family_name.as_str(), "Martin");
        assert_eq!(basic.timezone.name(), "Europe/Paris");
    }
}
