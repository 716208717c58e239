//! Helpers of the booking tests: signed-in parties as Bearer tokens (so many
//! clients can act at once), an expert with a weekly schedule, slots.

use chrono::{DateTime, TimeDelta, Utc};
use domain::account::Role;
use domain::availability::{AvailabilityEvent, Timings};
use domain::client_file::ClientFileEvent;
use domain::codec;
use domain::values::{SessionDuration, TimeZone};
use reqwest::Method;
use serde_json::{Value, json};
use store::{AppendRequest, EventMetadata, ExpectedVersion, NewEvent, StreamAppend, StreamId};
use uuid::Uuid;

use crate::support::{Answer, ExpertProfile, Member, TestApp, unique_email};

/// A signed-in account and its Bearer token.
pub struct Party {
    pub member: Member,
    pub token: String,
}

impl Party {
    pub fn id(&self) -> Uuid {
        self.member.account_id
    }
}

pub async fn signed_in(app: &TestApp, member: Member) -> Party {
    let answer = app
        .bare(
            Method::POST,
            &format!("/api/{}/sign-in", member.role.area()),
        )
        .same_origin()
        .json(&json!({"email": member.email, "password": member.password}))
        .send()
        .await;
    answer.expect(200);
    let token = answer.token(platform::auth::cookie_name(member.role));
    Party { member, token }
}

/// Records the client's consent form as its own command would (that command
/// is another part's; here only booking's use of it matters).
pub async fn upload_consent(app: &TestApp, client_id: Uuid) {
    let event = ClientFileEvent::ConsentFormUploaded {
        file_key: format!("subjects/{client_id}/consent.pdf"),
        at: app.now(),
    };
    let (event_type, schema_version, payload) = codec::encode(&event);
    app.app
        .stores
        .events
        .append(AppendRequest {
            streams: vec![StreamAppend {
                stream: StreamId::new(domain::client_file::CATEGORY, client_id),
                expected: ExpectedVersion::Any,
                events: vec![NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type,
                    schema_version,
                    payload,
                    metadata: EventMetadata {
                        actor_id: Some(client_id),
                        actor_role: Some("client".into()),
                        correlation_id: Uuid::now_v7(),
                        causation_id: None,
                        recorded_at: app.now(),
                    },
                }],
            }],
            side_writes: vec![],
        })
        .await
        .expect("the consent form is recorded");
}

/// A registered client, signed in, with (or without) the consent form.
pub async fn client(app: &TestApp, consent: bool) -> Party {
    let member = app.register(Role::Client, &unique_email("client")).await;
    if consent {
        upload_consent(app, member.account_id).await;
    }
    signed_in(app, member).await
}

/// The weekly rules every test expert publishes (Paris time).
pub fn weekdays_rules() -> Value {
    let days = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ];
    Value::Array(
        days.iter()
            .flat_map(|d| {
                [
                    json!({"weekday": d, "start": "09:00", "end": "12:00"}),
                    // Overlaps the first: its slots start on the half hour
                    json!({"weekday": d, "start": "09:30", "end": "12:30"}),
                    json!({"weekday": d, "shift": "afternoon"}),
                ]
            })
            .collect(),
    )
}

/// An approved expert (Paris, 60-minute sessions, 60 €, free first
/// consultation) who published [`weekdays_rules`].
pub async fn expert(app: &TestApp) -> Party {
    let member = app
        .approved_expert(&ExpertProfile {
            given_name: "Nora",
            family_name: "Lemaire",
            price_minor: 6000,
            ..ExpertProfile::default()
        })
        .await;
    let expert = signed_in(app, member).await;
    let answer = send(
        app,
        &expert,
        Method::PUT,
        "/api/consultant/timings",
        &json!({"rules": weekdays_rules(), "days_off": []}),
    )
    .await;
    answer.expect(204);
    expert
}

