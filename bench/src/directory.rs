//! Directory search under load (issue 3): 500 approved experts seeded
//! straight into the event store (realistic topics and languages), the
//! projector caught up, the real query service served on 127.0.0.1:0, then
//! 32 connections hammer one endpoint at a time for a few seconds each:
//! a trivial endpoint (no database), `/api/health` (two small reads), the
//! directory unfiltered, with free text and with several filters. Figures
//! only; the ratio search / trivial is the one that counts.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use chrono::Utc;
use domain::account::{AccountEvent, PayloadRef, Role};
use domain::codec::{self, EventSchema};
use domain::consultant::ConsultantEvent;
use domain::reference::{ReferenceEvent, ReferenceKind};
use domain::values::{
    AwardYear, Currency, FileRef, Language, LanguageCode, Money, SessionDuration, TimeZone,
};
use platform::clock::SystemClock;
use platform::config::Config;
use serde_json::json;
use store::{
    AppendRequest, EventMetadata, ExpectedVersion, NewEvent, SideWrite, StreamAppend, StreamId,
};
use uuid::Uuid;

use crate::report::Report;

pub struct Settings {
    pub experts: usize,
    pub connections: usize,
    pub seconds: u64,
}

const DISORDERS: &[(&str, &str)] = &[
    ("Anxiété", "Anxiety"),
    ("Troubles du sommeil", "Sleep disorders"),
    ("Stress chronique", "Chronic stress"),
    ("Dépression légère", "Mild depression"),
    ("Burn-out", "Burnout"),
    ("Troubles digestifs", "Digestive disorders"),
    ("Migraines", "Migraines"),
    ("Addictions", "Addictions"),
    ("Phobies", "Phobias"),
    ("Douleurs chroniques", "Chronic pain"),
    ("Fatigue", "Fatigue"),
    ("Troubles alimentaires", "Eating disorders"),
    ("Allergies", "Allergies"),
    ("Eczéma", "Eczema"),
    ("Timidité", "Shyness"),
    ("Deuil", "Grief"),
    ("Ménopause", "Menopause"),
    ("Surpoids", "Overweight"),
    ("Hyperactivité", "Hyperactivity"),
    ("Manque de confiance", "Low self-confidence"),
];
const SPECIALISATIONS: &[(&str, &str)] = &[
    ("Ayurvéda", "Ayurveda"),
    ("Homéopathie", "Homeopathy"),
    ("Naturopathie", "Naturopathy"),
    ("Hypnose", "Hypnotherapy"),
    ("PNL", "NLP"),
    ("Coaching de vie", "Life coaching"),
    ("Nutrition", "Nutrition"),
    ("Psychothérapie", "Psychotherapy"),
    ("Sophrologie", "Sophrology"),
    ("Réflexologie", "Reflexology"),
    ("Acupuncture", "Acupuncture"),
    ("Art-thérapie", "Art therapy"),
];
const KEYWORDS: &[(&str, &str)] = &[
    ("Méditation", "Meditation"),
    ("Respiration", "Breathing"),
    ("Yoga", "Yoga"),
    ("Pleine conscience", "Mindfulness"),
    ("Plantes", "Herbs"),
    ("Jeûne", "Fasting"),
    ("Relaxation", "Relaxation"),
    ("Émotions", "Emotions"),
    ("Couple", "Couples"),
    ("Enfants", "Children"),
    ("Sport", "Sport"),
    ("Travail", "Work"),
    ("Sommeil", "Sleep"),
    ("Alimentation", "Diet"),
    ("Énergie", "Energy"),
];
const OBJECTIVES: &[(&str, &str)] = &[
    ("Retrouver le calme", "Find calm"),
    ("Mieux dormir", "Sleep better"),
    ("Perdre du poids", "Lose weight"),
    ("Gérer ses émotions", "Manage emotions"),
    ("Arrêter de fumer", "Stop smoking"),
    ("Reprendre confiance", "Regain confidence"),
    ("Soulager la douleur", "Relieve pain"),
    ("Équilibre de vie", "Life balance"),
    ("Booster son énergie", "Boost energy"),
    ("Mieux digérer", "Better digestion"),
];
const LANGUAGES: &[&str] = &["fr", "en", "es", "de", "it", "pt", "ar"];
const GIVEN: &[&str] = &[
    "Camille", "Élodie", "Hugo", "Léa", "Mathis", "Chloé", "Noé", "Inès", "Louis", "Zoé", "Jules",
    "Anaïs", "Raphaël", "Maëlle", "Gabriel", "Sofia", "Arthur", "Léna", "Adam", "Jade",
];
const FAMILY: &[&str] = &[
    "Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy",
    "Moreau", "Simon", "Laurent", "Lefèvre", "Michel", "Garcia", "David", "Bertrand", "Roux",
    "Vincent", "Fournier", "Morel", "Girard", "André", "Mercier", "Dupont",
];
const PROFESSIONS: &[&str] = &[
    "Naturopathe",
    "Hypnothérapeute",
    "Coach de vie",
    "Nutritionniste",
    "Sophrologue",
    "Psychopraticien",
    "Praticien ayurvédique",
    "Homéopathe",
];

