//! Wiring: opens the stores, builds the services' routers and workers from
//! one configuration. No business logic lives here.
#![forbid(unsafe_code)]

pub mod demo;
pub mod http;

use std::sync::Arc;

use anyhow::Context;
use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use command_api::AppState;
use command_api::error::CommandError;
use platform::auth::Keys;
use platform::clock::SharedClock;
use platform::config::Config;
use platform::doorbell::Doorbell;
use platform::files::FileStore;
use platform::http::{FieldErrors, PendingError, SecurityHeaders, ThirdParties, security_headers};
use platform::mail::{BrandedMailer, Mailer, mailer_from_config};
use platform::payments::{PaymentProvider, SandboxPayments, StripePayments};
use platform::sms::{SmsSender, sms_from_config};
use projector::branding::StoreBranding;
use projector::reactions::Reactor;
use projector::{Projector, ReadDb};
use query_api::QueryState;
use store::Stores;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

/// Everything the services share, opened once.
#[derive(Clone)]
pub struct App {
    pub config: Arc<Config>,
    pub stores: Stores,
    pub read: ReadDb,
    pub doorbell: Doorbell,
    pub clock: SharedClock,
    /// The reactions worker's clock: `clock`, except under the test-only
    /// `EQUILIBRE_CLOCK_OFFSET_SECONDS`, where workers keep the wall clock so
    /// a shifted instance neither fires reminders early nor holds the
    /// reactions lease into the future for the other instances.
    pub worker_clock: SharedClock,
    pub mailer: Arc<dyn Mailer>,
    pub sms: Arc<dyn SmsSender>,
    pub files: Arc<dyn FileStore>,
    pub projector: Projector,
    pub command_state: AppState,
    pub query_state: QueryState,
}

impl App {
    pub async fn open(config: Config) -> anyhow::Result<App> {
        let offset = config.clock_offset_seconds;
        let mut app = Self::open_with(config, platform::clock::from_offset(offset)).await?;
        if offset != 0 {
            app.worker_clock = platform::clock::SystemClock::shared();
        }
        Ok(app)
    }

    /// Opens with a given clock (tests move time instead of sleeping).
    pub async fn open_with(config: Config, clock: SharedClock) -> anyhow::Result<App> {
        let stores = store::connect(&config.database_url)
            .await
            .context("opening the event store")?;
        let read = ReadDb::connect(&config.read_database_url)
            .await
            .context("opening the read models")?;
        let doorbell = match &config.nats_url {
            Some(url) => Doorbell::nats(url)
                .await
                .with_context(|| format!("connecting to NATS at {url}"))?,
            None => Doorbell::in_process(),
        };
        let rooms = match &config.nats_url {
            Some(url) => platform::room_hub::RoomHub::nats(url)
                .await
                .with_context(|| format!("connecting to NATS at {url} (rooms)"))?,
            None => platform::room_hub::RoomHub::in_process(),
        };
        let mailer: Arc<dyn Mailer> = Arc::new(BrandedMailer {
            inner: mailer_from_config(&config).context("configuring mail")?,
            source: Arc::new(StoreBranding {
                events: stores.events.clone(),
                public_url: config.public_url.clone(),
            }),
        });
        let sms = sms_from_config(&config).context("configuring texts")?;
        let (payments, sandbox_payments) = payments_from_config(&config, &clock)?;
        let files = platform::files::open(&config).context("configuring the file store")?;
        let keys = Arc::new(Keys::new(&config.secret));
        let limits = Arc::new(platform::http::AddressLimits::new(
            &config.limits,
            clock.clone(),
        ));
        limits.spawn_cleanup();
        let config = Arc::new(config);
        let projector = Projector::new(stores.events.clone(), read.clone());
        let command_state = AppState {
            stores: stores.clone(),
            keys: keys.clone(),
            clock: clock.clone(),
            config: config.clone(),
            doorbell: doorbell.clone(),
            files: files.clone(),
            rooms,
            room_facts: Arc::new(ReadRoomFacts(read.clone())),
            payments,
            sandbox_payments,
            passwords: Arc::default(),
            limits: limits.clone(),
        };
        let query_state = QueryState {
            stores: stores.clone(),
            read: read.clone(),
            keys,
            clock: clock.clone(),
            config: config.clone(),
            files: files.clone(),
            openapi: Arc::new(serde_json::Value::Null),
            renders: Arc::default(),
            limits,
            exports: Arc::default(),
        };
        let mut app = App {
            config,
            stores,
            read,
            doorbell,
            worker_clock: clock.clone(),
            clock,
            mailer,
            sms,
            files,
            projector,
            command_state,
            query_state,
        };
        app.query_state.openapi = Arc::new(serde_json::to_value(app.openapi())?);
        Ok(app)
    }

    /// The OpenAPI document of both services, merged.
    pub fn openapi(&self) -> utoipa::openapi::OpenApi {
        let (_, mut doc) = command_api::router(self.command_state.clone());
        let (_, queries) = query_api::router(self.query_state.clone());
        doc.merge(queries);
        doc
    }

    pub fn reactor(&self) -> Reactor {
        Reactor::new(
            self.stores.clone(),
            self.mailer.clone(),
            self.sms.clone(),
            self.files.clone(),
            self.worker_clock.clone(),
        )
        // SMS reminders need the SMS port (`platform::sms`); without it they go by e-mail.
        .with_booking_messages(&self.config.public_url, None)
        .with_platform_cancellations(self.read.clone(), self.command_state.payments.clone())
        .with_drain_projector(self.projector.clone())
        .with_receipts(
            &self.config.legal_name,
            self.config.legal_address.as_deref(),
        )
    }

