//! The command side (DESIGN §1): authenticates, turns requests into domain
//! decisions, appends events. Every unsafe method of `/api` lands here.
#![forbid(unsafe_code)]

pub mod accounts;
pub mod caller;
pub mod consultant;
pub mod context;
pub mod error;
pub mod execute;
pub mod favourites;
pub mod files;
pub mod ids;
pub mod reference;
pub mod routes;

use std::sync::Arc;

use axum::Router;
use platform::auth::Keys;
use platform::clock::SharedClock;
use platform::config::Config;
use platform::doorbell::Doorbell;
use platform::files::FileStore;
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
    /// Uploaded files (local directory or S3-compatible bucket).
    pub files: Arc<dyn FileStore>,
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
        .routes(routes!(
            routes::favourites::add_favourite,
            routes::favourites::remove_favourite
        ))
        .routes({
            let (schemas, paths, method) = routes!(routes::files::upload_file);
            (
                schemas,
                paths,
                method.layer(routes::files::upload_body_limit()),
            )
        })
        .routes(routes!(routes::consultant::save_basic_profile))
        .routes(routes!(routes::consultant::save_address))
        .routes(routes!(routes::consultant::add_degree))
        .routes(routes!(
            routes::consultant::edit_degree,
            routes::consultant::remove_degree
        ))
        .routes(routes!(routes::consultant::add_certificate))
        .routes(routes!(
            routes::consultant::edit_certificate,
            routes::consultant::remove_certificate
        ))
        .routes(routes!(routes::consultant::save_bank))
        .routes(routes!(routes::consultant::save_details))
        .routes(routes!(routes::consultant::save_documents))
        .routes(routes!(routes::consultant::submit_profile))
        .routes(routes!(routes::consultant::withdraw_profile))
        .routes(routes!(routes::consultant::approve_consultant))
        .routes(routes!(routes::consultant::reject_consultant))
        .routes(routes!(routes::consultant::suspend_consultant))
        .routes(routes!(routes::consultant::reinstate_consultant))
        .routes(routes!(routes::consultant::consultant_changes_reviewed))
        .with_state(app)
        .split_for_parts();
    let router = router
        .layer(axum::middleware::from_fn(platform::http::render_errors))
        .layer(axum::middleware::from_fn_with_state(csrf, csrf_guard));
    (router, doc)
}
