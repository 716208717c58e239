//! The client's general information (spec §2 client `general-info`). The
//! spec names the page, not its content; ours is what an expert or the
//! platform reasonably needs besides the registration: occupation, height
//! and weight (optional: nutrition and Ayurveda consults use them), an
//! emergency contact (name and phone together), and how the client heard of
//! us. Every field is optional; all of it is personal data, kept as one
//! forgettable payload.

use serde::{Deserialize, Serialize};

use super::optional_range;
use crate::values::choice::choice;
use crate::values::{PhoneNumber, text};
use crate::{DomainError, FieldError, FieldErrors};

pub const OCCUPATION_MAX_CHARS: usize = 100;
pub const CONTACT_NAME_MAX_CHARS: usize = 100;
pub const HEIGHT_CM: (i64, i64) = (50, 250);
pub const WEIGHT_KG: (i64, i64) = (20, 350);

choice!(
    /// How the client heard of the platform.
    ReferralSource {
        SearchEngine = "search_engine",
        SocialMedia = "social_media",
        FriendOrFamily = "friend_or_family",
        Expert = "expert",
        Press = "press",
        Other = "other",
    }
);

/// The form as sent (`PUT /api/client/general-info`).
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct GeneralInfoForm {
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub occupation: String,
    /// Centimetres, 50–250.
    pub height_cm: Option<i64>,
    /// Kilograms, 20–350.
    pub weight_kg: Option<i64>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub emergency_contact_name: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub emergency_contact_isd_code: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub emergency_contact_number: String,
    /// `search_engine`, `social_media`, `friend_or_family`, `expert`, `press`, `other`, or empty.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub referral_source: String,
}

/// The parsed information: the payload's content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GeneralInfo {
    pub occupation: Option<String>,
    pub height_cm: Option<u16>,
    pub weight_kg: Option<u16>,
    pub emergency_contact_name: Option<String>,
    pub emergency_contact_phone: Option<PhoneNumber>,
    pub referral_source: Option<ReferralSource>,
}

impl GeneralInfo {
    /// The fields as the form and the read side name them.
    pub const FIELDS: &'static [&'static str] = &[
        "occupation",
        "height_cm",
        "weight_kg",
        "emergency_contact_name",
        "emergency_contact_isd_code",
        "emergency_contact_number",
        "referral_source",
    ];
}

impl GeneralInfoForm {
    /// Checks every field, reporting all errors at once. The emergency
    /// contact's name and number go together.
    pub fn parse(&self) -> Result<GeneralInfo, DomainError> {
        let mut e = FieldErrors::default();
        let occupation = e.check(
            "occupation",
            text::optional_line(&self.occupation, OCCUPATION_MAX_CHARS),
        );
        let height_cm = e.check(
            "height_cm",
            optional_range(self.height_cm, HEIGHT_CM.0, HEIGHT_CM.1),
        );
        let weight_kg = e.check(
            "weight_kg",
            optional_range(self.weight_kg, WEIGHT_KG.0, WEIGHT_KG.1),
        );
        let name = e.check(
            "emergency_contact_name",
            text::optional_line(&self.emergency_contact_name, CONTACT_NAME_MAX_CHARS),
        );
        let has_number = !self.emergency_contact_number.trim().is_empty();
        let phone = if has_number {
            e.check(
                "emergency_contact_number",
                PhoneNumber::parse(
                    &self.emergency_contact_isd_code,
                    &self.emergency_contact_number,
                )
                .map(Some),
            )
        } else {
            Some(None)
        };
        match (&name, has_number) {
            (Some(Some(_)), false) => e.add(
                "emergency_contact_number",
                FieldError::new("field.required"),
            ),
            (Some(None), true) => {
                e.add("emergency_contact_name", FieldError::new("field.required"));
            }
            _ => {}
        }
        let referral_source = e.check(
            "referral_source",
            if self.referral_source.trim().is_empty() {
                Ok(None)
            } else {
                ReferralSource::parse(&self.referral_source).map(Some)
            },
        );
        e.into_result()?;
        let parsed = (|| {
            Some(GeneralInfo {
                occupation: occupation?,
                height_cm: height_cm?,
                weight_kg: weight_kg?,
                emergency_contact_name: name?,
                emergency_contact_phone: phone?,
                referral_source: referral_source?,
            })
        })();
        Ok(parsed.expect("every field parsed"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> GeneralInfoForm {
        GeneralInfoForm {
            occupation: " Enseignante ".into(),
            height_cm: Some(168),
            weight_kg: Some(61),
            emergency_contact_name: "Louis Martin".into(),
            emergency_contact_isd_code: "+33".into(),
            emergency_contact_number: "06 12 34 56 78".into(),
            referral_source: "friend_or_family".into(),
        }
    }

    fn field_codes(form: &GeneralInfoForm) -> Vec<(String, &'static str)> {
        match form.parse() {
            Err(DomainError::Invalid(errors)) => {
                errors.0.into_iter().map(|(f, e)| (f, e.code)).collect()
            }
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_filled_form_is_trimmed_and_the_phone_kept_in_e164() {
        let info = form().parse().unwrap();
        assert_eq!(info.occupation.as_deref(), Some("Enseignante"));
        assert_eq!((info.height_cm, info.weight_kg), (Some(168), Some(61)));
        assert_eq!(
            info.emergency_contact_phone
                .as_ref()
                .map(PhoneNumber::as_str),
            Some("+33612345678")
        );
        assert_eq!(info.referral_source, Some(ReferralSource::FriendOrFamily));
    }

    #[test]
    fn every_field_is_optional() {
        let info = GeneralInfoForm::default().parse().unwrap();
        assert_eq!(
            info,
            GeneralInfo {
                occupation: None,
                height_cm: None,
                weight_kg: None,
                emergency_contact_name: None,
                emergency_contact_phone: None,
                referral_source: None,
            }
        );
    }

    #[test]
    fn the_emergency_contacts_name_and_number_go_together() {
        let no_number = GeneralInfoForm {
            emergency_contact_number: "".into(),
            ..form()
        };
        assert_eq!(
            field_codes(&no_number),
            vec![("emergency_contact_number".to_owned(), "field.required")]
        );
        let no_name = GeneralInfoForm {
            emergency_contact_name: " ".into(),
            ..form()
        };
        assert_eq!(
            field_codes(&no_name),
            vec![("emergency_contact_name".to_owned(), "field.required")]
        );
    }

    #[test]
    fn implausible_measures_odd_numbers_and_unknown_sources_are_refused() {
        let odd = GeneralInfoForm {
            height_cm: Some(20),
            weight_kg: Some(900),
            emergency_contact_number: "12".into(),
            referral_source: "billboard".into(),
            ..form()
        };
        assert_eq!(
            field_codes(&odd),
            vec![
                ("emergency_contact_number".to_owned(), "phone.invalid"),
                ("height_cm".to_owned(), "number.out_of_range"),
                ("referral_source".to_owned(), "choice.invalid"),
                ("weight_kg".to_owned(), "number.out_of_range"),
            ]
        );
    }
}
