//! Uploads and file serving (docs/api.md "Files"): checked by content and
//! size, kept only when recorded, served to the owner and administrators.
//! On SQLite the files sit in the local directory; on PostgreSQL in an
//! S3-compatible bucket (a real moto server), as a deployment at scale has them.

use domain::account::Role;
use platform::config::FilesBackend;
use platform::files::testing::MotoServer;
use query_api::routes::files::CONSULTANT_CONTRACT;
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::Value;
use uuid::Uuid;

use crate::support::{Answer, Backend, Member, PNG, TestApp, unique_email};

on_both_backends!(
    good_files_are_kept_and_served_to_their_owner_and_administrators_only,
    bad_files_are_refused_with_a_translated_message_and_nothing_is_kept,
    the_contract_template_is_a_pdf_to_download,
    an_upload_that_cannot_be_recorded_leaves_no_file_behind,
    a_retried_upload_is_recorded_once,
);

/// The app with the file store of its backend; the moto server lives as long.
struct FilesApp {
    app: TestApp,
    _moto: Option<MotoServer>,
}

async fn start(backend: Backend) -> FilesApp {
    match backend {
        Backend::Sqlite => FilesApp {
            app: TestApp::start(backend).await,
            _moto: None,
        },
        Backend::Postgres => {
            let moto = MotoServer::start().await;
            let bucket = moto.bucket("equilibre-files").await;
            let app = TestApp::with(backend)
                .files(FilesBackend::S3(bucket))
                .start()
                .await;
            FilesApp {
                app,
                _moto: Some(moto),
            }
        }
    }
}

/// A multipart body with one part `file`, named and typed as a browser would.
fn form(bytes: Vec<u8>, file_name: &str, claimed_type: &str) -> Form {
    let part = Part::bytes(bytes)
        .file_name(file_name.to_owned())
        .mime_str(claimed_type)
        .expect("a MIME type");
    Form::new().part("file", part)
}

async fn upload(app: &TestApp, area: &str, kind: &str, form: Form, lang: &str) -> Answer {
    app.call(Method::POST, &format!("/api/{area}/files?kind={kind}"))
        .lang(lang)
        .multipart(form)
        .send()
        .await
}

/// Signs `member` in and returns its session token (for Bearer calls).
async fn token(app: &TestApp, member: &Member) -> String {
    app.sign_in_as(member)
        .await
        .token(platform::auth::cookie_name(member.role))
}

/// `GET` with a Bearer token, the body kept as bytes.
async fn download(app: &TestApp, path: &str, token: &str) -> reqwest::Response {
    reqwest::Client::new()
        .get(app.url(path))
        .bearer_auth(token)
        .send()
        .await
        .expect("the app answers")
}

fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

