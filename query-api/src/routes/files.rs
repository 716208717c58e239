//! Serving files (DESIGN §5): an uploaded file goes only to its owner (the
//! subject of its key) and to administrators; the contract template goes to
//! everyone. [`serve_file`] is the one way a route answers stored bytes.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use domain::account::Role;
use platform::files::{content, subject_of};
use platform::http::ErrorEnvelope;
use platform::session::Caller;

use crate::QueryState;
use crate::error::QueryError;
use crate::routes::accounts::SignedIn;

/// The contract template consultants download, fill in and upload
/// (`assets/make-consultant-contract.py` writes it).
pub const CONSULTANT_CONTRACT: &[u8] = include_bytes!("../../assets/consultant-contract.pdf");

/// How the browser should present a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Disposition {
    /// Shown in the page or a tab (images, PDFs).
    Inline,
    /// Saved as a download.
    Attachment,
}

/// The stored file `key` as an answer: `Content-Type` found again from the
/// bytes (`application/octet-stream` if none is recognised), the key's last
/// segment as file name, `nosniff`, and `Cache-Control: private, no-store`
/// (a public route may replace it). A missing file is `not_found`.
/// Callers check who may read `key` first.
pub async fn serve_file(
    state: &QueryState,
    key: &str,
    disposition: Disposition,
) -> Result<Response, QueryError> {
    let bytes = state.files.get(key).await?.ok_or(QueryError::NotFound)?;
    let name = key.rsplit('/').next().unwrap_or("file");
    Ok(file_answer(bytes, name, disposition, "private, no-store"))
}

/// A public image (an expert's photo, a post's cover) by the key its row
/// holds: browsers keep it a few minutes (a new picture comes with a new key).
pub async fn serve_public_image(
    state: &QueryState,
    key: Option<String>,
) -> Result<Response, QueryError> {
    let key = key.ok_or(QueryError::NotFound)?;
    let mut response = serve_file(state, &key, Disposition::Inline).await?;
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=300"),
    );
    Ok(response)
}

pub(crate) fn file_answer(
    bytes: Vec<u8>,
    name: &str,
    disposition: Disposition,
    cache: &'static str,
) -> Response {
    let content_type = content::detect(&bytes).unwrap_or("application/octet-stream");
    let kind = match disposition {
        Disposition::Inline => "inline",
        Disposition::Attachment => "attachment",
    };
    // Keys are server-made (`{uuid}.{ext}`); keep the name plain anyway.
    let name: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
        .collect();
    let disposition = HeaderValue::from_str(&format!("{kind}; filename=\"{name}\""))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"));
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CONTENT_DISPOSITION, disposition);
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// Whether `caller` may read the files of `subject`: the subject itself, or
/// an administrator.
fn may_read(caller: &Caller, subject: uuid::Uuid) -> bool {
    // Later (bookings issue): the parties of a booking — a consultant reads
    // the documents its own bookings' clients shared with it, and the
    // reverse. Check it here against the bookings read model, so every file
    // route keeps one rule.
    caller.account_id == subject || caller.role == Role::Admin
}

/// An uploaded file, to its owner or an administrator; 404 to anyone else.
#[utoipa::path(get, path = "/api/{area}/files/{key}", tag = "files", security(("session" = [])),
    params(("area" = String, Path), ("key" = String, Path, description = "`subjects/{account id}/{uuid}.{ext}`, as the upload answered")),
    responses((status = 200, description = "The file's bytes (PDF, JPEG or PNG)", content_type = "application/octet-stream"),
        (status = 401, body = ErrorEnvelope), (status = 404, body = ErrorEnvelope)))]
pub async fn download_file(
    State(state): State<QueryState>,
    SignedIn(caller): SignedIn,
    Path((_area, key)): Path<(String, String)>,
) -> Result<Response, QueryError> {
    let subject = subject_of(&key).ok_or(QueryError::NotFound)?;
    if !may_read(&caller, subject) {
        return Err(QueryError::NotFound);
    }
    serve_file(&state, &key, Disposition::Inline).await
}

/// The consultant contract template (French and English), to fill in and upload.
#[utoipa::path(get, path = "/api/public/documents/consultant-contract.pdf", tag = "files",
    responses((status = 200, description = "The PDF template", content_type = "application/pdf")))]
pub async fn consultant_contract() -> Response {
    file_answer(
        CONSULTANT_CONTRACT.to_vec(),
        "consultant-contract.pdf",
        Disposition::Attachment,
        "public, max-age=3600",
    )
}
