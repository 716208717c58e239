//! Bytes on the wire (docs/api.md "Transfer"): answers compressed by content
//! negotiation, the web app's files precompressed and cached by kind, the
//! big public reads revalidated with `ETag` (`TCP_NODELAY` on accepted
//! sockets is checked by `equilibre/src/http.rs`'s own tests).

use std::io::{Read, Write};

use serde_json::{Value, json};

use crate::support::{Backend, ExpertProfile, TestApp, unique_email};

on_both_backends!(
    json_answers_are_compressed_with_brotli_or_gzip_as_the_request_accepts,
    the_web_app_s_files_go_precompressed_hashed_ones_immutable_pages_revalidated,
    the_big_public_reads_answer_an_etag_and_304_on_a_repeat_until_they_change,
    a_streamed_csv_export_goes_compressed_to_its_end,
);

/// A raw answer: status, headers and the bytes as they came.
struct Raw {
    status: u16,
    headers: reqwest::header::HeaderMap,
    bytes: Vec<u8>,
}

impl Raw {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name)?.to_str().ok()
    }

    /// The body with its `Content-Encoding` undone.
    fn decoded(&self) -> Vec<u8> {
        match self.header("content-encoding") {
            None => self.bytes.clone(),
            Some("br") => brotli_decode(&self.bytes),
            Some("gzip") => gzip_decode(&self.bytes),
            Some(other) => panic!("unexpected content-encoding {other}"),
        }
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.decoded()).expect("a JSON body")
    }
}

fn brotli_decode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096)
        .read_to_end(&mut out)
        .expect("a brotli stream");
    out
}

fn gzip_decode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut out)
        .expect("a gzip stream");
    out
}

fn brotli_encode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
        writer.write_all(bytes).expect("brotli in memory");
    }
    out
}

fn gzip_encode(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(bytes).expect("gzip in memory");
    encoder.finish().expect("gzip in memory")
}

/// A client that neither decodes nor asks for anything by itself (reqwest
/// is built here without its decoders: the headers stay as sent).
fn raw_client() -> reqwest::Client {
    reqwest::Client::builder().build().expect("an HTTP client")
}

