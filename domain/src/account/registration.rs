use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::Role;
use crate::values::{
    ContactMethod, CountryCode, DateOfBirth, Email, Gender, Language, LanguageCode, Password,
    PersonName, PhoneNumber, TimeZone, Title, YearsOfExperience,
};
use crate::{DomainError, FieldError, FieldErrors};

/// The sign-up form as submitted (spec §3 "Registration"); every field is
/// checked by [`Registration::parse`].
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct RegistrationForm {
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub title: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub gender: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub family_name: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub given_name: String,
    /// `YYYY-MM-DD`.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub date_of_birth: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub preferred_contact: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub isd_code: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub contact_number: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub alternative_isd_code: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub alternative_number: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub whatsapp_number: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub timezone: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub correspondence_language: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub spoken_languages: Vec<String>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub profession: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub country_of_residence: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub nationality: String,
    pub years_of_experience: Option<i64>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub email: String,
    /// Proof returned by the e-mail OTP verification.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub email_proof: String,
    /// Proof returned by the mobile OTP verification, required when the
    /// preferred contact is SMS or WhatsApp (see [`PersonalProfile::number_to_verify`]).
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub mobile_proof: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub password: String,
    pub accept_terms: bool,
    pub accept_privacy: bool,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub terms_version: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub privacy_version: String,
}

/// Personal data of a client or consultant, kept as a forgettable payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonalProfile {
    pub title: Title,
    pub gender: Gender,
    pub family_name: PersonName,
    pub given_name: PersonName,
    pub date_of_birth: NaiveDate,
    pub email: Email,
    pub preferred_contact: ContactMethod,
    pub phone: PhoneNumber,
    pub alternative_phone: Option<PhoneNumber>,
    pub whatsapp: Option<PhoneNumber>,
    pub correspondence_language: Language,
    pub spoken_languages: Vec<LanguageCode>,
    pub country_of_residence: CountryCode,
    pub nationality: CountryCode,
    pub timezone: TimeZone,
    pub profession: Option<String>,
    pub years_of_experience: Option<u8>,
}

impl PersonalProfile {
    /// The number a mobile code must have verified before sign-up: the
    /// contact number when texts are preferred; for WhatsApp the WhatsApp
    /// number (required then); none for e-mail or phone calls.
    pub fn number_to_verify(&self) -> Option<&PhoneNumber> {
        match self.preferred_contact {
            ContactMethod::Sms => Some(&self.phone),
            ContactMethod::Whatsapp => Some(self.whatsapp.as_ref().unwrap_or(&self.phone)),
            ContactMethod::Email | ContactMethod::Phone => None,
        }
    }
}

/// Personal data of an administrator.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdminProfile {
    pub given_name: PersonName,
    pub family_name: PersonName,
    pub email: Email,
}

/// A valid sign-up: what the register decision needs.
#[derive(Debug)]
pub struct Registration {
    pub role: Role,
    pub profile: PersonalProfile,
    pub password: Password,
    pub terms_version: String,
    pub privacy_version: String,
}

/// The terms and privacy versions a sign-up must accept.
#[derive(Clone, Debug)]
pub struct LegalVersions<'a> {
    pub terms: &'a str,
    pub privacy: &'a str,
}

impl Registration {
    pub const PROFESSION_MAX_CHARS: usize = 100;

