//! `cargo run --release -p bench` (`make bench`): append throughput of the
//! event store and replay throughput of the projector, on SQLite and on
//! PostgreSQL, beside pgbench's insert rate on the same machine. It prints
//! figures and the budgets they are measured against; it asserts nothing.
//!
//! Budgets (the lead's note): PostgreSQL appends with 8 writers at ≥ 50% of
//! pgbench's single-row INSERT rate with 8 clients; projector replay
//! ≥ 50,000 events/s.
//!
//! Sizes come from the environment (defaults in brackets):
//! `BENCH_BACKENDS` [sqlite,postgres], `BENCH_SINGLE_APPENDS` [2000],
//! `BENCH_WRITERS` [8], `BENCH_SECONDS` [5], `BENCH_REPLAY_EVENTS` [100000],
//! `BENCH_PG_URL` [postgres://postgres@127.0.0.1:5432/postgres] (an admin
//! connection: scratch databases `eqbench_*` are created and dropped),
//! `BENCH_OUT` [unset] (also write the table to this file).

mod counted;
mod pg;
mod report;
mod runs;
mod workload;

use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use store::EventStore;

use report::{Report, Verdict};

const REPLAY_BUDGET: f64 = 50_000.0;
const PGBENCH_RATIO_BUDGET: f64 = 0.5;
/// The single-stream run stops after this long even if N is not reached.
const SINGLE_STREAM_MAX: Duration = Duration::from_secs(15);

struct Config {
    sqlite: bool,
    postgres: bool,
    single_appends: usize,
    writers: usize,
    seconds: u64,
    replay_events: usize,
    pg_admin_url: String,
    out: Option<String>,
}

