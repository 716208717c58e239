//! Booking under load (issue 4), on each backend: 100 approved experts (seeded
//! like the directory's, then each saves a basic profile and publishes a
//! weekly schedule through the real commands), 16 clients signed up with
//! their consent form on file. The real command service runs on
//! 127.0.0.1:0; 16 clients, each on its own connection, hold a free slot of
//! a random expert and pay it with the sandbox's 4242 card, for a few
//! seconds: confirmed bookings per second, and the latency of hold + pay.
//! Then the free-slot query of one expert over four weeks under load, and
//! 50 other clients holding one same slot at once (the race budget: every
//! one answered within 1 s, exactly one hold). Figures only.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use command_api::consultant;
use command_api::ids::IdempotencyKey;
use domain::consultant::sections::BasicProfileForm;
use platform::clock::SystemClock;
use platform::config::Config;
use serde_json::{Value, json};
use tokio::sync::Mutex;
use uuid::Uuid;

use crate::directory;
use crate::report::{Report, Verdict};

pub struct Settings {
    pub consultants: usize,
    pub clients: usize,
    pub connections: usize,
    pub seconds: u64,
}

const CLIENT_PASSWORD: &str = "bench-client-password-2026";
/// The read budget: p99 of a read endpoint at 32 connections.
const READ_P99_BUDGET: Duration = Duration::from_millis(10);
/// Clients racing for one slot, and the time within which all are answered.
const RACERS: usize = 50;
const RACE_BUDGET: Duration = Duration::from_secs(1);

/// Every free slot of every expert, shuffled: the clients' shared queue.
async fn slot_queue(base: &str, experts: &[Uuid]) -> Result<Vec<(Uuid, String)>> {
    let http = reqwest::Client::new();
    let mut queue = Vec::new();
    for id in experts {
        let response = http
            .get(format!("{base}/api/public/experts/{id}/slots?days=28"))
            .send()
            .await?;
        let status = response.status();
        let text = response.text().await?;
        if !status.is_success() {
            bail!("slots of {id}: {status} {text}");
        }
        let answer: Value = serde_json::from_str(&text)?;
        for slot in answer["slots"].as_array().context("slots")? {
            queue.push((*id, slot["start"].as_str().context("start")?.to_owned()));
        }
    }
    // A deterministic shuffle, so clients spread over experts and days.
    let mut state = 7_u64;
    for i in (1..queue.len()).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        queue.swap(i, (state >> 33) as usize % (i + 1));
    }
    Ok(queue)
}

async fn sign_in(base: &str, email: &str) -> Result<String> {
    let answer = reqwest::Client::new()
        .post(format!("{base}/api/client/sign-in"))
        .header("X-Requested-With", "equilibre")
        .json(&json!({"email": email, "password": CLIENT_PASSWORD}))
        .send()
        .await?
        .error_for_status()?;
    answer
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("eq_client="))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
        .context("no session cookie")
}

#[derive(Default)]
struct Tally {
    confirmed: usize,
    refused: usize,
    errors: usize,
    latencies: Vec<Duration>,
}

/// One client: hold, then pay, until `end`.
async fn client_loop(
    base: String,
    token: String,
    queue: Arc<Mutex<Vec<(Uuid, String)>>>,
    end: Instant,
) -> Tally {
    let http = reqwest::Client::new();
    let mut tally = Tally::default();
    while Instant::now() < end {
        let Some((consultant_id, start)) = queue.lock().await.pop() else {
            break;
        };
        let started = Instant::now();
        let held = http
            .post(format!("{base}/api/client/bookings"))
            .bearer_auth(&token)
            .json(&json!({"consultant_id": consultant_id, "start": start}))
            .send()
            .await;
        let held = match held {
            Ok(r) if r.status().as_u16() == 201 => r.json::<Value>().await.ok(),
            Ok(r) if r.status().as_u16() == 409 => {
                // Taken by another client, or overlapping this client's own.
                tally.refused += 1;
                continue;
            }
            _ => None,
        };
        let Some(held) = held else {
            tally.errors += 1;
            continue;
        };
        if held["status"] != "confirmed" {
            let id = held["booking_id"].as_str().unwrap_or_default();
            let paid = pay(&http, &base, &token, id).await;
            if !matches!(paid, Ok(ref r) if r.status().is_success()) {
                tally.errors += 1;
                continue;
            }
        }
        tally.latencies.push(started.elapsed());
        tally.confirmed += 1;
    }
    tally
}

