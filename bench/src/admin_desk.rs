//! The administrators' desk under load (issue 10), on PostgreSQL: 100,000
//! bookings over the last year and 10,000 complaints appended straight into
//! the event store (the domain's own events, as the commands record them),
//! the projector caught up (timed), then the real services on 127.0.0.1:0
//! and, at 32 connections in the same run: the trivial endpoint, a signed-in
//! reference (the admin's session read: what every admin read pays for its
//! session check), the admin complaint list with two filters and the
//! dashboard for 52 weeks (req/s, p50, p99, ratio to trivial and to the
//! signed-in reference). Last, the memory of the process serving
//! `GET /api/admin-panel/bookings/export.csv` of every booking: its peak
//! resident set (`VmHWM` of `/proc/self/status`, reset just before through
//! `/proc/self/clear_refs`; the server runs in this process) against the
//! resident set before. Figures only.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use chrono::{DateTime, TimeDelta, Timelike as _, Utc};
use command_api::accounts::admin::{NewAdmin, create_admin};
use domain::account::{AccountEvent, PayloadRef, Role};
use domain::booking::{BookingEvent, CancelledBy, PaymentRecord};
use domain::reference::ReferenceKind;
use domain::values::{Currency, Language, Money, TimeZone};
use platform::clock::SystemClock;
use platform::config::Config;
use serde_json::json;
use store::{
    AppendRequest, EventMetadata, EventStore, ExpectedVersion, NewEvent, SideWrite, StreamAppend,
    StreamId,
};
use uuid::Uuid;

use crate::directory::{self, Lcg, stream_of};
use crate::memory::{proc_kb, reset_peak};
use crate::report::{Report, Verdict};

pub struct Settings {
    pub bookings: usize,
    pub complaints: usize,
    pub connections: usize,
    pub seconds: u64,
}

const CONSULTANTS: usize = 100;
const CLIENTS: usize = 2_000;
/// Streams per append while seeding.
const STREAMS_PER_APPEND: usize = 200;
const ADMIN_PASSWORD: &str = "bench-admin-long-passphrase";
/// The read budget of issue 10: p99 at 32 connections, and at least half
/// the trivial endpoint's throughput.
const READ_P99_BUDGET: Duration = Duration::from_millis(10);
const TRIVIAL_RATIO_BUDGET: f64 = 0.5;

fn metadata(actor: Option<Uuid>, role: &str) -> EventMetadata {
    EventMetadata {
        actor_id: actor,
        actor_role: Some(role.into()),
        correlation_id: Uuid::now_v7(),
        causation_id: None,
        recorded_at: Utc::now(),
    }
}

/// A stream of events given as JSON with their `type` (complaints are
/// written as their contract says, `docs/complaints.md`, as the complaint
/// tests do).
fn raw_stream(stream: StreamId, actor: Uuid, events: Vec<serde_json::Value>) -> StreamAppend {
    let metadata = metadata(Some(actor), "client");
    StreamAppend {
        stream,
        expected: ExpectedVersion::Exact(0),
        events: events
            .into_iter()
            .map(|mut payload| {
                // Stored as the codec stores it: the tag is the event type.
                let event_type = payload
                    .as_object_mut()
                    .and_then(|o| o.remove("type"))
                    .and_then(|t| t.as_str().map(str::to_owned))
                    .unwrap_or_default();
                NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type,
                    schema_version: 1,
                    payload: payload.to_string(),
                    metadata: metadata.clone(),
                }
            })
            .collect(),
    }
}

async fn flush(
    store: &Arc<dyn EventStore>,
    request: &mut AppendRequest,
    at_least: usize,
) -> Result<()> {
    if request.streams.len() >= at_least.max(1) {
        store.append(std::mem::take(request)).await?;
    }
    Ok(())
}

