//! The health assessment a client fills in before consulting (spec §1): the
//! reason for consulting, current treatments, allergies, medical history,
//! pregnancy, sleep, stress, diet, lifestyle notes, and whether the experts
//! the client booked may read it. Every answer is health data, kept whole as
//! one forgettable payload.

use serde::{Deserialize, Serialize};

use crate::values::choice::choice;
use crate::values::text;
use crate::{DomainError, FieldErrors};

pub const REASON_MAX_CHARS: usize = 2000;
pub const TREATMENTS_MAX_CHARS: usize = 2000;
pub const ALLERGIES_MAX_CHARS: usize = 1000;
pub const HISTORY_MAX_CHARS: usize = 2000;
pub const LIFESTYLE_MAX_CHARS: usize = 1000;

choice!(
    /// Whether the client is pregnant or breastfeeding (matters for herbs and remedies).
    Pregnancy {
        No = "no",
        Pregnant = "pregnant",
        Breastfeeding = "breastfeeding",
        NotApplicable = "not_applicable",
        PreferNotToSay = "prefer_not_to_say",
    }
);
choice!(SleepQuality { Good = "good", Fair = "fair", Poor = "poor" });
choice!(StressLevel { Low = "low", Moderate = "moderate", High = "high" });
choice!(Diet {
    Omnivore = "omnivore",
    Vegetarian = "vegetarian",
    Vegan = "vegan",
    Other = "other",
});

/// The form as sent (`PUT /api/client/health-assessment`).
#[derive(Clone, Debug, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct HealthAssessmentForm {
    /// Why the client seeks a consultation (required).
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub reason: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub current_treatments: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub allergies: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub medical_history: String,
    /// `no`, `pregnant`, `breastfeeding`, `not_applicable`, `prefer_not_to_say`.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub pregnancy: String,
    /// `good`, `fair`, `poor`.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub sleep: String,
    /// `low`, `moderate`, `high`.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub stress: String,
    /// `omnivore`, `vegetarian`, `vegan`, `other`.
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub diet: String,
    #[serde(deserialize_with = "crate::values::text::null_as_default")]
    pub lifestyle_notes: String,
    /// The experts the client booked may read the answers.
    pub share_with_experts: bool,
}

/// The parsed answers: the payload's content.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HealthAnswers {
    pub reason: String,
    pub current_treatments: Option<String>,
    pub allergies: Option<String>,
    pub medical_history: Option<String>,
    pub pregnancy: Pregnancy,
    pub sleep: SleepQuality,
    pub stress: StressLevel,
    pub diet: Diet,
    pub lifestyle_notes: Option<String>,
    pub share_with_experts: bool,
}

impl HealthAnswers {
    /// The answer fields, as the form and the read side name them.
    pub const FIELDS: &'static [&'static str] = &[
        "reason",
        "current_treatments",
        "allergies",
        "medical_history",
        "pregnancy",
        "sleep",
        "stress",
        "diet",
        "lifestyle_notes",
    ];
}