/// Pays as the browser does: the booking's intent, the card to the sandbox
/// provider's route, then the intent to the booking API.
async fn pay(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    id: &str,
) -> reqwest::Result<reqwest::Response> {
    let intent: Value = http
        .post(format!("{base}/api/client/bookings/{id}/payment"))
        .bearer_auth(token)
        .json(&json!({}))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    let intent_id = intent["intent_id"].as_str().unwrap_or_default();
    http.post(format!(
        "{base}/api/public/sandbox-payments/{intent_id}/confirm"
    ))
    .header("X-Requested-With", "equilibre")
    .json(
        &json!({"client_secret": intent["client_secret"], "card_number": "4242 4242 4242 4242",
            "exp_month": 12, "exp_year": 2034, "cvc": "123"}),
    )
    .send()
    .await?
    .error_for_status()?;
    http.post(format!("{base}/api/client/bookings/{id}/pay"))
        .bearer_auth(token)
        .json(&json!({"payment_intent": intent_id}))
        .send()
        .await
}

fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted
        .get(((sorted.len() as f64 * q) as usize).min(sorted.len().saturating_sub(1)))
        .copied()
        .unwrap_or_default()
}

/// The suite on `backend`: the scratch PostgreSQL databases `urls`, or
/// SQLite files under `data_dir` when `None`.
pub async fn run(
    backend: &str,
    urls: Option<(String, String)>,
    data_dir: &std::path::Path,
    settings: &Settings,
    report: &mut Report,
) -> Result<()> {
    let mut config = Config::for_tests(data_dir);
    if let Some(urls) = urls {
        (config.database_url, config.read_database_url) = urls;
    }
    let app = equilibre::App::open_with(config, SystemClock::shared()).await?;
    let seeding = Instant::now();
    let experts = directory::seed(&app.stores.events, settings.consultants)
        .await?
        .experts;
    let state = &app.command_state;
    for id in &experts {
        let form = BasicProfileForm {
            title: "dr".into(),
            gender: "female".into(),
            given_name: "Camille".into(),
            family_name: "Expert".into(),
            isd_code: "+33".into(),
            contact_number: "612345678".into(),
            spoken_languages: vec!["fr".into()],
            timezone: "Europe/Paris".into(),
        };
        consultant::save_basic_profile(state, &IdempotencyKey::none().ids(Some(*id)), *id, form)
            .await
            .map_err(|e| anyhow::anyhow!(equilibre::describe(&e)))?;
        equilibre::demo::publish_timings(&app, *id, true).await?;
    }
    let mut emails = Vec::new();
    for n in 0..settings.clients + RACERS {
        let email = format!("client{n}@bench.invalid");
        equilibre::demo::bookable_client(&app, &email, CLIENT_PASSWORD, "Client", "Bench").await?;
        emails.push(email);
    }
    let racers = emails.split_off(settings.clients);
    app.projector.catch_up().await?;
    report.line(format!(
        "{backend}: {} experts with weekly schedules and {} clients with a consent form, seeded in {:.1} s",
        experts.len(),
        emails.len(),
        seeding.elapsed().as_secs_f64()
    ));

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let router = app.command_router().merge(app.query_router());
    let server = tokio::spawn(async move { axum::serve(listener, router).await });

    let queue = slot_queue(&base, &experts).await?;
    let offered = queue.len();
    let mut tokens = Vec::new();
    for email in &emails {
        tokens.push(sign_in(&base, email).await?);
    }
    let queue = Arc::new(Mutex::new(queue));
    let started = Instant::now();
    let end = started + Duration::from_secs(settings.seconds);
    let tasks: Vec<_> = tokens
        .into_iter()
        .map(|token| tokio::spawn(client_loop(base.clone(), token, queue.clone(), end)))
        .collect();
    let mut sum = Tally::default();
    for task in tasks {
        let tally = task.await?;
        sum.confirmed += tally.confirmed;
        sum.refused += tally.refused;
        sum.errors += tally.errors;
        sum.latencies.extend(tally.latencies);
    }
    let elapsed = started.elapsed();
    if sum.confirmed == 0 {
        bail!("no booking confirmed ({} errors)", sum.errors);
    }
    sum.latencies.sort();
    report.row(
        backend,
        &format!("bookings confirmed, {} clients", emails.len()),
        sum.confirmed as u64,
        elapsed,
        sum.confirmed as f64 / elapsed.as_secs_f64(),
        Some(quantile(&sum.latencies, 0.5).as_secs_f64() * 1e3),
        Some(quantile(&sum.latencies, 0.99).as_secs_f64() * 1e3),
        format!(
            "hold + pay (sandbox 4242); {} refused 409 (taken or own overlap), {} errors; {offered} slots offered",
            sum.refused, sum.errors
        ),
    );

    // Free slots of one expert over four weeks, with its bookings subtracted.
    app.projector.catch_up().await?;
    let path = format!("/api/public/experts/{}/slots?days=28", experts[0]);
    let load = directory::load(&base, &[path], settings.connections, settings.seconds).await?;
    report.row(
        backend,
        &format!(
            "free slots, 1 expert × 4 weeks, {} conn",
            settings.connections
        ),
        load.requests as u64,
        Duration::from_secs(settings.seconds),
        load.per_second,
        Some(load.p50.as_secs_f64() * 1e3),
        Some(load.p99.as_secs_f64() * 1e3),
        format!("{} errors", load.errors),
    );
    report.verdict(
        backend,
        "free-slot query p99 vs read budget",
        format!("{:.2} ms", load.p99.as_secs_f64() * 1e3),
        format!("≤ {} ms", READ_P99_BUDGET.as_millis()),
        Verdict::from(load.p99 <= READ_P99_BUDGET),
    );

    // The miss path: one week of one expert's slots from a day and in a
    // zone that vary over more keys than the render cache holds, beside the
    // server's trivial endpoint in the same run.
    let trivial = directory::load(
        &base,
        &["/api/public/policies".to_owned()],
        settings.connections,
        settings.seconds,
    )
    .await?;
    let today = chrono::Utc::now().date_naive();
    let zones = ["Europe/Paris", "America/Montreal", "Asia/Kolkata"];
    let mut varied = Vec::new();
    for day in 0..180 {
        for id in &experts {
            for zone in zones {
                let from = today + chrono::Days::new(day);
                varied.push(format!(
                    "/api/public/experts/{id}/slots?days=7&from={from}&tz={zone}"
                ));
            }
        }
    }
    let keys = varied.len();
    let miss = directory::load(&base, &varied, settings.connections, settings.seconds).await?;
    report.row(
        backend,
        &format!(
            "free slots, cache missed ({keys} keys), {} conn",
            settings.connections
        ),
        miss.requests as u64,
        Duration::from_secs(settings.seconds),
        miss.per_second,
        Some(miss.p50.as_secs_f64() * 1e3),
        Some(miss.p99.as_secs_f64() * 1e3),
        format!(
            "ratio {:.3} of policies ({:.0}/s, p99 {:.2} ms); {} errors",
            miss.per_second / trivial.per_second,
            trivial.per_second,
            trivial.p99.as_secs_f64() * 1e3,
            miss.errors
        ),
    );

    race(backend, &app, &base, &experts, &racers, report).await?;
    server.abort();
    Ok(())
}

