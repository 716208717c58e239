//! The blog and what search engines read, under load (issue 13): 500
//! approved experts and 1,000 published posts (both languages, a few
//! hundred words each) appended straight to the event store, the projector
//! caught up, the real query service served on 127.0.0.1:0; then the
//! trivial endpoint, the blog list (plain and by tag), a post by slug, the
//! server-rendered list, post and expert pages and `/sitemap.xml`, each for
//! a few seconds at `BENCH_CONNECTIONS`. Figures only; the ratios to the
//! trivial endpoint of the same run are the ones that count.

use std::time::Instant;

use anyhow::Result;
use chrono::{TimeDelta, Utc};
use domain::blog::{Author, BlogEvent, PostContent, PostText};
use platform::clock::SystemClock;
use platform::config::Config;
use store::{AppendRequest, StreamId};
use uuid::Uuid;

use crate::directory::{Lcg, load_with, seed, stream_of};
use crate::report::Report;

pub struct Settings {
    pub experts: usize,
    pub posts: usize,
    pub connections: usize,
    pub seconds: u64,
}

const TAGS: &[(&str, &str)] = &[
    ("Sommeil", "Sleep"),
    ("Stress", "Stress"),
    ("Respiration", "Breathing"),
    ("Alimentation", "Nutrition"),
    ("Ayurveda", "Ayurveda"),
    ("Plantes", "Herbal remedies"),
];

/// A body of about 300 words with headings, a list and emphasis.
fn body(n: usize, lang: &str) -> String {
    let sentence = if lang == "fr" {
        "Prendre le temps de respirer calmement avant le coucher aide le corps à ralentir. "
    } else {
        "Taking time to breathe calmly before bed helps the body slow down. "
    };
    format!(
        "## {n}\n\n{}\n\n- **{}**\n- *{}*\n\n{}",
        sentence.repeat(12),
        sentence.trim(),
        sentence.trim(),
        sentence.repeat(12)
    )
}

fn post(n: usize, experts: &[Uuid], rng: &mut Lcg) -> PostContent {
    let text = |lang: &str, title: String, tags: Vec<String>| PostText {
        slug: domain::blog::slugify(&title),
        title,
        body: body(n, lang),
        tags,
    };
    let tags = rng.picks(TAGS.len(), 2);
    PostContent {
        fr: text(
            "fr",
            format!("Bien dormir, conseil numéro {n}"),
            tags.iter().map(|&t| TAGS[t].0.to_owned()).collect(),
        ),
        en: text(
            "en",
            format!("Sleeping well, tip number {n}"),
            tags.iter().map(|&t| TAGS[t].1.to_owned()).collect(),
        ),
        author: if n.is_multiple_of(3) {
            Author::Editorial
        } else {
            Author::Expert {
                consultant_id: experts[rng.next(experts.len())],
            }
        },
        cover: None,
        publish_at: Some(Utc::now() - TimeDelta::hours(n as i64)),
    }
}

/// A page shaped like the build's `index.html`, so pages render into it.
const INDEX_HTML: &str = "<!doctype html><html lang=\"fr\"><head><meta charset=\"UTF-8\" />\
    <meta name=\"description\" content=\"Equilibre\" /><title>Equilibre</title></head>\
    <body><div id=\"root\"><div class=\"boot\">Equilibre</div></div>\
    <noscript>JavaScript</noscript></body></html>\n";

