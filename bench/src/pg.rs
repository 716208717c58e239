//! Scratch PostgreSQL databases and the pgbench reference.

use std::time::Duration;

use anyhow::{Context, Result, bail};
use sqlx::{Connection, PgConnection};

/// Scratch databases are named `eqbench_<unix seconds>_<random>`.
const PREFIX: &str = "eqbench_";

/// Databases created by this run, dropped by [`Scratch::drop_all`].
pub struct Scratch {
    admin_url: String,
    names: Vec<String>,
}

/// Runs `suite` on two fresh scratch databases (events, read models) named
/// after `name`, and drops them afterwards whatever the outcome.
pub async fn with_pair(
    admin_url: &str,
    name: &str,
    suite: impl AsyncFnOnce((String, String)) -> Result<()>,
) -> Result<()> {
    let mut scratch = Scratch::new(admin_url);
    let result = async {
        let events = scratch.create(&format!("{name}_events")).await?;
        let read = scratch.create(&format!("{name}_read")).await?;
        suite((events, read)).await
    }
    .await;
    scratch.drop_all().await;
    result
}

impl Scratch {
    pub fn new(admin_url: &str) -> Self {
        Self {
            admin_url: admin_url.to_owned(),
            names: Vec::new(),
        }
    }

    /// Creates an empty database and returns its URL.
    pub async fn create(&mut self, suffix: &str) -> Result<String> {
        let mut conn = PgConnection::connect(&self.admin_url)
            .await
            .with_context(|| format!("PostgreSQL is unreachable at {}", self.admin_url))?;
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_secs();
        let random = uuid::Uuid::new_v4().simple().to_string();
        let name = format!("{PREFIX}{secs}_{}_{suffix}", &random[..12]);
        sqlx::raw_sql(sqlx::AssertSqlSafe(format!("CREATE DATABASE \"{name}\"")))
            .execute(&mut conn)
            .await
            .with_context(|| format!("cannot create database {name}"))?;
        let _ = conn.close().await;
        self.names.push(name.clone());
        Ok(with_database(&self.admin_url, &name))
    }

    /// Drops every database this run created (closing their connections),
    /// unless `BENCH_KEEP_DATABASES` is set (to look into one afterwards).
    pub async fn drop_all(&mut self) {
        if self.names.is_empty() {
            return;
        }
        if std::env::var_os("BENCH_KEEP_DATABASES").is_some() {
            eprintln!("kept: {}", self.names.join(", "));
            self.names.clear();
            return;
        }
        let Ok(mut conn) = PgConnection::connect(&self.admin_url).await else {
            eprintln!("cannot reconnect to drop {:?}", self.names);
            return;
        };
        for name in self.names.drain(..) {
            if let Err(e) = sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
            )))
            .execute(&mut conn)
            .await
            {
                eprintln!("cannot drop database {name}: {e}");
            }
        }
        let _ = conn.close().await;
    }
}

/// `admin` with its database path replaced by `name` (query string kept).
pub fn with_database(admin: &str, name: &str) -> String {
    let (base, query) = match admin.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (admin, None),
    };
    let authority_start = base.find("://").map_or(0, |i| i + 3);
    let root = match base[authority_start..].find('/') {
        Some(i) => &base[..authority_start + i],
        None => base,
    };
    match query {
        Some(q) => format!("{root}/{name}?{q}"),
        None => format!("{root}/{name}"),
    }
}

