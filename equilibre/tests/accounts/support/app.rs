//! [`TestApp`]: the real app served on 127.0.0.1:0 and a browser-like client.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use chrono::{SubsecRound, Utc};
use domain::account::SecondFactorPolicy;
use equilibre::App;
use platform::clock::ManualClock;
use platform::config::{Config, FilesBackend, RateLimits};
use platform::testing::MailDev;
use store::Position;
use tokio::task::JoinHandle;

use super::{Backend, Database, PATIENCE};

/// The app under test and a browser-like client for it.
pub struct TestApp {
    pub app: App,
    pub clock: ManualClock,
    /// `http://127.0.0.1:{port}`, also the configured public URL.
    pub address: String,
    pub mail: Option<MailDev>,
    pub database: Arc<Database>,
    /// Keeps cookies, sends `X-Requested-With: equilibre` and our `Origin`.
    pub(super) browser: reqwest::Client,
    /// Sends only what a test adds.
    pub(super) plain: reqwest::Client,
    /// The highest `X-Event-Position` seen, sent as `X-Min-Position` (as the SPA does).
    seen: Mutex<Option<Position>>,
    /// The reactions worker tests drive by hand (one lease holder per app).
    pub(super) reactor: projector::reactions::Reactor,
    server: JoinHandle<()>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// Options of [`TestApp`]; `TestApp::start(backend)` takes the defaults
/// (workers running, `.eml` outbox, in-process doorbell).
pub struct Builder {
    backend: Backend,
    smtp: bool,
    nats: bool,
    workers: bool,
    database: Option<Arc<Database>>,
    clock: Option<ManualClock>,
    files: Option<FilesBackend>,
    limits: Option<RateLimits>,
    second_factor: Option<SecondFactorPolicy>,
    pixel: Option<platform::config::PixelSettings>,
}

impl Builder {
    /// Mails go to a real SMTP server (maildev) started for this app.
    pub fn smtp(mut self) -> Self {
        self.smtp = true;
        self
    }
    /// The doorbell rings over NATS (`TEST_NATS_URL`, default local).
    pub fn nats(mut self) -> Self {
        self.nats = true;
        self
    }
    /// No projector or reactions worker: tests drive them explicitly.
    pub fn without_workers(mut self) -> Self {
        self.workers = false;
        self
    }
    /// Keeps uploads there instead of the local directory.
    pub fn files(mut self, files: FilesBackend) -> Self {
        self.files = Some(files);
        self
    }
    /// Request limits as in production (tests default to unreachable ones).
    pub fn limits(mut self, limits: RateLimits) -> Self {
        self.limits = Some(limits);
        self
    }
    /// Administrators' second factor as configured (tests default to `Offered`).
    pub fn admin_second_factor(mut self, policy: SecondFactorPolicy) -> Self {
        self.second_factor = Some(policy);
        self
    }
    /// An advertising pixel configured (none by default).
    pub fn pixel(mut self, pixel: platform::config::PixelSettings) -> Self {
        self.pixel = Some(pixel);
        self
    }
    /// Opens the same store and read models, on the same clock, as `other`.
    pub fn sharing(mut self, other: &TestApp) -> Self {
        self.database = Some(other.database.clone());
        self.clock = Some(other.clock.clone());
        self
    }

    pub async fn start(self) -> TestApp {
        let database = match self.database {
            Some(database) => database,
            None => Database::fresh(self.backend).await,
        };
        let clock = self
            .clock
            .unwrap_or_else(|| ManualClock::new(Utc::now().trunc_subsecs(0)));
        let mail = if self.smtp {
            Some(MailDev::start().await)
        } else {
            None
        };
        // Bind first: the public URL (CSRF origin, links in mails) is the bound address.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a free port");
        let bound = listener.local_addr().expect("a bound address");
        let data_dir = database.dir.path().join(format!("app-{}", bound.port()));
        let mut config = Config::for_tests(&data_dir);
        let (events_url, read_url) = database.urls();
        config.bind = bound;
        config.public_url = format!("http://{bound}");
        config.database_url = events_url;
        config.read_database_url = read_url;
        config.smtp_url = mail.as_ref().map(MailDev::smtp_url);
        config.nats_url = self.nats.then(nats_url);
        config.static_dir = static_dir(&data_dir);
        config.stripe.webhook_secret = Some(STRIPE_WEBHOOK_SECRET.into());
        if let Some(files) = self.files {
            config.files = files;
        }
        if let Some(limits) = self.limits {
            config.limits = limits;
        }
        if let Some(policy) = self.second_factor {
            config.admin_second_factor = policy;
        }
        config.pixel = self.pixel;

        let app = App::open_with(config, clock.shared())
            .await
            .expect("the app opens");
        if self.workers {
            app.spawn_workers();
        }
        let router = app
            .command_router()
            .merge(app.query_router())
            .merge(app.web_router());
        let server = tokio::spawn(async move {
            equilibre::serve(listener, router, std::future::pending())
                .await
                .expect("the server runs");
        });
        let address = format!("http://{bound}");
        let reactor = app.reactor();
        TestApp {
            reactor,
            browser: browser_client(&address),
            plain: reqwest::Client::builder().build().expect("an HTTP client"),
            address,
            app,
            clock,
            mail,
            database,
            seen: Mutex::new(None),
            server,
        }
    }
}

impl TestApp {
    pub fn with(backend: Backend) -> Builder {
        Builder {
            backend,
            smtp: false,
            nats: false,
            workers: true,
            database: None,
            clock: None,
            files: None,
            limits: None,
            second_factor: None,
            pixel: None,
        }
    }

