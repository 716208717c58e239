//! The headers every answer carries (docs/rules.md "Security headers"): a
//! Content-Security-Policy that allows only our own origin (the inline boot
//! style of `index.html` by its hash), no framing, no MIME sniffing, no
//! referrer, camera and microphone for this origin only, and HSTS when the
//! public URL is https. Third parties are allowed only when configured:
//! Stripe.js and its frames when Stripe takes payments. The gateway sample
//! passes them through unchanged.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest, Sha256};

/// The headers to add, built once at start.
#[derive(Clone, Debug)]
pub struct SecurityHeaders(Arc<HeaderMap>);

/// Origins of third parties the web app loads from, when configured.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThirdParties {
    /// Stripe takes payments: Stripe.js, its card and 3-D Secure frames and
    /// its API (as Stripe's CSP guide lists them).
    pub stripe: bool,
    /// The advertising pixel's origin (`EQUILIBRE_PIXEL_SCRIPT_URL`): its
    /// script, its beacons and its image requests.
    pub pixel: Option<String>,
}

impl ThirdParties {
    pub fn from_config(config: &crate::config::Config) -> Self {
        ThirdParties {
            stripe: config.stripe.secret_key.is_some(),
            pixel: config.pixel.as_ref().map(|p| p.origin.clone()),
        }
    }

    /// ` origin…` to add to `script-src`, `frame-src`, `connect-src` and `img-src`.
    fn sources(&self) -> [String; 4] {
        let mut sources: [String; 4] = Default::default();
        if self.stripe {
            sources[0].push_str(" https://js.stripe.com https://*.js.stripe.com");
            sources[1].push_str(
                " https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
            );
            sources[2].push_str(" https://api.stripe.com");
        }
        if let Some(pixel) = &self.pixel {
            for i in [0, 2, 3] {
                sources[i].push(' ');
                sources[i].push_str(pixel);
            }
        }
        sources
    }
}

/// API answers are data, never documents: nothing may load from them.
const API_POLICY: &str =
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

impl SecurityHeaders {
    /// For the web app: `index_html` is the page served for every route, whose
    /// inline `<style>` blocks are allowed by their hashes.
    pub fn for_web(public_url: &str, index_html: Option<&str>, third: &ThirdParties) -> Self {
        let styles: String = index_html
            .map(inline_style_hashes)
            .unwrap_or_default()
            .iter()
            .map(|hash| format!(" '{hash}'"))
            .collect();
        let [scripts, frames, connect, images] = third.sources();
        let frames = if frames.is_empty() {
            String::new()
        } else {
            format!(" frame-src{frames};")
        };
        let policy = format!(
            "default-src 'self'; script-src 'self'{scripts}; style-src 'self'{styles}; \
             img-src 'self' data: blob:{images}; font-src 'self'; media-src 'self' blob:; \
             connect-src 'self' {ws}{connect};{frames} object-src 'none'; base-uri 'self'; \
             form-action 'self'; frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'",
            ws = websocket_origin(public_url),
        );
        Self::with_policy(public_url, &policy)
    }

    /// For the API services.
    pub fn for_api(public_url: &str) -> Self {
        Self::with_policy(public_url, API_POLICY)
    }

    fn with_policy(public_url: &str, policy: &str) -> Self {
        let mut headers = HeaderMap::new();
        let mut set = |name: HeaderName, value: &str| {
            if let Ok(value) = HeaderValue::from_str(value) {
                headers.insert(name, value);
            }
        };
        set(header::CONTENT_SECURITY_POLICY, policy);
        set(header::X_FRAME_OPTIONS, "DENY");
        set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
        // Reset links carry a token in the path (DESIGN §2): never leak it.
        set(header::REFERRER_POLICY, "no-referrer");
        set(
            HeaderName::from_static("permissions-policy"),
            "camera=(self), microphone=(self), display-capture=(self), geolocation=(), \
             payment=(), usb=()",
        );
        set(
            HeaderName::from_static("cross-origin-opener-policy"),
            "same-origin",
        );
        if public_url.starts_with("https://") {
            set(
                header::STRICT_TRANSPORT_SECURITY,
                "max-age=31536000; includeSubDomains",
            );
        }
        SecurityHeaders(Arc::new(headers))
    }

    pub fn headers(&self) -> &HeaderMap {
        &self.0
    }
}

/// Adds the headers a response does not set itself.
pub async fn security_headers(
    State(headers): State<SecurityHeaders>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    for (name, value) in headers.0.iter() {
        if !response.headers().contains_key(name) {
            response.headers_mut().insert(name.clone(), value.clone());
        }
    }
    response
}