/// Clients registered straight into the store, with their names' payload.
async fn seed_clients(store: &Arc<dyn EventStore>, count: usize) -> Result<Vec<Uuid>> {
    let mut request = AppendRequest::default();
    let mut clients = Vec::with_capacity(count);
    let now = Utc::now();
    for n in 0..count {
        let id = Uuid::now_v7();
        clients.push(id);
        let registered = AccountEvent::AccountRegistered {
            account_id: id,
            role: Role::Client,
            login_key: format!("bench-client-{id}"),
            profile: PayloadRef {
                subject: id,
                key: "profile".into(),
            },
            language: Language::Fr,
            timezone: TimeZone::parse("Europe/Paris").ok(),
            terms_version: None,
            privacy_version: None,
            registered_at: now - TimeDelta::days((n % 364) as i64),
        };
        request.streams.push(stream_of(
            StreamId::new(domain::account::ACCOUNT_CATEGORY, id),
            &[registered],
        ));
        request.side_writes.push(SideWrite::PutPayload {
            subject: id,
            key: "profile".into(),
            value: json!({"given_name": "Client", "family_name": format!("Bench {n}"),
                "email": format!("client{n}@bench.invalid")})
            .to_string(),
        });
        flush(store, &mut request, STREAMS_PER_APPEND).await?;
    }
    flush(store, &mut request, 1).await?;
    Ok(clients)
}

/// One booking as it was lived: held, then mostly paid and completed, some
/// cancelled with a full refund, a few no-shows or lapsed holds.
fn booking_events(
    rng: &mut Lcg,
    id: Uuid,
    consultant: Uuid,
    client: Uuid,
    now: DateTime<Utc>,
) -> Vec<BookingEvent> {
    let hours_back = rng.next(364 * 24) as i64 - 14 * 24;
    let start = (now - TimeDelta::hours(hours_back))
        .with_minute(0)
        .and_then(|t| t.with_second(0))
        .and_then(|t| t.with_nanosecond(0))
        .unwrap_or(now);
    let end = start + TimeDelta::hours(1);
    let at = start - TimeDelta::hours(24 + rng.next(20 * 24) as i64);
    let price = Money::new(3000 + 500 * rng.next(10) as i64, Currency::Eur);
    let held = BookingEvent::BookingHeld {
        booking_id: id,
        consultant_id: consultant,
        client_id: client,
        start,
        end,
        duration_minutes: 60,
        price,
        discount: Money::new(0, Currency::Eur),
        total: price,
        free: false,
        coupon_id: None,
        coupon_code: None,
        hold_expires_at: at + TimeDelta::minutes(15),
        at,
    };
    let paid_at = at + TimeDelta::minutes(2);
    let confirmed = BookingEvent::BookingConfirmed {
        booking_id: id,
        payment: Some(PaymentRecord {
            provider_ref: format!("ch_bench_{}", id.simple()),
            brand: "visa".into(),
            last4: "4242".into(),
            amount: price,
        }),
        at: paid_at,
    };
    let roll = rng.next(100);
    let past = end + TimeDelta::minutes(30) < now;
    match roll {
        0..=4 => vec![
            held,
            BookingEvent::BookingExpired {
                booking_id: id,
                at: at + TimeDelta::minutes(15),
            },
        ],
        5..=16 => vec![
            held,
            confirmed,
            BookingEvent::BookingCancelled {
                booking_id: id,
                by: CancelledBy::Client,
                actor_id: Some(client),
                refund: price,
                refund_ref: Some(format!("re_bench_{}", id.simple())),
                reason: None,
                at: paid_at + TimeDelta::hours(1),
            },
        ],
        17..=19 if past => vec![
            held,
            confirmed,
            BookingEvent::BookingNoShow {
                booking_id: id,
                actor_id: Some(consultant),
                at: end + TimeDelta::minutes(5),
            },
        ],
        _ if past => vec![
            held,
            confirmed,
            BookingEvent::BookingCompleted {
                booking_id: id,
                at: end + TimeDelta::minutes(30),
            },
        ],
        _ => vec![held, confirmed],
    }
}

