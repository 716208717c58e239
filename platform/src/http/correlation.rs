//! A correlation id per request (UUIDv7), in the logs, the error bodies and
//! the `x-correlation-id` response header, so users can quote a failure.

use std::convert::Infallible;
use std::fmt;

use axum::extract::{FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use tracing::Instrument;
use uuid::Uuid;

/// The correlation id header, on requests (accepted when a UUID) and responses.
pub const X_CORRELATION_ID: HeaderName = HeaderName::from_static("x-correlation-id");

/// The id that ties a request's logs, events and error body together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CorrelationId(pub Uuid);

impl CorrelationId {
    /// A fresh UUIDv7 id.
    pub fn new() -> Self {
        CorrelationId(Uuid::now_v7())
    }

    /// The id set by [`correlation_id`] on this request, else a fresh one.
    pub fn from_parts(parts: &Parts) -> Self {
        parts
            .extensions
            .get::<CorrelationId>()
            .copied()
            .unwrap_or_default()
    }
}

impl Default for CorrelationId {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for CorrelationId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CorrelationId {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(CorrelationId::from_parts(parts))
    }
}

/// Middleware (`axum::middleware::from_fn(correlation_id)`): keeps an incoming
/// `x-correlation-id` that is a UUID (a gateway's), else makes a UUIDv7; puts
/// it in the request extensions and a tracing span, and on the response.
pub async fn correlation_id(mut request: Request, next: Next) -> Response {
    let id = request
        .headers()
        .get(&X_CORRELATION_ID)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| Uuid::parse_str(v).ok())
        .map_or_else(CorrelationId::new, CorrelationId);
    request.extensions_mut().insert(id);
    let span = tracing::info_span!("request", correlation_id = %id);
    let mut response = next.run(request).instrument(span).await;
    if let Ok(value) = HeaderValue::try_from(id.to_string()) {
        response.headers_mut().insert(X_CORRELATION_ID, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::{Body, to_bytes};
    use axum::http::Request;
    use axum::routing::get;
    use tower::ServiceExt;

    use super::*;

    fn app() -> Router {
        Router::new()
            .route("/", get(|id: CorrelationId| async move { id.to_string() }))
            .layer(axum::middleware::from_fn(correlation_id))
    }

    #[tokio::test]
    async fn each_request_gets_a_uuid_v7_in_extensions_and_response_header() {
        let response = app().oneshot(Request::new(Body::empty())).await.unwrap();
        let header = response.headers()[&X_CORRELATION_ID]
            .to_str()
            .unwrap()
            .to_owned();
        let body = to_bytes(response.into_body(), 1024).await.unwrap();

        assert_eq!(header.as_bytes(), &body[..]);
        assert_eq!(Uuid::parse_str(&header).unwrap().get_version_num(), 7);
    }

    #[tokio::test]
    async fn a_uuid_from_the_gateway_is_kept_and_garbage_replaced() {
        let theirs = Uuid::now_v7().to_string();
        let response = app()
            .oneshot(
                Request::builder()
                    .header("x-correlation-id", &theirs)
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(response.headers()[&X_CORRELATION_ID], theirs.as_str());

        let response = app()
            .oneshot(
                Request::builder()
                    .header("x-correlation-id", "<script>")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_ne!(response.headers()[&X_CORRELATION_ID], "<script>");
    }
}