async fn good_files_are_kept_and_served_to_their_owner_and_administrators_only(backend: Backend) {
    let FilesApp { app, _moto } = start(backend).await;
    let owner = app.register(Role::Consultant, &unique_email("owner")).await;
    let owner_token = token(&app, &owner).await;

    let resume = upload(
        &app,
        "consultant",
        "resume",
        form(
            CONSULTANT_CONTRACT.to_vec(),
            "mon cv.pdf",
            "application/pdf",
        ),
        "fr",
    )
    .await;
    resume.expect(201);
    assert!(resume.position().is_some(), "the upload is an event");
    let resume: Value = resume.json();
    let prefix = format!("subjects/{}/", owner.account_id);
    let resume_key = resume["key"].as_str().expect("a key").to_owned();
    assert!(
        resume_key.starts_with(&prefix) && resume_key.ends_with(".pdf"),
        "{resume_key}"
    );
    assert_eq!(resume["content_type"], "application/pdf");
    assert_eq!(resume["size"], CONSULTANT_CONTRACT.len());
    assert_eq!(resume["name"], "resume.pdf", "never the sent file name");

    // The type comes from the bytes: a PNG sent as a .pdf is a PNG.
    let degree = upload(
        &app,
        "consultant",
        "degree",
        form(PNG.to_vec(), "diplome.pdf", "application/pdf"),
        "fr",
    )
    .await;
    degree.expect(201);
    let degree_key = degree.json()["key"].as_str().expect("a key").to_owned();
    assert!(degree_key.ends_with(".png"), "{degree_key}");
    assert_eq!(degree.json()["content_type"], "image/png");

    let mut stored = vec![resume_key.clone(), degree_key.clone()];
    stored.sort();
    assert_eq!(
        app.app.files.list_subject(owner.account_id).await.unwrap(),
        stored
    );
    assert_eq!(app.count_events("FileUploaded").await, 2);
    let known = command_api::files::lookup(&app.app.command_state, owner.account_id)
        .await
        .expect("the uploads load");
    let resolved = domain::values::FileRef::resolve(
        &degree_key,
        domain::values::FileKind::Degree,
        owner.account_id,
        &known,
    )
    .expect("an uploaded degree resolves for its owner");
    assert_eq!(
        (resolved.content_type.as_str(), resolved.size),
        ("image/png", PNG.len() as u64)
    );
    let made_up = format!("{prefix}{}.png", Uuid::now_v7());
    assert!(
        domain::values::FileRef::resolve(
            &made_up,
            domain::values::FileKind::Degree,
            owner.account_id,
            &known
        )
        .is_err(),
        "a key nobody uploaded resolves to nothing"
    );

    let own = download(
        &app,
        &format!("/api/consultant/files/{resume_key}"),
        &owner_token,
    )
    .await;
    assert_eq!(own.status(), 200);
    assert_eq!(header(&own, "content-type"), "application/pdf");
    let disposition = header(&own, "content-disposition").to_owned();
    assert!(
        disposition.starts_with("inline; filename=\"") && disposition.ends_with(".pdf\""),
        "{disposition}"
    );
    assert_eq!(header(&own, "x-content-type-options"), "nosniff");
    assert!(header(&own, "cache-control").contains("private"));
    assert_eq!(own.bytes().await.unwrap().as_ref(), CONSULTANT_CONTRACT);
    let image = download(
        &app,
        &format!("/api/consultant/files/{degree_key}"),
        &owner_token,
    )
    .await;
    assert_eq!(header(&image, "content-type"), "image/png");
    assert_eq!(image.bytes().await.unwrap().as_ref(), PNG);

    let missing = download(
        &app,
        &format!("/api/consultant/files/{made_up}"),
        &owner_token,
    )
    .await;
    assert_eq!(missing.status(), 404);

    let other = app.register(Role::Consultant, &unique_email("other")).await;
    let other_token = token(&app, &other).await;
    let refused = download(
        &app,
        &format!("/api/consultant/files/{resume_key}"),
        &other_token,
    )
    .await;
    assert_eq!(refused.status(), 404, "another consultant learns nothing");

    let client = app.register(Role::Client, &unique_email("client")).await;
    let client_token = token(&app, &client).await;
    let refused = download(
        &app,
        &format!("/api/client/files/{resume_key}"),
        &client_token,
    )
    .await;
    assert_eq!(refused.status(), 404);
    let stranger = reqwest::get(app.url(&format!("/api/consultant/files/{resume_key}")))
        .await
        .unwrap();
    assert_eq!(stranger.status(), 401);

    let doc = app.get("/api/openapi.json").send().await.json();
    for (path, method) in [
        ("/api/{area}/files", "post"),
        ("/api/{area}/files/{key}", "get"),
    ] {
        assert!(
            doc["paths"][path][method]["security"].is_array(),
            "{method} {path} is documented with its session requirement"
        );
    }

    let admin = app.create_admin(&unique_email("admin")).await;
    let admin_token = token(&app, &admin).await;
    let as_admin = download(
        &app,
        &format!("/api/admin-panel/files/{resume_key}"),
        &admin_token,
    )
    .await;
    assert_eq!(as_admin.status(), 200);
    assert_eq!(
        as_admin.bytes().await.unwrap().as_ref(),
        CONSULTANT_CONTRACT
    );
}

