//! Throughput checks against the DESIGN budgets; ignored by default (timing
//! depends on the machine). Run in release:
//! `cargo test --release -p store --test throughput -- --ignored --nocapture`

use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::Utc;
use store::ExpectedVersion::Exact;
use store::testing::{TestPostgres, fresh_sqlite_path};
use store::{AppendRequest, EventMetadata, EventStore, NewEvent, Position, StreamAppend, StreamId};
use uuid::Uuid;

fn event() -> NewEvent {
    NewEvent {
        event_id: Uuid::now_v7(),
        event_type: "Happened".into(),
        schema_version: 1,
        payload: r#"{"type":"Happened","n":1}"#.into(),
        metadata: EventMetadata {
            actor_id: Some(Uuid::now_v7()),
            actor_role: Some("client".into()),
            correlation_id: Uuid::now_v7(),
            causation_id: None,
            recorded_at: store::truncate_micros(Utc::now()),
        },
    }
}

fn append(stream: &StreamId, version: u64, n: usize) -> AppendRequest {
    AppendRequest {
        streams: vec![StreamAppend {
            stream: stream.clone(),
            expected: Exact(version),
            events: (0..n).map(|_| event()).collect(),
        }],
        side_writes: vec![],
    }
}

/// Appends of one event by `writers` concurrent writers, each to its own streams.
async fn append_rate(store: Arc<dyn EventStore>, writers: usize, duration: Duration) -> f64 {
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..writers {
        let store = Arc::clone(&store);
        tasks.push(tokio::spawn(async move {
            let mut count = 0u64;
            while start.elapsed() < duration {
                let stream = StreamId::new("bench", Uuid::now_v7());
                for version in 0..10 {
                    store.append(append(&stream, version, 1)).await.unwrap();
                    count += 1;
                }
            }
            count
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.unwrap();
    }
    total as f64 / start.elapsed().as_secs_f64()
}

/// Writes `n` more events in batches, then reads the whole log back in pages of 1000.
async fn replay_rate(store: Arc<dyn EventStore>, n: usize) -> f64 {
    let before = store.head().await.unwrap();
    let mut last = before;
    for _ in 0..n / 500 {
        last = store
            .append(append(&StreamId::new("bench", Uuid::now_v7()), 0, 500))
            .await
            .unwrap()
            .position;
    }
    // Wait until everything is readable (PostgreSQL: below the xmin horizon).
    while store.head().await.unwrap() < last {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let start = Instant::now();
    let (mut after, mut read) = (Position::START, 0);
    loop {
        let page = store.read_all(after, 1000).await.unwrap();
        let Some(last) = page.last() else { break };
        after = last.position;
        read += page.len();
    }
    assert!(read >= n && after == last && before < last);
    read as f64 / start.elapsed().as_secs_f64()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "throughput measurement; run in release with --ignored --nocapture"]
async fn postgres_throughput() {
    let db = TestPostgres::new().await;
    let stores = store::connect(&db.url).await.unwrap();
    let rate = append_rate(stores.events.clone(), 8, Duration::from_secs(10)).await;
    println!("postgres: 8 writers, {rate:.0} appends/s");
    let replay = replay_rate(stores.events, 100_000).await;
    println!("postgres: replay {replay:.0} events/s");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "throughput measurement; run in release with --ignored --nocapture"]
async fn sqlite_throughput() {
    let (_dir, path) = fresh_sqlite_path();
    let stores = store::connect(path.to_str().unwrap()).await.unwrap();
    let rate = append_rate(stores.events.clone(), 8, Duration::from_secs(10)).await;
    println!("sqlite: 8 writers, {rate:.0} appends/s");
    let replay = replay_rate(stores.events, 100_000).await;
    println!("sqlite: replay {replay:.0} events/s");
}