/// GET `path` with the given request headers, body read as bytes.
async fn fetch(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> Raw {
    fetch_with(&raw_client(), app, path, headers).await
}

async fn fetch_with(
    client: &reqwest::Client,
    app: &TestApp,
    path: &str,
    headers: &[(&str, &str)],
) -> Raw {
    let mut request = client.get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.expect("the app answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response.bytes().await.expect("a body").to_vec();
    Raw {
        status,
        headers,
        bytes,
    }
}

fn varies_on_encoding(raw: &Raw) -> bool {
    raw.headers
        .get_all("vary")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.to_ascii_lowercase().contains("accept-encoding"))
}

async fn json_answers_are_compressed_with_brotli_or_gzip_as_the_request_accepts(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let path = "/api/public/registration-options";

    let plain = fetch(&app, path, &[]).await;
    let br = fetch(
        &app,
        path,
        &[("accept-encoding", "gzip, deflate, br, zstd")],
    )
    .await;
    let gzip = fetch(&app, path, &[("accept-encoding", "gzip")]).await;
    let gzip_preferred = fetch(&app, path, &[("accept-encoding", "br;q=0.5, gzip")]).await;
    let identity = fetch(&app, path, &[("accept-encoding", "identity")]).await;
    let small = fetch(
        &app,
        "/api/public/web-settings",
        &[("accept-encoding", "br")],
    )
    .await;
    let refused = fetch(
        &app,
        path,
        &[
            ("accept-encoding", "identity;q=0"),
            ("accept-language", "en"),
        ],
    )
    .await;

    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-encoding"), None);
    let options: Value = serde_json::from_slice(&plain.bytes).expect("plain JSON");
    assert!(plain.bytes.len() > 20_000, "{} bytes", plain.bytes.len());

    assert_eq!(br.status, 200);
    assert_eq!(br.header("content-encoding"), Some("br"));
    assert!(varies_on_encoding(&br), "{:?}", br.headers);
    assert_eq!(br.json(), options);
    assert!(
        br.bytes.len() * 4 < plain.bytes.len(),
        "brotli: {} of {} bytes",
        br.bytes.len(),
        plain.bytes.len()
    );
    // Compressed answers keep every security header.
    assert!(
        br.header("content-security-policy")
            .is_some_and(|p| p.starts_with("default-src 'none'"))
    );
    assert_eq!(br.header("x-content-type-options"), Some("nosniff"));

    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert_eq!(gzip.json(), options);
    assert!(gzip.bytes.len() * 4 < plain.bytes.len());
    assert_eq!(gzip_preferred.header("content-encoding"), Some("gzip"));
    assert_eq!(gzip_preferred.json(), options);
    assert_eq!(identity.header("content-encoding"), None);
    assert_eq!(identity.bytes, plain.bytes);

    // A few hundred bytes are not worth an encoder.
    assert_eq!(small.status, 200);
    assert!(small.bytes.len() < 1024, "{}", small.bytes.len());
    assert_eq!(small.header("content-encoding"), None);

    // Refusing every coding we have, identity included: 406, as an envelope.
    assert_eq!(refused.status, 406);
    let envelope: Value = serde_json::from_slice(&refused.bytes).expect("an envelope");
    assert_eq!(envelope["error"]["code"], "not_acceptable");
    assert!(refused.header("content-security-policy").is_some());
}

/// `static/assets/…` of the test build: a JS file with its build-time
/// variants (brotli 11, gzip 9) and a CSS file without.
const SCRIPT: &str = "assets/index-Bx3k2a9f.js";
const STYLE: &str = "assets/index-D0c5Ab12.css";

fn script_text() -> String {
    (0..200)
        .map(|i| format!("export const label{i} = 'Équilibre, consultation {i}';\n"))
        .collect()
}

async fn the_web_app_s_files_go_precompressed_hashed_ones_immutable_pages_revalidated(
    backend: Backend,
) {
    let app = TestApp::with(backend).without_workers().start().await;
    let dir = &app.app.config.static_dir;
    let script = script_text();
    std::fs::create_dir_all(dir.join("assets")).expect("assets/");
    std::fs::write(dir.join(SCRIPT), &script).expect("the script");
    let (script_br, script_gz) = (
        brotli_encode(script.as_bytes()),
        gzip_encode(script.as_bytes()),
    );
    std::fs::write(dir.join(format!("{SCRIPT}.br")), &script_br).expect("its .br");
    std::fs::write(dir.join(format!("{SCRIPT}.gz")), &script_gz).expect("its .gz");
    let style = ".card { margin: 0 auto; }\n".repeat(100);
    std::fs::write(dir.join(STYLE), &style).expect("the style");
    let path = format!("/{SCRIPT}");

    let br = fetch(
        &app,
        &path,
        &[("accept-encoding", "gzip, deflate, br, zstd")],
    )
    .await;
    let gzip = fetch(&app, &path, &[("accept-encoding", "gzip")]).await;
    let plain = fetch(&app, &path, &[]).await;
    let style_br = fetch(&app, &format!("/{STYLE}"), &[("accept-encoding", "br")]).await;
    let missing = fetch(&app, "/assets/index-gone.js", &[("accept-encoding", "br")]).await;
    let root = fetch(&app, "/", &[("accept-encoding", "br")]).await;
    let deep_link = fetch(&app, "/client/dashboard", &[]).await;

    const IMMUTABLE: &str = "public, max-age=31536000, immutable";
    // The build's own variants, byte for byte: nothing compressed per request.
    assert_eq!(br.status, 200);
    assert_eq!(br.header("content-encoding"), Some("br"));
    assert_eq!(br.bytes, script_br);
    assert_eq!(br.header("cache-control"), Some(IMMUTABLE));
    assert!(
        br.header("content-type")
            .is_some_and(|t| t.contains("javascript")),
        "{:?}",
        br.headers
    );
    assert!(varies_on_encoding(&br), "{:?}", br.headers);
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert_eq!(gzip.bytes, script_gz);
    assert_eq!(gzip.header("cache-control"), Some(IMMUTABLE));
    assert_eq!(plain.header("content-encoding"), None);
    assert_eq!(plain.bytes, script.as_bytes());
    assert_eq!(plain.header("cache-control"), Some(IMMUTABLE));
    // Every answer of the web app keeps its security headers.
    for answer in [&br, &gzip, &plain, &root] {
        let csp = answer.header("content-security-policy").unwrap_or_default();
        assert!(csp.starts_with("default-src 'self'"), "{csp}");
    }

    // A file the build did not compress is still sent compressed.
    assert_eq!(style_br.header("content-encoding"), Some("br"));
    assert_eq!(style_br.decoded(), style.as_bytes());
    assert_eq!(style_br.header("cache-control"), Some(IMMUTABLE));

    // A hashed name that is not (or no longer) there is a 404, never the
    // page: the page must not be kept for a year under an asset's name.
    assert_eq!(missing.status, 404);
    assert_ne!(missing.header("cache-control"), Some(IMMUTABLE));

    for page in [&root, &deep_link] {
        assert_eq!(page.status, 200);
        assert_eq!(page.header("cache-control"), Some("no-cache"));
    }
    assert_eq!(deep_link.decoded(), crate::support::INDEX_HTML.as_bytes());
    // The home page is rendered (pages::home), compressed as asked.
    assert_eq!(root.header("content-encoding"), Some("br"));
    assert!(String::from_utf8_lossy(&root.decoded()).contains("data-ssr=\"home\""));
}

/// GET with `If-None-Match`, as a browser revalidating its copy.
async fn revalidate(app: &TestApp, path: &str, etag: &str) -> Raw {
    fetch(
        app,
        path,
        &[("if-none-match", etag), ("accept-encoding", "br")],
    )
    .await
}

fn etag_of(raw: &Raw) -> String {
    assert_eq!(
        raw.status,
        200,
        "{}",
        String::from_utf8_lossy(&raw.decoded())
    );
    raw.header("etag")
        .unwrap_or_else(|| panic!("no ETag in {:?}", raw.headers))
        .to_owned()
}

#[track_caller]
fn assert_not_modified(raw: &Raw, etag: &str) {
    assert_eq!(raw.status, 304, "{:?}", raw.headers);
    assert!(raw.bytes.is_empty());
    assert_eq!(raw.header("etag"), Some(etag));
    assert_eq!(raw.header("cache-control"), Some("no-cache"));
}

async fn the_big_public_reads_answer_an_etag_and_304_on_a_repeat_until_they_change(
    backend: Backend,
) {
    let app = TestApp::start(backend).await;
    let admin = app.create_admin(&unique_email("admin")).await;
    app.sign_in_as(&admin).await;
    let added = app
        .post("/api/admin-panel/reference/disorders")
        .json(&json!({"name_fr": "Anxiété", "name_en": "Anxiety"}))
        .send()
        .await;
    added.expect(201);
    let disorder = added.json()["id"].as_str().expect("an id").to_owned();
    let expert = app
        .approved_expert(&ExpertProfile {
            given_name: "Élodie",
            family_name: "Arnaud",
            disorders: vec![disorder.clone()],
            languages: vec!["fr"],
            price_minor: 6000,
            ..ExpertProfile::default()
        })
        .await;
    // Everything above is in the read models before the first tag is taken.
    let listed = app.read("/api/public/experts").await;
    listed.expect(200);
    assert_eq!(listed.json()["total"], 1);
    let reads = [
        "/api/public/registration-options".to_owned(),
        "/api/public/reference/disorders".to_owned(),
        format!("/api/public/reference/disorders/{disorder}"),
        "/api/public/experts".to_owned(),
        format!("/api/public/experts/{}", expert.account_id),
        format!("/api/public/experts/{}/slots?days=7", expert.account_id),
    ];

    let mut tags = Vec::new();
    for path in &reads {
        let first = fetch(&app, path, &[("accept-encoding", "br")]).await;
        let tag = etag_of(&first);
        assert!(tag.starts_with("W/\""), "{tag}");
        assert_eq!(first.header("cache-control"), Some("no-cache"), "{path}");
        // The same content under every coding: one tag.
        let plain = fetch(&app, path, &[]).await;
        assert_eq!(etag_of(&plain), tag, "{path}");
        assert_eq!(first.decoded(), plain.bytes, "{path}");

        assert_not_modified(&revalidate(&app, path, &tag).await, &tag);
        assert_not_modified(&revalidate(&app, path, "*").await, &tag);
        let listed = format!("W/\"not-this-one\", {tag}");
        assert_not_modified(&revalidate(&app, path, &listed).await, &tag);
        let bare = tag.trim_start_matches("W/");
        assert_not_modified(&revalidate(&app, path, bare).await, &tag);
        let stale = revalidate(&app, path, "W/\"an-old-one\"").await;
        assert_eq!(stale.status, 200, "{path}");
        assert_eq!(stale.decoded(), plain.bytes, "{path}");
        tags.push(tag);
    }

    // A change: the disorder is renamed. The reads that show it change tag
    // and answer the new body to the old tag; the others still answer 304.
    let renamed = app
        .call(
            reqwest::Method::PUT,
            &format!("/api/admin-panel/reference/disorders/{disorder}"),
        )
        .json(&json!({"name_fr": "Anxiété généralisée", "name_en": "Generalised anxiety"}))
        .send()
        .await;
    renamed.expect(204);
    let position = renamed.position().expect("a position");
    app.wait_for_projection(position).await;
    let min = position.to_string();
    for (path, old) in reads.iter().zip(&tags) {
        let again = fetch(
            &app,
            path,
            &[
                ("if-none-match", old),
                ("accept-encoding", "gzip"),
                ("x-min-position", &min),
            ],
        )
        .await;
        // Neither shows the disorder's name.
        if path == "/api/public/registration-options" || path.contains("/slots") {
            assert_not_modified(&again, old);
            continue;
        }
        let new = etag_of(&again);
        assert_ne!(&new, old, "{path}");
        assert!(
            String::from_utf8_lossy(&again.decoded()).contains("Generalised anxiety"),
            "{path}"
        );
        assert_not_modified(&revalidate(&app, path, &new).await, &new);
    }

    // Errors are neither tagged nor revalidated.
    let missing = revalidate(&app, "/api/public/reference/no-such-kind", "*").await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("etag"), None);
}

