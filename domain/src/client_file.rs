//! A client's file (spec §2 client `consent-form-doc`, `health-assessment-doc`,
//! `health-assesment`, `general-info`): one stream per client,
//! `clientfile-{client id}`.
//!
//! Booking asks one thing of it: whether the filled consent form was
//! uploaded (spec §5). The health assessment ([`health`]) and the general
//! information ([`general`]) are personal data: their answers live in the
//! forgettable payload store and the events only reference them, so
//! forgetting the client erases them (DESIGN §1, guarantee 6).

pub mod general;
pub mod health;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::account::PayloadRef;
use crate::codec::EventSchema;
use crate::values::{FileKind, FileLookup, FileRef};
use crate::{DomainError, FieldError};

pub use general::{GeneralInfo, GeneralInfoForm, ReferralSource};
pub use health::{Diet, HealthAnswers, HealthAssessmentForm, Pregnancy, SleepQuality, StressLevel};

pub const CATEGORY: &str = "clientfile";

/// The form field of the consent form's upload key.
pub const CONSENT_FORM_FIELD: &str = "file_key";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum ClientFileEvent {
    /// The filled consent form, a PDF the client uploaded (`uploads-{client}`).
    ConsentFormUploaded { file_key: String, at: DateTime<Utc> },
    /// The health assessment's answers (a payload) and whether the client
    /// lets the experts it booked read them (a consent, not health data).
    HealthAssessmentSaved {
        answers: PayloadRef,
        share_with_experts: bool,
        at: DateTime<Utc>,
    },
    /// The general information (a payload).
    GeneralInfoSaved { info: PayloadRef, at: DateTime<Utc> },
}

impl EventSchema for ClientFileEvent {
    fn schema_version(_: &str) -> i32 {
        1
    }
}

/// What a client has filled in, folded from its stream.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClientFile {
    /// The key of the consent form's file, once uploaded.
    pub consent_form: Option<String>,
    pub health_assessment: Option<PayloadRef>,
    pub share_with_experts: bool,
    pub general_info: Option<PayloadRef>,
}

impl ClientFile {
    pub fn evolve(mut self, event: &ClientFileEvent) -> Self {
        match event {
            ClientFileEvent::ConsentFormUploaded { file_key, .. } => {
                self.consent_form = Some(file_key.clone());
            }
            ClientFileEvent::HealthAssessmentSaved {
                answers,
                share_with_experts,
                ..
            } => {
                self.health_assessment = Some(answers.clone());
                self.share_with_experts = *share_with_experts;
            }
            ClientFileEvent::GeneralInfoSaved { info, .. } => {
                self.general_info = Some(info.clone());
            }
        }
        self
    }

    /// Whether booking may go ahead (spec §5); otherwise `consent_form_missing`.
    pub fn consent_form_uploaded(&self) -> bool {
        self.consent_form.is_some()
    }
}

/// Records the filled consent form: `file_key` must be a PDF that `client`
/// itself uploaded (found through `files`, its upload records). The same
/// file again records nothing. Errors are field errors of
/// [`CONSENT_FORM_FIELD`].
pub fn upload_consent_form(
    file: &ClientFile,
    client: Uuid,
    file_key: &str,
    files: &dyn FileLookup,
    now: DateTime<Utc>,
) -> Result<Vec<ClientFileEvent>, DomainError> {
    let form = FileRef::resolve(file_key, FileKind::ConsentForm, client, files)
        .map_err(|e| DomainError::field(CONSENT_FORM_FIELD, e))?;
    if file.consent_form.as_deref() == Some(form.key.as_str()) {
        return Ok(Vec::new());
    }
    Ok(vec![ClientFileEvent::ConsentFormUploaded {
        file_key: form.key,
        at: now,
    }])
}

/// Saves the health assessment; `answers` references the payload holding
/// the parsed [`HealthAnswers`] (the application writes it in the same append).
pub fn save_health_assessment(
    parsed: &HealthAnswers,
    answers: PayloadRef,
    now: DateTime<Utc>,
) -> Vec<ClientFileEvent> {
    vec![ClientFileEvent::HealthAssessmentSaved {
        answers,
        share_with_experts: parsed.share_with_experts,
        at: now,
    }]
}

/// Saves the general information; `info` references the payload holding the
/// parsed [`GeneralInfo`].
pub fn save_general_info(info: PayloadRef, now: DateTime<Utc>) -> Vec<ClientFileEvent> {
    vec![ClientFileEvent::GeneralInfoSaved { info, at: now }]
}

