//! "Download my data" (GDPR art. 15 and 20, docs/rules.md "Download my
//! data"): `GET /api/{client|consultant}/my-data` answers a ZIP archive of
//! everything held about the caller: `README.txt` in the account's
//! language, `data.json` (one document, [`document`]) and `files/…` (the
//! caller's uploads).
//!
//! The archive is written while it is sent, never whole in memory: a task
//! writes it entry by entry ([`async_zip`], `data.json` with a data
//! descriptor since its size is known only at its end) into one end of a
//! bounded in-memory pipe ([`tokio::io::duplex`], [`PIPE_BYTES`]); the
//! answer's body reads the other end. A slow reader makes the writer wait,
//! rows are read a page at a time and files one at a time, so an export
//! holds at most one page of rows or one file (10 MiB at most, docs/rules.md
//! "Files"), whatever the number of bookings. A failure mid-way (or a
//! reader gone) ends the task and cuts the body short, never a truncated
//! archive that looks complete.
//!
//! Bounded work ([`Exports`]): one export at a time per account (a second
//! answers 429 `too_many_requests` with `Retry-After`) and
//! [`EXPORTS_AT_ONCE`] per process (beyond: 503 `server_busy`,
//! `Retry-After: 1`), both before anything is read.

pub mod document;
pub mod readme;

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use async_zip::base::write::ZipFileWriter;
use async_zip::{Compression, ZipDateTimeBuilder, ZipEntryBuilder};
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Datelike, Timelike, Utc};
use futures::StreamExt;
use futures::io::AsyncWriteExt;
use platform::http::{ErrorEnvelope, FieldErrors, PendingError};
use platform::lang::Lang;
use platform::session::Caller;
use tokio::io::DuplexStream;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_util::io::ReaderStream;
use uuid::Uuid;

use self::document::Subject;
use super::accounts::SignedIn;
use crate::QueryState;
use crate::error::QueryError;

/// Exports running at once in one process; more answer 503 `server_busy`.
pub const EXPORTS_AT_ONCE: usize = 2;
/// What the pipe between the archive's writer and the answer holds: the
/// writer waits while the reader has not taken it.
pub const PIPE_BYTES: usize = 64 * 1024;
/// The most the answer takes from the pipe at once (one body chunk).
const CHUNK_BYTES: usize = 32 * 1024;
/// `Retry-After` of a second export of the same account.
const RETRY_SAME_ACCOUNT: Duration = Duration::from_secs(10);

/// The exports running in this process: who, and how many.
pub struct Exports {
    slots: Arc<Semaphore>,
    running: Mutex<HashSet<Uuid>>,
}

impl Default for Exports {
    fn default() -> Self {
        Exports {
            slots: Arc::new(Semaphore::new(EXPORTS_AT_ONCE)),
            running: Mutex::new(HashSet::new()),
        }
    }
}

/// Why an export cannot start now.
#[derive(Debug, PartialEq, Eq)]
pub enum Busy {
    /// The account's previous export is still being sent.
    Account,
    /// [`EXPORTS_AT_ONCE`] exports are running.
    Server,
}

/// An export's place, given back when it is dropped (the archive finished,
/// failed, or its reader went away).
pub struct Claim {
    exports: Arc<Exports>,
    account: Uuid,
    _slot: OwnedSemaphorePermit,
}

impl Drop for Claim {
    fn drop(&mut self) {
        self.exports
            .running
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.account);
    }
}

impl Exports {
    /// A place for `account`'s export, if it has none running and the
    /// process has one free.
    pub fn claim(self: &Arc<Self>, account: Uuid) -> Result<Claim, Busy> {
        let mut running = self.running.lock().unwrap_or_else(PoisonError::into_inner);
        if running.contains(&account) {
            return Err(Busy::Account);
        }
        let slot = self
            .slots
            .clone()
            .try_acquire_owned()
            .map_err(|_| Busy::Server)?;
        running.insert(account);
        Ok(Claim {
            exports: self.clone(),
            account,
            _slot: slot,
        })
    }
}