/// `count` bookings between the experts and clients; returns (booking,
/// consultant, client, start) of each, for the complaints.
async fn seed_bookings(
    store: &Arc<dyn EventStore>,
    experts: &[Uuid],
    clients: &[Uuid],
    count: usize,
) -> Result<Vec<(Uuid, Uuid, Uuid, DateTime<Utc>)>> {
    let mut rng = Lcg(2026);
    let now = Utc::now();
    let mut request = AppendRequest::default();
    let mut bookings = Vec::with_capacity(count);
    for _ in 0..count {
        let id = Uuid::now_v7();
        let consultant = experts[rng.next(experts.len())];
        let client = clients[rng.next(clients.len())];
        let events = booking_events(&mut rng, id, consultant, client, now);
        if let Some(BookingEvent::BookingHeld { start, .. }) = events.first() {
            bookings.push((id, consultant, client, *start));
        }
        request.streams.push(stream_of(
            StreamId::new(domain::booking::CATEGORY, id),
            &events,
        ));
        flush(store, &mut request, STREAMS_PER_APPEND).await?;
    }
    flush(store, &mut request, 1).await?;
    Ok(bookings)
}

/// `count` complaints about the bookings, filed over the last 90 days, about
/// half still open; texts in the forgettable store.
async fn seed_complaints(
    store: &Arc<dyn EventStore>,
    bookings: &[(Uuid, Uuid, Uuid, DateTime<Utc>)],
    types: &[Uuid],
    count: usize,
) -> Result<()> {
    let mut rng = Lcg(10);
    let now = Utc::now();
    let mut request = AppendRequest::default();
    for n in 0..count {
        let id = Uuid::now_v7();
        let (booking, consultant, client, start) = bookings[rng.next(bookings.len())];
        let filed = now - TimeDelta::minutes(rng.next(90 * 24 * 60) as i64);
        let text = json!({"subject": client, "key": format!("complaint-{id}")});
        let outcome = ["refund", "apology", "other"][n % 3];
        let mut events = vec![json!({
            "type": "ComplaintFiled", "complaint_id": id, "author_id": client,
            "author_role": "client", "respondent_id": consultant, "respondent_role": "consultant",
            "booking_id": booking, "booking_start": start,
            "complaint_type_id": types[n % types.len()],
            "desired_outcome": outcome,
            "text": text, "attachments": [], "at": filed,
        })];
        let later = |minutes: i64| filed + TimeDelta::minutes(minutes);
        match rng.next(10) {
            0..=2 => {}
            3..=4 => events.push(json!({"type": "ComplaintReviewStarted", "at": later(60)})),
            5..=7 => {
                events.push(json!({"type": "ComplaintReviewStarted", "at": later(60)}));
                events.push(json!({"type": "ComplaintDecided", "favour": "respondent",
                    "resolution": {"subject": client, "key": format!("resolution-{id}")},
                    "refund": null, "suspend_consultant": false, "at": later(120)}));
            }
            8 => events.push(json!({"type": "ComplaintDismissed",
                "reason": {"subject": client, "key": format!("dismissal-{id}")}, "at": later(90)})),
            _ => events.push(json!({"type": "ComplaintWithdrawn", "at": later(30)})),
        }
        request
            .streams
            .push(raw_stream(StreamId::new("complaint", id), client, events));
        request.side_writes.push(SideWrite::PutPayload {
            subject: client,
            key: format!("complaint-{id}"),
            value: json!({"subject": format!("Séance {n} écourtée"),
                "description": "La séance a commencé en retard et s'est terminée avant l'heure."})
            .to_string(),
        });
        flush(store, &mut request, STREAMS_PER_APPEND).await?;
    }
    flush(store, &mut request, 1).await
}

async fn admin_token(app: &equilibre::App, base: &str) -> Result<String> {
    let email = "admin@bench.invalid";
    create_admin(
        &app.command_state,
        NewAdmin {
            email: email.into(),
            password: ADMIN_PASSWORD.into(),
            given_name: "Alice".into(),
            family_name: "Bench".into(),
        },
    )
    .await
    .map_err(|e| anyhow::anyhow!(equilibre::describe(&e)))?;
    app.projector.catch_up().await?;
    let answer = reqwest::Client::new()
        .post(format!("{base}/api/admin-panel/sign-in"))
        .header("X-Requested-With", "equilibre")
        .json(&json!({"email": email, "password": ADMIN_PASSWORD}))
        .send()
        .await?
        .error_for_status()?;
    let cookie = format!("{}=", platform::auth::cookie_name(Role::Admin));
    answer
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix(cookie.as_str()))
        .and_then(|v| v.split(';').next())
        .map(str::to_owned)
        .context("no admin session cookie")
}

