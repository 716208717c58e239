//! The vocabulary of the event store: what is appended, what is read back.
//!
//! Payloads are kept as JSON text exactly as written (DESIGN §1 "known traps");
//! decoding and upcasting belong to `domain`, which knows the schemas.

use std::fmt;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// A stream name `{category}-{entity id}`, e.g. `account-0190…`.
/// Never carries personal data (guarantee 6): e-mails appear only as keyed hashes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct StreamId(String);

impl StreamId {
    pub fn new(category: &str, entity_id: impl fmt::Display) -> Self {
        debug_assert!(!category.contains('-'), "a category has no dash");
        Self(format!("{category}-{entity_id}"))
    }
    /// Rebuilds a stream id read back from storage.
    pub fn from_raw(raw: impl Into<String>) -> Self {
        Self(raw.into())
    }
    pub fn as_str(&self) -> &str {
        &self.0
    }
    pub fn category(&self) -> &str {
        self.0.split_once('-').map_or(self.0.as_str(), |(c, _)| c)
    }
    pub fn entity_id(&self) -> &str {
        self.0.split_once('-').map_or("", |(_, e)| e)
    }
}

impl fmt::Display for StreamId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What the writer believes the stream's version is (number of events in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpectedVersion {
    /// No check (used only for streams where order does not matter, e.g. audit).
    Any,
    /// The stream must hold exactly this many events; `Exact(0)` = must not exist.
    Exact(u64),
}

/// A point in the global order. On PostgreSQL `tx` is the appending transaction
/// id (readers only pass below the oldest running transaction); on SQLite,
/// where commits are serial, `tx == pos`. Ordered lexicographically.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Position {
    pub tx: i64,
    pub pos: i64,
}

impl Position {
    pub const START: Position = Position { tx: 0, pos: 0 };
}

impl fmt::Display for Position {
    /// `tx.pos`, the form used in `X-Event-Position` / `X-Min-Position` headers.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.tx, self.pos)
    }
}

impl std::str::FromStr for Position {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        let (tx, pos) = s.split_once('.').ok_or(())?;
        Ok(Position {
            tx: tx.parse().map_err(|_| ())?,
            pos: pos.parse().map_err(|_| ())?,
        })
    }
}

/// Who caused an event and why (guarantee 4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventMetadata {
    pub actor_id: Option<Uuid>,
    /// `client`, `consultant`, `admin` or `system`.
    pub actor_role: Option<String>,
    pub correlation_id: Uuid,
    pub causation_id: Option<Uuid>,
    pub recorded_at: DateTime<Utc>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewEvent {
    /// Unique; re-appending the same ids is a no-op (guarantee 2).
    pub event_id: Uuid,
    pub event_type: String,
    pub schema_version: i32,
    /// JSON text, stored as written.
    pub payload: String,
    pub metadata: EventMetadata,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamAppend {
    pub stream: StreamId,
    pub expected: ExpectedVersion,
    pub events: Vec<NewEvent>,
}

/// Rows written in the same transaction as the events (DESIGN §1 guarantee 6,
/// §2 sessions): they commit or roll back together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideWrite {
    /// Personal data, referenced from events as `(subject, key)`. Values are
    /// immutable per key so a rebuild reads what the live projection read.
    PutPayload {
        subject: Uuid,
        key: String,
        value: String,
    },
    /// Deletes every payload of the subject.
    ForgetSubject {
        subject: Uuid,
    },
    UpsertCredential(Credential),
    DeleteCredential {
        account_id: Uuid,
    },
    CreateSession(SessionRecord),
    RevokeSession {
        session_id: Uuid,
        at: DateTime<Utc>,
    },
    /// Revokes every open session of the account except `keep`.
    RevokeAccountSessions {
        account_id: Uuid,
        at: DateTime<Utc>,
        keep: Option<Uuid>,
    },
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AppendRequest {
    pub streams: Vec<StreamAppend>,
    pub side_writes: Vec<SideWrite>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppendResult {
    /// Position of the last event written (or found, for a repeated append).
    pub position: Position,
    /// True when every event id already existed: nothing was written.
    pub already_applied: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedEvent {
    pub position: Position,
    pub stream: StreamId,
    /// 1-based index of this event within its stream.
    pub stream_version: u64,
    pub event_id: Uuid,
    pub event_type: String,
    pub schema_version: i32,
    pub payload: String,
    pub metadata: EventMetadata,
}

/// Sign-in secret of one account; not an event (a hash must be erasable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Credential {
    pub account_id: Uuid,
    pub role: String,
    /// Keyed hash of the normalised e-mail, unique per role.
    pub login_key: String,
    pub password_hash: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRecord {
    pub session_id: Uuid,
    pub account_id: Uuid,
    pub role: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

impl SessionRecord {
    pub fn is_active(&self, now: DateTime<Utc>) -> bool {
        self.revoked_at.is_none() && now < self.expires_at
    }
}