/// Seeds, serves and measures one backend.
pub async fn run(
    backend: &str,
    urls: Option<(String, String)>,
    data_dir: &std::path::Path,
    settings: &Settings,
    report: &mut Report,
) -> Result<()> {
    let mut config = Config::for_tests(data_dir);
    if let Some((events_url, read_url)) = urls {
        config.database_url = events_url;
        config.read_database_url = read_url;
    }
    let static_dir = data_dir.join("static");
    std::fs::create_dir_all(&static_dir)?;
    std::fs::write(static_dir.join("index.html"), INDEX_HTML)?;
    config.static_dir = static_dir;
    let app = equilibre::App::open_with(config, SystemClock::shared()).await?;
    let started = Instant::now();
    let seeded = seed(&app.stores.events, settings.experts).await?;
    let mut rng = Lcg(7);
    let mut slugs = Vec::new();
    for chunk in (0..settings.posts).collect::<Vec<_>>().chunks(100) {
        let mut streams = Vec::new();
        for &n in chunk {
            let post_id = Uuid::now_v7();
            let content = post(n, &seeded.experts, &mut rng);
            slugs.push(content.fr.slug.clone());
            let publish_at = content.publish_at.unwrap_or_else(Utc::now);
            let events = [
                BlogEvent::BlogPostWritten {
                    post_id,
                    content,
                    admin_id: Uuid::nil(),
                    at: Utc::now(),
                },
                BlogEvent::BlogPostPublished {
                    post_id,
                    publish_at,
                    at: Utc::now(),
                },
            ];
            streams.push(stream_of(
                StreamId::new(domain::blog::CATEGORY, post_id),
                &events,
            ));
        }
        app.stores
            .events
            .append(AppendRequest {
                streams,
                side_writes: Vec::new(),
            })
            .await?;
    }
    let appended = started.elapsed();
    let projected = Instant::now();
    app.projector.catch_up().await?;
    report.line(format!(
        "{backend}: seeded {} experts and {} posts in {:.1} s, projected in {:.1} s",
        settings.experts,
        settings.posts,
        appended.as_secs_f64(),
        projected.elapsed().as_secs_f64()
    ));

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    let router = app.query_router();
    let server = tokio::spawn(async move { axum::serve(listener, router).await });
    let eight = |f: &dyn Fn(usize) -> String| (0..8).map(f).collect::<Vec<_>>();
    let scenarios: Vec<(&str, Vec<String>)> = vec![
        (
            "trivial: GET /api/public/policies (no database)",
            vec!["/api/public/policies".into()],
        ),
        (
            "blog list, page 1 of 12 (API)",
            vec!["/api/public/blog-posts".into()],
        ),
        (
            "blog list by tag, pages 1-8 (API)",
            eight(&|i| format!("/api/public/blog-posts?tag=sommeil&page={}", i + 1)),
        ),
        (
            "one post by slug (8 posts in turn, API)",
            eight(&|i| format!("/api/public/blog-posts/by-slug/{}", slugs[i * 97])),
        ),
        ("rendered /blog", vec!["/blog".into()]),
        (
            "rendered post page (8 in turn)",
            eight(&|i| format!("/blog/{}", slugs[i * 97])),
        ),
        (
            "rendered expert page (8 in turn)",
            eight(&|i| format!("/our-experts/details/{}", seeded.experts[i * 11])),
        ),
        ("rendered /faq (a static page)", vec!["/faq".into()]),
        (
            "rendered /terms-conditions (the version in force)",
            vec!["/terms-conditions".into()],
        ),
        (
            "/sitemap.xml (500 experts, 2,000 post addresses; gzip)",
            vec!["/sitemap.xml".into()],
        ),
    ];
    report.line(format!(
        "{backend}: {:<64} {:>9} {:>9} {:>9} {:>7} {:>6}",
        "endpoint", "req/s", "p50 ms", "p99 ms", "errors", "ratio"
    ));
    let mut trivial = None;
    for (name, paths) in &scenarios {
        // As browsers and crawlers ask (the sitemap is sent compressed).
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(reqwest::header::ACCEPT_ENCODING, "gzip".parse()?);
        let measured = load_with(
            &base,
            paths,
            settings.connections,
            settings.seconds,
            headers,
        )
        .await?;
        let rate = measured.per_second;
        let trivial_rate = *trivial.get_or_insert(rate);
        report.line(format!(
            "{backend}: {:<64} {:>9.0} {:>9.2} {:>9.2} {:>7} {:>6.2}   ({} requests)",
            name,
            rate,
            measured.p50.as_secs_f64() * 1000.0,
            measured.p99.as_secs_f64() * 1000.0,
            measured.errors,
            rate / trivial_rate,
            measured.requests,
        ));
    }
    report.line(format!(
        "{backend}: ratio = req/s ÷ trivial endpoint's (budget ≥ 0.50, p99 ≤ 10 ms); {} connections, {} s each",
        settings.connections, settings.seconds
    ));
    server.abort();
    Ok(())
}
