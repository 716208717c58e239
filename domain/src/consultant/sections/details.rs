//! Profile details: what the directory shows of the expert (bio, background,
//! video, keywords, objectives, disorders, specialisations, photo, price,
//! session duration, resume, languages, first consultation free).
//!
//! The free texts and the video link are the consultant's own words about
//! themselves: they are kept as a forgettable payload so forgetting the
//! consultant erases them too. The reference ids are checked in [`Topics`].

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{Context, Topics, edited, language_codes};
use crate::account::PayloadRef;
use crate::consultant::{Consultant, ConsultantEvent, Section};
use crate::values::{
    Currency, FileKind, FileRef, LanguageCode, Money, SessionDuration, WebUrl, text,
};
use crate::{DomainError, FieldErrors};

pub const BIO_MAX_CHARS: usize = 3000;
pub const BACKGROUND_MAX_CHARS: usize = 5000;
pub const EXPERTISE_MAX_CHARS: usize = 1000;
pub const MAX_LANGUAGES: usize = 10;

#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct ProfileDetailsForm {
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub bio: String,
    /// Background experience or publications.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub background: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub expertise: String,
    /// The same three texts in English, for visitors reading in English
    /// (optional: without them the French ones are shown, marked as French).
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub bio_en: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub background_en: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub expertise_en: String,
    /// Introductory video link.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub video_url: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub keyword_ids: Vec<Uuid>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub objective_ids: Vec<Uuid>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub disorder_ids: Vec<Uuid>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub specialisation_ids: Vec<Uuid>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub photo_key: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub resume_key: String,
    /// The price of one consultation in minor units (cents).
    pub price_minor: Option<i64>,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub currency: String,
    pub session_minutes: Option<i64>,
    /// Languages the consultations are given in (ISO 639-1).
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub languages: Vec<String>,
    pub first_consultation_free: bool,
}

/// The consultant's own texts, kept as a forgettable payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfileTexts {
    pub bio: String,
    pub background: Option<String>,
    pub expertise: Option<String>,
    pub video_url: Option<WebUrl>,
    /// English versions; absent from payloads written before they existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bio_en: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background_en: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expertise_en: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileDetails {
    pub texts: ProfileTexts,
    pub topics: Topics,
    pub photo: FileRef,
    pub resume: FileRef,
    pub price: Money,
    pub session_duration: SessionDuration,
    pub languages: Vec<LanguageCode>,
    pub first_consultation_free: bool,
}

impl ProfileDetailsForm {
    pub fn parse(&self, context: &Context<'_>) -> Result<ProfileDetails, DomainError> {
        let mut e = FieldErrors::default();
        let bio = e.check("bio", text::paragraph(&self.bio, BIO_MAX_CHARS));
        let background = e.check(
            "background",
            text::optional_paragraph(&self.background, BACKGROUND_MAX_CHARS),
        );
        let expertise = e.check(
            "expertise",
            text::optional_paragraph(&self.expertise, EXPERTISE_MAX_CHARS),
        );
        let bio_en = e.check(
            "bio_en",
            text::optional_paragraph(&self.bio_en, BIO_MAX_CHARS),
        );
        let background_en = e.check(
            "background_en",
            text::optional_paragraph(&self.background_en, BACKGROUND_MAX_CHARS),
        );
        let expertise_en = e.check(
            "expertise_en",
            text::optional_paragraph(&self.expertise_en, EXPERTISE_MAX_CHARS),
        );
        let video_url = e.check("video_url", WebUrl::parse_optional(&self.video_url));
        let topics = Topics::parse(self, context, &mut e);
        let photo = e.check(
            "photo_key",
            context.file(&self.photo_key, FileKind::ProfilePhoto),
        );
        let resume = e.check(
            "resume_key",
            context.file(&self.resume_key, FileKind::Resume),
        );
        let currency = e.check("currency", Currency::parse(&self.currency));
        let price =
            currency.and_then(|c| e.check("price_minor", Money::price(self.price_minor, c)));
        let session_duration = e.check(
            "session_minutes",
            SessionDuration::parse(self.session_minutes),
        );
        let languages = e.check("languages", language_codes(&self.languages, MAX_LANGUAGES));
        e.into_result()?;
        let parsed = (|| {
            Some(ProfileDetails {
                texts: ProfileTexts {
                    bio: bio?,
                    background: background?,
                    expertise: expertise?,
                    video_url: video_url?,
                    bio_en: bio_en?,
                    background_en: background_en?,
                    expertise_en: expertise_en?,
                },
                topics: topics?,
                photo: photo?,
                resume: resume?,
                price: price?,
                session_duration: session_duration?,
                languages: languages?,
                first_consultation_free: self.first_consultation_free,
            })
        })();
        Ok(parsed.expect("every field parsed"))
    }
}