/// A small deterministic generator (no `rand` dependency for a benchmark).
pub(crate) struct Lcg(pub(crate) u64);

impl Lcg {
    pub(crate) fn next(&mut self, below: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % below as u64) as usize
    }
    /// `count` distinct picks of `0..below`.
    pub(crate) fn picks(&mut self, below: usize, count: usize) -> Vec<usize> {
        let mut out = Vec::new();
        while out.len() < count.min(below) {
            let i = self.next(below);
            if !out.contains(&i) {
                out.push(i);
            }
        }
        out
    }
}

fn metadata() -> EventMetadata {
    EventMetadata {
        actor_id: None,
        actor_role: Some("system".into()),
        correlation_id: Uuid::now_v7(),
        causation_id: None,
        recorded_at: Utc::now(),
    }
}

pub(crate) fn stream_of<E: EventSchema>(stream: StreamId, events: &[E]) -> StreamAppend {
    let metadata = metadata();
    StreamAppend {
        stream,
        expected: ExpectedVersion::Exact(0),
        events: events
            .iter()
            .map(|event| {
                let (event_type, schema_version, payload) = codec::encode(event);
                NewEvent {
                    event_id: Uuid::now_v7(),
                    event_type,
                    schema_version,
                    payload,
                    metadata: metadata.clone(),
                }
            })
            .collect(),
    }
}

/// Reference items of one kind; returns their ids.
pub(crate) fn reference_items(
    kind: ReferenceKind,
    names: &[(&str, &str)],
    request: &mut AppendRequest,
) -> Vec<Uuid> {
    names
        .iter()
        .map(|(fr, en)| {
            let item_id = Uuid::now_v7();
            let added = ReferenceEvent::ReferenceItemAdded {
                item_id,
                kind,
                name_fr: (*fr).into(),
                name_en: (*en).into(),
                parent: None,
                code: None,
                at: Utc::now(),
            };
            request.streams.push(stream_of(
                StreamId::new(&kind.category(), item_id),
                &[added],
            ));
            item_id
        })
        .collect()
}

/// The ids the filters of the benchmark use.
pub struct Seeded {
    disorders: Vec<Uuid>,
    specialisations: Vec<Uuid>,
    /// The approved experts' account ids.
    pub experts: Vec<Uuid>,
}

