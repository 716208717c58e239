//! Validators of the big public reads (docs/api.md "Transfer"): the
//! registration options, the public reference lists, the directory and an
//! expert's free slots answer an `ETag` made from their body, and `304 Not Modified` with no
//! body when the request's `If-None-Match` names it. One middleware,
//! [`etag`], put on those routes in `crate::router`.
//!
//! The tag is a hash of the exact JSON sent, so it is right whatever made
//! the body (render caches, the directory snapshot, constants) and the same
//! on every instance behind a gateway. It is weak (`W/"…"`): the body may
//! go brotli-, gzip- or un-encoded, byte-different representations of the
//! same content, and `If-None-Match` compares weakly anyway. Answers that
//! set no `Cache-Control` get `no-cache`: the browser keeps them and asks
//! again each time, and a repeat costs a 304.

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use platform::http::{FieldErrors, PendingError};
use sha2::{Digest, Sha256};

/// The largest body tagged (the directory's biggest page is a few hundred
/// KB); a longer one goes untagged rather than buffered.
const MAX_TAGGED_BYTES: usize = 8 * 1024 * 1024;

/// Tags a successful GET (or HEAD) answer and answers 304 to a request that
/// already holds it.
pub async fn etag(request: Request, next: Next) -> Response {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return next.run(request).await;
    }
    let if_none_match = request.headers().get(header::IF_NONE_MATCH).cloned();
    let response = next.run(request).await;
    if response.status() != StatusCode::OK || response.headers().contains_key(header::ETAG) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_TAGGED_BYTES).await {
        Ok(bytes) => bytes,
        Err(error) => {
            tracing::error!(%error, "an answer to tag could not be read");
            return PendingError::response(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                FieldErrors::new(),
            );
        }
    };
    let tag = tag_of(&bytes);
    parts.headers.insert(header::ETAG, tag.clone());
    if !parts.headers.contains_key(header::CACHE_CONTROL) {
        parts
            .headers
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    if if_none_match.is_some_and(|wanted| matches(&wanted, &tag)) {
        parts.status = StatusCode::NOT_MODIFIED;
        // A 304 carries the validators and caching headers of the 200, no content.
        parts.headers.remove(header::CONTENT_LENGTH);
        parts.headers.remove(header::CONTENT_TYPE);
        return Response::from_parts(parts, Body::empty());
    }
    Response::from_parts(parts, Body::from(bytes))
}

/// `W/"<first 128 bits of the body's SHA-256, base64url>"`.
pub fn tag_of(body: &[u8]) -> HeaderValue {
    let digest = Sha256::digest(body);
    let tag = format!("W/\"{}\"", URL_SAFE_NO_PAD.encode(&digest[..16]));
    HeaderValue::from_str(&tag).expect("base64url is a valid header value")
}

/// Whether an `If-None-Match` value names `tag`: `*`, or a comma-separated
/// list holding it, compared weakly (RFC 9110 §13.1.2: `W/` ignored on
/// either side).
pub fn matches(if_none_match: &HeaderValue, tag: &HeaderValue) -> bool {
    let Ok(list) = if_none_match.to_str() else {
        return false;
    };
    let opaque = |t: &str| -> Option<String> {
        let t = t.trim();
        let t = t.strip_prefix("W/").unwrap_or(t);
        (t.len() >= 2 && t.starts_with('"') && t.ends_with('"')).then(|| t.to_owned())
    };
    let Some(ours) = tag.to_str().ok().and_then(opaque) else {
        return false;
    };
    list.trim() == "*"
        || list
            .split(',')
            .filter_map(opaque)
            .any(|theirs| theirs == ours)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::Router;
    use axum::routing::get;
    use tower::ServiceExt;

    fn value(s: &str) -> HeaderValue {
        HeaderValue::from_str(s).unwrap()
    }

    #[test]
    fn if_none_match_is_compared_weakly_and_takes_lists_and_a_star() {
        let tag = tag_of(b"{\"items\":[]}");
        let bare = tag.to_str().unwrap().trim_start_matches("W/").to_owned();
        assert!(matches(&tag, &tag));
        assert!(matches(&value(&bare), &tag));
        assert!(matches(&value("*"), &tag));
        assert!(matches(
            &value(&format!("\"other\", {}", tag.to_str().unwrap())),
            &tag
        ));
        assert!(!matches(&value("\"other\""), &tag));
        assert!(!matches(&value(""), &tag));
        assert!(!matches(&tag_of(b"{\"items\":[1]}"), &tag));
    }

    fn app() -> Router {
        Router::new()
            .route("/big", get(|| async { "the body" }))
            .route(
                "/missing",
                get(|| async { (StatusCode::NOT_FOUND, "not here") }),
            )
            .layer(axum::middleware::from_fn(etag))
    }

    async fn get_with(path: &str, if_none_match: Option<&HeaderValue>) -> Response {
        let mut request = Request::get(path);
        if let Some(v) = if_none_match {
            request = request.header(header::IF_NONE_MATCH, v);
        }
        app()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_repeat_with_the_tag_is_304_without_content_and_a_stale_tag_gets_the_body() {
        let first = get_with("/big", None).await;
        assert_eq!(first.status(), StatusCode::OK);
        let tag = first.headers()[header::ETAG].clone();
        assert_eq!(tag, tag_of(b"the body"));
        assert_eq!(first.headers()[header::CACHE_CONTROL], "no-cache");

        let repeat = get_with("/big", Some(&tag)).await;
        assert_eq!(repeat.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(repeat.headers()[header::ETAG], tag);
        assert_eq!(repeat.headers()[header::CACHE_CONTROL], "no-cache");
        assert!(!repeat.headers().contains_key(header::CONTENT_TYPE));
        let body = axum::body::to_bytes(repeat.into_body(), 1024)
            .await
            .unwrap();
        assert!(body.is_empty());

        let stale = get_with("/big", Some(&value("W/\"stale\""))).await;
        assert_eq!(stale.status(), StatusCode::OK);
        let body = axum::body::to_bytes(stale.into_body(), 1024).await.unwrap();
        assert_eq!(&body[..], b"the body");
    }

    #[tokio::test]
    async fn errors_are_neither_tagged_nor_turned_into_304() {
        let missing = get_with("/missing", Some(&value("*"))).await;
        assert_eq!(missing.status(), StatusCode::NOT_FOUND);
        assert!(!missing.headers().contains_key(header::ETAG));
    }
}
