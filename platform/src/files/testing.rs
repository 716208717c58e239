//! Test helpers for file stores (feature `testing`): a real S3-compatible
//! server (PyPI `moto[server]`, `moto_server`) on a free loopback port, and
//! the round trip every [`FileStore`] must pass.

use std::net::TcpListener;
use std::process::Stdio;
use std::time::Duration;

use tokio::process::{Child, Command};
use uuid::Uuid;

use super::{FileStore, subject_prefix};
use crate::config::S3Settings;

const START_TIMEOUT: Duration = Duration::from_secs(60);
const POLL: Duration = Duration::from_millis(100);

/// A `moto_server` process, killed (with its process group) when dropped.
/// Panics when it cannot run: tests fail, never skip, without it.
#[derive(Debug)]
pub struct MotoServer {
    child: Child,
    port: u16,
    http: reqwest::Client,
}

impl MotoServer {
    /// Starts `moto_server -H 127.0.0.1 -p {free port}` and waits until it answers.
    pub async fn start() -> MotoServer {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free loopback port")
            .port();
        let child = Command::new("moto_server")
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "cannot run moto_server ({e}): the S3 tests need it; install it with \
                     `pip install 'moto[server]==5.2.*'`"
                )
            });
        let mut moto = MotoServer {
            child,
            port,
            http: reqwest::Client::new(),
        };
        let deadline = tokio::time::Instant::now() + START_TIMEOUT;
        loop {
            if let Ok(Some(status)) = moto.child.try_wait() {
                panic!("moto_server exited during start-up ({status}); try `moto_server --help`");
            }
            if moto.http.get(moto.endpoint()).send().await.is_ok() {
                return moto;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "moto_server did not start within {START_TIMEOUT:?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// `http://127.0.0.1:{port}`.
    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Creates `bucket` (HTTP PUT) and returns settings that reach it.
    pub async fn bucket(&self, bucket: &str) -> S3Settings {
        self.http
            .put(format!("{}/{bucket}", self.endpoint()))
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .expect("moto_server creates the bucket");
        S3Settings {
            bucket: bucket.into(),
            endpoint: Some(self.endpoint()),
            region: "us-east-1".into(),
            access_key_id: Some("testing".into()),
            secret_access_key: Some("testing".to_owned().into()),
        }
    }
}

/// Put, get, list, delete one file, forget a subject: what every store must do.
pub async fn exercise_store(files: &dyn FileStore) {
    let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
    let key = |subject: Uuid, name: &str| format!("{}{name}", subject_prefix(subject));
    files
        .put(&key(a, "consent.pdf"), b"%PDF-a".to_vec())
        .await
        .unwrap();
    files
        .put(&key(a, "photo.png"), b"png-a".to_vec())
        .await
        .unwrap();
    files
        .put(&key(b, "consent.pdf"), b"%PDF-b".to_vec())
        .await
        .unwrap();

    assert_eq!(
        files.get(&key(a, "consent.pdf")).await.unwrap().as_deref(),
        Some(&b"%PDF-a"[..])
    );
    assert_eq!(files.get(&key(a, "missing.pdf")).await.unwrap(), None);
    assert_eq!(
        files.list_subject(a).await.unwrap(),
        vec![key(a, "consent.pdf"), key(a, "photo.png")]
    );

    files.delete(&key(a, "photo.png")).await.unwrap();
    files.delete(&key(a, "photo.png")).await.unwrap();
    assert_eq!(files.get(&key(a, "photo.png")).await.unwrap(), None);
    assert_eq!(
        files.list_subject(a).await.unwrap(),
        vec![key(a, "consent.pdf")]
    );

    files.delete_subject(a).await.unwrap();
    assert_eq!(files.get(&key(a, "consent.pdf")).await.unwrap(), None);
    assert!(files.list_subject(a).await.unwrap().is_empty());
    assert_eq!(
        files.get(&key(b, "consent.pdf")).await.unwrap().as_deref(),
        Some(&b"%PDF-b"[..])
    );
    files.delete_subject(a).await.unwrap();
}