    /// The default app: workers running, mails as `.eml` files.
    pub async fn start(backend: Backend) -> TestApp {
        TestApp::with(backend).start().await
    }

    /// The app's current date (UTC).
    pub fn today(&self) -> chrono::NaiveDate {
        self.now().date_naive()
    }

    pub fn now(&self) -> chrono::DateTime<Utc> {
        platform::clock::Clock::now(&self.clock)
    }

    /// Moves the app's clock forward.
    pub fn advance(&self, by: chrono::TimeDelta) {
        self.clock.advance(by);
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// The maildev of an app built with `.smtp()`.
    pub fn maildev(&self) -> &MailDev {
        self.mail
            .as_ref()
            .expect("this app was started with .smtp()")
    }

    /// The highest position a command answered so far.
    pub fn seen_position(&self) -> Option<Position> {
        *self.seen.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn remember(&self, position: Position) {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.is_none_or(|s| s < position) {
            *seen = Some(position);
        }
    }

    /// Waits until the store's readers see every committed event (see
    /// [`Database::settle`]).
    pub async fn settle(&self) {
        self.database.settle(self.app.stores.events.as_ref()).await;
    }

    /// The store's head once every committed event is visible.
    pub async fn store_head(&self) -> Position {
        self.settle().await;
        self.app
            .stores
            .events
            .head()
            .await
            .expect("the store answers")
    }

    /// Every event in the store, in global order.
    pub async fn all_events(&self) -> Vec<store::RecordedEvent> {
        self.settle().await;
        let mut all: Vec<store::RecordedEvent> = Vec::new();
        loop {
            let after = all.last().map_or(Position::START, |e| e.position);
            let batch = self
                .app
                .stores
                .events
                .read_all(after, 1000)
                .await
                .expect("the store answers");
            if batch.is_empty() {
                return all;
            }
            all.extend(batch);
        }
    }

    /// How many events of this type the store holds.
    pub async fn count_events(&self, event_type: &str) -> usize {
        self.all_events()
            .await
            .iter()
            .filter(|e| e.event_type == event_type)
            .count()
    }

    /// Projects everything appended so far.
    pub async fn catch_up(&self) {
        self.settle().await;
        self.app
            .projector
            .catch_up()
            .await
            .expect("the projector catches up");
    }

    /// Waits (bounded) until the read models reflect `position`.
    pub async fn wait_for_projection(&self, position: Position) {
        let deadline = tokio::time::Instant::now() + PATIENCE;
        while self.app.projector.checkpoint().await.expect("a checkpoint") < position {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the projector did not reach {position}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

fn nats_url() -> String {
    std::env::var("TEST_NATS_URL").unwrap_or_else(|_| "nats://127.0.0.1:4222".into())
}

/// A tiny web app build: `index.html` for every client-side route.
fn static_dir(data_dir: &std::path::Path) -> PathBuf {
    let dir = data_dir.join("static");
    std::fs::create_dir_all(&dir).expect("a static directory");
    std::fs::write(dir.join("index.html"), INDEX_HTML).expect("index.html written");
    dir
}

/// The Stripe webhook signing secret of every test app.
pub const STRIPE_WEBHOOK_SECRET: &str = "whsec_equilibre_tests";

/// Shaped like the build's (`lang`, title, description, `#root`,
/// `<noscript>`), so the server can render public pages into it.
pub const INDEX_HTML: &str = "<!doctype html><html lang=\"fr\"><head><meta charset=\"UTF-8\" />\
    <meta name=\"description\" content=\"Equilibre\" /><title>Equilibre</title></head>\
    <body><div id=\"root\"><div class=\"boot\">equilibre-test-spa</div></div>\
    <noscript>JavaScript</noscript></body></html>\n";

fn browser_client(origin: &str) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        "x-requested-with",
        reqwest::header::HeaderValue::from_static("equilibre"),
    );
    headers.insert(
        reqwest::header::ORIGIN,
        origin.parse().expect("an origin header"),
    );
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .build()
        .expect("an HTTP client")
}