/// Appends the reference lists and `count` approved experts.
pub async fn seed(store: &Arc<dyn store::EventStore>, count: usize) -> Result<Seeded> {
    let mut request = AppendRequest::default();
    let disorders = reference_items(ReferenceKind::Disorder, DISORDERS, &mut request);
    let specialisations =
        reference_items(ReferenceKind::Specialisation, SPECIALISATIONS, &mut request);
    let keywords = reference_items(ReferenceKind::Keyword, KEYWORDS, &mut request);
    let objectives = reference_items(ReferenceKind::Objective, OBJECTIVES, &mut request);
    store.append(request).await.context("seeding references")?;

    let mut rng = Lcg(42);
    let now = Utc::now();
    let today = now.date_naive();
    let mut request = AppendRequest::default();
    let mut experts = Vec::with_capacity(count);
    for n in 0..count {
        let id = Uuid::now_v7();
        experts.push(id);
        let payload = |key: &str| PayloadRef {
            subject: id,
            key: key.into(),
        };
        let given = GIVEN[rng.next(GIVEN.len())];
        let family = FAMILY[rng.next(FAMILY.len())];
        let profession = PROFESSIONS[rng.next(PROFESSIONS.len())];
        let profile = json!({
            "title": "dr", "gender": "female", "given_name": given, "family_name": family,
            "email": format!("expert{n}@bench.invalid"), "profession": profession,
            "years_of_experience": 3 + rng.next(25), "country_of_residence": "FR",
        });
        let pick = |rng: &mut Lcg, ids: &[Uuid], lo: usize, hi: usize| -> Vec<Uuid> {
            let count = lo + rng.next(hi - lo + 1);
            rng.picks(ids.len(), count)
                .into_iter()
                .map(|i| ids[i])
                .collect()
        };
        let own_specialisations = pick(&mut rng, &specialisations, 1, 2);
        let own_disorders = pick(&mut rng, &disorders, 2, 4);
        let own_keywords = pick(&mut rng, &keywords, 2, 3);
        let own_objectives = pick(&mut rng, &objectives, 1, 2);
        let mut languages = vec!["fr"];
        let extra = rng.next(3);
        for i in rng.picks(LANGUAGES.len() - 1, extra) {
            languages.push(LANGUAGES[i + 1]);
        }
        let bio = format!(
            "{profession} depuis {} ans, j'accompagne adultes et adolescents en cabinet et en ligne. \
             Mon approche associe écoute, bilan complet et exercices simples à pratiquer chez soi.",
            3 + rng.next(20)
        );
        let texts = json!({"bio": bio, "background": "Formations continues et publications.",
            "expertise": "Accompagnement individuel, suivi sur plusieurs séances.", "video_url": null});
        let file = |ext: &str| FileRef {
            key: format!("{}{}.{ext}", FileRef::subject_prefix(id), Uuid::now_v7()),
            content_type: if ext == "pdf" {
                "application/pdf".into()
            } else {
                "image/png".into()
            },
            size: 1024,
        };
        let year = AwardYear::parse(Some(2005 + rng.next(15) as i64), today)
            .map_err(|e| anyhow::anyhow!("{e:?}"))?;
        let registered = AccountEvent::AccountRegistered {
            account_id: id,
            role: Role::Consultant,
            login_key: format!("bench-{id}"),
            profile: payload("profile"),
            language: Language::Fr,
            timezone: TimeZone::parse("Europe/Paris").ok(),
            terms_version: None,
            privacy_version: None,
            registered_at: now,
        };
        let consultant = vec![
            ConsultantEvent::ProfileEditingStarted { at: now },
            ConsultantEvent::DegreeAdded {
                degree_id: Uuid::now_v7(),
                name: format!("Diplôme de {}", profession.to_lowercase()),
                school: "École de Paris".into(),
                year,
                attachment: file("png"),
                at: now,
            },
            ConsultantEvent::ProfileDetailsUpdated {
                texts: payload("texts"),
                keyword_ids: own_keywords,
                objective_ids: own_objectives,
                disorder_ids: own_disorders,
                specialisation_ids: own_specialisations,
                photo: file("png"),
                resume: file("pdf"),
                price: Money::new(3000 + 500 * rng.next(15) as i64, Currency::Eur),
                session_duration: SessionDuration::parse(Some(30 + 15 * rng.next(4) as i64))
                    .map_err(|e| anyhow::anyhow!("{e:?}"))?,
                languages: languages
                    .iter()
                    .filter_map(|l| LanguageCode::parse(l).ok())
                    .collect(),
                first_consultation_free: rng.next(3) == 0,
                at: now,
            },
            ConsultantEvent::ProfileSubmitted { at: now },
            ConsultantEvent::ProfileApproved { at: now },
        ];
        request.streams.push(stream_of(
            StreamId::new(domain::account::ACCOUNT_CATEGORY, id),
            &[registered],
        ));
        request.streams.push(stream_of(
            StreamId::new(domain::consultant::CATEGORY, id),
            &consultant,
        ));
        request.side_writes.push(SideWrite::PutPayload {
            subject: id,
            key: "profile".into(),
            value: profile.to_string(),
        });
        request.side_writes.push(SideWrite::PutPayload {
            subject: id,
            key: "texts".into(),
            value: texts.to_string(),
        });
        if request.streams.len() >= 100 {
            store.append(std::mem::take(&mut request)).await?;
        }
    }
    if !request.streams.is_empty() {
        store.append(request).await?;
    }
    Ok(Seeded {
        disorders,
        specialisations,
        experts,
    })
}

