//! The query side (DESIGN §1): read-only over the read models. Every GET of
//! `/api` lands here. Reads wait (bounded) for the projector to pass the
//! position the client last wrote (read-your-writes).
#![forbid(unsafe_code)]

pub mod bounds;
pub mod csv;
pub mod error;
pub mod freshness;
pub mod pages;
pub mod people_lists;
pub mod render_cache;
pub mod routes;
pub mod validators;

use std::sync::Arc;

use axum::Router;
use platform::auth::Keys;
use platform::clock::SharedClock;
use platform::config::Config;
use platform::files::FileStore;
use projector::ReadDb;
use store::Stores;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

#[derive(Clone)]
pub struct QueryState {
    pub stores: Stores,
    pub read: ReadDb,
    pub keys: Arc<Keys>,
    pub clock: SharedClock,
    pub config: Arc<Config>,
    /// Uploaded files (local directory or S3-compatible bucket).
    pub files: Arc<dyn FileStore>,
    /// The merged OpenAPI document of both services, served as is.
    pub openapi: Arc<serde_json::Value>,
    /// Rendered answers of hot reads, kept while the read models stand still.
    pub renders: Arc<render_cache::RenderCache>,
    /// Request budgets per client address (shared with the command service).
    pub limits: Arc<platform::http::AddressLimits>,
    /// The "my data" archives being sent (one per account, a few at once).
    pub exports: Arc<routes::my_data::Exports>,
}

#[derive(OpenApi)]
#[openapi(
    info(title = "Equilibre API"),
    // Served by hand below: a key spans several path segments (`{*key}`).
    paths(routes::files::download_file, routes::complaints::complaint_file)
)]
struct QueryDoc;

