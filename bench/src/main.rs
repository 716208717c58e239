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
//! `BENCH_WRITERS` [8], `BENCH_SECONDS` [5] (per timed run),
//! `BENCH_ROUNDS` [3] (PostgreSQL 8-writer runs alternate with pgbench runs
//! this many times; the rebuild is timed this many times, best kept),
//! `BENCH_REPLAY_EVENTS` [100000],
//! `BENCH_PG_URL` [postgres://postgres@127.0.0.1:5432/postgres] (an admin
//! connection: scratch databases `eqbench_*` are created and dropped),
//! `BENCH_OUT` [unset] (also write the table to this file),
//! `BENCH_KEEP_DATABASES` [unset] (keep the scratch PostgreSQL databases),
//! `BENCH_SUITES` [store,directory,blog,bookings,desk,burst] (which parts run),
//! `BENCH_EXPERTS` [500] and `BENCH_CONNECTIONS` [32] (directory search:
//! experts seeded, concurrent connections; each endpoint for `BENCH_SECONDS`),
//! `BENCH_POSTS` [1000] (suite `blog`: published posts beside the experts;
//! the blog, rendered pages and the sitemap at `BENCH_CONNECTIONS`),
//! `BENCH_CONSULTANTS` [100] and `BENCH_CLIENTS` [16] (bookings, on each
//! backend: experts with schedules, clients booking at once; the free-slot query
//! runs at `BENCH_CONNECTIONS`; 50 more clients race for one slot),
//! `BENCH_DESK_BOOKINGS` [100000] and `BENCH_DESK_COMPLAINTS` [10000] (the
//! administrators' desk, PostgreSQL only: complaint list and dashboard at
//! `BENCH_CONNECTIONS`, memory of the bookings CSV export),
//! `BENCH_SIGN_INS` [500] (suite `burst`: parallel wrong sign-ins against
//! the server on SQLite; answers, process memory, the API meanwhile).