async fn bad_files_are_refused_with_a_translated_message_and_nothing_is_kept(backend: Backend) {
    let FilesApp { app, _moto } = start(backend).await;
    let consultant = app
        .register(Role::Consultant, &unique_email("consultant"))
        .await;
    app.sign_in_as(&consultant).await;

    let mut oversized = CONSULTANT_CONTRACT.to_vec();
    oversized.resize(10 * 1024 * 1024 + 1, b' ');
    let mut large_photo = PNG.to_vec();
    large_photo.resize(5 * 1024 * 1024 + 1, 0);
    let cases: [(&str, Vec<u8>, &str, &str, &str); 4] = [
        (
            "resume",
            PNG.to_vec(),
            "cv.pdf",
            "Type de fichier non accepté. Formats acceptés : PDF.",
            "This file type is not accepted. Accepted formats: PDF.",
        ),
        (
            "resume",
            oversized,
            "cv.pdf",
            "Le fichier ne doit pas dépasser 10 Mo.",
            "The file must not exceed 10 MB.",
        ),
        (
            "profile_photo",
            large_photo,
            "photo.png",
            "Le fichier ne doit pas dépasser 5 Mo.",
            "The file must not exceed 5 MB.",
        ),
        (
            "contract",
            Vec::new(),
            "contrat.pdf",
            "Le fichier est vide.",
            "The file is empty.",
        ),
    ];
    for (kind, bytes, name, french, english) in cases {
        for (lang, message) in [("fr", french), ("en", english)] {
            let answer = upload(
                &app,
                "consultant",
                kind,
                form(bytes.clone(), name, "application/pdf"),
                lang,
            )
            .await;
            answer.expect(400);
            assert_eq!(answer.code(), "validation_failed");
            assert_eq!(
                answer.field("file").as_deref(),
                Some(message),
                "{kind} {name} in {lang}"
            );
        }
    }

    // Beyond the body limit the part is cut off: still a file too large.
    let mut huge = CONSULTANT_CONTRACT.to_vec();
    huge.resize(11 * 1024 * 1024, b' ');
    let answer = upload(
        &app,
        "consultant",
        "resume",
        form(huge, "cv.pdf", "application/pdf"),
        "en",
    )
    .await;
    answer.expect(400);
    assert_eq!(
        answer.field("file").as_deref(),
        Some("The file must not exceed 10 MB.")
    );
    // Answered before the body was read to its end: the connection closes,
    // so the client sends its next request on a new one.
    assert_eq!(answer.header("connection"), Some("close"));

    let unknown = upload(
        &app,
        "consultant",
        "selfie",
        form(PNG.to_vec(), "a.png", "image/png"),
        "en",
    )
    .await;
    unknown.expect(400);
    assert!(unknown.field("kind").is_some(), "{}", unknown.text);
    let no_file = app
        .call(Method::POST, "/api/consultant/files?kind=resume")
        .lang("en")
        .multipart(Form::new().text("other", "x"))
        .send()
        .await;
    no_file.expect(400);
    assert_eq!(
        no_file.field("file").as_deref(),
        Some("This field is required.")
    );

    assert!(
        app.app
            .files
            .list_subject(consultant.account_id)
            .await
            .unwrap()
            .is_empty(),
        "a refused upload keeps nothing"
    );
    if backend == Backend::Sqlite {
        let leftovers: Vec<_> = walk(&app.app.config.files_dir());
        assert!(leftovers.is_empty(), "files left behind: {leftovers:?}");
    }
    assert_eq!(app.count_events("FileUploaded").await, 0);
}