/// The published 60-minute slot starts from `lead` ahead, for a week.
pub fn slots(app: &TestApp, lead: TimeDelta) -> Vec<DateTime<Utc>> {
    let rules: Vec<domain::availability::TimingRule> =
        serde_json::from_value(weekdays_rules()).expect("rules");
    let timings = Timings::default().evolve(&AvailabilityEvent::AvailabilitySet {
        rules,
        days_off: vec![],
        at: app.now(),
    });
    let from = app.now() + lead;
    timings
        .in_zone(TimeZone::parse("Europe/Paris").expect("a zone"))
        .slots(
            SessionDuration::parse(Some(60)).expect("60"),
            from,
            from + TimeDelta::days(7),
        )
        .into_iter()
        .map(|s| s.start)
        .collect()
}

pub async fn send(
    app: &TestApp,
    party: &Party,
    method: Method,
    path: &str,
    body: &Value,
) -> Answer {
    app.bare(method, path)
        .same_origin()
        .bearer(&party.token)
        .json(body)
        .send()
        .await
}

pub async fn book(
    app: &TestApp,
    client: &Party,
    expert: &Party,
    start: DateTime<Utc>,
    extra: Value,
) -> Answer {
    let mut body = json!({"consultant_id": expert.id(), "start": start});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    send(app, client, Method::POST, "/api/client/bookings", &body).await
}

/// The checkout page's quote of `start` with a typed `coupon`, once the read
/// models caught up with what was written.
pub async fn quote(
    app: &TestApp,
    client: &Party,
    expert: &Party,
    start: DateTime<Utc>,
    coupon: &str,
) -> Value {
    app.catch_up().await;
    let answer = app
        .bare(
            Method::GET,
            &format!(
                "/api/client/booking-quote?consultant_id={}&start={}&coupon={coupon}",
                expert.id(),
                start.timestamp()
            ),
        )
        .bearer(&client.token)
        .send()
        .await;
    answer.expect(200);
    answer.json()
}

/// Pays a held booking as the browser does: the booking's intent from
/// `…/payment`, the card given to the sandbox provider's own route (never to
/// the booking API), then `…/pay` with the intent. The first refusal on the
/// way is the answer.
pub async fn pay(app: &TestApp, client: &Party, booking_id: &str, card: &str) -> Answer {
    let started = start_payment(app, client, booking_id).await;
    if started.status != 200 {
        return started;
    }
    let intent = Intent::of(&started);
    intent.confirm(app, card).await.expect(200);
    intent.pay(app, client, booking_id).await
}

pub async fn start_payment(app: &TestApp, client: &Party, booking_id: &str) -> Answer {
    send(
        app,
        client,
        Method::POST,
        &format!("/api/client/bookings/{booking_id}/payment"),
        &json!({}),
    )
    .await
}

/// A booking's intent, as `…/payment` hands it to the browser.
pub struct Intent {
    pub id: String,
    pub client_secret: String,
}

impl Intent {
    pub fn of(started: &Answer) -> Intent {
        let body = started.json();
        Intent {
            id: body["intent_id"].as_str().expect("an intent id").to_owned(),
            client_secret: body["client_secret"]
                .as_str()
                .expect("a client secret")
                .to_owned(),
        }
    }

    /// The sandbox's card form: `{status, error_code, message}`.
    pub async fn confirm(&self, app: &TestApp, card: &str) -> Answer {
        app.post(&format!("/api/public/sandbox-payments/{}/confirm", self.id))
            .json(
                &json!({"client_secret": self.client_secret, "card_number": card,
                "exp_month": 12, "exp_year": 2040, "cvc": "123"}),
            )
            .send()
            .await
    }

    /// The sandbox's 3-D Secure page: `complete` or `fail`.
    pub async fn challenge(&self, app: &TestApp, outcome: &str) -> Answer {
        app.post(&format!(
            "/api/public/sandbox-payments/{}/challenge",
            self.id
        ))
        .json(&json!({"client_secret": self.client_secret, "outcome": outcome}))
        .send()
        .await
    }

    pub async fn pay(&self, app: &TestApp, client: &Party, booking_id: &str) -> Answer {
        send(
            app,
            client,
            Method::POST,
            &format!("/api/client/bookings/{booking_id}/pay"),
            &json!({"payment_intent": self.id}),
        )
        .await
    }
}

pub fn booking_id(answer: &Answer) -> String {
    answer.json()["booking_id"]
        .as_str()
        .expect("a booking id")
        .to_owned()
}
