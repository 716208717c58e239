//! The CSRF guard (DESIGN §2): a cookie-authenticated unsafe request must
//! carry `X-Requested-With: equilibre` and come from our own origin.
//!
//! Rules, for methods other than GET/HEAD/OPTIONS:
//! * `Authorization: Bearer …` → allowed (browsers never add it cross-site);
//! * `X-Requested-With: equilibre` is required (a custom header forces a CORS
//!   preflight, which we never grant);
//! * with a session cookie: `Sec-Fetch-Site` is `same-origin`/`none`, or
//!   `Origin` is the public origin or matches `Host`;
//! * without one (sign-in, sign-up): the same, unless the request carries
//!   neither `Origin` nor `Sec-Fetch-Site` (a non-browser client).

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{AUTHORIZATION, HOST, ORIGIN};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;

use super::{CorrelationId, FieldErrors, X_REQUESTED_WITH, X_REQUESTED_WITH_VALUE, error_response};
use crate::auth::Role;
use crate::lang::Lang;

/// Why a request was refused (for logs; the client only sees `csrf_rejected`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CsrfRejected {
    /// `X-Requested-With: equilibre` is missing.
    #[error("missing X-Requested-With")]
    MissingHeader,
    /// Neither `Sec-Fetch-Site` nor `Origin` shows the same origin.
    #[error("cross-origin request")]
    CrossOrigin,
}

/// The state of [`csrf_guard`]: the public origin, e.g. `https://equilibre.example`.
#[derive(Debug, Clone)]
pub struct CsrfPolicy {
    allowed_origin: Arc<str>,
}

impl CsrfPolicy {
    /// A policy allowing `public_origin` (`scheme://host[:port]`) besides `Host`.
    pub fn new(public_origin: &str) -> Self {
        CsrfPolicy {
            allowed_origin: Arc::from(public_origin.trim_end_matches('/')),
        }
    }
}

/// Applies the rules of the module documentation to one request.
pub fn check_csrf(
    policy: &CsrfPolicy,
    method: &Method,
    headers: &HeaderMap,
) -> Result<(), CsrfRejected> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) || has_bearer(headers) {
        return Ok(());
    }
    if headers
        .get(&X_REQUESTED_WITH)
        .is_none_or(|v| v != X_REQUESTED_WITH_VALUE)
    {
        return Err(CsrfRejected::MissingHeader);
    }
    let fetch_site = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok());
    let origin = headers.get(ORIGIN).and_then(|v| v.to_str().ok());
    let same_site_fetch = fetch_site.is_some_and(|s| s == "same-origin" || s == "none");
    let same_origin = origin.is_some_and(|origin| {
        origin == &*policy.allowed_origin || origin_matches_host(origin, headers)
    });
    let browser_spoke = fetch_site.is_some() || origin.is_some();
    if same_site_fetch || same_origin || (!browser_spoke && !has_session_cookie(headers)) {
        Ok(())
    } else {
        Err(CsrfRejected::CrossOrigin)
    }
}

/// Middleware: `axum::middleware::from_fn_with_state(CsrfPolicy::new(origin), csrf_guard)`;
/// answers 403 `csrf_rejected` in the request's language.
pub async fn csrf_guard(
    State(policy): State<CsrfPolicy>,
    request: Request,
    next: Next,
) -> Response {
    match check_csrf(&policy, request.method(), request.headers()) {
        Ok(()) => next.run(request).await,
        Err(reason) => {
            tracing::warn!(%reason, "csrf rejected");
            let (parts, _) = request.into_parts();
            error_response(
                StatusCode::FORBIDDEN,
                "csrf_rejected",
                Lang::from_parts(&parts),
                FieldErrors::new(),
                CorrelationId::from_parts(&parts),
            )
        }
    }
}

fn has_bearer(headers: &HeaderMap) -> bool {
    headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.get(..7))
        .is_some_and(|scheme| scheme.eq_ignore_ascii_case("bearer "))
}

