//! The command side (DESIGN §1): authenticates, turns requests into domain
//! decisions, appends events. Every unsafe method of `/api` lands here.
#![forbid(unsafe_code)]

pub mod accounts;
pub mod caller;
pub mod context;
pub mod error;
pub mod execute;
pub mod ids;
pub mod reference;
pub mod routes;

use std::sync::Arc;

use axum::Router;
use platform::auth::Keys;
use platform::clock::SharedClock;
use platform::config::Config;
use platform::doorbell::Doorbell;
use platform::http::{CsrfPolicy, csrf_guard};
use store::Stores;
use utoipa::OpenApi;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub stores: Stores,
    pub keys: Arc<Keys>,
    pub clock: SharedClock,
    pub config: Arc<Config>,
    pub doorbell: Doorbell,
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Equilibre API", description = "Commands (this service) and queries, one origin."),
    modifiers(&SessionSecurity)
)]
struct CommandDoc;

/// Declares the `session` scheme: the area's cookie, or the same token as Bearer.
pub struct SessionSecurity;

impl utoipa::Modify for SessionSecurity {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
        components.add_security_scheme(
            "session_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(
                "eq_client | eq_consultant | eq_admin",
            ))),
        );
    }
}

/// The command routes and their OpenAPI document.
pub fn router(app: AppState) -> (Router, utoipa::openapi::OpenApi) {
    let csrf = CsrfPolicy::new(app.config.public_origin());
    let (router, doc) = OpenApiRouter::with_openapi(CommandDoc::openapi())
        .routes(routes!(routes::otp::request_email_otp))
        .routes(routes!(routes::otp::verify_email_otp))
        .routes(routes!(routes::accounts::sign_up))
        .routes(routes!(routes::accounts::sign_in))
        .routes(routes!(routes::accounts::sign_out))
        .routes(routes!(routes::accounts::forgot_password))
        .routes(routes!(routes::accounts::reset_password))
        .routes(routes!(routes::accounts::change_password))
        .routes(routes!(routes::admin::forget_account))
        .routes(routes!(routes::reference::add_reference))
        .routes(routes!(routes::reference::rename_reference))
        .routes(routes!(routes::reference::trash_reference))
        .routes(routes!(routes::reference::restore_reference))
        .with_state(app)
        .split_for_parts();
    let router = router
        .layer(axum::middleware::from_fn(platform::http::render_errors))
        .layer(axum::middleware::from_fn_with_state(csrf, csrf_guard));
    (router, doc)
}