/// A field of `/proc/self/status` in kB (`VmRSS`, `VmHWM`).
/// The CSV export of every booking, streamed and counted, with the process's
/// resident set before and at its peak.
async fn export_memory(base: &str, token: &str, report: &mut Report) -> Result<()> {
    let reset = reset_peak();
    let before = proc_kb("VmRSS").unwrap_or(0);
    let sampling = Arc::new(AtomicBool::new(true));
    let sampled_peak = Arc::new(AtomicU64::new(before));
    let sampler = {
        let (sampling, peak) = (sampling.clone(), sampled_peak.clone());
        tokio::spawn(async move {
            while sampling.load(Ordering::Relaxed) {
                if let Some(rss) = proc_kb("VmRSS") {
                    peak.fetch_max(rss, Ordering::Relaxed);
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
    };
    let started = Instant::now();
    let mut response = reqwest::Client::new()
        .get(format!("{base}/api/admin-panel/bookings/export.csv"))
        .bearer_auth(token)
        .send()
        .await?;
    let status = response.status();
    let (mut bytes, mut lines) = (0_u64, 0_u64);
    while let Some(chunk) = response.chunk().await? {
        bytes += chunk.len() as u64;
        lines += chunk.iter().filter(|b| **b == b'\n').count() as u64;
    }
    let elapsed = started.elapsed();
    sampling.store(false, Ordering::Relaxed);
    sampler.await?;
    let peak = if reset {
        proc_kb("VmHWM").unwrap_or(0)
    } else {
        sampled_peak.load(Ordering::Relaxed)
    }
    .max(sampled_peak.load(Ordering::Relaxed));
    if !status.is_success() {
        report.line(format!(
            "postgres: bookings export.csv answered {status} ({bytes} bytes): not measured"
        ));
        return Ok(());
    }
    report.row(
        "postgres",
        "export.csv, every booking",
        lines.saturating_sub(1),
        elapsed,
        lines.saturating_sub(1) as f64 / elapsed.as_secs_f64(),
        None,
        None,
        format!(
            "{:.1} MB streamed; process RSS {:.1} MB before, peak {:.1} MB (+{:.1} MB){}",
            bytes as f64 / 1e6,
            before as f64 / 1024.0,
            peak as f64 / 1024.0,
            peak.saturating_sub(before) as f64 / 1024.0,
            if reset { "" } else { " (sampled every 5 ms)" }
        ),
    );
    Ok(())
}

pub async fn run(
    urls: (String, String),
    data_dir: &std::path::Path,
    settings: &Settings,
    report: &mut Report,
) -> Result<()> {
    let mut config = Config::for_tests(data_dir);
    config.database_url = urls.0;
    config.read_database_url = urls.1;
    let app = equilibre::App::open_with(config, SystemClock::shared()).await?;
    let store = app.stores.events.clone();

    let seeding = Instant::now();
    let experts = directory::seed(&store, CONSULTANTS).await?.experts;
    let clients = seed_clients(&store, CLIENTS).await?;
    let mut request = AppendRequest::default();
    let types = directory::reference_items(
        ReferenceKind::ComplaintType,
        &[
            ("Séance non honorée", "Session not held"),
            ("Comportement", "Behaviour"),
            ("Paiement", "Payment"),
            ("Qualité", "Quality"),
        ],
        &mut request,
    );
    store.append(request).await?;
    let bookings = seed_bookings(&store, &experts, &clients, settings.bookings).await?;
    seed_complaints(&store, &bookings, &types, settings.complaints).await?;
    let head = store.head().await?;
    report.line(format!(
        "postgres: seeded {} bookings and {} complaints ({} experts, {} clients) in {:.1} s",
        bookings.len(),
        settings.complaints,
        CONSULTANTS,
        CLIENTS,
        seeding.elapsed().as_secs_f64()
    ));
    let projecting = Instant::now();
    let projected = app.projector.catch_up().await?;
    let took = projecting.elapsed();
    report.line(format!(
        "postgres: projector caught up on {projected} events in {:.1} s ({:.0} events/s; head {head:?})",
        took.as_secs_f64(),
        projected as f64 / took.as_secs_f64().max(1e-9),
    ));

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let router = app.command_router().merge(app.query_router());
    let server = tokio::spawn(async move { axum::serve(listener, router).await });
    let token = admin_token(&app, &base).await?;

    let type_id = types[0];
    let scenarios: Vec<(&str, Vec<String>, bool)> = vec![
        (
            "trivial: GET /api/public/policies (no database)",
            vec!["/api/public/policies".into()],
            false,
        ),
        (
            "signed in: GET /api/admin-panel/session (session + 1 row)",
            vec!["/api/admin-panel/session".into()],
            true,
        ),
        (
            "complaints, 2 filters (status + author role; + type)",
            vec![
                "/api/admin-panel/complaints?status=submitted&author_role=client".into(),
                "/api/admin-panel/complaints?status=in_review&author_role=client".into(),
                format!("/api/admin-panel/complaints?status=submitted&type_id={type_id}"),
                "/api/admin-panel/complaints?status=submitted&author_role=client&page=3".into(),
            ],
            true,
        ),
        (
            "dashboard, 52 weeks",
            vec!["/api/admin-panel/dashboard?weeks=52".into()],
            true,
        ),
    ];
    report.line(format!(
        "postgres: {:<56} {:>9} {:>9} {:>9} {:>7} {:>11}",
        "endpoint", "req/s", "p50 ms", "p99 ms", "errors", "ratio"
    ));
    let mut trivial = None;
    let mut session = None;
    for (name, paths, signed_in) in &scenarios {
        // One request first: a wrong answer is reported, not timed.
        let probe = reqwest::Client::new()
            .get(format!("{base}{}", paths[0]))
            .bearer_auth(&token)
            .send()
            .await?;
        if !probe.status().is_success() {
            let status = probe.status();
            report.line(format!(
                "postgres: {name}: answered {status}: {}",
                probe.text().await.unwrap_or_default()
            ));
            continue;
        }
        let bearer = signed_in.then_some(token.as_str());
        let measured =
            directory::load_as(&base, paths, settings.connections, settings.seconds, bearer)
                .await?;
        let rate = measured.per_second;
        let trivial_rate = *trivial.get_or_insert(rate);
        let ratio = rate / trivial_rate;
        let reference = name.starts_with("signed in");
        let shown = match session {
            Some(session) if !reference => format!("{ratio:.2} / {:.2}", rate / session),
            _ => format!("{ratio:.2}"),
        };
        if reference {
            session = Some(rate);
        }
        report.line(format!(
            "postgres: {:<56} {:>9.0} {:>9.2} {:>9.2} {:>7} {:>11}   ({} requests)",
            name,
            rate,
            measured.p50.as_secs_f64() * 1000.0,
            measured.p99.as_secs_f64() * 1000.0,
            measured.errors,
            shown,
            measured.requests,
        ));
        if *signed_in && !reference {
            report.verdict(
                "postgres",
                &format!("{} p99, ratio", name.split(',').next().unwrap_or(name)),
                format!("{:.2} ms, {ratio:.2}", measured.p99.as_secs_f64() * 1e3),
                format!(
                    "≤ {} ms, ≥ {TRIVIAL_RATIO_BUDGET:.2}",
                    READ_P99_BUDGET.as_millis()
                ),
                Verdict::from(measured.p99 <= READ_P99_BUDGET && ratio >= TRIVIAL_RATIO_BUDGET),
            );
        }
    }
    report.line(format!(
        "postgres: ratio = req/s ÷ trivial endpoint's (then ÷ the signed-in session read's); {} connections, {} s each",
        settings.connections, settings.seconds
    ));

    export_memory(&base, &token, report).await?;
    server.abort();
    if projected == 0 {
        bail!("nothing projected");
    }
    Ok(())
}