/// An integer within `min..=max`, or none when absent.
fn optional_range(value: Option<i64>, min: i64, max: i64) -> Result<Option<u16>, FieldError> {
    match value {
        None => Ok(None),
        Some(v) if (min..=max).contains(&v) => Ok(u16::try_from(v).ok()),
        Some(_) => Err(FieldError::new("number.out_of_range")
            .with("min", min)
            .with("max", max)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::values::file_types::{PDF, PNG};

    const CLIENT: Uuid = Uuid::from_u128(0xC1);
    const OTHER: Uuid = Uuid::from_u128(0xC2);

    fn at(minute: u32) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(&format!("2026-03-02T09:{minute:02}:00Z"))
            .unwrap()
            .with_timezone(&Utc)
    }

    fn given(events: &[ClientFileEvent]) -> ClientFile {
        events
            .iter()
            .fold(ClientFile::default(), ClientFile::evolve)
    }

    fn key(owner: Uuid, name: &str) -> String {
        format!("{}{name}", FileRef::subject_prefix(owner))
    }

    /// The upload records: what each key was found to be when uploaded.
    fn uploads(key: &str) -> Option<FileRef> {
        let content_type = if key.ends_with(".png") { PNG } else { PDF };
        Some(FileRef {
            key: key.to_owned(),
            content_type: content_type.into(),
            size: 2048,
        })
    }

    fn field_code(result: Result<Vec<ClientFileEvent>, DomainError>) -> &'static str {
        match result {
            Err(DomainError::Invalid(errors)) => errors.0[CONSENT_FORM_FIELD].code,
            other => panic!("expected a field error, got {other:?}"),
        }
    }

    #[test]
    fn a_new_client_has_no_consent_form_and_cannot_book() {
        assert!(!given(&[]).consent_form_uploaded());
    }

    #[test]
    fn the_clients_own_pdf_is_recorded_as_its_consent_form() {
        let pdf = key(CLIENT, "form.pdf");
        let events = upload_consent_form(&given(&[]), CLIENT, &pdf, &uploads, at(1)).unwrap();
        assert_eq!(
            events,
            vec![ClientFileEvent::ConsentFormUploaded {
                file_key: pdf.clone(),
                at: at(1)
            }]
        );
        let file = given(&events);
        assert!(file.consent_form_uploaded());
        assert_eq!(file.consent_form, Some(pdf));
    }

    #[test]
    fn the_same_consent_form_again_records_nothing_and_a_new_one_replaces_it() {
        let first = key(CLIENT, "first.pdf");
        let file =
            given(&upload_consent_form(&given(&[]), CLIENT, &first, &uploads, at(1)).unwrap());
        assert_eq!(
            upload_consent_form(&file, CLIENT, &first, &uploads, at(2)),
            Ok(vec![])
        );
        let second = key(CLIENT, "second.pdf");
        let events = upload_consent_form(&file, CLIENT, &second, &uploads, at(3)).unwrap();
        assert_eq!(
            events.iter().fold(file, ClientFile::evolve).consent_form,
            Some(second)
        );
    }

    #[test]
    fn an_image_is_not_a_consent_form() {
        let png = key(CLIENT, "scan.png");
        assert_eq!(
            upload_consent_form(&given(&[]), CLIENT, &png, &uploads, at(1)),
            Err(DomainError::field(
                CONSENT_FORM_FIELD,
                FieldError::new("file.type_not_allowed").with("allowed", "PDF")
            ))
        );
    }

    #[test]
    fn another_clients_upload_or_an_unknown_key_is_refused() {
        let theirs = key(OTHER, "form.pdf");
        assert_eq!(
            field_code(upload_consent_form(
                &given(&[]),
                CLIENT,
                &theirs,
                &uploads,
                at(1)
            )),
            "file.invalid"
        );
        let none = |_: &str| None;
        let made_up = key(CLIENT, "made-up.pdf");
        assert_eq!(
            field_code(upload_consent_form(
                &given(&[]),
                CLIENT,
                &made_up,
                &none,
                at(1)
            )),
            "file.invalid"
        );
        assert_eq!(
            field_code(upload_consent_form(
                &given(&[]),
                CLIENT,
                " ",
                &uploads,
                at(1)
            )),
            "field.required"
        );
    }

    #[test]
    fn saving_the_health_assessment_references_its_payload_and_keeps_the_consent_to_share() {
        let answers = HealthAssessmentForm {
            reason: "Troubles du sommeil".into(),
            pregnancy: "not_applicable".into(),
            sleep: "poor".into(),
            stress: "high".into(),
            diet: "vegetarian".into(),
            share_with_experts: true,
            ..Default::default()
        }
        .parse()
        .unwrap();
        let reference = PayloadRef {
            subject: CLIENT,
            key: "clientfile.health.1".into(),
        };
        let events = save_health_assessment(&answers, reference.clone(), at(4));
        let file = given(&events);
        assert_eq!(file.health_assessment, Some(reference));
        assert!(file.share_with_experts);
        assert!(
            !file.consent_form_uploaded(),
            "answers are not the consent form"
        );
    }

    #[test]
    fn saving_the_general_information_references_its_payload() {
        let reference = PayloadRef {
            subject: CLIENT,
            key: "clientfile.general.1".into(),
        };
        let file = given(&save_general_info(reference.clone(), at(5)));
        assert_eq!(file.general_info, Some(reference));
    }

    #[test]
    fn numbers_are_checked_against_their_range() {
        assert_eq!(optional_range(None, 1, 5), Ok(None));
        assert_eq!(optional_range(Some(5), 1, 5), Ok(Some(5)));
        assert_eq!(
            optional_range(Some(6), 1, 5),
            Err(FieldError::new("number.out_of_range")
                .with("min", 1)
                .with("max", 5))
        );
    }
}