mod admin_desk;
mod blog;
mod bookings;
mod counted;
mod directory;
mod memory;
mod pg;
mod report;
mod runs;
mod sign_in_burst;
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
    rounds: usize,
    pg_admin_url: String,
    out: Option<String>,
    store_suite: bool,
    directory: Option<directory::Settings>,
    blog: Option<blog::Settings>,
    bookings: Option<bookings::Settings>,
    desk: Option<admin_desk::Settings>,
    burst: Option<sign_in_burst::Settings>,
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
        let suites = std::env::var("BENCH_SUITES")
            .unwrap_or_else(|_| "store,directory,blog,bookings,desk,burst".into())
            .to_lowercase();
        Ok(Config {
            sqlite: backends.contains("sqlite"),
            postgres: backends.contains("postgres") || backends.contains("pg"),
            single_appends: number("BENCH_SINGLE_APPENDS", 2000)?.max(1),
            writers: number("BENCH_WRITERS", 8)?.max(1),
            seconds: number("BENCH_SECONDS", 5)?.max(1) as u64,
            replay_events: number("BENCH_REPLAY_EVENTS", 100_000)?.max(1),
            rounds: number("BENCH_ROUNDS", 3)?.max(1),
            pg_admin_url: std::env::var("BENCH_PG_URL")
                .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into()),
            out: std::env::var("BENCH_OUT").ok(),
            store_suite: suites.contains("store"),
            directory: suites.contains("directory").then_some(directory::Settings {
                experts: number("BENCH_EXPERTS", 500)?.max(1),
                connections: number("BENCH_CONNECTIONS", 32)?.max(1),
                seconds: number("BENCH_SECONDS", 5)?.max(1) as u64,
            }),
            blog: suites.contains("blog").then_some(blog::Settings {
                experts: number("BENCH_EXPERTS", 500)?.max(1),
                posts: number("BENCH_POSTS", 1000)?.max(800),
                connections: number("BENCH_CONNECTIONS", 32)?.max(1),
                seconds: number("BENCH_SECONDS", 5)?.max(1) as u64,
            }),
            bookings: suites.contains("bookings").then_some(bookings::Settings {
                consultants: number("BENCH_CONSULTANTS", 100)?.max(1),
                clients: number("BENCH_CLIENTS", 16)?.max(1),
                connections: number("BENCH_CONNECTIONS", 32)?.max(1),
                seconds: number("BENCH_SECONDS", 5)?.max(1) as u64,
            }),
            burst: suites.contains("burst").then_some(sign_in_burst::Settings {
                sign_ins: number("BENCH_SIGN_INS", 500)?.max(1),
            }),
            desk: suites.contains("desk").then_some(admin_desk::Settings {
                bookings: number("BENCH_DESK_BOOKINGS", 100_000)?.max(1),
                complaints: number("BENCH_DESK_COMPLAINTS", 10_000)?.max(1),
                connections: number("BENCH_CONNECTIONS", 32)?.max(1),
                seconds: number("BENCH_SECONDS", 5)?.max(1) as u64,
            }),
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
        "single stream: {} appends · {} writers × {} s ({} rounds on PostgreSQL, alternating with pgbench) · replay: {} events (10% registrations with a payload, 90% sign-ins), best of {}",
        config.single_appends,
        config.writers,
        config.seconds,
        config.rounds,
        config.replay_events,
        config.rounds
    ));
    if config.postgres {
        report.line(format!(
            "PostgreSQL: {} (BENCH_PG_URL; `postgres://postgres@localhost/postgres?host=/var/run/postgresql` for the Unix socket)",
            pg::display_url(&config.pg_admin_url)
        ));
    }
    report.line(String::new());
    report.header();

    let mut failed = false;
    if config.store_suite
        && config.sqlite
        && let Err(e) = sqlite_suite(&config, &mut report).await
    {
        report.line(format!("sqlite: FAILED: {e:#}"));
        failed = true;
    }
    if config.store_suite && config.postgres {
        let mut scratch = pg::Scratch::new(&config.pg_admin_url);
        let result = postgres_suite(&config, &mut report, &mut scratch).await;
        scratch.drop_all().await;
        if let Err(e) = result {
            report.line(format!("postgres: FAILED: {e:#}"));
            failed = true;
        }
    }
    if let Some(settings) = &config.directory
        && let Err(e) = directory_suite(&config, settings, &mut report).await
    {
        report.line(format!("directory: FAILED: {e:#}"));
        failed = true;
    }
    if let Some(settings) = &config.blog
        && let Err(e) = blog_suite(&config, settings, &mut report).await
    {
        report.line(format!("blog: FAILED: {e:#}"));
        failed = true;
    }
    if let Some(settings) = &config.bookings
        && let Err(e) = bookings_suite(&config, settings, &mut report).await
    {
        report.line(format!("bookings: FAILED: {e:#}"));
        failed = true;
    }
    if let Some(settings) = &config.desk
        && config.postgres
        && let Err(e) = desk_suite(&config, settings, &mut report).await
    {
        report.line(format!("admin desk: FAILED: {e:#}"));
        failed = true;
    }
    if let Some(settings) = &config.burst {
        report.line(String::new());
        if let Err(e) = sign_in_burst::run(settings, &mut report).await {
            report.line(format!("sign-in burst: FAILED: {e:#}"));
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

/// The blog, rendered pages and the sitemap, SQLite then PostgreSQL (see [`blog`]).
async fn blog_suite(config: &Config, settings: &blog::Settings, report: &mut Report) -> Result<()> {
    report.line(String::new());
    report.line(format!(
        "blog and search engines: {} experts, {} posts, {} connections, {} s per endpoint",
        settings.experts, settings.posts, settings.connections, settings.seconds
    ));
    if config.sqlite {
        let dir = tempfile::tempdir()?;
        blog::run("sqlite", None, dir.path(), settings, report).await?;
    }
    if config.postgres {
        let dir = tempfile::tempdir()?;
        pg::with_pair(&config.pg_admin_url, "blog", async |urls| {
            blog::run("postgres", Some(urls), dir.path(), settings, report).await
        })
        .await?;
    }
    Ok(())
}

/// Directory search under load, SQLite then PostgreSQL (see [`directory`]).
async fn directory_suite(
    config: &Config,
    settings: &directory::Settings,
    report: &mut Report,
) -> Result<()> {
    report.line(String::new());
    report.line(format!(
        "directory search: {} approved experts, {} connections, {} s per endpoint",
        settings.experts, settings.connections, settings.seconds
    ));
    if config.sqlite {
        let dir = tempfile::tempdir()?;
        directory::run("sqlite", None, dir.path(), settings, report).await?;
    }
    if config.postgres {
        let dir = tempfile::tempdir()?;
        pg::with_pair(&config.pg_admin_url, "dir", async |urls| {
            directory::run("postgres", Some(urls), dir.path(), settings, report).await
        })
        .await?;
    }
    Ok(())
}

/// Bookings confirmed per second and the free-slot query, on each backend
/// (see [`bookings`]).
async fn bookings_suite(
    config: &Config,
    settings: &bookings::Settings,
    report: &mut Report,
) -> Result<()> {
    report.line(String::new());
    report.line(format!(
        "bookings: {} experts, {} clients booking for {} s; free slots at {} connections",
        settings.consultants, settings.clients, settings.seconds, settings.connections
    ));
    if config.sqlite {
        let dir = tempfile::tempdir()?;
        bookings::run("sqlite", None, dir.path(), settings, report).await?;
    }
    if !config.postgres {
        return Ok(());
    }
    let dir = tempfile::tempdir()?;
    pg::with_pair(&config.pg_admin_url, "book", async |urls| {
        bookings::run("postgres", Some(urls), dir.path(), settings, report).await
    })
    .await
}

/// The administrators' desk on PostgreSQL (see [`admin_desk`]).
async fn desk_suite(
    config: &Config,
    settings: &admin_desk::Settings,
    report: &mut Report,
) -> Result<()> {
    report.line(String::new());
    report.line(format!(
        "admin desk: {} bookings, {} complaints; reads at {} connections, {} s each",
        settings.bookings, settings.complaints, settings.connections, settings.seconds
    ));
    let dir = tempfile::tempdir()?;
    pg::with_pair(&config.pg_admin_url, "desk", async |urls| {
        admin_desk::run(urls, dir.path(), settings, report).await
    })
    .await
}

async fn sqlite_suite(config: &Config, report: &mut Report) -> Result<()> {
    let dir = tempfile::tempdir()?;
    let events_path = dir.path().join("events.db");
    let stores = store::connect(&events_path.to_string_lossy()).await?;
    single_stream_run("sqlite", config, stores.events.as_ref(), report).await?;
    let concurrent = runs::concurrent(
        stores.events.clone(),
        config.writers,
        Duration::from_secs(config.seconds),
    )
    .await?;
    report.measure(
        "sqlite",
        &format!("append, {} writers, own streams", config.writers),
        &concurrent,
        "1 event / append, exact version; one writer connection".into(),
    );
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
    let store = stores.events.clone();
    single_stream_run("postgres", config, store.as_ref(), report).await?;

    // Our writers and pgbench take turns, so that load from elsewhere on
    // the machine weighs on both alike.
    let payload_len = workload::typical_payload_len();
    let seconds = config.seconds;
    let writers = config.writers as u32;
    let mut ours = Vec::new();
    let mut theirs = Vec::new();
    for _ in 0..config.rounds {
        ours.push(
            runs::concurrent(store.clone(), config.writers, Duration::from_secs(seconds)).await?,
        );
        match pg::insert_rate(&url, writers, seconds, payload_len).await {
            Ok(run) => theirs.push(run),
            Err(e) => report.line(format!("postgres: pgbench {writers} clients FAILED: {e:#}")),
        }
    }
    let per_round: Vec<String> = ours
        .iter()
        .zip(&theirs)
        .map(|(o, t)| format!("{:.2}", o.rate() / t.tps))
        .collect();
    let ours = runs::Measure::merge(ours);
    report.measure(
        "postgres",
        &format!("append, {writers} writers, own streams"),
        &ours,
        format!("1 event / append, exact version; {} rounds", config.rounds),
    );
    if !theirs.is_empty() {
        let tps = theirs.iter().map(|r| r.tps).sum::<f64>() / theirs.len() as f64;
        let latency = theirs.iter().filter_map(|r| r.latency_ms).sum::<f64>() / theirs.len() as f64;
        report.row(
            "postgres",
            &format!("pgbench INSERT, {writers} clients"),
            theirs.iter().map(|r| r.transactions).sum(),
            Duration::from_secs(seconds * theirs.len() as u64),
            tps,
            Some(latency),
            None,
            "reference: 1 row / transaction; p50 = pgbench's average".into(),
        );
        let ratio = ours.rate() / tps;
        report.verdict(
            "postgres",
            &format!("{writers}-writer appends ÷ pgbench"),
            format!("{ratio:.2}"),
            format!(
                "≥ {PGBENCH_RATIO_BUDGET:.2} (rounds: {})",
                per_round.join(" ")
            ),
            Verdict::from(ratio >= PGBENCH_RATIO_BUDGET),
        );
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
    drop(store);
    drop(stores);

    let replay_url = scratch.create("replay").await?;
    let replay_store = store::connect(&replay_url).await?.events;
    // The read models live in the same database (READ_DATABASE_URL defaults
    // to DATABASE_URL on PostgreSQL).
    replay_runs("postgres", config, replay_store, &replay_url, 2, report).await
}

/// Row 1: one stream, one append after the other.
async fn single_stream_run(
    backend: &str,
    config: &Config,
    store: &dyn EventStore,
    report: &mut Report,
) -> Result<()> {
    let single = runs::single_stream(store, config.single_appends, SINGLE_STREAM_MAX).await?;
    report.measure(
        backend,
        "append, 1 stream, sequential",
        &single,
        "1 event / append, exact version".into(),
    );
    Ok(())
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
    // Best of a few rebuilds (each from scratch): the machine is shared.
    let mut rebuilds = Vec::new();
    for _ in 0..config.rounds {
        rebuilds.push(runs::replay(store.clone(), read_url, loaded.count).await?);
    }
    let rates: Vec<String> = rebuilds
        .iter()
        .map(|r| format!("{:.0}", r.measure.rate()))
        .collect();
    let replay = rebuilds
        .into_iter()
        .min_by_key(|r| r.measure.elapsed)
        .context("no rebuild")?;
    let rate = replay.measure.rate();
    report.measure(
        backend,
        "projector rebuild (replay)",
        &replay.measure,
        format!(
            "best of {}/s · read_all {}× {:.2} s · {} payload lookups, {:.0} µs avg (concurrent) · {} accounts",
            rates.join(", "),
            replay.read_all_calls,
            replay.read_all_time.as_secs_f64(),
            replay.payload_calls,
            replay.payload_time.as_secs_f64() * 1e6 / replay.payload_calls.max(1) as f64,
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
