//! Harness and builders shared by the cases.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, TimeZone, Utc};
use store::testing::{TempDir, TestPostgres, fresh_sqlite_path};
use store::{
    AppendRequest, EventMetadata, EventStore, ExpectedVersion, NewEvent, Position, ReactorStore,
    RecordedEvent, SideWrite, StreamAppend, StreamId, ThrottleStore,
};
use uuid::Uuid;

/// Both stores over one fresh database; the database goes away with it.
pub struct Harness {
    pub events: Arc<dyn EventStore>,
    pub reactor: Arc<dyn ReactorStore>,
    pub throttle: Arc<dyn ThrottleStore>,
    /// What `store::connect` was given, to open the same database again.
    pub url: String,
    _guard: Guard,
}

enum Guard {
    Sqlite(#[allow(dead_code)] TempDir),
    Postgres(#[allow(dead_code)] TestPostgres),
}

pub async fn sqlite() -> Harness {
    let (dir, path) = fresh_sqlite_path();
    let url = path.to_str().expect("utf-8 temp path").to_owned();
    open(url, Guard::Sqlite(dir)).await
}

pub async fn postgres() -> Harness {
    let db = TestPostgres::new().await;
    open(db.url.clone(), Guard::Postgres(db)).await
}

async fn open(url: String, guard: Guard) -> Harness {
    let stores = store::connect(&url).await.expect("connect and migrate");
    Harness {
        events: stores.events,
        reactor: stores.reactor,
        throttle: stores.throttle,
        url,
        _guard: guard,
    }
}

/// A fixed instant with microseconds, so stored times compare equal.
pub fn at(secs: i64) -> DateTime<Utc> {
    Utc.timestamp_opt(1_800_000_000 + secs, 123_456_000)
        .unwrap()
}

pub fn stream(category: &str) -> StreamId {
    StreamId::new(category, Uuid::now_v7())
}

pub fn event(event_type: &str) -> NewEvent {
    NewEvent {
        event_id: Uuid::now_v7(),
        event_type: event_type.to_owned(),
        schema_version: 1,
        payload: format!(r#"{{"type":"{event_type}"}}"#),
        metadata: EventMetadata {
            actor_id: None,
            actor_role: Some("system".to_owned()),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            recorded_at: at(0),
        },
    }
}

pub fn events(n: usize) -> Vec<NewEvent> {
    (0..n).map(|i| event(&format!("Happened{i}"))).collect()
}

pub fn to(stream: &StreamId, expected: ExpectedVersion, events: Vec<NewEvent>) -> StreamAppend {
    StreamAppend {
        stream: stream.clone(),
        expected,
        events,
    }
}

pub fn request(streams: Vec<StreamAppend>, side_writes: Vec<SideWrite>) -> AppendRequest {
    AppendRequest {
        streams,
        side_writes,
    }
}

pub fn ids(events: &[RecordedEvent]) -> Vec<Uuid> {
    events.iter().map(|e| e.event_id).collect()
}

/// On PostgreSQL a committed event stays hidden while any older transaction
/// of the cluster is open (other tests run beside us), so waits are bounded
/// loops, never sleeps of a guessed length.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// Follows `read_all` from `after` until `count` events were read; checks on
/// the way that positions strictly increase.
pub async fn read_until(
    store: &dyn EventStore,
    after: Position,
    count: usize,
) -> Vec<RecordedEvent> {
    let deadline = Instant::now() + PATIENCE;
    let mut seen: Vec<RecordedEvent> = Vec::new();
    let mut last = after;
    while seen.len() < count {
        let page = store.read_all(last, 100).await.expect("read_all");
        for e in page {
            assert!(e.position > last, "position {} after {}", e.position, last);
            last = e.position;
            seen.push(e);
        }
        if seen.len() < count {
            assert!(
                Instant::now() < deadline,
                "only {} of {count} events became readable",
                seen.len()
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    seen
}

/// Waits until `head()` has reached `position`.
pub async fn wait_for_head(store: &dyn EventStore, position: Position) -> Position {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let head = store.head().await.expect("head");
        if head >= position {
            return head;
        }
        assert!(
            Instant::now() < deadline,
            "head {head} never reached {position}"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}