    /// Starts the projector and the reactions worker in the background.
    pub fn spawn_workers(&self) {
        tokio::spawn(self.projector.clone().run(self.doorbell.clone()));
        tokio::spawn(self.reactor().run(self.doorbell.clone()));
    }

    pub fn command_router(&self) -> Router {
        command_api::router(self.command_state.clone())
            .0
            .layer(axum::middleware::from_fn_with_state(
                SecurityHeaders::for_api(&self.config.public_url),
                security_headers,
            ))
            .layer(axum::middleware::from_fn(platform::http::correlation_id))
    }

    pub fn query_router(&self) -> Router {
        query_api::router(self.query_state.clone())
            .0
            .layer(axum::middleware::from_fn_with_state(
                SecurityHeaders::for_api(&self.config.public_url),
                security_headers,
            ))
            .layer(axum::middleware::from_fn(platform::http::correlation_id))
    }

    /// The single-page app: files from the build, `index.html` for every
    /// other path (client-side routes); unknown `/api` paths answer JSON 404.
    /// Each file goes as its build-time `.br` or `.gz` variant when there is
    /// one and the request accepts it; hashed assets (`/assets/…`) are cached
    /// for a year and never fall back to `index.html` (a missing one is 404),
    /// everything else is revalidated on each use (docs/api.md "Transfer").
    pub fn web_router(&self) -> Router {
        let dir = &self.config.static_dir;
        // Read once: the CSP allows its inline boot style by hash.
        let index_html = std::fs::read_to_string(dir.join("index.html")).ok();
        let assets = ServeDir::new(dir).precompressed_br().precompressed_gzip();
        let spa = assets.clone().fallback(
            ServeFile::new(dir.join("index.html"))
                .precompressed_br()
                .precompressed_gzip(),
        );
        Router::new()
            .fallback(move |request: Request| {
                let (assets, spa) = (assets.clone(), spa.clone());
                async move {
                    let path = request.uri().path();
                    if path == "/api" || path.starts_with("/api/") {
                        return api_not_found().await.into_response();
                    }
                    let hashed = http::is_hashed_asset(path);
                    let response = if hashed {
                        assets.oneshot(request).await.into_response()
                    } else {
                        spa.oneshot(request).await.into_response()
                    };
                    http::cache_web_answer(hashed, response)
                }
            })
            .layer(axum::middleware::from_fn(platform::http::render_errors))
            .layer(axum::middleware::from_fn_with_state(
                SecurityHeaders::for_web(
                    &self.config.public_url,
                    index_html.as_deref(),
                    &ThirdParties::from_config(&self.config),
                ),
                security_headers,
            ))
    }

    /// Serves `router` on the configured address until Ctrl-C.
    pub async fn listen(&self, router: Router, announce: bool) -> anyhow::Result<()> {
        let listener = tokio::net::TcpListener::bind(self.config.bind)
            .await
            .with_context(|| format!("binding {}", self.config.bind))?;
        let url = format!("http://{}", listener.local_addr()?);
        if announce {
            demo::announce(self, &url);
        } else {
            tracing::info!(%url, "listening");
        }
        serve(listener, router, async {
            tokio::signal::ctrl_c().await.ok();
        })
        .await?;
        Ok(())
    }
}

pub use http::serve;

/// The command side reads a room's facts from the booking read model.
struct ReadRoomFacts(ReadDb);

#[async_trait::async_trait]
impl command_api::rooms::RoomFactsSource for ReadRoomFacts {
    async fn facts(&self, room: uuid::Uuid) -> Result<Option<domain::room::RoomFacts>, String> {
        query_api::routes::rooms::load_facts(&self.0.pool, room)
            .await
            .map_err(|e| e.to_string())
    }
}

/// `/api/…` paths no service knows: the JSON 404 envelope, not the web app.
pub async fn api_not_found() -> impl IntoResponse {
    PendingError::response(StatusCode::NOT_FOUND, "not_found", FieldErrors::new())
}

/// A command error as one line for the terminal.
pub fn describe(error: &CommandError) -> String {
    match error {
        CommandError::Domain(domain::DomainError::Invalid(fields)) => fields
            .0
            .iter()
            .map(|(field, e)| {
                format!(
                    "{field}: {}",
                    platform::messages::message(platform::lang::Lang::En, e.code, &[])
                )
            })
            .collect::<Vec<_>>()
            .join("; "),
        other => other.to_string(),
    }
}

/// The card payment provider the configuration names: Stripe when
/// `EQUILIBRE_STRIPE_SECRET_KEY` is set, else the sandbox (Stripe's test-card
/// behaviour, in memory), also returned as itself for its card form's routes.
type Payments = (Arc<dyn PaymentProvider>, Option<Arc<SandboxPayments>>);

fn payments_from_config(config: &Config, clock: &SharedClock) -> anyhow::Result<Payments> {
    Ok(match StripePayments::new(&config.stripe) {
        Some(stripe) => (Arc::new(stripe.context("configuring Stripe")?), None),
        None => {
            let sandbox = Arc::new(SandboxPayments::new(clock.clone()));
            (sandbox.clone(), Some(sandbox))
        }
    })
}