impl IntoResponse for Busy {
    fn into_response(self) -> Response {
        match self {
            Busy::Account => platform::http::too_many_requests(RETRY_SAME_ACCOUNT),
            // `Retry-After: 1`, as every 503 (`platform::http::error_response`).
            Busy::Server => PendingError::response(
                StatusCode::SERVICE_UNAVAILABLE,
                "server_busy",
                FieldErrors::new(),
            ),
        }
    }
}

/// The archive's name: `equilibre-mes-donnees-2026-11-28.zip`, or
/// `equilibre-my-data-2026-11-28.zip` in English, dated in the account's zone.
pub fn file_name(lang: Lang, day: chrono::NaiveDate) -> String {
    let stem = match lang {
        Lang::Fr => "equilibre-mes-donnees",
        Lang::En => "equilibre-my-data",
    };
    format!("{stem}-{}.zip", day.format("%Y-%m-%d"))
}

/// Everything held about the signed-in client, as a ZIP archive streamed
/// to it.
#[utoipa::path(get, path = "/api/client/my-data", tag = "accounts", security(("session" = [])),
    responses((status = 200, content_type = "application/zip",
            description = "The archive (`README.txt`, `data.json`, `files/…`), streamed; `Content-Disposition: attachment; filename=\"equilibre-mes-donnees-YYYY-MM-DD.zip\"` (`equilibre-my-data-…` in English), `Cache-Control: no-store`"),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope, description = "This account's previous archive is still being sent (`too_many_requests`, `Retry-After`)"),
        (status = 503, body = ErrorEnvelope, description = "Too many archives at once (`server_busy`, `Retry-After: 1`)")))]
pub async fn client_my_data(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<Response, QueryError> {
    my_data(state, caller).await
}

/// Everything held about the signed-in consultant, as a ZIP archive
/// streamed to it.
#[utoipa::path(get, path = "/api/consultant/my-data", tag = "accounts", security(("session" = [])),
    responses((status = 200, content_type = "application/zip",
            description = "The archive (`README.txt`, `data.json`, `files/…`), streamed; `Content-Disposition: attachment; filename=\"equilibre-mes-donnees-YYYY-MM-DD.zip\"` (`equilibre-my-data-…` in English), `Cache-Control: no-store`"),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope),
        (status = 429, body = ErrorEnvelope, description = "This account's previous archive is still being sent (`too_many_requests`, `Retry-After`)"),
        (status = 503, body = ErrorEnvelope, description = "Too many archives at once (`server_busy`, `Retry-After: 1`)")))]
pub async fn consultant_my_data(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
) -> Result<Response, QueryError> {
    my_data(state, caller).await
}

/// The archive of `caller` (a client or a consultant: administrators have
/// no such route, their area answers 404 as for any unknown path).
async fn my_data(state: QueryState, caller: Caller) -> Result<Response, QueryError> {
    let claim = match state.exports.claim(caller.account_id) {
        Ok(claim) => claim,
        Err(busy) => return Ok(busy.into_response()),
    };
    let subject = Subject::load(&state, caller.account_id, caller.role).await?;
    let now = state.clock.now();
    let name = file_name(subject.lang, subject.local(now).date_naive());

    let (writer, reader) = tokio::io::duplex(PIPE_BYTES);
    let (done, outcome) = tokio::sync::oneshot::channel::<bool>();
    tokio::spawn(async move {
        let result = write_archive(&state, &subject, now, writer).await;
        match &result {
            Err(error) if reader_gone(error.as_ref()) => {
                tracing::info!(account_id = %subject.account_id, "my-data export left unread");
            }
            Err(error) => {
                tracing::error!(%error, account_id = %subject.account_id, "my-data export failed");
            }
            Ok(()) => {}
        }
        drop(claim);
        let _ = done.send(result.is_ok());
    });
    // The pipe's end is not an end: only the writer's success is. A failure
    // (or a panic) turns into an error item, which cuts the body short.
    let tail = futures::stream::once(async move {
        match outcome.await {
            Ok(true) => None,
            _ => Some(Err(std::io::Error::other(
                "the archive could not be completed",
            ))),
        }
    })
    .filter_map(|item| async move { item });
    let body = Body::from_stream(ReaderStream::with_capacity(reader, CHUNK_BYTES).chain(tail));

    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/zip"),
    );
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    Ok(response)
}

