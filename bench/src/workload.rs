//! Realistic events: what the command API appends for accounts.

use chrono::{DateTime, Duration, TimeZone as _, Utc};
use domain::account::{AccountEvent, PayloadRef, Role};
use domain::codec;
use domain::values::{Language, TimeZone};
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, SideWrite, StreamAppend, StreamId,
    truncate_micros,
};
use uuid::Uuid;

/// Every account stream of the replay data set holds one registration and
/// this many sign-ins: 10% of the events need a payload lookup.
pub const SIGN_INS_PER_ACCOUNT: usize = 9;
pub const EVENTS_PER_ACCOUNT: usize = 1 + SIGN_INS_PER_ACCOUNT;
const PROFILE_KEY: &str = "profile";

fn base_time() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 5, 9, 0, 0)
        .single()
        .expect("a valid date")
}

pub fn account_stream(account: Uuid) -> StreamId {
    StreamId::new(domain::account::ACCOUNT_CATEGORY, account)
}

fn metadata(actor: Uuid) -> EventMetadata {
    EventMetadata {
        actor_id: Some(actor),
        actor_role: Some(Role::Client.as_str().to_owned()),
        correlation_id: Uuid::now_v7(),
        causation_id: None,
        recorded_at: truncate_micros(Utc::now()),
    }
}

fn new_event(actor: Uuid, event: &AccountEvent) -> NewEvent {
    let (event_type, schema_version, payload) = codec::encode(event);
    NewEvent {
        event_id: Uuid::now_v7(),
        event_type,
        schema_version,
        payload,
        metadata: metadata(actor),
    }
}

/// A sign-in of `account`, the `n`-th one (times move forward with `n`).
pub fn session_started(account: Uuid, n: u64) -> NewEvent {
    let at = base_time() + Duration::seconds(i64::try_from(n).unwrap_or(i64::MAX / 2));
    new_event(
        account,
        &AccountEvent::SessionStarted {
            session_id: Uuid::now_v7(),
            at,
            expires_at: at + Duration::days(7),
        },
    )
}

/// A client's registration and the personal-data payload it references.
pub fn account_registered(account: Uuid, n: u64) -> (NewEvent, SideWrite) {
    let registered_at = base_time() + Duration::seconds(i64::try_from(n).unwrap_or(0));
    let event = new_event(
        account,
        &AccountEvent::AccountRegistered {
            account_id: account,
            role: Role::Client,
            login_key: format!("{:064x}", account.as_u128()),
            profile: PayloadRef {
                subject: account,
                key: PROFILE_KEY.to_owned(),
            },
            language: Language::Fr,
            timezone: TimeZone::parse("Europe/Paris").ok(),
            terms_version: Some(domain::account::TERMS_VERSION.to_owned()),
            privacy_version: Some(domain::account::PRIVACY_VERSION.to_owned()),
            registered_at,
        },
    );
    let profile = serde_json::json!({
        "title": "mrs",
        "gender": "female",
        "family_name": "Martin",
        "given_name": format!("Camille {n}"),
        "date_of_birth": "1988-04-12",
        "email": format!("camille.{n}@example.org"),
        "preferred_contact": "email",
        "phone": "+33612345678",
        "alternative_phone": null,
        "whatsapp": null,
        "correspondence_language": "fr",
        "spoken_languages": ["fr", "en"],
        "country_of_residence": "FR",
        "nationality": "FR",
        "timezone": "Europe/Paris",
        "profession": null,
        "years_of_experience": null,
    });
    let payload = SideWrite::PutPayload {
        subject: account,
        key: PROFILE_KEY.to_owned(),
        value: profile.to_string(),
    };
    (event, payload)
}

/// One event appended to one stream whose version is `expected`.
pub fn single(stream: StreamId, expected: u64, event: NewEvent) -> AppendRequest {
    AppendRequest {
        streams: vec![StreamAppend {
            stream,
            expected: ExpectedVersion::Exact(expected),
            events: vec![event],
        }],
        side_writes: Vec::new(),
    }
}

/// `accounts` new account streams, each with a registration (and its
/// payload) followed by its sign-ins, in one atomic append.
pub fn replay_batch(accounts: usize, first: u64) -> AppendRequest {
    let mut request = AppendRequest::default();
    for i in 0..accounts {
        let n = first + i as u64;
        let account = Uuid::now_v7();
        let (registered, payload) = account_registered(account, n);
        let mut events = Vec::with_capacity(EVENTS_PER_ACCOUNT);
        events.push(registered);
        for k in 0..SIGN_INS_PER_ACCOUNT as u64 {
            events.push(session_started(
                account,
                n * 100 + k, // distinct, increasing times per account
            ));
        }
        request.streams.push(StreamAppend {
            stream: account_stream(account),
            expected: ExpectedVersion::Exact(0),
            events,
        });
        request.side_writes.push(payload);
    }
    request
}

/// Byte length of a typical sign-in event payload (for the pgbench row).
pub fn typical_payload_len() -> usize {
    session_started(Uuid::now_v7(), 0).payload.len()
}
