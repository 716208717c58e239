//! GET handlers: each reads one thing and answers it.

pub mod accounts;
pub mod blog;
pub mod bookings;
pub mod catalogue;
pub mod client_file;
pub mod clients;
pub mod complaints;
pub mod consultants;
pub mod contact;
pub mod dashboard;
pub mod digital_products;
pub mod directory;
pub mod figures;
pub mod files;
pub mod history;
pub mod my_data;
pub mod newsletter;
pub mod public;
pub mod quotes;
pub mod receipts;
pub mod reference;
pub mod rooms;
pub mod seo;
pub mod site;
pub mod starter_kits;
pub mod system;
pub mod usage;
pub mod waiting_list;

use axum::body::Body;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};

/// JSON already rendered (stored cards, a cached answer), sent as is.
pub(crate) fn raw_json(body: impl Into<Body>) -> Response {
    let mut response = body.into().into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}