/// One scenario's figures.
pub struct Load {
    pub requests: usize,
    pub errors: usize,
    pub per_second: f64,
    pub p50: Duration,
    pub p99: Duration,
}

/// `connections` tasks, each sending the next of `paths` in turn for `seconds`.
pub async fn load(base: &str, paths: &[String], connections: usize, seconds: u64) -> Result<Load> {
    load_as(base, paths, connections, seconds, None).await
}

/// [`load`], signed in with a session token (`Authorization: Bearer`) when given.
pub async fn load_as(
    base: &str,
    paths: &[String],
    connections: usize,
    seconds: u64,
    bearer: Option<&str>,
) -> Result<Load> {
    let mut headers = reqwest::header::HeaderMap::new();
    if let Some(token) = bearer {
        headers.insert(
            reqwest::header::AUTHORIZATION,
            format!("Bearer {token}").parse()?,
        );
    }
    load_with(base, paths, connections, seconds, headers).await
}

/// [`load`] with these headers on every request.
pub async fn load_with(
    base: &str,
    paths: &[String],
    connections: usize,
    seconds: u64,
    headers: reqwest::header::HeaderMap,
) -> Result<Load> {
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(connections)
        .default_headers(headers)
        .build()?;
    let paths = Arc::new(paths.to_vec());
    let run = |duration: Duration| {
        let mut tasks = Vec::new();
        for task in 0..connections {
            let client = client.clone();
            let paths = paths.clone();
            let base = base.to_owned();
            tasks.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut errors = 0;
                let end = Instant::now() + duration;
                let mut i = task;
                while Instant::now() < end {
                    let url = format!("{base}{}", paths[i % paths.len()]);
                    i += 1;
                    let started = Instant::now();
                    let ok = match client.get(&url).send().await {
                        Ok(response) => {
                            let ok = response.status().is_success();
                            ok && response.bytes().await.is_ok()
                        }
                        Err(_) => false,
                    };
                    latencies.push(started.elapsed());
                    if !ok {
                        errors += 1;
                    }
                }
                (latencies, errors)
            }));
        }
        tasks
    };
    // Warm-up: connections opened, statements prepared.
    for task in run(Duration::from_millis(500)) {
        task.await?;
    }
    let started = Instant::now();
    let mut latencies = Vec::new();
    let mut errors = 0;
    for task in run(Duration::from_secs(seconds)) {
        let (l, e) = task.await?;
        latencies.extend(l);
        errors += e;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .copied()
            .unwrap_or_default()
    };
    Ok(Load {
        requests: latencies.len(),
        errors,
        per_second: latencies.len() as f64 / elapsed,
        p50: at(0.50),
        p99: at(0.99),
    })
}

