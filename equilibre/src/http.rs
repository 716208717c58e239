//! What every listener adds around the services' routers (docs/api.md
//! "Transfer"): `TCP_NODELAY` on each accepted socket, responses compressed
//! by content negotiation (brotli, gzip), and the web app's files served as
//! built (precompressed variants, long-lived caching of hashed assets).

use axum::Router;
use axum::body::HttpBody;
use axum::extract::Request;
use axum::http::{HeaderValue, Response, StatusCode, header};
use axum::middleware::Next;
use axum::serve::{ListenerExt, TapIo};
use platform::http::FieldErrors;
use tower_http::compression::predicate::Predicate;
use tower_http::compression::{CompressionLayer, CompressionLevel};

/// Bodies smaller than this go as they are: a few hundred bytes gain less
/// than the encoder costs (error envelopes, 204s, small JSON).
pub const COMPRESS_MIN_BYTES: u64 = 1024;

/// Brotli and gzip quality of answers compressed on the fly: brotli 4 is
/// about as fast as gzip's default and smaller; brotli's own default (11)
/// takes tens of milliseconds on a 64 KB answer. Built assets are compressed
/// once, at the best quality, by the frontend build.
const ON_THE_FLY_QUALITY: CompressionLevel = CompressionLevel::Precise(4);

/// `Cache-Control` of the build's hashed files (`/assets/…`): a new build
/// gives them new names.
pub const IMMUTABLE: HeaderValue = HeaderValue::from_static("public, max-age=31536000, immutable");
/// `Cache-Control` of `index.html` and the other unhashed files: kept, but
/// asked again (`If-Modified-Since`) before each use.
pub const NO_CACHE: HeaderValue = HeaderValue::from_static("no-cache");

/// Serves `router` until `shutdown`, with each connection's peer address
/// known (the client address of request limits, `platform::http::ClientAddr`),
/// `TCP_NODELAY` set on every accepted socket (a response written in two
/// pieces, headers then a file's bytes, otherwise waits for the peer's
/// delayed ACK: about 40 ms per answer on a kept-alive connection) and
/// answers compressed ([`with_compression`]).
pub async fn serve(
    listener: tokio::net::TcpListener,
    router: Router,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = without_nagle(listener);
    let service =
        with_compression(router).into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, service)
        .with_graceful_shutdown(shutdown)
        .await
}

/// `listener` whose accepted sockets have `TCP_NODELAY` set.
fn without_nagle(
    listener: tokio::net::TcpListener,
) -> TapIo<tokio::net::TcpListener, fn(&mut tokio::net::TcpStream)> {
    listener.tap_io(set_nodelay)
}

fn set_nodelay(tcp: &mut tokio::net::TcpStream) {
    if let Err(error) = tcp.set_nodelay(true) {
        tracing::debug!(%error, "could not set TCP_NODELAY on an accepted socket");
    }
}

/// `router` with its answers compressed as the request's `Accept-Encoding`
/// allows (brotli preferred on a tie, then gzip): only [`Compressible`]
/// answers, and never one that is already encoded (the web app's
/// precompressed files).
pub fn with_compression(router: Router) -> Router {
    router
        .layer(
            CompressionLayer::new()
                .br(true)
                .gzip(true)
                .quality(ON_THE_FLY_QUALITY)
                .compress_when(Compressible),
        )
        // Outside the compression: it sees what the encoder did.
        .layer(axum::middleware::from_fn(not_acceptable))
        .layer(tower::util::MapRequestLayer::new(upgrades_as_they_are))
}

/// Which answers are worth compressing: text of at least
/// [`COMPRESS_MIN_BYTES`] (or of unknown length: a stream), never an
/// already-compressed type (images, PDF, archives, fonts), never an event
/// stream (each event must leave at once), nothing without a body.
#[derive(Clone, Copy, Debug, Default)]
pub struct Compressible;

impl Predicate for Compressible {
    fn should_compress<B: HttpBody>(&self, response: &Response<B>) -> bool {
        let status = response.status();
        if status.is_informational()
            || status == StatusCode::NO_CONTENT
            || status == StatusCode::NOT_MODIFIED
            || status == StatusCode::PARTIAL_CONTENT
        {
            return false;
        }
        let size = response.body().size_hint().exact().or_else(|| {
            response
                .headers()
                .get(header::CONTENT_LENGTH)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse().ok())
        });
        if size.is_some_and(|size| size < COMPRESS_MIN_BYTES) {
            return false;
        }
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        compressible_type(content_type)
    }
}

/// Text types only: JSON, JavaScript, CSS, HTML, SVG, CSV, calendars, XML.
pub fn compressible_type(content_type: &str) -> bool {
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if essence == "text/event-stream" {
        return false;
    }
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/json"
                | "application/javascript"
                | "application/xml"
                | "application/wasm"
                | "image/svg+xml"
        )
}

/// A WebSocket upgrade (the video room) is answered `101` with no body: its
/// `Accept-Encoding` is dropped so that nothing, not even a refused
/// `identity`, can turn the upgrade into `406`.
fn upgrades_as_they_are(mut request: Request) -> Request {
    if request.headers().contains_key(header::UPGRADE) {
        request.headers_mut().remove(header::ACCEPT_ENCODING);
    }
    request
}

/// The compression answers `406` itself when the request refuses every
/// coding we have, `identity` included (`Accept-Encoding: identity;q=0`);
/// the services never do. That answer is the error envelope like any 4xx.
async fn not_acceptable(request: Request, next: Next) -> axum::response::Response {
    let lang = platform::lang::Lang::from_headers(request.headers());
    let response = next.run(request).await;
    if response.status() != StatusCode::NOT_ACCEPTABLE {
        return response;
    }
    let mut rendered = platform::http::error_response(
        StatusCode::NOT_ACCEPTABLE,
        "not_acceptable",
        lang,
        FieldErrors::new(),
        platform::http::CorrelationId::default(),
    );
    for (name, value) in response.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            rendered.headers_mut().insert(name.clone(), value.clone());
        }
    }
    rendered
}