/// The query routes and their OpenAPI document.
pub fn router(state: QueryState) -> (Router, utoipa::openapi::OpenApi) {
    // The big public reads (and the free slots, polled while a client chooses)
    // answer an ETag and 304 on a repeat (validators.rs).
    let validated = OpenApiRouter::new()
        .routes(routes!(routes::public::registration_options))
        .routes(routes!(routes::reference::reference_picker))
        .routes(routes!(routes::reference::reference_public_item))
        .routes(routes!(routes::directory::list_experts))
        .routes(routes!(routes::directory::expert_detail))
        .routes(routes!(routes::bookings::slots::expert_slots))
        .routes(routes!(routes::blog::public_blog_posts))
        .routes(routes!(routes::blog::public_blog_tags))
        .routes(routes!(routes::blog::public_blog_post))
        .routes(routes!(routes::quotes::quote_of_the_day))
        .routes(routes!(routes::catalogue::public_lifestyle_products))
        .routes(routes!(routes::catalogue::public_lifestyle_product))
        .routes(routes!(routes::catalogue::expert_recommended_products))
        .routes(routes!(routes::digital_products::public_digital_products))
        .routes(routes!(routes::digital_products::public_digital_product))
        .routes(routes!(routes::site::site_page))
        .routes(routes!(routes::site::legal_document))
        .routes(routes!(routes::seo::robots))
        .routes(routes!(routes::seo::sitemap))
        .routes(routes!(pages::home::home_page))
        .routes(routes!(pages::expert::expert_page))
        .routes(routes!(pages::directory::directory_page))
        .routes(routes!(pages::blog::blog_list_page))
        .routes(routes!(pages::blog::blog_post_page))
        .routes(routes!(pages::site::about_us_page))
        .routes(routes!(pages::site::alternative_medicine_page))
        .routes(routes!(pages::site::sdg_media_page))
        .routes(routes!(pages::site::faq_page))
        .routes(routes!(pages::site::team_and_vision_page))
        .routes(routes!(pages::site::media_page))
        .routes(routes!(pages::site::terms_page))
        .routes(routes!(pages::site::privacy_page))
        .layer(axum::middleware::from_fn(validators::etag));
    let (router, doc) = OpenApiRouter::with_openapi(QueryDoc::openapi())
        .routes(routes!(routes::system::health))
        .routes(routes!(routes::system::openapi_json))
        .routes(routes!(routes::site::web_settings))
        .routes(routes!(routes::site::web_settings_image))
        .routes(routes!(routes::site::admin_web_settings))
        .routes(routes!(routes::public::policies))
        .routes(routes!(routes::figures::figures))
        .merge(validated)
        .routes(routes!(routes::accounts::session))
        .routes(routes!(routes::accounts::my_profile))
        .routes(routes!(routes::my_data::client_my_data))
        .routes(routes!(routes::my_data::consultant_my_data))
        .routes(routes!(routes::reference::reference_list))
        .routes(routes!(routes::reference::reference_item))
        .routes(routes!(routes::consultants::consultant_profile))
        .routes(routes!(routes::consultants::consultant_list))
        .routes(routes!(routes::consultants::consultant_view))
        .routes(routes!(routes::directory::expert_photo))
        .routes(routes!(routes::blog::public_blog_cover))
        .routes(routes!(routes::blog::admin_blog_posts))
        .routes(routes!(routes::blog::admin_blog_post))
        .routes(routes!(routes::usage::usage_table))
        .routes(routes!(routes::quotes::admin_quotes))
        .routes(routes!(routes::quotes::admin_quote))
        .routes(routes!(routes::site::legal_pdf))
        .routes(routes!(routes::site::admin_site_pages))
        .routes(routes!(routes::site::admin_site_page))
        .routes(routes!(routes::site::admin_legal_versions))
        .routes(routes!(routes::site::legal_standing))
        .routes(routes!(routes::directory::favourites))
        .routes(routes!(routes::clients::list_clients))
        .routes(routes!(routes::contact::list_contact_messages))
        .routes(routes!(routes::contact::export_contact_messages))
        .routes(routes!(routes::newsletter::list_newsletter_subscribers))
        .routes(routes!(routes::newsletter::export_newsletter_subscribers))
        .routes(routes!(routes::starter_kits::list_starter_kit_requests))
        .routes(routes!(routes::starter_kits::export_starter_kit_requests))
        .routes(routes!(routes::waiting_list::list_waiting_list))
        .routes(routes!(routes::waiting_list::export_waiting_list))
        .routes(routes!(routes::catalogue::public_lifestyle_product_image))
        .routes(routes!(routes::catalogue::my_recommended_products))
        .routes(routes!(routes::catalogue::admin_lifestyle_products))
        .routes(routes!(routes::catalogue::admin_lifestyle_product))
        .routes(routes!(
            routes::digital_products::public_digital_product_cover
        ))
        .routes(routes!(routes::digital_products::my_digital_products))
        .routes(routes!(routes::digital_products::download_digital_product))
        .routes(routes!(routes::digital_products::admin_digital_products))
        .routes(routes!(routes::digital_products::admin_digital_product))
        .routes(routes!(routes::clients::client_detail))
        .routes(routes!(routes::files::consultant_contract))
        .routes(routes!(routes::rooms::room))
        .routes(routes!(routes::bookings::client_bookings))
        .routes(routes!(routes::bookings::consultant_bookings))
        .routes(routes!(routes::bookings::admin_bookings))
        .routes(routes!(routes::dashboard::admin_dashboard))
        .routes(routes!(routes::bookings::booking_detail))
        .routes(routes!(routes::receipts::receipt_pdf))
        .routes(routes!(routes::receipts::admin_receipts))
        .routes(routes!(routes::bookings::practice::timings))
        .routes(routes!(routes::bookings::practice::consultant_notes))
        .routes(routes!(routes::bookings::practice::coupons))
        .routes(routes!(routes::bookings::slots::booking_quote))
        .routes(routes!(routes::bookings::dashboards::consultant_dashboard))
        .routes(routes!(routes::bookings::dashboards::client_dashboard))
        .routes(routes!(routes::bookings::calendar::calendar_feed))
        .routes(routes!(routes::bookings::calendar::calendar_ics))
        .routes(routes!(routes::client_file::consent_form_template))
        .routes(routes!(routes::client_file::my_consent_form))
        .routes(routes!(routes::client_file::my_health_assessment))
        .routes(routes!(routes::client_file::my_general_info))
        .routes(routes!(routes::client_file::client_consent_form))
        .routes(routes!(routes::client_file::client_health_assessment))
        .routes(routes!(routes::client_file::client_general_info))
        .routes(routes!(
            routes::client_file::booked_client_health_assessment
        ))
        .routes(routes!(routes::complaints::list_complaints))
        .routes(routes!(routes::complaints::complaint_detail))
        .routes(routes!(routes::complaints::export::export_complaints))
        .routes(routes!(routes::bookings::export::export_bookings))
        .routes(routes!(routes::history::entity_history))
        .route(
            "/api/{area}/complaints/{id}/files/{*key}",
            axum::routing::get(routes::complaints::complaint_file),
        )
        .route(
            "/api/{area}/files/{*key}",
            axum::routing::get(routes::files::download_file),
        )
        .with_state(state.clone())
        .split_for_parts();
    let limits = state.limits.clone();
    let router = router
        .layer(axum::middleware::from_fn_with_state(
            state,
            freshness::wait_for_position,
        ))
        .layer(axum::middleware::from_fn_with_state(
            limits,
            platform::http::admit,
        ))
        .layer(axum::middleware::from_fn(platform::http::render_errors));
    (router, doc)
}