/// `ws(s)://host` of the public URL: the video room's signalling socket
/// (older browsers do not count it as `'self'`).
fn websocket_origin(public_url: &str) -> String {
    let (scheme, rest) = match public_url.split_once("://") {
        Some(("https", rest)) => ("wss", rest),
        Some((_, rest)) => ("ws", rest),
        None => ("ws", public_url),
    };
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}://{host}")
}

/// `sha256-…` of each inline `<style>` block's exact text.
fn inline_style_hashes(html: &str) -> Vec<String> {
    let mut hashes = Vec::new();
    let mut rest = html;
    while let Some(open) = rest.find("<style") {
        let after_open = &rest[open..];
        let Some(body_start) = after_open.find('>').map(|i| i + 1) else {
            break;
        };
        let Some(body_len) = after_open[body_start..].find("</style>") else {
            break;
        };
        let body = &after_open[body_start..body_start + body_len];
        hashes.push(format!(
            "sha256-{}",
            STANDARD.encode(Sha256::digest(body.as_bytes()))
        ));
        rest = &after_open[body_start + body_len..];
    }
    hashes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_web_policy_allows_only_our_origin_and_the_inline_boot_style_by_hash() {
        let html = "<head><style>\n  .boot { color: red; }\n</style></head><style media=\"print\">p{}</style>";
        let headers = SecurityHeaders::for_web(
            "https://equilibre.example/",
            Some(html),
            &ThirdParties::default(),
        );
        let csp = headers.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        let boot = STANDARD.encode(Sha256::digest(b"\n  .boot { color: red; }\n"));
        assert!(
            csp.contains(&format!("style-src 'self' 'sha256-{boot}' 'sha256-")),
            "{csp}"
        );
        assert!(csp.contains("script-src 'self';"), "{csp}");
        assert!(!csp.contains("unsafe"), "{csp}");
        assert!(
            csp.contains("connect-src 'self' wss://equilibre.example;"),
            "{csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
        assert!(
            !csp.contains("stripe") && !csp.contains("frame-src"),
            "{csp}"
        );
        assert_eq!(
            headers.headers()[header::STRICT_TRANSPORT_SECURITY],
            "max-age=31536000; includeSubDomains"
        );
        assert!(
            headers.headers()["permissions-policy"]
                .to_str()
                .unwrap()
                .starts_with("camera=(self), microphone=(self)")
        );
    }

    #[test]
    fn stripe_is_allowed_precisely_and_only_when_it_takes_payments() {
        let stripe = ThirdParties {
            stripe: true,
            pixel: None,
        };
        let headers = SecurityHeaders::for_web("https://equilibre.example", None, &stripe);
        let csp = headers.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        assert!(
            csp.contains("script-src 'self' https://js.stripe.com https://*.js.stripe.com;"),
            "{csp}"
        );
        assert!(
            csp.contains(
                "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;"
            ),
            "{csp}"
        );
        assert!(
            csp.contains("connect-src 'self' wss://equilibre.example https://api.stripe.com;"),
            "{csp}"
        );
        assert!(
            csp.contains("frame-ancestors 'none'") && !csp.contains("unsafe"),
            "{csp}"
        );
    }

    #[test]
    fn the_pixel_origin_is_admitted_for_scripts_beacons_and_images_only_when_configured() {
        let pixel = ThirdParties {
            stripe: false,
            pixel: Some("https://connect.pixel.example".into()),
        };
        let headers = SecurityHeaders::for_web("https://equilibre.example", None, &pixel);
        let csp = headers.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        assert!(
            csp.contains("script-src 'self' https://connect.pixel.example;"),
            "{csp}"
        );
        assert!(
            csp.contains("img-src 'self' data: blob: https://connect.pixel.example;"),
            "{csp}"
        );
        assert!(
            csp.contains(
                "connect-src 'self' wss://equilibre.example https://connect.pixel.example;"
            ),
            "{csp}"
        );
        assert!(!csp.contains("frame-src"), "{csp}");
    }

    #[test]
    fn plain_http_gets_no_hsts_and_the_api_loads_nothing() {
        let headers = SecurityHeaders::for_api("http://127.0.0.1:8080");
        assert!(
            !headers
                .headers()
                .contains_key(header::STRICT_TRANSPORT_SECURITY)
        );
        assert_eq!(
            headers.headers()[header::CONTENT_SECURITY_POLICY],
            API_POLICY
        );
        assert_eq!(headers.headers()[header::X_FRAME_OPTIONS], "DENY");
        assert_eq!(headers.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    }
}