/// The URL without its user and password, for printing.
pub fn display_url(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            format!("{}{}", &url[..scheme_end + 3], &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

pub struct PgbenchRun {
    pub tps: f64,
    pub transactions: u64,
    pub latency_ms: Option<f64>,
}

/// Runs pgbench with an INSERT-only script (one row per transaction, about
/// as wide as an event row, same kinds of indexes: identity primary key,
/// unique uuid, unique (stream, version)) against `url`.
pub async fn insert_rate(
    url: &str,
    clients: u32,
    seconds: u64,
    payload_len: usize,
) -> Result<PgbenchRun> {
    let mut conn = PgConnection::connect(url).await?;
    sqlx::raw_sql(
        "DROP TABLE IF EXISTS pgbench_events;
         CREATE TABLE pgbench_events (
             global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
             event_id uuid NOT NULL UNIQUE,
             stream_id text NOT NULL,
             stream_version bigint NOT NULL,
             event_type text NOT NULL,
             payload text NOT NULL,
             recorded_at timestamptz NOT NULL,
             UNIQUE (stream_id, stream_version)
         );",
    )
    .execute(&mut conn)
    .await?;
    let _ = conn.close().await;

    let dir = tempfile::tempdir()?;
    let script = dir.path().join("insert.sql");
    // One stream per row: the uniqueness index is exercised, never conflicts.
    std::fs::write(
        &script,
        format!(
            "INSERT INTO pgbench_events (event_id, stream_id, stream_version, event_type, payload, recorded_at) \
             VALUES (gen_random_uuid(), 'account-' || gen_random_uuid()::text, 1, 'SessionStarted', repeat('x', {payload_len}), now());\n"
        ),
    )?;
    let threads = clients.clamp(1, 2);
    let output = tokio::time::timeout(
        Duration::from_secs(seconds + 60),
        tokio::process::Command::new("pgbench")
            .arg("-n")
            .args(["-c", &clients.to_string()])
            .args(["-j", &threads.to_string()])
            .args(["-T", &seconds.to_string()])
            .arg("-f")
            .arg(&script)
            .arg(url)
            .output(),
    )
    .await
    .context("pgbench did not finish")?
    .context("cannot run pgbench (is it installed? apt-get install postgresql-client)")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        bail!(
            "pgbench failed: {}{}",
            stdout,
            String::from_utf8_lossy(&output.stderr)
        );
    }
    parse_pgbench(&stdout).with_context(|| format!("unexpected pgbench output:\n{stdout}"))
}

fn parse_pgbench(out: &str) -> Option<PgbenchRun> {
    let value_after = |prefix: &str| -> Option<&str> {
        out.lines()
            .find_map(|l| l.trim().strip_prefix(prefix))
            .map(str::trim)
    };
    let tps = value_after("tps = ")?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    let transactions = value_after("number of transactions actually processed:")
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let latency_ms = value_after("latency average =")
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok());
    Some(PgbenchRun {
        tps,
        transactions,
        latency_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_figures_of_pgbench_15() {
        let out = "transaction type: /tmp/insert.sql\nscaling factor: 1\nquery mode: simple\n\
                   number of clients: 8\nnumber of threads: 2\nmaximum number of tries: 1\n\
                   duration: 5 s\nnumber of transactions actually processed: 12345\n\
                   number of failed transactions: 0 (0.000%)\nlatency average = 3.241 ms\n\
                   initial connection time = 12.345 ms\ntps = 2468.123456 (without initial connection time)\n";
        let run = parse_pgbench(out).expect("parsed");
        assert!((run.tps - 2468.123456).abs() < 1e-9);
        assert_eq!(run.transactions, 12345);
        assert_eq!(run.latency_ms, Some(3.241));
    }

    #[test]
    fn the_printed_url_has_no_credentials() {
        assert_eq!(
            display_url("postgres://u:secret@127.0.0.1:5432/postgres"),
            "postgres://127.0.0.1:5432/postgres"
        );
        assert_eq!(display_url("postgres://h/db"), "postgres://h/db");
    }

    #[test]
    fn the_database_name_replaces_the_path() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/postgres", "x"),
            "postgres://postgres@127.0.0.1:5432/x"
        );
        assert_eq!(
            with_database("postgres://h/db?sslmode=disable", "x"),
            "postgres://h/x?sslmode=disable"
        );
    }
}