/// Runs one statement on the event store's database, beside the app.
async fn on_event_store(app: &TestApp, backend: Backend, sql: &'static str) {
    let (url, _) = app.database.urls();
    match backend {
        Backend::Sqlite => {
            let pool = sqlx::SqlitePool::connect(&url)
                .await
                .expect("the events file");
            sqlx::query(sql).execute(&pool).await.expect(sql);
            pool.close().await;
        }
        Backend::Postgres => {
            let pool = sqlx::PgPool::connect(&url)
                .await
                .expect("the test database");
            sqlx::query(sql).execute(&pool).await.expect(sql);
            pool.close().await;
        }
    }
}

async fn an_upload_that_cannot_be_recorded_leaves_no_file_behind(backend: Backend) {
    let FilesApp { app, _moto } = start(backend).await;
    let consultant = app
        .register(Role::Consultant, &unique_email("consultant"))
        .await;
    app.sign_in_as(&consultant).await;

    // Appends need the stream versions; reads and sessions do not: the file
    // is checked and stored, then its record fails.
    on_event_store(&app, backend, "ALTER TABLE streams RENAME TO streams_away").await;
    let failed = upload(
        &app,
        "consultant",
        "resume",
        form(CONSULTANT_CONTRACT.to_vec(), "cv.pdf", "application/pdf"),
        "en",
    )
    .await;
    on_event_store(&app, backend, "ALTER TABLE streams_away RENAME TO streams").await;

    failed.expect(500);
    assert_eq!(failed.code(), "internal");
    assert!(
        app.app
            .files
            .list_subject(consultant.account_id)
            .await
            .unwrap()
            .is_empty(),
        "the stored file was deleted"
    );
    assert_eq!(app.count_events("FileUploaded").await, 0);
    let again = upload(
        &app,
        "consultant",
        "resume",
        form(CONSULTANT_CONTRACT.to_vec(), "cv.pdf", "application/pdf"),
        "en",
    )
    .await;
    again.expect(201);
    assert_eq!(
        app.app
            .files
            .list_subject(consultant.account_id)
            .await
            .unwrap()
            .len(),
        1
    );
}

async fn a_retried_upload_is_recorded_once(backend: Backend) {
    let FilesApp { app, _moto } = start(backend).await;
    let consultant = app
        .register(Role::Consultant, &unique_email("consultant"))
        .await;
    app.sign_in_as(&consultant).await;
    let send = |bytes: &[u8], key: &str| {
        app.call(Method::POST, "/api/consultant/files?kind=certificate")
            .idempotency_key(key)
            .multipart(form(bytes.to_vec(), "c.png", "image/png"))
            .send()
    };

    let first = send(PNG, "upload-1").await;
    first.expect(201);
    let retried = send(PNG, "upload-1").await;
    retried.expect(201);
    assert_eq!(first.json()["key"], retried.json()["key"]);
    assert_eq!(first.position(), retried.position());
    // The same Idempotency-Key with other bytes is another upload.
    let other = send(CONSULTANT_CONTRACT, "upload-1").await;
    other.expect(201);
    assert_ne!(first.json()["key"], other.json()["key"]);

    assert_eq!(app.count_events("FileUploaded").await, 2);
    assert_eq!(
        app.app
            .files
            .list_subject(consultant.account_id)
            .await
            .unwrap()
            .len(),
        2
    );
}

/// Every file under `dir` (none when it does not exist).
fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .flat_map(|entry| {
            let path = entry.path();
            if path.is_dir() {
                walk(&path)
            } else {
                vec![path]
            }
        })
        .collect()
}

async fn the_contract_template_is_a_pdf_to_download(backend: Backend) {
    let app = TestApp::start(backend).await;
    let response = reqwest::get(app.url("/api/public/documents/consultant-contract.pdf"))
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "application/pdf");
    assert_eq!(
        header(&response, "content-disposition"),
        "attachment; filename=\"consultant-contract.pdf\""
    );
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-") && bytes.len() < 20 * 1024);
    let text = String::from_utf8_lossy(&bytes);
    for words in [
        "Contrat de prestation de consultant",
        "Consultant services agreement",
    ] {
        assert!(text.contains(words), "the template says {words:?}");
    }
    assert!(text.trim_end().ends_with("%%EOF"));
}
