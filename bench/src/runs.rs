//! The measurements themselves, the same for both backends.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, ensure};
use projector::{Projector, ReadDb};
use store::EventStore;
use tokio::sync::Barrier;
use uuid::Uuid;

use crate::counted::Counted;
use crate::workload::{self, EVENTS_PER_ACCOUNT};

/// Appends counted over a wall-clock interval, with per-append latencies.
pub struct Measure {
    pub count: u64,
    pub elapsed: Duration,
    latencies: Vec<Duration>,
}

impl Measure {
    pub fn rate(&self) -> f64 {
        self.count as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Several runs taken as one (counts, times and latencies added up).
    pub fn merge(runs: Vec<Measure>) -> Measure {
        let mut all = Measure {
            count: 0,
            elapsed: Duration::ZERO,
            latencies: Vec::new(),
        };
        for run in runs {
            all.count += run.count;
            all.elapsed += run.elapsed;
            all.latencies.extend(run.latencies);
        }
        all
    }

    /// The `q`-quantile of the append latencies, in milliseconds.
    pub fn quantile_ms(&self, q: f64) -> Option<f64> {
        if self.latencies.is_empty() {
            return None;
        }
        let mut sorted = self.latencies.clone();
        sorted.sort_unstable();
        let index = ((sorted.len() - 1) as f64 * q).round() as usize;
        Some(sorted[index].as_secs_f64() * 1000.0)
    }
}

/// `n` appends of one event each to one stream, one after the other, each
/// with the exact expected version. Stops early after `max_time`.
pub async fn single_stream(
    store: &dyn EventStore,
    n: usize,
    max_time: Duration,
) -> Result<Measure> {
    let account = Uuid::now_v7();
    let stream = workload::account_stream(account);
    // Create the stream and warm the connection outside the timing.
    store
        .append(workload::single(
            stream.clone(),
            0,
            workload::session_started(account, 0),
        ))
        .await?;
    let mut latencies = Vec::with_capacity(n);
    let started = Instant::now();
    for version in 1..=n as u64 {
        let request = workload::single(
            stream.clone(),
            version,
            workload::session_started(account, version),
        );
        let t = Instant::now();
        store
            .append(request)
            .await
            .context("single-stream append")?;
        latencies.push(t.elapsed());
        if started.elapsed() >= max_time {
            break;
        }
    }
    Ok(Measure {
        count: latencies.len() as u64,
        elapsed: started.elapsed(),
        latencies,
    })
}

/// `writers` tasks appending for `duration`, each one event at a time to a
/// stream of its own (exact expected version), all at once.
pub async fn concurrent(
    store: Arc<dyn EventStore>,
    writers: usize,
    duration: Duration,
) -> Result<Measure> {
    let barrier = Arc::new(Barrier::new(writers + 1));
    let mut tasks = Vec::with_capacity(writers);
    for _ in 0..writers {
        let store = store.clone();
        let barrier = barrier.clone();
        tasks.push(tokio::spawn(async move {
            let account = Uuid::now_v7();
            let stream = workload::account_stream(account);
            // First append (creates the stream, opens a connection) untimed.
            store
                .append(workload::single(
                    stream.clone(),
                    0,
                    workload::session_started(account, 0),
                ))
                .await?;
            barrier.wait().await;
            let deadline = Instant::now() + duration;
            let mut latencies = Vec::new();
            let mut version = 1;
            while Instant::now() < deadline {
                let request = workload::single(
                    stream.clone(),
                    version,
                    workload::session_started(account, version),
                );
                let t = Instant::now();
                store.append(request).await?;
                latencies.push(t.elapsed());
                version += 1;
            }
            anyhow::Ok(latencies)
        }));
    }
    barrier.wait().await;
    let started = Instant::now();
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await.context("writer task")??);
    }
    Ok(Measure {
        count: latencies.len() as u64,
        elapsed: started.elapsed(),
        latencies,
    })
}

/// Fills a store with at least `events` account events (10% registrations
/// with their payloads, 90% sign-ins), `accounts_per_append` accounts per
/// atomic append, `loaders` appends in flight. Returns the event count.
pub async fn load(
    store: Arc<dyn EventStore>,
    events: usize,
    accounts_per_append: usize,
    loaders: usize,
) -> Result<Measure> {
    let accounts = events.div_ceil(EVENTS_PER_ACCOUNT);
    let batches = accounts.div_ceil(accounts_per_append);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for loader in 0..loaders {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut written = 0_u64;
            for batch in (loader..batches).step_by(loaders) {
                let first = batch * accounts_per_append;
                let size = accounts_per_append.min(accounts - first);
                let request = workload::replay_batch(size, first as u64);
                store
                    .append(request)
                    .await
                    .context("loading the replay data")?;
                written += (size * EVENTS_PER_ACCOUNT) as u64;
            }
            anyhow::Ok(written)
        }));
    }
    let mut count = 0;
    for task in tasks {
        count += task.await.context("loader task")??;
    }
    Ok(Measure {
        count,
        elapsed: started.elapsed(),
        latencies: Vec::new(),
    })
}

pub struct Replay {
    pub measure: Measure,
    pub read_all_calls: u64,
    pub read_all_time: Duration,
    pub payload_calls: u64,
    pub payload_time: Duration,
    pub accounts_rows: i64,
}

/// Times `Projector::rebuild` of the read models at `read_url` from `store`.
pub async fn replay(store: Arc<dyn EventStore>, read_url: &str, expected: u64) -> Result<Replay> {
    let counted = Arc::new(Counted::new(store));
    let read = ReadDb::connect(read_url)
        .await
        .context("opening the read models")?;
    let projector = Projector::new(counted.clone(), read.clone());
    let started = Instant::now();
    let applied = projector.rebuild().await.context("rebuild")?;
    let elapsed = started.elapsed();
    ensure!(
        applied as u64 == expected,
        "the rebuild applied {applied} events, {expected} were appended"
    );
    let accounts_rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rm_accounts")
        .fetch_one(&read.pool)
        .await?;
    read.pool.close().await;
    Ok(Replay {
        measure: Measure {
            count: applied as u64,
            elapsed,
            latencies: Vec::new(),
        },
        read_all_calls: counted.read_all.calls(),
        read_all_time: counted.read_all.time(),
        payload_calls: counted.payload.calls(),
        payload_time: counted.payload.time(),
        accounts_rows,
    })
}
