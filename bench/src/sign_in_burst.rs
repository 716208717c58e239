//! A burst of parallel sign-ins with a wrong password against the whole
//! server on SQLite (issue 11: each check is an argon2id hash of 19 MiB):
//! how they were answered (401 checked, 503 `server_busy` refused at once),
//! the process's resident set before, at its peak and after, and how the
//! rest of the API answered meanwhile (`GET /api/public/web-settings`, one
//! request at a time). Figures only.

use std::time::{Duration, Instant};

use anyhow::Result;
use command_api::accounts::admin::{NewAdmin, create_admin};
use platform::clock::SystemClock;
use platform::config::{Config, RateLimits};
use serde_json::json;

use crate::memory::{proc_kb, reset_peak};
use crate::report::{Report, Verdict};

pub struct Settings {
    pub sign_ins: usize,
}

const PASSWORD: &str = "bench-admin-long-passphrase";
/// The memory budget: the server stays under it through any burst.
const MEMORY_BUDGET_MB: f64 = 256.0;

/// The server on SQLite with `limits`, an administrator whose sign-ins the
/// burst tries, and its base URL.
async fn start(
    limits: RateLimits,
) -> Result<(
    tempfile::TempDir,
    String,
    tokio::task::JoinHandle<std::io::Result<()>>,
)> {
    let dir = tempfile::tempdir()?;
    let mut config = Config::for_tests(dir.path());
    config.limits = limits;
    let app = equilibre::App::open_with(config, SystemClock::shared()).await?;
    create_admin(
        &app.command_state,
        NewAdmin {
            email: EMAIL.into(),
            password: PASSWORD.into(),
            given_name: "Bea".into(),
            family_name: "Burst".into(),
        },
    )
    .await
    .map_err(|e| anyhow::anyhow!(equilibre::describe(&e)))?;
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let router = app.command_router().merge(app.query_router());
    let server = tokio::spawn(equilibre::serve(listener, router, std::future::pending()));
    Ok((dir, base, server))
}

const EMAIL: &str = "burst@bench.invalid";

/// Counts of each status, `"N × status"`.
fn tally(answers: &[reqwest::Result<u16>]) -> String {
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for answer in answers {
        let status = match answer {
            Ok(status) => status.to_string(),
            Err(_) => "transport error".into(),
        };
        *counts.entry(status).or_default() += 1;
    }
    let counts: Vec<String> = counts.iter().map(|(s, n)| format!("{n} × {s}")).collect();
    counts.join(", ")
}

/// `n` parallel wrong sign-ins from one address; their statuses.
async fn burst(base: &str, n: usize) -> Vec<reqwest::Result<u16>> {
    // No idle connections kept: the process's memory is the server's, not a
    // client pool's.
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()
        .expect("an HTTP client");
    let mut burst = tokio::task::JoinSet::new();
    for _ in 0..n {
        let answer = client
            .post(format!("{base}/api/admin-panel/sign-in"))
            .header("X-Requested-With", "equilibre")
            .json(&json!({"email": EMAIL, "password": "not the password at all"}))
            .send();
        // Only the status is kept; the answer and its connection go at once.
        burst.spawn(async move { answer.await.map(|r| r.status().as_u16()) });
    }
    burst.join_all().await
}

pub async fn run(settings: &Settings, report: &mut Report) -> Result<()> {
    // The hashing pool alone: request limits out of the way.
    let (_dir, base, server) = start(RateLimits::unreachable()).await?;
    // One check first, so the hashing threads exist before "before".
    reqwest::Client::new()
        .post(format!("{base}/api/admin-panel/sign-in"))
        .header("X-Requested-With", "equilibre")
        .json(&json!({"email": EMAIL, "password": PASSWORD}))
        .send()
        .await?
        .error_for_status()?;

    let reset = reset_peak();
    let before = proc_kb("VmRSS").unwrap_or(0);
    let started = Instant::now();
    let (done_tx, mut done_rx) = tokio::sync::watch::channel(false);
    let probe = {
        // A visitor already connected (keep-alive), as a browser would be.
        let (client, base) = (reqwest::Client::new(), base.clone());
        tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut errors = 0_u64;
            while !*done_rx.borrow_and_update() {
                let sent = Instant::now();
                match client
                    .get(format!("{base}/api/public/web-settings"))
                    .send()
                    .await
                {
                    Ok(r) if r.status().is_success() => latencies.push(sent.elapsed()),
                    _ => errors += 1,
                }
                let _ = tokio::time::timeout(Duration::from_millis(10), done_rx.changed()).await;
            }
            (latencies, errors)
        })
    };
    let answers = burst(&base, settings.sign_ins).await;
    let elapsed = started.elapsed();
    let _ = done_tx.send(true);
    let (mut latencies, probe_errors) = probe.await?;
    let peak = if reset { proc_kb("VmHWM") } else { None }.unwrap_or(0);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = proc_kb("VmRSS").unwrap_or(0);

    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1e3)
    };
    report.row(
        "sqlite",
        "sign-in burst (wrong password)",
        answers.len() as u64,
        elapsed,
        answers.len() as f64 / elapsed.as_secs_f64(),
        None,
        None,
        tally(&answers),
    );
    report.line(format!(
        "sqlite    meanwhile, web-settings one at a time: {} answered, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {} failed",
        latencies.len(),
        at(0.5),
        at(0.99),
        latencies.last().map_or(f64::NAN, |d| d.as_secs_f64() * 1e3),
        probe_errors
    ));
    let mb = |kb: u64| kb as f64 / 1024.0;
    report.verdict(
        "sqlite",
        "sign-in burst, process memory",
        format!(
            "{:.1} MB before, peak {}, {:.1} MB 2 s after",
            mb(before),
            if reset {
                format!("{:.1} MB", mb(peak))
            } else {
                "not readable".into()
            },
            mb(after)
        ),
        format!("< {MEMORY_BUDGET_MB:.0} MB"),
        Verdict::from(reset && mb(peak) < MEMORY_BUDGET_MB),
    );
    server.abort();

    // As deployed: the address's sign-in budget answers the flood first.
    let (_dir, base, server) = start(RateLimits::default()).await?;
    let started = Instant::now();
    let answers = burst(&base, settings.sign_ins).await;
    let elapsed = started.elapsed();
    report.row(
        "sqlite",
        "sign-in burst, default request limits",
        answers.len() as u64,
        elapsed,
        answers.len() as f64 / elapsed.as_secs_f64(),
        None,
        None,
        tally(&answers),
    );
    server.abort();
    Ok(())
}