    /// Checks every field and reports all invalid ones at once. The e-mail
    /// proof is checked by the caller (it is a signature, not a rule).
    pub fn parse(
        form: &RegistrationForm,
        role: Role,
        today: NaiveDate,
        legal: LegalVersions<'_>,
    ) -> Result<Self, DomainError> {
        let mut e = FieldErrors::default();
        let title = e.check("title", Title::parse(&form.title));
        let gender = e.check("gender", Gender::parse(&form.gender));
        let family_name = e.check("family_name", PersonName::parse(&form.family_name));
        let given_name = e.check("given_name", PersonName::parse(&form.given_name));
        let date_of_birth = e.check(
            "date_of_birth",
            DateOfBirth::parse(&form.date_of_birth, today),
        );
        let preferred_contact = e.check(
            "preferred_contact",
            ContactMethod::parse(&form.preferred_contact),
        );
        let phone = e.check(
            "contact_number",
            PhoneNumber::parse(&form.isd_code, &form.contact_number),
        );
        let alternative_phone = optional(
            &mut e,
            "alternative_number",
            &form.alternative_number,
            |n| PhoneNumber::parse(&form.alternative_isd_code, n),
        );
        let whatsapp = optional(&mut e, "whatsapp_number", &form.whatsapp_number, |n| {
            PhoneNumber::parse(&form.isd_code, n)
        });
        if preferred_contact == Some(ContactMethod::Whatsapp)
            && form.whatsapp_number.trim().is_empty()
        {
            e.add("whatsapp_number", FieldError::new("field.required"));
        }
        let timezone = e.check("timezone", TimeZone::parse(&form.timezone));
        let correspondence_language = e.check(
            "correspondence_language",
            Language::parse(&form.correspondence_language),
        );
        let spoken_languages = e.check("spoken_languages", spoken(&form.spoken_languages));
        let country_of_residence = e.check(
            "country_of_residence",
            CountryCode::parse(&form.country_of_residence),
        );
        let nationality = e.check("nationality", CountryCode::parse(&form.nationality));
        let email = e.check("email", Email::parse(&form.email));
        let password = e.check("password", Password::parse(&form.password));
        let (profession, years_of_experience) = if role == Role::Consultant {
            (
                e.check("profession", profession(&form.profession))
                    .map(Some),
                e.check(
                    "years_of_experience",
                    YearsOfExperience::parse(form.years_of_experience),
                )
                .map(|y| Some(y.get())),
            )
        } else {
            (Some(None), Some(None))
        };
        if !form.accept_terms {
            e.add("accept_terms", FieldError::new("terms.required"));
        } else if form.terms_version != legal.terms {
            e.add("accept_terms", FieldError::new("terms.outdated"));
        }
        if !form.accept_privacy {
            e.add("accept_privacy", FieldError::new("privacy.required"));
        } else if form.privacy_version != legal.privacy {
            e.add("accept_privacy", FieldError::new("terms.outdated"));
        }
        e.into_result()?;
        // Every `None` above recorded an error, so all are present here.
        let profile = (|| {
            Some(PersonalProfile {
                title: title?,
                gender: gender?,
                family_name: family_name?,
                given_name: given_name?,
                date_of_birth: date_of_birth?.date(),
                email: email?,
                preferred_contact: preferred_contact?,
                phone: phone?,
                alternative_phone: alternative_phone?,
                whatsapp: whatsapp?,
                correspondence_language: correspondence_language?,
                spoken_languages: spoken_languages?,
                country_of_residence: country_of_residence?,
                nationality: nationality?,
                timezone: timezone?,
                profession: profession?,
                years_of_experience: years_of_experience?,
            })
        })()
        .expect("all fields parsed");
        Ok(Registration {
            role,
            profile,
            password: password.expect("password parsed"),
            terms_version: legal.terms.to_owned(),
            privacy_version: legal.privacy.to_owned(),
        })
    }
}

fn optional<T>(
    e: &mut FieldErrors,
    field: &str,
    raw: &str,
    parse: impl FnOnce(&str) -> Result<T, FieldError>,
) -> Option<Option<T>> {
    if raw.trim().is_empty() {
        Some(None)
    } else {
        e.check(field, parse(raw)).map(Some)
    }
}

fn spoken(codes: &[String]) -> Result<Vec<LanguageCode>, FieldError> {
    if codes.is_empty() {
        return Err(FieldError::new("field.required"));
    }
    let mut parsed: Vec<LanguageCode> = codes
        .iter()
        .map(|c| LanguageCode::parse(c))
        .collect::<Result<_, _>>()?;
    parsed.dedup();
    Ok(parsed)
}