fn has_session_cookie(headers: &HeaderMap) -> bool {
    let jar = CookieJar::from_headers(headers);
    Role::ALL
        .iter()
        .any(|role| jar.get(crate::auth::cookie_name(*role)).is_some())
}

fn origin_matches_host(origin: &str, headers: &HeaderMap) -> bool {
    let authority = origin.split_once("://").map_or(origin, |(_, rest)| rest);
    headers
        .get(HOST)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|host| host.eq_ignore_ascii_case(authority))
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::{Body, to_bytes};
    use axum::http::Request;
    use axum::routing::post;
    use tower::ServiceExt;

    use super::*;

    async fn send(headers: &[(&str, &str)]) -> (StatusCode, String) {
        let app = Router::new()
            .route("/api/x", post(|| async { "done" }).get(|| async { "read" }))
            .layer(axum::middleware::from_fn_with_state(
                CsrfPolicy::new("https://equilibre.example"),
                csrf_guard,
            ));
        let mut request = Request::post("/api/x").header("host", "127.0.0.1:8080");
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = app
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let body = to_bytes(response.into_body(), 4096).await.unwrap();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    const XRW: (&str, &str) = ("x-requested-with", "equilibre");
    const COOKIE: (&str, &str) = ("cookie", "eq_client=token");

    #[tokio::test]
    async fn same_origin_cookie_requests_with_the_header_pass() {
        assert_eq!(
            send(&[COOKIE, XRW, ("sec-fetch-site", "same-origin")])
                .await
                .0,
            StatusCode::OK
        );
        assert_eq!(
            send(&[COOKIE, XRW, ("origin", "https://equilibre.example")])
                .await
                .0,
            StatusCode::OK
        );
        assert_eq!(
            send(&[COOKIE, XRW, ("origin", "http://127.0.0.1:8080")])
                .await
                .0,
            StatusCode::OK
        );
    }

    #[tokio::test]
    async fn cookie_requests_without_header_or_from_elsewhere_are_refused_in_french() {
        let (status, body) = send(&[COOKIE, ("sec-fetch-site", "same-origin")]).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(body.contains("\"code\":\"csrf_rejected\"") && body.contains("Requête refusée"));

        for signal in [
            ("sec-fetch-site", "cross-site"),
            ("origin", "https://evil.example"),
        ] {
            assert_eq!(send(&[COOKIE, XRW, signal]).await.0, StatusCode::FORBIDDEN);
        }
        assert_eq!(send(&[COOKIE, XRW]).await.0, StatusCode::FORBIDDEN);
    }

    #[tokio::test]
    async fn the_refusal_speaks_english_when_asked() {
        let (_, body) = send(&[COOKIE, ("accept-language", "en")]).await;
        assert!(body.contains("Request refused"));
    }

    #[tokio::test]
    async fn bearer_requests_are_exempt() {
        let headers = [
            ("authorization", "Bearer abc"),
            ("origin", "https://evil.example"),
        ];
        assert_eq!(send(&headers).await.0, StatusCode::OK);
    }

    #[tokio::test]
    async fn cookieless_requests_need_the_header_and_no_cross_site_signal() {
        assert_eq!(send(&[XRW]).await.0, StatusCode::OK);
        assert_eq!(send(&[]).await.0, StatusCode::FORBIDDEN);
        assert_eq!(
            send(&[XRW, ("sec-fetch-site", "cross-site")]).await.0,
            StatusCode::FORBIDDEN
        );
    }

    #[tokio::test]
    async fn safe_methods_are_not_checked() {
        let app = Router::new()
            .route("/", post(|| async {}).get(|| async { "read" }))
            .layer(axum::middleware::from_fn_with_state(
                CsrfPolicy::new("http://a"),
                csrf_guard,
            ));
        let response = app
            .oneshot(
                Request::get("/")
                    .header("cookie", "eq_admin=t")
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }
}