/// Seeds, serves and measures one backend.
pub async fn run(
    backend: &str,
    urls: Option<(String, String)>,
    data_dir: &std::path::Path,
    settings: &Settings,
    report: &mut Report,
) -> Result<()> {
    let mut config = Config::for_tests(data_dir);
    // SQLite files in `data_dir` unless other databases are given.
    if let Some((events_url, read_url)) = urls {
        config.database_url = events_url;
        config.read_database_url = read_url;
    }
    let app = equilibre::App::open_with(config, SystemClock::shared()).await?;
    let started = Instant::now();
    let seeded = seed(&app.stores.events, settings.experts).await?;
    let appended = started.elapsed();
    let projected = Instant::now();
    app.projector.catch_up().await?;
    let listed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rm_directory")
        .fetch_one(&app.read.pool)
        .await?;
    report.line(format!(
        "{backend}: seeded {} experts in {:.1} s, projected in {:.1} s; {listed} listed",
        settings.experts,
        appended.as_secs_f64(),
        projected.elapsed().as_secs_f64()
    ));

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let router = app.query_router();
    let server = tokio::spawn(async move { axum::serve(listener, router).await });

    let d = &seeded.disorders;
    let s = &seeded.specialisations;
    let words = [
        "anxiete",
        "sleep",
        "hypnose",
        "stress",
        "naturopathie",
        "meditation",
        "ligne",
        "burnout",
    ];
    let scenarios: Vec<(&str, Vec<String>)> = vec![
        (
            "trivial: GET /api/public/policies (no database)",
            vec!["/api/public/policies".into()],
        ),
        (
            "GET /api/health (2 small reads)",
            vec!["/api/health".into()],
        ),
        (
            "one expert's detail (8 experts in turn)",
            seeded
                .experts
                .iter()
                .take(8)
                .map(|id| format!("/api/public/experts/{id}"))
                .collect(),
        ),
        (
            "directory, no filter (page 1 of 12)",
            vec!["/api/public/experts".into()],
        ),
        (
            "directory, free text (8 words in turn)",
            words
                .iter()
                .map(|w| format!("/api/public/experts?search={w}"))
                .collect(),
        ),
        (
            "directory, 3 filters (disorders×2 + language + specialisation)",
            (0..8)
                .map(|i| {
                    format!(
                        "/api/public/experts?disorders={},{}&languages=fr&specializations={}",
                        d[i % d.len()],
                        d[(i + 5) % d.len()],
                        s[i % s.len()]
                    )
                })
                .collect(),
        ),
        (
            "directory, text + 2 filters, page 2",
            (0..8)
                .map(|i| {
                    format!(
                        "/api/public/experts?search={}&languages=fr&disorders={}&page=2",
                        words[i],
                        d[i % d.len()]
                    )
                })
                .collect(),
        ),
    ];
    report.line(format!(
        "{backend}: {:<64} {:>9} {:>9} {:>9} {:>7} {:>8}",
        "endpoint", "req/s", "p50 ms", "p99 ms", "errors", "ratio"
    ));
    let mut trivial = None;
    let mut health = None;
    for (name, paths) in &scenarios {
        let measured = load(&base, paths, settings.connections, settings.seconds).await?;
        let rate = measured.per_second;
        let trivial_rate = *trivial.get_or_insert(rate);
        if name.starts_with("GET /api/health") {
            health = Some(rate);
        }
        let ratio = match health {
            Some(h) if !name.starts_with("GET /api/health") => {
                format!("{:.2} / {:.2}", rate / trivial_rate, rate / h)
            }
            _ => format!("{:.2}", rate / trivial_rate),
        };
        report.line(format!(
            "{backend}: {:<64} {:>9.0} {:>9.2} {:>9.2} {:>7} {:>8}   ({} requests)",
            name,
            rate,
            measured.p50.as_secs_f64() * 1000.0,
            measured.p99.as_secs_f64() * 1000.0,
            measured.errors,
            ratio,
            measured.requests,
        ));
    }
    report.line(format!(
        "{backend}: ratio = req/s ÷ trivial endpoint's (then ÷ /api/health's); {} connections, {} s each",
        settings.connections, settings.seconds
    ));
    server.abort();
    Ok(())
}
