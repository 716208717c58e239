//! An [`EventStore`] that counts the projector's calls into the store and the
//! time spent in them, so a slow replay says where the time went.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use store::{
    AppendRequest, AppendResult, Credential, EventStore, Position, RecordedEvent, Result,
    SessionRecord, StreamId,
};
use uuid::Uuid;

#[derive(Default)]
pub struct Counter {
    calls: AtomicU64,
    nanos: AtomicU64,
}

impl Counter {
    fn record(&self, started: Instant) {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
        self.nanos.fetch_add(nanos, Ordering::Relaxed);
    }
    pub fn calls(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }
    pub fn time(&self) -> Duration {
        Duration::from_nanos(self.nanos.load(Ordering::Relaxed))
    }
}

pub struct Counted {
    inner: Arc<dyn EventStore>,
    pub read_all: Counter,
    pub payload: Counter,
    /// Every other call (none expected during a replay).
    pub other: Counter,
}

impl Counted {
    pub fn new(inner: Arc<dyn EventStore>) -> Self {
        Self {
            inner,
            read_all: Counter::default(),
            payload: Counter::default(),
            other: Counter::default(),
        }
    }
}

#[async_trait]
impl EventStore for Counted {
    async fn append(&self, request: AppendRequest) -> Result<AppendResult> {
        let t = Instant::now();
        let r = self.inner.append(request).await;
        self.other.record(t);
        r
    }

    async fn read_stream(&self, stream: &StreamId) -> Result<Vec<RecordedEvent>> {
        let t = Instant::now();
        let r = self.inner.read_stream(stream).await;
        self.other.record(t);
        r
    }

    async fn read_all(&self, after: Position, limit: usize) -> Result<Vec<RecordedEvent>> {
        let t = Instant::now();
        let r = self.inner.read_all(after, limit).await;
        self.read_all.record(t);
        r
    }

    async fn head(&self) -> Result<Position> {
        let t = Instant::now();
        let r = self.inner.head().await;
        self.other.record(t);
        r
    }

    async fn issued(&self, position: Position) -> Result<bool> {
        let t = Instant::now();
        let r = self.inner.issued(position).await;
        self.other.record(t);
        r
    }

    async fn event_position(&self, event_id: Uuid) -> Result<Option<Position>> {
        let t = Instant::now();
        let r = self.inner.event_position(event_id).await;
        self.other.record(t);
        r
    }

    async fn events_of_entity(
        &self,
        category: &str,
        entity_id: &str,
    ) -> Result<Vec<RecordedEvent>> {
        let t = Instant::now();
        let r = self.inner.events_of_entity(category, entity_id).await;
        self.other.record(t);
        r
    }

    async fn payload(&self, subject: Uuid, key: &str) -> Result<Option<String>> {
        let t = Instant::now();
        let r = self.inner.payload(subject, key).await;
        self.payload.record(t);
        r
    }

    /// Bulk lookups count as one call each (the projector asks in chunks).
    async fn payloads(&self, refs: &[(Uuid, String)]) -> Result<Vec<Option<String>>> {
        let t = Instant::now();
        let r = self.inner.payloads(refs).await;
        self.payload.record(t);
        r
    }

    async fn credential_by_login(&self, role: &str, login_key: &str) -> Result<Option<Credential>> {
        let t = Instant::now();
        let r = self.inner.credential_by_login(role, login_key).await;
        self.other.record(t);
        r
    }

    async fn credential(&self, account_id: Uuid) -> Result<Option<Credential>> {
        let t = Instant::now();
        let r = self.inner.credential(account_id).await;
        self.other.record(t);
        r
    }

    async fn session(&self, session_id: Uuid) -> Result<Option<SessionRecord>> {
        let t = Instant::now();
        let r = self.inner.session(session_id).await;
        self.other.record(t);
        r
    }
}