fn profession(raw: &str) -> Result<String, FieldError> {
    let raw = raw.trim();
    match raw.chars().count() {
        0 => Err(FieldError::new("field.required")),
        n if n > Registration::PROFESSION_MAX_CHARS => {
            Err(FieldError::new("field.too_long").with("max", Registration::PROFESSION_MAX_CHARS))
        }
        _ => Ok(raw.to_owned()),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub const LEGAL: LegalVersions<'static> = LegalVersions {
        terms: "2026-01",
        privacy: "2026-01",
    };

    pub fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    pub fn valid_form() -> RegistrationForm {
        RegistrationForm {
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
            spoken_languages: vec!["fr".into(), "en".into()],
            country_of_residence: "FR".into(),
            nationality: "FR".into(),
            email: "Camille@Example.org".into(),
            email_proof: "proof".into(),
            password: "une phrase de passe sûre".into(),
            accept_terms: true,
            accept_privacy: true,
            terms_version: "2026-01".into(),
            privacy_version: "2026-01".into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_complete_client_form_parses_into_a_normalised_profile() {
        let registration =
            Registration::parse(&valid_form(), Role::Client, today(), LEGAL).unwrap();
        assert_eq!(registration.profile.email.as_ref(), "camille@example.org");
        assert_eq!(registration.profile.phone.as_str(), "+33612345678");
        assert_eq!(registration.profile.profession, None);
    }

    #[test]
    fn every_invalid_field_is_reported_at_once() {
        let form = RegistrationForm {
            accept_terms: false,
            ..Default::default()
        };
        let Err(DomainError::Invalid(errors)) =
            Registration::parse(&form, Role::Client, today(), LEGAL)
        else {
            panic!("expected field errors");
        };
        for field in [
            "title",
            "gender",
            "family_name",
            "given_name",
            "date_of_birth",
            "contact_number",
            "email",
            "password",
            "accept_terms",
            "accept_privacy",
            "spoken_languages",
            "timezone",
        ] {
            assert!(
                errors.0.contains_key(field),
                "{field} missing from {errors:?}"
            );
        }
        assert_eq!(errors.0["accept_terms"].code, "terms.required");
    }

    #[test]
    fn consultants_must_give_profession_and_experience() {
        let Err(DomainError::Invalid(errors)) =
            Registration::parse(&valid_form(), Role::Consultant, today(), LEGAL)
        else {
            panic!("expected field errors");
        };
        assert_eq!(
            errors.0.keys().collect::<Vec<_>>(),
            ["profession", "years_of_experience"]
        );
        let form = RegistrationForm {
            profession: "Naturopathe".into(),
            years_of_experience: Some(8),
            ..valid_form()
        };
        let registration = Registration::parse(&form, Role::Consultant, today(), LEGAL).unwrap();
        assert_eq!(registration.profile.years_of_experience, Some(8));
    }

    #[test]
    fn accepting_an_outdated_version_of_the_terms_is_refused() {
        let form = RegistrationForm {
            terms_version: "2025-01".into(),
            ..valid_form()
        };
        let Err(DomainError::Invalid(errors)) =
            Registration::parse(&form, Role::Client, today(), LEGAL)
        else {
            panic!("expected field errors");
        };
        assert_eq!(errors.0["accept_terms"].code, "terms.outdated");
    }

    #[test]
    fn whatsapp_as_preferred_contact_needs_a_whatsapp_number() {
        let form = RegistrationForm {
            preferred_contact: "whatsapp".into(),
            ..valid_form()
        };
        let Err(DomainError::Invalid(errors)) =
            Registration::parse(&form, Role::Client, today(), LEGAL)
        else {
            panic!("expected field errors");
        };
        assert_eq!(errors.0["whatsapp_number"].code, "field.required");
    }

    #[test]
    fn texts_and_whatsapp_need_their_number_verified_and_email_does_not() {
        let parse = |contact: &str, whatsapp: &str| {
            let form = RegistrationForm {
                preferred_contact: contact.into(),
                whatsapp_number: whatsapp.into(),
                ..valid_form()
            };
            Registration::parse(&form, Role::Client, today(), LEGAL)
                .unwrap()
                .profile
        };
        let number = |p: &PersonalProfile| p.number_to_verify().map(|n| n.as_str().to_owned());
        assert_eq!(number(&parse("sms", "")), Some("+33612345678".into()));
        assert_eq!(
            number(&parse("whatsapp", "698765432")),
            Some("+33698765432".into())
        );
        assert_eq!(number(&parse("email", "")), None);
        assert_eq!(number(&parse("phone", "")), None);
    }
}
