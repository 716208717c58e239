//! The one error type of the store. Messages carry ids and roles only, never
//! personal data (DESIGN §1 guarantee 6).

use uuid::Uuid;

use crate::{ExpectedVersion, StreamId};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A stream was not at the expected version; nothing was written.
    #[error("stream {stream} is at version {actual}, expected {expected:?}")]
    Conflict {
        stream: StreamId,
        expected: ExpectedVersion,
        actual: u64,
    },
    /// Some (not all) event ids of the append already exist, or one id appears
    /// twice in the request; nothing was written.
    #[error("event {0} already exists or is repeated in the append")]
    DuplicateEvent(Uuid),
    /// `UpsertCredential` hit another account's (role, login_key); nothing was written.
    #[error("the login is already taken for role {role}")]
    LoginTaken { role: String },
    /// `PutPayload` with a different value for an existing key (values are immutable).
    #[error("payload {key} of subject {subject} already holds another value")]
    PayloadChanged { subject: Uuid, key: String },
    /// The request itself is malformed (e.g. the same stream twice).
    #[error("invalid append: {0}")]
    InvalidRequest(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A stored row could not be decoded (bad uuid, timestamp out of range…).
    #[error("corrupt row: {0}")]
    Corrupt(String),
}

impl StoreError {
    /// True for a database unique violation (any backend).
    pub(crate) fn is_unique_violation(&self) -> bool {
        matches!(self, StoreError::Database(sqlx::Error::Database(e)) if e.is_unique_violation())
    }

    /// The violated constraint's name (PostgreSQL) or the message naming the
    /// columns (SQLite, e.g. `UNIQUE constraint failed: events.event_id`).
    pub(crate) fn violation_detail(&self) -> String {
        match self {
            StoreError::Database(sqlx::Error::Database(e)) => e
                .constraint()
                .map_or_else(|| e.message().to_owned(), str::to_owned),
            _ => String::new(),
        }
    }
}
