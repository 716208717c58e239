//! Test helpers for every crate (feature `testing`): a real SMTP server
//! (maildev 2.2.1 from npm) to send to and read back from, instead of a mock.
//!
//! ```no_run
//! # async fn example() {
//! let maildev = platform::testing::MailDev::start().await;
//! // … send to maildev.smtp_url() …
//! let mail = maildev.wait_for(|m| m["subject"] == "Hello").await;
//! # }
//! ```

use std::net::TcpListener;
use std::process::Stdio;
use std::time::Duration;

use serde_json::Value;
use tokio::process::{Child, Command};

/// How long maildev may take to install (first run) and start.
const START_TIMEOUT: Duration = Duration::from_secs(180);
/// How many times [`MailDev::start`] starts maildev before it gives up.
const START_ATTEMPTS: u32 = 3;
/// How long [`MailDev::wait_for`] polls.
const WAIT_TIMEOUT: Duration = Duration::from_secs(15);
const POLL: Duration = Duration::from_millis(100);

/// A maildev process on free loopback ports, killed (with its process
/// group) when dropped. Every method panics on failure: tests must fail,
/// never skip, when the server is missing.
#[derive(Debug)]
pub struct MailDev {
    child: Child,
    smtp_port: u16,
    web_port: u16,
    http: reqwest::Client,
}

/// Two distinct free loopback ports (both held until both are chosen).
fn free_ports() -> (u16, u16) {
    let bind = || TcpListener::bind("127.0.0.1:0").expect("a free loopback port");
    let (a, b) = (bind(), bind());
    let port = |l: &TcpListener| l.local_addr().expect("a bound address").port();
    (port(&a), port(&b))
}

impl MailDev {
    /// Starts `npx --yes maildev@2.2.1` and waits until its web API and its
    /// SMTP port answer.
    /// A start that exits at once is tried again on new ports: with tests
    /// running side by side, a port chosen free can be taken before maildev
    /// binds it, or two first `npx` runs can race to fill its cache.
    pub async fn start() -> MailDev {
        for _ in 1..START_ATTEMPTS {
            if let Some(maildev) = Self::try_start().await {
                return maildev;
            }
        }
        Self::try_start().await.unwrap_or_else(|| {
            panic!(
                "maildev exited during start-up {START_ATTEMPTS} times; try `npx --yes maildev@2.2.1 --help`"
            )
        })
    }

    /// One start: `None` when maildev exits before its web API answers.
    async fn try_start() -> Option<MailDev> {
        let (smtp_port, web_port) = free_ports();
        let child = Command::new("npx")
            .args(["--yes", "maildev@2.2.1", "--ip", "127.0.0.1"])
            .args(["-s", &smtp_port.to_string(), "-w", &web_port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .kill_on_drop(true)
            .spawn()
            .expect("cannot run npx: is Node.js installed?");
        let mut maildev = MailDev {
            child,
            smtp_port,
            web_port,
            http: reqwest::Client::new(),
        };
        let deadline = tokio::time::Instant::now() + START_TIMEOUT;
        loop {
            if let Ok(Some(_)) = maildev.child.try_wait() {
                return None;
            }
            // Ready when both its sides are: the web API and the SMTP port
            // (maildev may open one before the other).
            let web = maildev
                .http
                .get(maildev.url("/email"))
                .send()
                .await
                .is_ok_and(|r| r.status().is_success());
            if web
                && tokio::net::TcpStream::connect(("127.0.0.1", smtp_port))
                    .await
                    .is_ok()
            {
                return Some(maildev);
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "maildev did not start within {START_TIMEOUT:?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// `smtp://127.0.0.1:{port}` for [`crate::mail::SmtpMailer`] or `SMTP_URL`.
    pub fn smtp_url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.smtp_port)
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.web_port)
    }

    /// Every mail received so far, as maildev's JSON (`subject`, `text`,
    /// `html`, `to: [{address, name}]`, `from`, `attachments`, …).
    pub async fn messages(&self) -> Vec<Value> {
        self.http
            .get(self.url("/email"))
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .expect("maildev answers GET /email")
            .json()
            .await
            .expect("maildev returns a JSON list")
    }

    /// The first received mail matching `predicate`, polling up to 15 s.
    pub async fn wait_for(&self, predicate: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT_TIMEOUT;
        loop {
            if let Some(mail) = self.messages().await.into_iter().find(|m| predicate(m)) {
                return mail;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "no matching mail within {WAIT_TIMEOUT:?}"
            );
            tokio::time::sleep(POLL).await;
        }
    }

    /// The first mail sent to `address` (case-insensitive), polling up to 15 s.
    pub async fn wait_for_recipient(&self, address: &str) -> Value {
        let address = address.to_ascii_lowercase();
        self.wait_for(|m| {
            m["to"].as_array().is_some_and(|to| {
                to.iter().any(|r| {
                    r["address"]
                        .as_str()
                        .is_some_and(|a| a.eq_ignore_ascii_case(&address))
                })
            })
        })
        .await
    }

    /// The bytes of attachment `file_name` of the mail with maildev id `id`.
    pub async fn attachment(&self, id: &str, file_name: &str) -> Vec<u8> {
        self.http
            .get(self.url(&format!("/email/{id}/attachment/{file_name}")))
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .expect("maildev serves the attachment")
            .bytes()
            .await
            .expect("the attachment's bytes")
            .to_vec()
    }

    /// Deletes every received mail.
    pub async fn clear(&self) {
        self.http
            .delete(self.url("/email/all"))
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .expect("maildev answers DELETE /email/all");
    }
}

impl Drop for MailDev {
    fn drop(&mut self) {
        // npx starts node as a child: kill the whole process group we created.
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &format!("-{pid}")])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.start_kill();
    }
}