impl Config {
    fn from_env() -> Result<Config> {
        fn number(name: &str, default: usize) -> Result<usize> {
            match std::env::var(name) {
                Ok(v) => v
                    .trim()
                    .replace('_', "")
                    .parse()
                    .with_context(|| format!("{name}={v} is not a number")),
                Err(_) => Ok(default),
            }
        }
        let backends = std::env::var("BENCH_BACKENDS")
            .unwrap_or_else(|_| "sqlite,postgres".into())
            .to_lowercase();
        Ok(Config {
            sqlite: backends.contains("sqlite"),
            postgres: backends.contains("postgres") || backends.contains("pg"),
            single_appends: number("BENCH_SINGLE_APPENDS", 2000)?.max(1),
            writers: number("BENCH_WRITERS", 8)?.max(1),
            seconds: number("BENCH_SECONDS", 5)?.max(1) as u64,
            replay_events: number("BENCH_REPLAY_EVENTS", 100_000)?.max(1),
            pg_admin_url: std::env::var("BENCH_PG_URL")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into()),
            out: std::env::var("BENCH_OUT").ok(),
        })
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("bench: {e:#}");
            return ExitCode::FAILURE;
        }
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut report = Report::default();
    report.line(format!(
        "Equilibre benchmark — {cores} cores, {} build; figures only, nothing is asserted.",
        if cfg!(debug_assertions) {
            "DEBUG (use --release)"
        } else {
            "release"
        }
    ));
    report.line(format!(
        "single stream: {} appends · {} writers × {} s · replay: {} events (10% registrations with a payload, 90% sign-ins)",
        config.single_appends, config.writers, config.seconds, config.replay_events
    ));
    report.line(String::new());
    report.header();

    let mut failed = false;
    if config.sqlite
        && let Err(e) = sqlite_suite(&config, &mut report).await
    {
        report.line(format!("sqlite: FAILED: {e:#}"));
        failed = true;
    }
    if config.postgres {
        let mut scratch = pg::Scratch::new(&config.pg_admin_url);
        let result = postgres_suite(&config, &mut report, &mut scratch).await;
        scratch.drop_all().await;
        if let Err(e) = result {
            report.line(format!("postgres: FAILED: {e:#}"));
            failed = true;
        }
    }
    report.summary();
    if let Some(path) = &config.out
        && let Err(e) = report.write_to(path)
    {
        eprintln!("bench: cannot write {path}: {e}");
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

async fn sqlite_suite(config: &Config, report: &mut Report) -> Result<()> {
    let dir = tempfile::tempdir()?;
    let events_path = dir.path().join("events.db");
    let stores = store::connect(&events_path.to_string_lossy()).await?;
    append_runs("sqlite", config, stores.events.clone(), report).await?;
    drop(stores);

    // Replay on a store of its own, into a read-model file of its own.
    let replay_path = dir.path().join("replay-events.db");
    let replay_store = store::connect(&replay_path.to_string_lossy()).await?.events;
    let read_path = dir.path().join("read.db");
    replay_runs(
        "sqlite",
        config,
        replay_store,
        &read_path.to_string_lossy(),
        1,
        report,
    )
    .await
}

async fn postgres_suite(
    config: &Config,
    report: &mut Report,
    scratch: &mut pg::Scratch,
) -> Result<()> {
    let url = scratch.create("appends").await?;
    let stores = store::connect(&url).await?;
    let concurrent = append_runs("postgres", config, stores.events.clone(), report).await?;
    drop(stores);

    let payload_len = workload::typical_payload_len();
    let seconds = config.seconds;
    let writers = config.writers as u32;
    match pg::insert_rate(&url, writers, seconds, payload_len).await {
        Ok(run) => {
            report.row(
                "postgres",
                &format!("pgbench INSERT, {writers} clients"),
                run.transactions,
                Duration::from_secs(seconds),
                run.tps,
                run.latency_ms,
                None,
                "reference: 1 row / transaction".into(),
            );
            let ratio = concurrent.rate() / run.tps;
            report.verdict(
                "postgres",
                &format!("{writers}-writer appends ÷ pgbench"),
                format!("{ratio:.2}"),
                format!("≥ {PGBENCH_RATIO_BUDGET:.2}"),
                Verdict::from(ratio >= PGBENCH_RATIO_BUDGET),
            );
        }
        Err(e) => report.line(format!("postgres: pgbench {writers} clients FAILED: {e:#}")),
    }
    match pg::insert_rate(&url, 1, seconds, payload_len).await {
        Ok(run) => report.row(
            "postgres",
            "pgbench INSERT, 1 client",
            run.transactions,
            Duration::from_secs(seconds),
            run.tps,
            run.latency_ms,
            None,
            "reference for the 1-stream row".into(),
        ),
        Err(e) => report.line(format!("postgres: pgbench 1 client FAILED: {e:#}")),
    }

    let replay_url = scratch.create("replay").await?;
    let replay_store = store::connect(&replay_url).await?.events;
    // The read models live in the same database (READ_DATABASE_URL defaults
    // to DATABASE_URL on PostgreSQL).
    replay_runs("postgres", config, replay_store, &replay_url, 2, report).await
}

/// Rows 1 and 2; returns the concurrent measure for the pgbench ratio.
async fn append_runs(
    backend: &str,
    config: &Config,
    store: Arc<dyn EventStore>,
    report: &mut Report,
) -> Result<runs::Measure> {
    let single =
        runs::single_stream(store.as_ref(), config.single_appends, SINGLE_STREAM_MAX).await?;
    report.measure(
        backend,
        "append, 1 stream, sequential",
        &single,
        "1 event / append, exact version".into(),
    );
    let concurrent =
        runs::concurrent(store, config.writers, Duration::from_secs(config.seconds)).await?;
    report.measure(
        backend,
        &format!("append, {} writers, own streams", config.writers),
        &concurrent,
        "1 event / append, exact version".into(),
    );
    Ok(concurrent)
}

/// Row 4: load the replay data set, then time a rebuild.
async fn replay_runs(
    backend: &str,
    config: &Config,
    store: Arc<dyn EventStore>,
    read_url: &str,
    loaders: usize,
    report: &mut Report,
) -> Result<()> {
    let loaded = runs::load(store.clone(), config.replay_events, 100, loaders).await?;
    report.measure(
        backend,
        "load replay data (batched appends)",
        &loaded,
        "100 accounts × 10 events / append".into(),
    );
    let replay = runs::replay(store, read_url, loaded.count).await?;
    let rate = replay.measure.rate();
    report.measure(
        backend,
        "projector rebuild (replay)",
        &replay.measure,
        format!(
            "read_all {}× {:.2} s · payload {}× {:.2} s · rest {:.2} s · {} accounts",
            replay.read_all_calls,
            replay.read_all_time.as_secs_f64(),
            replay.payload_calls,
            replay.payload_time.as_secs_f64(),
            (replay
                .measure
                .elapsed
                .saturating_sub(replay.read_all_time + replay.payload_time))
            .as_secs_f64(),
            replay.accounts_rows,
        ),
    );
    report.verdict(
        backend,
        "replay events/s vs budget",
        format!("{rate:.0}"),
        format!("≥ {REPLAY_BUDGET:.0}"),
        Verdict::from(rate >= REPLAY_BUDGET),
    );
    Ok(())
}