type Failure = Box<dyn std::error::Error + Send + Sync>;

/// Whether a failure is the answer's reader going away (a closed
/// download, a HEAD request): the pipe is broken, nothing went wrong here.
fn reader_gone(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(error) = cause {
        if error
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
        {
            return true;
        }
        cause = error.source();
    }
    false
}

/// Writes the whole archive into `out`: the README, `data.json`, then each
/// file, one at a time.
async fn write_archive(
    state: &QueryState,
    subject: &Subject,
    now: DateTime<Utc>,
    out: DuplexStream,
) -> Result<(), Failure> {
    let local = subject.local(now);
    let date = ZipDateTimeBuilder::new()
        .year(local.year())
        .month(local.month())
        .day(local.day())
        .hour(local.hour())
        .minute(local.minute())
        .second(local.second())
        .build();
    let entry = |name: &str, compression: Compression| {
        ZipEntryBuilder::new(name.to_owned().into(), compression)
            .last_modification_date(date)
            // A regular file, rw-r--r--.
            .unix_permissions(0o100_644)
    };
    let mut zip = ZipFileWriter::with_tokio(out);

    let files = document::archived_files(state, subject).await?;
    let readme = readme::text(subject.lang, subject.role, now);
    zip.write_entry_whole(entry("README.txt", Compression::Deflate), readme.as_bytes())
        .await?;

    let mut json = zip
        .write_entry_stream(entry("data.json", Compression::Deflate))
        .await?;
    document::write(state, subject, now, &files, &mut json).await?;
    json.close().await?;

    for file in &files {
        // Uploads are PDF, JPEG or PNG: already compressed, stored as they are.
        let Some(bytes) = state.files.get(&file.key).await? else {
            continue;
        };
        zip.write_entry_whole(entry(&file.path, Compression::Stored), &bytes)
            .await?;
    }
    let mut out = zip.close().await?;
    out.flush().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_export_per_account_and_a_few_per_process() {
        let exports = Arc::new(Exports::default());
        let (a, b, c) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        let first = exports.claim(a).expect("a free place");
        assert_eq!(exports.claim(a).err(), Some(Busy::Account));
        let second = exports.claim(b).expect("a second place");
        assert_eq!(exports.claim(c).err(), Some(Busy::Server));
        // The same account is told to wait for its own export first.
        assert_eq!(exports.claim(b).err(), Some(Busy::Account));
        drop(first);
        let third = exports.claim(c).expect("a place given back");
        assert_eq!(exports.claim(a).err(), Some(Busy::Server));
        drop((second, third));
        exports.claim(a).expect("every place given back");
    }

    #[test]
    fn a_reader_gone_is_told_from_a_failure() {
        let gone =
            async_zip::error::ZipError::UpstreamReadError(std::io::ErrorKind::BrokenPipe.into());
        assert!(reader_gone(&gone));
        assert!(reader_gone(&std::io::Error::from(
            std::io::ErrorKind::BrokenPipe
        )));
        assert!(!reader_gone(&std::io::Error::other("disk on fire")));
        assert!(!reader_gone(&QueryError::NotFound));
    }

    #[test]
    fn the_archive_is_named_in_the_accounts_language() {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 7).expect("a day");
        assert_eq!(
            file_name(Lang::Fr, day),
            "equilibre-mes-donnees-2026-03-07.zip"
        );
        assert_eq!(file_name(Lang::En, day), "equilibre-my-data-2026-03-07.zip");
    }
}
