//! Approved consultants for the directory tests, built fast: the account is
//! registered through the API, then the profile's events (details, a degree,
//! a certificate, submission, approval) are appended straight to the store,
//! as the profile commands would record them. Those commands are tested on
//! their own; here only what the directory does with the events matters.

use chrono::Utc;
use domain::account::{PayloadRef, Role};
use domain::codec;
use domain::consultant::ConsultantEvent;
use domain::values::{
    AwardYear, Currency, FileRef, LanguageCode, Money, SessionDuration, TimeZone,
};
use serde_json::json;
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, SideWrite, StreamAppend, StreamId,
};
use uuid::Uuid;

use super::{Member, TestApp, unique_email};

/// A PNG file's first bytes: enough for the type to be found from content.
pub const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";

/// What an approved expert shows in the directory.
#[derive(Clone, Debug, Default)]
pub struct ExpertProfile {
    pub given_name: &'static str,
    pub family_name: &'static str,
    pub bio: &'static str,
    pub expertise: &'static str,
    pub keywords: Vec<String>,
    pub disorders: Vec<String>,
    pub objectives: Vec<String>,
    pub specialisations: Vec<String>,
    pub languages: Vec<&'static str>,
    pub price_minor: i64,
}

fn ids(raw: &[String]) -> Vec<Uuid> {
    raw.iter()
        .map(|id| id.parse().expect("a reference id"))
        .collect()
}

impl TestApp {
    /// Registers a consultant and appends an approved profile for it
    /// directly to the store (see the module comment); the photo is stored.
    pub async fn approved_expert(&self, profile: &ExpertProfile) -> Member {
        let member = self
            .register(Role::Consultant, &unique_email("expert"))
            .await;
        let id = member.account_id;
        let now = self.now();
        let today = self.today();
        let file = |ext: &str, content_type: &str| FileRef {
            key: format!("{}{}.{ext}", FileRef::subject_prefix(id), Uuid::now_v7()),
            content_type: content_type.into(),
            size: PNG.len() as u64,
        };
        let photo = file("png", "image/png");
        self.app
            .files
            .put(&photo.key, PNG.to_vec())
            .await
            .expect("the photo is stored");
        let payload = |key: &str| PayloadRef {
            subject: id,
            key: key.into(),
        };
        let basic = json!({
            "title": "dr", "gender": "female", "given_name": profile.given_name,
            "family_name": profile.family_name, "phone": "+33612345678",
        });
        let texts = json!({
            "bio": profile.bio, "background": "Publications diverses.",
            "expertise": profile.expertise, "video_url": "https://video.example.org/intro",
        });
        let year = AwardYear::parse(Some(2012), today).expect("a year");
        let events = [
            ConsultantEvent::ProfileEditingStarted { at: now },
            ConsultantEvent::BasicProfileUpdated {
                profile: payload("basic"),
                spoken_languages: vec![LanguageCode::parse("fr").expect("fr")],
                timezone: TimeZone::parse("Europe/Paris").expect("a zone"),
                at: now,
            },
            ConsultantEvent::DegreeAdded {
                degree_id: Uuid::now_v7(),
                name: "Diplôme de naturopathie".into(),
                school: "École de Paris".into(),
                year,
                attachment: file("png", "image/png"),
                at: now,
            },
            ConsultantEvent::CertificateAdded {
                certificate_id: Uuid::now_v7(),
                name: "Certificat de sophrologie".into(),
                school: "Institut de Lyon".into(),
                year,
                number: Some(payload("certificate-number")),
                attachment: file("pdf", "application/pdf"),
                at: now,
            },
            ConsultantEvent::ProfileDetailsUpdated {
                texts: payload("texts"),
                keyword_ids: ids(&profile.keywords),
                objective_ids: ids(&profile.objectives),
                disorder_ids: ids(&profile.disorders),
                specialisation_ids: ids(&profile.specialisations),
                photo,
                resume: file("pdf", "application/pdf"),
                price: Money::new(profile.price_minor.max(1000), Currency::Eur),
                session_duration: SessionDuration::parse(Some(60)).expect("a duration"),
                languages: profile
                    .languages
                    .iter()
                    .map(|l| LanguageCode::parse(l).expect("a language"))
                    .collect(),
                first_consultation_free: true,
                at: now,
            },
            ConsultantEvent::ProfileSubmitted { at: now },
            ConsultantEvent::ProfileApproved { at: now },
        ];
        let metadata = EventMetadata {
            actor_id: Some(id),
            actor_role: Some("consultant".into()),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            recorded_at: Utc::now(),
        };
        let events = events
            .iter()
            .map(|event| {
                let (event_type, schema_version, payload) = codec::encode(event);
                NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type,
                    schema_version,
                    payload,
                    metadata: metadata.clone(),
                }
            })
            .collect();
        let put = |key: &str, value: String| SideWrite::PutPayload {
            subject: id,
            key: key.into(),
            value,
        };
        let request = AppendRequest {
            streams: vec![StreamAppend {
                stream: StreamId::new(domain::consultant::CATEGORY, id),
                expected: ExpectedVersion::Exact(0),
                events,
            }],
            side_writes: vec![
                put("basic", basic.to_string()),
                put("texts", texts.to_string()),
                put("certificate-number", "\"CERT-123\"".into()),
            ],
        };
        let appended = self
            .app
            .stores
            .events
            .append(request)
            .await
            .expect("the profile is appended");
        self.app.doorbell.ring();
        self.remember(appended.position);
        member
    }
}
