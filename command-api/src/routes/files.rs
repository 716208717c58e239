//! Uploads: `POST /api/{area}/files?kind={kind}`, multipart with one part `file`.

use axum::extract::multipart::MultipartRejection;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Query, State};
use axum::http::StatusCode;
use domain::FieldError;
use domain::values::FileKind;
use platform::http::ErrorEnvelope;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::Committed;
use crate::AppState;
use crate::caller::SignedIn;
use crate::context::Result;
use crate::error::CommandError;
use crate::execute::Actor;
use crate::files::{self, Uploaded, refused};
use crate::ids::IdempotencyKey;

/// The largest upload body: the largest file (10 MiB) plus room for the
/// multipart framing, so a file just over its limit is answered
/// `file.too_large`, not cut off.
pub const UPLOAD_BODY_LIMIT: usize = 10 * 1024 * 1024 + 512 * 1024;

/// The body limit layer of the upload route.
pub fn upload_body_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(UPLOAD_BODY_LIMIT)
}

/// A refused upload may be answered before its body was read to the end;
/// the connection then cannot carry another request, so the answer says
/// `Connection: close` and a client does not send its next one into it.
pub async fn close_after_refusal(response: axum::response::Response) -> axum::response::Response {
    let mut response = response;
    if response.status().is_client_error() {
        response.headers_mut().insert(
            axum::http::header::CONNECTION,
            axum::http::HeaderValue::from_static("close"),
        );
    }
    response
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct KindParam {
    /// `degree`, `certificate`, `id_document`, `criminal_record`,
    /// `bank_attachment`, `profile_photo`, `resume`, `contract`, `consent_form`
    /// or `complaint_attachment`.
    #[param(value_type = String)]
    pub kind: FileKind,
}

/// The multipart body, for the OpenAPI document.
#[derive(ToSchema)]
#[expect(dead_code, reason = "documents the multipart body only")]
pub struct UploadForm {
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Uploads a file of `kind` for the caller; answers the key to attach it with.
#[utoipa::path(post, path = "/api/{area}/files", tag = "files", security(("session" = [])),
    params(("area" = String, Path), KindParam),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 201, body = Uploaded), (status = 400, body = ErrorEnvelope),
        (status = 401, body = ErrorEnvelope), (status = 403, body = ErrorEnvelope)))]
pub async fn upload_file(
    State(app): State<AppState>,
    SignedIn(caller): SignedIn,
    key: IdempotencyKey,
    kind: std::result::Result<Query<KindParam>, QueryRejection>,
    multipart: std::result::Result<Multipart, MultipartRejection>,
) -> Result<Committed<Uploaded>> {
    let Query(KindParam { kind }) = kind.map_err(|_| {
        let mut errors = domain::FieldErrors::default();
        errors.add("kind", FieldError::new("field.invalid"));
        CommandError::Domain(domain::DomainError::Invalid(errors))
    })?;
    let multipart = multipart.map_err(|e| CommandError::Malformed(e.body_text()))?;
    let bytes = file_part(multipart, kind).await?;
    let ids = key.ids(Some(caller.account_id));
    let (uploaded, position) = files::upload(
        &app,
        &ids,
        Actor::from(&caller),
        caller.account_id,
        kind,
        bytes,
    )
    .await?;
    Ok(Committed::new(StatusCode::CREATED, Some(position)).body(uploaded))
}

/// The bytes of the part named `file`; a body over the limit is a file too large.
async fn file_part(mut multipart: Multipart, kind: FileKind) -> Result<Vec<u8>> {
    let too_large = || {
        refused(FieldError::new("file.too_large").with("max_mb", kind.max_bytes() / (1024 * 1024)))
    };
    let failed = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            CommandError::Malformed(e.body_text())
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(failed)? {
        if field.name() == Some("file") {
            let bytes = field.bytes().await.map_err(failed)?.to_vec();
            // Read the body to its end (within the body limit) before any
            // answer: a refusal sent while the client still writes its last
            // bytes meets a reset connection, and the client never reads it.
            while let Ok(Some(_)) = multipart.next_field().await {}
            return Ok(bytes);
        }
    }
    Err(refused(FieldError::new("field.required")))
}