/// Sets the web app's `Cache-Control`: [`IMMUTABLE`] on a hashed asset
/// found, [`NO_CACHE`] on everything else it serves (`index.html` for every
/// client-side route included).
pub fn cache_web_answer(
    hashed: bool,
    mut response: axum::response::Response,
) -> axum::response::Response {
    let status = response.status();
    let value = if hashed && (status.is_success() || status == StatusCode::NOT_MODIFIED) {
        IMMUTABLE
    } else {
        NO_CACHE
    };
    response.headers_mut().insert(header::CACHE_CONTROL, value);
    response
}

/// Whether a web path names a file of the build's `assets/` folder, whose
/// names carry their content hash (Vite's `assets/[name]-[hash].[ext]`).
pub fn is_hashed_asset(path: &str) -> bool {
    path.starts_with("/assets/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::response::IntoResponse;
    use axum::serve::Listener;

    fn response(content_type: &str, body: &'static str) -> Response<Body> {
        let mut response = Response::new(Body::from(body));
        response.headers_mut().insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(content_type).unwrap(),
        );
        response
    }

    #[test]
    fn text_of_a_kilobyte_or_more_is_compressed_other_answers_are_not() {
        let big: &'static str = Box::leak("x".repeat(2048).into_boxed_str());
        assert!(Compressible.should_compress(&response("application/json", big)));
        assert!(Compressible.should_compress(&response("text/csv; charset=utf-8", big)));
        assert!(Compressible.should_compress(&response("image/svg+xml", big)));
        assert!(!Compressible.should_compress(&response("application/json", "{}")));
        assert!(!Compressible.should_compress(&response("application/pdf", big)));
        assert!(!Compressible.should_compress(&response("image/png", big)));
        assert!(!Compressible.should_compress(&response("font/woff2", big)));
        assert!(!Compressible.should_compress(&response("text/event-stream", big)));
        assert!(!Compressible.should_compress(&response("application/octet-stream", big)));
        let mut switching = response("application/json", big);
        *switching.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
        assert!(!Compressible.should_compress(&switching));
    }

    #[test]
    fn only_the_build_s_assets_folder_is_immutable() {
        assert!(is_hashed_asset("/assets/index-Bx3k2a9f.js"));
        assert!(!is_hashed_asset("/favicon.svg"));
        assert!(!is_hashed_asset("/our-experts"));
        let ok = cache_web_answer(true, StatusCode::OK.into_response());
        assert_eq!(ok.headers()[header::CACHE_CONTROL], IMMUTABLE);
        let missing = cache_web_answer(true, StatusCode::NOT_FOUND.into_response());
        assert_eq!(missing.headers()[header::CACHE_CONTROL], NO_CACHE);
        let page = cache_web_answer(false, StatusCode::OK.into_response());
        assert_eq!(page.headers()[header::CACHE_CONTROL], NO_CACHE);
    }

    /// The room's signalling socket through the same stack as the app:
    /// the upgrade succeeds and frames flow, whatever the browser's
    /// `Accept-Encoding` (even one refusing `identity`).
    #[tokio::test]
    async fn a_websocket_upgrade_goes_through_the_compression_untouched() {
        use axum::extract::ws::{Message, WebSocketUpgrade};
        use futures::{SinkExt, StreamExt};
        use tokio_tungstenite::tungstenite;
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;

        let router = Router::new().route(
            "/ws",
            axum::routing::get(|upgrade: WebSocketUpgrade| async move {
                upgrade.on_upgrade(|mut socket| async move {
                    while let Some(Ok(Message::Text(text))) = socket.recv().await {
                        let echo = Message::Text(format!("echo {}", text.as_str()).into());
                        if socket.send(echo).await.is_err() {
                            break;
                        }
                    }
                })
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let server = tokio::spawn(serve(listener, router, std::future::pending()));

        for accept in ["gzip, deflate, br, zstd", "identity;q=0"] {
            let mut request = format!("ws://{address}/ws").into_client_request().unwrap();
            request
                .headers_mut()
                .insert(header::ACCEPT_ENCODING, HeaderValue::from_static(accept));
            let (mut socket, response) = tokio_tungstenite::connect_async(request)
                .await
                .unwrap_or_else(|e| panic!("upgrade refused with {accept}: {e}"));
            assert_eq!(response.status(), StatusCode::SWITCHING_PROTOCOLS);
            assert!(!response.headers().contains_key(header::CONTENT_ENCODING));
            socket
                .send(tungstenite::Message::Text("bonjour".into()))
                .await
                .unwrap();
            let echoed = socket.next().await.unwrap().unwrap();
            assert_eq!(echoed, tungstenite::Message::Text("echo bonjour".into()));
        }
        server.abort();
    }

    #[tokio::test]
    async fn accepted_sockets_have_nagle_turned_off() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a listener");
        let address = listener.local_addr().expect("its address");
        let mut listener = without_nagle(listener);
        let client = tokio::net::TcpStream::connect(address);
        let ((accepted, _), client) = tokio::join!(listener.accept(), client);
        client.expect("connected");
        // Without it, a file's answer (headers, then the bytes) waits for the
        // client's delayed ACK: about 40 ms per answer on a kept-alive
        // connection.
        assert!(accepted.nodelay().expect("the socket's option"));
    }
}
