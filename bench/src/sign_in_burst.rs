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
use platform::config::Config;
use serde_json::json;

use crate::memory::{proc_kb, reset_peak};
use crate::report::{Report, Verdict};

pub struct Settings {
    pub sign_ins: usize,
}

const PASSWORD: &str = "bench-admin-long-passphrase";
/// The memory budget: the server stays under it through any burst.
const MEMORY_BUDGET_MB: f64 = 256.0;

pub async fn run(settings: &Settings, report: &mut Report) -> Result<()> {
    let dir = tempfile::tempdir()?;
    let app =
        equilibre::App::open_with(Config::for_tests(dir.path()), SystemClock::shared()).await?;
    let email = "burst@bench.invalid";
    create_admin(
        &app.command_state,
        NewAdmin {
            email: email.into(),
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
    let server = tokio::spawn(async move { axum::serve(listener, router).await });
    // No idle connections kept: the process's memory is the server's,
    // not a client pool's.
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(0)
        .build()?;
    let sign_in = |password: &'static str| {
        client
            .post(format!("{base}/api/admin-panel/sign-in"))
            .header("X-Requested-With", "equilibre")
            .json(&json!({"email": email, "password": password}))
            .send()
    };
    let mut burst = tokio::task::JoinSet::new();
    // One check first, so the hashing threads exist before "before".
    sign_in(PASSWORD).await?.error_for_status()?;

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
    for _ in 0..settings.sign_ins {
        let answer = sign_in("not the password at all");
        // Only the status is kept; the answer and its connection go at once.
        burst.spawn(async move { answer.await.map(|r| r.status().as_u16()) });
    }
    let answers = burst.join_all().await;
    let elapsed = started.elapsed();
    let _ = done_tx.send(true);
    let (mut latencies, probe_errors) = probe.await?;
    let peak = if reset { proc_kb("VmHWM") } else { None }.unwrap_or(0);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = proc_kb("VmRSS").unwrap_or(0);

    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for answer in &answers {
        let status = match answer {
            Ok(status) => status.to_string(),
            Err(_) => "transport error".into(),
        };
        *counts.entry(status).or_default() += 1;
    }
    let counts: Vec<String> = counts.iter().map(|(s, n)| format!("{n} × {s}")).collect();
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
        counts.join(", "),
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
    Ok(())
}