async fn a_streamed_csv_export_goes_compressed_to_its_end(backend: Backend) {
    let app = TestApp::with(backend).without_workers().start().await;
    let admin = app.create_admin(&unique_email("admin")).await;
    let token = app.sign_in_as(&admin).await.token("eq_admin");
    let path = "/api/admin-panel/bookings/export.csv";
    let bearer = format!("Bearer {token}");

    let plain = fetch(&app, path, &[("authorization", &bearer)]).await;
    let gzip = fetch(
        &app,
        path,
        &[
            ("authorization", &bearer),
            ("accept-encoding", "gzip, deflate"),
        ],
    )
    .await;
    let br = fetch(
        &app,
        path,
        &[("authorization", &bearer), ("accept-encoding", "br")],
    )
    .await;

    // A stream of unknown length is encoded, and ends whole: the encoder
    // polls the rows' stream once more after its end.
    assert_eq!(plain.status, 200);
    assert!(plain.bytes.starts_with("\u{feff}".as_bytes()));
    for answer in [&gzip, &br] {
        assert_eq!(answer.status, 200);
        assert!(
            answer.header("content-encoding").is_some(),
            "{:?}",
            answer.headers
        );
        assert_eq!(answer.decoded(), plain.bytes);
        assert_eq!(
            answer.header("content-disposition"),
            plain.header("content-disposition")
        );
    }
}