/// `RACERS` clients, signed in beforehand, hold the last free slot of the
/// last expert at the same instant: how many got it, and how long the
/// slowest waited for its answer.
async fn race(
    backend: &str,
    app: &equilibre::App,
    base: &str,
    experts: &[Uuid],
    racers: &[String],
    report: &mut Report,
) -> Result<()> {
    app.projector.catch_up().await?;
    let expert = *experts.last().context("an expert")?;
    let (_, start) = slot_queue(base, &[expert])
        .await?
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1))
        .context("a free slot")?;
    let mut tokens = Vec::new();
    for email in racers {
        tokens.push(sign_in(base, email).await?);
    }
    let gate = Arc::new(tokio::sync::Barrier::new(tokens.len()));
    let tasks: Vec<_> = tokens
        .into_iter()
        .map(|token| {
            let (base, start, gate) = (base.to_owned(), start.clone(), gate.clone());
            tokio::spawn(async move {
                let http = reqwest::Client::new();
                gate.wait().await;
                let sent = Instant::now();
                let status = http
                    .post(format!("{base}/api/client/bookings"))
                    .bearer_auth(&token)
                    .json(&json!({"consultant_id": expert, "start": start}))
                    .send()
                    .await
                    .map(|r| r.status().as_u16())
                    .unwrap_or(0);
                (status, sent.elapsed())
            })
        })
        .collect();
    let started = Instant::now();
    let mut answers = Vec::new();
    for task in tasks {
        answers.push(task.await?);
    }
    let elapsed = started.elapsed();
    let held = answers.iter().filter(|(s, _)| *s == 201).count();
    let refused = answers.iter().filter(|(s, _)| *s == 409).count();
    let mut latencies: Vec<Duration> = answers.iter().map(|(_, l)| *l).collect();
    latencies.sort();
    let slowest = latencies.last().copied().unwrap_or_default();
    report.row(
        backend,
        &format!("{RACERS} clients hold one slot at once"),
        answers.len() as u64,
        elapsed,
        answers.len() as f64 / elapsed.as_secs_f64(),
        Some(quantile(&latencies, 0.5).as_secs_f64() * 1e3),
        Some(quantile(&latencies, 0.99).as_secs_f64() * 1e3),
        format!(
            "{held} held, {refused} refused 409, {} other answers; slowest {:.0} ms",
            answers.len() - held - refused,
            slowest.as_secs_f64() * 1e3
        ),
    );
    report.verdict(
        backend,
        "race for one slot, slowest answer",
        format!("{:.0} ms ({held} held)", slowest.as_secs_f64() * 1e3),
        format!("≤ {} ms, 1 held", RACE_BUDGET.as_millis()),
        Verdict::from(slowest <= RACE_BUDGET && held == 1),
    );
    Ok(())
}