impl HealthAssessmentForm {
    /// Checks every field, reporting all errors at once.
    pub fn parse(&self) -> Result<HealthAnswers, DomainError> {
        let mut e = FieldErrors::default();
        let reason = e.check("reason", text::paragraph(&self.reason, REASON_MAX_CHARS));
        let current_treatments = e.check(
            "current_treatments",
            text::optional_paragraph(&self.current_treatments, TREATMENTS_MAX_CHARS),
        );
        let allergies = e.check(
            "allergies",
            text::optional_paragraph(&self.allergies, ALLERGIES_MAX_CHARS),
        );
        let medical_history = e.check(
            "medical_history",
            text::optional_paragraph(&self.medical_history, HISTORY_MAX_CHARS),
        );
        let pregnancy = e.check("pregnancy", Pregnancy::parse(&self.pregnancy));
        let sleep = e.check("sleep", SleepQuality::parse(&self.sleep));
        let stress = e.check("stress", StressLevel::parse(&self.stress));
        let diet = e.check("diet", Diet::parse(&self.diet));
        let lifestyle_notes = e.check(
            "lifestyle_notes",
            text::optional_paragraph(&self.lifestyle_notes, LIFESTYLE_MAX_CHARS),
        );
        e.into_result()?;
        let parsed = (|| {
            Some(HealthAnswers {
                reason: reason?,
                current_treatments: current_treatments?,
                allergies: allergies?,
                medical_history: medical_history?,
                pregnancy: pregnancy?,
                sleep: sleep?,
                stress: stress?,
                diet: diet?,
                lifestyle_notes: lifestyle_notes?,
                share_with_experts: self.share_with_experts,
            })
        })();
        Ok(parsed.expect("every field parsed"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> HealthAssessmentForm {
        HealthAssessmentForm {
            reason: "  Fatigue persistante depuis l'hiver  ".into(),
            current_treatments: "".into(),
            allergies: "Pollen".into(),
            medical_history: "Appendicite (2010)\nAsthme léger".into(),
            pregnancy: "no".into(),
            sleep: "poor".into(),
            stress: "high".into(),
            diet: "vegan".into(),
            lifestyle_notes: " ".into(),
            share_with_experts: true,
        }
    }

    fn field_codes(form: &HealthAssessmentForm) -> Vec<(String, &'static str)> {
        match form.parse() {
            Err(DomainError::Invalid(errors)) => {
                errors.0.into_iter().map(|(f, e)| (f, e.code)).collect()
            }
            other => panic!("expected field errors, got {other:?}"),
        }
    }

    #[test]
    fn a_complete_assessment_is_trimmed_and_blank_answers_are_absent() {
        let answers = form().parse().unwrap();
        assert_eq!(answers.reason, "Fatigue persistante depuis l'hiver");
        assert_eq!(answers.current_treatments, None);
        assert_eq!(answers.allergies.as_deref(), Some("Pollen"));
        assert_eq!(
            answers.medical_history.as_deref(),
            Some("Appendicite (2010)\nAsthme léger")
        );
        assert_eq!(answers.pregnancy, Pregnancy::No);
        assert_eq!(answers.sleep, SleepQuality::Poor);
        assert_eq!(answers.stress, StressLevel::High);
        assert_eq!(answers.diet, Diet::Vegan);
        assert_eq!(answers.lifestyle_notes, None);
        assert!(answers.share_with_experts);
    }

    #[test]
    fn the_reason_and_the_choices_are_required_and_every_error_is_reported() {
        assert_eq!(
            field_codes(&HealthAssessmentForm::default()),
            vec![
                ("diet".to_owned(), "field.required"),
                ("pregnancy".to_owned(), "field.required"),
                ("reason".to_owned(), "field.required"),
                ("sleep".to_owned(), "field.required"),
                ("stress".to_owned(), "field.required"),
            ]
        );
    }

    #[test]
    fn unknown_choices_and_overlong_answers_are_refused() {
        let odd = HealthAssessmentForm {
            sleep: "excellent".into(),
            allergies: "x".repeat(ALLERGIES_MAX_CHARS + 1),
            reason: "a\u{7}b".into(),
            ..form()
        };
        assert_eq!(
            field_codes(&odd),
            vec![
                ("allergies".to_owned(), "field.too_long"),
                ("reason".to_owned(), "field.invalid"),
                ("sleep".to_owned(), "choice.invalid"),
            ]
        );
    }

    #[test]
    fn answers_round_trip_through_their_payload() {
        let answers = form().parse().unwrap();
        let json = serde_json::to_string(&answers).unwrap();
        assert!(json.contains("\"pregnancy\":\"no\""), "{json}");
        assert_eq!(
            serde_json::from_str::<HealthAnswers>(&json).unwrap(),
            answers
        );
    }
}
