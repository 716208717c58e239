//! HTTP handlers: each extracts input, calls one application function and
//! answers. Paths are documented with utoipa, and the router is built from
//! those documents, so the OpenAPI document is the route table.

pub mod accounts;
pub mod admin;
pub mod blog;
pub mod booking;
pub mod catalogue;
pub mod client_file;
pub mod complaints;
pub mod consultant;
pub mod contact;
pub mod digital_products;
pub mod favourites;
pub mod files;
pub mod newsletter;
pub mod otp;
pub mod payments;
pub mod quotes;
pub mod reference;
pub mod rooms;
pub mod sandbox_payments;
pub mod second_factor;
pub mod site;
pub mod starter_kit;
pub mod usage;
pub mod waiting_list;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::cookie::Cookie;
use domain::account::Role;
use domain::values::Language;
use platform::http::X_EVENT_POSITION;
use platform::lang::Lang;
use store::Position;

use crate::error::CommandError;

/// The `{area}` path segment as a role (`client`, `consultant`, `admin-panel`).
#[derive(Clone, Copy, Debug)]
pub struct Area(pub Role);

impl<S: Send + Sync> FromRequestParts<S> for Area {
    type Rejection = CommandError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        crate::caller::area_role(parts.uri.path())
            .map(Area)
            .ok_or(CommandError::NotFound)
    }
}

/// A command's answer: status, optional JSON body, optional cookie, and the
/// position of its last event for read-your-writes.
pub struct Committed<T> {
    pub status: StatusCode,
    pub position: Option<Position>,
    pub body: Option<T>,
    pub cookie: Option<Cookie<'static>>,
}

impl<T> Committed<T> {
    pub fn new(status: StatusCode, position: Option<Position>) -> Self {
        Committed {
            status,
            position,
            body: None,
            cookie: None,
        }
    }
    pub fn body(mut self, body: T) -> Self {
        self.body = Some(body);
        self
    }
    pub fn cookie(mut self, cookie: Cookie<'static>) -> Self {
        self.cookie = Some(cookie);
        self
    }
}

impl<T: serde::Serialize> IntoResponse for Committed<T> {
    fn into_response(self) -> Response {
        let mut response = match self.body {
            Some(body) => (self.status, axum::Json(body)).into_response(),
            None => self.status.into_response(),
        };
        let headers = response.headers_mut();
        if let Some(position) = self.position
            && let Ok(value) = HeaderValue::from_str(&position.to_string())
        {
            headers.insert(X_EVENT_POSITION, value);
        }
        if let Some(cookie) = self.cookie
            && let Ok(value) = HeaderValue::from_str(&cookie.to_string())
        {
            headers.append(axum::http::header::SET_COOKIE, value);
        }
        response
    }
}

/// The request's language as the domain knows it (French unless English).
pub(crate) fn language(lang: &Lang) -> Language {
    (*lang).into()
}