/// Saves the profile details; `payload` holds `details.texts`.
pub fn save_profile_details(
    consultant: &Consultant,
    details: &ProfileDetails,
    payload: PayloadRef,
    now: DateTime<Utc>,
) -> Result<Vec<ConsultantEvent>, DomainError> {
    let event = ConsultantEvent::ProfileDetailsUpdated {
        texts: payload,
        keyword_ids: details.topics.keyword_ids.clone(),
        objective_ids: details.topics.objective_ids.clone(),
        disorder_ids: details.topics.disorder_ids.clone(),
        specialisation_ids: details.topics.specialisation_ids.clone(),
        photo: details.photo.clone(),
        resume: details.resume.clone(),
        price: details.price,
        session_duration: details.session_duration,
        languages: details.languages.clone(),
        first_consultation_free: details.first_consultation_free,
        at: now,
    };
    edited(consultant, Section::ProfileDetails, vec![event], now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consultant::testing::*;

    fn form() -> ProfileDetailsForm {
        details_form()
    }

    fn parse(form: &ProfileDetailsForm) -> Result<ProfileDetails, DomainError> {
        form.parse(&context(&Consultant::default()))
    }

    #[test]
    fn valid_details_parse_with_the_price_in_minor_units() {
        let details = parse(&form()).unwrap();
        assert_eq!(details.price, Money::new(6000, Currency::Eur));
        assert_eq!(details.topics.keyword_ids, [YOGA]);
        assert_eq!(details.texts.background, None);
        assert!(details.first_consultation_free);
        let events =
            save_profile_details(&Consultant::default(), &details, payload("t"), at(0)).unwrap();
        let consultant = given(&events);
        assert!(consultant.is_complete(Section::ProfileDetails));
        assert_eq!(consultant.details.unwrap().session_duration.minutes(), 45);
    }

    #[test]
    fn the_photo_is_an_image_and_the_resume_a_pdf() {
        let swapped = ProfileDetailsForm {
            photo_key: key("resume.pdf"),
            resume_key: key("photo.png"),
            ..form()
        };
        let e = field_errors(parse(&swapped));
        assert_eq!(e.0["photo_key"].code, "file.type_not_allowed");
        assert_eq!(e.0["resume_key"].code, "file.type_not_allowed");
    }

    #[test]
    fn only_http_or_https_video_links_are_accepted() {
        let script = ProfileDetailsForm {
            video_url: "javascript:alert(1)".into(),
            ..form()
        };
        assert_eq!(
            field_errors(parse(&script)).0["video_url"].code,
            "url.invalid"
        );
        let none = ProfileDetailsForm {
            video_url: " ".into(),
            ..form()
        };
        assert_eq!(parse(&none).unwrap().texts.video_url, None);
    }

    #[test]
    fn price_and_session_duration_are_bounded() {
        let odd = ProfileDetailsForm {
            price_minor: Some(-100),
            session_minutes: Some(50 + 2),
            ..form()
        };
        let e = field_errors(parse(&odd));
        assert_eq!(e.0["price_minor"].code, "price.out_of_range");
        assert_eq!(e.0["session_minutes"].code, "duration.invalid");
        let free = ProfileDetailsForm {
            price_minor: Some(0),
            ..form()
        };
        assert_eq!(parse(&free).unwrap().price.minor, 0);
        let unknown = ProfileDetailsForm {
            currency: "BTC".into(),
            ..form()
        };
        let e = field_errors(parse(&unknown));
        assert_eq!(e.0["currency"].code, "currency.invalid");
        assert!(!e.0.contains_key("price_minor"));
    }

    #[test]
    fn a_bio_a_specialisation_and_a_language_are_required() {
        let e = field_errors(parse(&ProfileDetailsForm::default()));
        let fields: Vec<&str> = e.0.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "bio",
                "currency",
                "languages",
                "photo_key",
                "resume_key",
                "session_minutes",
                "specialisation_ids"
            ]
        );
        let long = ProfileDetailsForm {
            bio: "x".repeat(BIO_MAX_CHARS + 1),
            ..form()
        };
        assert_eq!(field_errors(parse(&long)).0["bio"].code, "field.too_long");
    }

    #[test]
    fn english_versions_are_optional_and_bounded_like_the_french_texts() {
        assert_eq!(parse(&form()).unwrap().texts.bio_en, None);
        let english = ProfileDetailsForm {
            bio_en: "  Naturopath for ten years.  ".into(),
            expertise_en: "Sleep".into(),
            ..form()
        };
        let texts = parse(&english).unwrap().texts;
        assert_eq!(texts.bio_en.as_deref(), Some("Naturopath for ten years."));
        assert_eq!(texts.expertise_en.as_deref(), Some("Sleep"));
        assert_eq!(texts.background_en, None);
        let long = ProfileDetailsForm {
            bio_en: "x".repeat(BIO_MAX_CHARS + 1),
            background_en: "x".repeat(BACKGROUND_MAX_CHARS + 1),
            ..form()
        };
        let e = field_errors(parse(&long));
        assert_eq!(e.0["bio_en"].code, "field.too_long");
        assert_eq!(e.0["background_en"].code, "field.too_long");
        // A payload written before the English versions existed still reads.
        let old: ProfileTexts = serde_json::from_str(
            r#"{"bio":"Bio","background":null,"expertise":null,"video_url":null}"#,
        )
        .unwrap();
        assert_eq!(old.bio_en, None);
    }
}
