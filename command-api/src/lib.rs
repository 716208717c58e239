//! The command side (DESIGN §1): authenticates, turns requests into domain
//! decisions, appends events. Every unsafe method of `/api` lands here.
#![forbid(unsafe_code)]

pub mod accounts;
mod address_budget;
pub mod blog;
pub mod booking;
pub mod caller;
pub mod catalogue;
pub mod client_file;
pub mod complaints;
pub mod consultant;
pub mod contact;
pub mod context;
pub mod digital_products;
pub mod error;
pub mod execute;
pub mod favourites;
pub mod files;
pub mod ids;
pub mod newsletter;
pub mod quotes;
pub mod reference;
pub mod rooms;
pub mod routes;
pub mod site;
pub mod starter_kit;
pub mod usage;
pub mod waiting_list;

use std::sync::Arc;

use axum::Router;
use platform::auth::Keys;
use platform::clock::SharedClock;
use platform::config::Config;
use platform::doorbell::Doorbell;
use platform::files::FileStore;
use platform::http::{CsrfPolicy, csrf_guard};
use platform::payments::PaymentProvider;
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
    /// Video-room signalling fan-out (in-process or NATS).
    pub rooms: platform::room_hub::RoomHub,
    /// Where a room's booking facts are read.
    pub room_facts: rooms::SharedRoomFacts,
    /// Card payments (the sandbox by default, Stripe when configured).
    pub payments: Arc<dyn PaymentProvider>,
    /// The same provider when it is the sandbox: its card form's routes.
    pub sandbox_payments: Option<Arc<platform::payments::SandboxPayments>>,
    /// Where password hashes and checks run, a few at a time.
    pub passwords: Arc<platform::auth::HashPool>,
    /// Request budgets per client address (shared with the query service).
    pub limits: Arc<platform::http::AddressLimits>,
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
    let limits = app.limits.clone();
    let (router, doc) = OpenApiRouter::with_openapi(CommandDoc::openapi())
        .routes(sign_in_budget(
            &app,
            routes!(routes::otp::request_email_otp),
        ))
        .routes(sign_in_budget(&app, routes!(routes::otp::verify_email_otp)))
        .routes(sign_in_budget(
            &app,
            routes!(routes::otp::request_mobile_otp),
        ))
        .routes(sign_in_budget(
            &app,
            routes!(routes::otp::verify_mobile_otp),
        ))
        .routes(sign_in_budget(&app, routes!(routes::accounts::sign_up)))
        .routes(sign_in_budget(&app, routes!(routes::accounts::sign_in)))
        .routes(sign_in_budget(
            &app,
            routes!(routes::second_factor::sign_in_second_factor),
        ))
        .routes(sign_in_budget(
            &app,
            routes!(routes::second_factor::enrol_at_sign_in),
        ))
        .routes(routes!(routes::second_factor::enrol))
        .routes(routes!(
            routes::second_factor::confirm,
            routes::second_factor::disable
        ))
        .routes(routes!(routes::second_factor::renew_recovery_codes))
        .routes(routes!(routes::accounts::sign_out))
        .routes(routes!(routes::accounts::send_erasure_code))
        .routes(routes!(
            routes::accounts::request_erasure,
            routes::accounts::cancel_erasure
        ))
        .routes(sign_in_budget(
            &app,
            routes!(routes::accounts::forgot_password),
        ))
        .routes(sign_in_budget(
            &app,
            routes!(routes::accounts::reset_password),
        ))
        .routes(sign_in_budget(
            &app,
            routes!(routes::accounts::change_password),
        ))
        .routes(routes!(routes::admin::forget_account))
        .routes(routes!(routes::admin::deactivate_client))
        .routes(routes!(routes::admin::reactivate_client))
        .routes(routes!(routes::admin::deactivate_consultant))
        .routes(routes!(routes::admin::reactivate_consultant))
        .routes(routes!(routes::reference::add_reference))
        .routes(routes!(routes::reference::rename_reference))
        .routes(routes!(routes::reference::trash_reference))
        .routes(routes!(routes::reference::restore_reference))
        .routes(routes!(routes::blog::add_blog_post))
        .routes(routes!(routes::blog::edit_blog_post))
        .routes(routes!(routes::blog::trash_blog_post))
        .routes(routes!(routes::blog::restore_blog_post))
        .routes(routes!(routes::blog::preview_blog_body))
        .routes(routes!(routes::usage::record_usage))
        .routes(routes!(routes::quotes::add_quote))
        .routes(routes!(routes::quotes::edit_quote))
        .routes(routes!(routes::quotes::trash_quote))
        .routes(routes!(routes::quotes::restore_quote))
        .routes(routes!(routes::site::edit_site_page))
        .routes(routes!(routes::site::publish_legal_version))
        .routes(routes!(routes::site::trash_legal_version))
        .routes(routes!(routes::site::restore_legal_version))
        .routes(routes!(routes::site::accept_legal))
        .routes(routes!(routes::site::change_web_settings))
        .routes(routes!(
            routes::favourites::add_favourite,
            routes::favourites::remove_favourite
        ))
        .routes({
            let (schemas, paths, method) = routes!(routes::files::upload_file);
            (
                schemas,
                paths,
                method.layer(routes::files::upload_body_limit()).layer(
                    axum::middleware::map_response(routes::files::close_after_refusal),
                ),
            )
        })
        .routes(routes!(routes::client_file::save_consent_form))
        .routes(routes!(routes::client_file::save_health_assessment))
        .routes(routes!(routes::client_file::save_general_info))
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
        .routes(routes!(routes::rooms::room_socket))
        .routes(routes!(routes::booking::set_timings))
        .routes(routes!(routes::booking::book))
        .routes(routes!(routes::booking::start_payment))
        .routes(routes!(routes::booking::pay_booking))
        .routes(routes!(routes::sandbox_payments::sandbox_confirm))
        .routes(routes!(routes::sandbox_payments::sandbox_challenge))
        .routes(routes!(routes::booking::client_cancel_booking))
        .routes(routes!(routes::booking::consultant_cancel_booking))
        .routes(routes!(routes::booking::admin_cancel_booking))
        .routes(routes!(routes::booking::client_reschedule_booking))
        .routes(routes!(routes::booking::consultant_reschedule_booking))
        .routes(routes!(routes::booking::report_no_show))
        .routes(routes!(routes::booking::create_coupon))
        .routes(routes!(routes::booking::disable_coupon))
        .routes(routes!(routes::booking::add_note))
        .routes(routes!(routes::complaints::file_complaint))
        .routes(routes!(routes::complaints::withdraw_complaint))
        .routes(routes!(routes::complaints::submit_statement))
        .routes(routes!(routes::complaints::provide_information))
        .routes(routes!(routes::complaints::review_complaint))
        .routes(routes!(routes::complaints::request_complaint_information))
        .routes(routes!(routes::complaints::decide_complaint))
        .routes(routes!(routes::complaints::dismiss_complaint))
        .routes(sign_in_budget(
            &app,
            routes!(routes::contact::send_contact_message),
        ))
        .routes(routes!(routes::contact::delete_contact_message))
        .routes(sign_in_budget(
            &app,
            routes!(routes::newsletter::subscribe_newsletter),
        ))
        .routes(sign_in_budget(
            &app,
            routes!(routes::newsletter::confirm_newsletter),
        ))
        .routes(sign_in_budget(
            &app,
            routes!(routes::newsletter::unsubscribe_newsletter),
        ))
        .routes(routes!(routes::newsletter::delete_newsletter_subscriber))
        .routes(sign_in_budget(
            &app,
            routes!(routes::starter_kit::request_starter_kit),
        ))
        .routes(routes!(routes::starter_kit::delete_starter_kit_request))
        .routes(sign_in_budget(
            &app,
            routes!(routes::waiting_list::join_waiting_list),
        ))
        .routes(sign_in_budget(
            &app,
            routes!(routes::waiting_list::leave_waiting_list),
        ))
        .routes(routes!(routes::waiting_list::delete_waiting_list_entry))
        .routes(routes!(routes::catalogue::add_lifestyle_product))
        .routes(routes!(routes::catalogue::edit_lifestyle_product))
        .routes(routes!(routes::catalogue::trash_lifestyle_product))
        .routes(routes!(routes::catalogue::restore_lifestyle_product))
        .routes(routes!(routes::catalogue::set_recommended_products))
        .routes(routes!(routes::digital_products::add_digital_product))
        .routes(routes!(routes::digital_products::edit_digital_product))
        .routes(routes!(routes::digital_products::trash_digital_product))
        .routes(routes!(routes::digital_products::restore_digital_product))
        .routes(routes!(routes::digital_products::start_product_payment))
        .routes(routes!(routes::digital_products::pay_product))
        .routes(routes!(routes::digital_products::claim_product))
        .with_state(app.clone())
        .split_for_parts();
    // Signed by the provider, sent without browser headers: outside the CSRF guard.
    let (webhooks, webhook_doc) = OpenApiRouter::new()
        .routes(routes!(routes::payments::stripe_webhook))
        .with_state(app)
        .split_for_parts();
    let router = router
        .layer(axum::middleware::from_fn_with_state(csrf, csrf_guard))
        .merge(webhooks)
        .layer(axum::middleware::from_fn_with_state(
            limits,
            platform::http::admit,
        ))
        .layer(axum::middleware::from_fn(platform::http::render_errors));
    let mut doc = doc;
    doc.merge(webhook_doc);
    (router, doc)
}

/// A route that hashes a password or sends a message: it also spends the
/// client address's sign-in budget (docs/rules.md "Request limits").
fn sign_in_budget(
    app: &AppState,
    (schemas, paths, method): utoipa_axum::router::UtoipaMethodRouter<AppState>,
) -> utoipa_axum::router::UtoipaMethodRouter<AppState> {
    let limited = method.layer(axum::middleware::from_fn_with_state(
        app.limits.clone(),
        platform::http::limit_sign_ins,
    ));
    (schemas, paths, limited)
}
